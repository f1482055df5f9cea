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
class ArrayBank:
    """One memory of a partitioned array argument, with ap_memory ports of its own
    (``<name>_address0`` ...): at each of its addresses, the C array's element (row-major flat
    index) it holds, or -1 (padding)."""

    name: str
    ports: tuple[MemPortUse, ...]
    elements: tuple[int, ...]

    @property
    def depth(self) -> int:
        return len(self.elements)


@dataclass(frozen=True)
class ArrayArg:
    """An array parameter, flattened row-major into one word-addressed ap_memory interface, or,
    partitioned (``banks``), into one such interface per bank."""

    name: str
    elem: ScalarType
    dims: tuple[int, ...]
    ports: tuple[MemPortUse, ...]  # port 0, then port 1 if the schedule uses a second port (no banks)
    is_const: bool = False
    banks: tuple[ArrayBank, ...] = ()
    # a file-scope variable (its C name), not a parameter of the C function: cosim passes the
    # variable itself (a scalar as one element), so the testbench sees its state between calls
    global_name: str = ""
    # a member of a struct pointer parameter of the C function (``struct_param``), at ``member``
    # from the pointer (``[].key``: ``[]`` a subscript over an array of structs, the dimensions
    # of the array argument's first ones): cosim packs the members of the C structs
    struct_param: str = ""
    member: str = ""

    @property
    def memories(self) -> tuple[ArrayBank, ...]:
        """The memories the RTL accesses the array through: its banks, or the array itself."""
        return self.banks or (ArrayBank(self.name, self.ports, tuple(range(self.depth))),)

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
        return any(p.read for m in self.memories for p in m.ports)

    @property
    def written(self) -> bool:
        return any(p.write for m in self.memories for p in m.ports)


@dataclass(frozen=True)
class ScalarArg:
    """A scalar input parameter, sampled when the run starts.

    ``value_range`` is an inclusive range of values for which the function's accesses stay in
    bounds, when the argument controls loop bounds or subscripts (random cosim inputs use it).
    As Vitis HLS does, a name that is a SystemVerilog keyword (or names a signal of the module)
    gets the suffix ``_r`` on the port.
    """

    name: str
    type: ScalarType
    value_range: tuple[int, int] | None = None
    port: str = ""  # the RTL port when it differs from the C name (a reserved word, a clash)

    @property
    def rtl_name(self) -> str:
        return self.port or self.name


Param = ArrayArg | ScalarArg


@dataclass(frozen=True)
class FunctionInterface:
    """The C signature and RTL ports of the top function, and the C file that defines it (cosim
    finds the definition in the preprocessed file itself, see ``hls.cosim``)."""

    name: str
    params: tuple[Param, ...]
    return_type: ScalarType | None
    kernel_file: str


# IEEE 1800-2017 Annex B: identifiers a port or module may not take
SV_KEYWORDS = frozenset("""
accept_on alias always always_comb always_ff always_latch and assert assign assume automatic before begin bind bins binsof
bit break buf bufif0 bufif1 byte case casex casez cell chandle checker class clocking cmos config const constraint context
continue cover covergroup coverpoint cross deassign default defparam design disable dist do edge else end endcase endchecker
endclass endclocking endconfig endfunction endgenerate endgroup endinterface endmodule endpackage endprimitive endprogram
endproperty endspecify endsequence endtable endtask enum event eventually expect export extends extern final first_match for
force foreach forever fork forkjoin function generate genvar global highz0 highz1 if iff ifnone ignore_bins illegal_bins
implements implies import incdir include initial inout input inside instance int integer interconnect interface intersect
join join_any join_none large let liblist library local localparam logic longint macromodule matches medium modport module
nand negedge nettype new nexttime nmos nor noshowcancelled not notif0 notif1 null or output package packed parameter pmos
posedge primitive priority program property protected pull0 pull1 pulldown pullup pulsestyle_ondetect pulsestyle_onevent
pure rand randc randcase randsequence rcmos real realtime ref reg reject_on release repeat restrict return rnmos rpmos rtran
rtranif0 rtranif1 s_always s_eventually s_nexttime s_until s_until_with scalared sequence shortint shortreal showcancelled
signed small soft solve specify specparam static string strong strong0 strong1 struct super supply0 supply1 sync_accept_on
sync_reject_on table tagged task this throughout time timeprecision timeunit tran tranif0 tranif1 tri tri0 tri1 triand
trior trireg type typedef union unique unique0 unsigned until until_with untyped use uwire var vectored virtual void wait
wait_order wand weak weak0 weak1 while wildcard wire with within wor xnor xor
""".split())
