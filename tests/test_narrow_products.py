"""Integer products whose operands' high bits are proven zero (a mask by a constant, a logical
shift right by a constant, through the registers that delay them) multiply only the low bits:
hls_mul's AW and BW, so no DSP multiplies a chunk known to be zero (Yosys cannot drop one inside
an instantiated MULT18X18D)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import cosim_random, run_hls

SOURCE = """
#include <stdint.h>
void halves(const uint64_t a[16], uint64_t r[16], uint64_t s[16], int64_t t[16], uint64_t k) {
  for (int i = 0; i < 16; i++) {
    uint64_t x = a[i];
    r[i] = (x & 0xffffffffull) * (k >> 32);
    s[i] = (x >> 44) * (x & 0x3ffffull) + x * k;
    t[i] = (int64_t)(x & 0x7fff) * (int64_t)x;
  }
}
"""


def _mul_widths(rtl: str) -> list[tuple[str, str]]:
    """(AW, BW) of each hls_mul instance ('' where the parameter is left at W)."""
    found = []
    for params in re.findall(r"hls_mul #\((.*?)\) u_", rtl, re.S):
        aw = re.search(r"\.AW\((\d+)\)", params)
        bw = re.search(r"\.BW\((\d+)\)", params)
        found.append((aw.group(1) if aw else "", bw.group(1) if bw else ""))
    return sorted(found)


@pytest.mark.parametrize("target", ["default", "ecp5"])
def test_products_multiply_the_bits_that_can_be_nonzero(tmp_path: Path, target: str) -> None:
    src = tmp_path / "k.c"
    src.write_text(SOURCE)
    out = tmp_path / "o"
    proc = run_hls(str(src), "--top", "halves", "-o", str(out), *(["--target", target] if target != "default" else []))
    assert proc.returncode == 0, proc.stderr
    rtl = (out / "rtl" / "halves.sv").read_text()
    # 32 x 32 bits; 20 x 18 bits; x * k in full; a 15-bit mask times a full operand
    assert _mul_widths(rtl) == [("", ""), ("15", ""), ("20", "18"), ("32", "32")], _mul_widths(rtl)
    cosim_random(tmp_path, SOURCE, "halves", runs=3)  # on the RTL in the folder
