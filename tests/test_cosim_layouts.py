"""Cosim with the source layouts C users have (tests/cosim_layouts/): a header prototyping the top
function with its own spelling of the types, main in the kernel file before or after the
definition, static tops, testbenches declaring the function themselves, several testbench files,
a testbench that #includes the kernel's source. Every layout's testbench calls the function,
cosim passes, and what the testbench prints with the RTL's results is what the C program alone
prints."""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import TESTS, run_hls

LAYOUTS = TESTS / "cosim_layouts"


@dataclass(frozen=True)
class Layout:
    folder: str
    kernel: str
    top: str
    tbs: tuple[str, ...]
    calls: int
    c_program: tuple[str, ...]  # the files of the plain C program (gcc), testbench main included
    c_flags: tuple[str, ...] = ()


CASES = [
    # MachSuite: gemm.h prototypes gemm, gemm.c defines it, local_support.c calls it, harness.c has main
    Layout("machsuite", "gemm.c", "gemm", ("harness.c", "local_support.c"), 2, ("gemm.c", "local_support.c", "harness.c")),
    # a header with typedefs, macros, pointer parameters (2-D as a pointer to rows), const, C++ guards
    Layout("header_ptr", "mv.c", "mv", ("tb.c",), 3, ("mv.c", "tb.c")),
    # main in the kernel file, a multi-line prototype first, the definition after main
    Layout("proto_after", "scale.c", "scale", ("scale.c",), 4, ("scale.c",)),
    # PolyBench's static top, here defined after main with a static prototype first
    Layout("static_after", "trisolv.c", "kernel_trisolv", ("trisolv.c",), 1, ("trisolv.c",)),
    # a C++ testbench (Vitis) calling the C kernel through the header's extern "C"
    Layout("header_ptr", "mv.c", "mv", ("tb.cpp",), 3, ("mv.c", "tb.cpp")),
    # no header: extern prototypes at file and block scope in two testbench files; acc.c's own main is ignored
    Layout("extern_tb", "acc.c", "acc", ("tb_main.c", "tb_util.c"), 3, ("acc.c", "tb_main.c", "tb_util.c"), ("-Dmain=self_test_main",)),
    # the testbench #includes the kernel's .c file
    Layout("include_c", "conv.c", "conv", ("tb.c",), 1, ("tb.c",)),
]


def _synth(layout: Layout, out: Path) -> None:
    proc = run_hls(str(LAYOUTS / layout.folder / layout.kernel), "--top", layout.top, "-o", str(out))
    assert proc.returncode == 0, proc.stderr


def _cosim(layout: Layout, out: Path) -> subprocess.CompletedProcess[str]:
    folder = LAYOUTS / layout.folder
    tbs = [arg for tb in layout.tbs for arg in ("--tb", str(folder / tb))]
    return run_hls("cosim", str(folder / layout.kernel), "--top", layout.top, "-o", str(out), *tbs)


def _c_program_output(layout: Layout, tmp_path: Path) -> str:
    """What the program prints built by gcc alone (the kernel's own main renamed when the
    testbench's main is elsewhere: c_flags applies to the kernel file only)."""
    folder = LAYOUTS / layout.folder
    objects = []
    for k, name in enumerate(layout.c_program):
        obj = tmp_path / f"c{k}.o"
        flags = list(layout.c_flags) if name == layout.kernel else []
        subprocess.run(["gcc", "-O0", "-ffp-contract=off", *flags, "-c", str(folder / name), "-o", str(obj)], check=True)
        objects.append(str(obj))
    exe = tmp_path / "c_only"
    subprocess.run(["g++", "-o", str(exe), *objects, "-lm"], check=True)
    return subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout


def _printed(stdout: str) -> str:
    """The testbench's own output: cosim's lines (calls, notes, summary) left out."""
    return "\n".join(line for line in stdout.splitlines() if not line.startswith(("call ", "PASS", "  "))).strip()


@pytest.mark.parametrize("layout", CASES, ids=[f"{c.folder}-{c.tbs[0]}" for c in CASES])
def test_layout_cosim_passes_and_testbench_sees_rtl_results(tmp_path: Path, layout: Layout) -> None:
    out = tmp_path / layout.top
    _synth(layout, out)
    proc = _cosim(layout, out)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    result = json.loads((out / "cosim.json").read_text())
    assert result["status"] == "pass"
    assert len(result["calls"]) == layout.calls
    assert _printed(proc.stdout) == _c_program_output(layout, tmp_path).strip()


@pytest.mark.parametrize("layout", CASES[:2], ids=[c.folder for c in CASES[:2]])
def test_layout_random_inputs(tmp_path: Path, layout: Layout) -> None:
    """Without --tb the kernel file (which includes the header prototyping the top) is compiled
    alone and the harness's main calls the function."""
    out = tmp_path / layout.top
    proc = run_hls("cosim", str(LAYOUTS / layout.folder / layout.kernel), "--top", layout.top, "-o", str(out), "--runs", "2")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert len(json.loads((out / "cosim.json").read_text())["calls"]) == 2


def test_layout_wrong_rtl_fails(tmp_path: Path) -> None:
    """The header layout compares for real: an adder turned into a subtracter fails cosim."""
    layout = CASES[1]
    out = tmp_path / layout.top
    _synth(layout, out)
    sv = out / "rtl" / "mv.sv"
    text = sv.read_text()
    edited = text.replace(" + v_", " - v_", 1)
    assert edited != text
    sv.write_text(edited)
    proc = _cosim(layout, out)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "mismatch" in proc.stdout and "FAIL" in proc.stdout
    assert json.loads((out / "cosim.json").read_text())["status"] == "fail"


def test_cosim_from_another_directory(tmp_path: Path) -> None:
    """Synthesis run in the kernel's folder with a relative file name, cosim run from elsewhere
    with relative testbench paths: the kernel file is found (interface.json records it absolute)."""
    folder = LAYOUTS / "header_ptr"
    out = tmp_path / "mv"
    proc = run_hls("mv.c", "--top", "mv", "-o", str(out), cwd=folder)
    assert proc.returncode == 0, proc.stderr
    (tmp_path / "tb").mkdir()
    (tmp_path / "tb" / "tb.c").write_text((folder / "tb.c").read_text())
    proc = run_hls("cosim", str(folder / "mv.c"), "--top", "mv", "-o", "mv", "--tb", "tb/tb.c", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert len(json.loads((out / "cosim.json").read_text())["calls"]) == 3


def test_testbench_reads_data_files_where_cosim_runs(tmp_path: Path) -> None:
    """A testbench opening a data file by a relative name (MachSuite's input.data) finds it in
    the folder cosim runs in, as the C program does when its user runs it there."""
    (tmp_path / "add.c").write_text("int add(int a, int b) { return a + b; }\n")
    (tmp_path / "tb.c").write_text(
        "#include <stdio.h>\nint add(int a, int b);\nint main(void) {\n  int a = 0, b = 0;\n"
        '  FILE *f = fopen("input.data", "r");\n  if (!f || fscanf(f, "%d %d", &a, &b) != 2) return 1;\n'
        "  fclose(f);\n  return add(a, b) == 16 ? 0 : 1;\n}\n"
    )
    (tmp_path / "input.data").write_text("7 9\n")
    proc = run_hls("cosim", "add.c", "--top", "add", "--tb", "tb.c", "-o", "out", cwd=tmp_path)
    assert proc.returncode == 0 and "PASS: 1 calls" in proc.stdout, proc.stdout + proc.stderr
