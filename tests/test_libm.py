"""C's math functions synthesized bit-exactly: ``fma``/``fmaf`` by our fused multiply-add core
(hls_fp_fma_core: one rounding), and ``expf``/``powf`` by hls's own C library (frontend/libm:
glibc's algorithm and constants, its fused multiply-adds as fma) inlined like a function of the
file, so that they need no simulation model and the open flow implements them. The library
matches the host's glibc on a seeded batch (``make libm-check`` runs every expf argument;
scripts/check_libm.py), and co-simulation is bit-exact on edge cases on both targets."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from conftest import run_hls

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from check_libm import LIBM, check_libm  # noqa: E402


def _mismatches(stdout: str) -> dict[str, int]:
    return {name: int(bad) for name, bad in re.findall(r"(\w+) \d+ argument(?: pair)?s, (\d+) mismatches", stdout)}


def test_library_matches_glibc(tmp_path: Path) -> None:
    proc = check_libm(300_000, 20261206, tmp_path)
    assert _mismatches(proc.stdout) == {"expf": 0, "powf": 0} and proc.returncode == 0, proc.stdout + proc.stderr


def test_library_check_finds_a_wrong_table_entry(tmp_path: Path) -> None:
    """The check fails when the library's table of 2^(i/32) is off by 2^-30 (relative) in one
    entry: the comparison sees a difference that the rounding to float hides for most
    arguments."""
    libm = tmp_path / "libm"
    shutil.copytree(LIBM, libm)
    table = libm / "exp2f_table.h"  # (the two functions share it)
    text = table.read_text()
    assert "0x3fef9301d0125b51" in text
    table.write_text(text.replace("0x3fef9301d0125b51", "0x3fef9301d0525b51"))
    proc = check_libm(300_000, 20261206, tmp_path, libm=libm)
    bad = _mismatches(proc.stdout)
    assert proc.returncode == 1 and bad["expf"] > 0 and bad["powf"] > 0, proc.stdout


FMA = r"""
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
void fused(int n, double a[32], double b[32], double c[32], double r[32], float fa[32], float fb[32], float fc[32], float fr[32]) {
  for (int i = 0; i < n; i++) {
    r[i] = fma(a[i], b[i], c[i]);
    fr[i] = fmaf(fa[i], fb[i], fc[i]);
  }
}
static double d(uint64_t u) { double x; memcpy(&x, &u, 8); return x; }
int main(void) {
  double a[32], b[32], c[32], r[32];
  float fa[32], fb[32], fc[32], fr[32];
  uint64_t s = 12345;
  for (int i = 0; i < 32; i++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    a[i] = d((s >> 2) & 0x7fefffffffffffffULL) * 0x1p-900;
    b[i] = 1.0 + (double)(s >> 40) * 0x1p-24;
    c[i] = i % 3 == 0 ? -a[i] * b[i] : (double)(int)(s >> 50) * 0x1p-980;
    fa[i] = (float)(1.0 + (double)(s >> 41) * 0x1p-23);
    fb[i] = (float)(i - 16) * 0.375f;
    fc[i] = i % 4 == 0 ? -fa[i] * fb[i] : (float)(s >> 45) * 0x1p-20f;
  }
  /* exact cancellation, zeros, infinities, NaN, a subnormal result, an overflow */
  a[0] = 0.0; b[0] = -1.0; c[0] = 0.0;
  a[1] = INFINITY; b[1] = 0.0; c[1] = 1.0;
  a[2] = 0x1p-1000; b[2] = 0x1p-60; c[2] = -0x1p-1070;
  a[3] = 0x1.fffffffffffffp1023; b[3] = 2.0; c[3] = -0x1p1000;
  fa[1] = NAN; fc[2] = -INFINITY; fa[3] = 0x1p-100f; fb[3] = 0x1p-40f; fc[3] = 0x1p-149f;
  fused(32, a, b, c, r, fa, fb, fc, fr);
  for (int i = 0; i < 32; i++) printf("%a %a\n", r[i], (double)fr[i]);
  return 0;
}
"""

LIBRARY = r"""
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
void elementary(int n, float alpha, float x[40], float y[40], float e[40], float p[40], float k[1]) {
  k[0] = (1.0f - expf(-alpha)) * powf(2.0f, -alpha);
  for (int i = 0; i < n; i++) {
    e[i] = expf(x[i]);
    p[i] = powf(x[i], y[i]);
  }
}
static float f(uint32_t u) { float v; memcpy(&v, &u, 4); return v; }
int main(void) {
  float x[40], y[40], e[40], p[40], k[1];
  /* zeros, infinities, NaNs (quiet, signalling), subnormals, -1 and 1, exp's overflow and
     underflow thresholds, negative x to integer and non-integer powers */
  static const uint32_t xs[20] = {0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00001, 0x7f800001, 0x00000001,
                                  0x807fffff, 0x3f800000, 0xbf800000, 0x42b17218, 0x42b17217, 0xc2cff1b5, 0xc2cff1b4,
                                  0xc0400000, 0xc0400000, 0x3f7ffff0, 0x40000000, 0x4e6e6b28, 0x3a83126f};
  static const uint32_t ys[20] = {0x40000000, 0xbf800000, 0xbf800000, 0x40400000, 0x3f800000, 0x00000000, 0x3f000000,
                                  0x40400000, 0x7f800000, 0xff800000, 0x3f800000, 0x40000000, 0x3f800000, 0x3f800000,
                                  0x40400000, 0x3fc00000, 0x4b000000, 0xc3160000, 0x42c80000, 0xc1200000};
  uint32_t s = 2026;
  for (int i = 0; i < 40; i++) {
    s = s * 1664525u + 1013904223u;
    x[i] = i < 20 ? f(xs[i]) : f((s & 0x807fffffu) | (uint32_t)(120 + s % 14) << 23);
    y[i] = i < 20 ? f(ys[i]) : f((s >> 3 & 0x807fffffu) | (uint32_t)(124 + s % 6) << 23);
  }
  elementary(40, 0.25f, x, y, e, p, k);
  for (int i = 0; i < 40; i++) printf("%a %a\n", (double)e[i], (double)p[i]);
  printf("%a\n", (double)k[0]);
  return 0;
}
"""


def _cosim(tmp_path: Path, source: str, top: str, target: str) -> Path:
    src = tmp_path / "k.c"
    src.write_text(source)
    out = tmp_path / top
    proc = run_hls(str(src), "--top", top, "--target", target, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--tb", str(src))
    assert proc.returncode == 0 and json.loads((out / "cosim.json").read_text())["status"] == "pass", proc.stdout + proc.stderr
    return out


@pytest.mark.parametrize("target", ["default", "ecp5"])
def test_fma_is_one_rounding_in_hardware(tmp_path: Path, target: str) -> None:
    out = _cosim(tmp_path, FMA, "fused", target)
    for unit in ("hls_dfma", "hls_ffma"):
        assert "hls_fp_fma_core" in (out / "rtl" / f"{unit}.sv").read_text()


@pytest.mark.parametrize("target", ["default", "ecp5"])
def test_expf_and_powf_are_synthesized_from_the_library(tmp_path: Path, target: str) -> None:
    out = _cosim(tmp_path, LIBRARY, "elementary", target)
    report = json.loads((out / "report.json").read_text())
    assert report["simulation_models"] == []
    rtl = out / "rtl"
    assert not list(rtl.glob("hls_fexp*")) and not list(rtl.glob("hls_fpow*"))
    assert "DPI-C" not in "".join(p.read_text() for p in rtl.glob("*.sv"))
    assert "hls_dfma" in report["fp_operators"]
    assert report["loops"][0]["achieved_ii"] == 1, report["loops"]
