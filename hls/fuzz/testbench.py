"""Testbenches: a ``main`` beside the kernel that calls it several times with inputs mixing the
edge values of each type (0, -1, min, max, quiet and signalling NaNs, +-inf, -0.0, subnormals) with random values,
and prints a hash of every output so two builds of the program can be compared."""

from __future__ import annotations

import random
import struct

from hls.fuzz.ctype import FLOAT, CType
from hls.fuzz.exprs import int_constant
from hls.fuzz.generator import HEADER, TOP, Kernel, Param

CALLS = 3

FLOAT_SPECIAL_BITS = [
    0x00000000, 0x80000000, 0x7FC00000, 0xFFC00000, 0x7FC12345, 0x7F800000, 0xFF800000,
    0x00000001, 0x807FFFFF, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x3F800000, 0xBF800000,
    0x7FA00001, 0xFF800001,  # signalling NaNs
]  # fmt: skip
DOUBLE_SPECIAL_BITS = [
    0x0, 0x8000000000000000, 0x7FF8000000000000, 0xFFF8000000000000, 0x7FF8000000012345, 0x7FF0000000000000,
    0xFFF0000000000000, 0x1, 0x800FFFFFFFFFFFFF, 0x0010000000000000, 0x7FEFFFFFFFFFFFFF, 0xFFEFFFFFFFFFFFFF,
    0x3FF0000000000000, 0xBFF0000000000000,
    0x7FF4000000000001, 0xFFF0000000000001,  # signalling NaNs
]  # fmt: skip


def _int_edges(ty: CType) -> list[int]:
    edges = [0, 1, ty.max, ty.max - 1, ty.min, 2, 7]
    if ty.signed:
        edges += [-1, ty.min + 1, -2]
    return edges


def int_value(ty: CType, rng: random.Random, p_edge: float) -> int:
    """An edge value of ``ty`` with probability ``p_edge``, else a random small or full-range one."""
    if rng.random() < p_edge:
        return rng.choice(_int_edges(ty))
    if rng.random() < 0.5:
        return rng.randint(max(ty.min, -100), min(ty.max, 100))
    return rng.randint(ty.min, ty.max)


def float_bits(ty: CType, rng: random.Random, p_edge: float, specials: bool) -> int:
    """The bit pattern of a float/double input: a special value or a random finite one."""
    if specials and rng.random() < p_edge:
        return rng.choice(FLOAT_SPECIAL_BITS if ty == FLOAT else DOUBLE_SPECIAL_BITS)
    r = rng.random()
    if r < 0.6:
        value = rng.uniform(-100.0, 100.0)
        if rng.random() < 0.3:
            value = float(round(value))
    elif r < 0.8:
        value = rng.choice([0.5, 1.0, -1.0, 2.0, 0.25, 3.0, -0.5, 10.0])
    else:
        value = rng.uniform(-1e6, 1e6) * 10 ** rng.randint(-20, 20)
    if ty == FLOAT:
        return int(struct.unpack("<I", struct.pack("<f", value))[0])
    return int(struct.unpack("<Q", struct.pack("<d", value))[0])


def _bits_type(ty: CType) -> str:
    return "uint32_t" if ty == FLOAT else "uint64_t"


def _values(p: Param, rng: random.Random, call: int, specials: bool) -> list[str]:
    """Literals (integers, or float bit patterns) for one call's inputs of ``p``."""
    count = 1
    for d in p.dims:
        count *= d
    p_edge = (0.05, 0.3, 0.6)[call % 3]
    if p.role == "bound":
        choices = [p.lo, p.hi, rng.randint(p.lo, p.hi)]
        return [int_constant(choices[call % 3] if call < 3 else rng.randint(p.lo, p.hi), p.ty).text]
    if p.ty.is_float:
        suffix = "u" if p.ty == FLOAT else "ULL"
        return [f"{float_bits(p.ty, rng, p_edge, specials):#x}{suffix}" for _ in range(count)]
    return [int_constant(int_value(p.ty, rng, p_edge), p.ty).text for _ in range(count)]


# the first line of every testbench (reductions keep everything from it on)
TESTBENCH_START = "static uint64_t fz_hash = 1469598103934665603ULL;"


def testbench(kernel: Kernel, rng: random.Random, specials: bool = True) -> str:
    """``main`` calling the kernel CALLS times; prints one hash line per call."""
    out = [
        TESTBENCH_START,
        "static void fz_mix(const void *p, unsigned long n) {",
        "  const unsigned char *c = (const unsigned char *)p;",
        "  for (unsigned long k = 0; k < n; k++) fz_hash = (fz_hash ^ c[k]) * 1099511628211ULL;",
        "}",
        "int main(void) {",
    ]
    args: list[str] = []
    for p in kernel.params:
        table_ty = _bits_type(p.ty) if p.ty.is_float else p.ty.name
        rows = [_values(p, rng, call, specials) for call in range(CALLS)]
        body = ", ".join("{" + ", ".join(r) + "}" for r in rows)
        out.append(f"  static const {table_ty} fz_{p.name}[{CALLS}][{len(rows[0])}] = {{{body}}};")
        out.append(f"  {p.ty.name} {p.name}{''.join(f'[{d}]' for d in p.dims) if p.dims else ''};")
        args.append(p.name)
    out.append(f"  for (int fz_r = 0; fz_r < {CALLS}; fz_r++) {{")
    for p in kernel.params:
        if p.dims:
            out.append(f"    memcpy({p.name}, fz_{p.name}[fz_r], sizeof {p.name});")
        else:
            out.append(f"    memcpy(&{p.name}, &fz_{p.name}[fz_r][0], sizeof {p.name});")
    call = f"{TOP}({', '.join(args)})"
    if kernel.ret is not None:
        out.append(f"    {kernel.ret.name} fz_ret = {call};")
        out.append("    fz_mix(&fz_ret, sizeof fz_ret);")
    else:
        out.append(f"    {call};")
    for p in kernel.params:
        if p.dims:
            out.append(f"    fz_mix({p.name}, sizeof {p.name});")
    out.append('    printf("hash %d: %016llx\\n", fz_r, (unsigned long long)fz_hash);')
    out.append("  }")
    out.append("  return 0;")
    out.append("}")
    return "\n".join(out) + "\n"


def program_text(kernel: Kernel, specials: bool = True) -> str:
    """The whole C file: header comment, includes, kernel and testbench."""
    rng = random.Random(f"hls-fuzz-tb/{kernel.seed}/{kernel.index}")
    args = " ".join(kernel.hls_args)
    head = f"/* hls fuzz seed={kernel.seed} index={kernel.index}; hls options: {args or '(none)'} */\n"
    return head + HEADER + kernel.source + "\n" + testbench(kernel, rng, specials)

