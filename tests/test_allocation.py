"""``#pragma HLS allocation operation instances=OP limit=N``: the operators it limits are a
resource of N units in the modulo schedule (the II rises to what N units allow), ops the schedule
put on one unit share it in the RTL, the resource estimate counts the units, and cosim stays
bit-exact. Scope: the function, or the loop body (or inlined function) the pragma is in."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from conftest import run_hls, synth_and_cosim, synth_for_targets
from hls.ir.hir import print_hir
from hls.ir.hir_text import parse_hir
from hls.ir.hir_verify import ScheduleError, verify_hir
from hls.scheduler.target import load_target

KERNELS = """
#define N 32
void limited(const double a[N], const double b[N], double c[N]) {
#pragma HLS allocation operation instances=dmul limit=1
  for (int i = 0; i < N; i++) c[i] = a[i] * b[i] * 3.0 + a[i] * 0.75 * b[i];
}
void unlimited(const double a[N], const double b[N], double c[N]) {
  for (int i = 0; i < N; i++) c[i] = a[i] * b[i] * 3.0 + a[i] * 0.75 * b[i];
}
void in_one_loop(const double a[N], const double b[N], double c[N], double d[N]) {
  for (int i = 0; i < N; i++) {
#pragma HLS allocation operation instances=dmul,dadd limit=2
    c[i] = a[i] * b[i] * 3.0 + a[i] * 0.75 * b[i] + a[i] * a[i];
  }
  for (int i = 0; i < N; i++) d[i] = a[i] * b[i] * 3.0 + c[i] * a[i];
}
int integers(const int a[N], const int b[N]) {
#pragma HLS allocation instances=mul limit=1 operation
  int s = 0;
  for (int i = 0; i < N; i++) s += a[i] * b[i] + (a[i] >> 2) * (b[i] | 1);
  return s;
}
"""


def _run(tmp_path: Path, top: str, cosim: bool = True) -> dict[str, Any]:
    report, out = synth_and_cosim(tmp_path, KERNELS, top, cosim)
    report["hir"] = (out / f"{top}.hir").read_text()
    return report


def test_one_multiplier_for_four_multiplications(tmp_path: Path) -> None:
    free = _run(tmp_path, "unlimited", cosim=False)
    limited = _run(tmp_path, "limited")
    (loop,) = limited["loops"]
    assert (free["loops"][0]["achieved_ii"], loop["achieved_ii"], loop["res_mii"]) == (1, 4, 4)
    assert "4 dmul ops per iteration on the 1 unit of '#pragma HLS allocation' (line 4): ResMII=4" in limited["stderr"]
    # one double multiplier (11 DSPs) and one adder (3) instead of four multipliers
    assert (free["resources"]["dsp"], limited["resources"]["dsp"]) == (47, 14)
    assert limited["hir"].count(" on dmul_w64_a0_u0 ") == 4


def test_a_limit_in_a_loop_body_limits_that_loop_only(tmp_path: Path) -> None:
    report = _run(tmp_path, "in_one_loop")
    hir = report["hir"]
    dmuls = [line for line in hir.splitlines() if "hir.unit.dmul" in line]
    limited = [line.split(" on ")[1].split()[0] for line in dmuls if " on dmul_w64_a0_" in line]
    assert set(limited) == {"dmul_w64_a0_u0", "dmul_w64_a0_u1"}
    # five limited multiplications in the first loop's statement, three free ones in the second's
    # (in the fused loop at II 3 they may share units of their own, not the limited ones)
    assert len(limited) == 5 and len(dmuls) == 8


def test_integer_multipliers_share_and_stay_exact(tmp_path: Path) -> None:
    report = _run(tmp_path, "integers")
    assert max(lp["achieved_ii"] for lp in report["loops"]) == 2
    assert report["hir"].count("on mul_w32_a0_u0") == 2


def test_units_survive_the_printed_form_and_the_verifier_checks_them(tmp_path: Path) -> None:
    hir = _run(tmp_path, "in_one_loop", cosim=False)["hir"]
    fn = parse_hir(hir)
    verify_hir(fn)
    assert print_hir(fn) == hir
    # five ops on two units at II 3: one unit issues in every slot, so moving an op of the other
    # onto it puts two ops on it in one cycle modulo the II
    on = {u: [line for line in hir.splitlines() if f" on {u} " in line] for u in ("dmul_w64_a0_u0", "dmul_w64_a0_u1")}
    full, other = sorted(on, key=lambda u: -len(on[u]))
    assert len(on[full]) == 3
    clash = hir.replace(on[other][0], on[other][0].replace(f" on {other} ", f" on {full} "))
    with pytest.raises(ScheduleError, match=f"issue on unit {full} in the same cycle"):
        verify_hir(parse_hir(clash))


@pytest.mark.parametrize(
    ("pragma", "kind", "message"),
    [
        ("#pragma HLS allocation operation instances=dmull limit=1", "error", "unknown operation 'dmull' in '#pragma HLS allocation' (did you mean 'dmul'?)"),
        ("#pragma HLS allocation operation instances=dmul limit=0", "error", "needs 'limit=N' with N a positive integer, not '0'"),
        ("#pragma HLS allocation operation instances=dmul", "error", "needs 'limit=N' with N a positive integer"),
        ("#pragma HLS allocation operation instances=add limit=1", "warning", "'add' is built as logic, not as a shared unit"),
        ("#pragma HLS allocation function instances=g limit=1", "warning", "of type function is not implemented"),
    ],
)
def test_bad_allocations_are_located(tmp_path: Path, pragma: str, kind: str, message: str) -> None:
    src = tmp_path / "bad.c"
    src.write_text(f"void f(double x[4], double s) {{\n{pragma}\n  for (int i = 0; i < 4; i++) x[i] = x[i] * s;\n}}\n")
    proc = run_hls("synth", str(src), "--top", "f", "-o", str(tmp_path / "bad"))
    assert proc.returncode == (1 if kind == "error" else 0), proc.stderr
    assert "bad.c:2:" in proc.stderr and f"{kind}: " in proc.stderr and message in proc.stderr


DOT = """
#define N 32
double dot2(const double a[N], const double b[N], const double c[N], const double d[N]) {
  double s = 0.0;
  for (int i = 0; i < N; i++) s = s + (a[i] * b[i] + c[i] * d[i]);
  return s;
}
"""


def test_ops_of_a_loop_whose_recurrence_sets_the_ii_share_units(tmp_path: Path) -> None:
    """The sum's recurrence through its adder sets the II; within it the two multiplications take
    one multiplier and the two additions one adder (as Vitis HLS shares within a pipeline), at
    the same II (the iteration a cycle longer: within 2% of the loop's cycles); bit-exact."""
    report, out = synth_and_cosim(tmp_path, DOT, "dot2")
    (loop,) = report["loops"]
    assert loop["achieved_ii"] == loop["rec_mii"] > 1
    assert report["resources"]["dsp"] == 14  # one double multiplier (11) and one adder (3)
    hir = (out / "dot2.hir").read_text()
    # (additions and subtractions share add/sub units)
    assert hir.count(" on dmul_w64_ii_u0 ") == 2 and hir.count(" on daddsub_w64_ii_u0 ") == 2


STRAIGHT = """
#define N 16
void %s(const float a[N], float c[N], float x, float y, float w) {
%s
  float p = (x + y) * w;
  float q = x - y;
  for (int i = 0; i < N; i++) c[i] = a[i] * p + q;
}
"""


def test_run_once_ops_of_a_limited_unit_kind_issue_on_the_limited_unit(tmp_path: Path) -> None:
    """Before the loop, ``x - y`` (no limit) would issue beside ``x + y`` (limited to one adder):
    it waits a cycle off the critical path and runs on the limited add/sub unit instead of a unit
    of its own (a float adder's 2 DSPs fewer, same latency); bit-exact."""
    pragma = "#pragma HLS allocation operation instances=fadd limit=1"
    for name in ("shared", "limited"):
        (tmp_path / name).mkdir()
    free, _ = synth_and_cosim(tmp_path / "shared", STRAIGHT % ("shared", ""), "shared", False)
    limited, out = synth_and_cosim(tmp_path / "limited", STRAIGHT % ("limited", pragma), "limited")
    hir = (out / "limited.hir").read_text()
    subs = [line for line in hir.splitlines() if "hir.unit.fsub" in line]
    assert len(subs) == 1 and " on fadd_w32_a0_u0 " in subs[0]
    assert limited["resources"]["dsp"] == 5  # one float adder (2) and one multiplier (3)
    assert limited["latency_cycles"] == free["latency_cycles"]


def test_run_once_ops_share_units_at_the_same_latency(tmp_path: Path) -> None:
    """With no allocation, ``x + y`` and ``x - y`` before the loop (the function's own
    straight-line code, run once) share one add/sub unit: the subtraction waits a cycle off the
    critical path; the latency is what a unit for each gives (``SHARING_SLACK`` of the 16
    iterations is no cycle); bit-exact."""
    report, out = synth_and_cosim(tmp_path, STRAIGHT % ("shared", ""), "shared")
    hir = (out / "shared.hir").read_text()
    ops = [line for line in hir.splitlines() if "hir.unit.fadd" in line or "hir.unit.fsub" in line]
    assert len(ops) == 3  # (and the loop's addition)
    assert sum(" on faddsub_w32_once_u0 " in line for line in ops) == 2
    # one add/sub unit (the loop's addition runs after them, on it too) and a multiplier: 2 + 3,
    # where a unit each would be 2 + 2 + 3
    assert report["resources"]["dsp"] == 2 + 3


def test_run_once_units_register_their_operands_on_ecp5(tmp_path: Path) -> None:
    """On ECP5 a unit run-once code shares selects its operands in two levels of registers (so a
    selection among many members does not chain into the operator's first stage, nor route from
    all over the device in one cycle): its ops take two cycles more than the target's latency,
    the core two less (the code longer within SHARING_SLACK of 100 iterations); bit-exact."""
    src = tmp_path / "k.c"
    src.write_text(STRAIGHT.replace("#define N 16", "#define N 100") % ("shared", ""))
    out = tmp_path / "shared"
    proc = run_hls("synth", str(src), "--top", "shared", "--target", "ecp5", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    target = load_target("ecp5")
    assert target.once_operand_registers == 2
    latency = target.unit_latency("fadd", 32)
    shared = [line for line in (out / "shared.hir").read_text().splitlines() if " on faddsub_w32_once_u0 " in line]
    assert len(shared) == 2 and all(f" delay {latency + 2} " in line for line in shared)
    rtl = (out / "rtl" / "shared.sv").read_text()
    assert rtl.count("the selected operand, registered") == 3  # a, b and the operation
    assert rtl.count("the default member's operand") == 3
    # (the shared core: the op's cycles less the two levels)
    assert re.search(rf"hls_faddsub #\(\s*\.LATENCY\({latency}\)\s*\) u_shared_", rtl), rtl
    proc = run_hls("cosim", str(src), "--top", "shared", "-o", str(out), "--runs", "4", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


MANY = """
#define N 1000
void many(const float a[N], float c[N], float x, float y, float w, float z) {
  float p0 = x * y, p1 = x * w, p2 = x * z, p3 = y * w, p4 = y * z;
  float p5 = w * z, p6 = x * x, p7 = y * y, p8 = w * w, p9 = z * z;
  float s = ((p0 - p1) * (p2 - p3)) * ((p4 - p5) * (p6 - p7)) * (p8 - p9);
  for (int i = 0; i < N; i++) c[i] = a[i] * s;
}
"""


def test_run_once_units_of_many_members_select_in_chunks_on_ecp5(tmp_path: Path) -> None:
    """The run-once code's 14 float products share one multiplier on ECP5: the first level of its
    operands' selection registers chunks of at most eight members (two chunks for the 13 that
    are not the default), the second ORs them with the default member's operand; bit-exact."""
    src = tmp_path / "k.c"
    src.write_text(MANY)
    out = tmp_path / "many"
    proc = run_hls("synth", str(src), "--top", "many", "--target", "ecp5", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    rtl = (out / "rtl" / "many.sv").read_text()
    (unit,) = [line.split()[2] for line in rtl.splitlines() if "fmul shared by 14 ops" in line]
    name = unit.removesuffix("_r;")
    for k in (0, 1):  # each operand of the multiplier
        chunks = [line for line in rtl.splitlines() if line.lstrip().startswith(f"{name}_in{k}_c") and "<=" in line]
        assert len(chunks) == 2 and [c.count(" & ") for c in chunks] == [8, 5], chunks
        assert f"{name}_in{k} <= {name}_in{k}_c0 | {name}_in{k}_c1 | ({{32{{{name}_none}}}} & {name}_in{k}_d);" in rtl
    proc = run_hls("cosim", str(src), "--top", "many", "-o", str(out), "--runs", "4", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_shared_units_select_by_pulse_copies_of_their_own_on_ecp5(tmp_path: Path) -> None:
    """On ECP5 each input of a shared unit selects its members' operands by registers of its own
    beside the issue pulses' shift-register stages (kept apart for synthesis), so one stage does
    not drive selections all over the device, nor one register the selections of two inputs
    (deriche: Yosys shared logic between two inputs' selections, 70.79 MHz); the default
    target uses the stages themselves. Same latency on both, bit-exact in cosim."""
    rtls = {}
    for target, out in synth_for_targets(tmp_path, DOT, "dot2").items():
        rtls[target] = (out / "rtl" / "dot2.sv").read_text()
        assert " on dmul_w64_ii_u0 " in (out / "dot2.hir").read_text()
    lines = rtls["ecp5"].splitlines()
    copies = [line for line in lines if line.lstrip().startswith("logic u_shared_") and "_sr[" in line and " for u_shared_" in line]
    # the multiplier's and the adder's, each for its two inputs, not for their default members
    assert sorted(line.split(" for ")[1] for line in copies) == [f"u_shared_{u}_in{k}" for u in ("dadd7", "dmul6") for k in (0, 1)], rtls["ecp5"]
    selections = [line.lstrip() for line in lines if line.lstrip().startswith((".a(", ".b("))]
    for line in copies:  # each loaded as the stage it copies is, kept, and used in its input's selection only
        name = line.split()[1].rstrip(";")
        stage = line.split("// ")[1].split(" for ")[0]
        load = lines.index(f"    else {name} <= {_stage_input(stage)};")
        assert lines[load - 2] == "  (* keep *) always_ff @(posedge ap_clk) begin"
        port = ".a(" if line.endswith("_in0") else ".b("
        assert [sel[:3] for sel in selections if name in sel] == [port], (name, selections)
    assert "(* keep *)" not in rtls["default"]
    proc = run_hls("cosim", str(tmp_path / "k.c"), "--top", "dot2", "-o", str(tmp_path / "ecp5"), "--runs", "4", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _stage_input(stage: str) -> str:
    """What a pulse shift register's stage ``t_X_sr[k]`` is loaded with."""
    base, k = stage[: -len("]")].split("_sr[")
    return base if k == "0" else f"{base}_sr[{int(k) - 1}]"
