"""The schedule verifier accepts what the scheduler produces and catches schedule bugs."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import model_from_source
from hls.ir.hir import ForOp, HirFunc, LoadOp, StoreOp, Time, print_hir
from hls.ir.hir_verify import ScheduleError, verify_hir
from hls.scheduler.lower_to_hir import ScheduleOptions, schedule
from hls.scheduler.target import load_target

SRC = """
void k(int a[8], int b[8]) {
  for (int i = 0; i < 8; i++) { int t = a[i] * 3; b[i] = t + a[7 - i]; }
}
"""


def _hir(tmp_path: Path, pipeline: bool = False) -> HirFunc:
    return schedule(model_from_source(tmp_path, SRC, "k"), ScheduleOptions(load_target(), pipeline=pipeline))


def _loop(fn: HirFunc) -> ForOp:
    return next(op for op in fn.body if isinstance(op, ForOp))


def test_scheduler_output_verifies_and_prints(tmp_path: Path) -> None:
    fn = _hir(tmp_path)
    verify_hir(fn)
    text = print_hir(fn)
    assert "hir.for %i : i32" in text and "hir.next_iter at %ti" in text and "hir.return at %tf" in text


def test_catches_value_used_before_valid(tmp_path: Path) -> None:
    fn = _hir(tmp_path)
    store = next(op for op in _loop(fn).body if isinstance(op, StoreOp))
    store.at = Time(store.at.var, 0)
    with pytest.raises(ScheduleError, match="valid only at|port"):
        verify_hir(fn)


def test_catches_port_conflict(tmp_path: Path) -> None:
    fn = _hir(tmp_path)
    loads = [op for op in _loop(fn).body if isinstance(op, LoadOp)]
    assert loads
    body = _loop(fn).body
    dup = LoadOp(loads[0].result.__class__(loads[0].result.name + "_x", loads[0].result.width), loads[0].mem, 0, loads[0].indices, None, loads[0].at)
    body.insert(body.index(loads[0]) + 1, dup)
    with pytest.raises(ScheduleError, match="same cycle"):
        verify_hir(fn)


def test_catches_early_next_iter(tmp_path: Path) -> None:
    fn = _hir(tmp_path)
    loop = _loop(fn)
    loop.next_iter = Time(loop.iter_time, 1)
    with pytest.raises(ScheduleError, match="does not wait"):
        verify_hir(fn)


def test_pipelined_loop_verifies(tmp_path: Path) -> None:
    fn = _hir(tmp_path, pipeline=True)
    verify_hir(fn)
    loop = _loop(fn)
    assert loop.ii == 1 and loop.next_iter == Time(loop.iter_time, 1)


def test_catches_modulo_port_conflict(tmp_path: Path) -> None:
    fn = _hir(tmp_path, pipeline=True)
    loop = _loop(fn)
    loads = [op for op in loop.body if isinstance(op, LoadOp)]
    # two loads of one array one cycle apart collide at II=1
    loop.ii = 1
    loads[1].at = Time(loads[0].at.var, loads[0].at.offset + 1)
    with pytest.raises(ScheduleError):
        verify_hir(fn)


def test_catches_violated_carried_dependence(tmp_path: Path) -> None:
    src = "void r(int a[16]) { for (int i = 1; i < 16; i++) a[i] = a[i - 1] + 5; }"
    fn = schedule(model_from_source(tmp_path, src, "r"), ScheduleOptions(load_target()))
    verify_hir(fn)
    loop = _loop(fn)
    assert loop.ii == 2 and any(d == 1 for _, _, _, d in loop.dependences)
    loop.ii = 1
    loop.next_iter = Time(loop.iter_time, 1)
    for op in loop.body:  # keep the ports apart so that only the dependence is wrong
        if isinstance(op, StoreOp):
            op.port = 1
        elif isinstance(op, LoadOp):
            op.port = 0
    with pytest.raises(ScheduleError, match="depends on"):
        verify_hir(fn)


def test_catches_code_during_drain(tmp_path: Path) -> None:
    src = "int r(int a[16]) { int s = 0; for (int i = 0; i < 16; i++) s += a[i] * a[i]; return s; }"
    fn = schedule(model_from_source(tmp_path, src, "r"), ScheduleOptions(load_target()))
    verify_hir(fn)
    loop = _loop(fn)
    assert loop.latency is not None and loop.ii is not None and loop.latency > loop.ii
    ret = fn.body[-1]
    ret.at = Time(ret.at.var, 0)  # type: ignore[union-attr]
    with pytest.raises(ScheduleError, match="draining|valid only"):
        verify_hir(fn)
