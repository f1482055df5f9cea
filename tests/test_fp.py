"""Floating point: operator modules, the Xilinx IP path, and FP kernels under random inputs.

The FP kernels in tests/kernels/ (fp_*.c) are co-simulated with their own testbenches by
test_e2e.py; their edge cases (signed zeros, infinities, NaN, subnormals, rounding at the float
range limits, out-of-range conversions) are compared bit-exactly against gcc there.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

from conftest import TESTS, run_hls
from hls.cosim import VERILATOR_SAFE_OPTS


def _synth(tmp_path: Path, name: str) -> Path:
    out = tmp_path / name
    proc = run_hls(str(TESTS / "kernels" / f"{name}.c"), "--top", name, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    return out


def test_xilinx_ip_path_elaborates_with_declared_cores(tmp_path: Path) -> None:
    out = _synth(tmp_path, "fp_ops_double")
    rtl = out / "rtl"
    tcl = (rtl / "xilinx_fp_ip.tcl").read_text()
    ips = sorted(set(re.findall(r"-module_name (\S+)", tcl)))
    assert "hls_ddiv_ip" in ips and "hls_dsqrt_ip" in ips
    # (its additions and subtractions share add/sub units: the IP's operation channel tells them apart)
    assert "hls_daddsub_ip" in ips and "CONFIG.Add_Sub_Value {Both}" in tcl
    assert "CONFIG.Operation_Type {Divide}" in tcl and "CONFIG.C_Latency {31}" in tcl
    # black-box declarations of the IP cores with the ports the Floating-Point Operator has
    stubs = []
    for ip in ips:
        module = (rtl / f"{ip.removesuffix('_ip')}.sv").read_text()
        inputs = re.findall(r"\.s_axis_(\w+)_tdata\((\w+)\)", module)
        width = int(re.search(r"logic \[(\d+):0\] result_tdata", module).group(1)) + 1  # type: ignore[union-attr]
        ports = ["input logic aclk", "input logic aclken"]
        for port, sig in inputs:
            w = int(re.search(rf"input\s+logic \[(\d+):0\] {sig}\b", module).group(1)) + 1  # type: ignore[union-attr]
            ports += [f"input logic s_axis_{port}_tvalid", f"input logic [{w - 1}:0] s_axis_{port}_tdata"]
        ports += ["output logic m_axis_result_tvalid", f"output logic [{width - 1}:0] m_axis_result_tdata"]
        stubs.append(f"(* blackbox *) module {ip} ({', '.join(ports)});\nendmodule\n")
    (tmp_path / "ip_stubs.sv").write_text("\n".join(stubs))
    files = [str(rtl / f) for f in (rtl / "filelist.f").read_text().split()] + [str(tmp_path / "ip_stubs.sv")]
    proc = subprocess.run(
        ["verilator", "--lint-only", "-DHLS_XILINX_FP", "-Wno-PINCONNECTEMPTY", "-Wno-UNUSEDSIGNAL", "-Wno-DECLFILENAME",
         "-Wno-UNDRIVEN", "--top-module", "fp_ops_double", *files],
        capture_output=True, text=True,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr


def test_fp_latencies_are_no_lower_than_vitis(tmp_path: Path) -> None:
    out = _synth(tmp_path, "fp_ops_float")
    text = (out / "fp_ops_float.hir").read_text()
    lat = {m.group(1): int(m.group(2)) for m in re.finditer(r"hir\.unit\.(\w+) .* delay (\d+)", text)}
    assert lat["fadd"] >= 4 and lat["fmul"] >= 3 and lat["fdiv"] >= 15
    out = _synth(tmp_path, "fp_ops_double")
    text = (out / "fp_ops_double.hir").read_text()
    lat = {m.group(1): int(m.group(2)) for m in re.finditer(r"hir\.unit\.(\w+) .* delay (\d+)", text)}
    assert lat["dadd"] >= 5 and lat["dmul"] >= 6 and lat["ddiv"] >= 31


def test_fp_kernel_random_inputs(tmp_path: Path) -> None:
    out = tmp_path / "o"
    src = TESTS / "kernels" / "fp_dot_mixed.c"
    proc = run_hls("cosim", str(src), "--top", "fp_dot_mixed", "-o", str(out), "--runs", "2")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads((out / "cosim.json").read_text())["status"] == "pass"


def test_fp_reduction_ii_is_the_adder_recurrence(tmp_path: Path) -> None:
    out = _synth(tmp_path, "fp_dot_mixed")
    report = json.loads((out / "report.json").read_text())
    first = report["loops"][0]
    assert first["pipelined"] and first["achieved_ii"] == first["rec_mii"] > 1


def test_exp_log_pow_units(tmp_path: Path) -> None:
    """exp and log map to the Floating-Point Operator's cores under HLS_XILINX_FP; pow has none;
    logf's simulation model calls the C library through DPI-C (hls_libm_dpi.c); expf and powf
    are no units but hls's own C, inlined (tests/test_libm.py)."""
    out = _synth(tmp_path, "fp_libm")
    rtl = out / "rtl"
    tcl = (rtl / "xilinx_fp_ip.tcl").read_text()
    assert "CONFIG.Operation_Type {Exponential}" in tcl and "CONFIG.Operation_Type {Logarithm}" in tcl
    assert "hls_fpow_ip" not in tcl and "hls_dpow_ip" not in tcl
    assert "hls_libm_dpi.c" in (rtl / "filelist.f").read_text().split()
    assert 'import "DPI-C" pure function int unsigned hls_libm_logf' in (rtl / "hls_flog.sv").read_text()
    assert not (rtl / "hls_fpow.sv").exists() and not (rtl / "hls_fexp.sv").exists()
    assert "$pow(" in (rtl / "hls_dpow.sv").read_text()
    text = (out / "fp_libm.hir").read_text()
    lat = {m.group(1): int(m.group(2)) for m in re.finditer(r"hir\.unit\.(\w+) .* delay (\d+)", text)}
    assert lat["dexp"] >= 30 and lat["flog"] >= 22 and lat["dpow"] >= 66


def test_sin_cos_units(tmp_path: Path) -> None:
    """sin and cos: simulation models calling the C library in float (DPI-C) and double ($sin,
    $cos), also under HLS_XILINX_FP (no Floating-Point Operator core computes them), at the
    target file's latencies; the fp_trig kernel's cosim (test_e2e) compares them bit for bit."""
    out = _synth(tmp_path, "fp_trig")
    rtl = out / "rtl"
    assert "hls_fsin" not in (rtl / "xilinx_fp_ip.tcl").read_text() and "hls_dcos" not in (rtl / "xilinx_fp_ip.tcl").read_text()
    for fn in ("sin", "cos"):
        assert f'import "DPI-C" pure function int unsigned hls_libm_{fn}f' in (rtl / f"hls_f{fn}.sv").read_text()
        double = (rtl / f"hls_d{fn}.sv").read_text()
        assert f"${fn}($bitstoreal(a))" in double and "hls_d{fn}_ip" not in double
    text = (out / "fp_trig.hir").read_text()
    lat = {m.group(1): int(m.group(2)) for m in re.finditer(r"hir\.unit\.(\w+) .* delay (\d+)", text)}
    fp = json.loads((Path(__file__).parents[1] / "scheduler" / "targets" / "default.json").read_text())["units"]["fp"]
    assert lat["fsin"] == fp["sin"][0] and lat["dcos"] == fp["cos"][1]
    report = json.loads((out / "report.json").read_text())
    assert {m["module"] for m in report["simulation_models"]} == {"hls_fsin", "hls_fcos", "hls_dsin", "hls_dcos"}


def test_sin_allocation_limits_the_units(tmp_path: Path) -> None:
    """'#pragma HLS allocation operation instances=dsin limit=1' shares one sine unit between the
    two calls of an iteration, so the loop's II is 2."""
    src = tmp_path / "k.c"
    src.write_text("#include <math.h>\nvoid k(const double a[16], double r[16]) {\n"
                   "#pragma HLS allocation operation instances=dsin limit=1\n"
                   "  for (int i = 0; i < 16; i++) r[i] = sin(a[i]) * sin(a[i] + 1.0);\n}\n")
    out = tmp_path / "o"
    proc = run_hls(str(src), "--top", "k", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    text = (out / "k.hir").read_text()
    shared = re.findall(r"hir\.unit\.dsin .* on (\w+) ", text)
    assert len(shared) == 2 and len(set(shared)) == 1, text
    report = json.loads((out / "report.json").read_text())
    assert [loop["achieved_ii"] for loop in report["loops"]] == [2], report["loops"]


def _near_float_limits(rng: Any, n: int) -> Any:
    """Doubles around float's subnormal, normal and overflow boundaries (exponents -160..-120 and
    120..130, random mantissas and signs), plus exact ties and specials."""
    import numpy as np

    exps = np.concatenate([rng.integers(-160, -118, n // 2), rng.integers(118, 131, n // 4), rng.integers(-130, 130, n // 4)])
    mants = rng.random(exps.size) + 1.0
    values = np.ldexp(mants, exps) * rng.choice([-1.0, 1.0], exps.size)
    ties = [np.ldexp(k + 0.5, -149) for k in range(8)] + [np.ldexp(0.25, -149), np.ldexp(0.5, -149), np.ldexp(1.0 - 2.0**-30, -150)]
    specials = [0.0, -0.0, np.inf, -np.inf, np.nan, 5e-324, np.finfo(np.float64).max, float(np.finfo(np.float32).max) * (1 + 2**-25)]
    return np.concatenate([values, ties, [-t for t in ties], specials]).astype(np.float64)


def test_double_to_float_rounding_matches_the_host(tmp_path: Path) -> None:
    """hls_fp_trunc_core (double -> float) against the host's conversion, bit for bit, around the
    subnormal and overflow boundaries (with numpy's operands, beside scripts/check_fp_cores.py)."""
    import numpy as np

    values = _near_float_limits(np.random.default_rng(11), 20000)
    bits = values.view(np.uint64)
    (tmp_path / "in.hex").write_text("".join(f"{int(b):016x}\n" for b in bits))
    (tmp_path / "tb.sv").write_text(
        f"""module tb;
  logic [63:0] mem [0:{bits.size - 1}];
  logic [63:0] x;
  logic [31:0] r;
  hls_fp_trunc_core #(11, 52, 8, 23) u_trunc (.a(x), .r(r));
  initial begin
    $readmemh("in.hex", mem);
    for (int i = 0; i < {bits.size}; i++) begin
      x = mem[i];
      #1 $display("%08x", r);
    end
    $finish;
  end
endmodule
"""
    )
    lib = Path(__file__).resolve().parents[1] / "templates" / "lib"
    build = subprocess.run(
        ["verilator", "--binary", *VERILATOR_SAFE_OPTS, "-Wno-fatal", "--top-module", "tb", str(lib / "hls_fp_trunc_core.sv"),
         str(lib / "hls_fp_round_core.sv"), str(lib / "hls_fp_round_prep.sv"), str(lib / "hls_fp_pipe.sv"), "tb.sv", "-Mdir", "obj"],
        cwd=tmp_path, capture_output=True, text=True,
    )
    assert build.returncode == 0, build.stderr
    run = subprocess.run(["obj/Vtb"], cwd=tmp_path, capture_output=True, text=True, check=True)
    got = [int(line, 16) for line in run.stdout.split() if re.fullmatch(r"[0-9a-f]{8}", line)]
    with np.errstate(over="ignore"):
        want = values.astype(np.float32).view(np.uint32)
    assert len(got) == want.size
    bad = [(f"{int(b):016x}", f"{int(w):08x}", f"{g:08x}") for b, w, g in zip(bits, want, got) if w != g]
    # NaN payloads: any quiet NaN with the sign kept is what the models promise
    bad = [t for t in bad if not (int(t[1], 16) & 0x7F800000 == 0x7F800000 and int(t[1], 16) & 0x7FFFFF and int(t[2], 16) & 0x7FC00000 == 0x7FC00000)]
    assert not bad, f"{len(bad)} wrong (double, host, model), e.g. {bad[:5]}"


def test_power_of_two_factors_move_the_exponent(tmp_path: Path) -> None:
    """x * 2^k, x * -2^k and x / 2^k are scale units (no multiplier, no divider, no DSP): the
    constant's exponent and sign in the unit's name; a factor that is no power of two, or a
    power of two as the dividend, keeps its operator. (tests/kernels/fp_scale.c co-simulates
    their edge cases against gcc; check_fp_cores.py checks the core bit-exactly.)"""
    src = tmp_path / "k.c"
    src.write_text(
        "void k(double a[8], float b[8], double c[8], float e[8]) {\n"
        "  for (int i = 0; i < 8; i++) {\n"
        "    c[i] = 0.125 * a[i] + a[i] / -4.0 + a[i] * 3.0 + 2.0 / a[i];\n"
        "    e[i] = b[i] * 0x1p100f + b[i] / 0.5f;\n"
        "  }\n"
        "}\n"
    )
    out = tmp_path / "out"
    proc = run_hls(str(src), "--top", "k", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    kinds = {k for k in re.findall(r"hir\.unit\.(\w+)", (out / "k.hir").read_text()) if "add" not in k}
    assert kinds == {"ddiv", "dmul", "dscale_nm2", "dscale_pm3", "fscale_p1", "fscale_p100"}
    report = json.loads((out / "report.json").read_text())
    assert "hls_dscale_pm3" in report["fp_operators"] and "hls_fscale_p100" in report["fp_operators"]
