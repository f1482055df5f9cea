"""The unroll pass: ``#pragma HLS unroll`` (complete, ``factor=N`` with the remainder guarded,
``off``) and the complete unrolling of the loops inside a pipelined loop, as Vitis HLS does;
every unrolled kernel bit-exact in cosim."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import kernel_from_source, run_hls
from hls.diagnostics import Diagnostic
from hls.ir.evaluate import eval_expr
from hls.ir.kernel import Assign, For, If, KernelFunction
from hls.scheduler.unroll import unroll

KERNELS = """
#define N 32
void by_four(const int a[N], const int b[N], int c[N]) {
  for (int i = 0; i < N; i++) {
#pragma HLS unroll factor=4
    c[i] = a[i] + b[i];
  }
}
void remainder(int n, const int a[N], int c[N]) {
  for (int i = 0; i < n; i++) {
#pragma HLS unroll factor=3
    c[i] = a[i] * 3 - i;
  }
}
void constant_remainder(const short a[10], short c[10]) {
  for (int i = 9; i >= 0; i--) {
#pragma HLS unroll factor=4
    c[i] = a[i] + 1;
  }
}
void rows(const float a[4][16], const float b[16], float out[4]) {
  for (int r = 0; r < 4; r++) {
#pragma HLS pipeline II=1
    float s = 0;
    for (int k = 0; k < 16; k++) s += a[r][k] * b[k];
    out[r] = s;
  }
}
void complete(double y[8], const double x[8]) {
  for (int i = 0; i < 8; i++) {
#pragma HLS unroll
    y[i] = y[i] * 0.5 + x[i];
  }
}
void nested(int a[6][5]) {
  for (int i = 0; i < 6; i++) {
#pragma HLS unroll factor=2
    for (int j = 0; j < 5; j++) a[i][j] = a[i][j] + i * j;
  }
}
void variable(int n, int a[16]) {
  for (int i = 0; i < n; i++) {
#pragma HLS unroll
    a[i] = a[i] + 1;
  }
}
void kept(int a[16]) {
  for (int i = 0; i < 16; i++) {
#pragma HLS unroll off
    a[i] = a[i] + 1;
  }
}
void skewed(double a[20], double b[20]) {
  for (int t = 0; t < 6; t++) {
    for (int j = 2 * t + 1; j <= 2 * t + 17; j++) {
#pragma HLS unroll factor=2
      b[j - 2 * t] = a[j - 2 * t - 1] + a[j - 2 * t];
    }
  }
}
void independent(int a[8][4], int b[8][4]) {
  for (int i = 0; i < 8; i++) {
    for (int j = 0; j < 4; j++) {
#pragma HLS unroll
      a[i][j] = a[i][j] + 1;
      b[i][j] = b[i][j] * 2;
    }
  }
}
"""


def _unrolled(tmp_path: Path, top: str) -> tuple[KernelFunction, list[Diagnostic]]:
    warnings: list[Diagnostic] = []
    return unroll(kernel_from_source(tmp_path, KERNELS, top), warnings), warnings


def _run(tmp_path: Path, top: str, *extra: str) -> dict[str, Any]:
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / (top + "".join(extra))
    proc = run_hls("synth", str(src), "--top", top, "-o", str(out), *extra)
    assert proc.returncode == 0, proc.stderr
    report = dict(json.loads((out / "report.json").read_text()))
    report["stderr"] = proc.stderr
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--runs", "3", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report["cycles"] = [c["cycles"] for c in json.loads((out / "cosim.json").read_text())["calls"]]
    return report


def test_factor_without_remainder_needs_no_guards(tmp_path: Path) -> None:
    fn, warnings = _unrolled(tmp_path, "by_four")
    (loop,) = fn.body
    assert isinstance(loop, For) and loop.step == 4 and len(loop.body) == 4 and not warnings
    assert all(isinstance(s, Assign) for s in loop.body)
    assert fn.transformations == ["unrolled loop 'by_four_L4' (line 4) by 4: 4 copies of its body per iteration"]
    report = _run(tmp_path, "by_four")
    assert report["transformations"][0].startswith("unrolled loop 'by_four_L4' (line 4) by 4")
    (lp,) = report["loops"]
    assert lp["trip_count"] == 8
    # the iteration bound stays the C code's: 32 iterations of the loop as written
    assert report["iteration_bound"] == 32


def test_remainder_copies_test_the_loop_condition(tmp_path: Path) -> None:
    """n need not be a multiple of 3: copies 1 and 2 run only while i + k < n (cosim draws n
    from the range that keeps the accesses in bounds, edge values included)."""
    fn, _ = _unrolled(tmp_path, "remainder")
    (loop,) = fn.body
    assert isinstance(loop, For) and loop.step == 3
    first, *guarded = loop.body
    assert isinstance(first, Assign) and len(guarded) == 2 and all(isinstance(s, If) for s in guarded)
    _run(tmp_path, "remainder")


def test_constant_remainder_of_a_decreasing_loop(tmp_path: Path) -> None:
    fn, _ = _unrolled(tmp_path, "constant_remainder")
    (loop,) = fn.body
    assert isinstance(loop, For) and loop.step == -4 and sum(isinstance(s, If) for s in loop.body) == 3
    _run(tmp_path, "constant_remainder")


def test_a_skewed_loop_counts_its_iterations_from_zero(tmp_path: Path) -> None:
    """The inner loop's bounds move with t, its 17 iterations do not: unrolled by 2 it runs a
    counter from 0 to 9 (copy 1 guarded in the last), so the nest keeps constant bounds and
    runs as one flattened pipeline, as the loop transformations' skewed nests need."""
    fn, _ = _unrolled(tmp_path, "skewed")
    (outer,) = fn.body
    assert isinstance(outer, For)
    (loop,) = outer.body
    assert isinstance(loop, For) and loop.step == 1 and loop.cmp == "<"
    assert eval_expr(loop.init, {}) == 0 and eval_expr(loop.bound, {}) == 9
    first, guarded = loop.body
    assert isinstance(first, Assign) and isinstance(guarded, If)
    assert fn.transformations[0].endswith("its 17 iterations counted from 0 by 'j_2'")
    report = _run(tmp_path, "skewed")
    (lp,) = report["loops"]
    assert lp["flattened"] == ["skewed_L55"] and lp["trip_count"] == 54


def test_pipelining_a_loop_unrolls_the_loops_inside(tmp_path: Path) -> None:
    """Vitis semantics: the k loop becomes 16 sums in a row (in C's order: no reassociation)."""
    fn, _ = _unrolled(tmp_path, "rows")
    (loop,) = fn.body
    assert isinstance(loop, For) and not any(isinstance(s, For) for s in loop.body)
    assert len(loop.body) == 18
    report = _run(tmp_path, "rows")
    (lp,) = report["loops"]
    assert lp["pipelined"] and lp["achieved_ii"] == lp["mii"]
    assert "completely inside pipelined loop 'rows_L22'" in report["transformations"][0]


def test_complete_unrolling_leaves_no_loop(tmp_path: Path) -> None:
    fn, _ = _unrolled(tmp_path, "complete")
    assert len(fn.body) == 8 and all(isinstance(s, Assign) for s in fn.body)
    report = _run(tmp_path, "complete")
    assert report["loops"] == []


def test_loops_inside_copies_are_loops_of_their_own(tmp_path: Path) -> None:
    fn, _ = _unrolled(tmp_path, "nested")
    (loop,) = fn.body
    assert isinstance(loop, For)
    inner = [s for s in loop.body if isinstance(s, For)]
    assert len(inner) == 2 and inner[0].var is not inner[1].var and inner[0].name != inner[1].name
    _run(tmp_path, "nested")


def test_variable_trip_count_is_a_located_warning(tmp_path: Path) -> None:
    fn, warnings = _unrolled(tmp_path, "variable")
    (loop,) = fn.body
    assert isinstance(loop, For) and loop.step == 1
    (w,) = warnings
    assert w.loc.line == 43 and "loop 'variable_L42' is not unrolled" in w.message and "not a constant" in w.message
    report = _run(tmp_path, "variable")
    assert "k.c:43:1: warning: loop 'variable_L42' is not unrolled" in report["stderr"]


def test_unroll_off_keeps_the_loop(tmp_path: Path) -> None:
    fn, warnings = _unrolled(tmp_path, "kept")
    (loop,) = fn.body
    assert isinstance(loop, For) and loop.step == 1 and len(loop.body) == 1 and not warnings


def test_copies_are_not_distributed_again(tmp_path: Path) -> None:
    """The unrolled copies of an iteration stay in one loop body: the loop-transform pass would
    otherwise split the independent updates of a and b into loops of their own."""
    report = _run(tmp_path, "independent")
    assert not any(t.startswith("distributed loop") for t in report["transformations"])
    (lp,) = report["loops"]
    assert lp["trip_count"] == 8


def test_bad_factor_is_a_located_error(tmp_path: Path) -> None:
    src = tmp_path / "bad.c"
    src.write_text("void f(int a[8]) {\n  for (int i = 0; i < 8; i++) {\n#pragma HLS unroll factor=0\n    a[i] = 0;\n  }\n}\n")
    proc = run_hls("synth", str(src), "--top", "f", "-o", str(tmp_path / "bad"))
    assert proc.returncode == 1
    assert "bad.c:3:" in proc.stderr and "unroll factor must be a positive integer, not '0'" in proc.stderr
    assert not (tmp_path / "bad").exists()


CHAINED = """
void interleaved(double t[16], const double a[16][2]) {
  for (int i = 0; i < 16; i++) {
    t[i] = t[i] + a[i][0];
    t[i] = t[i] * a[i][1] + t[i];
  }
}
"""


def test_an_element_stored_twice_in_an_iteration_is_stored_once(tmp_path: Path) -> None:
    """t[i] = t[i] + a; t[i] = t[i] * b + t[i]: the first store's value goes straight to the
    second statement (a scalar), so each iteration loads and stores t[i] once: II 1 on t's two
    ports instead of 2 (three accesses)."""
    src = tmp_path / "c.c"
    src.write_text(CHAINED)
    top = "interleaved"
    out = tmp_path / top
    proc = run_hls("synth", str(src), "--top", top, "-o", str(out), "--emit", "reuse")
    assert proc.returncode == 0, proc.stderr
    text = (out / f"{top}.reuse").read_text()
    assert "t_fwd = " in text and text.count("t[i] = ") == 1
    proc = run_hls("synth", str(src), "--top", top, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    (lp,) = json.loads((out / "report.json").read_text())["loops"]
    assert lp["achieved_ii"] == 1
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--runs", "3", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr
