"""A register read in the cycle of the previous iteration's write takes the value written through
a bypass multiplexer, so the logic before the write and after the read form one path, which the
chaining budget counts (``bypass_chain_edges``). #13: u64_mix's FNV-style hash on ECP5 chained a
64-bit subtraction of the constant product's tree, the bypass, the xor and a 64-bit addition
(10.26 ns, 96.64 MHz) at II 2."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import run_hls, synth_for_targets

FNV = """#include <stdint.h>

uint64_t fnv(const uint64_t a[16], uint64_t k)
{
  uint64_t h = k ^ 0xcbf29ce484222325ull;
  for (int i = 0; i < 16; i++) {
    h ^= a[i];
    h *= 0x100000001b3ull;
    h = (h << 13) | (h >> 51);
  }
  return h;
}
"""


def _loop(hir: str) -> tuple[int, bool]:
    """The loop's II and whether its read of the hash's register goes through the bypass."""
    m = re.search(r"hir\.for .* ii (\d+) ", hir)
    assert m, hir
    read = re.search(r"= hir\.load %h_reg\[port 0\]\[\] at %ti0 \+ \d+( bypass)?", hir)
    assert read, hir
    return int(m[1]), bool(read[1])


def test_the_hash_is_not_chained_through_its_registers_bypass(tmp_path: Path) -> None:
    out = synth_for_targets(tmp_path, FNV, "fnv")
    # ECP5: the xor and the constant product's additions (64 bits each), then their sum, then the
    # last subtraction and the rotation: three cycles from the read to the write, which the
    # next iteration reads from the register itself (at II 2, through the bypass: 12.2 ns by the
    # target's delays)
    assert _loop((out["ecp5"] / "fnv.hir").read_text()) == (3, False)
    # the default target's delays fit the recurrence in a cycle, as before
    assert _loop((out["default"] / "fnv.hir").read_text())[0] == 1
    proc = run_hls("cosim", str(tmp_path / "k.c"), "--top", "fnv", "-o", str(out["ecp5"]), "--runs", "4")
    assert proc.returncode == 0 and "PASS: 4 calls" in proc.stdout, proc.stdout + proc.stderr
