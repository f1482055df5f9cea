"""Pass ``lower-to-sv``: verified HIR to the RTL model of one SystemVerilog module.

The controller is synthesized from the schedule, as in HIR's backend: every time variable is a
one-cycle pulse (the function start, each loop iteration start, each loop finish), ``%t + k`` is
that pulse delayed by a shift register, and every operation fires on the pulse of its time. Loops
keep their iterator in a register and compute the next one; the datapath is combinational logic,
pipelined operator modules and registers for ``delay``. Ports follow Vitis HLS: ap_ctrl_hs,
ap_memory (read latency 1) per array argument, a plain input per scalar, ap_return.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections import defaultdict
from dataclasses import dataclass, field

from hls.backend.binding import bind_units, written_ports
from hls.backend.fp_units import FpUnit, fp_unit, is_fp_kind, product_library
from hls.backend.rtl import RtlInstance, RtlModule, RtlPort, RtlRam, RtlReg, RtlWire
from hls.diagnostics import SourceLoc, processing
from hls.ir.ctypes import ArrayType
from hls.ir.evaluate import address_width, row_strides, signed_bits, signed_digits, signed_value
from hls.ir.hir import (
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
    all_ops,
    ram_style,
    registers_empty_exit,
    shared_by_run_once_code,
    unit_kind,
)
from hls.ir.interface import SV_KEYWORDS, ArrayArg, ArrayBank, FunctionInterface, MemPortUse, Param, ScalarArg
from hls.ir.kernel import KernelFunction, Partition
from hls.scheduler.target import Target

_BIN = {"add": "+", "sub": "-", "mul": "*", "and": "&", "or": "|", "xor": "^", "eq": "==", "ne": "!=",
        "ult": "<", "ule": "<=", "ugt": ">", "uge": ">="}  # fmt: skip
_SCMP = {"slt": "<", "sle": "<=", "sgt": ">", "sge": ">="}
_LIB = {"div": "hls_div.sv"}  # (hls_mul.sv: product_library)


def _mixed(members: list[UnitOp]) -> bool:
    """Whether a unit's ops differ in kind (additions and subtractions on one add/sub unit)."""
    return len({op.kind for op in members}) > 1


def const(value: int, width: int) -> str:
    return f"{width}'h{value & ((1 << width) - 1):x}"


@dataclass
class _Access:
    enable: str
    address: str
    data: str | None  # stores only
    # the pulse alone: what selects the address and the data (no two accesses of a port are
    # pulsed in one cycle, the schedule verifier's port check, so the predicate need not be
    # waited for)
    pulse: str


@dataclass
class _Builder:
    fn: HirFunc
    wires: list[RtlWire] = field(default_factory=list)
    regs: list[RtlReg] = field(default_factory=list)
    instances: list[RtlInstance] = field(default_factory=list)
    unused: list[str] = field(default_factory=list)
    expr_of: dict[Value, str] = field(default_factory=dict)
    referenced: set[str] = field(default_factory=set)
    pulse_depth: dict[TimeVar, int] = field(default_factory=dict)
    accesses: dict[tuple[MemRef, int], list[_Access]] = field(default_factory=dict)
    loads: dict[tuple[MemRef, int], bool] = field(default_factory=dict)
    libs: set[str] = field(default_factory=set)
    fp_units: dict[str, FpUnit] = field(default_factory=dict)
    simulation_models: list[tuple[str, SourceLoc | None]] = field(default_factory=list)
    const_val: dict[Value, int] = field(default_factory=dict)
    # proven signed ranges of values (constants, loop iterators, extensions and sums of them)
    ranges: dict[Value, tuple[int, int]] = field(default_factory=dict)
    rams: dict[str, RtlRam] = field(default_factory=dict)
    bypass_loads: list[LoadOp] = field(default_factory=list)
    counter: int = 0
    units: list[list[UnitOp]] = field(default_factory=list)  # the binding: ops sharing a unit
    unit_of: dict[UnitOp, list[UnitOp]] = field(default_factory=dict)
    # a shared unit's instance name -> (issue time, operand expressions) of each member op
    shared: dict[str, list[tuple[Time, list[str]]]] = field(default_factory=lambda: defaultdict(list))
    copied_pulses: set[str] = field(default_factory=set)  # the registers of pulse_copy
    now: Time | None = None  # the time of the op being lowered
    # each time variable's earliest time: (the time variable it follows, cycles after it at least)
    anchor: dict[TimeVar, tuple[TimeVar, int]] = field(default_factory=dict)
    # iterators of unpipelined loops -> (iteration start, next_iter, the register holding them)
    held: dict[Value, tuple[TimeVar, Time, str]] = field(default_factory=dict)
    # those iterators' values in the next cycle: (a wire of their register's input, its width,
    # its expression), the wire made when a loop first reads it
    held_next: dict[Value, tuple[str, int, str]] = field(default_factory=dict)
    # values delayed by one register captured on a pulse -> (the register's input, that pulse)
    captured: dict[Value, tuple[str, str]] = field(default_factory=dict)
    # scalar arguments -> the register sampling them as a run starts
    sampled: dict[Value, str] = field(default_factory=dict)
    # iterators of pipelined loops that never come back to their initial value -> (the loop's
    # entry pulse, that initial value, the iteration's time variable)
    entry: dict[Value, tuple[str, int, TimeVar]] = field(default_factory=dict)
    # a loop entered with no iteration to run finishes a cycle later (the target's choice)
    registered_empty_exit: bool = False
    # pipeline delays of at least this many cycles are RAM delay lines (0: never; the target's choice)
    delay_line_min: int = 0
    # units run-once code shares register their operands in this many levels after their
    # selection (a cycle of their ops' latency each; the target's choice)
    once_operand_registers: int = 0
    # shared units select their operands by copies of the issue pulses of their own (the target's choice)
    unit_pulse_copies: bool = False
    # multipliers are ECP5 MULT18X18D primitives with their registers on (the target's choice)
    dsp_registers: bool = False

    def __post_init__(self) -> None:
        self.units = bind_units(self.fn)
        self.unit_of = {op: members for members in self.units for op in members}

    def fresh(self, hint: str) -> str:
        self.counter += 1
        return f"{hint}_{self.counter}"

    # -- values and pulses --
    def ref(self, v: Value) -> str:
        e = self.expr_of[v]
        if v in self.held and self.now is not None and self._within_iteration(self.now, *self.held[v][:2]):
            e = self.held[v][2]
        elif v in self.sampled and self.now is not None and (self._cycles_after(self.now, self.fn.start) or 0) >= 1:
            # after the first cycle of a run the argument is its register: no path from ap_start
            e = self.sampled[v]
        self.referenced.add(e)
        return e

    def _cycles_after(self, t: Time, start: TimeVar) -> int | None:
        """How many cycles after ``start`` time ``t`` comes at least (None: not known to follow it)."""
        var, cycles = t.var, t.offset
        while var is not start:
            if var not in self.anchor:
                return None
            var, offset = self.anchor[var]
            cycles += offset
        return cycles

    def _within_iteration(self, t: Time, start: TimeVar, next_iter: Time) -> bool:
        """Whether ``t`` is at least a cycle after an iteration starting at ``start`` and before
        the next one: the iterator is then its register, with no path from the loop's control."""
        cycles = self._cycles_after(t, start)
        return cycles is not None and cycles >= 1 and (t.var is not start or next_iter.var is not start or t.offset < next_iter.offset)

    def slice(self, v: Value, width: int) -> str:
        """The low ``width`` bits of ``v`` (the rest goes to the unused sink)."""
        if v in self.const_val:
            return const(self.const_val[v], width)
        e = self.ref(v)
        if width == v.width:
            return e
        self.unused.append(f"{e}[{v.width - 1}:{width}]")
        return f"{e}[{width - 1}:0]" if width > 1 or v.width > 1 else e

    def shift_amount(self, v: Value) -> str:
        """A shift amount of at most 32 bits, saturated (so every shift means the same): Verilator
        5.006 miscompiles a truncated arithmetic shift by a 64-bit amount (VL_SHIFTRS_IIQ with the
        truncated width as its end; tests/regressions/ashr_wide_amount.c)."""
        if v.width <= 32:
            return self.ref(v)
        if v in self.const_val:
            return const(min(self.const_val[v], 0xFFFFFFFF), 32)
        return f"(({self.ref(v)} > {v.width}'hffffffff) ? 32'hffffffff : {self.slice(v, 32)})"

    def extend(self, v: Value, width: int, signed: bool) -> str:
        if v in self.const_val:
            value = self.const_val[v]
            if signed and value >> (v.width - 1):
                value -= 1 << v.width
            return const(value, width)
        e = self.ref(v)
        if width == v.width:
            return e
        if width < v.width:
            return self.slice(v, width)
        if signed:
            # a $signed cast, not {{n{e[msb]}}, e}: Verilator 5.006 miscompiles that replication
            # when e is the negation of a zero-extended bit (-(a >= b) widened, tests/kernels/neg_cmp_sext.c)
            return f"{width}'($signed({e}))"
        return f"{{{{{width - v.width}{{1'b0}}}}, {e}}}"

    def define(self, v: Value, expr: str, comment: str = "") -> None:
        name = f"v_{v.name}"
        self.wires.append(RtlWire(name, v.width, expr, comment))
        self.expr_of[v] = name

    def pulse(self, t: Time) -> str:
        base = f"t_{t.var.name}"
        if t.offset == 0:
            return base
        self.pulse_depth[t.var] = max(self.pulse_depth.get(t.var, 0), t.offset)
        return f"{base}_sr[{t.offset - 1}]"

    def enable(self, t: Time, pred: Value | None) -> str:
        p = self.pulse(t)
        return f"{p} & {self.ref(pred)}" if pred is not None else p

    # -- ops --
    def region(self, ops: list[Op], ii: int | None) -> None:
        outer = self.now
        for op in ops:
            with processing(getattr(op, "loc", None)):
                self.now = getattr(op, "at", None)
                self.op(op, ii)
        self.now = outer

    def op(self, op: Op, ii: int | None) -> None:
        if isinstance(op, ConstOp):
            self.expr_of[op.result] = const(op.value, op.result.width)
            self.const_val[op.result] = op.value
        elif isinstance(op, CombOp):
            self.define(op.result, self.comb(op))
            self.note_range(op)
        elif isinstance(op, UnitOp):
            self.unit(op)
        elif isinstance(op, LoadOp):
            self.load(op)
        elif isinstance(op, StoreOp):
            self.store(op)
        elif isinstance(op, DelayOp):
            self.delay(op, ii)
        elif isinstance(op, ForOp):
            self.loop(op)
        elif isinstance(op, IfOp):
            self.dynamic_if(op)
        elif isinstance(op, ReturnOp):
            self.ret(op)

    def comb(self, op: CombOp) -> str:
        a = op.operands
        k = op.kind
        w = op.result.width
        if k in _BIN and k not in ("eq", "ne", "ult", "ule", "ugt", "uge"):
            return f"{self.ref(a[0])} {_BIN[k]} {self.ref(a[1])}"
        if k in ("eq", "ne") and (first := self.first_iteration(a[0], a[1]) or self.first_iteration(a[1], a[0])):
            return first if k == "eq" else f"~{first}"
        if k in ("eq", "ne", "ult", "ule", "ugt", "uge"):
            return f"{self.ref(a[0])} {_BIN[k]} {self.ref(a[1])}"
        if k in _SCMP:
            return f"$signed({self.ref(a[0])}) {_SCMP[k]} $signed({self.ref(a[1])})"
        if k == "shl":
            return f"{self.ref(a[0])} << {self.shift_amount(a[1])}"
        if k == "lshr":
            return f"{self.ref(a[0])} >> {self.shift_amount(a[1])}"
        if k == "ashr":
            return f"$unsigned($signed({self.ref(a[0])}) >>> {self.shift_amount(a[1])})"
        if k == "not":
            return f"~{self.ref(a[0])}"
        if k == "neg":
            return f"-{self.ref(a[0])}"
        if k == "sext":
            return self.extend(a[0], w, True)
        if k == "zext":
            return self.extend(a[0], w, False)
        if k == "trunc":
            return self.slice(a[0], w)
        if k == "bool":
            return f"|{self.ref(a[0])}"
        if k == "select":
            return f"{self.ref(a[0])} ? {self.ref(a[1])} : {self.ref(a[2])}"
        raise AssertionError(k)

    def first_iteration(self, iv: Value, c: Value) -> str | None:
        """``iv == c`` as the loop's entry pulse, when ``iv`` is a pipelined loop's iterator read
        as an iteration starts and ``c`` its initial value: the iterator is that value exactly in
        the first iteration (flattened nests test it so), and the pulse is a register where the
        compare was a carry chain after the iterator's multiplexer."""
        if iv not in self.entry or c not in self.const_val or self.now is None:
            return None
        pulse, init, iter_time = self.entry[iv]
        if self.const_val[c] != init or self.now.var is not iter_time or self.now.offset != 0:
            return None
        self.referenced.add(pulse)
        return pulse

    def unit(self, op: UnitOp) -> None:
        w = op.result.width
        res = f"v_{op.result.name}"
        members = self.unit_of[op]
        if len(members) == 1:
            self.wires.append(RtlWire(res, w, None, f"{op.kind}, latency {op.latency}"))
            self.instantiate(op, f"u_{op.result.name}", [self.ref(v) for v in op.operands], res, [op])
        else:
            # a unit shared with ops that never issue in the same cycle (backend/binding.py)
            shared = f"u_shared_{members[0].result.name}"
            self.wires.append(RtlWire(res, w, f"{shared}_r", f"{op.kind}, latency {op.latency}, on {shared}"))
            operands = [self.ref(v) for v in op.operands]
            if _mixed(members):  # (an add/sub unit: the op tells it which)
                operands.append("8'h01" if op.kind.split("_")[0].endswith("sub") else "8'h00")
            self.shared[shared].append((op.at, operands))
        self.expr_of[op.result] = res

    def shared_units(self) -> None:
        """The instances of shared units: each input is its member ops' operand, chosen by the
        op that issues in this cycle."""
        for members in self.units:
            if len(members) < 2:
                continue
            first = members[0]
            shared = f"u_shared_{first.result.name}"
            # at most one member issues in a cycle: each input an OR of its members' operands,
            # each masked by its issue pulse (a tree of a few LUT levels, where a chain of
            # selections was as deep as the members are many); a late pulse (a loop controller's
            # decision of this cycle) selects by default
            members_at = self.shared[shared]
            pulses = [self.pulse(at) for at, _ in members_at]
            n_inputs = len(members_at[0][1])
            # the pulse selecting each member's operand of each input
            selects = [[pulse] * n_inputs for pulse in pulses]
            if self.unit_pulse_copies:  # (the default member's pulse selects nothing)
                d = _default_member(pulses)
                selects = [
                    sel if k == d else [self.pulse_copy(at, f"{shared}_in{j}") for j in range(n_inputs)]
                    for k, (sel, (at, _)) in enumerate(zip(selects, members_at))
                ]
            issues = [(sel, operands) for sel, (_, operands) in zip(selects, members_at)]
            widths = [v.width for v in first.operands] + [8]  # (an add/sub unit's operation last)
            inputs = [_by_pulse([(sel[k], operands[k]) for sel, operands in issues], widths[k]) for k in range(n_inputs)]
            kind = unit_kind(first.kind) if _mixed(members) else first.kind
            self.wires.append(RtlWire(f"{shared}_r", first.result.width, None, f"{kind} shared by {len(members)} ops"))
            latency = first.latency
            levels = self.once_operand_registers if shared_by_run_once_code(first.unit) else 0
            if levels:
                # the scheduler counted a cycle for each level of registers after the selection
                if levels > 1:
                    inputs = self.selection_in_chunks(shared, issues, widths)
                regs = []
                for k, (expr, w) in enumerate(zip(inputs, widths)):
                    self.regs.append(RtlReg(f"{shared}_in{k}", w, expr, None, None, "the selected operand, registered"))
                    regs.append(f"{shared}_in{k}")
                inputs, latency = regs, latency - levels
            self.instantiate(dataclasses.replace(first, kind=kind, latency=latency), shared, inputs, f"{shared}_r", members)

    def selection_in_chunks(self, shared: str, issues: list[tuple[list[str], list[str]]], widths: list[int]) -> list[str]:
        """``shared``'s operands selected in two registered levels: each chunk of members' masked
        operands ORed into a register, then (the caller's register) the chunks' registers and
        the default member's operand: deriche's one fma unit for 69 ops of its inlined
        expf/powf selected its operands in one cycle, routes from all over the device into a
        tree of four LUT levels (55.97 MHz on ECP5)."""
        pulses = [sel[0] for sel, _ in issues]
        d = _default_member(pulses)
        others = [k for k in range(len(issues)) if k != d]
        chunks = [others[i : i + SELECTION_CHUNK] for i in range(0, len(others), SELECTION_CHUNK)]
        none = f"{shared}_none"
        self.regs.append(RtlReg(none, 1, f"~({' | '.join(pulses[k] for k in others)})", None, None, "only the default member may issue"))
        out = []
        for j in range(len(issues[0][1])):
            w = widths[j]
            terms = []
            for g, chunk in enumerate(chunks):
                name = f"{shared}_in{j}_c{g}"
                expr = " | ".join(f"({{{w}{{{issues[k][0][j]}}}}} & {issues[k][1][j]})" for k in chunk)
                self.regs.append(RtlReg(name, w, expr, None, None, f"the operand of members {chunk[0]}..{chunk[-1]} that issues"))
                terms.append(name)
            default = f"{shared}_in{j}_d"
            self.regs.append(RtlReg(default, w, issues[d][1][j], None, None, "the default member's operand"))
            terms.append(f"({{{w}{{{none}}}}} & {default})")
            out.append(" | ".join(terms))
        return out

    def pulse_copy(self, t: Time, owner: str) -> str:
        """The pulse of ``t`` from a register of ``owner``'s own beside the pulse shift register's
        stage, loaded as that stage is: the stage drives every access and unit of its cycle,
        wherever they were placed (adi on ECP5: a stage routed 6.97 ns to a shared multiplier's
        operand selection), the copy only the selections of ``owner`` (one input of a unit: a
        copy for two inputs let Yosys share logic between their selections, deriche's fma unit).
        A loop controller's decision (``t`` at its time variable) is not copied."""
        pulse = self.pulse(t)
        if t.offset == 0:
            return pulse
        base = f"t_{t.var.name}"
        name = f"{owner}_{base}_{t.offset - 1}"
        if name not in self.copied_pulses:
            self.copied_pulses.add(name)
            src = base if t.offset == 1 else f"{base}_sr[{t.offset - 2}]"
            self.regs.append(RtlReg(name, 1, src, None, "1'b0", f"{pulse} for {owner}", keep=True))
        return name

    def instantiate(self, op: UnitOp, name: str, inputs: list[str], res: str, members: list[UnitOp]) -> None:
        """An instance of ``op``'s operator module, its operands ``inputs``, its result ``res``;
        ``members`` the ops it runs."""
        w = op.result.width
        if is_fp_kind(op.kind):
            unit = fp_unit(op, self.dsp_registers)
            self.fp_units.setdefault(unit.module, unit)
            self.libs.update(unit.library_files)
            if unit.simulation_only:
                self.simulation_models.append((unit.module, op.loc))
            conns = [("clk", "ap_clk"), ("ce", "1'b1")]
            conns += [(port, value) for (port, _), value in zip(unit.inputs, inputs)]
            conns.append(("r", res))
            self.instances.append(RtlInstance(unit.module, name, (("LATENCY", str(op.latency)),), tuple(conns)))
            return
        a, b = inputs[0], inputs[1]
        if op.kind == "mul":
            files, dsp_params = product_library(self.dsp_registers)
            self.libs.update(files)
            # the operands' bits that can be nonzero: no partial products of chunks known to be
            # zero (Yosys cannot drop them inside an instantiated MULT18X18D)
            aw, bw = (max(self.nonzero_bits(m.operands[k]) for m in members) for k in (0, 1))
            known: tuple[tuple[str, str], ...] = (("AW", str(aw)),) if aw < w else ()
            known += (("BW", str(bw)),) if bw < w else ()
            self.instances.append(RtlInstance("hls_mul", name, (("W", str(w)), ("LATENCY", str(op.latency)), *known, *dsp_params),
                                              (("clk", "ap_clk"), ("ce", "1'b1"), ("a", a), ("b", b), ("p", res))))  # fmt: skip
            return
        self.libs.add(_LIB["div"])
        other = f"{name}_unused"
        self.wires.append(RtlWire(other, w, None))
        q, r = (res, other) if op.kind.endswith("div") else (other, res)
        signed = "1'b1" if op.kind.startswith("s") else "1'b0"
        self.instances.append(RtlInstance("hls_div", name, (("W", str(w)), ("SIGNED", signed)),
                                          (("clk", "ap_clk"), ("a", a), ("b", b), ("q", q), ("r", r))))  # fmt: skip

    def address(self, mem: MemRef, indices: list[Value]) -> str:
        aw = address_width(mem.depth)
        strides = row_strides(mem.dims)
        terms: list[tuple[str, int]] = []
        offset = 0  # the constant indices' part
        for v, s in zip(indices, strides):
            if s >= (1 << aw):
                continue  # the index can only be 0: the term is 0 modulo the address width
            if v in self.const_val:
                offset += (self.const_val[v] & ((1 << v.width) - 1)) * s
                continue
            e = self.extend(v, aw, False)
            # a stride as shifted copies added or subtracted (10 is 8 + 2): synthesis would map
            # ``e * 10`` to a DSP multiplier, slow on the path from the loop counters to the RAM
            terms += [(e if pos == 0 else f"({e} << {pos})", d) for pos, d in signed_digits(s)]
        offset &= (1 << aw) - 1
        if not terms:
            return const(offset, aw)
        if offset:
            terms.append((const(offset, aw), 1))
        terms.sort(key=lambda t: -t[1])  # a stride's leading digit is positive: no leading minus
        name = self.fresh(f"addr_{mem.name}")
        expr = terms[0][0] + "".join(f" {'+' if d > 0 else '-'} {t}" for t, d in terms[1:])
        self.wires.append(RtlWire(name, aw, expr))
        self.referenced.add(name)
        return name

    def load(self, op: LoadOp) -> None:
        if op.mem.kind == "reg":
            self.define(op.result, f"r_{op.mem.name}")
            if op.bypass:  # completed once every write of the register is known
                self.bypass_loads.append(op)
            return
        key = (op.mem, op.port)
        self.loads[key] = True
        self.accesses.setdefault(key, []).append(_Access(self.enable(op.at, op.pred), self.address(op.mem, op.indices), None, self.pulse(op.at)))
        self.define(op.result, f"{op.mem.name}_q{op.port}")

    def store(self, op: StoreOp) -> None:
        key = (op.mem, op.port)
        addr = self.address(op.mem, op.indices) if op.mem.kind != "reg" else ""
        self.accesses.setdefault(key, []).append(_Access(self.enable(op.at, op.pred), addr, self.ref(op.value), self.pulse(op.at)))

    def delay(self, op: DelayOp, ii: int | None) -> None:
        w = op.result.width
        src = self.ref(op.input)
        name = f"v_{op.result.name}"
        if ii is None or op.by <= ii:
            # the region restarts no sooner than ``by`` cycles later: one register captured on time
            self.regs.append(RtlReg(name, w, src, self.pulse(op.at), None, f"delay {op.by}"))
            if re.fullmatch(r"\w+", src):
                self.captured[op.result] = (src, self.pulse(op.at))
        elif self.delay_line_min and op.by >= max(3, self.delay_line_min):
            # a free-running delay in distributed RAM (the stages would be op.by * w flip-flops)
            self.libs.add("hls_delay_line.sv")
            self.wires.append(RtlWire(name, w, None, f"delay {op.by}, a RAM delay line"))
            self.instances.append(RtlInstance("hls_delay_line", f"u_{name}", (("W", str(w)), ("D", str(op.by))),
                                              (("clk", "ap_clk"), ("rst", "ap_rst"), ("d", src), ("q", name))))  # fmt: skip
        else:
            prev = src
            for k in range(1, op.by + 1):
                stage = name if k == op.by else f"{name}_s{k}"
                self.regs.append(RtlReg(stage, w, prev, None, None, f"delay stage {k}/{op.by}"))
                prev = stage
                self.referenced.add(stage)
        self.expr_of[op.result] = name
        if (r := self.range_of(op.input)) is not None:
            self.ranges[op.result] = r

    def range_of(self, v: Value) -> tuple[int, int] | None:
        """The signed range (two's complement at ``v.width``) ``v`` is proven to stay in, if known."""
        if v in self.const_val:
            x = signed_value(self.const_val[v], v.width)
            return x, x
        return self.ranges.get(v)

    def nonzero_bits(self, v: Value) -> int:
        """How many low bits of ``v`` can be nonzero (the rest are proven zero)."""
        r = self.range_of(v)
        return max(1, r[1].bit_length()) if r and r[0] >= 0 else v.width

    def note_range(self, op: CombOp) -> None:
        w = op.result.width
        a = [self.range_of(v) for v in op.operands]
        r: tuple[int, int] | None = None
        if op.kind == "and" and any(x and x[0] >= 0 for x in a):
            r = (0, min(x[1] for x in a if x and x[0] >= 0))
        elif op.kind == "lshr" and op.operands[1] in self.const_val and 0 < self.const_val[op.operands[1]] < w:
            k = self.const_val[op.operands[1]]
            r = (a[0][0] >> k, a[0][1] >> k) if a[0] and a[0][0] >= 0 else (0, (1 << (w - k)) - 1)
        elif op.kind == "zext" and op.operands[0].width < w:
            r = a[0] if a[0] and a[0][0] >= 0 else (0, (1 << op.operands[0].width) - 1)
        elif op.kind == "sext":
            wa = op.operands[0].width
            r = a[0] or (-(1 << (wa - 1)), (1 << (wa - 1)) - 1)
        elif op.kind in ("add", "sub", "trunc") and all(a):
            lo0, hi0 = a[0]  # type: ignore[misc]
            if op.kind == "trunc":
                r = (lo0, hi0)
            else:
                lo1, hi1 = a[1]  # type: ignore[misc]
                r = (lo0 + lo1, hi0 + hi1) if op.kind == "add" else (lo0 - hi1, hi0 - lo1)
        if r and -(1 << (w - 1)) <= r[0] and r[1] < (1 << (w - 1)):
            self.ranges[op.result] = r

    def loop(self, op: ForOp) -> None:
        """The loop controller. Its critical path must not grow with nesting depth: the next
        iterator value and whether the next iteration runs are registered when an iteration
        starts, so an iteration-start pulse is the start or next_iter pulse ANDed with a
        register (or, on entry, with a test of the initial value). Counters and compares are as
        narrow as the iterator's proven range."""
        n = op.name
        w = op.iv.width
        start = self.pulse(op.at)
        ti, tf = f"t_{op.iter_time.name}", f"t_{op.result.name}"
        cand, cur, next_q, cont_q = f"{n}_cand", f"{n}_cur", f"{n}_next_q", f"{n}_cont_q"
        bound_q = f"{n}_bound_q"
        bound_range = self.range_of(op.bound)
        narrow = _iterator_ranges(op, self.range_of(op.init), bound_range)
        if narrow is None or bound_range is None:
            cw, bw = w, op.bound.width
            init, bound_in = self.ref(op.init), self.ref(op.bound)
        else:
            (lo, hi), iters = narrow
            cw = max(signed_bits(lo, hi), signed_bits(*bound_range))
            bw = cw
            init, bound_in = self.resize(op.init, cw), self.resize(op.bound, cw)
            self.ranges[op.iv] = iters
        step = const(op.step, cw)
        self.anchor[op.iter_time] = self.anchor[op.result] = (op.at.var, op.at.offset)
        if op.ii is not None and narrow is not None and op.step != 0 and op.init in self.const_val and op.init.width == w:
            # counting away from its initial value within its proven range, the iterator is
            # that value only as the loop is entered
            self.entry[op.iv] = (start, self.const_val[op.init], op.iter_time)
        if op.ii is None:  # the iterator stays valid through the (unpipelined) iteration
            self.regs.append(RtlReg(cur, cw, cand, ti, None, f"iterator of loop {n}"))
            held = f"v_{op.iv.name}_held"
            self.wires.append(RtlWire(held, w, f"{w}'($signed({cur}))" if cw != w else cur, f"iterator {op.iv.name} after its first cycle"))
            self.held[op.iv] = (op.iter_time, op.next_iter, held)
            self.held_next[op.iv] = (f"{n}_cur_next", cw, f"{ti} ? {cand} : {cur}")
        self.regs.append(RtlReg(next_q, cw, f"{n}_ahead", ti, None, f"loop {n}: the next iterator"))
        self.wires.append(RtlWire(cand, cw, f"{start} ? {init} : {next_q}"))
        self.expr_of[op.iv] = f"v_{op.iv.name}"
        go = self.fresh(f"{n}_go")
        # selected by go, not by the iteration-start pulse: whether the iteration runs stays off
        # the iterator's path (when go comes without an iteration, every use of the iterator is
        # disabled, as in a pipelined loop, whose iterator is the candidate itself)
        iv_expr = f"{go} ? {cand} : {cur}" if op.ii is None else cand
        if cw != w:
            iv_expr = f"{w}'($signed({iv_expr}))"
        self.wires.append(RtlWire(f"v_{op.iv.name}", w, iv_expr, f"iterator {op.iv.name}"))
        # the body may be ahead of next_iter's pulse in the wire list; pulses are wires, order-free
        self.wires.append(RtlWire(ti, 1, None, f"loop {n}: an iteration starts"))
        self.wires.append(RtlWire(tf, 1, None, f"loop {n}: finished"))
        self.region(op.body, op.ii)
        nxt = self.pulse(op.next_iter)
        if op.ii is None:  # the iterator's select
            self.wires.append(RtlWire(go, 1, f"{start} | {nxt}"))
        first, ahead = f"{n}_first", f"{n}_ahead"
        ahead_entry, ahead_next = f"{n}_ahead_entry", f"{n}_ahead_next"
        self.wires.append(RtlWire(first, cw, init))
        # the increment and the test of the next iteration are computed on both of the
        # candidate's sources and selected after them, so the entry pulse (which may come late,
        # through the enclosing loops' control) only drives the last selection
        self.wires.append(RtlWire(ahead_entry, cw, f"{first} + {step}"))
        self.wires.append(RtlWire(ahead_next, cw, f"{next_q} + {step}"))
        self.wires.append(RtlWire(ahead, cw, f"{start} ? {ahead_entry} : {ahead_next}"))
        self.referenced.update((first, ahead, ahead_entry, ahead_next))
        test_entry = self.loop_test(op, ahead_entry, bound_in, cw, narrow is not None)
        test_next = self._next_test(op, cw, bw, bound_in, start, narrow is not None)
        if test_next is None:
            self.regs.append(RtlReg(bound_q, bw, bound_in, start, None))
            test_next = self.loop_test(op, ahead_next, bound_q, cw, narrow is not None)
        entry_test = self.loop_test(op, first, bound_in, cw, narrow is not None)
        # a loop whose first iteration always runs never looks at its entry test
        always = _always_enters(op, self.range_of(op.init), bound_range)
        ahead_test = None if always else self._entry_test_ahead(op, first, cw, bw, narrow is not None)
        if ahead_test is not None:
            test, pulse = ahead_test
            entry_q = f"{n}_entry_q"
            self.regs.append(RtlReg(entry_q, 1, test, pulse, None, f"loop {n}: would its first iteration run, decided a cycle ahead"))
            entry_test = entry_q
        # whether the iteration after this one runs, decided while this one starts
        self.regs.append(RtlReg(cont_q, 1, f"{start} ? {test_entry} : {test_next}", ti, None,
                                f"loop {n}: the next iteration runs"))  # fmt: skip
        later = cont_q
        if op.exits:
            # an exit flag ends the loop: no iteration starts once one is set (their iterations
            # would do nothing). The registers as they are: a flag set in this very cycle lets
            # one more (empty) iteration start, which keeps the store's logic off this path. On
            # entry the flags are not looked at (the loop clears them as it starts).
            flags = " | ".join(f"(|r_{m.name})" for m in op.exits)
            later = f"{cont_q} & ~({flags})"
        # The loop is entered only while none of its iterations is due (the enclosing region
        # waits for it to finish), so the entry pulse and next_iter's never come together: an
        # iteration starts on entry when the entry test holds, or on next_iter when the
        # registered test does, and the loop finishes on next_iter when that test fails. The
        # finish pulse, which starts the code after the loop, then follows the entry path (the
        # enclosing loops' control) only where the loop may be entered with nothing to run.
        self._replace_wire(ti, f"{start} | ({nxt} & {later})" if always else f"({start} & {entry_test}) | ({nxt} & {later})")
        ends = f"{nxt} & ~({later})" if op.exits else f"{nxt} & ~{later}"
        if always:
            self._replace_wire(tf, ends)
        elif registers_empty_exit(op, self.const_val, self.registered_empty_exit):
            # a loop entered with no iteration to run finishes a cycle later, from a register: the
            # code after it (often the next loop's entry test) does not follow this entry test in
            # the same cycle, a chain as long as the row of loops that may be empty
            empty = f"{n}_empty_q"
            self.regs.append(RtlReg(empty, 1, f"{start} & ~({entry_test})", None, "1'b0", f"loop {n}: entered with no iteration"))
            self._replace_wire(tf, f"({ends}) | {empty}")
        else:
            self._replace_wire(tf, f"({start} & ~({entry_test})) | ({ends})")

    def _next_test(self, op: ForOp, cw: int, bw: int, bound_in: str, start: str, narrow: bool) -> str | None:
        """Whether the iteration after the next runs, ``next + step CMP bound``, as ``next CMP
        bound - step`` with ``bound - step`` registered (one bit wider) as the loop starts: the
        test is then one compare after the iterator's register, not its increment's carry chain
        and then the compare's (scale_bound on ECP5: i - 1 >= m, 10.15 ns). Exact where the
        increment cannot wrap: an iterator in its proven range, or a signed one of 32 bits or
        more compared signed (C's overflow is undefined there); None elsewhere and for == and !=,
        which the increment's wrap keeps exact anyway."""
        if op.cmp not in ("<", "<=", ">", ">="):
            return None
        n = op.name
        if narrow:
            width, value = cw + 1, f"{cw + 1}'($signed({n}_next_q))"
        elif op.cmp_signed and op.iv_signed and cw >= 32 and op.cmp_width >= cw and bw == op.cmp_width:
            ext = self.extend_expr(f"{n}_next_q", cw, op.cmp_width, True)
            width, value = op.cmp_width + 1, f"{op.cmp_width + 1}'($signed({ext}))"
        else:
            return None
        if op.bound in self.const_val:
            less = const(signed_value(self.const_val[op.bound], op.bound.width) - op.step, width)
        else:
            less = f"{n}_bound_less_step_q"
            self.regs.append(RtlReg(less, width, f"{width}'($signed({bound_in})) - {const(op.step, width)}", start, None,
                                    f"loop {n}: the bound less the step"))  # fmt: skip
        return f"$signed({value}) {op.cmp} $signed({less})"

    def _entry_test_ahead(self, op: ForOp, first: str, cw: int, bw: int, narrow: bool) -> tuple[str, str | None] | None:
        """Whether loop ``op``'s first iteration runs, registered a cycle ahead so that the test is
        off the iteration-start pulse's paths: its expression and the pulse loading it (None:
        every cycle); None where it cannot be. Exact in each case:
        - the bound is an enclosing loop's iterator register (ref gave its held wire) and the
          first value a constant: the test of that register's input, in every cycle;
        - each bound is a register loaded on one pulse (a bound computed in an earlier cycle; on
          ECP5 one computed as its loop starts is registered first), a constant or a scalar
          argument (unchanged through a run): the test of the registers' inputs on that pulse
          (scale_bound on ECP5: n against i + 1 as the loop started, then the pulse and every
          enable of the body, 96.59 MHz);
        - only constants and arguments, for a loop entered a cycle or more after the run starts:
          in every cycle."""
        holder = self.held.get(op.bound)
        if op.init in self.const_val and holder is not None and self.now is not None and self._within_iteration(self.now, *holder[:2]):
            wire, ww, expr = self.held_next[op.bound]
            if wire not in self.referenced:
                self.wires.append(RtlWire(wire, ww, expr, "the iterator register's input"))
                self.referenced.add(wire)
            return self.loop_test(op, first, self._at_width(wire, ww, bw), cw, narrow), None
        bounds = ((op.init, cw), (op.bound, bw))
        if not all(v in self.captured or v in self.const_val or v in self.sampled for v, _ in bounds):
            return None
        pulses = {self.captured[v][1] for v, _ in bounds if v in self.captured}
        if len(pulses) > 1 or not pulses and not (any(v in self.sampled for v, _ in bounds) and (self._cycles_after(op.at, self.fn.start) or 0) >= 1):
            return None
        ahead: list[str] = []
        for v, width in bounds:
            if v in self.const_val:
                ahead.append(const(self.const_val[v], width))
                continue
            # a register's input, or an argument (the port or its register, whichever holds it)
            e = self.captured[v][0] if v in self.captured else self.expr_of[v]
            self.referenced.add(e)
            ahead.append(self._at_width(e, v.width, width))
        return self.loop_test(op, ahead[0], ahead[1], cw, narrow), pulses.pop() if pulses else None

    def _at_width(self, name: str, width: int, to: int) -> str:
        """Signal ``name`` of ``width`` bits at ``to`` bits: its low bits (the rest to the unused
        sink) or sign-extended."""
        if to < width:
            self.unused.append(f"{name}[{width - 1}:{to}]")
            return f"{name}[{to - 1}:0]" if to > 1 else f"{name}[0]"
        return f"{to}'($signed({name}))" if to > width else name

    def loop_test(self, op: ForOp, value: str, bound: str, width: int, narrow: bool) -> str:
        """``value CMP bound`` of loop ``op`` for the ``width``-bit iterator wire ``value``."""
        if narrow:  # every value in range: a signed compare at the narrow width is exact
            return f"$signed({value}) {op.cmp} $signed({bound})"
        ext = self.extend_expr(value, width, op.cmp_width, op.iv_signed)
        if op.cmp_signed:
            return f"$signed({ext}) {op.cmp} $signed({bound})"
        return f"{ext} {op.cmp} {bound}"

    def resize(self, v: Value, width: int) -> str:
        """``v`` (whose proven range fits ``width`` signed bits) at ``width`` bits."""
        if v.width == width:
            return self.ref(v)
        if v.width > width:
            return self.slice(v, width)
        return f"{width}'($signed({self.ref(v)}))"

    def extend_expr(self, e: str, width: int, to: int, signed: bool) -> str:
        if to == width:
            return e
        if to < width:
            self.unused.append(f"{e}[{width - 1}:{to}]")
            return f"{e}[{to - 1}:0]"
        if signed:
            return f"{to}'($signed({e}))"  # as in extend(): no replication of the sign bit
        return f"{{{{{to - width}{{1'b0}}}}, {e}}}"

    def _replace_wire(self, name: str, expr: str) -> None:
        for i, wire in enumerate(self.wires):
            if wire.name == name:
                self.wires[i] = RtlWire(name, wire.width, expr, wire.comment)
                return
        raise AssertionError(name)

    def dynamic_if(self, op: IfOp) -> None:
        start = self.pulse(op.at)
        for tv in (op.then_time, op.else_time, op.result):
            self.anchor[tv] = (op.at.var, op.at.offset)
        c = self.ref(op.cond)
        self.wires.append(RtlWire(f"t_{op.then_time.name}", 1, f"{start} & {c}"))
        self.wires.append(RtlWire(f"t_{op.else_time.name}", 1, f"{start} & ~{c}"))
        self.wires.append(RtlWire(f"t_{op.result.name}", 1, None))
        self.region(op.then_body, None)
        self.region(op.else_body, None)
        self._replace_wire(f"t_{op.result.name}", f"{self.pulse(op.then_end)} | {self.pulse(op.else_end)}")

    def ret(self, op: ReturnOp) -> None:
        self.wires.append(RtlWire("t_done", 1, self.pulse(op.at), "the run completes"))
        if op.value is not None:
            self.ret_value = self.ref(op.value)

    ret_value: str | None = None


def interface_of(fn: HirFunc, kernel: KernelFunction, kernel_file: str) -> FunctionInterface:
    """The RTL interface of a scheduled function: C types from the kernel, ports used from the HIR."""
    used: dict[tuple[str, int], MemPortUse] = {}

    for op in all_ops(fn.body):
        if isinstance(op, (LoadOp, StoreOp)):
            key = (op.mem.name, op.port)
            old = used.get(key, MemPortUse(False, False))
            used[key] = MemPortUse(old.read or isinstance(op, LoadOp), old.write or isinstance(op, StoreOp))

    def ports_of(name: str) -> tuple[MemPortUse, ...]:
        return tuple(used.get((name, p), MemPortUse(False, False)) for p in range(2) if p == 0 or (name, p) in used)

    params: list[Param] = []
    for v in kernel.params:
        if isinstance(v.type, ArrayType):
            part = kernel.partition_of(v)
            banks: tuple[ArrayBank, ...] = ()
            if part is not None:
                held: dict[int, list[int]] = {k: [] for k in range(len(part.banks))}
                for flat, index in enumerate(itertools.product(*(range(d) for d in v.type.dims))):
                    bank, _ = part.locate(index)
                    held[bank].append(flat)
                banks = tuple(ArrayBank(b.name, ports_of(b.name), _bank_elements(part, k, held[k])) for k, b in enumerate(part.banks))
            member = v.member or ("", "")
            params.append(ArrayArg(v.name, v.type.elem, v.type.dims, () if banks else ports_of(v.name), v.is_const, banks, v.global_name or "", *member))
        else:
            params.append(ScalarArg(v.name, v.type))
    iface = FunctionInterface(fn.name, tuple(params), kernel.return_type, kernel_file)
    # a scalar's port takes its C name unless that is a keyword or names another signal
    module = lower_to_sv(fn, iface, ())
    scalars = {p.name for p in params if isinstance(p, ScalarArg)}
    taken = {p.name for p in module.ports if p.name not in scalars}
    taken |= {w.name for w in module.wires} | {r.name for r in module.regs} | {i.name for i in module.instances} | {"sink_unused"}
    named: list[Param] = []
    for p in params:
        if isinstance(p, ScalarArg):
            port = p.name
            while port in taken or port in SV_KEYWORDS:
                port += "_r"
            taken.add(port)
            p = ScalarArg(p.name, p.type, p.value_range, port if port != p.name else "")
        named.append(p)
    return FunctionInterface(fn.name, tuple(named), kernel.return_type, kernel_file)


def _bank_elements(part: Partition, bank: int, flats: list[int]) -> tuple[int, ...]:
    """The flat index of the element at each address of ``bank`` (-1: padding)."""
    var = part.banks[bank]
    depth = var.type.depth if isinstance(var.type, ArrayType) else 1
    out = [-1] * depth
    dims = part.array.type.dims  # type: ignore[union-attr]
    for flat in flats:
        index, rest = [], flat
        for d in reversed(dims):
            index.append(rest % d)
            rest //= d
        _, within = part.locate(tuple(reversed(index)))
        address = 0
        shape = var.type.dims if isinstance(var.type, ArrayType) else ()
        for i, d in zip(within, shape):
            address = address * d + i
        out[address] = flat
    return tuple(out)


def lower_to_sv(fn: HirFunc, iface: FunctionInterface, header: tuple[str, ...], target: Target | None = None) -> RtlModule:
    """Pass entry point: the RTL model of ``fn``; ``target`` chooses whether a loop entered with
    no iteration to run finishes a cycle later (from a register) and which pipeline delays are
    RAM delay lines."""
    b = _Builder(
        fn,
        registered_empty_exit=target.registered_empty_exit if target else False,
        delay_line_min=target.delay_line_min if target else 0,
        once_operand_registers=target.once_operand_registers if target else 0,
        unit_pulse_copies=target.unit_pulse_copies if target else False,
        dsp_registers=target.dsp_registers if target else False,
    )
    ports: list[RtlPort] = [
        RtlPort("ap_clk", "input", 1),
        RtlPort("ap_rst", "input", 1, "synchronous, active high"),
        RtlPort("ap_start", "input", 1),
        RtlPort("ap_done", "output", 1),
        RtlPort("ap_idle", "output", 1),
        RtlPort("ap_ready", "output", 1),
    ]
    if fn.return_width:
        ports.append(RtlPort("ap_return", "output", fn.return_width))
    start = f"t_{fn.start.name}"
    b.wires.append(RtlWire(start, 1, "ap_start & ~busy", "a run starts"))
    b.regs.append(RtlReg("busy", 1, f"(busy | {start}) & ~t_done", None, "1'b0"))
    port_of = {p.name: p.rtl_name for p in iface.params if isinstance(p, ScalarArg)}
    for a in fn.args:
        port = port_of.get(a.value.name, a.value.name)
        ports.append(RtlPort(port, "input", a.value.width, "scalar argument"))
        q = f"{a.value.name}_q"
        b.regs.append(RtlReg(q, a.value.width, port, start, None, "argument sampled at start"))
        # the port while idle (a run starting in this cycle reads it), the register while busy:
        # selected by busy, a register, not by the start pulse (ap_start's logic stays off the path)
        b.define(a.value, f"busy ? {q} : {port}")
        b.sampled[a.value] = q
    b.region(fn.body, None)
    b.shared_units()

    outputs: list[tuple[str, str]] = [("ap_done", "t_done"), ("ap_ready", "t_done"), ("ap_idle", "~busy")]
    if fn.return_width:
        assert b.ret_value is not None
        b.regs.append(RtlReg("ret_q", fn.return_width, b.ret_value, "t_done", None, "return value held after the run"))
        outputs.append(("ap_return", f"t_done ? {b.ret_value} : ret_q"))
    # every memory outside the design: an array argument, or a bank of one
    outside = {m.name: m for p in iface.params if isinstance(p, ArrayArg) for m in p.memories}
    written_ports_of = written_ports(fn)
    for load in b.bypass_loads:  # the value written this cycle, if any, else the register
        expr = f"r_{load.mem.name}"
        for w in reversed(b.accesses.get((load.mem, 0), [])):
            expr = f"({w.enable}) ? {w.data} : {expr}"
        b._replace_wire(f"v_{load.result.name}", expr)
    for mem in fn.memrefs:
        if mem.kind == "reg":
            acc = b.accesses.get((mem, 0), [])
            name = f"r_{mem.name}"
            if not acc:
                b.regs.append(RtlReg(name, mem.width, name, None, None))
                continue
            en = " | ".join(a.enable for a in acc)
            data = acc[0].data if len(acc) == 1 else " | ".join(f"({{{mem.width}{{{a.enable}}}}} & {a.data})" for a in acc)
            assert data is not None
            b.regs.append(RtlReg(name, mem.width, data, en, None, "register of a scalar variable"))
            continue
        aw = address_width(mem.depth)
        used_ports = [p for p in range(mem.ports) if p == 0 or (mem, p) in b.accesses]
        for p in used_ports:
            acc = b.accesses.get((mem, p), [])
            stores = [a for a in acc if a.data is not None]
            pre = f"{mem.name}_"
            sigs = {
                f"address{p}": (aw, _mux(acc, "address", aw) if acc else const(0, aw)),
                f"ce{p}": (1, " | ".join(f"({a.enable})" for a in acc) if acc else "1'b0"),
            }
            if stores or mem.kind == "bram":
                sigs[f"we{p}"] = (1, " | ".join(f"({a.enable})" for a in stores) if stores else "1'b0")
                sigs[f"d{p}"] = (mem.width, _mux(stores, "data", mem.width) if stores else const(0, mem.width))
            if mem.kind == "arg":
                use = outside[mem.name].ports[p] if p < len(outside[mem.name].ports) else None
                if use is None:
                    continue
                for sig, (width, e) in sigs.items():
                    ports.append(RtlPort(pre + sig, "output", width))
                    outputs.append((pre + sig, e))
                if use.read:
                    ports.append(RtlPort(f"{pre}q{p}", "input", mem.width))
                    if f"{pre}q{p}" not in b.referenced:
                        b.unused.append(f"{pre}q{p}")
            else:
                for sig, (width, e) in sigs.items():
                    b.wires.append(RtlWire(pre + sig, width, e))
                b.wires.append(RtlWire(f"{pre}q{p}", mem.width, None))
                if not b.loads.get((mem, p)):
                    b.unused.append(f"{pre}q{p}")
        if mem.kind == "bram":
            style = ram_style(mem, written_ports_of.get(mem, set()))
            short = {"block": "bram", "distributed": "lutram", "registers": "regfile"}[style]
            written = any(a.data is not None for p in used_ports for a in b.accesses.get((mem, p), []))
            in_reg = mem.input_register
            latency = mem.read_latency - int(in_reg)
            if mem.init is not None and not written:  # a table: its own module, whose memory starts with the contents
                contents = tuple(f"{mem.width}'h{x:x}" for x in mem.init)
                # a small table gets no style: Yosys finds no ECP5 mapping for a distributed ROM
                # of two read ports, and LUTs or block RAM both serve it
                attribute = "" if style == "distributed" else f'rom_style = "{style}"'
                ram = RtlRam(f"{fn.name}_{mem.name}_rom", len(used_ports), style, contents, attribute, rom=True, latency=latency, input_register=in_reg)
            elif mem.init is not None:  # a static variable: its own module, starting with its initial value
                contents = tuple(f"{mem.width}'h{x:x}" for x in mem.init)
                ram = RtlRam(f"{fn.name}_{mem.name}_ram", len(used_ports), style, contents, _ram_attribute(style, len(used_ports)),
                             latency=latency, input_register=in_reg)  # fmt: skip
            else:
                suffix = ("" if latency == 1 else f"_r{latency}") + ("_in" if in_reg else "")
                ram = RtlRam(f"hls_{short}_{len(used_ports)}p{suffix}", len(used_ports), style, (), _ram_attribute(style, len(used_ports)),
                             latency=latency, input_register=in_reg)  # fmt: skip
            b.rams.setdefault(ram.module, ram)
            conns = [("clk", "ap_clk")]
            for p in used_ports:
                for sig in ("ce", "we", "address", "d", "q"):
                    conns.append((f"{sig}{p}", f"{mem.name}_{sig}{p}"))
            b.instances.append(RtlInstance(ram.module, f"ram_{mem.name}",
                                           (("WIDTH", str(mem.width)), ("DEPTH", str(mem.depth)), ("AW", str(aw))),
                                           tuple(conns)))  # fmt: skip
    # pulse shift registers
    for tv, depth in sorted(b.pulse_depth.items(), key=lambda kv: kv[0].name):
        src = f"t_{tv.name}"
        nxt = src if depth == 1 else f"{{t_{tv.name}_sr[{depth - 2}:0], {src}}}"
        b.regs.append(RtlReg(f"t_{tv.name}_sr", depth, nxt, None, f"{depth}'b0", f"%{tv.name} + 1 .. + {depth}", vector=True))
    # values nobody reads
    for w in b.wires:
        if w.name.startswith("v_") and w.name not in b.referenced and not w.name.endswith("_unused"):
            b.unused.append(w.name)
    for r in b.regs:
        if r.name.startswith("v_") and r.name not in b.referenced:
            b.unused.append(r.name)
    return RtlModule(
        fn.name, header, tuple(ports), tuple(b.wires), tuple(b.regs), tuple(b.instances), tuple(outputs),
        tuple(dict.fromkeys(b.unused)), tuple(sorted(b.libs)), tuple(b.fp_units[k] for k in sorted(b.fp_units)),
        tuple(b.rams[k] for k in sorted(b.rams)), tuple(b.simulation_models),
    )  # fmt: skip


def _always_enters(op: ForOp, init: tuple[int, int] | None, bound: tuple[int, int] | None) -> bool:
    """Whether the first iteration of signed loop ``op`` runs whatever the proven ranges of its
    initial value and bound let them be."""
    if init is None or bound is None or not (op.iv_signed and op.cmp_signed):
        return False
    (il, ih), (bl, bh) = init, bound
    return {"<": ih < bl, "<=": ih <= bl, ">": il > bh, ">=": il >= bh}.get(op.cmp, False)


def _iterator_ranges(
    op: ForOp, init: tuple[int, int] | None, bound: tuple[int, int] | None
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """For a signed loop counting towards a bound of proven range: (the range of every value the
    counter takes, the exit value included; the range of the iterator inside the body), or None
    when the counter keeps its C width."""
    if init is None or bound is None or not (op.iv_signed and op.cmp_signed):
        return None
    (il, ih), (bl, bh) = init, bound
    up = op.cmp in ("<", "<=")
    if (op.step > 0) != up or op.step == 0:
        return None
    if up:
        last = bh - 1 if op.cmp == "<" else bh
        counter = (il, max(ih, last + op.step))
        body = (il, max(il, last))
    else:
        last = bl + 1 if op.cmp == ">" else bl
        counter = (min(il, last + op.step), ih)
        body = (min(ih, last), ih)
    w = op.iv.width
    if counter[0] < -(1 << (w - 1)) or counter[1] >= (1 << (w - 1)) or signed_bits(*counter) >= op.cmp_width:
        return None
    return counter, body


def _ram_attribute(style: str, ports: int) -> str:
    """The attribute of a RAM's memory: its style and, with two ports, Yosys's no_rw_check. A
    read on one port of the word the other port writes in the same cycle never happens (the
    schedule puts dependent accesses of two ports a cycle apart, scheduler ``_order_delay``), so
    what the RAM would return then does not matter; without it Yosys maps a RAM written on both
    ports to no ECP5 block RAM (DP16KD promises nothing across its ports)."""
    return f'ram_style = "{style}"' + (", no_rw_check" if ports == 2 else "")


def _mux(acc: list[_Access], what: str, width: int) -> str:
    vals = [a.address if what == "address" else a.data for a in acc]
    if len(acc) == 1:
        v = vals[0]
        assert v is not None
        return v
    # selected by the pulses: the predicates' compares stay off the addresses and the data
    return _by_pulse([(a.pulse, v) for a, v in zip(acc, vals) if v is not None], width)


def _late(pulse: str) -> bool:
    """Whether a pulse is a loop controller's decision of this cycle (an iteration starts, a
    loop ends, a run starts), not a register of the pulse shift registers."""
    return pulse.startswith("t_") and "_sr[" not in pulse  # (not a unit's copy of a stage either)


# members whose masked operands one register of a two-level selection ORs (two LUT4 levels)
SELECTION_CHUNK = 8


def _default_member(pulses: list[str]) -> int:
    """Which of the pulses ``_by_pulse`` selects by default: the last late one, else the last."""
    late = [k for k, pulse in enumerate(pulses) if _late(pulse)]
    return late[-1] if late else len(pulses) - 1


def _by_pulse(pairs: list[tuple[str, str]], width: int) -> str:
    """The value of the pair whose pulse is on (at most one is, the schedule verifier's port and
    unit checks), any value when none is. A late pulse's value is the default, chosen when no
    other pulse is on: the loop controller's test that makes that pulse then selects nothing."""
    if len(pairs) == 1:
        return pairs[0][1]
    d = _default_member([pulse for pulse, _ in pairs])
    others = [pair for k, pair in enumerate(pairs) if k != d]
    terms = [f"({{{width}{{{pulse}}}}} & {v})" for pulse, v in others]
    terms.append(f"({{{width}{{~({' | '.join(pulse for pulse, _ in others)})}}}} & {pairs[d][1]})")
    return " | ".join(terms)
