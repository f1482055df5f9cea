"""The loop-transform pass: distribution and interchange where the dependences allow them and the
scheduler counts fewer cycles; never where a dependence would be reversed; results bit-exact."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import kernel_from_source, run_hls
from hls.ir.kernel import For, KernelFunction, print_kernel
from hls.scheduler.loop_transform import iteration_bound, transform_candidate

KERNELS = """
#define N 24
void matvec_t(double y[N], const double A[N][N], const double x[N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] = y[i] + A[i][j] * x[j];
}
void atax_like(double y[N], double tmp[N], const double A[N][N], const double x[N]) {
  for (int i = 0; i < N; i++) y[i] = 0.0;
  for (int i = 0; i < N; i++) {
    tmp[i] = 0.0;
    for (int j = 0; j < N; j++) tmp[i] = tmp[i] + A[i][j] * x[j];
    for (int j = 0; j < N; j++) y[j] = y[j] + A[i][j] * tmp[i];
  }
}
void skewed(double a[N][N]) {
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N - 1; j++)
      a[i][j] = a[i][j - 1] + a[i - 1][j + 1];
}
void cycle(double a[N], double b[N]) {
  for (int i = 1; i < N; i++) {
    a[i] = b[i - 1] + 1.0;
    b[i] = a[i] * 2.0;
  }
}
void private_scalar(const float a[N][N], float b[N]) {
  for (int i = 0; i < N; i++) {
    float s = 0.0f;
    for (int j = 0; j < N; j++) s = s + a[i][j];
    b[i] = s;
  }
}
void pinned(double y[N], const double A[N][N], const double x[N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
#pragma HLS pipeline II=1
      y[i] = y[i] + A[i][j] * x[j];
    }
}
void triangle(double y[N], const double L[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      y[i] = y[i] + L[i][j];
}
"""


def _kernel(tmp_path: Path, top: str) -> KernelFunction:
    return kernel_from_source(tmp_path, KERNELS, top)


def _loop_order(fn: KernelFunction) -> list[str]:
    return [lp.var.name for lp in fn.loops()]


def test_reduction_moves_out_of_the_innermost_loop(tmp_path: Path) -> None:
    cand = transform_candidate(_kernel(tmp_path, "matvec_t"))
    assert cand is not None
    assert _loop_order(cand) == ["j", "i"]
    assert "interchanged loops" in cand.transformations[0]
    assert "carries 0 read-after-write dependences instead of 1" in cand.transformations[0]


def test_distribution_then_interchange(tmp_path: Path) -> None:
    cand = transform_candidate(_kernel(tmp_path, "atax_like"))
    assert cand is not None
    text = print_kernel(cand)
    assert "distributed loop" in text and "into 3 loops" in text
    tops = [s for s in cand.body if isinstance(s, For)]
    assert len(tops) == 4
    # the tmp reduction runs with i innermost, the y update keeps its order
    reduction, update = tops[2], tops[3]
    assert isinstance(reduction.body[0], For) and isinstance(update.body[0], For)
    assert reduction.var.name.startswith("j") and reduction.body[0].var.name.startswith("i")
    assert update.var.name.startswith("i") and update.body[0].var.name.startswith("j")


@pytest.mark.parametrize("top", ["skewed", "cycle", "private_scalar", "pinned", "triangle"])
def test_no_illegal_or_unwanted_reordering(tmp_path: Path, top: str) -> None:
    """(1, -1) distances forbid the interchange; a recurrence between statements forbids the
    distribution; a scalar shared by the iterations of i keeps i outside (no privatisation
    yet); a pipeline pragma pins the innermost loop; j's bounds read i."""
    assert transform_candidate(_kernel(tmp_path, top)) is None


def test_iteration_bound_counts_innermost_iterations(tmp_path: Path) -> None:
    assert iteration_bound(_kernel(tmp_path, "atax_like")) == 24 + 24 * 24 * 2
    assert iteration_bound(_kernel(tmp_path, "triangle")) == 24 * 25 // 2
    assert iteration_bound(kernel_from_source(tmp_path, "void f(int n, int a[8]) { for (int i = 0; i < n; i++) a[i] = 0; }", "f")) is None


def _run(tmp_path: Path, top: str, *extra: str) -> dict[str, Any]:
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / (top + "".join(extra))
    proc = run_hls("synth", str(src), "--top", top, "-o", str(out), *extra)
    assert proc.returncode == 0, proc.stderr
    report = dict(json.loads((out / "report.json").read_text()))
    if not extra:
        proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--runs", "2", "--quick-build")
        assert proc.returncode == 0, proc.stdout + proc.stderr
    return report


@pytest.mark.parametrize("top", ["matvec_t", "atax_like"])
def test_transformed_kernels_are_faster_and_bit_exact(tmp_path: Path, top: str) -> None:
    report = _run(tmp_path, top)
    source_order = _run(tmp_path, top, "--no-transform")
    assert source_order["transformations"] == []
    assert report["transformations"][-1].startswith("applied: ")
    assert report["latency_cycles"] < source_order["latency_cycles"] / 3
    assert all(lp["achieved_ii"] == 1 for lp in report["loops"] if lp["pipelined"])
    # near the limit of one innermost iteration per cycle
    assert report["latency_cycles"] <= 1.25 * report["iteration_bound"]
