"""Determinism: the same input and options give byte-identical output files, whatever the Python
hash seed (set and dict orders) and the working directory of the run."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from conftest import HLS, TESTS

POLYBENCH = TESTS.parent / "polybench"
CASES = {
    # integer control, inlining and locals; floating point with math units; a pipelined stencil
    # with line buffers; a triangular nest with argument bounds (PolyBench way, from the arguments)
    "helper_call": (TESTS / "kernels" / "helper_call.c", "helper_call", []),
    "fp_libm": (TESTS / "kernels" / "fp_libm.c", "fp_libm", []),
    "jacobi-2d": (POLYBENCH / "kernels" / "jacobi-2d.c", "kernel_jacobi_2d", ["-I", str(POLYBENCH / "utilities"), "-DMINI_DATASET", "-DPOLYBENCH_USE_SCALAR_LB"]),
    "trmm": (POLYBENCH / "kernels" / "trmm.c", "kernel_trmm", ["-I", str(POLYBENCH / "utilities"), "-DMINI_DATASET"]),
}


def _compile(src: Path, top: str, extra: list[str], out: Path, hash_seed: str, cwd: Path) -> dict[str, bytes]:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    proc = subprocess.run([HLS, str(src), "--top", top, "-o", str(out), *extra], capture_output=True, text=True, env=env, cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    return {str(f.relative_to(out)): f.read_bytes() for f in sorted(out.rglob("*")) if f.is_file()}


@pytest.mark.parametrize("name", sorted(CASES))
def test_output_files_are_byte_identical(tmp_path: Path, name: str) -> None:
    src, top, extra = CASES[name]
    (tmp_path / "elsewhere").mkdir()
    first = _compile(src, top, extra, tmp_path / "a", "1", tmp_path)
    second = _compile(src, top, extra, tmp_path / "b", "4242", tmp_path / "elsewhere")
    assert sorted(first) == sorted(second)
    assert any(f.startswith("rtl/") for f in first) and "report.json" in first and f"{top}.hir" in first
    for f in first:
        # interface.json names the kernel file, which is the same absolute path in both runs
        assert first[f] == second[f], f"{f} differs between two runs"
