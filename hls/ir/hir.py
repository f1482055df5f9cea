"""Scheduled IR modelled on HIR: every operation has an explicit start time.

Time is expressed with time variables (``%t``: when a region starts; ``%ti``: when one loop
iteration starts; ``%tf``: when a loop or dynamic ``if`` finishes) plus constant offsets. An SSA
value is valid only at one instant (its defining op's time plus the op's latency) unless it is
always valid (constants, arguments, and iterators of enclosing loops seen from inner regions);
``delay`` moves a value to a later instant. Memories (``memref``) have ports with read and write
latencies; a register (a scalar C variable live across regions) is a 0-d memref with read
latency 0 and write latency 1.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from typing import Union

from hls.diagnostics import SourceLoc


@dataclass(eq=False)
class TimeVar:
    name: str

    def __repr__(self) -> str:
        return f"%{self.name}"


@dataclass(frozen=True)
class Time:
    var: TimeVar
    offset: int

    def __add__(self, k: int) -> Time:
        return Time(self.var, self.offset + k)

    def __str__(self) -> str:
        return f"%{self.var.name}" + (f" + {self.offset}" if self.offset else "")


@dataclass(eq=False)
class Value:
    """An SSA value: a bit vector of ``width`` bits."""

    name: str
    width: int

    def __repr__(self) -> str:
        return f"%{self.name}"


@dataclass(eq=False)
class MemRef:
    """An array (ap_memory argument or local RAM) or a register."""

    name: str
    kind: str  # "arg" (ap_memory port of the top function), "bram" (local RAM), "reg"
    width: int  # element width
    dims: tuple[int, ...]  # () for a register
    ports: int  # number of ports
    read_latency: int  # 1 for RAMs, 0 for registers
    write_latency: int = 1
    signed: bool = False
    loc: SourceLoc | None = None
    style: str | None = None  # local RAMs: Xilinx ram_style ("block", "distributed", "registers"); None: by size
    init: tuple[int, ...] | None = None  # a ROM's contents (element bits, flat), there from the start
    # local block RAMs on some targets: each port's inputs pass a register first (``read_latency``
    # counts it; every port alike, so the accesses keep their order and a store is seen by the
    # loads issued after it as without the register)
    input_register: bool = False

    @property
    def depth(self) -> int:
        n = 1
        for d in self.dims:
            n *= d
        return n


def ram_style(mem: MemRef, written: set[int], lutram_max_bits: int = 1024) -> str:
    """The Xilinx ram_style of local RAM ``mem``, whose stores use ports ``written``: the user's
    (bind_storage impl), else LUT RAM up to ``lutram_max_bits`` and block RAM above. LUT RAM has
    one write port (7-series RAM32M/RAM64M, ECP5 DPR16X4: Yosys finds no mapping for two), so a
    small RAM written on both ports is registers."""
    if mem.style is not None:
        return mem.style
    if mem.depth * mem.width > lutram_max_bits:
        return "block"
    return "registers" if len(written) > 1 else "distributed"


# comb op kinds and their operand counts: result width is explicit on the result value
COMB_KINDS = {
    "add": 2, "sub": 2, "mul": 2, "and": 2, "or": 2, "xor": 2, "shl": 2, "lshr": 2, "ashr": 2,
    "eq": 2, "ne": 2, "slt": 2, "sle": 2, "sgt": 2, "sge": 2, "ult": 2, "ule": 2, "ugt": 2, "uge": 2,
    "not": 1, "neg": 1, "sext": 1, "zext": 1, "trunc": 1, "bool": 1, "select": 3,
}  # fmt: skip

# multi-cycle units (fully pipelined modules): result valid ``latency`` cycles after the op
UNIT_KINDS = ("mul", "sdiv", "udiv", "srem", "urem")


@dataclass(eq=False)
class ConstOp:
    result: Value
    value: int  # two's complement bits, 0 <= value < 2**width


@dataclass(eq=False)
class CombOp:
    """Combinational: valid at ``at`` when its operands are."""

    result: Value
    kind: str
    operands: list[Value]
    at: Time
    loc: SourceLoc | None = None


@dataclass(eq=False)
class UnitOp:
    result: Value
    kind: str
    operands: list[Value]
    latency: int
    at: Time
    loc: SourceLoc | None = None
    # the unit it issues on when ops of one pipelined loop share units ('#pragma HLS allocation',
    # or an II above one), at distinct cycles modulo the II; None: a unit of its own there
    unit: str | None = None


@dataclass(eq=False)
class LoadOp:
    result: Value
    mem: MemRef
    port: int
    indices: list[Value]
    pred: Value | None
    at: Time
    loc: SourceLoc | None = None
    # a register read that sees a write of the same cycle (from an earlier pipelined iteration)
    bypass: bool = False


@dataclass(eq=False)
class StoreOp:
    mem: MemRef
    port: int
    indices: list[Value]
    value: Value
    pred: Value | None
    at: Time
    loc: SourceLoc | None = None


@dataclass(eq=False)
class DelayOp:
    result: Value
    input: Value
    by: int
    at: Time


@dataclass(eq=False)
class ForOp:
    """``%tf = for %iv = %init to (%iv CMP %bound) step STEP iter_time(%ti = START) { ... next_iter at T }``.

    ``init`` and ``bound`` are used at ``at``; the iterator is valid at ``%ti`` (and always valid in
    nested regions). ``ii`` is set when the loop is pipelined (``next_iter`` at ``%ti + ii``).
    """

    iv: Value
    iv_signed: bool
    init: Value
    bound: Value
    cmp: str  # "<" "<=" ">" ">="
    cmp_width: int
    cmp_signed: bool
    step: int
    at: Time
    iter_time: TimeVar
    body: list[Op]
    next_iter: Time
    result: TimeVar
    name: str
    ii: int | None = None
    loc: SourceLoc | None = None
    latency: int | None = None  # pipelined: cycles from an iteration's start to its last effect
    # scheduling facts for reports (not part of the textual form)
    target_ii: int | None = None
    res_mii: int | None = None
    rec_mii: int | None = None
    # memory dependences the schedule must respect, recorded by the scheduler for the verifier:
    # (source op, sink op, cycles from source start to sink start, iteration distance)
    dependences: list[tuple[Op, Op, int, int]] = field(default_factory=list)
    # names of the loops inside this one that run as its iterations (a flattened perfect nest)
    flattened: tuple[str, ...] = ()
    # registers (of scalar flags) that end the loop early: no iteration starts once one of them
    # is nonzero (every effect of an iteration is guarded by them: kernel IR For.exits)
    exits: tuple[MemRef, ...] = ()


@dataclass(eq=False)
class IfOp:
    """A dynamic ``if`` (its branches contain loops): ``%tf = if %cond at T { ... } else { ... }``."""

    cond: Value
    at: Time
    then_time: TimeVar
    then_body: list[Op]
    then_end: Time
    else_time: TimeVar
    else_body: list[Op]
    else_end: Time
    result: TimeVar
    loc: SourceLoc | None = None


@dataclass(eq=False)
class ReturnOp:
    value: Value | None
    at: Time
    loc: SourceLoc | None = None


Op = Union[ConstOp, CombOp, UnitOp, LoadOp, StoreOp, DelayOp, ForOp, IfOp, ReturnOp]


@dataclass(frozen=True)
class ScalarArgInfo:
    value: Value
    signed: bool


@dataclass(eq=False)
class HirFunc:
    name: str
    start: TimeVar
    args: list[ScalarArgInfo]
    memrefs: list[MemRef]  # arguments in C order first, then locals
    body: list[Op]
    return_width: int | None
    loc: SourceLoc | None = None
    arg_order: list[str] = field(default_factory=list)  # C parameter names in order


# ---- printer -----------------------------------------------------------------------------------


# floating-point additions and subtractions share one unit (an add/sub core told which per op),
# as Vitis HLS's dadddsub does
ADD_SUB = {"fadd": "faddsub", "fsub": "faddsub", "dadd": "daddsub", "dsub": "daddsub"}


def all_ops(ops: list[Op]) -> Iterator[Op]:
    """Every op of ``ops`` and of the loop and ``if`` bodies inside them, in program order."""
    for op in ops:
        yield op
        if isinstance(op, ForOp):
            yield from all_ops(op.body)
        elif isinstance(op, IfOp):
            yield from all_ops(op.then_body)
            yield from all_ops(op.else_body)


# the scope in a unit's name (``dfma_w64_once_u0``) of units the function's run-once code shares
# (scheduler/lower_to_hir.py names them; on a target that says so the backend registers their
# operands, a cycle the scheduler counted in their ops' latency)
RUN_ONCE_SCOPE = "once"


def shared_by_run_once_code(unit: str | None) -> bool:
    """Whether ``unit`` (a unit op's ``unit``) is one that the function's run-once code shares."""
    return unit is not None and f"_{RUN_ONCE_SCOPE}_u" in unit


def unit_kind(kind: str) -> str:
    """The kind of unit an op of ``kind`` runs on (``daddsub`` for ``dadd`` and ``dsub``, and
    ``daddsub_fabric`` for their fabric implementations, ``dadd_fabric``: '#pragma HLS bind_op')."""
    base, _, variant = kind.partition("_")
    if variant == "fabric" and base in ADD_SUB:
        return f"{ADD_SUB[base]}_fabric"
    return ADD_SUB.get(kind, kind)


def unit_signature(op: UnitOp) -> Hashable:
    """What two ops must have in common to share a unit: the unit's kind, widths and latency."""
    return (unit_kind(op.kind), op.result.width, tuple(v.width for v in op.operands), op.latency)


def constants(fn: HirFunc) -> dict[Value, int]:
    """The values of a function's constant ops."""
    return {op.result: op.value for op in fn.body if isinstance(op, ConstOp)}


def registers_empty_exit(op: ForOp, consts: dict[Value, int], target_registers: bool) -> bool:
    """Whether loop ``op``, entered with no iteration to run, finishes a cycle after its entry
    (from a register, on a target that asks for it: ``registered_empty_exit``) rather than in
    it: where its bounds are not both constants. The RTL builds it so; the latency counts it."""
    return target_registers and not (op.init in consts and op.bound in consts)


def _mem_type(m: MemRef) -> str:
    shape = "x".join(str(d) for d in m.dims)
    elem = f"{'i' if m.signed else 'u'}{m.width}"
    lat = f"r{m.read_latency}w{m.write_latency}"
    return f"!memref<{shape + 'x' if shape else ''}{elem}, {m.kind}, ports {m.ports}, {lat}{', inreg' if m.input_register else ''}>"


def _idx(m: MemRef, port: int, idx: list[Value]) -> str:
    return f"%{m.name}[port {port}][{', '.join(repr(i) for i in idx)}]"


def print_hir(fn: HirFunc) -> str:
    """The textual form (``--emit hir``), parseable by ``hls.ir.hir_parser``."""
    out: list[str] = []
    args = [f"%{a.value.name}: {'i' if a.signed else 'u'}{a.value.width}" for a in fn.args]
    mems = [f"%{m.name}: {_mem_type(m)}" for m in fn.memrefs if m.kind == "arg"]
    ret = f" -> i{fn.return_width}" if fn.return_width else ""
    out.append(f"hir.func @{fn.name} at %{fn.start.name} ({', '.join(args + mems)}){ret} {{")
    for m in fn.memrefs:
        if m.kind != "arg":
            init = f" init [{', '.join(str(x) for x in m.init)}]" if m.init is not None else ""
            out.append(f"  %{m.name} = hir.alloca : {_mem_type(m)}{init}")
    _print_ops(fn.body, out, "  ")
    out.append("}")
    return "\n".join(out) + "\n"


def _print_ops(ops: list[Op], out: list[str], ind: str) -> None:
    for op in ops:
        if isinstance(op, ConstOp):
            out.append(f"{ind}{op.result!r} = hw.constant {op.value} : i{op.result.width}")
        elif isinstance(op, CombOp):
            args = ", ".join(repr(v) for v in op.operands)
            out.append(f"{ind}{op.result!r} = comb.{op.kind} {args} at {op.at} : i{op.result.width}")
        elif isinstance(op, UnitOp):
            args = ", ".join(repr(v) for v in op.operands)
            on = f" on {op.unit}" if op.unit is not None else ""
            out.append(f"{ind}{op.result!r} = hir.unit.{op.kind} {args} at {op.at} delay {op.latency}{on} : i{op.result.width}")
        elif isinstance(op, LoadOp):
            pred = f" if {op.pred!r}" if op.pred else ""
            byp = " bypass" if op.bypass else ""
            out.append(f"{ind}{op.result!r} = hir.load {_idx(op.mem, op.port, op.indices)} at {op.at}{pred}{byp} : i{op.result.width}")
        elif isinstance(op, StoreOp):
            pred = f" if {op.pred!r}" if op.pred else ""
            out.append(f"{ind}hir.store {op.value!r} to {_idx(op.mem, op.port, op.indices)} at {op.at}{pred}")
        elif isinstance(op, DelayOp):
            out.append(f"{ind}{op.result!r} = hir.delay {op.input!r} by {op.by} at {op.at} : i{op.result.width}")
        elif isinstance(op, ForOp):
            sign = "s" if op.cmp_signed else "u"
            ivs = "i" if op.iv_signed else "u"
            ii = f" ii {op.ii} latency {op.latency}" if op.ii is not None else ""
            flat = "".join(f' flattens "{n}"' for n in op.flattened) + "".join(f" until %{m.name}" for m in op.exits)
            out.append(
                f"{ind}%{op.result.name} = hir.for %{op.iv.name} : {ivs}{op.iv.width} = {op.init!r} "
                f"while {op.cmp} {op.bound!r} : {sign}{op.cmp_width} step {op.step} "
                f"iter_time(%{op.iter_time.name} = {op.at}){ii} \"{op.name}\"{flat} {{"
            )
            _print_ops(op.body, out, ind + "  ")
            out.append(f"{ind}  hir.next_iter at {op.next_iter}")
            out.append(f"{ind}}}")
        elif isinstance(op, IfOp):
            out.append(f"{ind}%{op.result.name} = hir.if {op.cond!r} at {op.at} then(%{op.then_time.name}) {{")
            _print_ops(op.then_body, out, ind + "  ")
            out.append(f"{ind}  hir.yield at {op.then_end}")
            out.append(f"{ind}}} else(%{op.else_time.name}) {{")
            _print_ops(op.else_body, out, ind + "  ")
            out.append(f"{ind}  hir.yield at {op.else_end}")
            out.append(f"{ind}}}")
        else:
            val = f" {op.value!r}" if op.value else ""
            out.append(f"{ind}hir.return{val} at {op.at}")
