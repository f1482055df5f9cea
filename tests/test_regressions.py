"""Regressions found by users and by the fuzzer: each C file in tests/regressions/ has a ``main``
and names its top functions on a ``// hls-tops:`` line; every top must synthesize, produce
lint-clean RTL and pass cosim against gcc with that ``main`` as the testbench and with random inputs."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from conftest import TESTS, run_hls

REGRESSIONS = TESTS / "regressions"
CASES = [
    (path.stem, top)
    for path in sorted(REGRESSIONS.glob("*.c"))
    for top in re.search(r"// hls-tops:(.*)", path.read_text()).group(1).split()  # type: ignore[union-attr]
]


@pytest.mark.parametrize(("name", "top"), CASES, ids=[f"{n}-{t}" for n, t in CASES])
def test_regression_cosim(tmp_path: Path, name: str, top: str) -> None:
    src = REGRESSIONS / f"{name}.c"
    out = tmp_path / top
    proc = run_hls(str(src), "--top", top, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    files = [str(out / "rtl" / f) for f in (out / "rtl" / "filelist.f").read_text().split() if f.endswith(".sv")]
    lint = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", top, *files], capture_output=True, text=True)
    assert lint.returncode == 0, lint.stderr
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--tb", str(src))
    assert proc.returncode == 0 and "PASS" in proc.stdout, proc.stdout + proc.stderr
    # and with cosim's own seeded random inputs (edge values included)
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--runs", "3", "--seed", "1")
    assert proc.returncode == 0 and "PASS" in proc.stdout, proc.stdout + proc.stderr
