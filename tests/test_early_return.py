"""Early returns (#15): a ``return`` anywhere (inside loops too: it ends them like a break), in the top function and in
inlined callees. Each sets the function's value and a flag; what follows a statement that may
return runs only if it did not. Co-simulated bit-exactly under the file's own main."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cosim_with_main

KERNELS = """
#include <stdint.h>
/* returns at the top of a callee, in nested branches, and a void callee's bare return */
static int sign(int x) {
  if (x > 0) return 1;
  if (x < 0) { return -1; }
  return 0;
}
static void clip(int a[8], int k) {
  if (a[k] < 100) return;
  a[k] = 100;
}
int f(int a[8], int n) {
  if (n <= 0) return -1;
  int s = 0;
  for (int i = 0; i < 8; i++) {
    s += sign(a[i]) * i;
    clip(a, i);
  }
  if (s > 10) {
    a[0] = s;
    return s - 10;
  } else if (s < -5)
    return 7;
  a[1] = s;
  return s;
}
/* a void top with an early return, and a value converted to the return type */
void g(double x[4], int16_t m) {
  if (m == 0) return;
  for (int i = 0; i < 4; i++) x[i] = x[i] * m;
  if (x[0] > 2.5) return;
  x[3] = -1.0;
}
/* returns inside loops: a search in a callee, and from a nest in the top */
static int index_of(const int a[16], int key) {
  for (int i = 0; i < 16; i++)
    if (a[i] == key) return i;
  return -1;
}
int first_pair(const int a[16], int out[2]) {
  out[0] = index_of(a, 7) + index_of(a, 1000) * 100;
  for (int i = 0; i < 16; i++)
    for (int j = i + 1; j < 16; j++)
      if (a[i] + a[j] == 20) { out[1] = i * 16 + j; return a[i]; }
  out[1] = -1;
  return 0;
}
int main(void) {
  int p[16], pairs[2];
  for (int i = 0; i < 16; i++) p[i] = (i * 5 + 3) % 17;
  int q = first_pair(p, pairs);
  for (int i = 0; i < 16; i++) p[i] = 100 + i;
  q += first_pair(p, pairs);
  int a[8] = {3, -2, 0, 500, -7, 1, 1, -1}, b[8] = {9, 9, 9, 9, 9, 9, 9, 9}, c[8] = {-1, -2, -3, -4, -5, -6, -7, 0};
  int r = f(a, 3) + f(a, 0) + f(b, 1) + f(c, 5);
  double x[4] = {0.5, 1.0, -2.0, 3.0};
  g(x, 0); g(x, 2); g(x, 3);
  return r == 12345 && x[3] == 0.0 && q == 3;
}
"""


@pytest.mark.parametrize(("top", "calls"), [("f", 4), ("g", 3), ("first_pair", 2)])
def test_early_returns_cosim(tmp_path: Path, top: str, calls: int) -> None:
    _, result = cosim_with_main(tmp_path, KERNELS, top)
    assert result["status"] == "pass" and len(result["calls"]) == calls
