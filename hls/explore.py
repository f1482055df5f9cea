"""Design-space exploration under a resource budget (``--max-dsp``, ``--max-bram``, ``--max-lut``,
``--device``): which loops to unroll, by how much, how to partition the arrays they access and how
many units of each operator to build, so that the design takes the fewest cycles the budget allows.

Each candidate is a set of directives (pragmas added to the ones in the source) compiled by the
real pipeline up to the schedule (unroll, partition, loop transformations, scheduling), its cycles
counted as the report counts them and its resources estimated as the report estimates them. The
search is greedy. A source design over the DSP budget first shares operators: from the source
design and from each combination of the reductions that keep the IIs (a precision's adders in
fabric, operations repeated on array elements precomputed), each round limits one operation to as
few units as the excess needs (``#pragma HLS allocation``; the modulo schedule then raises the II
of loops with more such ops than units) and keeps the fastest candidate within the budget, else
the smallest; the fastest design that fits wins (among equals the one of fewest steps). Then each round tries doubling the unroll factor
of every loop with a constant trip count (partitioning cyclically, by the same factor, each array
dimension that loop's iterator subscripts), the same for the innermost loops the loop
transformations made (unrolled after them by pass ``explored``: unroll-and-jam of the source's
nest), and one more unit of each limited operation, and keeps the fastest candidate within the
budget (a candidate over the DSP budget also tried with fewer units of a kind), until no
candidate is faster. Where a loop nest repeats operations on the elements of a read-only array,
computing them once per element (``--precompute-invariants``) is a candidate too: fewer
operators (syr2k: two double multiplications per iteration instead of four) for one more loop.
A round's candidates are evaluated in parallel, on the local cores or on a Dask cluster.
Unrolling never reassociates floating-point operations: the chosen design is as bit-exact as the
source's.
"""

from __future__ import annotations

import dataclasses
import itertools
import multiprocessing
import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hls.diagnostics import Diagnostic, InternalError
from hls.frontend.precompute_invariants import precomputable
from hls.frontend.reuse_loads import share_operations, share_reads
from hls.ir.ctypes import ArrayType, FloatType
from hls.ir.kernel import (
    Allocation,
    Assign,
    Binary,
    Binding,
    Cast,
    Expr,
    For,
    If,
    KernelFunction,
    Pragma,
    Stmt,
    Variable,
    VarRead,
    array_accesses,
    assigned_locations,
    constant_trip,
    expr_children,
    has_loop,
    read_variables,
)
from hls.scheduler.partition import partition
from hls.scheduler.unroll import unroll_loops

if TYPE_CHECKING:
    from hls.driver import CompileOptions

# resources of devices, for --device: DSP slices, 18-Kbit block RAMs, LUTs, flip-flops
DEVICES: dict[str, dict[str, int]] = {
    "xc7z020": {"dsp": 220, "bram": 280, "lut": 53200, "ff": 106400},
    "xc7z045": {"dsp": 900, "bram": 1090, "lut": 218600, "ff": 437200},
    "xc7a200t": {"dsp": 740, "bram": 730, "lut": 133800, "ff": 267600},
    "xczu3eg": {"dsp": 360, "bram": 432, "lut": 70560, "ff": 141120},
    "xczu9eg": {"dsp": 2520, "bram": 1824, "lut": 274080, "ff": 548160},
    "xqzu29dr": {"dsp": 4272, "bram": 2160, "lut": 425280, "ff": 850560},
    "xcu250": {"dsp": 12288, "bram": 5376, "lut": 1728000, "ff": 3456000},
    "lfe5u-85f": {"dsp": 156, "bram": 208, "lut": 83640, "ff": 83640},
}
# the greedy search stops after this many rounds (each doubles one loop's unroll factor)
MAX_ROUNDS = 16
# a round tries adders in fabric (and precomputing) for this many of its fastest moves over the DSP budget
FABRIC_REPAIRS = 2
_PRECOMPUTE_MOVE = "operations repeated on array elements computed once each"


@dataclass(frozen=True)
class Budget:
    """The most of each resource the design may use (None: no limit)."""

    dsp: int | None = None
    bram: int | None = None
    lut: int | None = None
    ff: int | None = None

    @staticmethod
    def of(device: str | None = None, **limits: int | None) -> Budget:
        """The device's resources (``--device``), with explicit limits taking precedence."""
        base: dict[str, int | None] = {}
        if device is not None:
            if device.lower() not in DEVICES:
                raise ValueError(f"unknown device '{device}' (known: {', '.join(sorted(DEVICES))})")
            base.update(DEVICES[device.lower()])
        base.update({k: v for k, v in limits.items() if v is not None})
        return Budget(**base)

    def allows(self, resources: dict[str, int]) -> bool:
        return all(limit is None or resources[key] <= limit for key, limit in dataclasses.asdict(self).items())

    def describe(self) -> str:
        parts = [f"{key.upper()} {limit}" for key, limit in dataclasses.asdict(self).items() if limit is not None]
        return ", ".join(parts) or "none"


@dataclass(frozen=True)
class Directive:
    """A pragma the exploration adds: ``unroll factor=N`` in a loop (``target``: its name), an
    ``array_partition`` of a variable (``target``: its name in the kernel) or an ``allocation``
    limiting the units of an operation in the function (``target``: the operation)."""

    name: str
    target: str
    options: tuple[tuple[str, str], ...]
    line: int  # the loop's, or the variable's declaration's, line
    # applied to the loops the loop transformations made (unroll of a loop they interchanged to be
    # innermost, the partitions it needs), after them: pass ``explored``
    transformed: bool = False

    @property
    def pragma(self) -> str:
        opts = " ".join(f"{k}={v}" for k, v in self.options)
        head = f"#pragma HLS {self.name}"
        if self.name == "array_partition":
            return f"{head} variable={self.target} {opts}"
        if self.name == "allocation":
            return f"{head} operation instances={self.target} {opts}"
        if self.name == "bind_op":
            return f"{head} variable={self.target} {opts}"
        if self.name == "precompute":
            return "--precompute-invariants"
        return f"{head} {opts}"

    @property
    def where(self) -> str:
        after = ", after the loop transformations (--emit transform)" if self.transformed else ""
        if self.name == "unroll":
            return f"in loop '{self.target}' (line {self.line}{after})"
        if self.name == "allocation":
            return "in the function"
        if self.name == "precompute":
            return "an option of hls on the command line, not a pragma"
        if self.name == "bind_op":
            return f"in the function (variable declared at line {self.line})"
        return f"in the function (array declared at line {self.line}{after})"


# the exploration's choice of --precompute-invariants (pass ``precompute-invariants``)
PRECOMPUTE = Directive("precompute", "invariants", (), 0, transformed=True)
# a candidate of a round: what it does, the source loops' unroll factors, the allocations, the
# transformed loops' unroll factors, the precisions with adders in fabric, whether precomputed
_Move = tuple[str, dict[str, int], dict[str, int], dict[str, int], frozenset[str], bool]
# where sharing ended: the design, the allocations, the precisions in fabric, whether precomputed, the steps
_Shared = tuple["Evaluation", dict[str, int], frozenset[str], bool, list[str]]


def apply_directives(fn: KernelFunction, directives: Iterable[Directive]) -> KernelFunction:
    """``fn`` with the directives of the source's loops and arrays added as pragmas (a loop's
    directive replaces its own unroll)."""
    loops = {lp.name: lp for lp in fn.loops()}
    for d in directives:
        if d.transformed:
            continue
        prag = Pragma(d.name, dict(d.options), fn.loc)
        if d.name == "unroll":
            lp = loops[d.target]
            lp.pragmas = [p for p in lp.pragmas if p.name != "unroll"] + [prag]
        elif d.name == "allocation":
            fn.allocations = [*fn.allocations, Allocation((d.target,), int(dict(d.options)["limit"]), None, fn.loc, explored=True)]
        elif d.name == "bind_op":
            var = next((v for v in fn.params + fn.locals if v.name == d.target), None)
            if var is None:  # (the exploration names only the kernel's variables)
                raise InternalError(f"the exploration's variable '{d.target}' is not in the kernel", "c-to-kernel", fn.loc)
            op, impl = dict(d.options)["op"], dict(d.options)["impl"]
            fn.bindings = [*fn.bindings, Binding(op, impl, assigned_locations(fn.body, var), var.name, fn.loc, explored=True)]
        else:
            fn.pragmas = [*fn.pragmas, Pragma(d.name, {"variable": d.target, **dict(d.options)}, fn.loc)]
    return fn


def apply_transformed_directives(fn: KernelFunction, directives: Iterable[Directive], warnings: list[Diagnostic]) -> KernelFunction:
    """Pass ``explored``: ``fn`` (its loops as the loop transformations left them) with the
    exploration's directives of those loops applied: each unrolled, then the arrays they access
    partitioned (and the arrays of results precomputed from them alike). Unrolling an innermost
    loop there is unroll-and-jam of the source's nest (2mm: ``k`` interchanged outside ``j``, then
    ``j`` unrolled: two products per cycle)."""
    late = [d for d in directives if d.transformed and d.name in ("unroll", "array_partition")]
    if not late:
        return fn
    loops = {lp.name: lp for lp in fn.loops()}
    for d in late:
        if d.name == "unroll":
            if d.target not in loops:  # (the transformations are deterministic: the exploration saw this loop)
                raise InternalError(f"the exploration's loop '{d.target}' is not among the transformed loops", "explored", fn.loc)
            lp = loops[d.target]
            # (located at the loop: what the unrolling reports about it points there)
            lp.pragmas = [p for p in lp.pragmas if p.name != "unroll"] + [Pragma("unroll", dict(d.options), lp.loc)]
    fn = unroll_loops(fn, warnings)
    # (the copies read an element invariant in the unrolled loop alike: one read serves them; and
    # compute an operation on such values alike: one unit serves them)
    unrolled = {d.target for d in late if d.name == "unroll"}
    share_reads(fn, unrolled)
    share_operations(fn, unrolled)
    declared = {v.name: v.loc for v in fn.params + fn.locals}
    # (an array of results precomputed from a partitioned array is read where that one was: it is
    # partitioned alike)
    partitions = [
        Pragma(d.name, {"variable": target, **dict(d.options)}, declared.get(target, fn.loc))
        for d in late if d.name == "array_partition" for target in [d.target, *fn.precomputed.get(d.target, [])]
    ]  # fmt: skip
    if partitions:
        fn.pragmas = [*fn.pragmas, *partitions]
        fn = partition(fn, warnings, partitions)
    return fn


@dataclass(frozen=True)
class Evaluation:
    directives: tuple[Directive, ...]
    cycles: int | None  # None: unknown (bounds from arguments) or failed
    resources: dict[str, int]
    error: str = ""
    units: dict[str, tuple[int, int]] = field(default_factory=dict)  # kind -> (units, DSPs of one)
    # the innermost loops the loop transformations left that the exploration may unroll there
    transformed_loops: list[_Loop] = field(default_factory=list)


def evaluate(opts: CompileOptions, directives: tuple[Directive, ...]) -> Evaluation:
    """Cycles and resources of the design with ``directives`` (the pipeline up to the schedule)."""
    from hls.driver import schedule_design

    try:
        cycles, resources, units, transformed = schedule_design(dataclasses.replace(opts, directives=directives))
    except Exception as err:  # noqa: BLE001 - a candidate that does not compile is no candidate
        return Evaluation(directives, None, {}, str(err).splitlines()[0] if str(err) else type(err).__name__)
    # (a loop the source's directives unroll already is not unrolled again)
    late = [lp for lp in unrollable_loops(transformed, innermost=True) if not any(d.name == "unroll" and d.target == lp.name for d in directives)]
    return Evaluation(directives, cycles, resources, units=units, transformed_loops=late)


@dataclass
class _Loop:
    name: str
    line: int
    trip: int
    var_name: str
    arrays: dict[str, int]  # array -> the dimension this loop's iterator subscripts (0-based)


def _subscripted_dims(stmts: list[Stmt], var: Variable) -> dict[str, int]:
    """Arrays whose subscript in some dimension is the iterator ``var`` plus or minus a term not
    reading it (``A[i]``, ``B[k + 1][j]``): that dimension, the first such one."""

    def moves(e: Expr) -> bool:
        """Whether consecutive iterations give ``e`` consecutive values: ``var`` + (no ``var``)."""
        if isinstance(e, VarRead):
            return e.var is var
        if isinstance(e, Cast):
            return moves(e.operand)
        if isinstance(e, Binary) and e.op in ("+", "-"):
            lhs, rhs = var in read_variables(e.lhs), var in read_variables(e.rhs)
            return (moves(e.lhs) and not rhs) or (e.op == "+" and moves(e.rhs) and not lhs)
        return False

    found: dict[str, int] = {}
    for array, indices, _, _ in array_accesses(stmts, []):
        dim = next((d for d, i in enumerate(indices) if moves(i)), None)
        if dim is not None:
            found.setdefault(array.name, dim)
    return found


def unrollable_loops(fn: KernelFunction, innermost: bool = False) -> list[_Loop]:
    """The loops the exploration may unroll: constant trip counts of two or more, no unroll or
    pipeline pragma of the user's own, not inside a loop the user pipelines (``innermost``: only
    loops without loops inside)."""
    out: list[_Loop] = []

    def walk(stmts: list[Any], pinned: bool) -> None:
        for s in stmts:
            if isinstance(s, For):
                own = {p.name for p in s.pragmas}
                trip = constant_trip(s)
                inside = pinned or "pipeline" in own
                if not inside and "unroll" not in own and trip is not None:
                    if trip >= 2 and not (innermost and has_loop(s.body)):
                        out.append(_Loop(s.name, s.loc.line, trip, s.var.name, _subscripted_dims(s.body, s.var)))
                walk(s.body, inside)
            elif isinstance(s, If):
                walk(s.then_body + s.else_body, pinned)

    walk(fn.body, False)
    return out


@dataclass
class Exploration:
    """What the search did: the budget, the designs it tried and the one it chose."""

    budget: Budget
    baseline: Evaluation
    chosen: Evaluation
    evaluated: int
    rounds: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "budget": {k: v for k, v in dataclasses.asdict(self.budget).items() if v is not None},
            "evaluated": self.evaluated,
            "baseline": {"cycles": self.baseline.cycles, "resources": self.baseline.resources},
            "chosen": {"cycles": self.chosen.cycles, "resources": self.chosen.resources},
            "over_budget": self.chosen.cycles is not None and not self.budget.allows(self.chosen.resources),
            "directives": [{"pragma": d.pragma, "where": d.where} for d in self.chosen.directives],
            "rounds": self.rounds,
        }


def _directives(
    factors: dict[str, int], limits: dict[str, int], loops: dict[str, _Loop], arrays: dict[str, tuple[int, ...]], lines: dict[str, int],
    late: dict[str, int] | None = None, late_loops: dict[str, _Loop] | None = None,
    fabric: frozenset[str] = frozenset(), bindable: dict[str, list[tuple[str, str]]] | None = None, precompute: bool = False,
) -> tuple[Directive, ...]:  # fmt: skip
    """The unroll directives of ``factors`` (source loops) and of ``late`` (loops the loop
    transformations made), the partitions they need (each array dimension an unrolled loop's
    iterator subscripts, cyclic by the largest such factor; an array the source's unrolling
    partitions is not partitioned again after the transformations) and the allocation ``limits``
    (operation -> units); the bindings of ``fabric``'s precisions; ``precompute``: operations
    repeated on array elements precomputed (``precompute_invariants``)."""
    out: list[Directive] = []
    early = _unrolled(factors, loops, arrays, lines, frozenset(), False)
    out += early
    taken = frozenset(d.target for d in early if d.name == "array_partition")
    out += _unrolled(late or {}, late_loops or {}, arrays, lines, taken, True)
    for kind, limit in sorted(limits.items()):
        out.append(Directive("allocation", kind, (("limit", str(limit)),), 0))
    for precision in sorted(fabric):
        for var, op in (bindable or {}).get(precision, []):
            out.append(Directive("bind_op", var, (("op", op), ("impl", "fabric")), lines.get(var, 0)))
    if precompute:
        out.append(PRECOMPUTE)
    return tuple(out)


def fabric_bindable(fn: KernelFunction) -> dict[str, list[tuple[str, str]]]:
    """Per precision (``f``, ``d``), the variables whose assignments add or subtract in it, with
    the operation (``#pragma HLS bind_op variable=V op=dadd impl=fabric`` takes such an operator
    off the DSP slices), in source order."""
    found: dict[str, list[tuple[str, str]]] = {}

    def ops(e: Expr) -> list[str]:
        here = []
        if isinstance(e, Binary) and e.op in ("+", "-") and isinstance(e.type, FloatType):
            here.append(("d" if e.type.width == 64 else "f") + ("add" if e.op == "+" else "sub"))
        for child in expr_children(e):
            here += ops(child)
        return here

    def walk(stmts: list[Stmt]) -> None:
        for s in stmts:
            if isinstance(s, Assign):
                for op in ops(s.value) + [o for i in s.indices or [] for o in ops(i)]:
                    entry = (s.var.name, op)
                    if entry not in found.setdefault(op[0], []):
                        found[op[0]].append(entry)
            elif isinstance(s, If):
                walk(s.then_body + s.else_body)
            elif isinstance(s, For):
                walk(s.body)

    walk(fn.body)
    return found


def _fabric_options(design: Evaluation, fabric: frozenset[str], bindable: dict[str, list[tuple[str, str]]]) -> list[str]:
    """The precisions whose adders and subtracters ``design`` builds with DSP slices that the
    exploration may build in fabric instead."""
    out = []
    for precision in ("d", "f"):
        if precision in fabric or not bindable.get(precision):
            continue
        if any(k[0] == precision and k[1:].split("_")[0] in ("add", "sub", "addsub") and dsp > 0 for k, (_, dsp) in design.units.items()):
            out.append(precision)
    return out


_PRECISION = {"d": "double", "f": "float"}


def _unrolled(
    factors: dict[str, int], loops: dict[str, _Loop], arrays: dict[str, tuple[int, ...]], lines: dict[str, int], taken: frozenset[str], transformed: bool
) -> list[Directive]:  # fmt: skip
    out: list[Directive] = []
    partitions: dict[tuple[str, int], int] = {}
    for name, factor in sorted(factors.items()):
        lp = loops[name]
        out.append(Directive("unroll", name, (("factor", str(factor)),), lp.line, transformed))
        for array, dim in lp.arrays.items():
            if array in arrays and array not in taken:
                partitions[array, dim] = max(partitions.get((array, dim), 1), min(factor, arrays[array][dim]))
    for (array, dim), factor in sorted(partitions.items()):
        out.append(Directive("array_partition", array, (("type", "cyclic"), ("factor", str(factor)), ("dim", str(dim + 1))), lines[array], transformed))
    return out


def _next_factors(factor: int, trip: int) -> list[int]:
    """The unroll factors to try after ``factor`` in a loop of ``trip`` iterations: twice it, and
    the next factor the trip count is a multiple of when that is smaller (24 iterations: 2, 3, 4,
    6, ...; a recurrence over the innermost loop's iterations may allow 3 lanes at II 1 where 4
    need II 2)."""
    out = [factor * 2] if factor * 2 <= trip else []
    divisor = next((d for d in range(factor + 1, factor * 2) if trip % d == 0), None)
    if divisor is not None:
        out.insert(0, divisor)
    return out


def _coupled(late: dict[str, int], loop: _Loop, factor: int, loops: dict[str, _Loop]) -> dict[str, int]:
    """``late`` with ``loop`` unrolled by ``factor``, and so is every other loop that subscripts
    an array dimension this partitions with its iterator (by less where its trip count is
    smaller): its accesses then go straight to their banks, where a loop left rolled would read
    every bank and select, and a read-modify-write of the array would be a recurrence (2mm:
    ``D[i][j] *= beta`` beside ``D[i][j] += tmp[i][k] * C[k][j]``). The loops run one after the
    other, so their copies share operator units."""
    out = {**late, loop.name: factor}
    dims = set(loop.arrays.items())
    for other in loops.values():
        if other.name != loop.name and dims & set(other.arrays.items()):
            n = min(factor, other.trip)
            while other.trip % n and n > 1:  # (a factor the loop's trip count is a multiple of: no remainder)
                n //= 2
            out[other.name] = max(out.get(other.name, 1), n)
    return out


def _unit_cuts(design: Evaluation, dsp_budget: int) -> list[tuple[str, int]]:
    """Allocations that bring ``design`` towards ``dsp_budget``: per operator kind with DSPs and
    more than one unit, as few units as the excess needs (at least one)."""
    over = design.resources["dsp"] - dsp_budget
    cuts = []
    for kind, (count, dsp) in sorted(design.units.items()):
        if dsp > 0 and count > 1:
            cuts.append((kind, max(1, count - -(-over // dsp))))
    return cuts


def explore(
    opts: CompileOptions, fn: KernelFunction, budget: Budget, jobs: int | None = None, dask: str | None = None,
    progress: Callable[[str], None] | None = None, max_designs: int = 300,
) -> Exploration:  # fmt: skip
    """The fastest design found within ``budget`` for the kernel ``fn`` (compiled from ``opts``),
    among at most ``max_designs`` evaluated (the first of a round's candidates, in their order,
    when the round would go beyond)."""
    loops = {lp.name: lp for lp in unrollable_loops(fn)}
    # arrays the user partitions keep the user's partitions
    user_partitioned = {p.options.get("variable") for p in fn.pragmas if p.name in ("array_partition", "array_reshape")}
    arrays = {v.name: v.type.dims for v in fn.params + fn.locals if isinstance(v.type, ArrayType) and v.name not in user_partitioned}
    lines = {v.name: v.loc.line for v in fn.params + fn.locals}
    known = {v.name for v in fn.params + fn.locals}
    bindable = {k: [(v, op) for v, op in entries if v in known] for k, entries in fabric_bindable(fn).items()}
    # (computing repeated operations once per element is tried where it would change the kernel,
    # unless the user already asked for it)
    may_precompute = not opts.precompute and precomputable(fn)
    with _Runner(jobs, dask) as run:
        baseline = run(opts, [()])[0]
        best, factors, limits = baseline, dict[str, int](), dict[str, int]()
        fabric: frozenset[str] = frozenset()
        pre = False
        evaluated = 1
        rounds: list[str] = []

        def note(text: str) -> None:
            rounds.append(text)
            if progress is not None:
                progress(text)

        def share(design: Evaluation, fabric: frozenset[str], pre: bool, steps: list[str]) -> _Shared:
            """Rounds of fewer units of a kind from ``design`` (its adders in ``fabric``'s
            precisions, precomputed with ``pre``) until it fits the DSP budget: the fastest
            candidate within it, else the smallest."""
            nonlocal evaluated
            limits: dict[str, int] = {}
            for _ in range(MAX_ROUNDS):
                if design.cycles is None or budget.dsp is None or design.resources["dsp"] <= budget.dsp:
                    break
                shares = [(f"allocate {n} {kind} unit{'s' if n > 1 else ''}", {**limits, kind: n}) for kind, n in _unit_cuts(design, budget.dsp)]
                shares = shares[: max(0, max_designs - evaluated)]
                if not shares:
                    break
                results = run(opts, [_directives(factors, lim, loops, arrays, lines, fabric=fabric, bindable=bindable, precompute=pre) for _, lim in shares])
                evaluated += len(results)
                tried = [(r, share) for share, r in zip(shares, results) if r.cycles is not None]
                fitting = [x for x in tried if budget.allows(x[0].resources)]
                if fitting:
                    design, (what, limits) = min(fitting, key=lambda x: (x[0].cycles, x[0].resources["dsp"], x[1][0]))
                else:
                    smaller = [x for x in tried if x[0].resources["dsp"] < design.resources["dsp"]]
                    if not smaller:
                        break
                    design, (what, limits) = min(smaller, key=lambda x: (x[0].resources["dsp"], x[0].cycles, x[1][0]))
                steps = [*steps, f"{what}: {design.cycles} cycles, {design.resources['dsp']} DSP"]
            return design, limits, fabric, pre, steps

        # over the DSP budget: share operators (fewer units of the costliest kinds, higher IIs).
        # The reductions that keep every II (adders in fabric, precomputing) are tried in every
        # combination first and sharing goes on from each (so a round of sharing needs not try
        # them again): which units are best shared depends on them (symm: its products fit two
        # multipliers at II 1 once precomputed and with no DSP adders, not with the adders shared)
        if best.cycles is not None and budget.dsp is not None and best.resources["dsp"] > budget.dsp:
            free = [(frozenset({x}), False) for x in _fabric_options(best, fabric, bindable)] + ([(frozenset(), True)] if may_precompute else [])
            combos = [
                (frozenset[str]().union(*(f for f, _ in combo)), any(c for _, c in combo))
                for n in range(1, len(free) + 1) for combo in itertools.combinations(free, n)
            ][: max(0, max_designs - evaluated)]  # fmt: skip
            results = run(opts, [_directives(factors, {}, loops, arrays, lines, fabric=fab, bindable=bindable, precompute=c) for fab, c in combos])
            evaluated += len(results)
            starts = [(baseline, frozenset[str](), False, list[str]())]
            for (fab, c), r in zip(combos, results):
                if r.cycles is not None:
                    parts = [f"{_PRECISION[x]} adders in fabric" for x in sorted(fab)] + ([_PRECOMPUTE_MOVE] if c else [])
                    starts.append((r, fab, c, [f"{', '.join(parts)}: {r.cycles} cycles, {r.resources['dsp']} DSP"]))
            outcomes = [share(design, fab, c, path) for design, fab, c, path in starts]
            fits = [o for o in outcomes if o[0].cycles is not None and budget.allows(o[0].resources)]
            if fits:
                # (among equals the fewest steps: adders in fabric that buy no cycle cost LUTs for nothing)
                best, limits, fabric, pre, path = min(fits, key=lambda o: (o[0].cycles, len(o[4]), o[0].resources["dsp"]))
            else:
                best, limits, fabric, pre, path = min(outcomes, key=lambda o: (o[0].resources.get("dsp", 0), o[0].cycles or 0, len(o[4])))
            for step in path:
                note(step)
        late: dict[str, int] = {}
        late_loops: dict[str, _Loop] = {}
        for _ in range(MAX_ROUNDS):
            if best.cycles is None:
                break
            late_loops.update({lp.name: lp for lp in best.transformed_loops})
            moves: list[_Move] = [
                (f"unroll loop '{lp.name}' (line {lp.line}) by {factors.get(lp.name, 1) * 2}", {**factors, lp.name: factors.get(lp.name, 1) * 2},
                 limits, late, fabric, pre)  # fmt: skip
                for lp in loops.values()
                if factors.get(lp.name, 1) * 2 <= lp.trip
            ]
            # the innermost loops of the transformed nests (a reduction interchanged outside them):
            # unrolled there, their copies run side by side (unroll-and-jam of the source's nest)
            moves += [
                (f"unroll loop '{lp.name}' (line {lp.line}, after the loop transformations) by {n}", factors, limits, _coupled(late, lp, n, late_loops),
                 fabric, pre)  # fmt: skip
                for lp in [*best.transformed_loops, *(late_loops[name] for name in late)]
                for n in _next_factors(late.get(lp.name, 1), lp.trip)
            ]
            # a limited operation may get more units back when the budget has room for them
            for kind, n in limits.items():
                moves.append((f"allocate {n + 1} {kind} units", factors, {**limits, kind: n + 1}, late, fabric, pre))
            if may_precompute and not pre:
                moves.append((_PRECOMPUTE_MOVE, factors, limits, late, fabric, True))
            moves = moves[: max(0, max_designs - evaluated)]
            if not moves:
                break

            def evaluate_all(batch: list[_Move]) -> list[Evaluation]:
                return run(opts, [_directives(f, lim, loops, arrays, lines, lt, late_loops, fab, bindable, p) for _, f, lim, lt, fab, p in batch])

            results = evaluate_all(moves)
            evaluated += len(results)
            # a move over the DSP budget, with fewer units of a kind (more lanes sharing units can
            # beat fewer lanes with units of their own), or with a precision's adders in fabric
            # (alone, or with fewer units of a kind besides)
            repairs = []
            limit = budget.dsp
            over = sorted(
                (r.cycles, k) for k, r in enumerate(results)
                if r.cycles is not None and r.cycles < best.cycles and limit is not None and r.resources["dsp"] > limit
            )  # fmt: skip
            # (adders in fabric for the fastest few only: for every move they multiplied the
            # designs a round evaluates, fdtd-2d's exploration grew from 276 s beyond 1,500)
            fabric_repaired = {k for _, k in over[:FABRIC_REPAIRS]}
            for _, k in over:
                (what, f, lim, lt, fab, pc), r = moves[k], results[k]
                assert limit is not None
                cuts = _unit_cuts(r, limit)
                repairs += [(f"{what}, allocate {n} {kind} unit{'s' if n > 1 else ''}", f, {**lim, kind: n}, lt, fab, pc) for kind, n in cuts]
                for p in _fabric_options(r, fab, bindable) if k in fabric_repaired else []:
                    repairs.append((f"{what}, {_PRECISION[p]} adders in fabric", f, lim, lt, fab | {p}, pc))
                    repairs += [
                        (f"{what}, {_PRECISION[p]} adders in fabric, allocate {n} {kind} unit{'s' if n > 1 else ''}", f, {**lim, kind: n}, lt, fab | {p}, pc)
                        for kind, n in cuts
                        if kind[0] != p or kind[1:].split("_")[0] not in ("add", "sub", "addsub")
                    ]
                if may_precompute and not pc and k in fabric_repaired:
                    repairs.append((f"{what}, {_PRECOMPUTE_MOVE}", f, lim, lt, fab, True))
            repairs = repairs[: max(0, max_designs - evaluated)]
            if repairs:
                moves += repairs
                results += evaluate_all(repairs)
                evaluated += len(repairs)
            faster = [(r, m) for m, r in zip(moves, results) if r.cycles is not None and r.cycles < best.cycles and budget.allows(r.resources)]
            if not faster:
                break
            # the fewest cycles; among equals the fewest DSPs
            best, (what, factors, limits, late, fabric, pre) = min(faster, key=lambda x: (x[0].cycles, x[0].resources.get("dsp", 0), x[1][0]))
            note(f"{what}: {best.cycles} cycles, {best.resources.get('dsp', 0)} DSP")
        if evaluated >= max_designs:
            note(f"stopped after {evaluated} designs (--explore-max-designs {max_designs})")
    return Exploration(budget, baseline, best, evaluated, rounds)


class _Runner:
    """Evaluates candidates in parallel: on local processes, or as the tasks of a Dask cluster
    (``dask``: a scheduler's address, or ``local`` for a cluster of local processes)."""

    def __init__(self, jobs: int | None, dask: str | None) -> None:
        self.jobs = jobs or os.cpu_count() or 1
        self.dask = dask
        self.client: Any = None
        self.cluster: Any = None

    def __enter__(self) -> _Runner:
        if self.dask is not None:
            try:
                from distributed import Client, LocalCluster
            except ImportError as err:  # pragma: no cover - distributed is installed with hls
                raise RuntimeError("--dask needs the 'distributed' package (pip install distributed)") from err
            if self.dask == "local":
                self.cluster = LocalCluster(n_workers=self.jobs, threads_per_worker=1, processes=True, dashboard_address=None)
            self.client = Client(self.cluster if self.cluster is not None else self.dask)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def __call__(self, opts: CompileOptions, candidates: list[tuple[Directive, ...]]) -> list[Evaluation]:
        if self.client is not None:
            futures = self.client.map(evaluate, [opts] * len(candidates), candidates, pure=False)
            return list(self.client.gather(futures))
        if self.jobs == 1 or len(candidates) == 1:
            return [evaluate(opts, c) for c in candidates]
        with ProcessPoolExecutor(max_workers=min(self.jobs, len(candidates)), mp_context=multiprocessing.get_context("fork")) as pool:
            return list(pool.map(evaluate, [opts] * len(candidates), candidates))
