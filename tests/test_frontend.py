"""c-to-kernel: C typing rules, inlining, loop forms."""

from __future__ import annotations

from pathlib import Path

from conftest import kernel_from_source
from hls.ir import ctypes as ct
from hls.ir.ctypes import usual_arithmetic_conversion as uac
from hls.ir.evaluate import eval_expr
from hls.ir.kernel import Assign, Binary, Cast, Const, For, If, Return


def test_usual_arithmetic_conversions() -> None:
    assert uac(ct.CHAR, ct.SHORT) == ct.INT
    assert uac(ct.INT, ct.UINT) == ct.UINT
    assert uac(ct.LONG, ct.UINT) == ct.LONG
    assert uac(ct.ULONG, ct.LONG) == ct.ULONG
    assert uac(ct.LLONG, ct.ULONG) == ct.ULLONG  # C11 6.3.1.8: unsigned version of the signed type
    assert uac(ct.UCHAR, ct.USHORT) == ct.INT


def test_literal_types(tmp_path: Path) -> None:
    fn = kernel_from_source(tmp_path, """
        int f(void) { return (0x80000000 > -1) + 2 * (2147483648 > -1) + 4 * (1u > -1) + 8 * ('a' == 97) + 16 * (077 == 63); }
    """, "f")
    ret = fn.body[-1]
    assert isinstance(ret, Return) and ret.value is not None
    # 0x80000000 is unsigned int (so -1 converts to UINT_MAX); 2147483648 is long; 1u is unsigned
    assert eval_expr(ret.value, {}) == 0 + 2 + 0 + 8 + 16


def test_stdint_widths_and_promotions(tmp_path: Path) -> None:
    fn = kernel_from_source(tmp_path, """
        #include <stdint.h>
        void f(uint8_t a[4], int8_t b[4], uint64_t c[4]) {
          for (int i = 0; i < 4; i++) { a[i] = a[i] + b[i]; c[i] = c[i] * a[i]; }
        }
    """, "f")
    assert [str(p.type) for p in fn.params] == ["u8[4]", "i8[4]", "u64[4]"]
    loop = fn.body[0]
    assert isinstance(loop, For)
    first = loop.body[0]
    assert isinstance(first, Assign) and isinstance(first.value, Cast)
    add = first.value.operand
    assert isinstance(add, Binary) and add.type == ct.INT  # promoted to int, truncated on store


def test_compound_assignment_and_shift_typing(tmp_path: Path) -> None:
    fn = kernel_from_source(tmp_path, """
        unsigned f(short s, unsigned u) { s >>= 3; u <<= s; return u; }
    """, "f")
    first = fn.body[0]
    assert isinstance(first, Assign) and isinstance(first.value, Cast) and first.value.type == ct.SHORT
    shift = first.value.operand
    assert isinstance(shift, Binary) and shift.op == ">>" and shift.type == ct.INT


def test_inlining_renames_and_returns(tmp_path: Path) -> None:
    fn = kernel_from_source(tmp_path, """
        static int sq(int x) { int t = x * x; return t; }
        int f(int a) { int t = sq(a) + sq(a + 1); return t; }
    """, "f")
    names = [v.name for v in fn.locals]
    assert len(names) == len(set(names))
    assert sum(1 for s in fn.body if isinstance(s, Assign)) >= 5


def test_loop_forms(tmp_path: Path) -> None:
    fn = kernel_from_source(tmp_path, """
        void f(int a[20]) {
          int i;
          for (i = 19; i >= 0; i -= 3) a[i] = i;
          for (int j = 0; 10 > j; j += 2) { if (j > 4) a[j] = 0; else a[j] = 1; }
        }
    """, "f")
    loops = fn.loops()
    assert [(lp.cmp, lp.step) for lp in loops] == [(">=", -3), ("<", 2)]
    assert isinstance(loops[1].body[0], If)


def test_constant_folding_in_array_sizes(tmp_path: Path) -> None:
    fn = kernel_from_source(tmp_path, """
        enum { W = 4 };
        #define H (W * 2 + 1)
        void f(int a[H][W << 1]) { a[0][0] = sizeof(a[0][0]) + (int)sizeof(int); }
    """, "f")
    assert fn.params[0].type.dims == (9, 8)  # type: ignore[union-attr]
    value = fn.body[0].value  # type: ignore[union-attr]
    assert not isinstance(value, Const) or value.value == 8
