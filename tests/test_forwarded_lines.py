"""Registers and line buffers over elements the loop also writes (reuse-loads): an element read
in every iteration at subscripts the loop does not change goes to a register, a row or column
read again in every iteration of an outer loop to a local RAM, and every store to the array
also writes them where it hits them (``forward_to``). Checked by the rewritten kernel IR, by II
and by co-simulation (bit-exact against gcc) with data whose stores do hit them: negative
distances on the diagonal change row and column k of floyd-warshall while they are read."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from conftest import cosim_and_reuse_ir, kernel_from_source
from hls.frontend.reuse_loads import _merged_stores
from hls.ir.kernel import print_kernel

KERNELS = """
#include <stdio.h>
#define N 8
void fw(int p[N][N]) {
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        p[i][j] = p[i][j] < p[i][k] + p[k][j] ? p[i][j] : p[i][k] + p[k][j];
}
void axpy_self(int k, int x[32]) {
  for (int j = 0; j < 32; j++) x[j] = x[j] * 3 - x[k];
}
void cond_store(int k, int x[32], const int c[32]) {
  for (int j = 0; j < 32; j++) {
    int t = x[j] + (x[k] >> 1);
    if (c[j] > 0) x[j] = t;
  }
}
void short_nest(const int p[N][2], int q[N][2]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 2; j++) q[i][j] = p[i][j] + p[3][j] - p[5][j] + p[i][0];
}
void fw_banks(int p[N][N]) {
#pragma HLS array_partition variable=p type=cyclic factor=2 dim=2
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
#pragma HLS unroll factor=2
        p[i][j] = p[i][j] < p[i][k] + p[k][j] ? p[i][j] : p[i][k] + p[k][j];
      }
}
void fw_row_banks(int p[N][N]) {
#pragma HLS array_partition variable=p type=cyclic factor=2 dim=1
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++) {
#pragma HLS unroll factor=2
      for (int j = 0; j < N; j++)
        p[i][j] = p[i][j] < p[i][k] + p[k][j] ? p[i][j] : p[i][k] + p[k][j];
    }
}
void lines_down(int k, int x[N][N]) {
  for (int i = N - 1; i >= 1; i--)
    for (int j = N - 2; j >= 0; j--) x[i - 1][j + 1] = x[i][j] + x[k][j] - x[k + 1][j + 1] + x[i][k];
}
int main(void) {
  static int p[N][N], q[N][2], r[N][2], x[32], c[32];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) p[i][j] = i == j ? -(i % 3) : (i * 7 + j * 5) % 11 - 2;
  static int pb[N][N], pr[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) pb[i][j] = pr[i][j] = p[i][j];
  fw(p);
  fw_banks(pb);
  fw_row_banks(pr);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 2; j++) q[i][j] = i * 3 - j * 5;
  short_nest(q, r);
  for (int k = 0; k < 32; k += 5) {
    for (int j = 0; j < 32; j++) {
      x[j] = (j * 13) % 7 - 3 + k;
      c[j] = (j + k) % 3 - 1;
    }
    axpy_self(k, x);
    cond_store(k, x, c);
  }
  static int y[N][N];
  for (int k = 0; k < N - 1; k++) {
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) y[i][j] = (i * 5 + j * 3 + k) % 9 - 4;
    lines_down(k, y);
  }
  long s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s = s * 3 + p[i][j] + 5 * pb[i][j] - 7 * pr[i][j];
  for (int j = 0; j < 32; j++) s = s * 5 + x[j];
  for (int i = 0; i < N; i++) s = s * 7 + r[i][0] - r[i][1];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s = s * 3 + y[i][j];
  printf("%ld\\n", s);
  return 0;
}
"""


def _cosim(tmp_path: Path, top: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """Synthesize ``top``, co-simulate it under the file's main: (report, cosim result, kernel IR after reuse-loads)."""
    return cosim_and_reuse_ir(tmp_path, KERNELS, top)


def _pipelines(report: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {"+".join([lp["name"], *lp["flattened"]]): (lp["achieved_ii"], lp["mii"]) for lp in report["loops"] if lp["pipelined"]}


def test_floyd_warshall_reads_row_and_column_k_from_line_buffers(tmp_path: Path) -> None:
    report, result, ir = _cosim(tmp_path, "fw")
    assert result["status"] == "pass"
    # row k and column k copied before the i loop, in one loop; the column's element of row i
    # in a register for the j loop; each store of p[i][j] forwarded where it hits them
    for line in ("p_line[i_line] = p[i_line][k];", "p_line_2[i_line] = p[k][i_line];", "p_inv = p_line[i];", "if (i == k):i32 {", "p_line_2[j] = p_st;", "p_inv = p_st;"):
        assert line in ir, line
    assert "p[k][j]" not in ir and "p[i][k]" not in ir
    loops = _pipelines(report)
    # the i and j loops run as one pipeline at II 1 (p accessed twice per iteration: its load
    # and its store of p[i][j]); the register's first-iteration load does not count as an
    # access in every iteration
    flat = [name for name in loops if "+" in name]
    assert len(flat) == 1 and loops[flat[0]] == (1, 1), loops
    assert report["latency_cycles"] < 8 * (64 + 8 + 12)


def test_floyd_warshall_in_column_banks_reads_lines_of_each_bank(tmp_path: Path) -> None:
    """path split into two banks by columns, the j loop unrolled by two: each copy reads row k of
    its own bank from a line of it (j / 2: the bank's column), and column k, in the bank k % 2
    says, from a line copying the chosen bank's column (and its element of row i in a register):
    every store of a copy forwarded where it hits them, the two copies' stores to the column
    merged into one (one port). The nest runs as one pipeline at II 1 (before: II 2, the banks'
    rows and column read in the loop)."""
    report, result, ir = _cosim(tmp_path, "fw_banks")
    assert result["status"] == "pass"
    ir = ir.replace(":i32", "")
    column = re.findall(r"(p_\w+_line\w*)\[i_line\] = \(\(\(k % 2\) == 0\) \? p_0_0\[i_line\]\[\(k / 2\)\] : p_0_1\[i_line\]\[\(k / 2\)\]\);", ir)
    assert len(column) == 1, ir
    assert "p_0_0_line[(j_line / 2)] = p_0_0[k][(j_line / 2)];" in ir and "p_0_1_line[((j_line + 1) / 2)] = p_0_1[k][((j_line + 1) / 2)];" in ir
    inner = ir[ir.index("for fw_banks_L") :]
    inner = inner[inner.index("j += 2") :]
    assert "p_0_0[k]" not in inner and "p_0_1[k]" not in inner and "[(k / 2)]" not in inner, inner
    assert len(re.findall(rf"\b{column[0]}\[i\] = ", inner)) == 1, inner
    loops = _pipelines(report)
    flat = [name for name in loops if "+" in name and "_line" not in name]
    assert len(flat) == 1 and loops[flat[0]] == (1, 1), loops


def test_floyd_warshall_in_row_banks_reads_the_chosen_row_from_a_line(tmp_path: Path) -> None:
    """path split into two banks by rows, the i loop unrolled by two (two j loops): row k, in
    the bank k % 2 says, read from a line copying the chosen bank's row, in both its
    occurrences (one under the selection); each j loop at II 1 (before: II 2)."""
    report, result, ir = _cosim(tmp_path, "fw_row_banks")
    assert result["status"] == "pass"
    ir = ir.replace(":i32", "")
    assert re.search(r"p_\w+_line\w*\[j_line\] = \(\(\(k % 2\) == 0\) \? p_0_0\[\(k / 2\)\]\[j_line\] : p_1_0\[\(k / 2\)\]\[j_line\]\);", ir), ir
    body = ir[ir.index("i += 2") :]
    assert "[(k / 2)]" not in body, body
    nest = {name: ii for name, ii in _pipelines(report).items() if "_line" not in name}
    assert len(nest) == 2 and set(nest.values()) == {(1, 1)}, nest


def test_lines_of_a_nest_running_downwards(tmp_path: Path) -> None:
    """Rows k and k + 1 and column k, the loops stepping down, the stores one row up and one
    column right of the element read: each line takes the stores that hit it."""
    report, result, ir = _cosim(tmp_path, "lines_down")
    assert result["status"] == "pass" and len(result["calls"]) == 7
    ir = ir.replace(":i32", "")
    for line in ("x_line[i_line] = x[i_line][k];", "x_line_2[j_line] = x[k][j_line];", "x_line_3[(j_line + 1)] = x[(k + 1)][(j_line + 1)];"):
        assert line in ir, line
    assert "if (((i - 1) == (k + 1)))" in ir or "if ((i - 1) == (k + 1))" in ir
    nest = {name: ii for name, ii in _pipelines(report).items() if "_line" not in name}
    assert list(nest.values()) == [(1, 1)], nest


@pytest.mark.parametrize("top", ["axpy_self", "cond_store"])
def test_invariant_element_written_by_the_loop_is_forwarded(tmp_path: Path, top: str) -> None:
    report, result, ir = _cosim(tmp_path, top)
    assert result["status"] == "pass" and len(result["calls"]) == 7
    assert re.search(r"x_inv = (x_st|t);", ir)  # the store's value also goes to the register
    assert "x[k]" not in ir.split("for ")[1]  # (no read of x[k] left in the loop)
    assert all(ii == 1 for ii, _ in _pipelines(report).values())


def test_a_copy_longer_than_its_use_is_not_made(tmp_path: Path) -> None:
    """Rows 3 and 5 read in 16 iterations: copies of their 2 elements pay, but column 0 (the
    register of p[i][0], loaded once per i) would take 8 reads for 16 iterations: not copied
    (4 x 8 > 16)."""
    _, result, ir = _cosim(tmp_path, "short_nest")
    assert result["status"] == "pass"
    ir = ir.replace(":i32", "")
    assert "p_line[j_line] = p[3][j_line];" in ir and "p_line_2[j_line] = p[5][j_line];" in ir
    assert "p_inv = p[i][0];" in ir and "p_line_3" not in ir


MERGED = """
void m(int c, int d, const int x[4], int t[4], int out[4]) {
  for (int i = 0; i < 4; i++) {
    if (c == i) t[i] = x[i];
    out[i] = x[i] * 3;
    if (d == i) t[i] = x[i] + 1;
  }
}
void kept(int c, int d, const int x[4], int t[4], int out[4]) {
  for (int i = 0; i < 4; i++) {
    if (c == i) t[i] = x[i];
    out[i] = t[i];
    if (d == i) t[i] = x[i] + 1;
  }
}
"""


@pytest.mark.parametrize(("top", "merged"), [("m", True), ("kept", False)])
def test_guarded_stores_to_one_element_merge_unless_read_between(tmp_path: Path, top: str, merged: bool) -> None:
    """Two guarded stores to t[i] become one, the later's value where its condition holds, unless
    something between them reads t (it must see the first store's value)."""
    fn = kernel_from_source(tmp_path, MERGED, top)
    t = next(v for v in fn.params if v.name == "t")
    fn.body = _merged_stores(fn.body, {t})
    text = print_kernel(fn).replace(":i32", "")
    stores = re.findall(r"(?<!\w)t\[i\] = .*;", text)
    if merged:
        assert stores == ["t[i] = ((d == i) ? (x[i] + 1) : x[i]);"], text
        assert "if (((c == i) || (d == i)))" in text or "if ((c == i) || (d == i))" in text, text
    else:
        assert stores == ["t[i] = x[i];", "t[i] = (x[i] + 1);"], text
