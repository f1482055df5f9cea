"""PolyBench at MINI: every kernel that passed before must still pass cosim (polybench/expected_pass.txt);
the others must fail with their located diagnostic, never with wrong hardware."""

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
KNOWN_GAPS = {"deriche": "error: call to 'expf'"}


def test_every_kernel_is_either_expected_to_pass_or_a_known_gap() -> None:
    assert len(KERNELS) == 30
    assert set(KERNELS) == EXPECTED | set(KNOWN_GAPS)


@pytest.mark.parametrize("kernel", KERNELS)
def test_polybench_mini(kernel: str) -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "run.py"), kernel, "--dataset", "MINI", "--hls", HLS], capture_output=True, text=True)
    result = json.loads((ROOT / "out" / "MINI" / f"{kernel}.json").read_text())
    if kernel in EXPECTED:
        assert result["status"] == "pass", proc.stdout + proc.stderr
        assert result["cosim_cycles"] and result["cosim_cycles"][0] > 0
        if result["report_latency"] is not None:
            assert result["cosim_cycles"][0] == result["report_latency"]
    else:
        assert result["status"] == "fail"
        assert KNOWN_GAPS[kernel] in result["diagnostic"]
