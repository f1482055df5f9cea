"""Operations a loop nest repeats on the elements of a read-only array, computed once per element
(``--precompute-invariants``, ``precompute_invariants``; the exploration may choose it): fewer
operators for one more loop, bit-exact in cosim."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import kernel_from_source, run_hls
from hls.driver import CompileOptions, compile_kernel
from hls.explore import Directive
from hls.frontend.precompute_invariants import precomputable, precompute_invariants
from hls.ir.kernel import print_kernel

# syr2k's update: A[j][k] * alpha and B[j][k] * alpha do not depend on i
SYR2K = """
#define N 8
#define M 6
void syr2k(double alpha, double C[N][N], const double A[N][M], const double B[N][M]) {
  for (int k = 0; k < M; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j <= i; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
}
"""


def test_repeated_products_become_reads_of_precomputed_arrays(tmp_path: Path) -> None:
    fn = kernel_from_source(tmp_path, SYR2K, "syr2k")
    assert precompute_invariants(fn) == {"A": ["A_pre"], "B": ["B_pre"]}
    text = "\n".join(line.split("//")[0].strip() for line in print_kernel(fn).splitlines())
    # filled first, for every element, with the very operation C wrote
    assert "for A_precompute: i32 A_pre_i0 = 0:i32; A_pre_i0 < 8:i32 (i32); A_pre_i0 += 1 {" in text
    assert "for A_precompute_d1: i32 A_pre_i1 = 0:i32; A_pre_i1 < 6:i32 (i32); A_pre_i1 += 1 {" in text
    assert "A_pre[A_pre_i0][A_pre_i1] = (A[A_pre_i0][A_pre_i1] * alpha):f64;" in text
    assert text.index("A_precompute") < text.index("syr2k_L5")
    # read where the element was; the products with the elements the nest moves stay
    assert "C[i][j] = (C[i][j] + ((A_pre[j][k] * B[i][k]):f64 + (B_pre[j][k] * A[i][k]):f64):f64):f64;" in text


def test_only_read_only_arrays_unchanging_scalars_and_repeated_elements(tmp_path: Path) -> None:
    written = SYR2K.replace("const double A[N][M]", "double A[N][M]").replace("for (int k", "A[0][0] = 1.0;\n  for (int k")
    assert precompute_invariants(kernel_from_source(tmp_path, written, "syr2k")) == {"B": ["B_pre"]}
    scaled = SYR2K.replace("for (int k", "alpha = alpha * 2.0;\n  for (int k")
    assert not precomputable(kernel_from_source(tmp_path, scaled, "syr2k"))
    # each element once: nothing to save
    once = "void f(double a, double y[8][8], const double x[8][8]) { for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) y[i][j] = x[i][j] * a; }"
    assert not precomputable(kernel_from_source(tmp_path, once, "f"))


def test_fewer_multipliers_and_bit_exact(tmp_path: Path) -> None:
    """Two double multipliers instead of four: 22 DSPs fewer; cosim compares with gcc."""
    src = tmp_path / "k.c"
    src.write_text(SYR2K)
    reports = {}
    for name, flags in (("plain", []), ("pre", ["--precompute-invariants"])):
        proc = run_hls("synth", str(src), "--top", "syr2k", "-o", str(tmp_path / name), *flags)
        assert proc.returncode == 0, proc.stderr
        reports[name] = json.loads((tmp_path / name / "report.json").read_text())
    assert reports["plain"]["resources"]["dsp"] - reports["pre"]["resources"]["dsp"] == 22
    proc = run_hls("cosim", str(src), "--top", "syr2k", "-o", str(tmp_path / "pre"), "--runs", "2", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_exploration_chooses_it_within_one_multiplier(tmp_path: Path) -> None:
    """Within 14 DSPs (one double multiplier and one adder) the nest needs four products per
    iteration, two once they are precomputed: the exploration says so as an option of hls."""
    src = tmp_path / "k.c"
    src.write_text(SYR2K)
    out = tmp_path / "out"
    proc = run_hls("synth", str(src), "--top", "syr2k", "-o", str(out), "--max-dsp", "14", "--explore-jobs", "2")
    assert proc.returncode == 0, proc.stderr
    found = json.loads((out / "report.json").read_text())["exploration"]
    assert {"pragma": "--precompute-invariants", "where": "an option of hls on the command line, not a pragma"} in found["directives"]
    assert found["chosen"]["resources"]["dsp"] <= 14
    assert "operations repeated on array elements computed once each" in proc.stderr
    proc = run_hls("cosim", str(src), "--top", "syr2k", "-o", str(out), "--runs", "2", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


# (alpha * B[k][j]) does not depend on i; unrolling j partitions B, and B_pre alike
SCALED = """
#define N 8
void mm(double alpha, const double A[N][N], const double B[N][N], double C[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += alpha * B[k][j] * A[i][k];
}
"""


def test_precomputed_from_a_partitioned_array_is_partitioned_alike(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text(SCALED)
    out = tmp_path / "out"
    late = (
        Directive("unroll", "mm_L5", (("factor", "2"),), 5, True),
        Directive("array_partition", "B", (("type", "cyclic"), ("factor", "2"), ("dim", "2")), 3, True),
        Directive("array_partition", "C", (("type", "cyclic"), ("factor", "2"), ("dim", "2")), 3, True),
    )
    result = compile_kernel(CompileOptions(src, "mm", out, directives=late, precompute=True))
    assert result.report is not None
    text = print_kernel_text(tmp_path, src, late)
    assert "B_pre_0_0[k][(j / 2:i32):i32] * A_read" in text and "B_pre_0_1[k][" in text and "B_pre[" not in text
    proc = run_hls("cosim", str(src), "--top", "mm", "-o", str(out), "--runs", "2", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def print_kernel_text(tmp_path: Path, src: Path, directives: tuple[Directive, ...]) -> str:
    """The kernel after pass ``explored`` (``--emit explored``) with ``directives``, precomputed."""
    out = tmp_path / "emitted"
    compile_kernel(CompileOptions(src, "mm", out, emit="explored", directives=directives, precompute=True))
    return (out / "mm.explored").read_text()


def test_sharing_goes_on_from_every_combination_that_keeps_the_iis(tmp_path: Path) -> None:
    """Within 25 DSPs: four products and three sums per iteration (53 DSPs) fit at II 1 only with
    both the products precomputed (two multipliers) and the adders in fabric; either alone leaves
    sharing a multiplier or an adder (II 2 or more)."""
    src = tmp_path / "k.c"
    src.write_text(SYR2K)
    out = tmp_path / "out"
    proc = run_hls("synth", str(src), "--top", "syr2k", "-o", str(out), "--max-dsp", "25", "--explore-jobs", "2")
    assert proc.returncode == 0, proc.stderr
    report = json.loads((out / "report.json").read_text())
    found = report["exploration"]
    assert found["rounds"] == [f"double adders in fabric, operations repeated on array elements computed once each: {report['latency_cycles']} cycles, 22 DSP"]
    assert [(loop["name"], loop["achieved_ii"]) for loop in report["loops"]] == [("A_precompute", 1), ("syr2k_L5", 1)]
    proc = run_hls("cosim", str(src), "--top", "syr2k", "-o", str(out), "--runs", "2", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr
