"""C integer semantics on Python ints: the one definition constant folding and tests share."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from hls.ir.ctypes import IntType


def eval_binary(op: str, a: int, b: int, operand_type: IntType, result_type: IntType) -> int | None:
    """``a op b`` as C computes it for operands already converted to ``operand_type``.

    Returns None where C leaves the result undefined (division by zero, out-of-range shifts,
    signed overflow).
    """
    t = operand_type
    if op in ("+", "-", "*"):
        exact = a + b if op == "+" else a - b if op == "-" else a * b
        if t.signed and not (t.min <= exact <= t.max):
            return None
        return t.wrap(exact)
    if op in ("/", "%"):
        if b == 0:
            return None
        q = abs(a) // abs(b)
        if (a < 0) != (b < 0):
            q = -q
        if t.signed and not (t.min <= q <= t.max):
            return None
        return t.wrap(q) if op == "/" else t.wrap(a - b * q)
    if op in ("&", "|", "^"):
        r = a & b if op == "&" else a | b if op == "|" else a ^ b
        return t.wrap(r)
    if op in ("<<", ">>"):
        if b < 0 or b >= result_type.width:
            return None
        if op == ">>":
            return result_type.wrap(a >> b)
        if result_type.signed and (a < 0 or (a << b) > result_type.max):
            return None
        return result_type.wrap(a << b)
    if op in ("<", "<=", ">", ">=", "==", "!="):
        return int({"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}[op])
    if op == "&&":
        return int(bool(a) and bool(b))
    if op == "||":
        return int(bool(a) or bool(b))
    raise ValueError(op)


def eval_expr(e: object, env: Mapping[Any, int]) -> int | None:
    """Value of a kernel-IR expression over known scalar variables (None if it reads anything else)."""
    from hls.ir.kernel import ArrayRead, Binary, Cast, Const, Select, Unary, VarRead

    if isinstance(e, Const):
        return e.value if isinstance(e.value, int) else None
    if not isinstance(getattr(e, "type", None), IntType):
        return None
    if isinstance(e, VarRead):
        return env.get(e.var)
    if isinstance(e, ArrayRead):
        return None
    if isinstance(e, Cast):
        v = eval_expr(e.operand, env)
        return None if v is None or not isinstance(e.type, IntType) else e.type.wrap(v)
    if isinstance(e, Unary):
        v = eval_expr(e.operand, env)
        if v is None:
            return None
        if e.op == "!":
            return int(v == 0)
        if e.op == "bits":  # (of a float: not evaluated here)
            return None
        assert isinstance(e.type, IntType)
        return e.type.wrap(-v if e.op == "-" else ~v)
    if isinstance(e, Select):
        c = eval_expr(e.cond, env)
        if c is None:
            return None
        return eval_expr(e.if_true if c else e.if_false, env)
    if isinstance(e, Binary):
        a = eval_expr(e.lhs, env)
        if e.op in ("&&", "||") and a is not None and (bool(a) == (e.op == "||")):
            return int(e.op == "||")
        b = eval_expr(e.rhs, env)
        if a is None or b is None or not isinstance(e.lhs.type, IntType) or not isinstance(e.type, IntType):
            return None
        return eval_binary(e.op, a, b, e.lhs.type, e.type)
    return None


def signed_value(bits: int, width: int) -> int:
    """The two's-complement value of the low ``width`` bits of ``bits``."""
    bits &= (1 << width) - 1
    return bits - (1 << width) if bits >> (width - 1) else bits


def signed_digits(n: int) -> list[tuple[int, int]]:
    """The canonical signed digits of ``n``: (position, +1 or -1) pairs, no two adjacent, whose
    sum of ``d * 2**position`` is n (7 is 2**3 - 1), the fewest nonzero digits of any such form."""
    digits: list[tuple[int, int]] = []
    k = 0
    while n:
        if n & 1:
            d = 2 - (n & 3)
            digits.append((k, d))
            n -= d
        n >>= 1
        k += 1
    return digits


def address_width(depth: int) -> int:
    """Bits of the address of a RAM of ``depth`` elements."""
    return max(1, (depth - 1).bit_length())


def row_strides(dims: tuple[int, ...]) -> list[int]:
    """The element stride of each index of an array of ``dims`` (row-major, the last is 1)."""
    stride, strides = 1, []
    for d in reversed(dims):
        strides.append(stride)
        stride *= d
    strides.reverse()
    return strides


def address_adds(dims: tuple[int, ...], constant: list[bool]) -> int:
    """How many additions or subtractions make the linear address of an element of an array of
    ``dims`` from its indices (``constant``: which of them are constants, folded into one offset):
    each non-constant index enters once per canonical signed digit of its row stride, as the
    backend writes it; strides past the address width are dropped (their index can only be 0)."""
    aw = address_width(math.prod(dims))
    terms = sum(len(signed_digits(s)) for s, c in zip(row_strides(dims), constant) if not c and s < 1 << aw)
    offset = any(constant)  # (a nonzero offset adds one more term; assumed nonzero)
    return max(0, terms + int(offset) - 1)


def trip_count(init: int, cmp: str, bound: int, step: int) -> int:
    """Iterations of ``for (i = init; i CMP bound; i += step)`` (no wrap-around)."""
    if cmp in ("<", "<="):
        last = bound - 1 if cmp == "<" else bound
        return 0 if last < init else (last - init) // step + 1
    last = bound + 1 if cmp == ">" else bound
    return 0 if last > init else (init - last) // (-step) + 1


def signed_bits(lo: int, hi: int) -> int:
    """The fewest two's complement bits holding every integer in [lo, hi]."""
    n = 1
    while not (-(1 << (n - 1)) <= lo and hi < (1 << (n - 1))):
        n += 1
    return n
