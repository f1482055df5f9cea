"""Pass ``affine-model``: kernel IR to its polyhedral model in islpy.

Loop bounds and ``if`` conditions that are affine in the enclosing iterators and the scalar
arguments become constraints of the iteration domains; subscripts become access relations.
Anything data-dependent makes the affected accesses *may* accesses (conservative, never wrong).
"""

from __future__ import annotations

import islpy as isl

from hls.diagnostics import HlsError, processing
from hls.ir.affine import Access, AffineLoop, AffineModel, AffineStatement
from hls.ir.ctypes import ArrayType, IntType
from hls.ir.evaluate import eval_expr
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
    Return,
    Select,
    Stmt,
    Unary,
    Variable,
    VarRead,
)

_ISL_WORDS = {"and", "or", "not", "mod", "exists", "min", "max", "floor", "ceil", "infty", "implies", "xor", "true", "false"}


class _NotAffine(Exception):
    pass


def isl_name(v: Variable) -> str:
    return v.name + "_" if v.name in _ISL_WORDS else v.name


class _Builder:
    def __init__(self, fn: KernelFunction) -> None:
        self.fn = fn
        written = _written_vars(fn.body)
        # scalar arguments never written act as symbolic constants (isl parameters)
        self.param_vars = [p for p in fn.params if isinstance(p.type, IntType) and p not in written]
        self.used_params: set[Variable] = set()
        self.model = AffineModel(fn, [], isl.Set("{ : }"))
        self.counter = 0
        self.domain = isl.Set("{ [] }")
        self.domain_iters: list[Variable] = []
        self.wrap_ok = False
        ranges = [f"{p.type.min} <= {isl_name(p)} <= {p.type.max}" for p in self.param_vars if isinstance(p.type, IntType)]
        self.param_ranges = isl.Set(self.with_params("{ : " + " and ".join(ranges) + " }" if ranges else "{ : }"))

    # -- affine expressions as isl text --
    def aff(self, e: Expr, iters: list[Variable]) -> str:
        """``e`` as (quasi-)affine isl text equal to C's value everywhere on ``self.domain``
        (raises _NotAffine). Wrap-around (unsigned arithmetic, narrowing casts) is reduced modulo
        2**width where isl cannot prove it away; a dividend of ``/`` or ``%`` must be proven
        non-negative (C truncates toward zero, isl floors)."""
        folded = eval_expr(e, {})
        if folded is not None:
            return f"({folded})"
        if isinstance(e, Const):
            raise _NotAffine
        if isinstance(e, VarRead):
            if e.var in iters:
                return isl_name(e.var)
            if e.var in self.param_vars:
                self.used_params.add(e.var)
                return isl_name(e.var)
            raise _NotAffine
        if not isinstance(e.type, IntType):
            raise _NotAffine
        if isinstance(e, Cast):
            src = e.operand.type
            if not isinstance(src, IntType):
                raise _NotAffine
            inner = self.aff(e.operand, iters)
            return inner if e.type.min <= src.min and src.max <= e.type.max else self.wrapped(inner, e.type)
        if isinstance(e, Unary) and e.op == "-":
            return self.arithmetic(f"(-{self.aff(e.operand, iters)})", e.type)
        if isinstance(e, Binary) and e.op in ("+", "-"):
            return self.arithmetic(f"({self.aff(e.lhs, iters)} {e.op} {self.aff(e.rhs, iters)})", e.type)
        if isinstance(e, Binary) and e.op == "*":
            for factor, other in ((e.lhs, e.rhs), (e.rhs, e.lhs)):
                c = eval_expr(factor, {})
                if c is not None:
                    return self.arithmetic(f"({c} * {self.aff(other, iters)})", e.type)
        if isinstance(e, Binary) and e.op in ("/", "%"):
            c = eval_expr(e.rhs, {})
            if c is not None and c > 0:
                a = self.aff(e.lhs, iters)
                if not self.proves(f"{a} >= 0"):
                    raise _NotAffine
                return f"floor({a} / {c})" if e.op == "/" else f"({a} mod {c})"
        raise _NotAffine

    def arithmetic(self, text: str, t: IntType) -> str:
        """The value of ``text`` computed in ``t``: unsigned arithmetic wraps around; signed
        overflow is undefined in C, so a correct program never does it."""
        return self.wrapped(text, t) if not t.signed else text

    def wrapped(self, text: str, t: IntType) -> str:
        """``text`` converted to ``t``: itself where isl proves it fits, else, in loop bounds,
        reduced modulo 2**width into the type's range (quasi-affine, still exact). Subscripts and
        conditions that may wrap are not affine: a modulus of 2**32 in an access relation makes
        isl's dataflow analysis explode."""
        if self.proves(f"{t.min} <= {text} <= {t.max}"):
            return text
        if not self.wrap_ok:
            raise _NotAffine
        return f"((({text}) - ({t.min})) mod {1 << t.width} + ({t.min}))"

    def proves(self, cond: str) -> bool:
        """Whether ``cond`` holds everywhere on ``self.domain`` (within the arguments' ranges)."""
        domain = self.domain
        dims = ", ".join(isl_name(v) for v in self.domain_iters)
        name = domain.get_tuple_name() if domain.has_tuple_name() else ""
        bad = isl.Set(self.with_params(f"{{ {name}[{dims}] : not ({cond}) }}"))
        bad = bad.align_params(domain.get_space()).intersect(domain.align_params(bad.get_space()))
        return bool(bad.intersect_params(self.param_ranges.align_params(bad.get_space())).is_empty())

    def on(self, domain: isl.Set, iters: list[Variable], wrap_ok: bool = False) -> None:
        """Sets the domain (over ``iters``) on which ``aff`` and ``cond`` must be exact, and
        whether wrap-around may be modelled modulo 2**width."""
        self.domain, self.domain_iters, self.wrap_ok = domain, iters, wrap_ok

    def exact_aff(self, e: Expr, iters: list[Variable], domain: isl.Set, wrap_ok: bool = False) -> str:
        """``e`` as isl text equal to C's value everywhere on ``domain`` (raises _NotAffine)."""
        self.on(domain, iters, wrap_ok)
        return self.aff(e, iters)

    def cond(self, e: Expr, iters: list[Variable]) -> str:
        """An affine condition as isl constraint text, exact on ``self.domain`` (raises _NotAffine)."""
        if isinstance(e, Binary) and e.op in ("<", "<=", ">", ">=", "==", "!="):
            a, b = self.aff(e.lhs, iters), self.aff(e.rhs, iters)
            if e.op == "!=":
                return f"(({a}) < ({b}) or ({a}) > ({b}))"
            op = "=" if e.op == "==" else e.op
            return f"(({a}) {op} ({b}))"
        if isinstance(e, Binary) and e.op in ("&&", "||"):
            word = "and" if e.op == "&&" else "or"
            return f"({self.cond(e.lhs, iters)} {word} {self.cond(e.rhs, iters)})"
        if isinstance(e, Unary) and e.op == "!":
            return f"(not {self.cond(e.operand, iters)})"
        value = eval_expr(e, {})
        if value is not None:
            return "(1 = 1)" if value else "(1 = 0)"
        raise _NotAffine

    def domain_of(self, iters: list[Variable], conds: list[str]) -> isl.Set:
        return isl.Set(self.with_params(self.set_text("L", iters, conds)))

    def set_text(self, tuple_name: str, iters: list[Variable], conds: list[str]) -> str:
        dims = ", ".join(isl_name(v) for v in iters)
        body = " and ".join(conds) if conds else ""
        return f"{{ {tuple_name}[{dims}]{' : ' + body if body else ''} }}"

    def with_params(self, text: str) -> str:
        names = [isl_name(p) for p in self.param_vars]
        return f"[{', '.join(names)}] -> {text}" if names else text

    # -- walk --
    def build(self) -> AffineModel:
        self.pending: list[tuple[str, Assign | Return, list[For], str, list[str], bool, list[Expr]]] = []
        self.guards: list[Expr] = []  # conditions of the enclosing data-dependent ifs
        self.walk(self.fn.body, [], [], [0], [], True)
        depth = max((len(p[2]) for p in self.pending), default=0)
        for name, stmt, loops, dom_text, sched, exact, guards in self.pending:
            sched = sched + ["0"] * (2 * depth + 1 - len(sched))
            self.statement(name, stmt, loops, dom_text, sched, exact, guards)
        self.model.params = [isl_name(p) for p in self.param_vars if p in self.used_params]
        self.model.context = self.param_ranges
        return self.model

    def walk(self, stmts: list[Stmt], loops: list[For], conds: list[str], counter: list[int], prefix: list[str], exact: bool) -> None:
        """Visits statements in order; ``counter`` numbers the items of one loop level (if-branches share it)."""
        for s in stmts:
            with processing(s.loc):
                self.visit(s, loops, conds, counter, prefix, exact)

    def visit(self, s: Stmt, loops: list[For], conds: list[str], counter: list[int], prefix: list[str], exact: bool) -> None:
        if isinstance(s, If):
            iters = [lp.var for lp in loops]
            try:
                self.on(self.domain_of(iters, conds), iters)
                c = self.cond(s.cond, iters)
            except _NotAffine:
                # each statement of the branches depends on what the condition reads
                self.guards.append(s.cond)
                self.walk(s.then_body, loops, conds, counter, prefix, False)
                self.walk(s.else_body, loops, conds, counter, prefix, False)
                self.guards.pop()
                return
            self.walk(s.then_body, loops, conds + [c], counter, prefix, exact)
            self.walk(s.else_body, loops, conds + [f"(not {c})"], counter, prefix, exact)
            return
        position = counter[0]
        counter[0] += 1
        if isinstance(s, For):
            iters = [lp.var for lp in loops] + [s.var]
            loop_conds = conds + self.loop_constraints(s, iters, conds)
            dom = isl.Set(self.with_params(self.set_text("L", iters, loop_conds)))
            self.model.loops[s] = self.loop_info(s, len(iters), dom)
            # the schedule follows execution order: a decreasing loop runs -i upward
            it = isl_name(s.var) if s.step > 0 else f"-{isl_name(s.var)}"
            self.walk(s.body, loops + [s], loop_conds, [0], prefix + [str(position), it], exact)
        else:
            name = f"S{len(self.pending)}"
            iters = [lp.var for lp in loops]
            dom_text = self.with_params(self.set_text(name, iters, conds))
            self.pending.append((name, s, loops, dom_text, prefix + [str(position)], exact, list(self.guards)))

    def loop_constraints(self, s: For, iters: list[Variable], outer_conds: list[str]) -> list[str]:
        v = isl_name(s.var)
        outer = self.domain_of(iters[:-1], outer_conds)
        try:
            init = self.exact_aff(s.init, iters[:-1], outer, wrap_ok=True)
            bound = self.exact_aff(s.bound, iters[:-1], outer, wrap_ok=True)
        except _NotAffine:
            raise HlsError(s.loc, f"loop '{s.name}' has bounds that are not affine in the enclosing loop variables and scalar arguments") from None
        out = [f"({v}) {s.cmp} ({bound})"]
        out.append(f"({v}) >= ({init})" if s.step > 0 else f"({v}) <= ({init})")
        if abs(s.step) != 1:
            out.append(f"exists (e_{v} : ({v}) = ({init}) + {s.step} * e_{v})")
        return out

    def loop_info(self, s: For, depth: int, dom: isl.Set) -> AffineLoop:
        lp = dom.move_dims(isl.dim_type.param, dom.dim(isl.dim_type.param), isl.dim_type.set, 0, depth - 1)
        if lp.is_empty():
            return AffineLoop(s, depth, dom, 0, 0, 0)
        span = lp.dim_max(0) - lp.dim_min(0)
        tmin = tmax = None
        try:
            lo, hi = span.min_val(), span.max_val()
            if lo.is_int() and hi.is_int():
                tmin = int(lo.to_python()) // abs(s.step) + 1
                tmax = int(hi.to_python()) // abs(s.step) + 1
        except isl.Error:
            pass
        const = tmin if tmin is not None and tmin == tmax and span.is_cst() else None
        if const is None and tmin is not None and tmin == tmax and not self.used_params:
            const = tmin
        return AffineLoop(s, depth, dom, const, tmin, tmax)

    def statement(
        self, name: str, s: Assign | Return, loops: list[For], dom_text: str, sched_out: list[str], exact: bool, guards: list[Expr]
    ) -> None:
        iters = [lp.var for lp in loops]
        dom = isl.Set(dom_text)
        dims = ", ".join(isl_name(v) for v in iters)
        sched = isl.Map(self.with_params(f"{{ {name}[{dims}] -> [{', '.join(sched_out)}] }}")).intersect_domain(dom)
        reads: list[Access] = []
        writes: list[Access] = []
        for g in guards:
            self.collect_reads(g, name, iters, dom, False, reads)
        if isinstance(s, Assign):
            writes.append(self.access(name, s.var, s.indices, iters, dom, exact))
            for e in s.indices or []:
                self.collect_reads(e, name, iters, dom, exact, reads)
            self.collect_reads(s.value, name, iters, dom, exact, reads)
        elif s.value is not None:
            self.collect_reads(s.value, name, iters, dom, exact, reads)
        self.model.statements.append(AffineStatement(name, s, loops, dom, sched, reads, writes, exact))

    def access(self, stmt: str, var: Variable, indices: list[Expr] | None, iters: list[Variable], dom: isl.Set, exact: bool) -> Access:
        dims = ", ".join(isl_name(v) for v in iters)
        arr = f"{var.name}"
        if indices is None:
            rel = f"{{ {stmt}[{dims}] -> {arr}[] }}"
            return Access(var, isl.Map(self.with_params(rel)).intersect_domain(dom), exact)
        assert isinstance(var.type, ArrayType)
        try:
            subs = [self.exact_aff(i, iters, dom) for i in indices]
            rel = f"{{ {stmt}[{dims}] -> {arr}[{', '.join(subs)}] }}"
            return Access(var, isl.Map(self.with_params(rel)).intersect_domain(dom), exact)
        except _NotAffine:
            names = [f"a{k}" for k in range(len(var.type.dims))]
            bounds = " and ".join(f"0 <= {n} < {d}" for n, d in zip(names, var.type.dims))
            rel = f"{{ {stmt}[{dims}] -> {arr}[{', '.join(names)}] : {bounds} }}"
            return Access(var, isl.Map(self.with_params(rel)).intersect_domain(dom), False)

    def collect_reads(self, e: Expr, stmt: str, iters: list[Variable], dom: isl.Set, exact: bool, out: list[Access]) -> None:
        if isinstance(e, VarRead):
            if e.var.kind != "loop" and e.var not in self.param_vars:
                out.append(self.access(stmt, e.var, None, iters, dom, exact))
        elif isinstance(e, ArrayRead):
            out.append(self.access(stmt, e.array, e.indices, iters, dom, exact))
            for i in e.indices:
                self.collect_reads(i, stmt, iters, dom, exact, out)
        elif isinstance(e, Binary):
            self.collect_reads(e.lhs, stmt, iters, dom, exact, out)
            # the right operand of && || is evaluated only sometimes
            self.collect_reads(e.rhs, stmt, iters, dom, exact and e.op not in ("&&", "||"), out)
        elif isinstance(e, (Unary, Cast)):
            self.collect_reads(e.operand, stmt, iters, dom, exact, out)
        elif isinstance(e, MathCall):
            for a in e.args:
                self.collect_reads(a, stmt, iters, dom, exact, out)
        elif isinstance(e, Select):
            self.collect_reads(e.cond, stmt, iters, dom, exact, out)
            self.collect_reads(e.if_true, stmt, iters, dom, False, out)
            self.collect_reads(e.if_false, stmt, iters, dom, False, out)


def _written_vars(stmts: list[Stmt]) -> set[Variable]:
    out: set[Variable] = set()
    for s in stmts:
        if isinstance(s, Assign):
            out.add(s.var)
        elif isinstance(s, For):
            out |= _written_vars(s.body)
        elif isinstance(s, If):
            out |= _written_vars(s.then_body) | _written_vars(s.else_body)
    return out


def affine_model(fn: KernelFunction) -> AffineModel:
    """Pass entry point."""
    return _Builder(fn).build()


def access_map(model: AffineModel, iters: list[Variable], var: Variable, indices: list[Expr], domain: isl.Set) -> isl.Map | None:
    """``{ L[iters] -> var[indices] }`` on ``domain`` (``L[iters]``) over the model's parameters,
    or None if it is not affine there."""
    b = _Builder(model.kernel)
    try:
        subs = [b.exact_aff(i, iters, domain) for i in indices]
    except _NotAffine:
        return None
    dims = ", ".join(isl_name(v) for v in iters)
    return isl.Map(b.with_params(f"{{ L[{dims}] -> {var.name}[{', '.join(subs)}] }}")).intersect_domain(domain)
