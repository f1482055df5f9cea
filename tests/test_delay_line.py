"""hls_delay_line (templates/lib): a RAM ring with an output register delays its input by exactly
D cycles, free running, as a row of D registers does; and lints clean. On ECP5 the backend makes
a pipeline's long delays of it (the target's ``delay_line_min``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import run_hls

LIB = Path(__file__).parent.parent / "templates" / "lib"
DEPTHS = (3, 4, 5, 16, 17, 33)

BENCH = """
module tb;
  logic clk = 0, rst = 1;
  logic [12:0] d;
  int cycle = 0;
%(lanes)s
  always #1 clk = ~clk;
  always_ff @(posedge clk) begin
    cycle <= cycle + 1;
    if (cycle == 2) rst <= 0;
    d <= 13'($urandom);
    if (cycle == 400) begin $display("PASS"); $finish; end
  end
endmodule
"""

LANE = """
  logic [12:0] q%(d)d, row%(d)d[%(d)d];
  hls_delay_line #(.W(13), .D(%(d)d)) u%(d)d (.clk(clk), .rst(rst), .d(d), .q(q%(d)d));
  always_ff @(posedge clk) begin
    row%(d)d[0] <= d;
    for (int k = 1; k < %(d)d; k++) row%(d)d[k] <= row%(d)d[k-1];
    // from D cycles after the reset on, every output is the input of D cycles before
    if (cycle > %(d)d + 3 && q%(d)d !== row%(d)d[%(d)d-1]) begin
      $display("FAIL D=%(d)d cycle %%0d: %%h != %%h", cycle, q%(d)d, row%(d)d[%(d)d-1]); $fatal;
    end
  end
"""


@pytest.mark.parametrize("depth", DEPTHS)
def test_delay_line_lints_clean(depth: int) -> None:
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", f"-GD={depth}", "-GW=13", "--top-module", "hls_delay_line",
                           str(LIB / "hls_delay_line.sv")], capture_output=True, text=True)  # fmt: skip
    assert proc.returncode == 0 and not proc.stderr.strip(), proc.stderr


def test_delay_line_delays_by_exactly_d_cycles(tmp_path: Path) -> None:
    tb = tmp_path / "tb.sv"
    tb.write_text(BENCH % {"lanes": "".join(LANE % {"d": d} for d in DEPTHS)})
    build = subprocess.run(["verilator", "--binary", "-Wno-fatal", "--top-module", "tb", "-Mdir", str(tmp_path / "obj"),
                            str(LIB / "hls_delay_line.sv"), str(tb)], capture_output=True, text=True)  # fmt: skip
    assert build.returncode == 0, build.stdout + build.stderr
    run = subprocess.run([str(tmp_path / "obj" / "Vtb")], capture_output=True, text=True)
    assert run.returncode == 0 and "PASS" in run.stdout and "FAIL" not in run.stdout, run.stdout + run.stderr


def test_ecp5_pipelines_delay_long_values_in_ram(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text("void f(const double a[64], double b[64]) {\n  for (int i = 0; i < 64; i++) b[i] = a[i] * a[i] + a[i];\n}\n")
    for target, lines in (("ecp5", 2), ("default", 0)):
        out = tmp_path / target
        proc = run_hls(str(src), "--top", "f", "--target", target, "-o", str(out))
        assert proc.returncode == 0, proc.stderr
        rtl = (out / "rtl" / "f.sv").read_text()
        # a[i] waits for a[i] * a[i] to be added, i for the sum to be stored (9 and 19 cycles on ECP5)
        assert rtl.count("hls_delay_line #(") == lines, rtl
