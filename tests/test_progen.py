"""hls.progen, the independent random-program generator: determinism, well-definedness of a sample under the
sanitizers (and agreement with its interpreter), feature coverage, guarding, classification. Fast: no hls runs."""

from __future__ import annotations

import math
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from hls.cosim import REFERENCE_CFLAGS
from hls.progen.build import build
from hls.progen.check import sanitize, write
from hls.progen.ctyping import DOUBLE, FLOAT, INT, LLONG, SHORT, UCHAR, UINT, ULLONG, convert, float_clamp_bounds, int_to_float, usual
from hls.progen.emit import render
from hls.progen.interp import Interp, c_fmax, c_fmin
from hls.progen.model import (
    Array,
    Assign,
    Binary,
    Break,
    Call,
    Const,
    Continue,
    Decl,
    Elem,
    For,
    Function,
    If,
    Incr,
    Program,
    Return,
    Scalar,
    Stmt,
    Unary,
    Var,
    While,
)  # fmt: skip
from hls.progen.run import classify_cosim, classify_synth, run_cmd

# (300006: an early return, generated before the helper's locals, read one of them; 21, 98: local unions)
# (320057: a 2-D local array initializer; 19: file-scope state read by a testbench in another file through an
# extern declaration; 23: a const table and state, main first; 15: a static local array; 9: a helper taking a pointer;
# 8, 26, 50: local structs of each style; 2, 12: file-scope scalars; 12 and 221 drew gcc warnings: a guarded
# division by a constant that folds to zero, a guarded division as a truth value; 51: a switch with fall-through
# and default; 6: a goto out of a loop; 11: a pointer walked along an array; 589: a comparison of two elements
# whose constant subscripts gcc folds to the same one; 16: two counters in one for; 619: a ?: with a constant
# condition that gcc folds, stored narrower; 653: (c ? INT_MIN : x) | 0x7F as a truth value)
SAMPLE = [*range(1, 10), 11, 12, 15, 16, 19, 21, 23, 26, 50, 51, 98, 221, 589, 619, 653, 300006, 320057]


def test_deterministic() -> None:
    for seed in (3, 17, 42):
        a, b = build(seed), build(seed)
        assert (a.kernel, a.tb, a.expected) == (b.kernel, b.tb, b.expected)
    assert build(3).kernel != build(4).kernel


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
@pytest.mark.parametrize("seed", SAMPLE)
def test_sample_is_well_defined(tmp_path: Path, seed: int) -> None:
    """Compiles warning-free with -Wall under UBSan/ASan, runs clean and prints what the interpreter predicts."""
    b = build(seed)
    files = write(b, tmp_path)
    r = sanitize(files.sources, tmp_path / "a.out", b.expected)
    assert r.ok and r.kind == "ok", r.message


def test_feature_coverage() -> None:
    feats: set[str] = set()
    for seed in range(1, 161):
        feats |= build(seed).prog.features
    wanted = {
        "idiom_reduction", "idiom_minmax", "idiom_argmax", "idiom_prefix", "idiom_stencil1", "idiom_stencil2", "idiom_matmul",
        "idiom_histogram", "idiom_saturate", "idiom_bits", "idiom_convert", "idiom_cond_update", "idiom_shortcircuit",
        "idiom_loop_in_if", "idiom_local_array", "triangular", "loop_down", "loop_step_k", "bound_arg", "imperfect",
        "knr", "helper_writer", "helper_loop", "call_in_condition", "call_in_ternary", "call_stmt", "math_sqrt", "math_fmin",
        "math_fmax", "math_fabs", "chained", "compound", "incr", "pragma_ii", "pragma_off", "bind_storage", "opt_ii",
        "opt_no_pipeline", "data_index", "cast_f2i", "cast_i2f", "short_circuit", "ternary", "float_arg", "tb_separate",
        "main_first", "static_top", "early_return", "array_init", "while", "do_while", "break", "continue",
        "global_table", "global_state", "global_static", "static_local", "pointer_param",
        "struct_local", "struct_tag", "struct_typedef", "struct_inline", "global_scalar",
        "switch", "switch_default", "switch_fallthrough", "goto", "walking_pointer", "comma_counters",
        "union_local", "union_typedef", "union_inline",
    }  # fmt: skip
    assert wanted <= feats, sorted(wanted - feats)


def test_c_types() -> None:
    assert usual(UINT, LLONG) is LLONG and usual(ULLONG, LLONG).key == ULLONG.key and usual(SHORT, UCHAR) is INT
    assert usual(INT, FLOAT) is FLOAT and usual(FLOAT, DOUBLE) is DOUBLE
    assert int_to_float(16777217, 32) == 16777216.0 and int_to_float(16777219, 32) == 16777220.0
    assert convert(-1, INT, UINT) == 0xFFFFFFFF and convert(70000, INT, SHORT) == 4464
    assert convert(-2.9, DOUBLE, INT) == -2
    for src in (FLOAT, DOUBLE):
        for dst in (INT, UINT, LLONG, ULLONG, SHORT):
            lo, hi = float_clamp_bounds(src, dst)
            assert dst.min <= int(lo) and int(hi) <= dst.max and hi == convert(hi, DOUBLE, src)
    assert math.isnan(float(convert(math.nan, DOUBLE, FLOAT)))


def test_interpreter_guards_exactly_what_overflows() -> None:
    """a[1] + 1 with a[1] == INT_MAX is guarded (written through unsigned); a[0] + 1 with a[0] == 1 is not."""
    a = Array("a", INT, [2])
    add0 = Binary("+", Elem(a, [Const(INT, 0)]), Const(INT, 1))
    add1 = Binary("+", Elem(a, [Const(INT, 1)]), Const(INT, 1))
    body: list[Stmt] = [Assign([Elem(a, [Const(INT, 0)])], "=", add0), Assign([Elem(a, [Const(INT, 1)])], "=", add1)]
    prog = Program(1, Function("top", None, [a], body, static=False), [], [{"a": [1, 2**31 - 1]}])
    out = Interp(prog).run()
    assert out[0][0]["a"] == [2, -(2**31)]
    assert not add0.safe and add1.safe
    kernel, _ = render(prog)
    assert "a[1] = ((int)((unsigned)(a[1]) + (unsigned)(1)));" in kernel and "a[0] = (a[0] + 1);" in kernel


def test_classification() -> None:
    assert classify_synth(0, "hls: top: wrote ...") is None
    cls, sig, _ = classify_synth(2, "k.c:3:1: internal error in pass schedule: KeyError 'v_12'\n")
    assert cls == "internal-error" and "v_12" not in sig
    assert classify_synth(1, "k.c:4:7: error: 'while' is not supported\n")[0] == "rejected"
    assert classify_synth(None, "")[0] == "timeout"
    # killed by a signal without a word (seed 280172: a segmentation fault in isl): not a rejection
    assert classify_synth(-11, "")[:2] == ("internal-error", "internal exit status -11")
    assert classify_synth(139, "")[0] == "internal-error"
    assert classify_cosim(0, "call 1: 5 cycles, PASS\nPASS: 1 calls\n")[0] == "pass"
    assert classify_cosim(1, "call 1: mismatch a[3]: expected 1, got 2\nFAIL\n")[0] == "mismatch"


def test_timeout_keeps_what_the_command_printed(tmp_path: Path) -> None:
    """hls.progen runs hls through hls.fuzz's runner: on a timeout the status is None, the
    process group is killed, and the output so far is kept for the log."""
    rc, out = run_cmd(["sh", "-c", "echo started; echo oops >&2; sleep 43 & sleep 43"], tmp_path, 1)
    assert rc is None and "started" in out and "oops" in out
    alive = subprocess.run(["pgrep", "-f", "^sleep 43$"], capture_output=True, text=True)
    assert alive.stdout.strip() == ""


def test_interpreter_fmin_fmax_match_the_reference_build(tmp_path: Path) -> None:
    """The interpreter's fmin/fmax are glibc's called in source order, as cosim builds the C
    (-fno-builtin-fmin...): zeros of opposite signs give the second argument."""
    values = [0.0, -0.0, 1.5, -2.0, math.inf, -math.inf, 5e-324, math.nan]
    src = tmp_path / "mm.c"
    rows = ", ".join(f"{v!r}".replace("inf", "INFINITY").replace("nan", "NAN") for v in values)
    src.write_text(
        "#include <math.h>\n#include <stdio.h>\n#include <string.h>\n#include <stdint.h>\n"
        f"static const double v[] = {{{rows}}};\n"
        "int main(void) { for (int i = 0; i < %d; i++) for (int j = 0; j < %d; j++) {\n"
        "  double a = fmin(v[i], v[j]), b = fmax(v[i], v[j]); uint64_t x, y; memcpy(&x, &a, 8); memcpy(&y, &b, 8);\n"
        '  printf("%%016llx %%016llx\\n", (unsigned long long)x, (unsigned long long)y); } return 0; }\n' % (len(values), len(values))
    )
    exe = tmp_path / "mm"
    subprocess.run(["gcc", *REFERENCE_CFLAGS, "-o", str(exe), str(src), "-lm"], check=True)
    lines = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split("\n")
    k = 0
    for a in values:
        for b in values:
            got = [struct.unpack("<d", bytes.fromhex(h)[::-1])[0] for h in lines[k].split()]
            want = [c_fmin(a, b), c_fmax(a, b)]
            for g, w in zip(got, want):
                assert (math.isnan(g) and math.isnan(w)) or struct.pack("<d", g) == struct.pack("<d", w), (a, b, got, want)
            k += 1


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_interpreter_folds_zero_minus_x_as_gcc(tmp_path: Path) -> None:
    """Seed 180311 computes 0.0 - (double)u with u == 0: gcc folds it into -(double)u (-0.0, not
    IEEE's +0.0) at every optimisation level; the interpreter predicts that, so the program is
    checked against the RTL instead of set aside as the generator's fault."""
    b = build(180311)
    files = write(b, tmp_path)
    r = sanitize(files.sources, tmp_path / "a.out", b.expected)
    assert r.ok and r.kind == "ok", r.message
    u = Array("u", UINT, [1])
    x = Array("x", DOUBLE, [3])
    body: list[Stmt] = [
        Assign([Elem(x, [Const(INT, 0)])], "=", Binary("-", Const(DOUBLE, 0.0), Elem(u, [Const(INT, 0)]))),
        Assign([Elem(x, [Const(INT, 1)])], "=", Binary("+", Elem(u, [Const(INT, 0)]), Const(DOUBLE, 0.0))),
        Assign([Elem(x, [Const(INT, 2)])], "=", Binary("-", Const(DOUBLE, 0.0), Elem(x, [Const(INT, 2)]))),
    ]
    prog = Program(1, Function("top", None, [u, x], body, static=False), [], [{"u": [0], "x": [1.0, 1.0, 0.0]}])
    (got, _), = Interp(prog).run()
    assert [math.copysign(1.0, v) for v in got["x"]] == [-1.0, 1.0, 1.0]  # (x[2] may be -0.0: IEEE's +0.0)


def test_interpreter_stops_at_an_early_return() -> None:
    """``if (p > 0) return 7; v[0] = 1; return 2;``: when the return is taken nothing after it runs."""
    v = Array("v", INT, [1])
    p = Scalar("p", INT, "param")
    helper = Function("h", INT, [v, p], [
        If(Binary(">", Var(p), Const(INT, 0)), [Return(Const(INT, 7))]),
        Assign([Elem(v, [Const(INT, 0)])], "=", Const(INT, 1)),
        Return(Const(INT, 2)),
    ])  # fmt: skip
    a = Array("a", INT, [3])
    n = Scalar("n", INT, "param")
    body: list[Stmt] = [Assign([Elem(a, [Const(INT, 1)])], "=", Call(helper, [a, Var(n)]))]
    prog = Program(1, Function("top", None, [a, n], body, static=False), [helper], [{"a": [5, 5, 5], "n": 3}, {"a": [5, 5, 5], "n": -3}])
    (taken, _), (skipped, _) = Interp(prog).run()
    assert taken["a"] == [5, 7, 5]
    assert skipped["a"] == [1, 2, 5]


def test_interpreter_loops_that_end_early() -> None:
    """``while (k < 4 && a[k] != 0) k++;``, ``do k++; while (k < 2 && 0);``, and a ``for`` whose body runs
    ``continue`` on odd ``i`` and ``break`` at ``i == 5``: the counts and sums C gives."""
    a = Array("a", INT, [4])
    out = Array("out", INT, [3])
    k, m, i = Scalar("k", INT), Scalar("m", INT), Scalar("i", INT, "loop")
    zero, one = Const(INT, 0), Const(INT, 1)
    body: list[Stmt] = [
        Decl(k, zero),
        While(Binary("&&", Binary("<", Var(k), Const(INT, 4)), Binary("!=", Elem(a, [Var(k)]), zero)), [Incr(Var(k), "++")]),
        Assign([Elem(out, [zero])], "=", Var(k)),
        Decl(m, Const(INT, 7)),
        While(Binary("&&", Binary("<", Var(m), Const(INT, 2)), zero), [Incr(Var(m), "++")], do=True),
        Assign([Elem(out, [one])], "=", Var(m)),
        Assign([Elem(out, [Const(INT, 2)])], "=", zero),
        For(i, zero, "<", Const(INT, 10), 1, [
            If(Binary("==", Var(i), Const(INT, 5)), [Break()]),
            If(Binary("&", Var(i), one), [Continue()]),
            Assign([Elem(out, [Const(INT, 2)])], "+=", Var(i)),
        ]),
    ]  # fmt: skip
    prog = Program(1, Function("top", None, [a, out], body, static=False), [], [{"a": [3, 2, 0, 1], "out": [0, 0, 0]}])
    ((got, _),) = Interp(prog).run()
    assert got["out"] == [2, 8, 0 + 2 + 4]


def test_interpreter_keeps_file_scope_state_between_calls() -> None:
    """``g[0] += a[0];`` over two calls: the state starts from its initializer and carries over; a const table is
    read as initialised."""
    a = Array("a", INT, [1])
    g = Array("g", INT, [2], "global", initial=[10, 20])
    tab = Array("tab", INT, [2], "global", const=True, initial=[3, 4])
    body: list[Stmt] = [
        Assign([Elem(g, [Const(INT, 0)])], "+=", Binary("*", Elem(a, [Const(INT, 0)]), Elem(tab, [Const(INT, 1)]))),
    ]
    prog = Program(1, Function("top", None, [a], body, static=False), [], [{"a": [1]}, {"a": [2]}])
    prog.globals = [g, tab]
    (first, _), (second, _) = Interp(prog).run()
    assert first["g"] == [14, 20] and second["g"] == [22, 20]
    assert "tab" in first and first["tab"] == [3, 4]
    text = render(prog)[0]
    assert "int g[2] = {10, 20};" in text and "const int tab[2] = {3, 4};" in text


def test_interpreter_initialises_a_static_local_once() -> None:
    """``static int s[2] = {5}; s[1] += a[0]; out[0] = s[1];`` over two calls: 1, then 1 + 2."""
    from hls.progen.model import ArrayDecl

    a, out = Array("a", INT, [1]), Array("out", INT, [1])
    st = Array("s", INT, [2], "local", static=True)
    body: list[Stmt] = [
        ArrayDecl(st, [Const(INT, 5)]),
        Assign([Elem(st, [Const(INT, 1)])], "+=", Elem(a, [Const(INT, 0)])),
        Assign([Elem(out, [Const(INT, 0)])], "=", Elem(st, [Const(INT, 1)])),
    ]
    prog = Program(1, Function("top", None, [a, out], body, static=False), [], [{"a": [1], "out": [0]}, {"a": [2], "out": [0]}])
    (first, _), (second, _) = Interp(prog).run()
    assert first["out"] == [1] and second["out"] == [3]
    assert "static int s[2] = {5};" in render(prog)[0]


@pytest.mark.parametrize(("style", "definition", "declaration"), [
    ("tag", "struct r { int f; short m[2]; };", "struct r s;"),
    ("typedef", "typedef struct { int f; short m[2]; } r;", "r s;"),
    ("inline", None, "struct r { int f; short m[2]; } s;"),
])  # fmt: skip
def test_struct_members_are_variables_of_their_own(style: str, definition: str | None, declaration: str) -> None:
    """The interpreter runs members as variables; the text names them ``s.f`` and ``s.m[k]``."""
    from hls.progen.model import StructDecl

    out = Array("out", INT, [1])
    f = Scalar("f", INT, owner="s")
    m = Array("m", SHORT, [2], "local", owner="s")
    body: list[Stmt] = [
        StructDecl("s", "r", [f, m], style),
        Assign([Var(f)], "=", Const(INT, 40)),
        Assign([Elem(m, [Const(INT, 1)])], "=", Const(INT, 2)),
        Assign([Elem(out, [Const(INT, 0)])], "=", Binary("+", Var(f), Elem(m, [Const(INT, 1)]))),
    ]
    prog = Program(1, Function("top", None, [out], body, static=False), [], [{"out": [0]}])
    ((got, _),) = Interp(prog).run()
    assert got["out"] == [42]
    text = render(prog)[0]
    assert declaration in text and "s.f = 40;" in text and "s.m[1] = 2;" in text
    assert definition is None or definition in text


def test_interpreter_keeps_file_scope_scalars_between_calls() -> None:
    """``st += a[0]; out[0] = st;`` with ``static int st = 5;`` over two calls; the testbench prints ``st``."""
    a, out = Array("a", INT, [1]), Array("out", INT, [1])
    st = Scalar("st", INT, "global", initial=5, static=True)
    body: list[Stmt] = [Assign([Var(st)], "+=", Elem(a, [Const(INT, 0)])), Assign([Elem(out, [Const(INT, 0)])], "=", Var(st))]
    prog = Program(1, Function("top", None, [a, out], body, static=False), [], [{"a": [1], "out": [0]}, {"a": [2], "out": [0]}])
    prog.global_scalars = [st]
    (first, _), (second, _) = Interp(prog).run()
    assert first["st"] == [6] and second["st"] == [8] and second["out"] == [8]
    kernel, _ = render(prog)
    assert "static int st = 5;" in kernel and 'printf("%lld\\n", (long long)st);' in kernel


def test_interpreter_switch_and_goto() -> None:
    """``switch (x) { case 1: case 2: {o += 1;} case 3: {o += 10;} break; default: {o += 100;} case 5: {o += 1000;} }``
    for x = 2, 3, 5, 7; then ``for (i...) { if (i == 2) goto done; n++; } done: ;`` counts 2."""
    from hls.progen.model import Goto, Label, Switch

    x, out = Scalar("x", INT, "param"), Array("out", INT, [2])
    o = Elem(out, [Const(INT, 0)])
    cases: list[tuple[list[int] | None, list[Stmt], bool]] = [
        ([1, 2], [Assign([o], "+=", Const(INT, 1))], False),
        ([3], [Assign([o], "+=", Const(INT, 10))], True),
        (None, [Assign([o], "+=", Const(INT, 100))], False),
        ([5], [Assign([o], "+=", Const(INT, 1000))], False),
    ]
    i = Scalar("i", INT, "loop")
    n = Elem(out, [Const(INT, 1)])
    body: list[Stmt] = [
        Switch(Var(x), cases),
        For(i, Const(INT, 0), "<", Const(INT, 5), 1, [If(Binary("==", Var(i), Const(INT, 2)), [Goto("done")]), Incr(n, "++")]),
        Label("done"),
    ]
    calls = [{"x": v, "out": [0, 0]} for v in (2, 3, 5, 7)]
    prog = Program(1, Function("top", None, [x, out], body, static=False), [], calls)
    got = [r[0]["out"] for r in Interp(prog).run()]
    assert got == [[11, 2], [10, 2], [1000, 2], [1100, 2]]
    text = render(prog)[0]
    assert "case 1:\n" in text and "case 2: {" in text and "} break;" in text and "default: {" in text
    assert "goto done;" in text and "done: ;" in text


def test_interpreter_walks_a_pointer() -> None:
    """``acc = 0; for (k = 0; k < 2; k++) { acc += *v; *v = *v + k; v += 2; } return acc;`` on {1, 2, 3, 4}:
    reads elements 0 and 2, adds k to them; the text is C's."""
    from hls.progen.model import Decl, Deref, PtrStep

    v = Array("v", INT, [4], "param", style="pointer")
    acc, k = Scalar("acc", INT), Scalar("k", INT, "loop")
    loop = For(k, Const(INT, 0), "<", Const(INT, 2), 1, [
        Assign([Var(acc)], "+=", Deref(v)),
        Assign([Deref(v)], "=", Binary("+", Deref(v), Var(k))),
        PtrStep(v, 2),
    ])  # fmt: skip
    walk = Function("walk", INT, [v], [Decl(acc, Const(INT, 0)), loop, Return(Var(acc))])
    walk.writes = {"v"}
    a, out = Array("a", INT, [4]), Array("out", INT, [1])
    body: list[Stmt] = [Assign([Elem(out, [Const(INT, 0)])], "=", Call(walk, [a]))]
    prog = Program(1, Function("top", None, [a, out], body, static=False), [walk], [{"a": [1, 2, 3, 4], "out": [0]}])
    ((got, _),) = Interp(prog).run()
    assert got["out"] == [4] and got["a"] == [1, 2, 4, 4]
    text = render(prog)[0]
    assert "int walk(int *v)" in text and "acc += (*v);" in text and "v += 2;" in text


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_negation_and_fabs_keep_a_signalling_nan(tmp_path: Path) -> None:
    """``-x`` and ``fabs(x)`` flip or clear the sign bit only (x86's xorpd/andpd): a signalling NaN stays
    signalling, so ``fmin(fmax(-x, 0.0), 255.0)`` is 255 as for any sNaN, not 0 as for a quiet NaN (progen
    seed 970010 at 79cb25d: the interpreter predicted 0, gcc printed 255)."""
    from hls.progen.ctyping import with_bits
    from hls.progen.model import Math

    x, out = Array("in0", DOUBLE, [1]), Array("out", DOUBLE, [2])
    el = Elem(x, [Const(INT, 0)])
    body: list[Stmt] = [
        Assign([Elem(out, [Const(INT, k)])], "=", Math("fmin", [Math("fmax", [arg, Const(DOUBLE, 0.0)]), Const(DOUBLE, 255.0)]))
        for k, arg in enumerate([Unary("-", el), Math("fabs", [el])])
    ]
    snan = with_bits(0xFFF4000000000001, 64)
    prog = Program(1, Function("top", None, [x, out], body, static=False), [], [{"in0": [snan], "out": [0.0, 0.0]}])
    ((got, _),) = Interp(prog).run()
    assert got["out"] == [255.0, 255.0]
    _agrees_with_gcc(prog, tmp_path)


def _agrees_with_gcc(prog: Program, tmp_path: Path) -> None:
    """The hand-built ``prog`` compiles warning-free, runs clean under the sanitizers and prints what the
    interpreter predicts."""
    from hls.progen.build import Built
    from hls.progen.emit import expected_output

    prog.features = set()
    kernel, tb = render(prog)
    built = Built(1, prog, kernel, tb, expected_output(prog, Interp(prog).run()), 1, 0)
    files = write(built, tmp_path)
    r = sanitize(files.sources, tmp_path / "a.out", built.expected)
    assert r.ok and r.kind == "ok", r.message


def test_interpreter_steps_every_counter_of_a_for() -> None:
    """``for (int i = 0, j = 3; i < 4; i++, j--) out[i] = a[j];`` reverses ``a``; a ``continue`` still steps
    both counters (they are the loop's increment)."""
    from hls.progen.model import Continue

    a, out = Array("a", INT, [4]), Array("out", INT, [4])
    i, j = Scalar("i", INT, "loop"), Scalar("j", INT, "loop")
    body: list[Stmt] = [
        Assign([Elem(out, [Var(i)])], "=", Elem(a, [Var(j)])),
        If(Binary("==", Var(i), Const(INT, 1)), [Continue()]),
    ]
    loop = For(i, Const(INT, 0), "<", Const(INT, 4), 1, body, counters=[(j, 3, -1)])
    prog = Program(1, Function("top", None, [a, out], [loop], static=False), [], [{"a": [1, 2, 3, 4], "out": [0, 0, 0, 0]}])
    ((got, _),) = Interp(prog).run()
    assert got["out"] == [4, 3, 2, 1]
    assert "for (int i = 0, j = 3; i < 4; i++, j--) {" in render(prog)[0]


def test_an_access_through_a_pointer_is_not_constant() -> None:
    """(``!*v`` was taken for a constant and evaluated without a frame: a KeyError while building.)"""
    from hls.progen.model import Deref, Unary, is_constant

    v = Array("v", INT, [4], "param", style="pointer")
    assert not is_constant(Unary("!", Deref(v))) and is_constant(Unary("!", Const(INT, 0)))


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_union_members_share_their_bytes(tmp_path: Path) -> None:
    """A union's members are views of one set of bytes (little-endian): a double written whole, its bits read as
    an unsigned long, a 16-bit element changed, both read again; the interpreter predicts what gcc prints."""
    from hls.progen.ctyping import ULLONG, USHORT
    from hls.progen.model import StructDecl

    d, bits, half = Scalar("d", DOUBLE, owner="u"), Scalar("bits", ULLONG, owner="u"), Array("h", USHORT, [4], "local", owner="u")
    x, out = Array("in0", INT, [1]), Array("out", ULLONG, [3])  # (the testbench prints through a local x)
    body: list[Stmt] = [
        StructDecl("u", "pun", [d, bits, half], "tag", union=True),
        Assign([Var(d)], "=", Binary("*", Elem(x, [Const(INT, 0)]), Const(DOUBLE, 0.5))),
        Assign([Elem(out, [Const(INT, 0)])], "=", Var(bits)),
        Assign([Elem(half, [Const(INT, 3)])], "^=", Const(INT, 0x8000)),
        Assign([Elem(out, [Const(INT, 1)])], "=", Var(bits)),
        Assign([Elem(out, [Const(INT, 2)])], "=", Elem(half, [Const(INT, 3)])),
    ]
    prog = Program(1, Function("top", None, [x, out], body, static=False), [], [{"in0": [3], "out": [0, 0, 0]}])
    ((got, _),) = Interp(prog).run()
    assert got["out"] == [0x3FF8000000000000, 0xBFF8000000000000, 0xBFF8]
    assert "union pun { double d; unsigned long long bits; unsigned short h[4]; };" in render(prog)[0]
    _agrees_with_gcc(prog, tmp_path)


def test_an_octal_zero_keeps_its_type() -> None:
    """A zero of a wider type written in the octal style keeps its suffix: a bare ``0`` is an int, and
    ``0 - u`` with an unsigned int ``u`` then wraps at 32 bits (progen seed 479: the interpreter computed
    ``0ULL - u``, gcc printed the 32-bit product)."""
    from hls.progen.ctyping import ULLONG
    from hls.progen.emit import int_lit

    assert int_lit(0, ULLONG, style="oct") == "0ULL" and int_lit(8, ULLONG, style="oct") == "010ULL"
    assert int_lit(0, INT, style="oct") == "0"
