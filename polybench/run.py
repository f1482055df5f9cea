#!/usr/bin/env python3
"""Synthesize and co-simulate one PolyBench kernel; write out/<TAG>/<DATASET>/<kernel>.json.

Usage: python3 polybench/run.py KERNEL [--dataset MINI|SMALL] [--root DIR] [--hls PATH] [--target T] [--impl]

Runs what a user runs on a PolyBench file, e.g. for gemm:
    hls gemm.c --top kernel_gemm -I utilities -DMINI_DATASET -DPOLYBENCH_USE_SCALAR_LB
    hls cosim gemm.c --top kernel_gemm -I utilities -DMINI_DATASET -DPOLYBENCH_USE_SCALAR_LB \
        --tb gemm.c --tb utilities/polybench.c
with the kernel from our tree (polybench/kernels/KERNEL.c, default) or from the PolyBench/C 4.2.1
tree at --root (DIR/**/KERNEL/KERNEL.c, with DIR/utilities). Measures the compiler's wall time and
peak memory (the hls process alone), reads the report and cosim.json, and records the first
diagnostic when something fails. Prints one progress line. With ``--impl`` (``make impl``), a
kernel that passes cosim is then placed and routed by ``hls impl`` (the open ECP5 flow) and its
Fmax and resources are recorded too.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run_measured(cmd: list[str]) -> tuple[int, str, float, int]:
    """(exit status, stdout+stderr, seconds, peak RSS in KiB) of one command."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = proc.stdout.read() if proc.stdout else ""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, out, time.perf_counter() - start, int(usage.ru_maxrss)


def first_diagnostic(text: str) -> str:
    for line in text.splitlines():
        if ": error: " in line or "internal error" in line or line.startswith(("FAIL", "  mismatch")):
            return line.strip()
    return text.strip().splitlines()[-1] if text.strip() else "failed"


def kernel_source(kernel: str, root: Path | None) -> tuple[Path, Path]:
    """(the kernel's C file, the utilities folder) in our tree or in a PolyBench tree at ``root``."""
    if root is None:
        return HERE / "kernels" / f"{kernel}.c", HERE / "utilities"
    found = sorted(root.glob(f"**/{kernel}/{kernel}.c"))
    if not found:
        raise SystemExit(f"run.py: no {kernel}/{kernel}.c under {root}")
    return found[0], root / "utilities"


def implement(hls: str, src: Path, top: str, out: Path, args: list[str], result: dict[str, object]) -> None:
    """``hls impl`` on the cosim-checked RTL in ``out`` (``args``: its other options, such as
    include paths, defines or ``--seed``); its figures (or first diagnostic) into ``result``."""
    rc, text, seconds, _ = run_measured([hls, "impl", str(src), "--top", top, "-o", str(out), *args])
    result["impl_seconds"] = round(seconds, 1)
    report = json.loads((out / "report.json").read_text())
    impl = report.get("implementation")
    if rc != 0 or impl is None:
        result["status"] = "impl fail"
        result["diagnostic"] = first_diagnostic(text)
        return
    e, x = impl["ecp5"], impl["xc7"]
    result.update(
        fmax_mhz=e["fmax_mhz"], target_mhz=e["target_mhz"], met=e["met"],
        ecp5_lut=e["lut"], ecp5_ff=e["ff"], ecp5_dsp=e["dsp"], ecp5_bram=e["bram"],
        xc7_lut=x["lut"], xc7_ff=x["ff"], xc7_dsp=x["dsp"], xc7_bram_18k=x["bram_18k"],
        placer=impl.get("placer"), placements=impl.get("placements"),
    )  # fmt: skip


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("kernel")
    ap.add_argument("--dataset", default="MINI", choices=["MINI", "SMALL"])
    ap.add_argument("--root", type=Path, help="a PolyBench/C 4.2.1 source tree (default: our kernels)")
    ap.add_argument("--tag", default="ours", help="results go to out/TAG/DATASET (default: ours)")
    ap.add_argument("--hls", default=str(Path(sysconfig.get_path("scripts")) / "hls"))
    ap.add_argument("--target", default="default", help="the target of synthesis (hls --target)")
    ap.add_argument("--impl", action="store_true", help="after cosim passes, run hls impl and record its results")
    ap.add_argument("--budgets", type=Path, help="explore within each kernel's DSP budget: a file of 'kernel dsp' lines (hls --max-dsp)")
    args = ap.parse_args()
    src, utilities = kernel_source(args.kernel, args.root.resolve() if args.root else None)
    top = "kernel_" + args.kernel.replace("-", "_")
    out = HERE / "out" / args.tag / args.dataset / args.kernel
    if out.exists():
        shutil.rmtree(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    defines = ["-I", str(utilities), "-I", str(src.parent), f"-D{args.dataset}_DATASET", "-DPOLYBENCH_USE_SCALAR_LB"]
    tbs = ["--tb", str(src), "--tb", str(utilities / "polybench.c")]
    result: dict[str, object] = {"kernel": args.kernel, "top": top, "dataset": args.dataset, "status": "fail"}
    target = [] if args.target == "default" else ["--target", args.target]
    if args.budgets is not None:
        budgets = dict(line.split()[:2] for line in args.budgets.read_text().splitlines() if line.strip() and not line.startswith("#"))
        if args.kernel not in budgets:
            raise SystemExit(f"run.py: no DSP budget for {args.kernel} in {args.budgets}")
        result["dsp_budget"] = int(budgets[args.kernel])
        target += ["--max-dsp", budgets[args.kernel]]
    rc, text, seconds, peak = run_measured([args.hls, str(src), "--top", top, "-o", str(out), *target, *defines])
    result.update(compile_seconds=round(seconds, 2), compile_peak_mib=round(peak / 1024, 1))
    if rc != 0:
        result["diagnostic"] = first_diagnostic(text)
    else:
        report = json.loads((out / "report.json").read_text())
        result["report_latency"] = report["latency_cycles"]
        result["resources"] = report.get("resources")
        if "exploration" in report:
            result["directives"] = [d["pragma"] for d in report["exploration"]["directives"]]
            result["explored"] = report["exploration"]["evaluated"]
        result["iteration_bound"] = report.get("iteration_bound")
        result["loops"] = [
            {"name": lp["name"], "pipelined": lp["pipelined"], "achieved_ii": lp["achieved_ii"], "mii": lp["mii"]}
            for lp in report["loops"]
        ]
        rc, text, _, _ = run_measured([args.hls, "cosim", str(src), "--top", top, "-o", str(out), *tbs, *defines])
        cosim_path = out / "cosim.json"
        cosim = json.loads(cosim_path.read_text()) if cosim_path.exists() else {"status": "fail", "calls": []}
        result["cosim_cycles"] = [c["cycles"] for c in cosim["calls"]]
        if rc == 0 and cosim["status"] == "pass":
            result["status"] = "pass"
        else:
            result["diagnostic"] = first_diagnostic(text)
    if args.impl and result["status"] == "pass":
        implement(args.hls, src, top, out, defines, result)
    (out.parent / f"{args.kernel}.json").write_text(json.dumps(result, indent=2, sort_keys=True) + "\n")
    cycles = result.get("cosim_cycles") or ["-"]
    if args.impl:
        fmax = result.get("fmax_mhz")
        print(f"polybench impl {args.kernel:<16} {result['status']:<4} Fmax {fmax if fmax is not None else '-'!s:>7} MHz  "
              f"LUT {result.get('ecp5_lut', '-')}  DSP {result.get('ecp5_dsp', '-')}  {result.get('impl_seconds', '-')}s"
              + (f"  {result['diagnostic']}" if result.get("diagnostic") else ""), flush=True)
        return 0 if result["status"] == "pass" else 1
    print(f"polybench {args.dataset:<5} {args.kernel:<16} {result['status']:<4} cycles {cycles[0]!s:>8}  "
          f"compile {result['compile_seconds']:>6}s {result['compile_peak_mib']:>6} MiB"
          + (f"  {result['diagnostic']}" if result.get("diagnostic") else ""), flush=True)
    return 0 if result["status"] == "pass" else 1


if __name__ == "__main__":
    sys.exit(main())
