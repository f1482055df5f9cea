"""A flattened nest's row-local scalar: one that each iteration of its level assigns before
reading it, and that nothing outside the nest mentions, is dead once the statements after the
level's inner loop run, so its register keeps the value from before them. fir_int (#13): the
rounding of a row's sum, written back to the sum's register, reached the next row's first
addition through the register's bypass, a path no row takes. Checked on the scheduled IR and by
cosim against gcc, with a local read after its nest beside it, which keeps its last value."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import cosim_random, synth_for_targets

ROWS = r"""
#include <stdint.h>
void rows(const int32_t x[64], int32_t y[8], int64_t *last)
{
  for (int i = 0; i < 8; i++) {
    long long acc = 0;
    for (int k = 0; k < 8; k++)
      acc += (long long)x[i * 8 + k] * (k + 3);
    acc = (acc + 16384) >> 15;
    y[i] = (int32_t)acc;
  }
  long long kept = 5;
  for (int i = 0; i < 8; i++) {
    kept = 7;
    for (int k = 0; k < 8; k++)
      kept += x[i * 8 + k];
    kept = (kept + 16384) >> 3;
  }
  *last = kept;
}
"""


def test_a_rows_local_keeps_no_value_past_the_row(tmp_path: Path) -> None:
    """``acc``'s register keeps the row's sum, not its rounding; ``kept``, read after its nest,
    keeps the rounding (its last value); both nests flattened at II 1, except ``kept``'s on ECP5:
    there the rounding, the bypass of its register and the next row's first addition are one
    static path, too long by the delays (``bypass_chain_ns``; the value it carries is never used,
    as each row starts from 7, but static timing counts it), and its nest runs as two loops in
    the same 168 cycles."""
    for target, out in synth_for_targets(tmp_path, ROWS, "rows").items():
        hir = (out / "rows.hir").read_text()
        flat = {}
        for m in re.finditer(r"hir\.for [^\n]* ii (\d+) [^\n]*flattens", hir):
            body = hir[m.start() : hir.index("hir.next_iter", m.start())]
            for reg in re.findall(r"hir\.store %\w+ to %(acc|kept)_reg\[", body):
                flat[reg] = (int(m[1]), body)
        assert set(flat) == ({"acc"} if target == "ecp5" else {"acc", "kept"}), hir
        for reg, (ii, body) in flat.items():
            assert ii == 1, body
            (value,) = re.findall(rf"hir\.store %(\w+) to %{reg}_reg\[", body)
            # the rounding's shift feeds the value written (a selection of it) or not
            ops = {m[1]: m[2] for m in re.finditer(r"%(\w+) = comb\.(\w+ [^\n]*)", body)}
            rounded = ops.get(value, "").startswith("ashr") or any(ops.get(o, "").startswith("ashr") for o in re.findall(r"%(\w+)", ops.get(value, "")))
            assert rounded == (reg == "kept"), (reg, value, body)
    (tmp_path / "cosim").mkdir()
    cosim_random(tmp_path / "cosim", ROWS, "rows")
