"""C types of the x86-64 (LP64) ABI and exact value semantics for the interpreter."""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass


@dataclass(frozen=True)
class CType:
    """A C arithmetic type: ``kind`` is 'int', 'bool' or 'float'; ``spelling`` is how the source names it."""

    kind: str
    bits: int
    signed: bool
    spelling: str
    rank: int = 0

    @property
    def is_int(self) -> bool:
        """Integer or bool."""
        return self.kind in ("int", "bool")

    @property
    def is_float(self) -> bool:
        """float or double."""
        return self.kind == "float"

    @property
    def key(self) -> tuple[str, int, bool]:
        """The semantic identity (spellings of one type compare equal)."""
        return (self.kind, self.bits, self.signed)

    @property
    def min(self) -> int:
        """Smallest value (integers)."""
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def max(self) -> int:
        """Largest value (integers)."""
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1

    def same(self, other: CType) -> bool:
        """Same semantic type."""
        return self.key == other.key


def _i(sp: str, bits: int, signed: bool, rank: int) -> CType:
    return CType("int", bits, signed, sp, rank)


BOOL = CType("bool", 1, False, "bool", 0)
UBOOL = CType("bool", 1, False, "_Bool", 0)
CHAR = _i("char", 8, True, 1)
SCHAR = _i("signed char", 8, True, 1)
UCHAR = _i("unsigned char", 8, False, 1)
SHORT = _i("short", 16, True, 2)
USHORT = _i("unsigned short", 16, False, 2)
INT = _i("int", 32, True, 3)
UINT = _i("unsigned", 32, False, 3)
LONG = _i("long", 64, True, 4)
ULONG = _i("unsigned long", 64, False, 4)
LLONG = _i("long long", 64, True, 5)
ULLONG = _i("unsigned long long", 64, False, 5)
FLOAT = CType("float", 32, True, "float")
DOUBLE = CType("float", 64, True, "double")

# every spelling the generator may use for data (plain C names and <stdint.h> names with their true widths)
INT_SPELLINGS: list[CType] = [
    CHAR, SCHAR, UCHAR, SHORT, _i("short int", 16, True, 2), USHORT, _i("unsigned short int", 16, False, 2),
    INT, _i("signed", 32, True, 3), UINT, _i("unsigned int", 32, False, 3), LONG, _i("long int", 64, True, 4), ULONG,
    LLONG, ULLONG, _i("signed long long", 64, True, 5),
    _i("int8_t", 8, True, 1), _i("uint8_t", 8, False, 1), _i("int16_t", 16, True, 2), _i("uint16_t", 16, False, 2),
    _i("int32_t", 32, True, 3), _i("uint32_t", 32, False, 3), _i("int64_t", 64, True, 4), _i("uint64_t", 64, False, 4),
]  # fmt: skip
FLOAT_TYPES = [FLOAT, DOUBLE]
BOOL_TYPES = [BOOL, UBOOL]

_CANON_INT = {(32, True): INT, (32, False): UINT, (64, True): LLONG, (64, False): ULLONG}


def canonical(t: CType) -> CType:
    """A plain spelling of ``t`` (for temporaries and casts)."""
    if t.kind == "int" and (t.bits, t.signed) in _CANON_INT:
        return _CANON_INT[(t.bits, t.signed)]
    if t.kind == "int":
        return {(8, True): SCHAR, (8, False): UCHAR, (16, True): SHORT, (16, False): USHORT}[(t.bits, t.signed)]
    return t


def unsigned_of(t: CType) -> CType:
    """The unsigned type of the same width (promoted types only)."""
    return _CANON_INT[(t.bits, False)]


def promote(t: CType) -> CType:
    """Integer promotion."""
    if t.is_int and t.bits < 32:
        return INT
    return t


def usual(a: CType, b: CType) -> CType:
    """Usual arithmetic conversions (LP64)."""
    if a.is_float or b.is_float:
        if (a.is_float and a.bits == 64) or (b.is_float and b.bits == 64):
            return DOUBLE
        return FLOAT
    pa, pb = promote(a), promote(b)
    if pa.signed == pb.signed:
        return pa if pa.bits >= pb.bits else pb
    u, s = (pa, pb) if not pa.signed else (pb, pa)
    if u.bits >= s.bits:
        return _CANON_INT[(max(u.bits, s.bits), False)]
    return s


# --- values -------------------------------------------------------------------------------------------------------

Value = int | float


class UB(Exception):
    """Undefined behaviour met by the interpreter."""


def wrap(v: int, t: CType) -> int:
    """Reduce ``v`` modulo 2^bits into ``t``'s range (gcc's conversion)."""
    if t.kind == "bool":
        return 1 if v != 0 else 0
    m = v & ((1 << t.bits) - 1)
    if t.signed and m >> (t.bits - 1):
        m -= 1 << t.bits
    return m


def f32(x: float) -> float:
    """Round a double to the nearest float (overflow to infinity), returned as a Python float."""
    if math.isnan(x) or math.isinf(x):
        return x
    try:
        return float(struct.unpack("<f", struct.pack("<f", x))[0])
    except OverflowError:  # the rounded value is infinite
        return math.copysign(math.inf, x)


def int_to_float(v: int, bits: int) -> float:
    """Correctly rounded (nearest even) integer to float (bits 32) or double (64)."""
    if v == 0:
        return 0.0
    mant = 24 if bits == 32 else 53
    s = -1.0 if v < 0 else 1.0
    m = abs(v)
    n = m.bit_length()
    if n > mant:
        sh = n - mant
        q, r = divmod(m, 1 << sh)
        half = 1 << (sh - 1)
        if r > half or (r == half and q & 1):
            q += 1
        m = q << sh
    return s * float(m)


def convert(v: Value, src: CType, dst: CType) -> Value:
    """C conversion of ``v`` from ``src`` to ``dst``; raises UB for out-of-range float to integer."""
    if dst.kind == "bool":
        return 1 if v != 0 else 0
    if dst.is_int:
        if src.is_float:
            fv = float(v)
            if math.isnan(fv) or math.isinf(fv):
                raise UB("float to integer conversion of a non-finite value")
            t = int(fv)  # truncation toward zero
            if t < dst.min or t > dst.max:
                raise UB(f"float to integer conversion out of range ({fv!r} to {dst.spelling})")
            return t
        return wrap(int(v), dst)
    # to float/double
    if src.is_float and src.bits == dst.bits:
        return v  # keeps an input's exact bits
    if src.is_int:
        return int_to_float(int(v), dst.bits)
    fv = float(v)
    return f32(fv) if dst.bits == 32 else fv


def float_bits(v: float, bits: int) -> int:
    """IEEE bit pattern of a float (32) or double (64)."""
    if bits == 32:
        return int(struct.unpack("<I", struct.pack("<f", v))[0])
    return int(struct.unpack("<Q", struct.pack("<d", v))[0])


def bits_float(u: int, bits: int) -> float:
    """The float (32) or double (64) with bit pattern ``u``."""
    if bits == 32:
        return float(struct.unpack("<f", struct.pack("<I", u))[0])
    return float(struct.unpack("<d", struct.pack("<Q", u))[0])


class Bits(float):
    """A float input carrying its exact bit pattern (NaN payloads and signalling NaNs survive into the testbench)."""

    bits: int
    nbits: int


def with_bits(u: int, nbits: int) -> float:
    """The float (32) or double (64) of bit pattern ``u``, remembering the pattern."""
    v = Bits(bits_float(u, nbits))
    v.bits = u
    v.nbits = nbits
    return v


def is_snan(v: Value) -> bool:
    """A signalling NaN (only inputs can be: every operation quiets them)."""
    if not isinstance(v, Bits) or not math.isnan(v):
        return False
    quiet = 22 if v.nbits == 32 else 51
    return not (v.bits >> quiet) & 1


def fdiv(a: float, b: float) -> float:
    """IEEE division."""
    if b == 0.0:
        if a == 0.0 or math.isnan(a):
            return math.nan
        neg = (math.copysign(1.0, a) < 0) != (math.copysign(1.0, b) < 0)
        return -math.inf if neg else math.inf
    return a / b


def float_clamp_bounds(src: CType, dst: CType) -> tuple[float, float]:
    """Bounds [lo, hi], representable in ``src``, whose truncation always fits ``dst`` and which keep every
    in-range value's truncation unchanged when clamping."""
    lo = float(dst.min)  # powers of two (or 0) are exact in both formats
    mant = 24 if src.bits == 32 else 53
    m = dst.max
    n = m.bit_length()
    if n > mant:  # round down to the format's precision
        m = (m >> (n - mant)) << (n - mant)
    return lo, float(m)


def float_literal(v: float, t: CType) -> str:
    """A C literal of ``t`` (finite values only) denoting exactly ``v``."""
    assert math.isfinite(v)
    sign = "-" if math.copysign(1.0, v) < 0 else ""
    v = abs(v)
    body = f"{int(v)}.0" if v == int(v) and v < 2**53 else repr(v)
    if t.bits == 32:
        return f"{sign}{body}f"
    return f"{sign}{body}"


def int_literal(v: int, t: CType) -> str:
    """A C constant expression of type ``t`` (promoted types: int, unsigned, long long, unsigned long long) equal to ``v``."""
    t = canonical(promote(t))
    suffix = {(32, True): "", (32, False): "u", (64, True): "LL", (64, False): "ULL"}[(t.bits, t.signed)]
    if v == t.min and t.signed:
        return f"(-{-(v + 1)}{suffix} - 1{suffix})"
    if v < 0:
        return f"-{-v}{suffix}"
    return f"{v}{suffix}"
