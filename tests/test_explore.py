"""Design-space exploration under a resource budget: the fastest unrolling and partitioning the
budget allows, chosen by the real scheduler's count, reported as pragmas, bit-exact in cosim;
evaluated on local processes or on a (local) Dask cluster alike."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import kernel_from_source, run_hls
from hls.explore import Budget, Directive, apply_directives, unrollable_loops

KERNEL = """
#define N 64
void saxpy(const float x[N], float y[N]) {
  for (int i = 0; i < N; i++) y[i] = 2.5f * x[i] + y[i];
}
"""


def _explore(tmp_path: Path, *flags: str, name: str = "out", kernel: str = KERNEL, top: str = "saxpy") -> tuple[dict[str, Any], str]:
    src = tmp_path / "k.c"
    src.write_text(kernel)
    out = tmp_path / name
    proc = run_hls("synth", str(src), "--top", top, "-o", str(out), "--explore-jobs", "2", *flags)
    assert proc.returncode == 0, proc.stderr
    return json.loads((out / "report.json").read_text()), proc.stderr


def test_the_budget_buys_unrolling_and_banks(tmp_path: Path) -> None:
    """One copy of the loop body is a float multiply and add (5 DSP): within 20 DSP the loop runs
    four copies per iteration on four banks of x and y (72 cycles become 24: fill and drain stay)."""
    report, stderr = _explore(tmp_path, "--max-dsp", "20")
    found = report["exploration"]
    assert found["budget"] == {"dsp": 20}
    assert found["baseline"]["resources"]["dsp"] == 5
    assert report["resources"]["dsp"] == found["chosen"]["resources"]["dsp"] <= 20
    assert [d["pragma"] for d in found["directives"]] == [
        "#pragma HLS unroll factor=4",
        "#pragma HLS array_partition variable=x type=cyclic factor=4 dim=1",
        "#pragma HLS array_partition variable=y type=cyclic factor=4 dim=1",
    ]
    assert report["latency_cycles"] == found["chosen"]["cycles"] and found["chosen"]["cycles"] * 2.5 < found["baseline"]["cycles"]
    assert "explore: unroll loop 'saxpy_L4' (line 4) by 4" in stderr
    src = tmp_path / "k.c"
    proc = run_hls("cosim", str(src), "--top", "saxpy", "-o", str(tmp_path / "out"), "--runs", "2", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    text = (tmp_path / "out" / "report.rpt").read_text()
    assert "== Exploration" in text and "#pragma HLS unroll factor=4  // in loop 'saxpy_L4' (line 4)" in text


def test_a_budget_too_small_keeps_the_source_design(tmp_path: Path) -> None:
    """Two copies take 6 DSPs even with their adders in fabric: within 5 the source stays."""
    report, _ = _explore(tmp_path, "--max-dsp", "5")
    assert report["exploration"]["directives"] == []
    assert report["latency_cycles"] == report["exploration"]["baseline"]["cycles"]


def test_dask_cluster_finds_the_same_design(tmp_path: Path) -> None:
    local, _ = _explore(tmp_path, "--max-dsp", "12", name="local")
    on_dask, _ = _explore(tmp_path, "--max-dsp", "12", "--dask", "local", name="dask")
    assert on_dask["exploration"] == local["exploration"]
    assert on_dask["exploration"]["chosen"]["resources"]["dsp"] == 12


def test_adders_in_fabric_buy_more_lanes(tmp_path: Path) -> None:
    """Within 12 DSPs two copies with their own float multiply (3) and add (2) fit, four only
    with the adders built in fabric ('#pragma HLS bind_op ... impl=fabric', 0 DSPs, more LUTs):
    24 cycles instead of 40, bit-exact."""
    report, stderr = _explore(tmp_path, "--max-dsp", "12")
    found = report["exploration"]
    assert found["chosen"]["cycles"] == report["latency_cycles"] == 24 and found["chosen"]["resources"]["dsp"] == 12
    assert "#pragma HLS bind_op variable=y op=fadd impl=fabric" in [d["pragma"] for d in found["directives"]]
    assert "by 4, float adders in fabric: 24 cycles, 12 DSP" in stderr
    assert report["fp_operators"] == ["hls_fadd_fabric", "hls_fmul"]
    src = tmp_path / "k.c"
    proc = run_hls("cosim", str(src), "--top", "saxpy", "-o", str(tmp_path / "out"), "--runs", "2", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_unknown_device_is_an_error(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text(KERNEL)
    proc = run_hls("synth", str(src), "--top", "saxpy", "-o", str(tmp_path / "o"), "--device", "xc9nothing")
    assert proc.returncode == 1 and "unknown device 'xc9nothing'" in proc.stderr


def test_device_presets_and_limits() -> None:
    budget = Budget.of("xc7z020", dsp=100)
    assert budget == Budget(dsp=100, bram=280, lut=53200, ff=106400)
    assert budget.allows({"dsp": 100, "bram": 0, "lut": 10, "ff": 10}) and not budget.allows({"dsp": 101, "bram": 0, "lut": 0, "ff": 0})
    with pytest.raises(ValueError):
        Budget.of("xc0")


def test_loops_the_user_pins_are_left_alone(tmp_path: Path) -> None:
    src = """
    void f(int a[8][8], int n) {
      for (int i = 0; i < 8; i++) {
    #pragma HLS unroll factor=2
        for (int j = 0; j < 8; j++) a[i][j] += j;
      }
      for (int k = 0; k < n; k++) a[k & 7][0] = k;
    }
    """
    fn = kernel_from_source(tmp_path, src, "f")
    loops = unrollable_loops(fn)
    assert [(lp.trip, lp.arrays) for lp in loops] == [(8, {"a": 1})]  # the j loop: a's second dimension
    apply_directives(fn, [Directive("unroll", loops[0].name, (("factor", "4"),), loops[0].line)])
    (inner,) = [lp for lp in fn.loops() if lp.name == loops[0].name]
    assert [(p.name, p.options) for p in inner.pragmas] == [("unroll", {"factor": "4"})]


PRODUCTS = """
#define N 32
void products(const double a[N], const double b[N], double c[N]) {
  for (int i = 0; i < N; i++) c[i] = a[i] * b[i] * 3.0 + a[i] * 0.75 * b[i];
}
"""


@pytest.mark.parametrize(("budget", "dmul_units"), [(14, 1), (25, 2)])
def test_a_budget_below_the_source_design_shares_operators(tmp_path: Path, budget: int, dmul_units: int) -> None:
    """Four double multiplications and an addition per iteration (47 DSP at II 1): within 14 DSP
    one multiplier serves all four (II 4), within 25 two of them (II 2); bit-exact in cosim."""
    report, _ = _explore(tmp_path, "--max-dsp", str(budget), kernel=PRODUCTS, top="products")
    found = report["exploration"]
    assert found["baseline"]["resources"]["dsp"] == 47
    assert report["resources"]["dsp"] <= budget
    assert f"#pragma HLS allocation operation instances=dmul limit={dmul_units}" in [d["pragma"] for d in found["directives"]]
    # an element every 4 / units cycles (unrolled or not)
    (loop,) = report["loops"]
    assert loop["achieved_ii"] * loop["trip_count"] == 32 * 4 // dmul_units
    src = tmp_path / "k.c"
    proc = run_hls("cosim", str(src), "--top", "products", "-o", str(tmp_path / "out"), "--runs", "3", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


JAMMED = """
#define N 8
void mm(const double A[N][N], const double B[N][N], double C[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = 0.0;
      for (int k = 0; k < N; k++) {
#pragma HLS unroll off
        C[i][j] += A[i][k] * B[k][j];
      }
    }
}
"""


def test_an_interchanged_loop_is_unrolled_where_the_transformations_put_it(tmp_path: Path) -> None:
    """The reduction over k (kept rolled by the user) is interchanged outside j; the exploration
    then unrolls j where it ended up, innermost (unroll-and-jam of the source's nest): two
    products per iteration on banks of B and C, the copies sharing one read of A[i][k];
    bit-exact in cosim. Unrolling j in the source instead would run the k loops one after the
    other."""
    report, stderr = _explore(tmp_path, "--max-dsp", "28", kernel=JAMMED, top="mm")
    found = report["exploration"]
    assert found["chosen"]["cycles"] < found["baseline"]["cycles"]
    assert "after the loop transformations) by 2" in stderr
    pragmas = [(d["pragma"], d["where"]) for d in found["directives"]]
    assert ("#pragma HLS unroll factor=2", "in loop 'mm_L5_2' (line 5, after the loop transformations (--emit transform))") in pragmas
    assert ("#pragma HLS array_partition variable=B type=cyclic factor=2 dim=2",
            "in the function (array declared at line 3, after the loop transformations (--emit transform))") in pragmas  # fmt: skip
    text = _explored_and_cosim(tmp_path, "28")
    assert text.count("A_read = A[i_2][k];") == 1 and text.count("(A_read * B_0_") == 2


def _explored_and_cosim(tmp_path: Path, budget: str) -> str:
    """The explored kernel mm of k.c within ``budget`` DSPs as ``--emit explored`` prints it,
    after checking the chosen design in cosim."""
    src = tmp_path / "k.c"
    proc = run_hls("synth", str(src), "--top", "mm", "-o", str(tmp_path / "emitted"), "--max-dsp", budget, "--explore-jobs", "2", "--emit", "explored")
    assert proc.returncode == 0, proc.stderr
    proc = run_hls("cosim", str(src), "--top", "mm", "-o", str(tmp_path / "out"), "--runs", "3", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return (tmp_path / "emitted" / "mm.explored").read_text()


def test_unroll_factors_tried_and_coupled_loops() -> None:
    from hls.explore import _coupled, _Loop, _next_factors

    assert [_next_factors(f, 24) for f in (1, 2, 3, 4, 12, 24)] == [[2], [3, 4], [4, 6], [6, 8], [24], []]
    assert _next_factors(2, 18) == [3, 4] and _next_factors(16, 20) == [20]
    scale = _Loop("scale", 5, 24, "j", {"D": 1})
    update = _Loop("update", 7, 24, "j2", {"D": 1, "C": 1})
    other = _Loop("other", 9, 18, "j3", {"tmp": 1})
    short = _Loop("short", 11, 6, "j4", {"C": 1})
    loops = {lp.name: lp for lp in (scale, update, other, short)}
    # the loops that walk the banks of D (and C) the unrolling partitions are unrolled alike
    # (short only by 2: 4 does not divide its 6 iterations)
    assert _coupled({}, update, 4, loops) == {"update": 4, "scale": 4, "short": 2}


def test_the_search_stops_after_max_designs(tmp_path: Path) -> None:
    """A cap on the designs evaluated bounds the compile time; the fastest design found so far
    is chosen (deterministically: a round's first candidates)."""
    report, stderr = _explore(tmp_path, "--max-dsp", "20", "--explore-max-designs", "3")
    found = report["exploration"]
    assert found["evaluated"] == 3
    assert found["rounds"][-1] == "stopped after 3 designs (--explore-max-designs 3)" and "explore: stopped after 3 designs" in stderr
    assert found["chosen"]["cycles"] < found["baseline"]["cycles"]


def test_copies_share_an_operation_on_the_same_values(tmp_path: Path) -> None:
    """``alpha * A[i][k]`` is the same in both copies of the unrolled j: one multiplier computes it
    for both, so two lanes take 3 multipliers and 2 adders (39 DSP) and fit a budget of 40
    where 4 multipliers would not; bit-exact in cosim."""
    kernel = JAMMED.replace("void mm(", "void mm(double alpha, ").replace("A[i][k] * B[k][j]", "alpha * A[i][k] * B[k][j]")
    report, _ = _explore(tmp_path, "--max-dsp", "40", kernel=kernel, top="mm")
    found = report["exploration"]
    assert found["chosen"]["resources"]["dsp"] == 39 and found["chosen"]["cycles"] < found["baseline"]["cycles"]
    text = _explored_and_cosim(tmp_path, "40")
    assert text.count("_shared = (alpha * A_read):f64;") == 1 and text.count("_shared * B_0_") == 2


def test_a_budget_no_design_fits_is_said(tmp_path: Path) -> None:
    """The float multiply of one copy takes 3 DSPs (its add none in fabric): within 2, the
    smallest design is chosen and the report and a warning say it is over the budget."""
    report, stderr = _explore(tmp_path, "--max-dsp", "2")
    found = report["exploration"]
    assert found["over_budget"] and found["chosen"]["resources"]["dsp"] == 3
    assert "warning: no design found within DSP 2: the smallest uses DSP 3" in stderr
    assert "over the budget: no design found within it" in (tmp_path / "out" / "report.rpt").read_text()
    within, _ = _explore(tmp_path, "--max-dsp", "3", name="fits")
    assert not within["exploration"]["over_budget"]
