"""The RTL interface of a synthesized function: what the backend emits and what cosim drives.

Port naming follows Vitis HLS (ap_ctrl_hs block control, ap_memory arrays, plain scalar inputs);
see ``docs`` in the README.
"""

from __future__ import annotations

from dataclasses import dataclass

from hls.ir.ctypes import ScalarType


@dataclass(frozen=True)
class MemPortUse:
    """How one ap_memory port of an array is used: it exists, and is read and/or written."""

    read: bool
    write: bool


@dataclass(frozen=True)
class ArrayArg:
    """An array parameter, flattened row-major into one word-addressed ap_memory interface."""

    name: str
    elem: ScalarType
    dims: tuple[int, ...]
    ports: tuple[MemPortUse, ...]  # port 0, then port 1 if the schedule uses a second port
    is_const: bool = False

    @property
    def depth(self) -> int:
        n = 1
        for d in self.dims:
            n *= d
        return n

    @property
    def addr_width(self) -> int:
        return max(1, (self.depth - 1).bit_length())

    @property
    def read(self) -> bool:
        return any(p.read for p in self.ports)

    @property
    def written(self) -> bool:
        return any(p.write for p in self.ports)


@dataclass(frozen=True)
class ScalarArg:
    """A scalar input parameter, sampled when the run starts.

    ``value_range`` is an inclusive range of values for which the function's accesses stay in
    bounds, when the argument controls loop bounds or subscripts (random cosim inputs use it).
    """

    name: str
    type: ScalarType
    value_range: tuple[int, int] | None = None


Param = ArrayArg | ScalarArg


@dataclass(frozen=True)
class FunctionInterface:
    """The C signature and RTL ports of the top function, and the C file that defines it (cosim
    finds the definition in the preprocessed file itself, see ``hls.cosim``)."""

    name: str
    params: tuple[Param, ...]
    return_type: ScalarType | None
    kernel_file: str
