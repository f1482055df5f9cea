"""Sweep fusion (reuse-loads, frontend/sweep_fusion.py): the two sweeps of a time step (B from A,
then A from B), each a perfect nest once its line or plane buffers are in place, run as one nest
with the second sweep the least legal number of rows or planes behind. Checked by the report (the
note, one pipeline at II 1 over the grid once per time step), by kernels it must not fuse, and by
co-simulation (bit-exact against gcc)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import run_hls

T, R, C = 3, 9, 8  # as KERNELS defines them

KERNELS = """
#include <stdio.h>
#define T 3
#define R 9
#define C 8
#define P 6
void jacobi(double a[R][C], double b[R][C]) {
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < R - 1; i++)
      for (int j = 1; j < C - 1; j++) b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][1 + j] + a[1 + i][j] + a[i - 1][j]);
    for (int i = 1; i < R - 1; i++)
      for (int j = 1; j < C - 1; j++) a[i][j] = 0.2 * (b[i][j] + b[i][j - 1] + b[i][1 + j] + b[1 + i][j] + b[i - 1][j]);
  }
}
void heat(int a[P][R][C], int b[P][R][C]) {
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < P - 1; i++)
      for (int j = 1; j < R - 1; j++)
        for (int k = 1; k < C - 1; k++)
          b[i][j][k] = a[i + 1][j][k] - 2 * a[i][j][k] + a[i - 1][j][k] + (a[i][j + 1][k] ^ a[i][j - 1][k]) + a[i][j][k + 1] - a[i][j][k - 1] + t;
    for (int i = 1; i < P - 1; i++)
      for (int j = 1; j < R - 1; j++)
        for (int k = 1; k < C - 1; k++)
          a[i][j][k] = (b[i + 1][j][k] >> 1) + b[i - 1][j][k] - b[i][j + 1][k] + 3 * b[i][j - 1][k] - b[i][j][k + 1] + b[i][j][k - 1];
  }
}
/* the second sweep reads a row of b the first writes last: no shift lets it run beside the first */
void last_row(int a[R][C], int b[R][C]) {
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < R - 1; i++)
      for (int j = 1; j < C - 1; j++) b[i][j] = a[i][j - 1] + a[i][j + 1] + a[i - 1][j] + a[i + 1][j];
    for (int i = 1; i < R - 1; i++)
      for (int j = 1; j < C - 1; j++) a[i][j] = b[i][j - 1] - b[i][j + 1] + b[i - 1][j] - b[i + 1][j] + b[R - 2][j];
  }
}
/* downwards: the second sweep some rows above the first */
void down(int a[R][C], int b[R][C]) {
  for (int t = 0; t < T; t++) {
    for (int i = R - 2; i >= 1; i--)
      for (int j = 1; j < C - 1; j++) b[i][j] = a[i][j - 1] * 3 + a[i][j + 1] - a[i - 1][j] + a[i + 1][j];
    for (int i = R - 2; i >= 1; i--)
      for (int j = 1; j < C - 1; j++) a[i][j] = b[i][j - 1] + b[i][j + 1] - b[i - 1][j] * 5 + b[i + 1][j];
  }
}
/* the second sweep reads two rows ahead of its own: three rows behind */
void wide(int a[R][C], int b[R][C]) {
  for (int t = 0; t < T; t++) {
    for (int i = 2; i < R - 2; i++)
      for (int j = 1; j < C - 1; j++) b[i][j] = a[i - 2][j] + a[i + 2][j] - a[i][j - 1] + a[i][j + 1] * 3;
    for (int i = 2; i < R - 2; i++)
      for (int j = 1; j < C - 1; j++) a[i][j] = b[i - 2][j] - b[i + 2][j] + b[i][j - 1] * b[i][j + 1] + t;
  }
}
/* a sum over the whole first sweep, read by every iteration of the second: no shift */
int carried(int a[R][C], int b[R][C]) {
  int s = 0;
  for (int i = 1; i < R - 1; i++)
    for (int j = 1; j < C - 1; j++) {
      b[i][j] = a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1];
      s += b[i][j];
    }
  for (int i = 1; i < R - 1; i++)
    for (int j = 1; j < C - 1; j++) a[i][j] = b[i - 1][j] + b[i + 1][j] + b[i][j - 1] + b[i][j + 1] + s;
  return s;
}
int main(void) {
  static double x[R][C], y[R][C];
  static int a[P][R][C], b[P][R][C], c[R][C], d[R][C];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      x[i][j] = (i * 7 + j * 3) % 11 * 0.37 - 1.5;
      y[i][j] = i - j * 0.25;
      c[i][j] = (i * 37 + j * 11) % 23 - 9;
      d[i][j] = i * j - 3;
      for (int p = 0; p < P; p++) {
        a[p][i][j] = (p * 5 + i * 37 + j * 11) % 23 - 9;
        b[p][i][j] = p - i + j;
      }
    }
  jacobi(x, y); heat(a, b); last_row(c, d); down(d, c); wide(c, d); carried(d, c);
  double s = 0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) s = s * 0.5 + x[i][j] - y[i][j] + c[i][j] * 3 - d[i][j] + a[1][i][j] - b[2][i][j];
  printf("%.17g\\n", s);
  return 0;
}
"""


def _compile(tmp_path: Path, top: str, cosim: bool) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """Synthesize ``top`` (and co-simulate it under the file's main): (report, cosim result)."""
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / top
    if not cosim:
        proc = run_hls(str(src), "--top", top, "-o", str(out))
        assert proc.returncode == 0, proc.stderr
        return json.loads((out / "report.json").read_text()), None
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--tb", str(src))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads((out / "report.json").read_text()), json.loads((out / "cosim.json").read_text())


@pytest.mark.parametrize(("top", "grid", "shift"), [("jacobi", R * C, 2), ("heat", 6 * R * C, 2), ("down", R * C, 2), ("wide", R * C, 3)])
def test_sweeps_fuse_two_behind_into_one_pipeline(tmp_path: Path, top: str, grid: int, shift: int) -> None:
    """The second sweep runs two rows (planes) behind the first: one behind it would read the
    rows ahead of its own before the first has written them (wide: reading two rows ahead, three). One pipeline streams the grid
    once per time step (its rows and columns widened by the windows, two rows or planes more for
    the shift), at II 1."""
    report, result = _compile(tmp_path, top, cosim=True)
    assert result is not None and result["status"] == "pass"
    (note,) = [x for x in report["transformations"] if x.startswith("fused the sweeps")]
    assert f"the second {shift} iterations" in note
    (fused,) = [lp for lp in report["loops"] if lp["pipelined"] and not lp["name"].endswith("fill")]
    assert fused["achieved_ii"] == 1 and fused["trip_count"] == grid
    # (wide: the first sweep's four line fills, merged into one pipeline, share a's two ports: II 2)
    assert all(lp["achieved_ii"] == lp["mii"] for lp in report["loops"] if lp["pipelined"])


def test_fused_nest_is_faster_than_the_sweeps_one_after_the_other(tmp_path: Path) -> None:
    """jacobi: one pipeline of R * C iterations per time step instead of two of (R - 2) * C plus
    the line fills (2 * 2 * C) and the pipelines' fill and drain."""
    report, _ = _compile(tmp_path, "jacobi", cosim=False)
    nest = max(lp["iteration_latency"] for lp in report["loops"] if lp["pipelined"])
    assert report["latency_cycles"] <= T * (R * C + C + nest + 8)


@pytest.mark.parametrize("how", ["--no-transform", "pragma"])
def test_not_fused_without_transformations_or_with_a_directive(tmp_path: Path, how: str) -> None:
    """``--no-transform`` keeps the loops of the source, and so does a directive on a loop of
    either sweep (here ``pipeline off`` on the second's rows, which fusion would drop)."""
    source = KERNELS
    args = ["--no-transform"] if how == "--no-transform" else []
    if how == "pragma":
        line = "      for (int j = 1; j < C - 1; j++) a[i][j] = 0.2 * (b[i][j] + b[i][j - 1] + b[i][1 + j] + b[1 + i][j] + b[i - 1][j]);\n"
        rows = "    for (int i = 1; i < R - 1; i++)\n" + line
        assert rows in source
        source = source.replace(rows, "    for (int i = 1; i < R - 1; i++) {\n#pragma HLS pipeline off\n" + line + "    }\n")
    src = tmp_path / "k.c"
    src.write_text(source)
    out = tmp_path / "jacobi"
    proc = run_hls(str(src), "--top", "jacobi", "-o", str(out), *args)
    assert proc.returncode == 0, proc.stderr
    report = json.loads((out / "report.json").read_text())
    assert not any(x.startswith("fused the sweeps") for x in report["transformations"])


@pytest.mark.parametrize("top", ["last_row", "carried"])
def test_not_fused_where_no_shift_is_legal(tmp_path: Path, top: str) -> None:
    """last_row's second sweep reads row R - 2 of b in every iteration, which the first sweep writes
    in its last row; carried's reads a sum over the whole first sweep: the sweeps stay one after
    the other, and the result is still right."""
    report, result = _compile(tmp_path, top, cosim=True)
    assert result is not None and result["status"] == "pass"
    assert not any(x.startswith("fused the sweeps") for x in report["transformations"])
