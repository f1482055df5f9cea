"""PolyBench at MINI: every kernel that passed before must still pass cosim (polybench/expected_pass.txt),
in no more cycles than the published table (polybench/results.json, made by `make polybench`); the
others must fail with their located diagnostic, never with wrong hardware."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import HLS

ROOT = Path(__file__).resolve().parent.parent / "polybench"
KERNELS = sorted(p.stem for p in (ROOT / "kernels").glob("*.c"))
EXPECTED = set((ROOT / "expected_pass.txt").read_text().split())
# kernels that need a capability not built yet: kernel -> the diagnostic they must stop with
KNOWN_GAPS: dict[str, str] = {}
# loops whose bounds stay constants without POLYBENCH_USE_SCALAR_LB (heat-3d's time loop runs to
# TSTEPS, not _PB_TSTEPS, as in PolyBench)
STATIC_LOOPS = {"heat-3d": 1}
PUBLISHED = {k["kernel"]: k["cosim_cycles"][0] for k in json.loads((ROOT / "results.json").read_text())["kernels"] if k["cosim_cycles"]}


def test_every_kernel_is_either_expected_to_pass_or_a_known_gap() -> None:
    assert len(KERNELS) == 30
    assert set(KERNELS) == EXPECTED | set(KNOWN_GAPS)


@pytest.mark.parametrize("kernel", KERNELS)
def test_polybench_mini(kernel: str) -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "run.py"), kernel, "--dataset", "MINI", "--hls", HLS], capture_output=True, text=True)
    result = json.loads((ROOT / "out" / "ours" / "MINI" / f"{kernel}.json").read_text())
    if kernel in EXPECTED:
        assert result["status"] == "pass", proc.stdout + proc.stderr
        assert result["cosim_cycles"] and result["cosim_cycles"][0] > 0
        if result["report_latency"] is not None:
            assert result["cosim_cycles"][0] == result["report_latency"]
        # a change that costs cycles says why and regenerates the table
        assert result["cosim_cycles"][0] <= PUBLISHED[kernel], f"{kernel}: slower than polybench/results.json"
    else:
        assert result["status"] == "fail"
        assert KNOWN_GAPS[kernel] in result["diagnostic"]


@pytest.mark.parametrize("kernel", ["gemm", "seidel-2d", "heat-3d"])
def test_polybench_bounds_from_arguments(tmp_path: Path, kernel: str) -> None:
    """Without POLYBENCH_USE_SCALAR_LB the _PB_ bounds are the scalar arguments: trip counts are
    known only at run time, the report says so, and the hardware passes cosim. It takes no fewer
    cycles than with constant bounds: loop nests are flattened, and reordered by the scheduler's
    count, only when their bounds are constants."""
    src = ROOT / "kernels" / f"{kernel}.c"
    top = "kernel_" + kernel.replace("-", "_")
    tbs = ["--tb", str(src), "--tb", str(ROOT / "utilities" / "polybench.c")]
    cycles = {}
    for bounds in ("arguments", "constants"):
        out = tmp_path / bounds
        flags = ["-I", str(ROOT / "utilities"), "-DMINI_DATASET"] + (["-DPOLYBENCH_USE_SCALAR_LB"] if bounds == "constants" else [])
        proc = subprocess.run([HLS, str(src), "--top", top, "-o", str(out), *flags], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        report = json.loads((out / "report.json").read_text())
        assert (report["latency_cycles"] is None) == (bounds == "arguments")
        # a triangular loop's trip count varies (trip_count None) but its range is known with constants
        dynamic = [lp for lp in report["loops"] if lp["trip_count_max"] is None]
        assert len(dynamic) == (len(report["loops"]) - STATIC_LOOPS.get(kernel, 0) if bounds == "arguments" else 0)
        # (a short run: the model built at -Og, sooner than at -O1)
        proc = subprocess.run([HLS, "cosim", str(src), "--top", top, "-o", str(out), *tbs, *flags, "--quick-build"], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        cycles[bounds] = json.loads((out / "cosim.json").read_text())["calls"][0]["cycles"]
        if report["latency_cycles"] is not None:
            assert cycles[bounds] == report["latency_cycles"]
    assert cycles["arguments"] >= cycles["constants"]


def test_polybench_relative_include_directory(tmp_path: Path) -> None:
    """The README's command line, run from the PolyBench folder: ``-I utilities`` is relative to
    where hls runs, for synthesis and for compiling the testbench in cosim alike."""
    flags = ["-I", "utilities", "-DMINI_DATASET", "-DPOLYBENCH_USE_SCALAR_LB"]
    src = "kernels/atax.c"
    proc = subprocess.run(
        [HLS, "cosim", src, "--top", "kernel_atax", "-o", str(tmp_path / "atax"), "--tb", src, "--tb", "utilities/polybench.c", *flags],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads((tmp_path / "atax" / "cosim.json").read_text())["status"] == "pass"
