"""A pipelined loop after another starts while the first drains where it shares nothing with the
first's last iterations (hir_overlap): the scheduler places it, the verifier checks it, binding
keeps units shared, and the hardware computes what the C does."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import model_from_source, run_hls
from hls.backend.binding import bind_units
from hls.ir.hir import ForOp, HirFunc, LoadOp, StoreOp, Time, UnitOp
from hls.ir.hir_overlap import drain
from hls.ir.hir_verify import ScheduleError, verify_hir
from hls.scheduler.lower_to_hir import ScheduleOptions, schedule
from hls.scheduler.target import load_target

SRC = """
void three(int a[16], int b[16], int c[16]) {
  for (int i = 0; i < 16; i++) b[i] = a[i] * a[i] * 7 + a[i] / 5;
  for (int i = 0; i < 16; i++) a[i] = c[i] + 1;
  for (int i = 0; i < 16; i++) c[i] = b[i] - 1;
}
void fp(double a[16], double b[16], const double c[16]) {
  for (int i = 0; i < 16; i++) b[i] = a[i] * 3.0 + 1.0;
  for (int i = 0; i < 16; i++) a[i] = c[15 - i] * 5.0 + 2.0;
}
"""
# (scheduled with flatten off: else adjacent loops with constant bounds share one pipeline)


def _hir(tmp_path: Path, top: str) -> HirFunc:
    return schedule(model_from_source(tmp_path, SRC, top), ScheduleOptions(load_target(), flatten=False))


def _loops(fn: HirFunc) -> list[ForOp]:
    return [op for op in fn.body if isinstance(op, ForOp)]


def test_a_loop_sharing_nothing_starts_while_the_one_before_drains(tmp_path: Path) -> None:
    fn = _hir(tmp_path, "three")
    verify_hir(fn)
    first, second, third = _loops(fn)
    assert drain(first) > 2
    # (the second overwrites a, which the first reads only at its iterations' start)
    assert second.at.var == first.result and second.at.offset < drain(first)
    # the third reads b, which the first stores: after its last store is written
    store_b = next(op for op in first.body if isinstance(op, StoreOp) and op.mem.name == "b")
    load_b = next(op for op in third.body if isinstance(op, LoadOp) and op.mem.name == "b")
    assert third.at.var == second.result
    # (the second loop's 16 iterations lie between the first's end and the third's start)
    assert 16 * (second.ii or 0) + third.at.offset + load_b.at.offset >= store_b.at.offset - (first.ii or 0) + 1


def test_verifier_catches_a_loop_that_meets_a_draining_store(tmp_path: Path) -> None:
    src = "void k(const int a[16], int b[16], int c[16]) {\n"
    src += "  for (int i = 0; i < 16; i++) b[i] = a[i] * a[i] * 7 + a[i] / 5;\n"
    src += "  for (int i = 0; i < 16; i++) c[i] = b[i] + 1;\n}\n"
    fn = schedule(model_from_source(tmp_path, src, "k"), ScheduleOptions(load_target(), flatten=False))
    verify_hir(fn)
    first, second = _loops(fn)
    assert second.at.var == first.result and second.at.offset >= 1
    second.at = Time(first.result, 0)
    with pytest.raises(ScheduleError, match="while store to %b of its last iteration runs"):
        verify_hir(fn)


def test_verifier_catches_a_return_before_the_drain(tmp_path: Path) -> None:
    fn = _hir(tmp_path, "three")
    verify_hir(fn)
    last = _loops(fn)[-1]
    ret = fn.body[-1]
    assert ret.at.var == last.result and ret.at.offset == drain(last)  # type: ignore[union-attr]
    ret.at = Time(last.result, drain(last) - 1)  # type: ignore[union-attr]
    with pytest.raises(ScheduleError, match="still drains"):
        verify_hir(fn)


def test_overlapping_loops_keep_sharing_their_units(tmp_path: Path) -> None:
    """The second loop's multiply and add issue after the first loop's last ones: binding still
    puts each pair on one unit (as for loops one after the other), yet it starts in the drain."""
    fn = _hir(tmp_path, "fp")
    verify_hir(fn)
    first, second = _loops(fn)
    assert second.at.offset < drain(first)
    units = bind_units(fn)
    ops = [op for op in first.body + second.body if isinstance(op, UnitOp)]
    assert len(ops) == 4 and len(units) == 2


def test_overlapped_loops_cosimulate(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text(SRC)
    for top in ("three", "fp"):
        out = tmp_path / top
        proc = run_hls("synth", str(src), "--top", top, "-o", str(out), "--no-flatten")
        assert proc.returncode == 0, proc.stderr
        proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--runs", "4", "--quick-build")
        assert proc.returncode == 0, proc.stdout + proc.stderr
