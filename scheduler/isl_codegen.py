"""isl's AST generator back into the kernel IR: a perfect loop nest run in a new order.

The nest's body is one block (its statements in source order) executed once per point of the
nest's iteration domain; the new order is an affine schedule of the nest's iterators (a
permutation, or a skew for wavefronts). isl computes the loop bounds of the new order (triangular
ones included); the block's iterators become expressions of the new loop variables. Enclosing
loop variables and scalar arguments are isl parameters.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import islpy as isl

from hls.diagnostics import SourceLoc
from hls.ir.ctypes import INT, IntType
from hls.ir.kernel import Binary, Cast, Const, Expr, For, Select, Stmt, Unary, Variable, VarRead, clone_expr, replace_in_stmts


class Unsupported(Exception):
    """The generated code has a shape the kernel IR does not take (guards, blocks, divisions)."""


_CMP = {
    isl.ast_expr_op_type.lt: "<", isl.ast_expr_op_type.le: "<=", isl.ast_expr_op_type.gt: ">",
    isl.ast_expr_op_type.ge: ">=", isl.ast_expr_op_type.eq: "==",
}  # fmt: skip
_ARITH = {isl.ast_expr_op_type.add: "+", isl.ast_expr_op_type.sub: "-", isl.ast_expr_op_type.mul: "*"}


class _Converter:
    def __init__(self, names: dict[str, Variable], t: IntType, loc: SourceLoc) -> None:
        self.names = dict(names)  # isl identifier -> variable (parameters, enclosing iterators)
        self.t = t
        self.loc = loc

    def read(self, var: Variable) -> Expr:
        e: Expr = VarRead(var, self.loc)
        return e if var.type == self.t else Cast(e, self.t, self.loc)

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
        init = conv.expr(node.for_get_init())
        cond = node.for_get_cond()
        if cond.get_type() != isl.ast_expr_type.op or cond.get_op_type() not in (isl.ast_expr_op_type.lt, isl.ast_expr_op_type.le):
            raise Unsupported("loop condition")
        lhs = cond.get_op_arg(0)
        if lhs.get_type() != isl.ast_expr_type.id or lhs.get_id().get_name() != it:
            raise Unsupported("loop condition")
        bound = conv.expr(cond.get_op_arg(1))
        inc = node.for_get_inc()
        if inc.get_type() != isl.ast_expr_type.int:
            raise Unsupported("loop increment")
        step = int(inc.get_val().to_python())
        assert isinstance(var.type, IntType)
        if var.type != t:
            init = Cast(init, var.type, loc)
        cmp = "<" if cond.get_op_type() == isl.ast_expr_op_type.lt else "<="
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
