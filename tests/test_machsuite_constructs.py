"""Constructs of MachSuite's kernels (#15), each as a small program of our own: <inttypes.h>'s
limits, sizeof of a struct pointer's array member, a 4-D array of structs as the top's
parameter, rows of arrays passed to callees, and loops whose bounds are an inlined callee's parameters bound to the caller's
locals (the general path: they are not affine). Co-simulated bit-exactly with random inputs."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cosim_random

LIMITS = r"""
#include <inttypes.h>
int limits(int8_t a[4], int out[4]) {
  out[0] = a[0] == INT8_MAX;
  out[1] = UINT16_MAX;
  out[2] = INT32_MIN + a[1];
  return a[2] < INT8_MIN + 5;
}
"""

SIZEOF_MEMBER = r"""
typedef struct { unsigned char key[32]; int n; short w[3][5]; } ctx_t;
int f(ctx_t *ctx, int out[8]) {
  int i, s = 0;
  for (i = 0; i < sizeof(ctx->key); i++) s += ctx->key[i];
  out[0] = sizeof ctx->n; out[1] = sizeof(ctx->w); out[2] = sizeof(ctx->w[1]); out[3] = sizeof ctx->w[1][2];
  return s;
}
"""

GRID = r"""
typedef struct { double x, y, z; } dvector_t;
typedef struct { int x, y, z; } ivector_t;
void md(int n_points[2][2][2], dvector_t force[2][2][2][3], const dvector_t position[2][2][2][3]) {
  ivector_t b;
  for (b.x = 0; b.x < 2; b.x++)
    for (b.y = 0; b.y < 2; b.y++)
      for (b.z = 0; b.z < 2; b.z++) {
        int n = n_points[b.x][b.y][b.z] & 3;
        for (int p = 0; p < n && p < 3; p++) {
          dvector_t f = force[b.x][b.y][b.z][p];
          dvector_t q = position[b.x][b.y][b.z][p];
          f.x += q.y * 0.5; f.y -= q.z; f.z = q.x * q.x;
          force[b.x][b.y][b.z][p] = f;
        }
      }
}
"""

MERGE = r"""
#define SIZE 16
void merge(int a[SIZE], int start, int m, int stop) {
  int temp[SIZE];
  int i, j, k;
  for (i = start; i <= m; i++) temp[i] = a[i];
  for (j = m + 1; j <= stop; j++) temp[m + 1 + stop - j] = a[j];
  i = start; j = stop;
  for (k = start; k <= stop; k++) {
    int tmp_j = temp[j], tmp_i = temp[i];
    if (tmp_j < tmp_i) { a[k] = tmp_j; j--; } else { a[k] = tmp_i; i++; }
  }
}
void ms_mergesort(int a[SIZE]) {
  int start, stop, i, m, from, mid, to;
  start = 0; stop = SIZE;
  for (m = 1; m < stop - start; m += m) {
    for (i = start; i < stop; i += m + m) {
      from = i; mid = i + m - 1; to = i + m + m - 1;
      if (to < stop) merge(a, from, mid, to);
      else merge(a, from, mid, stop);
    }
  }
}
"""

# rows of 2-D and 3-D arrays passed to callees' array parameters (backprop's weights[i])
ROWS = r"""
#define R 4
#define C 5
static double dot(const double *x, const double w[C], int n) {
  double s = 0;
  for (int j = 0; j < n; j++) s += x[j] * w[j];
  return s;
}
static void layer(double wIn[R][C], double act[], double out[]) {
  for (int i = 0; i < R; i++) out[i] = dot(act, wIn[i], C) * 0.5;
}
void net(double weights[2][R][C], double inputs[3][C], double acts[3][R]) {
  for (int k = 0; k < 3; k++) {
    layer(weights[k & 1], inputs[k], acts[k]);
    acts[k][0] += dot(inputs[k], weights[1][2], 3);
  }
}
"""


@pytest.mark.parametrize(("source", "top"), [(LIMITS, "limits"), (SIZEOF_MEMBER, "f"), (GRID, "md"), (MERGE, "ms_mergesort"), (ROWS, "net")])
def test_machsuite_constructs_cosim(tmp_path: Path, source: str, top: str) -> None:
    cosim_random(tmp_path, source, top, runs=2)
