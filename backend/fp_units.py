"""Floating-point operator modules: one per operation and precision (``hls_dadd``, ``hls_fcmp_olt``,
``hls_sitofp_i32_f64``...), fully pipelined with a fixed latency and a clock enable.

Under ```ifdef HLS_XILINX_FP`` a module instantiates the Xilinx Floating-Point Operator IP core
named like it (``<module>_ip``), created by the Tcl script ``xilinx_fp_ip.tcl`` written beside the
RTL; otherwise it uses the portable, bit-exact model in ``hls_fp_pkg.sv``.
"""

from __future__ import annotations

from dataclasses import dataclass

from hls.ir.hir import UnitOp

FP_KINDS = ("add", "sub", "mul", "div", "sqrt", "min", "max", "cmp", "exp", "log", "pow")
CONVERSIONS = ("sitofp", "uitofp", "fptosi", "fptoui", "fpext", "fptrunc")

_REAL_OP = {"add": "+", "sub": "-", "mul": "*", "div": "/"}
# elementary functions: the simulation model calls the host's C library, so it computes what the
# C program computes there: double through the real functions ($exp is C's exp), float through
# DPI-C (templates/lib/hls_libm_dpi.c). Under HLS_XILINX_FP, exp and log are the Floating-Point
# Operator's cores, whose results are within an ulp but not always glibc's.
_LIBM = ("exp", "log", "pow")
_REAL_FUNCTION = {"exp": "$exp", "log": "$ln", "pow": "$pow"}
_CMP = {"olt": "x < y", "ole": "x <= y", "ogt": "x > y", "oge": "x >= y", "oeq": "x == y", "une": "!(x == y)"}
# Xilinx floating_point v7.1 configuration per operation
_IP_OPERATION = {"add": ("Add_Subtract", "Add"), "sub": ("Add_Subtract", "Subtract"), "mul": ("Multiply", None),
                 "div": ("Divide", None), "sqrt": ("Square_root", None), "cmp": ("Compare", None),
                 "min": ("Compare", None), "max": ("Compare", None),
                 "exp": ("Exponential", None), "log": ("Logarithm", None)}  # fmt: skip
_IP_COMPARE = {"olt": "Less_Than", "ole": "Less_Than_Or_Equal", "ogt": "Greater_Than", "oge": "Greater_Than_Or_Equal",
               "oeq": "Equal", "une": "Not_Equal"}  # fmt: skip


@dataclass(frozen=True)
class FpUnit:
    """One operator module: its ports, latency, portable model and Xilinx IP configuration."""

    module: str
    inputs: tuple[tuple[str, int], ...]  # (port, width)
    out_width: int
    latency: int
    model: str  # SystemVerilog expression of the result over the input ports
    ip_config: tuple[tuple[str, str], ...]  # CONFIG.* properties of the Xilinx IP
    ip_out_width: int  # width of the IP's m_axis_result_tdata
    model_width: int = 0  # width of ``model`` when wider than the result (the low bits are taken)
    dpi_imports: tuple[str, ...] = ()  # C functions (templates/lib/hls_libm_dpi.c) the model calls

    @property
    def full_width(self) -> int:
        return max(self.model_width, self.out_width)


def is_fp_kind(kind: str) -> bool:
    return kind in CONVERSIONS or (kind[:1] in ("f", "d") and kind[1:].split("_")[0] in FP_KINDS)


def _as_f64(port: str, width: int) -> str:
    return port if width == 64 else f"hls_fp_pkg::f32_to_f64({port})"


def _from_f64(expr: str, width: int) -> str:
    return expr if width == 64 else f"hls_fp_pkg::f64_to_f32({expr})"


def fp_unit(op: UnitOp) -> FpUnit:
    """The operator module a floating-point unit op instantiates."""
    kind, w_out, lat = op.kind, op.result.width, op.latency
    w_in = op.operands[0].width
    prec = "Double" if max(w_in, w_out) == 64 and kind not in CONVERSIONS else "Single"
    if kind in CONVERSIONS:
        return _conversion(kind, w_in, w_out, lat)
    base, _, pred = kind[1:].partition("_")
    w = 64 if kind[0] == "d" else 32
    prec = "Double" if w == 64 else "Single"
    a, b = _as_f64("a", w), _as_f64("b", w)
    inputs = (("a", w), ("b", w)) if base == "pow" else (("a", w),)
    dpi: tuple[str, ...] = ()
    model = ""
    if base in _LIBM and w == 32:
        # the C library's own float function (through DPI-C): rounding the double result once
        # differs from glibc's expf/logf/powf for about one argument in 1,600
        fn = f"hls_libm_{base}f"
        args = ", ".join(f"input int unsigned {p}" for p, _ in inputs)
        dpi = (f'import "DPI-C" pure function int unsigned {fn}({args});',)
        model = f"{fn}({', '.join(p for p, _ in inputs)})"
    elif base in _LIBM:
        model = f"$realtobits({_REAL_FUNCTION[base]}({', '.join(f'$bitstoreal({p})' for p, _ in inputs)}))"
    if base == "pow":
        # no Floating-Point Operator core computes pow: the model is used under HLS_XILINX_FP too
        return FpUnit(f"hls_{kind}", inputs, w, lat, model, (), w, dpi_imports=dpi)
    config: list[tuple[str, str]] = [("Operation_Type", _IP_OPERATION[base][0]), ("A_Precision_Type", prec)]
    if _IP_OPERATION[base][1]:
        config.append(("Add_Sub_Value", _IP_OPERATION[base][1] or ""))
    if base in _REAL_OP:
        model = _from_f64(f"$realtobits($bitstoreal({a}) {_REAL_OP[base]} $bitstoreal({b}))", w)
        return FpUnit(f"hls_{kind}", (("a", w), ("b", w)), w, lat, model, tuple(config), w)
    if base in _LIBM:
        return FpUnit(f"hls_{kind}", inputs, w, lat, model, tuple(config), w, dpi_imports=dpi)
    if base == "sqrt":
        model = _from_f64(f"$realtobits($sqrt($bitstoreal({a})))", w)
        return FpUnit(f"hls_{kind}", (("a", w),), w, lat, model, tuple(config), w)
    if base in ("min", "max"):
        # plain logic on the bit patterns (no IP core): NaN, signed-zero and ordering rules of glibc
        return FpUnit(f"hls_{kind}", (("a", w), ("b", w)), w, lat, _min_max_logic(w, base == "max"), (), w)
    cond = _CMP[pred].replace("x", f"$bitstoreal({a})", 1).replace("y", f"$bitstoreal({b})", 1)
    if pred == "une":
        cond = f"!($bitstoreal({a}) == $bitstoreal({b}))"
    config.append(("C_Compare_Operation", _IP_COMPARE[pred]))
    return FpUnit(f"hls_{kind}", (("a", w), ("b", w)), 1, lat, cond, tuple(config), 8)


def _conversion(kind: str, w_in: int, w_out: int, lat: int) -> FpUnit:
    if kind in ("fpext", "fptrunc"):
        model = "hls_fp_pkg::f32_to_f64(a)" if kind == "fpext" else "hls_fp_pkg::f64_to_f32(a)"
        config = (("Operation_Type", "Float_to_float"), ("A_Precision_Type", "Single" if kind == "fpext" else "Double"),
                  ("Result_Precision_Type", "Double" if kind == "fpext" else "Single"))  # fmt: skip
        return FpUnit(f"hls_{kind}", (("a", w_in),), w_out, lat, model, config, w_out)
    if kind in ("sitofp", "uitofp"):
        signed = kind == "sitofp"
        # a $signed cast, not {{n{a[msb]}}, a}: Verilator 5.006 miscompiles that replication when a
        # is the negation of a zero-extended bit (tests/regressions/neg_cmp_to_double.c)
        ext = "64'($signed(a))" if signed and w_in < 64 else (f"{{{64 - w_in}'d0, a}}" if w_in < 64 else "a")
        neg = f"a[{w_in - 1}]" if signed else "1'b0"
        mag = f"({neg} ? -({ext}) : ({ext}))"
        model = f"hls_fp_pkg::int_to_fp({neg}, {mag}, 1'b{int(w_out == 64)})"
        name = f"hls_{kind}_{'i' if signed else 'u'}{w_in}_f{w_out}"
        config = (("Operation_Type", "Fixed_to_float"), ("A_Precision_Type", f"{'Int' if signed else 'Uint'}{w_in}"),
                  ("Result_Precision_Type", "Double" if w_out == 64 else "Single"))  # fmt: skip
        return FpUnit(name, (("a", w_in),), w_out, lat, model, config, w_out, 64)
    unsigned = kind == "fptoui"
    model = f"hls_fp_pkg::fp_to_int({_as_f64('a', w_in)}, {w_out}, 1'b{int(unsigned)})"
    name = f"hls_{kind}_f{w_in}_{'u' if unsigned else 'i'}{w_out}"
    config = (("Operation_Type", "Float_to_fixed"), ("A_Precision_Type", "Double" if w_in == 64 else "Single"),
              ("Result_Precision_Type", f"{'Uint' if unsigned else 'Int'}{w_out}"))  # fmt: skip
    return FpUnit(name, (("a", w_in),), w_out, lat, model, config, w_out, 64)


def _min_max_logic(w: int, is_max: bool) -> str:
    """fmin(a, b)/fmax(a, b) on bit patterns, as glibc's x86-64 code computes them with the
    arguments in source order: two NaNs give the first, quieted (it returns a + b); one
    signalling NaN gives it quieted; a quiet NaN gives the other argument; otherwise the smaller
    (larger) one, and the second when they compare equal (+0 and -0 included: minsd/maxsd)."""
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

    pick = f"{less('b', 'a')} ? a : b" if is_max else f"{less('a', 'b')} ? a : b"
    both = f"({nan('a')} && {nan('b')}) ? {quieted('a')}"
    sig = f"{signalling('a')} ? {quieted('a')} : {signalling('b')} ? {quieted('b')}"
    return f"{both} : {sig} : {nan('a')} ? b : {nan('b')} ? a : ({pick})"
