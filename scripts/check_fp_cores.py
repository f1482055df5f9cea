"""Bit-exact check of the floating-point cores (templates/lib/hls_*_core.sv) against the host's C.

Builds tests/fp_cores/tb_fp_cores.sv (every core, binary32 and binary64, side by side) with
Verilator around check_fp_cores.cpp, which feeds N random and edge-case operand sets and compares
each operator bit for bit with reference.c compiled as cosim compiles C
(gcc -O0 -ffp-contract=off): once with the pipelined cores (add/sub, mul, fma, div, sqrt)
combinational, once at the latencies of a target file (scheduler/targets/<target>.json, the
default target unless --target says otherwise), fed a new operand set every cycle.
Usage: check_fp_cores.py [--n N] [--seed SEED] [--target NAME]; exit 1 on a mismatch.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from hls.cosim import VERILATOR_SAFE_OPTS

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "tests" / "fp_cores"
LIB = ROOT / "templates" / "lib"
TARGETS = ROOT / "scheduler" / "targets"
PIPELINED = ("add", "mul", "fma", "div", "sqrt")  # cores with a LATENCY parameter (tb_fp_cores.sv)
# pipelined conversions: target operation -> the checks of check_fp_cores.cpp it covers, by the
# widest of operand and result (the target's pair: up to 32 bits, then wider)
INT_TYPES = ("i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64")
CONVERSIONS = {"fptosi": "f{f}to{t}", "fptoui": "f{f}to{t}", "sitofp": "{t}tof{f}", "uitofp": "{t}tof{f}"}
UNSIGNED_CONVERSIONS = ("fptoui", "uitofp")


def target_latencies(target: str = "default") -> dict[str, int]:
    """Operator check (add32, sub64, f64toi32, ...) -> cycles, for the pipelined cores, from a target file."""
    fp = json.loads((TARGETS / f"{target}.json").read_text())["units"]["fp"]
    names = {"add": ("add", "sub"), "mul": ("mul",), "fma": ("fma",), "div": ("div",), "sqrt": ("sqrt",)}
    found = {f"{op}{w}": fp[core][k] for core in PIPELINED for op in names[core] for k, w in enumerate((32, 64))}
    for kind, check in CONVERSIONS.items():
        for t in INT_TYPES:
            if (t[0] == "u") == (kind in UNSIGNED_CONVERSIONS):
                for f in (32, 64):
                    found[check.format(t=t, f=f)] = fp[kind][int(max(f, int(t[1:])) > 32)]
    found["fptrunc"] = fp["fptrunc"][1]
    found["fpext"] = fp["fpext"][1]
    for lane in range(8):  # products by constant powers of two, one constant per lane
        found[f"scale32_{lane}"], found[f"scale64_{lane}"] = fp["scale"]
    return found


def bench_parameters(target: str = "default") -> dict[str, int]:
    """tb_fp_cores's latency parameters (L_ADD32, L_FPTOSI_W, ...) at a target file's latencies."""
    data = json.loads((TARGETS / f"{target}.json").read_text())
    fp = data["units"]["fp"]
    params = {f"L_{op.upper()}{w}": fp[op][k] for op in PIPELINED for k, w in enumerate((32, 64))}
    for kind in CONVERSIONS:
        params[f"L_{kind.upper()}_N"], params[f"L_{kind.upper()}_W"] = fp[kind]
    params["L_FPTRUNC"] = fp["fptrunc"][1]
    params["L_FPEXT"] = fp["fpext"][1]
    params["L_SCALE32"], params["L_SCALE64"] = fp["scale"]
    # the multiplies' products on MULT18X18D primitives (their simulation model) where the target builds them so
    params["ECP5_DSP"] = int(bool(data.get("dsp_registers", False)))
    return params


def core_files() -> list[Path]:
    """The SystemVerilog files of the cores and the modules they instantiate, in a stable order."""
    return sorted(LIB.glob("hls_*_core.sv")) + [
        LIB / "hls_fp_classify.sv",
        LIB / "hls_fp_clz.sv",
        LIB / "hls_fp_pipe.sv",
        LIB / "hls_mul.sv",
        LIB / "hls_mul_dsp.sv",
        LIB / "MULT18X18D.sv",
        LIB / "hls_fp_round_prep.sv",
    ]


def build(workdir: Path, parameters: dict[str, int]) -> Path:
    """Compiles the bench (its latency parameters set as given) into workdir; returns the executable."""
    params = [f"-G{name}={cycles}" for name, cycles in parameters.items()]
    workdir.mkdir(parents=True, exist_ok=True)
    reference = workdir / "reference.o"
    subprocess.run(["gcc", "-O0", "-ffp-contract=off", "-std=gnu99", "-c", str(BENCH / "reference.c"), "-o", str(reference)],
                   check=True)  # fmt: skip
    cmd = ["verilator", "--cc", "--exe", "--build", "-j", "2", "-O1", *VERILATOR_SAFE_OPTS, "-Wno-fatal", "-LDFLAGS", "-lm",
           "--top-module", "tb_fp_cores", *params, str(BENCH / "tb_fp_cores.sv"), *map(str, core_files()),
           str(BENCH / "check_fp_cores.cpp"), str(reference), "-Mdir", str(workdir / "obj")]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}\n{proc.stdout[-4000:]}{proc.stderr[-4000:]}")
    return workdir / "obj" / "Vtb_fp_cores"


def check_fp_cores(n: int, seed: int, workdir: Path, pipelined: bool = False, target: str = "default") -> subprocess.CompletedProcess[str]:
    """Runs n operand sets of the given seed, the cores combinational or at the latencies of
    ``target``; the process's stdout lists mismatches per operator."""
    latencies = target_latencies(target) if pipelined else {}
    spec = ",".join(f"{op}={cycles}" for op, cycles in latencies.items())
    binary = build(workdir / (f"pipelined-{target}" if pipelined else "combinational"), bench_parameters(target) if pipelined else {})
    return subprocess.run([str(binary), str(n), str(seed), *([spec] if spec else [])], capture_output=True, text=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="operand sets per operator")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", default="default", help="target file whose latencies the pipelined run uses (default, ecp5)")
    args = parser.parse_args()
    status = 0
    with tempfile.TemporaryDirectory(prefix="hls_fp_cores_") as tmp:
        for pipelined in (False, True):
            proc = check_fp_cores(args.n, args.seed, Path(tmp), pipelined, args.target)
            sys.stdout.write(("pipelined " if pipelined else "combinational ") + proc.stdout)
            status = max(status, proc.returncode)
    return status


if __name__ == "__main__":
    sys.exit(main())
