"""Code that starts while a pipelined loop drains.

A pipelined loop's result time is one II after its last iteration started; that iteration's
later stages run for ``drain`` more cycles. The loop or straight-line code after it may start
during those cycles where it shares nothing with them: the rules below (used by the scheduler to
place it, by the schedule verifier to check it and by unit binding to keep such ops off one
unit) compare an op after the loop with each op of the loop's body, taken at its last
iteration. They look at resources only (a memory, a port, a unit of one signature), never at
addresses, so they hold whatever elements the two touch.

Times are relative to the draining loop's result time. In a region (a sequential body), each
time variable has a lower bound on how late it is relative to each loop of the region that may
still drain (``Anchors``): a loop started at ``%t + x`` ends at least ``x`` plus its known
minimum of iterations times its II later.
"""

from __future__ import annotations

from hls.ir.hir import ForOp, IfOp, LoadOp, Op, StoreOp, TimeVar, UnitOp, Value, unit_signature

# time variable -> {draining loop: least cycles from the loop's result time to the variable}
Anchors = dict[TimeVar, dict[ForOp, int]]


def drain(loop: ForOp) -> int:
    """Cycles after a pipelined loop's result time that its last iteration still runs (0 for a
    sequential loop: its body completes before its result time)."""
    if loop.ii is None:
        return 0
    return max(0, (loop.latency or loop.ii) - loop.ii)


def earliest_after(after: Op, inner: Op, loop: ForOp) -> int | None:
    """The least start of ``after`` (an op after ``loop``), relative to ``loop``'s result time,
    that keeps it clear of ``inner`` (an op of ``loop``'s body) in every iteration; None when the
    two share nothing. A store's element must be written before anything after touches that
    memory; a load must be done before a store after it; two accesses of one port, and two ops
    of units of one signature (which binding may share), must not meet in a cycle."""
    assert loop.ii is not None
    if not isinstance(inner, (UnitOp, LoadOp, StoreOp)):
        return None
    last = inner.at.offset - loop.ii  # the op in the loop's last iteration
    if isinstance(after, (LoadOp, StoreOp)) and isinstance(inner, (LoadOp, StoreOp)):
        if after.mem is not inner.mem:
            return None
        if isinstance(inner, StoreOp):
            return last + max(1, inner.mem.write_latency)
        if isinstance(after, StoreOp):
            return last + 1
        if after.port == inner.port and after.mem.kind != "reg":
            return last + 1
        return None
    if isinstance(after, UnitOp) and isinstance(inner, UnitOp) and unit_signature(after) == unit_signature(inner):
        return last + 1
    return None


def conflicts(after: Op, rel: int, loop: ForOp) -> list[tuple[Op, int]]:
    """The ops of ``loop``'s body that ``after``, started ``rel`` cycles after ``loop``'s result
    time, would meet, with the least start that would clear each."""
    out: list[tuple[Op, int]] = []
    if rel >= drain(loop):
        return out
    for inner in loop.body:
        least = earliest_after(after, inner, loop)
        if least is not None and rel < least:
            out.append((inner, least))
    return out


def min_length(loop: ForOp, consts: dict[Value, int]) -> int:
    """Cycles from a loop's start to its result time at least: a pipelined loop with constant
    bounds runs its iterations at its II (one of them, if an exit flag may end it early);
    otherwise nothing is known (0)."""
    if loop.ii is None or loop.init not in consts or loop.bound not in consts or loop.step == 0:
        return 0
    init, bound, step = _signed(consts[loop.init], loop.init.width), _signed(consts[loop.bound], loop.bound.width), loop.step
    if not loop.cmp_signed:
        init, bound = consts[loop.init], consts[loop.bound]
    if loop.cmp in ("<", "<="):
        end = bound if loop.cmp == "<" else bound + 1
        trips = max(0, -(-(end - init) // step)) if step > 0 else 0
    elif loop.cmp in (">", ">="):
        end = bound if loop.cmp == ">" else bound - 1
        trips = max(0, -(-(init - end) // -step)) if step < 0 else 0
    else:
        trips = 0
    if loop.exits:  # (a break, a return, a while loop's test: it may end after its first)
        trips = min(trips, 1)
    return trips * loop.ii


def _signed(value: int, width: int) -> int:
    return value - (1 << width) if value >> (width - 1) & 1 else value


def after_item(anchors: Anchors, op: ForOp | IfOp, consts: dict[Value, int]) -> None:
    """Records (in place) the anchors of the time variables ``op`` (a loop or an ``if`` of a
    region whose start variable is in ``anchors``) defines: its body's start and its result."""
    base = {loop: rel + op.at.offset for loop, rel in anchors.get(op.at.var, {}).items() if rel + op.at.offset < drain(loop)}
    if isinstance(op, ForOp):
        anchors[op.iter_time] = dict(base)
        after = {loop: rel + min_length(op, consts) for loop, rel in base.items()}
        if drain(op) > 0:
            after[op] = 0
        anchors[op.result] = after
    else:
        anchors[op.then_time] = dict(base)
        anchors[op.else_time] = dict(base)
        anchors[op.result] = dict(base)
