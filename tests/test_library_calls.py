"""C library calls (#15): ``memcpy``/``memset`` on whole arrays (or whole rows) become loops,
``abs``/``labs``/``llabs`` expressions, ``printf`` and its kin are ignored in hardware with a
located warning (arguments with side effects still run); ``sizeof`` measures as C does (an
array parameter is a pointer, a partly subscripted array its rows, a _Bool a byte).
Co-simulated bit-exactly under the file's own main."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cosim_with_main, run_hls

KERNELS = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stdbool.h>
static void clear_rows(short c[4][4], int rows) { memset(c, 0, sizeof(c[0]) * 2); (void)rows; }
void lib(int a[8], int b[8], short c[4][4], int64_t w[2]) {
  int t[8];
  short d[4][4];
  float f[3];
  bool flags[5];
  memcpy(t, a, sizeof(t));
  clear_rows(c, 2);
  memset(d, 0xA5, sizeof(d));
  memset(f, 0, sizeof f);
  memcpy(&c[3][0], d, sizeof(short) * 4);
  for (int i = 0; i < 8; i++) {
    b[i] = abs(t[i] - 3) + (int)labs(-5L) + (int)f[i % 3];
    printf("%d\n", b[i]);
  }
  fprintf(stderr, "done %d\n", b[0] += 1);
  w[0] = llabs(w[1]) + (int64_t)sizeof(a) + (int64_t)sizeof(flags) * 100 + (int64_t)sizeof(c[1]) * 1000;
}
int main(void) {
  int a[8], b[8]; short c[4][4]; int64_t w[2] = {0, -123456789012LL};
  for (int i = 0; i < 8; i++) a[i] = i * 5 - 17;
  for (int i = 0; i < 16; i++) c[i / 4][i % 4] = (short)(i + 1);
  lib(a, b, c, w);
  return 0;
}
"""


def test_library_calls_cosim(tmp_path: Path) -> None:
    _, result = cosim_with_main(tmp_path, KERNELS, "lib")
    assert result["status"] == "pass" and len(result["calls"]) == 1


def test_printing_is_a_located_warning(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    proc = run_hls(str(src), "--top", "lib", "-o", str(tmp_path / "o"))
    assert proc.returncode == 0, proc.stderr
    line = KERNELS.splitlines().index('    printf("%d\\n", b[i]);') + 1
    assert f"{src}:{line}:5: warning: 'printf' is ignored in hardware" in proc.stderr
    assert "warning: 'fprintf' is ignored in hardware" in proc.stderr


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("int t[4]; memcpy(t, a, 6);", "'memcpy' of a size other than a constant number of whole elements of 't' is not supported"),
        ("float t[4]; memset(t, 1, sizeof t); a[0] = t[0];", "'memset' of floating-point array 't' with a byte other than 0 is not supported"),
        ("short t[4]; memcpy(t, a, 8);", "'memcpy' between arrays of other element types or row shapes ('t', 'a') is not supported"),
        ("a[0] = printf(\"x\");", "the value of 'printf' is not supported"),
        ("int x; memset(&x, 0, 4); a[0] = x;", "'memset' of something other than a whole array or its rows is not supported"),
        ("memset(a + a[0], 0, 4);", "'memset' from a position of 'a' that is not a constant in it is not supported"),
        ("int t[2][3]; memset(t[1], 0, sizeof t); a[0] = t[0][0];", "'memset' beyond the end of 't'"),
        ('a[0] = (int)__builtin_nan("1");', "a NaN payload ('__builtin_nan' of other than \"\") is not supported"),
        ("a[0] = (int)__builtin_inf(1);", "'__builtin_inf' takes no arguments, 1 given"),
    ],
)
def test_unsupported_uses_are_located_errors(tmp_path: Path, body: str, message: str) -> None:
    src = tmp_path / "k.c"
    src.write_text(f"#include <string.h>\n#include <stdio.h>\nvoid f(int a[4]) {{ {body} }}\n")
    proc = run_hls(str(src), "--top", "f", "-o", str(tmp_path / "o"))
    assert proc.returncode == 1 and f"{src}:3:" in proc.stderr and message in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


# every macro of <math.h> and <float.h> a kernel may use, with the value gcc's program has (cosim
# compares each bit for bit); fft.h's own fallback '#ifndef M_SQRT1_2 ... f' must not be taken
HEADER_MACROS = r"""
#include <math.h>
#include <float.h>
#ifndef M_SQRT1_2
#define M_SQRT1_2 0.70710678118654752440f
#endif
void macros(const double a[2], double d[20], float f[8], int n[20]) {
  d[0] = M_E; d[1] = M_LOG2E; d[2] = M_LOG10E; d[3] = M_LN2; d[4] = M_LN10; d[5] = M_PI * a[0];
  d[6] = M_PI_2; d[7] = M_PI_4; d[8] = M_1_PI; d[9] = M_2_PI; d[10] = M_2_SQRTPI; d[11] = M_SQRT2;
  d[12] = M_SQRT1_2; d[13] = HUGE_VAL; d[14] = -INFINITY; d[15] = NAN; d[16] = DBL_MAX;
  d[17] = DBL_MIN / 3; d[18] = DBL_EPSILON; d[19] = a[1] < DBL_MAX ? -NAN : a[1];
  f[0] = FLT_MAX; f[1] = FLT_MIN; f[2] = FLT_MIN / 5; f[3] = FLT_EPSILON; f[4] = HUGE_VALF;
  f[5] = INFINITY; f[6] = NAN; f[7] = -HUGE_VALF;
  int k[20] = {FLT_RADIX, FLT_EVAL_METHOD, DECIMAL_DIG, FLT_MANT_DIG, DBL_MANT_DIG, FLT_DIG, DBL_DIG,
               FLT_MIN_EXP, DBL_MIN_EXP, FLT_MIN_10_EXP, DBL_MIN_10_EXP, FLT_MAX_EXP, DBL_MAX_EXP,
               FLT_MAX_10_EXP, DBL_MAX_10_EXP, FP_NAN, FP_INFINITE, FP_ZERO, FP_SUBNORMAL, FP_NORMAL};
  for (int i = 0; i < 20; i++) n[i] = k[i];
}
int main(void) {
  double a[2] = {1.5, 2.0}, d[20];
  float f[8];
  int n[20];
  macros(a, d, f, n);
  return 0;
}
"""


def test_math_and_float_header_macros_are_gccs(tmp_path: Path) -> None:
    _, result = cosim_with_main(tmp_path, HEADER_MACROS, "macros")
    assert result["status"] == "pass" and len(result["calls"]) == 1
