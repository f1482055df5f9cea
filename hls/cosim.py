"""C/RTL co-simulation with Verilator.

Every call of the top function F made by the testbench runs both the original C function
(compiled by gcc -O0 -ffp-contract=off) and the RTL (a generated C++ harness drives ap_ctrl_hs
and models each ap_memory port: read latency 1, read-first), compares every array element and the
return value bit-exactly, and hands the RTL's results back to the caller.

Cycle count of a call: the number of rising clock edges from the one that sampled ``ap_start``
while the block was idle up to the cycle in which ``ap_done`` is high (Vitis's "latency").
"""

from __future__ import annotations

import json
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
class _HarnessArray:
    name: str
    ctype: str
    vtype: str  # an unsigned integer type holding the element's bits
    is_float: bool
    width: int
    signed: bool
    dims: tuple[int, ...]
    depth: int
    ports: tuple[tuple[int, bool, bool], ...]  # (port, read, write)


@dataclass(frozen=True)
class _HarnessScalar:
    name: str
    ctype: str
    is_float: bool
    width: int
    signed: bool
    random_expr: str  # a C++ expression drawing a value in the argument's range


@dataclass(frozen=True)
class _HarnessModel:
    top: str
    ret_ctype: str | None
    ret_bits_type: str | None
    ret_is_float: bool
    ret_width: int
    params_decl: str
    arrays: tuple[_HarnessArray, ...]
    scalars: tuple[_HarnessScalar, ...]
    call_args: str
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


def _model(iface: FunctionInterface, random_main: bool, seed: int, runs: int, timeout: int) -> _HarnessModel:
    arrays: list[_HarnessArray] = []
    scalars: list[_HarnessScalar] = []
    decls: list[str] = []
    order: list[tuple[str, str]] = []
    for p in iface.params:
        if isinstance(p, ArrayArg):
            ct = _ctype(p.elem)
            ports = tuple((k, u.read, u.write) for k, u in enumerate(p.ports))
            is_float = isinstance(p.elem, FloatType)
            arrays.append(_HarnessArray(p.name, ct, _bits_type(p.elem.width), is_float, p.elem.width, p.elem.signed, p.dims, p.depth, ports))
            decls.append(f"{ct} *{p.name}")
            order.append(("array", p.name))
        else:
            assert isinstance(p, ScalarArg)
            lo, hi = p.value_range if p.value_range else ((p.type.min, p.type.max) if isinstance(p.type, IntType) else (0, 0))
            if isinstance(p.type, FloatType):
                expr = f"({_ctype(p.type)})hls_random_real()"
            elif hi - lo + 1 >= 1 << 63:
                expr = f"({_ctype(p.type)})hls_next_random()"
            else:
                expr = f"({_ctype(p.type)})((int64_t)({lo}LL) + (int64_t)(hls_next_random() % {hi - lo + 1}ULL))"
            scalars.append(_HarnessScalar(p.name, _ctype(p.type), isinstance(p.type, FloatType), p.type.width, p.type.signed, expr))
            decls.append(f"{_ctype(p.type)} {p.name}")
            order.append(("scalar", p.name))
    ret = iface.return_type
    return _HarnessModel(
        iface.name, _ctype(ret) if ret else None, _bits_type(ret.width) if ret else None, isinstance(ret, FloatType),
        ret.width if ret else 0, ", ".join(decls) or "void",
        tuple(arrays), tuple(scalars), ", ".join(n for _, n in order), tuple(order), random_main, seed, runs, timeout,
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


def _c_params(model: _HarnessModel) -> str:
    """F's parameters as C sees the wrapper: arrays as ``void *``, so a caller passing any array
    shape (``double (*)[N]``, PolyBench's ``*A``) and the trampoline's call convert implicitly."""
    decls = []
    for kind, name in model.order:
        if kind == "array":
            decls.append(f"void *{name}")
        else:
            decls.append(next(f"{s.ctype} {name}" for s in model.scalars if s.name == name))
    return ", ".join(decls) or "void"


def _renamed_kernel(iface: FunctionInterface, dest: Path, model: _HarnessModel) -> tuple[Path, Path]:
    """A copy of the kernel file whose F is renamed ``__hls_ref_F`` plus a callable trampoline, and
    a header (force-included) declaring the wrapper that takes F's place for every caller."""
    src = Path(iface.kernel_file)
    lines = src.read_text().splitlines(keepends=True)
    ref = f"__hls_ref_{iface.name}"
    for loc in sorted(iface.name_locations, key=lambda s: (s.line, -s.col)):
        i = loc.line - 1
        line = lines[i]
        col = loc.col - 1
        if line[col : col + len(iface.name)] != iface.name:
            m = re.search(rf"\b{re.escape(iface.name)}\b", line)
            if m is None:
                raise HlsError(loc, f"cosim: cannot find '{iface.name}' here to rename it")
            col = m.start()
        lines[i] = line[:col] + ref + line[col + len(iface.name) :]
    ret = model.ret_ctype or "void"
    params = _c_params(model)
    header = dest / "hls_wrapper.h"
    # declared before the file's first line, so storage-class specifiers on the line before F
    # (PolyBench writes 'static' alone on its own line) still apply to the renamed definition
    header.write_text(f"#include <stdint.h>\n{ret} {iface.name}({params});\n")
    body = f"return {ref}({model.call_args});" if model.ret_ctype else f"{ref}({model.call_args});"
    lines.append(f"\n{ret} __hls_ref_entry_{iface.name}({params}) {{ {body} }}\n")
    out = dest / f"ref_{src.name}"
    out.write_text("".join(lines))
    return out, header


def _run(cmd: list[str], cwd: Path, what: str, loc: SourceLoc) -> None:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-15:])
        raise HlsError(loc, f"cosim: {what} failed:\n{tail}")


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
) -> CosimResult:
    """Builds the harness with Verilator, runs it, and writes ``outdir/cosim.json``."""
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
    ref, wrapper = _renamed_kernel(iface, build, model)
    cflags = ["-O0", "-ffp-contract=off", "-std=gnu99", "-w", f"-I{kernel.parent}", *cpp_args]
    objects: list[Path] = []
    ref_flags = ["-include", str(wrapper)] + ([] if tb_files else ["-Dmain=__hls_unused_main"])
    _run(["gcc", *cflags, *ref_flags, "-c", str(ref), "-o", str(build / "ref.o")], build, f"compiling {kernel.name}", loc)
    objects.append(build / "ref.o")
    for k, tb in enumerate(tb_files or []):
        if tb.resolve() == kernel:
            continue
        obj = build / f"tb{k}.o"
        _run(["gcc", *cflags, "-c", str(tb.resolve()), "-o", str(obj)], build, f"compiling {tb}", SourceLoc(str(tb), 0, 0))
        objects.append(obj)
    harness = build / "harness.cpp"
    harness.write_text(_env().get_template("cosim_harness.cpp.j2").render(m=model))
    results = build / "results.json"
    cmd = [
        "verilator", "--cc", "--exe", "--build", "-j", "2", "-O1", "-Wno-fatal", "-Wno-lint", "-Wno-style",
        "--x-assign", "unique", "--x-initial", "unique",
        "--top-module", iface.name, "-Mdir", str(build / "obj_dir"), "-o", "sim",
        "-CFLAGS", "-O1", "-CFLAGS", f"-DHLS_RESULTS=\\\"{results}\\\"",
        *[str(f.resolve()) for f in rtl_files], str(harness), *[str(o) for o in objects],
    ]  # fmt: skip
    _run(cmd, build, "building the Verilator model", loc)
    proc = subprocess.run([str(build / "obj_dir" / "sim")], cwd=build, capture_output=True, text=True)
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
