"""``#pragma HLS`` directives: Vitis HLS's directives and options, parsed and checked.

Every directive a Vitis HLS user may write is known here with its options. A misspelt directive or
option is a located warning (with "did you mean" when one is close), a directive or option hls
does not implement yet is a located warning that it is ignored, and a directive naming a variable
that does not exist is a located error (checked by c-to-kernel in the pragma's scope). Nothing is
ignored silently.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path

from hls.diagnostics import Diagnostic, HlsError, SourceLoc
from hls.ir.kernel import Pragma


@dataclass(frozen=True)
class Directive:
    """What a directive applies to and which of its options hls honours."""

    kind: str  # "loop" | "variable" | "function" | "interface"
    options: tuple[str, ...]  # every option Vitis HLS accepts
    honoured: tuple[str, ...] | None = None  # options hls implements; None: the directive is not implemented
    target: str | None = None  # the option naming a variable ("variable", "port")
    target_required: bool = True


DIRECTIVES: dict[str, Directive] = {
    "pipeline": Directive("loop", ("ii", "off", "rewind", "style", "enable_flush"), ("ii", "off")),
    "unroll": Directive("loop", ("factor", "off", "skip_exit_check", "region"), ("factor", "off")),
    "loop_flatten": Directive("loop", ("off",), ("off",)),
    "loop_merge": Directive("loop", ("force",)),
    "loop_tripcount": Directive("loop", ("min", "max", "avg")),
    "dependence": Directive(
        "variable",
        ("variable", "class", "type", "direction", "distance", "dependent", "cross_variables",
         "array", "pointer", "intra", "inter", "raw", "war", "waw", "true", "false"),
        target="variable",
        target_required=False,
    ),  # fmt: skip
    "array_partition": Directive(
        "variable", ("variable", "type", "factor", "dim", "off", "complete", "cyclic", "block"),
        ("variable", "type", "factor", "dim", "off", "complete", "cyclic", "block"), target="variable",
    ),  # fmt: skip
    "array_reshape": Directive(
        "variable", ("variable", "type", "factor", "dim", "off", "object", "complete", "cyclic", "block"),
        ("variable", "type", "factor", "dim", "off", "complete", "cyclic", "block"), target="variable",
    ),  # fmt: skip
    "bind_storage": Directive("variable", ("variable", "type", "impl", "latency"), ("variable", "type", "impl"), target="variable"),
    "bind_op": Directive("variable", ("variable", "op", "impl", "latency"), ("variable", "op", "impl"), target="variable"),
    "stream": Directive("variable", ("variable", "depth", "type", "off"), target="variable"),
    "aggregate": Directive("variable", ("variable", "compact"), target="variable"),
    "disaggregate": Directive("variable", ("variable",), target="variable"),
    "reset": Directive("variable", ("variable", "off"), target="variable"),
    "stable": Directive("variable", ("variable",), target="variable"),
    "function_instantiate": Directive("variable", ("variable",), target="variable"),
    "resource": Directive("variable", ("variable", "core", "latency", "memory_style", "metadata"), target="variable"),
    "data_pack": Directive("variable", ("variable", "instance", "byte_pad"), target="variable"),
    "array_map": Directive("variable", ("variable", "instance", "mode", "offset", "horizontal", "vertical"), target="variable"),
    "interface": Directive(
        "interface",
        ("mode", "port", "storage_type", "latency", "depth", "bundle", "offset", "register", "register_mode", "name",
         "num_read_outstanding", "num_write_outstanding", "max_read_burst_length", "max_write_burst_length",
         "max_widen_bitwidth", "channel", "clock", "storage_impl", "interrupt"),
        ("mode", "port", "storage_type", "depth"),
        target="port",
    ),  # fmt: skip
    "inline": Directive("function", ("off", "recursive")),
    "dataflow": Directive("function", ("disable_start_propagation",)),
    "latency": Directive("function", ("min", "max")),
    "top": Directive("function", ("name",)),
    "allocation": Directive("function", ("instances", "limit", "function", "operation", "type"), ("instances", "limit", "function", "operation", "type")),
    "expression_balance": Directive("function", ("off",)),
    "occurrence": Directive("function", ("cycle", "off")),
    "protocol": Directive("function", ("mode", "floating", "fixed")),
    "performance": Directive("function", ("target_ti", "target_tl", "unit")),
    "alias": Directive("function", ("ports", "distance", "offset")),
    "cache": Directive("function", ("port", "lines", "depth", "ways", "users", "burst", "write_mode")),
}

# interface modes: the ones hls generates (arrays get ap_memory, scalars ap_none, the block ap_ctrl_hs)
INTERFACE_MODES = ("ap_none", "ap_vld", "ap_ack", "ap_hs", "ap_ovld", "ap_fifo", "ap_memory", "bram", "axis",
                   "m_axi", "s_axilite", "ap_ctrl_none", "ap_ctrl_hs", "ap_ctrl_chain")  # fmt: skip
HONOURED_INTERFACE_MODES = ("ap_memory", "bram", "ap_none", "ap_ctrl_hs")

_TOKEN = re.compile(r"([A-Za-z_][\w.]*)\s*=\s*([^\s=]+)|([^\s=]+)")


def _did_you_mean(word: str, choices: list[str] | tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.7)
    return f" (did you mean '{close[0]}'?)" if close else ""


def option_location(loc: SourceLoc, word: str) -> SourceLoc:
    """The location of ``word`` on the line of a pragma at ``loc`` (``loc`` itself if not found)."""
    try:
        line = Path(loc.file).read_text(errors="replace").splitlines()[loc.line - 1]
    except (OSError, IndexError):
        return loc
    m = re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", line[max(loc.col - 1, 0) :], re.IGNORECASE)
    return SourceLoc(loc.file, loc.line, loc.col + m.start()) if m else loc


def parse_pragma(text: str, loc: SourceLoc, warnings: list[Diagnostic]) -> Pragma | None:
    """A ``#pragma HLS`` line (``text`` without ``#pragma``) as a Pragma, or None when it is not
    for hls (other tools' pragmas, scop markers) or names an unknown directive (a warning)."""
    words = text.split(None, 2)
    if not words or words[0].upper() != "HLS":
        return None  # other tools' pragmas (omp, GCC, scop, ...) do not change hardware
    if len(words) < 2:
        raise HlsError(loc, "'#pragma HLS' needs a directive")
    name = words[1].lower()
    if name not in DIRECTIVES:
        hint = _did_you_mean(name, list(DIRECTIVES))
        warnings.append(Diagnostic(option_location(loc, words[1]), "warning", f"unknown HLS directive '{words[1]}' ignored{hint}"))
        return None
    spec = DIRECTIVES[name]
    options: dict[str, str] = {}
    for m in _TOKEN.finditer(words[2] if len(words) > 2 else ""):
        key, value = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), "")
        lowered = key.lower()
        if name == "interface" and not value and lowered in INTERFACE_MODES and "mode" not in options:
            lowered, value = "mode", lowered  # the older spelling: '#pragma HLS interface ap_memory port=A'
        if lowered not in spec.options:
            where = option_location(loc, key)
            warnings.append(Diagnostic(where, "warning", f"unknown option '{key}' of '#pragma HLS {name}' ignored{_did_you_mean(lowered, spec.options)}"))
            continue
        options[lowered] = value
    if spec.target is not None and spec.target_required and not options.get(spec.target):
        raise HlsError(loc, f"'#pragma HLS {name}' needs '{spec.target}=NAME'")
    if name == "pipeline" and "ii" in options:
        if not options["ii"].isdigit() or int(options["ii"]) < 1:
            raise HlsError(option_location(loc, "II"), f"pipeline II must be a positive integer, not '{options['ii']}'")
    if name in ("unroll", "array_partition", "array_reshape") and "factor" in options:
        if not options["factor"].isdigit() or int(options["factor"]) < 1:
            raise HlsError(option_location(loc, "factor"), f"{name} factor must be a positive integer, not '{options['factor']}'")
    if name == "interface" and options.get("mode", "ap_memory").lower() not in INTERFACE_MODES:
        mode = options["mode"]
        raise HlsError(option_location(loc, mode), f"unknown interface mode '{mode}'{_did_you_mean(mode.lower(), INTERFACE_MODES)}")
    return Pragma(name, options, loc)


# operations ``#pragma HLS allocation operation`` limits: those hls builds as operator units
# (Vitis HLS's names; fcmp/dcmp cover every comparison predicate)
ALLOCATABLE = (
    ("mul", "sdiv", "udiv", "srem", "urem", "sitofp", "uitofp", "fptosi", "fptoui", "fpext", "fptrunc")
    + tuple(p + op for p in "fd" for op in ("add", "sub", "mul", "fma", "div", "sqrt", "exp", "log", "pow", "sin", "cos", "min", "max", "cmp"))
)
# Vitis HLS operations hls builds as logic between registers, with no unit to share
COMBINATIONAL = ("add", "sub", "icmp", "shl", "lshr", "ashr", "and", "or", "xor", "select", "mux", "sext", "zext", "trunc")


def allocation_limit(prag: Pragma, warnings: list[Diagnostic]) -> tuple[tuple[str, ...], int] | None:
    """The operations and instance limit of an ``allocation`` pragma, or None (with a located
    warning) when it limits nothing hls builds."""
    kind = prag.options.get("type", "operation" if "operation" in prag.options else "function").lower()
    if kind != "operation":
        warnings.append(Diagnostic(prag.loc, "warning", f"'#pragma HLS allocation' of type {kind} is not implemented (every call is inlined): ignored"))
        return None
    text = prag.options.get("limit", "")
    if not text.isdigit() or int(text) < 1:
        where = option_location(prag.loc, "limit") if "limit" in prag.options else prag.loc
        raise HlsError(where, f"'#pragma HLS allocation' needs 'limit=N' with N a positive integer{f', not {text!r}' if text else ''}")
    names = [n.strip().lower() for n in prag.options.get("instances", "").split(",") if n.strip()]
    if not names:
        raise HlsError(prag.loc, "'#pragma HLS allocation' needs 'instances=OPERATION'")
    ops: list[str] = []
    for name in names:
        if name in ALLOCATABLE:
            ops.append(name)
        elif name in COMBINATIONAL:
            what = f"'{name}' is built as logic, not as a shared unit: '#pragma HLS allocation' of it ignored"
            warnings.append(Diagnostic(option_location(prag.loc, name), "warning", what))
        else:
            raise HlsError(option_location(prag.loc, name), f"unknown operation '{name}' in '#pragma HLS allocation'{_did_you_mean(name, ALLOCATABLE)}")
    return (tuple(ops), int(text)) if ops else None


# operations ``#pragma HLS bind_op ... impl=fabric`` builds without DSP slices (Vitis HLS's names)
FABRIC_BINDABLE = ("fadd", "fsub", "dadd", "dsub")
# Vitis HLS's implementations of floating-point operators; hls builds "fulldsp" (its default) and
# "fabric", the others are DSP configurations it does not have
BIND_IMPLS = ("fabric", "fulldsp", "maxdsp", "meddsp", "primitivedsp", "nodsp", "dsp", "auto")


def bind_op_of(prag: Pragma, warnings: list[Diagnostic]) -> tuple[str, str] | None:
    """The operation and implementation of a ``bind_op`` pragma, or None (with a located warning)
    when it changes nothing hls builds."""
    op = prag.options.get("op", "").lower()
    impl = prag.options.get("impl", "").lower()
    if not op:
        raise HlsError(prag.loc, "'#pragma HLS bind_op' needs 'op=OPERATION'")
    if not impl:
        raise HlsError(prag.loc, "'#pragma HLS bind_op' needs 'impl=IMPLEMENTATION'")
    if op not in ALLOCATABLE and op not in COMBINATIONAL:
        raise HlsError(option_location(prag.loc, op), f"unknown operation '{op}' in '#pragma HLS bind_op'{_did_you_mean(op, ALLOCATABLE)}")
    if impl not in BIND_IMPLS:
        raise HlsError(option_location(prag.loc, impl), f"unknown implementation '{impl}' in '#pragma HLS bind_op'{_did_you_mean(impl, BIND_IMPLS)}")
    if impl in ("fulldsp", "auto") or (impl == "dsp" and op not in FABRIC_BINDABLE):
        return None  # (what hls builds anyway)
    if impl in ("fabric", "nodsp") and op in FABRIC_BINDABLE:
        return op, "fabric"
    what = f"'#pragma HLS bind_op op={op} impl={impl}' is not implemented (hls builds {op} as its default core): ignored"
    warnings.append(Diagnostic(option_location(prag.loc, impl), "warning", what))
    return None


def honoured(prag: Pragma, where: str, warnings: list[Diagnostic]) -> bool:
    """Whether hls applies ``prag`` found in a ``where`` ("loop" body, "top" function body,
    inlined "callee" body, other "block"); a located warning says why when it does not, and for
    each option it does not implement."""
    spec = DIRECTIVES[prag.name]
    head = f"'#pragma HLS {prag.name}'"

    def ignored(reason: str) -> bool:
        warnings.append(Diagnostic(prag.loc, "warning", f"{head} {reason}: ignored"))
        return False

    if prag.name == "inline":
        # every call is inlined: 'inline' is what hls does anyway, 'inline off' is not possible yet
        return ignored("off is not implemented yet (hls inlines every call)") if "off" in prag.options else False
    if spec.kind == "loop" and where != "loop":
        if prag.name == "pipeline" and where in ("top", "callee"):
            return ignored("on a function is not implemented yet (loops inside it are pipelined)")
        return ignored("is not directly inside a loop body")
    if spec.kind == "interface":
        if where != "top":
            return ignored("is not in the top function")
        mode = prag.options.get("mode", "ap_memory").lower()
        if mode not in HONOURED_INTERFACE_MODES:
            return ignored(f"mode '{mode}' is not implemented yet (ports stay ap_memory, ap_none and ap_ctrl_hs)")
    if spec.honoured is None:
        return ignored("is not implemented yet")
    for option in prag.options:
        if option not in spec.honoured:
            warnings.append(Diagnostic(option_location(prag.loc, option), "warning", f"option '{option}' of {head} is not implemented yet: ignored"))
    return True
