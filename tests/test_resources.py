"""The resource estimate in report.json / report.rpt: DSPs as Vitis HLS reports them for the
Xilinx floating-point cores (double add 3, double multiply 11), integer multipliers by their
partial products, block RAM by size, and more of everything when a loop is unrolled."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from conftest import run_hls
from hls.resources import multiplier_dsps
from hls.scheduler.target import load_target

KERNELS = """
void dmuladd(const double a[64], const double b[64], double c[64]) {
  for (int i = 0; i < 64; i++) c[i] = a[i] * b[i] + c[i];
}
void fmuladd(const float a[64], const float b[64], float c[64]) {
  for (int i = 0; i < 64; i++) c[i] = a[i] * b[i] + c[i];
}
void dmuladd4(const double a[64], const double b[64], double c[64]) {
#pragma HLS array_partition variable=a type=cyclic factor=4
#pragma HLS array_partition variable=b type=cyclic factor=4
#pragma HLS array_partition variable=c type=cyclic factor=4
  for (int i = 0; i < 64; i++) {
#pragma HLS unroll factor=4
    c[i] = a[i] * b[i] + c[i];
  }
}
void imul(const int a[64], const int b[64], int c[64]) {
  for (int i = 0; i < 64; i++) c[i] = a[i] * b[i];
}
void shifts_const(const int a[64], int c[64]) {
  for (int i = 0; i < 64; i++) c[i] = (a[i] >> 3) ^ (a[i] << 5) ^ (int)((unsigned)a[i] >> 7);
}
void shifts_var(const int a[64], const int s[64], int c[64]) {
  for (int i = 0; i < 64; i++) c[i] = (a[i] >> s[i]) ^ (a[i] << s[i]) ^ (int)((unsigned)a[i] >> s[i]);
}
int buffered(const int a[2048]) {
  int buf[2048];
  int small[16];
  for (int i = 0; i < 2048; i++) buf[i] = a[i] + 1;
  for (int i = 0; i < 16; i++) small[i] = a[i];
  int s = 0;
  for (int i = 0; i < 2048; i++) s += buf[2047 - i] ^ small[i & 15];
  return s;
}
"""


def _report(tmp_path: Path, top: str, *extra: str) -> dict[str, Any]:
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / (top + "".join(extra))
    proc = run_hls("synth", str(src), "--top", top, "-o", str(out), *extra)
    assert proc.returncode == 0, proc.stderr
    report = dict(json.loads((out / "report.json").read_text()))
    report["text"] = (out / "report.rpt").read_text()
    return report


@pytest.mark.parametrize(("top", "dsp"), [("dmuladd", 14), ("fmuladd", 5), ("dmuladd4", 56), ("imul", 3)])
def test_dsps_of_operators(tmp_path: Path, top: str, dsp: int) -> None:
    report = _report(tmp_path, top)
    assert report["resources"]["dsp"] == dsp
    assert f"  DSP: {dsp}\n" in report["text"]
    assert report["resources"]["lut"] > 0 and report["resources"]["ff"] > 0


def test_unrolling_multiplies_the_datapath(tmp_path: Path) -> None:
    one, four = _report(tmp_path, "dmuladd")["resources"], _report(tmp_path, "dmuladd4")["resources"]
    assert four["dsp"] == 4 * one["dsp"] and four["lut"] > 3 * one["lut"]


def test_a_shift_by_a_constant_is_wiring(tmp_path: Path) -> None:
    """Three 32-bit shifts by constants cost no LUTs (bits renamed; a signed division by a power
    of two is such shifts and an addition); by a variable each is a barrel shifter (the
    target's shift_var LUTs a bit: 3 on the default target)."""
    const, var = _report(tmp_path, "shifts_const")["resources"], _report(tmp_path, "shifts_var")["resources"]
    assert var["lut"] - const["lut"] >= 3 * 32 * 3, (const, var)
    assert const["lut"] < 150, const


def test_block_ram_by_size(tmp_path: Path) -> None:
    """2048 ints (64 Kbit) take four 18-Kbit block RAMs; 16 ints fit distributed RAM."""
    report = _report(tmp_path, "buffered")
    assert report["resources"]["bram"] == 4


def test_multiplier_partial_products() -> None:
    table = load_target().data["resources"]["mul"]
    assert [multiplier_dsps(w, table) for w in (8, 16, 18, 24, 32, 64)] == [0, 1, 2, 2, 3, 8]


def test_the_ecp5_target_counts_its_own_cores(tmp_path: Path) -> None:
    """Our double multiplier forms the whole 53x53-bit significand product: 16 MULT18X18D."""
    report = _report(tmp_path, "dmuladd", "--target", "ecp5")
    assert report["resources"]["dsp"] == 16


SHARING = """
void two_loops(double a[32], double b[32], const double c[32]) {
  for (int i = 0; i < 32; i++) a[i] = a[i] * c[i];
  for (int i = 0; i < 32; i++) b[i] = a[31 - i] * c[i] + 1.0;  /* after the first: a is read backwards */
}
void one_loop(double a[32], double b[32], const double c[32]) {
  for (int i = 0; i < 32; i++) { a[i] = a[i] * c[i]; b[i] = b[i] * c[31 - i]; }
}
void branches(double a[32], const double c[32], int k) {
  if (k > 0) {
    for (int i = 0; i < 32; i++) a[i] = a[i] * c[i];
  } else {
    for (int i = 0; i < 16; i++) a[2 * i] = a[2 * i + 1] * c[i];
  }
}
"""


@pytest.mark.parametrize(("top", "dsp", "shared"), [("two_loops", 14, 1), ("one_loop", 22, 0), ("branches", 11, 1)])
def test_operators_of_loops_run_one_after_the_other_share_a_unit(tmp_path: Path, top: str, dsp: int, shared: int) -> None:
    """The multipliers of two sequential loops (or of the two branches of an if) are one unit,
    its inputs chosen by the op issuing; those of one pipelined loop overlap and stay two."""
    src, out = _synth_dsps(tmp_path, SHARING, top, dsp)
    rtl = (out / "rtl" / f"{top}.sv").read_text()
    assert rtl.count(") u_shared_dmul") == shared
    _cosim(src, top, out)


def _synth_dsps(tmp_path: Path, source: str, top: str, dsp: int) -> tuple[Path, Path]:
    """Synthesizes ``top`` of ``source``, checks its DSP estimate; the source file and the output folder."""
    src = tmp_path / "s.c"
    src.write_text(source)
    out = tmp_path / top
    proc = run_hls("synth", str(src), "--top", top, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    report = json.loads((out / "report.json").read_text())
    assert report["resources"]["dsp"] == dsp
    return src, out


def _cosim(src: Path, top: str, out: Path) -> None:
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--runs", "3", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


ADD_SUB = """
void add_then_sub(const double a[32], double b[32], double c[32]) {
  double s = 0.0;
  for (int i = 0; i < 32; i++) s = s + a[i];
  for (int i = 0; i < 32; i++) b[i] = a[i] - s;
  for (int i = 0; i < 32; i++) c[i] = b[31 - i] + s;
}
void add_and_sub(const float a[32], float b[32], float c[32]) {
  for (int i = 0; i < 32; i++) { b[i] = a[i] + 1.0f; c[i] = a[i] - 2.0f; }
}
"""


@pytest.mark.parametrize(("top", "dsp", "add_sub"), [("add_then_sub", 3, True), ("add_and_sub", 4, False)])
def test_additions_and_subtractions_share_an_add_sub_unit(tmp_path: Path, top: str, dsp: int, add_sub: bool) -> None:
    """As Vitis HLS's dadddsub: the adds and the subtraction of loops run one after the other
    are one unit told per op whether to subtract (3 DSPs, not 6); those of one pipelined loop
    overlap and stay two. Bit-exact, and lint-clean with the unit's unused IP operation bits."""
    src, out = _synth_dsps(tmp_path, ADD_SUB, top, dsp)
    rtl = out / "rtl"
    assert (rtl / "hls_daddsub.sv").exists() == add_sub
    if add_sub:
        assert "8'h01" in (rtl / f"{top}.sv").read_text()  # (the subtraction's issue)
    files = [str(rtl / f) for f in (rtl / "filelist.f").read_text().split()]
    lint = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", top, *files], capture_output=True, text=True)
    assert lint.returncode == 0, lint.stderr
    _cosim(src, top, out)
