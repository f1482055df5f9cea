"""A condition computed in a cycle drives every bit it selects: on ECP5 its route to more than
96 selected bits counts in the chaining budget (the target's ``condition_fanout``), so a wide
comparison feeding wide selections is not chained after the selection of its own operand (#13:
kadane's running sum, selected, compared with the best in 64 bits and driving the selections of
the best and two indices, 128 bits, was one 11.5 ns path: 86.64 MHz). Checked on the scheduled
IR, against kadane without its indices' updates (the best alone, 64 bits) and on the default
target, and by cosim."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import run_hls

KADANE = Path(__file__).resolve().parent / "kernels" / "int" / "kadane.c"  # (the corpus kernel)
INDEX_UPDATES = "      bs = start;\n      be = i;\n"


def _comparison_operand(hir: str) -> str:
    """The first operand of the loop body's comparison of the running sum with the best."""
    body = hir[hir.index("hir.for") : hir.index("hir.next_iter")]
    m = re.search(r"= comb\.sgt %(\w+), %best_reg_rd\w+ at", body)
    assert m, body
    return m[1]


@pytest.mark.parametrize(("target", "wide", "registered"), [("ecp5", True, True), ("ecp5", False, False), ("default", True, False)])
def test_a_wide_selection_moves_its_comparison_after_a_register(tmp_path: Path, target: str, wide: bool, registered: bool) -> None:
    src = KADANE
    if not wide:
        assert INDEX_UPDATES in KADANE.read_text()
        src = tmp_path / "kadane.c"
        src.write_text(KADANE.read_text().replace(INDEX_UPDATES, ""))
    out = tmp_path / "out"
    proc = run_hls(str(src), "--top", "kadane", "--target", target, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    operand = _comparison_operand((out / "kadane.hir").read_text())
    # the running sum's selection (a phi) compared in its own cycle, or its delay register
    assert re.fullmatch(r"phi\d+(_d\d+)?", operand), operand
    assert bool(re.fullmatch(r"phi\d+_d\d+", operand)) == registered, operand
    proc = run_hls("cosim", str(src), "--top", "kadane", "-o", str(out), "--runs", "4")
    assert proc.returncode == 0 and "PASS: 4 calls" in proc.stdout, proc.stdout + proc.stderr
