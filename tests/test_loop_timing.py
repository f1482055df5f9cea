"""Loop control off the critical paths (#13): on the ECP5 target a bound computed in the cycle its
loop starts is registered first (the entry test's delay is in the chaining budget), and a loop
entered with nothing to run finishes from a register; on every target a loop bounded by an
enclosing loop's iterator decides its first iteration a cycle ahead, the arguments are selected
by ``busy`` and the memory ports' addresses and data by the pulses alone."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from conftest import cosim_random, cosim_with_main, run_hls, synth_for_targets

SOURCE = """
void tri_nest(int n, const int a[32], int b[32], int c[32]) {
  for (int i = 0; i < 32; i++) {
    int s = 0;
    for (int j = 0; j < i; j++)
      s += a[j];
    for (int k = 0; k < i; k++)
      c[k] += s;
    for (int m = 0; m < 2 * i - 3; m++)
      if (a[m & 31] > n)
        b[m & 31] += a[i];
    b[i] = s;
  }
}
"""


def _compile(tmp_path: Path, target: str, *more: str, source: str = SOURCE, top: str = "tri_nest", folder: str = "") -> Path:
    """``top`` of ``source`` (k.c) for ``target`` into ``folder`` (o_TARGET by default)."""
    src = tmp_path / "k.c"
    src.write_text(source)
    out = tmp_path / (folder or f"o_{target}")
    proc = run_hls(str(src), "--top", top, "--target", target, "-o", str(out), *more)
    assert proc.returncode == 0, proc.stderr
    return out


def test_ecp5_registers_a_bound_computed_as_its_loop_starts(tmp_path: Path) -> None:
    ecp5 = (_compile(tmp_path, "ecp5", "--emit", "hir") / "tri_nest.hir").read_text()
    default = (_compile(tmp_path, "default", "--emit", "hir") / "tri_nest.hir").read_text()
    # 2 * i - 3: a shift and a subtraction, then the entry test, on ECP5 a cycle apart
    assert re.search(r"hir\.for %m : i32 = %c0_32 while < %sub\d+_d\d+ ", ecp5), ecp5
    assert re.search(r"hir\.for %m : i32 = %c0_32 while < %sub\d+ ", default), default


def test_ecp5_empty_loops_finish_from_a_register(tmp_path: Path) -> None:
    ecp5 = (_compile(tmp_path, "ecp5") / "rtl" / "tri_nest.sv").read_text()
    default = (_compile(tmp_path, "default") / "rtl" / "tri_nest.sv").read_text()
    # the j, k and m loops may be entered with nothing to run; i's bounds are constants
    assert sorted(set(re.findall(r"(tri_nest_L\d+)_empty_q <=", ecp5))) == ["tri_nest_L5", "tri_nest_L7", "tri_nest_L9"], ecp5
    assert "_empty_q" not in default


def test_arguments_and_addresses_are_selected_by_registers_and_pulses(tmp_path: Path) -> None:
    out = _compile(tmp_path, "default")
    rtl = (out / "rtl" / "tri_nest.sv").read_text()
    files = [str(out / "rtl" / f) for f in (out / "rtl" / "filelist.f").read_text().split()]
    lint = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", "tri_nest", *files], capture_output=True, text=True)
    assert lint.returncode == 0 and not lint.stderr.strip(), lint.stderr
    # j < i and k < i: whether the first iteration runs, registered from i's register input
    assert sorted(re.findall(r"(tri_nest_L\d+)_entry_q <= ", rtl)) == ["tri_nest_L5", "tri_nest_L7"], rtl
    assert "tri_nest_L3_cur_next = t_ti0 ? tri_nest_L3_cand : tri_nest_L3_cur;" in rtl
    assert "assign v_n = busy ? n_q : n;" in rtl
    # b's port 0: two loads and a store under predicates; its address and data see none of them
    address = re.search(r"assign b_address0 = (.*);", rtl)
    data = re.search(r"assign b_d0 = (.*);", rtl)
    enable = re.search(r"assign b_ce0 = (.*);", rtl)
    assert address and data and enable, rtl
    assert "v_sgt" in enable.group(1)
    assert "v_" not in re.sub(r"v_(add|s_reg)\w*", "", address.group(1) + data.group(1)).replace("addr_", ""), rtl


def test_ecp5_loop_control_matches_c(tmp_path: Path) -> None:
    _compile(tmp_path, "ecp5")
    (tmp_path / "o").mkdir()
    for f in (tmp_path / "o_ecp5").iterdir():
        f.rename(tmp_path / "o" / f.name)
    cosim_random(tmp_path, SOURCE, "tri_nest", runs=4)  # on the ECP5 RTL in the folder


ROWS = """
void rows(int n, const int a[8][16], int b[8][16]) {
  for (int t = 0; t < 3; t++) {
    for (int i = 0; i < 8; i++)
      for (int j = 0; j < 16; j++)
        b[i][j] += a[i][j] + t;
    for (int i = 0; i < 8; i++)
      b[i][0] -= n;
    for (int k = 0; k < n; k++)
      b[k & 7][1] += t;
  }
}
"""


def test_a_loop_that_always_runs_finishes_off_the_entry_path(tmp_path: Path) -> None:
    """heat-3d on ECP5 (74 MHz): a loop's finish pulse, which starts the loop after it, was the
    enclosing loops' entry chain ANDed with its own test; a loop whose first iteration always
    runs finishes on its next_iter pulse and registered test alone."""
    for target, out in synth_for_targets(tmp_path, ROWS, "rows").items():
        rtl = (out / "rtl" / "rows.sv").read_text()
        files = [str(out / "rtl" / f) for f in (out / "rtl" / "filelist.f").read_text().split()]
        lint = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", "rows", *files], capture_output=True, text=True)
        assert lint.returncode == 0 and not lint.stderr.strip(), lint.stderr
        assigned = dict(re.findall(r"assign (t_t[if]\d+) = (.*);", rtl))
        pulses = re.findall(r"logic (t_t[if]\d+);  // loop (rows_L\d+): (an iteration starts|finished)", rtl)
        finishes = {loop: assigned[p] for p, loop, what in pulses if what == "finished"}
        starts = {loop: assigned[p] for p, loop, what in pulses if what != "finished"}
        assert len(finishes) == 4 and len(starts) == 4, rtl  # the i and j nest is flattened
        for loop, expr in finishes.items():
            if loop == "rows_L9":  # k < n may run nothing: its entry test (on ECP5 from a register)
                assert ("_empty_q" in expr) == (target == "ecp5") and "_cont_q" in expr, expr
            else:  # the next_iter pulse (a stage of the iteration-start shift) and the test
                assert re.fullmatch(rf"t_\w+(\[\d+\])? & ~{loop}_cont_q", expr), (loop, expr)
        for loop, expr in starts.items():
            if loop != "rows_L9":
                assert re.fullmatch(rf"t_\w+(\[\d+\])? \| \(t_\w+(\[\d+\])? & {loop}_cont_q\)", expr), (loop, expr)
    cosim_random(tmp_path, ROWS, "rows", runs=3)


STRIDED = """
void rows(const int a[12][10], int b[10][10]) {
  int buf[12][10];
  for (int i = 0; i < 12; i++)
    for (int j = 0; j < 10; j++)
      buf[i][j] = a[i][j] ^ i;
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 10; j++)
      b[i][j] = buf[i + 2][j] + buf[i][j];
}
"""


def _scheduled_and_cosimulated(tmp_path: Path, source: str, top: str) -> dict[str, str]:
    """The HIR of ``top`` of ``source`` on the ECP5 and default targets, each design's RTL
    co-simulated (two random calls, bit-exact)."""
    src = tmp_path / "k.c"
    hir = {}
    for target, out in synth_for_targets(tmp_path, source, top).items():
        hir[target] = (out / f"{top}.hir").read_text()
        proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--runs", "2")
        assert proc.returncode == 0 and "PASS: 2 calls" in proc.stdout, proc.stdout + proc.stderr
    return hir


def test_ecp5_registers_an_index_computed_before_its_address(tmp_path: Path) -> None:
    """On ECP5 an index's logic, the address's additions (a row stride of 10 as two shifted
    copies) and the port of a block RAM do not fit one cycle together: i + 2 is registered before
    the load; the default target chains them, and so does ECP5 for the argument's RAM outside the
    design. Both stay bit-exact."""
    hir = _scheduled_and_cosimulated(tmp_path, STRIDED, "rows")
    assert re.search(r"hir\.load %buf\[port \d\]\[%add\d+_d\d+, %j\w*\]", hir["ecp5"]), hir["ecp5"]
    assert re.search(r"hir\.load %buf\[port \d\]\[%add\d+, %j\w*\]", hir["default"]), hir["default"]
    assert re.search(r"hir\.load %a\[port \d\]\[%i\w*, %j\w*\]", hir["ecp5"]), hir["ecp5"]


REVERSED = """
void rev(const int a[64], int b[64]) {
  int buf[64];
  for (int i = 0; i < 64; i++)
    buf[i] = a[i] * 3;
  for (int i = 0; i < 64; i++)
    b[i] = buf[63 - i] + buf[i];
}
"""


def test_ecp5_keeps_the_iteration_start_off_a_block_ram_address(tmp_path: Path) -> None:
    """cholesky on ECP5 (86.87 MHz): the iteration-start pulse, the loop controller's selection
    of the iterator and a row buffer's address were one path. On ECP5 each port of a block RAM
    registers its inputs, so that path ends at the port's register and the access indexed by the
    innermost loop's iterator may start in the iteration's first cycle, as on the default target
    (without the register it started a cycle later, the iterator then a register). Both
    bit-exact."""
    hir = _scheduled_and_cosimulated(tmp_path, REVERSED, "rev")
    assert "%buf = hir.alloca : !memref<64xi32, bram, ports 2, r3w1, inreg>" in hir["ecp5"]
    assert re.search(r"hir\.load %buf\[port \d\]\[%i_2\] at %ti\d+ ", hir["ecp5"]), hir["ecp5"]
    assert re.search(r"hir\.load %buf\[port \d\]\[%i_2\] at %ti\d+ ", hir["default"]), hir["default"]


TRI_ARG = """
int tri_arg(int n, const int x[32]) {
  int inv = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (x[i & 31] > x[j & 31])
        inv++;
  return inv;
}
int main(void) {
  static const int ns[] = {0, 1, 2, 7, 31, 32, -5};
  int x[32];
  unsigned s = 12345u;
  int total = 0;
  for (int k = 0; k < 7; k++) {
    for (int i = 0; i < 32; i++) {
      s = s * 1103515245u + 12345u;
      x[i] = (int)(s >> 16) % 50;
    }
    total += tri_arg(ns[k], x);
  }
  return total == 0;
}
"""


def test_entry_tests_are_registered_as_their_bounds_are_captured(tmp_path: Path) -> None:
    """scale_bound on ECP5 (96.59 MHz): j < n entered at j = i + 1, where i + 1 is a register (a
    bound computed as its loop starts is registered first on ECP5), compared with n as the loop
    starts, then the iteration-start pulse and the body's enables. The test is registered as
    i + 1 is; i < n from 0, whose bounds are fixed through the run, in every cycle. The test of
    the iteration after the next compares the iterator's register with the bound less the step
    (scale_bound's i - 1 >= m after that: 98.54 MHz, the increment's and the compare's carry
    chains in series). Cosim on the ECP5 RTL with n from -5 to 32."""
    # (into the folder cosim_with_main co-simulates)
    out = _compile(tmp_path, "ecp5", source=TRI_ARG, top="tri_arg", folder="tri_arg")
    rtl = (out / "rtl" / "tri_arg.sv").read_text()
    captured = re.search(r"if \((t_ti\d+)\) (tri_arg_L\d+)_entry_q <= \$signed\((v_add\d+)\) < \$signed\(v_n\);", rtl)
    assert captured, rtl
    pulse, inner, add = captured.groups()
    assert re.search(rf"if \({pulse}\) {add}_d\d+ <= {add};", rtl), rtl  # i + 1's register, on the same pulse
    assert re.search(r"\n    (tri_arg_L\d+)_entry_q <= \$signed\(32'h0\) < \$signed\(v_n\);", rtl), rtl
    # and whether the iteration after the next runs: next < n - 1 (n - 1 one bit wider, registered
    # as the loop starts), not next + 1 < n (an increment's carry chain, then the compare's)
    nexts = re.findall(r"(tri_arg_L\d+)_cont_q <= .* : \$signed\(33'\(\$signed\((tri_arg_L\d+)_next_q\)\)\) < \$signed\((tri_arg_L\d+)_bound_less_step_q\);", rtl)
    assert len(nexts) == 2 and all(a == b == c for a, b, c in nexts), rtl
    assert len(re.findall(r"tri_arg_L\d+_bound_less_step_q <= 33'\(\$signed\(n_q\)\) - 33'h1;", rtl)) == 2, rtl
    assert "_bound_q" not in rtl
    starts = re.findall(r"assign t_ti\d+ = \((t_[\w\[\]]+) & (\w+)\) \|", rtl)
    assert len(starts) == 2 and all(test.endswith("_entry_q") for _, test in starts), starts
    _, cosim = cosim_with_main(tmp_path, TRI_ARG, "tri_arg")
    assert cosim["status"] == "pass" and len(cosim["calls"]) == 7
