"""Comma expressions (#15): in a ``for`` loop's initialisation (other declarations or assignments
run before the loop) and increment (other expressions run after each iteration, a ``continue``'s
included), as statements and as values. ``++``/``--`` inside expressions (``out[k++] = v``: the
old value, then the increment; ``++m``: the new value). Co-simulated bit-exactly under the
file's own main."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cosim_with_main, run_hls

KERNELS = r"""
void rev(int a[16], int b[16], int *n) {
  int j, k;
  for (int i = 0, j = 15; i < 16; i++, j--) b[i] = a[j];   /* j: the loop's own */
  for (k = 0, j = 3; k < 8; k += 2, j += 5) {
    if (a[k] < 0) continue;                               /* j += 5 still runs */
    b[k] += j;
  }
  int x = (j++, j * 2), y;
  y = 1, x += y;
  *n = x + j;
}
void pack(const unsigned char in[16], unsigned char out[32], int *count) {
  int k = 0;
  for (int i = 0; i < 16; i++) {
    if (in[i] & 1) out[k++] = in[i];
    else { out[k++] = 0; out[k++] = in[i] >> 1; }
  }
  int m = 3;
  int v = ++m * 2;
  v += (m-- > 2);
  v += out[--k];
  *count = k + v + m;
}
int main(void) {
  int a[16], b[16], n;
  unsigned char in[16], out[32];
  for (int i = 0; i < 16; i++) { a[i] = i * 7 - 40; in[i] = (unsigned char)(i * 37 + 5); }
  for (int i = 0; i < 32; i++) out[i] = 0;
  rev(a, b, &n);
  pack(in, out, &n);
  return 0;
}
"""


@pytest.mark.parametrize("top", ["rev", "pack"])
def test_comma_and_increments_cosim(tmp_path: Path, top: str) -> None:
    _, result = cosim_with_main(tmp_path, KERNELS, top)
    assert result["status"] == "pass" and len(result["calls"]) == 1


def test_initialisation_reading_the_loop_variable_is_a_located_error(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text("void f(int a[4]) {\n  int j;\n  for (int i = 0, j = i + 1; i < 4; i++) a[i] = j;\n}\n")
    proc = run_hls(str(src), "--top", "f", "-o", str(tmp_path / "o"))
    assert proc.returncode == 1 and f"{src}:3:" in proc.stderr
    assert "a loop initialisation reading loop variable 'i' is not supported" in proc.stderr, proc.stderr


def test_initialisation_writing_what_the_initial_value_reads(tmp_path: Path) -> None:
    """C takes the loop variable's initial value first: ``j = k, k = 3`` starts j at the caller's
    k. (A counted loop refused it where it is; the top assigns its argument k, so the loop is a
    flagged loop now, whose initialisation runs in C's order.)"""
    source = (
        "#include <stdio.h>\nvoid f(int a[8], int k) {\n  int j;\n  for (j = k, k = 3; j < 8; j++) a[j] = k;\n}\n"
        "int main(void) {\n  int a[8] = {0};\n  f(a, 2);\n  for (int i = 0; i < 8; i++) printf(\"%d \", a[i]);\n  return 0;\n}\n"
    )
    out, result = cosim_with_main(tmp_path, source, "f")
    assert result["status"] == "pass" and len(result["calls"]) == 1  # (bit-exact against gcc: a[2..7] = 3)
    assert "until break_flag" in (out / "f.hir").read_text().replace("%", "").replace("_reg", "")
