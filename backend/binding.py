"""Binding: which operator ops of a schedule share one hardware unit.

Every operator (floating-point, multiplier, divider) is fully pipelined, so two ops can share a
unit when they never issue in the same cycle: their inputs are multiplexed by each op's issue
pulse and each reads the shared result at its own time. Ops never issue together when they lie
in different loops (or ``if`` branches) run one after the other, or in one straight-line stretch
of sequential code at different times. Ops of one pipelined loop all overlap and keep units of
their own, unless ``#pragma HLS allocation`` limited them or their II let them share: then the
modulo schedule put them on named units at distinct cycles modulo the II, and ops named to one
unit share it. Sharing is
what keeps a kernel of several loop nests within a DSP budget (as Vitis HLS shares operators
between loops). Code started while a pipelined loop drains (``hir_overlap``) shares a unit with
the loop's ops only where it issues after the loop's last iteration issued them.

Local RAMs are bound to a kind of memory by ``hls.ir.hir.ram_style`` (the scheduler reads it
too: block RAM may have a longer read latency): the user's, else LUT RAM or block RAM by size, but
never LUT RAM when both ports write (no such LUT RAM exists).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from hls.ir.hir import ForOp, HirFunc, IfOp, MemRef, Op, StoreOp, UnitOp, all_ops, constants, unit_signature
from hls.ir.hir_overlap import Anchors, after_item, earliest_after

# a step of an op's place in the schedule: (the region it is in, which of the region's items)
_Step = tuple[Hashable, Hashable]


def _places(fn: HirFunc) -> tuple[dict[UnitOp, tuple[list[_Step], set[Hashable]]], dict[UnitOp, list[tuple[ForOp, int]]]]:
    """Each unit op's path of (region, item) steps from the function body, and the regions
    whose items all overlap (pipelined loops); and the pipelined loops still draining when each
    unit op issues first, with its start relative to their ends."""
    out: dict[UnitOp, tuple[list[_Step], set[Hashable]]] = {}
    draining: dict[UnitOp, list[tuple[ForOp, int]]] = {}
    overlapping: set[Hashable] = set()
    anchors: Anchors = {}
    consts = constants(fn)

    def walk(ops: list[Op], region: Hashable, path: list[_Step]) -> None:
        for op in ops:
            if isinstance(op, UnitOp):
                out[op] = ([*path, (region, ("at", op.at.var.name, op.at.offset))], overlapping)
                draining[op] = [(loop, rel + op.at.offset) for loop, rel in anchors.get(op.at.var, {}).items()]
            elif isinstance(op, ForOp):
                after_item(anchors, op, consts)
                if op.ii is not None:
                    overlapping.add(("loop", id(op)))
                walk(op.body, ("loop", id(op)), [*path, (region, id(op))])
            elif isinstance(op, IfOp):
                after_item(anchors, op, consts)
                walk(op.then_body, ("then", id(op)), [*path, (region, id(op))])
                walk(op.else_body, ("else", id(op)), [*path, (region, id(op))])

    walk(fn.body, ("function",), [])
    return out, draining


def _meet_in_drain(a: UnitOp, b: UnitOp, draining: dict[UnitOp, list[tuple[ForOp, int]]]) -> bool:
    """Whether ``a`` issues while ``b``'s pipelined loop drains, in a cycle ``b`` may issue too."""
    for loop, rel in draining[a]:
        if any(op is b for op in loop.body):
            least = earliest_after(a, b, loop)
            if least is not None and rel < least:
                return True
    return False


def _may_overlap(a: list[_Step], b: list[_Step], overlapping: set[Hashable]) -> bool:
    """Whether ops at places ``a`` and ``b`` may issue in one cycle."""
    for (region_a, item_a), (region_b, item_b) in zip(a, b):
        if region_a != region_b:
            return False  # the two branches of one if
        if region_a in overlapping:
            return True  # one pipelined loop: its iterations overlap
        if item_a != item_b:
            # different loops or ifs run one after the other; straight-line ops issue at their times
            return False
    return True


def _conflict(
    a: UnitOp,
    b: UnitOp,
    places: dict[UnitOp, tuple[list[_Step], set[Hashable]]],
    overlapping: set[Hashable],
    draining: dict[UnitOp, list[tuple[ForOp, int]]],
) -> bool:
    """Whether ``a`` and ``b`` may issue in one cycle: not if the scheduler put them on one unit
    ('#pragma HLS allocation': distinct cycles modulo the II), else as their places say."""
    if a.unit is not None and a.unit == b.unit:
        return False
    return _may_overlap(places[a][0], places[b][0], overlapping) or _meet_in_drain(a, b, draining) or _meet_in_drain(b, a, draining)


def bind_units(fn: HirFunc, signature: Callable[[UnitOp], Hashable] = unit_signature) -> list[list[UnitOp]]:
    """The units of ``fn``: groups of unit ops of one ``signature`` (the same module and
    parameters) no two of which may issue in the same cycle, in the order of their first op."""
    places, draining = _places(fn)
    units: list[tuple[Hashable, list[UnitOp]]] = []
    for op, (_, overlapping) in places.items():
        sig = signature(op)
        for unit_sig, members in units:
            if unit_sig == sig and not any(_conflict(op, m, places, overlapping, draining) for m in members):
                members.append(op)
                break
        else:
            units.append((sig, [op]))
    return [members for _, members in units]



def written_ports(fn: HirFunc) -> dict[MemRef, set[int]]:
    """The ports of each memory that some store of ``fn`` writes through."""
    out: dict[MemRef, set[int]] = {}
    for op in all_ops(fn.body):
        if isinstance(op, StoreOp):
            out.setdefault(op.mem, set()).add(op.port)
    return out
