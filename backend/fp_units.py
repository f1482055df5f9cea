"""Floating-point operator modules: one per operation and precision (``hls_dadd``, ``hls_fcmp_olt``,
``hls_sitofp_i32_f64``...), fully pipelined with a fixed latency and a clock enable.

Each module instantiates one of our synthesizable IEEE-754 cores (``templates/lib/hls_*_core.sv``,
bit-exact with the C program on x86-64) and delays its result by the unit's latency; min/max are
plain logic on the bit patterns. exp, log, pow, sin and cos have no synthesizable RTL: their modules are
simulation models calling the host's C library (``hls impl`` refuses them). Under
```ifdef HLS_XILINX_FP`` a module instantiates the Xilinx Floating-Point Operator IP core named
like it (``<module>_ip``), created by the Tcl script ``xilinx_fp_ip.tcl`` written beside the RTL.
"""

from __future__ import annotations

from dataclasses import dataclass

from hls.ir.hir import UnitOp

FP_KINDS = ("add", "sub", "addsub", "mul", "fma", "scale", "div", "sqrt", "min", "max", "cmp", "exp", "log", "pow", "sin", "cos")
CONVERSIONS = ("sitofp", "uitofp", "fptosi", "fptoui", "fpext", "fptrunc")

# (exponent, fraction) bits of binary32 and binary64, by width
_FORMAT = {32: (8, 23), 64: (11, 52)}
# elementary functions: the simulation model calls the host's C library, so it computes what the
# C program computes there: double through the real functions ($exp is C's exp), float through
# DPI-C (templates/lib/hls_libm_dpi.c). Under HLS_XILINX_FP, exp and log are the Floating-Point
# Operator's cores, whose results are within an ulp but not always glibc's; it has no pow, sin or cos.
_REAL_FUNCTION = {"exp": "$exp", "log": "$ln", "pow": "$pow", "sin": "$sin", "cos": "$cos"}
_CMP_OP = {"olt": 0, "ole": 1, "ogt": 2, "oge": 3, "oeq": 4, "une": 5}  # hls_fp_cmp_core's OP
_ROUND_CORE = "hls_fp_round_core.sv"
_ROUND_PREP = "hls_fp_round_prep.sv"  # the rounding core's exponent tests (its own and its callers')
_PIPE = "hls_fp_pipe.sv"
_CLASSIFY = "hls_fp_classify.sv"
_CLZ = "hls_fp_clz.sv"
# our simulation models of devices' primitives (synthesis for the device skips them: its own cell)
PRIMITIVE_MODELS = ("MULT18X18D.sv",)


def product_library(dsp_registers: bool) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The files and extra parameters of an ``hls_mul`` (an integer product's or a core's): with
    ``dsp_registers`` its products are ECP5 MULT18X18D primitives with their registers on
    (``ECP5_DSP``: the primitive's wrapper and our model of it)."""
    if dsp_registers:
        return ("hls_mul.sv", "hls_mul_dsp.sv", "MULT18X18D.sv"), (("ECP5_DSP", "1'b1"),)
    return ("hls_mul.sv",), ()
# Xilinx floating_point v7.1 configuration per operation
_IP_OPERATION = {"add": ("Add_Subtract", "Add"), "sub": ("Add_Subtract", "Subtract"), "addsub": ("Add_Subtract", "Both"), "mul": ("Multiply", None),
                 "div": ("Divide", None), "sqrt": ("Square_root", None), "cmp": ("Compare", None),
                 "min": ("Compare", None), "max": ("Compare", None),
                 "exp": ("Exponential", None), "log": ("Logarithm", None)}  # fmt: skip
_IP_COMPARE = {"olt": "Less_Than", "ole": "Less_Than_Or_Equal", "ogt": "Greater_Than", "oge": "Greater_Than_Or_Equal",
               "oeq": "Equal", "une": "Not_Equal"}  # fmt: skip


@dataclass(frozen=True)
class FpUnit:
    """One operator module: its ports, latency, the core (or logic, or model) computing it and the
    Xilinx IP configuration."""

    module: str
    inputs: tuple[tuple[str, int], ...]  # (port, width)
    out_width: int
    latency: int
    ip_config: tuple[tuple[str, str], ...]  # CONFIG.* properties of the Xilinx IP
    ip_out_width: int  # width of the IP's m_axis_result_tdata
    core: str = ""  # the templates/lib core module computing the result
    core_params: tuple[tuple[str, str], ...] = ()
    core_inputs: tuple[tuple[str, str], ...] = ()  # (core port, expression over the unit's inputs)
    core_files: tuple[str, ...] = ()  # templates/lib files the core needs
    pipelined: bool = False  # the core takes clk, ce and LATENCY (else: LATENCY registers after it)
    model: str = ""  # without a core: SystemVerilog expression of the result over the input ports
    dpi_imports: tuple[str, ...] = ()  # C functions (templates/lib/hls_libm_dpi.c) the model calls
    simulation_only: bool = False  # the model is not synthesizable (exp, log, pow, sin, cos: real arithmetic, DPI-C)
    unused_bits: str = ""  # input bits only the Xilinx IP reads (the core ignores them)
    # logic or a combinational core on operands registered first from LATENCY 2: the operand
    # multiplexers of a shared unit then end at a register, not in its comparison (the model or
    # the core reads ``<port>_i``)
    registered_inputs: bool = False

    @property
    def library_files(self) -> tuple[str, ...]:
        return (*self.core_files, _PIPE) if _PIPE not in self.core_files else self.core_files

    @property
    def core_ports(self) -> tuple[tuple[str, str], ...]:
        """The core's port connections: a pipelined core drives r, another one the value that
        the unit's LATENCY registers (hls_fp_pipe) delay."""
        clocking = (("clk", "clk"), ("ce", "ce")) if self.pipelined else ()
        return (*clocking, *self.core_inputs, ("r", "r" if self.pipelined else "value"))

    @property
    def description(self) -> str:
        if self.core:
            return f"our synthesizable, bit-exact core {self.core}"
        return "a bit-exact simulation model (not synthesizable)" if self.simulation_only else "logic on the bit patterns"


def has_xilinx_ip(operation: str) -> bool:
    """Whether the Floating-Point Operator IP computes ``operation`` (``exp``, ``pow``...)."""
    return operation in _IP_OPERATION


def is_fp_kind(kind: str) -> bool:
    return kind in CONVERSIONS or (kind[:1] in ("f", "d") and kind[1:].split("_")[0] in FP_KINDS)


def _format_params(width: int, suffix: str = "") -> tuple[tuple[str, str], ...]:
    ew, mw = _FORMAT[width]
    return ((f"EW{suffix}", str(ew)), (f"MW{suffix}", str(mw)))


def fp_unit(op: UnitOp, dsp_registers: bool = False) -> FpUnit:
    """The operator module a floating-point unit op instantiates; with ``dsp_registers`` the
    significand products of multiplies are ECP5 MULT18X18D primitives with their registers on."""
    kind, lat = op.kind, op.latency
    if kind in CONVERSIONS:
        return _conversion(kind, op.operands[0].width, op.result.width, lat)
    base, _, pred = kind[1:].partition("_")
    w = 64 if kind[0] == "d" else 32
    prec = "Double" if w == 64 else "Single"
    binary = (("a", w), ("b", w))
    config: list[tuple[str, str]] = []
    if base in _IP_OPERATION:
        config = [("Operation_Type", _IP_OPERATION[base][0]), ("A_Precision_Type", prec)]
        if _IP_OPERATION[base][1]:
            config.append(("Add_Sub_Value", _IP_OPERATION[base][1] or ""))
        if pred == "fabric":  # '#pragma HLS bind_op ... impl=fabric': no DSP slices
            config.append(("C_Mult_Usage", "No_Usage"))
    ab = (("a", "a"), ("b", "b"))
    # the pipelined cores: registers inside, at the unit's latency
    params = (*_format_params(w), ("LATENCY", "LATENCY"))
    product_files, dsp_params = product_library(dsp_registers)
    product_params = (*params, *dsp_params)
    if base in ("add", "sub"):
        return FpUnit(f"hls_{kind}", binary, w, lat, tuple(config), w, "hls_fp_addsub_core", params,
                      (*ab, ("sub", f"1'b{int(base == 'sub')}")), ("hls_fp_addsub_core.sv", _CLASSIFY, _CLZ, _PIPE), True)  # fmt: skip
    if base == "addsub":
        # a unit shared by additions and subtractions: ``operation`` 1 subtracts (the Xilinx
        # IP's operation channel: bit 0)
        return FpUnit(f"hls_{kind}", (*binary, ("operation", 8)), w, lat, tuple(config), w, "hls_fp_addsub_core", params,
                      (*ab, ("sub", "operation[0]")), ("hls_fp_addsub_core.sv", _CLASSIFY, _CLZ, _PIPE), True,
                      unused_bits="operation[7:1]")  # fmt: skip
    if base in ("mul", "div"):
        core = f"hls_fp_{base}_core"
        files = (f"{core}.sv", _CLASSIFY, _CLZ, _ROUND_CORE, _ROUND_PREP, _PIPE) + (product_files if base == "mul" else ())
        return FpUnit(f"hls_{kind}", binary, w, lat, tuple(config), w, core, product_params if base == "mul" else params, ab, files, True)
    if base == "fma":
        # C's fma: one rounding of a * b + c (no Floating-Point Operator core in the IP's file list
        # options: ours under HLS_XILINX_FP too)
        files = ("hls_fp_fma_core.sv", _CLASSIFY, _CLZ, _ROUND_CORE, _ROUND_PREP, _PIPE, *product_files)
        return FpUnit(f"hls_{kind}", (*binary, ("c", w)), w, lat, (), w, "hls_fp_fma_core", product_params,
                      (*ab, ("c", "c")), files, True)  # fmt: skip
    if base == "scale":
        # a product by a constant power of two (``p3``: 2^3, ``nm1``: -2^-1): the exponent moves
        neg, k = pred[0] == "n", int(pred[1:].replace("m", "-"))
        files = ("hls_fp_scale_core.sv", "hls_fp_scale_up_core.sv", "hls_fp_scale_down_core.sv", _CLASSIFY, _CLZ, _ROUND_CORE, _ROUND_PREP, _PIPE)
        return FpUnit(f"hls_{kind}", (("a", w),), w, lat, (), w, "hls_fp_scale_core", (*params[:2], ("K", str(k)), ("NEG", f"1'b{int(neg)}"), params[2]),
                      (("a", "a"),), files, True)  # fmt: skip
    if base == "sqrt":
        return FpUnit(f"hls_{kind}", (("a", w),), w, lat, tuple(config), w, "hls_fp_sqrt_core", params,
                      (("a", "a"),), ("hls_fp_sqrt_core.sv", _CLASSIFY, _CLZ, _ROUND_CORE, _ROUND_PREP, _PIPE), True)  # fmt: skip
    if base == "cmp":
        config.append(("C_Compare_Operation", _IP_COMPARE[pred]))
        return FpUnit(f"hls_{kind}", binary, 1, lat, tuple(config), 8, "hls_fp_cmp_core",
                      (*_format_params(w), ("OP", str(_CMP_OP[pred]))), (("a", "a_i"), ("b", "b_i")), ("hls_fp_cmp_core.sv",),
                      registered_inputs=True)  # fmt: skip
    if base in ("min", "max"):
        # plain logic on the bit patterns (no IP core): NaN, signed-zero and ordering rules of glibc
        return FpUnit(f"hls_{kind}", binary, w, lat, (), w, model=_min_max_logic(w, base == "max", "a_i", "b_i"), registered_inputs=True)
    inputs = binary if base == "pow" else (("a", w),)
    dpi: tuple[str, ...] = ()
    if w == 32:
        # the C library's own float function (through DPI-C): rounding the double result once
        # differs from glibc's expf/logf/powf for about one argument in 1,600
        fn = f"hls_libm_{base}f"
        args = ", ".join(f"input int unsigned {p}" for p, _ in inputs)
        dpi = (f'import "DPI-C" pure function int unsigned {fn}({args});',)
        model = f"{fn}({', '.join(p for p, _ in inputs)})"
    else:
        model = f"$realtobits({_REAL_FUNCTION[base]}({', '.join(f'$bitstoreal({p})' for p, _ in inputs)}))"
    # no Floating-Point Operator core computes pow, sin or cos: the model is used under HLS_XILINX_FP too
    return FpUnit(f"hls_{kind}", inputs, w, lat, tuple(config), w, model=model, dpi_imports=dpi, simulation_only=True)


def _conversion(kind: str, w_in: int, w_out: int, lat: int) -> FpUnit:
    if kind in ("fpext", "fptrunc"):
        config = (("Operation_Type", "Float_to_float"), ("A_Precision_Type", "Single" if kind == "fpext" else "Double"),
                  ("Result_Precision_Type", "Double" if kind == "fpext" else "Single"))  # fmt: skip
        formats = (*_format_params(w_in, "I"), *_format_params(w_out, "O"))
        if kind == "fpext":
            return FpUnit(f"hls_{kind}", (("a", w_in),), w_out, lat, config, w_out, "hls_fp_ext_core", (*formats, ("LATENCY", "LATENCY")),
                          (("a", "a"),), ("hls_fp_ext_core.sv", _CLZ, _PIPE), True)  # fmt: skip
        return FpUnit(f"hls_{kind}", (("a", w_in),), w_out, lat, config, w_out, "hls_fp_trunc_core", (*formats, ("LATENCY", "LATENCY")),
                      (("a", "a"),), ("hls_fp_trunc_core.sv", _ROUND_CORE, _ROUND_PREP, _PIPE), True)  # fmt: skip
    if kind in ("sitofp", "uitofp"):
        signed = kind == "sitofp"
        name = f"hls_{kind}_{'i' if signed else 'u'}{w_in}_f{w_out}"
        config = (("Operation_Type", "Fixed_to_float"), ("A_Precision_Type", f"{'Int' if signed else 'Uint'}{w_in}"),
                  ("Result_Precision_Type", "Double" if w_out == 64 else "Single"))  # fmt: skip
        params = (("IW", str(w_in)), ("SIGNED", f"1'b{int(signed)}"), *_format_params(w_out), ("LATENCY", "LATENCY"))
        return FpUnit(name, (("a", w_in),), w_out, lat, config, w_out, "hls_int_to_fp_core", params, (("a", "a"),),
                      ("hls_int_to_fp_core.sv", _CLZ, _ROUND_CORE, _ROUND_PREP, _PIPE), True)  # fmt: skip
    unsigned = kind == "fptoui"
    name = f"hls_{kind}_f{w_in}_{'u' if unsigned else 'i'}{w_out}"
    config = (("Operation_Type", "Float_to_fixed"), ("A_Precision_Type", "Double" if w_in == 64 else "Single"),
              ("Result_Precision_Type", f"{'Uint' if unsigned else 'Int'}{w_out}"))  # fmt: skip
    params = (*_format_params(w_in), ("OW", str(w_out)), ("UNSIGNED", f"1'b{int(unsigned)}"), ("LATENCY", "LATENCY"))
    return FpUnit(name, (("a", w_in),), w_out, lat, config, w_out, "hls_fp_to_int_core", params, (("a", "a"),),
                  ("hls_fp_to_int_core.sv", _PIPE), True)  # fmt: skip


def _min_max_logic(w: int, is_max: bool, a: str = "a", b: str = "b") -> str:
    """fmin(a, b)/fmax(a, b) on bit patterns (the signals ``a`` and ``b``), as glibc's x86-64 code
    computes them with the arguments in source order: two NaNs give the first, quieted (it
    returns a + b); one signalling NaN gives it quieted; a quiet NaN gives the other argument;
    otherwise the smaller (larger) one, and the second when they compare equal (+0 and -0
    included: minsd/maxsd)."""
    m = 23 if w == 32 else 52
    top = w - 2

    def nan(x: str) -> str:
        return f"(&{x}[{top}:{m}] && |{x}[{m - 1}:0])"

    def less(x: str, y: str) -> str:  # x < y for non-NaN x, y
        return (f"(!(~|{x}[{top}:0] && ~|{y}[{top}:0]) && "
                f"({x}[{w - 1}] != {y}[{w - 1}] ? {x}[{w - 1}] : ({x}[{w - 1}] ? {x}[{top}:0] > {y}[{top}:0] : {x}[{top}:0] < {y}[{top}:0])))")

    def signalling(x: str) -> str:
        return f"({nan(x)} && !{x}[{m - 1}])"

    def quieted(x: str) -> str:
        return f"({x} | {w}'d{1 << (m - 1)})"

    pick = f"{less(b, a)} ? {a} : {b}" if is_max else f"{less(a, b)} ? {a} : {b}"
    both = f"({nan(a)} && {nan(b)}) ? {quieted(a)}"
    sig = f"{signalling(a)} ? {quieted(a)} : {signalling(b)} ? {quieted(b)}"
    return f"{both} : {sig} : {nan(a)} ? {b} : {nan(b)} ? {a} : ({pick})"
