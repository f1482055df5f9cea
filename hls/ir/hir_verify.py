"""Schedule verifier for the HIR-like IR (HIR paper, section 5.3, plus port checks).

Checks that every value is used exactly at the instant it is valid (or is always valid), that time
variables are used only in the region that defines them, that sequential regions do not overlap
(an op started on a time variable completes before a loop or ``if`` started on it, and the
variable is not used after that), that no memory port is used twice in one cycle (modulo II in
pipelined loops), that code started while a pipelined loop drains shares no memory, port or unit
with the loop's last iterations (``hir_overlap``), and that loop iterations and the function end
wait for every op to complete and every loop of their region to drain.
"""

from __future__ import annotations

from dataclasses import dataclass

from hls.ir.hir import (
    COMB_KINDS,
    CombOp,
    ConstOp,
    DelayOp,
    ForOp,
    HirFunc,
    IfOp,
    LoadOp,
    MemRef,
    Op,
    ReturnOp,
    StoreOp,
    Time,
    TimeVar,
    UnitOp,
    Value,
    constants,
)
from hls.ir.hir_overlap import Anchors, after_item, conflicts, drain


class ScheduleError(Exception):
    """The schedule is wrong: a bug in the pass that produced it."""


ALWAYS = "always"


@dataclass
class _Region:
    time_vars: set[TimeVar]
    superseded: set[TimeVar]
    ii: int | None  # pipelined loop body: ports are checked modulo ii
    values: dict[Value, Time | str]


def completion(op: Op) -> Time | None:
    """When an op's effect is complete (its result valid, its write visible)."""
    if isinstance(op, (CombOp,)):
        return op.at
    if isinstance(op, UnitOp):
        return op.at + op.latency
    if isinstance(op, LoadOp):
        return op.at + op.mem.read_latency
    if isinstance(op, StoreOp):
        return op.at + op.mem.write_latency
    if isinstance(op, DelayOp):
        return op.at + op.by
    return None


def verify_hir(fn: HirFunc) -> None:
    """Raises ScheduleError describing the first violation."""
    Verifier(fn).run()


class Verifier:
    def __init__(self, fn: HirFunc) -> None:
        self.fn = fn
        self.defined: set[Value] = set()
        self.enclosing_ivs: set[Value] = set()
        self.names: set[str] = set()
        self.anchors: Anchors = {}
        self.consts = constants(fn)

    def inherited(self, region: _Region) -> dict[Value, Time | str]:
        """What a nested region sees: always-valid values, and enclosing iterators as always valid."""
        return {v: ALWAYS for v, t in region.values.items() if t == ALWAYS or v in self.enclosing_ivs}

    def fail(self, msg: str) -> None:
        raise ScheduleError(f"schedule of {self.fn.name}: {msg}")

    def run(self) -> None:
        for m in self.fn.memrefs:
            if m.init is not None:
                if m.kind != "bram" or len(m.init) != m.depth:
                    self.fail(f"%{m.name}: contents of {len(m.init)} elements for a {m.kind} of {m.depth}")
                if any(not 0 <= x < (1 << m.width) for x in m.init):
                    self.fail(f"%{m.name}: contents wider than its {m.width}-bit elements")
        values: dict[Value, Time | str] = {}
        for a in self.fn.args:
            values[a.value] = ALWAYS
            self.defined.add(a.value)
            self.names.add(a.value.name)
        region = _Region({self.fn.start}, set(), None, values)
        self.region(self.fn.body, region, outer_values={}, is_function=True)

    def use(self, v: Value, at: Time, region: _Region, what: str) -> None:
        if v not in self.defined:
            self.fail(f"{what} uses {v!r} before it is defined")
        t = region.values.get(v)
        if t is None:
            self.fail(f"{what} uses {v!r}, which is not visible in this region (only constants, arguments and loop iterators cross regions)")
        if t != ALWAYS and t != at:
            self.fail(f"{what} at {at} uses {v!r}, which is valid only at {t}")

    def define(self, v: Value, t: Time | str, region: _Region) -> None:
        if v in self.defined or v.name in self.names:
            self.fail(f"{v!r} is defined twice (the printed form must name every value once)")
        self.defined.add(v)
        self.names.add(v.name)
        region.values[v] = t

    def time(self, t: Time, region: _Region, what: str) -> None:
        if t.var not in region.time_vars:
            self.fail(f"{what} uses time variable %{t.var.name} outside the region that defines it")
        if t.var in region.superseded:
            self.fail(f"{what} uses %{t.var.name} after a loop or if started on it (it would overlap)")
        if t.offset < 0:
            self.fail(f"{what} at a negative offset")

    def clear_of_drains(self, op: UnitOp | LoadOp | StoreOp, what: str) -> None:
        """``op`` meets no op of a pipelined loop still draining when it starts."""
        for loop, rel in self.anchors.get(op.at.var, {}).items():
            for inner, least in conflicts(op, rel + op.at.offset, loop):
                self.fail(
                    f"{what} at {op.at} starts {rel + op.at.offset} cycles after loop {loop.name} ends, "
                    f"while {_describe(inner)} of its last iteration runs (at least {least} cycles needed)"
                )

    def drained(self, at: Time, loops: list[ForOp], what: str) -> None:
        """The pipelined loops ``loops`` (of the region that ends at ``at``) have drained by then."""
        for loop, rel in self.anchors.get(at.var, {}).items():
            if loop in loops and rel + at.offset < drain(loop):
                self.fail(f"{what} at {at} comes while loop {loop.name} still drains ({drain(loop)} cycles after it ends)")

    def region(self, ops: list[Op], region: _Region, outer_values: dict[Value, Time | str], is_function: bool = False) -> list[ForOp]:
        """Checks a region's ops; its pipelined loops."""
        port_use: dict[tuple[MemRef, int, TimeVar, int], Op] = {}
        unit_use: dict[tuple[str, TimeVar, int], Op] = {}
        pending: list[tuple[Op, Time]] = []  # completions not yet waited for
        loops: list[ForOp] = []  # pipelined loops of this region (they drain before it ends)
        for idx, op in enumerate(ops):
            what = _describe(op)
            if isinstance(op, ConstOp):
                if not 0 <= op.value < (1 << op.result.width):
                    self.fail(f"{what}: constant out of range")
                self.define(op.result, ALWAYS, region)
                continue
            if isinstance(op, ReturnOp):
                self.time(op.at, region, what)
                if not is_function or idx != len(ops) - 1:
                    self.fail("hir.return must be the last op of the function body")
                if op.value is not None:
                    self.use(op.value, op.at, region, what)
                    if op.value.width != self.fn.return_width:
                        self.fail(f"{what}: return width {op.value.width} != {self.fn.return_width}")
                self.wait_all(pending, op.at, what)
                self.drained(op.at, loops, what)
                pending.clear()
                continue
            self.time(op.at, region, what)
            if isinstance(op, (UnitOp, LoadOp, StoreOp)):
                self.clear_of_drains(op, what)
            if isinstance(op, CombOp):
                if COMB_KINDS.get(op.kind) != len(op.operands):
                    self.fail(f"{what}: bad comb op")
                for v in op.operands:
                    self.use(v, op.at, region, what)
                self.define(op.result, op.at, region)
            elif isinstance(op, UnitOp):
                for v in op.operands:
                    self.use(v, op.at, region, what)
                if op.unit is not None:
                    # ops on one unit issue at distinct cycles (modulo the II in a pipelined loop)
                    slot = op.at.offset % region.ii if region.ii else op.at.offset
                    on = (op.unit, op.at.var, slot)
                    if on in unit_use:
                        self.fail(f"{what} and {_describe(unit_use[on])} issue on unit {op.unit} in the same cycle")
                    unit_use[on] = op
                self.define(op.result, op.at + op.latency, region)
            elif isinstance(op, (LoadOp, StoreOp)):
                if len(op.indices) != len(op.mem.dims):
                    self.fail(f"{what}: {len(op.indices)} subscripts for a {len(op.mem.dims)}-d memref")
                if not 0 <= op.port < op.mem.ports:
                    self.fail(f"{what}: port {op.port} of {op.mem.name} does not exist")
                for v in op.indices:
                    self.use(v, op.at, region, what)
                if op.pred is not None:
                    self.use(op.pred, op.at, region, what)
                if isinstance(op, StoreOp):
                    self.use(op.value, op.at, region, what)
                    if op.value.width != op.mem.width:
                        self.fail(f"{what}: stores {op.value.width} bits into a {op.mem.width}-bit memref")
                if isinstance(op, StoreOp) or op.mem.kind != "reg":
                    slot = op.at.offset % region.ii if region.ii else op.at.offset
                    key = (op.mem, op.port, op.at.var, slot)
                    if key in port_use:
                        self.fail(f"{what} and {_describe(port_use[key])} use port {op.port} of %{op.mem.name} in the same cycle")
                    port_use[key] = op
                if isinstance(op, LoadOp):
                    self.define(op.result, op.at + op.mem.read_latency, region)
            elif isinstance(op, DelayOp):
                if op.by < 1:
                    self.fail(f"{what}: delay must be at least 1")
                self.use(op.input, op.at, region, what)
                self.define(op.result, op.at + op.by, region)
            elif isinstance(op, ForOp):
                for mem in op.exits:
                    if mem.kind != "reg" or mem not in self.fn.memrefs:
                        self.fail(f"{what}: exit flag %{mem.name} is not a register of the function")
                self.use(op.init, op.at, region, what)
                self.use(op.bound, op.at, region, what)
                self.wait_all([p for p in pending if p[1].var == op.at.var], op.at, what)
                pending = [p for p in pending if p[1].var != op.at.var]
                region.superseded.add(op.at.var)
                after_item(self.anchors, op, self.consts)
                inner_values = self.inherited(region)
                # a sequential loop holds its iterator for the whole iteration; a pipelined one
                # has it at the iteration start only (later stages use delays)
                inner_values[op.iv] = Time(op.iter_time, 0) if op.ii is not None else ALWAYS
                if op.iv.name in self.names:
                    self.fail(f"{op.iv!r} is defined twice (the printed form must name every value once)")
                self.defined.add(op.iv)
                self.names.add(op.iv.name)
                self.enclosing_ivs.add(op.iv)
                body = _Region({op.iter_time}, set(), op.ii, inner_values)
                body_loops = self.region(op.body, body, region.values)
                # an iterator is always valid inside loops nested in its body
                self.time(op.next_iter, body, f"next_iter of {op.name}")
                if op.next_iter.var == op.iter_time and op.next_iter.offset < 1:
                    self.fail(f"next_iter of {op.name} must be at least one cycle after the iteration starts")
                if op.ii is not None and op.next_iter != Time(op.iter_time, op.ii):
                    self.fail(f"pipelined loop {op.name}: next_iter must be at %{op.iter_time.name} + {op.ii}")
                if op.ii is None:
                    self.wait_all(self.body_completions(op.body, op.iter_time), op.next_iter, f"next_iter of {op.name}")
                    self.drained(op.next_iter, body_loops, f"next_iter of {op.name}")
                else:
                    self.check_pipelined(op)
                    loops.append(op)
                self.enclosing_ivs.discard(op.iv)
                region.time_vars.add(op.result)
            elif isinstance(op, IfOp):
                self.use(op.cond, op.at, region, what)
                self.wait_all([p for p in pending if p[1].var == op.at.var], op.at, what)
                pending = [p for p in pending if p[1].var != op.at.var]
                region.superseded.add(op.at.var)
                after_item(self.anchors, op, self.consts)
                for tv, body_ops, end in ((op.then_time, op.then_body, op.then_end), (op.else_time, op.else_body, op.else_end)):
                    inner_values = self.inherited(region)
                    body = _Region({tv}, set(), None, inner_values)
                    branch_loops = self.region(body_ops, body, region.values)
                    self.time(end, body, "yield")
                    self.wait_all(self.body_completions(body_ops, tv), end, "yield")
                    self.drained(end, branch_loops, "yield")
                region.time_vars.add(op.result)
            done = completion(op)
            if done is not None:
                pending.append((op, done))
        return loops

    def check_pipelined(self, op: ForOp) -> None:
        """Dependences between and within iterations; every op complete within the latency."""
        assert op.ii is not None
        for src, dst, delay, dist in op.dependences:
            assert not isinstance(src, ConstOp) and not isinstance(dst, ConstOp)
            s_at, d_at = src.at, dst.at
            if d_at.offset + op.ii * dist < s_at.offset + delay:
                self.fail(
                    f"loop {op.name}: {_describe(dst)} at {d_at} (+{dist} iterations at II={op.ii}) comes less than "
                    f"{delay} cycles after {_describe(src)} at {s_at}, which it depends on"
                )
        for inner in op.body:
            done = completion(inner)
            if done is not None and op.latency is not None and done.offset > op.latency:
                self.fail(f"loop {op.name}: {_describe(inner)} completes at {done}, after the iteration latency {op.latency}")

    def body_completions(self, ops: list[Op], tv: TimeVar) -> list[tuple[Op, Time]]:
        """Completions of the ops of a region body that must finish before it ends."""
        out: list[tuple[Op, Time]] = []
        for op in ops:
            done = completion(op)
            if done is not None:
                out.append((op, done))
        return out

    def wait_all(self, pending: list[tuple[Op, Time]], at: Time, what: str) -> None:
        for op, done in pending:
            if done.var == at.var and done.offset > at.offset:
                self.fail(f"{what} at {at} does not wait for {_describe(op)} (complete at {done})")


def _describe(op: Op) -> str:
    if isinstance(op, (CombOp, UnitOp, LoadOp, DelayOp, ConstOp)):
        name = type(op).__name__.replace("Op", "").lower()
        return f"{name} {op.result!r}"
    if isinstance(op, StoreOp):
        return f"store to %{op.mem.name}"
    if isinstance(op, ForOp):
        return f"loop {op.name}"
    if isinstance(op, IfOp):
        return f"if %{op.result.name}"
    return "return"
