"""Pointer parameters of the top function (#15): ``T *p``, ``T p[]`` and ``T (*p)[M]`` are arrays of
the ``depth`` an interface pragma gives (one element for a scalar passed by address), read and
written through subscripts and ``*(p + e)``; co-simulated bit-exactly under the file's own main."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_hls

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
int main(void) {
  int a[N], b[N], c[N];
  int32_t t = 0;
  for (int i = 0; i < N; i++) { a[i] = i * 3 - 7; b[i] = 100 - i; c[i] = 0; }
  vsum(a, b, c, &t, N);
  vsum(b, a, c, &t, 5);
  double m[3][4], w[4] = {0.5, -1.25, 3.0, 0.125}, out = 0.0;
  for (int r = 0; r < 3; r++)
    for (int k = 0; k < 4; k++) m[r][k] = r * 1.5 - k;
  rows(m, w, &out);
  return t == 12345 && out == 1.0;
}
"""


@pytest.mark.parametrize(("top", "ports"), [("vsum", {"a": 16, "b": 16, "c": 16, "total": 1}), ("rows", {"m": 12, "w": 4, "out": 1})])
def test_pointer_parameters_cosim(tmp_path: Path, top: str, ports: dict[str, int]) -> None:
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / top
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--tb", str(src))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    result = json.loads((out / "cosim.json").read_text())
    assert result["status"] == "pass" and result["calls"]
    interface = json.loads((out / "interface.json").read_text())
    memories = {p["name"]: p for p in interface["params"] if p.get("dims")}
    for name, elements in ports.items():
        dims = memories[name]["dims"]
        count = 1
        for d in dims:
            count *= d
        assert count == elements, (name, dims)
