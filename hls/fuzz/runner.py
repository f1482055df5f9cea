"""The batch runner: ``python -m hls.fuzz --n N --seed S [--jobs J] [--out DIR] [--reduce]``.

Each kernel (seed, index) is generated, checked UB-free under gcc's sanitizers, synthesized and
co-simulated; findings are saved under OUT/failures/<seed>-<index>/ (kernel with testbench, the
commands, the log) and optionally reduced with C-Vise; OUT/summary.json counts every class."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from hls.fuzz.features import FEATURES, KNOWN_BUG_FEATURES, FeatureMix
from hls.fuzz.flow import CLASSES, FINDINGS, Outcome, run_flow
from hls.fuzz.generator import generate_kernel
from hls.fuzz.reduce import reduce_finding
from hls.fuzz.testbench import program_text
from hls.fuzz.ubcheck import check_program


@dataclass
class KernelResult:
    """What happened to one generated kernel."""

    seed: int
    index: int
    status: str
    signature: str = ""
    known: str = ""
    hls_args: list[str] = field(default_factory=list)
    seconds: float = 0.0
    features: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{self.seed}-{self.index}"


def generate_program(seed: int, index: int, mix: FeatureMix) -> tuple[str, list[str], list[str]]:
    """The C file (kernel + testbench), hls options and features used of (seed, index)."""
    kernel = generate_kernel(seed, index, mix)
    return program_text(kernel, specials="special_floats" in mix), kernel.hls_args, sorted(kernel.used)


def _save(dest: Path, src: Path, outcome: Outcome, result: KernelResult) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy(src, dest / "kernel.c")
    (dest / "log.txt").write_text(outcome.log)
    script = ["#!/bin/sh", "# reproduces the finding from this folder", "set -x"]
    script += [cmd.replace(str(src), "kernel.c").replace(str(src.parent / "hls_o"), "hls_o") for cmd in outcome.commands]
    (dest / "command.sh").write_text("\n".join(script) + "\n")
    (dest / "command.sh").chmod(0o755)
    (dest / "info.json").write_text(json.dumps(asdict(result), indent=2) + "\n")


def run_one(seed: int, index: int, mix: FeatureMix, out: Path, timeout: int, keep: bool = False, synth_only: bool = False) -> KernelResult:
    """Generates, checks, synthesizes and co-simulates kernel (seed, index) (no cosim with
    ``synth_only``: finds internal errors, rejections and generator UB about ten times faster)."""
    start = time.monotonic()
    text, hls_args, features = generate_program(seed, index, mix)
    work = out / "work" / f"{seed}-{index}"
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    src = work / "kernel.c"
    src.write_text(text)
    result = KernelResult(seed, index, "pass", hls_args=hls_args, features=features)
    verdict = check_program(src, work / "ub")
    if not verdict.clean:
        result.status, result.signature = "generator_ub", verdict.stage
        outcome = Outcome("generator_ub", verdict.stage, f"{verdict.stage}:\n{verdict.detail}\n")
        result.seconds = round(time.monotonic() - start, 2)
        _save(out / "generator_ub" / result.name, src, outcome, result)
    else:
        outcome = run_flow(src, work / "hls_o", hls_args, timeout, stop_after_synth=synth_only)
        result.status, result.signature, result.known = outcome.status, outcome.signature, outcome.known
        result.seconds = round(time.monotonic() - start, 2)
        if outcome.status != "pass":
            _save(out / "failures" / result.name, src, outcome, result)
    if not keep:
        shutil.rmtree(work, ignore_errors=True)
    return result


def summarize(results: list[KernelResult], seed: int, mix: FeatureMix, seconds: float) -> dict[str, object]:
    """Counts per class and the distinct finding signatures with the kernels that hit them."""
    counts = {c: sum(1 for r in results if r.status == c) for c in CLASSES}
    distinct: dict[str, dict[str, object]] = {}
    for r in results:
        if r.status == "pass":
            continue
        key = f"{r.status}: {r.signature}"
        entry = distinct.setdefault(key, {"status": r.status, "signature": r.signature, "known": r.known, "kernels": []})
        entry["kernels"].append(r.name)  # type: ignore[attr-defined]
    return {
        "seed": seed,
        "kernels": len(results),
        "counts": counts,
        "findings": sum(counts[c] for c in FINDINGS),
        "distinct": list(distinct.values()),
        "features_disabled": sorted(set(FEATURES) - mix.enabled),
        "seconds": round(seconds, 1),
        "results": [asdict(r) for r in results],
    }


def run_batch(
    n: int, seed: int, mix: FeatureMix, out: Path, jobs: int, timeout: int, start: int = 0, log: bool = True, synth_only: bool = False
) -> dict[str, object]:
    """Runs kernels start .. start+n-1 of ``seed`` with ``jobs`` in parallel; writes summary.json."""
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    results: list[KernelResult] = []

    def one(index: int) -> KernelResult:
        r = run_one(seed, index, mix, out, timeout, synth_only=synth_only)
        if log:
            tag = f" [{r.signature}]" if r.signature else ""
            print(f"fuzz {r.name}: {r.status}{tag} ({r.seconds:.1f} s)", flush=True)
        return r

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(one, range(start, start + n)))
    shutil.rmtree(out / "work", ignore_errors=True)
    summary = summarize(results, seed, mix, time.monotonic() - t0)
    summary["synth_only"] = synth_only
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    return summary


def print_summary(summary: dict[str, object], out: Path) -> None:
    counts: dict[str, int] = summary["counts"]  # type: ignore[assignment]
    print(f"fuzz: {summary['kernels']} kernels, seed {summary['seed']}, {summary['seconds']} s")
    print("  " + ", ".join(f"{c} {counts[c]}" for c in CLASSES))
    for entry in summary["distinct"]:  # type: ignore[attr-defined]
        known = f" (known: {entry['known']})" if entry["known"] else ""
        kernels = entry["kernels"]
        print(f"  {entry['status']}: {entry['signature']}{known}: {len(kernels)} x, e.g. {out}/failures/{kernels[0]}")
    print(f"  summary: {out}/summary.json")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hls.fuzz", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=20, help="number of kernels (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the batch (default 1)")
    parser.add_argument("--start", type=int, default=0, help="first kernel index (default 0)")
    parser.add_argument("--jobs", type=int, default=2, help="kernels in parallel (default 2)")
    parser.add_argument("--out", type=Path, default=Path("fuzz_out"), help="output folder (default fuzz_out)")
    parser.add_argument("--reduce", action=argparse.BooleanOptionalAction, default=False, help="reduce one kernel per distinct finding with C-Vise")
    parser.add_argument("--reduce-budget", type=int, default=1800, help="seconds per reduction (default 1800)")
    parser.add_argument("--timeout", type=int, default=300, help="seconds per hls command (default 300)")
    parser.add_argument("--enable", default="", help="comma list of features to enable (e.g. the known-bug ones)")
    parser.add_argument("--disable", default="", help="comma list of features to disable")
    parser.add_argument("--all-features", action="store_true", help=f"enable every feature, also the known-bug ones ({', '.join(sorted(KNOWN_BUG_FEATURES))})")
    parser.add_argument("--synth-only", action="store_true", help="stop after synthesis (no cosim): internal errors and rejections only, much faster")
    parser.add_argument("--hls", default="", help="hls command to test (default: this environment's hls; sets HLS_FUZZ_HLS)")
    parser.add_argument("--list-features", action="store_true", help="print the feature switches and exit")
    parser.add_argument("--fail-on-findings", action="store_true", help="exit 1 when any finding or generator UB occurred")
    args = parser.parse_args(argv)
    if args.list_features:
        for name, what in FEATURES.items():
            default = "off" if name in KNOWN_BUG_FEATURES else "on"
            print(f"{name:22} {default:3}  {what}")
        return 0
    if args.hls:
        os.environ["HLS_FUZZ_HLS"] = args.hls  # also seen by the reducer's interestingness test
    try:
        mix = FeatureMix.from_options(args.enable, args.disable, args.all_features)
    except ValueError as err:
        print(f"python -m hls.fuzz: {err}", file=sys.stderr)
        return 2
    summary = run_batch(args.n, args.seed, mix, args.out, args.jobs, args.timeout, args.start, synth_only=args.synth_only)
    print_summary(summary, args.out)
    if args.reduce:
        for entry in summary["distinct"]:  # type: ignore[attr-defined]
            if entry["status"] == "generator_ub":
                continue
            name = entry["kernels"][0]
            finding = args.out / "failures" / name
            info = json.loads((finding / "info.json").read_text())
            print(f"fuzz: reducing {name} ({entry['status']}: {entry['signature']})", flush=True)
            reduced = reduce_finding(finding, entry["status"], entry["signature"], info["hls_args"], args.jobs, args.reduce_budget, args.timeout)
            if reduced is not None:
                print(f"fuzz: {reduced} ({len(reduced.read_text().splitlines())} lines)")
    counts: dict[str, int] = summary["counts"]  # type: ignore[assignment]
    if args.fail_on_findings and (summary["findings"] or counts["generator_ub"]):
        return 1
    return 0
