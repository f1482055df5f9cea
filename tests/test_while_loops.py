"""``while``, ``do``/``while`` and ``for`` loops of any form (#15): a loop over a hidden counter
that ends when its break flag is set, by ``if (!c) break;`` before the body (``while``,
``for``) or after it (``do``, where a ``continue`` still reaches the test), or by a ``break``
or ``return`` in the body. The flags guard every effect of an iteration (the kernel IR's
``For.exits``) and the controller starts no iteration once one is set, so a loop ends as soon
as C's does (counted loops with a ``break`` too). Co-simulated bit-exactly under the file's own
main, against gcc; the cycles show the early end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import cosim_with_main, run_hls

KERNELS = r"""
#include <stdint.h>
/* a search: the loop ends where C's does (the cycles follow the position) */
int search(const int a[64], int key) {
  int i = 0;
  while (i < 64 && a[i] != key)
    i++;
  return i;
}
/* do/while with continue (which reaches the test), gcd's while, for loops the affine model does
   not take: a bound that is a local, a shifting increment, a loop variable written in the body */
static int gcd(int a, int b) {
  while (b != 0) { int t = b; b = a % b; a = t; }
  return a;
}
int steps(uint32_t x[8], int out[8]) {
  int total = 0;
  for (int k = 0; k < 8; k++) {
    uint32_t v = x[k];
    int n = 0;
    do {
      n++;
      if (v & 1) { v = 3 * v + 1; continue; }
      v >>= 1;
    } while (v > 1 && n < 200);
    out[k] = n + gcd((int)x[k], 48);
    total += n;
  }
  int m = total / 16, i, bits = 0;
  for (i = 0; i < m; i++) out[i & 7] += i;
  for (uint32_t span = 256; span > 0; span >>= 1) bits++;
  for (i = 0; i < 8; i++) { if (out[i] < 10) i++; else out[i] -= 1; }
  return total * 100 + bits * 10 + i;
}
/* while (1) with a break and a return inside (an inlined callee's), for (;;), a flag-driven
   do/while around a counted loop (bubble sort), the loop variable read after the loop */
static int first_negative(const int a[16]) {
  int i = 0;
  while (1) {
    if (a[i] < 0) return i;
    if (++i == 16) break;
  }
  return -1;
}
int sort(int a[16]) {
  int where = first_negative(a), swapped, passes = 0;
  do {
    swapped = 0;
    for (int j = 0; j < 15; j++) {
      if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; swapped = 1; }
    }
    passes++;
  } while (swapped);
  int n;
  for (n = 0; n < 16 && a[n] < 0; n++) {}
  int spins = 0;
  for (;;) { if (++spins >= 3) break; }
  return where * 10000 + passes * 100 + n * 10 + spins;
}
int main(void) {
  int a[64];
  for (int i = 0; i < 64; i++) a[i] = (i * 37) % 101;
  int r = search(a, 0) + search(a, 100) * 100 + search(a, -1) * 10000;
  uint32_t x[8] = {27, 1, 2, 97, 6, 0, 255, 871};
  int out[8];
  int s = steps(x, out);
  int b[16], c[16];
  for (int i = 0; i < 16; i++) { b[i] = (i * 11) % 7 - 2; c[i] = i; }
  int t = sort(b) + sort(c);
  return r == 643000 && s != 0 && t != 0 ? 0 : 1;
}
"""


def _calls(out: Path) -> list[int]:
    return [c["cycles"] for c in json.loads((out / "cosim.json").read_text())["calls"]]


@pytest.mark.parametrize(("top", "calls"), [("search", 3), ("steps", 1), ("sort", 2)])
def test_while_loops_cosim(tmp_path: Path, top: str, calls: int) -> None:
    out, result = cosim_with_main(tmp_path, KERNELS, top)
    assert result["status"] == "pass" and len(result["calls"]) == calls
    if top == "search":
        # found at 0, at 30, not found (64 iterations): the loop ends where C's does
        first, middle, missing = _calls(out)
        assert first < 10 and middle < first + 40 < missing and missing < 100


def test_while_loop_kernel_ir(tmp_path: Path) -> None:
    """The printed kernel IR: a hidden counter, the break flag as the loop's exit."""
    src = tmp_path / "k.c"
    src.write_text("int f(int a[8]) { int i = 0; while (a[i] > 0) i++; return i; }\n")
    proc = run_hls("synth", str(src), "--top", "f", "-o", str(tmp_path / "o"), "--emit", "kernel")
    assert proc.returncode == 0, proc.stderr
    text = (tmp_path / "o" / "f.kernel").read_text()
    assert "local u1 break_flag" in text
    assert "for f_L1: i64 loop_count = 0:i64; loop_count < 9223372036854775807:i64 (i64); loop_count += 1 until break_flag {" in text
