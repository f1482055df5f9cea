"""Loop flattening and merging: a perfect (or semi-perfect) nest with a constant number of iterations
(rectangular, or triangular: bounds from the nest's own outer iterators) or a number of iterations
computed before it starts (one level's bounds from enclosing iterators) runs as one pipeline, so
fill and drain are paid once; distances are exact in the flattened iteration space (below the
iteration's depth for triangular nests); adjacent loops and nests with no dependence between them
share one pipeline; the cost model, ``loop_flatten off`` and ``--no-flatten`` keep nests apart."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import islpy as isl
import pytest

from conftest import run_hls
from hls.scheduler.lower_to_hir import _least_flat_distance, _least_successor_distance, _Successors

KERNELS = """
void mac(double C[6][12], const double A[6][7], const double B[7][12], double alpha) {
  for (int i = 0; i < 6; i++)
    for (int k = 0; k < 7; k++)
      for (int j = 0; j < 12; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
}
void rowsum(const int a[9][12], int b[9]) {
  for (int i = 0; i < 9; i++) {
    int s = a[i][0];
    for (int j = 1; j < 12; j++) s += a[i][j] * j;
    b[i] = s - 1;
  }
}
void down(const short a[8][8], short b[8][8]) {
  for (int i = 7; i >= 0; i -= 2)
    for (int j = 6; j > 0; j--) b[i][j] = a[i][j] * 3 + (short)i;
}
void carried_across_rows(double a[16][32], const double b[32]) {
  for (int i = 1; i < 16; i++)
    for (int j = 0; j < 32; j++) a[i][j] = a[i - 1][31] + b[j];
}
void kept_apart(int a[8][8]) {
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++) {
#pragma HLS loop_flatten off
      a[i][j] = a[i][j] + i;
    }
}
void rank_update(double C[10][10], const double A[10][4], double alpha) {
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < 10; i++)
      for (int j = 0; j <= i; j++) C[i][j] += alpha * A[i][k] * A[j][k];
}
void upper_rows(const int a[8][8], int b[8]) {
  for (int i = 0; i < 8; i++) {
    int s = i;
    for (int j = i; j < 8; j++) s += a[i][j] * (j - i + 1);
    b[i] = s;
  }
}
void tetra(int d[6][6][6], const int a[6][6], const int b[6][6]) {
  for (int i = 0; i < 6; i++)
    for (int j = 1; j <= i + 1; j++)
      for (int k = j - 1; k < i + 1; k++) d[i][j - 1][k] = a[i][k] * b[k][j - 1] + k;
}
void short_rows(double a[12][12]) {
  for (int i = 1; i < 12; i++)
    for (int j = 0; j < i; j++) a[i][j] = a[i - 1][j] * 0.5 + 1.0;
}
void empty_last_row(int a[8][8]) {
  for (int i = 0; i < 8; i++)
    for (int j = i + 1; j < 8; j++) a[i][j] = a[j][i] + i;
}
void middle_gaps(int a[4][4][4]) {
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      for (int k = j; k < i; k++) a[i][j][k] = i + j * k;
}
void two_products(double x1[12], double x2[12], const double A[12][12], const double y1[12], const double y2[10], int c[5]) {
  for (int i = 0; i < 12; i++)
    for (int j = 0; j < 12; j++) x1[i] = x1[i] + A[i][j] * y1[j];
  for (int j = 0; j < 10; j++)
    for (int i = 0; i < 12; i++) x2[i] = x2[i] + A[j][i] * y2[j];
  for (int k = 0; k < 5; k++) c[k] = c[k] * 3 + k;
}
void chained(double x[12], const double A[12][12], double y[12]) {
  for (int i = 0; i < 12; i++)
    for (int j = 0; j < 12; j++) x[j] = x[j] + A[i][j];
  for (int i = 0; i < 12; i++) y[i] = x[i] * 2.0;
}
void asked_ii(int a[16], int c[8]) {
  for (int i = 0; i < 16; i++) {
#pragma HLS pipeline II=2
    a[i] = a[i] + 1;
  }
  for (int j = 0; j < 8; j++) c[j] = c[j] * 3;
}
void param_rows(int a[8][10], const int b[8][10], int c[8]) {
  for (int i = 0; i < 8; i++) {
    for (int k = i + 1; k < 8; k++)
      for (int j = 0; j < 10; j++) a[i][j] += b[k][j] * k;
    for (int j = 0; j < 10; j++) c[i] = c[i] * 3 + a[i][j];
  }
}
void param_down(int a[8][10], const int b[8][10], int c[8]) {
  for (int i = 0; i < 8; i++) {
    for (int k = i; k >= 2; k--)
      for (int j = 0; j < 10; j++) a[i][j] = a[i][j] * 2 + b[k][j] - k;
    for (int j = 0; j < 10; j++) c[i] += a[i][j];
  }
}
void param_inner(int a[6][12], const int b[12], int s[6][4]) {
  for (int i = 0; i < 6; i++) {
    for (int k = 0; k < 4; k++) {
      s[i][k] = k * i;
      for (int j = i; j <= 11; j++) a[i][j] += b[j] * k;
    }
    for (int j = 0; j < 4; j++) s[i][j] += a[i][j];
  }
}
void param_inner_gap(int a[8][12], const int b[12], int s[8][4]) {
  for (int i = 0; i < 8; i++) {
    for (int k = 0; k < 4; k++) {
      s[i][k] = k * i;
      for (int j = i + 5; j < 12; j++) a[i][j] += b[j] * k;
    }
    for (int j = 0; j < 4; j++) s[i][j] += a[i][j];
  }
}
double sqrt(double);
void padded_rows(double p[6][8], double q[6][8]) {
  for (int j = 1; j < 8; j++)
    for (int i = 0; i < 6; i++) {
      p[i][j] = 1.0 / (p[i][j - 1] * 0.5 + 2.0);
      q[i][j] = sqrt(sqrt(p[i][j - 1])) + q[i][j - 1];
    }
}
void narrow_rows(double p[128][8], double q[128][8]) {
  for (int j = 1; j < 8; j++)
    for (signed char i = 120; i < 126; i++) {
      p[i][j] = 1.0 / (p[i][j - 1] * 0.5 + 2.0);
      q[i][j] = sqrt(sqrt(p[i][j - 1])) + q[i][j - 1];
    }
}
void smooth_rows(const int a[6][16], int b[6][16]) {
  for (int i = 0; i < 6; i++)
    for (int j = 1; j < 15; j++) b[i][j] = a[i][j - 1] + a[i][j] * 2 + a[i][j + 1];
}
void variable_bound(int n, int a[8][8]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 8; j++) a[i][j] = j;
}
"""


def _synth(tmp_path: Path, top: str, *extra: str) -> dict[str, Any]:
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / top
    proc = run_hls(str(src), "--top", top, "-o", str(out), *extra)
    assert proc.returncode == 0, proc.stderr
    return dict(json.loads((out / "report.json").read_text()))


def _cosim(tmp_path: Path, top: str) -> dict[str, Any]:
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / top
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--runs", "2", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return dict(json.loads((out / "cosim.json").read_text()))


@pytest.mark.parametrize(
    ("top", "total"),
    [("mac", 6 * 7 * 12), ("rowsum", 9 * 11), ("down", 4 * 6), ("rank_update", 4 * 55), ("upper_rows", 36), ("tetra", 56),
     ("empty_last_row", 28)],
)
def test_nest_runs_as_one_pipeline_and_matches_c(tmp_path: Path, top: str, total: int) -> None:
    report = _synth(tmp_path, top)
    (loop,) = report["loops"]
    assert loop["pipelined"] and loop["achieved_ii"] == 1 and loop["flattened"]
    assert loop["trip_count"] == total
    # fill and drain once: the latency is the iterations plus one iteration's depth (and the call)
    assert total < report["latency_cycles"] <= total + loop["iteration_latency"] + 1
    assert 'flattens "' in (tmp_path / top / f"{top}.hir").read_text()
    result = _cosim(tmp_path, top)
    assert result["status"] == "pass"
    assert {c["cycles"] for c in result["calls"]} == {report["latency_cycles"]}


def test_short_distance_across_rows_keeps_the_nest(tmp_path: Path) -> None:
    """a[i-1][31] is written one flattened iteration before a[i][0] reads it: one pipeline
    would wait for the adder every iteration; with its rows padded by a few iterations (the
    adder's latency) it starts one a cycle, fewer cycles than a pipeline per row."""
    report = _synth(tmp_path, "carried_across_rows", "--no-transform")
    (loop,) = report["loops"]
    assert loop["flattened"] and loop["achieved_ii"] == 1 and 15 * 32 < loop["trip_count"] <= 15 * 40
    assert _cosim(tmp_path, "carried_across_rows")["status"] == "pass"  # (the RTL just written)
    per_row = _synth(tmp_path, "carried_across_rows", "--no-transform", "--no-flatten")
    assert [lp["flattened"] for lp in per_row["loops"]] == [[], []] and per_row["loops"][1]["achieved_ii"] == 1
    assert report["latency_cycles"] < per_row["latency_cycles"]
    # the loop transform does better: isl's scheduler runs j downwards, so a[i][31] is computed
    # first in its row, 31 iterations before the next row reads it, and the nest is one pipeline
    transformed = _synth(tmp_path, "carried_across_rows")
    assert any("isl's scheduler" in t for t in transformed["transformations"])
    assert len(transformed["loops"]) == 1 and transformed["loops"][0]["flattened"] and transformed["loops"][0]["achieved_ii"] == 1
    assert transformed["latency_cycles"] < report["latency_cycles"]
    assert _cosim(tmp_path, "carried_across_rows")["status"] == "pass"


def test_pragma_flag_and_variable_bounds_keep_the_nest(tmp_path: Path) -> None:
    assert len(_synth(tmp_path, "kept_apart")["loops"]) == 2
    assert len(_synth(tmp_path, "mac", "--no-flatten")["loops"]) == 3
    assert len(_synth(tmp_path, "variable_bound")["loops"]) == 2


def test_flattened_distance_counts_iterations_between_the_accesses() -> None:
    # C[i][j] in an (i, k, j) nest of 6 x 7 x 5: the next k reads it again 5 iterations later
    acc = isl.Map("{ L[i, k, j] -> C[i, j] : 0 <= i < 6 and 0 <= k < 7 and 0 <= j < 5 }")
    assert _least_flat_distance(acc, acc, 0, [1, 1, 1], [35, 5, 1]) == 5
    # a[i - 1][31] -> a[i][0] across rows of 32: one iteration apart
    write = isl.Map("{ L[i, j] -> a[i, j] : 1 <= i < 16 and 0 <= j < 32 }")
    read = isl.Map("{ L[i, j] -> a[i - 1, 31] : 1 <= i < 16 and 0 <= j < 32 }")
    assert _least_flat_distance(write, read, 0, [1, 1], [32, 1]) == 1
    # decreasing iterators with step -2 outside (weights count iterations, not values)
    w2 = isl.Map("{ L[i, j] -> b[i, j] : 0 <= i <= 7 and 0 <= j <= 5 }")
    r2 = isl.Map("{ L[i, j] -> b[i + 2, j + 1] : 0 <= i <= 7 and 0 <= j <= 5 }")
    assert _least_flat_distance(w2, r2, 0, [-2, 1], [6, 1]) == 5
    # an enclosing loop (not flattened) must be equal: no dependence inside one of its iterations
    t = isl.Map("{ L[t, i] -> x[t] : 0 <= t < 4 and 0 <= i < 3 }")
    t2 = isl.Map("{ L[t, i] -> x[t - 1] : 0 <= t < 4 and 0 <= i < 3 }")
    assert _least_flat_distance(t, t2, 1, [1], [1]) is None


def test_triangular_short_distance_is_seen(tmp_path: Path) -> None:
    """a[i-1][j] -> a[i][j] in rows of i elements: row 1 is one iteration long, so the element is
    read again the next iteration; as one pipeline the multiply-add recurrence would set the II,
    so the cost model keeps a pipeline per row (or pays the recurrence), and the RTL matches C."""
    report = _synth(tmp_path, "short_rows")
    inner = report["loops"][-1]
    assert inner["achieved_ii"] == inner["mii"]
    assert not report["loops"][0]["flattened"] or inner["mii"] > 1
    assert _cosim(tmp_path, "short_rows")["status"] == "pass"


def test_a_level_empty_between_iterations_keeps_the_nest(tmp_path: Path) -> None:
    """k = j .. i - 1 is empty for (2, 2) and (2, 3), between (2, 1) and (3, 0): the odometer
    cannot skip those rows (an empty last row, as in empty_last_row, it never reaches)."""
    report = _synth(tmp_path, "middle_gaps", "--no-transform")
    assert all(not lp["flattened"] for lp in report["loops"])
    # isl's AST generator gives the rescheduled nest exact bounds (j < i): no empty rows left
    transformed = _synth(tmp_path, "middle_gaps")
    assert any("isl's scheduler" in t for t in transformed["transformations"])
    assert transformed["loops"][0]["flattened"] and transformed["latency_cycles"] < report["latency_cycles"]
    assert _cosim(tmp_path, "middle_gaps")["status"] == "pass"


def test_triangular_distance_counts_iterations_of_the_triangle() -> None:
    tri = isl.Set("{ [k, i, j] : 0 <= k < 4 and 0 <= i < 10 and 0 <= j <= i }")
    succ = _Successors(tri)
    acc = isl.Map("{ L[k, i, j] -> C[i, j] : 0 <= k < 4 and 0 <= i < 10 and 0 <= j <= i }")
    # the next k reads C[i][j] after the whole triangle (55 iterations): beyond a horizon of 40
    assert _least_successor_distance(acc, acc, 0, succ, 40) == 40
    assert _least_successor_distance(acc, acc, 0, succ, 60) == 55
    # C[i-1][j] -> C[i][j]: row 0 is one element long, so (0, 0) -> (1, 0) is one step
    w = isl.Map("{ L[k, i, j] -> C[i, j] : 0 <= k < 4 and 0 <= i < 10 and 0 <= j <= i }")
    r = isl.Map("{ L[k, i, j] -> C[i - 1, j] : 0 <= k < 4 and 1 <= i < 10 and 0 <= j <= i }")
    assert _least_successor_distance(w, r, 0, succ, 40) == 1
    # from row 5 on only: (4, j) -> (5, j) is the nearest pair, 5 steps (found by doubling to 8,
    # then bisection)
    r5 = isl.Map("{ L[k, i, j] -> C[i - 1, j] : 0 <= k < 4 and 5 <= i < 10 and 0 <= j <= i }")
    assert _least_successor_distance(w, r5, 0, succ, 40) == 5
    assert _least_successor_distance(w, r5, 0, succ, 5) == 5
    assert _least_successor_distance(w, r5, 0, succ, 4) == 4
    # an enclosing loop (not flattened) must be equal: no dependence inside one of its iterations
    two = _Successors(isl.Set("{ [i, j] : 0 <= i < 10 and 0 <= j <= i }"))
    t = isl.Map("{ L[t, i, j] -> x[t, i, j] : 0 <= t < 3 and 0 <= i < 10 and 0 <= j <= i }")
    t2 = isl.Map("{ L[t, i, j] -> x[t - 1, i, j] : 0 <= t < 3 and 0 <= i < 10 and 0 <= j <= i }")
    assert _least_successor_distance(t, t2, 1, two, 40) is None


def test_independent_loops_share_one_pipeline(tmp_path: Path) -> None:
    """x1 (144 iterations), x2 (120) and c (5) touch different arrays (A and the y are only read):
    one pipeline of 144 iterations runs all three, the shorter ones in its first iterations."""
    report = _synth(tmp_path, "two_products")
    (loop,) = report["loops"]
    assert loop["trip_count"] == 144 and loop["achieved_ii"] == 1
    assert len(loop["flattened"]) == 4
    assert any(t.startswith("merged loops") for t in report["transformations"])
    assert report["latency_cycles"] < 144 + 120
    result = _cosim(tmp_path, "two_products")
    assert result["status"] == "pass"
    assert {c["cycles"] for c in result["calls"]} == {report["latency_cycles"]}
    assert len(_synth(tmp_path, "two_products", "--no-flatten")["loops"]) == 5


def test_merging_keeps_the_ii_a_loop_asks_for(tmp_path: Path) -> None:
    """The first loop asks for II=2: no pipeline that runs it may start iterations faster."""
    report = _synth(tmp_path, "asked_ii")
    line = KERNELS.splitlines().index("void asked_ii(int a[16], int c[8]) {") + 2
    (first,) = [loop for loop in report["loops"] if loop["line"] == line]
    assert first["target_ii"] == 2 and first["achieved_ii"] >= 2
    assert _cosim(tmp_path, "asked_ii")["status"] == "pass"


def test_dependent_loops_stay_apart(tmp_path: Path) -> None:
    """y reads the x the first nest writes: the loops run one after the other."""
    report = _synth(tmp_path, "chained")
    assert len(report["loops"]) == 2
    assert not any(t.startswith("merged loops") for t in report["transformations"])
    assert _cosim(tmp_path, "chained")["status"] == "pass"


@pytest.mark.parametrize(
    ("top", "rows", "nest"),
    [("param_rows", [7 * 10, 6 * 10, 5 * 10, 4 * 10, 3 * 10, 2 * 10, 10, 0], 1),
     ("param_down", [0, 0, 10, 2 * 10, 3 * 10, 4 * 10, 5 * 10, 6 * 10], 1),
     ("param_inner", [4 * (12 - i) for i in range(6)], 1)],
)
def test_nest_with_bounds_from_enclosing_loops_runs_as_one_pipeline(tmp_path: Path, top: str, rows: list[int], nest: int) -> None:
    """The nest inside ``i`` counts its iterations from i before it starts (none when a level is
    empty: the last rows of param_rows, the first of param_down): fill and drain once per row."""
    report = _synth(tmp_path, top, "--no-transform")
    flat = [lp for lp in report["loops"] if lp["flattened"]]
    assert len(flat) == nest and flat[0]["pipelined"] and flat[0]["achieved_ii"] == 1
    assert flat[0]["trip_count_max"] == max(rows)
    apart = _synth(tmp_path, top, "--no-transform", "--no-flatten")
    assert not any(lp["flattened"] for lp in apart["loops"])
    assert report["latency_cycles"] < apart["latency_cycles"]
    # the rows run back to back: at most one pipeline depth (and a few controller cycles) each
    assert sum(rows) < report["latency_cycles"]
    out = tmp_path / top
    _synth(tmp_path, top, "--no-transform")
    proc = run_hls("cosim", str(tmp_path / "k.c"), "--top", top, "-o", str(out), "--runs", "2", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads((out / "cosim.json").read_text())["status"] == "pass"


def test_level_from_enclosing_loops_empty_beside_code_keeps_the_nest(tmp_path: Path) -> None:
    """j = i + 5 .. 11 is empty for i = 7 while s[i][k] = k * i beside it must still run: the
    odometer runs a level's statements only in iterations of the levels below, so no pipeline
    for the nest; the RTL matches C."""
    report = _synth(tmp_path, "param_inner_gap", "--no-transform")
    assert not any(lp["flattened"] for lp in report["loops"])
    out = tmp_path / "param_inner_gap"
    proc = run_hls("cosim", str(tmp_path / "k.c"), "--top", "param_inner_gap", "-o", str(out), "--runs", "2", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_rows_shorter_than_a_recurrence_are_padded(tmp_path: Path) -> None:
    """p[i][j - 1] -> p[i][j] through a multiply, an add and a divide (44 cycles) over rows of 6,
    in an iteration of some 70 cycles (two square roots for q): as one pipeline the rows are
    padded to the recurrence's latency (II 1, each row one recurrence long) instead of an II of
    8, and fill and drain are paid once, not per row; p[i][j - 1] is loaded once (the store of
    p[i][j] between the two reads is of another element), so the ports allow II 1."""
    report = _synth(tmp_path, "padded_rows", "--no-transform")
    (loop,) = report["loops"]
    assert loop["flattened"] and loop["achieved_ii"] == 1
    rows = 7
    assert loop["trip_count"] % rows == 0 and 6 < loop["trip_count"] // rows <= 48
    depth = loop["iteration_latency"]
    assert depth > 60
    # fewer cycles than II 8 over the rows of 6, or one pipeline per row
    assert report["latency_cycles"] < min(rows * 6 * 8 + depth, rows * (6 + depth))
    hir = (tmp_path / "padded_rows" / "padded_rows.hir").read_text()
    assert hir.count("hir.load %p[") == 1
    assert _cosim(tmp_path, "padded_rows")["status"] == "pass"


def test_window_of_a_nest_streams_in_extra_first_iterations(tmp_path: Path) -> None:
    """a[i][j - 1], a[i][j], a[i][j + 1] in the only loop of i: the window's first two elements
    are loaded by two extra first iterations of j (no fill before it), so (i, j) stays a perfect
    nest, one pipeline at II 1 on one read of a per iteration."""
    report = _synth(tmp_path, "smooth_rows")
    (loop,) = report["loops"]
    assert loop["flattened"] and loop["achieved_ii"] == 1 and loop["trip_count"] == 6 * 16
    assert _cosim(tmp_path, "smooth_rows")["status"] == "pass"


def test_padding_stays_within_the_iterator_type(tmp_path: Path) -> None:
    """padded_rows with a signed char row iterator from 120: 44 iterations a row would take it
    past 127 (wrapping to negative values the row's guard lets through), so the rows are not
    padded beyond the type; the RTL matches C."""
    report = _synth(tmp_path, "narrow_rows", "--no-transform")
    assert all(lp["trip_count"] is None or lp["trip_count"] <= 7 * 8 for lp in report["loops"] if lp["flattened"])
    assert _cosim(tmp_path, "narrow_rows")["status"] == "pass"


@pytest.mark.parametrize(
    ("top", "widths"),
    [("mac", [("i_it", "i4"), ("k_it", "i4"), ("j_it", "i5")]), ("down", [("i_it", "i4"), ("j_it", "i4")]),
     ("tetra", [("i_it", "i4"), ("j_it", "i4"), ("k_it", "i4")])],
)
def test_levels_count_at_the_width_of_their_values(tmp_path: Path, top: str, widths: list[tuple[str, str]]) -> None:
    """On ECP5 a flattened level counts at the width of its values through the one past its last (mac's
    j: 0 .. 12, five bits; down's i: 7 .. -1 by -2, four; in tetra's triangle isl's bounds, j:
    1 .. 7): at the C type's width the increments and compares of 32 bits chained into the
    registers' bypass (#13)."""
    _synth(tmp_path, top, "--target", "ecp5")
    hir = (tmp_path / top / f"{top}.hir").read_text()
    # (the names as the default target's loop order makes them; ECP5's may differ)
    assert [w for _, w in re.findall(r"%(\w+_it) = hir\.alloca : !memref<(i\d+), reg", hir)] == [w for _, w in widths], hir
    _synth(tmp_path, top)  # not yet on the default target
    assert set(re.findall(r"%\w+_it = hir\.alloca : !memref<(i\d+), reg", (tmp_path / top / f"{top}.hir").read_text())) <= {"i32", "i16"}
