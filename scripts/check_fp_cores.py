"""Bit-exact check of the floating-point cores (templates/lib/hls_*_core.sv) against the host's C.

Builds tests/fp_cores/tb_fp_cores.sv (every core, binary32 and binary64, side by side) with
Verilator around check_fp_cores.cpp, which feeds N random and edge-case operand sets and compares
each of the 46 operators bit for bit with reference.c compiled as cosim compiles C
(gcc -O0 -ffp-contract=off). Usage: check_fp_cores.py [--n N] [--seed SEED]; exit 1 on a mismatch.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "tests" / "fp_cores"
LIB = ROOT / "templates" / "lib"


def core_files() -> list[Path]:
    """The SystemVerilog files of the cores, in a stable order."""
    return sorted(LIB.glob("hls_*_core.sv"))


def build(workdir: Path) -> Path:
    """Compiles the bench into workdir; returns the executable."""
    reference = workdir / "reference.o"
    subprocess.run(["gcc", "-O0", "-ffp-contract=off", "-std=gnu99", "-c", str(BENCH / "reference.c"), "-o", str(reference)],
                   check=True)  # fmt: skip
    cmd = ["verilator", "--cc", "--exe", "--build", "-j", "2", "-O1", "-Wno-fatal", "-LDFLAGS", "-lm",
           "--top-module", "tb_fp_cores", str(BENCH / "tb_fp_cores.sv"), *map(str, core_files()),
           str(BENCH / "check_fp_cores.cpp"), str(reference), "-Mdir", str(workdir / "obj")]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}\n{proc.stdout[-4000:]}{proc.stderr[-4000:]}")
    return workdir / "obj" / "Vtb_fp_cores"


def check_fp_cores(n: int, seed: int, workdir: Path) -> subprocess.CompletedProcess[str]:
    """Runs n operand sets of the given seed; the process's stdout lists mismatches per operator."""
    return subprocess.run([str(build(workdir)), str(n), str(seed)], capture_output=True, text=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="operand sets per operator")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hls_fp_cores_") as tmp:
        proc = check_fp_cores(args.n, args.seed, Path(tmp))
    sys.stdout.write(proc.stdout)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
