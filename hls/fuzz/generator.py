"""Random kernels inside the documented "Supported C" subset, deterministic from (seed, index).

Every program has fully defined behaviour: integer expressions carry value intervals
(:mod:`hls.fuzz.exprs`) so overflow, division by zero, bad shifts and out-of-range float ->
integer conversions are rewritten away; every subscript is proven in bounds from the intervals
of the loop iterators (scalar bound arguments have a range the testbench respects); locals are
initialised before they are read; loops run to constant or argument bounds.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from hls.fuzz import exprs
from hls.fuzz.ctype import DOUBLE, FLOAT, INT, INT_TYPES, CType, common_type, float_suffix, promote, unsigned_of
from hls.fuzz.exprs import Expr
from hls.fuzz.features import FeatureMix

TOP = "kern"


@dataclass
class Var:
    """A scalar variable in scope: parameter, local, loop iterator or counter."""

    name: str
    ty: CType
    lo: int
    hi: int
    writable: bool
    counter_budget: int = 0  # a counter may still change by this much (in loop iterations)
    counter: bool = False  # changed only by ++/--: its interval stays known


@dataclass
class Array:
    """An array in scope (parameter or local)."""

    name: str
    ty: CType
    dims: tuple[int, ...]
    writable: bool
    local: bool = False


@dataclass
class Param:
    """A kernel parameter as the testbench must pass it."""

    name: str
    ty: CType
    dims: tuple[int, ...] = ()
    role: str = "value"  # "array" | "value" | "bound"
    lo: int = 0  # bound arguments: the range the subscripts were proven for
    hi: int = 0
    const: bool = False


@dataclass
class Helper:
    """A helper function of the same file (hls inlines it)."""

    name: str
    ret: CType
    params: list[tuple[str, CType]]


@dataclass
class Kernel:
    """A generated kernel: its C source (helpers + top function) and what the testbench needs."""

    seed: int
    index: int
    source: str
    params: list[Param]
    ret: CType | None
    hls_args: list[str]
    used: set[str] = field(default_factory=set)


INT_EDGE_CONSTANTS = [0, 1, 2, 3, 5, 7, 8, 15, 16, 31, 32, 63, 100, 127, 128, 255, 256, 1000, 32767, 32768, 65535,
                      65536, (1 << 31) - 1, 1 << 31, (1 << 32) - 1, 1 << 32, (1 << 63) - 1, 1 << 63, (1 << 64) - 1]  # fmt: skip
FLOAT_CONSTANTS = [0.0, 1.0, -1.0, 0.5, 2.0, 3.25, -0.125, 0.1, 100.0, -7.75, 1e-3, 1.5e10, 0.3333]


class KernelGenerator:
    """Writes one random kernel; all choices come from ``rng``."""

    def __init__(self, rng: random.Random, mix: FeatureMix, seed: int = 0, index: int = 0) -> None:
        self.rng = rng
        self.mix = mix
        self.seed, self.index = seed, index
        # the decisions of the constructs added later (static locals, pointers, structs) draw from a
        # stream of their own, so a kernel that has none of them is the one it always was
        self.late_rng = random.Random(seed * 1_000_003 + index * 7_919 + 17)
        self.used: set[str] = set()
        self.arrays: list[Array] = []
        self.scalars: list[Var] = []
        self.iters: list[Var] = []
        self.helpers: list[Helper] = []
        self.lines: list[str] = []
        self.table_lines: list[str] = []  # file-scope tables, before the helpers
        self.loop_level = 0  # loops around the statement being written (continue needs one)
        self.depth = 1
        self.counter = 0
        self.no_calls = False
        self.loop_mult = 1
        self.sizes: list[int] = []
        # the top's return type, once its body is being written (None: void, or still in the helpers)
        self.top_ret: CType | None = None
        self.in_top = False

    # ---------------------------------------------------------------- small helpers
    def on(self, feature: str) -> bool:
        return feature in self.mix

    def chance(self, feature: str, p: float) -> bool:
        return self.on(feature) and self.rng.random() < p

    def late_chance(self, feature: str, p: float) -> bool:
        return self.on(feature) and self.late_rng.random() < p

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def emit(self, line: str) -> None:
        self.lines.append("  " * self.depth + line)

    def int_type(self) -> CType:
        t = self.rng.choice(INT_TYPES)
        self.used.add(f"type:{t.name}")
        return t

    def float_type(self) -> CType | None:
        kinds = [t for t, f in ((FLOAT, "float"), (DOUBLE, "double")) if self.on(f)]
        if not kinds:
            return None
        t = self.rng.choice(kinds)
        self.used.add(f"type:{t.name}")
        return t

    def scalar_type(self, p_float: float = 0.3) -> CType:
        if self.rng.random() < p_float:
            ft = self.float_type()
            if ft is not None:
                return ft
        return self.int_type()

    def calls_ok(self) -> bool:
        return not self.no_calls

    # ---------------------------------------------------------------- leaves
    def int_literal(self) -> Expr:
        value = self.rng.choice(INT_EDGE_CONSTANTS) if self.rng.random() < 0.6 else self.rng.randint(0, 300)
        if self.on("hex_literals") and self.rng.random() < 0.4:
            hexa = self.rng.random() < 0.5
            suffix = self.rng.choice(["", "u", "U", "l", "L", "ul", "ll", "ULL", "LL"])
            text = (hex(value) if hexa else str(value)) + suffix
            if not hexa and not suffix and value > (1 << 63) - 1:
                return self.int_literal()
            try:
                ty = exprs.int_literal_type(value, hexa, suffix)
            except ValueError:
                return self.int_literal()
            self.used.add("hex_literal")
            lit = Expr(text, ty, value, value)
        else:
            small = [t for t in (INT, exprs.int_literal_type(value, False, "u")) if t.holds(value, value)]
            lit = exprs.int_constant(value, small[0]) if small else exprs.int_constant(value, exprs.int_literal_type(value, True, "ULL"))
        if self.rng.random() < 0.25 and value != 0:
            return exprs.negate(lit, self.rng)
        return lit

    def subscript(self, size: int) -> str | None:
        """An index expression in [0, size - 1] from the iterators in scope, or a constant."""
        options: list[tuple[float, str]] = []
        for k, it in enumerate(self.iters):
            if it.lo > it.hi:
                continue
            weight = 1.0 + k  # prefer inner iterators
            if it.lo >= 0 and it.hi <= size - 1:
                options.append((3 * weight, it.name))
            for c in (1, 2):
                if it.lo - c >= 0 and it.hi - c <= size - 1:
                    options.append((weight, f"{it.name} - {c}"))
                if it.lo + c >= 0 and it.hi + c <= size - 1:
                    options.append((weight, f"{it.name} + {c}"))
            c = size - 1
            if c - it.hi >= 0 and c - it.lo <= size - 1:
                options.append((weight, f"{c} - {it.name}"))
            if 2 * it.lo >= 0 and 2 * it.hi + 1 <= size - 1:
                options.append((weight, f"2 * {it.name} + {self.rng.randint(0, 1)}"))
        if self.on("indirect_index") and self.depth < 6 and self.rng.random() < 0.15:
            inner = self.int_expr(1)
            if size & (size - 1) == 0:
                options.append((2.0, f"{inner.text} & {size - 1}"))
                self.used.add("indirect_index")
            elif self.on("div_mod"):
                options.append((2.0, f"(unsigned)({inner.text}) % {size}u"))
                self.used.add("indirect_index")
        if not options or self.rng.random() < 0.08:
            return str(self.rng.randint(0, size - 1))
        weights = [w for w, _ in options]
        return self.rng.choices([t for _, t in options], weights)[0]

    def element(self, arr: Array) -> str | None:
        subs = [self.subscript(d) for d in arr.dims]
        if any(s is None for s in subs):
            return None
        return arr.name + "".join(f"[{s}]" for s in subs)

    def array_read(self, want_float: bool) -> Expr | None:
        pool = [a for a in self.arrays if a.ty.is_float == want_float]
        if not pool:
            return None
        arr = self.rng.choice(pool)
        text = self.element(arr)
        if text is None:
            return None
        return exprs.full(text, arr.ty)

    def int_leaf(self) -> Expr:
        r = self.rng.random()
        if r < 0.35:
            e = self.array_read(False)
            if e is not None:
                return e
        if r < 0.55 and self.iters:
            it = self.rng.choice(self.iters)
            if it.lo <= it.hi:
                return Expr(it.name, INT, it.lo, it.hi)
        if r < 0.8:
            pool = [v for v in self.scalars if not v.ty.is_float]
            if pool:
                v = self.rng.choice(pool)
                return Expr(v.name, v.ty, v.lo, v.hi)
        return self.int_literal()

    def float_leaf(self, ty: CType) -> Expr:
        r = self.rng.random()
        if r < 0.4:
            e = self.array_read(True)
            if e is not None:
                return e
        if r < 0.7:
            pool = [v for v in self.scalars if v.ty.is_float]
            if pool:
                v = self.rng.choice(pool)
                return Expr(v.name, v.ty)
        if r < 0.8:
            return exprs.cast(self.int_leaf(), ty)
        return exprs.float_literal(self.rng.choice(FLOAT_CONSTANTS), ty)

    # ---------------------------------------------------------------- expressions
    def int_expr(self, depth: int) -> Expr:
        """An integer expression of at most ``depth`` operator levels."""
        if depth <= 0 or self.rng.random() < 0.25:
            return self.int_leaf()
        kinds: list[tuple[str, float]] = [("arith", 5.0)]
        for kind, feature, w in (
            ("divmod", "div_mod", 1.2), ("shift", "shifts", 1.2), ("bitwise", "bitwise", 1.5),
            ("neg", "unary_minus", 0.6), ("compl", "bitwise", 0.4), ("cmp", "", 1.0), ("logic", "logical", 0.7),
            ("ternary", "ternary", 0.8), ("cast", "casts", 1.2), ("call", "calls", 1.0), ("f2i", "float_to_int", 0.8),
        ):  # fmt: skip
            if not feature or self.on(feature):
                kinds.append((kind, w))
        kind = self.rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        d = depth - 1
        rng = self.rng
        if kind == "arith":
            return exprs.arith(rng.choice("+-*"), self.int_expr(d), self.int_expr(d), rng)
        if kind == "divmod":
            self.used.add("div_mod")
            return exprs.divmod_expr(rng.choice("/%"), self.int_expr(d), self.int_expr(d), rng)
        if kind == "shift":
            self.used.add("shifts")
            return exprs.shift(rng.choice(["<<", ">>"]), self.int_expr(d), self.int_expr(d), rng)
        if kind == "bitwise":
            return exprs.bitwise(rng.choice("&|^"), self.int_expr(d), self.int_expr(d))
        if kind == "neg":
            return exprs.negate(self.int_expr(d), rng)
        if kind == "compl":
            return exprs.complement(self.int_expr(d))
        if kind == "cmp":
            return self.comparison(d)
        if kind == "logic":
            return self.logical(d)
        if kind == "ternary":
            return self.ternary(d, want_float=False)
        if kind == "cast":
            t = self.int_type()
            self.used.add("cast")
            return exprs.cast(self.int_expr(d), t)
        if kind == "call":
            call = self.call(d, want_float=False)
            if call is not None:
                return call
        if kind == "f2i":
            ft = self.float_type()
            if ft is not None:
                conv = self.to_int(self.float_expr(d, ft), self.int_type())
                if conv is not None:
                    return conv
        return self.int_leaf()

    def float_expr(self, depth: int, ty: CType) -> Expr:
        """A floating expression (float or double) of at most ``depth`` operator levels."""
        if depth <= 0 or self.rng.random() < 0.25:
            return self.float_leaf(ty)
        rng = self.rng
        kinds: list[tuple[str, float]] = [("arith", 5.0), ("mixed", 1.0)]
        for kind, feature, w in (
            ("neg", "unary_minus", 0.5), ("math", "math", 1.5), ("libm", "libm", 0.4), ("ternary", "ternary", 0.6),
            ("cast", "casts", 0.8), ("call", "calls", 0.8),
        ):  # fmt: skip
            if self.on(feature):
                kinds.append((kind, w))
        kind = rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        d = depth - 1
        if kind == "arith":
            other = self.float_type() or ty
            return exprs.float_binary(rng.choice("+-*/"), self.float_expr(d, ty), self.float_expr(d, other))
        if kind == "mixed":
            a, b = self.float_expr(d, ty), self.int_expr(d)
            self.used.add("implicit_int_to_float")
            return exprs.float_binary(rng.choice("+-*/"), *((a, b) if rng.random() < 0.5 else (b, a)))
        if kind == "neg":
            e = self.float_expr(d, ty)
            return Expr(f"(-{e.text})", e.ty, has_call=e.has_call)
        if kind in ("math", "libm") and self.calls_ok():
            e = self.float_expr(d, ty)
            sfx = float_suffix(e.ty) if rng.random() < 0.8 else ""
            rty = FLOAT if sfx else DOUBLE
            fn = rng.choice(["sqrt", "fabs", "fmin", "fmax"] if kind == "math" else ["exp", "log", "pow"])
            if kind == "libm" and self.late_chance("libm", 0.4):  # added later: its own stream
                fn = self.late_rng.choice(["sin", "cos"])
            if kind == "math" and self.late_chance("math", 0.15):  # (so is the fused multiply-add)
                fn = "fma"
            self.used.add(f"math:{fn}{sfx}")
            if fn == "fma":
                e2, e3 = self.float_expr(d, ty), self.float_expr(d, ty)
                return Expr(f"fma{sfx}({e.text}, {e2.text}, {e3.text})", rty, has_call=True)
            if fn in ("fmin", "fmax", "pow"):
                e2 = self.float_expr(d, ty)
                return Expr(f"{fn}{sfx}({e.text}, {e2.text})", rty, has_call=True)
            return Expr(f"{fn}{sfx}({e.text})", rty, has_call=True)
        if kind == "ternary":
            return self.ternary(d, want_float=True)
        if kind == "cast":
            self.used.add("cast")
            to = self.float_type() or ty
            return exprs.cast(self.float_expr(d, ty), to)
        if kind == "call":
            call = self.call(d, want_float=True)
            if call is not None:
                return call
        return self.float_leaf(ty)

    def any_expr(self, depth: int) -> Expr:
        ft = self.float_type() if self.rng.random() < 0.3 else None
        return self.float_expr(depth, ft) if ft is not None else self.int_expr(depth)

    def comparison(self, depth: int) -> Expr:
        a, b = self.any_expr(depth), self.any_expr(depth)
        op = self.rng.choice(["<", "<=", ">", ">=", "==", "!="])
        if promote(a.ty).signed != promote(b.ty).signed and not (a.is_float or b.is_float):
            self.used.add("mixed_sign_compare")
        return exprs.boolean(f"({a.text} {op} {b.text})", a, b)

    def logical(self, depth: int) -> Expr:
        saved = self.no_calls
        if not self.on("call_in_operands"):
            self.no_calls = True
        try:
            if self.rng.random() < 0.2:
                a = self.condition(depth)
                return exprs.boolean(f"(!{a.text})", a)
            a, b = self.condition(depth), self.condition(depth)
        finally:
            self.no_calls = saved
        op = self.rng.choice(["&&", "||"])
        if a.has_call or b.has_call:
            self.used.add("call_in_logical")
        return exprs.boolean(f"({a.text} {op} {b.text})", a, b)

    def condition(self, depth: int) -> Expr:
        r = self.rng.random()
        if r < 0.55 or depth <= 0:
            return self.comparison(max(depth - 1, 0))
        if r < 0.7 and self.on("logical"):
            return self.logical(depth - 1)
        return self.int_expr(depth)

    def ternary(self, depth: int, want_float: bool) -> Expr:
        saved = self.no_calls
        if not self.on("call_in_operands"):
            self.no_calls = True
        try:
            cond = self.condition(depth)
            if want_float:
                ty = self.float_type() or DOUBLE
                a, b = self.float_expr(depth, ty), self.float_expr(depth, ty)
            else:
                a, b = self.int_expr(depth), self.int_expr(depth)
        finally:
            self.no_calls = saved
        if a.has_call or b.has_call or cond.has_call:
            self.used.add("call_in_ternary")
        self.used.add("ternary")
        return exprs.ternary(cond, a, b)

    def to_int(self, e: Expr, to: CType) -> Expr | None:
        conv = exprs.float_to_int(e, to, self.rng, self.calls_ok() and self.on("math"), self.on("ternary"))
        if conv is not None:
            self.used.add("float_to_int")
        return conv

    def value_for(self, ty: CType, depth: int) -> Expr | None:
        """An expression whose value converts to ``ty`` without undefined behaviour (implicitly)."""
        if ty.is_float:
            if self.rng.random() < 0.25:
                self.used.add("implicit_int_to_float")
                return self.int_expr(depth)
            return self.float_expr(depth, ty)
        if self.rng.random() < 0.2:
            ft = self.float_type()
            if ft is not None:
                return self.to_int(self.float_expr(depth - 1, ft), self.int_type())
        return self.int_expr(depth)

    def call(self, depth: int, want_float: bool) -> Expr | None:
        if not self.calls_ok():
            return None
        pool = [h for h in self.helpers if h.ret.is_float == want_float]
        if not pool:
            return None
        h = self.rng.choice(pool)
        args = []
        for _, pty in h.params:
            arg = self.value_for(pty, depth)
            if arg is None:
                arg = exprs.int_constant(1, pty) if not pty.is_float else exprs.float_literal(1.0, pty)
            args.append(arg.text)
        self.used.add("call")
        return exprs.full(f"{h.name}({', '.join(args)})", h.ret, has_call=True) if not h.ret.is_float else Expr(
            f"{h.name}({', '.join(args)})", h.ret, has_call=True
        )

    # ---------------------------------------------------------------- statements
    def lvalue(self, want_int: bool | None = None) -> tuple[str, CType, str] | None:
        """A writable array element or local scalar: (text, type, object name)."""
        arrays = [a for a in self.arrays if a.writable and (want_int is None or want_int != a.ty.is_float)]
        scalars = [v for v in self.scalars if v.writable and not v.counter and (want_int is None or want_int != v.ty.is_float)]
        if arrays and (not scalars or self.rng.random() < 0.7):
            arr = self.rng.choice(arrays)
            text = self.element(arr)
            if text is not None:
                return text, arr.ty, arr.name
        if scalars:
            v = self.rng.choice(scalars)
            return v.name, v.ty, v.name
        return None

    def assign(self) -> None:
        target = self.lvalue()
        if target is None:
            return
        text, ty, name = target
        if self.chance("compound_assign", 0.3):
            self.compound(text, ty)
            return
        if self.chance("chained_assign", 0.12):
            second = self.lvalue(want_int=not ty.is_float if not ty.is_float else None)
            # the outer target's subscripts must not read the inner target: that read would be
            # unsequenced against the inner store (a[f(b[0])] = b[0] = x is undefined)
            reads_inner = second is not None and re.search(rf"\b{re.escape(second[2])}\b", text) is not None
            if second is not None and second[2] != name and not reads_inner and (ty.is_float or not second[1].is_float):
                value = self.value_for(second[1], self.rng.randint(1, 3))
                if value is not None:
                    self.used.add("chained_assign")
                    self.emit(f"{text} = {second[0]} = {value.text};")
                    return
        value = self.value_for(ty, self.rng.randint(1, 3))
        if value is not None:
            self.emit(f"{text} = {value.text};")

    def compound(self, text: str, ty: CType) -> None:
        """``lhs op= rhs`` with the right operand made safe for any value of ``lhs``."""
        rng = self.rng
        if ty.is_float:
            op = rng.choice("+-*/")
            rhs = self.value_for(ty, 2) if rng.random() < 0.7 else self.int_expr(2)
            if rhs is not None:
                self.used.add("compound_assign")
                self.emit(f"{text} {op}= {rhs.text};")
            return
        lhs = exprs.full(text, ty)
        ops = ["+", "-", "*", "&", "|", "^"] + (["/", "%"] if self.on("div_mod") else []) + (["<<", ">>"] if self.on("shifts") else [])
        op = rng.choice(ops)
        rhs = self.int_expr(2)
        if op in "+-*":
            c = common_type(ty, rhs.ty)
            if c.signed:
                probe = exprs.arith(op, lhs, rhs, random.Random(0))
                if probe.text != f"({lhs.text} {op} {rhs.text})":
                    rhs = exprs.cast(rhs, unsigned_of(c))
        elif op in "/%":
            rhs = exprs.nonzero_divisor(rhs, rng)
            c = common_type(ty, rhs.ty)
            if c.signed and rhs.lo <= -1 <= rhs.hi or (c.signed and rhs.lo <= 0 <= rhs.hi):
                m = rng.choice([7, 127])
                rhs = Expr(f"({exprs.mask(rhs, m).text} | 1)", INT, 1, m, rhs.has_call)
        elif op == "<<":
            p = promote(ty)
            if p.signed and ty.signed:
                op = ">>"
            if op == "<<" and p.signed:  # unsigned char / short promoted to int: at most 16 bits
                rhs = exprs.mask(rhs, 15)
            else:
                rhs = exprs.shift_count(rhs, p.width)
        if op == ">>":
            rhs = exprs.shift_count(rhs, promote(ty).width)
        self.used.add("compound_assign")
        self.emit(f"{text} {op}= {rhs.text};")

    def incdec(self) -> None:
        """``x++`` / ``x--`` on an object where it cannot overflow."""
        op = self.rng.choice(["++", "--"])
        counters = [v for v in self.scalars if v.counter_budget >= self.loop_mult]
        if counters and self.rng.random() < 0.5:
            v = self.rng.choice(counters)
            v.counter_budget -= self.loop_mult
            self.emit(f"{v.name}{op};")
            self.used.add("incdec")
            return
        target = self.lvalue(want_int=True)
        if target is None:
            return
        text, ty, _ = target
        if ty.signed and ty.width >= 32:
            return
        self.used.add("incdec")
        self.emit(f"{text}{op};")

    def declare_local(self) -> None:
        ty = self.scalar_type(0.3 if self.on("local_float") else 0.0)
        name = self.fresh("t")
        init = self.value_for(ty, 2)
        if init is None:
            init = exprs.int_constant(0, ty) if not ty.is_float else exprs.float_literal(0.0, ty)
        self.emit(f"{ty.name} {name} = {init.text};")
        self.scalars.append(Var(name, ty, ty.min if not ty.is_float else 0, ty.max if not ty.is_float else 0, True))
        self.used.add("local_scalar")

    def declare_counter(self) -> None:
        name = self.fresh("c")
        self.emit(f"int {name} = 0;")
        # a counter changes by at most 1000 in either direction: its interval is known
        self.scalars.append(Var(name, INT, -1000, 1000, True, counter_budget=1000, counter=True))

    def if_else(self, loop_depth: int) -> None:
        saved = self.no_calls
        if not self.on("call_in_if_cond"):
            self.no_calls = True
        try:
            cond = self.condition(2)
        finally:
            self.no_calls = saved
        if cond.has_call:
            self.used.add("call_in_if_cond")
        self.used.add("if")
        self.emit(f"if ({cond.text}) {{")
        self.block(loop_depth, self.rng.randint(1, 2))
        if self.rng.random() < 0.5:
            self.used.add("else")
            self.emit("} else {")
            self.block(loop_depth, self.rng.randint(1, 2))
        self.emit("}")

    def block(self, loop_depth: int, count: int) -> None:
        """``count`` statements in a new scope."""
        saved = (list(self.scalars), list(self.arrays))
        self.depth += 1
        for _ in range(count):
            self.statement(loop_depth)
        self.depth -= 1
        self.scalars, self.arrays = saved

    def switch(self, loop_depth: int) -> None:
        """``switch ((e) & 3)`` over two to four distinct labels (some empty: falling through),
        each body ending in ``break`` or falling into the next; ``default`` anywhere or none."""
        value = self.int_expr(2)
        labels: list[str] = [f"case {v}:" for v in sorted(self.rng.sample(range(4), self.rng.randint(1, 3)))]
        if self.rng.random() < 0.6:
            labels.insert(self.rng.randint(0, len(labels)), "default:")
        if len(labels) < 2:
            labels.append("default:" if "default:" not in labels else "case 3:" if "case 3:" not in labels else "case 0:")
        self.used.add("switch")
        self.emit(f"switch (({value.text}) & 3) {{")
        for label in labels:
            self.emit(label)
            if self.rng.random() < 0.2:
                self.used.add("switch_fallthrough")
                continue  # an empty label: falls into the next
            self.emit("{")
            self.block(loop_depth, self.rng.randint(1, 2))
            self.emit("}")
            if self.rng.random() < 0.7:
                self.emit("break;")
            else:
                self.used.add("switch_fallthrough")
                self.emit("/* fall through */")
        self.emit("}")

    def early_return(self) -> None:
        """``if (c) return;`` (``return v;`` in a top with a value) anywhere inside the top's
        loops, branches and switches: the rest of the call is skipped."""
        cond = self.condition(2)
        if self.top_ret is None:
            self.emit(f"if ({cond.text}) return;")
        else:
            value = self.value_for(self.top_ret, 2)
            self.emit(f"if ({cond.text}) return {value.text if value is not None else exprs.int_constant(0, self.top_ret).text};")
        self.used.add("early_return")

    def skip_rest(self) -> None:
        """``if (c) continue;`` or ``if (c) break;`` (only inside a loop; a break inside a switch
        is the switch's)."""
        cond = self.condition(2)
        jump = "break" if self.rng.random() < 0.35 else "continue"
        self.used.add(jump)
        self.emit(f"if ({cond.text}) {jump};")

    def table(self) -> None:
        """A const table with constant contents (a file-scope one, or a static local one in the top
        function), read like any array."""
        ty = self.scalar_type(0.3 if self.on("float") or self.on("double") else 0.0)
        dims = (self.rng.choice(self.sizes),) if self.rng.random() < 0.7 else (self.rng.randint(2, 4), self.rng.choice(self.sizes))
        name = self.fresh("tab")
        def row(n: int) -> str:
            """Up to ``n`` elements in braces (the rest zero; all of them for floating point)."""
            if ty.is_float:
                items = [exprs.float_literal(self.rng.choice(FLOAT_CONSTANTS) * self.rng.choice([1, -1]), ty).text for _ in range(n)]
            else:
                items = [exprs.int_constant(self.rng.randint(ty.min, ty.max), ty).text for _ in range(self.rng.randint(1, n))]
            return "{" + ", ".join(items) + "}"

        body = row(dims[0]) if len(dims) == 1 else "{" + ", ".join(row(dims[1]) for _ in range(self.rng.randint(1, dims[0]))) + "}"
        text = f"const {ty.name} {name}{''.join(f'[{d}]' for d in dims)} = {body};"
        if self.rng.random() < 0.5:
            self.table_lines.append(text)
            self.used.add("table_global")
        else:
            self.emit(f"static {text}")
            self.used.add("table_static")
        self.arrays.append(Array(name, ty, dims, False, local=True))

    def static_local(self) -> None:
        """A static local scalar or array of the top: state kept from call to call (its value
        unknown after the first call: the full range of its type)."""
        ty = self.scalar_type(0.3 if self.on("local_float") else 0.0)
        if self.rng.random() < 0.5:
            name = self.fresh("st")
            if ty.is_float:
                init = exprs.float_literal(self.rng.choice(FLOAT_CONSTANTS), ty)
            else:
                init = exprs.int_constant(self.rng.randint(max(ty.min, -100), min(ty.max, 100)), ty)
            self.emit(f"static {ty.name} {name} = {init.text};")
            self.scalars.append(Var(name, ty, ty.min if not ty.is_float else 0, ty.max if not ty.is_float else 0, True))
        else:
            dims = (self.rng.choice(self.sizes),)
            name = self.fresh("sa")
            self.emit(f"static {ty.name} {name}[{dims[0]}];")  # (zero before the first call)
            self.partition_pragma(name, dims)
            self.arrays.append(Array(name, ty, dims, True, local=True))
        self.used.add("static_locals")

    def global_state(self) -> None:
        """A file-scope variable the top reads and writes: state kept from call to call (a scalar
        with an initializer, or an array, ``static`` or not, zero or initialized), which cosim
        compares after every call like an argument. Its value is unknown after the first call:
        the full range of its type."""
        ty = self.scalar_type(0.3 if self.on("local_float") else 0.0)
        storage = "static " if self.rng.random() < 0.5 else ""

        def literal() -> str:
            if ty.is_float:
                return exprs.float_literal(self.rng.choice(FLOAT_CONSTANTS) * self.rng.choice([1, -1]), ty).text
            return exprs.int_constant(self.rng.randint(max(ty.min, -100), min(ty.max, 100)), ty).text

        if self.rng.random() < 0.4:
            name = self.fresh("g")
            self.table_lines.append(f"{storage}{ty.name} {name} = {literal()};")
            self.scalars.append(Var(name, ty, ty.min if not ty.is_float else 0, ty.max if not ty.is_float else 0, True))
        else:
            dims = (self.rng.choice(self.sizes),) if self.rng.random() < 0.7 else (self.rng.randint(2, 4), self.rng.choice(self.sizes))
            name = self.fresh("ga")
            shape = "".join(f"[{d}]" for d in dims)
            if self.rng.random() < 0.5 and len(dims) == 1:
                init = " = {" + ", ".join(literal() for _ in range(self.rng.randint(1, dims[0]))) + "}"
            else:
                init = ""  # (zero before the first call)
            self.table_lines.append(f"{storage}{ty.name} {name}{shape}{init};")
            self.arrays.append(Array(name, ty, dims, True, local=True))
        self.used.add("globals")

    def pointer_alias(self) -> None:
        """A pointer into a 1-D array argument (``T *p = a + c``), read and written as the array of
        the elements from there on."""
        pool = [a for a in self.arrays if len(a.dims) == 1 and not a.local]
        if not pool:
            return
        arr = self.rng.choice(pool)
        c = self.rng.randint(0, arr.dims[0] - 1)
        name = self.fresh("p")
        init = self.rng.choice([f"{arr.name} + {c}", f"&{arr.name}[{c}]"]) if c else arr.name
        self.emit(f"{'' if arr.writable else 'const '}{arr.ty.name} *{name} = {init};")
        self.arrays.append(Array(name, arr.ty, (arr.dims[0] - c,), arr.writable, local=True))
        self.used.add("pointers")

    def chosen_pointer(self) -> None:
        """A pointer into one of two 1-D arrays of one type (arguments, locals, tables, pointers
        into them), chosen by the data
        (``p = c ? a + 1 : b;`` or an ``if`` assigning either), read and written as the array
        of the elements both have from there on."""
        rng = random.Random(self.seed * 1_000_003 + self.index * 7_919 + 29)  # (its own stream)
        pool = [a for a in self.arrays if len(a.dims) == 1]
        pairs = [(a, b) for a in pool for b in pool if a is not b and a.ty == b.ty]
        if not pairs:
            return
        a, b = rng.choice(pairs)
        ca, cb = rng.randint(0, a.dims[0] - 1), rng.randint(0, b.dims[0] - 1)
        name = self.fresh("q")
        cond = self.condition(1)
        writable = a.writable and b.writable
        at_a, at_b = (f"{a.name} + {ca}" if ca else a.name), (f"&{b.name}[{cb}]" if cb else b.name)
        if rng.random() < 0.5:
            self.emit(f"{'' if writable else 'const '}{a.ty.name} *{name} = {cond.text} ? {at_a} : {at_b};")
        else:
            self.emit(f"{'' if writable else 'const '}{a.ty.name} *{name} = {at_b};")
            self.emit(f"if ({cond.text}) {name} = {at_a};")
        self.arrays.append(Array(name, a.ty, (min(a.dims[0] - ca, b.dims[0] - cb),), writable, local=True))
        self.used.add("pointers")
        self.used.add("pointer_choice")

    def walking_pointer(self) -> None:
        """A pointer walking over a writable 1-D array: ``*w++ = v`` in a counted loop, or ``*w =
        v; w++;`` in a while loop ending at ``a + n`` (the iterator's position known to the values)."""
        pool = [a for a in self.arrays if len(a.dims) == 1 and a.writable and not a.local]
        if not pool:
            return
        arr = self.rng.choice(pool)
        n = arr.dims[0]
        w, it = self.fresh("w"), self.fresh("i")
        self.emit("{")
        self.depth += 1
        self.emit(f"{arr.ty.name} *{w} = {arr.name};")
        self.iters.append(Var(it, INT, 0, n - 1, False))
        value = self.value_for(arr.ty, 2)
        text = value.text if value is not None else "0"
        if self.rng.random() < 0.5:
            self.emit(f"for (int {it} = 0; {it} < {n}; {it}++) *{w}++ = {text};")
        else:
            self.emit(f"int {it} = 0;")
            self.emit(f"while ({w} != {arr.name} + {n}) {{ *{w} = {text}; {w}++; {it}++; }}")
        self.iters.pop()
        self.depth -= 1
        self.emit("}")
        self.used.add("pointers")

    def struct_local(self) -> None:
        """A local struct of a typedef'd type with scalar and array members, each written before
        it is read, used like scalars and arrays; sometimes a copy of it too."""
        tname, name = self.fresh("S"), self.fresh("r")
        members: list[tuple[str, CType, tuple[int, ...]]] = []
        for k in range(self.rng.randint(1, 4)):
            ty = self.scalar_type(0.3 if self.on("local_float") else 0.0)
            dims: tuple[int, ...] = (self.rng.choice(self.sizes),) if self.rng.random() < 0.4 else ()
            members.append((f"m{k}", ty, dims))
        fields = " ".join(f"{ty.name} {m}{''.join(f'[{d}]' for d in dims)};" for m, ty, dims in members)
        self.table_lines.append(f"typedef struct {{ {fields} }} {tname};")
        self.emit(f"{tname} {name};")
        for m, ty, dims in members:
            if dims:
                it = self.fresh("i")
                self.emit(f"for (int {it} = 0; {it} < {dims[0]}; {it}++)")
                self.iters.append(Var(it, INT, 0, dims[0] - 1, False))
                value = self.value_for(ty, 2)
                self.iters.pop()
                self.emit(f"  {name}.{m}[{it}] = {value.text if value is not None else '0'};")
            else:
                value = self.value_for(ty, 2)
                self.emit(f"{name}.{m} = {value.text if value is not None else '0'};")
        names = [name]
        if self.rng.random() < 0.4:  # a copy, changed apart from the original
            copy = self.fresh("r")
            self.emit(f"{tname} {copy} = {name};")
            names.append(copy)
        for n in names:
            for m, ty, dims in members:
                if dims:
                    self.arrays.append(Array(f"{n}.{m}", ty, dims, True, local=True))
                else:
                    self.scalars.append(Var(f"{n}.{m}", ty, ty.min if not ty.is_float else 0, ty.max if not ty.is_float else 0, True))
        self.used.add("structs")

    def statement(self, loop_depth: int) -> None:
        if self.in_top and self.depth > 1 and self.late_chance("early_return", 0.04):
            self.early_return()
            return
        kinds = [("assign", 5.0)]
        for kind, feature, w in (
            ("if", "if_else", 1.2), ("loop", "nested_loops", 1.5 if loop_depth > 0 else 0.0), ("local", "local_scalars", 0.8),
            ("incdec", "incdec", 0.6), ("recur", "recurrences", 1.2 if self.iters else 0.0),
            ("switch", "switch", 0.4), ("continue", "continue", 0.5 if self.loop_level else 0.0),
        ):  # fmt: skip
            if self.on(feature) and w > 0 and self.depth < 7:
                kinds.append((kind, w))
        kind = self.rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
        if kind == "assign":
            self.assign()
        elif kind == "if":
            self.if_else(loop_depth)
        elif kind == "loop":
            self.loop(loop_depth - 1)
        elif kind == "local":
            self.declare_local()
        elif kind == "recur":
            self.recurrence()
        elif kind == "switch":
            self.switch(loop_depth)
        elif kind == "continue":
            self.skip_rest()
        else:
            self.incdec()

    def recurrence(self) -> None:
        """``A[s1] = A[s2] op v``: a read and a write of one array whose subscripts (random
        offsets of the iterators) make dependences across iterations."""
        pool = [a for a in self.arrays if a.writable]
        if not pool:
            return
        arr = self.rng.choice(pool)
        target, source = self.element(arr), self.element(arr)
        if target is None or source is None:
            return
        read = exprs.full(source, arr.ty)
        other = self.value_for(arr.ty, 1)
        if other is None:
            return
        if read.is_float or other.is_float:
            value = exprs.float_binary(self.rng.choice("+-*"), read, other)
        else:
            value = exprs.arith(self.rng.choice("+-*"), read, other, self.rng) if self.rng.random() < 0.7 else exprs.bitwise("^", read, other)
        if not arr.ty.is_float and value.is_float:
            conv = self.to_int(value, arr.ty)
            if conv is None:
                return
            value = conv
        self.used.add("recurrence")
        self.emit(f"{target} = {value.text};")

    # ---------------------------------------------------------------- loops
    def loop_header(self) -> tuple[str, Var] | None:
        rng = self.rng
        v = self.fresh("i")
        forms = ["const"]
        outer = [it for it in self.iters if it.lo <= it.hi and it.lo >= 0]
        if outer and self.on("triangular"):
            forms += ["tri"] * 2
        bounds = [p for p in self.scalars if p.name.startswith("n") and not p.writable]
        if bounds and self.on("arg_bounds"):
            forms += ["arg"] * 2
        form = rng.choice(forms)
        size = rng.choice(self.sizes)
        step = rng.choice([2, 3]) if self.chance("steps", 0.2) else 1
        down = self.chance("decreasing", 0.25)
        if form == "const":
            lo = rng.choice([0, 0, 0, 1])
            hi = size - 1 - rng.choice([0, 0, 1])
            if hi < lo:
                hi = lo
            if down:
                cmp = rng.choice([f"{v} >= {lo}", f"{v} > {lo - 1}"])
                head = f"for (int {v} = {hi}; {cmp}; {v}{'--' if step == 1 else f' -= {step}'})"
            else:
                cmp = rng.choice([f"{v} < {hi + 1}", f"{v} <= {hi}"])
                head = f"for (int {v} = {lo}; {cmp}; {v}{'++' if step == 1 else f' += {step}'})"
            self.used.add("loop_const")
            return head, Var(v, INT, lo, hi, False)
        if form == "tri":
            o = rng.choice(outer)
            self.used.add("loop_triangular")
            choice = rng.randint(0, 4)
            if choice == 0:
                return f"for (int {v} = 0; {v} <= {o.name}; {v}++)", Var(v, INT, 0, o.hi, False)
            if choice == 1:
                return f"for (int {v} = 0; {v} < {o.name}; {v}{'++' if step == 1 else f' += {step}'})", Var(v, INT, 0, o.hi - 1, False)
            if choice == 2:
                return f"for (int {v} = {o.name}; {v} < {size}; {v}++)", Var(v, INT, o.lo, size - 1, False)
            if choice == 3:
                return f"for (int {v} = {o.name}; {v} >= 0; {v}{'--' if step == 1 else f' -= {step}'})", Var(v, INT, 0, o.hi, False)
            return f"for (int {v} = 2 * {o.name} + 1; {v} < {size}; {v}++)", Var(v, INT, 2 * o.lo + 1, size - 1, False)
        n = rng.choice(bounds)
        self.used.add("loop_arg_bound")
        choice = rng.randint(0, 3)
        if choice == 0:
            return f"for (int {v} = 0; {v} < {n.name}; {v}{'++' if step == 1 else f' += {step}'})", Var(v, INT, 0, n.hi - 1, False)
        if choice == 1 and (n.ty.width <= 32 or self.on("narrowing_bound_init")):
            self.used.add("narrowing_bound_init" if n.ty.width > 32 else "loop_arg_start")
            return f"for (int {v} = {n.name}; {v} < {size}; {v}++)", Var(v, INT, max(n.lo, 0), size - 1, False)
        if choice == 2 and (n.ty.width <= 32 or self.on("narrowing_bound_init")):
            return f"for (int {v} = {n.name} - 1; {v} >= 0; {v}--)", Var(v, INT, 0, n.hi - 1, False)
        if choice in (1, 2):
            return f"for (int {v} = 0; {v} < {n.name}; {v}++)", Var(v, INT, 0, n.hi - 1, False)
        return f"for (int {v} = {size - 1}; {v} >= {n.name}; {v}{'--' if step == 1 else f' -= {step}'})", Var(v, INT, n.lo, size - 1, False)

    def loop(self, inner_depth: int, body_count: int | None = None) -> None:
        header = self.loop_header()
        if header is None:
            return
        head, it = header
        if it.lo > it.hi:
            it.hi = it.lo  # never runs; keep subscripts in range for the interval anyway
        trips = it.hi - it.lo + 1
        # a data-dependent end beside the count: the test reads what the body may change
        init, cond, step = head[len("for (") : -1].split("; ")
        extra = self.int_expr(2).text if self.chance("while_loops", 0.15) else None
        form = self.rng.choice(["for", "while", "do"]) if extra is not None else "for"
        if extra is not None:
            head = f"for ({init}; {cond} && {extra}; {step})"
            self.used.add("while_loops")
        start = len(self.lines)
        self.emit(head + " {")
        pragma_at = len(self.lines)
        self.iters.append(it)
        saved_mult = self.loop_mult
        self.loop_mult *= max(trips, 1)
        self.loop_level += 1
        self.block(inner_depth, body_count or self.rng.randint(1, 3))
        self.loop_level -= 1
        self.loop_mult = saved_mult
        self.iters.pop()
        innermost = not any(line.lstrip().startswith(("for (", "{ int ")) for line in self.lines[pragma_at:])
        if innermost:
            self.pipeline_pragma(pragma_at)
        self.unroll_pragma(pragma_at, trips)
        self.allocation_pragma(pragma_at)
        # a while or do loop steps at the end of its body: not where a continue would skip it
        if form != "for" and not any("continue;" in line for line in self.lines[pragma_at:]):
            pad = self.lines[start][: len(self.lines[start]) - len(self.lines[start].lstrip())]
            if form == "while":
                self.lines[start] = f"{pad}{{ {init}; while ({cond} && {extra}) {{"
            else:  # at least once in C: only when the count allows one
                self.lines[start] = f"{pad}{{ {init}; if ({cond}) do {{"
            self.emit(f"  {step};")
            self.emit("}" + (f" while ({cond} && {extra});" if form == "do" else "") + " }")
            return
        self.emit("}")
        assert self.lines[start].lstrip().startswith("for")

    def pipeline_pragma(self, at: int) -> None:
        pad = "  " * (self.depth + 1)
        if self.chance("pragma_pipeline", 0.2):
            self.lines.insert(at, f"{pad}#pragma HLS pipeline II={self.rng.randint(1, 3)}")
            self.used.add("pragma_pipeline")
        elif self.chance("pragma_pipeline_off", 0.08):
            self.lines.insert(at, f"{pad}#pragma HLS pipeline off")
            self.used.add("pragma_pipeline_off")

    def unroll_pragma(self, at: int, trips: int) -> None:
        pad = "  " * (self.depth + 1)
        if self.chance("pragma_unroll", 0.15):
            # a factor (remainders included), or the whole loop when it is short
            text = "#pragma HLS unroll" if trips <= 8 and self.rng.random() < 0.3 else f"#pragma HLS unroll factor={self.rng.randint(2, 4)}"
            self.lines.insert(at, pad + text)
            self.used.add("pragma_unroll")

    def allocation_pragma(self, at: int | None = None) -> None:
        """``#pragma HLS allocation`` of one or two operator kinds, in the function body (``at``
        None: here) or a loop body (inserted at ``at``)."""
        if not self.chance("pragma_allocation", 0.12 if at is None else 0.06):
            return
        ops = self.rng.sample(["mul", "dmul", "dadd", "dsub", "fmul", "fadd", "fsub", "sdiv", "udiv", "srem", "dcmp", "sitofp"], self.rng.randint(1, 2))
        text = f"#pragma HLS allocation operation instances={','.join(ops)} limit={self.rng.choice([1, 1, 2, 3])}"
        if at is None:
            self.emit(text)
        else:
            self.lines.insert(at, "  " * (self.depth + 1) + text)
        self.used.add("pragma_allocation")

    def partition_pragma(self, name: str, dims: tuple[int, ...]) -> None:
        if not self.chance("pragma_partition", 0.25):
            return
        dim = self.rng.randint(1, len(dims))
        kind = self.rng.choice(["cyclic", "block", "complete"] if dims[dim - 1] <= 8 else ["cyclic", "block"])
        factor = "" if kind == "complete" else f" factor={self.rng.randint(2, 4)}"
        self.emit(f"#pragma HLS array_partition variable={name} type={kind}{factor} dim={dim}")
        self.used.add("pragma_partition")

    # ---------------------------------------------------------------- blocks of the kernel body
    def local_array(self) -> None:
        ty = self.scalar_type(0.3 if self.on("local_float") else 0.0)
        dims = (self.rng.choice(self.sizes),) if self.rng.random() < 0.7 else (self.rng.choice(self.sizes), self.rng.randint(2, 4))
        name = self.fresh("l")
        self.emit(f"{ty.name} {name}{''.join(f'[{d}]' for d in dims)};")
        self.partition_pragma(name, dims)
        if self.chance("bind_storage", 0.3):
            kind = self.rng.choice(["ram_1p", "ram_2p", "ram_s2p", "ram_t2p"])
            impl = self.rng.choice(["bram", "lutram", "reg"])
            self.emit(f"#pragma HLS bind_storage variable={name} type={kind} impl={impl}")
            self.used.add("bind_storage")
        # every element is written before anything can read it
        its = [self.fresh("i") for _ in dims]
        for depth, (it, d) in enumerate(zip(its, dims, strict=True)):
            self.emit("  " * depth + f"for (int {it} = 0; {it} < {d}; {it}++)")
            self.iters.append(Var(it, INT, 0, d - 1, False))
        self.depth += len(dims)
        value = self.value_for(ty, 2)
        self.emit(f"{name}{''.join(f'[{it}]' for it in its)} = {value.text if value else '0'};")
        self.depth -= len(dims)
        del self.iters[-len(dims) :]
        self.arrays.append(Array(name, ty, dims, True, local=True))
        self.used.add("local_array")

    def reduction(self) -> None:
        ty = self.scalar_type(0.4)
        acc = self.fresh("acc")
        init = exprs.int_constant(0, ty) if not ty.is_float else exprs.float_literal(0.0, ty)
        self.emit(f"{ty.name} {acc} = {init.text};")
        header = self.loop_header()
        if header is None:
            return
        head, it = header
        self.emit(head + " {")
        at = len(self.lines)
        self.iters.append(it)
        self.depth += 1
        term = self.value_for(ty, 2)
        if term is not None:
            if ty.is_float:
                self.emit(f"{acc} {self.rng.choice(['+=', '-=', '*='])} {term.text};")
            elif self.on("ternary") and self.rng.random() < 0.3 and not term.is_float:
                self.emit(f"{acc} = ({term.text} > {acc}) ? {term.text} : {acc};")
            else:
                self.compound_reduction(acc, ty, term)
        self.depth -= 1
        self.iters.pop()
        self.pipeline_pragma(at)
        self.emit("}")
        self.scalars.append(Var(acc, ty, ty.min if not ty.is_float else 0, ty.max if not ty.is_float else 0, True))
        self.used.add("reduction")
        target = self.lvalue()
        if target is not None and (target[1].is_float or not ty.is_float):
            self.emit(f"{target[0]} = {acc};")

    def compound_reduction(self, acc: str, ty: CType, term: Expr) -> None:
        op = self.rng.choice(["+", "+", "^", "|", "-"])
        c = common_type(ty, term.ty)
        if op in "+-" and c.signed:
            term = exprs.cast(term, unsigned_of(c))
        self.emit(f"{acc} {op}= {term.text};")

    def stencil(self) -> None:
        rng = self.rng
        ndim = 3 if self.chance("stencil_3d", 0.3) else 2 if self.chance("stencil_2d", 0.4) else 1
        reads = [a for a in self.arrays if len(a.dims) == ndim and min(a.dims) >= 3]
        if not reads:
            return
        src = rng.choice(reads)
        dsts = [a for a in self.arrays if a.writable and len(a.dims) == len(src.dims) and all(d >= s - 1 for d, s in zip(a.dims, src.dims, strict=True))]
        if not dsts:
            return
        dst = rng.choice(dsts)
        its = [self.fresh("i") for _ in src.dims]
        for depth, (it, d) in enumerate(zip(its, src.dims, strict=True)):
            self.emit("  " * depth + f"for (int {it} = 1; {it} < {d - 1}; {it}++) {{")
            self.iters.append(Var(it, INT, 1, d - 2, False))
        at = len(self.lines)
        self.depth += len(its)
        if ndim == 3:
            i, j, k = its
            cells = [f"[{i} - 1][{j}][{k}]", f"[{i}][{j} - 1][{k}]", f"[{i}][{j}][{k} - 1]", f"[{i}][{j}][{k}]",
                     f"[{i}][{j}][{k} + 1]", f"[{i}][{j} + 1][{k}]", f"[{i} + 1][{j}][{k}]"]  # fmt: skip
            self.used.add("stencil_3d")
        elif ndim == 2:
            i, j = its
            cells = [f"[{i} - 1][{j}]", f"[{i}][{j} - 1]", f"[{i}][{j}]", f"[{i}][{j} + 1]", f"[{i} + 1][{j}]"]
            self.used.add("stencil_2d")
        else:
            i = its[0]
            cells = [f"[{i} - 1]", f"[{i}]", f"[{i} + 1]"]
            self.used.add("stencil")
        terms = [exprs.full(src.name + c, src.ty) for c in cells]
        value = terms[0]
        for t in terms[1:]:
            if value.is_float or t.is_float:
                value = exprs.float_binary(rng.choice("+-*"), value, t)
            else:
                value = exprs.arith(rng.choice("+-"), value, t, rng) if rng.random() < 0.8 else exprs.bitwise("^", value, t)
        if rng.random() < 0.3:
            extra = self.value_for(value.ty, 1)
            if extra is not None and extra.is_float == value.is_float:
                value = exprs.float_binary("*", value, extra) if value.is_float else exprs.arith("+", value, extra, rng)
        if dst.ty.is_float or not value.is_float:
            self.emit(f"{dst.name}{''.join(f'[{it}]' for it in its)} = {value.text};")
        else:
            conv = self.to_int(value, dst.ty)
            if conv is not None:
                self.emit(f"{dst.name}{''.join(f'[{it}]' for it in its)} = {conv.text};")
        self.depth -= len(its)
        del self.iters[-len(its) :]
        self.pipeline_pragma(at)
        for depth in reversed(range(len(its))):
            self.emit("  " * depth + "}")

    # ---------------------------------------------------------------- helpers and the kernel
    def helper(self) -> None:
        name = f"h{len(self.helpers)}"
        ret = self.scalar_type(0.3)
        params = [(f"p{k}", self.scalar_type(0.3)) for k in range(self.rng.randint(1, 3))]
        saved = (self.scalars, self.arrays, self.iters, self.lines, self.depth)
        self.scalars = [Var(p, t, t.min if not t.is_float else 0, t.max if not t.is_float else 0, True) for p, t in params]
        self.arrays, self.iters, self.lines, self.depth = [], [], [], 1
        if self.rng.random() < 0.5:
            self.declare_local()
        if self.chance("helper_if", 0.4):
            local = self.scalars[-1] if self.scalars[-1].name.startswith("t") else None
            if local is not None:
                saved_calls = self.no_calls
                self.no_calls = not self.on("call_in_if_cond")
                cond = self.condition(1)
                self.no_calls = saved_calls
                value = self.value_for(local.ty, 2)
                if value is not None:
                    self.emit(f"if ({cond.text}) {local.name} = {value.text};")
                    self.used.add("helper_if")
        result = self.value_for(ret, 2) or (exprs.int_constant(0, ret) if not ret.is_float else exprs.float_literal(0.0, ret))
        self.emit(f"return {result.text};")
        body = self.lines
        self.scalars, self.arrays, self.iters, self.lines, self.depth = saved
        plist = ", ".join(f"{t.name} {p}" for p, t in params)
        self.lines.append(f"static {ret.name} {name}({plist}) {{")
        self.lines.extend(body)
        self.lines.append("}")
        self.helpers.append(Helper(name, ret, params))

    def kernel(self) -> Kernel:
        """Writes the whole kernel file (helpers and top function, no testbench)."""
        rng = self.rng
        if self.chance("large_arrays", 0.08):
            base = rng.choice([16, 24, 32])
            self.used.add("large_arrays")
        else:
            base = rng.choice([4, 5, 6, 8, 10, 12])
        self.sizes = sorted({base, max(3, base + rng.choice([-2, -1, 0, 1, 2]))})
        params: list[Param] = []
        n_arrays = rng.randint(1, 3)
        for k in range(n_arrays):
            ty = self.scalar_type(0.35)
            r = rng.random()
            if r < 0.6:
                dims: tuple[int, ...] = (rng.choice(self.sizes),)
            elif r < 0.93 or not self.on("array_3d"):
                dims = (rng.choice(self.sizes), rng.choice(self.sizes))
            else:
                dims = (rng.randint(2, 4), rng.randint(2, 4), rng.choice(self.sizes))
                self.used.add("array_3d")
            const = k > 0 and rng.random() < 0.3
            params.append(Param(f"a{k}", ty, dims, "array", const=const))
            self.arrays.append(Array(f"a{k}", ty, dims, not const))
        for k in range(rng.randint(0, 2)):
            ty = self.scalar_type(0.3 if self.on("float_params") else 0.0)
            params.append(Param(f"s{k}", ty))
            self.scalars.append(Var(f"s{k}", ty, ty.min if not ty.is_float else 0, ty.max if not ty.is_float else 0, False))
        if self.chance("arg_bounds", 0.5):
            bound = max(self.sizes)
            ty = rng.choice([INT, INT, CType("int32_t", 32, True), CType("short", 16, True), CType("long", 64, True)])
            params.append(Param("n0", ty, role="bound", lo=0, hi=bound))
            self.scalars.append(Var("n0", ty, 0, bound, False))
        if self.on("calls"):
            for _ in range(rng.choice([0, 1, 1, 2, 3])):
                self.helper()
        helper_lines, self.lines = self.lines, []
        ret = self.scalar_type(0.3) if self.chance("return_value", 0.5) else None
        self.top_ret, self.in_top = ret, True
        self.depth = 1
        if self.chance("interface_pragma", 0.1):
            arr = rng.choice([p for p in params if p.role == "array"])
            self.emit(f"#pragma HLS interface mode=ap_memory port={arr.name} storage_type=ram_1p")
            self.used.add("interface_pragma")
        for a in [a for a in self.arrays if not a.local]:
            self.partition_pragma(a.name, a.dims)
        self.allocation_pragma()
        if self.chance("local_scalars", 0.5):
            self.declare_local()
        if self.chance("incdec", 0.3):
            self.declare_counter()
        if self.chance("local_arrays", 0.35):
            self.local_array()
        for _ in range(2):
            if self.chance("tables", 0.3):
                self.table()
        if self.late_chance("static_locals", 0.2):
            self.static_local()
        if self.late_chance("structs", 0.15):
            self.struct_local()
        if self.late_chance("globals", 0.2):
            self.global_state()
        if self.late_chance("pointers", 0.15):
            self.pointer_alias()
        if self.late_chance("pointers", 0.1):
            self.walking_pointer()
        if self.on("pointers") and random.Random(self.seed * 1_000_003 + self.index * 7_919 + 31).random() < 0.3:
            self.chosen_pointer()
        for _ in range(rng.randint(2, 4)):
            r = rng.random()
            if r < 0.55:
                self.loop(rng.randint(0, 2) if self.on("nested_loops") else 0)
            elif r < 0.7 and self.on("reductions"):
                self.reduction()
            elif r < 0.85 and self.on("stencils"):
                self.stencil()
            else:
                self.statement(0)
        if ret is not None:
            value = self.value_for(ret, 2)
            if value is None:
                value = exprs.int_constant(0, ret)
            self.emit(f"return {value.text};")
            self.used.add("return_value")
        plist = ", ".join(_param_decl(p) for p in params)
        head = f"{ret.name if ret else 'void'} {TOP}({plist}) {{"
        hls_args: list[str] = []
        r = rng.random()
        if r < 0.2 and self.on("cli_ii"):
            hls_args = ["--ii", str(rng.randint(2, 4))]
            self.used.add("cli_ii")
        elif r < 0.32 and self.on("cli_no_pipeline"):
            hls_args = ["--no-pipeline"]
            self.used.add("cli_no_pipeline")
        text = "\n".join([*self.table_lines, *helper_lines, head, *self.lines, "}"]) + "\n"
        for p in params:
            if p.ty.is_float:
                self.used.add(f"type:{p.ty.name}")
        return Kernel(self.seed, self.index, text, params, ret, hls_args, self.used)


def _param_decl(p: Param) -> str:
    const = "const " if p.const else ""
    return f"{const}{p.ty.name} {p.name}{''.join(f'[{d}]' for d in p.dims)}"


HEADER = "#include <stdint.h>\n#include <math.h>\n#include <string.h>\n#include <stdio.h>\n"


def generate_kernel(seed: int, index: int, mix: FeatureMix | None = None) -> Kernel:
    """The kernel of (seed, index): the same arguments always give the same program."""
    rng = random.Random(f"hls-fuzz/{seed}/{index}")
    return KernelGenerator(rng, mix or FeatureMix(), seed, index).kernel()
