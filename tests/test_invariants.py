"""Fewer floating-point units for the same values: loop-invariant operations computed once before
their loop nest (``hoist_invariants``), an operation written twice on the same values in one
iteration computed once (the scheduler's ``_Segment.unit``), and a padded nest at the II its units
allow (``padded_nest``). Each keeps results bit-exact: cosim compares with gcc."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from pathlib import Path

from conftest import kernel_from_source, synth_and_cosim
from hls.frontend.affine import affine_model
from hls.frontend.dependences import dependences
from hls.frontend.hoist_invariants import hoist_invariants
from hls.frontend.reuse_loads import reuse_loads
from hls.ir.hir import ForOp, HirFunc, UnitOp
from hls.ir.kernel import Assign, For, KernelFunction, Stmt, print_kernel
from hls.scheduler.lower_to_hir import ScheduleOptions, schedule
from hls.scheduler.target import load_target

INVARIANT = """
void k(double d, int n, const double x[32], double y[32], double z[4][8]) {
  double s = 0.0;
  for (int i = 0; i < 32; i++) {
    y[i] = (1.0 + 2.0 * d) * x[i] + (double)n;
    s = s * d + x[i];
  }
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 8; j++) z[i][j] = z[i][j] * (s * 0.5) + (double)i * d;
  y[0] += s;
}
"""


def _units(ops: Sequence[object], kind: str) -> int:
    """Unit ops of ``kind`` in ``ops``, inside loops too."""
    count = 0
    for op in ops:
        if isinstance(op, UnitOp) and op.kind == kind:
            count += 1
        elif isinstance(op, ForOp):
            count += _units(op.body, kind)
    return count


def _loop_units(fn: HirFunc, kind: str) -> int:
    """Unit ops of ``kind`` in ``fn``'s loops."""
    return sum((_units(op.body, kind) for op in fn.body if isinstance(op, ForOp)), 0)


def _hir(tmp_path: Path, src: str, top: str) -> HirFunc:
    """``top`` scheduled as the driver does from the reuse-loads pass on."""
    fn = reuse_loads(kernel_from_source(tmp_path, src, top))
    return schedule(dependences(affine_model(fn)), ScheduleOptions(load_target()))


def _text(fn: KernelFunction, stmt: Stmt) -> str:
    """``stmt`` printed, without the types (``(s * d)`` rather than ``(s * d):f64``)."""
    return re.sub(r":(f64|f32|i32)", "", print_kernel(dataclasses.replace(fn, body=[stmt])))


def test_invariant_operations_move_before_their_outermost_loop(tmp_path: Path) -> None:
    fn = kernel_from_source(tmp_path, INVARIANT, "k")
    assert hoist_invariants(fn) == 3
    first, second = [s for s in fn.body if isinstance(s, For)]
    hoisted = [s for s in fn.body if isinstance(s, Assign) and "_invariant" in s.var.name]
    # (1.0 + 2.0 * d) and (double)n before the first loop; s * 0.5 before the second: s is
    # written in the first loop, not in the second
    assert [_text(fn, s).splitlines()[-1].split(" = ")[1] for s in hoisted] == [
        "(1.0 + (2.0 * d));  // line 5",
        "(f64)(n);  // line 5",
        "(s * 0.5);  // line 9",
    ]
    assert fn.body.index(hoisted[1]) < fn.body.index(first) < fn.body.index(hoisted[2]) < fn.body.index(second)
    body = _text(fn, first)
    assert "2.0 * d" not in body and "(f64)(n)" not in body
    assert "(s * d)" in body  # (s changes in the loop)
    nest = _text(fn, second)
    # (double)i * d stays: i is the nest's own iterator, and the nest stays perfect
    assert "s * 0.5" not in nest and "((f64)(i_2) * d)" in nest
    assert len(second.body) == 1 and isinstance(second.body[0], For)


def test_integer_and_array_expressions_stay(tmp_path: Path) -> None:
    src = """
void k(int n, double a[16], const double b[16]) {
  for (int i = 0; i < 16; i++) a[i] = b[i] * b[3] + (double)(n * 3) * 0.5 + a[(n * 2) & 15];
}
"""
    fn = kernel_from_source(tmp_path, src, "k")
    # (double)(n * 3) * 0.5 moves, its integer multiply with it; b[i] * b[3] (an array read) and
    # the subscript (n * 2) & 15 (integer) stay
    assert hoist_invariants(fn) == 1
    loop = next(s for s in fn.body if isinstance(s, For))
    text = _text(fn, loop)
    assert "(b[i] * b[3])" in text and "[((n * 2) & 15)]" in text and "0.5" not in text, text


def test_hoisted_kernel_is_bit_exact_with_fewer_units_in_its_loops(tmp_path: Path) -> None:
    first, second = [op for op in _hir(tmp_path, INVARIANT, "k").body if isinstance(op, ForOp)]
    # first loop: s * d and the invariant times x[i] (not 2.0 * d); no conversion of n
    assert (_units(first.body, "dmul"), _units(first.body, "dadd"), _units(first.body, "sitofp")) == (2, 2, 0)
    # the nest: z * invariant and (double)i * d (not s * 0.5)
    assert (_units(second.body, "dmul"), _units(second.body, "sitofp")) == (2, 1)
    synth_and_cosim(tmp_path, INVARIANT, "k")


SHARED = """
void k(double a, double b, double c, const double u[24], double p[24], double q[24]) {
  for (int i = 0; i < 24; i++) {
    p[i] = -c / (a * u[i] + b);
    q[i] = (u[i] - 1.0) / (a * u[i] + b);
  }
}
"""


def test_an_operation_on_the_same_values_is_computed_once(tmp_path: Path) -> None:
    fn = _hir(tmp_path, SHARED, "k")
    # a * u[i] and + b once for both divisions
    assert _loop_units(fn, "dmul") == 1 and _loop_units(fn, "dadd") == 1 and _loop_units(fn, "ddiv") == 2
    synth_and_cosim(tmp_path, SHARED, "k")


RECURRENCE = """
void k(double a, double b, double c, double p[12][12], const double u[12][12]) {
#pragma HLS allocation operation instances=dmul limit=1
  for (int j = 1; j < 12; j++)
    for (int i = 0; i < 12; i++)
      p[i][j] = -c / (a * p[i][j - 1] + b) * u[i][j];
}
"""


def test_a_padded_nest_runs_at_the_ii_its_units_allow(tmp_path: Path) -> None:
    """One multiplier for two multiplies: II 2. The recurrence through p (a multiply, an add, a
    division and a multiply) spans more than a row of 12 iterations; padding each row to about half
    the recurrence's latency makes it span one row at II 2 (before: no padding at all beyond the
    target II, and the recurrence set the II above 2)."""
    report, _ = synth_and_cosim(tmp_path, RECURRENCE, "k")
    (loop,) = [lp for lp in report["loops"] if lp["pipelined"]]
    assert loop["achieved_ii"] == 2 and loop["res_mii"] == 2, report["loops"]
    # 11 rows of more than 12 iterations, the padding running no statement
    assert loop["flattened"] and loop["trip_count"] > 11 * 12, report["loops"]
    # the warning names what holds the II (the unit), not the recurrence the padding answers
    assert "2 dmul ops per iteration on the 1 unit of '#pragma HLS allocation' (line 3): ResMII=2 (rows padded to" in report["stderr"], report["stderr"]
