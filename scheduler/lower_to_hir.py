"""Pass ``schedule``: affine model (kernel IR + isl) to the scheduled HIR-like IR.

The function body and every loop body are split into *segments*: straight-line code between
loops and ``if``s that contain loops. Inside a segment ``if``/``else`` is if-converted (predicated
memory accesses, selects for scalars) and the operations form a DAG that CP-SAT schedules
(``cpsat.py``). Segments, loops and dynamic ifs follow each other: a loop starts when the segment
before it has completed, and the code after it is timed from the loop's finish time variable.

Scalar C variables are SSA values inside a segment; a variable whose value flows from one segment
to another (across a loop boundary or from one iteration to the next) lives in a register, a 0-d
memref read with latency 0 and written with latency 1.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import struct
from collections.abc import Callable
from dataclasses import dataclass, field

import islpy as isl

from hls.diagnostics import Diagnostic, HlsError, SourceLoc, processing
from hls.ir.affine import AffineModel
from hls.ir.ctypes import INT, ArrayType, FloatType, IntType, ScalarType
from hls.ir.evaluate import address_adds, address_width, eval_expr, signed_bits, signed_digits, signed_value, trip_count
from hls.ir.hir import (
    RUN_ONCE_SCOPE,
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
    ScalarArgInfo,
    StoreOp,
    Time,
    TimeVar,
    UnitOp,
    Value,
    ram_style,
    unit_kind,
)
from hls.ir.hir_overlap import Anchors, after_item, drain, earliest_after
from hls.ir.kernel import (
    ArrayRead,
    Assign,
    Binary,
    Cast,
    Const,
    Expr,
    For,
    If,
    KernelFunction,
    MathCall,
    Return,
    Select,
    Stmt,
    Unary,
    Variable,
    VarRead,
    array_storage,
    has_loop,
    linear_form,
    nested_loops,
    print_expr,
    read_variables,
    stmt_variables,
    unique_name,
)
from hls.resources import delay_cost, operator_cost
from hls.scheduler.cpsat import (
    Dag,
    DagNode,
    MiiBound,
    ScheduleInfeasible,
    bypass_chain_edges,
    chain_constraints,
    greedy_schedule,
    lowest_ii,
    minimum_ii,
    schedule_dag,
)
from hls.scheduler.target import Target

_CMP_KIND = {"<": "lt", "<=": "le", ">": "gt", ">=": "ge"}

# (memref, kernel subscripts of an earlier access, of a later one) -> least iteration distance of a
# dependence between them in a pipelined loop, or None when there is none
# (memory, subscripts of the earlier access, of the later one, their enclosing ifs: condition, branch)
_Guards = tuple[tuple[Expr, bool], ...]
# a comparison that fails exactly where the other holds
_NEGATED_CMP = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "!=": "=="}

DistanceFn = Callable[[MemRef, "list[Expr] | None", "list[Expr] | None", _Guards, _Guards], "int | None"]
# whether two accesses of one memory may name the same element in one iteration
AliasFn = Callable[[MemRef, "list[Expr] | None", "list[Expr] | None", _Guards, _Guards], bool]
_ARITH_KIND = {"+": "add", "-": "sub", "&": "and", "|": "or", "^": "xor"}


@dataclass
class ScheduleOptions:
    target: Target
    time_limit_s: float = 2.0  # per CP-SAT call; the best schedule found by then is kept
    default_ii: int = 1  # target II of innermost loops (--ii)
    pipeline: bool = True  # pipeline innermost loops unless a pragma says otherwise
    flatten: bool = True  # pipeline perfect nests with constant bounds as one loop (loop_flatten)
    warnings: list[Diagnostic] = field(default_factory=list)
    share: bool = True  # share units within pipelined loops at an II above one (not for cost estimates)


@dataclass
class _Ctx:
    """Function-wide state of the lowering."""

    fn: KernelFunction
    opts: ScheduleOptions
    mems: dict[Variable, MemRef]
    regs: dict[Variable, MemRef]
    args: dict[Variable, Value]
    consts: dict[tuple[int, int], Value] = field(default_factory=dict)
    const_ops: list[ConstOp] = field(default_factory=list)
    names: itertools.count = field(default_factory=itertools.count)
    time_names: itertools.count = field(default_factory=itertools.count)
    iter_regs: list[MemRef] = field(default_factory=list)  # iterators of flattened loop nests

    def value(self, hint: str, width: int) -> Value:
        return Value(f"{hint}{next(self.names)}", width)

    def time_var(self, hint: str) -> TimeVar:
        return TimeVar(f"{hint}{next(self.time_names)}")

    @functools.cached_property
    def iteration_bound(self) -> int | None:
        """The innermost-loop iterations the kernel's C code executes (None: not constant)."""
        from hls.scheduler.loop_transform import iteration_bound  # (it schedules with this module)

        return iteration_bound(self.fn)

    const_value: dict[Value, int] = field(default_factory=dict)

    def const(self, value: int, width: int) -> Value:
        value &= (1 << width) - 1
        key = (value, width)
        if key not in self.consts:
            v = Value(f"c{value}_{width}" if value < 1 << 20 else f"cx{next(self.names)}_{width}", width)
            self.consts[key] = v
            self.const_value[v] = value
            self.const_ops.append(ConstOp(v, value))
        return self.consts[key]


# ---- segments: a DAG of ops scheduled together ---------------------------------------------------


# the share of a pipelined loop's cycles that sharing its units at an II above one may cost
# (a longer iteration: fill and drain once per run of the loop)
SHARING_SLACK = 0.02
# the solver's deterministic work limit for each schedule that tries sharing run-once code's units
SHARING_WORK_S = 2.0


@dataclass(frozen=True)
class _UnitResource:
    """The units of one operator kind and width that an allocation (the ``index``-th of the
    function) limits, or (``index`` -1) that a pipelined loop's II lets its ops share."""

    kind: str
    width: int
    index: int

    def name(self, unit: int) -> str:
        # (-1: shared at the II, -2: shared in code that runs once; no allocation)
        scope = f"a{self.index}" if self.index >= 0 else ("ii" if self.index == -1 else RUN_ONCE_SCOPE)
        return f"{self.kind}_w{self.width}_{scope}_u{unit}"


def _no_op(operands: list[Value], at: Time) -> Op:
    """The build of a node that only stands for delay in the schedule (it makes no op)."""
    raise AssertionError("a delay-only node is never built")


@dataclass(eq=False)
class _Pending:
    """An op of a segment before scheduling: ``make(at)`` builds the HIR op once times are known."""

    node: int
    result: Value | None
    operands: list[Value]
    build: object  # callable(operands, at) -> Op
    loc: SourceLoc | None


class _Segment:
    """Lowers straight-line statements into a DAG, schedules it and materialises HIR ops."""

    def __init__(self, ctx: _Ctx, loops: list[tuple[For, Value]]) -> None:
        self.ctx = ctx
        self.loops = loops  # enclosing loops (innermost last) with their iterator values
        self.dag = Dag()
        self.items: list[_Pending] = []
        self.producer: dict[Value, int] = {}  # value -> index in items
        self.extensions: dict[Value, str] = {}  # the results of sign and zero extensions: their kinds
        self.vars: dict[Variable, Value] = {}
        self.dirty: set[Variable] = set()
        self.solved: tuple[list[int], int, dict[int, int]] | None = None  # set when the caller searched the II
        self.mem_log: dict[MemRef, list[tuple[int, bool]]] = {}  # (item index, is_store)
        self.mem_subs: dict[int, list[Expr] | None] = {}  # kernel subscripts of each memory op
        self.guard_stack: list[tuple[Expr, bool]] = []  # the kernel ifs being if-converted
        self.mem_guards: dict[int, _Guards] = {}  # the ifs around each memory op
        self.memory_deps: list[tuple[int, int, int, int]] = []  # (src node, dst node, delay, distance)
        self.order_edges: list[tuple[MemRef, int, int, int]] = []  # C's order within an iteration: (memory, src, dst, delay)
        self.op_of_node: dict[int, Op] = {}
        # reads of a register carried from the previous iteration: its write (-1: one of several)
        self.bypass_writes: dict[int, list[int]] = {}
        self.iterator_regs: set[MemRef] = set()  # a flattened nest's iterator registers (``odometer``)
        # per memory: the element last stored or loaded in this segment (by subscript key) and
        # its value, with the predicate it was accessed under; any other store forgets it
        self.known: dict[MemRef, dict[tuple[object, ...], tuple[Value, Value | None, list[Expr] | None]]] = {}
        # item index -> which of several independent loops run as one pipeline it belongs to
        self.unit_of: dict[int, int] = {}
        self.unit_limits: dict[_UnitResource, int] = {}  # operators '#pragma HLS allocation' limits
        self.free_units: dict[int, tuple[str, int]] = {}  # unit ops no allocation limits: (kind, width)
        self.unit_costs: dict[int, tuple[float, float, float]] = {}  # (DSP, LUT, FF) of each unit op's unit
        # the result of each unit op by (kind, width, operands, allocation): an operation on the
        # same values is computed once (adi's ``a * p[i][j-1] + b``, written twice in one
        # iteration, needs one multiplier and one adder; the same value, so still bit-exact)
        self.unit_results: dict[tuple[str, int, tuple[Value, ...], int | None], Value] = {}
        self.selected_bits: dict[int, int] = {}  # the combinational conditions of selections: the bits they select

    # -- value helpers --
    @property
    def target(self) -> Target:
        return self.ctx.opts.target

    def _emit(self, node: DagNode, result: Value | None, operands: list[Value], build: object, loc: SourceLoc | None) -> int:
        idx = self.dag.add(node)
        self.items.append(_Pending(idx, result, operands, build, loc))
        for v in operands:
            p = self.producer.get(v)
            if p is not None:
                lat = self.dag.nodes[p].latency
                self.dag.edge(p, idx, lat)
                self.dag.data_edges.append((p, idx))
        if result is not None:
            self.producer[result] = idx
        return idx

    def comb(self, kind: str, operands: list[Value], width: int, loc: SourceLoc | None, hint: str = "", const_shift: bool = False) -> Value:
        folded = _fold_comb(kind, [self.ctx.const_value.get(v) for v in operands], [v.width for v in operands], width)
        if folded is not None:
            return self.ctx.const(folded, width)
        res = self.ctx.value(hint or kind, width)
        if kind in ("sext", "zext"):
            self.extensions[res] = kind
        delay = self.target.comb_delay(kind, max(v.width for v in operands), const_shift)
        self._emit(DagNode(0, delay, None, width), res, operands, lambda ops, at, k=kind, r=res, lc=loc: CombOp(r, k, ops, at, lc), loc)
        if kind == "select" and (cond := self.producer.get(operands[0])) is not None and self.dag.nodes[cond].latency == 0:
            self._count_selected_bits(cond, width)
        return res

    def _count_selected_bits(self, cond: int, width: int) -> None:
        """A combinational condition's delay includes its route to the selections it drives."""
        before = self.selected_bits.get(cond, 0)
        self.selected_bits[cond] = before + width
        route = self.target.condition_route_delay
        self.dag.nodes[cond].comb_delay += route(before + width) - route(before)

    def unit(self, kind: str, operands: list[Value], width: int, loc: SourceLoc | None) -> Value:
        if self.ctx.fn.binding_of(kind, loc) == "fabric":  # '#pragma HLS bind_op ... impl=fabric'
            kind = f"{kind}_fabric"
        alloc = self.ctx.fn.allocation_of(kind, loc)
        key = (kind, width, tuple(operands), None if alloc is None else self.ctx.fn.allocations.index(alloc))
        if (earlier := self.unit_results.get(key)) is not None:
            return earlier
        res = self.ctx.value(kind, width)
        self.unit_results[key] = res
        lat = self.target.unit_latency(kind, max([width] + [v.width for v in operands]))
        operand_width = max(v.width for v in operands)
        resource = None
        if alloc is not None:
            # '#pragma HLS allocation': the ops it limits are a resource of ``limit`` units (per
            # operand width: units of one kind and width are what ops can share)
            resource = _UnitResource(kind, operand_width, self.ctx.fn.allocations.index(alloc))
            self.unit_limits[resource] = alloc.limit
        idx = len(self.dag.nodes)
        if alloc is None:
            self.free_units[idx] = (unit_kind(kind), operand_width)
        self.unit_costs[idx] = operator_cost(kind, max([width] + [v.width for v in operands]), width, lat, self.target)

        def build(ops: list[Value], at: Time, unit: int = 0, k: str = kind, r: Value = res, lc: SourceLoc | None = loc) -> Op:
            # (a pipelined loop at an II above one may have made the op a shared resource since,
            # and sharing in run-once code may have registered its operands: a cycle more)
            node = self.dag.nodes[idx]
            on = node.resource
            return UnitOp(r, k, ops, node.latency, at, lc, on.name(unit) if isinstance(on, _UnitResource) else None)

        self._emit(DagNode(lat, 0.0, resource, width), res, operands, build, loc)
        return res

    def share_units(self, ii: int, trip: int | None) -> None:
        """At an II above one, lets the unit ops no allocation limits share units (Vitis HLS's
        sharing within a pipeline): ops of one kind and width become a resource of as few units
        as the II allows, if the iteration gets no longer than ``SHARING_SLACK`` of the loop's
        cycles (``trip`` iterations; unknown: no longer at all); else nothing changes."""
        assert self.solved is not None
        groups: dict[tuple[str, int], list[int]] = {}
        for idx, key in self.free_units.items():
            groups.setdefault(key, []).append(idx)
        added: dict[_UnitResource, int] = {}
        for (kind, width), nodes in groups.items():
            units = -(-len(nodes) // ii)
            if units < len(nodes):
                res = _UnitResource(kind, width, -1)
                added[res] = units
                for idx in nodes:
                    self.dag.nodes[idx].resource = res
        if not added:
            return
        self.unit_limits.update(added)
        try:
            shared = schedule_dag(self.dag, self.target.budget_ns, 1, self.ctx.opts.time_limit_s, ii, self.capacity())
        except ScheduleInfeasible:
            shared = None
        length = self.solved[1]
        slack = int(SHARING_SLACK * (trip * ii + length)) if trip is not None else 0
        if shared is not None and shared[1] <= length + slack:
            self.solved = shared
            return
        for res in added:
            del self.unit_limits[res]
        for nodes in groups.values():
            for idx in nodes:
                self.dag.nodes[idx].resource = None

    def join_limited_units(self, min_length: int) -> None:
        """In code outside pipelines, lets the unit ops no allocation limits issue on
        the units an allocation limits in this segment where they are of the same kind of unit
        (an ``fsub`` on the limited ``fadd`` units: both are add/sub units), so they need no unit
        of their own; kept only if the segment gets no longer (its cycles stay the same)."""
        targets = {(unit_kind(res.kind), res.width): res for res in self.unit_limits if res.index >= 0}
        joined = [(idx, targets[key]) for idx, key in self.free_units.items() if key in targets]
        if not joined:
            return
        try:
            alone = schedule_dag(self.dag, self.target.budget_ns, min_length, self.ctx.opts.time_limit_s, None, self.capacity())
        except ScheduleInfeasible:
            return
        for idx, res in joined:
            self.dag.nodes[idx].resource = res
        try:
            shared = schedule_dag(self.dag, self.target.budget_ns, min_length, self.ctx.opts.time_limit_s, None, self.capacity())
        except ScheduleInfeasible:
            shared = None
        if shared is not None and shared[1] <= alone[1]:
            self.solved = shared
            for idx, _ in joined:
                del self.free_units[idx]
            return
        for idx, _ in joined:
            self.dag.nodes[idx].resource = None
        self.solved = alone

    def retime(self, idx: int, more: int) -> None:
        """Node ``idx`` (a unit op) ``more`` cycles longer: its latency and the edges it starts."""
        if not more:
            return
        node = self.dag.nodes[idx]
        self.dag.edges = [(a, b, d + more if a == idx and d == node.latency else d, dist) for a, b, d, dist in self.dag.edges]
        node.latency += more

    def share_run_once(self, min_length: int) -> None:
        """In the function's own straight-line code (it runs once per call), the unit ops no
        allocation limits share as few units of each kind and width as keep the code about as
        short as with a unit for every op that issues beside another (Vitis HLS shares operators
        outside pipelines): deriche's expf and powf, inlined four times, issue their double
        multiply-adds on fewer fma units at the same latency. Where the target registers
        the shared operands (ECP5: a cycle more for each op per level of registers) the code may
        grow by ``SHARING_SLACK`` of the kernel's cycles (the C program's innermost iterations),
        elsewhere not at all (the default target keeps its cycles). Its LUTs and FFs (units, and
        registers holding values longer) must shrink too: on ECP5, whose long delays are RAM delay lines,
        they do; in flip-flops they may not."""
        groups: dict[tuple[str, int], list[int]] = {}
        for idx, key in self.free_units.items():
            groups.setdefault(key, []).append(idx)
        if not any(len(nodes) > 1 for nodes in groups.values()):
            return
        if self.solved is None:
            try:
                self.solved = schedule_dag(self.dag, self.target.budget_ns, min_length, self.ctx.opts.time_limit_s, None, self.capacity())
            except ScheduleInfeasible:
                return
        starts, length = self.solved[0], self.solved[1]
        extra = self.target.once_operand_registers
        # what the code may grow by, with the operands' registers: SHARING_SLACK of the kernel's
        # cycles, at least one cycle per innermost iteration of the C program (unknown: nothing)
        allowed = length + (int(SHARING_SLACK * (self.ctx.iteration_bound or 0)) if extra else 0)
        # the units binding makes of each kind: the most of its ops issuing in one cycle
        most: dict[tuple[str, int], int] = {}
        for key, nodes in groups.items():
            issues: dict[int, int] = {}
            for idx in nodes:
                issues[starts[idx]] = issues.get(starts[idx], 0) + 1
            if max(issues.values()) > 1:
                most[key] = max(issues.values())

        def put(limits: dict[tuple[str, int], int], on: bool) -> None:
            """Puts the ops of ``limits``' kinds on (or takes them off) their shared units."""
            for key, limit in limits.items():
                res = _UnitResource(key[0], key[1], -2)
                if on:
                    self.unit_limits[res] = limit
                else:
                    del self.unit_limits[res]
                for idx in groups[key]:
                    self.dag.nodes[idx].resource = res if on else None
                    self.retime(idx, extra if on else -extra)

        def attempt(limits: dict[tuple[str, int], int]) -> tuple[list[int], int, dict[int, int]] | None:
            put(limits, True)
            try:
                # (a shorter work limit than the schedule's own: a sharing the solver cannot show
                # to keep the length soon is not worth the compile time)
                found = schedule_dag(self.dag, self.target.budget_ns, min_length, min(self.ctx.opts.time_limit_s, SHARING_WORK_S), None, self.capacity())
            except ScheduleInfeasible:
                found = None
            put(limits, False)
            return found if found is not None and found[1] <= allowed else None

        def area(found: tuple[list[int], int, dict[int, int]], units: dict[tuple[str, int], int]) -> float:
            """LUTs and FFs of the units and of the registers holding values until their use."""
            valid = {it.result: found[0][it.node] + self.dag.nodes[it.node].latency for it in self.items if it.result is not None}
            holds: dict[Value, int] = {}
            for it in self.items:
                for v in it.operands:
                    if v in valid and found[0][it.node] > valid[v]:
                        holds[v] = max(holds.get(v, 0), found[0][it.node] - valid[v])
            total = sum(sum(delay_cost(v.width, by, self.target)) for v, by in holds.items())
            return total + sum(n * sum(self.unit_costs[groups[key][0]][1:]) for key, n in units.items())

        # one unit of each kind, else half the units each kind had: the first the length allows
        # and whose area is smaller (kept if the holding of values the sharing delays costs
        # less than the units it saves)
        for fewest in (dict.fromkeys(most, 1), {key: (n + 1) // 2 for key, n in most.items() if (n + 1) // 2 > 1}):
            shared = attempt(fewest) if fewest else None
            if shared is not None and area(shared, {**most, **fewest}) < area(self.solved, most):
                put(fewest, True)
                for key in fewest:
                    for idx in groups[key]:
                        del self.free_units[idx]
                self.solved = shared
                return

    def element_key(self, indices: list[Value], subs: list[Expr] | None) -> tuple[object, ...] | None:
        """What identifies an array element within one iteration: the subscript values when they
        are loop iterators or constants (the same SSA values), or subscript expressions of loop
        iterators and arguments only (``table[k + 1][j]``: the same text, the same element), else None."""
        key: list[object] = []
        for n, v in enumerate(indices):
            const = self.ctx.const_value.get(v)
            if const is not None:
                key.append(("c", const, v.width))
            elif any(iv is v for _, iv in self.loops):
                key.append(v)
            elif subs is not None and self.stable(subs[n]):
                key.append(("e", print_expr(subs[n])))
            else:
                return None
        return tuple(key)

    def stable(self, e: Expr) -> bool:
        """Whether ``e`` reads only the enclosing loops' iterators and arguments never written
        (so it has one value within an iteration)."""
        iterators = {lp.var for lp, _ in self.loops}
        for var in read_variables(e, arrays=True):
            if var.is_array or var in self.vars or not (var in iterators or (var in self.ctx.args and var not in self.ctx.regs)):
                return False
        return True

    def load(self, mem: MemRef, indices: list[Value], pred: Value | None, loc: SourceLoc | None, subs: list[Expr] | None = None) -> Value:
        key = self.element_key(indices, subs) if mem.kind != "reg" else None
        if key is not None:
            # the same element was stored or loaded before in this iteration, on every path
            # where this load runs: reuse its value (no second port access)
            seen = self.known.get(mem, {}).get(key)
            if seen is not None and (seen[1] is None or seen[1] is pred):
                return seen[0]
        res = self.ctx.value(f"{mem.name}_rd", mem.width)
        ops = indices + ([pred] if pred is not None else [])
        n = len(indices)
        resource = None if mem.kind == "reg" else mem

        def build(o: list[Value], at: Time, port: int = 0, m: MemRef = mem, r: Value = res, k: int = n, lc: SourceLoc | None = loc) -> Op:
            return LoadOp(r, m, port, o[:k], o[k] if len(o) > k else None, at, lc)

        idx = self._emit(DagNode(mem.read_latency, 0.0, resource, mem.width, self.port_delay(mem, indices)), res, ops, build, loc)
        self.iterator_select(idx, indices)
        self.mem_subs[idx] = subs
        self.mem_guards[idx] = tuple(self.guard_stack)
        self._order(mem, idx, is_store=False)
        if key is not None:
            self.known.setdefault(mem, {})[key] = (res, pred, subs)
        return res

    def port_delay(self, mem: MemRef, indices: list[Value]) -> float:
        """The delay from the indices of an access to ``mem`` to the RAM (its address's
        additions and the port), which the logic computing the indices must leave room for: a
        block RAM's, which sits in the device's RAM columns, away from the logic (a LUT RAM or
        registers sit beside it; an argument's RAM is outside the design)."""
        if mem.kind != "bram" or not indices or ram_style(mem, set(), self.target.lutram_max_bits) != "block":
            return 0.0
        constant = [v in self.ctx.const_value for v in indices]
        return self.target.port_input_delay(address_adds(mem.dims, constant), address_width(mem.depth))

    def iterator_select(self, idx: int, indices: list[Value]) -> None:
        """For an access (node ``idx``) whose port delay counts: where an index is the innermost
        loop's iterator, that iterator as the loop controller makes it in the iteration's first
        cycle (its first value or the next one, selected by the iteration-start pulse: the
        target's ``loop_entry_ns``) chained before the address; after that cycle it is a
        register. cholesky on ECP5 (86.87 MHz): an iteration-start pulse, the iterator's
        selection and a row buffer's address were one path."""
        if self.dag.nodes[idx].input_delay <= 0 or not self.loops:
            return
        iv = self.loops[-1][1]
        if any(v is iv for v in indices) and iv not in self.producer:
            select = self._emit(DagNode(0, self.target.loop_entry_ns, None, 0), None, [], _no_op, None)
            self.dag.edge(select, idx, 0)
            self.dag.data_edges.append((select, idx))

    def store(self, mem: MemRef, indices: list[Value], value: Value, pred: Value | None, loc: SourceLoc | None, subs: list[Expr] | None = None) -> None:
        ops = indices + [value] + ([pred] if pred is not None else [])
        n = len(indices)

        def build(o: list[Value], at: Time, port: int = 0, m: MemRef = mem, k: int = n, lc: SourceLoc | None = loc) -> Op:
            return StoreOp(m, port, o[:k], o[k], o[k + 1] if len(o) > k + 1 else None, at, lc)

        idx = self._emit(DagNode(mem.write_latency, 0.0, mem, 0, self.port_delay(mem, indices)), None, ops, build, loc)
        self.iterator_select(idx, indices)
        self.mem_subs[idx] = subs
        self.mem_guards[idx] = tuple(self.guard_stack)
        self._order(mem, idx, is_store=True)
        # another element may be this one under other subscripts: only this store is known now,
        # and the elements whose subscripts surely differ from its own (a[j - 1] after a[j])
        key = self.element_key(indices, subs) if mem.kind != "reg" else None
        kept: dict[tuple[object, ...], tuple[Value, Value | None, list[Expr] | None]] = {}
        if key is not None and subs is not None and all(self.stable(x) for x in subs):
            for k, entry in self.known.get(mem, {}).items():
                if entry[2] is not None and all(self.stable(x) for x in entry[2]) and _surely_differ(subs, entry[2]):
                    kept[k] = entry
            kept[key] = (value, pred, subs)
        self.known[mem] = kept

    def _order(self, mem: MemRef, idx: int, is_store: bool) -> None:
        """Keeps C's order between accesses of one memory (conservatively: any two may alias)."""
        for prev, prev_store in self.mem_log.get(mem, []):
            delay = _order_delay(mem, prev_store, is_store)
            if delay is not None:
                self.dag.edge(prev, idx, delay)
                self.memory_deps.append((prev, idx, delay, 0))
                self.order_edges.append((mem, prev, idx, delay))
        self.mem_log.setdefault(mem, []).append((idx, is_store))

    def carried_edges(self, distance: DistanceFn | list[DistanceFn], alias: AliasFn | list[AliasFn] | None = None) -> None:
        """Dependences between iterations of a pipelined loop: ``s_dst + II*d >= s_src + delay``;
        with a distance function per unit (loops with no dependence between them, merged), arrays
        accessed by different units carry none. With ``alias`` (per unit too), C's order within an
        iteration is kept only between accesses that may name the same element in it."""
        if alias is not None:
            self.prune_order_edges(alias)
        bypasses: list[tuple[int, int, float]] = []  # (register's write, its read in the next iteration, multiplexer ns)
        for mem, log in self.mem_log.items():
            for a, a_store in log:
                for b, b_store in log:
                    if not (a_store or b_store):
                        continue
                    if mem.kind == "reg":
                        d: int | None = 1  # the same register every iteration
                    elif isinstance(distance, list):
                        unit = self.unit_of[a]
                        if self.unit_of[b] != unit:
                            continue
                        d = distance[unit](mem, self.mem_subs[a], self.mem_subs[b], self.mem_guards[a], self.mem_guards[b])
                    else:
                        d = distance(mem, self.mem_subs[a], self.mem_subs[b], self.mem_guards[a], self.mem_guards[b])
                    if d is None:
                        continue
                    delay = _order_delay(mem, a_store, b_store)
                    assert delay is not None
                    if mem.kind == "reg" and a_store and not b_store:
                        # the next iteration reads the register through a bypass in the cycle of
                        # the write; within one iteration the write then comes a cycle after the
                        # read. With one write in the body, a read may also come in the write's
                        # own cycle, where the register still holds the previous iteration's value
                        # (the write lands at the cycle's end): ``sink_register_reads`` moves reads
                        # there after scheduling; with more writes, one of them may share the
                        # read's cycle, which the bypass would forward
                        delay = 0
                        single = sum(1 for _, st in log if st) == 1
                        self.bypass_writes.setdefault(b, []).append(a if single else -1)
                        if mem not in self.iterator_regs:
                            bypasses.append((a, b, self.target.comb_delay("select", mem.width)))
                        self.dag.edge(b, a, 1, 0)
                        self.memory_deps.append((b, a, 0 if single else 1, 0))
                    self.dag.edge(a, b, delay, d)
                    self.memory_deps.append((a, b, delay, d))
        # the logic before a register's write and after its read through the bypass share a cycle
        # (u64_mix on ECP5: a hash's 64-bit subtraction, the bypass, an xor and a 64-bit addition;
        # floyd-warshall's path[i][k]: a comparison, three selections and an addition), within
        # the target's ``bypass_chain_ns``. Not a flattened nest's iterators: their few bits of
        # increments, comparisons and selections are some LUTs deep, which the delays per
        # operation, set by wide carry chains, count as 32-bit ones (correlation's triangular nest
        # met 104 MHz on ECP5 with such a chain the model puts at 9.1 ns)
        for a, b, delay, d in bypass_chain_edges(self.dag, self.target.bypass_chain_ns, bypasses):
            self.dag.edge(a, b, delay, d)

    def prune_order_edges(self, alias: AliasFn | list[AliasFn]) -> None:
        """Drops the order edges (``_order``) between accesses of one iteration that never name
        the same element in it (isl, on their subscripts and guards): a store of ``A[2u]`` before a
        load of ``A[2u + 2]`` in a loop unrolled by 2. Such an edge closed a recurrence with the
        carried one between them (jacobi-1d unrolled: II 36 instead of 3)."""
        dropped: list[tuple[int, int, int]] = []
        for mem, a, b, delay in self.order_edges:
            if mem.kind == "reg" or self.mem_subs.get(a) is None or self.mem_subs.get(b) is None:
                continue
            if isinstance(alias, list):
                if self.unit_of.get(a) != self.unit_of.get(b) or self.unit_of.get(a) is None:
                    continue
                fn = alias[self.unit_of[a]]
            else:
                fn = alias
            if not fn(mem, self.mem_subs[a], self.mem_subs[b], self.mem_guards[a], self.mem_guards[b]):
                dropped.append((a, b, delay))
        if not dropped:
            return
        # (one copy of each: a data edge may be the same triple, a load's value stored back)
        gone = set(dropped)
        self.order_edges = [e for e in self.order_edges if (e[1], e[2], e[3]) not in gone]
        for a, b, delay in dropped:
            self.dag.edges.remove((a, b, delay, 0))
            self.memory_deps.remove((a, b, delay, 0))

    def capacity(self) -> dict[object, int]:
        """Ports per memory and units per allocated operator: how many accesses or issues one
        cycle (one modulo slot) can take."""
        out: dict[object, int] = {m: m.ports for m in self.mem_log}
        for res, limit in self.unit_limits.items():
            out[res] = limit
        return out

    def sink(self, operands: list[Value], delay_ns: float = 0.0) -> int:
        """A zero-latency placeholder standing for the op that consumes values at the segment end
        (``delay_ns``: its own logic, chained after them)."""
        return self._emit(DagNode(0, delay_ns, None, 0), None, operands, None, None)

    # -- statements --
    def stmts(self, stmts: list[Stmt], pred: Value | None) -> None:
        for s in stmts:
            with processing(s.loc):
                if isinstance(s, Assign):
                    self.assign(s, pred)
                elif isinstance(s, If):
                    self.if_convert(s, pred)
                else:
                    raise AssertionError("segments hold assignments and static ifs only")

    def assign(self, s: Assign, pred: Value | None) -> None:
        if s.indices is None:
            # under a predicate the enclosing if's merge selects between this and the old value
            value = self.expr(s.value, pred)
            self.vars[s.var] = value
            self.dirty.add(s.var)
            return
        mem = self.ctx.mems[s.var]
        indices = [self.expr(i, pred) for i in s.indices]
        value = self.expr(s.value, pred)
        self.store(mem, indices, value, pred, s.loc, s.indices)

    def if_convert(self, s: If, pred: Value | None) -> None:
        self.guarded(self.cond(s.cond, pred), s.then_body, s.else_body, pred, s.loc, s.cond)

    def guarded(
        self, c: Value, then_body: list[Stmt], else_body: list[Stmt], pred: Value | None, loc: SourceLoc, cond: Expr | None = None
    ) -> None:
        """``if (c) then_body else else_body`` if-converted: predicated memory accesses, and a
        select of the two paths' values for each scalar either path assigns; ``cond``: the
        kernel's condition, if any (the distances between accesses see the iterations it selects)."""
        p_then = c if pred is None else self.comb("and", [pred, c], 1, loc, "p")
        nc = self.comb("not", [c], 1, loc, "nc")
        p_else = nc if pred is None else self.comb("and", [pred, nc], 1, loc, "p")
        before = dict(self.vars)
        if cond is not None:
            self.guard_stack.append((cond, True))
        self.stmts(then_body, p_then)
        after_then = dict(self.vars)
        self.vars = dict(before)
        if cond is not None:
            self.guard_stack[-1] = (cond, False)
        self.stmts(else_body, p_else)
        if cond is not None:
            self.guard_stack.pop()
        after_else = self.vars
        merged = dict(before)
        assigned = _written(then_body) | _written(else_body)
        for var in sorted(assigned, key=lambda v: v.name):
            t = after_then.get(var)
            e = after_else.get(var)
            if t is e:
                if t is not None:
                    merged[var] = t
                continue
            if t is None or e is None:
                self.vars = dict(before)
                old = self.read_var(var, None, loc, for_merge=True)
                if old is None:  # no value on the other path: C reads it only where it was assigned
                    merged[var] = t if t is not None else e  # type: ignore[assignment]
                    continue
                t, e = (t, old) if t is not None else (old, e)
                self.vars = after_else
            assert t is not None and e is not None
            merged[var] = self.comb("select", [c, t, e], t.width, loc, "phi")
        self.vars = merged

    # -- expressions --
    def read_var(self, var: Variable, pred: Value | None, loc: SourceLoc, for_merge: bool = False) -> Value | None:
        if var in self.vars:
            return self.vars[var]
        for lp, iv in self.loops:
            if lp.var is var:
                return iv
        if var in self.ctx.args and var not in self.ctx.regs:
            return self.ctx.args[var]
        if var in self.ctx.regs:
            v = self.load(self.ctx.regs[var], [], None, loc)
            self.vars[var] = v
            return v
        if for_merge:
            return None
        # read of a variable never written on any path reaching here: C leaves it undefined
        assert not isinstance(var.type, ArrayType)
        return self.ctx.const(0, var.type.width)

    def expr(self, e: Expr, pred: Value | None) -> Value:
        if isinstance(e, Const):
            return self.ctx.const(_const_bits(e.value, e.type), e.type.width)
        if isinstance(e, MathCall):
            return self.math(e, pred)
        if isinstance(e, VarRead):
            v = self.read_var(e.var, pred, e.loc)
            assert v is not None
            return v
        if isinstance(e, ArrayRead):
            mem = self.ctx.mems[e.array]
            return self.load(mem, [self.expr(i, pred) for i in e.indices], pred, e.loc, e.indices)
        if isinstance(e, Cast):
            return self.cast(self.expr(e.operand, pred), e.operand.type, e.type, e.loc)
        if isinstance(e, Unary):
            if e.op == "!":
                return self.cast(self.comb("not", [self.cond(e.operand, pred)], 1, e.loc), _BOOL_T, e.type, e.loc)
            if e.op == "bits":  # (the same bits, another type)
                return self.expr(e.operand, pred)
            if isinstance(e.type, FloatType):  # IEEE negation flips the sign bit, NaN included
                sign = self.ctx.const(1 << (e.type.width - 1), e.type.width)
                return self.comb("xor", [self.expr(e.operand, pred), sign], e.type.width, e.loc, "fneg")
            kind = "neg" if e.op == "-" else "not"
            return self.comb(kind, [self.expr(e.operand, pred)], e.type.width, e.loc)
        if isinstance(e, Select):
            c = self.cond(e.cond, pred)
            p_t = c if pred is None else self.comb("and", [pred, c], 1, e.loc, "p")
            nc = self.comb("not", [c], 1, e.loc, "nc")
            p_f = nc if pred is None else self.comb("and", [pred, nc], 1, e.loc, "p")
            a = self.expr(e.if_true, p_t if _has_load(e.if_true) else pred)
            b = self.expr(e.if_false, p_f if _has_load(e.if_false) else pred)
            return self.comb("select", [c, a, b], e.type.width, e.loc, "sel")
        assert isinstance(e, Binary)
        if e.op in ("<", "<=", ">", ">=", "==", "!=", "&&", "||"):
            return self.cast(self.cond(e, pred), _BOOL_T, e.type, e.loc)
        a = self.expr(e.lhs, pred)
        b = self.expr(e.rhs, pred)
        w = e.type.width
        if isinstance(e.type, FloatType):
            # a product by +-2^k, or a quotient by it (the same exact value, rounded once), as
            # the operation computes it: the exponent moves, no significand product or division
            factors = ((a, b, False), (b, a, False)) if e.op == "*" else ((a, b, True),) if e.op == "/" else ()
            for x, factor, divide in factors:
                if (scale := _power_of_two_scale(self.ctx.const_value.get(factor), e.type, divide)) is not None:
                    return self.unit(_fp_prefix(e.type) + "scale_" + scale, [x], w, e.loc)
            return self.unit(_fp_prefix(e.type) + _FP_KIND[e.op], [a, b], w, e.loc)
        if e.op in _ARITH_KIND:
            return self.comb(_ARITH_KIND[e.op], [a, b], w, e.loc)
        if e.op == "*":
            by_const = isinstance(e.lhs, Const) or isinstance(e.rhs, Const)
            for x, factor in ((a, b), (b, a)):
                if (known := self.ctx.const_value.get(factor)) is not None:
                    reduced = self.by_constant(x, known, w, e.loc)
                    if reduced is not None:
                        return reduced
                    by_const = True
                    break
            if by_const and not self.target.constant_product_unit:
                return self.comb("mul", [a, b], w, e.loc)
            return self.unit("mul", [a, b], w, e.loc)
        if e.op in ("/", "%"):
            signed = e.type.signed
            divisor = eval_expr(e.rhs, {})
            if divisor is not None and divisor > 0 and divisor & (divisor - 1) == 0:
                return self.by_power_of_two(e.op, a, divisor.bit_length() - 1, signed, w, e.loc)
            kind = ("s" if signed else "u") + ("div" if e.op == "/" else "rem")
            return self.unit(kind, [a, b], w, e.loc)
        if e.op in ("<<", ">>"):
            kind = "shl" if e.op == "<<" else "ashr" if e.type.signed else "lshr"
            return self.comb(kind, [a, self.shift_count(b, w, e.loc)], w, e.loc, const_shift=isinstance(e.rhs, Const))
        raise AssertionError(e.op)

    def shift_count(self, count: Value, width: int, loc: SourceLoc | None) -> Value:
        """The count of a C shift of a ``width``-bit int or long: C leaves counts outside
        [0, width) undefined; the host the program is compared with (gcc on x86-64, as AArch64)
        shifts by the count's low bits, constant or not, so the hardware does too (CHStone motion
        shifts its bit buffer by 200). Other widths keep the count whole."""
        if width not in (32, 64):
            return count
        known = self.ctx.const_value.get(count)
        if known is not None:
            return self.ctx.const(known & (width - 1), count.width)
        return self.comb("and", [count, self.ctx.const(width - 1, count.width)], count.width, loc)

    def by_constant(self, x: Value, c: int, w: int, loc: SourceLoc | None) -> Value | None:
        """``x * c`` modulo 2**w as shifted copies of x added or subtracted in a balanced tree (the
        canonical signed digits of c as a signed w-bit value: -2 is -(x << 1), 7 is (x << 3) - x),
        or None when c has more digits than the target's ``constant_product_digits``. Synthesis
        maps a constant product to a DSP multiplier, too slow for the controller paths it sits on
        (jacobi-1d's skewed subscripts on ECP5)."""
        if x.width != w:
            return None
        digits = signed_digits(signed_value(c, w))
        if len(digits) > self.target.constant_product_digits:
            return None
        const = self.ctx.const
        if not digits:
            return const(0, w)

        def shifted(pos: int) -> Value:
            return x if pos == 0 else self.comb("shl", [x, const(pos, w)], w, loc, "sh", const_shift=True)

        digits.sort(key=lambda pd: -pd[1])  # positive digits first: a negation only when all are negative
        terms = [(shifted(pos), d) for pos, d in digits]
        while len(terms) > 1:  # pairwise: log2(digits) additions deep
            paired: list[tuple[Value, int]] = []
            for (a, da), (b, db) in zip(terms[0::2], terms[1::2]):
                if da == db:
                    paired.append((self.comb("add", [a, b], w, loc, "prod"), da))
                else:
                    pos, neg = (a, b) if da > 0 else (b, a)
                    paired.append((self.comb("sub", [pos, neg], w, loc, "prod"), 1))
            if len(terms) % 2:
                paired.append(terms[-1])
            terms = sorted(paired, key=lambda t: -t[1])
        value, sign = terms[0]
        return value if sign > 0 else self.comb("neg", [value], w, loc, "prod")

    def by_power_of_two(self, op: str, x: Value, k: int, signed: bool, w: int, loc: SourceLoc | None) -> Value:
        """``x / 2**k`` or ``x % 2**k`` with C's semantics (the quotient truncated toward zero)
        as shifts, a mask and an addition instead of a divider."""
        const = self.ctx.const
        if k == 0:
            return x if op == "/" else const(0, w)
        mask = (1 << w) - 1
        if not signed:
            if op == "/":
                return self.comb("lshr", [x, const(k, w)], w, loc, "quot", const_shift=True)
            return self.comb("and", [x, const((1 << k) - 1, w)], w, loc, "rem")
        # a negative dividend is biased by 2**k - 1 first, so the arithmetic shift rounds to zero
        sign = self.comb("ashr", [x, const(w - 1, w)], w, loc, "sign", const_shift=True)
        bias = self.comb("lshr", [sign, const(w - k, w)], w, loc, "bias", const_shift=True)
        biased = self.comb("add", [x, bias], w, loc, "biased")
        if op == "/":
            return self.comb("ashr", [biased, const(k, w)], w, loc, "quot", const_shift=True)
        multiple = self.comb("and", [biased, const(mask & ~((1 << k) - 1), w)], w, loc, "mult")
        return self.comb("sub", [x, multiple], w, loc, "rem")

    def cond(self, e: Expr, pred: Value | None) -> Value:
        """A 1-bit value: ``e != 0``."""
        if isinstance(e, Binary) and e.op in ("<", "<=", ">", ">=", "==", "!="):
            a, b = self.expr(e.lhs, pred), self.expr(e.rhs, pred)
            if isinstance(e.lhs.type, FloatType):  # C's comparisons are ordered except !=
                return self.unit(f"{_fp_prefix(e.lhs.type)}cmp_{_FP_PRED[e.op]}", [a, b], 1, e.loc)
            if e.op in ("==", "!="):
                kind = "eq" if e.op == "==" else "ne"
            else:
                kind = ("s" if e.lhs.type.signed else "u") + _CMP_KIND[e.op]
            return self.comb(kind, [a, b], 1, e.loc)
        if isinstance(e, Binary) and e.op in ("&&", "||"):
            a = self.cond(e.lhs, pred)
            rhs_pred = pred
            if _has_load(e.rhs):  # the right operand runs only when C evaluates it
                guard = a if e.op == "&&" else self.comb("not", [a], 1, e.loc, "nc")
                rhs_pred = guard if pred is None else self.comb("and", [pred, guard], 1, e.loc, "p")
            b = self.cond(e.rhs, rhs_pred)
            return self.comb("and" if e.op == "&&" else "or", [a, b], 1, e.loc)
        if isinstance(e, Unary) and e.op == "!":
            return self.comb("not", [self.cond(e.operand, pred)], 1, e.loc)
        v = self.expr(e, pred)
        if isinstance(e.type, FloatType):
            zero = self.ctx.const(0, e.type.width)
            return self.unit(f"{_fp_prefix(e.type)}cmp_une", [v, zero], 1, e.loc)
        return v if v.width == 1 else self.comb("bool", [v], 1, e.loc)

    def math(self, e: MathCall, pred: Value | None) -> Value:
        args = [self.expr(a, pred) for a in e.args]
        w = e.type.width
        if e.operation == "abs":  # clears the sign bit, NaN included, as glibc's fabs
            mask = self.ctx.const((1 << (w - 1)) - 1, w)
            return self.comb("and", [args[0], mask], w, e.loc, "fabs")
        return self.unit(_fp_prefix(e.type) + e.operation, args, w, e.loc)

    def cast(self, v: Value, src: ScalarType, dst: ScalarType, loc: SourceLoc) -> Value:
        if isinstance(src, FloatType) or isinstance(dst, FloatType):
            if src == dst:
                return v
            if isinstance(src, FloatType) and isinstance(dst, FloatType):
                return self.unit("fpext" if dst.width > src.width else "fptrunc", [v], dst.width, loc)
            if isinstance(dst, FloatType):
                return self.unit("sitofp" if src.signed else "uitofp", [v], dst.width, loc)
            return self.unit("fptosi" if dst.signed else "fptoui", [v], dst.width, loc)
        if dst.width == v.width:
            return v
        if dst.width < v.width:
            return self.comb("trunc", [v], dst.width, loc)
        return self.comb("sext" if src.signed else "zext", [v], dst.width, loc)

    # -- finishing --
    def flush_registers(self, loc: SourceLoc) -> None:
        """Writes the final value of every register variable assigned in this segment."""
        for var in sorted(self.dirty, key=lambda v: v.name):
            if var in self.ctx.regs:
                self.store(self.ctx.regs[var], [], self.vars[var], None, loc)

    def schedule(
        self, start: Time, min_length: int, sink_operands: list[Value], ii: int | None = None, produced: dict[Value, int] | None = None,
        sink_delay_ns: float = 0.0,
    ) -> tuple[list[Op], Time, list[Value]]:
        """Schedules the segment from ``start``; returns its ops, its end, and ``sink_operands`` as
        values valid at the end (delayed as needed)."""
        sink = self.sink(sink_operands, sink_delay_ns) if sink_operands else None
        if sink is not None:
            # the consumer (a loop start, if or return) waits for every op of the segment
            for i, nd in enumerate(self.dag.nodes[:-1]):
                self.dag.edge(i, sink, nd.latency)
        if self.solved is None and ii is None:
            self.join_limited_units(min_length)
            if not self.loops:
                self.share_run_once(min_length)
        if self.solved is None:
            self.solved = schedule_dag(self.dag, self.target.budget_ns, min_length, self.ctx.opts.time_limit_s, ii, self.capacity())
        starts, length, units = self.solved
        starts = self.sink_register_reads(list(starts))
        if sink is not None:
            length = max(length, starts[sink])
            starts[sink] = length
        valid: dict[Value, int] = dict(produced or {})
        for it in self.items:
            if it.result is not None:
                valid[it.result] = starts[it.node] + self.dag.nodes[it.node].latency
        # delays each value needs, made into one chain per value (HIR's delay coalescing): the
        # value held k2 cycles is the value held k1 cycles, held k2 - k1 more
        needs: dict[Value, set[int]] = {}
        for it in self.items:
            for v in it.operands:
                if v in valid and starts[it.node] > valid[v]:
                    needs.setdefault(v, set()).add(starts[it.node] - valid[v])
        # a sign or zero extension needed later is made again where it is needed, from its
        # operand held instead: the delay holds the narrow value (an iterator of a few bits, not
        # its C type's 32)
        extended: dict[Value, set[int]] = {}
        for v in [v for v in needs if v in self.extensions and self.items[self.producer[v]].operands[0] not in self.extensions]:
            u = self.items[self.producer[v]].operands[0]
            extended[v] = needs.pop(v)
            if u in valid:
                needs.setdefault(u, set()).update(valid[v] + k - valid[u] for k in extended[v])
        delayed: dict[tuple[Value, int], Value] = {}
        out: list[tuple[tuple[int, float], Op]] = []
        for v, ks in needs.items():
            prev, prev_k = v, 0
            base_order = self.producer_order(v) + 0.5 if v in self.producer else -1.0
            for k in sorted(ks):
                d = self.ctx.value(f"{v.name}_d", v.width)
                out.append(((valid[v] + prev_k, base_order + k * 1e-4), DelayOp(d, prev, k - prev_k, start + valid[v] + prev_k)))
                delayed[(v, k)] = d
                prev, prev_k = d, k

        def at_time(v: Value, when: int, order: float) -> Value:
            if v not in valid or valid[v] == when:
                return v
            assert when > valid[v], f"{v!r} used before it is valid"
            return delayed[(v, when - valid[v])]

        for v, ks in extended.items():
            item = self.items[self.producer[v]]
            for k in sorted(ks):
                d = self.ctx.value(f"{v.name}_d", v.width)
                when = valid[v] + k
                extension = CombOp(d, self.extensions[v], [at_time(item.operands[0], when, 0)], start + when, item.loc)
                out.append(((when, self.producer_order(v) + 0.5 + k * 1e-4), extension))
                delayed[(v, k)] = d

        sink_values: list[Value] = []
        for order, it in enumerate(self.items):
            t = starts[it.node]
            operands = [at_time(v, t, order) for v in it.operands]
            if it.build is None:
                sink_values = operands
                continue
            if it.build is _no_op:
                continue
            if it.node in units:
                op = it.build(operands, start + t, units[it.node])  # type: ignore[operator]
            else:
                op = it.build(operands, start + t)  # type: ignore[operator]
            if isinstance(op, LoadOp) and it.node in self.bypass_writes:
                # only a read in the cycle the previous iteration's write lands needs the value
                # being written (with several writes, any of them may)
                op.bypass = ii is None or any(a < 0 or starts[a] - ii == t for a in self.bypass_writes[it.node])
            self.op_of_node[it.node] = op
            out.append(((t, float(order)), op))
        out.sort(key=lambda p: p[0])
        return [op for _, op in out], start + length, sink_values

    def sink_register_reads(self, starts: list[int]) -> list[int]:
        """``starts`` with each read of a register written once in the body, which the schedule
        places before the write's cycle (through the bypass), moved as late as its first use and
        the write's cycle allow: the register's own output then reaches the uses, with no bypass
        multiplexer and no delay register after the read (kadane on ECP5: its best sum, read a
        cycle early and held, was a 64-bit compare and selection chained through its own bypass).
        Nothing else moves, so the schedule's length and every other op keep their cycles."""
        uses: dict[int, list[int]] = {}
        for a, b in self.dag.data_edges:
            uses.setdefault(a, []).append(b)
        for b, writes in self.bypass_writes.items():
            if -1 in writes or b not in uses:
                continue
            # (the scheduler keeps the read within the II before each write: no earlier write of
            # the previous iteration is still to land)
            starts[b] = max(starts[b], min([starts[u] for u in uses[b]] + [starts[a] for a in writes]))
        return starts

    def producer_order(self, v: Value) -> int:
        return self.producer[v]


_BOOL_T = IntType(1, False, 0, "_Bool")
_FP_KIND = {"+": "add", "-": "sub", "*": "mul", "/": "div"}
_FP_PRED = {"<": "olt", "<=": "ole", ">": "ogt", ">=": "oge", "==": "oeq", "!=": "une"}


def _drain_wait(draining: dict[ForOp, int], straight: list[Op], loop: ForOp | None, start: Time) -> int:
    """Cycles to delay a segment (its ``straight`` ops, then ``loop`` if it is pipelined) that
    would start at ``start`` while the pipelined loops ``draining`` (least cycles from each one's
    end to ``start``'s variable) may still drain: until the pipelined loop shares nothing with
    their last iterations (``hir_overlap``), anything else until they have drained. The straight
    ops (loop bounds, mostly) keep their distance to the loop."""
    need = 0
    for other, rel in draining.items():
        if loop is None:
            need = max(need, drain(other) - rel - start.offset)
            continue
        timed = (UnitOp, LoadOp, StoreOp)  # (the ops that use a unit or a memory)
        body = [(op, loop.at.offset + op.at.offset) for op in loop.body if isinstance(op, timed)]
        for op, x in [*((op, op.at.offset) for op in straight if isinstance(op, timed)), *body]:
            for inner in other.body:
                least = earliest_after(op, inner, other)
                if least is not None:
                    need = max(need, least - rel - x)
    return max(0, need)


def _fp_prefix(t: FloatType) -> str:
    return "f" if t.width == 32 else "d"


def _power_of_two_scale(bits: int | None, t: FloatType, divide: bool = False) -> str | None:
    """For a constant factor (bit pattern ``bits``) that is a normal power of two, +-2^k, the
    ``scale`` unit's suffix for a product by it (``p3``: 8, ``nm1``: -0.5; see
    hls_fp_scale_core), or with ``divide`` for a quotient by it (2^-k); else None."""
    if bits is None:
        return None
    ew, mw = (8, 23) if t.width == 32 else (11, 52)
    exponent, fraction = bits >> mw & ((1 << ew) - 1), bits & ((1 << mw) - 1)
    if fraction or exponent in (0, (1 << ew) - 1):
        return None
    k = exponent - ((1 << (ew - 1)) - 1)
    if divide:
        k = -k
    return ("n" if bits >> (ew + mw) & 1 else "p") + ("m" if k < 0 else "") + str(abs(k))


def _const_bits(value: int | float, t: ScalarType) -> int:
    """The bit pattern of a constant of type ``t``."""
    if isinstance(t, FloatType):
        fmt = "<f" if t.width == 32 else "<d"
        word = "<I" if t.width == 32 else "<Q"
        return int(struct.unpack(word, struct.pack(fmt, float(value)))[0])
    assert isinstance(value, int)
    return value & ((1 << t.width) - 1)


def _fold_comb(kind: str, vals: list[int | None], widths: list[int], width: int) -> int | None:
    """The value of a comb op whose operands are all constants (bit patterns), else None."""
    if any(v is None for v in vals):
        # an unsigned comparison with zero is decided without the other operand
        if kind in ("ult", "uge") and len(vals) == 2 and vals[1] == 0:
            return 0 if kind == "ult" else 1
        return None
    m = (1 << width) - 1
    a = [v for v in vals if v is not None]

    if kind in ("add", "sub", "mul", "and", "or", "xor"):
        x, y = a
        return {"add": x + y, "sub": x - y, "mul": x * y, "and": x & y, "or": x | y, "xor": x ^ y}[kind] & m
    if kind in ("shl", "lshr", "ashr"):
        x, y = a
        if y >= widths[0]:
            return None
        if kind == "shl":
            return (x << y) & m
        return (x >> y) if kind == "lshr" else (signed_value(x, widths[0]) >> y) & m
    if kind in ("eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"):
        x, y = a
        if kind[0] == "s":
            x, y = signed_value(x, widths[0]), signed_value(y, widths[1])
        op = kind[1:] if kind[0] in "su" else kind
        return int({"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y}[op])
    if kind == "not":
        return ~a[0] & m
    if kind == "neg":
        return -a[0] & m
    if kind in ("zext", "trunc"):
        return a[0] & m
    if kind == "sext":
        return signed_value(a[0], widths[0]) & m
    if kind == "bool":
        return int(a[0] != 0)
    if kind == "select":
        return a[1] if a[0] else a[2]
    return None


def _has_load(e: Expr) -> bool:
    if isinstance(e, ArrayRead):
        return True
    if isinstance(e, Binary):
        return _has_load(e.lhs) or _has_load(e.rhs)
    if isinstance(e, (Unary, Cast)):
        return _has_load(e.operand)
    if isinstance(e, Select):
        return _has_load(e.cond) or _has_load(e.if_true) or _has_load(e.if_false)
    if isinstance(e, MathCall):
        return any(_has_load(a) for a in e.args)
    return False


def _describe_node(seg: _Segment, n: int) -> str:
    item = seg.items[n]
    op = item.build(item.operands, Time(TimeVar("t"), 0)) if item.build is not None else None  # type: ignore[operator]
    if isinstance(op, LoadOp):
        return f"load of '{op.mem.name.removesuffix('_reg')}'"
    if isinstance(op, StoreOp):
        return f"store to '{op.mem.name.removesuffix('_reg')}'"
    if isinstance(op, UnitOp):
        return f"{op.kind} (latency {op.latency})"
    if isinstance(op, CombOp):
        return op.kind
    return "op"


def _least_flat_distance(src: isl.Map, dst: isl.Map, outer: int, steps: list[int], weights: list[int]) -> int | None:
    """Least number of iterations of a pipelined loop from an access to a later one of the same
    element, with the ``outer`` enclosing iterators equal. The loop is a flattened nest: its levels
    follow the enclosing ones, with their ``steps`` and the iterations one step of each takes
    (``weights``); an innermost loop alone is the nest of one level, weight 1."""
    depth = outer + len(steps)
    dep = src.apply_range(dst.reverse())
    same_outer = [f"o{k} = p{k}" for k in range(outer)]
    later = []
    for m, step in enumerate(steps):
        level = outer + m
        equal = [f"o{outer + q} = p{outer + q}" for q in range(m)]
        later.append("(" + " and ".join([*equal, f"p{level} {'>' if step > 0 else '<'} o{level}"]) + ")")
    cond = " and ".join([*same_outer, "(" + " or ".join(later) + ")"])
    olds = ", ".join(f"o{k}" for k in range(depth))
    news = ", ".join(f"p{k}" for k in range(depth))
    order = isl.Map(f"{{ L[{olds}] -> L[{news}] : {cond} }}").align_params(dep.get_space())
    dep = dep.intersect(order)
    if dep.is_empty():
        return None
    deltas = dep.deltas()
    # the distance is sum(weight * delta / step); scaled by the steps' lcm to stay integral
    scale = math.lcm(*(abs(st) for st in steps))
    aff = isl.Aff.zero_on_domain(isl.LocalSpace.from_space(deltas.get_space()))
    for m, (w, st) in enumerate(zip(weights, steps)):
        aff = aff.set_coefficient_val(isl.dim_type.in_, outer + m, w * scale // st)
    try:
        val = deltas.min_val(aff)
    except isl.Error:
        return 1
    if not val.is_int():
        return 1
    return max(1, math.ceil(int(val.to_python()) / scale))


class _Successors:
    """The iterations of a flattened nest (``nest``: its iteration set, in lexicographic order)
    within ``d`` steps of each iteration, for any ``d``: from the successor map's powers of two
    (squared on demand), so a distance costs a logarithmic number of isl compositions."""

    def __init__(self, nest: isl.Set) -> None:
        self.nest = nest
        self.later = isl.Map.lex_lt(nest.get_space()).intersect_domain(nest).intersect_range(nest)
        self.squares = [self.later.lexmin().coalesce()]  # successor^(2^k)
        self.cache: dict[int, isl.Map] = {}

    def power(self, d: int) -> isl.Map:
        """The ``d``-th successor of each iteration that has one."""
        out: isl.Map | None = None
        k = 0
        while d >> k:
            while len(self.squares) <= k:
                self.squares.append(_coalesced(self.squares[-1].apply_range(self.squares[-1])))
            if d >> k & 1:
                out = self.squares[k] if out is None else _coalesced(out.apply_range(self.squares[k]))
            k += 1
        assert out is not None
        return out

    def within(self, d: int) -> isl.Map:
        """``x -> y``: ``y`` after ``x`` by at most ``d`` steps."""
        if d not in self.cache:
            step = self.power(d)
            # y no later than the d-th successor of x, or x has none (the nest ends sooner)
            upto = step.apply_range(isl.Map.lex_ge(self.nest.get_space()))
            self.cache[d] = self.later.intersect(upto).union(self.later.subtract_domain(step.domain()))
        return self.cache[d]


def _coalesced(m: isl.Map) -> isl.Map:
    """``m`` coalesced, or as it is where isl's coalescing fails (it does on some skewed nests)."""
    try:
        return m.coalesce()
    except isl.Error:
        return m


# the successor maps of the nests flattened lately: a kernel's candidate orders share nests
_SUCCESSORS: dict[str, _Successors] = {}


def _successors(nest: isl.Set) -> _Successors:
    key = str(nest)
    if key not in _SUCCESSORS:
        if len(_SUCCESSORS) >= 16:
            _SUCCESSORS.pop(next(iter(_SUCCESSORS)))
        _SUCCESSORS[key] = _Successors(nest)
    return _SUCCESSORS[key]


def _least_successor_distance(src: isl.Map, dst: isl.Map, outer: int, succ: _Successors, horizon: int) -> int | None:
    """Like ``_least_flat_distance`` for a nest whose bounds read its own outer iterators (a
    triangular nest): the least ``d < horizon`` such that an access's element is accessed again
    ``d`` iterations later, ``horizon`` when every such distance is larger (a lower bound, enough
    for a schedule whose iterations last fewer cycles), None when no later iteration touches it."""
    dep = src.apply_range(dst.reverse())
    depth = dep.dim(isl.dim_type.in_)
    same = " and ".join(f"o{k} = p{k}" for k in range(outer)) or "1 = 1"
    olds = ", ".join(f"o{k}" for k in range(depth))
    news = ", ".join(f"p{k}" for k in range(depth))
    dep = dep.intersect(isl.Map(f"{{ L[{olds}] -> L[{news}] : {same} }}").align_params(dep.get_space()))
    dep = dep.project_out(isl.dim_type.in_, 0, outer).project_out(isl.dim_type.out, 0, outer)
    dep = dep.reset_tuple_id(isl.dim_type.in_).reset_tuple_id(isl.dim_type.out)
    dep = dep.intersect(isl.Map.lex_lt(succ.nest.get_space()).align_params(dep.get_space()))
    if dep.is_empty():
        return None

    def reached(d: int) -> bool:
        return not dep.intersect(succ.within(d).align_params(dep.get_space())).is_empty()

    if horizon <= 1:
        return horizon
    # "some pair within d steps" only grows with d: the least such d by doubling, then bisection
    # (near distances, the common case of a recurrence, cost the fewest isl operations)
    high = 1
    while not reached(high):
        if high >= horizon - 1:
            return horizon
        high = min(2 * high, horizon - 1)
    low = high // 2 + 1 if high > 1 else 1
    while low < high:
        mid = (low + high) // 2
        if reached(mid):
            high = mid
        else:
            low = mid + 1
    return low


def _surely_differ(a: list[Expr], b: list[Expr]) -> bool:
    """Whether subscripts ``a`` and ``b`` (of one iteration, stable in it) name different elements:
    in some dimension they differ by a constant, non-zero and smaller than the subscript type's
    range (no wrap-around can make them meet)."""
    for x, y in zip(a, b):
        fx, fy = linear_form(x, casts=False), linear_form(y, casts=False)
        if fx is None or fy is None or not isinstance(x.type, IntType):
            continue
        diff = {k: fx.get(k, 0) - fy.get(k, 0) for k in set(fx) | set(fy)}
        c = diff.pop("1", 0)
        if all(v == 0 for v in diff.values()) and 0 < abs(c) < 1 << (x.type.width - 1):
            return True
    return False


def _padded_ii(flat: _FlatNest, bound: MiiBound) -> int:
    """The II a padded nest aims at: the target, or what the ports and units allow (a budget that
    leaves fewer units than the target II needs costs nothing where the padding is paid anyway)."""
    return max(flat.target, bound.res_mii)


def _paddable(flat: _FlatNest, bound: MiiBound) -> bool:
    """Whether padding the nest's innermost level could lower its II (``padded_nest``): a
    rectangular nest whose II a recurrence sets above what its ports and units allow."""
    if flat.trips is None or flat.param_level is not None or flat.real_trip is not None or len(flat.loops) < 2:
        return False
    return bound.mii > _padded_ii(flat, bound) and bound.rec_mii == bound.mii


def _cycle_span(seg: _Segment, bound: MiiBound, budget_ns: float) -> tuple[int, int, int]:
    """The latency and the distance (iterations) around the recurrence that sets ``bound``'s
    RecMII, and how many of its cycles are registers that break a combinational chain longer than
    the clock (``budget_ns``)."""
    cyc = bound.recurrence
    chains = [(a, b, d, 0) for a, b, d in chain_constraints(seg.dag, budget_ns)] if cyc else []
    delay = dist = cuts = 0
    for a, b in zip(cyc, cyc[1:] + cyc[:1]):
        edge = max((e for e in seg.dag.edges + chains if e[0] == a and e[1] == b), key=lambda e: e[2] - bound.rec_mii * e[3], default=None)
        if edge is not None:
            delay += edge[2]
            dist += edge[3]
            cuts += edge not in seg.dag.edges
    return delay, dist, cuts


def _assigned_first(stmts: list[Stmt]) -> set[Variable]:
    """The scalars ``stmts`` assign, unconditionally, before anything in them reads them."""
    out: set[Variable] = set()
    seen: set[Variable] = set()
    for s in stmts:
        if isinstance(s, Assign) and s.indices is None and s.var not in seen and s.var not in read_variables(s.value):
            out.add(s.var)
        seen |= stmt_variables([s])
    return out


def _only_inside(body: list[Stmt], nest: For, var: Variable) -> bool:
    """Whether ``var`` appears in ``body`` only inside the loop ``nest`` (which ``body`` holds),
    and is no loop's exit flag there."""
    found = False

    def visit(stmts: list[Stmt]) -> bool:
        nonlocal found
        for s in stmts:
            if s is nest:
                found = True
                if any(var in lp.exits for lp in [nest, *nested_loops(nest.body)]):
                    return False
            elif isinstance(s, For):
                if var in s.exits or var is s.var or var in read_variables(s.init) | read_variables(s.bound) or not visit(s.body):
                    return False
            elif isinstance(s, If):
                if var in read_variables(s.cond) or not visit(s.then_body) or not visit(s.else_body):
                    return False
            elif var in stmt_variables([s]):
                return False
        return True

    return visit(body) and found


def _int_type(v: Variable) -> IntType:
    assert isinstance(v.type, IntType)
    return v.type


def _critical_path(dag: Dag) -> int:
    """Cycles of the longest chain of operations of one iteration (the pipeline's fill)."""
    finish = [nd.latency for nd in dag.nodes]
    for _ in range(len(dag.nodes)):
        changed = False
        for a, b, delay, dist in dag.edges:
            if dist == 0 and finish[a] - dag.nodes[a].latency + delay + dag.nodes[b].latency > finish[b]:
                finish[b] = finish[a] - dag.nodes[a].latency + delay + dag.nodes[b].latency
                changed = True
        if not changed:
            break
    return max(finish, default=0)


def _order_delay(mem: MemRef, first_store: bool, second_store: bool) -> int | None:
    """Cycles between the starts of two dependent accesses of one memory (None: reads commute).

    RAW waits for the write; WAW keeps the order; WAR may share the cycle only where a read and a
    write of one cycle are defined (read-first on the same port: single-port memories and
    registers); across the two ports of a RAM a same-cycle collision is undefined.
    """
    if first_store and not second_store:
        return mem.write_latency
    if first_store:
        return 1
    if second_store:
        return 0 if mem.ports == 1 or mem.kind == "reg" else 1
    return None


# ---- which scalars need registers ---------------------------------------------------------------


def _segments(stmts: list[Stmt]) -> list[tuple[list[Stmt], Stmt | None]]:
    """Splits a statement list into (straight-line statements, following loop/dynamic if/None)."""
    out: list[tuple[list[Stmt], Stmt | None]] = []
    cur: list[Stmt] = []
    for s in stmts:
        if isinstance(s, For) or (isinstance(s, If) and has_loop([s])):
            out.append((cur, s))
            cur = []
        else:
            cur.append(s)
    out.append((cur, None))
    return out


def _exposed(stmts: list[Stmt], defined: set[Variable]) -> tuple[set[Variable], set[Variable]]:
    """(variables read before being definitely written, variables definitely written)."""
    exposed: set[Variable] = set()
    defined = set(defined)
    for s in stmts:
        if isinstance(s, Assign):
            for e in [*(s.indices or []), s.value]:
                exposed |= read_variables(e) - defined
            if s.indices is None:
                defined.add(s.var)
        elif isinstance(s, If):
            exposed |= read_variables(s.cond) - defined
            e1, d1 = _exposed(s.then_body, defined)
            e2, d2 = _exposed(s.else_body, defined)
            exposed |= e1 | e2
            defined |= d1 & d2
        elif isinstance(s, Return) and s.value is not None:
            exposed |= read_variables(s.value) - defined
    return exposed, defined


def register_variables(fn: KernelFunction) -> set[Variable]:
    """Scalars whose value crosses a segment boundary: they are read in a segment before being
    written in it."""
    found: set[Variable] = set()

    def region(stmts: list[Stmt], initial: set[Variable]) -> None:
        for straight, item in _segments(stmts):
            extra: list[Expr] = []
            if isinstance(item, For):
                extra = [item.init, item.bound]
                found.update(item.exits)  # (the loop's controller reads their registers)
            elif isinstance(item, If):
                extra = [item.cond]
            exposed, defined = _exposed(straight, initial)
            initial = set()
            for e in extra:
                exposed |= read_variables(e) - defined
            found.update(exposed)
            if isinstance(item, For):
                region(item.body, set())
            elif isinstance(item, If):
                region(item.then_body, set())
                region(item.else_body, set())

    region(fn.body, {p for p in fn.params if not p.is_array})
    return {v for v in found if v.kind != "loop" and not v.is_array}


def _written(stmts: list[Stmt]) -> set[Variable]:
    out: set[Variable] = set()
    for s in stmts:
        if isinstance(s, Assign) and s.indices is None:
            out.add(s.var)
        elif isinstance(s, For):
            out |= _written(s.body)
        elif isinstance(s, If):
            out |= _written(s.then_body) | _written(s.else_body)
    return out


@dataclass(eq=False)
class _FlatNest:
    """A perfect nest that can be pipelined as one loop (``_Lowering.flattenable_nest``)."""

    loops: list[For]  # outermost first
    trips: list[int] | None  # each level's trip count (a rectangular nest), else None
    total: int  # iterations of the whole nest
    entries: int  # how often the nest would start its innermost loop
    target: int  # the innermost loop's target II
    points: isl.Set | None  # a triangular nest's iterations (its own iterators only)
    start: list[int] | None = None  # a triangular nest's first iteration
    # a nest with one level whose bounds read enclosing iterators: that level (its entry in
    # ``trips`` is its least non-empty trip count, ``total`` and ``entries`` are averages over
    # the nest's runs) and the nest's iterations as an expression evaluated before it starts
    param_level: int | None = None
    total_expr: Expr | None = None
    # a rectangular nest whose innermost level is padded to ``trips[-1]`` iterations of which the
    # first ``real_trip`` run the body (the others only pass time: a recurrence carried by an
    # outer level then spans more iterations of the pipeline, which may then start one a cycle)
    real_trip: int | None = None


@dataclass(eq=False)
class _PreparedFlat:
    """A nest chosen to run as one pipeline, its body built (``_Lowering.prepare_flattened``)."""

    flat: _FlatNest
    seg: _Segment
    flat_iv: Value
    regs: list[MemRef]


# ---- regions -------------------------------------------------------------------------------------


class _Lowering:
    def __init__(self, model: AffineModel, opts: ScheduleOptions) -> None:
        fn = model.kernel
        self.model = model
        mems: dict[Variable, MemRef] = {}
        partitioned = {part.array for part in fn.partitions}
        for v in fn.params + fn.locals:
            if isinstance(v.type, ArrayType) and v not in partitioned:
                # (the banks of a partitioned argument are memories outside the design too)
                kind = "arg" if v.kind in ("param", "bank") else "bram"
                ports, style = array_storage(fn, v)
                init = tuple(_const_bits(x, v.type.elem) for x in v.init) if v.init is not None else None
                mem = MemRef(
                    v.name, kind, v.type.elem.width, v.type.dims, ports, opts.target.memory_read_latency, 1, v.type.elem.signed, v.loc, style, init
                )
                if kind == "bram" and ram_style(mem, set(), opts.target.lutram_max_bits) == "block":
                    mem.input_register = opts.target.block_ram_input_register
                    mem.read_latency = opts.target.block_ram_read_latency + int(mem.input_register)
                mems[v] = mem
        written = _written(fn.body)
        regs: dict[Variable, MemRef] = {}
        for v in sorted(register_variables(fn), key=lambda v: v.name):
            if v.kind == "param" and v not in written:
                continue
            assert not isinstance(v.type, ArrayType)
            regs[v] = MemRef(f"{v.name}_reg", "reg", v.type.width, (), 1, 0, 1, v.type.signed, v.loc)
        args = {p: Value(p.name, p.type.width) for p in fn.params if not isinstance(p.type, ArrayType)}
        self.ctx = _Ctx(fn, opts, mems, regs, args)

    def run(self) -> HirFunc:
        fn = self.model.kernel
        start = TimeVar("t")
        initial: dict[Variable, Value] = {p: v for p, v in self.ctx.args.items() if p in self.ctx.regs}
        body, end, ret = self.region(fn.body, Time(start, 0), [], initial, is_function=True)
        body.append(ReturnOp(ret, end, fn.loc))
        args = [ScalarArgInfo(self.ctx.args[p], p.type.signed) for p in fn.params if not isinstance(p.type, ArrayType)]
        memrefs = [self.ctx.mems[p] for p in fn.params if p in self.ctx.mems]
        memrefs += [m for v, m in self.ctx.mems.items() if v.kind != "param"]
        memrefs += list(self.ctx.regs.values())
        memrefs += self.ctx.iter_regs
        ops: list[Op] = [*self.ctx.const_ops, *body]
        return HirFunc(fn.name, start, args, memrefs, ops, fn.return_type.width if fn.return_type else None, fn.loc, [p.name for p in fn.params])

    def region(
        self,
        stmts: list[Stmt],
        start: Time,
        loops: list[tuple[For, Value]],
        initial: dict[Variable, Value],
        is_function: bool = False,
        min_final: int = 0,
    ) -> tuple[list[Op], Time, Value | None]:
        ops: list[Op] = []
        cur = start
        ret_value: Value | None = None
        # pipelined loops of this region that may still drain (see hir_overlap): a pipelined loop
        # after one starts as soon as it shares nothing with its last iterations; anything else waits
        anchors: Anchors = {}
        segs = _segments(stmts)
        plan = self.merge_plan(segs, loops)
        merged = {n + k for n, group in plan.items() for k in range(1, len(group))}
        for n, (straight, item) in enumerate(segs):
            if n in merged:
                continue  # runs in the pipeline of an earlier loop
            seg = _Segment(self.ctx, loops)
            if n == 0:
                seg.vars.update(initial)
                seg.dirty.update(initial)
            ret_stmt = None
            if straight and isinstance(straight[-1], Return):
                ret_stmt = straight[-1]
                straight = straight[:-1]
            seg.stmts(straight, None)
            sink: list[Value] = []
            prepared: _PreparedFlat | None = None
            if isinstance(item, For):
                assert isinstance(item.var.type, IntType)
                sink = [seg.expr(item.init, None), seg.expr(item.bound, None)]
                prepared = self.prepare_flattened(item, loops) if n not in plan else None
                if prepared is not None and prepared.flat.total_expr is not None:
                    sink.append(seg.expr(prepared.flat.total_expr, None))
            elif isinstance(item, If):
                sink = [seg.cond(item.cond, None)]
            elif ret_stmt is not None and ret_stmt.value is not None:
                sink = [seg.expr(ret_stmt.value, None)]
            seg.flush_registers(item.loc if item is not None else (ret_stmt.loc if ret_stmt else self.model.kernel.loc))
            last = item is None
            # a loop's entry test (its bound against the first value) and the decisions after it
            # follow the bound's arithmetic in the cycle the loop starts
            entry = self.ctx.opts.target.loop_entry_ns if isinstance(item, For) else 0.0
            seg_ops, end, sink_values = seg.schedule(cur, min_final if last else 0, sink, sink_delay_ns=entry)
            item_op: ForOp | IfOp | None = None
            if isinstance(item, For):
                if n in plan:
                    with processing(item.loc):
                        item_op = self.merged_loop(plan[n], end, loops)
                elif prepared is not None:
                    item_op = self.flattened_loop(prepared, end, sink_values[2] if len(sink_values) > 2 else None)
                else:
                    item_op = self.loop(item, end, sink_values[0], sink_values[1], loops)
            elif isinstance(item, If):
                item_op = self.dynamic_if(item, end, sink_values[0], loops)
            shift = _drain_wait(anchors.get(cur.var, {}), seg_ops, item_op if isinstance(item_op, ForOp) and item_op.ii is not None else None, cur)
            if shift:
                for op in [*seg_ops, *([item_op] if item_op is not None else [])]:
                    if op.at.var == cur.var:  # type: ignore[union-attr]
                        op.at = op.at + shift  # type: ignore[union-attr]
                end = end + shift
            ops.extend(seg_ops)
            cur = end
            if item_op is not None:
                ops.append(item_op)
                after_item(anchors, item_op, self.ctx.const_value)
                cur = Time(item_op.result, 0)
            elif ret_stmt is not None and ret_stmt.value is not None:
                ret_value = sink_values[0]
        return ops, cur, ret_value

    def loop(self, s: For, at: Time, init: Value, bound: Value, loops: list[tuple[For, Value]]) -> ForOp:
        with processing(s.loc):
            return self.loop_op(s, at, init, bound, loops)

    def loop_op(self, s: For, at: Time, init: Value, bound: Value, loops: list[tuple[For, Value]]) -> ForOp:
        assert isinstance(s.var.type, IntType)
        iv = Value(s.var.name, s.var.type.width)
        target_ii = self.pipeline_target(s)
        if target_ii is not None:
            return self.pipelined_loop(s, at, init, bound, loops, iv, target_ii)
        ti = self.ctx.time_var("ti")
        body, end, _ = self.region(s.body, Time(ti, 0), loops + [(s, iv)], {}, min_final=1)
        if end.offset < 1:
            end = Time(end.var, 1)  # an iteration lasts at least one cycle (no combinational loop)
        tf = self.ctx.time_var("tf")
        return ForOp(
            iv, s.var.type.signed, init, bound, s.cmp, s.cmp_type.width, s.cmp_type.signed, s.step,
            at, ti, body, end, tf, s.name, None, s.loc, exits=self.exit_registers(s),
        )  # fmt: skip

    def exit_registers(self, s: For) -> tuple[MemRef, ...]:
        """The registers of ``s``'s exit flags (a flag never written has none: it stays zero)."""
        return tuple(self.ctx.regs[f] for f in s.exits if f in self.ctx.regs)

    def pipeline_target(self, s: For) -> int | None:
        """The target II if the loop is pipelined: innermost loops by default, as Vitis does."""
        opts = self.ctx.opts
        prag = next((p for p in s.pragmas if p.name == "pipeline"), None)
        innermost = not has_loop(s.body)
        if prag is not None and "off" in prag.options:
            return None
        if prag is not None and "ii" in prag.options:
            try:
                ii = int(prag.options["ii"])
            except ValueError:
                raise HlsError(prag.loc, f"pipeline II must be a positive integer, not '{prag.options['ii']}'") from None
            if ii < 1:
                raise HlsError(prag.loc, "pipeline II must be a positive integer")
        else:
            ii = opts.default_ii
        if not innermost:
            if prag is not None:
                opts.warnings.append(Diagnostic(prag.loc, "warning", f"loop '{s.name}' contains loops: not pipelined (only innermost loops are)"))
            return None
        if prag is None and not opts.pipeline:
            return None
        return ii

    def flattenable_nest(self, s: For) -> _FlatNest | None:
        """The perfect nest from ``s`` down to a pipelined innermost loop that can run as one
        pipeline (Vitis's loop flattening): each level's bounds read only constants and the
        iterators of outer levels of the nest (a rectangular or triangular nest with a constant
        number of iterations; every level of a triangular nest steps by +1), every level runs at
        least once whenever it is reached (isl), no level below ``s`` says ``loop_flatten off``, no
        outer level asks for its own pipeline."""
        if not self.ctx.opts.flatten:
            return None
        nest = [s]
        while True:
            nested = [x for x in nest[-1].body if has_loop([x])]
            if len(nested) != 1 or not isinstance(nested[0], For):
                break
            # code beside the inner loop runs in its first or last iteration: no returns
            if any(isinstance(x, Return) for x in nest[-1].body):
                return None
            nest.append(nested[0])
        if len(nest) < 2 or has_loop(nest[-1].body):
            return None
        if any(p.name == "loop_flatten" and "off" in p.options for lp in nest[1:] for p in lp.pragmas):
            return None
        if any(lp.exits for lp in nest):  # (an inner loop's early end is not the nest's)
            return None
        if any(p.name == "pipeline" for lp in nest[:-1] for p in lp.pragmas):
            return None
        target = self.pipeline_target(nest[-1])
        if target is None:
            return None
        trips: list[int] = []
        for lp in nest:
            first, bound = eval_expr(lp.init, {}), eval_expr(lp.bound, {})
            if first is None or bound is None:
                break
            trips.append(trip_count(first, lp.cmp, bound, lp.step))
        if len(trips) == len(nest):
            if min(trips) < 1 or math.prod(trips) >= 1 << 31:
                return None
            return _FlatNest(nest, trips, math.prod(trips), math.prod(trips[:-1]), target, None)
        own = {lp.var for lp in nest}
        if any((read_variables(lp.init, arrays=True) | read_variables(lp.bound, arrays=True)) & own for lp in nest):
            return self.triangular_nest(nest, target)
        return self.parametric_nest(nest, target)

    def parametric_nest(self, nest: list[For], target: int) -> _FlatNest | None:
        """``flattenable_nest`` for a nest whose bounds read enclosing iterators but none of its
        own: one level (step +1 or -1) may have bounds that vary with the enclosing iterations,
        the others have constant bounds. The nest's iterations, that level's trip count times
        the others', are computed before it starts (zero or less: it does not run); a
        semi-perfect nest needs every level to run at least once whenever the one above runs."""
        varying = [k for k, lp in enumerate(nest) if eval_expr(lp.init, {}) is None or eval_expr(lp.bound, {}) is None]
        if len(varying) != 1:
            return None
        level = varying[0]
        lp = nest[level]
        if lp.cmp_type.width > 32 or (lp.step, lp.cmp) not in ((1, "<"), (1, "<="), (-1, ">"), (-1, ">=")):
            return None
        if not all(v.kind == "loop" for v in read_variables(lp.init, arrays=True) | read_variables(lp.bound, arrays=True)):
            return None
        if level > 0 and (linear_form(lp.init, casts=False) is None or linear_form(lp.bound, casts=False) is None):
            return None  # (its least trip count weighs the distances: from isl, exact for affine bounds)
        info = {x: self.model.loops.get(x) for x in nest}
        if any(i is None for i in info.values()):
            return None
        trips: list[int] = []
        for k, x in enumerate(nest):
            if k != level:
                first, bound = eval_expr(x.init, {}), eval_expr(x.bound, {})
                assert first is not None and bound is not None
                trips.append(trip_count(first, x.cmp, bound, x.step))
            else:
                trips.append(0)
        if min(trips[:level] + trips[level + 1 :], default=1) < 1:
            return None

        def own(x: For) -> isl.Set:
            d = info[x].domain  # type: ignore[union-attr]
            return d.project_out(isl.dim_type.param, 0, d.dim(isl.dim_type.param)).reset_tuple_id()

        domain = own(lp)
        pos = domain.dim(isl.dim_type.set) - 1
        per_run = isl.Map.from_range(domain).move_dims(isl.dim_type.in_, 0, isl.dim_type.out, 0, pos)
        try:
            span = per_run.dim_max(0).sub(per_run.dim_min(0))
            least, most = span.min_val(), span.max_val()
            runs, points = domain.project_out(isl.dim_type.set, pos, 1).count_val(), domain.count_val()
        except isl.Error:
            return None
        if not (least.is_int() and most.is_int() and runs.is_int() and points.is_int()):
            return None
        others = math.prod(t for k, t in enumerate(trips) if k != level)
        trips[level] = int(least.to_python()) + 1
        if (int(most.to_python()) + 1) * others >= 1 << 31 or int(runs.to_python()) < 1:
            return None
        if any(len(x.body) != 1 for x in nest[:-1]):
            for k in range(1, len(nest)):
                below, above = own(nest[k]), own(nest[k - 1])
                reached = below.project_out(isl.dim_type.set, below.dim(isl.dim_type.set) - 1, 1)
                if not reached.is_equal(above):
                    return None
        average = int(points.to_python()) / int(runs.to_python())
        averages = [average if k == level else float(t) for k, t in enumerate(trips)]
        loc = lp.loc
        int_t = lp.cmp_type
        first_e: Expr = lp.init if lp.init.type == int_t else Cast(lp.init, int_t, loc)
        last_e, start_e = (lp.bound, first_e) if lp.step > 0 else (first_e, lp.bound)
        span_e: Expr = Binary("-", last_e, start_e, int_t, loc)
        if lp.cmp in ("<=", ">="):
            span_e = Binary("+", span_e, Const(1, int_t, loc), int_t, loc)
        if int_t != INT:
            span_e = Cast(span_e, INT, loc)
        total_e = span_e if others == 1 else Binary("*", span_e, Const(others, INT, loc), INT, loc)
        return _FlatNest(
            nest, trips, max(1, round(math.prod(averages))), max(1, round(math.prod(averages[:-1]))), target, None,
            param_level=level, total_expr=total_e,
        )  # fmt: skip

    def triangular_nest(self, nest: list[For], target: int) -> _FlatNest | None:
        """``flattenable_nest`` for a nest whose bounds read its own outer iterators. A level may
        be empty for some values of the levels above only in a perfect nest, and only before the
        first or after the last iteration of the nest (the odometer starts at the first
        iteration and stops after the last, but cannot skip empty rows in between)."""
        for k, lp in enumerate(nest):
            allowed = {x.var for x in nest[:k]}
            if not read_variables(lp.init, arrays=True) | read_variables(lp.bound, arrays=True) <= allowed:
                return None
        # every level steps by +1: the odometer's successors were wrong for a constant-range level
        # stepping by 3 below a triangular one (hls.progen seed 160018; rectangular and
        # parametric nests with such steps are right: tests/regressions/triangular_nest_inner_step.c)
        if any(lp.step != 1 for lp in nest):
            return None
        outer = self.model.loops[nest[0]].domain.dim(isl.dim_type.set) - 1

        def own(lp: For) -> isl.Set:
            """The iterations of ``lp`` and the nest levels above it, without the enclosing loops."""
            d = self.model.loops[lp].domain.project_out(isl.dim_type.set, 0, outer)
            return d.project_out(isl.dim_type.param, 0, d.dim(isl.dim_type.param)).reset_tuple_id()

        levels = [own(lp) for lp in nest]
        points = levels[-1]
        perfect = all(len(lp.body) == 1 for lp in nest[:-1])
        for k in range(1, len(nest)):
            # the values of the levels above level k for which it runs at least once
            reached = points.project_out(isl.dim_type.set, k, len(nest) - k)
            if reached.is_equal(levels[k - 1]):
                continue
            if not perfect or reached.is_empty():
                return None
            first, last = reached.lexmin(), reached.lexmax()
            between = first.lex_le_set(levels[k - 1]).range() & levels[k - 1].lex_le_set(last).domain()
            if not between.is_subset(reached):
                return None

        def count(domain: isl.Set) -> int | None:
            try:
                n = domain.count_val()
            except isl.Error:
                return None
            return int(n.to_python()) if n.is_int() else None

        total, entries = count(points), count(levels[-2])
        if total is None or entries is None or not 1 <= total < 1 << 31:
            return None
        first_point = points.lexmin().sample_point()
        start = [int(first_point.get_coordinate_val(isl.dim_type.set, k).to_python()) for k in range(len(nest))]
        return _FlatNest(nest, None, total, entries, target, points, start)

    def merge_unit(self, s: For) -> _FlatNest | None:
        """``s`` as a unit that can share one pipeline with neighbouring loops: a nest that can
        be flattened, or a pipelined innermost loop with constant bounds."""
        if has_loop(s.body):
            flat = self.flattenable_nest(s)
            return flat if flat is not None and flat.total_expr is None else None
        target = self.pipeline_target(s)
        first, bound = eval_expr(s.init, {}), eval_expr(s.bound, {})
        if target is None or first is None or bound is None or not self.ctx.opts.flatten or s.exits:
            return None
        n = trip_count(first, s.cmp, bound, s.step)
        return _FlatNest([s], [n], n, 1, target, None) if 1 <= n < 1 << 31 else None

    def merge_plan(self, segs: list[tuple[list[Stmt], Stmt | None]], loops: list[tuple[For, Value]]) -> dict[int, list[_FlatNest]]:
        """Runs of adjacent loops (no code between them) with no dependence between any two of
        them that take fewer cycles as one pipeline (each loop's iterations in the first ones of
        the merged loop) than one after the other: first segment index -> the loops."""
        plan: dict[int, list[_FlatNest]] = {}
        n = 0
        while n < len(segs):
            item = segs[n][1]
            unit = self.merge_unit(item) if isinstance(item, For) else None
            if unit is None:
                n += 1
                continue
            group = [unit]
            while n + len(group) < len(segs):
                straight, nxt = segs[n + len(group)]
                other = self.merge_unit(nxt) if isinstance(nxt, For) and not straight else None
                if other is None or any(self.depend(u, other) for u in group):
                    break
                group.append(other)
            if len(group) > 1 and self.merge_pays(group, loops):
                plan[n] = group
            n += len(group)
        return plan

    def depend(self, a: _FlatNest, b: _FlatNest) -> bool:
        """Whether a dependence (RAW, WAR, WAW, scalars included) links statements of ``a`` and ``b``."""
        head_a, head_b = a.loops[0], b.loops[0]
        for d in self.model.dependences:
            ends = ({lp for lp in d.source.loops}, {lp for lp in d.sink.loops})
            if (head_a in ends[0] and head_b in ends[1]) or (head_b in ends[0] and head_a in ends[1]):
                return True
        return False

    def merge_pays(self, group: list[_FlatNest], loops: list[tuple[For, Value]]) -> bool:
        ctx = self.ctx
        saved = (dict(ctx.consts), list(ctx.const_ops), dict(ctx.const_value))
        apart = 0
        for unit in group:
            cost = self.innermost_cost(unit, loops)
            if len(unit.loops) > 1:
                seg, _, _ = self.odometers([unit], loops)
                bound = minimum_ii(seg.dag, seg.capacity(), self.ctx.opts.target.budget_ns)
                if _paddable(unit, bound):
                    # (alone, its own pipeline may be padded: see padded_nest)
                    ctx.consts, ctx.const_ops, ctx.const_value = saved
                    return False
                cost = min(cost, unit.total * max(unit.target, bound.mii) + _critical_path(seg.dag))
            apart += cost
            ctx.consts, ctx.const_ops, ctx.const_value = dict(saved[0]), list(saved[1]), dict(saved[2])
        seg, _, _ = self.odometers(group, loops)
        target = max(u.target for u in group)  # each loop's requested II holds in the merged one
        together = max(u.total for u in group) * max(target, minimum_ii(seg.dag, seg.capacity(), self.ctx.opts.target.budget_ns).mii) + _critical_path(seg.dag)
        ctx.consts, ctx.const_ops, ctx.const_value = saved
        return together < apart

    def merged_loop(self, group: list[_FlatNest], at: Time, loops: list[tuple[For, Value]]) -> ForOp:
        """The loops of ``group`` (see ``merge_plan``) as one pipeline."""
        ctx = self.ctx
        seg, flat_iv, regs = self.odometers(group, loops)
        ctx.iter_regs.extend(regs)
        head = group[0].loops[0]
        names = [lp.name for u in group for lp in u.loops][1:]
        where = ", ".join(f"'{u.loops[0].name}' (line {u.loops[0].loc.line})" for u in group)
        ctx.fn.transformations.append(f"merged loops {where} into one pipeline: no dependence between them")
        return self.modulo_loop(
            head, seg, at, flat_iv, True, ctx.const(0, 32), ctx.const(max(u.total for u in group), 32), "<", 32, True, 1,
            max(u.target for u in group), tuple(names),
        )  # fmt: skip

    def prepare_flattened(self, s: For, loops: list[tuple[For, Value]]) -> _PreparedFlat | None:
        """The body of the perfect nest from ``s`` as one pipelined loop of its ``total``
        iterations (see ``odometers``), so fill and drain are paid once; None (and no trace left)
        when it cannot be flattened or the cost model prefers one pipeline per innermost loop."""
        if not has_loop(s.body) or any(p.name == "pipeline" for p in s.pragmas):
            return None
        with processing(s.loc):
            flat = self.flattenable_nest(s)
            if flat is None:
                return None
            ctx = self.ctx
            saved = (dict(ctx.consts), list(ctx.const_ops), dict(ctx.const_value))
            alone = self.innermost_cost(flat, loops)
            ctx.consts, ctx.const_ops, ctx.const_value = dict(saved[0]), list(saved[1]), dict(saved[2])
            if (inner := self.inner_nest_cost(flat, loops)) is not None:
                alone = min(alone, inner)
                ctx.consts, ctx.const_ops, ctx.const_value = dict(saved[0]), list(saved[1]), dict(saved[2])
            seg, flat_iv, regs = self.odometers([flat], loops)
            bound = minimum_ii(seg.dag, seg.capacity(), self.ctx.opts.target.budget_ns)
            mii = max(flat.target, bound.mii)
            cost = flat.total * mii + _critical_path(seg.dag)
            padded = self.padded_nest(flat, seg, bound, loops, saved) if _paddable(flat, bound) else None
            if padded is not None and padded[0] < min(cost, alone):
                cost, (flat, seg, flat_iv, regs) = padded
            elif padded is not None:
                # (the padded body was built over the unpadded one's constants: build that again)
                ctx.consts, ctx.const_ops, ctx.const_value = dict(saved[0]), list(saved[1]), dict(saved[2])
                seg, flat_iv, regs = self.odometers([flat], loops)
            if cost > alone:
                ctx.consts, ctx.const_ops, ctx.const_value = saved
                return None
            return _PreparedFlat(flat, seg, flat_iv, regs)

    def padded_nest(
        self, flat: _FlatNest, seg: _Segment, bound: MiiBound, loops: list[tuple[For, Value]], saved: tuple[dict, list, dict]  # type: ignore[type-arg]
    ) -> tuple[int, tuple[_FlatNest, _Segment, Value, list[MemRef]]] | None:
        """A rectangular nest whose II a recurrence sets, with its innermost level padded (see
        ``_FlatNest.real_trip``) so the recurrence spans as many iterations as its latency: its
        cost and body, if padding brings the II down (each row then takes the recurrence's
        latency instead of II times its iterations: adi's sweeps, 18 rows of 44 cycles instead of
        54). A few rounds, each padding for the recurrence the last one left."""
        assert flat.trips is not None
        ctx = self.ctx
        trip = flat.trips[-1]
        pad = trip
        goal = _padded_ii(flat, bound)
        best: tuple[int, tuple[_FlatNest, _Segment, Value, list[MemRef]]] | None = None
        # each round builds its body over constants of its own: the ones of the body returned
        # (the best round's, or on entry the unpadded body's) are the ones kept
        kept = (dict(ctx.consts), list(ctx.const_ops), dict(ctx.const_value))
        slack = 0
        for _ in range(4):
            delay, dist, _ = _cycle_span(seg, bound, ctx.opts.target.budget_ns)
            if dist <= 0:
                break
            pad += max(0, -(-(delay + slack) // goal) - dist)
            trips = [*flat.trips[:-1], pad]
            inner = flat.loops[-1]
            first = eval_expr(inner.init, {})
            assert first is not None
            t = _int_type(inner.var)
            if math.prod(trips) >= 1 << 31 or pad > 8 * trip or not t.min <= first + (pad - 1) * inner.step <= t.max:
                break  # (the iterator runs on through the padding: its type must hold it)
            ctx.consts, ctx.const_ops, ctx.const_value = dict(saved[0]), list(saved[1]), dict(saved[2])
            candidate = dataclasses.replace(flat, trips=trips, total=math.prod(trips), real_trip=trip)
            seg, flat_iv, regs = self.odometers([candidate], loops)
            bound = minimum_ii(seg.dag, seg.capacity(), self.ctx.opts.target.budget_ns)
            mii = max(flat.target, bound.mii)
            if mii == goal and goal > flat.target and not slack and not self.list_schedulable(seg, goal):
                # ops on the recurrence that share units may each wait up to II - 1 cycles for a
                # free slot: pad for that too (the II would otherwise end above the goal)
                slack = (goal - 1) * sum(seg.dag.nodes[n].resource is not None for n in bound.recurrence)
                if slack:
                    continue
            cost = candidate.total * mii + _critical_path(seg.dag)
            if best is None or cost < best[0]:
                best = (cost, (candidate, seg, flat_iv, regs))
                kept = (dict(ctx.consts), list(ctx.const_ops), dict(ctx.const_value))
            if mii == goal or bound.rec_mii < mii or bound.res_mii > goal:
                break
        ctx.consts, ctx.const_ops, ctx.const_value = kept
        return best

    def list_schedulable(self, seg: _Segment, ii: int) -> bool:
        """Whether the list scheduler finds a modulo schedule of ``seg`` at ``ii`` (CP-SAT may
        find one where it does not, at the cost of its time limit)."""
        dag = seg.dag
        chains = chain_constraints(dag, self.ctx.opts.target.budget_ns)
        return greedy_schedule(dag, chains, 1, ii, seg.capacity()) is not None

    def flattened_loop(self, prep: _PreparedFlat, at: Time, total: Value | None) -> ForOp:
        """The nest ``prep`` pipelined as one loop, from ``at``; ``total``: its iterations as
        computed before it (a nest whose bounds read enclosing iterators), else constant."""
        ctx = self.ctx
        ctx.iter_regs.extend(prep.regs)
        nest = prep.flat.loops
        if total is None:
            assert prep.flat.total_expr is None
            total = ctx.const(prep.flat.total, 32)
        with processing(nest[0].loc):
            return self.modulo_loop(
                nest[0], prep.seg, at, prep.flat_iv, True, ctx.const(0, 32), total, "<", 32, True, 1, prep.flat.target,
                tuple(lp.name for lp in nest[1:]), padded=prep.flat.trips[-1] if prep.flat.real_trip is not None and prep.flat.trips else None,
            )  # fmt: skip

    def inner_nest_cost(self, flat: _FlatNest, loops: list[tuple[For, Value]]) -> int | None:
        """Cycles of the nest ``flat`` with the levels below its outermost flattened into one
        pipeline, filled and drained in each iteration of the outermost (a time-stepped sweep by
        hyperplanes: dependences between hyperplanes only, the corners' short ones spanning too
        few iterations of the whole nest's pipeline for its II), or None when those levels cannot
        be flattened or the outermost's trip count is not a constant."""
        outer = flat.loops[0]
        first, bound = eval_expr(outer.init, {}), eval_expr(outer.bound, {})
        if len(flat.loops) < 3 or first is None or bound is None:
            return None
        sub = self.flattenable_nest(flat.loops[1])
        if sub is None or sub.loops != flat.loops[1:]:
            return None
        seg, _, _ = self.odometers([sub], loops + [(outer, Value(outer.var.name, _int_type(outer.var).width))])
        mii = max(sub.target, minimum_ii(seg.dag, seg.capacity(), self.ctx.opts.target.budget_ns).mii)
        return trip_count(first, outer.cmp, bound, outer.step) * (sub.total * mii + _critical_path(seg.dag))

    def innermost_cost(self, flat: _FlatNest, loops: list[tuple[For, Value]]) -> int:
        """Cycles of the nest ``flat`` with only its innermost loop pipelined (fill paid per entry)."""
        inner = flat.loops[-1]
        seg = _Segment(self.ctx, loops + [(lp, Value(lp.var.name, _int_type(lp.var).width)) for lp in flat.loops])
        seg.stmts(inner.body, None)
        seg.flush_registers(inner.loc)
        seg.carried_edges(self.distance_fn([inner], [1], loops + seg.loops[len(loops) : -1]), self.alias_fn([inner], loops + seg.loops[len(loops) : -1]))
        ii = max(flat.target, minimum_ii(seg.dag, seg.capacity(), self.ctx.opts.target.budget_ns).mii)
        return flat.total * ii + flat.entries * _critical_path(seg.dag)

    def odometers(self, units: list[_FlatNest], loops: list[tuple[For, Value]]) -> tuple[_Segment, Value, list[MemRef]]:
        """The body of one pipelined loop of ``max(total)`` iterations that runs each of ``units``
        (perfect nests, or single loops, with no dependence between them): each unit's iterators
        live in registers that each iteration advances like an odometer (the first iteration
        takes the initial values; a level that wraps restarts at its first value for the new
        values of the levels above), and a unit with fewer iterations runs in the first ones."""
        ctx = self.ctx
        head = units[0].loops[0]
        flat_iv = ctx.value(f"{head.var.name}_flat", 32)
        seg = _Segment(ctx, loops)
        first = seg.comb("eq", [flat_iv, ctx.const(0, 32)], 1, head.loc, "first")
        longest = max(u.total for u in units)
        regs: list[MemRef] = []
        used = {m.name for m in ctx.mems.values()} | {m.name for m in ctx.regs.values()} | {m.name for m in ctx.iter_regs}
        distances: list[DistanceFn] = []
        for n, flat in enumerate(units):
            begin = len(seg.items)
            active = None if flat.total == longest else seg.comb("ult", [flat_iv, ctx.const(flat.total, 32)], 1, flat.loops[0].loc, "active")
            regs += self.odometer(seg, flat, first, active, used, loops)
            seg.loops = loops
            seg.unit_of.update({k: n for k in range(begin, len(seg.items))})
        seg.flush_registers(units[-1].loops[-1].loc)
        horizon = _critical_path(seg.dag) + 2
        for flat in units:
            distances.append(self.distance_fn(flat.loops, flat.trips, loops, flat.points, horizon))
        aliases = [self.alias_fn(flat.loops, loops) for flat in units]
        seg.carried_edges(distances[0] if len(units) == 1 else distances, aliases[0] if len(units) == 1 else aliases)
        return seg, flat_iv, regs

    def odometer(
        self, seg: _Segment, flat: _FlatNest, first: Value, active: Value | None, used: set[str], loops: list[tuple[For, Value]]
    ) -> list[MemRef]:
        """One unit of ``odometers``: its iterator registers, its statements (under ``active``)
        and the registers' updates, added to ``seg``."""
        ctx = self.ctx
        nest = flat.loops
        inner = nest[-1]
        regs: list[MemRef] = []
        ivs: list[Value] = []  # the iterators, at their C types' widths
        # on a target that asks for it, a level counts at the width of its values (through the
        # one past its last, which the outermost level stores; isl's bounds of a triangular nest),
        # sign-extended where the body reads it: at the C type's width the 32-bit increments and
        # compares chained into the registers' bypass (jacobi-2d, gramschmidt on ECP5)
        narrow: dict[int, Value] = {}  # level: its iterator at the narrow width

        def value_range(k: int, lp: For) -> tuple[int, int] | None:
            if k == flat.param_level or not self.ctx.opts.target.narrow_flat_iterators:
                return None
            if flat.trips is not None:
                c0 = eval_expr(lp.init, {})
                if c0 is None:
                    return None
                ends = [c0, c0 + (flat.trips[k] - 1) * lp.step]
            elif flat.points is not None and flat.param_level is None:
                level = flat.points.project_out(isl.dim_type.set, k + 1, len(nest) - k - 1).project_out(isl.dim_type.set, 0, k)
                ends = [int(x.sample_point().get_coordinate_val(isl.dim_type.set, 0).to_python()) for x in (level.lexmin(), level.lexmax())]
            else:
                return None
            return min(ends) + min(lp.step, 0), max(ends) + max(lp.step, 0)

        starts: dict[Variable, int] = {}
        for k, lp in enumerate(nest):
            w = _int_type(lp.var).width
            values = value_range(k, lp)
            nw = w if values is None else min(w, signed_bits(*values))
            reg = MemRef(unique_name(f"{lp.var.name}_it", used), "reg", nw, (), 1, 0, 1, _int_type(lp.var).signed or nw < w, lp.loc)
            seg.iterator_regs.add(reg)
            held = seg.load(reg, [], None, lp.loc)
            if k == flat.param_level:  # its first value from the enclosing iterators
                seg.loops = loops
                initial = seg.cast(seg.expr(lp.init, None), lp.init.type, _int_type(lp.var), lp.loc)  # type: ignore[arg-type]
            else:
                start = flat.start[len(starts)] if flat.start is not None else eval_expr(lp.init, starts)
                assert start is not None  # the bounds read constants and outer iterators only
                starts[lp.var] = start
                initial = ctx.const(start, nw)
            iv = seg.comb("select", [first, initial, held], nw, lp.loc, lp.var.name)
            if nw < w:
                narrow[k] = iv
                iv = seg.comb("sext", [iv], w, lp.loc, lp.var.name)
            ivs.append(iv)
            regs.append(reg)
        seg.loops = loops + list(zip(nest, ivs))

        def counter(k: int) -> Value:
            """Level ``k``'s iterator as it counts (narrow or not)."""
            return narrow.get(k, ivs[k])

        def narrowed(k: int, v: Value) -> Value:
            """``v``, a value of level ``k``'s iterator (in range), at the width it counts at."""
            return seg.comb("trunc", [v], narrow[k].width, nest[k].loc) if k in narrow else v

        def level_value(lp: For, e: Expr, values: list[Value]) -> Value:
            """``e`` (a bound of ``lp``) for the levels of the nest at ``values``, as ``lp``'s iterator."""
            seg.loops = loops + list(zip(nest, values))
            v = seg.cast(seg.expr(e, None), e.type, _int_type(lp.var), lp.loc)  # type: ignore[arg-type]
            seg.loops = loops + list(zip(nest, ivs))
            return v

        def last_value(lp: For, k: int) -> Value:
            w = ivs[k].width
            if flat.trips is not None and k != flat.param_level:
                first_value = eval_expr(lp.init, {}) or 0
                return ctx.const(first_value + (flat.trips[k] - 1) * lp.step, counter(k).width)
            bound = level_value(lp, lp.bound, ivs)
            if lp.cmp in ("<=", ">="):
                return narrowed(k, bound)
            return narrowed(k, seg.comb("add", [bound, ctx.const(-lp.step, w)], w, lp.loc, f"{lp.var.name}_end"))

        # per level below the outermost: is its iterator at its first / last value
        at_first: list[Value | None] = [None]
        at_last: list[Value | None] = [None]
        for k in range(1, len(nest)):
            lp = nest[k]
            at_first.append(seg.comb("eq", [counter(k), narrowed(k, level_value(lp, lp.init, ivs))], 1, lp.loc, f"{lp.var.name}_first"))
            at_last.append(seg.comb("eq", [counter(k), last_value(lp, k)], 1, lp.loc, f"{lp.var.name}_last"))

        def all_of(conds: list[Value | None], loc: SourceLoc) -> Value:
            out: Value | None = None
            for c in conds:
                if c is not None:
                    out = c if out is None else seg.comb("and", [out, c], 1, loc, "all")
            assert out is not None
            return out

        def when(conds: list[Value | None], stmts: list[Stmt], loc: SourceLoc, cond: Expr | None = None) -> None:
            """``stmts`` in the iterations where ``conds`` all hold and the unit is still active:
            if-converted, so scalars keep their values too where they do not run (a predicate
            alone guards only memory accesses); ``cond``: ``conds`` in the kernel's terms (the
            distances between accesses see the iterations it selects)."""
            if active is None and all(c is None for c in conds):
                seg.stmts(stmts, None)
            else:
                seg.guarded(all_of([active, *conds], loc), stmts, [], None, loc, cond)

        def levels_at(levels: list[For], last: bool) -> Expr:
            """The kernel's condition that each of ``levels`` is at its first (or last) value."""
            out: Expr | None = None
            for lp in levels:
                iv = VarRead(lp.var, lp.loc)
                if last:
                    t = _int_type(lp.var)
                    ahead = Binary("+", iv, Const(lp.step, t, lp.loc), t, lp.loc)
                    test: Expr = Binary(_NEGATED_CMP[lp.cmp], ahead, lp.bound, INT, lp.loc)
                else:
                    test = Binary("==", iv, lp.init, INT, lp.loc)
                out = test if out is None else Binary("&&", out, test, INT, lp.loc)
            assert out is not None
            return out

        # the statements beside an inner loop (a semi-perfect nest) run in the iteration that
        # starts, or that ends, the inner loops; every inner loop runs at least once
        for k in range(len(nest) - 1):
            body = nest[k].body
            split = next(n for n, x in enumerate(body) if x is nest[k + 1])
            if body[:split]:
                when(at_first[k + 1 :], body[:split], nest[k].loc, levels_at(nest[k + 1 :], False))
        if flat.real_trip is not None:  # the padding iterations run no statement
            first_value = eval_expr(inner.init, {})
            assert first_value is not None
            last = first_value + (flat.real_trip - 1) * inner.step
            inner_t = _int_type(inner.var)
            real = Binary("<=" if inner.step > 0 else ">=", VarRead(inner.var, inner.loc), Const(last, inner_t, inner.loc), INT, inner.loc)
            within = seg.cond(real, None)
            seg.guarded(within if active is None else seg.comb("and", [active, within], 1, inner.loc, "all"), inner.body, [], None, inner.loc, real)
        else:
            when([], inner.body, inner.loc)
        # (with padding, in the last iteration that runs the body: the dependence distances are
        # those of the unpadded iterations, the padding's only pass time)
        after_last = list(at_last)
        if flat.real_trip is not None:
            inner_first = eval_expr(inner.init, {})
            assert inner_first is not None
            inner_iv = counter(len(nest) - 1)
            real_last = ctx.const(inner_first + (flat.real_trip - 1) * inner.step, inner_iv.width)
            after_last[-1] = seg.comb("eq", [inner_iv, real_last], 1, inner.loc, f"{inner.var.name}_real_last")
        # a local that each iteration of level k assigns before reading it, and that nothing
        # outside the nest mentions, is dead once the statements after level k + 1 run: the
        # register keeps its value from before them (fir_int: the rounding of a row's sum,
        # written back to the sum's register, chained the rounding's addition into the next
        # row's first addition through the register's bypass, a path no row takes)
        dead_after: dict[Variable, Value] = {}
        for k in reversed(range(len(nest) - 1)):
            body = nest[k].body
            split = next(n for n, x in enumerate(body) if x is nest[k + 1])
            if body[split + 1 :]:
                for var in _assigned_first(body[:split]) - dead_after.keys():
                    if var in seg.vars and var.kind == "local" and _only_inside(ctx.fn.body, nest[0], var):
                        dead_after[var] = seg.vars[var]
                when(after_last[k + 1 :], body[split + 1 :], nest[k].loc, levels_at(nest[k + 1 :], True) if flat.real_trip is None else None)
        seg.vars.update(dead_after)
        # level k advances when every level inside it wraps around in this iteration
        carries: list[Value | None] = [None] * len(nest)
        for k in reversed(range(len(nest) - 1)):
            ends = at_last[k + 1]
            assert ends is not None
            below = carries[k + 1]
            carries[k] = ends if below is None else seg.comb("and", [below, ends], 1, nest[k].loc, "wrap")
        news: list[Value] = []
        news_wide: list[Value] = []  # (at the C types' widths, for the restarts' bounds)
        for k, lp in enumerate(nest):
            cur = counter(k)
            w = cur.width
            advanced = seg.comb("add", [cur, ctx.const(lp.step, w)], w, lp.loc, f"{lp.var.name}_next")
            if k > 0:
                ends = at_last[k]
                assert ends is not None
                restart = narrowed(k, level_value(lp, lp.init, news_wide + ivs[k:]))
                advanced = seg.comb("select", [ends, restart, advanced], w, lp.loc, lp.var.name)
            carry = carries[k]
            news.append(advanced if carry is None else seg.comb("select", [carry, advanced, cur], w, lp.loc, lp.var.name))
            news_wide.append(seg.comb("sext", [news[-1]], ivs[k].width, lp.loc, lp.var.name) if k in narrow else news[-1])
        for k, lp in enumerate(nest):
            seg.store(regs[k], [], news[k], None, lp.loc)
        return regs

    def pipelined_loop(self, s: For, at: Time, init: Value, bound: Value, loops: list[tuple[For, Value]], iv: Value, target: int) -> ForOp:
        """An innermost loop modulo-scheduled at the lowest II >= max(target, MII)."""
        assert isinstance(s.var.type, IntType)
        seg = _Segment(self.ctx, loops + [(s, iv)])
        seg.stmts(s.body, None)
        seg.flush_registers(s.loc)
        seg.carried_edges(self.distance_fn([s], [1], loops), self.alias_fn([s], loops))
        return self.modulo_loop(
            s, seg, at, iv, s.var.type.signed, init, bound, s.cmp, s.cmp_type.width, s.cmp_type.signed, s.step, target, ()
        )  # fmt: skip

    def modulo_loop(
        self, s: For, seg: _Segment, at: Time, iv: Value, iv_signed: bool, init: Value, bound: Value, cmp: str, cmp_width: int,
        cmp_signed: bool, step: int, target: int, flattened: tuple[str, ...], padded: int | None = None,
    ) -> ForOp:  # fmt: skip
        """Modulo-schedules the body of loop ``s`` (with ``flattened``, the loops merged into it;
        ``padded``: the iterations of its innermost level, padded for a recurrence),
        whose carried dependences are already in ``seg``."""
        ti = self.ctx.time_var("ti")
        bound_info = minimum_ii(seg.dag, seg.capacity(), self.ctx.opts.target.budget_ns)
        budget = self.ctx.opts.target.budget_ns
        ii, seg.solved = lowest_ii(
            lambda at: schedule_dag(seg.dag, budget, 1, self.ctx.opts.time_limit_s, at, seg.capacity()),
            max(target, bound_info.mii),
        )
        if ii > target:
            self.ctx.opts.warnings.append(Diagnostic(s.loc, "warning", self.ii_reason(s, seg, bound_info, target, ii, padded)))
        if ii > 1 and self.ctx.opts.share:
            first, last = self.ctx.const_value.get(init), self.ctx.const_value.get(bound)
            trip = None
            if first is not None and last is not None:
                if cmp_signed:
                    first, last = signed_value(first, init.width), signed_value(last, bound.width)
                trip = trip_count(first, cmp, last, step)
            seg.share_units(ii, trip)
        ops, end, _ = seg.schedule(Time(ti, 0), 1, [], ii, {iv: 0})
        latency = max(end.offset, ii)
        tf = self.ctx.time_var("tf")
        deps = [(seg.op_of_node[a], seg.op_of_node[b], delay, d) for a, b, delay, d in seg.memory_deps]
        return ForOp(
            iv, iv_signed, init, bound, cmp, cmp_width, cmp_signed, step,
            at, ti, ops, Time(ti, ii), tf, s.name, ii, s.loc, latency, target, bound_info.res_mii, bound_info.rec_mii, deps, flattened,
            self.exit_registers(s),
        )  # fmt: skip

    def ii_reason(self, s: For, seg: _Segment, bound: MiiBound, target: int, ii: int, padded: int | None = None) -> str:
        """Why the target II was not met, as Vitis users want it: the recurrence or the resource.
        In a nest whose rows are ``padded`` for a recurrence, the padding answers the recurrence:
        a resource that sets the same II is the reason."""
        head = f"loop '{s.name}': II={ii} instead of the target {target}"
        if padded is not None and bound.resource is not None and bound.res_mii >= bound.rec_mii:
            delay, _, _ = _cycle_span(seg, bound, self.ctx.opts.target.budget_ns)
            pad = f" (rows padded to {padded} iterations for the recurrence of latency {delay})"
            return self.ii_reason(s, seg, dataclasses.replace(bound, recurrence=[]), target, ii) + pad
        if bound.rec_mii >= bound.res_mii and bound.recurrence:
            cyc = bound.recurrence
            delay, dist, cuts = _cycle_span(seg, bound, self.ctx.opts.target.budget_ns)
            lines = sorted({seg.items[n].loc.line for n in cyc if seg.items[n].loc is not None})  # type: ignore[union-attr]
            what = sorted({_describe_node(seg, n) for n in cyc})
            chained = f" (of which {cuts} for combinational logic longer than the clock)" if cuts else ""
            return (f"{head}: recurrence through {', '.join(what)} (line{'s' if len(lines) > 1 else ''} "
                    f"{', '.join(map(str, lines))}) with latency {delay}{chained} over distance {dist}: RecMII={bound.rec_mii}")
        if isinstance(bound.resource, MemRef):
            mem = bound.resource
            uses = sum(1 for nd in seg.dag.nodes if nd.resource is mem)
            ports = f"{mem.ports} port{'s' if mem.ports > 1 else ''}"
            return f"{head}: {uses} accesses to '{mem.name}' per iteration on its {ports}: ResMII={bound.res_mii}"
        if isinstance(bound.resource, _UnitResource):
            res = bound.resource
            uses = sum(1 for nd in seg.dag.nodes if nd.resource == res)
            alloc = self.ctx.fn.allocations[res.index]
            units = f"{alloc.limit} unit{'s' if alloc.limit > 1 else ''}"
            return f"{head}: {uses} {res.kind} ops per iteration on the {units} of {alloc.described}: ResMII={bound.res_mii}"
        return f"{head}: no schedule at a lower II satisfies the dependences and ports"

    def distance_fn(
        self, nest: list[For], trips: list[int] | None, loops: list[tuple[For, Value]], points: isl.Set | None = None, horizon: int = 0
    ) -> DistanceFn:
        """Least distance, in iterations of the pipelined loop (``nest``: an innermost loop, or a
        flattened nest: rectangular with the levels' ``trips``, or triangular with its iteration
        set ``points``, where distances from ``horizon`` on count as ``horizon``), between
        dependent accesses; the enclosing ``loops`` never overlap."""
        from hls.frontend.affine import access_map, guarded_domain

        info = self.model.loops.get(nest[-1])
        iters = [lp.var for lp, _ in loops] + [lp.var for lp in nest]
        succ = _successors(points) if points is not None else None
        weights = [math.prod(trips[k + 1 :]) for k in range(len(nest))] if trips is not None else []

        def distance(mem: MemRef, a: list[Expr] | None, b: list[Expr] | None, guards_a: _Guards, guards_b: _Guards) -> int | None:
            var = next(v for v, m in self.ctx.mems.items() if m is mem)
            if a is None or b is None or info is None:
                return 1
            ma = access_map(self.model, iters, var, a, guarded_domain(self.model, iters, guards_a, info.domain))
            mb = access_map(self.model, iters, var, b, guarded_domain(self.model, iters, guards_b, info.domain))
            if ma is None or mb is None:
                return 1
            if succ is not None:
                return _least_successor_distance(ma, mb, len(loops), succ, horizon)
            return _least_flat_distance(ma, mb, len(loops), [lp.step for lp in nest], weights)

        return distance

    def alias_fn(self, nest: list[For], loops: list[tuple[For, Value]]) -> AliasFn:
        """Whether two accesses of the pipelined loop (``nest``: an innermost loop or a flattened
        nest, inside ``loops``) may name the same element in one iteration (isl: the two access
        relations, on the iterations their guards allow, meet)."""
        from hls.frontend.affine import access_map, guarded_domain

        info = self.model.loops.get(nest[-1])
        iters = [lp.var for lp, _ in loops] + [lp.var for lp in nest]

        # (an access's relation once, not once per pair: an unrolled body has many pairs)
        maps: dict[tuple[int, int, _Guards], isl.Map | None] = {}

        def relation(var: Variable, subs: list[Expr], guards: _Guards) -> isl.Map | None:
            key = (id(var), id(subs), guards)
            if key not in maps:
                assert info is not None
                maps[key] = access_map(self.model, iters, var, subs, guarded_domain(self.model, iters, guards, info.domain))
            return maps[key]

        def may_alias(mem: MemRef, a: list[Expr] | None, b: list[Expr] | None, guards_a: _Guards, guards_b: _Guards) -> bool:
            var = next((v for v, m in self.ctx.mems.items() if m is mem), None)
            if a is None or b is None or info is None or var is None:
                return True
            try:
                ma, mb = relation(var, a, guards_a), relation(var, b, guards_b)
                return ma is None or mb is None or not ma.intersect(mb).is_empty()
            except isl.Error:
                return True

        return may_alias

    def dynamic_if(self, s: If, at: Time, cond: Value, loops: list[tuple[For, Value]]) -> IfOp:
        tt, te = self.ctx.time_var("tthen"), self.ctx.time_var("telse")
        then_ops, then_end, _ = self.region(s.then_body, Time(tt, 0), loops, {})
        else_ops, else_end, _ = self.region(s.else_body, Time(te, 0), loops, {})
        tf = self.ctx.time_var("tif")
        return IfOp(cond, at, tt, then_ops, then_end, te, else_ops, else_end, tf, s.loc)


def schedule(model: AffineModel, opts: ScheduleOptions) -> HirFunc:
    """Pass entry point."""
    return _Lowering(model, opts).run()
