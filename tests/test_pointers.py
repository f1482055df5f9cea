"""Pointer variables and moving pointers (#15): ``T *p = a;``, ``*p++``, ``p += k``, ``p[i]``,
``p < end``, ``p - a``, a pointer parameter the function moves (top or inlined callee). Each
pointer is an offset into the array it points into (fixed by its first assignment), a hidden
integer variable; its dereferences are that array's elements. A pointer its function points
into several arrays also holds which one; its accesses go to that one. Co-simulated bit-exactly,
and the constructs it cannot express get located errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import cosim_random, cosim_with_main, first_error, run_hls

WALK = r"""
static int sum(const int *p, int n) {   /* moves its parameter */
  int s = 0;
  while (n-- > 0) s += *p++;
  return s;
}
static void fill(int *dst, int v, int n) {
  int *end = dst + n;
  for (; dst < end; dst++) *dst = v;
}
static int peek(const int *p, int i) { return p[i] + *(p + 1); }
int walk(int a[16], int *b, int n) {
#pragma HLS interface mode=ap_memory port=b depth=16
  int *p = a, *q;
  int k, t = 0, *r = &t;
  q = &b[2];
  for (k = 0; k < 8; k++) *q++ = *p++ + k;
  p = a + 15;
  while (p >= a && *p != 7) p--;       /* a search from the end */
  t = (int)(p - a);
  fill(b + 10, t, 3);
  fill(&a[0], 1, 2);
  b += 4;                               /* the top's pointer parameter moves */
  *r += peek(b, 2);
  if (n > 3) p = a + 3; else p = &a[5];
  p[1] = *b + t;
  *++p = 9;
  return t * 100 + sum(b - 4, n & 15) + (int)(q - b) + (int)sizeof(p);
}
int main(void) {
  int a[16], b[16], i, r, s = 0;
  for (int n = 0; n < 3; n++) {
    for (i = 0; i < 16; i++) { a[i] = (i * 5 + n) % 11; b[i] = i - n; }
    r = walk(a, b, 12 - 5 * n);
    for (i = 0; i < 16; i++) s += a[i] * 3 + b[i];
    s += r;
  }
  return s == 0;   /* (never: main must return 0) */
}
"""


def test_pointers_cosim(tmp_path: Path) -> None:
    out, result = cosim_with_main(tmp_path, WALK, "walk")
    assert result["status"] == "pass" and len(result["calls"]) == 3
    kernel = run_hls(str(tmp_path / "k.c"), "--top", "walk", "-o", str(tmp_path / "k"), "--emit", "kernel")
    assert kernel.returncode == 0, kernel.stderr
    text = next((tmp_path / "k").glob("*.kernel")).read_text()
    # offsets, and the elements they select
    assert "local i32 p_offset" in text and "local i32 b_offset" in text
    assert "b[q_was] = " in text


# pointers into a 2-D array (an element's row-major position: they may cross rows), rows as
# pointers (a[3], a[2] + 1), a callee moving a pointer it got from a row
ROWS = r"""
static void clear_row(int *p, int n) { while (n--) *p++ = 0; }
static int sum_from(const int *p, int n) { int s = 0; for (int k = 0; k < n; k++) s += p[k]; return s; }
int m2(int a[4][5], int out[4]) {
  int *p = &a[1][3];
  *p = 7;
  p++;               /* crosses into the next row: a[2][0] */
  *p += 1;
  int *q = a[3];
  q[2] = 5;
  out[0] = sum_from(&a[0][2], 7);   /* a[0][2..4], a[1][0..3] */
  clear_row(a[2] + 1, 3);
  out[1] = (int)(q - &a[0][0]);
  for (int *r = &a[0][0]; r < &a[0][0] + 20; r += 6) out[2] += *r;
  out[3] = *(a[1] + 4);
  return sum_from(a[3], 5);
}
"""


def test_pointers_into_rows_cosim(tmp_path: Path) -> None:
    cosim_random(tmp_path, ROWS, "m2")


def test_pointers_cosim_random_testbench(tmp_path: Path) -> None:
    cosim_random(tmp_path, WALK.split("int main")[0], "walk")


FILE_SCOPE = r"""
#include <stdio.h>
unsigned char buf[64];
static const short tab[8] = { 3, -1, 4, -1, 5, -9, 2, 6 };
int f(const unsigned char in[64], int n) {
  unsigned char *rd;
  const short *tp = tab + 1;
  for (int i = 0; i < 64; i++) buf[i] = in[i];
  rd = buf + 2;
  int acc = 0;
  for (int i = 0; i < n && i < 60; i++) { acc += *rd++ * tp[i & 3]; }
  *rd = (unsigned char)acc;
  return acc;
}
int main(void) {
  unsigned char in[64];
  for (int i = 0; i < 64; i++) in[i] = (unsigned char)(i * 37 + 11);
  for (int r = 0; r < 3; r++) { int v = f(in, 20 + 15 * r); printf("%d %d\n", v, buf[22 + 15 * r]); }
  return 0;
}
"""


def test_pointers_into_file_scope_arrays(tmp_path: Path) -> None:
    """A pointer variable into a file-scope array (state the kernel writes through it) and one
    into a table (``tab + 1``), as motion's and jpeg's read pointers walk their buffers."""
    _, result = cosim_with_main(tmp_path, FILE_SCOPE, "f")
    assert result["status"] == "pass" and len(result["calls"]) == 3
    (tmp_path / "random").mkdir()
    cosim_random(tmp_path / "random", FILE_SCOPE.split("int main")[0], "f")


FILE_SCOPE_POINTERS = r"""
#include <stdio.h>
unsigned char ld_Rdbfr[64];
unsigned char *ld_Rdptr;
static const short tab[8] = { 3, -1, 4, -1, 5, -9, 2, 6 };
const short *tp;
static void init_buf(const unsigned char in[64]) {
  for (int i = 0; i < 64; i++) ld_Rdbfr[i] = in[i];
  ld_Rdptr = ld_Rdbfr + 2;
  tp = &tab[1];
}
static int get_byte(void) { return *ld_Rdptr++; }
int f(const unsigned char in[64], int n) {
  init_buf(in);
  int acc = 0;
  for (int i = 0; i < n && i < 60; i++) { acc += get_byte() * tp[i & 3]; }
  *ld_Rdptr = (unsigned char)acc;
  return acc + (int)(ld_Rdptr - ld_Rdbfr);
}
int main(void) {
  unsigned char in[64];
  for (int i = 0; i < 64; i++) in[i] = (unsigned char)(i * 37 + 11);
  for (int r = 0; r < 3; r++) { int v = f(in, 20 + 15 * r); printf("%d %d %d\n", v, ld_Rdbfr[22 + 15 * r], (int)(ld_Rdptr - ld_Rdbfr)); }
  return 0;
}
"""


def test_file_scope_pointer_variables(tmp_path: Path) -> None:
    """File-scope pointers (motion's ``ld_Rdptr`` walking ``ld_Rdbfr``) that each call sets
    first, in an inlined callee, moved by another (``*ld_Rdptr++``), compared by difference."""
    _, result = cosim_with_main(tmp_path, FILE_SCOPE_POINTERS, "f")
    assert result["status"] == "pass" and len(result["calls"]) == 3
    (tmp_path / "random").mkdir()
    cosim_random(tmp_path / "random", FILE_SCOPE_POINTERS.split("int main")[0], "f")


KEPT_POINTER = r"""
#include <stdio.h>
unsigned char b[64], c[64];
unsigned char *rd = b + 1;
int f(int n) {
  if (n > 3) rd = (n & 1) ? b + n : c + 2;
  int v = *rd++;
  *rd += 1;
  return v;
}
int main(void) {
  int r = 0;
  for (int i = 0; i < 64; i++) { b[i] = i * 7; c[i] = 200 - i; }
  for (int k = 0; k < 8; k++) { r = r * 3 + f(k * 2 % 7); printf("%d\n", r); }
  return 0;
}
"""


def test_file_scope_pointer_kept_between_calls(tmp_path: Path) -> None:
    """A file-scope pointer with an initializer that the kernel moves on every call and
    reassigns only sometimes, into one of two arrays: its place is kept in the design from call
    to call, as C keeps it (CHStone jpeg's ``p_jinfo_jpeg_data``, set inside the marker loop)."""
    _, result = cosim_with_main(tmp_path, KEPT_POINTER, "f")
    assert result["status"] == "pass" and len(result["calls"]) == 8


ASSIGNED_IN_MAIN = r"""
#include <stdio.h>
unsigned char buf[16], other[8];
unsigned char *rd;
int f(int n) {
  rd = buf + (n & 3);
  int s = *rd++;
  s += *rd;
  return s;
}
int main(void) {
  for (int i = 0; i < 16; i++) buf[i] = i * 5;
  rd = other;
  for (int k = 0; k < 3; k++) printf("%d %d\n", f(k), (int)(rd - buf));
  return 0;
}
"""


def test_file_scope_pointer_assigned_by_main_too(tmp_path: Path) -> None:
    """main points the file-scope pointer at an array the kernel never uses; the kernel assigns
    it first in each call: that array is no port of the kernel (only the kernel's assignments
    name the arrays a pointer may point into), and cosim passes."""
    out, result = cosim_with_main(tmp_path, ASSIGNED_IN_MAIN, "f")
    assert result["status"] == "pass" and len(result["calls"]) == 3
    ports = [p["name"] for p in json.loads((out / "interface.json").read_text())["params"]]
    assert ports == ["n", "buf"]


INITIALIZED_ONLY = r"""
#include <stdio.h>
unsigned char buf[64];
unsigned char *rd = buf + 1;
int f(int n) {
  int v = *rd++;
  rd += n & 1;
  return v + n;
}
int main(void) { for (int i = 0; i < 64; i++) buf[i] = i * 3; for (int k = 0; k < 5; k++) printf("%d\n", f(k)); return 0; }
"""


def test_file_scope_pointer_only_initialized(tmp_path: Path) -> None:
    """A file-scope pointer the kernel never assigns, only moves, from its initializer
    (``unsigned char *rd = buf + 1;``): kept between calls (it was 'used before it is assigned')."""
    _, result = cosim_with_main(tmp_path, INITIALIZED_ONLY, "f")
    assert result["status"] == "pass" and len(result["calls"]) == 5


def test_file_scope_pointer_assigned_outside_the_kernel_is_an_error(tmp_path: Path) -> None:
    src = "unsigned char b[64];\nunsigned char *rd;\nint f(int n) {\n  if (n > 3) rd = b + 1;\n  return *rd++;\n}\n"
    src += "int main(void) {\n  rd = b;\n  return f(2);\n}\n"
    message = first_error(tmp_path, src, "f")
    assert message.startswith("k.c:4:3: error: file-scope pointer 'rd' is used before the function assigns it in every call, and 'main' assigns it too")


def test_unused_file_scope_pointer_to_a_union_is_no_error(tmp_path: Path) -> None:
    """A file-scope pointer the kernel never uses does not matter, whatever it points to (the
    file-scope pointers are looked at before the kernel: a union there must not stop it)."""
    src = tmp_path / "k.c"
    src.write_text("typedef union { int i; float f; } U;\nU *up;\nvoid f(int a[4]) { for (int i = 0; i < 4; i++) a[i] = i; }\n")
    proc = run_hls(str(src), "--top", "f", "-o", str(tmp_path / "o"))
    assert proc.returncode == 0, proc.stderr


HUFFMAN_TABLES = r"""
#include <stdio.h>
int ac_bits[4][36], dc_bits[4][36];
int ac_val[4][256], dc_val[4][256];
static int stream_pos;
static int read_byte(const unsigned char *s) { return s[stream_pos++]; }
int get_dht(const unsigned char s[512], int n) {
  int *bits, *val;
  int total = 0;
  stream_pos = 0;
  for (int t = 0; t < n; t++) {
    int index = read_byte(s);
    if (index & 0x10) {
      index = (index - 0x10) & 3;
      bits = ac_bits[index];
      val = ac_val[index];
    } else {
      index &= 3;
      bits = dc_bits[index];
      val = dc_val[index];
    }
    bits[0] = 0;
    int count = 0;
    for (int i = 1; i <= 16; i++) {
      bits[i] = read_byte(s) & 7;
      count += bits[i];
    }
    for (int i = 0; i < count; i++) val[i] = read_byte(s);
    int *q = (t & 1) ? val : bits + 1;
    *q += 1;
    total += count + q[2] + *val++ + val[0];
  }
  return total;
}
int main(void) {
  unsigned char s[512];
  int r = 0;
  for (int k = 0; k < 3; k++) {
    for (int i = 0; i < 512; i++) s[i] = (unsigned char)((i * 73 + k * 19) ^ (i >> 3));
    r += get_dht(s, 2 + k);
    printf("%d %d %d\n", r, ac_bits[1][3], dc_val[2][5]);
  }
  return 0;
}
"""


def test_pointer_into_one_of_several_arrays(tmp_path: Path) -> None:
    """jpeg's ``get_dht``: a pointer set to a row of the AC or of the DC table, by the data, then
    written and read through (``bits[i] = ...``, ``count += bits[i]``, ``*val++``, ``q[2]``), and
    one set by ``?:`` into either. Every access goes to the array it points into now."""
    _, result = cosim_with_main(tmp_path, HUFFMAN_TABLES, "get_dht")
    assert result["status"] == "pass" and len(result["calls"]) == 3


SEVERAL = r"""
#include <stdio.h>
int A[3][8], B[8];
short C[8];
static int sum(const int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
static void bump(int *p) { p[1] += 3; *p = *p * 2 + 1; }
int f(int sel, int k) {
  int *p;
  int local[8];
  for (int i = 0; i < 8; i++) local[i] = i * k;
  if (sel == 0) p = A[k & 1];
  else if (sel == 1) p = &B[2];
  else p = local;
  bump(p);
  int r = sum(p, 4);
  int *q = p + 1;
  q++;
  r += *q + q[-1];
  p = sel > 1 ? A[2] + 1 : B;
  (*p)++;
  p[2]--;
  r += p[0] * 7 + local[3];
  return r;
}
int main(void) {
  int r = 0;
  for (int t = 0; t < 6; t++) {
    for (int i = 0; i < 8; i++) { B[i] = i * t - 3; A[t % 3][i] = t + i; }
    r += f(t % 3, t);
    printf("%d %d %d\n", r, A[0][1] + A[1][2] + A[2][3], B[3]);
  }
  return 0;
}
"""


def test_pointer_into_several_arrays_passed_and_moved(tmp_path: Path) -> None:
    """A pointer into a row of a file-scope 2-D array, a file-scope 1-D array or a local one,
    passed to inlined callees that read and write through it, copied to another pointer and
    moved, reassigned by ``?:``, incremented in place; under the file's main and random inputs."""
    _, result = cosim_with_main(tmp_path, SEVERAL, "f")
    assert result["status"] == "pass" and len(result["calls"]) == 6
    (tmp_path / "random").mkdir()
    cosim_random(tmp_path / "random", SEVERAL.split("int main")[0], "f")


ASSIGNED_VALUES = r"""
#include <stdio.h>
int A[8], B[8];
int f(int c, int k) {
  int *p = c & 1 ? A : B + 1;
  int x = p[k & 3]++;
  int y = --*p;
  int z = (p[2] += 5) * 2;
  int w = *p++ = x + y;
  A[0] = B[1] = *p;
  return x + y + z + w + (*--p = 3);
}
int main(void) { int r = 0; for (int t = 0; t < 5; t++) { for (int i = 0; i < 8; i++) { A[i] = i + t; B[i] = 2 * i - t; } r += f(t, t * 3); printf("%d %d %d\n", r, A[1], B[2]); } return 0; }
"""


def test_pointer_into_several_arrays_assignments_as_values(tmp_path: Path) -> None:
    """Assignments through such a pointer used as values (``p[k]++``, ``--*p``, ``(p[2] += 5)``,
    ``w = *p++ = v``; hls.fuzz seed 2100000 kernel 199 stopped on an assertion there)."""
    _, result = cosim_with_main(tmp_path, ASSIGNED_VALUES, "f")
    assert result["status"] == "pass" and len(result["calls"]) == 5


ROW_POINTERS = r"""
#include <stdio.h>
static void mcu(int *out, int v) {
  int *m;
  if (v & 1) { v += *out; *out = v; }
  for (m = out + 1; m < out + 8; m++) *m = v++;
  *(out + 3) += 2;
}
static void blk(int *buf, int v) { mcu(buf, v); buf[7] ^= 5; }
int f(int a[3][8], int k) {
  int loc[3][8];
  int s = 0;
  for (int i = 0; i < 3; i++) { loc[i][0] = i; blk(loc[i], k + i); blk(a[i], k - i); }
  for (int i = 0; i < 3; i++) for (int j = 0; j < 8; j++) s += loc[i][j] * (j + 1);
  return s;
}
int main(void) { int a[3][8]; int r = 0; for (int t = 0; t < 3; t++) { for (int i = 0; i < 24; i++) a[i / 8][i % 8] = i * t; r += f(a, t); for (int i = 0; i < 24; i++) r += a[i/8][i%8]; printf("%d\n", r);} return 0; }
"""


def test_row_passed_as_pointer_dereferenced_and_walked(tmp_path: Path) -> None:
    """A row of a 2-D array (local or the top's) passed to ``int *`` and on to another callee,
    which dereferences it (``*out``), walks a pointer from it to its end (``m < out + 8``) and
    writes ``*(out + 3)``: CHStone jpeg's ``DecodeHuffMCU(HuffBuff[i], ...)``."""
    _, result = cosim_with_main(tmp_path, ROW_POINTERS, "f")
    assert result["status"] == "pass" and len(result["calls"]) == 3


CAST_ARGUMENTS = r"""
#include <stdio.h>
#define LONG unsigned long
static void mix(data, k)
     unsigned long *data;
     int k;
{
  data[0] ^= data[1] * 3 + k;
  data[1] += data[0] >> 2;
}
int f(unsigned char in[16], int n) {
  LONG ti[2];
  unsigned char *iv = (unsigned char *) in;
  int r = 0;
  for (int i = 0; i < n && i < 8; i++) {
    ti[0] = iv[i]; ti[1] = iv[i + 8];
    mix((unsigned long *) ti, i);
    mix((LONG *) &ti[0], r & 7);
    r += (int)(ti[0] ^ ti[1]);
  }
  return r;
}
int main(void) {
  unsigned char in[16];
  for (int t = 0; t < 3; t++) { for (int i = 0; i < 16; i++) in[i] = (unsigned char)(i * 29 + t * 7); printf("%d\n", f(in, 4 + 2 * t)); }
  return 0;
}
"""


def test_cast_pointer_arguments(tmp_path: Path) -> None:
    """An array passed through a cast to its own element type (CHStone blowfish's
    ``BF_encrypt((unsigned long *) ti, ..)`` into a K&R definition), also of ``&a[0]``, and a
    pointer variable initialized with a cast."""
    _, result = cosim_with_main(tmp_path, CAST_ARGUMENTS, "f")
    assert result["status"] == "pass" and len(result["calls"]) == 3


@pytest.mark.parametrize(
    ("body", "line_col", "message"),
    [
        ("int *p;\n  *p = 1;", (3, 4), "pointer 'p' is used before it is assigned"),
        ("int *p = a, *q = b;\n  if (p < q) a[0] = 1;", (3, 7), "'<' of pointers into different arrays ('a' and 'b') is not supported"),
        ("int *p = a;\n  b[0] = p;", (3, 10), "pointer 'p' used as a value (only *p, p[i], moving it, comparing it and passing it on) is not supported"),
        ("int **p;\n  a[0] = 1;", (2, 8), "pointer variable 'p' to other than a scalar type is not supported"),
        ("int *p = &b[0] - 1 + 1;\n  p *= 2;", (3, 3), "invalid operands to '*' (a pointer)"),
    ],
)
def test_bad_pointers_are_located(tmp_path: Path, body: str, line_col: tuple[int, int], message: str) -> None:
    source = f"void f(int a[4], int b[4]) {{\n  {body}\n}}\n"
    assert first_error(tmp_path, source, "f") == f"k.c:{line_col[0]}:{line_col[1]}: error: {message}"
