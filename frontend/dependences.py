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
    out = isl.UnionMap.empty(params)
    for m in maps:
        out = out.union(isl.UnionMap.from_map(m))
    return out


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
        lo = bounded(lambda: deltas.dim_min(pos).min_val(), _DISTANCE_OPERATIONS)
        hi = bounded(lambda: deltas.dim_max(pos).max_val(), _DISTANCE_OPERATIONS)
    except isl.Error:
        budget.failures += 1
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


def analyze(model: AffineModel, limit: int | None = None) -> list[Dependence]:
    """All dependences of the model, sorted by source, sink, array and kind; with ``limit``, the
    analysis stops once it has found more (an incomplete list, for counting only)."""
    if not model.statements:
        return []
    space = model.context.get_space()
    by_name = {s.name: s for s in model.statements}
    arrays: dict[Variable, list[tuple[AffineStatement, Access, bool]]] = {}
    for s in model.statements:
        for a in s.reads:
            arrays.setdefault(a.var, []).append((s, a, False))
        for a in s.writes:
            arrays.setdefault(a.var, []).append((s, a, True))
    found: list[Dependence] = []
    budget = _DistanceBudget()
    for var, accesses in sorted(arrays.items(), key=lambda kv: kv[0].name):
        if not any(w for _, _, w in accesses):
            continue  # only read: no dependences
        must_w = _union([a.relation for _, a, w in accesses if w and a.must], space)
        may_w = _union([a.relation for _, a, w in accesses if w and not a.must], space)
        all_w = must_w.union(may_w)
        reads = _union([a.relation for _, a, w in accesses if not w], space)
        may = any(not a.must for _, a, _ in accesses)
        # only the statements accessing the array: isl's flow analysis slows with every statement
        # in the schedule, and the others cannot take part in the array's dependences
        array_sched = _union([s.schedule for s in dict.fromkeys(s for s, _, _ in accesses)], space)
        flows = {
            "RAW": isl.UnionAccessInfo.from_sink(reads).set_must_source(must_w).set_may_source(may_w),
            "WAW": isl.UnionAccessInfo.from_sink(all_w).set_must_source(must_w).set_may_source(may_w),
            "WAR": isl.UnionAccessInfo.from_sink(all_w).set_may_source(reads).set_kill(_without_divs(must_w)),
        }
        order_all = array_sched.lex_lt_union_map(array_sched)
        pairs = {"RAW": (all_w, reads), "WAW": (all_w, all_w), "WAR": (reads, all_w)}
        for kind, info in flows.items():
            exact_flow = True
            try:
                rel = _bounded(_flow, info, array_sched)
            except isl.Error:
                # isl's dataflow analysis fails on some strided domains ("affine expression involves
                # some of the domain dimensions") or exceeds its budget: every ordered pair of
                # accesses to one element over-approximates the dependence (safe for scheduling);
                # failing that, every ordered pair of accessing instances
                first, second = pairs[kind]
                try:
                    rel = _bounded(_element_pairs, first, second, order_all)
                except isl.Error:
                    rel = _all_pairs(first, second, order_all)
                exact_flow = False
            maps: list[isl.Map] = []
            rel.foreach_map(maps.append)
            for m in maps:
                src = by_name[m.get_tuple_name(isl.dim_type.in_)]
                dst = by_name[m.get_tuple_name(isl.dim_type.out)]
                with processing(dst.stmt.loc):
                    found.extend(_split_by_level(kind, var, m, src, dst, may or not exact_flow, budget))
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
