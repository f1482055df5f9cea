"""Bit-exact check of hls's C math library (frontend/libm) against the host's glibc.

Compiles each frontend/libm/<name>.c as cosim compiles C (gcc -O0 -ffp-contract=off), renames
its function lib_<name> in the object file (objcopy), and links tests/libm/check_libm.c, which
compares the two on N seeded random and edge-case arguments (with --exhaustive, every float
argument of expf). Usage: check_libm.py [--n N] [--seed SEED] [--exhaustive]; exit 1 on a
mismatch.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIBM = ROOT / "frontend" / "libm"
BENCH = ROOT / "tests" / "libm" / "check_libm.c"
FUNCTIONS = ("expf", "powf")  # the functions check_libm.c compares


def build(workdir: Path, libm: Path = LIBM) -> Path:
    """Compiles the library (the C files in ``libm``) and the bench into workdir; returns the
    executable."""
    objects = []
    for name in FUNCTIONS:
        obj = workdir / f"{name}.o"
        subprocess.run(["gcc", "-O0", "-ffp-contract=off", "-std=gnu99", "-c", str(libm / f"{name}.c"), "-o", str(obj)], check=True)
        subprocess.run(["objcopy", f"--redefine-sym={name}=lib_{name}", str(obj)], check=True)
        objects.append(str(obj))
    exe = workdir / "check_libm"
    subprocess.run(["gcc", "-O1", "-ffp-contract=off", "-std=gnu99", str(BENCH), *objects, "-o", str(exe), "-lm"], check=True)
    return exe


def check_libm(n: int, seed: int, workdir: Path, exhaustive: bool = False, libm: Path = LIBM) -> subprocess.CompletedProcess[str]:
    """Runs the comparison; the process's stdout gives the mismatches per function."""
    exe = build(workdir, libm)
    return subprocess.run([str(exe), str(n), str(seed), "1" if exhaustive else "0"], capture_output=True, text=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000_000, help="random arguments (pairs for powf)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--exhaustive", action="store_true", help="every float argument of expf")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hls_libm_") as tmp:
        proc = check_libm(args.n, args.seed, Path(tmp), args.exhaustive)
    sys.stdout.write(proc.stdout)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
