"""From a seed to a verified-safe program: generate, run the interpreter (guarding), render the C."""

from __future__ import annotations

from dataclasses import dataclass

from hls.progen.ctyping import promote
from hls.progen.emit import expected_output, render
from hls.progen.gen import Gen
from hls.progen.interp import Frame, Interp, Reject
from hls.progen.model import Binary, Cast, Program, Unary, is_constant, stmt_exprs, walk_expr, walk_stmts


@dataclass
class Built:
    """A generated program with its C text and the testbench output the interpreter predicts."""

    seed: int
    prog: Program
    kernel: str
    tb: str  # empty when main is in the kernel file
    expected: str
    attempts: int
    guarded: int  # operations the interpreter had to guard


def build(seed: int, max_attempts: int = 40) -> Built:
    """The program of ``seed``: drafts are drawn from sub-seeds until one runs without a rejection."""
    last = ""
    for attempt in range(max_attempts):
        prog = Gen(seed * 1000 + attempt).program()
        prog.seed = seed
        guard_constants(prog)
        it = Interp(prog)
        try:
            results = it.run()
        except Reject as e:
            last = str(e)
            continue
        kernel, tb = render(prog)
        return Built(seed, prog, kernel, tb, expected_output(prog, results), attempt + 1, it.marked)
    raise RuntimeError(f"seed {seed}: no acceptable program in {max_attempts} drafts (last: {last})")



def guard_constants(prog: Program) -> None:
    """Guards operations on constants that would be undefined even where the testbench never executes them
    (gcc warns about those at compile time): constant operands, constant shift counts out of range, constant
    zero divisors."""
    it = Interp(prog)
    for fn in [prog.top, *prog.helpers]:
        for s in walk_stmts(fn.body):
            for e in stmt_exprs(s):
                for x in walk_expr(e):
                    if isinstance(x, (Binary, Unary, Cast)) and is_constant(x):
                        it.ev(x, Frame())
                    elif isinstance(x, Binary) and is_constant(x.b) and x.op in ("<<", ">>", "/", "%"):
                        b = int(it.ev(x.b, Frame()))
                        if x.op in ("/", "%"):
                            x.safe = x.safe or b == 0
                        else:
                            x.safe = x.safe or not (0 <= b < promote(x.a.ty).bits)
