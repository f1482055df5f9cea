"""Struct parameters of the top passed by value (#15): each member a read-only port (a memory
of one element for a scalar member, as a struct pointer's), the caller's struct left as it
was; a function that changes its copy (or passes it on) works on a local copy made at entry.
Co-simulated bit-exactly under the file's own main and with the random testbench."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import cosim_with_main, run_hls

KERNEL = r"""
#include <stdio.h>
struct params { int n; double gain; short taps[4]; struct { int lo, hi; } clip; };
int filt(struct params p, const int x[16], int y[16]) {
  int acc = 0;
  for (int i = 0; i < 16; i++) {
    int v = 0;
    for (int t = 0; t < 4; t++) v += p.taps[t] * x[(i + t) & 15];
    v = (int)(v * p.gain);
    if (v < p.clip.lo) v = p.clip.lo;
    if (v > p.clip.hi) v = p.clip.hi;
    y[i] = v;
    acc += v;
  }
  return acc + p.n;
}
double scale(struct params p, double z) {
  p.gain *= 2.0;
  p.taps[1] = -p.taps[1];
  return z * p.gain + p.taps[1];
}
int main(void) {
  struct params p = { 7, 0.75, { 1, -2, 3, 4 }, { -50, 60 } };
  int x[16], y[16];
  for (int i = 0; i < 16; i++) x[i] = i * 5 - 30;
  for (int r = 0; r < 3; r++) {
    p.n += r; p.clip.hi -= 5 * r;
    int s = filt(p, x, y);
    printf("%d %d %d %.17g\n", s, y[3], y[9], scale(p, 1.25 + r));
  }
  return 0;
}
"""


@pytest.mark.parametrize("top", ["filt", "scale"])
def test_struct_by_value_under_main(tmp_path: Path, top: str) -> None:
    out, result = cosim_with_main(tmp_path, KERNEL, top)
    assert result["status"] == "pass" and len(result["calls"]) == 3
    iface = json.loads((out / "interface.json").read_text())
    members = {p["name"]: p.get("member") for p in iface["params"] if p.get("struct_param") == "p"}
    assert members == {"p_n": ".n", "p_gain": ".gain", "p_taps": ".taps", "p_clip_lo": ".clip.lo", "p_clip_hi": ".clip.hi"}
    # (the caller's struct is never written)
    assert all(not port["write"] for p in iface["params"] if p.get("struct_param") == "p" for port in p["ports"])
    proc = run_hls("synth", str(tmp_path / "k.c"), "--top", top, "-o", str(tmp_path / "emit"), "--emit", "kernel")
    assert proc.returncode == 0, proc.stderr
    kernel = (tmp_path / "emit" / f"{top}.kernel").read_text()
    # scale changes its copy: the members are copied into locals first; filt reads the ports
    assert ("p_gain_2 = p_gain[0:i32];" in kernel) == (top == "scale")


def test_struct_by_value_random_testbench(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text(KERNEL)
    for top in ("filt", "scale"):
        proc = run_hls("cosim", str(src), "--top", top, "-o", str(tmp_path / top), "--runs", "3", "--quick-build")
        assert proc.returncode == 0, proc.stdout + proc.stderr
