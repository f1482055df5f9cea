"""Pass ``precompute-invariants``: floating-point operations on an array element that a loop nest
repeats, computed once per element into an array of their results before the nest (with
``--precompute-invariants``, or when the exploration chooses it; otherwise the pass changes
nothing). It runs before the loop transformations, which then order the nests knowing the
operations they no longer hold.

syr2k computes ``C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k]``: C evaluates
``A[j][k] * alpha`` first, and that product does not depend on ``i``, so each of the 600 products
is computed 30 times. With ``A_pre[a][b] = A[a][b] * alpha`` computed once for every element before
the nests, the nest reads ``A_pre[j][k]`` instead: two multiplications per iteration instead of
four, which under a DSP budget (one double multiplier) halves the II of the nest.

A subexpression is moved when it is floating-point, computes something (not just a read), reads
exactly one array element and otherwise only constants and scalars the function never assigns,
the array is never written by the function, and some loop around it does not move the element
(it is computed again for the same element; whether that pays, the exploration measures). The
array of results has the shape of the read one (a bank of a partitioned array: the bank's shape)
and is read with the same subscripts, so it is read exactly where the element was. Each result
is the operation C performed on the same operands, so the results stay bit-exact. The loops that
fill the arrays run first in the function; they read every element of the array, also ones the
nest never reads, which is harmless: an operation in hardware has no side effect.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from hls.frontend.hoist_invariants import computes
from hls.ir.ctypes import INT, ArrayType, FloatType
from hls.ir.kernel import (
    ArrayRead,
    Assign,
    Const,
    Expr,
    For,
    If,
    KernelFunction,
    Stmt,
    Variable,
    VarRead,
    array_reads,
    assignments,
    clone_expr,
    constant_trip,
    expr_children,
    nested_loops,
    print_expr,
    read_variables,
    replace_expr,
    unique_name,
)


@dataclass
class _Fill:
    """The results computed from one array: its element read by the fill loops, and per
    operation (printed on that read) the array holding the results."""

    array: Variable
    indices: list[Variable]
    element: ArrayRead
    results: dict[str, tuple[Variable, Expr]] = field(default_factory=dict)


def precompute_pass(fn: KernelFunction, enabled: bool) -> KernelFunction:
    """Pass entry point: ``fn`` with its repeated operations precomputed when ``enabled`` (in
    place), recorded in ``fn.precomputed`` (the arrays of results are partitioned as the arrays
    they come from) and its list of transformations."""
    if enabled:
        made = precompute_invariants(fn)
        if made:
            fn.precomputed = made
            fn.transformations.append(describe(made))
    return fn


def precomputable(fn: KernelFunction) -> bool:
    """Whether ``precompute_invariants`` would change ``fn``."""
    return bool(precompute_invariants(copy.deepcopy(fn)))


def precompute_invariants(fn: KernelFunction) -> dict[str, list[str]]:
    """Replaces ``fn``'s repeated operations on array elements by reads of arrays of their results,
    filled before the loops (in place). Returns, per array read, the names of the arrays of
    results made from it."""
    assigned = {a.var for a in assignments(fn.body)} | {lp.var for lp in nested_loops(fn.body)}
    for lp in nested_loops(fn.body):
        assigned |= set(lp.exits)
    names = {v.name for v in fn.params + fn.locals} | {lp.var.name for lp in fn.loops()}
    loop_names = {lp.name for lp in fn.loops()}
    fills: dict[int, _Fill] = {}
    order: list[_Fill] = []

    def movable(e: Expr) -> ArrayRead | None:
        """The one element ``e`` operates on, when ``e`` may be computed once per element."""
        if not isinstance(e.type, FloatType) or not computes(e):
            return None
        reads = array_reads(e)
        if len(reads) != 1 or reads[0].array in assigned:
            return None
        read = reads[0]
        if _outside_reads(e, read) & assigned:
            return None
        return read

    def repeated(read: ArrayRead, loops: list[For]) -> bool:
        """Whether the loops around ``read`` compute on an element more than once: one of them
        (not known to run once) does not move it."""
        moving = set().union(*(read_variables(i) for i in read.indices))
        return any(lp.var not in moving and constant_trip(lp) != 1 for lp in loops)

    def result_of(e: Expr, read: ArrayRead) -> Variable:
        fill = fills.get(id(read.array))
        if fill is None:
            array = read.array
            assert isinstance(array.type, ArrayType)
            indices = [Variable(unique_name(f"{array.name}_pre_i{d}", names), INT, "loop", e.loc) for d in range(len(array.type.dims))]
            element = ArrayRead(array, [VarRead(v, e.loc) for v in indices], e.loc)
            fill = fills[id(array)] = _Fill(array, indices, element)
            order.append(fill)
        value = replace_expr(e, {id(read): clone_expr(fill.element)})
        key = print_expr(value)
        if key not in fill.results:
            assert isinstance(read.array.type, ArrayType)
            var = Variable(unique_name(f"{read.array.name}_pre", names), ArrayType(e.type, read.array.type.dims), "local", e.loc)  # type: ignore[arg-type]
            fill.results[key] = (var, value)
        return fill.results[key][0]

    def rewrite(e: Expr, loops: list[For]) -> Expr:
        table: dict[int, Expr] = {}

        def visit(x: Expr) -> None:
            read = movable(x)
            if read is not None and repeated(read, loops):
                table[id(x)] = ArrayRead(result_of(x, read), [clone_expr(i) for i in read.indices], x.loc)
                return
            for c in expr_children(x):
                visit(c)

        visit(e)
        return replace_expr(e, table) if table else e

    def walk(stmts: list[Stmt], loops: list[For]) -> None:
        for s in stmts:
            if isinstance(s, Assign) and loops:
                s.value = rewrite(s.value, loops)
            elif isinstance(s, If):
                if loops:
                    s.cond = rewrite(s.cond, loops)
                walk(s.then_body, loops)
                walk(s.else_body, loops)
            elif isinstance(s, For):
                walk(s.body, [*loops, s])

    walk(fn.body, [])
    made: dict[str, list[str]] = {}
    nests: list[Stmt] = []
    for fill in order:
        loc = fill.element.loc
        body: list[Stmt] = [Assign(var, [VarRead(v, loc) for v in fill.indices], value, loc) for var, value in fill.results.values()]
        assert isinstance(fill.array.type, ArrayType)
        for dim in reversed(range(len(fill.array.type.dims))):
            var = fill.indices[dim]
            name = unique_name(f"{fill.array.name}_precompute" + (f"_d{dim}" if dim else ""), loop_names)
            body = [For(var, Const(0, INT, loc), "<", Const(fill.array.type.dims[dim], INT, loc), INT, 1, body, name, [], loc)]
        nests += body
        for var, _ in fill.results.values():
            fn.locals.append(var)
            made.setdefault(fill.array.name, []).append(var.name)
    fn.body[:0] = nests
    return made


def _outside_reads(e: Expr, read: ArrayRead) -> set[Variable]:
    """The scalars ``e`` reads other than in the subscripts of ``read``."""
    if e is read:
        return set()
    if isinstance(e, VarRead):
        return {e.var}
    return set().union(*(_outside_reads(c, read) for c in expr_children(e)))


def describe(made: dict[str, list[str]]) -> str:
    """One line for the kernel's list of transformations."""
    parts = [f"{', '.join(results)} from {array}" for array, results in made.items()]
    return f"precomputed loop-invariant operations on array elements: {'; '.join(parts)}"

