"""End to end: synthesize integer kernels, lint the RTL, co-simulate against gcc."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import TESTS, run_hls

KERNELS = sorted(p.stem for p in (TESTS / "kernels").glob("*.c"))


def _synth(tmp_path: Path, name: str) -> Path:
    out = tmp_path / name
    proc = run_hls(str(TESTS / "kernels" / f"{name}.c"), "--top", name, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    return out


def _lint(out: Path, top: str) -> None:
    files = [str(out / "rtl" / f) for f in (out / "rtl" / "filelist.f").read_text().split()]
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", top, *files], capture_output=True, text=True)
    assert proc.returncode == 0 and not proc.stderr.strip(), proc.stderr


@pytest.mark.parametrize("name", KERNELS)
def test_kernel_cosim_with_testbench(tmp_path: Path, name: str) -> None:
    src = TESTS / "kernels" / f"{name}.c"
    out = _synth(tmp_path, name)
    _lint(out, name)
    proc = run_hls("cosim", str(src), "--top", name, "-o", str(out), "--tb", str(src))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "PASS" in proc.stdout
    result = json.loads((out / "cosim.json").read_text())
    assert result["status"] == "pass" and result["calls"]
    # the testbench saw the RTL's results: its output equals the pure C program's
    exe = tmp_path / "c_only"
    subprocess.run(["gcc", "-O0", "-ffp-contract=off", "-o", str(exe), str(src), "-lm"], check=True)
    expected = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    printed = "\n".join(line for line in proc.stdout.splitlines() if not line.startswith(("call ", "PASS", "  ")))
    assert printed.strip() == expected.strip()
    report = json.loads((out / "report.json").read_text())
    if report["latency_cycles"] is not None and len({c["cycles"] for c in result["calls"]}) == 1:
        assert result["calls"][0]["cycles"] == report["latency_cycles"]


@pytest.mark.parametrize("name", ["matmul", "branches", "widths", "scale_n", "local_hist", "ull_mix"])
def test_kernel_cosim_random_inputs(tmp_path: Path, name: str) -> None:
    src = TESTS / "kernels" / f"{name}.c"
    out = tmp_path / name
    proc = run_hls("cosim", str(src), "--top", name, "-o", str(out), "--runs", "2", "--seed", "7")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    result = json.loads((out / "cosim.json").read_text())
    assert result["status"] == "pass" and len(result["calls"]) == 2


def test_hand_edited_rtl_fails_cosim(tmp_path: Path) -> None:
    src = TESTS / "kernels" / "fir.c"
    out = _synth(tmp_path, "fir")
    sv = out / "rtl" / "fir.sv"
    text = sv.read_text()
    edited = text.replace(" + v_", " - v_", 1)
    assert edited != text
    sv.write_text(edited)
    proc = run_hls("cosim", str(src), "--top", "fir", "-o", str(out), "--tb", str(src))
    assert proc.returncode == 1
    assert "mismatch y[" in proc.stdout and "FAIL" in proc.stdout
    assert json.loads((out / "cosim.json").read_text())["status"] == "fail"


def test_scalar_argument_read_from_its_register_after_the_first_cycle(tmp_path: Path) -> None:
    """A scalar argument is multiplexed with its port only in a run's first cycle: uses later in
    the run read the register that sampled it, keeping ap_start's path off their logic (on ECP5
    search_while went from 94 to 108 MHz). The multiplexer is selected by busy, a register, not
    by the start pulse."""
    out = _synth(tmp_path, "search_while")
    text = (out / "rtl" / "search_while.sv").read_text()
    assert "assign v_key = busy ? key_q : key;" in text
    # the three loops compare with the register; the multiplexed wire is used nowhere else
    assert "!= key_q;" in text and "< $signed(key_q);" in text
    uses = [line for line in text.splitlines() if "v_key" in line and "logic" not in line and "assign v_key =" not in line]
    assert all(line.strip().startswith("assign sink_unused") for line in uses), uses


def test_first_iteration_of_a_flattened_nest_is_the_entry_pulse(tmp_path: Path) -> None:
    """A flattened nest tests whether its counter is at its first value to restart the inner
    iterators; that test is the loop's entry pulse (a register), not a compare after the
    counter's multiplexer (2mm on ECP5: this path, routed across the die, set its Fmax). The
    design stays bit-exact."""
    src = tmp_path / "nest.c"
    src.write_text(
        "void nest(const int a[8][8], int out[8][8]) {\n"
        "  for (int i = 0; i < 8; i++)\n"
        "    for (int j = 0; j < 8; j++) out[i][j] = a[i][j] + i * j;\n"
        "}\n"
    )
    out = tmp_path / "o"
    proc = run_hls(str(src), "--top", "nest", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    text = (out / "rtl" / "nest.sv").read_text()
    assert re.search(r"assign v_first\d+ = t_t;", text), text
    proc = run_hls("cosim", str(src), "--top", "nest", "-o", str(out), "--runs", "2")
    assert proc.returncode == 0 and "PASS" in proc.stdout, proc.stdout + proc.stderr


def test_separate_testbench_file(tmp_path: Path) -> None:
    root = Path(__file__).parent.parent / "examples"
    out = tmp_path / "dot"
    proc = run_hls("cosim", str(root / "dot_product.c"), "--top", "dot_product", "-o", str(out), "--tb", str(root / "dot_product_tb.c"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count("PASS") == 4  # three calls and the summary


def test_emit_stops_after_stage(tmp_path: Path) -> None:
    out = tmp_path / "o"
    proc = run_hls(str(TESTS / "kernels" / "bubble.c"), "--top", "bubble", "-o", str(out), "--emit", "hir")
    assert proc.returncode == 0, proc.stderr
    assert (out / "bubble.hir").read_text().startswith("hir.func @bubble at %t")
    assert not (out / "rtl").exists()


def test_verilator_available() -> None:
    assert shutil.which("verilator")


INT_CORPUS = TESTS / "kernels" / "int"
INT_KERNELS = sorted((INT_CORPUS / "kernels.txt").read_text().split()) if (INT_CORPUS / "kernels.txt").exists() else []


@pytest.mark.parametrize("name", INT_KERNELS)
def test_integer_corpus_with_separate_testbench(tmp_path: Path, name: str) -> None:
    """The integer corpus (kernel file + NAME_tb.c): lint-clean RTL, cosim passes, and the
    testbench prints exactly what the pure C program prints."""
    src, tb = INT_CORPUS / f"{name}.c", INT_CORPUS / f"{name}_tb.c"
    out = tmp_path / name
    proc = run_hls(str(src), "--top", name, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    _lint(out, name)
    proc = run_hls("cosim", str(src), "--top", name, "-o", str(out), "--tb", str(tb))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    exe = tmp_path / "c_only"
    subprocess.run(["gcc", "-O0", "-o", str(exe), str(src), str(tb)], check=True)
    expected = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    printed = "\n".join(line for line in proc.stdout.splitlines() if not line.startswith(("call ", "PASS", "  ")))
    assert printed.strip() == expected.strip()


def test_cosim_compares_with_the_file_given(tmp_path: Path) -> None:
    """The C function cosim compares is FILE's (a note says when the RTL came from another file);
    RTL of another top is an error."""
    src = TESTS / "kernels" / "fir.c"
    out = _synth(tmp_path, "fir")
    edited = tmp_path / "fir_edited.c"
    edited.write_text(src.read_text().replace("acc += ", "acc -= ", 1))
    assert edited.read_text() != src.read_text()
    proc = run_hls("cosim", str(edited), "--top", "fir", "-o", str(out), "--tb", str(edited))
    assert proc.returncode == 1 and "mismatch" in proc.stdout, proc.stdout + proc.stderr
    assert f"note: the RTL in {out} was synthesized from {src}; comparing it with {edited}" in proc.stderr
    proc = run_hls("cosim", str(src), "--top", "other", "-o", str(out))
    assert proc.returncode == 1 and "the RTL in" in proc.stderr and "is of 'fir', not 'other'" in proc.stderr


def test_cosim_quick_build_compiles_the_model_at_og_and_the_default_at_o1(tmp_path: Path) -> None:
    """--quick-build: the same verdicts (a pass, and a mismatch still caught), with the model's C++
    compiled at -Og, and at -O1 without it (seen through Verilator's OBJCACHE hook)."""
    src = TESTS / "kernels" / "fir.c"
    out = _synth(tmp_path, "fir")
    log = tmp_path / "compiles.txt"
    hook = tmp_path / "log-compile.sh"
    hook.write_text(f'#!/bin/sh\necho "$@" >> {log}\nexec "$@"\n')
    hook.chmod(0o755)
    env = {"OBJCACHE": str(hook)}
    proc = run_hls("cosim", str(src), "--top", "fir", "-o", str(out), "--quick-build", env=env)
    assert proc.returncode == 0 and "PASS" in proc.stdout, proc.stdout + proc.stderr
    model = [line for line in log.read_text().splitlines() if "Vfir__ALL" in line]
    assert model and all(" -Og" in line and " -O1" not in line for line in model), model
    # without the option (and without HLS_COSIM_QUICK_BUILD, which the suite sets), -O1
    log.unlink()
    proc = run_hls("cosim", str(src), "--top", "fir", "-o", str(out), env={**env, "HLS_COSIM_QUICK_BUILD": ""})
    assert proc.returncode == 0 and "PASS" in proc.stdout, proc.stdout + proc.stderr
    model = [line for line in log.read_text().splitlines() if "Vfir__ALL" in line]
    assert model and all(" -O1" in line and " -Og" not in line for line in model), model
    edited = tmp_path / "fir_edited.c"
    edited.write_text(src.read_text().replace("acc += ", "acc -= ", 1))
    proc = run_hls("cosim", str(edited), "--top", "fir", "-o", str(out), "--quick-build")
    assert proc.returncode == 1 and "mismatch" in proc.stdout, proc.stdout + proc.stderr
