"""Cosim's rewrite of the translation unit that defines the top function, checked with gcc alone
(no RTL): a stand-in harness counts the calls that reach it and runs the original function, and
the program must print what it prints unchanged."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hls.cosim import _c_params, _find_definition, _rewrite_unit, _tokens
from hls.ir.ctypes import FloatType, IntType
from hls.ir.interface import ArrayArg, FunctionInterface, MemPortUse, Param, ScalarArg

INT = IntType(32, True, 3, "int")
SHORT = IntType(16, True, 2, "short")
DOUBLE = FloatType(64, "double")
RW = (MemPortUse(True, True),)

KNR = """
#include <stdio.h>
int f(a, n, s) int a[8]; int n; short s; { int t = 0; for (int i = 0; i < n; i++) { a[i] = a[i] * s + i; t += a[i]; } return t; }
int main(void) { int a[8]; for (int i = 0; i < 8; i++) a[i] = i - 3; printf("%d\\n", f(a, 8, 7)); printf("%d\\n", f(a, 3, -2)); return 0; }
"""

NAMES = """
#include <stdio.h>
/* f( in a comment; f(int a[8], int n, short s) { */
static const char *text = "f(a, 8, 7) { }";
int f_helper(int v) { return v + 1; }
static int
f
(int a[8],
 int n,
 short s)
__attribute__((noinline));
int (*fp)(int *, int, short) = f;
static
inline
int f(int a[8], int n, short s) { int t = 0; for (int i = 0; i < n; i++) { a[i] = f_helper(a[i]) * s; t += a[i]; } return t; }
int main(void) {
  int a[8];
  for (int i = 0; i < 8; i++) a[i] = 2 * i - 7;
  printf("%s %d %d\\n", text, f(a, 8, 3), fp(a, 5, -1));
  { extern int f(int *, int, short); printf("%d\\n", f(a, 2, 2)); }
  return 0;
}
"""

DOUBLE_RET = """
#include <stdio.h>
typedef double real;
real f(const real (*a)[4], int n);
int main(void) { real a[3][4]; for (int i = 0; i < 12; i++) a[i / 4][i % 4] = i * 0.5 - 1; printf("%.17g\\n", f(a, 3)); return 0; }
real f(const real a[3][4], int n) { real s = 0; for (int i = 0; i < n; i++) for (int j = 0; j < 4; j++) s += a[i][j] * (j + 1); return s; }
"""

CASES: list[tuple[str, str, tuple[Param, ...], IntType | FloatType | None, int]] = [
    ("knr", KNR, (ArrayArg("a", INT, (8,), RW), ScalarArg("n", INT), ScalarArg("s", SHORT)), INT, 2),
    ("names", NAMES, (ArrayArg("a", INT, (8,), RW), ScalarArg("n", INT), ScalarArg("s", SHORT)), INT, 3),
    ("double_ret", DOUBLE_RET, (ArrayArg("a", DOUBLE, (3, 4), RW), ScalarArg("n", INT)), DOUBLE, 1),
]


def _compile_and_run(tmp_path: Path, name: str, *sources: Path) -> str:
    exe = tmp_path / name
    subprocess.run(["gcc", "-O0", "-w", "-o", str(exe), *map(str, sources)], check=True)
    return subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize(("name", "source", "params", "ret", "calls"), CASES, ids=[c[0] for c in CASES])
def test_rewritten_unit_routes_every_call_through_the_harness(
    tmp_path: Path, name: str, source: str, params: tuple[Param, ...], ret: IntType | FloatType | None, calls: int
) -> None:
    src = tmp_path / f"{name}.c"
    src.write_text(source)
    expected = _compile_and_run(tmp_path, "plain", src)
    iface = FunctionInterface("f", params, ret, str(src))
    text = subprocess.run(["gcc", "-E", "-std=gnu99", str(src)], capture_output=True, text=True, check=True).stdout
    rewritten = _rewrite_unit(text, iface, src, 0, trampoline=True)
    assert rewritten is not None
    unit = tmp_path / "unit.i"
    unit.write_text(rewritten)
    rtype = {None: "void", INT: "signed int", DOUBLE: "double"}[ret]
    args = ", ".join(f"a{k}" for k in range(len(params)))
    harness = tmp_path / "harness.c"
    harness.write_text(
        "#include <stdio.h>\n"
        f"{rtype} __hls_ref_entry_f({_c_params(iface)});\n"
        f'{rtype} __hls_cosim_f({_c_params(iface, "a")}) {{ fprintf(stderr, "call\\n"); return __hls_ref_entry_f({args}); }}\n'
    )
    exe = tmp_path / "rewritten"
    subprocess.run(["gcc", "-O0", "-w", "-o", str(exe), str(unit), str(harness)], check=True)
    proc = subprocess.run([str(exe)], capture_output=True, text=True, check=True)
    assert proc.stdout == expected
    assert proc.stderr.count("call\n") == calls


def test_definition_is_found_only_at_file_scope() -> None:
    text = 'int f(int a[2]);\nconst char *s = "int f(int a[2]) { }";\nint g(int a[2]) { return f(a); }\nint f_x(int a[2]) { return 0; }\n'
    assert _find_definition(_tokens(text), "f") is None
    toks = _tokens(text + '# 7 "k.c"\nstatic\n#pragma HLS inline\nint f(int a[2]) { return a[0]; }\n')
    d = _find_definition(toks, "f")
    assert d is not None
    assert [t.text for t in toks[d.spec : d.name]] == ["static", "int"] and toks[d.body].text == "{"
