"""Loop bounds that are not affine (#15): a product of variables (`j < i * i`), a division of a
variable (C's rounds toward zero), shifts and bits of one. Such a for loop takes the general
path, where the bound is evaluated as C does before every iteration; it was a located 'not
affine' error. Co-simulated bit-exactly with random inputs."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cosim_random

PRODUCTS = r"""
int tria(int a[64], int n) {
  int s = 0;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < i * i && j < 64; j++) s += a[j];
  for (int i = 1; i < 5; i++)
    for (int j = 0; j < 64 / i; j++) s -= a[j] >> 1;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < (8 << i); j++) s ^= a[j];
  for (int j = 0; j < (n & 63) * 1; j++) s += 1;
  return s;
}
"""

DIVISIONS = r"""
int g(int a[64], int n, int m) {
  int s = 0;
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < n / 2 && j < 64; j++) s += a[j] * i;
  for (int i = 0; i < (m % 7); i++) s += a[i & 63];
  for (int i = 0; i < 8; i++)
    for (int j = i * n; j < 64 && j >= 0 && j < i * n + 3; j++) s -= a[j];
  return s;
}
"""


@pytest.mark.parametrize(("source", "top"), [(PRODUCTS, "tria"), (DIVISIONS, "g")])
def test_nonaffine_bounds_cosim(tmp_path: Path, source: str, top: str) -> None:
    cosim_random(tmp_path, source, top)
