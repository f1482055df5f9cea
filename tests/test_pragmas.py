"""#pragma HLS checks: nothing is ignored silently. Unknown directives and options are located
warnings (with "did you mean"), directives hls does not implement yet are located warnings that
they are ignored, and a directive naming a variable that does not exist is a located error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import TESTS, kernel_from_source, run_hls

DIAGNOSTICS = TESTS / "diagnostics"


def test_pragma_warnings_golden(tmp_path: Path) -> None:
    """Every warning, in source order, with the source line and a caret (tests/diagnostics/pragmas.expected)."""
    proc = run_hls("pragmas.c", "--top", "pragmas", "-o", str(tmp_path / "out"), cwd=DIAGNOSTICS)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == (DIAGNOSTICS / "pragmas.expected").read_text()


def test_honoured_pragmas_reach_the_kernel_ir(tmp_path: Path) -> None:
    src = """
        void f(int a[16], int b[16]) {
        #pragma HLS interface mode=ap_memory port=a storage_type=ram_1p
          int buf[16];
          for (int i = 0; i < 16; i++) {
            int t[16];
        #pragma HLS bind_storage variable=t type=ram_1p impl=reg
        #pragma HLS pipeline II=2
            t[i] = a[i]; buf[i] = t[i];
          }
          for (int i = 0; i < 16; i++) {
            int t[16];
        #pragma HLS bind_storage variable=t impl=bram
            t[i] = buf[i]; b[i] = t[i];
          }
        }
    """
    fn = kernel_from_source(tmp_path, src, "f")
    # each bind_storage names the array of its own scope, by its unique name
    assert [(p.name, p.options.get("variable") or p.options.get("port")) for p in fn.pragmas] == [
        ("bind_storage", "t"), ("bind_storage", "t_2"), ("interface", "a")]
    loops = fn.loops()
    assert [(p.name, p.options) for p in loops[0].pragmas] == [("pipeline", {"ii": "2"})]
    assert loops[1].pragmas == []


ERRORS = {
    "unknown_variable": ("void f(int a[4]) {\n#pragma HLS array_partition variable=nosuch complete\n  a[0] = 1;\n}\n", 2, 38,
                         "'nosuch' in '#pragma HLS array_partition' is not declared here"),
    "out_of_scope": ("void f(int a[4]) {\n  for (int i = 0; i < 4; i++) { int t[4]; t[i] = i; a[i] = t[i]; }\n#pragma HLS bind_storage variable=t impl=reg\n}\n", 3, 35,
                     "'t' in '#pragma HLS bind_storage' is not declared here"),
    "interface_local": ("void f(int a[4]) {\n  int x[4];\n#pragma HLS interface mode=ap_memory port=x\n  x[0] = 1; a[0] = x[0];\n}\n", 3, 43,
                        "'x' in '#pragma HLS interface' is not a parameter of this function"),
    "missing_variable": ("void f(int a[4]) {\n#pragma HLS bind_storage type=ram_1p\n  a[0] = 1;\n}\n", 2, 1,
                         "'#pragma HLS bind_storage' needs 'variable=NAME'"),
    "bad_ii": ("void f(int a[4]) {\n  for (int i = 0; i < 4; i++) {\n#pragma HLS pipeline II=0\n    a[i] = 1;\n  }\n}\n", 3, 22,
               "pipeline II must be a positive integer, not '0'"),
    "bind_op_impl": ("void f(double a[4]) {\n  double x = a[0] + a[1];\n#pragma HLS bind_op variable=x op=dadd impl=fabrik\n  a[2] = x;\n}\n", 3, 45,
                     "unknown implementation 'fabrik' in '#pragma HLS bind_op' (did you mean 'fabric'?)"),
    "bad_mode": ("void f(int a[4]) {\n#pragma HLS interface mode=ap_memroy port=a\n  a[0] = 1;\n}\n", 2, 28,
                 "unknown interface mode 'ap_memroy' (did you mean 'ap_memory'?)"),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_pragma_errors_are_located(tmp_path: Path, name: str) -> None:
    source, line, col, message = ERRORS[name]
    src = tmp_path / f"{name}.c"
    src.write_text(source)
    proc = run_hls(str(src), "--top", "f", "-o", str(tmp_path / "out"))
    assert proc.returncode == 1, proc.stderr
    first = proc.stderr.splitlines()[0]
    assert first == f"{src}:{line}:{col}: error: {message}", proc.stderr
    assert proc.stderr.splitlines()[2] == " " * (col - 1) + "^"
    assert not (tmp_path / "out").exists()


def test_other_tools_pragmas_are_not_ours(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text("void f(int a[4]) {\n#pragma scop\n#pragma omp parallel for\n  for (int i = 0; i < 4; i++) a[i] = i;\n#pragma endscop\n}\n")
    proc = run_hls(str(src), "--top", "f", "-o", str(tmp_path / "out"))
    assert proc.returncode == 0 and "warning" not in proc.stderr, proc.stderr


BIND_OP = """
void bound(const double a[32], const double b[32], double c[32], double d[32]) {
  for (int i = 0; i < 32; i++) {
    double s = a[i] + b[i];
#pragma HLS bind_op variable=s op=dadd impl=fabric
#pragma HLS bind_op variable=d op=dmul impl=fabric
    c[i] = s - b[i];
    d[i] = a[i] * b[i] + s;
  }
}
"""


def test_bind_op_builds_adders_in_fabric(tmp_path: Path) -> None:
    """'#pragma HLS bind_op variable=s op=dadd impl=fabric' builds the addition assigned to s
    without DSP slices (its own unit, the Xilinx IP at No_Usage); d's and c's operators keep
    theirs; a fabric multiplier is not built (a located warning); cosim stays bit-exact."""
    src = tmp_path / "k.c"
    src.write_text(BIND_OP)
    out = tmp_path / "out"
    proc = run_hls(str(src), "--top", "bound", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert f"{src}:6:45: warning: '#pragma HLS bind_op op=dmul impl=fabric' is not implemented (hls builds dmul as its default core): ignored" in proc.stderr
    report = json.loads((out / "report.json").read_text())
    assert report["fp_operators"] == ["hls_dadd", "hls_dadd_fabric", "hls_dmul", "hls_dsub"]
    # the default target's double adder, subtracter (3 DSPs each) and multiplier (11)
    assert report["resources"]["dsp"] == 3 + 3 + 11
    tcl = (out / "rtl" / "xilinx_fp_ip.tcl").read_text()
    fabric = tcl[tcl.index("-module_name hls_dadd_fabric_ip") :].split("create_ip")[0]
    assert "CONFIG.C_Mult_Usage {No_Usage}" in fabric and tcl.count("No_Usage") == 1
    proc = run_hls("cosim", str(src), "--top", "bound", "-o", str(out), "--runs", "2", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


SHARED_FABRIC = """
void addsub_fabric(const double a[32], const double b[32], double c[32]) {
  for (int i = 0; i < 32; i++) {
#pragma HLS pipeline II=2
    double s = a[i] + b[i];
#pragma HLS bind_op variable=s op=dadd impl=fabric
#pragma HLS bind_op variable=c op=dsub impl=fabric
    c[i] = s - a[i];
  }
}
"""


def test_fabric_add_and_sub_share_a_unit_bit_exactly(tmp_path: Path) -> None:
    """At II 2 the fabric addition and subtraction share one add/sub unit, which each op tells
    whether to subtract (the subtraction was issued as an addition: gramschmidt's exploration)."""
    src = tmp_path / "k.c"
    src.write_text(SHARED_FABRIC)
    out = tmp_path / "out"
    proc = run_hls(str(src), "--top", "addsub_fabric", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert json.loads((out / "report.json").read_text())["fp_operators"] == ["hls_daddsub_fabric"]
    proc = run_hls("cosim", str(src), "--top", "addsub_fabric", "-o", str(out), "--runs", "2", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr
