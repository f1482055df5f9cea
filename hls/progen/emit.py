"""C text of a program model: the kernel (helpers and top), the testbench and its expected output."""

from __future__ import annotations

import math

from hls.progen.ctyping import (
    INT,
    CType,
    Value,
    canonical,
    float_bits,
    float_clamp_bounds,
    float_literal,
    int_literal,
    promote,
    unsigned_of,
    usual,
)
from hls.progen.model import (
    SHIFTS,
    Array,
    ArrayDecl,
    Assign,
    AssignExpr,
    Binary,
    Break,
    Call,
    Cast,
    Comment,
    Cond,
    Const,
    Continue,
    Decl,
    Deref,
    Elem,
    Expr,
    ExprStmt,
    For,
    Function,
    Goto,
    If,
    Incr,
    Label,
    Math,
    Program,
    PtrStep,
    Return,
    Scalar,
    Stmt,
    StructDecl,
    Switch,
    Unary,
    Var,
    While,
    walk_expr,
    walk_stmts,
)


def tname(t: CType) -> str:
    """The C spelling of a type."""
    return t.spelling


_SUFFIXES = {(32, True): [""], (32, False): ["u", "U"], (64, True): ["LL", "ll", "L", "l"], (64, False): ["ULL", "ull", "UL", "ul", "LU", "uLL", "Lu"]}


def int_lit(v: int, t: CType, hex_: bool = False, style: str = "") -> str:
    """An integer literal of promoted type ``t`` (hexadecimal, octal, a character constant or another suffix)."""
    t = canonical(promote(t))
    key = (t.bits, t.signed)
    if style == "char" and key == (32, True):
        return f"'{chr(v)}'"
    if style == "suffix" and v >= 0:
        opts = _SUFFIXES[key]
        return f"{v}{opts[v % len(opts)]}"
    if style == "oct" and v >= 0:
        return f"0{v:o}{_SUFFIXES[key][0]}" if v else f"0{_SUFFIXES[key][0]}"  # (a bare 0 is an int)
    if hex_ and v >= 0:
        return f"0x{v:X}{_SUFFIXES[key][0]}"
    return int_literal(v, t)


class Emitter:
    """Writes one program as C."""

    def __init__(self, prog: Program) -> None:
        self.prog = prog
        self.ret: CType = INT
        self.macro_of = {v: k for k, v in prog.defines.items()}

    # --- expressions ---------------------------------------------------------------------------------------------------

    def ex(self, e: Expr) -> str:
        """An expression (parenthesised so that no precedence warning can arise)."""
        if isinstance(e, Const):
            if e.macro:
                return e.macro
            if e.ty.is_float:
                return float_literal(float(e.value), e.ty)
            return int_lit(int(e.value), e.ty, e.hex, e.style)
        if isinstance(e, Var):
            return _ref(e.var)
        if isinstance(e, Deref):
            return f"(*{e.ptr.name})"
        if isinstance(e, Elem):
            return _ref(e.arr) + "".join(f"[{self.subscript(ix, n, s)}]" for ix, n, s in zip(e.idx, e.arr.dims, e.safe))
        if isinstance(e, Unary):
            if e.op == "-" and e.safe:
                t = canonical(e.ty)
                return f"(({tname(t)})-({tname(unsigned_of(t))})({self.ex(e.e)}))"
            return f"({e.op}({self.ex(e.e)}))"
        if isinstance(e, Binary):
            return self.binary(e.op, e.a, e.b, e.safe)
        if isinstance(e, Cond):
            return f"(({self.ex(e.c)}) ? ({self.ex(e.a)}) : ({self.ex(e.b)}))"
        if isinstance(e, Cast):
            return self.cast(e)
        if isinstance(e, Math):
            suffix = "f" if e.ty.bits == 32 else ""
            return f"{e.fn}{suffix}(" + ", ".join(self.ex(a) for a in e.args) + ")"
        if isinstance(e, Call):
            args = [_ref(a) if isinstance(a, Array) else self.value(a, p.ty) if isinstance(p, Scalar) else self.ex(a) for p, a in zip(e.fn.params, e.args)]
            return f"{e.fn.name}(" + ", ".join(args) + ")"
        if isinstance(e, AssignExpr):
            return f"({self.assignment(e.target, e.op, e.value, e.safe)})"
        raise AssertionError(e)  # pragma: no cover

    def subscript(self, ix: Expr, n: int, safe: bool) -> str:
        """A subscript, reduced into [0, n) when the interpreter found it out of range."""
        s = self.ex(ix)
        if ix.ty.spelling == "char":
            s = f"(int){s}"  # gcc -Wchar-subscripts
        if s.startswith("(") and s.endswith(")") and not safe:
            s = s[1:-1] if _balanced(s[1:-1]) else s
        if not safe:
            return s
        if n & (n - 1) == 0:
            return f"({s}) & {n - 1}"
        return f"(unsigned long long)({s}) % {n}ULL"

    def cast(self, e: Cast) -> str:
        """A cast; the guarded form clamps a float operand into the target's range first."""
        inner = self.ex(e.e)
        if e.safe:
            src = e.e.ty
            lo, hi = float_clamp_bounds(src, e.ty)
            f = "f" if src.bits == 32 else ""
            return f"(({tname(e.ty)})fmin{f}(fmax{f}({inner}, {float_literal(lo, src)}), {float_literal(hi, src)}))"
        return f"(({tname(e.ty)})({inner}))"

    def value(self, e: Expr, dst: CType) -> str:
        """An expression stored into (or passed as, or returned as) type ``dst``: an implicit cast to exactly that
        type is left to the assignment's own conversion."""
        if isinstance(e, Cast) and e.implicit and not e.safe and e.ty.same(dst) and e.ty.spelling == dst.spelling:
            return self.ex(e.e)
        return self.ex(e)

    def binary(self, op: str, a: Expr, b: Expr, safe: bool) -> str:
        """A binary operator, plain or guarded."""
        x, y = self.ex(a), self.ex(b)
        if not safe or (op not in SHIFTS and usual(a.ty, b.ty).is_float):
            return f"({x} {op} {y})"
        if op in SHIFTS:
            t = canonical(promote(a.ty))
            m = t.bits - 1
            if op == ">>":
                return f"({x} >> (({y}) & {m}))"
            if t.signed:
                return f"(({tname(t)})(({tname(unsigned_of(t))})({x}) << (({y}) & {m})))"
            return f"({x} << (({y}) & {m}))"
        t = canonical(usual(a.ty, b.ty))
        T = tname(t)
        if op in ("+", "-", "*"):
            U = tname(unsigned_of(t))
            return f"(({T})(({U})({x}) {op} ({U})({y})))"
        assert op in ("/", "%")
        if t.signed and not _boolish(a) and not _boolish(b) and not _masked(a) and not _masked(b):
            guard = f"({T})({y}) != 0 && (({T})({x}) != {int_literal(t.min, t)} || ({T})({y}) != -1)"
        else:
            guard = f"({T})({y}) != 0"
        other = f"({T})({x})" if op == "/" else "0"
        return f"(({guard}) ? ({x} {op} {y}) : {other})"

    def assignment(self, t: Var | Elem | Deref, op: str, value: Expr, safe: bool) -> str:
        """``t op value`` (without ``;``); the guarded form of a compound assignment is written out in full."""
        lhs = self.ex(t)
        if op == "=":
            return f"{lhs} = {self.value(value, t.ty)}"
        if not safe:
            return f"{lhs} {op} {self.ex(value)}"
        bop = op[:-1]
        inner = self.binary(bop, t, value, True)
        rt = promote(t.ty) if bop in SHIFTS else usual(t.ty, value.ty)
        if t.ty.is_int and rt.is_float:
            lo, hi = float_clamp_bounds(rt, t.ty)
            f = "f" if rt.bits == 32 else ""
            return f"{lhs} = ({tname(t.ty)})fmin{f}(fmax{f}({inner}, {float_literal(lo, rt)}), {float_literal(hi, rt)})"
        return f"{lhs} = ({tname(t.ty)}){inner}"

    # --- statements ----------------------------------------------------------------------------------------------------

    def stmts(self, body: list[Stmt], ind: int) -> list[str]:
        """Lines of a statement list (consecutive declarations of one type joined when the program says so)."""
        out: list[str] = []
        prev: Decl | None = None
        for s in body:
            if (
                self.prog.join_decls
                and isinstance(s, Decl)
                and prev is not None
                and prev.var.ty.spelling == s.var.ty.spelling
                and prev.var.const == s.var.const
                and out
                and out[-1].endswith(";")
            ):
                init = f" = {self.value(s.init, s.var.ty)}" if s.init is not None else ""
                out[-1] = out[-1][:-1] + f", {s.var.name}{init};"
                prev = s
                continue
            lines = self.stmt(s, ind)
            out.extend(lines)
            prev = s if isinstance(s, Decl) and len(lines) == 1 else None
        return out

    def stmt(self, s: Stmt, ind: int) -> list[str]:
        """Lines of one statement."""
        p = "  " * ind
        if isinstance(s, Comment):
            return [f"{p}/* {s.text} */"]
        if isinstance(s, StructDecl):
            if s.style == "inline":
                return [f"{p}{s.keyword} {s.tag} {{ {self.members(s)} }} {s.name};"]
            return [f"{p}{s.keyword + ' ' if s.style == 'tag' else ''}{s.tag} {s.name};"]
        if isinstance(s, Decl):
            init = f" = {self.value(s.init, s.var.ty)}" if s.init is not None else ""
            const = "const " if s.var.const else ""
            return [f"{p}{const}{tname(s.var.ty)} {s.var.name}{init};"]
        if isinstance(s, ArrayDecl):
            a = s.arr
            init = ""
            if s.init is not None:
                values = [self.value(e, a.elem) for e in s.init]
                if len(a.dims) == 1:
                    init = " = {" + ", ".join(values) + "}"
                else:  # one brace list per row (gcc -Wall warns about flat ones)
                    cols = a.dims[-1]
                    init = " = {" + ", ".join("{" + ", ".join(values[k : k + cols]) + "}" for k in range(0, len(values), cols)) + "}"
            static = "static " if a.static else ""
            return [f"{p}{static}{tname(a.elem)} {a.name}{''.join(f'[{self.dim(d)}]' for d in a.dims)}{init};", *[f"{p}{x}" for x in a.pragmas]]
        if isinstance(s, Assign):
            if len(s.targets) > 1:
                return [f"{p}{' = '.join(self.ex(t) for t in s.targets)} = {self.value(s.value, s.targets[-1].ty)};"]
            return [f"{p}{self.assignment(s.targets[0], s.op, s.value, s.safe)};"]
        if isinstance(s, Incr):
            if s.safe:
                t = canonical(promote(s.target.ty))
                U = tname(unsigned_of(t))
                lhs = self.ex(s.target)
                return [f"{p}{lhs} = ({tname(s.target.ty)})(({U})({lhs}) {s.op[0]} 1u);"]
            x = self.ex(s.target)
            return [f"{p}{s.op}{x};" if s.prefix else f"{p}{x}{s.op};"]
        if isinstance(s, ExprStmt):
            return [f"{p}{self.ex(s.e)};"]
        if isinstance(s, PtrStep):
            return [f"{p}{s.ptr.name}++;" if s.step == 1 else f"{p}{s.ptr.name} += {s.step};"]
        if isinstance(s, If):
            c = self.ex(s.c)
            out = [f"{p}if ({_strip(c)}) {{", *self.stmts(s.then, ind + 1)]
            if s.els is not None:
                out += [f"{p}}} else {{", *self.stmts(s.els, ind + 1)]
            return out + [f"{p}}}"]
        if isinstance(s, For):
            return self.loop(s, ind)
        if isinstance(s, While):
            c = _strip(self.ex(s.c))
            if s.do:
                return [f"{p}do {{", *self.stmts(s.body, ind + 1), f"{p}}} while ({c});"]
            return [f"{p}while ({c}) {{", *self.stmts(s.body, ind + 1), f"{p}}}"]
        if isinstance(s, Switch):
            out = [f"{p}switch ({_strip(self.ex(s.e))}) {{"]
            for labels, body, brk in s.cases:
                heads = ["default:"] if labels is None else [f"case {v}:" for v in labels]
                out += [f"{p}{h}" for h in heads[:-1]]
                out += [f"{p}{heads[-1]} {{", *self.stmts(body, ind + 1), f"{p}}}" + (" break;" if brk else "")]
            return out + [f"{p}}}"]
        if isinstance(s, Goto):
            return [f"{p}goto {s.label};"]
        if isinstance(s, Label):
            return [f"{p}{s.name}: ;"]
        if isinstance(s, Break):
            return [f"{p}break;"]
        if isinstance(s, Continue):
            return [f"{p}continue;"]
        if isinstance(s, Return):
            return [f"{p}return {_strip(self.value(s.e, self.ret))};"]
        raise AssertionError(s)  # pragma: no cover

    def loop(self, s: For, ind: int) -> list[str]:
        """A canonical for loop."""
        p = "  " * ind
        v = s.var.name
        init = f"{tname(s.var.ty)} {v} = {_strip(self.ex(s.init))}" if s.declare else f"{v} = {_strip(self.ex(s.init))}"
        k = abs(s.step)
        if s.step_style == "+=" or k != 1:
            step = f"{v} {'+=' if s.step > 0 else '-='} {k}"
        elif s.step_style == "pre":
            step = f"{'++' if s.step > 0 else '--'}{v}"
        else:
            step = f"{v}{'++' if s.step > 0 else '--'}"
        for c, first, k in s.counters:
            init += f", {c.name} = {first}"
            step += f", {c.name}{'++' if k == 1 else '--' if k == -1 else f' += {k}'}"
        head = f"{p}for ({init}; {v} {s.cmp} {_strip(self.ex(s.bound))}; {step}) {{"
        return [head, *[f"{p}  {x}" for x in s.pragmas], *self.stmts(s.body, ind + 1), f"{p}}}"]

    def dim(self, d: int) -> str:
        """An array dimension (a #define's name when one has that value)."""
        return self.macro_of.get(d, str(d))

    # --- functions -----------------------------------------------------------------------------------------------------

    def param(self, prm: Scalar | Array) -> str:
        """A parameter declaration."""
        if isinstance(prm, Scalar):
            return f"{tname(prm.ty)} {prm.name}"
        c = "const " if prm.const else ""
        dims = [self.dim(d) for d in prm.dims]
        if prm.style == "open":
            dims[0] = ""
        if prm.style == "pointer":  # T *v, or T (*v)[M] for rows of M
            inner = f"*{prm.name}" if len(dims) == 1 else f"(*{prm.name})"
            return f"{c}{tname(prm.elem)} {inner}" + "".join(f"[{d}]" for d in dims[1:])
        return f"{c}{tname(prm.elem)} {prm.name}" + "".join(f"[{d}]" for d in dims)

    def signature(self, fn: Function) -> str:
        """The prototype text of ``fn`` (without ``;``)."""
        ret = tname(fn.ret) if fn.ret is not None else "void"
        st = "static " if fn.static else ""
        params = ", ".join(self.param(p) for p in fn.params) or "void"
        return f"{st}{ret} {fn.name}({params})"

    def function(self, fn: Function, pragmas: list[str] | None = None) -> list[str]:
        """A function definition (K&R style when ``fn.knr``)."""
        ret = tname(fn.ret) if fn.ret is not None else "void"
        st = "static " if fn.static else ""
        if fn.knr and fn.params:
            head = [f"{st}{ret} {fn.name}({', '.join(p.name for p in fn.params)})", *[f"  {self.param(p)};" for p in fn.params], "{"]
        else:
            head = [f"{self.signature(fn)} {{"]
        self.ret = fn.ret if fn.ret is not None else INT
        return [*head, *[f"  {x}" for x in pragmas or []], *self.stmts(fn.body, 1), "}"]

    def spellings(self) -> set[str]:
        """Every type spelling the kernel uses (typedef names resolved to their base types too)."""
        return self._spellings()[0]

    def headers(self) -> list[str]:
        """#includes the kernel needs."""
        spellings, uses_math = self._spellings()
        out = []
        if any(sp.endswith("_t") for sp in spellings):
            out.append("#include <stdint.h>")
        if "bool" in spellings:
            out.append("#include <stdbool.h>")
        if uses_math:
            out.append("#include <math.h>")
        return out

    def _spellings(self) -> tuple[set[str], bool]:
        fns = [self.prog.top, *self.prog.helpers]
        spellings: set[str] = set()
        uses_math = False
        spellings.update(g.elem.spelling for g in self.prog.globals)
        spellings.update(g.ty.spelling for g in self.prog.global_scalars)
        for fn in fns:
            for p in fn.params:
                spellings.add(p.elem.spelling if isinstance(p, Array) else p.ty.spelling)
            if fn.ret is not None:
                spellings.add(fn.ret.spelling)
            for s in walk_stmts(fn.body):
                if isinstance(s, Decl):
                    spellings.add(s.var.ty.spelling)
                if isinstance(s, ArrayDecl):
                    spellings.add(s.arr.elem.spelling)
                if isinstance(s, StructDecl):
                    spellings.update(f.elem.spelling if isinstance(f, Array) else f.ty.spelling for f in s.fields)
                if isinstance(s, For):
                    spellings.add(s.var.ty.spelling)
                for e in _exprs(s):
                    for x in walk_expr(e):
                        if isinstance(x, Cast):
                            spellings.add(x.ty.spelling)
                            uses_math = uses_math or x.safe
                        if isinstance(x, Math):
                            uses_math = True
                if isinstance(s, Assign) and s.safe and any(t.ty.is_int for t in s.targets) and s.value.ty.is_float:
                    uses_math = True
        spellings |= {base.spelling for _, base, _ in self.prog.typedefs}
        return spellings, uses_math

    def type_lines(self) -> list[str]:
        """#defines of sizes, typedefs and type macros."""
        out = [f"#define {k} {v}" for k, v in sorted(self.prog.defines.items())]
        for name, base, kind in self.prog.typedefs:
            out.append(f"typedef {base.spelling} {name};" if kind == "typedef" else f"#define {name} {base.spelling}")
        return out

    def members(self, s: StructDecl) -> str:
        """The member declarations of a struct type."""
        out = []
        for f in s.fields:
            if isinstance(f, Array):
                out.append(f"{tname(f.elem)} {f.name}" + "".join(f"[{self.dim(d)}]" for d in f.dims) + ";")
            else:
                out.append(f"{tname(f.ty)} {f.name};")
        return " ".join(out)

    def struct_types(self) -> list[str]:
        """The file-scope definitions of the local structs' and unions' types."""
        out = []
        for fn in [*self.prog.helpers, self.prog.top]:
            for s in walk_stmts(fn.body):
                if isinstance(s, StructDecl) and s.style == "tag":
                    out.append(f"{s.keyword} {s.tag} {{ {self.members(s)} }};")
                elif isinstance(s, StructDecl) and s.style == "typedef":
                    out.append(f"typedef {s.keyword} {{ {self.members(s)} }} {s.tag};")
        return out

    def preamble(self) -> list[str]:
        """The kernel file's first lines: a comment, #includes, #defines, typedefs."""
        return [f"/* hls.progen seed {self.prog.seed} */", *self.headers(), *self.type_lines(), *self.struct_types()]

    def kernel(self) -> str:
        """The kernel's functions (helpers, then the top)."""
        lines: list[str] = []
        for fn in self.prog.helpers:
            lines += self.function(fn) + [""]
        lines += self.function(self.prog.top, self.prog.top_pragmas) + [""]
        return "\n".join(lines)

    def global_array(self, g: Array) -> str:
        """A file-scope array's definition with its initializer (braces per dimension)."""
        head = f"{'static ' if g.static else ''}{'const ' if g.const else ''}{tname(g.elem)} {g.name}" + "".join(f"[{self.dim(d)}]" for d in g.dims)
        if g.initial is None:
            return head + ";"

        def braces(vals: list[Value], dims: list[int]) -> str:
            if len(dims) == 1:
                return "{" + ", ".join(_initial_lit(v, g.elem) for v in vals) + "}"
            step = len(vals) // dims[0]
            return "{" + ", ".join(braces(vals[k * step : (k + 1) * step], dims[1:]) for k in range(dims[0])) + "}"

        return f"{head} = {braces(list(g.initial), g.dims)};"

    def global_scalar(self, g: Scalar) -> str:
        """A file-scope scalar's definition."""
        init = "" if g.initial is None else f" = {_initial_lit(g.initial, g.ty)}"
        return f"{'static ' if g.static else ''}{tname(g.ty)} {g.name}{init};"

    # --- testbench -----------------------------------------------------------------------------------------------------

    def testbench(self, standalone: bool) -> str:
        """``main``: fills the arguments from bit-exact tables, calls the top, prints every result."""
        prog = self.prog
        top = prog.top
        lines: list[str] = []
        if standalone:
            lines += ["#include <stdio.h>", "#include <string.h>", "#include <stdint.h>"]
            if "bool" in self.spellings():
                lines.append("#include <stdbool.h>")
            lines += self.type_lines()
            lines.append(self.signature(_unstatic(top)) + ";")
            for g in prog.globals:
                if not g.const:
                    assert not g.static
                    lines.append(f"extern {tname(g.elem)} {g.name}" + "".join(f"[{self.dim(d)}]" for d in g.dims) + ";")
            for gs in prog.global_scalars:
                assert not gs.static
                lines.append(f"extern {tname(gs.ty)} {gs.name};")
        scalars = [p for p in top.params if isinstance(p, Scalar)]
        if any(p.ty.is_float and p.ty.bits == 32 for p in scalars):
            lines.append("static float tb_f32(uint32_t u) { float f; memcpy(&f, &u, sizeof f); return f; }")
        if any(p.ty.is_float and p.ty.bits == 64 for p in scalars):
            lines.append("static double tb_f64(uint64_t u) { double d; memcpy(&d, &u, sizeof d); return d; }")
        printed = [p for p in top.params if isinstance(p, Array)] + [g for g in prog.globals if not g.const]
        if any(a.elem.is_float for a in printed) or any(g.ty.is_float for g in prog.global_scalars) or (top.ret is not None and top.ret.is_float):
            lines += [
                "static void tb_pf(double v, int is_float) {",
                '  if (v != v) { printf("nan\\n"); return; }',
                '  if (is_float) { float f = (float)v; uint32_t u; memcpy(&u, &f, sizeof u); printf("%08x\\n", (unsigned)u); }',
                '  else { uint64_t u; memcpy(&u, &v, sizeof u); printf("%016llx\\n", (unsigned long long)u); }',
                "}",
            ]
        lines.append("int main(void) {")
        arrays = [p for p in top.params if isinstance(p, Array)]
        for a in arrays:
            lines.append(f"  static {tname(a.elem)} {a.name}{''.join(f'[{d}]' for d in a.dims)};")
        lines.append("  int k;")
        for ci, call in enumerate(prog.calls):
            for a in arrays:
                vals = call[a.name]
                assert isinstance(vals, list)
                ut = {1: "uint8_t", 8: "uint8_t", 16: "uint16_t", 32: "uint32_t", 64: "uint64_t"}[a.elem.bits]
                body = ", ".join(_bits_lit(v, a.elem) for v in vals)
                lines.append(f"  {{ static const {ut} t[{a.size}] = {{{body}}}; memcpy({a.name}, t, sizeof {a.name}); }}")
            args = []
            for p in top.params:
                if isinstance(p, Array):
                    args.append(p.name)
                else:
                    v = call[p.name]
                    assert not isinstance(v, list)
                    args.append(_scalar_lit(v, p.ty))
            callx = f"{top.name}({', '.join(args)})"
            lines.append(f'  printf("call {ci}\\n");')
            if top.ret is not None:
                lines.append(f"  {{ {tname(top.ret)} r = {callx}; {_print(top.ret, 'r')} }}")
            else:
                lines.append(f"  {callx};")
            for a in arrays + [g for g in prog.globals if not g.const]:
                lines.append(f"  for (k = 0; k < {a.size}; k++) {{ {tname(a.elem)} x = (({tname(a.elem)} *){a.name})[k]; {_print(a.elem, 'x')} }}")
            for gs in prog.global_scalars:
                lines.append(f"  {_print(gs.ty, gs.name)}")
        lines += ["  return 0;", "}", ""]
        return "\n".join(lines)


def expected_output(prog: Program, results: list[tuple[dict[str, list[Value]], Value | None]]) -> str:
    """What the testbench prints, computed from the interpreter's results."""
    out: list[str] = []
    top = prog.top
    for ci, (arrs, ret) in enumerate(results):
        out.append(f"call {ci}")
        if top.ret is not None:
            assert ret is not None
            out.append(_fmt(ret, top.ret))
        for p in top.params:
            if isinstance(p, Array):
                out.extend(_fmt(v, p.elem) for v in arrs[p.name])
        for g in prog.globals:
            if not g.const:
                out.extend(_fmt(v, g.elem) for v in arrs[g.name])
        for gs in prog.global_scalars:
            out.append(_fmt(arrs[gs.name][0], gs.ty))
    return "\n".join(out) + "\n"


def _fmt(v: Value, t: CType) -> str:
    if t.is_float:
        f = float(v)
        if math.isnan(f):
            return "nan"
        return f"{float_bits(f, t.bits):0{t.bits // 4}x}"
    return str(int(v))


def _print(t: CType, x: str) -> str:
    if t.is_float:
        return f"tb_pf({x}, {1 if t.bits == 32 else 0});"
    if t.kind == "bool":
        return f'printf("%d\\n", (int){x});'
    if t.signed:
        return f'printf("%lld\\n", (long long){x});'
    return f'printf("%llu\\n", (unsigned long long){x});'


def _exact_bits(v: Value, t: CType) -> int:
    b = getattr(v, "bits", None)
    return int(b) if b is not None else float_bits(float(v), t.bits)


def _bits_lit(v: Value, t: CType) -> str:
    if t.is_float:
        return f"0x{_exact_bits(v, t):X}u"
    if t.kind == "bool":
        return str(int(v))
    u = int(v) & ((1 << t.bits) - 1)
    return f"0x{u:X}u" if t.bits <= 32 else f"0x{u:X}ull"


def _ref(x: Scalar | Array) -> str:
    """How the program names a variable (``s.m`` for a member of the struct ``s``)."""
    return f"{x.owner}.{x.name}" if x.owner is not None else x.name


def _initial_lit(v: Value, t: CType) -> str:
    """An element of a file-scope array's initializer (a finite value of ``t``)."""
    if t.is_float:
        return float_literal(float(v), t)
    if t.kind == "bool":
        return str(int(v))
    return int_literal(int(v), promote(t))


def _scalar_lit(v: Value, t: CType) -> str:
    if t.is_float:
        if t.bits == 32:
            return f"tb_f32(0x{_exact_bits(v, t):X}u)"
        return f"tb_f64(0x{_exact_bits(v, t):X}ull)"
    if t.kind == "bool":
        return str(int(v))
    return f"({tname(t)}){int_literal(int(v), promote(t) if t.bits >= 32 else promote(t))}"


def _spelling(p: Scalar | Array) -> str:
    return p.elem.spelling if isinstance(p, Array) else p.ty.spelling


def _unstatic(fn: Function) -> Function:
    return Function(fn.name, fn.ret, fn.params, fn.body, knr=False, static=False)


def _exprs(s: Stmt) -> list[Expr]:
    from hls.progen.model import stmt_exprs

    return stmt_exprs(s)


def _boolish(e: Expr) -> bool:
    """A truth value (cannot be a type's minimum; gcc's -Wbool-compare)."""
    if e.ty.kind == "bool":
        return True
    if isinstance(e, Binary) and e.op in ("<", "<=", ">", ">=", "==", "!=", "&&", "||"):
        return True
    return isinstance(e, Unary) and e.op == "!"


def _masked(e: Expr) -> bool:
    """``x & c`` with a non-negative constant: never the type's minimum nor -1 (gcc's -Wtautological-compare)."""
    return isinstance(e, Binary) and e.op == "&" and any(isinstance(x, Const) and x.ty.is_int and int(x.value) >= 0 for x in (e.a, e.b))


def _balanced(s: str) -> bool:
    depth = 0
    for ch in s:
        depth += ch == "("
        depth -= ch == ")"
        if depth < 0:
            return False
    return depth == 0


def _strip(s: str) -> str:
    """Drops one pair of enclosing parentheses."""
    if s.startswith("(") and s.endswith(")") and _balanced(s[1:-1]):
        return s[1:-1]
    return s


def render(prog: Program) -> tuple[str, str]:
    """(kernel text, testbench text); when the testbench is not separate, the kernel text includes ``main``
    (after the top, or before it with a prototype)."""
    em = Emitter(prog)
    pre = "\n".join(em.preamble()) + "\n" + "".join(em.global_array(g) + "\n" for g in prog.globals)
    pre += "".join(em.global_scalar(g) + "\n" for g in prog.global_scalars)
    kernel = em.kernel()
    if prog.tb_separate:
        return pre + "\n" + kernel, em.testbench(True)
    tb = em.testbench(False)
    head = "#include <stdio.h>\n#include <string.h>\n#include <stdint.h>\n"
    if prog.main_first:
        proto = em.signature(prog.top) + ";\n"
        return pre + head + proto + tb + "\n" + kernel, ""
    return pre + head + "\n" + kernel + "\n" + tb, ""
