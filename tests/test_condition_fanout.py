"""A condition computed in a cycle drives every bit it selects: on ECP5 its route to more than
96 selected bits counts in the chaining budget (the target's ``condition_fanout``), so a wide
comparison feeding wide selections is not chained after the selection of its own operand (#13:
kadane's running sum, selected, compared with the best in 64 bits and driving the selections of
the best and two indices, 128 bits, was one 11.5 ns path: 86.64 MHz). Checked on the scheduled
IR, against the same kernel selecting 64 bits and on the default target, and by cosim."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import run_hls

MAX_RUN = """
long long max_run(const int a[32], int se[2])
{
  long long best = a[0];
  long long cur = 0;
  int start = 0;
  int bs = 0;
  int be = 0;
  for (int i = 0; i < 32; i++) {
    if (cur <= 0) {
      cur = a[i];
      start = i;
    } else {
      cur += a[i];
    }
    if (cur > best) {
      best = cur;
#ifdef INDICES
      bs = start;
      be = i;
#endif
    }
  }
  se[0] = bs;
  se[1] = be;
  return best;
}
"""

TESTBENCH = """
#include <stdio.h>
long long max_run(const int a[32], int se[2]);
int main(void) {
  int a[32], se[2];
  for (int r = 0; r < 3; r++) {
    for (int i = 0; i < 32; i++) a[i] = ((i * 37 + r * 11) % 23 - 11) * (r == 2 ? 100000000 : 1);
    se[0] = se[1] = -1;
    long long best = max_run(a, se);
    printf("%lld %d %d\\n", best, se[0], se[1]);
  }
  return 0;
}
"""


def _comparison_operand(hir: str) -> str:
    """The first operand of the loop body's comparison of the running sum with the best."""
    body = hir[hir.index("hir.for") : hir.index("hir.next_iter")]
    m = re.search(r"= comb\.sgt %(\w+), %best_reg_rd\w+ at", body)
    assert m, body
    return m[1]


@pytest.mark.parametrize(("target", "indices", "registered"), [("ecp5", True, True), ("ecp5", False, False), ("default", True, False)])
def test_a_wide_selection_moves_its_comparison_after_a_register(tmp_path: Path, target: str, indices: bool, registered: bool) -> None:
    src = tmp_path / "max_run.c"
    src.write_text(MAX_RUN)
    (tmp_path / "tb.c").write_text(TESTBENCH)
    out = tmp_path / "out"
    defines = ["-DINDICES"] if indices else []
    proc = run_hls(str(src), "--top", "max_run", "--target", target, "-o", str(out), *defines)
    assert proc.returncode == 0, proc.stderr
    hir = (out / "max_run.hir").read_text()
    operand = _comparison_operand(hir)
    # the running sum's selection (a phi) compared in its own cycle, or its delay register
    assert bool(re.fullmatch(r"phi\d+_d\d+", operand)) == registered, (operand, hir)
    assert re.fullmatch(r"phi\d+(_d\d+)?", operand), operand
    proc = run_hls("cosim", str(src), "--top", "max_run", "-o", str(out), "--tb", str(tmp_path / "tb.c"), *defines)
    assert proc.returncode == 0 and "PASS" in proc.stdout, proc.stdout + proc.stderr
