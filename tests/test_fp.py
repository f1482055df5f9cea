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

from conftest import TESTS, run_hls


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
    assert "hls_dadd_ip" in ips and "hls_ddiv_ip" in ips and "hls_dsqrt_ip" in ips
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
    the float forms' simulation models call the C library through DPI-C (hls_libm_dpi.c)."""
    out = _synth(tmp_path, "fp_libm")
    rtl = out / "rtl"
    tcl = (rtl / "xilinx_fp_ip.tcl").read_text()
    assert "CONFIG.Operation_Type {Exponential}" in tcl and "CONFIG.Operation_Type {Logarithm}" in tcl
    assert "hls_fpow_ip" not in tcl and "hls_dpow_ip" not in tcl
    assert "hls_libm_dpi.c" in (rtl / "filelist.f").read_text().split()
    assert 'import "DPI-C" pure function int unsigned hls_libm_powf' in (rtl / "hls_fpow.sv").read_text()
    assert "$pow(" in (rtl / "hls_dpow.sv").read_text()
    text = (out / "fp_libm.hir").read_text()
    lat = {m.group(1): int(m.group(2)) for m in re.finditer(r"hir\.unit\.(\w+) .* delay (\d+)", text)}
    assert lat["fexp"] >= 20 and lat["dexp"] >= 30 and lat["flog"] >= 22 and lat["dpow"] >= 66
