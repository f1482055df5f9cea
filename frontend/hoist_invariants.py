"""Loop-invariant floating-point operations computed once before their loop nest (part of the
``reuse-loads`` pass).

adi computes ``(1.0 + 2.0 * d) * u[j][i]`` in its innermost loops, with ``d`` set once before
the time loop: in a pipeline every operation is a unit of its own, so ``2.0 * d`` and ``1.0 + ...``
cost a multiplier and an adder (14 DSPs) that compute the same value in every iteration. Computed
once into a scalar before the outermost loop in which none of their operands changes, they cost
one pass through the units outside the loops.

Only floating-point expressions are moved (integer ones stay: subscripts and bounds must stay
affine in the loop iterators and parameters, and integer operations are cheap), only whole
expressions whose leaves are constants and scalars the loop does not write (no array reads), and
only out of outermost loops (hoisting into an outer loop's body would make a perfect nest
imperfect and cost its flattening). The value is the one each iteration computed: the same
operation on the same operands, so results stay bit-exact. Evaluating it before a loop that runs no
iteration has no effect: an operation in hardware has no side effect.
"""

from __future__ import annotations

from hls.ir.ctypes import FloatType
from hls.ir.kernel import (
    ArrayRead,
    Assign,
    Binary,
    Cast,
    Const,
    Expr,
    For,
    If,
    KernelFunction,
    MathCall,
    Stmt,
    Variable,
    VarRead,
    assignments,
    clone_expr,
    expr_children,
    nested_loops,
    print_expr,
    read_variables,
    replace_expr,
    unique_name,
)


def hoist_invariants(fn: KernelFunction) -> int:
    """Moves the loop-invariant floating-point operations of ``fn``'s outermost loops before them
    (in place); returns how many expressions were moved."""
    names = {v.name for v in fn.params + fn.locals} | {lp.var.name for lp in fn.loops()}
    return _block(fn, fn.body, names)


def _block(fn: KernelFunction, stmts: list[Stmt], names: set[str]) -> int:
    moved = 0
    n = 0
    while n < len(stmts):
        s = stmts[n]
        if isinstance(s, If):
            moved += _block(fn, s.then_body, names) + _block(fn, s.else_body, names)
        elif isinstance(s, For):
            hoisted = _hoist_from(fn, s, names)
            stmts[n:n] = hoisted
            n += len(hoisted)
            moved += len(hoisted)
        n += 1
    return moved


def _written(loop: For) -> set[Variable]:
    """The variables ``loop`` changes: what it assigns, its iterators and exit flags, inner ones too."""
    out = {a.var for a in assignments([loop])}
    for lp in nested_loops([loop]):
        out |= {lp.var, *lp.exits}
    return out


def computes(e: Expr) -> bool:
    """Whether ``e`` holds an operation that takes a floating-point unit (not just a negation)."""
    if isinstance(e, MathCall) and e.operation != "abs":
        return True
    if isinstance(e, Binary) and isinstance(e.type, FloatType):
        return True
    if isinstance(e, Cast) and (isinstance(e.type, FloatType) or isinstance(e.operand.type, FloatType)) and e.type != e.operand.type:
        return True
    return any(computes(c) for c in expr_children(e))


def _has_array_read(e: Expr) -> bool:
    return isinstance(e, ArrayRead) or any(_has_array_read(c) for c in expr_children(e))


def _hoist_from(fn: KernelFunction, loop: For, names: set[str]) -> list[Stmt]:
    """The assignments that compute ``loop``'s invariant expressions into new scalars, which
    replace them in the loop."""
    changing = _written(loop)
    temps: dict[str, Variable] = {}
    out: list[Stmt] = []

    def invariant(e: Expr) -> bool:
        return not _has_array_read(e) and not (read_variables(e) & changing)

    def visit(e: Expr, table: dict[int, Expr]) -> None:
        if isinstance(e.type, FloatType) and not isinstance(e, (Const, VarRead)) and computes(e) and invariant(e):
            key = f"{print_expr(e)}:{e.type}"
            if key not in temps:
                temp = Variable(unique_name(f"{loop.name}_invariant", names), e.type, "local", e.loc)
                fn.locals.append(temp)
                temps[key] = temp
                out.append(Assign(temp, None, clone_expr(e), e.loc))
            table[id(e)] = VarRead(temps[key], e.loc)
            return
        for c in expr_children(e):
            visit(c, table)

    def rewrite(e: Expr) -> Expr:
        table: dict[int, Expr] = {}
        visit(e, table)
        return replace_expr(e, table) if table else e

    def walk(stmts: list[Stmt]) -> None:
        for s in stmts:
            if isinstance(s, Assign):
                s.value = rewrite(s.value)
            elif isinstance(s, If):
                s.cond = rewrite(s.cond)
                walk(s.then_body)
                walk(s.else_body)
            elif isinstance(s, For):
                walk(s.body)

    walk(loop.body)
    return out
