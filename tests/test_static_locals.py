"""Static locals (#15): state inside the design, kept from call to call, as Vitis HLS keeps it.
Each static local that is not a const table is a memory of its own (a scalar is one element)
whose contents start at the C initializer's values (zero without one) at power-up; one per
declaration, however often its function is inlined. Co-simulated bit-exactly under the file's
own main and with the random testbench: the RTL's calls see the state its earlier calls left."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cosim_random, cosim_with_main, first_error, run_hls

COUNTER = r"""
#include <stdio.h>
static int bump(int by) {
  static int total = 100;        /* one variable for both inlined calls */
  total += by;
  return total;
}
int counter(int x, int out[8]) {
  static int count;
  static short hist[8] = {1, 2, 3};
  static unsigned char last[4];
  static const int scale = 3;    /* a constant */
  int i;
  count++;
  hist[x & 7] += scale;
  for (i = 0; i < 4; i++) {
    out[i] = last[i] + hist[i];
    last[i] = (unsigned char)(x + i + count);
  }
  for (i = 4; i < 8; i++) out[i] = hist[i];
  return count * 1000 + bump(x) + bump(1);
}
int main(void) {
  int out[8], r = 0, k, i;
  for (k = 0; k < 6; k++) {
    r = counter(k * 7 + 1, out);
    printf("%d:", r);
    for (i = 0; i < 8; i++) printf(" %d", out[i]);
    printf("\n");
  }
  return 0;
}
"""

# a pipelined loop reads and writes the state to its last iteration; a completely partitioned
# static array, a double, a static loop variable read after its loop by a while loop
PIPELINED = r"""
void acc(const int in[16], int out[16], int n) {
  static int buf[16];
  static int regs[4] = {7, 7, 7, 7};
#pragma HLS array_partition variable=regs complete
  static double dsum = 0.5;
  static int i;
  int k;
  for (k = 0; k < 16; k++) {
#pragma HLS pipeline II=1
    out[k] = buf[k] + regs[k & 3];
    buf[k] = in[k] + buf[k];
  }
  for (k = 0; k < 4; k++) regs[k] += in[k];
  for (i = 0; i < n && i < 16; i++) dsum = dsum * 0.5 + in[i];
  out[0] += (int)dsum;
  while (i > 3) { buf[i & 15] ^= i; i -= 3; }
}
"""


def test_static_locals_cosim_under_main(tmp_path: Path) -> None:
    out, result = cosim_with_main(tmp_path, COUNTER, "counter")
    assert result["status"] == "pass" and len(result["calls"]) == 6
    kernel = run_hls(str(tmp_path / "k.c"), "--top", "counter", "-o", str(tmp_path / "k"), "--emit", "kernel")
    assert kernel.returncode == 0, kernel.stderr
    text = next((tmp_path / "k").glob("*.kernel")).read_text()
    assert "local static i32[1] count = {0}" in text
    assert "local static i16[8] hist = {1, 2, 3, 0, 0, 0, 0, 0}" in text
    assert text.count("local static i32[1] total = {100}") == 1 and "scale" not in text
    # a memory module of its own, starting with the value and written
    ram = (out / "rtl" / "counter_total_ram.sv").read_text()
    assert "ram[0] = 32'h64;" in ram and "if (we0) ram[address0] <= d0;" in ram


def test_static_locals_cosim_random_testbench(tmp_path: Path) -> None:
    rtl = cosim_random(tmp_path, PIPELINED, "acc", runs=4) / "rtl"
    assert (rtl / "acc_buf_ram.sv").exists() and (rtl / "acc_regs_0_ram.sv").exists()


@pytest.mark.parametrize(
    ("decl", "line_col", "message"),
    [
        ("static int *p;", (2, 14), "static pointer variable 'p' is not supported"),
        ("static int s = a[0];", (2, 18), "the initializer of static variable 's' is not a constant expression"),
        ("static int t[2] = {1, a[1]};", (2, 25), "the initializer of static variable 't' is not a constant expression"),
    ],
)
def test_bad_static_locals_are_located(tmp_path: Path, decl: str, line_col: tuple[int, int], message: str) -> None:
    source = f"void f(int a[4]) {{\n  {decl}\n  a[0] = 1;\n}}\n"
    assert first_error(tmp_path, source, "f") == f"k.c:{line_col[0]}:{line_col[1]}: error: {message}"
