"""The small RTL model the SystemVerilog templates render (no IR reaches a template)."""

from __future__ import annotations

from dataclasses import dataclass

from hls.diagnostics import SourceLoc


@dataclass(frozen=True)
class RtlPort:
    name: str
    direction: str  # "input" | "output"
    width: int
    comment: str = ""


@dataclass(frozen=True)
class RtlWire:
    """``logic [w-1:0] name; assign name = expr;`` (expr None: driven by an instance)."""

    name: str
    width: int
    expr: str | None
    comment: str = ""


@dataclass(frozen=True)
class RtlReg:
    """A register: ``if (reset) name <= reset_value; else if (enable) name <= next;``."""

    name: str
    width: int
    next: str
    enable: str | None = None
    reset_value: str | None = None  # None: no reset (datapath)
    comment: str = ""
    vector: bool = False  # declared with a bit range even when 1 bit wide
    keep: bool = False  # kept apart from registers of the same input (synthesis would merge them)


@dataclass(frozen=True)
class RtlInstance:
    module: str
    name: str
    params: tuple[tuple[str, str], ...]
    connections: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class RtlModule:
    name: str
    header: tuple[str, ...]
    ports: tuple[RtlPort, ...]
    wires: tuple[RtlWire, ...]
    regs: tuple[RtlReg, ...]
    instances: tuple[RtlInstance, ...]
    output_assigns: tuple[tuple[str, str], ...]
    unused: tuple[str, ...]  # bits deliberately left unread, gathered into one *_unused* net
    library_files: tuple[str, ...]  # helper module files this module instantiates
    fp_units: tuple[object, ...] = ()  # generated floating-point operator modules (backend.fp_units.FpUnit)
    rams: tuple[RtlRam, ...] = ()  # generated RAM modules
    # operator modules with no synthesizable RTL (exp, log, pow, sin, cos) and the C they come from
    simulation_models: tuple[tuple[str, SourceLoc | None], ...] = ()


@dataclass(frozen=True)
class RtlRam:
    """A RAM module variant: ports and Xilinx ram_style ("block", "distributed", "registers")."""

    module: str
    ports: int
    style: str
    init: tuple[str, ...] = ()  # its contents at power-up, one literal per element (empty: none)
    attribute: str = ""  # the memory's synthesis attribute (none: the tools choose)
    rom: bool = False  # never written (a table)
    latency: int = 1  # read latency: 2 adds an output register after the memory's read
    input_register: bool = False  # each port's inputs registered before the memory (a cycle more)
