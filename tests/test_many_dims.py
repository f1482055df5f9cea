"""Arrays of up to six dimensions (#15: a MachSuite kernel has a 4-D one): 4-D arguments and a 5-D
local array, co-simulated bit-exactly under the file's own main; seven are a located error."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cosim_with_main, run_hls

KERNELS = r"""
void sum4(int a[2][3][4][5], int b[5]) {
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      for (int k = 0; k < 4; k++)
        for (int l = 0; l < 5; l++) b[l] += a[i][j][k][l];
}
void copy5(int a[2][2][2][2][3], int b[3]) {
  int t[2][2][2][2][3];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      for (int k = 0; k < 2; k++)
        for (int m = 0; m < 2; m++)
          for (int l = 0; l < 3; l++) t[i][j][k][m][l] = a[i][j][k][m][l] * 3;
  for (int l = 0; l < 3; l++) b[l] = t[1][0][1][1][l] + t[0][1][1][0][2 - l];
}
int main(void) {
  int a[2][3][4][5], b[5] = {0}, c[2][2][2][2][3];
  for (int i = 0; i < 120; i++) a[i / 60][i / 20 % 3][i / 5 % 4][i % 5] = i * 3 - 50;
  for (int i = 0; i < 48; i++) c[i / 24][i / 12 % 2][i / 6 % 2][i / 3 % 2][i % 3] = i * 7 - 50;
  sum4(a, b);
  copy5(c, b);
  return 0;
}
"""


@pytest.mark.parametrize("top", ["sum4", "copy5"])
def test_many_dimensions_cosim(tmp_path: Path, top: str) -> None:
    _, result = cosim_with_main(tmp_path, KERNELS, top)
    assert result["status"] == "pass" and len(result["calls"]) == 1


def test_seven_dimensions_is_a_located_error(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text("void f(int a[2][2][2][2][2][2][2]) {\n  a[0][0][0][0][0][0][0] = 1;\n}\n")
    proc = run_hls(str(src), "--top", "f", "-o", str(tmp_path / "o"))
    assert proc.returncode == 1 and f"{src}:1:12: error: array with more than 6 dimensions is not supported" in proc.stderr, proc.stderr
