"""Read-only tables (#15): file-scope ``const`` arrays and ``static const`` local arrays with
constant initializers become ROMs holding their contents from the start (no stores, no cycles),
shared by every function that reads them; array_partition splits the contents among the banks.
Co-simulated bit-exactly under the file's own main; the printed HIR keeps the contents."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import cosim_with_main, run_hls
from hls.ir.hir_text import parse_hir

KERNELS = """
#include <stdint.h>
#define N 32
static const uint8_t sbox[16] = {0x6, 0x4, 0xc, 0x5, 0x0, 0x7, 0x2, 0xe, 0x1, 0xf, 0x3, 0xd, 0x8, 0xa, 0x9, 0xb};
const int coef[][3] = {{1, -2, 3}, {4, 5}};              /* rows from the list, the rest zero */
const float taps[] = {0.25f, -0.5f, 1.0f / 3, 2.5e-3f, -0.0f, 1e39 / 3e38};
static const double scale[2][2] = {{1.5, -2.0}, {0.125}};
const int64_t big[4] = {-1, 0x7fffffffffffffff, -9223372036854775807 - 1, 42};
static int crc_step(int x) {
  static const unsigned short tab[16] = {0x0000, 0x1081, 0x2102, 0x3183, 0x4204, 0x5285, 0x6306, 0x7387,
                                         0x8408, 0x9489, 0xa50a, 0xb58b, 0xc60c, 0xd68d, 0xe70e, 0xf78f};
  return (x >> 4) ^ tab[x & 15];
}
void subst(uint8_t a[64], int out[64], int64_t w[4]) {
  for (int i = 0; i < 64; i++) {
    a[i] = sbox[a[i] & 15] | (sbox[a[i] >> 4] << 4);
    out[i] = coef[i & 1][i % 3] * a[i] + crc_step(crc_step(out[i]));
  }
  for (int k = 0; k < 4; k++) w[k] ^= big[(k + 1) & 3];
}
void fir(const float x[N], float y[N], double z[N]) {
  for (int i = 0; i < N; i++) {
    float acc = 0;
    for (int k = 0; k < 6; k++)
      if (i >= k) acc += taps[k] * x[i - k];
    y[i] = acc;
    z[i] = acc * scale[i & 1][(i >> 1) & 1];
  }
}
const int T[3][5] = {{1, 2, 3, 4, 5}, {-6, 7, -8, 9, 10}, {11, 12, 13}};
void banks(const int x[15], int y[15]) {
#pragma HLS array_partition variable=T type=cyclic factor=2 dim=2
  for (int i = 0; i < 15; i++) {
#pragma HLS pipeline II=1
    int r = i % 3;
    y[i] = T[r][0] * x[i] + T[r][1] + T[r][2] + T[r][3] + T[r][4] + T[i % 3][i % 5];
  }
}
void regs(const int x[15], int y[15]) {
#pragma HLS array_partition variable=T complete dim=0
  for (int i = 0; i < 15; i++) y[i] = T[i % 3][i % 5] * x[i] + T[2][4];
}
void blocks(const int x[15], int y[15]) {
#pragma HLS array_partition variable=T type=block factor=2 dim=1
  for (int i = 0; i < 15; i++) y[i] = T[i % 3][i % 5] * x[i];
}
int main(void) {
  uint8_t a[64]; int out[64]; int64_t w[4] = {1, 2, 3, 4};
  float x[N], y[N]; double z[N]; int xi[15], yi[15];
  for (int i = 0; i < 64; i++) { a[i] = (uint8_t)(i * 37 + 11); out[i] = i * 7919; }
  for (int i = 0; i < N; i++) x[i] = (float)(i * 0.7 - 3);
  for (int i = 0; i < 15; i++) xi[i] = i * 3 - 7;
  subst(a, out, w); subst(a, out, w);
  fir(x, y, z);
  banks(xi, yi); regs(xi, yi); blocks(xi, yi);
  return 0;
}
"""


@pytest.mark.parametrize(("top", "calls"), [("subst", 2), ("fir", 1), ("banks", 1), ("regs", 1), ("blocks", 1)])
def test_tables_cosim(tmp_path: Path, top: str, calls: int) -> None:
    out, result = cosim_with_main(tmp_path, KERNELS, top)
    assert result["status"] == "pass" and len(result["calls"]) == calls
    if top == "subst":
        # no initializing stores: the two loops' 64 + 4 iterations and little more
        assert json.loads((out / "report.json").read_text())["latency_cycles"] < 200


def test_contents_in_the_printed_hir(tmp_path: Path) -> None:
    """The HIR text carries each ROM's contents (element bits, flat, the rest zero) and parses
    back to them."""
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    proc = run_hls(str(src), "--top", "subst", "-o", str(tmp_path / "o"), "--emit", "hir")
    assert proc.returncode == 0, proc.stderr
    text = (tmp_path / "o" / "subst.hir").read_text()
    assert "%coef = hir.alloca : !memref<2x3xi32, bram, ports 2, r1w1> init [1, 4294967294, 3, 4, 5, 0]" in text
    mems = {m.name: m for m in parse_hir(text).memrefs}
    assert mems["sbox"].init == (6, 4, 12, 5, 0, 7, 2, 14, 1, 15, 3, 13, 8, 10, 9, 11)
    assert mems["big"].init == ((1 << 64) - 1, (1 << 63) - 1, 1 << 63, 42)
    assert mems["tab"].init is not None and mems["tab"].init[15] == 0xF78F
