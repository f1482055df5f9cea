"""The loop-transform pass: distribution and interchange where the dependences allow them and the
scheduler counts fewer cycles; never where a dependence would be reversed; results bit-exact."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import kernel_from_source, run_hls
from hls.ir.evaluate import eval_expr
from hls.ir.kernel import Assign, Binary, For, If, KernelFunction, print_kernel
from hls.scheduler.loop_transform import (
    CycleCounter,
    _peeled_for_sinking,
    expand_scalars,
    iteration_bound,
    loop_transform,
    reschedule_candidates,
    row_buffer_candidates,
    scheduled_cycles,
    sinking_candidates,
    transform_candidate,
)
from hls.scheduler.lower_to_hir import ScheduleOptions
from hls.scheduler.target import load_target

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
void triangular_gram(double c[N][N], const double d[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++) {
      c[i][j] = 0.0;
      for (int k = 0; k < N; k++) c[i][j] += d[k][i] * d[k][j];
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
void recursive_rows(double y[N][N], const double x[N][N]) {
  double ym1;
  for (int i = 0; i < N; i++) {
    ym1 = 0.0;
    for (int j = 0; j < N; j++) { y[i][j] = x[i][j] + 0.5 * ym1; ym1 = y[i][j]; }
  }
  for (int j = 0; j < N; j++) {
    ym1 = 0.0;
    for (int i = 0; i < N; i++) { y[i][j] = y[i][j] + 0.25 * ym1; ym1 = y[i][j]; }
  }
}
double live_after(const double x[N][N]) {
  double s = 1.0;
  for (int i = 0; i < N; i++) {
    s = 0.0;
    for (int j = 0; j < N; j++) s = s + x[i][j];
  }
  return s;
}
void empty_inner(int a[N][N], int b[N]) {
  for (int i = 0; i < N; i++) {
    b[i] = i;
    for (int k = i; k < N; k++) {
    }
  }
}
void wave(double a[N][N]) {
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      a[i][j] = a[i - 1][j] * 0.5 + a[i][j - 1];
}
void backward(double v[N][N], const double p[N][N]) {
  for (int i = 1; i < N - 1; i++)
    for (int j = N - 2; j >= 1; j--)
      v[j][i] = p[i][j] * v[j + 1][i] + 1.0;
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
void trisolv_like(double x[N], const double L[N][N], const double b[N]) {
  for (int i = 0; i < N; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++) x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}
void cholesky_like(double A[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++) A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (int k = 0; k < i; k++) A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = A[i][i] * 0.5 + 1.0;
  }
}
void ludcmp_like(double A[N][N], const double b[N], double y[N]) {
  double w;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++) {
      w = A[i][j];
      for (int k = 0; k < j; k++) w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (int j = i; j < N; j++) {
      w = A[i][j];
      for (int k = 0; k < i; k++) w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
  for (int i = 0; i < N; i++) {
    w = b[i];
    for (int j = 0; j < i; j++) w -= A[i][j] * y[j];
    y[i] = w;
  }
}
void symm_like(double C[16][16], const double A[16][16], const double B[16][16]) {
  double temp2;
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      temp2 = 0;
      for (int k = 0; k < i; k++) {
        C[k][j] += 1.5 * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = 1.2 * C[i][j] + 1.5 * B[i][j] * A[i][i] + 1.5 * temp2;
    }
}
void trmm_like(double B[20][30], const double A[20][20]) {
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 30; j++) {
      for (int k = i + 1; k < 20; k++) B[i][j] += A[k][i] * B[k][j];
      B[i][j] = 1.5 * B[i][j];
    }
}
void rows_all(double B[16][16]) {
  for (int i = 0; i < 16; i++)
    for (int k = 0; k < 16; k++)
      for (int j = 0; j < 16; j++) B[i][j] += 0.5 * B[k][j];
}
void rows_beyond(double B[20][30]) {
  for (int i = 0; i < 24; i++)
    for (int k = 0; k < 30; k++)
      if (i < 20) B[i][k] = B[i][k] * 0.5;
}
void jacobi_1d_like(double A[N], double B[N]) {
  for (int t = 0; t < 8; t++) {
    for (int i = 1; i < N - 1; i++) B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < N - 1; i++) A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}
void gemver_like(double A[N][N], double x[N], const double u[N], const double v[N], const double y[N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[i][j] + u[i] * v[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x[i] = x[i] + 1.5 * A[j][i] * y[j];
}
void seidel_like(double A[16][16]) {
  for (int t = 0; t < 2; t++)
    for (int i = 1; i < 15; i++)
      for (int j = 1; j < 15; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] + A[i][j + 1]
                   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}
void time_rows(double D[10][11]) {
  for (int t = 1; t < 5; t++)
    for (int i = 2; i < 10; i++)
      for (int j = 1; j < 11; j++)
        D[i][j] = D[i][j - 1] * 0.5 + D[i - 1][j] + 0.125 * t;
}
void doitgen_like(double A[5][4][12], const double C4[12][12], double sum[12]) {
  for (int r = 0; r < 5; r++)
    for (int q = 0; q < 4; q++) {
      for (int p = 0; p < 12; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < 12; s++) sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < 12; p++) A[r][q][p] = sum[p];
    }
}
void no_sinking(double y[N], double t[N], double z[N], const double A[4][N]) {
  for (int p = 0; p < N; p++) t[p] = y[p] * 2.0;
  for (int s = 0; s < 4; s++)
    for (int p = 0; p < N; p++) y[p] = y[p] + t[N - 1 - p] * A[s][p];
  for (int p = 0; p < N; p++) z[p] = y[N - 1 - p] + 1.0;
}
void sinking_ok(double y[N], double t[N], double z[N], const double A[4][N]) {
  for (int p = 0; p < N; p++) t[p] = y[p] * 2.0;
  for (int s = 0; s < 4; s++)
    for (int p = 0; p < N; p++) y[p] = y[p] + t[p] * A[s][p];
  for (int p = 0; p < N; p++) z[p] = y[p] + 1.0;
}
void symm_peel(double C[12][10], const double A[12][12], const double B[12][10]) {
  double t[10];
  for (int i = 0; i < 12; i++) {
    for (int j = 0; j < 10; j++) t[j] = 0.0;
    for (int k = 0; k < i; k++)
      for (int j = 0; j < 10; j++) {
        C[k][j] += 1.5 * B[i][j] * A[i][k];
        t[j] += B[k][j] * A[i][k];
      }
    for (int j = 0; j < 10; j++) C[i][j] = 0.5 * C[i][j] + B[i][j] * A[i][i] + 1.5 * t[j];
  }
}
"""


def _kernel(tmp_path: Path, top: str) -> KernelFunction:
    return kernel_from_source(tmp_path, KERNELS, top)


def _cycles(fn: KernelFunction) -> int | None:
    return scheduled_cycles(fn, ScheduleOptions(load_target()))


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


def test_kernels_with_too_many_dependences_are_not_searched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # (fuzz seed 230000 kernel 6: unrolled and partitioned into 129 statements with 6984
    # dependences, each candidate's analysis took a minute and the compile 3.5 minutes)
    import hls.scheduler.loop_transform as lt

    opts = ScheduleOptions(load_target())
    searched = loop_transform(_kernel(tmp_path, "matvec_t"), opts)
    assert _loop_order(searched) == ["j", "i"]
    monkeypatch.setattr(lt, "_SEARCHED_DEPENDENCES", 1)
    kept = loop_transform(_kernel(tmp_path, "matvec_t"), opts)
    assert _loop_order(kept) == ["i", "j"]
    assert len(kept.transformations) == 1 and kept.transformations[0].startswith("not searched: ")
    assert "dependences (the search takes kernels of up to 1)" in kept.transformations[0]


@pytest.mark.parametrize("top", ["cycle", "private_scalar", "pinned"])
def test_no_illegal_or_unwanted_reordering(tmp_path: Path, top: str) -> None:
    """A recurrence between statements forbids the distribution; a scalar shared by the
    iterations of i keeps i outside (no privatisation yet); a pipeline pragma pins the innermost
    loop."""
    assert transform_candidate(_kernel(tmp_path, top)) is None


def test_skewed_distances_forbid_interchange_but_not_a_wavefront(tmp_path: Path) -> None:
    """(0, 1) and (1, -1) distances: no permutation is legal; i + j would put both ends of the
    (1, -1) dependence on one wavefront, 2i + j separates them."""
    cand = transform_candidate(_kernel(tmp_path, "skewed"))
    assert cand is not None and len(cand.transformations) == 1
    assert cand.transformations[0].startswith("skewed (wavefront) loops") and "(2i + j)" in cand.transformations[0]


def test_triangular_interchange_and_wavefront_come_from_isl(tmp_path: Path) -> None:
    """j's bounds read i: isl's AST generator gives the bounds of the (j, i) order; a recurrence
    along both i and j leaves a wavefront (i + j outside) as the order with a free inner loop."""
    cand = transform_candidate(_kernel(tmp_path, "triangle"))
    assert cand is not None
    outer = cand.body[0]
    assert isinstance(outer, For) and outer.var.name == "j" and isinstance(outer.body[0], For)
    assert outer.body[0].var.name == "i" and "triangle_L" in cand.transformations[0]
    cand = transform_candidate(_kernel(tmp_path, "wave"))
    assert cand is not None
    assert cand.transformations[0].startswith("skewed (wavefront) loops") and "(i + j)" in cand.transformations[0]
    assert "now carries 0 read-after-write dependences instead of 1" in cand.transformations[0]
    # a Gauss-Seidel sweep in time steps: (i + j) would put (i, j) -> (i + 1, j - 1) on one
    # wavefront; (2i + j) frees the inner loop, the time loop stays outside
    cand = transform_candidate(_kernel(tmp_path, "seidel_like"))
    assert cand is not None
    assert "(t), seidel_like_L" in cand.transformations[0] and "(2i + j)" in cand.transformations[0]
    assert "now carries 0 read-after-write dependences instead of 1" in cand.transformations[0]


def test_time_steps_of_a_gauss_seidel_sweep_run_by_hyperplanes(tmp_path: Path) -> None:
    """seidel-2d: on the hyperplanes 4t + 2i + j every dependence is carried by the outermost
    loop, so the time steps overlap (the wavefront 2i + j pays the iteration's latency per
    wavefront in every time step). Each hyperplane runs as rows of a constant length (t, then i
    through k under the box's guard), so its rows flatten into one pipeline."""
    cand = transform_candidate(_kernel(tmp_path, "seidel_like"), carry_outside=True)
    assert cand is not None
    (note,) = cand.transformations
    assert note.startswith("skewed (hyperplanes) loops") and "(4t + 2i + j)" in note and "(t), seidel_like_L" in note
    h = cand.body[0]
    assert isinstance(h, For) and isinstance(h.body[0], For) and h.body[0].var.name == "t"
    k = h.body[0].body[0]
    # rows of 7 iterations (every other one of j's 14 values), the box as a guard
    assert isinstance(k, For) and eval_expr(k.init, {}) == 0 and eval_expr(k.bound, {}) == 7 and isinstance(k.body[0], If)
    report = _run(tmp_path, "seidel_like")
    assert any(t.startswith("skewed (hyperplanes) loops") for t in report["transformations"])
    # one pipeline per hyperplane (over its rows), its II the memory's ports (9 reads and a write
    # on 2 ports): the whole nest as one pipeline would need a higher II, as the corners'
    # hyperplanes hold a few points only
    (loop,) = [lp for lp in report["loops"] if lp["pipelined"]]
    assert "_h_" not in loop["name"] and loop["achieved_ii"] == loop["mii"] == 5
    # the wavefront of the two inner loops took 7,482 cycles
    assert report["latency_cycles"] < 6_500


def test_hyperplanes_with_a_dependence_inside_them(tmp_path: Path) -> None:
    """t + i + j: the read of D[i][j - 1] before the next time step overwrites it is on the same
    hyperplane as that write, carried by t inside it; the box starts at t = 1, i = 2, j = 1."""
    report = _run(tmp_path, "time_rows")
    assert any(t.startswith("skewed (hyperplanes) loops") and "(t + i + j)" in t for t in report["transformations"])
    assert report["transformations"][-1].startswith("applied: ")
    # the source order's recurrence through the multiply and add per iteration took 4,480 cycles
    assert report["latency_cycles"] < 1_500


def test_decreasing_loops_keep_their_direction(tmp_path: Path) -> None:
    """adi's backward sweep: the recurrence runs along a decreasing j; j moves outward and still
    runs downward (the legality check orders a decreasing loop by -j)."""
    cand = transform_candidate(_kernel(tmp_path, "backward"))
    assert cand is not None
    outer = cand.body[0]
    assert isinstance(outer, For) and outer.var.name == "j" and outer.step == -1


def test_private_scalars_are_expanded_so_loops_can_move(tmp_path: Path) -> None:
    cand = transform_candidate(_kernel(tmp_path, "private_scalar"), expand=True)
    assert cand is not None
    first = cand.transformations[0]
    assert first.startswith("expanded scalar 's' (line ") and "into s_x[24], private to loop 'private_scalar_L" in first
    assert any(t.startswith("interchanged loops") for t in cand.transformations)
    # one scalar reused by two independent nests: one array per nest
    cand = transform_candidate(_kernel(tmp_path, "recursive_rows"), expand=True)
    assert cand is not None
    assert [t.split(" into ")[1].split(",")[0] for t in cand.transformations if t.startswith("expanded")] == ["ym1_x[24]", "ym1_x_2[24]"]
    assert sum(t.startswith("interchanged") for t in cand.transformations) == 2


def test_scalars_live_after_the_nest_are_not_expanded(tmp_path: Path) -> None:
    fn = _kernel(tmp_path, "live_after")
    assert expand_scalars(fn) == []
    assert transform_candidate(fn, expand=True) is None


def test_empty_loops_are_parts_like_any_other(tmp_path: Path) -> None:
    """hls.fuzz seed 7400 kernel 67: an internal error naming the parts of a distributed loop
    when one part is a loop with an empty body."""
    cand = transform_candidate(_kernel(tmp_path, "empty_inner"))
    assert cand is None or all("distributed" in t or "interchanged" in t for t in cand.transformations)
    _run(tmp_path, "empty_inner")


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


def test_distributed_copies_keep_bounds_on_enclosing_iterators(tmp_path: Path) -> None:
    """Each copy of the distributed j loop starts at the real i (a copy of the bound expression
    must read the enclosing loop's variable, not a copy of it)."""
    cand = transform_candidate(_kernel(tmp_path, "triangular_gram"))
    assert cand is not None
    outer = cand.body[0]
    assert isinstance(outer, For)
    for part in outer.body:
        assert isinstance(part, For) and part.init.var is outer.var  # type: ignore[union-attr]


# latency / iteration bound, and the least speedup over the source order: triangular_gram's
# (k, j) nests are not flattened (j starts at i); the wavefront's diagonals are short
@pytest.mark.parametrize(
    ("top", "to_bound", "speedup"),
    [("matvec_t", 1.25, 2.5), ("atax_like", 1.25, 2.5), ("triangular_gram", 2.5, 2.5), ("private_scalar", 1.25, 2.5), ("recursive_rows", 1.25, 2.5),
     ("triangle", 2.0, 2.5), ("wave", 3.5, 2.0), ("backward", 1.25, 2.5), ("trisolv_like", 6.5, 1.6), ("jacobi_1d_like", 1.5, 1.4),
     ("cholesky_like", 9.0, 1.25), ("ludcmp_like", 5.5, 1.6), ("symm_like", 3.0, 3.0),
     ("trmm_like", 2.0, 3.0), ("seidel_like", 20.0, 3.0), ("gemver_like", 0.6, 5.0)],
)
def test_transformed_kernels_are_faster_and_bit_exact(tmp_path: Path, top: str, to_bound: float, speedup: float) -> None:
    report = _run(tmp_path, top)
    source_order = _run(tmp_path, top, "--no-transform")

    def reordering(notes: list[str]) -> list[str]:
        """The pass's notes; merging independent loops is the scheduler's, in both modes."""
        return [t for t in notes if not t.startswith("merged loops")]

    assert reordering(source_order["transformations"]) == []
    assert reordering(report["transformations"])[-1].startswith("applied: ")
    assert report["latency_cycles"] * speedup < source_order["latency_cycles"]
    # II 1 wherever the ports allow it (the wavefront reads a twice and writes it once per iteration)
    # (trisolv_like's column loop too: x[j] is loaded once before it, as x[i] is never x[j] there;
    # jacobi_1d_like's time steps are one pipeline whose recurrence, 36 cycles over 22 iterations,
    # gives RecMII 2; cholesky_like keeps the reduction into its diagonal element, a recurrence
    # through the subtraction)
    pipelined = [lp for lp in report["loops"] if lp["pipelined"]]
    assert all(lp["achieved_ii"] == lp["mii"] for lp in pipelined)
    most = {"wave": 2, "jacobi_1d_like": 2, "cholesky_like": 5, "seidel_like": 5}
    assert max(lp["achieved_ii"] for lp in pipelined) == most.get(top, 1)
    # near the limit of one innermost iteration per cycle
    assert report["latency_cycles"] <= to_bound * report["iteration_bound"]


def test_innermost_statements_stay_together_when_outer_loops_are_distributed(tmp_path: Path) -> None:
    """symm: the two statements of the k loop keep one loop, interchanged with j (both updates of
    an iteration share the loads of B and A) instead of two interchanged copies."""
    cand = transform_candidate(_kernel(tmp_path, "symm_like"), expand=True, whole_innermost=True)
    assert cand is not None
    assert any(t.startswith("distributed loop 'symm_like_L") and "into 3 loops" in t for t in cand.transformations)
    inner = [lp for lp in cand.loops() if not any(isinstance(s, For) for s in lp.body) and len(lp.body) == 2]
    assert len(inner) == 1 and inner[0].var.name.startswith("j")
    report = _run(tmp_path, "symm_like")
    assert any("into 3 loops" in t for t in report["transformations"])


def test_a_row_no_other_access_reaches_gets_a_buffer(tmp_path: Path) -> None:
    """trmm: B[i][..] is updated from rows k > i of B; in a buffer of its own during each i, the
    updates and the reads of other rows use different memories (II 1 instead of 2)."""
    fn = _kernel(tmp_path, "trmm_like")
    (cand,) = row_buffer_candidates(fn)
    assert cand.transformations[-1].startswith("row B[i] in a local buffer in each iteration of loop 'trmm_like_L")
    (outer,) = cand.body
    assert isinstance(outer, For)
    copy_in, nest, copy_out = outer.body
    assert isinstance(copy_in, For) and isinstance(nest, For) and isinstance(copy_out, For)
    assert print_kernel(cand).count("B_row[") == 6  # copies in and out, the update's read and store, the scaling's
    report = _run(tmp_path, "trmm_like")
    assert any(t.startswith("row B[") for t in report["transformations"])
    # every row k of B is read in each i, row i among them: no buffer
    assert row_buffer_candidates(_kernel(tmp_path, "rows_all")) == []
    # i runs past the array's rows (C guards the accesses; copies would not be)
    assert row_buffer_candidates(_kernel(tmp_path, "rows_beyond")) == []


def test_dependences_through_if_conditions_keep_statements_together(tmp_path: Path) -> None:
    """hls.progen seed 21530: 'if (t) a[k + 2] = ...' reads t, computed by the statement before
    it; distributing them (the if first) would read t before it is written."""
    src = (Path(__file__).parent / "regressions" / "distribution_if_condition.c").read_text()
    assert transform_candidate(kernel_from_source(tmp_path, src, "kern")) is None


def test_imperfect_nest_is_interchanged_by_columns(tmp_path: Path) -> None:
    """trisolv: x[i] is final before column i starts, so each column's updates are independent
    (the reduction into x[i] keeps its order over j: no reassociation)."""
    cands = reschedule_candidates(_kernel(tmp_path, "trisolv_like"), _cycles)
    cand = next(c for c in cands if "interchange of the imperfect nest" in c.transformations[-1])
    assert cand.transformations[0].startswith("distributed loop")
    first, nest = cand.body
    assert isinstance(first, For) and isinstance(nest, For)
    division, column = nest.body
    assert isinstance(division, Assign) and isinstance(division.value, Binary) and division.value.op == "/"
    assert isinstance(column, For) and len(column.body) == 1
    # the inner loop runs over rows below the column's diagonal
    assert column.init.lhs.var is nest.var  # type: ignore[attr-defined]


def test_inner_imperfect_nest_is_interchanged_by_columns(tmp_path: Path) -> None:
    """cholesky: inside each row, A[i][j] is final (divided) before column j updates the elements
    right of it, so the loop over those elements carries no recurrence."""
    cands = reschedule_candidates(_kernel(tmp_path, "cholesky_like"), _cycles)
    cand = next(c for c in cands if "interchange of the imperfect nest in loop 'cholesky_like_L" in c.transformations[-1])
    (row,) = cand.body
    assert isinstance(row, For)
    column, diagonal, root = row.body
    assert isinstance(column, For) and isinstance(diagonal, For) and isinstance(root, Assign)
    division, update = column.body
    assert isinstance(division, Assign) and isinstance(division.value, Binary) and division.value.op == "/"
    assert isinstance(update, For) and update.init.lhs.var is column.var  # type: ignore[attr-defined]


def test_scalar_reused_by_sibling_loops_is_expanded_per_loop(tmp_path: Path) -> None:
    """ludcmp: w is private to each of three j loops (two of them triangular, inside the i loop):
    one array per loop, sized by the loop's span; both nests are then rescheduled together."""
    fn = _kernel(tmp_path, "ludcmp_like")
    notes = expand_scalars(fn)
    assert [(n.split(" into ")[1].split(",")[0], n.split("private to loop ")[1].split(" ")[0]) for n in notes] == [
        ("w_x[23]", "'ludcmp_like_L109'"),
        ("w_x_2[24]", "'ludcmp_like_L114'"),
        ("w_x_3[24]", "'ludcmp_like_L120'"),
    ]
    cands = reschedule_candidates(_kernel(tmp_path, "ludcmp_like"), _cycles)
    # the first nest by columns, the second (forward substitution) too, chosen by their cycles
    assert any(
        c.transformations[0].startswith("expanded scalar") and sum("interchange of the imperfect nest" in t for t in c.transformations) == 2 for c in cands
    )


def test_sibling_loops_are_fused_with_a_shift_by_isl(tmp_path: Path) -> None:
    """jacobi-1d: isl's scheduler fuses the two sweeps of a time step, the second one element
    behind the first (B[i + 1] is written the iteration before A[i] reads it)."""
    cands = reschedule_candidates(_kernel(tmp_path, "jacobi_1d_like"), _cycles)
    cand = next(c for c in cands if "isl's scheduler" in c.transformations[-1])
    (outer,) = cand.body
    assert isinstance(outer, For)
    (fused,) = outer.body
    assert isinstance(fused, For) and len(fused.body) == 2 and all(isinstance(s, If) for s in fused.body)


def test_adjacent_nests_are_fused_with_their_loops_in_any_order(tmp_path: Path) -> None:
    """gemver: the update of A by rows and the product with its transpose (x[i] over A[j][i]) by
    columns walk A alike: fused, each element is read as it is written, and the reduction into
    x[i] is carried by the outer loop (II 1), in half the cycles of the two nests apart."""
    cands = reschedule_candidates(_kernel(tmp_path, "gemver_like"), _cycles)
    (cand,) = [c for c in cands if c.transformations[-1].startswith("fused loop nests")]
    assert "'gemver_like_L" in cand.transformations[-1]
    (nest,) = cand.body
    assert isinstance(nest, For)
    (inner,) = nest.body
    assert isinstance(inner, For) and len(inner.body) == 2
    update, product = inner.body
    assert isinstance(update, Assign) and update.var.name == "A"
    assert isinstance(product, Assign) and product.var.name == "x"
    # the element x[..] the product accumulates into is indexed by the inner loop
    assert product.indices is not None and product.indices[0].var is inner.var  # type: ignore[attr-defined]
    report = _run(tmp_path, "gemver_like")
    assert any(t.startswith("fused loop nests") for t in report["transformations"])
    # (the fused nest's cycles are checked with the other kernels' in test_transformed_kernels_are_faster_and_bit_exact)


def test_candidates_are_ranked_by_their_nests_counted_alone(tmp_path: Path) -> None:
    """The estimate adds up the top-level nests, each scheduled alone (and cached): it is the
    exact count where no loops of two nests merge into one pipeline, and above it where they do."""
    counter = CycleCounter(ScheduleOptions(load_target()))
    fn = _kernel(tmp_path, "recursive_rows")
    assert counter.estimate(fn) == counter.exact(fn) == _cycles(fn)
    assert len(counter.item_counts) == 3  # the empty kernel and each nest
    independent = _kernel(tmp_path, "gemver_like")
    assert counter.estimate(independent) == counter.exact(independent)
    merged = kernel_from_source(tmp_path, MERGEABLE, "two_products")
    exact = counter.exact(merged)
    estimate = counter.estimate(merged)
    assert exact is not None and estimate is not None and exact < estimate


MERGEABLE = """
void two_products(double y[16], double z[16], const double A[16][16], const double B[16][16], const double x[16]) {
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) y[j] = y[j] + A[i][j] * x[i];
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) z[j] = z[j] + B[i][j] * x[i];
}
"""


def test_latency_is_known_through_ifs_on_iterators(tmp_path: Path) -> None:
    """An if around a loop whose condition reads only iterators (as isl's generated code has) has
    a latency known at compile time, and the hardware takes exactly that many cycles."""
    src = tmp_path / "guarded.c"
    src.write_text(GUARDED)
    out = tmp_path / "guarded"
    proc = run_hls("synth", str(src), "--top", "guarded", "-o", str(out), "--no-transform")
    assert proc.returncode == 0, proc.stderr
    latency = json.loads((out / "report.json").read_text())["latency_cycles"]
    assert latency is not None
    proc = run_hls("cosim", str(src), "--top", "guarded", "-o", str(out), "--runs", "1", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads((out / "cosim.json").read_text())["calls"][0]["cycles"] == latency


GUARDED = """
void guarded(int a[8][8]) {
  for (int i = 0; i < 8; i++) {
    if (i >= 3) {
      for (int j = 0; j < i; j++) a[i][j] += j;
    } else {
      for (int j = 0; j < 8; j++) a[i][j] = 1;
    }
  }
}
"""


def test_loops_beside_a_nest_sink_into_its_first_and_last_iterations(tmp_path: Path) -> None:
    """doitgen: sum[p] = 0 before the (s, p) reduction runs at s == 0 (folded into the update's
    read of sum[p]: one access of sum less), A[r][q][p] = sum[p] after it at s == 11: the nest is
    perfect and (r, q, s, p) one pipeline, fewer cycles than the C's innermost iterations."""
    report = _run(tmp_path, "doitgen_like")
    assert any(t.startswith("sank loops ") and "into the first iteration" in t and "into the last iteration" in t for t in report["transformations"])
    (loop,) = report["loops"]
    assert loop["flattened"] and loop["achieved_ii"] == 1 and loop["trip_count"] == 5 * 4 * 12 * 12
    assert report["latency_cycles"] <= loop["trip_count"] + loop["iteration_latency"] + 2 < report["iteration_bound"]


def test_sinking_that_would_reverse_a_dependence_is_no_candidate(tmp_path: Path) -> None:
    """t[N-1-p], written by the first loop at a later p, is read at s == 0; z[p] reads y[N-1-p],
    updated at s == 3 at a later p: neither loop may move into the nest."""
    fn = _kernel(tmp_path, "no_sinking")
    assert sinking_candidates(fn) == []
    # the same loops over t[p] and y[p]: both sink
    both, first, last = sinking_candidates(_kernel(tmp_path, "sinking_ok"))
    assert "into the first iteration and " in both.transformations[-1] and "into the last iteration" in both.transformations[-1]
    # (each loop alone too: sunk after the nest, a loop may need ports the nest uses)
    assert "into the first iteration of" in first.transformations[-1] and "into the last iteration of" in last.transformations[-1]
    for top in ("no_sinking", "sinking_ok"):
        _run(tmp_path, top)  # bit-exact either way


def test_a_loop_empty_in_the_first_iteration_is_peeled_so_the_loop_before_it_sinks(tmp_path: Path) -> None:
    """symm: the k nest is empty at i == 0, so t[j] = 0 cannot run in its first iteration there;
    i == 0 runs as a loop of its own and, for i >= 1, the zeroing folds into the update's read of
    t[j] (k == 0 ? 0.0 : t[j]); the loop after the nest stays (sunk, it would need a third port
    of C)."""
    fn = _kernel(tmp_path, "symm_peel")
    cands = sinking_candidates(fn)
    notes = [c.transformations for c in cands]
    assert notes and all(any(t.startswith("peeled the first iterations of loop") for t in n) for n in notes)
    folded = next(c for c, n in zip(cands, notes) if "into the first iteration of" in n[-1])
    assert "(k == 0:i32):i32 ? 0.0:f64 : t[j" in print_kernel(folded)
    assert _cycles(folded) < _cycles(fn)  # type: ignore[operator]
    # the whole pass on symm's C (the scalar expanded, the j loop distributed): bit-exact
    report = _run(tmp_path, "symm_like")
    assert any(t.startswith("peeled the first iterations") for t in report["transformations"])
    assert any("into the first iteration of" in t for t in report["transformations"])


def test_no_peeling_where_the_nest_is_empty_only_for_some_outer_iterations(tmp_path: Path) -> None:
    """The k nest is empty at i == 1 only when the outer t is odd: no prefix of i to peel."""
    src = """
void k(double y[8][6], const double A[8][8]) {
  for (int t = 0; t < 4; t++)
    for (int i = 0; i < 8; i++) {
      for (int j = 0; j < 6; j++) y[i][j] = 0.0;
      for (int k = 0; k < i - t % 2; k++)
        for (int j = 0; j < 6; j++) y[i][j] += A[i][k] * 2.0;
    }
}
"""
    fn = kernel_from_source(tmp_path, src, "k")
    assert _peeled_for_sinking(fn) is None


def test_peeled_iterations_that_only_copy_a_row_back_are_dropped(tmp_path: Path) -> None:
    """trmm: the k > i nest is empty at i == 19, where the row buffer's copy-out would store back
    what its copy-in loaded: the copy-out sinks into the nest's last iteration for i < 19 and the
    last iteration of i goes (nothing reads the buffer after it); bit-exact."""
    report = _run(tmp_path, "trmm_like")
    notes = report["transformations"]
    assert any(t.startswith("dropped the last iterations of loop") and "row buffer" in t for t in notes), notes
    assert any("into the last iteration of" in t for t in notes)
