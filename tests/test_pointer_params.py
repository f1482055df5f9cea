"""Pointer parameters (#15). Of the top function: ``T *p``, ``T p[]`` and ``T (*p)[M]`` are arrays of
the ``depth`` an interface pragma gives (one element for a scalar passed by address), read and
written through subscripts and ``*(p + e)``. Of inlined callees: besides whole arrays, ``&x`` of a
scalar (an out-parameter), ``&a[k]`` and ``a + k`` into a 1-D array, and such pointers passed on.
Co-simulated bit-exactly under the file's own main."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import cosim_with_main

KERNELS = """
#include <stdint.h>
#define N 16
void vsum(const int *a, const int b[], int *c, int32_t *total, int n) {
#pragma HLS interface mode=m_axi port=a depth=16
#pragma HLS interface mode=ap_memory port=b depth=16
#pragma HLS interface port=c depth=16
  int s = 0;
  for (int i = 0; i < n; i++) {
    c[i] = *(a + i) + b[i];
    s += *(c + i) ^ *(i + a);
  }
  *total = s;
}
/* a pointer to rows, and an element before the pointer's offset */
static void scale(double *row, double k) { *row *= k; }
void rows(double (*m)[4], const double *w, double *out) {
#pragma HLS interface port=m depth=3
#pragma HLS interface port=w depth=4
#pragma HLS interface port=out depth=1
  for (int r = 0; r < 3; r++) {
    double acc = 0.0;
    for (int c = 0; c < 4; c++) acc += m[r][c] * *(w + c);
    scale(out, 1.0);
    m[r][0] = acc;
  }
  *out = m[2][0] - *(w + 3 - 1);
}
/* pointers into the caller's scalars and arrays */
static void minmax(const int *v, int n, int *lo, int *hi) {
  *lo = v[0];
  *hi = *v;
  for (int i = 1; i < n; i++) {
    if (v[i] < *lo) *lo = v[i];
    if (*(v + i) > hi[0]) *hi = v[i];
  }
}
static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
static void add_to(int *acc, int k) { *acc += k; }
static void fill(int *row, int m, int v) { for (int j = 0; j < m; j++) row[j] = v + j; }
static void twice(int *p, int *q) { swap(p, q); add_to(q, *p); }
int refs(int a[16], int b[16], int n) {
  int lo, hi;
  minmax(a, 16, &lo, &hi);
  swap(&lo, &hi);
  swap(&a[3], &b[n & 7]);
  add_to(&lo, n);
  add_to(&b[2], lo);
  fill(b + 8, 4, hi);
  fill(&a[n & 3], 2, -1);
  minmax(&b[4], 4, &a[0], &a[1]);
  twice(&lo, &hi);
  twice(&b[n & 15], &b[15 - (n & 15)]);
  return lo * 3 - hi;
}
int main(void) {
  int x[16], y[16];
  for (int i = 0; i < 16; i++) { x[i] = (i * 7) % 11 - 5; y[i] = 20 - i * 3; }
  int r = refs(x, y, 5) + refs(y, x, 2);
  int a[N], b[N], c[N];
  int32_t t = 0;
  for (int i = 0; i < N; i++) { a[i] = i * 3 - 7; b[i] = 100 - i; c[i] = 0; }
  vsum(a, b, c, &t, N);
  vsum(b, a, c, &t, 5);
  double m[3][4], w[4] = {0.5, -1.25, 3.0, 0.125}, out = 0.0;
  for (int r = 0; r < 3; r++)
    for (int k = 0; k < 4; k++) m[r][k] = r * 1.5 - k;
  rows(m, w, &out);
  return t == 12345 && out == 1.0 && r == 7;
}
"""


@pytest.mark.parametrize(("top", "ports"), [("vsum", {"a": 16, "b": 16, "c": 16, "total": 1}), ("rows", {"m": 12, "w": 4, "out": 1}), ("refs", {"a": 16, "b": 16})])
def test_pointer_parameters_cosim(tmp_path: Path, top: str, ports: dict[str, int]) -> None:
    out, result = cosim_with_main(tmp_path, KERNELS, top)
    assert result["status"] == "pass" and result["calls"]
    interface = json.loads((out / "interface.json").read_text())
    memories = {p["name"]: p for p in interface["params"] if p.get("dims")}
    for name, elements in ports.items():
        dims = memories[name]["dims"]
        count = 1
        for d in dims:
            count *= d
        assert count == elements, (name, dims)
