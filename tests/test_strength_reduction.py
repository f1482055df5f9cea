"""Products by constants: at most two nonzero canonical signed digits (eight on ECP5) become
shifts and additions or subtractions (no multiplier, which synthesis maps to a DSP), exactly
modulo 2**w; on ECP5 a product of more digits is a pipelined multiplier."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import cosim_random, run_hls

SOURCE = """
void sr(const int a[16], int b[16], unsigned u[16], long long l[16], short s[16]) {
  for (int i = 0; i < 16; i++) {
    b[i] = a[i] * -2 + 7 * a[i] + a[i] * 0 + a[i] * 1;
    u[i] = u[i] * 12u + (unsigned)a[i] * 0x12345u + (u[i] ^ 5u) * 0x01010101u - (unsigned)a[i] * 0x7efeu
           + (u[i] >> 3) * 0x5555555u;
    l[i] = l[i] * -9223372036854775807LL - 1;
    s[i] = (short)(s[i] * -32768);
  }
}
"""


def test_products_by_constants_are_shifts_and_adds(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text(SOURCE)
    proc = run_hls(str(src), "--top", "sr", "-o", str(tmp_path / "o"), "--emit", "hir")
    assert proc.returncode == 0, proc.stderr
    hir = (tmp_path / "o" / "sr.hir").read_text()
    # the products of more digits (0x12345: 7, 0x01010101: 4, 0x7efe: 3, 0x5555555: 14) keep
    # their multipliers; -2, 7, 12, 1 - 2**63 and -32768 are shifts, negations, additions and
    # subtractions
    assert hir.count("comb.mul") == 4 and "unit.mul" not in hir, hir
    assert "unit.mul" not in hir and "comb.neg" in hir and "comb.shl" in hir


def test_ecp5_products_of_eight_digits_are_shifts_and_adds(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text(SOURCE)
    proc = run_hls(str(src), "--top", "sr", "--target", "ecp5", "-o", str(tmp_path / "o"), "--emit", "hir")
    assert proc.returncode == 0, proc.stderr
    hir = (tmp_path / "o" / "sr.hir").read_text()
    # 0x12345 (7 digits) too is shifts and adds; 0x5555555 (14) is a pipelined multiplier
    assert "comb.mul" not in hir, hir
    assert len(re.findall(r"hir\.unit\.mul %lshr\w+, %c\w+ ", hir)) == hir.count("hir.unit.mul") == 1, hir


def test_products_by_constants_match_c(tmp_path: Path) -> None:
    cosim_random(tmp_path, SOURCE, "sr", runs=3)


def test_ecp5_products_by_constants_match_c(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text(SOURCE)
    proc = run_hls(str(src), "--top", "sr", "--target", "ecp5", "-o", str(tmp_path / "o"))
    assert proc.returncode == 0, proc.stderr
    cosim_random(tmp_path, SOURCE, "sr", runs=3)  # on the ECP5 RTL in the folder
