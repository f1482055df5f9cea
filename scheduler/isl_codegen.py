"""isl's AST generator back into the kernel IR.

``generate_nest``: a perfect loop nest run in a new order. The nest's body is one block (its
statements in source order) executed once per point of the nest's iteration domain; the new order
is an affine schedule of the nest's iterators (a permutation, or a skew for wavefronts). isl
computes the loop bounds of the new order (triangular ones included); the block's iterators become
expressions of the new loop variables. Enclosing loop variables and scalar arguments are isl
parameters.

``generate_region``: several statements, each with its own iteration domain and affine schedule
(fusion, shifts, interchange of imperfect nests); isl's loops, guards and blocks become ``For``,
``If`` and statement lists, each statement emitted once (isl's ``atomic`` option) with its source
location.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import islpy as isl

from hls.diagnostics import SourceLoc
from hls.ir.ctypes import INT, IntType
from hls.ir.kernel import (
    Assign,
    Binary,
    Cast,
    Const,
    Expr,
    For,
    If,
    Select,
    Stmt,
    Unary,
    Variable,
    VarRead,
    clone_expr,
    replace_expr,
    replace_in_stmts,
)


class Unsupported(Exception):
    """The generated code has a shape the kernel IR does not take (guards, blocks, divisions)."""


_CMP = {
    isl.ast_expr_op_type.lt: "<", isl.ast_expr_op_type.le: "<=", isl.ast_expr_op_type.gt: ">",
    isl.ast_expr_op_type.ge: ">=", isl.ast_expr_op_type.eq: "==",
}  # fmt: skip
_ARITH = {isl.ast_expr_op_type.add: "+", isl.ast_expr_op_type.sub: "-", isl.ast_expr_op_type.mul: "*"}


_LOGIC = {isl.ast_expr_op_type.and_: "&&", isl.ast_expr_op_type.and_then: "&&", isl.ast_expr_op_type.or_: "||", isl.ast_expr_op_type.or_else: "||"}  # type: ignore[attr-defined]


class _Converter:
    def __init__(self, names: dict[str, Variable], t: IntType, loc: SourceLoc) -> None:
        # isl identifier -> variable (parameters, enclosing iterators) or, for a degenerate loop
        # isl runs once, the iterator's value
        self.names: dict[str, Variable | Expr] = dict(names)
        self.t = t
        self.loc = loc

    def read(self, var: Variable | Expr) -> Expr:
        if not isinstance(var, Variable):
            return clone_expr(var)
        e: Expr = VarRead(var, self.loc)
        return e if var.type == self.t else Cast(e, self.t, self.loc)

    def cond(self, e: isl.AstExpr) -> Expr:
        """A condition of a guard (comparisons joined by and/or) as an int-valued expression."""
        if e.get_type() != isl.ast_expr_type.op:
            raise Unsupported(f"isl condition {e.to_C_str()}")
        op: Any = e.get_op_type()
        args = [e.get_op_arg(k) for k in range(e.get_op_n_arg())]
        if op in _LOGIC:
            out = self.cond(args[0])
            for a in args[1:]:
                out = Binary(_LOGIC[op], out, self.cond(a), INT, self.loc)
            return out
        if op in _CMP:
            return Binary(_CMP[op], self.expr(args[0]), self.expr(args[1]), INT, self.loc)
        raise Unsupported(f"isl condition {e.to_C_str()}")

    def loop_header(self, node: isl.AstNode, it: str) -> tuple[Expr, str, Expr, int]:
        """(first value, comparison, bound, step) of isl's loop ``node`` over iterator ``it``."""
        init = self.expr(node.for_get_init())
        cond = node.for_get_cond()
        if cond.get_type() != isl.ast_expr_type.op or cond.get_op_type() not in (isl.ast_expr_op_type.lt, isl.ast_expr_op_type.le):
            raise Unsupported("loop condition")
        lhs = cond.get_op_arg(0)
        if lhs.get_type() != isl.ast_expr_type.id or lhs.get_id().get_name() != it:
            raise Unsupported("loop condition")
        bound = self.expr(cond.get_op_arg(1))
        inc = node.for_get_inc()
        if inc.get_type() != isl.ast_expr_type.int:
            raise Unsupported("loop increment")
        cmp = "<" if cond.get_op_type() == isl.ast_expr_op_type.lt else "<="
        return init, cmp, bound, int(inc.get_val().to_python())

    def expr(self, e: isl.AstExpr) -> Expr:
        kind = e.get_type()
        if kind == isl.ast_expr_type.id:
            name = e.get_id().get_name()
            if name not in self.names:
                raise Unsupported(f"unknown identifier {name}")
            return self.read(self.names[name])
        if kind == isl.ast_expr_type.int:
            value = int(e.get_val().to_python())
            if not self.t.min <= value <= self.t.max:
                raise Unsupported("constant out of range")
            return Const(value, self.t, self.loc)
        op: Any = e.get_op_type()
        args = [self.expr(e.get_op_arg(k)) for k in range(e.get_op_n_arg())]
        if op in _ARITH:
            return Binary(_ARITH[op], args[0], args[1], self.t, self.loc)
        if op == isl.ast_expr_op_type.minus:
            return Unary("-", args[0], self.t, self.loc)
        if op in (isl.ast_expr_op_type.min, isl.ast_expr_op_type.max):
            out = args[0]
            for a in args[1:]:
                pick = "<" if op == isl.ast_expr_op_type.min else ">"
                out = Select(Binary(pick, out, a, INT, self.loc), clone_expr(out), clone_expr(a), self.t, self.loc)
            return out
        if op == isl.ast_expr_op_type.pdiv_q:  # the dividend is known to be non-negative
            return Binary("/", args[0], args[1], self.t, self.loc)
        raise Unsupported(f"isl expression {e.to_C_str()}")


def generate_nest(
    domain: isl.Set,
    schedule: isl.Map,
    context: isl.Set,
    chain: list[For],
    names: dict[str, Variable],
    row_vars: list[Variable | None],
    new_var: Callable[[int], tuple[Variable, str]],
    body: list[Stmt],
) -> For:
    """The nest running ``body`` over ``domain`` (tuple ``B``, the chain's iterators) in the order
    of ``schedule``. ``row_vars[k]`` is the original iterator the k-th new loop runs over when that
    row of the schedule is exactly one iterator (its variable, name and pragmas are kept), else
    ``new_var(k)`` gives a fresh variable and loop name. The body's reads of the original
    iterators become expressions of the new loop variables (in place)."""
    build = isl.AstBuild.from_context(context)
    node = build.node_from_schedule_map(isl.UnionMap.from_map(schedule.intersect_domain(domain)))
    widest = max((lp.var.type for lp in chain), key=lambda t: t.width if isinstance(t, IntType) else 0)
    t = widest if isinstance(widest, IntType) and widest.width > 32 else INT
    conv = _Converter(names, t, chain[0].loc)
    loops: list[For] = []
    by_var = {lp.var: lp for lp in chain}
    k = 0
    while node.get_type() == isl.ast_node_type.for_:  # type: ignore[attr-defined]
        it = node.for_get_iterator().get_id().get_name()
        orig = row_vars[k] if k < len(row_vars) else None
        if orig is not None:
            var, name, pragmas, loc = orig, by_var[orig].name, list(by_var[orig].pragmas), by_var[orig].loc
        else:
            var, name = new_var(k)
            pragmas, loc = [], chain[0].loc
        conv.names[it] = var
        init, cmp, bound, step = conv.loop_header(node, it)
        assert isinstance(var.type, IntType)
        if var.type != t:
            init = Cast(init, var.type, loc)
        cmp_type = t if t.width >= var.type.width else var.type
        if cmp_type != t:
            bound = Cast(bound, cmp_type, loc)
        loops.append(For(var, init, cmp, bound, cmp_type, step, [], name, pragmas, loc))
        node = node.for_get_body()
        k += 1
    if node.get_type() != isl.ast_node_type.user or k != len(chain):
        raise Unsupported("generated code is not a perfect nest")
    call = node.user_get_expr()
    table: dict[int, Expr] = {}
    for n, lp in enumerate(chain):
        arg = call.get_op_arg(n + 1)
        if arg.get_type() == isl.ast_expr_type.id and conv.names.get(arg.get_id().get_name()) is lp.var:
            continue  # the loop still runs over this iterator
        value = conv.expr(arg)
        table[id(lp.var)] = value if lp.var.type == t else Cast(value, lp.var.type, conv.loc)  # type: ignore[arg-type]
    replace_in_stmts(body, table)
    inner: list[Stmt] = body
    for lp in reversed(loops):
        lp.body = inner
        inner = [lp]
    return loops[0]


def map_list(umap: isl.UnionMap) -> list[isl.Map]:
    """The maps of ``umap`` (one per tuple)."""
    maps = umap.get_map_list()
    return [maps.get_at(k) for k in range(maps.n_map())]


def generate_region(
    schedule: isl.UnionMap,
    context: isl.Set,
    statements: dict[str, tuple[Assign, list[Variable]]],
    names: dict[str, Variable],
    new_var: Callable[[], tuple[Variable, str]],
    loc: SourceLoc,
) -> list[Stmt]:
    """The statements run in the order of ``schedule`` (each statement instance, a tuple named as
    in ``statements``, to its time; all times of one width), as loops, guards and blocks.
    ``statements[name]`` is the assignment and the variables it reads its original iterators as
    (they become expressions of the new loops in a fresh copy of it); ``names`` maps the isl
    parameters to variables; ``new_var()`` gives each generated loop a fresh variable and name."""
    width = max(m.dim(isl.dim_type.out) for m in map_list(schedule))
    dims = ", ".join(f"c{k}" for k in range(width))
    # each statement once: no copies of the hardware for the loops' first and last iterations
    options = isl.UnionMap(f"{{ [{dims}] -> atomic[x] : 0 <= x < {width} }}")
    build = isl.AstBuild.from_context(context).set_options(options)
    node = build.node_from_schedule_map(schedule)
    conv = _Converter(names, INT, loc)

    def convert(node: isl.AstNode) -> list[Stmt]:
        kind = node.get_type()
        if kind == isl.ast_node_type.block:  # type: ignore[attr-defined]
            children = node.block_get_children()
            return [s for k in range(children.n_ast_node()) for s in convert(children.get_at(k))]
        if kind == isl.ast_node_type.mark:  # type: ignore[attr-defined]
            return convert(node.mark_get_node())
        if kind == isl.ast_node_type.if_:  # type: ignore[attr-defined]
            guard = conv.cond(node.if_get_cond())
            then = convert(node.if_get_then_node())
            other = convert(node.if_get_else_node()) if node.if_has_else_node() else []
            return [If(guard, then, other, loc)]
        if kind == isl.ast_node_type.for_:  # type: ignore[attr-defined]
            it = node.for_get_iterator().get_id().get_name()
            if node.for_is_degenerate():
                conv.names[it] = conv.expr(node.for_get_init())
                return convert(node.for_get_body())
            var, name = new_var()
            init, cmp, bound, step = conv.loop_header(node, it)
            conv.names[it] = var
            body = convert(node.for_get_body())
            return [For(var, init, cmp, bound, INT, step, body, name, [], loc)]
        if kind == isl.ast_node_type.user:  # type: ignore[attr-defined]
            call = node.user_get_expr()
            stmt, iterators = statements[call.get_op_arg(0).get_id().get_name()]
            table: dict[int, Expr] = {}
            for n, var in enumerate(iterators):
                value = conv.expr(call.get_op_arg(n + 1))
                table[id(var)] = value if var.type == INT else Cast(value, var.type, loc)  # type: ignore[arg-type]
            indices = None if stmt.indices is None else [replace_expr(i, table) for i in stmt.indices]
            return [Assign(stmt.var, indices, replace_expr(stmt.value, table), stmt.loc)]
        raise Unsupported(f"isl AST node {node.to_C_str()}")

    return convert(node)
