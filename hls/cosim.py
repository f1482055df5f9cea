"""C/RTL co-simulation with Verilator.

Every call of the top function F made by the testbench runs both the original C function
(compiled by gcc -O0 -ffp-contract=off) and the RTL (a generated C++ harness drives ap_ctrl_hs
and models each ap_memory port: read latency 1, read-first), compares every array element and the
return value bit-exactly, and hands the RTL's results back to the caller.

The C program is the testbench files (or, without them, a generated main drawing random inputs)
and the kernel file. Each is compiled after preprocessing; in the one that defines F, F's body
becomes a call of the harness and the original body moves to ``__hls_ref_F`` (``_rewrite_unit``),
so F keeps the type, storage class and place the user gave it, and every declaration and call of
it, wherever it is, stays valid C.

Cycle count of a call: the number of rising clock edges from the one that sampled ``ap_start``
while the block was idle up to the cycle in which ``ap_done`` is high (Vitis's "latency").
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import jinja2

from hls.diagnostics import HlsError, SourceLoc
from hls.ir.ctypes import FloatType, IntType, ScalarType
from hls.ir.interface import ArrayArg, FunctionInterface, ScalarArg

# How the C side of cosim is compiled. gcc treats fmin/fmax as commutative builtins and may pass
# the arguments to glibc in either order, which decides the sign of fmin(-0.0, +0.0) (C leaves
# it unspecified) and which NaN comes back; -fno-builtin-* keeps the source order, which the RTL
# implements.
REFERENCE_CFLAGS = [
    "-O0", "-ffp-contract=off", "-std=gnu99",
    "-fno-builtin-fmin", "-fno-builtin-fminf", "-fno-builtin-fmax", "-fno-builtin-fmaxf",
]  # fmt: skip

# Verilator's bit-op-tree rewrite of constant expressions computes wrong values for some XOR
# patterns (verilator/verilator#4059, #4709, #4842, #5186; 5.006 here): x - (-x) through our
# add/sub core, whose second operand is x ^ 0x80000000, simulated as 0. Every Verilator model
# we build (cosim, the FP core check, the library tests) turns that rewrite off.
VERILATOR_SAFE_OPTS = ("-fno-const-bit-op-tree",)


@dataclass
class CosimCall:
    cycles: int
    mismatches: int


@dataclass
class CosimResult:
    status: str  # "pass" | "fail"
    calls: list[CosimCall]
    log: str


@dataclass(frozen=True)
class _HarnessMemory:
    """A memory the RTL reaches an array argument through: the array itself (``elements`` empty:
    address = element), or a bank of it (``elements``: the element at each address, -1 padding)."""

    name: str
    depth: int
    ports: tuple[tuple[int, bool, bool], ...]  # (port, read, write)
    elements: tuple[int, ...]


@dataclass(frozen=True)
class _HarnessArray:
    name: str
    ctype: str
    vtype: str  # an unsigned integer type holding the element's bits
    is_float: bool
    width: int
    signed: bool
    dims: tuple[int, ...]
    depth: int
    memories: tuple[_HarnessMemory, ...]
    written: bool
    random_expr: str  # a C++ expression drawing a random element
    edges: tuple[str, ...]  # C++ expressions of the element type's edge values
    global_name: str = ""  # a file-scope variable: the C function changes it itself


@dataclass(frozen=True)
class _HarnessScalar:
    name: str
    port: str  # its RTL port
    ctype: str
    is_float: bool
    width: int
    signed: bool
    random_expr: str  # a C++ expression drawing a value in the argument's range
    edges: tuple[str, ...]  # the type's edge values inside the argument's range


@dataclass(frozen=True)
class _HarnessModel:
    top: str
    ret_ctype: str | None
    ret_bits_type: str | None
    ret_is_float: bool
    ret_width: int
    params: tuple[str, ...]  # the harness's C++ parameters, named hls_arg_NAME
    params_decl: str  # the same joined, or "void"
    arrays: tuple[_HarnessArray, ...]
    scalars: tuple[_HarnessScalar, ...]
    order: tuple[tuple[str, str], ...]  # (kind, name) in C order
    random_main: bool
    seed: int
    runs: int
    timeout: int


def _ctype(t: ScalarType) -> str:
    if isinstance(t, FloatType):
        return "float" if t.width == 32 else "double"
    return f"{'' if t.signed else 'u'}int{max(8, 1 << (t.width - 1).bit_length())}_t"


def _bits_type(width: int) -> str:
    return f"uint{max(8, 1 << (width - 1).bit_length())}_t"


def _int_literal(v: int, ct: str) -> str:
    if v == -(1 << 63):
        return f"({ct})(-9223372036854775807LL - 1)"
    if v >= 1 << 63:
        return f"({ct}){v}ULL"
    return f"({ct})({v}LL)"


def int_edge_values(t: IntType, lo: int | None = None, hi: int | None = None) -> list[int]:
    """Edge values of an integer type inside ``[lo, hi]`` (default: the type's range): 0, 1, -1,
    the type's limits and their neighbours, and the limits of the narrower integer types (where
    truncation and sign extension go wrong)."""
    lo = t.min if lo is None else lo
    hi = t.max if hi is None else hi
    values = {0, 1, -1, t.min, t.min + 1, t.max, t.max - 1, lo, lo + 1, hi, hi - 1}
    for w in (8, 16, 32, 64):
        if w <= t.width:
            values |= {(1 << (w - 1)) - 1, 1 << (w - 1), -(1 << (w - 1)), (1 << w) - 1}
    return sorted(v for v in values if max(lo, t.min) <= v <= min(hi, t.max))


def _float_edges(ct: str) -> tuple[str, ...]:
    """+-0, +-1, NaN of both signs, +-infinity, the smallest and largest subnormals, the smallest
    normal, +-the largest finite value."""
    lim = f"std::numeric_limits<{ct}>"
    return (
        f"({ct})0", f"-({ct})0", f"({ct})1", f"-({ct})1", f"{lim}::quiet_NaN()", f"-{lim}::quiet_NaN()",
        f"{lim}::infinity()", f"-{lim}::infinity()", f"{lim}::denorm_min()", f"-{lim}::denorm_min()",
        f"({lim}::min() - {lim}::denorm_min())", f"{lim}::min()", f"{lim}::max()", f"-{lim}::max()",
    )  # fmt: skip


def _model(iface: FunctionInterface, random_main: bool, seed: int, runs: int, timeout: int) -> _HarnessModel:
    arrays: list[_HarnessArray] = []
    scalars: list[_HarnessScalar] = []
    decls: list[str] = []
    order: list[tuple[str, str]] = []
    for p in iface.params:
        if isinstance(p, ArrayArg):
            ct = _ctype(p.elem)
            memories = tuple(
                _HarnessMemory(m.name, m.depth, tuple((k, u.read, u.write) for k, u in enumerate(m.ports)), m.elements if p.banks else ())
                for m in p.memories
            )
            if isinstance(p.elem, FloatType):
                expr, edges = f"({ct})hls_random_real()", _float_edges(ct)
            else:
                bits = "hls_next_random()" if p.elem.width in (8, 16, 32, 64) else f"(hls_next_random() & {(1 << p.elem.width) - 1}ULL)"
                expr, edges = f"({ct}){bits}", tuple(_int_literal(v, ct) for v in int_edge_values(p.elem))
            arrays.append(_HarnessArray(
                p.name, ct, _bits_type(p.elem.width), isinstance(p.elem, FloatType), p.elem.width, p.elem.signed, p.dims, p.depth,
                memories, p.written, expr, edges, "" if p.struct_param else p.global_name,  # (a file-scope array of structs: packed, as a parameter's)
            ))  # fmt: skip
            decls.append(f"{ct} *hls_arg_{p.name}")
            order.append(("array", p.name))
        else:
            assert isinstance(p, ScalarArg)
            ct = _ctype(p.type)
            if isinstance(p.type, FloatType):
                expr, edges = f"({ct})hls_random_real()", _float_edges(ct)
            else:
                lo, hi = p.value_range if p.value_range else (p.type.min, p.type.max)
                if hi - lo + 1 >= 1 << 63:
                    expr = f"({ct})hls_next_random()"
                else:
                    expr = f"({ct})((int64_t){_int_literal(lo, 'int64_t')} + (int64_t)(hls_next_random() % {hi - lo + 1}ULL))"
                edges = tuple(_int_literal(v, ct) for v in int_edge_values(p.type, lo, hi))
            scalars.append(_HarnessScalar(p.name, p.rtl_name, ct, isinstance(p.type, FloatType), p.type.width, p.type.signed, expr, edges))
            decls.append(f"{ct} hls_arg_{p.name}")
            order.append(("scalar", p.name))
    ret = iface.return_type
    return _HarnessModel(
        iface.name, _ctype(ret) if ret else None, _bits_type(ret.width) if ret else None, isinstance(ret, FloatType),
        ret.width if ret else 0, tuple(decls), ", ".join(decls) or "void",
        tuple(arrays), tuple(scalars), tuple(order), random_main, seed, runs, timeout,
    )  # fmt: skip


def verilated_name(port: str) -> str:
    """The C++ member name Verilator gives a port (it escapes the second '_' of each '__')."""
    return port.replace("__", "___05F")


def _env() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("hls.templates", ""),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["vport"] = verilated_name
    return env


def _c_scalar(t: ScalarType) -> str:
    """The plain C spelling of a scalar type (the testbench units are compiled after
    preprocessing, so no <stdint.h> names)."""
    if isinstance(t, FloatType):
        return "float" if t.width == 32 else "double"
    base = {8: "char", 16: "short", 32: "int", 64: "long long"}[max(8, 1 << (t.width - 1).bit_length())]
    return f"{'signed' if t.signed else 'unsigned'} {base}"


def _c_params(iface: FunctionInterface, prefix: str | None = None) -> str:
    """F's parameters as the C side of the harness sees them: arrays as ``void *`` (the C function
    takes them in whatever spelling it declares), scalars with their C types; named
    ``prefix0, prefix1, ...`` if a prefix is given."""
    decls = []
    for k, p in enumerate(iface.params):
        decl = "void *" if isinstance(p, ArrayArg) else f"{_c_scalar(p.type)} "
        decls.append((decl + (f"{prefix}{k}" if prefix is not None else "")).rstrip())
    return ", ".join(decls) or "void"


@dataclass(frozen=True)
class _Tok:
    kind: str  # id | num | str | punct
    text: str
    start: int
    end: int


_TOKEN = re.compile(
    r"""(?P<ws>[ \t\r\f\v]+)|(?P<nl>\n)
      | (?P<str>(?:u8|[LuU])?"(?:\\.|[^"\\\n])*")
      | (?P<chr>[LuU]?'(?:\\.|[^'\\\n])*')
      | (?P<id>[A-Za-z_$][\w$]*)
      | (?P<num>\.?\d(?:[eEpP][+-]|[\w.])*)
      | (?P<punct>.)""",
    re.VERBOSE,
)


def _tokens(text: str) -> list[_Tok]:
    """The tokens of preprocessed C, without whitespace and directive lines (line markers,
    ``#pragma``)."""
    out: list[_Tok] = []
    pos, line_start = 0, True
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        assert m is not None  # the last alternative matches any character but a newline, 'nl' that
        kind = m.lastgroup or "punct"
        if kind == "punct" and m.group() == "#" and line_start:
            eol = text.find("\n", pos)
            pos = len(text) if eol < 0 else eol
            continue
        if kind == "nl":
            line_start = True
        elif kind != "ws":
            line_start = False
            out.append(_Tok("str" if kind == "chr" else kind, m.group(), m.start(), m.end()))
        pos = m.end()
    return out


def _matching(toks: list[_Tok], i: int) -> int:
    """The index of the bracket closing the one at ``toks[i]``."""
    depth = 0
    for j in range(i, len(toks)):
        if toks[j].kind == "punct" and toks[j].text in "([{":
            depth += 1
        elif toks[j].kind == "punct" and toks[j].text in ")]}":
            depth -= 1
            if depth == 0:
                return j
    return len(toks) - 1


@dataclass(frozen=True)
class _Definition:
    """F's definition in a token list: specifiers ``toks[spec:name]``, parameter list
    ``toks[lparen:rparen + 1]`` (K&R: and the parameter declarations up to the body), body from
    ``toks[body]``."""

    spec: int
    name: int
    lparen: int
    rparen: int
    body: int


def _find_definition(toks: list[_Tok], name: str) -> _Definition | None:
    """The file-scope definition of function ``name``: the identifier outside any bracket, its
    parameter list, then ``{``. Prototypes (``;`` or ``,`` after the list), calls and the name
    inside other identifiers, strings or comments do not match."""
    depth = 0
    for i, t in enumerate(toks):
        if t.kind == "punct" and t.text in "([{":
            depth += 1
        elif t.kind == "punct" and t.text in ")]}":
            depth -= 1
        elif depth == 0 and t.kind == "id" and t.text == name and i + 1 < len(toks) and toks[i + 1].text == "(":
            close = _matching(toks, i + 1)
            body = close + 1
            if body < len(toks) and toks[body].kind == "id" and toks[body].text not in _AFTER_DECLARATOR:
                # a K&R definition: parameter declarations, then the body
                while body < len(toks) and toks[body].text != "{":
                    body = _matching(toks, body) + 1 if toks[body].text in ("(", "[") else body + 1
            if body < len(toks) and toks[body].text == "{":
                spec = i
                while spec > 0 and toks[spec - 1].text not in (";", "}", "{"):
                    spec -= 1
                return _Definition(spec, i, i + 1, close, body)
    return None


def _param_groups(toks: list[_Tok]) -> list[list[_Tok]]:
    """The parameter declarations of a parameter list ``( ... )``, split at top-level commas."""
    groups: list[list[_Tok]] = [[]]
    depth = 0
    for t in toks[1:-1]:
        if t.kind == "punct" and t.text in "([{":
            depth += 1
        elif t.kind == "punct" and t.text in ")]}":
            depth -= 1
        elif depth == 0 and t.text == ",":
            groups.append([])
            continue
        groups[-1].append(t)
    if groups == [[]] or [t.text for t in groups[0]] == ["void"]:
        return []
    return groups


_INLINE = {"inline", "__inline", "__inline__"}
_MAIN_TOP = "__hls_main_top"  # what main is called when it is the top
_AFTER_DECLARATOR = {"__attribute__", "__attribute", "asm", "__asm", "__asm__"}  # in a prototype
_CXX_SUFFIXES = {".cc", ".cpp", ".cxx", ".c++", ".C"}


def _rewrite_unit(text: str, iface: FunctionInterface, file: Path, unit: int, trampoline: bool, c_name: str = "") -> str | None:
    """A preprocessed translation unit with F's definition split in two, or None when the unit
    does not define F.

    ``SPEC F(PARAMS) { BODY }`` becomes ``SPEC F(PARAMS) { call __hls_cosim_F } SPEC
    __hls_ref_F(PARAMS) { BODY }``: F keeps its name, type, storage class and place, so every
    prototype of it (in headers, in the file, in the testbench) and every caller (main before or
    after it, a static top called from the same file, other files) stay as they are and reach the
    harness, which runs the RTL and the original C function, ``__hls_ref_F``. With ``trampoline``,
    ``__hls_ref_entry_F`` (arrays as ``void *``) makes the original callable from the harness
    even when F is static.
    """
    toks = _tokens(text)
    d = _find_definition(toks, c_name or iface.name)  # (main as the top: renamed)
    if d is None:
        return None
    groups = _param_groups(toks[d.lparen : d.rparen + 1])
    # the C function's own parameters: the arguments (a struct pointer's members grouped), not
    # the file-scope variables
    names = list(dict.fromkeys(_c_name(p) for p in iface.params if not (isinstance(p, ArrayArg) and p.global_name)))
    if len(groups) != len(names) or any(n not in {t.text for t in g if t.kind == "id"} for n, g in zip(names, groups, strict=True)):
        found = ", ".join(" ".join(t.text for t in g) for g in groups)
        raise HlsError(SourceLoc(str(file), 0, 0), f"cosim: the parameters of {iface.name} ({found}) are not the synthesized ones ({', '.join(names)})")
    top, ret = iface.name, _c_scalar(iface.return_type) if iface.return_type else "void"
    ref = f"__hls_ref_{top}" if trampoline else f"__hls_ref{unit}_{top}"
    spec = " ".join(t.text for t in toks[d.spec : d.name] if t.text not in _INLINE)
    params = text[toks[d.lparen].start : toks[d.body].start]  # (as written: '1 << 3' stays one operator)
    members = [(k, p) for k, p in enumerate(iface.params) if isinstance(p, ArrayArg) and p.struct_param]
    # a file-scope variable's port gets the variable itself (the C function uses it directly); a
    # struct's member, a buffer the members of the structs are packed into and unpacked from
    args = ", ".join(
        (f"(void *)__hls_m{k}" if p.struct_param else f"(void *)&({p.global_name})" if p.global_name else f"(void *)({p.name})")
        if isinstance(p, ArrayArg) else p.name
        for k, p in enumerate(iface.params)
    )
    buffers = "".join(f"static unsigned char __hls_m{k}[{_member_bytes(p)}]; " for k, p in members)
    pack = "".join(_member_copy(p, p.struct_param, f"__hls_m{k}", to_struct=False) for k, p in members)
    unpack = "".join(_member_copy(p, p.struct_param, f"__hls_m{k}", to_struct=True) for k, p in members if p.written)
    call = f"__hls_cosim_{top}({args})"
    if iface.return_type:
        stub = f"{{ {buffers}{pack}{ret} __hls_r = {call}; {unpack}return __hls_r; }}"
    else:
        stub = f"{{ {buffers}{pack}{call}; {unpack}}}"
    body = toks[d.body].start
    out = [
        f"{ret} __hls_cosim_{top}({_c_params(iface)});\n",
        text[:body],
        f"{stub} {spec} {ref}{params} ",
        text[body:],
    ]
    if trampoline:
        # the original function called with the harness's arrays; a struct pointer parameter gets
        # structs of its own type, the members unpacked from the harness's arrays and packed back
        structs = {n: g for n, g in zip(names, groups, strict=True) if any(p.struct_param == n for _, p in members)}
        # (a struct passed by value, its members' paths starting with '.': one struct of its type)
        shapes = {
            n: next(() if p.member.startswith(".") else p.dims[: _own_dims(p.member)] or (1,) for _, p in members if p.struct_param == n) for n in structs
        }
        storage = "".join(f"static {_pointee_type(g, n)} __hls_s_{n}{''.join(f'[{d}]' for d in shapes[n])}; " for n, g in structs.items())
        # (a file-scope array of structs: the program's own variable, which the function uses)
        into = "".join(_member_copy(p, p.struct_param if p.global_name else f"__hls_s_{p.struct_param}", f"hls_a{k}", to_struct=True) for k, p in members)
        back = "".join(_member_copy(p, p.struct_param if p.global_name else f"__hls_s_{p.struct_param}", f"hls_a{k}", to_struct=False) for k, p in members)
        firsts = {n: next(k for k, p in enumerate(iface.params) if _c_name(p) == n) for n in names}
        call = f"{ref}({', '.join(f'__hls_s_{n}' if n in structs else f'hls_a{firsts[n]}' for n in names)})"
        entry = f"{ret} __hls_ref_entry_{top}({_c_params(iface, 'hls_a')})"
        out.append(_EXIT_CATCHER)
        # exit(status) in the function ends the call, which returns status (as the RTL's top does)
        catch = "if (__builtin_setjmp(__hls_exit_buf) == 0) { __hls_exit_armed = 1; "
        if iface.return_type:
            caught = f"}} else __hls_r = ({ret})__hls_exit_status; __hls_exit_armed = 0; "
            out.append(f"\n{entry} {{ {storage}{into}{ret} __hls_r; {catch}__hls_r = {call}; {caught}{back}return __hls_r; }}\n")
        else:
            out.append(f"\n{entry} {{ {storage}{into}{catch}{call}; }} __hls_exit_armed = 0; {back}}}\n")
        for p in iface.params:
            if isinstance(p, ArrayArg) and p.global_name and not p.struct_param:  # (the random main's way to the variable)
                out.append(f"void *__hls_global_{top}_{p.name}(void) {{ return (void *)&({p.global_name}); }}\n")
    return "".join(out)


# The unit of the original function is preprocessed with exit renamed (_EXIT_RENAMES): a call of
# the function that exits comes back to the harness with the status (the unit is already
# preprocessed, hence gcc's setjmp builtins rather than <setjmp.h>); outside such a call (the
# testbench's own main), it is the C library's exit.
_EXIT_RENAMES = ["-Dexit=__hls_exit", "-D_Exit=__hls_exit"]
_EXIT_CATCHER = """
static void *__hls_exit_buf[5];
static int __hls_exit_status, __hls_exit_armed;
void __hls_exit(int status) {
  extern void exit(int) __attribute__((noreturn));
  if (!__hls_exit_armed) exit(status);
  __hls_exit_status = status;
  __builtin_longjmp(__hls_exit_buf, 1);
}
"""


def _c_name(p: ArrayArg | ScalarArg) -> str:
    """The C parameter an interface parameter comes from (a struct's, for its members)."""
    return p.struct_param or p.name if isinstance(p, ArrayArg) else p.name


def _own_dims(member: str) -> int:
    """How many of a member path's subscripts are the struct parameter's own (its leading ``[]``)."""
    return (len(member) - len(member.lstrip("[]"))) // 2 if member.startswith("[]") else 0


def _member_access(p: ArrayArg, base: str, index: list[str]) -> str:
    """The C lvalue of one struct's member ``p`` (a scalar or an array member) at the subscripts
    ``index`` over the arrays of structs on its path."""
    parts = p.member.split("[]")
    out = f"({base})"
    for k, part in enumerate(parts[:-1]):
        out += f"{part}[{index[k]}]"
    return out + parts[-1]


def _member_bytes(p: ArrayArg) -> str:
    """The bytes of member ``p`` of every struct, as a C constant expression."""
    count = math.prod(p.dims[: p.member.count("[]")])
    return f"sizeof({_member_access(p, p.struct_param, ['0'] * p.member.count('[]'))}) * {count}"


def _member_copy(p: ArrayArg, base: str, buffer: str, to_struct: bool) -> str:
    """C statements copying member ``p`` of the structs at ``base`` from (``to_struct``) or to the
    packed ``buffer``, struct after struct in C order (its elements, row-major, as the harness's
    array of the member holds them)."""
    loops = p.member.count("[]")
    index = [f"__hls_i{k}" for k in range(loops)]
    access = _member_access(p, base, index)
    at = f"(unsigned char *){buffer} + __hls_n"
    dst, src = (f"(void *)&({access})", at) if to_struct else (at, f"(const void *)&({access})")
    copy = f"__builtin_memcpy({dst}, {src}, sizeof({access}))"
    body = f"{copy}; __hls_n += sizeof({access});"
    for k in reversed(range(loops)):
        body = f"for (unsigned long {index[k]} = 0; {index[k]} < {p.dims[k]}ul; {index[k]}++) {{ {body} }}"
    return f"{{ unsigned long __hls_n = 0; {body} }} "


def _pointee_type(group: list[_Tok], name: str) -> str:
    """The struct type a parameter declaration (``const T *p``, ``struct s p[4]``) points to,
    without qualifiers, for storage of that type."""
    out: list[str] = []
    for t in group:
        if t.text == name:
            break
        if t.text not in ("*", "const", "volatile", "restrict", "__restrict", "__restrict__", "register"):
            out.append(t.text)
    return " ".join(out)


def _run(cmd: list[str], cwd: Path, what: str, loc: SourceLoc) -> None:
    env = dict(os.environ)
    if shutil.which("ccache"):
        # Verilator's make compiles through ccache: its runtime library, the same for every
        # design, is compiled once instead of on every cosim
        env.setdefault("OBJCACHE", "ccache")
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-15:])
        raise HlsError(loc, f"cosim: {what} failed:\n{tail}")


def _compile_units(iface: FunctionInterface, kernel: Path, tbs: list[Path], cflags: list[str], build: Path) -> list[Path]:
    """Compiles the testbench files and the kernel file: each is preprocessed, and the one that
    defines F gets the harness in F's place (``_rewrite_unit``).

    The kernel file is compiled with its ``main`` renamed unless it is a testbench itself, and not
    at all when a testbench defines F already (it #includes the kernel's source)."""

    def preprocess(path: Path, flags: list[str]) -> str:
        proc = subprocess.run(["gcc", "-E", *cflags, *flags, str(path)], cwd=build, capture_output=True, text=True)
        if proc.returncode != 0:
            tail = "\n".join(proc.stderr.strip().splitlines()[-15:])
            raise HlsError(SourceLoc(str(path), 0, 0), f"cosim: preprocessing {path.name} failed:\n{tail}")
        return proc.stdout

    units = [tb for k, tb in enumerate(tbs) if tb not in tbs[:k]]
    if iface.name == "main":
        # main as the top (CHStone's way: the program checks itself): the harness's main calls
        # it, renamed, as a function of no arguments
        if units:
            raise HlsError(SourceLoc(str(kernel), 0, 0), "cosim of 'main' as the top takes no --tb: the random testbench calls it")
        text = preprocess(kernel, [f"-Dmain={_MAIN_TOP}", *_EXIT_RENAMES])
        source = build / f"unit0_{kernel.stem}.i"
        rewritten = _rewrite_unit(text, iface, kernel, 0, trampoline=True, c_name=_MAIN_TOP)
        if rewritten is None:
            raise HlsError(SourceLoc(str(kernel), 0, 0), f"cosim: no definition of 'main' in {kernel.name} (after preprocessing)")
        source.write_text(rewritten)
        _run(["gcc", *cflags, "-c", str(source), "-o", str(source.with_suffix(".o"))], build, f"compiling {kernel.name}", SourceLoc(str(kernel), 0, 0))
        return [source.with_suffix(".o")]
    texts = [preprocess(tb, []) for tb in units]
    defines = [_find_definition(_tokens(text), iface.name) is not None for text in texts]
    # the original C function is called through the kernel file, or the testbench that includes it
    if kernel in units or any(defines):
        ref_unit = units.index(kernel) if kernel in units else defines.index(True)
        texts[ref_unit] = preprocess(units[ref_unit], _EXIT_RENAMES)
    else:
        units.insert(0, kernel)
        texts.insert(0, preprocess(kernel, ["-Dmain=__hls_unused_main", *_EXIT_RENAMES]))
        ref_unit = 0
    objects: list[Path] = []
    for k, (path, text) in enumerate(zip(units, texts, strict=True)):
        loc = SourceLoc(str(path), 0, 0)
        rewritten = _rewrite_unit(text, iface, path, k, trampoline=k == ref_unit)
        cxx = path.suffix in _CXX_SUFFIXES
        if k == ref_unit and rewritten is None:
            raise HlsError(loc, f"cosim: no definition of '{iface.name}' in {path.name} (after preprocessing)")
        if cxx and rewritten is not None:
            raise HlsError(loc, f"cosim: the C++ file {path.name} defines '{iface.name}'; give cosim a C file that defines it")
        source = build / f"unit{k}_{path.stem}{'.ii' if cxx else '.i'}"
        source.write_text(text if rewritten is None else rewritten)
        obj = source.with_suffix(".o")
        _run(["gcc", *cflags, "-c", str(source), "-o", str(obj)], build, f"compiling {path.name}", loc)
        objects.append(obj)
    return objects


def run_cosim(
    iface: FunctionInterface,
    rtl_files: list[Path],
    outdir: Path,
    *,
    tb_files: list[Path] | None,
    cpp_args: list[str],
    seed: int = 1,
    runs: int = 3,
    echo: Callable[[str], None] | None = None,
    timeout_cycles: int = 100_000_000,
    quick_build: bool = False,
) -> CosimResult:
    """Builds the harness with Verilator, runs it, and writes ``outdir/cosim.json``. With
    ``quick_build`` the model is compiled at -Og, for short runs such as fuzzing: on seidel-2d
    (MINI) 11.0 s of build and 7.3 s of simulation, against 12.4 s and 4.5 s at -O1 (and a
    simulation of 68 s at -O0, which builds only 1 s sooner)."""
    loc = SourceLoc(iface.kernel_file, 0, 0)
    for tool in ("gcc", "g++", "verilator"):
        if shutil.which(tool) is None:
            raise HlsError(loc, f"cosim needs '{tool}' (run 'make deps')")
    build = (outdir / "cosim").resolve()
    if build.exists():
        shutil.rmtree(build)
    build.mkdir(parents=True)
    model = _model(iface, tb_files is None, seed, runs, timeout_cycles)
    kernel = Path(iface.kernel_file).resolve()
    cflags = [*REFERENCE_CFLAGS, "-w", f"-I{kernel.parent}", *cpp_args]
    objects = _compile_units(iface, kernel, [tb.resolve() for tb in tb_files or []], cflags, build)
    harness = build / "harness.cpp"
    harness.write_text(_env().get_template("cosim_harness.cpp.j2").render(m=model))
    results = build / "results.json"
    opt = "-Og" if quick_build else "-O1"
    make_vars = ["VM_PARALLEL_BUILDS=0", *([f"{v}=-Og" for v in ("OPT_FAST", "OPT_SLOW", "OPT_GLOBAL")] if quick_build else [])]
    cmd = [
        "verilator", "--cc", "--exe", "--build", "-j", "2", "-O1", *VERILATOR_SAFE_OPTS, "-Wno-fatal", "-Wno-lint", "-Wno-style",
        "--x-assign", "unique", "--x-initial", "unique",
        "--top-module", iface.name, "-Mdir", str(build / "obj_dir"), "-o", "sim",
        # one translation unit (Vtop__ALL.cpp) instead of one per generated file: verilated.h is
        # parsed once, which takes about 40% off building a small design's model
        *[arg for var in make_vars for arg in ("-MAKEFLAGS", var)], "-CFLAGS", opt, "-CFLAGS", f"-DHLS_RESULTS=\\\"{results}\\\"",
        *[str(f.resolve()) for f in rtl_files], str(harness), *[str(o) for o in objects],
    ]  # fmt: skip
    _run(cmd, build, "building the Verilator model", loc)
    # the testbench runs where cosim was started, as the C program does when its user runs it:
    # data files it opens by relative names (MachSuite's input.data) are found there
    proc = subprocess.run([str(build / "obj_dir" / "sim")], cwd=Path.cwd(), capture_output=True, text=True)
    log = proc.stdout + proc.stderr
    if echo is not None:
        for line in log.splitlines():
            echo(line)
    calls: list[CosimCall] = []
    if results.exists():
        data = json.loads(results.read_text())
        calls = [CosimCall(c["cycles"], c["mismatches"]) for c in data["calls"]]
    ok = proc.returncode == 0 and bool(calls) and all(c.mismatches == 0 for c in calls)
    status = "pass" if ok else "fail"
    if not ok and echo is not None and proc.returncode != 0 and all(c.mismatches == 0 for c in calls):
        echo(f"FAIL: the testbench exited with status {proc.returncode}")
    (outdir / "cosim.json").write_text(
        json.dumps({"status": status, "calls": [{"cycles": c.cycles, "mismatches": c.mismatches} for c in calls]}, indent=2, sort_keys=True) + "\n"
    )
    return CosimResult(status, calls, log)
