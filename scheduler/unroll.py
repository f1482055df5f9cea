"""Pass ``unroll``: loop unrolling as Vitis HLS does it, in the kernel IR.

* ``#pragma HLS unroll`` in a loop body replaces the loop by one copy of its body per iteration
  (its trip count must be a constant);
* ``#pragma HLS unroll factor=N`` runs N copies of the body per iteration of a loop whose step is
  N times the original one; copy k runs iteration ``i + k*step`` and, unless the trip count is a
  constant multiple of N, is guarded by the loop's own exit test for that iteration (the
  remainder);
* ``#pragma HLS pipeline`` on a loop that contains loops unrolls all of them completely, so the
  pipelined loop is innermost;
* ``#pragma HLS unroll off`` keeps a loop rolled (outside a pipelined loop).

Each copy keeps the C source locations of the statements it copies; the loops inside a copied
body become loops of their own (fresh names). What the pass did is noted in the kernel's
``transformations`` (the report lists it).
"""

from __future__ import annotations

from hls.diagnostics import Diagnostic, HlsError
from hls.frontend.c_to_kernel import convert
from hls.ir.ctypes import INT, IntType, usual_arithmetic_conversion
from hls.ir.evaluate import eval_expr, trip_count
from hls.ir.kernel import (
    Binary,
    Const,
    Expr,
    For,
    If,
    KernelFunction,
    Pragma,
    Stmt,
    Variable,
    VarRead,
    clone_expr,
    constant_trip,
    copy_stmts,
    read_variables,
    unique_name,
)
from hls.scheduler.loop_transform import iteration_bound

# a loop unrolled completely into more copies than this would make hardware nobody wants
MAX_COPIES = 1024


def _directive(loop: For, name: str) -> Pragma | None:
    found = [p for p in loop.pragmas if p.name == name]
    return found[-1] if found else None


class _Unroller:
    def __init__(self, fn: KernelFunction, warnings: list[Diagnostic]) -> None:
        self.fn = fn
        self.warnings = warnings
        self.var_names = {v.name for v in fn.params + fn.locals} | {lp.var.name for lp in fn.loops()}
        self.loop_names = {lp.name for lp in fn.loops()}
        self.notes: list[str] = []

    def stmts(self, stmts: list[Stmt], pipelined: For | None, parent: For | None = None) -> list[Stmt]:
        """``stmts`` (the body of ``parent``) with their loops unrolled; ``pipelined``: the
        enclosing pipelined loop."""
        out: list[Stmt] = []
        for s in stmts:
            if isinstance(s, For):
                new = self.loop(s, pipelined)
                if new != [s] and parent is not None:
                    self.fn.kept_together.add(parent.name)
                out += new
            elif isinstance(s, If):
                s.then_body = self.stmts(s.then_body, pipelined, parent)
                s.else_body = self.stmts(s.else_body, pipelined, parent)
                out.append(s)
            else:
                out.append(s)
        return out

    def loop(self, loop: For, pipelined: For | None) -> list[Stmt]:
        pipeline = _directive(loop, "pipeline")
        here = loop if pipeline is not None and "off" not in pipeline.options else None
        loop.body = self.stmts(loop.body, pipelined or here, loop)  # inner loops first
        directive = _directive(loop, "unroll")
        if pipelined is not None:
            # Vitis: pipelining a loop unrolls every loop inside it
            if directive is not None and "off" in directive.options:
                self.warn(directive, f"'#pragma HLS unroll off' in loop '{loop.name}' inside pipelined loop '{pipelined.name}': unrolled, as pipelining needs")
            return self.unroll_fully(loop, f"inside pipelined loop '{pipelined.name}' (line {pipelined.loc.line})")
        if directive is None or "off" in directive.options:
            return [loop]
        factor = directive.options.get("factor")
        if not factor:
            return self.unroll_fully(loop, "by '#pragma HLS unroll'")
        return self.unroll_by(loop, int(factor), directive)

    def warn(self, prag: Pragma, message: str) -> None:
        self.warnings.append(Diagnostic(prag.loc, "warning", message))

    def iterations(self, loop: For) -> range | None:
        """The iterator's values, when the loop's bounds are constants (not a while loop's hidden
        counter, which never ends by count)."""
        init, bound = eval_expr(loop.init, {}), eval_expr(loop.bound, {})
        if init is None or bound is None:
            return None
        n = trip_count(init, loop.cmp, bound, loop.step)
        if loop.exits and n >= 1 << 62:
            return None
        return range(init, init + n * loop.step, loop.step) if n > 0 else range(0)

    def fresh_loop(self, loop: For) -> tuple[Variable, str]:
        var = Variable(unique_name(loop.var.name, self.var_names), loop.var.type, loop.var.kind, loop.var.loc, loop.var.is_const)
        return var, unique_name(loop.name, self.loop_names)

    def unroll_fully(self, loop: For, why: str) -> list[Stmt]:
        values = self.iterations(loop)
        where = _directive(loop, "unroll") or Pragma("unroll", {}, loop.loc)
        if values is None:
            self.warn(where, f"loop '{loop.name}' is not unrolled ({why}): its trip count is not a constant")
            return [loop]
        if len(values) > MAX_COPIES:
            raise HlsError(where.loc, f"loop '{loop.name}' would be unrolled into {len(values)} copies of its body (at most {MAX_COPIES})")
        var_type = loop.var.type
        assert isinstance(var_type, IntType)
        out: list[Stmt] = []
        for value in values:
            out += copy_stmts(loop.body, {id(loop.var): Const(value, var_type, loop.loc)}, self.fresh_loop)
        self.notes.append(f"unrolled loop '{loop.name}' (line {loop.loc.line}) completely {why}: {len(values)} copies of its body")
        return out

    def unroll_by(self, loop: For, factor: int, directive: Pragma) -> list[Stmt]:
        values = self.iterations(loop)
        if values is not None and factor >= len(values):
            return self.unroll_fully(loop, f"by '#pragma HLS unroll factor={factor}' (its trip count is {len(values)})")
        if factor == 1:
            return [loop]
        var_type = loop.var.type
        assert isinstance(var_type, IntType)
        wide = usual_arithmetic_conversion(var_type, INT)
        assert isinstance(wide, IntType)
        # without a remainder (a constant trip count that is a multiple) no copy needs its exit test
        # (a trip count the same on every entry, as a skewed nest's inner loop has, is enough)
        trip = constant_trip(loop) if not loop.exits else (len(values) if values is not None else None)
        exact = trip is not None and trip % factor == 0
        # a loop whose bounds move with the enclosing iterators but whose trip count does not
        # (``2t + 1 <= j <= 2t + 29``) counts its iterations from 0 by 1 instead: copy k runs
        # ``init + (u * factor + k) * step``, so its nest keeps constant bounds and is flattened
        counted = (
            values is None and trip is not None and loop.var.kind == "loop"
            and all(v.kind == "loop" for v in read_variables(loop.init) | read_variables(loop.bound))
        )  # fmt: skip
        counter = self.fresh_loop(loop)[0] if counted else loop.var
        loc = loop.loc

        def iteration(k: int) -> Expr:
            """The iterator's value in copy ``k``."""
            if not counted:
                return convert(Binary("+", convert(VarRead(loop.var, loc), wide), Const(k * loop.step, wide, loc), wide, loc), var_type)
            offset = Binary("*", convert(VarRead(counter, loc), wide), Const(factor * loop.step, wide, loc), wide, loc)
            value = Binary("+", Binary("+", convert(clone_expr(loop.init), wide), offset, wide, loc), Const(k * loop.step, wide, loc), wide, loc)
            return convert(value, var_type)

        body: list[Stmt] = []
        for k in range(factor):
            if k == 0 and not counted:
                body += loop.body
                continue
            at = iteration(k)
            copies = copy_stmts(loop.body, {id(loop.var): at}, self.fresh_loop)
            if exact or k == 0:
                body += copies
            else:
                test = Binary(loop.cmp, convert(clone_expr(at), loop.cmp_type), clone_expr(loop.bound), INT, loc)
                body.append(If(test, copies, [], loc))
        loop.body = body
        if counted:
            assert trip is not None
            loop.var, loop.init, loop.cmp, loop.step = counter, Const(0, var_type, loc), "<", 1
            loop.bound = convert(Const(-(-trip // factor), var_type, loc), loop.cmp_type)
        else:
            loop.step *= factor
        self.fn.kept_together.add(loop.name)
        loop.pragmas = [p for p in loop.pragmas if p is not directive]
        rest = "" if exact else ", each copy after the first guarded by the loop's exit test"
        rest += f"; its {trip} iterations counted from 0 by '{counter.name}'" if counted else ""
        self.notes.append(f"unrolled loop '{loop.name}' (line {loc.line}) by {factor}: {factor} copies of its body per iteration{rest}")
        return [loop]


def unroll(fn: KernelFunction, warnings: list[Diagnostic]) -> KernelFunction:
    """Pass entry point: ``fn`` with its loops unrolled as its pragmas say (warnings, located at
    the pragma, where a loop cannot be). The iteration bound the report gives is the C code's,
    counted before."""
    fn.iteration_bound = iteration_bound(fn)
    return unroll_loops(fn, warnings)


def unroll_loops(fn: KernelFunction, warnings: list[Diagnostic]) -> KernelFunction:
    """``fn`` with its loops unrolled as their pragmas say (the pass's work, also done on the
    loops the loop transformations made: see ``hls.explore.apply_transformed_directives``)."""
    unroller = _Unroller(fn, warnings)
    fn.body = unroller.stmts(fn.body, None)
    fn.transformations = [*fn.transformations, *unroller.notes]
    return fn
