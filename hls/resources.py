"""Resource estimate of a scheduled function: DSP, LUT, FF and block RAM, from the target file's
per-operator and per-memory costs (``resources`` in ``scheduler/targets/<name>.json``).

Operators are counted per unit of the binding (``backend/binding.py``: ops that never issue
in the same cycle share one), every register
bit (delays, pipeline registers, variables, iterators) one flip-flop; memories by their size and
style as the backend emits them. The figures are estimates for comparison (Vitis HLS reports the
same kind before implementation); ``hls impl`` measures the real ones.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from hls.backend.binding import bind_units, written_ports
from hls.backend.fp_units import CONVERSIONS
from hls.ir.hir import CombOp, DelayOp, ForOp, HirFunc, MemRef, UnitOp, all_ops, constants, ram_style
from hls.scheduler.target import DELAY_CLASS, Target


@dataclass
class Resources:
    dsp: int = 0
    lut: int = 0
    ff: int = 0
    bram: int = 0
    # per operator kind (dmul, mul, ...): its units after binding and the DSPs of the largest one
    # (what '#pragma HLS allocation' of that kind can save per unit)
    units: dict[str, tuple[int, int]] = field(default_factory=dict)

    def add(self, dsp: float = 0, lut: float = 0, ff: float = 0, bram: float = 0) -> None:
        self.dsp += int(dsp)
        self.lut += int(math.ceil(lut))
        self.ff += int(ff)
        self.bram += int(bram)

    def as_dict(self) -> dict[str, int]:
        return {"dsp": self.dsp, "lut": self.lut, "ff": self.ff, "bram": self.bram}


def multiplier_dsps(width: int, table: dict[str, Any]) -> int:
    """DSP multipliers of a ``width``-bit product: one per partial product (``partial_bits`` of
    each operand a multiplier) that reaches below the result's width (none below
    ``dsp_min_width`` bits)."""
    if width < table["dsp_min_width"]:
        return 0
    a, b = table["partial_bits"]
    return sum(1 for i in range(-(-width // a)) for j in range(-(-width // b)) if a * i + b * j < width)


def unit_cost(op: UnitOp, target: Target) -> tuple[float, float, float]:
    """(DSP, LUT, FF) of one operator instance."""
    return operator_cost(op.kind, max([op.result.width, *(v.width for v in op.operands)]), op.result.width, op.latency, target)


def operator_cost(kind: str, width: int, result_width: int, latency: int, target: Target) -> tuple[float, float, float]:
    """(DSP, LUT, FF) of one unit of ``kind`` (``width``: its widest operand or result)."""
    res = target.data["resources"]
    if kind in CONVERSIONS or (kind[:1] in ("f", "d") and kind[1:].split("_")[0] in res["fp"]):
        base = kind if kind in CONVERSIONS else kind[1:].split("_")[0]
        double = width > 32 if kind in CONVERSIONS else kind.startswith("d")
        # '#pragma HLS bind_op ... impl=fabric': the operator without DSP slices, where the target
        # builds it otherwise (a Xilinx Floating-Point Operator at full DSP usage)
        fabric = kind.endswith("_fabric") and base in res.get("fp_fabric", {})
        dsp, lut, ff = res["fp_fabric" if fabric else "fp"][base][1 if double else 0]
        return dsp, lut, ff
    if kind == "mul":
        dsp = multiplier_dsps(result_width, res["mul"])
        if dsp:
            return dsp, 0, 0  # the pipeline registers are the DSPs' own
        return 0, res["mul"]["lut_per_bit_squared"] * width * width, result_width * latency
    # hls_div: one subtract-and-select stage per quotient bit, each registered
    return 0, res["div_lut_per_bit_squared"] * width * width, 3 * width * latency


def delay_cost(width: int, by: int, target: Target) -> tuple[float, float]:
    """(LUT, FF) of holding a ``width``-bit value ``by`` cycles."""
    if target.delay_line_min and by >= max(3, target.delay_line_min):
        # a RAM delay line (lower_to_sv): 16 x 4-bit distributed RAMs of about 6 LUT4s, the
        # output register and the pointer
        rams = -(-width // 4) * -(-(by - 1) // 16)
        return 6 * rams, width + max(1, (by - 2).bit_length())
    return 0, width * by


def memory_cost(mem: MemRef, target: Target, written: set[int]) -> tuple[float, float, float]:
    """(LUT, FF, BRAM) of a local memory or register whose stores use ports ``written``."""
    table = target.data["resources"]["memory"]
    if mem.kind == "reg":
        return 0, mem.width, 0
    bits = mem.depth * mem.width
    style = ram_style(mem, written, table["lutram_max_bits"])
    if style == "registers":
        return mem.depth * mem.width, bits, 0
    if style == "distributed":
        return math.ceil(mem.depth / table["lutram_bits_per_lut"]) * mem.width * mem.ports, 0, 0
    words = math.ceil(mem.width / table["bram_width"])
    return 0, 0, max(words, math.ceil(bits / table["bram_bits"]))


def estimate(fn: HirFunc, target: Target) -> Resources:
    """The estimate for ``fn`` on ``target``; memories outside the design (arguments) cost nothing."""
    out = Resources()
    lut_per_bit = target.data["resources"]["lut_per_bit"]

    for members in bind_units(fn):
        dsp, lut, ff = unit_cost(members[0], target)
        count, most = out.units.get(members[0].kind, (0, 0))
        out.units[members[0].kind] = (count + 1, max(most, int(dsp)))
        # a shared unit: a multiplexer before each input
        out.add(dsp=dsp, lut=lut + (len(members) - 1) * sum(v.width for v in members[0].operands), ff=ff)

    consts = constants(fn)
    for op in all_ops(fn.body):
        if isinstance(op, CombOp):
            cls = DELAY_CLASS.get(op.kind)
            if cls == "shift_var" and op.operands[1] in consts:
                cls = "shift_const"  # (wiring: a signed division by 2's shifts)
            if cls is not None:
                out.add(lut=lut_per_bit.get(cls, 1.0) * op.result.width)
        elif isinstance(op, DelayOp):
            lut, ff = delay_cost(op.result.width, op.by, target)
            out.add(lut=lut, ff=ff)
        elif isinstance(op, ForOp):
            out.add(ff=op.iv.width, lut=2 * op.iv.width)  # the iterator, its increment and exit test
    written = written_ports(fn)
    for mem in fn.memrefs:
        if mem.kind != "arg":
            lut, ff, bram = memory_cost(mem, target, written.get(mem, set()))
            out.add(lut=lut, ff=ff, bram=bram)
    return out
