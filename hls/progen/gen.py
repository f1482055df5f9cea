"""Random programs from a typed, program-level model.

A program is drawn in three layers: first the *data* (array arguments of every integer width and signedness,
float, double and bool; scalar arguments that bound loops or carry data; local scalars and local arrays), then a
sequence of *idioms* hardware engineers write (reductions, prefix sums, stencils, matrix products, histograms,
saturating arithmetic, bit manipulation, conversions, conditional updates, short-circuit tests, helper calls),
each of which lays out its own *loop skeleton* (perfect or imperfect nests, triangular bounds, steps of +-1 or
+-k, decreasing loops, bounds that are constants, arguments or affine in outer loop variables) and fills it with
statements. Loop ranges are tracked as intervals so that affine subscripts stay in bounds by construction; the
interpreter (``interp.py``) then guards whatever the testbench's values would still make undefined.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from hls.progen.ctyping import (
    BOOL_TYPES,
    DOUBLE,
    FLOAT,
    INT,
    INT_SPELLINGS,
    LLONG,
    UINT,
    ULLONG,
    CType,
    Value,
    canonical,
    convert,
    float_bits,
    promote,
    with_bits,
)
from hls.progen.model import (
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
    LValue,
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
    is_constant,
    walk_expr,
    walk_stmts,
)

# --- scopes -----------------------------------------------------------------------------------------------------------


@dataclass
class Loop:
    """A loop variable in scope with the interval of values it takes inside the body."""

    var: Scalar
    lo: int
    hi: int


@dataclass
class Scope:
    """What a statement may use: readable scalars, arrays, loop variables (innermost last)."""

    scalars: list[Scalar]
    arrays: list[Array]
    loops: list[Loop] = field(default_factory=list)
    helpers: list[Function] = field(default_factory=list)
    bound_args: list[tuple[Scalar, int, int]] = field(default_factory=list)
    depth: int = 0

    def child(self, loop: Loop | None = None) -> Scope:
        """A nested scope (inside a loop or block)."""
        return Scope(list(self.scalars), list(self.arrays), self.loops + ([loop] if loop else []), self.helpers, self.bound_args, self.depth + 1)

    def writable(self) -> list[Array]:
        """Arrays that may be written."""
        return [a for a in self.arrays if not a.const]


def is_pure(e: Expr) -> bool:
    """No helper call that writes memory and no assignment inside."""
    for x in walk_expr(e):
        if isinstance(x, AssignExpr):
            return False
        if isinstance(x, Call) and (not x.fn.pure or any(not is_pure(a) for a in x.args if isinstance(a, Expr))):
            return False
    return True


def is_pow2(n: int) -> bool:
    """n is a power of two."""
    return n > 0 and n & (n - 1) == 0


def lit(v: int, t: CType = INT) -> Const:
    """An integer literal of promoted type ``t``."""
    return Const(canonical(promote(t)), v)


# --- the generator ----------------------------------------------------------------------------------------------------


class Gen:
    """Draws one program from a seed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        # (whether a struct idiom makes a union instead: a stream of its own, so the programs that make none stay
        # what they were before unions came)
        self.union_rng = random.Random(seed * 1_000_003 + 7)
        self.names: dict[str, int] = {}
        self.fnames: dict[str, int] = {}
        self.typedefs: list[tuple[str, CType, str]] = []
        self.features: set[str] = set()
        self.helpers: list[Function] = []
        self.defines: dict[str, int] = {}
        self.top_decls: list[Stmt] = []

    # --- small utilities ---------------------------------------------------------------------------------------------

    def chance(self, p: float) -> bool:
        """True with probability p."""
        return self.rng.random() < p

    def pick(self, xs: list):  # type: ignore[no-untyped-def]
        """A uniformly chosen element."""
        return xs[self.rng.randrange(len(xs))]

    def name(self, base: str) -> str:
        """A fresh identifier."""
        n = self.names.get(base, 0)
        self.names[base] = n + 1
        return f"{base}{n}"

    def fname(self, base: str) -> str:
        """A fresh function name (variables are named per function, so names repeat across functions)."""
        n = self.fnames.get(base, 0)
        self.fnames[base] = n + 1
        return f"{base}{n}"

    def feat(self, *names: str) -> None:
        """Records features the program exercises."""
        self.features.update(names)

    def cmp(self, op: str, a: Expr, b: Expr) -> Expr:
        """A comparison gcc has nothing to warn about: no self-comparison (-Wtautological-compare), no truth value
        compared with a constant other than 0 or 1 (-Wbool-compare)."""
        same_cell = isinstance(a, Elem) and isinstance(b, Elem) and a.arr is b.arr and all(is_constant(i) for i in [*a.idx, *b.idx])
        if _key(a) == _key(b) or same_cell:  # (constant subscripts gcc may fold to the same element: in0[0], in0[(int)0.1])
            b = self.const_for(b.ty) if b.ty.is_int else self.float_const(b.ty)
        if _boolish(a) and is_constant(b):
            b = lit(self.rng.randint(0, 1))
            op = self.pick(["==", "!="])
        elif _boolish(b) and is_constant(a):
            a = lit(self.rng.randint(0, 1))
            op = self.pick(["==", "!="])
        return Binary(op, a, b)

    def truthy(self, e: Expr) -> Expr:
        """``e`` as a truth value; products, shifts and ``?:`` are compared with 0 (gcc's -Wint-in-bool-context)."""
        if _boolish(e) or isinstance(e, (Var, Elem, Const, Call)):
            return e
        if isinstance(e, Binary) and e.op == "|" and isinstance(e.b, Const) and e.b.value != 0:
            # always true: as it is, unless a ?: inside draws -Wint-in-bool-context (and ``!= 0`` would draw
            # -Wtautological-compare); then the other operand
            return e if not any(isinstance(x, Cond) for x in walk_expr(e.a)) else self.truthy(e.a)
        if isinstance(e, Binary) and e.op not in ("*", "<<", "/", "%") and not any(isinstance(x, Cond) for x in walk_expr(e)):
            return e  # (a guarded division is written as ?:, and gcc warns of a ?: with a constant arm here too)
        return Binary("!=", e, self.zero(e.ty))

    def int_type(self, wide: bool = False) -> CType:
        """A random integer type (every width and signedness, plain and <stdint.h> spellings)."""
        if wide:
            return self.pick([t for t in INT_SPELLINGS if t.bits >= 32])
        return self.pick(INT_SPELLINGS)

    def elem_type(self) -> CType:
        """A random element type for data arrays."""
        r = self.rng.random()
        if r < 0.62:
            return self.int_type()
        if r < 0.74:
            return FLOAT
        if r < 0.9:
            return DOUBLE
        return self.pick(BOOL_TYPES)

    def aliased(self, t: CType) -> CType:
        """``t`` under a typedef or #define name (``data_t``, ``DATA_TYPE``), reused when it exists."""
        for name, base, _ in self.typedefs:
            if base.spelling == t.spelling:
                return CType(t.kind, t.bits, t.signed, name, t.rank)
        kind = "typedef" if self.chance(0.7) else "define"
        name = self.pick(["data_t", "elem_t", "acc_t", "word_t", "val_t"]) if kind == "typedef" else self.pick(["DATA_TYPE", "ELEM_T", "WORD"])
        name = f"{name}{len(self.typedefs)}" if any(n == name for n, _, _ in self.typedefs) else name
        self.typedefs.append((name, t, kind))
        self.feat(f"type_{kind}")
        return CType(t.kind, t.bits, t.signed, name, t.rank)

    # --- the program ---------------------------------------------------------------------------------------------------

    def program(self) -> Program:
        """Draws the data, the helpers, the top's body and the testbench inputs."""
        rng = self.rng
        arrays: list[Array] = []
        n_arr = rng.randint(2, 5)
        for k in range(n_arr):
            elem = self.elem_type()
            if self.chance(0.15):
                elem = self.aliased(elem)
            nd = self.pick([1, 1, 1, 2, 2, 3])
            if nd == 1:
                dims = [self.pick([4, 5, 6, 8, 8, 10, 12, 16, 16, 32])]
            elif nd == 2:
                dims = [rng.randint(2, 8), self.pick([2, 3, 4, 4, 5, 8])]
            else:
                dims = [rng.randint(2, 3), rng.randint(2, 4), self.pick([2, 4])]
            arrays.append(Array(self.name("in" if k == 0 else "a"), elem, dims, "arg"))
        if self.chance(0.3):
            # one macro-sized dimension shared by two arrays
            d = arrays[0].dims[0]
            self.defines[f"N{d}"] = d
        scalars: list[Scalar] = []
        bound_args: list[tuple[Scalar, int, int]] = []
        for _ in range(rng.randint(0, 3)):
            if self.chance(0.5):
                t = self.pick([INT, INT, UINT, self.int_type(), self.int_type(wide=True)])
                hi = min(max(a.dims[0] for a in arrays), 16)
                lo = 0 if not t.signed else self.pick([0, -2, -1])
                hi = min(hi, t.max)
                s = Scalar(self.name("n"), t, "arg")
                bound_args.append((s, lo, hi))
                self.feat("arg_bound")
            else:
                r = self.rng.random()
                t = self.int_type() if r < 0.75 else (self.pick([FLOAT, DOUBLE]) if r < 0.9 else self.pick(BOOL_TYPES))
                s = Scalar(self.name("k"), t, "arg")
                self.feat("float_arg" if t.is_float else "scalar_arg")
            scalars.append(s)
        globals_: list[Array] = []
        if self.chance(0.2):
            # file-scope arrays: read-only tables, and state the top reads and writes from call to call
            for _ in range(rng.randint(1, 2)):
                elem = self.elem_type()
                dims = [self.pick([4, 8, 16])] if self.chance(0.7) else [rng.randint(2, 4), self.pick([2, 4])]
                g = Array(self.name("g"), elem, dims, "global", const=self.chance(0.4))
                if g.const or self.chance(0.6):
                    g.initial = [self.finite_value(elem) for _ in range(g.size)]
                globals_.append(g)
        global_scalars: list[Scalar] = []
        if self.chance(0.15):
            # file-scope scalars: counters and accumulators kept from call to call
            for _ in range(rng.randint(1, 2)):
                t = self.int_type() if self.chance(0.75) else self.pick([FLOAT, DOUBLE])
                gs = Scalar(self.name("st"), t, "global")
                if self.chance(0.6):
                    gs.initial = self.finite_value(t)
                global_scalars.append(gs)
        sc = Scope(list(scalars) + global_scalars, list(arrays) + globals_, bound_args=bound_args)
        self.make_helpers(sc)
        sc.helpers = list(self.helpers)
        body: list[Stmt] = []
        if self.chance(0.15):
            # local arrays ahead of the idioms (filled before any read)
            body.extend(self.local_array(sc))
        for _ in range(rng.randint(2, 4)):
            body.extend(self.idiom(sc))
        ret: CType | None = None
        if self.chance(0.45):
            ret = self.pick([INT, LLONG, UINT, DOUBLE, FLOAT, self.int_type(), self.int_type()])
            e = self.expr(sc, "float" if ret.is_float else "int", 2)
            body.append(Return(self.coerce(e, ret)))
            self.feat("return")
        loop_vars = {id(s.var) for s in walk_stmts(body) if isinstance(s, For)}
        decls = [d for d in self.top_decls if isinstance(d, Decl) and id(d.var) in loop_vars]
        top = Function(self.fname("top"), ret, [*arrays, *scalars], decls + body, static=False)
        self.fix_sequencing(top)
        for h in self.helpers:
            self.fix_sequencing(h)
        self.observe_locals(top.body, arrays)
        self.helpers = self.used_helpers(top)
        if any(isinstance(p, Array) and p.style == "pointer" for h in self.helpers for p in h.params):
            self.feat("pointer_param")
        if any(isinstance(s, PtrStep) for h in self.helpers for s in walk_stmts(h.body)):
            self.feat("walking_pointer")
        for st in walk_stmts(top.body):
            for e in _stmt_all_exprs(st):
                for x in walk_expr(e):
                    if isinstance(x, Cond) and any(isinstance(arm, Call) or (isinstance(arm, Cast) and isinstance(arm.e, Call)) for arm in (x.a, x.b)):
                        self.feat("call_in_ternary")
                    if isinstance(st, If) and isinstance(x, Call):
                        self.feat("call_in_condition")
        self.mark_const(top)
        tb_separate = self.chance(0.4)
        for g in globals_:
            # (a testbench in another file reads the state through an extern declaration)
            g.static = (g.const or not tb_separate) and self.chance(0.5)
        for gs in global_scalars:
            gs.static = not tb_separate and self.chance(0.5)
        if not tb_separate and self.chance(0.2):
            top.static = True
            self.feat("static_top")
        if self.chance(0.1) and all(p.ty.is_int and p.ty.bits >= 32 for p in scalars):
            top.knr = True
            self.feat("knr_top")
        calls = [self.call_inputs(top, bound_args, k) for k in range(rng.randint(2, 4))]
        opts: list[str] = []
        r = rng.random()
        if r < 0.15:
            opts = ["--ii", str(rng.randint(2, 4))]
            self.feat("opt_ii")
        elif r < 0.25:
            opts = ["--no-pipeline"]
            self.feat("opt_no_pipeline")
        prog = Program(self.seed, top, self.helpers, calls, self.defines, opts, self.features, tb_separate=tb_separate)
        prog.typedefs = list(self.typedefs)
        used: set[int] = set()
        for st in walk_stmts(top.body):
            for e in _stmt_all_exprs(st):
                for x in walk_expr(e):
                    used.update([id(x.arr)] if isinstance(x, Elem) else [id(a) for a in x.args if isinstance(a, Array)] if isinstance(x, Call) else [])
                    if isinstance(x, Var):
                        used.add(id(x.var))
                    if isinstance(x, AssignExpr) and isinstance(x.target, Var):
                        used.add(id(x.target.var))
        prog.global_scalars = [g for g in global_scalars if id(g) in used]
        if prog.global_scalars:
            self.feat("global_scalar")
        prog.globals = [g for g in globals_ if id(g) in used]  # (gcc warns of an unused static const)
        for g in prog.globals:
            self.feat("global_table" if g.const else "global_state")
            if g.static:
                self.feat("global_static")
        self.mark_const_locals(top)
        prog.join_decls = self.chance(0.3)
        prog.main_first = not tb_separate and not top.knr and self.chance(0.3)
        one_port = [a for a in arrays if self.chance(0.1)]
        for a in one_port:
            prog.top_pragmas.append(f"#pragma HLS interface mode=ap_memory port={a.name} storage_type=ram_1p")
            self.feat("interface_ram_1p")
        if tb_separate:
            self.feat("tb_separate")
        elif prog.main_first:
            self.feat("main_first")
        return prog

    def mark_const_locals(self, fn: Function) -> None:
        """Locals initialised once and never assigned become ``const`` (sometimes)."""
        assigned: set[int] = set()
        for s in walk_stmts(fn.body):
            if isinstance(s, Assign):
                assigned.update(id(t.var) for t in s.targets if isinstance(t, Var))
            if isinstance(s, Incr) and isinstance(s.target, Var):
                assigned.add(id(s.target.var))
            for e in _stmt_all_exprs(s):
                assigned.update(id(x.target.var) for x in walk_expr(e) if isinstance(x, AssignExpr) and isinstance(x.target, Var))
        for s in walk_stmts(fn.body):
            if isinstance(s, Decl) and s.init is not None and id(s.var) not in assigned and self.chance(0.3):
                s.var.const = True
                self.feat("const_local")

    def observe_locals(self, body: list[Stmt], arrays: list[Array]) -> None:
        """Every local scalar that nothing reads is folded into an output at the end of its block (so that gcc has
        nothing unused to warn about and the value is observable)."""
        read: set[int] = set()
        for s in walk_stmts(body):
            for e in _stmt_all_exprs(s):
                roots: list[Expr] = []
                if isinstance(s, Assign):
                    roots = [*[i for t in s.targets if isinstance(t, Elem) for i in t.idx], s.value]
                elif isinstance(s, Incr):
                    roots = list(s.target.idx) if isinstance(s.target, Elem) else []
                else:
                    roots = [e]
                for r in roots:
                    for x in walk_expr(r):
                        if isinstance(x, Var):
                            read.add(id(x.var))
                        if isinstance(x, AssignExpr) and isinstance(x.target, Var) and x.op != "=":
                            read.add(id(x.target.var))
                if isinstance(s, Incr) and isinstance(s.target, Var):
                    pass  # x++ alone does not count as a use
        sinks = [a for a in arrays if a.elem.kind != "bool"] or arrays
        arr_read: set[int] = set()
        for s in walk_stmts(body):
            for e in _stmt_all_exprs(s):
                skip = set(map(id, s.targets)) if isinstance(s, Assign) else ({id(s.target)} if isinstance(s, Incr) else set())
                for x in walk_expr(e):
                    if isinstance(x, Elem) and id(x) not in skip:
                        arr_read.add(id(x.arr))
                    if isinstance(x, Call):
                        arr_read.update(id(a) for a in x.args if isinstance(a, Array))
        for s in list(body):
            if isinstance(s, ArrayDecl) and id(s.arr) not in arr_read:
                a = self.pick(sinks)
                src = Elem(s.arr, [lit(0) for _ in s.arr.dims])
                val: Expr = self.coerce(src, a.elem)
                body.append(Assign([Elem(a, [lit(0) for _ in a.dims])], "=", val))

        def fix(stmts: list[Stmt]) -> None:
            extra: list[Stmt] = []
            ret: list[Stmt] = [s for s in stmts if isinstance(s, Return)]
            for s in stmts:
                if isinstance(s, Decl) and s.var.role == "local" and id(s.var) not in read:
                    a = self.pick(sinks)
                    el = Elem(a, [lit(0) for _ in a.dims])
                    extra.append(
                        Assign(
                            [el],
                            "+=" if a.elem.kind != "bool" else "|=",
                            self.coerce(Var(s.var), a.elem) if not a.elem.kind == "bool" else Binary("!=", Var(s.var), self.zero(s.var.ty)),
                        )
                    )
                    read.add(id(s.var))
                if isinstance(s, If):
                    fix(s.then)
                    if s.els:
                        fix(s.els)
                if isinstance(s, (For, While)):
                    fix(s.body)
                if isinstance(s, Switch):
                    for _, case_body, _ in s.cases:
                        fix(case_body)
            if ret:
                stmts.remove(ret[0])
            stmts.extend(extra + ret)

        fix(body)

    def used_helpers(self, top: Function) -> list[Function]:
        """The helpers reachable from the top (in definition order)."""
        used: set[int] = set()
        todo = [top]
        while todo:
            fn = todo.pop()
            for s in walk_stmts(fn.body):
                for e in _stmt_all_exprs(s):
                    for x in walk_expr(e):
                        if isinstance(x, Call) and id(x.fn) not in used:
                            used.add(id(x.fn))
                            todo.append(x.fn)
                        if isinstance(x, Call):
                            for a in x.args:
                                if isinstance(a, Expr):
                                    todo.extend(c.fn for c in walk_expr(a) if isinstance(c, Call) and id(c.fn) not in used)
                                    used.update(id(c.fn) for c in walk_expr(a) if isinstance(c, Call))
        return [h for h in self.helpers if id(h) in used]

    def fix_sequencing(self, fn: Function) -> None:
        """Keeps C's evaluation order defined: an assignment whose value calls a helper writing array A (or assigns
        a scalar inside) must not store to A (or that scalar) nor use them in its subscripts; offending calls and
        inner assignments are replaced by their pure counterparts."""
        for s in walk_stmts(fn.body):
            if not isinstance(s, Assign):
                continue
            touched_arrays: set[int] = set()
            touched_vars: set[int] = set()
            for t in s.targets:
                for x in walk_expr(t):
                    if isinstance(x, Elem):
                        touched_arrays.add(id(x.arr))
                    if isinstance(x, Var):
                        touched_vars.add(id(x.var))
            s.value = self._purify(s.value, touched_arrays, touched_vars)
            if len(s.targets) > 1:
                # a target's subscripts must not read another target's object (unsequenced with its store)
                for i, t in enumerate(s.targets):
                    others = [o for j, o in enumerate(s.targets) if j != i]
                    reads = [x for ix in (t.idx if isinstance(t, Elem) else []) for x in walk_expr(ix)]
                    if any(_same_lvalue(o, r) for o in others for r in reads if isinstance(r, (Var, Elem))):
                        s.targets = [s.targets[-1]]
                        break

    def _purify(self, e: Expr, arrays: set[int], vars_: set[int]) -> Expr:
        """``e`` with conflicting side effects removed (see ``fix_sequencing``)."""
        if isinstance(e, Call):
            for p, a in zip(e.fn.params, e.args):
                if isinstance(a, Array) and p.name in e.fn.writes and id(a) in arrays:
                    return self.zero(e.ty) if e.fn.ret is not None else lit(0)
            return e
        if isinstance(e, AssignExpr):
            if isinstance(e.target, Var) and id(e.target.var) in vars_:
                return e.value
            if isinstance(e.target, Elem) and id(e.target.arr) in arrays:
                return e.value
            return e
        for name in ("e", "a", "b", "c"):
            sub = getattr(e, name, None)
            if isinstance(sub, Expr):
                setattr(e, name, self._purify(sub, arrays, vars_))
        return e

    def mark_const(self, top: Function) -> None:
        """Array arguments the program never writes become ``const`` (sometimes)."""
        written: set[int] = set()

        def note(lv: Expr) -> None:
            if isinstance(lv, Elem):
                written.add(id(lv.arr))

        def scan(body: list[Stmt]) -> None:
            for s in walk_stmts(body):
                if isinstance(s, Assign):
                    for t in s.targets:
                        note(t)
                elif isinstance(s, Incr):
                    note(s.target)
                for e in _stmt_all_exprs(s):
                    for x in walk_expr(e):
                        if isinstance(x, AssignExpr):
                            note(x.target)
                        if isinstance(x, Call):
                            for p, a in zip(x.fn.params, x.args):
                                if isinstance(a, Array) and isinstance(p, Array) and (p.name in x.fn.writes or not p.const):
                                    written.add(id(a))

        scan(top.body)
        for p in top.params:
            if isinstance(p, Array) and id(p) not in written and self.chance(0.6):
                p.const = True
                self.feat("const_param")

    # --- helpers -------------------------------------------------------------------------------------------------------

    def make_helpers(self, sc: Scope) -> None:
        """Zero to three helper functions of different kinds."""
        kinds = ["scalar", "reader", "writer", "loop", "void", "float", "walk"]
        top_names = self.names
        for _ in range(self.rng.randint(0, 3)):
            kind = self.pick(kinds)
            # each helper names its variables afresh: the same names as the top's (inlining must rename)
            self.names = {} if self.chance(0.7) else dict(top_names)
            fn = getattr(self, f"helper_{kind}")(sc)
            self.names = top_names
            if fn is None:
                continue
            if self.chance(0.2):
                fn.knr = True
                self.feat("knr")
            self.helpers.append(fn)
            self.feat(f"helper_{kind}")

    def helper_scalar(self, sc: Scope) -> Function | None:
        """``T f(T1 a, T2 b) { T t = ...; return ...; }`` (pure)."""
        params = [Scalar(self.name("p"), self.int_type(), "param") for _ in range(self.rng.randint(1, 3))]
        hsc = Scope(list(params), [], helpers=list(self.helpers))
        ret = self.int_type(wide=self.chance(0.5))
        body: list[Stmt] = []
        res = self.expr(hsc, "int", 2)
        if self.chance(0.6):
            t = Scalar(self.name("t"), self.int_type(wide=True), "local")
            body.append(Decl(t, self.coerce(self.expr(hsc, "int", 2), t.ty)))
            hsc.scalars.append(t)
            if self.chance(0.5):
                body.append(Assign([Var(t)], self.pick(["+=", "^=", "|=", "-=", "*="]), self.expr(hsc, "int", 1)))
            res = Binary(self.pick(["+", "^", "-"]), Var(t), res)
        body.append(Return(self.coerce(res, ret)))
        if self.chance(0.5):
            # an early return at the top: the rest runs only when it is not taken
            # (from the parameters only: it runs before the locals are declared)
            psc = Scope(list(params), [], helpers=list(self.helpers))
            test = self.cmp(self.pick(["<", ">", "==", "!="]), Var(params[0]), self.const_for(params[0].ty))
            body.insert(0, If(test, [Return(self.coerce(self.expr(psc, "int", 1), ret))]))
            self.feat("early_return")
        return Function(self.fname("mix"), ret, list(params), body)

    def helper_float(self, sc: Scope) -> Function | None:
        """A pure float/double helper with math calls."""
        params: list[Scalar | Array] = [Scalar(self.name("x"), self.pick([FLOAT, DOUBLE]), "param") for _ in range(self.rng.randint(1, 2))]
        if self.chance(0.4):
            params.append(Scalar(self.name("p"), self.int_type(), "param"))
        hsc = Scope([p for p in params if isinstance(p, Scalar)], [], helpers=list(self.helpers))
        ret = self.pick([FLOAT, DOUBLE])
        body: list[Stmt] = [Return(self.coerce(self.expr(hsc, "float", 3), ret))]
        return Function(self.fname("fh"), ret, params, body)

    def pick_array_param(self, sc: Scope, write: bool) -> tuple[Array, Array] | None:
        """An array of the top to bind and the helper's parameter mirroring it."""
        cands = [a for a in sc.arrays if a.role == "arg"]
        if not cands:
            return None
        a = self.pick(cands)
        r = self.rng.random()
        style = "open" if r < 0.3 else "pointer" if r < 0.5 else "sized"
        p = Array(self.name("v"), a.elem, list(a.dims), "param", const=not write and self.chance(0.5), style=style)
        return a, p

    def helper_reader(self, sc: Scope) -> Function | None:
        """``T get(const T v[N], int k) { return v[k & mask] ...; }``: an array read through a parameter."""
        got = self.pick_array_param(sc, False)
        if got is None:
            return None
        _, p = got
        ks = [Scalar(self.name("k"), self.pick([INT, UINT, LLONG, self.int_type()]), "param") for _ in p.dims]
        idx: list[Expr] = [Var(k) for k in ks]
        hsc = Scope(list(ks), [p], helpers=list(self.helpers))
        e: Expr = Elem(p, idx)
        if self.chance(0.5):
            e = self.combine(hsc, e, "float" if p.elem.is_float else "int")
        ret = p.elem if p.elem.kind != "bool" else INT
        if ret.is_int:
            ret = self.pick([ret, promote(ret), LLONG])
        return Function(self.fname("get"), ret, [p, *ks], [Return(self.coerce(e, ret))])

    def helper_writer(self, sc: Scope) -> Function | None:
        """``int bump(T v[N], int k) { v[k] += ...; return v[k] > c; }``: writes its array, returns a flag."""
        got = self.pick_array_param(sc, True)
        if got is None:
            return None
        _, p = got
        ks = [Scalar(self.name("k"), INT, "param") for _ in p.dims]
        hsc = Scope(list(ks), [p], helpers=[])
        el = Elem(p, [Var(k) for k in ks])
        body: list[Stmt] = []
        if p.elem.is_float:
            body.append(Assign([el], self.pick(["+=", "-=", "*="]), self.expr(hsc, "float", 1)))
        elif p.elem.kind == "bool":
            body.append(Assign([el], "=", Unary("!", Elem(p, [Var(k) for k in ks]))))
        else:
            body.append(self.pick([Incr(el, "++"), Assign([el], self.pick(["+=", "^=", "|=", "-="]), self.expr(hsc, "int", 1))]))
        cmp = self.cmp(self.pick([">", "<", "!=", ">="]), Elem(p, [Var(k) for k in ks]), self.const_for(p.elem))
        body.append(Return(cmp))
        if self.chance(0.5):
            # the write only where the element passes a test: an early return skips it
            test = self.cmp(self.pick([">", "<", "=="]), Elem(p, [Var(k) for k in ks]), self.const_for(p.elem))
            body.insert(0, If(test, [Return(lit(self.rng.randint(-3, 3)))]))
            self.feat("early_return")
        fn = Function(self.fname("bump"), INT, [p, *ks], body)
        fn.writes = {p.name}
        return fn

    def helper_void(self, sc: Scope) -> Function | None:
        """``void put(T v[N], int k, T x) { v[k] = x; }``."""
        got = self.pick_array_param(sc, True)
        if got is None:
            return None
        _, p = got
        ks = [Scalar(self.name("k"), INT, "param") for _ in p.dims]
        x = Scalar(self.name("x"), p.elem if self.chance(0.7) else self.int_type(), "param")
        hsc = Scope([*ks, x], [p], helpers=[])
        val = self.coerce(self.combine(hsc, Var(x), "float" if x.ty.is_float else "int") if self.chance(0.5) else Var(x), p.elem)
        fn = Function(self.fname("put"), None, [p, *ks, x], [Assign([Elem(p, [Var(k) for k in ks])], "=", val)])
        fn.writes = {p.name}
        return fn

    def helper_loop(self, sc: Scope) -> Function | None:
        """A helper with a loop over one row of its array: ``acc = 0; for (j...) acc += v[r][j]; return acc;``."""
        got = self.pick_array_param(sc, False)
        if got is None:
            return None
        _, p = got
        rows = [Scalar(self.name("r"), INT, "param") for _ in p.dims[:-1]]
        acc_t = DOUBLE if p.elem.is_float else self.pick([LLONG, INT, ULLONG])
        acc = Scalar(self.name("acc"), acc_t, "local")
        hsc = Scope([*rows, acc], [p], helpers=[])
        j = Scalar(self.name("j"), INT, "loop")
        n = p.dims[-1]
        elem = Elem(p, [*[Var(r) for r in rows], Var(j)])
        val: Expr = elem
        if not p.elem.is_float and self.chance(0.5):
            val = Binary("*", Cast(acc_t, elem), Var(j)) if acc_t.signed else elem
        loop = For(j, lit(0), "<", lit(n), 1, [Assign([Var(acc)], "+=", self.coerce(val, acc_t))])
        ret = acc_t
        del hsc
        return Function(self.fname("rowsum"), ret, [p, *rows], [Decl(acc, self.zero(acc_t)), loop, Return(Var(acc))])

    def helper_walk(self, sc: Scope) -> Function | None:
        """``acc = 0; for (k...) { acc += *v; [*v = *v + k;] v++; } return acc;``: a pointer walked along a 1-D
        array (every element, or every second one)."""
        cands = [a for a in sc.arrays if a.role == "arg" and len(a.dims) == 1]
        if not cands:
            return None
        a = self.pick(cands)
        write = self.chance(0.5)
        p = Array(self.name("v"), a.elem, list(a.dims), "param", const=not write and self.chance(0.5), style="pointer")
        acc_t = DOUBLE if p.elem.is_float else self.pick([LLONG, INT, ULLONG])
        acc = Scalar(self.name("acc"), acc_t, "local")
        k = Scalar(self.name("k"), INT, "loop")
        step = 2 if a.dims[0] >= 4 and self.chance(0.3) else 1
        body: list[Stmt] = [Assign([Var(acc)], "+=", self.coerce(Deref(p), acc_t))]
        if write:
            val: Expr = Unary("!", Deref(p)) if p.elem.kind == "bool" else Binary(self.pick(["+", "-", "^"]) if p.elem.is_int else "+", Deref(p), Var(k))
            body.append(Assign([Deref(p)], "=", self.coerce(val, p.elem)))
        body.append(PtrStep(p, step))
        loop = For(k, lit(0), "<", lit(a.dims[0] // step), 1, body)
        fn = Function(self.fname("walk"), acc_t, [p], [Decl(acc, self.zero(acc_t)), loop, Return(Var(acc))])
        if write:
            fn.writes = {p.name}
        return fn

    def helper_call(self, sc: Scope, want: str, impure_ok: bool) -> Expr | None:
        """A call of a helper that fits ``want`` ('int' or 'float'), with arguments from the scope."""
        cands = [f for f in sc.helpers if f.ret is not None and (impure_ok or f.pure)]
        cands = [f for f in cands if (f.ret is not None and f.ret.is_float) == (want == "float")]
        if not cands:
            return None
        fn = self.pick(cands)
        args: list[Expr | Array] = []
        for p in fn.params:
            if isinstance(p, Array):
                same = [a for a in sc.arrays if a.elem.spelling == p.elem.spelling and a.dims == p.dims and (p.const or not a.const)]
                if not same:
                    return None
                args.append(self.pick(same))
            else:
                e = self.expr(sc, "int" if p.ty.is_int else "float", 1)
                if fn.writes or self.chance(0.5):
                    # array indices: loop variables when there are any
                    e = self.index_like(sc, e)
                args.append(self.call_arg(fn, p, e))
        # the same array must not be bound to two parameters
        arrs = [a for a in args if isinstance(a, Array)]
        if len({id(a) for a in arrs}) != len(arrs):
            return None
        self.feat("call")
        return Call(fn, args)

    def index_like(self, sc: Scope, e: Expr) -> Expr:
        """Prefers a loop variable (or a small constant) for an index-like argument."""
        if sc.loops and self.chance(0.7):
            return Var(self.pick(sc.loops).var)
        if self.chance(0.3):
            return lit(self.rng.randint(0, 3))
        return e

    def call_arg(self, fn: Function, p: Scalar, e: Expr) -> Expr:
        """An argument for ``p``: converted explicitly when needed (K&R helpers get the promoted type)."""
        if fn.knr:
            if p.ty.is_float:
                return Cast(DOUBLE, e)
            return Cast(canonical(promote(p.ty)), e) if not e.ty.is_float else Cast(canonical(promote(p.ty)), e)
        if e.ty.is_float and p.ty.is_int:
            return Cast(p.ty, e, implicit=self.chance(0.5))
        return self.coerce(e, p.ty)

    # --- constants, leaves, expressions ------------------------------------------------------------------------------

    def const_for(self, t: CType) -> Const:
        """A constant suited to values of type ``t``."""
        if t.is_float:
            return self.float_const(t)
        pt = canonical(promote(t))
        r = self.rng.random()
        if r < 0.5:
            v = self.rng.randint(-8, 16)
        elif r < 0.7:
            v = self.pick([1, 2, 3, 7, 8, 15, 16, 31, 255, 256, 1000, 0x7F, 0xFF, 0xFFFF, 0x7FFF])
        elif r < 0.85:
            v = self.pick([pt.max, pt.min, -1, 0, pt.max - 1])
        else:
            v = self.rng.randint(pt.min, pt.max)
        v = max(pt.min, min(pt.max, v))
        c = Const(pt, v, hex=v >= 0 and self.chance(0.2))
        if v >= 0 and not c.hex and self.chance(0.25):
            styles = ["oct", "suffix"] + (["char"] if pt.bits == 32 and pt.signed and 40 <= v < 127 and chr(v) not in "'\\" else [])
            c.style = self.pick(styles)
            self.feat(f"literal_{c.style}")
        return c

    def float_const(self, t: CType) -> Const:
        """A finite float/double literal."""
        v = self.pick([0.5, 1.0, 2.0, 3.0, -1.5, 0.25, 0.1, 1e-3, 100.0, 1e10, -7.75, 3.14159, 1e-30, 0.0, -0.0, 65504.0])
        ft = t if t.is_float else self.pick([FLOAT, DOUBLE])
        return Const(ft, convert(v, DOUBLE, ft))

    def zero(self, t: CType) -> Const:
        """0 of type ``t`` (0.0 / 0.0f for floats)."""
        if t.is_float:
            return Const(t, 0.0)
        return lit(0)

    def coerce(self, e: Expr, t: CType) -> Expr:
        """``e`` converted for storing into ``t``: float to integer conversions become explicit (guardable) casts."""
        if t.kind == "bool":
            return self.truthy(e)
        if t.is_int and e.ty.is_float:
            return Cast(t, e, implicit=self.chance(0.4))
        if t.is_int and e.ty.is_int and not t.same(e.ty) and _may_fold(e):
            return Cast(t, e)  # a constant that may not fit: gcc would warn (-Woverflow) about the implicit conversion
        if t.is_int and e.ty.is_int and any(isinstance(x, Const) and x.ty.is_int and not t.min <= int(x.value) <= t.max for x in walk_expr(e)):
            return Cast(t, e)  # (so may an expression gcc folds to a constant, as ``(c && -0.0) | 0x5555``)
        return e

    def subscript(self, sc: Scope, n: int) -> Expr:
        """An in-bounds subscript for a dimension of size ``n``: affine in a loop variable whose interval fits,
        a constant, or a masked data-dependent index."""
        opts: list[Expr] = []
        for lp in sc.loops:
            lo, hi = lp.lo, lp.hi
            v = Var(lp.var)
            if lo >= 0 and hi < n:
                opts.extend([v, v])
            if hi - lo < n:
                cmin, cmax = -lo, n - 1 - hi
                if cmin <= cmax and (cmin, cmax) != (0, 0):
                    c = self.rng.randint(cmin, cmax)
                    if c:
                        opts.append(Binary("+" if c > 0 else "-", v, lit(abs(c))))
                # reversed: c - v
                cmin, cmax = hi, n - 1 + lo
                if cmin <= cmax:
                    opts.append(Binary("-", lit(self.rng.randint(cmin, cmax)), v))
            if lo >= 0 and 2 * hi < n:
                opts.append(Binary("*", lit(2), v) if self.chance(0.5) else Binary("*", v, lit(2)))
            if lo >= 0 and n > 1 and self.chance(0.3):
                opts.append(Binary("%", Binary("+", v, lit(self.rng.randint(0, n - 1))), lit(n)))
        for s, alo, ahi in sc.bound_args:
            # subscripts affine in a scalar argument (its testbench range keeps them in bounds)
            if alo >= 0 and ahi < n:
                opts.append(Var(s))
            if alo >= 1 and ahi <= n:
                opts.append(Binary("-", Var(s), lit(1)))
            for lp in sc.loops[-1:]:
                if lp.lo + alo >= 0 and lp.hi + ahi < n:
                    opts.append(Binary("+", Var(lp.var), Var(s)))
                    self.feat("arg_subscript")
                if lp.lo - ahi >= 0 and lp.hi - alo < n:
                    opts.append(Binary("-", Var(lp.var), Var(s)))
                    self.feat("arg_subscript")
        if len(sc.loops) >= 2:
            a, b = sc.loops[-1], sc.loops[-2]
            if a.lo + b.lo >= 0 and a.hi + b.hi < n:
                opts.append(Binary("+", Var(b.var), Var(a.var)))
            if a.lo - b.hi >= 0 and a.hi - b.lo < n:
                opts.append(Binary("-", Var(a.var), Var(b.var)))
            if b.lo - a.hi >= 0 and b.hi - a.lo < n:
                opts.append(Binary("-", Var(b.var), Var(a.var)))
        if opts and self.chance(0.85):
            return self.pick(opts)
        if self.chance(0.5) or not sc.loops:
            return lit(self.rng.randint(0, n - 1))
        # data-dependent (guarded by the interpreter when out of range)
        self.feat("data_index")
        e = self.expr(sc, "int", 1, allow_arrays=self.chance(0.5))
        if is_pow2(n) and self.chance(0.6):
            return Binary("&", e, lit(n - 1))
        return e

    def elem(self, sc: Scope, arr: Array) -> Elem:
        """An access of ``arr`` with generated subscripts."""
        return Elem(arr, [self.subscript(sc, n) for n in arr.dims])

    def leaf(self, sc: Scope, want: str, allow_arrays: bool = True) -> Expr:
        """A variable, array element or constant of the wanted kind ('int', 'float' or 'any')."""

        def fits(t: CType) -> bool:
            return want == "any" or (want == "float") == t.is_float

        vars_ = [s for s in sc.scalars if fits(s.ty)] + [lp.var for lp in sc.loops if fits(lp.var.ty)]
        arrs = [a for a in sc.arrays if fits(a.elem)] if allow_arrays else []
        r = self.rng.random()
        if arrs and r < 0.5:
            return self.elem(sc, self.pick(arrs))
        if vars_ and r < 0.82:
            return Var(self.pick(vars_))
        if want == "float":
            return self.float_const(self.pick([FLOAT, DOUBLE]))
        return self.const_for(self.int_type())

    def expr(self, sc: Scope, want: str, depth: int, allow_arrays: bool = True, impure_ok: bool = False) -> Expr:
        """A random expression of the wanted kind ('int', 'float', 'any', 'cond')."""
        if want == "cond":
            return self.condition(sc, depth, impure_ok)
        if want == "any":
            want = "float" if self.chance(0.3) else "int"
        if depth <= 0 or self.chance(0.25):
            return self.leaf(sc, want, allow_arrays)
        if want == "float":
            return self.float_expr(sc, depth, allow_arrays, impure_ok)
        return self.int_expr(sc, depth, allow_arrays, impure_ok)

    def combine(self, sc: Scope, e: Expr, want: str) -> Expr:
        """``e`` combined with one more operand."""
        other = self.expr(sc, want, 1)
        if want == "float" or e.ty.is_float or other.ty.is_float:
            return Binary(self.pick(["+", "-", "*"]), e, other)
        return Binary(self.pick(["+", "-", "*", "^", "&", "|"]), e, other)

    def int_expr(self, sc: Scope, depth: int, allow_arrays: bool, impure_ok: bool) -> Expr:
        """An integer-valued expression."""
        d = depth - 1
        r = self.rng.random()
        sub = lambda w="int": self.expr(sc, w, d, allow_arrays)  # noqa: E731
        if r < 0.28:
            op = self.pick(["+", "+", "-", "*", "*"])
            self.feat("arith")
            return Binary(op, sub(), sub())
        if r < 0.36:
            self.feat("divmod")
            a = sub()
            dv = self.divisor(sc, d, allow_arrays)
            return Binary(self.pick(["/", "%"]), a if is_pure(a) else self.leaf(sc, "int", allow_arrays), dv)
        if r < 0.48:
            self.feat("bitops")
            return Binary(self.pick(["&", "|", "^"]), sub(), sub() if self.chance(0.6) else self.mask_const())
        if r < 0.57:
            self.feat("shift")
            return Binary(self.pick(["<<", ">>"]), sub(), self.shift_amount(sc, d, allow_arrays))
        if r < 0.65:
            self.feat("compare")
            return self.cmp(self.pick(["<", "<=", ">", ">=", "==", "!="]), sub("any"), sub("any"))
        if r < 0.7:
            self.feat("logic")
            return Binary(self.pick(["&&", "||"]), self.truthy(sub("any")), self.truthy(sub("any")))
        if r < 0.77:
            self.feat("unary")
            x = sub()
            op = self.pick(["-", "~", "!", "-"])
            if _boolish(x) and op == "~":
                op = "-"
            return Unary(op, self.truthy(x) if op == "!" else x)
        if r < 0.84:
            self.feat("ternary")
            return Cond(self.condition(sc, d, False), sub(), sub())
        if r < 0.93:
            src = sub("any")
            t = self.int_type() if self.chance(0.85) else self.pick(BOOL_TYPES)
            self.feat("cast_f2i" if src.ty.is_float else "cast_int")
            return Cast(t, self.truthy(src) if t.kind == "bool" else src)
        if sc.helpers:
            c = self.helper_call(sc, "int", impure_ok)
            if c is not None:
                return c
        return Binary("+", sub(), sub())

    def float_expr(self, sc: Scope, depth: int, allow_arrays: bool, impure_ok: bool) -> Expr:
        """A float/double-valued expression."""
        d = depth - 1
        r = self.rng.random()
        sub = lambda w="float": self.expr(sc, w, d, allow_arrays)  # noqa: E731
        if r < 0.38:
            self.feat("farith")
            op = self.pick(["+", "-", "*", "*", "/"])
            y = sub(self.pick(["float", "float", "int"]))
            if op == "/" and is_constant(y):
                op = "*"  # gcc warns about a constant zero divisor even in floating point
            return Binary(op, sub(), y)
        if r < 0.5:
            self.feat("ternary")
            return Cond(self.condition(sc, d, False), sub(), sub())
        if r < 0.6:
            self.feat("unary")
            return Unary("-", sub())
        if r < 0.75:
            self.feat("cast_i2f")
            return Cast(self.pick([FLOAT, DOUBLE]), sub(self.pick(["int", "float"])))
        if r < 0.92:
            fn = self.pick(["sqrt", "fabs", "fmin", "fmax", "fabs", "sqrt", "fmin", "fmax", "exp", "log", "pow", "sin", "cos"])
            self.feat(f"math_{fn}")
            t = self.pick([FLOAT, DOUBLE])
            if fn == "sqrt" and self.chance(0.6):
                return Math("sqrt", [Math("fabs", [sub()], t)], t)
            n = 2 if fn in ("fmin", "fmax", "pow") else 1
            args = [sub() for _ in range(n)]
            if fn in ("fmin", "fmax") and self.chance(0.15):
                # constant operands (gcc folds them at compile time)
                args = [Const(t, self.pick([0.0, -0.0, 1.0, -1.5, 0.0, -0.0])) for _ in range(2)]
                self.feat("math_constant")
            if fn in ("exp", "log", "pow", "sin", "cos") and self.chance(0.3):
                # constant operands: gcc folds the call at compile time, correctly rounded (MPFR)
                args = [Const(t, convert(self.rng.choice([self.rng.uniform(-30, 30), self.rng.uniform(0.01, 50)]), DOUBLE, t)) for _ in range(n)]
                self.feat("math_constant")
            if fn in ("exp", "log", "pow", "sin", "cos") and all(is_constant(a) for a in args):
                # the interpreter models gcc's folding only where gcc folds for sure: a finite normal result
                from hls.progen.interp import gcc_fold

                vals = [float(a.value) for a in args if isinstance(a, Const)]
                if len(vals) != len(args) or gcc_fold(fn, [float(convert(v, DOUBLE, t)) for v in vals], t.bits) is None:
                    args[0] = self.leaf(sc, "float", allow_arrays) if sc.scalars or sc.arrays or sc.loops else args[0]
                    if is_constant(args[0]):
                        fn, args = "sqrt", args[:1]
            return Math(fn, args, t)
        if sc.helpers:
            c = self.helper_call(sc, "float", impure_ok)
            if c is not None:
                return c
        return Binary("+", sub(), sub())

    def mask_const(self) -> Const:
        """A bit mask constant."""
        v = self.pick([0xF, 0xFF, 0xFFFF, 0x7F, 0x3, 0x1, 0xF0, 0xFF00, 0x5555, 0x7FFFFFFF])
        return Const(INT if v <= 0x7FFFFFFF else UINT, v, hex=True)

    def shift_amount(self, sc: Scope, d: int, allow_arrays: bool) -> Expr:
        """A shift count: a constant, a masked expression or a plain expression (guarded if needed)."""
        r = self.rng.random()
        if r < 0.5:
            return lit(self.rng.randint(0, 31))
        if r < 0.8:
            return Binary("&", self.expr(sc, "int", d, allow_arrays), lit(self.pick([7, 15, 31])))
        return self.expr(sc, "int", d, allow_arrays)

    def divisor(self, sc: Scope, d: int, allow_arrays: bool) -> Expr:
        """A divisor: a non-zero constant, ``(e & m) + 1`` or a plain pure expression (guarded if needed)."""
        r = self.rng.random()
        if r < 0.4:
            return lit(self.pick([1, 2, 3, 5, 7, 8, 10, 16, -3, -1, 255, 1000]))
        if r < 0.7:
            return Binary("+", Binary("&", self.expr(sc, "int", d, allow_arrays), lit(self.pick([7, 15, 3]))), lit(1))
        e = self.expr(sc, "int", d, allow_arrays)
        if not is_pure(e) or is_constant(e):
            return lit(7)  # (a constant divisor gcc folds to zero draws a warning even where the guard skips it)
        return e

    def condition(self, sc: Scope, depth: int, impure_ok: bool) -> Expr:
        """A condition: comparisons joined by ``&&``/``||`` whose right operands may read memory or call helpers."""
        a = self.expr(sc, "any", max(depth - 1, 0))
        b = self.expr(sc, "any" if not a.ty.is_float else "float", max(depth - 1, 0))
        c: Expr = self.cmp(self.pick(["<", "<=", ">", ">=", "==", "!="]), a, b)
        if self.chance(0.15):
            c = self.truthy(self.expr(sc, "int", 1))  # a plain integer as truth value
        if self.chance(0.35):
            self.feat("short_circuit")
            rhs: Expr | None = None
            if sc.helpers and self.chance(0.5):
                rhs = self.helper_call(sc, self.pick(["int", "float"]), impure_ok)
                if rhs is not None:
                    self.feat("call_in_condition")
                    if rhs.ty.is_float:
                        rhs = Binary(self.pick(["<", ">"]), rhs, self.float_const(rhs.ty))
            if rhs is None:
                arrs = sc.arrays
                if arrs:
                    rhs = self.cmp(self.pick(["<", ">", "!=", "=="]), self.elem(sc, self.pick(arrs)), self.expr(sc, "any", 0))
                else:
                    rhs = self.truthy(self.expr(sc, "int", 1))
            c = Binary(self.pick(["&&", "||"]), c, rhs)
        if self.chance(0.08):
            c = Unary("!", c)
        return c

    # --- loops ---------------------------------------------------------------------------------------------------------

    def loop_var(self, nonneg: bool) -> Scalar:
        """A loop variable (usually int)."""
        t = INT
        if nonneg and self.chance(0.2):
            t = self.pick([UINT, LLONG, self.pick([t for t in INT_SPELLINGS if t.bits >= 16]), INT])
            self.feat("loopvar_type")
        return Scalar(self.name(self.pick(["i", "j", "k", "r", "c"])), t, "loop")

    def loop(self, sc: Scope, lo_t: int, hi_t: int, allow_outer: bool = True) -> tuple[For, Scope]:
        """A loop whose variable stays within [lo_t, hi_t]: increasing or decreasing, step 1 or k, bounds that are
        constants, arguments or affine in an outer loop variable. Returns the loop (empty body) and its scope."""
        rng = self.rng
        assert lo_t <= hi_t
        span = hi_t - lo_t
        step = 1 if self.chance(0.75) or span < 3 else rng.randint(2, 3)
        down = self.chance(0.3)
        var = self.loop_var(nonneg=lo_t >= 1 or (lo_t >= 0 and not down))
        unsigned = not var.ty.signed or var.ty.bits < 32
        inside = [lp for lp in sc.loops if lp.lo >= lo_t and lp.hi <= hi_t and lp.lo <= lp.hi]
        args = [(s, lo, hi) for (s, lo, hi) in sc.bound_args if hi <= hi_t + 1 and (lo >= 0 or not unsigned)]
        if step > 1:
            self.feat("loop_step_k")
        pragmas: list[str] = []
        if not down:
            start: Expr = lit(lo_t)
            lo = lo_t
            kind = self.pick(["const", "const", "arg", "outer", "outer_start", "const_le", "arg_start", "affine"])
            starts = [(s, alo, ahi) for (s, alo, ahi) in sc.bound_args if alo >= lo_t and ahi <= hi_t + 1]
            bound: Expr
            if kind == "arg_start" and starts and not var.ty.bits < 32:
                # for (i = n; i < N; i++)
                s, alo, ahi = self.pick(starts)
                start, lo = Var(s), alo
                bound, cmp, hi = lit(hi_t + 1), "<", hi_t
                self.feat("start_arg")
            elif kind == "affine" and not var.ty.bits < 32 and (args or (allow_outer and inside)):
                # i < n + c, i < o + n, i <= 2 * o (affine in arguments and outer variables)
                opts: list[tuple[Expr, int]] = []
                for s, _alo, ahi in args:
                    for c in (-2, -1, 1, 2):
                        if ahi + c - 1 <= hi_t:
                            opts.append((Binary("+" if c > 0 else "-", Var(s), lit(abs(c))), ahi + c - 1))
                if allow_outer:
                    for o in inside:
                        if 2 * o.hi <= hi_t and o.lo >= 0:
                            opts.append((Binary("*", lit(2), Var(o.var)), 2 * o.hi - 1))
                        for s, alo, ahi in args:
                            if o.hi + ahi - 1 <= hi_t and alo >= 0:
                                opts.append((Binary("+", Var(o.var), Var(s)), o.hi + ahi - 1))
                if opts:
                    bound, hi = self.pick(opts)
                    cmp = "<"
                    self.feat("affine_bound")
                else:
                    bound, cmp, hi = lit(hi_t + 1), "<", hi_t
            elif kind == "arg" and args and not var.ty.bits < 32:
                s, alo, ahi = self.pick(args)
                bound = Var(s)
                cmp, hi = "<", ahi - 1
                if self.chance(0.3) and ahi - 1 <= hi_t:
                    bound, cmp = Binary("-", Var(s), lit(1)), "<="
                    hi = ahi - 1
                self.feat("bound_arg")
            elif kind == "outer" and allow_outer and inside and not var.ty.bits < 32:
                o = self.pick(inside)
                if self.chance(0.5):
                    bound, cmp, hi = Var(o.var), "<=", o.hi
                else:
                    bound, cmp, hi = Var(o.var), "<", o.hi - 1
                self.feat("triangular")
            elif kind == "outer_start" and allow_outer and inside and not var.ty.bits < 32:
                o = self.pick(inside)
                off = self.pick([0, 0, 1])
                start = Var(o.var) if off == 0 else Binary("+", Var(o.var), lit(off))
                lo = o.lo + off
                bound, cmp, hi = lit(hi_t + 1), "<", hi_t
                self.feat("triangular")
            elif kind == "const_le":
                bound, cmp, hi = lit(hi_t), "<=", hi_t
            else:
                name = next((k for k, v in self.defines.items() if v == hi_t + 1), None)
                bound, cmp, hi = lit(hi_t + 1), "<", hi_t
                if name and self.chance(0.7):
                    bound = Const(INT, hi_t + 1)
                    bound.macro = name  # type: ignore[attr-defined]
                    self.feat("macro_bound")
            if var.ty.signed is False and isinstance(start, Const) and start.value < 0:
                start = lit(0)
            f = For(var, start, cmp, bound, step, [], pragmas=pragmas)
            lp = Loop(var, min(lo, hi) if lo <= hi else lo, max(lo, hi))
        else:
            self.feat("loop_down")
            hi = hi_t
            start = lit(hi_t)
            kind = self.pick(["const", "const", "arg", "outer"])
            if kind == "arg" and args and var.ty.signed:
                s, alo, ahi = self.pick(args)
                start = Binary("-", Var(s), lit(1))
                hi = ahi - 1
                self.feat("bound_arg")
            elif kind == "outer" and inside and var.ty.signed:
                o = self.pick(inside)
                start, hi = Var(o.var), o.hi
                self.feat("triangular")
            lo = lo_t
            if unsigned and lo < 1:
                lo = 1
            if self.chance(0.5):
                cmp, bound = ">=", lit(lo)
            else:
                cmp, bound = ">", lit(lo - 1)
            if unsigned and step > 1:
                step = 1
            f = For(var, start, cmp, bound, -step, [], pragmas=pragmas)
            lp = Loop(var, lo, max(hi, lo))
        f.step_style = "+=" if abs(step) > 1 else self.pick(["++", "++", "pre", "+="])
        f.declare = self.chance(0.8)
        if f.declare and len(sc.loops) < 5 and self.chance(0.6):
            # the usual names: i, j, k by nesting depth, reused by sibling loops
            var.name = "ijklm"[len(sc.loops)]
            self.feat("loop_names_reused")
        if not f.declare:
            self.top_decls.append(Decl(var, None))
        return f, sc.child(lp)

    def pipeline_pragma(self, f: For) -> None:
        """Sometimes a pipeline pragma in (usually innermost) loops."""
        r = self.rng.random()
        if r < 0.12:
            f.pragmas.append(f"#pragma HLS pipeline II={self.rng.randint(1, 3)}")
            self.feat("pragma_ii")
        elif r < 0.18:
            f.pragmas.append("#pragma HLS pipeline off")
            self.feat("pragma_off")

    def nest(self, sc: Scope, dims: list[int], perfect: bool = True) -> tuple[list[Stmt], list[Stmt], Scope, list[Loop]]:
        """A loop nest covering (part of) an iteration space ``dims``; returns (outer statements, innermost body,
        innermost scope, loops)."""
        outer: list[Stmt] = []
        body = outer
        cur = sc
        loops: list[Loop] = []
        for d, n in enumerate(dims):
            lo = 0
            hi = n - 1
            if self.chance(0.15) and n > 2:
                lo = 1
            f, cur = self.loop(cur, lo, hi, allow_outer=d > 0)
            loops.append(cur.loops[-1])
            if not perfect and d > 0 and self.chance(0.5):
                self.feat("imperfect")
                body.append(self.simple_stmt(self._parent_scope(cur)))
            body.append(f)
            body = f.body
        if loops:
            self.pipeline_pragma(self._innermost(outer))
        return outer, body, cur, loops

    @staticmethod
    def _parent_scope(sc: Scope) -> Scope:
        return Scope(sc.scalars, sc.arrays, sc.loops[:-1], sc.helpers, sc.bound_args, sc.depth)

    @staticmethod
    def _innermost(stmts: list[Stmt]) -> For:
        f = next(s for s in stmts if isinstance(s, For))
        while True:
            inner = [s for s in f.body if isinstance(s, For)]
            if not inner:
                return f
            f = inner[-1]

    # --- statements ----------------------------------------------------------------------------------------------------

    def target(self, sc: Scope, want: str | None = None) -> LValue | None:
        """A writable location: an element of a writable array or a local scalar."""
        arrs = [a for a in sc.writable() if want is None or (want == "float") == a.elem.is_float]
        locs = [s for s in sc.scalars if s.role in ("local", "global") and (want is None or (want == "float") == s.ty.is_float)]
        if arrs and (not locs or self.chance(0.75)):
            return self.elem(sc, self.pick(arrs))
        if locs:
            return Var(self.pick(locs))
        return None

    def simple_stmt(self, sc: Scope) -> Stmt:
        """One assignment-like statement: plain, compound, chained, ``x++`` or a helper call."""
        r = self.rng.random()
        t = self.target(sc)
        if t is None:
            return Comment("nothing to write")
        want = "float" if t.ty.is_float else "int"
        if r < 0.4:
            return Assign([t], "=", self.coerce(self.expr(sc, want, 3, impure_ok=True), t.ty))
        if r < 0.65:
            self.feat("compound")
            ops = ["+=", "-=", "*="] if t.ty.is_float else ["+=", "-=", "*=", "&=", "|=", "^=", "<<=", ">>=", "/=", "%="]
            if t.ty.kind == "bool":
                ops = ["|=", "&=", "^="]
            op = self.pick(ops)
            rhs = self.expr(sc, self.pick([want, want, "any"]) if not t.ty.is_float else want, 2)
            if op in ("<<=", ">>="):
                rhs = self.shift_amount(sc, 1, True)
            if op in ("/=", "%="):
                rhs = self.divisor(sc, 1, True)
            if rhs.ty.is_float and op in ("&=", "|=", "^=", "%=", "<<=", ">>="):
                rhs = Cast(INT, rhs)
            return Assign([t], op, rhs)
        if r < 0.75 and t.ty.is_int and t.ty.kind != "bool":
            self.feat("incr")
            return Incr(t, self.pick(["++", "++", "--"]), prefix=self.chance(0.3))
        if r < 0.85:
            t2 = self.target(sc, want)
            if t2 is not None and not _same_lvalue(t, t2) and t.ty.kind != "bool":
                self.feat("chained")
                return Assign([t, t2], "=", self.coerce(self.coerce(self.expr(sc, want, 2), t2.ty), t.ty))
        if r < 0.93:
            void = [f for f in sc.helpers if f.ret is None or f.writes]
            if void:
                fn = self.pick(void)
                sub = Scope(sc.scalars, sc.arrays, sc.loops, [fn], sc.bound_args)
                c = self.helper_call(sub, "int", True)
                if c is not None:
                    self.feat("call_stmt")
                    return ExprStmt(c)
        return Assign([t], "=", self.coerce(self.expr(sc, want, 2), t.ty))

    def block(self, sc: Scope, n: int) -> list[Stmt]:
        """A few statements, sometimes with an if/else or a block-scope temporary."""
        out: list[Stmt] = []
        local = sc.child(None)
        for _ in range(n):
            r = self.rng.random()
            if r < 0.15:
                t = Scalar(self.name("t"), self.pick([INT, LLONG, DOUBLE, FLOAT, self.int_type()]), "local")
                out.append(Decl(t, self.coerce(self.expr(local, "float" if t.ty.is_float else "int", 2), t.ty)))
                local.scalars.append(t)
                self.feat("block_local")
            elif r < 0.35:
                self.feat("if")
                then = [self.simple_stmt(local) for _ in range(self.rng.randint(1, 2))]
                els = [self.simple_stmt(local)] if self.chance(0.5) else None
                out.append(If(self.condition(local, 2, True), then, els))
            else:
                out.append(self.simple_stmt(local))
        return out

    # --- idioms --------------------------------------------------------------------------------------------------------

    def idiom(self, sc: Scope) -> list[Stmt]:
        """One idiom instantiated on the program's data."""
        kinds = [
            "reduction", "reduction", "minmax", "prefix", "stencil1", "stencil2", "matmul", "histogram", "saturate",
            "bits", "convert", "cond_update", "random_nest", "random_nest", "loop_in_if", "helper_loop", "chained",
            "local_array", "argmax", "shortcircuit", "inplace", "inplace", "window", "window", "recurrence", "recurrence",
            "carried", "carried", "scatter", "overwrite", "tri_update", "search", "search", "early_exit", "struct", "switch", "switch", "goto_exit",
            "two_counters",
        ]  # fmt: skip
        for _ in range(8):
            kind = self.pick(kinds)
            out = getattr(self, f"idiom_{kind}")(sc)
            if out:
                self.feat(f"idiom_{kind}")
                return [Comment(kind.replace("_", " ")), *out]
        return []

    def new_local(self, sc: Scope, t: CType, init: Expr | None, base: str = "acc") -> tuple[Scalar, Stmt]:
        """A local scalar declared with an initial value (added to the scope)."""
        s = Scalar(self.name(base), t, "local")
        st = Decl(s, self.coerce(init, t) if init is not None else self.zero(t))
        sc.scalars.append(s)
        return s, st

    def sink(self, sc: Scope, v: Expr) -> list[Stmt]:
        """Stores a result into an output array element (or leaves it for a later idiom)."""
        outs = sc.writable()
        if not outs:
            return []
        a = self.pick(outs)
        el = Elem(a, [lit(self.rng.randint(0, n - 1)) for n in a.dims])
        return [Assign([el], self.pick(["=", "=", "+="]) if not a.elem.kind == "bool" else "=", self.coerce(v, a.elem))]

    def idiom_reduction(self, sc: Scope) -> list[Stmt]:
        """``acc += f(A[i][j])`` over a nest, then stored."""
        a = self.pick(sc.arrays)
        t = DOUBLE if a.elem.is_float and self.chance(0.7) else self.pick([LLONG, INT, UINT, LONG_T(), DOUBLE, FLOAT])
        acc, decl = self.new_local(sc, t, None)
        outer, body, inner, _ = self.nest(sc, a.dims, perfect=self.chance(0.6))
        el = Elem(a, [self.subscript(inner, n) for n in a.dims]) if self.chance(0.3) else self._diag_elem(inner, a)
        val: Expr = el
        if self.chance(0.5):
            val = self.combine(inner, el, "float" if t.is_float else "int")
        body.append(Assign([Var(acc)], self.pick(["+=", "+=", "-=", "^="]) if t.is_int else self.pick(["+=", "-="]), self.coerce(val, t)))
        return [decl, *outer, *self.sink(sc, Var(acc))]

    def _diag_elem(self, sc: Scope, a: Array) -> Elem:
        """``a[i][j]...`` indexed by the innermost loops in order when they fit."""
        loops = sc.loops[-len(a.dims) :]
        if len(loops) == len(a.dims) and all(lp.lo >= 0 and lp.hi < n for lp, n in zip(loops, a.dims)):
            return Elem(a, [Var(lp.var) for lp in loops])
        return self.elem(sc, a)

    def idiom_minmax(self, sc: Scope) -> list[Stmt]:
        """Running minimum/maximum with if, ``?:`` or fmin/fmax."""
        a = self.pick(sc.arrays)
        if len(a.dims) != 1:
            return []
        n = a.dims[0]
        t = a.elem if a.elem.kind != "bool" else INT
        m, decl = self.new_local(sc, t, Elem(a, [lit(0)]), "m")
        f, inner = self.loop(sc, 1 if n > 1 else 0, n - 1)
        el = Elem(a, [Var(inner.loops[-1].var)])
        op = self.pick(["<", ">"])
        style = self.pick(["if", "ternary", "math"] if t.is_float else ["if", "ternary"])
        if style == "if":
            f.body.append(If(Binary(op, el, Var(m)), [Assign([Var(m)], "=", Elem(a, [Var(inner.loops[-1].var)]))]))
        elif style == "ternary":
            f.body.append(Assign([Var(m)], "=", self.coerce(Cond(Binary(op, el, Var(m)), Elem(a, [Var(inner.loops[-1].var)]), Var(m)), t)))
        else:
            f.body.append(Assign([Var(m)], "=", Math("fmin" if op == "<" else "fmax", [Var(m), el], t)))
        self.feat("minmax")
        return [decl, f, *self.sink(sc, Var(m))]

    def idiom_argmax(self, sc: Scope) -> list[Stmt]:
        """``if (A[i] > best) { best = A[i]; idx = i; }``."""
        a = self.pick(sc.arrays)
        if len(a.dims) != 1 or a.dims[0] < 2:
            return []
        t = a.elem if a.elem.kind != "bool" else INT
        best, d1 = self.new_local(sc, t, Elem(a, [lit(0)]), "best")
        idx, d2 = self.new_local(sc, INT, lit(0), "idx")
        f, inner = self.loop(sc, 1, a.dims[0] - 1, allow_outer=False)
        i = Var(inner.loops[-1].var)
        f.body.append(
            If(
                Binary(self.pick([">", ">=", "<"]), Elem(a, [i]), Var(best)),
                [Assign([Var(best)], "=", Elem(a, [Var(inner.loops[-1].var)])), Assign([Var(idx)], "=", Var(inner.loops[-1].var))],
            )
        )
        return [d1, d2, f, *self.sink(sc, Var(idx)), *self.sink(sc, Var(best))]

    def idiom_prefix(self, sc: Scope) -> list[Stmt]:
        """Prefix sums: ``out[i] = out[i-1] + in[i]`` or in place."""
        outs = [a for a in sc.writable() if len(a.dims) == 1 and a.dims[0] >= 2 and a.elem.kind != "bool"]
        if not outs:
            return []
        o = self.pick(outs)
        srcs = [a for a in sc.arrays if len(a.dims) == 1 and a.dims[0] >= o.dims[0]]
        src = self.pick(srcs)
        n = o.dims[0]
        f = For(self.loop_var(True), lit(1), "<", lit(n), 1, [])
        f.step_style = self.pick(["++", "pre"])
        i = Var(f.var)
        prev = Elem(o, [Binary("-", i, lit(1))])
        cur = Elem(src, [Var(f.var)])
        if src is o or self.chance(0.3):
            f.body.append(Assign([Elem(o, [Var(f.var)])], self.pick(["+=", "^=", "-="]) if o.elem.is_int else "+=", self.coerce(prev, o.elem)))
        else:
            val: Expr = Binary("+", prev, cur)
            f.body.append(Assign([Elem(o, [Var(f.var)])], "=", self.coerce(val, o.elem)))
        self.pipeline_pragma(f)
        first = Assign([Elem(o, [lit(0)])], "=", self.coerce(Elem(src, [lit(0)]), o.elem))
        return [first, f] if src is not o else [f]

    def idiom_stencil1(self, sc: Scope) -> list[Stmt]:
        """``out[i] = (in[i-1] + 2*in[i] + in[i+1]) >> 2`` (or a weighted float average)."""
        srcs = [a for a in sc.arrays if len(a.dims) == 1 and a.dims[0] >= 3]
        if not srcs:
            return []
        src = self.pick(srcs)
        outs = [a for a in sc.writable() if len(a.dims) == 1 and a.dims[0] >= src.dims[0] - 1 and a is not src]
        if not outs:
            return []
        o = self.pick(outs)
        n = min(src.dims[0], o.dims[0] + 1)
        f, inner = self.loop(sc, 1, n - 2, allow_outer=False)
        i = inner.loops[-1].var
        terms = [Elem(src, [Binary("-", Var(i), lit(1))]), Elem(src, [Var(i)]), Elem(src, [Binary("+", Var(i), lit(1))])]
        if o.elem.is_float or src.elem.is_float:
            w = [self.float_const(DOUBLE if o.elem.bits == 64 else FLOAT) for _ in range(3)]
            e: Expr = Binary("+", Binary("+", Binary("*", w[0], terms[0]), Binary("*", w[1], terms[1])), Binary("*", w[2], terms[2]))
        else:
            e = Binary(">>", Binary("+", Binary("+", terms[0], Binary("*", lit(2), terms[1])), terms[2]), lit(2))
        f.body.append(Assign([Elem(o, [Var(i)])], "=", self.coerce(e, o.elem)))
        self.pipeline_pragma(f)
        self.feat("stencil")
        return [f]

    def idiom_stencil2(self, sc: Scope) -> list[Stmt]:
        """A 5-point 2-D stencil (Jacobi-style) into another array."""
        srcs = [a for a in sc.arrays if len(a.dims) == 2 and a.dims[0] >= 3 and a.dims[1] >= 3]
        if not srcs:
            return []
        src = self.pick(srcs)
        outs = [a for a in sc.writable() if len(a.dims) == 2 and a is not src and a.dims[0] >= src.dims[0] and a.dims[1] >= src.dims[1]]
        if not outs:
            return []
        o = self.pick(outs)
        R, C = src.dims
        fi, s1 = self.loop(sc, 1, R - 2, allow_outer=False)
        fj, s2 = self.loop(s1, 1, C - 2, allow_outer=False)
        i, j = s1.loops[-1].var, s2.loops[-1].var

        def at(di: int, dj: int) -> Elem:
            ii: Expr = Var(i) if di == 0 else Binary("+" if di > 0 else "-", Var(i), lit(abs(di)))
            jj: Expr = Var(j) if dj == 0 else Binary("+" if dj > 0 else "-", Var(j), lit(abs(dj)))
            return Elem(src, [ii, jj])

        e: Expr = Binary("+", Binary("+", Binary("+", at(-1, 0), at(1, 0)), Binary("+", at(0, -1), at(0, 1))), at(0, 0))
        if o.elem.is_float or src.elem.is_float:
            e = Binary("*", self.float_const(FLOAT if self.chance(0.5) else DOUBLE), e)
        else:
            e = Binary("/", e, lit(5))
        fj.body.append(Assign([Elem(o, [Var(i), Var(j)])], "=", self.coerce(e, o.elem)))
        fi.body.append(fj)
        self.pipeline_pragma(fj)
        self.feat("stencil")
        return [fi]

    def idiom_matmul(self, sc: Scope) -> list[Stmt]:
        """``C[i][j] (+)= sum_k A[i][k] * B[k][j]`` with an accumulator, sometimes triangular (k <= i)."""
        twod = [a for a in sc.arrays if len(a.dims) == 2]
        outs = [a for a in sc.writable() if len(a.dims) == 2]
        if not twod or not outs:
            return []
        c = self.pick(outs)
        ni, nj = c.dims
        As = [a for a in twod if a.dims[0] >= ni]
        if not As:
            return []
        A = self.pick(As)
        nk = A.dims[1]
        Bs = [b for b in twod if b.dims[0] >= nk and b.dims[1] >= nj]
        if not Bs:
            return []
        B = self.pick(Bs)
        wide = c.elem.is_float or A.elem.is_float or B.elem.is_float
        t = DOUBLE if wide else self.pick([LLONG, INT, UINT, ULLONG])
        fi, s1 = self.loop(sc, 0, ni - 1, allow_outer=False)
        fj, s2 = self.loop(s1, 0, nj - 1)
        i, j = s1.loops[-1], s2.loops[-1]
        acc = Scalar(self.name("sum"), t, "local")
        s2.scalars.append(acc)
        tri = self.chance(0.3) and i.hi < nk
        if tri:
            fk = For(self.loop_var(True), lit(0), "<=", Var(i.var), 1, [])
            s3 = s2.child(Loop(fk.var, 0, i.hi))
            self.feat("triangular")
        else:
            fk, s3 = self.loop(s2, 0, nk - 1, allow_outer=False)
        k = s3.loops[-1].var
        prod: Expr = Binary("*", Elem(A, [Var(i.var), Var(k)]), Elem(B, [Var(k), Var(j.var)]))
        if not wide and self.chance(0.5):
            prod = Binary("*", Cast(self.pick([INT, LLONG, SHORT_T()]), Elem(A, [Var(i.var), Var(k)])), Elem(B, [Var(k), Var(j.var)]))
        fk.body.append(Assign([Var(acc)], "+=", self.coerce(prod, t)))
        self.pipeline_pragma(fk)
        fj.body.extend(
            [
                Decl(acc, self.zero(t)),
                fk,
                Assign([Elem(c, [Var(i.var), Var(j.var)])], self.pick(["=", "+="]) if c.elem.kind != "bool" else "=", self.coerce(Var(acc), c.elem)),
            ]
        )
        fi.body.append(fj)
        self.feat("matmul")
        return [fi]

    def idiom_histogram(self, sc: Scope) -> list[Stmt]:
        """A local histogram with masked (data-dependent) bins, then folded into an output."""
        srcs = [a for a in sc.arrays if a.elem.is_int]
        if not srcs:
            return []
        src = self.pick(srcs)
        nb = self.pick([4, 8, 16, 5, 10])
        ht = self.pick([INT, UINT, SHORT_T(), LLONG])
        h = Array(self.name("hist"), ht, [nb], "local")
        self.local_pragmas(h)
        out: list[Stmt] = [ArrayDecl(h)]
        f0 = For(self.loop_var(True), lit(0), "<", lit(nb), 1, [])
        f0.body.append(Assign([Elem(h, [Var(f0.var)])], "=", lit(0)))
        out.append(f0)
        sc.arrays.append(h)
        outer, body, inner, _ = self.nest(sc, src.dims)
        key: Expr = self._diag_elem(inner, src)
        if self.chance(0.4):
            key = Binary(">>", key, lit(self.rng.randint(0, 4)))
        bin_: Expr = Binary("&", key, lit(nb - 1)) if is_pow2(nb) else Binary("%", Cast(UINT, key), Const(UINT, nb))
        if self.chance(0.2):
            bin_ = key  # raw: the interpreter guards it when a value is out of range
        el = Elem(h, [bin_])
        if self.chance(0.5):
            body.append(Incr(el, "++"))
        else:
            body.append(Assign([el], "+=", self.expr(inner, "int", 1)))
        if self.chance(0.3):
            cnd = self.cmp(self.pick([">", "!=", "<"]), self._diag_elem(inner, src), self.const_for(src.elem))
            body[-1] = If(cnd, [body[-1]])
        out.extend(outer)
        outs = [a for a in sc.writable() if a.role == "arg" and len(a.dims) == 1 and a.elem.kind != "bool"]
        if outs:
            o = self.pick(outs)
            m = min(nb, o.dims[0])
            f2 = For(self.loop_var(True), lit(0), "<", lit(m), 1, [])
            f2.body.append(Assign([Elem(o, [Var(f2.var)])], self.pick(["=", "+="]), self.coerce(Elem(h, [Var(f2.var)]), o.elem)))
            out.append(f2)
        self.feat("histogram", "local_array")
        return out

    def local_pragmas(self, a: Array) -> None:
        """bind_storage on a local array (sometimes)."""
        if self.chance(0.4):
            ty = self.pick(["ram_1p", "ram_2p", "ram_s2p", "ram_t2p"])
            impl = self.pick(["bram", "lutram", "reg", None])
            p = f"#pragma HLS bind_storage variable={a.name} type={ty}" + (f" impl={impl}" if impl else "")
            a.pragmas.append(p)
            self.feat("bind_storage")

    def idiom_saturate(self, sc: Scope) -> list[Stmt]:
        """Saturating arithmetic in a wider type, clamped with ``?:`` or if/else."""
        arrs = [a for a in sc.arrays if a.elem.kind == "int"]
        outs = [a for a in sc.writable() if a.elem.kind == "int" and a.elem.bits <= 32]
        if not arrs or not outs:
            return []
        o = self.pick(outs)
        a = self.pick(arrs)
        b = self.pick(arrs)
        outer, body, inner, _ = self.nest(sc, o.dims)
        wt = LLONG
        t = Scalar(self.name("t"), wt, "local")
        inner.scalars.append(t)
        lo, hi = o.elem.min, o.elem.max
        e = Binary(self.pick(["+", "-", "*"]), Cast(wt, Cast(INT, self.elem(inner, a))), Cast(INT, self.elem(inner, b)))
        body.append(Decl(t, e))
        tgt = self._diag_elem(inner, o)
        hi_c, lo_c = Const(LLONG, hi), Const(LLONG, lo)
        if self.chance(0.5):
            body.append(Assign([tgt], "=", Cast(o.elem, Cond(Binary(">", Var(t), hi_c), hi_c, Cond(Binary("<", Var(t), lo_c), lo_c, Var(t))))))
        else:
            body.append(If(Binary(">", Var(t), hi_c), [Assign([Var(t)], "=", hi_c)], [If(Binary("<", Var(t), lo_c), [Assign([Var(t)], "=", lo_c)])]))
            body.append(Assign([Elem(o, list(tgt.idx))], "=", Cast(o.elem, Var(t))))
        self.feat("saturate")
        return outer

    def idiom_bits(self, sc: Scope) -> list[Stmt]:
        """Bit manipulation: popcount by a bit loop, parity, rotate, field extraction on unsigned values."""
        srcs = [a for a in sc.arrays if a.elem.kind == "int"]
        outs = [a for a in sc.writable() if a.elem.kind == "int"]
        if not srcs or not outs:
            return []
        src = self.pick(srcs)
        o = self.pick(outs)
        if len(src.dims) != 1 or len(o.dims) != 1:
            return []
        n = min(src.dims[0], o.dims[0])
        f, inner = self.loop(sc, 0, n - 1, allow_outer=False)
        i = inner.loops[-1].var
        ut = self.pick([UINT, ULLONG, self.pick([t for t in INT_SPELLINGS if not t.signed])])
        x = Scalar(self.name("x"), ut, "local")
        inner.scalars.append(x)
        f.body.append(Decl(x, Cast(ut, Elem(src, [Var(i)]))))
        kind = self.pick(["popcount", "rotate", "field", "parity", "clz"])
        W = promote(ut).bits
        if kind == "popcount":
            c = Scalar(self.name("cnt"), INT, "local")
            f.body.append(Decl(c, lit(0)))
            fb = For(self.loop_var(True), lit(0), "<", lit(ut.bits), 1, [])
            fb.body.append(Assign([Var(c)], "+=", Cast(INT, Binary("&", Binary(">>", Var(x), Var(fb.var)), lit(1)))))
            self.pipeline_pragma(fb)
            f.body.append(fb)
            res: Expr = Var(c)
        elif kind == "rotate":
            k = self.rng.randint(1, W - 1)
            res = Binary("|", Binary("<<", Var(x), lit(k)), Binary(">>", Var(x), lit(W - k)))
        elif kind == "field":
            sh = self.rng.randint(0, max(0, ut.bits - 4))
            res = Binary("&", Binary(">>", Var(x), lit(sh)), self.mask_const())
        elif kind == "parity":
            p = Scalar(self.name("p"), ut, "local")
            f.body.append(Decl(p, Var(x)))
            for s in (16, 8, 4, 2, 1):
                if s < ut.bits:
                    f.body.append(Assign([Var(p)], "^=", Binary(">>", Var(p), lit(s))))
            res = Binary("&", Var(p), lit(1))
        else:
            # leading zeros by a descending bit loop with a flag
            z = Scalar(self.name("lz"), INT, "local")
            seen = Scalar(self.name("seen"), INT, "local")
            f.body.extend([Decl(z, lit(0)), Decl(seen, lit(0))])
            fb = For(self.loop_var(False), lit(ut.bits - 1), ">=", lit(0), -1, [])
            fb.body.append(
                If(
                    Binary("&&", Unary("!", Var(seen)), Unary("!", Binary("&", Binary(">>", Var(x), Var(fb.var)), lit(1)))),
                    [Incr(Var(z), "++")],
                    [Assign([Var(seen)], "=", lit(1))],
                )
            )
            f.body.append(fb)
            res = Var(z)
        f.body.append(Assign([Elem(o, [Var(i)])], self.pick(["=", "^=", "="]), self.coerce(res, o.elem)))
        self.pipeline_pragma(f)
        self.feat(f"bits_{kind}")
        return [f]

    def idiom_convert(self, sc: Scope) -> list[Stmt]:
        """Conversions between integers, float and double with casts (guarded when out of range)."""
        outs = [a for a in sc.writable() if len(a.dims) == 1]
        if not outs:
            return []
        o = self.pick(outs)
        srcs = [a for a in sc.arrays if len(a.dims) == 1 and a.dims[0] >= o.dims[0] and a.elem.is_float != o.elem.is_float]
        if not srcs:
            srcs = [a for a in sc.arrays if len(a.dims) == 1 and a.dims[0] >= o.dims[0]]
        src = self.pick(srcs)
        f, inner = self.loop(sc, 0, o.dims[0] - 1, allow_outer=False)
        i = inner.loops[-1].var
        x: Expr = Elem(src, [Var(i)])
        mid = self.pick([FLOAT, DOUBLE, INT, LLONG, UINT, SHORT_T()])
        e: Expr = Cast(mid, x)
        if mid.is_float:
            e = Binary(self.pick(["*", "+", "/"]), e, self.float_const(mid))
        else:
            e = Binary(self.pick(["+", "^", "-"]), e, self.const_for(mid))
        val = self.coerce(e, o.elem) if o.elem.kind == "bool" else Cast(o.elem, e, implicit=self.chance(0.4))
        f.body.append(Assign([Elem(o, [Var(i)])], "=", val))
        self.pipeline_pragma(f)
        self.feat("conversions")
        return [f]

    def idiom_cond_update(self, sc: Scope) -> list[Stmt]:
        """``if (A[i] > B[i]) C[i] = ...; else C[i] = ...;`` and ``C[i] = cond ? x : y`` over a nest."""
        outs = sc.writable()
        if not outs:
            return []
        o = self.pick(outs)
        outer, body, inner, _ = self.nest(sc, o.dims, perfect=self.chance(0.5))
        tgt = self._diag_elem(inner, o)
        want = "float" if o.elem.is_float else "int"
        if self.chance(0.5):
            body.append(
                If(
                    self.condition(inner, 2, True),
                    [Assign([tgt], "=", self.coerce(self.expr(inner, want, 2), o.elem))],
                    [
                        Assign(
                            [Elem(o, list(tgt.idx))],
                            self.pick(["=", "+=", "-="]) if o.elem.kind != "bool" else "=",
                            self.coerce(self.expr(inner, want, 2), o.elem),
                        )
                    ]
                    if self.chance(0.7)
                    else None,
                )
            )
        else:
            arm_a = self.expr(inner, want, 2, impure_ok=True)
            if inner.helpers and self.chance(0.5):
                arm_a = self.helper_call(inner, want, True) or arm_a
            arm_b = self.expr(inner, want, 2)
            if self.chance(0.2) and inner.scalars and any(s.role == "local" and s.ty.is_int for s in inner.scalars):
                loc = self.pick([s for s in inner.scalars if s.role == "local" and s.ty.is_int])
                arm_b = AssignExpr(Var(loc), self.pick(["=", "+="]), self.expr(inner, "int", 1))
                self.feat("assign_in_ternary")
            body.append(Assign([tgt], "=", self.coerce(Cond(self.condition(inner, 2, True), arm_a, arm_b), o.elem)))
        self.feat("cond_update")
        return outer

    def idiom_search(self, sc: Scope) -> list[Stmt]:
        """A loop whose exit depends on the data, bounded by a counter: ``while (k < N && c(A[k])) {...; k++;}``
        (a search), or ``do {...; k++;} while (k < N && c(A[k]));``; the counter is used afterwards."""
        a = self.pick(sc.arrays)
        n = a.dims[0]
        k = Scalar(self.name("k"), self.pick([INT, INT, UINT, self.int_type(wide=True)]), "local")
        inner = sc.child(Loop(k, 0, n - 1))
        el = Elem(a, [Var(k), *[self.subscript(inner, d) for d in a.dims[1:]]])
        if a.elem.kind == "bool":
            test: Expr = el if self.chance(0.5) else Unary("!", el)
        else:
            test = self.cmp(self.pick(["<", "<=", ">", ">=", "!=", "=="]), el, self.expr(sc, "float" if a.elem.is_float else "int", 1))
        if self.chance(0.3):
            test = Binary(self.pick(["&&", "||"]), test, self.condition(inner, 1, False))
        do = self.chance(0.35)
        c = Binary("&&", Binary("<", Var(k), lit(n)), test)
        body = self.block(inner, self.rng.randint(0, 2) if not do else self.rng.randint(1, 2))
        body.append(Incr(Var(k), "++", prefix=self.chance(0.3)) if self.chance(0.8) else Assign([Var(k)], "+=", lit(1)))
        self.feat("do_while" if do else "while")
        sc.scalars.append(k)
        return [Decl(k, lit(0)), While(c, body, do), *self.sink(sc, Var(k))]

    def idiom_struct(self, sc: Scope) -> list[Stmt]:
        """A local struct: scalar members set from expressions and an array member filled by a loop, then read
        and written by this and later idioms like other locals (``s.acc += ...``, ``s.buf[i]``); or a union."""
        if self.union_rng.random() < 0.5:
            return self.idiom_union(sc)
        name = self.name("s")
        fields: list[Scalar | Array] = []
        for _ in range(self.rng.randint(1, 2)):
            t = self.int_type() if self.chance(0.7) else self.pick([FLOAT, DOUBLE])
            fields.append(Scalar(self.name("f"), t, "local", owner=name))
        elem = self.elem_type()
        n = self.pick([4, 6, 8])
        arr = Array(self.name("m"), elem, [n], "local", owner=name)
        fields.insert(self.rng.randint(0, len(fields)), arr)
        style = self.pick(["tag", "tag", "typedef", "inline"])
        tag = self.name("rec_t" if style == "typedef" else "rec")
        out: list[Stmt] = [StructDecl(name, tag, fields, style)]
        for f in fields:
            if isinstance(f, Scalar):
                out.append(Assign([Var(f)], "=", self.coerce(self.expr(sc, "float" if f.ty.is_float else "int", 1), f.ty)))
        fill = For(self.loop_var(True), lit(0), "<", lit(n), 1, [])
        inner = sc.child(Loop(fill.var, 0, n - 1))
        fill.body.append(Assign([Elem(arr, [Var(fill.var)])], "=", self.coerce(self.expr(inner, "float" if elem.is_float else "int", 2), elem)))
        out.append(fill)
        sc.scalars.extend(f for f in fields if isinstance(f, Scalar))
        sc.arrays.append(arr)
        # a statement over the members, and one member observed in an output
        out.append(self.simple_stmt(sc))
        out += self.sink(sc, Var(self.pick([f for f in fields if isinstance(f, Scalar)])))
        out += self.sink(sc, Elem(arr, [lit(self.rng.randint(0, n - 1))]))
        self.feat("struct_local", f"struct_{style}")
        return out

    def idiom_union(self, sc: Scope) -> list[Stmt]:
        """A local union of 4 or 8 bytes (``union { double d; uint64_t u; uint16_t h[4]; } v;``): one member written
        whole, another read as its bytes, an element of the array member changed (by a constant subscript or in a loop
        over them), the integer views read again. The members stay inside the idiom: the compiler takes a union's
        members by name only (no pointer to one). A float member is never read after bytes were written as integers
        (the interpreter's float would not keep a signalling NaN's bits), and is written from an integer (no NaN: which
        NaN an operation on two returns depends on the order the compiler puts the operands in)."""
        name = self.name("u")
        size = self.pick([4, 8])
        ints = [t for t in INT_SPELLINGS if t.bits == size * 8]
        whole_t = (FLOAT if size == 4 else DOUBLE) if self.chance(0.6) else self.pick(ints)
        whole = Scalar(self.name("f"), whole_t, "local", owner=name)
        view = Scalar(self.name("f"), self.pick(ints), "local", owner=name)
        elem = self.pick([t for t in INT_SPELLINGS if t.bits < size * 8])
        n = size * 8 // elem.bits
        part = Array(self.name("m"), elem, [n], "local", owner=name)
        fields: list[Scalar | Array] = [whole, view, part]
        self.rng.shuffle(fields)
        style = self.pick(["tag", "tag", "typedef", "inline"])
        tag = self.name("pun_t" if style == "typedef" else "pun")
        out: list[Stmt] = [StructDecl(name, tag, fields, style, union=True)]
        # (a float member gets an integer's value: never a NaN, whose bits C leaves to the compiler's operand order)
        out.append(Assign([Var(whole)], "=", self.coerce(self.expr(sc, "int", 2), whole_t)))
        out += self.sink(sc, Var(view))
        if self.chance(0.5):
            loop = For(self.loop_var(True), lit(0), "<", lit(n), 1, [])
            inner = sc.child(Loop(loop.var, 0, n - 1))
            loop.body.append(Assign([Elem(part, [Var(loop.var)])], self.pick(["=", "^=", "+="]), self.coerce(self.expr(inner, "int", 1), elem)))
            out.append(loop)
            self.feat("union_loop")
        else:
            out.append(Assign([Elem(part, [lit(self.rng.randint(0, n - 1))])], self.pick(["=", "^=", "|=", "+="]), self.coerce(self.expr(sc, "int", 1), elem)))
        out += self.sink(sc, Var(view))
        out += self.sink(sc, Elem(part, [lit(self.rng.randint(0, n - 1))]))
        if not whole_t.is_float:
            out += self.sink(sc, Var(whole))
        self.feat("union_local", f"union_{style}")
        return out

    def array_nest(self, sc: Scope) -> tuple[list[Stmt], list[Stmt], Scope, list[Loop]]:
        """A nest over the leading dimensions of one of the arrays (see ``nest``)."""
        a = self.pick(sc.arrays)
        return self.nest(sc, list(a.dims[: self.rng.randint(1, len(a.dims))]), perfect=self.chance(0.6))

    def idiom_two_counters(self, sc: Scope) -> list[Stmt]:
        """``for (int i = 0, j = N - 1; i < N; i++, j--)``: a second counter in the declaration and the comma
        increment, used in subscripts like the first (a reversal, a mirror, a shifted copy)."""
        a = self.pick(sc.arrays)
        n = a.dims[0]
        i, j = Scalar(self.name("i"), INT, "loop"), Scalar(self.name("j"), INT, "loop")
        down = self.chance(0.6)
        f = For(i, lit(0), "<", lit(n), 1, [], counters=[(j, n - 1 if down else 0, -1 if down else 1)])
        inner = sc.child(Loop(i, 0, n - 1)).child(Loop(j, 0, n - 1))
        f.body = self.block(inner, self.rng.randint(1, 3))
        self.pipeline_pragma(f)
        self.feat("comma_counters")
        return [f]

    def idiom_switch(self, sc: Scope) -> list[Stmt]:
        """A ``switch`` in a loop nest on a small value (a loop variable, masked data): cases with one or more
        labels, some falling through to the next, ``default`` anywhere or absent."""
        outer, body, inner, loops = self.array_nest(sc)
        if self.chance(0.4):
            sel: Expr = Binary("%", Var(loops[-1].var), lit(self.rng.randint(2, 5))) if loops[-1].lo >= 0 else Var(loops[-1].var)
        else:
            sel = Binary("&", self.expr(inner, "int", 1), lit(7))
        values = self.rng.sample(range(0, 8), self.rng.randint(2, 5))
        cases: list[tuple[list[int] | None, list[Stmt], bool]] = []
        while values:
            take = 1 if len(values) == 1 or self.chance(0.7) else 2
            labels, values = values[:take], values[take:]
            cases.append((labels, self.block(inner, self.rng.randint(1, 2)), self.chance(0.75)))
        if self.chance(0.6):
            cases.insert(self.rng.randint(0, len(cases)), (None, self.block(inner, 1), self.chance(0.75)))
            self.feat("switch_default")
        if any(not brk for _, _, brk in cases[:-1]):
            self.feat("switch_fallthrough")
        body.append(Switch(sel, cases))
        self.feat("switch")
        return outer

    def exit_nest(self, sc: Scope, jump: Stmt) -> list[Stmt]:
        """A nest over an array whose innermost body holds a block of statements and ``if (c) <jump>``."""
        outer, body, inner, _ = self.array_nest(sc)
        body.extend(self.block(inner, self.rng.randint(1, 3)))
        body.insert(self.rng.randint(0, len(body)), If(self.condition(inner, 2, False), [jump]))
        return outer

    def idiom_goto_exit(self, sc: Scope) -> list[Stmt]:
        """A loop nest left by a forward ``goto`` past its end (the error-exit pattern), then a statement."""
        label = self.name("done")
        outer = self.exit_nest(sc, Goto(label))
        self.feat("goto")
        return [*outer, Label(label), self.simple_stmt(sc)]

    def idiom_early_exit(self, sc: Scope) -> list[Stmt]:
        """A loop nest left early: ``if (c) break;`` or ``if (c) continue;`` in its innermost body."""
        jump: Stmt = Break() if self.chance(0.6) else Continue()
        self.feat("break" if isinstance(jump, Break) else "continue")
        return self.exit_nest(sc, jump)

    def idiom_random_nest(self, sc: Scope) -> list[Stmt]:
        """A loop nest over an array's shape with a block of random statements."""
        a = self.pick(sc.arrays)
        dims = list(a.dims)
        if self.chance(0.3) and len(dims) > 1:
            dims = dims[:-1]
        outer, body, inner, loops = self.nest(sc, dims, perfect=self.chance(0.5))
        body.extend(self.block(inner, self.rng.randint(1, 3) if self.chance(0.7) else self.rng.randint(4, 7)))
        if self.chance(0.3) and len(outer) == 1 and isinstance(outer[0], For) and outer[0].body and isinstance(outer[0].body[-1], For):
            # imperfect: a statement after the inner loop
            outer[0].body.append(self.simple_stmt(sc.child(loops[0])))
            self.feat("imperfect")
        return outer

    def idiom_loop_in_if(self, sc: Scope) -> list[Stmt]:
        """A loop (or nest) under an if on an argument or an element."""
        inner_stmts = self.idiom_random_nest(sc)
        if not inner_stmts:
            return []
        self.feat("loop_in_if")
        c = self.condition(sc, 1, False)
        els = self.idiom_random_nest(sc) if self.chance(0.3) else None
        return [If(c, inner_stmts, els)]

    def idiom_helper_loop(self, sc: Scope) -> list[Stmt]:
        """Helpers called in a loop body: in a condition, in a ``?:`` arm and as statements."""
        if not sc.helpers:
            return []
        a = self.pick(sc.arrays)
        outer, body, inner, _ = self.nest(sc, a.dims[:1])
        for _ in range(self.rng.randint(1, 2)):
            c = self.helper_call(inner, self.pick(["int", "float"]), True)
            if c is None:
                continue
            t = self.target(inner, "float" if c.ty.is_float else "int")
            if t is None:
                continue
            r = self.rng.random()
            if r < 0.3:
                body.append(Assign([t], "=", self.coerce(c, t.ty)))
            elif r < 0.7:
                self.feat("call_in_ternary")
                other = self.expr(inner, "float" if c.ty.is_float else "int", 1)
                body.append(Assign([t], "=", self.coerce(Cond(self.condition(inner, 1, False), c, other), t.ty)))
            else:
                self.feat("call_in_condition")
                cnd: Expr = Binary(">", c, self.zero(c.ty)) if self.chance(0.5) else c
                body.append(If(cnd, [self.simple_stmt(inner)]))
        if not body:
            return []
        return outer

    def idiom_chained(self, sc: Scope) -> list[Stmt]:
        """Chained assignments and counters: ``a[i] = b[i] = v; cnt++;``."""
        outs = sc.writable()
        if len(outs) < 1:
            return []
        cnt, d = self.new_local(sc, self.pick([INT, UINT, LLONG, SHORT_T()]), lit(0), "cnt")
        a = self.pick(outs)
        outer, body, inner, _ = self.nest(sc, a.dims[:1])
        t1 = self.elem(inner, a)
        t2 = self.target(inner, "float" if a.elem.is_float else "int")
        targets: list[LValue] = [t1] if t2 is None or _same_lvalue(t1, t2) or t1.ty.kind == "bool" else [t1, t2]
        val = self.expr(inner, "float" if a.elem.is_float else "int", 2)
        if len(targets) == 2:
            val = self.coerce(val, targets[1].ty)
        body.append(Assign(targets, "=", self.coerce(val, t1.ty)))
        body.append(If(self.condition(inner, 1, False), [Incr(Var(cnt), self.pick(["++", "--"]), prefix=self.chance(0.3))]))
        self.feat("chained", "incr")
        return [d, *outer, *self.sink(sc, Var(cnt))]

    def local_array(self, sc: Scope) -> list[Stmt]:
        """A local array (with bind_storage sometimes), filled by a full nest from the inputs."""
        t = self.elem_type() if self.chance(0.8) else INT
        dims = [self.pick([4, 8, 6, 16])] if self.chance(0.7) else [self.rng.randint(2, 4), self.pick([2, 4, 5])]
        arr = Array(self.name("buf"), t, dims, "local")
        self.local_pragmas(arr)
        decl = ArrayDecl(arr)
        out: list[Stmt] = [decl]
        if self.chance(0.3):
            # an initializer (its first elements; the rest zero), and sometimes nothing else fills it
            decl.init = [self.coerce(self.const_for(t), t) for _ in range(self.rng.randint(1, arr.size))]
            self.feat("array_init")
            if self.chance(0.35):
                # initialised once: what the later idioms write stays for the next call
                arr.static = True
                self.feat("static_local")
            if arr.static or self.chance(0.5):
                sc.arrays.append(arr)
                self.feat("local_array")
                return out
        fs: list[For] = []
        cur = sc
        for n in dims:
            f = For(self.loop_var(True), lit(0), "<", lit(n), 1, [])
            cur = cur.child(Loop(f.var, 0, n - 1))
            if fs:
                fs[-1].body.append(f)
            fs.append(f)
        val = self.expr(cur, "float" if t.is_float else "int", 2)
        fs[-1].body.append(Assign([Elem(arr, [Var(f.var) for f in fs])], "=", self.coerce(val, t)))
        out.append(fs[0])
        sc.arrays.append(arr)
        self.feat("local_array")
        return out

    def idiom_local_array(self, sc: Scope) -> list[Stmt]:
        """A local buffer: filled, processed in place, then copied to an output."""
        out = self.local_array(sc)
        buf = sc.arrays[-1]
        outer, body, inner, _ = self.nest(sc, buf.dims)
        body.append(Assign([self._diag_elem(inner, buf)], "=", self.coerce(self.expr(inner, "float" if buf.elem.is_float else "int", 2), buf.elem)))
        out.extend(outer)
        outs = [a for a in sc.writable() if a.role == "arg" and a.dims == buf.dims]
        if outs:
            o = self.pick(outs)
            o2, body2, inner2, _ = self.nest(sc, buf.dims)
            body2.append(Assign([self._diag_elem(inner2, o)], "=", self.coerce(self._diag_elem(inner2, buf), o.elem)))
            out.extend(o2)
        else:
            out.extend(self.idiom_reduction(Scope(sc.scalars, [buf, *sc.writable()], sc.loops, sc.helpers, sc.bound_args)))
        return out

    def idiom_shortcircuit(self, sc: Scope) -> list[Stmt]:
        """``if (x != 0 && A[f(i)] > 0)`` / ``if (c || helper(A, i))`` where the right operand reads memory or calls."""
        a = self.pick(sc.arrays)
        outer, body, inner, _ = self.nest(sc, a.dims[:1])
        left = self.cmp(self.pick(["!=", ">", "<"]), self.leaf(inner, "any"), self.leaf(inner, "any", allow_arrays=False))
        rhs: Expr | None = self.helper_call(inner, "int", True) if inner.helpers and self.chance(0.6) else None
        if rhs is None:
            rhs = self.cmp(self.pick(["<", ">", "=="]), self.elem(inner, self.pick(inner.arrays)), self.leaf(inner, "any"))
        c = Binary(self.pick(["&&", "||"]), left, rhs)
        body.append(If(c, [self.simple_stmt(inner)], [self.simple_stmt(inner)] if self.chance(0.4) else None))
        self.feat("short_circuit")
        return outer

    def idiom_inplace(self, sc: Scope) -> list[Stmt]:
        """Gauss-Seidel style in-place updates: ``A[i] = f(A[i-1], A[i], A[i+1])`` (values written one iteration
        earlier are read back), 1-D or along the rows of a 2-D array."""
        cands = [a for a in sc.writable() if a.dims[-1] >= 3 and a.elem.kind != "bool"]
        if not cands:
            return []
        a = self.pick(cands)
        n = a.dims[-1]
        lead: list[Stmt] = []
        cur = sc
        fixed: list[Expr] = []
        outer: For | None = None
        if len(a.dims) >= 2:
            f0, cur = self.loop(sc, 0, a.dims[0] - 1, allow_outer=False)
            outer = f0
            fixed = [Var(cur.loops[-1].var)] + [lit(self.rng.randint(0, d - 1)) for d in a.dims[1:-1]]
        reach = self.pick([1, 1, 2]) if n >= 5 else 1
        f, inner = self.loop(cur, reach, n - 1 - reach, allow_outer=False)
        i = inner.loops[-1].var

        def at(d: int) -> Elem:
            ix: Expr = Var(i) if d == 0 else Binary("+" if d > 0 else "-", Var(i), lit(abs(d)))
            return Elem(a, [*fixed, ix])

        offs = self.rng.sample([-reach, -1, 0, 1, reach], self.rng.randint(2, 4))
        e: Expr = at(offs[0])
        for d in offs[1:]:
            e = Binary(self.pick(["+", "+", "-", "^"]) if a.elem.is_int else self.pick(["+", "-"]), e, at(d))
        if a.elem.is_float:
            e = Binary("*", e, self.float_const(a.elem))
        elif self.chance(0.5):
            e = Binary(self.pick([">>", "/"]), e, lit(self.rng.randint(1, 3)))
        f.body.append(Assign([at(0)], "=", self.coerce(e, a.elem)))
        self.pipeline_pragma(f)
        self.feat("inplace")
        if outer is not None:
            outer.body.append(f)
            return [*lead, outer]
        return [*lead, f]

    def idiom_window(self, sc: Scope) -> list[Stmt]:
        """A sliding window of width 2..5 (a row window, or rows i-1..i+1 of a 2-D array) into another array,
        with bounds that may come from an argument."""
        srcs = [a for a in sc.arrays if a.dims[-1] >= 4]
        if not srcs:
            return []
        src = self.pick(srcs)
        outs = [a for a in sc.writable() if a is not src and len(a.dims) == len(src.dims)]
        if not outs:
            return []
        o = self.pick(outs)
        w_lo = -self.rng.randint(0, 2)
        w_hi = self.rng.randint(0, 2)
        if w_hi - w_lo < 1:
            w_hi += 1
        n = src.dims[-1]
        lo, hi = -w_lo, min(n - 1 - w_hi, o.dims[-1] - 1)
        if lo > hi:
            return []
        cur = sc
        rows: list[Expr] = []
        fo: For | None = None
        row_offs = [0]
        if len(src.dims) >= 2:
            r_lo, r_hi = (1, min(src.dims[0], o.dims[0]) - 2) if src.dims[0] >= 3 and self.chance(0.6) else (0, min(src.dims[0], o.dims[0]) - 1)
            if r_lo > r_hi:
                return []
            fo, cur = self.loop(sc, r_lo, r_hi, allow_outer=False)
            row_offs = [-1, 0, 1] if r_lo == 1 else [0]
            rows = [lit(self.rng.randint(0, d - 1)) for d in src.dims[1:-1]]
        f, inner = self.loop(cur, lo, hi, allow_outer=fo is not None)
        j = inner.loops[-1].var
        terms: list[Expr] = []
        for ro in row_offs:
            for d in range(w_lo, w_hi + 1):
                ix: Expr = Var(j) if d == 0 else Binary("+" if d > 0 else "-", Var(j), lit(abs(d)))
                lead: list[Expr] = []
                if fo is not None:
                    r = cur.loops[-1].var
                    lead = [Var(r) if ro == 0 else Binary("+" if ro > 0 else "-", Var(r), lit(abs(ro)))]
                    lead += [x for x in rows]
                terms.append(Elem(src, [*lead, ix]))
        e: Expr = terms[0]
        for t in terms[1:]:
            if src.elem.is_float or o.elem.is_float:
                e = Binary(self.pick(["+", "+", "-"]), e, Binary("*", t, self.float_const(DOUBLE if self.chance(0.5) else FLOAT)) if self.chance(0.4) else t)
            else:
                e = Binary(self.pick(["+", "+", "-", "^", "|"]), e, t)
        if o.elem.is_int and not e.ty.is_float and self.chance(0.5):
            e = Binary(self.pick(["/", ">>"]), e, lit(self.rng.randint(1, 4)))
        tgt_lead: list[Expr] = []
        if fo is not None:
            tgt_lead = [Var(cur.loops[-1].var)] + [lit(self.rng.randint(0, d - 1)) for d in o.dims[1:-1]]
        f.body.append(Assign([Elem(o, [*tgt_lead, Var(j)])], "=", self.coerce(e, o.elem)))
        self.pipeline_pragma(f)
        self.feat("window")
        if fo is not None:
            fo.body.append(f)
            return [fo]
        return [f]

    def idiom_recurrence(self, sc: Scope) -> list[Stmt]:
        """A scalar recurrence through a long-latency chain: ``s = s * c + A[i]; B[i] = s;`` (float or integer),
        a filter ``y = (y * 3 + x) >> 2`` or a running product."""
        srcs = [a for a in sc.arrays if len(a.dims) == 1]
        if not srcs:
            return []
        src = self.pick(srcs)
        fl = src.elem.is_float or self.chance(0.3)
        t = self.pick([DOUBLE, FLOAT]) if fl else self.pick([INT, LLONG, UINT, ULLONG])
        s_, d = self.new_local(sc, t, self.zero(t) if self.chance(0.5) else (self.float_const(t) if fl else self.const_for(t)), "s")
        f, inner = self.loop(sc, 0, src.dims[0] - 1, allow_outer=False)
        i = inner.loops[-1].var
        x = Elem(src, [Var(i)])
        if fl:
            c = self.float_const(t)
            e: Expr = Binary("+", Binary("*", Var(s_), c), x)
            if self.chance(0.3):
                e = Binary("/", e, self.pick([Const(t, 2.0), Const(t, 3.0)]))
            if self.chance(0.3):
                e = Math(self.pick(["fmin", "fmax"]), [e, self.float_const(t)], t)
        else:
            e = self.pick([
                Binary(">>", Binary("+", Binary("*", Var(s_), lit(3)), x), lit(2)),
                Binary("+", Binary("*", Var(s_), lit(self.pick([31, 33, 5]))), x),
                Binary("^", Binary("<<", Var(s_), lit(1)), x),
            ])  # fmt: skip
        f.body.append(Assign([Var(s_)], "=", self.coerce(e, t)))
        outs = [a for a in sc.writable() if len(a.dims) == 1 and a.dims[0] >= src.dims[0]]
        if outs and self.chance(0.7):
            o = self.pick(outs)
            f.body.append(Assign([Elem(o, [Var(i)])], "=", self.coerce(Var(s_), o.elem)))
        self.pipeline_pragma(f)
        self.feat("recurrence")
        return [d, f, *self.sink(sc, Var(s_))]

    def idiom_carried(self, sc: Scope) -> list[Stmt]:
        """Dependences through memory across iterations: ``A[i+d] = A[i] op B[i]`` (distance d),
        ``A[i] = A[i+d]`` (anti), ``A[N-1-i] = A[i]`` (varying distance), sometimes under a condition."""
        cands = [a for a in sc.writable() if len(a.dims) == 1 and a.dims[0] >= 4]
        if not cands:
            return []
        a = self.pick(cands)
        n = a.dims[0]
        kind = self.pick(["flow", "anti", "mirror", "flow"])
        dd = self.rng.randint(1, min(3, n - 2))
        other = self.elem_for_loop(sc, n)
        if kind == "flow":
            f, inner = self.loop(sc, 0, n - 1 - dd, allow_outer=False)
            i = Var(inner.loops[-1].var)
            tgt, src = Elem(a, [Binary("+", i, lit(dd))]), Elem(a, [Var(inner.loops[-1].var)])
        elif kind == "anti":
            f, inner = self.loop(sc, 0, n - 1 - dd, allow_outer=False)
            i = Var(inner.loops[-1].var)
            tgt, src = Elem(a, [i]), Elem(a, [Binary("+", Var(inner.loops[-1].var), lit(dd))])
        else:
            f, inner = self.loop(sc, 0, n - 1, allow_outer=False)
            i = Var(inner.loops[-1].var)
            tgt, src = Elem(a, [Binary("-", lit(n - 1), i)]), Elem(a, [Var(inner.loops[-1].var)])
        o = other(inner)
        if a.elem.is_float or o.ty.is_float:
            e: Expr = Binary(self.pick(["+", "-", "*"]), src, o)
        elif a.elem.kind == "bool":
            e = Binary("^", src, Binary("&", o, lit(1)) if o.ty.is_int else o)
        else:
            e = Binary(self.pick(["+", "-", "^", "*"]), src, o)
        st: Stmt = Assign([tgt], "=", self.coerce(e, a.elem))
        if self.chance(0.35):
            st = If(self.condition(inner, 1, False), [st])
        f.body.append(st)
        self.pipeline_pragma(f)
        self.feat(f"carried_{kind}")
        return [f]

    def elem_for_loop(self, sc: Scope, n: int):  # type: ignore[no-untyped-def]
        """A function giving, in a loop's scope, an operand: an element of some array indexed by the innermost
        loop variable when it fits, else any expression."""

        def make(inner: Scope) -> Expr:
            lp = inner.loops[-1]
            arrs = [b for b in inner.arrays if len(b.dims) == 1 and b.dims[0] > lp.hi]
            if arrs and self.chance(0.7):
                return Elem(self.pick(arrs), [Var(lp.var)])
            return self.expr(inner, "int", 1)

        return make

    def idiom_scatter(self, sc: Scope) -> list[Stmt]:
        """Data-dependent stores and loads in one pipelined loop: ``T[x & m] = v; acc += T[y & m];``."""
        srcs = [a for a in sc.arrays if a.elem.kind == "int"]
        if not srcs:
            return []
        src = self.pick(srcs)
        tabs = [a for a in sc.writable() if len(a.dims) == 1 and is_pow2(a.dims[0])]
        if not tabs:
            return []
        tab = self.pick(tabs)
        m = tab.dims[0] - 1
        acc, d = self.new_local(sc, DOUBLE if tab.elem.is_float else LLONG, None, "acc")
        outer, body, inner, _ = self.nest(sc, src.dims)
        x = self._diag_elem(inner, src)
        y = self.expr(inner, "int", 1)
        val = self.expr(inner, "float" if tab.elem.is_float else "int", 1)
        body.append(Assign([Elem(tab, [Binary("&", x, lit(m))])], self.pick(["=", "+=", "^="]) if tab.elem.kind == "int" else "=", self.coerce(val, tab.elem)))
        body.append(Assign([Var(acc)], "+=", self.coerce(Elem(tab, [Binary("&", y, lit(m))]), acc.ty)))
        self.feat("scatter")
        return [d, *outer, *self.sink(sc, Var(acc))]

    def idiom_overwrite(self, sc: Scope) -> list[Stmt]:
        """Several stores to one location per iteration, the later one conditional; a load in between."""
        outs = [a for a in sc.writable() if a.elem.kind != "bool"]
        if not outs:
            return []
        o = self.pick(outs)
        outer, body, inner, _ = self.nest(sc, o.dims)
        tgt = self._diag_elem(inner, o)
        want = "float" if o.elem.is_float else "int"
        body.append(Assign([tgt], "=", self.coerce(self.expr(inner, want, 2), o.elem)))
        t = Scalar(self.name("t"), o.elem, "local")
        body.append(Decl(t, Elem(o, list(tgt.idx))))
        inner.scalars.append(t)
        body.append(
            If(
                self.condition(inner, 1, False),
                [Assign([Elem(o, list(tgt.idx))], self.pick(["=", "+=", "-="]), self.coerce(self.expr(inner, want, 2), o.elem))],
            )
        )
        body.append(Assign([Elem(o, list(tgt.idx))], "+=" if o.elem.is_float or self.chance(0.5) else "^=", Var(t)))
        self.feat("overwrite")
        return outer

    def idiom_tri_update(self, sc: Scope) -> list[Stmt]:
        """A triangular nest updating a 2-D array from its own earlier rows (LU/Cholesky-like):
        ``for i; for j <= i (or j < i): A[i][j] -= A[i-1][j] * c`` with argument or constant bounds."""
        cands = [a for a in sc.writable() if len(a.dims) == 2 and a.dims[0] >= 3 and a.elem.kind != "bool"]
        if not cands:
            return []
        a = self.pick(cands)
        R, C = a.dims
        fi, s1 = self.loop(sc, 1, R - 1, allow_outer=False)
        i = s1.loops[-1]
        hi_j = min(i.hi, C - 1)
        fj = For(self.loop_var(True), lit(0), self.pick(["<=", "<"]), Var(i.var), 1, [])
        if i.hi > C - 1:
            fj = For(fj.var, lit(0), "<", lit(C), 1, [])
            hi_j = C - 1
        s2 = s1.child(Loop(fj.var, 0, hi_j))
        j = fj.var
        src = Elem(a, [Binary("-", Var(i.var), lit(1)), Var(j)])
        if a.elem.is_float:
            e: Expr = Binary("*", src, self.float_const(a.elem))
        else:
            e = Binary(self.pick(["*", "+", "^"]), src, self.expr(s2, "int", 1))
        fj.body.append(Assign([Elem(a, [Var(i.var), Var(j)])], self.pick(["-=", "+=", "="]), self.coerce(e, a.elem) if True else e))
        self.pipeline_pragma(fj)
        fi.body.append(fj)
        self.feat("triangular", "tri_update")
        return [fi]

    # --- testbench inputs ----------------------------------------------------------------------------------------------

    def call_inputs(self, top: Function, bound_args: list[tuple[Scalar, int, int]], k: int) -> dict[str, list[Value] | Value]:
        """Inputs of call ``k``: edge values (0, -1, limits, NaN, infinities, -0.0, subnormals) mixed with random ones
        in a proportion that varies from call to call."""
        p_edge = [0.15, 0.5, 0.0, 1.0][k % 4]
        ranges = {id(s): (lo, hi) for s, lo, hi in bound_args}
        out: dict[str, list[Value] | Value] = {}
        for p in top.params:
            if isinstance(p, Array):
                out[p.name] = [self.value(p.elem, p_edge) for _ in range(p.size)]
            elif id(p) in ranges:
                lo, hi = ranges[id(p)]
                v = int(self.pick([lo, hi, hi, 0, 1, self.rng.randint(lo, hi), self.rng.randint(lo, hi)]))
                out[p.name] = max(lo, min(hi, v))
            else:
                out[p.name] = self.value(p.ty, p_edge)
        return out

    def finite_value(self, t: CType) -> Value:
        """A value of ``t`` a C literal can write (no NaN or infinity): a file-scope initializer's."""
        while True:
            v = self.value(t, 0.2)
            if not t.is_float or math.isfinite(float(v)):
                return v

    def value(self, t: CType, p_edge: float) -> Value:
        """One input value of type ``t``."""
        edge = self.chance(p_edge)
        if t.kind == "bool":
            return self.rng.randint(0, 1)
        if t.is_int:
            if edge:
                return self.pick([0, -1 if t.signed else t.max, 1, t.min, t.max, t.min + 1, t.max - 1])
            if self.chance(0.5):
                return max(t.min, min(t.max, self.rng.randint(-100, 100)))
            return self.rng.randint(t.min, t.max)
        if edge:
            if t.bits == 32:
                pats = [0x7FC00000, 0xFFC00000, 0x7F800000, 0xFF800000, 0x80000000, 0x00000000, 0x00000001, 0x007FFFFF,
                        0x00800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x3F800000, 0xBF800000,
                        0x7FC12345, 0xFFD00001, 0x7FA00001, 0xFF800001]  # NaNs with payloads, quiet and signalling  # fmt: skip
            else:
                pats = [0x7FF8000000000000, 0xFFF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 0x8000000000000000, 0, 1, 0x000FFFFFFFFFFFFF,
                        0x0010000000000000, 0x7FEFFFFFFFFFFFFF, 0xFFEFFFFFFFFFFFFF, 0x3FF0000000000000, 0xBFF0000000000000,
                        0x7FF8000012345678, 0xFFF9000000000001, 0x7FF4000000000001, 0xFFF0000000000001]  # fmt: skip
            return with_bits(self.pick(pats), t.bits)
        r = self.rng.random()
        if r < 0.7:
            v = self.rng.uniform(-1000.0, 1000.0)
        elif r < 0.85:
            v = float(self.rng.randint(-50, 50))
        else:
            return with_bits(self.rng.getrandbits(t.bits), t.bits)
        return convert(v, DOUBLE, t)


def LONG_T() -> CType:  # noqa: N802
    """``long`` (64 bits)."""
    from hls.progen.ctyping import LONG

    return LONG


def SHORT_T() -> CType:  # noqa: N802
    """``short``."""
    from hls.progen.ctyping import SHORT

    return SHORT


def _key(e: Expr) -> tuple:  # type: ignore[type-arg]
    """A structural identity of an expression."""
    if isinstance(e, Var):
        return ("v", id(e.var))
    if isinstance(e, Const):
        return ("c", e.ty.key, e.value)
    if isinstance(e, Elem):
        return ("e", id(e.arr), tuple(_key(i) for i in e.idx))
    fn = e.fn if isinstance(e, (Call, Math)) else None
    return (type(e).__name__, getattr(e, "op", None), fn if isinstance(fn, str) else id(fn), tuple(_key(c) for c in e.children()))



def _may_fold(e: Expr) -> bool:
    """gcc may fold ``e`` to a constant: no variable, element or call, but where a ``?:`` has a constant
    condition only one arm needs to be constant."""
    if isinstance(e, Cond) and _may_fold(e.c):
        return _may_fold(e.a) or _may_fold(e.b)
    return not isinstance(e, (Var, Elem, Deref, Call, AssignExpr)) and all(_may_fold(c) for c in e.children())


def _boolish(e: Expr) -> bool:
    """A truth value to gcc: bool typed, a comparison, ``!``, ``&&`` or ``||``."""
    if e.ty.kind == "bool":
        return True
    if isinstance(e, Binary) and e.op in ("<", "<=", ">", ">=", "==", "!=", "&&", "||"):
        return True
    return isinstance(e, Unary) and e.op == "!"


def _same_lvalue(a: LValue, b: LValue) -> bool:
    """Whether two lvalues may designate the same object (same scalar or same array)."""
    if isinstance(a, Var) and isinstance(b, Var):
        return a.var is b.var
    if isinstance(a, Elem) and isinstance(b, Elem):
        return a.arr is b.arr
    return False


def _stmt_all_exprs(s: Stmt) -> list[Expr]:
    from hls.progen.model import stmt_exprs

    return stmt_exprs(s)


def generate(seed: int) -> Program:
    """The program of ``seed`` (before the interpreter guards it)."""
    return Gen(seed).program()


__all__ = ["Gen", "generate", "float_bits"]
