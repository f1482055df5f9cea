"""An interpreter of the program model with exact C semantics (LP64, IEEE binary32/binary64).

It runs the testbench's calls and, at every operation that would have undefined behaviour on those inputs,
sets the node's ``safe`` flag and continues with the guarded form's value. Guarded forms equal the plain forms
wherever those are defined, so one run decides every flag. Uninitialised reads, loop variables that overflow and
runaway loops raise ``Reject``: the generator then draws another program.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import math
import struct
from dataclasses import dataclass
from typing import Any

from hls.progen.ctyping import (
    DOUBLE,
    FLOAT,
    INT,
    UB,
    Bits,
    CType,
    Value,
    convert,
    f32,
    fdiv,
    float_clamp_bounds,
    is_snan,
    promote,
    usual,
    with_bits,
    wrap,
)
from hls.progen.model import (
    CMPS,
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
    is_constant,
)

_LIBM: Any = None


def libm(name: str, bits: int) -> Any:
    """The C library's ``name`` (``namef`` for bits 32), so that exp/log/pow/sin/cos give exactly what gcc's program gets."""
    global _LIBM
    if _LIBM is None:
        _LIBM = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    fn = getattr(_LIBM, name + ("f" if bits == 32 else ""))
    ct = ctypes.c_float if bits == 32 else ctypes.c_double
    fn.restype = ct
    fn.argtypes = [ct, ct] if name == "pow" else [ct]
    return fn


def gcc_fold(fn: str, args: list[float], bits: int) -> float | None:
    """What gcc computes at compile time for exp/log/pow/sin/cos of constants: the correctly rounded result (MPFR),
    or None when gcc would leave the call to run time (result not a finite normal number) or mpmath is missing."""
    try:
        import mpmath  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover
        return None
    p, emin, emax = (24, -126, 127) if bits == 32 else (53, -1022, 1023)
    with mpmath.workprec(400):
        xs = [mpmath.mpf(a) for a in args]
        if fn == "exp":
            r = mpmath.exp(xs[0])
        elif fn == "log":
            if xs[0] <= 0:
                return None
            r = mpmath.log(xs[0])
        elif fn in ("sin", "cos"):
            r = mpmath.sin(xs[0]) if fn == "sin" else mpmath.cos(xs[0])
        else:
            if xs[0] <= 0:
                return None
            r = mpmath.power(xs[0], xs[1])
        if not mpmath.isfinite(r) or r == 0:
            return None
        e = int(mpmath.floor(mpmath.log(abs(r), 2)))
        if e < emin or e > emax:
            return None
        q = e - (p - 1)
        n = int(mpmath.nint(r / mpmath.mpf(2) ** q))  # ties to even
        v = float(n) * 2.0**q
    if math.isinf(v) or abs(v) < 2.0**emin:
        return None
    return v


class _Jump(Exception):
    """A ``break``, ``continue`` or ``goto`` leaving the statements of a loop body (or a switch)."""

    def __init__(self, kind: str, label: str = "") -> None:
        super().__init__(kind)
        self.kind = kind
        self.label = label


class Reject(Exception):
    """The program cannot be made well defined by guarding (the generator draws another)."""


@dataclass
class Store:
    """Storage of one array (flat, row-major); ``None`` marks an uninitialised element."""

    arr: Array
    data: list[Value | None]


class UnionBytes:
    """The bytes of one local union (``None``: not written yet), which its members share."""

    def __init__(self, size: int) -> None:
        self.data: list[int | None] = [None] * size

    def read(self, t: CType, at: int) -> Value:
        """The member of type ``t`` at byte ``at`` (a byte not written: Reject)."""
        n = t.bits // 8
        raw = self.data[at : at + n]
        if any(b is None for b in raw):
            raise Reject("read of union bytes never written")
        blob = bytes(b for b in raw if b is not None)
        if t.is_float:
            return float(struct.unpack("<f" if t.bits == 32 else "<d", blob)[0])
        return int.from_bytes(blob, "little", signed=t.signed)

    def write(self, t: CType, at: int, v: Value) -> None:
        n = t.bits // 8
        blob = struct.pack("<f" if t.bits == 32 else "<d", float(v)) if t.is_float else (int(v) % (1 << t.bits)).to_bytes(n, "little")
        self.data[at : at + n] = list(blob)


@dataclass
class UnionSlot:
    """An lvalue inside a union: its bytes, the member's type and its first byte."""

    bytes: UnionBytes
    ty: CType
    at: int


class Frame:
    """Variables of one function activation."""

    def __init__(self) -> None:
        self.scalars: dict[int, Value | None] = {}
        self.arrays: dict[int, Store] = {}
        self.offsets: dict[int, int] = {}  # walking pointer parameters: the element each points at
        self.unions: dict[int, UnionBytes] = {}  # the members of local unions: their union's bytes


def _trunc_div(a: int, b: int) -> tuple[int, int]:
    q = abs(a) // abs(b)
    if (a < 0) != (b < 0):
        q = -q
    return q, a - b * q


def float_op(op: str, a: float, b: float, t: CType) -> float:
    """``a op b`` in float (bits 32) or double."""
    if op == "+":
        r = a + b
    elif op == "-":
        r = a - b
    elif op == "*":
        r = a * b
    else:
        r = fdiv(a, b)
    return f32(r) if t.bits == 32 else r


def c_fmin(a: Value, b: Value) -> float:
    """glibc fmin on x86-64 called in source order, as hls cosim builds the C (-fno-builtin-fmin):
    a signalling NaN operand gives NaN; of two equal values (+0 and -0) the second (minsd)."""
    if is_snan(a) or is_snan(b):
        return math.nan
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    return a if a < b else b


def c_fmax(a: Value, b: Value) -> float:
    """glibc fmax on x86-64 called in source order: as ``c_fmin``, the larger value (maxsd)."""
    if is_snan(a) or is_snan(b):
        return math.nan
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    return a if a > b else b


def clamp_convert(v: Value, src: CType, dst: CType) -> int:
    """The guarded float to integer conversion: ``(T)fmin(fmax(v, lo), hi)`` (a signalling NaN gives hi)."""
    lo, hi = float_clamp_bounds(src, dst)
    return int(c_fmin(c_fmax(v, lo), hi))


class Interp:
    """Runs a program's calls, marking the operations that need their guarded form."""

    def __init__(self, prog: Program, budget: int = 3_000_000) -> None:
        self.prog = prog
        self.steps = 0
        self.budget = budget
        self.marked = 0
        self.statics: dict[int, Store] = {}  # static local arrays, by id

    # --- entry ---------------------------------------------------------------------------------------------------------

    def run(self) -> list[tuple[dict[str, list[Value]], Value | None]]:
        """Runs every call of the testbench; returns the arrays and the return value after each call."""
        results = []
        # file-scope arrays: initialised once, kept from call to call
        kept = {id(g): Store(g, list(g.initial) if g.initial is not None else [0.0 if g.elem.is_float else 0] * g.size) for g in self.prog.globals}
        state: dict[int, Value] = {id(g): g.initial if g.initial is not None else (0.0 if g.ty.is_float else 0) for g in self.prog.global_scalars}
        for inputs in self.prog.calls:
            frame = Frame()
            stores: dict[str, Store] = {}
            for g in self.prog.globals:
                frame.arrays[id(g)] = kept[id(g)]
                stores[g.name] = kept[id(g)]
            for gs in self.prog.global_scalars:
                frame.scalars[id(gs)] = state[id(gs)]
            for p in self.prog.top.params:
                v = inputs[p.name]
                if isinstance(p, Array):
                    assert isinstance(v, list)
                    st = Store(p, list(v))
                    frame.arrays[id(p)] = st
                    stores[p.name] = st
                else:
                    assert not isinstance(v, list)
                    frame.scalars[id(p)] = v
            ret = self.call_body(self.prog.top, frame)
            outs: dict[str, list[Value]] = {}
            for name, st in stores.items():
                assert all(x is not None for x in st.data)
                outs[name] = [x for x in st.data if x is not None]
            for gs in self.prog.global_scalars:
                now = frame.scalars[id(gs)]
                assert now is not None
                state[id(gs)] = now
                outs[gs.name] = [now]
            results.append((outs, ret))
        return results

    def tick(self) -> None:
        """Counts one step against the budget."""
        self.steps += 1
        if self.steps > self.budget:
            raise Reject("step budget exceeded")

    def call_body(self, fn: Function, frame: Frame) -> Value | None:
        """Runs a function body in ``frame``."""
        ret: list[Value | None] = [None, None]  # the value, then a marker once returned
        self.block(fn.body, frame, fn, ret)
        return ret[0]

    # --- statements ----------------------------------------------------------------------------------------------------

    def block(self, body: list[Stmt], fr: Frame, fn: Function, ret: list[Value | None]) -> None:
        """Runs a statement list (up to a ``return``; a ``goto`` to one of its labels goes on from there)."""
        k = 0
        while k < len(body):
            try:
                self.stmt(body[k], fr, fn, ret)
            except _Jump as jump:
                at = next((n for n, s in enumerate(body) if jump.kind == "goto" and isinstance(s, Label) and s.name == jump.label), None)
                if at is None:
                    raise
                assert at > k  # (forward only)
                k = at
            if ret[1] is not None:
                return
            k += 1

    def stmt(self, s: Stmt, fr: Frame, fn: Function, ret: list[Value | None]) -> None:
        """Runs one statement."""
        self.tick()
        if isinstance(s, Decl):
            fr.scalars[id(s.var)] = None if s.init is None else self.store_conv(self.ev(s.init, fr), s.init.ty, s.var.ty)
        elif isinstance(s, ArrayDecl) and s.arr.static and id(s.arr) in self.statics:
            fr.arrays[id(s.arr)] = self.statics[id(s.arr)]  # (initialised once, at the first call)
        elif isinstance(s, ArrayDecl):
            data: list[Value | None] = [None] * s.arr.size
            if s.arr.static:
                data = [0.0 if s.arr.elem.is_float else 0] * s.arr.size
            if s.init is not None:  # (C: the elements without an initializer are zero)
                data = [self.store_conv(self.ev(e, fr), e.ty, s.arr.elem) for e in s.init]
                zero = 0.0 if s.arr.elem.is_float else 0
                data += [zero] * (s.arr.size - len(data))
            fr.arrays[id(s.arr)] = Store(s.arr, data)
            if s.arr.static:
                self.statics[id(s.arr)] = fr.arrays[id(s.arr)]
        elif isinstance(s, StructDecl) and s.union:
            shared = UnionBytes(max((f.elem.bits // 8) * f.size if isinstance(f, Array) else f.ty.bits // 8 for f in s.fields))
            for f in s.fields:
                fr.unions[id(f)] = shared
        elif isinstance(s, StructDecl):
            for f in s.fields:
                if isinstance(f, Array):
                    fr.arrays[id(f)] = Store(f, [None] * f.size)
                else:
                    fr.scalars[id(f)] = None
        elif isinstance(s, Assign):
            self.assign(s, fr)
        elif isinstance(s, Incr):
            self.incr(s, fr)
        elif isinstance(s, ExprStmt):
            self.ev(s.e, fr)
        elif isinstance(s, PtrStep):
            fr.offsets[id(s.ptr)] = fr.offsets.get(id(s.ptr), 0) + s.step
        elif isinstance(s, If):
            if self.truth(self.ev(s.c, fr)):
                self.block(s.then, fr, fn, ret)
            elif s.els is not None:
                self.block(s.els, fr, fn, ret)
        elif isinstance(s, For):
            self.loop(s, fr, fn, ret)
        elif isinstance(s, While):
            self.while_loop(s, fr, fn, ret)
        elif isinstance(s, Break):
            raise _Jump("break")
        elif isinstance(s, Continue):
            raise _Jump("continue")
        elif isinstance(s, Goto):
            raise _Jump("goto", s.label)
        elif isinstance(s, Label):
            pass
        elif isinstance(s, Switch):
            self.switch(s, fr, fn, ret)
        elif isinstance(s, Return):
            assert fn.ret is not None
            ret[0] = self.store_conv(self.ev(s.e, fr), s.e.ty, fn.ret)
            ret[1] = 1
        elif isinstance(s, Comment):
            pass
        else:  # pragma: no cover
            raise AssertionError(s)

    def loop(self, s: For, fr: Frame, fn: Function, ret: list[Value | None]) -> None:
        """Runs a canonical for loop."""
        v = s.var
        fr.scalars[id(v)] = self.store_conv(self.ev(s.init, fr), s.init.ty, v.ty)
        for c, first, _ in s.counters:
            fr.scalars[id(c)] = first
        while True:
            self.tick()
            cur = fr.scalars[id(v)]
            assert cur is not None
            if not self.truth(self.compare(s.cmp, cur, v.ty, self.ev(s.bound, fr), s.bound.ty)):
                break
            if self.iteration(s.body, fr, fn, ret):
                return
            cur = fr.scalars[id(v)]
            assert cur is not None
            pt = promote(v.ty)
            nxt = int(cur) + s.step
            if pt.signed and not (pt.min <= nxt <= pt.max):
                raise Reject("loop variable overflows")
            fr.scalars[id(v)] = wrap(nxt, v.ty)
            for c, _, step in s.counters:
                now = fr.scalars[id(c)]
                assert now is not None
                if not INT.min <= int(now) + step <= INT.max:
                    raise Reject("loop counter overflows")
                fr.scalars[id(c)] = int(now) + step

    def while_loop(self, s: While, fr: Frame, fn: Function, ret: list[Value | None]) -> None:
        """Runs a ``while`` or ``do``/``while`` loop."""
        first = s.do
        while True:
            self.tick()
            if not first and not self.truth(self.ev(s.c, fr)):
                break
            first = False
            if self.iteration(s.body, fr, fn, ret):
                return

    def iteration(self, body: list[Stmt], fr: Frame, fn: Function, ret: list[Value | None]) -> bool:
        """Runs a loop body once; True when the loop ends there (``break`` or ``return``; a ``goto`` leaves it
        through the caller, a ``continue`` only ends the iteration)."""
        try:
            self.block(body, fr, fn, ret)
        except _Jump as jump:
            if jump.kind == "goto":
                raise
            if jump.kind == "break":
                return True
        return ret[1] is not None

    def switch(self, s: Switch, fr: Frame, fn: Function, ret: list[Value | None]) -> None:
        """Runs a ``switch``: from the case whose label matches (else ``default``) through the cases that follow
        until one ends with ``break`` (a ``break`` statement inside leaves it too)."""
        v = int(self.ev(s.e, fr))
        start = next((k for k, (labels, _, _) in enumerate(s.cases) if labels is not None and v in labels), None)
        if start is None:
            start = next((k for k, (labels, _, _) in enumerate(s.cases) if labels is None), None)
        if start is None:
            return
        try:
            for _, body, brk in s.cases[start:]:
                self.block(body, fr, fn, ret)
                if ret[1] is not None or brk:
                    return
        except _Jump as jump:
            if jump.kind != "break":
                raise

    def store_conv(self, val: Value, src: CType, dst: CType) -> Value:
        """An implicit conversion (assignment, initialisation, return); the generator casts float to int
        explicitly, so a UB here is a generator bug."""
        try:
            return convert(val, src, dst)
        except UB as e:
            raise Reject(f"implicit conversion: {e}") from e

    def lvalue(self, lv: Var | Elem | Deref, fr: Frame) -> tuple[Store | UnionSlot | None, int]:
        """The location of an lvalue: (store, flat index), (None, id) for a scalar, (slot, 0) in a union."""
        if isinstance(lv, Var) and id(lv.var) in fr.unions:
            return UnionSlot(fr.unions[id(lv.var)], lv.var.ty, 0), 0
        if isinstance(lv, Elem) and id(lv.arr) in fr.unions:
            return UnionSlot(fr.unions[id(lv.arr)], lv.arr.elem, self.flat(lv, fr) * (lv.arr.elem.bits // 8)), 0
        if isinstance(lv, Var):
            return None, id(lv.var)
        if isinstance(lv, Deref):
            return fr.arrays[id(lv.ptr)], self.pointed(lv, fr)
        st = fr.arrays[id(lv.arr)]
        return st, self.flat(lv, fr)

    def pointed(self, d: Deref, fr: Frame) -> int:
        """The element a walking pointer points at (outside its array: Reject, a generator bug)."""
        off = fr.offsets.get(id(d.ptr), 0)
        if not 0 <= off < d.ptr.size:
            raise Reject(f"{d.ptr.name} points outside its array")
        return off

    def load(self, loc: tuple[Store | UnionSlot | None, int], fr: Frame) -> Value:
        """Reads a location (uninitialised: Reject)."""
        st, k = loc
        if isinstance(st, UnionSlot):
            return st.bytes.read(st.ty, st.at)
        v = fr.scalars.get(k) if st is None else st.data[k]
        if v is None:
            raise Reject("read of an uninitialised value")
        return v

    def put(self, loc: tuple[Store | UnionSlot | None, int], v: Value, fr: Frame) -> None:
        """Writes a location."""
        st, k = loc
        if isinstance(st, UnionSlot):
            st.bytes.write(st.ty, st.at, v)
        elif st is None:
            fr.scalars[k] = v
        else:
            st.data[k] = v

    def assign(self, s: Assign, fr: Frame) -> None:
        """Runs an assignment statement (chained or compound)."""
        if s.op == "=":
            val = self.ev(s.value, fr)
            ty = s.value.ty
            for t in reversed(s.targets):
                loc = self.lvalue(t, fr)
                val = self.store_conv(val, ty, t.ty)
                ty = t.ty
                self.put(loc, val, fr)
            return
        (t,) = s.targets
        loc = self.lvalue(t, fr)
        rhs = self.ev(s.value, fr)
        new, bad = self.compound(s.op, t, self.load(loc, fr), rhs, s.value)
        if bad:
            s.safe = True
            self.marked += 1
        self.put(loc, new, fr)

    def compound(self, op: str, t: Var | Elem | Deref, cur: Value, rhs: Value, value: Expr) -> tuple[Value, bool]:
        """``cur op= rhs`` into ``t``'s type; returns the value and whether the plain form would be undefined."""
        bop = op[:-1]
        r, bad = self.binop(bop, cur, t.ty, rhs, value.ty)
        rt = promote(t.ty) if bop in ("<<", ">>") else usual(t.ty, value.ty)
        try:
            return convert(r, rt, t.ty), bad
        except UB:
            return clamp_convert(r, rt, t.ty), True

    def incr(self, s: Incr, fr: Frame) -> None:
        """Runs ``x++`` / ``x--``."""
        loc = self.lvalue(s.target, fr)
        cur = self.load(loc, fr)
        t = s.target.ty
        if t.is_float:
            self.put(loc, convert(float_op("+" if s.op == "++" else "-", float(cur), 1.0, DOUBLE if t.bits == 64 else FLOAT), t, t), fr)
            return
        pt = promote(t)
        nxt = int(cur) + (1 if s.op == "++" else -1)
        if pt.signed and not (pt.min <= nxt <= pt.max):
            if not s.safe:
                s.safe = True
                self.marked += 1
        self.put(loc, wrap(nxt, t), fr)

    # --- expressions ---------------------------------------------------------------------------------------------------

    @staticmethod
    def truth(v: Value) -> bool:
        """C truth value."""
        return v != 0

    def flat(self, e: Elem, fr: Frame) -> int:
        """Row-major flat index of an element access (guarding subscripts that would be out of bounds)."""
        k = 0
        for d, (ix, n) in enumerate(zip(e.idx, e.arr.dims)):
            v = int(self.ev(ix, fr))
            if not (0 <= v < n):
                if not e.safe[d]:
                    e.safe[d] = True
                    self.marked += 1
            if e.safe[d]:
                v = safe_index(v, n)
            k = k * n + v
        return k

    def ev(self, e: Expr, fr: Frame) -> Value:
        """Evaluates an expression."""
        self.tick()
        if isinstance(e, Const):
            return e.value
        if isinstance(e, (Var, Elem)) and id(e.var if isinstance(e, Var) else e.arr) in fr.unions:
            return self.load(self.lvalue(e, fr), fr)
        if isinstance(e, Var):
            v = fr.scalars.get(id(e.var))
            if v is None:
                raise Reject(f"read of uninitialised {e.var.name}")
            return v
        if isinstance(e, Deref):
            v = fr.arrays[id(e.ptr)].data[self.pointed(e, fr)]
            if v is None:
                raise Reject(f"read of an uninitialised element through {e.ptr.name}")
            return v
        if isinstance(e, Elem):
            st = fr.arrays[id(e.arr)]
            v = st.data[self.flat(e, fr)]
            if v is None:
                raise Reject(f"read of an uninitialised element of {e.arr.name}")
            return v
        if isinstance(e, Unary):
            return self.unary(e, fr)
        if isinstance(e, Binary):
            return self.binary(e, fr)
        if isinstance(e, Cond):
            c = self.ev(e.c, fr)
            arm = e.a if self.truth(c) else e.b
            return convert(self.ev(arm, fr), arm.ty, e.ty)
        if isinstance(e, Cast):
            v = self.ev(e.e, fr)
            try:
                return convert(v, e.e.ty, e.ty)
            except UB:
                if not e.safe:
                    e.safe = True
                    self.marked += 1
                return clamp_convert(v, e.e.ty, e.ty)
        if isinstance(e, Math):
            return self.math(e, fr)
        if isinstance(e, Call):
            return self.call(e, fr)
        if isinstance(e, AssignExpr):
            loc = self.lvalue(e.target, fr)
            rhs = self.ev(e.value, fr)
            if e.op == "=":
                new = self.store_conv(rhs, e.value.ty, e.target.ty)
            else:
                new, bad = self.compound(e.op, e.target, self.load(loc, fr), rhs, e.value)
                if bad and not e.safe:
                    e.safe = True
                    self.marked += 1
            self.put(loc, new, fr)
            return new
        raise AssertionError(e)  # pragma: no cover

    def unary(self, e: Unary, fr: Frame) -> Value:
        """``-``, ``~``, ``!``, ``+``."""
        v = self.ev(e.e, fr)
        if e.op == "!":
            return 0 if self.truth(v) else 1
        t = e.ty
        v = convert(v, e.e.ty, t)
        if e.op == "+":
            return v
        if t.is_float:
            assert e.op == "-"
            return _with_sign(v, math.copysign(1.0, float(v)) > 0)  # (a sign flip: a signalling NaN stays one)
        iv = int(v)
        if e.op == "~":
            return wrap(~iv, t)
        if t.signed and iv == t.min and not e.safe:
            e.safe = True
            self.marked += 1
        return wrap(-iv, t)

    def binary(self, e: Binary, fr: Frame) -> Value:
        """Binary operators (with short-circuit ``&&``/``||``)."""
        if e.op == "&&":
            return 1 if self.truth(self.ev(e.a, fr)) and self.truth(self.ev(e.b, fr)) else 0
        if e.op == "||":
            return 1 if self.truth(self.ev(e.a, fr)) or self.truth(self.ev(e.b, fr)) else 0
        a = self.ev(e.a, fr)
        b = self.ev(e.b, fr)
        if e.op in CMPS:
            return self.compare(e.op, a, e.a.ty, b, e.b.ty)
        folded = self.fp_identity(e, a, b)
        if folded is not None:
            return folded
        r, bad = self.binop(e.op, a, e.a.ty, b, e.b.ty)
        if bad and not e.safe:
            e.safe = True
            self.marked += 1
        return r

    @staticmethod
    def fp_identity(e: Binary, a: Value, b: Value) -> Value | None:
        """gcc folds x * 1.0, x / 1.0, x - 0.0 and x + -0.0 to x even at -O0 (a signalling NaN then stays
        signalling, where the arithmetic would quiet it); None when ``e`` is not such an identity."""
        t = e.ty
        if not t.is_float or e.op not in ("+", "-", "*", "/"):
            return None

        def const(x: Expr, v: Value, want: float, neg: bool) -> bool:
            return is_constant(x) and float(v) == want and (math.copysign(1.0, float(v)) < 0) == neg

        if (e.op == "*" and const(e.b, b, 1.0, False)) or (e.op == "/" and const(e.b, b, 1.0, False)):
            return convert(a, e.a.ty, t)
        if e.op == "*" and const(e.a, a, 1.0, False):
            return convert(b, e.b.ty, t)
        if (e.op == "-" and const(e.b, b, 0.0, False)) or (e.op == "+" and const(e.b, b, 0.0, True)):
            return convert(a, e.a.ty, t)
        if e.op == "+" and const(e.a, a, 0.0, True):
            return convert(b, e.b.ty, t)
        # and 0.0 - x into -x where x cannot be -0.0 (0.0f - (float)0u is -0.0f, not IEEE's +0.0),
        # -0.0 - x into -x, and x + 0.0, 0.0 + x, x - -0.0 into x where x cannot be -0.0
        if e.op == "-" and (const(e.a, a, 0.0, True) or (const(e.a, a, 0.0, False) and Interp.never_minus_zero(e.b))):
            return -float(convert(b, e.b.ty, t))
        if e.op == "+" and const(e.b, b, 0.0, False) and Interp.never_minus_zero(e.a):
            return convert(a, e.a.ty, t)
        if e.op == "+" and const(e.a, a, 0.0, False) and Interp.never_minus_zero(e.b):
            return convert(b, e.b.ty, t)
        if e.op == "-" and const(e.b, b, 0.0, True) and Interp.never_minus_zero(e.a):
            return convert(a, e.a.ty, t)
        return None

    @staticmethod
    def never_minus_zero(x: Expr) -> bool:
        """gcc's tree_expr_maybe_real_minus_zero_p false: an integer converted, fabs, a ?: of them."""
        if not x.ty.is_float:
            return True  # (converted by the operator)
        if isinstance(x, Cast):
            return not x.e.ty.is_float
        if isinstance(x, Math):
            return x.fn in ("fabs", "fabsf")
        return isinstance(x, Cond) and Interp.never_minus_zero(x.a) and Interp.never_minus_zero(x.b)

    @staticmethod
    def compare(op: str, a: Value, at: CType, b: Value, bt: CType) -> int:
        """A comparison after the usual arithmetic conversions."""
        t = usual(at, bt)
        x, y = convert(a, at, t), convert(b, bt, t)
        r = {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y, "==": x == y, "!=": x != y}[op]
        return 1 if r else 0

    @staticmethod
    def binop(op: str, a: Value, at: CType, b: Value, bt: CType) -> tuple[Value, bool]:
        """An arithmetic, bitwise or shift operator; returns (the guarded form's value, plain form undefined)."""
        if op in ("<<", ">>"):
            t = promote(at)
            xs = int(convert(a, at, t))
            n = int(b)
            w = t.bits
            bad = n < 0 or n >= w
            m = n & (w - 1)
            if op == ">>":
                return xs >> m, bad
            if t.signed and not bad:
                bad = xs < 0 or (xs << n) > t.max
            return wrap((xs & ((1 << w) - 1)) << m, t), bad
        t = usual(at, bt)
        x, y = convert(a, at, t), convert(b, bt, t)
        if t.is_float:
            return float_op(op, float(x), float(y), t), False
        xi, yi = int(x), int(y)
        if op in ("&", "|", "^"):
            r = {"&": xi & yi, "|": xi | yi, "^": xi ^ yi}[op]
            return wrap(r, t), False
        if op in ("/", "%"):
            if yi == 0 or (t.signed and xi == t.min and yi == -1):
                return (xi if op == "/" else 0), True
            q, rem = _trunc_div(xi, yi)
            return (q if op == "/" else rem), False
        r = {"+": xi + yi, "-": xi - yi, "*": xi * yi}[op]
        bad = t.signed and not (t.min <= r <= t.max)
        return wrap(r, t), bad

    def math(self, e: Math, fr: Frame) -> Value:
        """sqrt/fabs/fmin/fmax (the ``f`` forms when ``e.ty`` is float)."""
        vals = [convert(self.ev(a, fr), a.ty, e.ty) for a in e.args]
        if e.fn == "sqrt":
            x = float(vals[0])
            r = math.nan if x < 0 else (x if math.isnan(x) else math.sqrt(x))
            if x < 0:
                r = -math.nan  # x86 sqrtsd yields the default (negative) NaN
        elif e.fn == "fabs":
            return _with_sign(vals[0], False)  # (the sign cleared: a signalling NaN stays one)
        elif e.fn in ("exp", "log", "pow", "sin", "cos"):
            folded = gcc_fold(e.fn, [float(v) for v in vals], e.ty.bits) if all(is_constant(a) for a in e.args) else None
            r = folded if folded is not None else float(libm(e.fn, e.ty.bits)(*map(float, vals)))
        elif e.fn == "fmin":  # no constant folding: the C is built with -fno-builtin-fmin/fmax
            r = c_fmin(vals[0], vals[1])
        else:
            r = c_fmax(vals[0], vals[1])
        return f32(r) if e.ty.bits == 32 else r

    def call(self, e: Call, fr: Frame) -> Value:
        """Calls a helper: scalars by value (converted to the parameter's type), arrays by reference."""
        fn = e.fn
        callee = Frame()
        for p, a in zip(fn.params, e.args):
            if isinstance(p, Array):
                assert isinstance(a, Array)
                callee.arrays[id(p)] = fr.arrays[id(a)]
            else:
                assert isinstance(a, Expr) and isinstance(p, Scalar)
                callee.scalars[id(p)] = self.store_conv(self.ev(a, fr), a.ty, p.ty)
        r = self.call_body(fn, callee)
        return r if r is not None else 0


def _with_sign(v: Value, negative: bool) -> Value:
    """``v`` with its sign bit set or cleared (as x86's xorpd/andpd do: a NaN keeps its payload and stays
    signalling)."""
    if isinstance(v, Bits) and math.isnan(v):
        sign = 1 << (v.nbits - 1)
        return with_bits((v.bits | sign) if negative else (v.bits & ~sign), v.nbits)
    return math.copysign(float(v), -1.0 if negative else 1.0)


def safe_index(v: int, n: int) -> int:
    """The guarded subscript: ``v & (n-1)`` for powers of two, ``(unsigned long long)v % n`` otherwise."""
    if n & (n - 1) == 0:
        return v & (n - 1)
    return (v % (1 << 64)) % n


__all__ = ["INT", "Interp", "Reject", "safe_index"]
