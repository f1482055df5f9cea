"""C types of generated programs: integer widths and signedness, float and double, and the
conversions C applies to them (integer promotion, usual arithmetic conversions)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CType:
    """A scalar C type as spelled in the program, with its width and signedness (x86-64)."""

    name: str
    width: int
    signed: bool
    is_float: bool = False

    @property
    def min(self) -> int:
        return -(1 << (self.width - 1)) if self.signed else 0

    @property
    def max(self) -> int:
        return (1 << (self.width - 1)) - 1 if self.signed else (1 << self.width) - 1

    def holds(self, lo: int, hi: int) -> bool:
        """Whether every value in [lo, hi] is representable."""
        return self.min <= lo and hi <= self.max


INT_TYPES: list[CType] = [
    CType("char", 8, True),
    CType("signed char", 8, True),
    CType("unsigned char", 8, False),
    CType("short", 16, True),
    CType("unsigned short", 16, False),
    CType("int", 32, True),
    CType("unsigned", 32, False),
    CType("unsigned int", 32, False),
    CType("long", 64, True),
    CType("unsigned long", 64, False),
    CType("long long", 64, True),
    CType("unsigned long long", 64, False),
    CType("int8_t", 8, True),
    CType("uint8_t", 8, False),
    CType("int16_t", 16, True),
    CType("uint16_t", 16, False),
    CType("int32_t", 32, True),
    CType("uint32_t", 32, False),
    CType("int64_t", 64, True),
    CType("uint64_t", 64, False),
]
FLOAT = CType("float", 32, True, True)
DOUBLE = CType("double", 64, True, True)
INT = CType("int", 32, True)

_CANONICAL = {
    (32, True): INT,
    (32, False): CType("unsigned", 32, False),
    (64, True): CType("long long", 64, True),
    (64, False): CType("unsigned long long", 64, False),
}


def canonical(width: int, signed: bool) -> CType:
    """The plain C type of a promoted width (32 or 64) and signedness."""
    return _CANONICAL[(width, signed)]


def promote(t: CType) -> CType:
    """Integer promotion: every type narrower than int becomes int (all values fit)."""
    if t.is_float:
        return t
    return INT if t.width < 32 else canonical(t.width, t.signed)


def common_type(a: CType, b: CType) -> CType:
    """The usual arithmetic conversions (widths and signedness of x86-64)."""
    if a.is_float or b.is_float:
        return DOUBLE if DOUBLE in (a, b) else FLOAT
    pa, pb = promote(a), promote(b)
    if pa.width != pb.width:
        return pa if pa.width > pb.width else pb
    return canonical(pa.width, pa.signed and pb.signed)


def unsigned_of(t: CType) -> CType:
    """The unsigned type an integer operation of type ``t`` can be done in without overflow."""
    return canonical(promote(t).width, False)


def float_suffix(t: CType) -> str:
    """The math-library suffix of a floating type: ``f`` for float."""
    return "f" if t == FLOAT else ""
