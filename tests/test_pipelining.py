"""Pipelined loops: achieved II against the lower bound, the reasons when a target is missed,
and co-simulation of pipelined hardware at trip counts 0 and 1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import run_hls

KERNELS = """
#define N 32
void vadd(const int a[N], const int b[N], int c[N]) {
  for (int i = 0; i < N; i++) c[i] = a[i] + b[i];
}
void transpose(const short a[8][8], short b[8][8]) {
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++) b[j][i] = a[i][j];
}
void stencil2(const int a[N], int b[N]) {
  for (int i = 0; i < N - 1; i++) b[i] = (a[i] + a[i + 1]) >> 1;
}
long accumulate(const int a[N], const int b[N]) {
  long s = 0;
  for (int i = 0; i < N; i++) s += (long)a[i] * b[i];
  return s;
}
void recurrence(int a[N]) {
  for (int i = 1; i < N; i++) a[i] = a[i - 1] / 3 + a[i];
}
void stencil3(const double a[N], double b[N]) {
  for (int i = 1; i < N - 1; i++) b[i] = (a[i - 1] + a[i] + a[i + 1]) * 0.25;
}
void stencil3_down(const int a[N], int b[N]) {
  for (int i = N - 2; i >= 1; i--) b[i] = a[i + 1] - 2 * a[i] + a[i - 1];
}
void guarded(const int a[N], int b[N]) {
  for (int i = 1; i < N - 1; i++) b[i] = a[i] > 0 ? a[i - 1] : a[i + 1];
}
void three_reads(const int a[N], int b[N]) {
#pragma HLS interface mode=ap_memory port=a storage_type=ram_1p
  for (int i = 0; i < N - 20; i++) b[i] = a[i] + a[i + 10] + a[i + 20];
}
void mirror(const int a[N], int b[N]) {
  for (int i = 0; i < N; i++) b[i] = a[i] - a[N - 1 - i];
}
void forwarded(const int x[N], int y[N], int z[N]) {
#pragma HLS interface mode=ap_memory port=x storage_type=ram_1p
#pragma HLS interface mode=ap_memory port=y storage_type=ram_1p
  for (int i = 0; i < N; i++) {
    y[i] = x[i] * 3;
    z[i] = y[i] + x[i];
  }
}
void forward_guarded(const int c[N], int y[N], int z[N]) {
  for (int i = 0; i < N; i++) {
    if (c[i] > 0) y[i] = c[i];
    z[i] = y[i] + y[i];
    if (c[i] < -5) z[i] = y[i];
  }
}
void max_plus(int t[16][16]) {
  for (int i = 14; i >= 0; i--)
    for (int j = i + 1; j < 16; j++)
      for (int k = i + 1; k < j; k++)
        t[i][j] = t[i][j] >= (t[i][k] >> 1) + (t[k + 1][j] >> 1) ? t[i][j] : (t[i][k] >> 1) + (t[k + 1][j] >> 1);
}
void max_self(int a[16]) {
  for (int i = 0; i < 16; i++)
    for (int k = 0; k < 16; k++) a[i] = a[i] >= (a[k] >> 1) + 1 ? a[i] : (a[k] >> 1) + 1;
}
void column_below(double x[16], const double L[16][16]) {
  for (int j = 0; j < 16; j++)
    for (int i = j + 1; i < 16; i++) x[i] -= L[i][j] * x[j];
}
void column_all(double x[16], const double L[16][16]) {
  for (int j = 0; j < 16; j++)
    for (int i = 0; i < 16; i++) x[i] -= L[i][j] * x[j];
}
void store_then_next(const double x[64], double b[66], double y[64]) {
#pragma HLS array_partition variable=b type=cyclic factor=2 dim=1
  for (int i = 0; i < 64; i++) {
#pragma HLS unroll factor=2
    b[i] = x[i] * 2.0;
    y[i] = b[i + 2] + 1.0;
  }
}
void not_pipelined(int a[N]) {
  for (int i = 0; i < N; i++) {
#pragma HLS pipeline off
    a[i] = a[i] * 2;
  }
}
void relaxed(int a[N]) {
  for (int i = 0; i < N; i++) {
#pragma HLS pipeline II=3
    a[i] = a[i] + 7;
  }
}
"""


def _synth(tmp_path: Path, top: str, *extra: str) -> tuple[dict[str, Any], str]:
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / top
    proc = run_hls(str(src), "--top", top, "-o", str(out), *extra)
    assert proc.returncode == 0, proc.stderr
    return json.loads((out / "report.json").read_text()), proc.stderr


@pytest.mark.parametrize("top", ["vadd", "transpose", "stencil2", "stencil3", "stencil3_down", "accumulate"])
def test_streaming_and_accumulation_loops_reach_ii_1(tmp_path: Path, top: str) -> None:
    report, warnings = _synth(tmp_path, top)
    inner = report["loops"][-1]
    assert inner["pipelined"] and inner["achieved_ii"] == 1 and inner["mii"] == 1
    assert warnings == ""
    assert report["latency_cycles"] is not None


def test_recurrence_sets_ii_and_is_explained(tmp_path: Path) -> None:
    report, warnings = _synth(tmp_path, "recurrence")
    loop = report["loops"][0]
    assert loop["achieved_ii"] == loop["rec_mii"] == loop["mii"] > 1
    assert loop["target_ii"] == 1
    first = warnings.splitlines()[0]
    assert ":19:3: warning: loop 'recurrence_L19': II=36 instead of the target 1" in first
    assert "recurrence through" in first and "sdiv" in first and "store to 'a'" in first and "over distance 1" in first


def test_single_port_resource_limit_is_explained(tmp_path: Path) -> None:
    report, warnings = _synth(tmp_path, "three_reads")
    loop = report["loops"][0]
    assert loop["achieved_ii"] == loop["res_mii"] == 3
    assert "3 accesses to 'a' per iteration on its 1 port: ResMII=3" in warnings


def test_second_port_only_when_it_helps(tmp_path: Path) -> None:
    report, _ = _synth(tmp_path, "mirror")
    ports = {i["port"] for i in report["interfaces"]}
    assert "a_address1" in ports and "b_address1" not in ports
    report, _ = _synth(tmp_path, "vadd")
    assert not any(i["port"].endswith("address1") for i in report["interfaces"])


def test_an_element_stored_or_loaded_in_the_iteration_is_not_loaded_again(tmp_path: Path) -> None:
    """y[i] is read back after its store and x[i] twice: on single-port memories only
    forwarding the known values gives II 1."""
    report, warnings = _synth(tmp_path, "forwarded")
    assert report["loops"][0]["achieved_ii"] == 1 and warnings == ""


@pytest.mark.parametrize("top", ["forwarded", "forward_guarded"])
def test_forwarding_keeps_results_exact(tmp_path: Path, top: str) -> None:
    """A value stored under a condition is not forwarded to a load on other paths."""
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(tmp_path / top), "--runs", "3", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_accesses_of_different_elements_keep_no_order_in_an_iteration(tmp_path: Path) -> None:
    """Each copy stores b[i] (bank i % 2, element i / 2) before it loads b[i + 2] (the same bank,
    the next element), which the next iteration overwrites. Kept in C's order, the store, the
    load and the next iteration's store were a recurrence of 2 cycles over one iteration (II 2);
    isl sees the two subscripts never meet in one iteration, so only the carried order remains."""
    report, warnings = _synth(tmp_path, "store_then_next")
    assert report["loops"][0]["achieved_ii"] == 1 and warnings == ""
    src = tmp_path / "k.c"
    proc = run_hls("cosim", str(src), "--top", "store_then_next", "-o", str(tmp_path / "store_then_next"), "--runs", "2", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_pragmas_and_flags(tmp_path: Path) -> None:
    report, _ = _synth(tmp_path, "not_pipelined")
    assert not report["loops"][0]["pipelined"]
    report, _ = _synth(tmp_path, "relaxed")
    assert report["loops"][0]["achieved_ii"] == 3 and report["loops"][0]["target_ii"] == 3
    report, _ = _synth(tmp_path, "vadd", "--no-pipeline")
    assert not report["loops"][0]["pipelined"]
    report, _ = _synth(tmp_path, "vadd", "--ii", "2")
    assert report["loops"][0]["achieved_ii"] == 2


TRIP_KERNEL = """
#include <stdio.h>
int tail_sum(int n, int m, const int a[16], int b[16]) {
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = i; j < m; j++) { b[j] = a[j] + i; s += a[j] ^ j; }
  return s;
}
int main(void) {
  int a[16], b[16];
  for (int i = 0; i < 16; i++) { a[i] = i * 7 - 20; b[i] = 0; }
  int cases[][2] = {{0, 5}, {1, 1}, {1, 2}, {3, 4}, {4, 16}, {16, 16}, {2, 0}};
  for (int c = 0; c < 7; c++) printf("%d\\n", tail_sum(cases[c][0], cases[c][1], a, b));
  return 0;
}
"""


def test_trip_counts_zero_one_and_triangular_cosim(tmp_path: Path) -> None:
    src = tmp_path / "trip.c"
    src.write_text(TRIP_KERNEL)
    out = tmp_path / "o"
    proc = run_hls("cosim", str(src), "--top", "tail_sum", "-o", str(out), "--tb", str(src))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    result = json.loads((out / "cosim.json").read_text())
    assert result["status"] == "pass" and len(result["calls"]) == 7
    report = json.loads((out / "report.json").read_text())
    assert report["loops"][1]["pipelined"] and report["loops"][1]["achieved_ii"] == 1


@pytest.mark.parametrize("top", ["stencil3", "stencil3_down", "guarded"])
def test_reused_loads_cosim(tmp_path: Path, top: str) -> None:
    """Window registers (reuse-loads) keep results exact, including empty loops (n random)."""
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / top
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--runs", "2")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_accumulator_beside_reads_of_other_elements(tmp_path: Path) -> None:
    """nussinov: t[i][j] lives in a register over the k loop, as isl proves t[i][k] and
    t[k + 1][j] never read it there; each is read once per iteration although ?: names it twice
    (halves: no signed overflow with the random inputs of cosim)."""
    report, warnings = _synth(tmp_path, "max_plus")
    inner = report["loops"][-1]
    assert inner["pipelined"] and inner["achieved_ii"] == inner["mii"] == 1 and warnings == ""
    proc = run_hls(str(tmp_path / "k.c"), "--top", "max_plus", "-o", str(tmp_path / "e"), "--emit", "reuse")
    assert proc.returncode == 0 and "t_acc = ((t_acc >= " in (tmp_path / "e" / "max_plus.reuse").read_text()
    for top in ("max_plus", "max_self"):
        proc = run_hls("cosim", str(tmp_path / "k.c"), "--top", top, "-o", str(tmp_path / top), "--runs", "2")
        assert proc.returncode == 0, proc.stdout + proc.stderr


def test_accumulator_stays_in_memory_when_another_read_may_see_it(tmp_path: Path) -> None:
    """a[k] is a[i] when k == i: the element is not kept in a register over the k loop."""
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    proc = run_hls(str(src), "--top", "max_self", "-o", str(tmp_path / "e"), "--emit", "reuse")
    assert proc.returncode == 0, proc.stderr
    assert "a_acc" not in (tmp_path / "e" / "max_self.reuse").read_text()


def test_invariant_read_is_loaded_once_where_no_write_reaches_it(tmp_path: Path) -> None:
    """x[j] in a loop over i > j writing x[i]: one load before the loop frees a port (II 1); over
    all i, x[i] is x[j] once, so the store at i == j also writes the register, which every later
    iteration then reads as C reads x[j] (the recurrence through it, a product and a difference,
    sets the II: 2,896 cycles, against 3,328 with x[j] read from memory in every iteration)."""
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    for top, forwarded in (("column_below", False), ("column_all", True)):
        proc = run_hls(str(src), "--top", top, "-o", str(tmp_path / "e"), "--emit", "reuse", "--no-transform")
        assert proc.returncode == 0, proc.stderr
        ir = (tmp_path / "e" / f"{top}.reuse").read_text()
        assert "x_inv = x[j];" in ir and ("x_inv = x_st;" in ir) == forwarded
        report, _ = _synth(tmp_path, top, "--no-transform")
        assert (report["loops"][-1]["achieved_ii"] == 1) == (not forwarded)
        assert report["latency_cycles"] == (2896 if forwarded else 360)
        proc = run_hls("cosim", str(src), "--top", top, "-o", str(tmp_path / top), "--runs", "2")  # the RTL on disk
        assert proc.returncode == 0, proc.stdout + proc.stderr


def test_conditional_reads_are_not_rewritten(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / "g"
    proc = run_hls(str(src), "--top", "guarded", "-o", str(out), "--emit", "reuse")
    assert proc.returncode == 0, proc.stderr
    assert "_w0" not in (out / "guarded.reuse").read_text()
