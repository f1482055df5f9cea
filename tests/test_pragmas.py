"""#pragma HLS checks: nothing is ignored silently. Unknown directives and options are located
warnings (with "did you mean"), directives hls does not implement yet are located warnings that
they are ignored, and a directive naming a variable that does not exist is a located error."""

from __future__ import annotations

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
