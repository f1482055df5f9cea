"""``switch``, ``continue`` and ``break`` (#15). A switch computes its value once; each label's statements
run from the matching label on, falling through the next ones, until a ``break`` (a flag the
rest tests); ``default`` matches when no case does, wherever it stands. ``continue`` sets a flag,
clear when an iteration starts, that the rest of the iteration tests (also from inside a
switch, whose later labels then do not run). ``break`` out of a loop sets a flag, clear before
the loop, that the rest of the iteration and every later one test (the remaining iterations run
empty; a comma increment stops with them). Co-simulated bit-exactly under the file's own main,
against gcc."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cosim_with_main

KERNELS = r"""
#include <stdint.h>
static int classify(int v) {
  int r = 0;
  switch (v & 7) {
    case 0: r = 10; break;
    case 1:
    case 2: r = 20;            /* falls through */
    case 3: r += 3; break;
    default: r = -1;           /* default in the middle, falling into case 6 */
    case 6: r *= 2; if (v > 100) break; r += 1;
  }
  return r;
}
void sw(int a[16], int b[16], uint8_t c[16]) {
  for (int i = 0; i < 16; i++) {
    b[i] = classify(a[i]);
    if (a[i] < 0) continue;
    a[i] += 1;
    for (int k = 0; k < 4; k++) {
      if (k == i % 4) continue;  /* the inner loop's own */
      b[i] += k;
    }
    switch (c[i]) {            /* a uint8_t promoted: 255 matches */
      case 'a': a[i] = 0; continue;
      case 255: b[i] = 7;
      default: break;
    }
    c[i] ^= 1;
  }
}
/* a pipelined loop whose iterations skip their second half */
int64_t sums(const int16_t x[64]) {
  int64_t s = 0;
  for (int i = 0; i < 64; i++) {
#pragma HLS pipeline II=1
    if (x[i] == 0) continue;
    s += x[i];
    if (x[i] & 1) continue;
    s += 1000;
  }
  switch (s > 0) { case 0: return -s; }
  return s;
}
/* a search that breaks, breaks of switches inside a loop that breaks, nested breaking loops */
int find(const int a[32], int key, int out[4]) {
  int pos = -1;
  for (int i = 0; i < 32; i++) {
    if (a[i] == key) { pos = i; break; }
  }
  int n = 0, j;
  for (int i = 0, j = 0; i < 32; i++, j += 2) {
    switch (a[i] & 3) {
      case 0: continue;
      case 1: break;
      default: if (n >= 3) break;
               n++;
    }
    if (a[i] > 100) break;
    out[n & 3] += j;
  }
  for (j = 0; j < 4; j++) {
    for (int k = 0; k < 4; k++) { if (k > j) break; out[j] += k; }
    if (out[j] > 1000) break;
  }
  return pos * 100 + n;
}
int main(void) {
  int a[16], b[16]; uint8_t c[16]; int16_t x[64];
  int f[32], out[4] = {0, 0, 0, 0};
  for (int i = 0; i < 32; i++) f[i] = (i * 29 + 7) % 113;
  int r = find(f, f[17], out) + find(f, -5, out);
  for (int i = 0; i < 16; i++) { a[i] = i * 37 - 200; b[i] = 0; c[i] = (uint8_t)(i % 3 == 0 ? 'a' : i % 3 == 1 ? 255 : i); }
  for (int i = 0; i < 64; i++) x[i] = (int16_t)((i % 5 == 0) ? 0 : i * 811 - 20000);
  sw(a, b, c); sw(a, b, c);
  int64_t s = sums(x);
  x[3] = 30000; s += sums(x);
  return s == 1 && r == 7 ? 2 : 0;  /* (a nonzero status fails the run) */
}
"""


@pytest.mark.parametrize(("top", "calls"), [("sw", 2), ("sums", 2), ("find", 2)])
def test_switch_and_continue_cosim(tmp_path: Path, top: str, calls: int) -> None:
    _, result = cosim_with_main(tmp_path, KERNELS, top)
    assert result["status"] == "pass" and len(result["calls"]) == calls
