"""The target description: operator delays and latencies, read from ``targets/<name>.json``."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TARGET_DIR = Path(__file__).parent / "targets"

# comb op kind -> delay class in the target file
DELAY_CLASS = {
    "add": "add", "sub": "sub", "neg": "sub",
    "eq": "cmp", "ne": "cmp", "slt": "cmp", "sle": "cmp", "sgt": "cmp", "sge": "cmp",
    "ult": "cmp", "ule": "cmp", "ugt": "cmp", "uge": "cmp", "bool": "cmp",
    "and": "logic", "or": "logic", "xor": "logic", "not": "logic",
    "shl": "shift_var", "lshr": "shift_var", "ashr": "shift_var",
    "select": "select", "sext": "ext", "zext": "ext", "trunc": "ext", "mul": "mul_const",
}  # fmt: skip


@dataclass
class Target:
    name: str
    clock_ns: float
    data: dict[str, Any]

    @property
    def budget_ns(self) -> float:
        """The part of a clock period available to chained combinational logic."""
        return self.clock_ns * (1 - self.data["clock_uncertainty_pct"] / 100)

    def comb_delay(self, kind: str, width: int, const_shift: bool = False) -> float:
        cls = "shift_const" if const_shift else DELAY_CLASS[kind]
        base, per_bit = self.data["comb_delay_ns"][cls]
        return float(base + per_bit * width)

    def condition_route_delay(self, selected_bits: int) -> float:
        """ns of route from a condition to the selections it drives, by the bits they select
        together: a high fanout net (``condition_fanout``: bits free of cost, ns per bit beyond)."""
        free, per_bit = self.data.get("condition_fanout", (0, 0.0))
        return float(per_bit * max(0, selected_bits - free))

    def unit_latency(self, kind: str, width: int) -> int:
        """Cycles of a pipelined multi-cycle operator, scaled up for clocks faster than 100 MHz.

        ``width`` is the widest operand or result; floating-point kinds are ``f``/``d`` + op
        (``dadd``, ``fcmp_olt``) or a conversion (``sitofp``, whose precision ``width`` tells).
        """
        fp = self.data["units"]["fp"]
        op = kind[1:].split("_")[0] if kind[:1] in ("f", "d") and kind[1:].split("_")[0] in fp else kind
        if op in fp and op != "_comment":
            pair = fp[op]
            base = pair[0] if (kind.startswith("f") and op == kind[1:].split("_")[0]) or width <= 32 else pair[1]
            if kind.startswith("d") and op == kind[1:].split("_")[0]:
                base = pair[1]
            return int(math.ceil(base * max(1.0, 10.0 / self.clock_ns)))
        if kind == "mul":
            table = self.data["units"]["mul"]
            base = next((lat for w, lat in table if width <= w), table[-1][1])
        else:
            return width + 2  # hls_div: one quotient bit per stage plus input and output stages
        scale = max(1.0, 10.0 / self.clock_ns)
        return int(math.ceil(base * scale))

    @property
    def constant_product_digits(self) -> int:
        """The most canonical signed digits of a constant factor whose product is made of shifts
        and additions rather than a multiplier."""
        return int(self.data.get("constant_product_digits", 2))

    @property
    def narrow_flat_iterators(self) -> bool:
        """Whether a flattened nest's iterator registers count at the width of their values (else
        at their C types'). Not yet on the default target: it costs adi 20 cycles there (one more
        cycle of drain before two of its loops), not understood yet."""
        return bool(self.data.get("narrow_flat_iterators", False))

    @property
    def constant_product_unit(self) -> bool:
        """Whether a product by a constant of more digits than ``constant_product_digits`` is a
        pipelined multiplier, as a product of two variables is (else one combinational op)."""
        return bool(self.data.get("constant_product_unit", False))

    @property
    def registered_empty_exit(self) -> bool:
        """Whether a loop entered with no iteration to run finishes a cycle later, from a register
        (the code after it then does not follow its entry test in the same cycle)."""
        return bool(self.data.get("registered_empty_exit", False))

    @property
    def once_operand_registers(self) -> int:
        """In how many levels of registers a unit that run-once code shares selects its operands
        (a cycle more for each of its ops per level; 0: none), so the multiplexer of many
        members does not chain into the operator's first stage: one level registers the
        selection, two register chunks of members first."""
        return int(self.data.get("once_operand_registers", 0))

    @property
    def unit_pulse_copies(self) -> bool:
        """Whether each input of a shared unit selects its operand by copies of its members'
        issue pulses of its own, so one pulse register does not drive the operand selections of
        units all over the device, nor of two inputs."""
        return bool(self.data.get("unit_pulse_copies", False))

    @property
    def dsp_registers(self) -> bool:
        """Whether pipelined multipliers are the device's DSP primitives with their input and
        output registers on (ECP5: MULT18X18D, hls_mul_dsp), rather than registers in the fabric
        around a primitive that synthesis infers without them."""
        return bool(self.data.get("dsp_registers", False))

    @property
    def delay_line_min(self) -> int:
        """Pipeline delays of at least this many cycles are RAM delay lines, not rows of
        registers (0: never)."""
        return int(self.data.get("delay_line_min", 0))

    @property
    def bypass_chain_ns(self) -> float:
        """The longest path through a register's bypass (the logic before the register's write,
        its multiplexer and the logic after the next iteration's read in that cycle) that may
        share a cycle; the chaining budget where the target does not set it."""
        return float(self.data.get("bypass_chain_ns", self.budget_ns))

    @property
    def loop_entry_ns(self) -> float:
        """The delay of a loop controller's entry test and what its decision drives, chained
        after the arithmetic of the loop's bounds (0 where the target does not count it)."""
        return float(self.data.get("loop_entry_ns", 0.0))

    @property
    def memory_read_latency(self) -> int:
        return int(self.data["memory"]["read_latency"])

    @property
    def block_ram_read_latency(self) -> int:
        """The read latency of a local RAM in block RAM: the memory's read plus, where the
        target asks for it, an output register (the RAM's clock-to-output is most of a cycle)."""
        return int(self.data["memory"].get("block_ram_read_latency", self.memory_read_latency))

    @property
    def block_ram_input_register(self) -> bool:
        """Whether a local RAM in block RAM registers each port's inputs first (one cycle more
        of read latency): the selection among the accesses sharing a port and the route to the
        RAM, which sits in the RAM columns away from the logic, then take a cycle each."""
        return bool(self.data["memory"].get("block_ram_input_register", False))

    def port_input_delay(self, address_adds: int, address_width: int) -> float:
        """The delay from a block RAM access's index operands to the RAM (or to the register
        before it, ``block_ram_input_register``): the address's additions (the row strides'
        shifted copies, see ``address_adds``) and the port's own delay, which the scheduler
        chains after the logic computing the indices; 0 where the target does not count it
        (``memory.chain_port_delay``)."""
        memory = self.data["memory"]
        if not memory.get("chain_port_delay", False):
            return 0.0
        return float(memory.get("port_delay_ns", 0.0)) + address_adds * self.comb_delay("add", address_width)

    @property
    def lutram_max_bits(self) -> int:
        """The largest local RAM (bits) that is LUT RAM rather than block RAM by default."""
        return int(self.data.get("resources", {}).get("memory", {}).get("lutram_max_bits", 1024))


class TargetError(ValueError):
    """A target that does not exist or whose file lacks what the compiler reads."""


_REQUIRED = ("name", "family", "clock_ns", "clock_uncertainty_pct", "comb_delay_ns", "memory", "units")


def target_names() -> list[str]:
    """The targets that ship with hls (``targets/<name>.json``)."""
    return sorted(p.stem for p in TARGET_DIR.glob("*.json"))


def load_target(name: str = "default", clock_ns: float | None = None) -> Target:
    """The target ``name`` (a shipped target, or the path of a target file of the same form) at
    ``clock_ns`` (the file's clock when None)."""
    path = Path(name) if name.endswith(".json") else TARGET_DIR / f"{name}.json"
    if not path.is_file():
        raise TargetError(f"unknown target '{name}' (known: {', '.join(target_names())}; or the path of a .json target file)")
    try:
        data = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as err:
        raise TargetError(f"target file {path}: {err}") from None
    missing = [key for key in _REQUIRED if key not in data] if isinstance(data, dict) else list(_REQUIRED)
    if missing:
        raise TargetError(f"target file {path}: missing {', '.join(missing)}")
    memory = data["memory"]
    if isinstance(memory, dict) and memory.get("block_ram_read_latency", 1) not in (1, 2):
        # the RAM modules have the read's register and at most one output register
        raise TargetError(f"target file {path}: memory.block_ram_read_latency must be 1 or 2")
    return Target(data["name"], clock_ns if clock_ns is not None else float(data["clock_ns"]), data)
