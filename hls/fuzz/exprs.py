"""Expressions with value intervals: every integer expression carries its C type and an
interval that contains every value it can take, so operations that could overflow, divide by
zero, shift out of range or convert an out-of-range float are rewritten (masks, unsigned
arithmetic, guarded divisors and conversions) into C with fully defined behaviour."""

from __future__ import annotations

import random
from dataclasses import dataclass

from hls.fuzz.ctype import DOUBLE, FLOAT, INT, CType, canonical, common_type, float_suffix, promote, unsigned_of


@dataclass(frozen=True)
class Expr:
    """C text (fully parenthesized), its type, and (integers) the interval of its values."""

    text: str
    ty: CType
    lo: int = 0
    hi: int = 0
    has_call: bool = False

    @property
    def is_float(self) -> bool:
        return self.ty.is_float


def full(text: str, ty: CType, has_call: bool = False) -> Expr:
    """An expression that may take any value of its type."""
    return Expr(text, ty, ty.min if not ty.is_float else 0, ty.max if not ty.is_float else 0, has_call)


def converted(e: Expr, to: CType) -> tuple[int, int]:
    """The interval of integer ``e`` after conversion to integer type ``to``."""
    return (e.lo, e.hi) if to.holds(e.lo, e.hi) else (to.min, to.max)


def _calls(*es: Expr) -> bool:
    return any(e.has_call for e in es)


def int_literal_type(value: int, hexa: bool, suffix: str) -> CType:
    """C's type of a non-negative integer constant (C99 6.4.4.1, x86-64 widths)."""
    unsigned, longs = "u" in suffix.lower(), suffix.lower().count("l")
    candidates: list[CType] = []
    if not unsigned and not longs:
        candidates.append(INT)
    if (hexa or unsigned) and not longs:
        candidates.append(canonical(32, False))
    if not unsigned:
        candidates.append(canonical(64, True))
    if hexa or unsigned:
        candidates.append(canonical(64, False))
    for t in candidates:
        if value <= t.max:
            return t
    raise ValueError(f"constant {value} has no type")


def int_constant(value: int, ty: CType) -> Expr:
    """A constant of integer type ``ty`` (a cast where C has no literal of that type)."""
    p = promote(ty)
    mag = abs(value)
    suffix = {INT: "", canonical(32, False): "u", canonical(64, True): "LL", canonical(64, False): "ULL"}[p]
    if value == p.min and p.signed:
        text = f"(-{mag - 1}{suffix} - 1)"
    elif value < 0:
        text = f"(-{mag}{suffix})"
    else:
        text = f"{mag}{suffix}"
    if p != ty:
        text = f"(({ty.name}){text})"
    return Expr(text, ty, value, value)


def float_literal(value: float, ty: CType) -> Expr:
    """A floating constant of type ``ty`` (``1.5f`` or ``1.5``)."""
    text = repr(float(value))
    if "e" not in text and "." not in text:
        text += ".0"
    if ty == FLOAT:
        text += "f"
    return Expr(f"({text})" if value < 0 or text.startswith("-") else text, ty)


def cast(e: Expr, to: CType) -> Expr:
    """``(to)e`` for conversions without undefined behaviour (not float -> integer)."""
    if to.is_float or e.is_float:
        assert to.is_float, "float -> integer needs a guarded conversion"
        return Expr(f"(({to.name}){e.text})", to, has_call=e.has_call)
    lo, hi = converted(e, to)
    return Expr(f"(({to.name}){e.text})", to, lo, hi, e.has_call)


def mask(e: Expr, m: int) -> Expr:
    """``e & m`` with a non-negative int constant ``m``: the result lies in [0, m]."""
    ty = common_type(e.ty, INT)
    lo, hi = converted(e, ty)
    top = min(m, hi) if lo >= 0 else m
    return Expr(f"({e.text} & {m})", ty, 0, top, e.has_call)


def _fits(ty: CType, lo: int, hi: int) -> bool:
    return ty.holds(lo, hi)


def _wrap(ty: CType, lo: int, hi: int) -> tuple[int, int]:
    """The interval of unsigned arithmetic: exact when no wrap-around can happen."""
    return (lo, hi) if _fits(ty, lo, hi) else (ty.min, ty.max)


def arith(op: str, a: Expr, b: Expr, rng: random.Random) -> Expr:
    """``a op b`` for ``+ - *`` on integers, rewritten so no signed overflow can happen."""
    c = common_type(a.ty, b.ty)
    alo, ahi = converted(a, c)
    blo, bhi = converted(b, c)
    if op == "+":
        lo, hi = alo + blo, ahi + bhi
    elif op == "-":
        lo, hi = alo - bhi, ahi - blo
    else:
        products = [alo * blo, alo * bhi, ahi * blo, ahi * bhi]
        lo, hi = min(products), max(products)
    text = f"({a.text} {op} {b.text})"
    if _fits(c, lo, hi):
        return Expr(text, c, lo, hi, _calls(a, b))
    if not c.signed:
        wlo, whi = _wrap(c, lo, hi)
        return Expr(text, c, wlo, whi, _calls(a, b))
    # signed overflow is possible: narrow the operands or compute in the unsigned type
    if rng.random() < 0.5:
        m = 0xFF if op == "*" and c.width == 32 else 0x7FFF
        return arith(op, mask(a, m), mask(b, m), rng)
    u = unsigned_of(c)
    return arith(op, cast(a, u), cast(b, u), rng)


def nonzero_divisor(b: Expr, rng: random.Random) -> Expr:
    """``b`` itself when it cannot be zero, else ``(b | 1)`` or ``((b & m) | 1)``."""
    if b.lo > 0 or b.hi < 0:
        return b
    if rng.random() < 0.5:
        ty = promote(b.ty)
        lo, hi = converted(b, ty)
        # b | 1 is odd, so nonzero; it lies between b and b + 1
        return Expr(f"({b.text} | 1)", ty, lo if lo % 2 else lo + 1, min(hi + 1, ty.max), b.has_call)
    m = rng.choice([3, 7, 15, 127, 0xFFFF])
    inner = mask(b, m)
    return Expr(f"({inner.text} | 1)", inner.ty, 1, m, b.has_call)


def divmod_expr(op: str, a: Expr, b: Expr, rng: random.Random) -> Expr:
    """``a / b`` or ``a % b`` on integers: divisor nonzero, never ``MIN / -1``."""
    b = nonzero_divisor(b, rng)
    c = common_type(a.ty, b.ty)
    alo, ahi = converted(a, c)
    blo, bhi = converted(b, c)
    if blo <= 0 <= bhi:  # converted to a wider type the interval cannot reach 0 again,
        blo, bhi = (c.min, c.max)  # but be conservative about intervals that straddle it
    if c.signed and alo == c.min and blo <= -1 <= bhi:
        ty = promote(a.ty)
        lo, hi = converted(a, ty)
        a = Expr(f"({a.text} | 1)", ty, ty.min + 1 if lo == ty.min else lo, min(hi + 1, ty.max), a.has_call)
        return divmod_expr(op, a, b, rng)
    mag_a = max(abs(alo), abs(ahi))
    mag_b = max(abs(blo), abs(bhi))
    if op == "/":
        lo, hi = (-mag_a, mag_a) if c.signed else (0, ahi)
    elif c.signed:
        lo, hi = max(-(mag_b - 1), min(alo, 0)), min(mag_b - 1, max(ahi, 0))
    else:
        lo, hi = 0, min(ahi, bhi - 1)
    lo, hi = max(lo, c.min), min(hi, c.max)
    return Expr(f"({a.text} {op} {b.text})", c, lo, hi, _calls(a, b))


def shift_count(b: Expr, width: int) -> Expr:
    """A shift count in [0, width - 1]."""
    if 0 <= b.lo and b.hi < width:
        return b
    return mask(b, width - 1)


def shift(op: str, a: Expr, b: Expr, rng: random.Random) -> Expr:
    """``a << b`` / ``a >> b``: count in range, no left shift of a negative or overflowing value."""
    p = promote(a.ty)
    b = shift_count(b, p.width)
    alo, ahi = converted(a, p)
    if op == ">>":
        if alo >= 0:
            lo, hi = alo >> b.hi, ahi >> b.lo
        else:
            lo, hi = min(alo, 0), max(ahi, 0)
        return Expr(f"({a.text} >> {b.text})", p, lo, hi, _calls(a, b))
    if p.signed and (alo < 0 or (ahi << b.hi) > p.max):
        if rng.random() < 0.5:
            narrow_a = mask(a, 0xFF)
            narrow_b = mask(b, 15) if b.hi > 15 else b
            return shift(op, narrow_a, narrow_b, rng)
        return shift(op, cast(a, unsigned_of(p)), b, rng)
    lo, hi = alo << b.lo, ahi << b.hi
    lo, hi = (lo, hi) if _fits(p, lo, hi) else (p.min, p.max)
    return Expr(f"({a.text} << {b.text})", p, lo, hi, _calls(a, b))


def bitwise(op: str, a: Expr, b: Expr) -> Expr:
    """``a & b``, ``a | b``, ``a ^ b`` on integers (never undefined)."""
    c = common_type(a.ty, b.ty)
    alo, ahi = converted(a, c)
    blo, bhi = converted(b, c)
    if alo >= 0 and blo >= 0:
        top = max(ahi, bhi)
        lo, hi = (0, min(ahi, bhi)) if op == "&" else (0, (1 << top.bit_length()) - 1)
    else:
        lo, hi = c.min, c.max
    return Expr(f"({a.text} {op} {b.text})", c, lo, hi, _calls(a, b))


def negate(a: Expr, rng: random.Random) -> Expr:
    """Unary minus on an integer: never ``-MIN`` in a signed type."""
    p = promote(a.ty)
    lo, hi = converted(a, p)
    if p.signed:
        if lo == p.min:
            return negate(cast(a, unsigned_of(p)) if rng.random() < 0.5 else mask(a, 0xFFFF), rng)
        return Expr(f"(-{a.text})", p, -hi, -lo, a.has_call)
    if lo == hi == 0:
        return Expr(f"(-{a.text})", p, 0, 0, a.has_call)
    rlo, rhi = ((1 << p.width) - hi, (1 << p.width) - lo) if lo > 0 else (p.min, p.max)
    return Expr(f"(-{a.text})", p, rlo, rhi, a.has_call)


def complement(a: Expr) -> Expr:
    """``~a`` on an integer."""
    p = promote(a.ty)
    lo, hi = converted(a, p)
    if p.signed:
        return Expr(f"(~{a.text})", p, ~hi, ~lo, a.has_call)
    return Expr(f"(~{a.text})", p, p.max - hi, p.max - lo, a.has_call)


def boolean(text: str, *parts: Expr) -> Expr:
    """A comparison or logical operation: int 0 or 1."""
    return Expr(text, INT, 0, 1, _calls(*parts))


def ternary(cond: Expr, a: Expr, b: Expr) -> Expr:
    """``cond ? a : b`` with C's result type (usual arithmetic conversions of both arms)."""
    c = common_type(a.ty, b.ty)
    text = f"({cond.text} ? {a.text} : {b.text})"
    if c.is_float:
        return Expr(text, c, has_call=_calls(cond, a, b))
    alo, ahi = converted(a, c)
    blo, bhi = converted(b, c)
    return Expr(text, c, min(alo, blo), max(ahi, bhi), _calls(cond, a, b))


def float_binary(op: str, a: Expr, b: Expr) -> Expr:
    """``a op b`` with at least one floating operand (IEEE: never undefined)."""
    return Expr(f"({a.text} {op} {b.text})", common_type(a.ty, b.ty), has_call=_calls(a, b))


# windows [lo, hi] of float -> integer conversions: exact in float and double, inside the target
def conversion_windows(to: CType) -> list[tuple[int, int]]:
    """Ranges of values that convert to ``to`` without undefined behaviour."""
    big = {8: (to.min, to.max), 16: (to.min, to.max), 32: (-(1 << 30), 1 << 30), 64: (-(1 << 62), 1 << 62)}[to.width]
    if not to.signed:
        big = (0, {8: 255, 16: 65535, 32: 1 << 31, 64: 1 << 63}[to.width])
    small = (0 if not to.signed else -100, 100)
    return [small, big]


def float_to_int(e: Expr, to: CType, rng: random.Random, allow_calls: bool, allow_ternary: bool) -> Expr | None:
    """``e`` (floating) converted to integer type ``to`` after clamping it into range; NaN
    becomes a bound. None when neither form (fmin/fmax or ?:) is allowed."""
    lo, hi = rng.choice(conversion_windows(to))
    lo_lit, hi_lit = float_literal(float(lo), e.ty).text, float_literal(float(hi), e.ty).text
    forms = (["clamp"] if allow_calls else []) + (["ternary"] if allow_ternary else [])
    if not forms:
        return None
    if rng.choice(forms) == "clamp":
        sfx = float_suffix(e.ty)
        text = f"(({to.name})fmin{sfx}(fmax{sfx}({e.text}, {lo_lit}), {hi_lit}))"
        return Expr(text, to, lo, hi, True)
    low = int_constant(lo, to)
    high = int_constant(hi, to)
    text = f"(({e.text} >= {lo_lit}) ? (({e.text} <= {hi_lit}) ? (({to.name}){e.text}) : {high.text}) : {low.text})"
    return Expr(text, promote(to), lo, hi, e.has_call)


def float_of(e: Expr, to: CType) -> Expr:
    """``e`` as a floating value of type ``to`` (implicitly or by a cast)."""
    return e if e.ty == to else cast(e, to)


FLOAT_TYPES = (FLOAT, DOUBLE)
