"""Unsupported or wrong C gets a located gcc-style error, exit 1, no traceback, no output."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from conftest import run_hls

CASES = {

    "pointer": ("void f(int *p) {\n  p[1] = 1;\n}\n", 1, 12, "pointer parameter 'p' needs the number of elements it points to: add '#pragma HLS interface mode=ap_memory port=p depth=N'"),
    "pointer_to_pointer": ("void f(int **p) {\n  p[0][0] = 1;\n}\n", 1, 13, "pointer type is not supported"),
    "interface_depth": ("void f(int *p) {\n#pragma HLS interface port=p depth=-4\n  p[1] = 1;\n}\n", 2, 30, "interface depth must be a positive integer, not '-4'"),
    "pointer_into_rows": ("static void g(int (*p)[4]) {\n  p[0][0] = 0;\n}\nvoid f(int a[4][4]) {\n  g(&a[1][2]);\n}\n", 5, 6, "to other than a scalar or an element of an array ('a' is i32[4][4]) is not supported"),
    "pointer_to_row": ("static void g(int *p) {\n  *p = 0;\n}\nvoid f(int a[4][4]) {\n  g(a + 1);\n}\n", 5, 5, "to other than a scalar or an element of an array ('a' is i32[4][4]) is not supported"),
    "pointer_two_arrays": ("void f(int a[4], int b[4]) {\n  int *q = a;\n  q = b;\n  if (q == a) q[0] = 1;\n}\n", 4, 7, "this use of pointer 'q' into one of several arrays ('a', 'b') (only reading and writing its elements, moving it, assigning it and passing it on) is not supported"),
    "pointer_choice_other_type": ("void f(int a[4], int b[4], short c[4]) {\n  int *p = a;\n  if (b[0]) p = b;\n  if (b[1]) p = (int *)c;\n  *p = 1;\n}\n", 4, 13, "pointer 'p' (i32 *) to 'c' (i16[4]) is not supported"),
    "pointer_array_out_of_scope": ("void f(int a[4]) {\n  int *q = a;\n  {\n    int b[4];\n    q = b;\n    b[0] = *q;\n  }\n}\n", 5, 5, "pointer 'q' into 'b' after pointing into 'a', with 'b' not in scope at its first assignment (a pointer into several arrays points into arrays known there) is not supported"),
    "math": ("double f(double x) {\n  return tan(x);\n}\n", 2, 10, "call to 'tan' (only functions defined in this file are inlined, and sqrt, sqrtf, fabs, fabsf, fmin, fminf, fmax, fmaxf, fma, fmaf, exp, expf, log, logf, pow, powf, sin, sinf, cos, cosf) is not supported"),
    "long_double": ("void f(long double a[4]) {\n  a[0] = 1;\n}\n", 1, 20, "type 'long double' is not supported"),
    "float_mod": ("void f(double a[4]) {\n  a[0] = a[1] % 2;\n}\n", 2, 10, "invalid operands to '%' (floating-point values)"),
    "continue_outside_loop": ("void f(int a[4]) {\n  if (a[0]) continue;\n}\n", 2, 13, "continue statement not within a loop"),
    "duplicate_case": ("void f(int a[4]) {\n  switch (a[0]) { case 1: a[1] = 0; break; case 1: a[2] = 0; }\n}\n", 2, 49, "duplicate case value"),
    "case_not_constant": ("void f(int a[4]) {\n  switch (a[0]) { case 1: break; case a[1]: a[2] = 0; }\n}\n", 2, 39, "case label does not reduce to an integer constant"),
    "switch_float": ("void f(float a[4]) {\n  switch (a[0]) { default: a[1] = 0; }\n}\n", 2, 11, "switch quantity not an integer"),
    "static_pointer": ("void f(int a[4]) {\n  static int *t;\n  a[0] = 1;\n}\n", 2, 14, "static pointer variable 't' is not supported"),
    "table_write": ("const int t[2] = {1, 2};\nvoid f(int a[4]) {\n  t[0] = a[1];\n}\n", 3, 3, "assignment to const array 't'"),
    "table_self_initializer": ("const int t[2] = {1, t[0]};\nvoid f(int a[4]) {\n  a[0] = t[1];\n}\n", 1, 22, "the initializer of table 't' is not a constant expression"),
    "table_nan": ("const double t[2] = {1.0, 0.0 / 0.0};\nvoid f(double a[4]) {\n  a[0] = t[1];\n}\n", 1, 27, "the initializer of table 't' is not a constant expression"),
    "undeclared": ("void f(int a[4]) {\n  a[0] = q;\n}\n", 2, 10, "'q' is undeclared"),
    "array_initializer_excess": ("void f(int a[4]) {\n  int t[2] = {1, 2, 3};\n  a[0] = t[1];\n}\n", 2, 21, "excess elements in the initializer of array 't'"),
    "unsized_array": ("void f(int a[]) {\n  a[2] = 1;\n}\n", 1, 12, "pointer parameter 'a' needs the number of elements it points to"),
    "increment_in_subscript_of_increment": ("void f(int a[4]) {\n  int i = 0;\n  int j = a[i++]++;\n  a[1] = j;\n}\n", 3, 11, "'++' of an element whose subscript has side effects is not supported"),
    "syntax": ("void f(int a[4]) {\n  a[0] = ;\n}\n", 2, 10, "syntax error"),
    "missing_top": ("void g(void) {}\n", 1, 1, "top function 'f' is not defined in this file (functions: g)"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_located_diagnostic(tmp_path: Path, name: str) -> None:
    source, line, col, message = CASES[name]
    src = tmp_path / f"{name}.c"
    src.write_text(source)
    out = tmp_path / "out"
    proc = run_hls(str(src), "--top", "f", "-o", str(out))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    first = proc.stderr.splitlines()[0]
    assert first.startswith(f"{src}:{line}:{col}: error: "), proc.stderr
    assert message in first
    assert "Traceback" not in proc.stderr
    # the source line and a caret under the column follow
    lines = proc.stderr.splitlines()
    assert lines[1] == source.splitlines()[line - 1].expandtabs(1)
    assert lines[2] == " " * (col - 1) + "^"
    assert not out.exists()


def test_read_in_own_initializer_is_a_warning(tmp_path: Path) -> None:
    """C puts a variable in scope in its own initializer: a read there is indeterminate if it runs
    (hls.progen seed 95327: 't0 ^ t0', once told it was a global), and fine if it does not (seed
    280354: under '&&' and '?:' that do not evaluate it, once rejected)."""
    src = tmp_path / "k.c"
    src.write_text("int f(int a[4], int k) {\n  int t = (k > 9 && a[1] > 2) ? t : a[k & 3];\n  return t;\n}\n")
    proc = run_hls(str(src), "--top", "f", "-o", str(tmp_path / "out"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines()[0] == f"{src}:2:33: warning: 't' is read in its own initializer, where its value is indeterminate"
    assert proc.stderr.count("warning:") == 1


def test_failed_compile_keeps_previous_output(tmp_path: Path) -> None:
    good = tmp_path / "good.c"
    good.write_text("void f(int a[4]) { for (int i = 0; i < 4; i++) a[i] = i; }\n")
    out = tmp_path / "out"
    assert run_hls(str(good), "--top", "f", "-o", str(out)).returncode == 0
    before = (out / "rtl" / "f.sv").read_text()
    bad = tmp_path / "bad.c"
    bad.write_text("void f(int a[4]) { a[0] = nosuch; }\n")  # (an undeclared name)
    assert run_hls(str(bad), "--top", "f", "-o", str(out)).returncode == 1
    assert (out / "rtl" / "f.sv").read_text() == before
    assert not any(p.name.startswith(".out.") for p in tmp_path.iterdir())


def _invoke_with_broken_scheduler(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *extra: str) -> tuple[Path, Result]:
    """Runs the CLI in-process with the scheduler's lowering of assignments failing as a bug would."""
    import hls.scheduler.lower_to_hir as lower_to_hir
    from hls import cli

    def broken(self: object, s: object, pred: object) -> None:
        raise AssertionError("unexpected operand")

    monkeypatch.setattr(lower_to_hir._Segment, "assign", broken)
    src = tmp_path / "k.c"
    src.write_text("void f(int a[4]) {\n  for (int i = 0; i < 4; i++)\n    a[i] = i;\n}\n")
    return src, CliRunner().invoke(cli.main, [str(src), "--top", "f", "-o", str(tmp_path / "out"), *extra])


def test_internal_error_names_pass_and_location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src, result = _invoke_with_broken_scheduler(tmp_path, monkeypatch)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0] == (
        f"{src}:3:5: internal error: in pass 'schedule': AssertionError: unexpected operand "
        "(a bug in hls: please report it with the input; --debug shows the traceback)"
    )
    assert lines[1:] == ["    a[i] = i;", "    ^"]
    assert not (tmp_path / "out").exists()


def test_debug_shows_the_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, result = _invoke_with_broken_scheduler(tmp_path, monkeypatch, "--debug")
    assert result.exit_code == 2
    assert "Traceback (most recent call last)" in result.stderr and "in broken" in result.stderr
    assert "internal error: in pass 'schedule'" in result.stderr


def test_user_errors_exit_1_internal_errors_2(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text("void f(int a[4]) { a[0] = b; }\n")
    assert run_hls(str(src), "--top", "f", "-o", str(tmp_path / "o")).returncode == 1
    proc = run_hls("cosim", str(src), "--top", "f", "-o", str(tmp_path / "o"))
    assert proc.returncode == 1 and "'b' is undeclared" in proc.stderr


def test_top_function_named_by_a_systemverilog_keyword(tmp_path: Path) -> None:
    """The module takes the function's name: 'wire' cannot be one (scalar ports get '_r' instead)."""
    src = tmp_path / "k.c"
    src.write_text("int wire(int a) {\n  return a + 1;\n}\n")
    out = tmp_path / "out"
    proc = run_hls(str(src), "--top", "wire", "-o", str(out))
    assert proc.returncode == 1
    assert proc.stderr.splitlines()[0] == (
        f"{src}:1:5: error: the top function's name 'wire' is a SystemVerilog keyword and cannot name the RTL module; rename the function"
    )
    assert not out.exists()
