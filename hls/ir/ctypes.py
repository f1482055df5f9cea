"""C scalar and array types with the LP64 (x86-64 Linux) data model gcc uses."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class IntType:
    """A C integer type: its width in bits, signedness and conversion rank.

    ``rank`` orders the standard types (char 1, short 2, int 3, long 4, long long 5) for the usual
    arithmetic conversions; ``name`` is the C spelling used in messages and generated C.
    """

    width: int
    signed: bool
    rank: int
    name: str

    def __str__(self) -> str:
        return f"{'i' if self.signed else 'u'}{self.width}"

    @property
    def min(self) -> int:
        return -(1 << (self.width - 1)) if self.signed else 0

    @property
    def max(self) -> int:
        return (1 << (self.width - 1)) - 1 if self.signed else (1 << self.width) - 1

    def wrap(self, value: int) -> int:
        """``value`` converted to this type as C does (modulo 2**width, then reinterpreted)."""
        value &= (1 << self.width) - 1
        if self.signed and value >> (self.width - 1):
            value -= 1 << self.width
        return value


@dataclass(frozen=True)
class FloatType:
    """IEEE-754 binary32 (``float``) or binary64 (``double``)."""

    width: int
    name: str

    def __str__(self) -> str:
        return f"f{self.width}"

    @property
    def signed(self) -> bool:
        return True


ScalarType = IntType | FloatType


@dataclass(frozen=True)
class ArrayType:
    """A fixed-size C array of scalars, row-major."""

    elem: ScalarType
    dims: tuple[int, ...]

    @property
    def depth(self) -> int:
        n = 1
        for d in self.dims:
            n *= d
        return n

    def __str__(self) -> str:
        return f"{self.elem}" + "".join(f"[{d}]" for d in self.dims)


BOOL = IntType(1, False, 0, "_Bool")
CHAR = IntType(8, True, 1, "char")
SCHAR = IntType(8, True, 1, "signed char")
UCHAR = IntType(8, False, 1, "unsigned char")
SHORT = IntType(16, True, 2, "short")
USHORT = IntType(16, False, 2, "unsigned short")
INT = IntType(32, True, 3, "int")
UINT = IntType(32, False, 3, "unsigned int")
LONG = IntType(64, True, 4, "long")
ULONG = IntType(64, False, 4, "unsigned long")
LLONG = IntType(64, True, 5, "long long")
ULLONG = IntType(64, False, 5, "unsigned long long")

# <stdint.h> names keep their true widths even though the fake libc typedefs them all to int.
STDINT_TYPES: dict[str, IntType] = {
    "int8_t": SCHAR,
    "uint8_t": UCHAR,
    "int16_t": SHORT,
    "uint16_t": USHORT,
    "int32_t": INT,
    "uint32_t": UINT,
    "int64_t": LONG,
    "uint64_t": ULONG,
    "intptr_t": LONG,
    "uintptr_t": ULONG,
    "size_t": ULONG,
    "ssize_t": LONG,
    "ptrdiff_t": LONG,
}


FLOAT = FloatType(32, "float")
DOUBLE = FloatType(64, "double")


def integer_promote(t: ScalarType) -> ScalarType:
    """C's integer promotions: anything narrower than int becomes int (floats are unchanged)."""
    if isinstance(t, FloatType):
        return t
    if t.rank < INT.rank:
        return INT
    return t


def usual_arithmetic_conversion(a: ScalarType, b: ScalarType) -> ScalarType:
    """The common type of two arithmetic operands (C11 6.3.1.8)."""
    if isinstance(a, FloatType) or isinstance(b, FloatType):
        if DOUBLE in (a, b):
            return DOUBLE
        return FLOAT
    a, b = integer_promote(a), integer_promote(b)
    assert isinstance(a, IntType) and isinstance(b, IntType)
    if a == b:
        return a
    if a.signed == b.signed:
        return a if a.rank >= b.rank else b
    unsigned, signed = (a, b) if not a.signed else (b, a)
    if unsigned.rank >= signed.rank:
        return unsigned
    if signed.width > unsigned.width:
        return signed
    return _unsigned_of(signed)


def _unsigned_of(t: IntType) -> IntType:
    for u in (UCHAR, USHORT, UINT, ULONG, ULLONG):
        if u.rank == t.rank:
            return u
    raise ValueError(t)
