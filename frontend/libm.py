"""The math functions hls computes by synthesizing C of its own (``frontend/libm/<name>.c``): the
algorithm and constants glibc's x86-64 library uses, its fused multiply-adds written as ``fma``,
so that every argument gives glibc's result bit for bit. A call of one of them that the kernel's
file does not define itself is inlined like a function of that file."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pycparser import c_ast

from hls.frontend.preprocess import parse_file

LIBM_DIR = Path(__file__).parent / "libm"
# each file defines one function of its name
LIBM_FUNCTIONS = tuple(sorted(p.stem for p in LIBM_DIR.glob("*.c")))


@cache
def library_function(name: str) -> c_ast.FuncDef:
    """The definition of library function ``name`` (parsed once per process)."""
    parsed = parse_file(LIBM_DIR / f"{name}.c", [])
    found = [ext for ext in parsed.ast.ext if isinstance(ext, c_ast.FuncDef) and ext.decl.name == name]
    assert len(found) == 1, f"{name}.c defines {name} once"
    return found[0]
