#!/usr/bin/env python3
"""Benchmark: wall time of compiling each PolyBench kernel (C to SystemVerilog, the whole
pipeline with the loop-transformation search, as ``make -C polybench`` compiles it, without the
co-simulation).

Prints seconds per kernel (the best of ``--repeat`` runs, one at a time), then the median and the
maximum. Not a test: run it by hand on an otherwise idle machine
(``python3 scripts/bench_compile.py [--repeat N] [kernel ...]``).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "polybench"


def compile_seconds(kernel: str, repeat: int) -> float:
    src = ROOT / "kernels" / f"{kernel}.c"
    best = float("inf")
    for _ in range(repeat):
        out = Path(tempfile.mkdtemp(prefix=f"bench-{kernel}-"))
        cmd = [shutil.which("hls") or "hls", str(src), "--top", f"kernel_{kernel.replace('-', '_')}", "-I", str(ROOT / "utilities"),
               "-DMINI_DATASET", "-DPOLYBENCH_USE_SCALAR_LB", "-o", str(out / "o")]  # fmt: skip
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        shutil.rmtree(out, ignore_errors=True)
        if proc.returncode != 0:
            sys.exit(f"{kernel}: {proc.stderr}")
        best = min(best, seconds)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernels", nargs="*", help="kernel names (default: all 30)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per kernel; the best counts")
    args = parser.parse_args()
    kernels = args.kernels or sorted(p.stem for p in (ROOT / "kernels").glob("*.c"))
    times = {}
    for k in kernels:
        times[k] = compile_seconds(k, args.repeat)
        print(f"{k:16} {times[k]:6.2f} s", flush=True)
    values = list(times.values())
    print(f"median {statistics.median(values):.2f} s, max {max(values):.2f} s ({max(times, key=times.__getitem__)}) over {len(values)} kernels")


if __name__ == "__main__":
    main()
