"""affine-model: an expression is affine exactly where its isl form equals C's value on the domain
(unsigned wrap-around, narrowing casts and truncating division are proven absent with isl)."""

from __future__ import annotations

from pathlib import Path

import islpy as isl
import pytest

from conftest import kernel_from_source, model_from_source
from hls.diagnostics import HlsError
from hls.frontend.affine import affine_model
from hls.frontend.dependences import dependences
from hls.ir.kernel import Assign, For, If


def _writes(tmp_path: Path, body: str, params: str = "int a[64]") -> list[tuple[str, bool]]:
    model = model_from_source(tmp_path, f"#include <stdint.h>\nvoid f({params}) {{ {body} }}\n", "f")
    return [(str(w.relation), w.must) for s in model.statements for w in s.writes if w.var.is_array]


def test_constant_division_in_loop_bound(tmp_path: Path) -> None:
    model = model_from_source(tmp_path, "void f(int a[128]) { for (int i = 0; i < 2048/16; i++) a[i] = i; }", "f")
    (loop,) = model.loops.values()
    assert loop.trip_count == 128


def test_division_and_modulo_of_non_negative_values(tmp_path: Path) -> None:
    (w,) = _writes(tmp_path, "for (int i = 0; i < 64; i++) a[i / 2 + (i + 3) % 4] = 0;")
    assert w[1] and "o0" in w[0] and "mod" not in w[0]  # floor division: an exact relation
    # a dividend that may be negative truncates in C, floors in isl: not affine
    (w,) = _writes(tmp_path, "for (int i = -8; i < 8; i++) a[(i / 2) + 8] = 0;")
    assert not w[1]


def test_unsigned_subtraction_is_affine_where_it_cannot_wrap(tmp_path: Path) -> None:
    (w,) = _writes(tmp_path, "for (unsigned j = 1; j < 16; j++) a[j - 1] = 0;")
    assert w == ("{ S0[j] -> a[-1 + j] : 0 < j <= 15 }", True)
    (w,) = _writes(tmp_path, "for (unsigned j = 0; j < 16; j++) a[(j - 1) & 63] = 0;")
    assert not w[1]


def test_narrowing_cast_is_affine_where_the_value_fits(tmp_path: Path) -> None:
    (w,) = _writes(tmp_path, "for (int j = 0; j < 60; j++) a[(uint8_t)(j + 4)] = 0;")
    assert w == ("{ S0[j] -> a[4 + j] : 0 <= j <= 59 }", True)
    # wraps to 250..255, 0..57: not modelled as 250..313 (a may access of the whole array)
    (w,) = _writes(tmp_path, "for (int j = 0; j < 64; j++) c[(uint8_t)(j + 250)] = 0;", "int c[256]")
    assert not w[1]


def test_wrapping_subscript_keeps_dependence_analysis_fast(tmp_path: Path) -> None:
    """Found by the fuzzer: a subscript wrapping modulo 2**32 in a loop from an argument made
    isl's dataflow analysis run for minutes."""
    src = "void kern(unsigned long long a[5], int n) { for (int i = n; i < 6; i++) a[(unsigned)(i * -3) % 5u] *= a[3]; }"
    model = dependences(model_from_source(tmp_path, src, "kern"))
    assert {d.kind for d in model.dependences} == {"RAW", "WAR", "WAW"}


def test_loop_from_a_wider_argument_starts_at_the_converted_value(tmp_path: Path) -> None:
    model = model_from_source(tmp_path, "void f(long n, int a[100]) { for (int i = n; i < 100; i++) a[i - n] = 1; }", "f")
    (loop,) = model.loops.values()
    # i starts at (int)n: n itself where n fits in int, n modulo 2**32 into int's range elsewhere
    expected = isl.Set("[n] -> { L[i] : i <= 99 and exists (k : i >= n - 4294967296 k and -2147483648 <= n - 4294967296 k <= 2147483647) }")
    assert loop.domain.is_equal(expected)


def test_argument_bound_with_unsigned_wrap(tmp_path: Path) -> None:
    (w,) = _writes(tmp_path, "for (uint32_t j = 0; j < m; j++) c[(uint8_t)(j + 5) & 31] = 3;", "uint32_t m, uint8_t c[32]")
    assert not w[1]


def test_inlined_parameter_bound_is_the_callers_argument(tmp_path: Path) -> None:
    src = """
        static void ramp(int x[], int n, int off) { for (int i = 0; i < n; i++) x[i + off] = i; }
        void f(int a[64], int m) { ramp(a, 8, 4); for (int k = 0; k < 4; k++) ramp(a, k + 1, 2 * k); ramp(a, m, 0); }
    """
    fn = kernel_from_source(tmp_path, src, "f")
    model = affine_model(fn)
    trips = [(lp.loop.name, lp.trip_count, lp.trip_min, lp.trip_max) for lp in model.loops.values()]
    assert [t[1:] for t in trips] == [(8, 8, 8), (4, 4, 4), (None, 1, 4), (None, None, None)]
    writes = [str(w.relation) for s in model.statements for w in s.writes if w.var.is_array]
    assert writes[0] == "[m] -> { S0[i] -> a[4 + i] : 0 <= i <= 7 }"
    assert writes[1] == "[m] -> { S1[k, i_2] -> a[2k + i_2] : 0 <= k <= 3 and 0 <= i_2 <= k }"
    # no copies of the parameters were made
    assert not any(v.name.startswith("ramp_") for v in fn.locals)


def test_written_parameter_keeps_its_own_variable(tmp_path: Path) -> None:
    src = """
        static int g(int n) { n = n * 2; return n; }
        int f(int m) { return g(m + 1); }
    """
    fn = kernel_from_source(tmp_path, src, "f")
    assert any(v.name == "g_n" for v in fn.locals)
    first = fn.body[0]
    assert isinstance(first, Assign) and first.var.name == "g_n"


def test_array_and_pointer_parameters_of_callees(tmp_path: Path) -> None:
    src = """
        static void one(int *p, int v) { p[0] = v; }
        static void rows(int r[][4], int v) { r[1][2] = v; }
        static void whole(int x[8], int v) { x[7] = v; }
        void f(int a[8], int b[3][4]) { one(a, 1); rows(b, 2); whole(a, 3); }
    """
    fn = kernel_from_source(tmp_path, src, "f")
    targets = [(s.var.name, len(s.indices or [])) for s in fn.body if isinstance(s, Assign)]
    assert targets == [("a", 1), ("b", 2), ("a", 1)]
    with pytest.raises(HlsError, match=r"array argument 'b' \(i32\[3\]\[4\]\) does not match parameter 'x' \(i32\[\]\)"):
        kernel_from_source(tmp_path, src.replace("whole(a, 3)", "whole(b, 3)"), "f")


def test_side_effects_in_conditions_stay_in_order(tmp_path: Path) -> None:
    src = """
        static int f(int x) { return x * 3 + 1; }
        void top(int a[8]) { for (int i = 0; i < 8; i++) { if (f(a[i]) > 3) a[i] = 0; } }
    """
    fn = kernel_from_source(tmp_path, src, "top")
    loop = fn.body[0]
    assert isinstance(loop, For)
    kinds = [type(s).__name__ for s in loop.body]
    assert kinds == ["Assign", "Assign", "If"]  # f's parameter, f's result, then the if reading it
    ret, branch = loop.body[1], loop.body[2]
    assert isinstance(ret, Assign) and isinstance(branch, If) and ret.var.name == "f_ret"


def test_min_max_bounds_give_one_convex_domain(tmp_path: Path) -> None:
    """Bounds with min/max (as isl's loop generation writes a wavefront's) parse as a union of
    pieces; where the hull has no other points the domain is kept as that one piece, and it
    stays a union where it is not convex."""
    body = """for (int w = 3; w <= 30; w++)
                for (int i = (1 > (w + 1) / 2 - 7 ? 1 : (w + 1) / 2 - 7); i <= (14 < (w + 1) / 2 - 1 ? 14 : (w + 1) / 2 - 1); i++)
                  a[i] += w;"""
    model = model_from_source(tmp_path, f"void f(int a[64]) {{ {body} }}\n", "f")
    inner = [info for lp, info in model.loops.items() if lp.var.name == "i"][0]
    assert inner.domain.n_basic_set() == 1
    assert inner.domain.is_equal(isl.Set("{ L[w, i] : 3 <= w <= 30 and 1 <= i <= 14 and w - 14 <= 2i <= w - 1 }"))
    (stmt,) = model.statements
    assert stmt.domain.n_basic_set() == 1
    notch = model_from_source(tmp_path, "void f(int a[64]) { for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) if (i < 4 || j < 2) a[i + j] = 0; }", "f")
    (stmt,) = notch.statements
    assert stmt.domain.n_basic_set() == 2
