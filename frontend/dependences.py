"""Pass ``dependences``: exact RAW, WAR and WAW dependences of the affine model (isl dataflow).

RAW is value-based (isl's dataflow with must and may sources: each read depends on the writes
whose value it may see); WAW orders each write after the previous writes of the element; WAR
orders each write after the reads since the previous write (writes kill older reads). Each
dependence is analysed per array, split per pair of statements, and gets the iteration distance
of every common loop from the deltas of the original schedule.
"""

from __future__ import annotations

import functools
import json
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import islpy as isl

from hls.diagnostics import processing
from hls.frontend.affine import isl_name
from hls.ir.affine import Access, AffineModel, AffineStatement, Dependence
from hls.ir.kernel import For, Variable


def _union(maps: list[isl.Map], params: isl.Space) -> isl.UnionMap:
    """The union of ``maps``, joined pairwise (each union copies its operands: one by one, the
    thousands of maps of a large body cost the square of their number)."""
    parts = [isl.UnionMap.from_map(m) for m in maps] or [isl.UnionMap.empty(params)]
    while len(parts) > 1:
        parts = [a.union(b) for a, b in zip(parts[::2], parts[1::2])] + parts[len(parts) - len(parts) % 2 :]
    return parts[0]


@dataclass
class _DistanceBudget:
    """How many distance computations of one analysis ran out of operations: past
    ``_DISTANCE_FAILURES`` the rest of the analysis does not try (unknown distances)."""

    failures: int = 0

    @property
    def spent(self) -> bool:
        return self.failures >= _DISTANCE_FAILURES


def _distance(deltas: isl.Set, level: int, budget: _DistanceBudget) -> tuple[int, int] | None:
    """[min, max] of the iterator difference at loop ``level`` (0 = outermost) among the schedule
    ``deltas`` of a dependence, or None (unbounded, or too costly to find: parametric integer
    programming is exponential on sets with many modulo constraints, and an unknown distance is
    the conservative answer)."""
    if budget.spent:
        return None
    pos = 2 * level + 1
    try:
        # the extremes over every parameter value at once (one integer program each), not the
        # parametric optimum's pieces and then their extremes (16 ms a distance, 19 s of the
        # fuzzed kernel in tests/regressions/isl_distance_modulo.c)
        lo = bounded(lambda: deltas.dim_min_val(pos), _DISTANCE_OPERATIONS)
        hi = bounded(lambda: deltas.dim_max_val(pos), _DISTANCE_OPERATIONS)
    except isl.Error:
        budget.failures += 1
        return None
    if lo.is_infty() or lo.is_neginfty() or hi.is_infty() or hi.is_neginfty():
        budget.failures += 1  # (as the parametric optimum, which raised on an unbounded one)
        return None
    if not (lo.is_int() and hi.is_int()):
        return None
    return int(lo.to_python()), int(hi.to_python())


def _order(width: int, last: int, level: int | None, space: isl.Space) -> isl.Map:
    """Schedule times x -> y whose common loop iterators are equal above ``level`` and larger at
    ``level`` in y (carried by that loop); equal up to ``last`` when ``level`` is None."""
    return _order_map(width, last, level).align_params(space)


@functools.lru_cache(maxsize=None)
def _order_map(width: int, last: int, level: int | None) -> isl.Map:
    xs = [f"x{k}" for k in range(width)]
    ys = [f"y{k}" for k in range(width)]
    cons = [f"{ys[2 * k + 1]} = {xs[2 * k + 1]}" for k in range(last)]
    if level is not None:
        cons.append(f"{ys[2 * level + 1]} > {xs[2 * level + 1]}")
    return isl.Map(f"{{ [{', '.join(xs)}] -> [{', '.join(ys)}] : {' and '.join(cons) or '1 = 1'} }}")


def _common_loops(a: AffineStatement, b: AffineStatement) -> list[For]:
    out = []
    for x, y in zip(a.loops, b.loops):
        if x is not y:
            break
        out.append(x)
    return out


T = TypeVar("T")

# isl operations one dataflow problem may take (every one of PolyBench's needs fewer than 500,000;
# an unrolled, partitioned kernel of a hundred statements has some taking seconds each at ten times
# this); beyond it the analysis falls back to a conservative dependence
_FLOW_OPERATIONS = 2_000_000
# isl operations for the least and greatest distance of a dependence at one loop
_DISTANCE_OPERATIONS = 200_000
# isl operations for one check that a write kills what a sink touches (past it: it does not)
_KILL_CHECK_OPERATIONS = 200_000
# distance computations of one analysis that may run out of operations before the rest is not tried
_DISTANCE_FAILURES = 4


def bounded(compute: Callable[[], T], operations: int) -> T:
    """``compute()`` within a budget of isl ``operations`` (isl.Error when it runs out)."""
    ctx = isl.DEFAULT_CONTEXT
    ctx.reset_operations()
    ctx.set_max_operations(operations)
    try:
        return compute()
    finally:
        ctx.set_max_operations(0)  # no limit for the rest of the compiler
        ctx.reset_operations()


def _bounded(compute: Callable[..., isl.UnionMap], *args: object) -> isl.UnionMap:
    """``compute(*args)`` within the dataflow analysis's operation budget."""
    return bounded(lambda: compute(*args), _FLOW_OPERATIONS)


def _flow(info: isl.UnionAccessInfo, schedule: isl.UnionMap) -> isl.UnionMap:
    """isl's dataflow analysis: the may-dependences of ``info`` under ``schedule``."""
    return info.set_schedule_map(schedule).compute_flow().get_may_dependence()


def _without_divs(kills: isl.UnionMap) -> isl.UnionMap:
    """The maps of ``kills`` whose pieces have no existentially quantified variables: isl's
    dataflow analysis crashes (a segmentation fault, isl of islpy 2026.2.2) on some kills with a
    ``mod`` constraint (hls.progen seed 280172). A smaller kill is still sound: the analysis then
    reports more (may) dependences, never fewer."""
    kept = isl.UnionMap.empty(kills.get_space())
    maps: list[isl.Map] = []
    kills.foreach_map(maps.append)
    for m in maps:
        pieces: list[isl.BasicMap] = []
        m.foreach_basic_map(pieces.append)
        if all(bm.dim(isl.dim_type.div) == 0 for bm in pieces):
            kept = kept.union(isl.UnionMap.from_map(m))
    return kept


def _element_pairs(first: isl.UnionMap, second: isl.UnionMap, order: isl.UnionMap) -> isl.UnionMap:
    """Every access of ``first`` before every access of ``second`` to the same element."""
    return first.apply_range(second.reverse()).intersect(order)


def _all_pairs(first: isl.UnionMap, second: isl.UnionMap, order: isl.UnionMap) -> isl.UnionMap:
    """Every instance accessing the array before every later one that accesses it (whatever the
    elements): the coarsest dependence, when even the per-element one is too costly."""
    return isl.UnionMap.from_domain_and_range(first.domain(), second.domain()).intersect(order)


def _split_by_level(
    kind: str, var: Variable, m: isl.Map, src: AffineStatement, dst: AffineStatement, may: bool, budget: _DistanceBudget
) -> list[Dependence]:
    """One dependence per carrying loop of ``m`` (and one for the same iteration of all of them)."""
    out: list[Dependence] = []
    common = _common_loops(src, dst)
    if not common:
        # in no common loop: one dependence, in the same (only) iteration
        return [] if m.is_empty() else [Dependence(kind, var, src, dst, m.coalesce(), {}, None, may)]
    # the dependence in schedule time: emptiness and distances per level come from it
    # without composing the statements' schedules again for every level
    timed = m.apply_domain(src.schedule).apply_range(dst.schedule)
    width = src.schedule.dim(isl.dim_type.out)
    for level in [*range(len(common)), None]:
        order = _order(width, len(common) if level is None else level, level, timed.get_space())
        timed_part = timed.intersect(order)
        if timed_part.is_empty():
            continue
        part = m.intersect(src.schedule.apply_range(order).apply_range(dst.schedule.reverse()))
        deltas = timed_part.deltas()
        distance = {lp: _distance(deltas, k, budget) for k, lp in enumerate(common)}
        carried = common[level] if level is not None else None
        out.append(Dependence(kind, var, src, dst, part.coalesce(), distance, carried, may))
    return out


# accessing statements of one array above which its dataflow problems are split by killing writes
_WINDOWED_FROM = 48
# sinks of one window analysed together
_SINKS_PER_PROBLEM = 64
# killing writes tried, nearest first, for one sink before it keeps the window it has
_KILLER_TRIES = 4

_Accesses = list[tuple[AffineStatement, Access, bool]]


def _position(s: AffineStatement) -> int:
    return int(s.name[1:])


def _covers(killer: AffineStatement, kill: isl.Map, sink: AffineStatement, touched: isl.Map) -> bool:
    """Whether the instance of ``killer`` in each iteration of its loops (which enclose ``sink``)
    writes every element the ``sink`` instances of that iteration touch."""
    n, m = len(sink.loops), len(killer.loops)
    xs = [f"i{k}" for k in range(n)]
    project = isl.Map(f"{{ {sink.name}[{', '.join(xs)}] -> {killer.name}[{', '.join(xs[:m])}] }}").align_params(touched.get_space())
    try:
        return bool(bounded(lambda: touched.is_subset(project.apply_range(kill)), _KILL_CHECK_OPERATIONS))
    except isl.Error:
        return False


def _runs_in(killer: AffineStatement, sink: AffineStatement, common: int) -> bool:
    """Whether ``killer`` has an instance in every iteration of the ``common`` outer loops it
    shares with ``sink`` in which ``sink`` has one."""

    def outer(s: AffineStatement) -> isl.Set:
        return s.domain.project_out(isl.dim_type.set, common, len(s.loops) - common).reset_tuple_id()

    try:
        return bool(bounded(lambda: outer(sink).is_subset(outer(killer)), _KILL_CHECK_OPERATIONS))
    except isl.Error:
        return False


@dataclass(frozen=True)
class _Kill:
    """Where the window of a sink starts (its first statement's position) and how many loops
    around the sink its killing write shares."""

    start: int
    depth: int


def _killer(
    killers: list[AffineStatement], kills: dict[AffineStatement, isl.Map], sink: AffineStatement, touched: isl.Map, first: dict[For, int]
) -> _Kill | None:
    """The nearest of the earlier writing ``killers`` (tried back to ``_KILLER_TRIES`` of them)
    that overwrites, in every iteration of the loops it shares with ``sink``, everything ``sink``
    touches before ``sink`` runs: a write in those loops that covers the sink, or, for a scalar,
    a write inside a loop the sink is not in (its last instance, which every instance of the
    loop's statements precedes: the window then starts at that loop)."""
    tries = 0
    scalar = touched.dim(isl.dim_type.out) == 0
    for k in reversed(killers):
        common = len(_common_loops(k, sink))
        if common == len(k.loops):
            if _covers(k, kills[k], sink, touched):
                return _Kill(_position(k), common)
        elif scalar and _runs_in(k, sink, common):
            return _Kill(first[k.loops[common]], common)
        tries += 1
        if tries == _KILLER_TRIES:
            break
    return None


@dataclass(frozen=True)
class _LoopSpans:
    """The positions of the first and last statements inside each loop of a model."""

    first: dict[For, int]
    last: dict[For, int]


def _loop_spans(model: AffineModel) -> _LoopSpans:
    first: dict[For, int] = {}
    last: dict[For, int] = {}
    for s in model.statements:
        for lp in s.loops:
            first.setdefault(lp, _position(s))
            last[lp] = _position(s)
    return _LoopSpans(first, last)


def _windows(
    spans: _LoopSpans, accesses: _Accesses, sink_writes: bool, chain: bool
) -> list[tuple[list[AffineStatement], list[AffineStatement]]]:
    """The array's dataflow problem split into (sinks, window) parts with the same answer.

    A sink statement R after a statement K that must write, in every iteration of the loops K
    shares with R, every element R touches (see ``_killer``), sees nothing older than K's
    instance there: every source older than it is overwritten (RAW, WAW) or, for WAR, killed by
    it. The instances between K's and R's lie in the statements from K (or from the start of
    K's outermost loop that R is not in) to the end of R's outermost loop that K is not in, so
    that window holds every source R's dependences can have. Sinks without such a K see the
    window from the first statement. The analysis then grows with the number of accesses, not
    with its square. With ``chain``, every write kills (see ``_dataflow``).
    """
    stmts = sorted(dict.fromkeys(s for s, _, _ in accesses), key=_position)
    if len(stmts) < _WINDOWED_FROM:
        return [([s for s in stmts if any(t is s and w == sink_writes for t, _, w in accesses)], stmts)]
    kills: dict[AffineStatement, isl.Map] = {}
    touched: dict[AffineStatement, isl.Map] = {}
    for s, a, w in accesses:
        if w and (a.must or chain):
            kills[s] = kills[s].union(a.relation) if s in kills else a.relation
        if w == sink_writes:
            touched[s] = touched[s].union(a.relation) if s in touched else a.relation
    killers: list[AffineStatement] = []  # the statements that kill, before the one looked at
    groups: dict[int, list[AffineStatement]] = {}  # window start (-1: the first) -> its sinks
    ends: dict[AffineStatement, int] = {}  # sink -> where its window ends
    for s in stmts:
        if s in touched:
            kill = _killer(killers, kills, s, touched[s], spans.first)
            start = -1 if kill is None else kill.start
            depth = 0 if kill is None else kill.depth
            ends[s] = spans.last[s.loops[depth]] if len(s.loops) > depth else _position(s)
            groups.setdefault(start, []).append(s)
        if s in kills:
            killers.append(s)
    out: list[tuple[list[AffineStatement], list[AffineStatement]]] = []
    for start, sinks in groups.items():
        # a problem per few sinks: one write read by thousands of statements is otherwise one
        # problem of their size
        for k in range(0, len(sinks), _SINKS_PER_PROBLEM):
            chunk = sinks[k : k + _SINKS_PER_PROBLEM]
            end = max(ends[s] for s in chunk)
            out.append((chunk, [s for s in stmts if start <= _position(s) <= end]))
    return out


def _dataflow(kind: str, sinks: _Accesses, window: _Accesses, space: isl.Space, chain: bool) -> isl.UnionMap | None:
    """The ``kind`` dependences of the ``sinks`` on the accesses of ``window`` (which holds every
    statement of the sinks' dependences), or None when isl's analysis fails.

    With ``chain``, every write counts as one that must happen: each access then depends on the
    nearest conflicting instances only (the last write before a read or write, the reads since
    the last write before a write). Those link up with the writes in between, which are ordered
    one after another, so they order every pair the exact analysis orders; a may-write's
    dependences are then not repeated past every later may-write (a quadratic number, for a
    scalar that code under data-dependent conditions writes a hundred times)."""
    must_w = _union([a.relation for _, a, w in window if w and (a.must or chain)], space)
    may_w = _union([a.relation for _, a, w in window if w and not (a.must or chain)], space)
    reads = _union([a.relation for _, a, w in window if not w], space)
    sink = _union([a.relation for _, a, _ in sinks], space)
    if kind == "WAR":
        info = isl.UnionAccessInfo.from_sink(sink).set_may_source(reads).set_kill(_without_divs(must_w))
    else:
        info = isl.UnionAccessInfo.from_sink(sink).set_must_source(must_w).set_may_source(may_w)
    # the statements with a sink or a source (or kill) of this problem
    involved = [x for x in window if x[2] or kind == "WAR"] + sinks
    try:
        return _bounded(_flow, info, _schedule(involved, space))
    except isl.Error:
        return None


def _schedule(window: _Accesses, space: isl.Space) -> isl.UnionMap:
    """The original schedule of the statements accessing the array: isl's flow analysis slows
    with every statement in the schedule, and the others cannot take part in its dependences."""
    return _union([s.schedule for s in dict.fromkeys(s for s, _, _ in window)], space)


def _ordered_pairs(kind: str, sinks: _Accesses, window: _Accesses, space: isl.Space) -> isl.UnionMap:
    """Every ordered pair of accesses to one element (safe for scheduling; what is left when
    isl's dataflow analysis fails: on some strided domains, "affine expression involves some of
    the domain dimensions", or beyond its budget); failing that, every ordered pair of
    accessing instances."""
    writes = _union([a.relation for _, a, w in window if w], space)
    reads = _union([a.relation for _, a, w in window if not w], space)
    sink = _union([a.relation for _, a, _ in sinks], space)
    first = reads if kind == "WAR" else writes
    # (the order of the window's statements before the sinks' only: a map per pair of them)
    order = _schedule(window, space).lex_lt_union_map(_schedule(sinks, space))
    try:
        return _bounded(_element_pairs, first, sink, order)
    except isl.Error:
        return _all_pairs(first, sink, order)


def _array_dependences(spans: _LoopSpans, kind: str, accesses: _Accesses, space: isl.Space) -> tuple[list[isl.UnionMap], bool]:
    """The ``kind`` dependences on one array (``accesses``), as one relation per window, and
    whether they are exact: else they come from the chain analysis or, in a window where that
    fails too, are every ordered pair of the window's accesses to one element."""
    sink_writes = kind != "RAW"

    def parts(chain: bool) -> list[tuple[_Accesses, _Accesses]]:
        out = []
        for sink_stmts, window_stmts in _windows(spans, accesses, sink_writes, chain):
            chosen, seen = set(sink_stmts), set(window_stmts)
            out.append(([x for x in accesses if x[0] in chosen and x[2] == sink_writes], [x for x in accesses if x[0] in seen]))
        return out

    found: list[isl.UnionMap] = []
    for sinks, window in parts(False):
        rel = _dataflow(kind, sinks, window, space, False)
        if rel is None:
            break
        found.append(rel)
    else:
        return found, True
    # a window the chain analysis fails on: every ordered pair of its accesses to one element
    # (its sinks' dependences all come from it; the other windows keep the chain's)
    chained = [(sinks, window, _dataflow(kind, sinks, window, space, True)) for sinks, window in parts(True)]
    return [rel if rel is not None else _ordered_pairs(kind, sinks, window, space) for sinks, window, rel in chained], False


def analyze(model: AffineModel, limit: int | None = None) -> list[Dependence]:
    """All dependences of the model, sorted by source, sink, array and kind; with ``limit``, the
    analysis stops once it has found more (an incomplete list, for counting only)."""
    if not model.statements:
        return []
    space = model.context.get_space()
    by_name = {s.name: s for s in model.statements}
    arrays: dict[Variable, _Accesses] = {}
    for s in model.statements:
        for a in s.reads:
            arrays.setdefault(a.var, []).append((s, a, False))
        for a in s.writes:
            arrays.setdefault(a.var, []).append((s, a, True))
    found: list[Dependence] = []
    budget = _DistanceBudget()
    spans = _loop_spans(model)
    for var, accesses in sorted(arrays.items(), key=lambda kv: kv[0].name):
        if not any(w for _, _, w in accesses):
            continue  # only read: no dependences
        may = any(not a.must for _, a, _ in accesses)
        for kind in ("RAW", "WAW", "WAR"):
            rels, exact = _array_dependences(spans, kind, accesses, space)
            maps: list[isl.Map] = []
            for rel in rels:
                rel.foreach_map(maps.append)
            for m in maps:
                src = by_name[m.get_tuple_name(isl.dim_type.in_)]
                dst = by_name[m.get_tuple_name(isl.dim_type.out)]
                with processing(dst.stmt.loc):
                    found.extend(_split_by_level(kind, var, m, src, dst, may or not exact, budget))
                if limit is not None and len(found) > limit:
                    return found
    found.sort(key=lambda d: (int(d.source.name[1:]), int(d.sink.name[1:]), d.array.name, d.kind))
    return found


# (kind, array, source, sink, relation, distance per common loop level, carrying level, may)
_Found = tuple[str, str, str, str, isl.Map, tuple[tuple[int, int] | None, ...], int | None, bool]
# the analyses of the last models seen, by their text: the loop-transform pass builds the same
# kernel's model again for each variant of a candidate
_ANALYSED: OrderedDict[str, list[_Found]] = OrderedDict()
_ANALYSED_KEPT = 64


def _signature(model: AffineModel) -> str:
    """Everything ``analyze`` reads of ``model``, as text."""
    out = [str(model.context)]
    for s in model.statements:
        out.append(f"{s.name} {[isl_name(lp.var) for lp in s.loops]} {s.schedule}")
        out += [f" r {a.var.name} {a.must} {a.relation}" for a in s.reads]
        out += [f" w {a.var.name} {a.must} {a.relation}" for a in s.writes]
    return "\n".join(out)


def _remember(key: str, deps: list[Dependence]) -> list[_Found]:
    """Keeps the analysis ``deps`` of the model whose signature is ``key``."""
    found = [
        (d.kind, d.array.name, d.source.name, d.sink.name, d.relation, tuple(d.distance.values()),
         None if d.carried_by is None else list(d.distance).index(d.carried_by), d.may)
        for d in deps
    ]  # fmt: skip
    _ANALYSED[key] = found
    if len(_ANALYSED) > _ANALYSED_KEPT:
        _ANALYSED.popitem(last=False)
    return found


def count_dependences(model: AffineModel, limit: int) -> int:
    """How many dependences ``model`` has, or some number above ``limit`` if it has more: the
    analysis stops there (a body of hundreds of unrolled statements has a hundred thousand, and
    finding them all takes a minute)."""
    key = _signature(model)
    if key in _ANALYSED:
        return len(_ANALYSED[key])
    deps = analyze(model, limit)
    if len(deps) <= limit:
        _remember(key, deps)
    return len(deps)


def dependences(model: AffineModel) -> AffineModel:
    """Pass entry point: the model with its dependences filled in."""
    key = _signature(model)
    found = _ANALYSED.get(key)
    if found is None:
        found = _remember(key, analyze(model))
    else:
        _ANALYSED.move_to_end(key)
    by_name = {s.name: s for s in model.statements}
    arrays = {a.var.name: a.var for s in model.statements for a in s.reads + s.writes}
    model.dependences = []
    for kind, array, src, dst, relation, distance, carried, may in found:
        common = _common_loops(by_name[src], by_name[dst])
        carrier = None if carried is None else common[carried]
        model.dependences.append(Dependence(kind, arrays[array], by_name[src], by_name[dst], relation, dict(zip(common, distance)), carrier, may))
    return model


def deps_to_json(model: AffineModel) -> str:
    deps = []
    for d in model.dependences:
        deps.append({
            "kind": d.kind,
            "array": d.array.name,
            "source": {"stmt": d.source.name, "line": d.source.stmt.loc.line},
            "sink": {"stmt": d.sink.name, "line": d.sink.stmt.loc.line},
            "relation": str(d.relation),
            "carried_by": d.carried_by.name if d.carried_by is not None else None,
            "distance": {lp.name: list(v) if v is not None else None for lp, v in d.distance.items()},
            "may": d.may,
        })  # fmt: skip
    loops = [
        {"name": lp.loop.name, "line": lp.loop.loc.line, "depth": lp.depth, "trip_count": lp.trip_count}
        for lp in model.loops.values()
    ]
    return json.dumps({"dependences": deps, "loops": loops}, indent=2, sort_keys=True) + "\n"


def deps_to_text(model: AffineModel) -> str:
    out = [f"dependences of {model.kernel.name}"]
    for d in model.dependences:
        dist = ", ".join(f"{lp.name}: {'?' if v is None else (v[0] if v[0] == v[1] else f'{v[0]}..{v[1]}')}" for lp, v in d.distance.items())
        where = f"carried by {d.carried_by.name}" if d.carried_by is not None else "loop-independent"
        out.append(
            f"  {d.kind} on {d.array.name}{' (may)' if d.may else ''}: {d.source.name} (line {d.source.stmt.loc.line}) -> "
            f"{d.sink.name} (line {d.sink.stmt.loc.line}), {where}; distance {{{dist}}}"
        )
        out.append(f"      {d.relation}")
    return "\n".join(out) + "\n"
