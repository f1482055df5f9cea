"""Fusion of two sweeps over the same grid into one nest, the second some iterations behind (part
of the ``reuse-loads`` pass).

A time step of heat-3d or jacobi-2d is two sweeps: the first computes ``B`` from ``A``, the second
``A`` from ``B``. Once their line or plane buffers have made each a perfect nest over the same rows
and columns, each sweep is one pipeline that streams every element of its input once; one after
the other they stream the grid twice per time step and fill and drain twice. Fused into one nest
whose outer loop runs the second sweep ``s`` iterations (planes or rows) behind the first, both
stream at once, one grid per time step: the second reads a plane of ``B`` when the first has
written it (``s`` planes later) and overwrites a plane of ``A`` after the first has read it.

Legality is exact: for every pair of accesses to the same element by the two sweeps (one a
write), isl checks that the fused order keeps the order of the sweeps one after the other; ``s``
is the least shift for which it does. Each sweep's own order is unchanged (the second's iterations
all move by ``s``). Each sweep's statements run under a condition on the outer iterator where its
range is shorter than the fused loop's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import islpy as isl

from hls.diagnostics import HlsError
from hls.frontend.affine import affine_model
from hls.frontend.c_to_kernel import binary
from hls.ir.affine import AffineModel, AffineStatement
from hls.ir.ctypes import IntType
from hls.ir.evaluate import eval_expr
from hls.ir.kernel import (
    ArrayRead,
    Assign,
    Const,
    Expr,
    For,
    If,
    KernelFunction,
    Stmt,
    VarRead,
    array_storage,
    copy_stmts,
    expr_children,
    has_loop,
    print_expr,
    read_variables,
    stmt_variables,
)

# shifts tried, in outer-loop iterations (a 3-point stencil needs 2: one plane the second sweep
# reads ahead of its own, one the first sweep has not finished)
_MAX_SHIFT = 4


def perfect_chain(nest: For, depth: int) -> list[For] | None:
    """The ``depth`` loops of ``nest``, each directly containing only the next, the innermost
    without loops; None if ``nest`` is not such a nest."""
    chain = [nest]
    while len(chain) < depth:
        body = chain[-1].body
        if len(body) != 1 or not isinstance(body[0], For):
            return None
        chain.append(body[0])
    return None if has_loop(chain[-1].body) else chain


def fuse_sweeps(fn: KernelFunction, outer: list[For], first: For, second: For, depth: int) -> tuple[For, str] | None:
    """``first`` and ``second`` (perfect nests of ``depth`` loops, one after the other inside the
    loops ``outer``) as one nest, with a note for the report; None
    when they cannot be fused (different inner ranges, a memory without the ports for both, or no
    legal shift)."""
    c1, c2 = perfect_chain(first, depth), perfect_chain(second, depth)
    if c1 is None or c2 is None or not _same_inner_ranges(c1, c2):
        return None
    if any(lp.pragmas for lp in c1 + c2):
        return None  # (a directive on a loop of either sweep, e.g. pipeline off, keeps them apart)
    ranges = [_constant_range(c1[0]), _constant_range(c2[0])]
    if ranges[0] is None or ranges[1] is None or c1[0].step != c2[0].step or abs(c1[0].step) != 1:
        return None
    shared = stmt_variables(c1[-1].body) & stmt_variables(c2[-1].body)
    if not shared:
        return None  # (not the two halves of a time step: nothing one sweep passes to the other)
    model_u: AffineModel | None = None
    for shift in range(_MAX_SHIFT + 1):
        built = _fused(c1, c2, ranges[0], ranges[1], shift)  # type: ignore[arg-type]
        if built is None:
            continue
        fused, pairs = built
        if model_u is None and not _ports_allow(fn, perfect_chain(fused, depth)[-1].body):  # type: ignore[index]
            return None  # (the same accesses at every shift)
        try:
            if model_u is None:
                model_u = affine_model(_region(fn, outer, [first, second]))
            model_f = affine_model(_region(fn, outer, [fused]))
        except (HlsError, isl.Error):
            return None
        if _keeps_order(model_u, model_f, pairs, len(outer), shift * c1[0].step):
            note = (
                f"fused the sweeps '{first.name}' (line {first.loc.line}) and '{second.name}' (line {second.loc.line}) into one nest, "
                f"the second {shift} iteration{'s' if shift != 1 else ''} of '{first.name}' behind the first"
            )
            return fused, note
    return None


def _same_inner_ranges(c1: list[For], c2: list[For]) -> bool:
    """The loops inside the outer ones run over the same values, in the same direction, with
    bounds that do not depend on the nests' iterators."""
    iterators = {lp.var for lp in c1 + c2}
    for a, b in zip(c1[1:], c2[1:]):
        if (a.cmp, a.step, a.cmp_type, print_expr(a.init), print_expr(a.bound)) != (b.cmp, b.step, b.cmp_type, print_expr(b.init), print_expr(b.bound)):
            return False
        if (read_variables(a.init, arrays=True) | read_variables(a.bound, arrays=True)) & iterators:
            return False
    return all(a.var.type == b.var.type for a, b in zip(c1, c2))


def _constant_range(lp: For) -> tuple[int, int] | None:
    """The first and last value of ``lp``'s iterator (constant bounds, step +1 or -1, runs)."""
    first, bound = eval_expr(lp.init, {}), eval_expr(lp.bound, {})
    if not isinstance(first, int) or not isinstance(bound, int):
        return None
    last = {"<": bound - 1, "<=": bound, ">": bound + 1, ">=": bound}.get(lp.cmp)
    if last is None or (last - first) * lp.step < 0:
        return None
    return first, last


def _fused(c1: list[For], c2: list[For], r1: tuple[int, int], r2: tuple[int, int], shift: int) -> tuple[For, list[tuple[Assign, Assign, int]]] | None:
    """The fused nest for ``shift`` and the statements of both sweeps paired with theirs in it
    (the first's are the same objects), each with its sweep (0 or 1)."""
    step = c1[0].step
    d = shift * step
    lo2, hi2 = r2[0] + d, r2[1] + d
    ends = (min, max) if step > 0 else (max, min)
    first, last = ends[0](r1[0], lo2), ends[1](r1[1], hi2)
    var = c1[0].var
    assert isinstance(var.type, IntType)
    if not (var.type.min <= min(first, last) and max(first, last) <= var.type.max):
        return None
    loc = c1[0].loc
    cmp_type = c1[0].cmp_type
    ge, le = (">=", "<=") if step > 0 else ("<=", ">=")

    def guard(lo: int, hi: int) -> Expr | None:
        conds = []
        if lo != first:
            conds.append(binary(ge, VarRead(var, loc), Const(lo, var.type, loc), loc))  # type: ignore[arg-type]
        if hi != last:
            conds.append(binary(le, VarRead(var, loc), Const(hi, var.type, loc), loc))  # type: ignore[arg-type]
        if not conds:
            return None
        return conds[0] if len(conds) == 1 else binary("&&", conds[0], conds[1], loc)

    behind = binary("-", VarRead(var, loc), Const(d, var.type, loc), loc) if d else VarRead(var, loc)  # type: ignore[arg-type]
    table: dict[int, Expr] = {id(c2[0].var): behind, **{id(b.var): VarRead(a.var, a.var.loc) for a, b in zip(c1[1:], c2[1:])}}
    body1 = c1[-1].body
    body2 = copy_stmts(c2[-1].body, table, lambda lp: (lp.var, lp.name))
    pairs = [(a, a, 0) for a in _assigns(body1)] + [(a, b, 1) for a, b in zip(_assigns(c2[-1].body), _assigns(body2))]
    body: list[Stmt] = []
    for part, (lo, hi) in ((body1, r1), (body2, (lo2, hi2))):
        cond = guard(lo, hi)
        body += part if cond is None else [If(cond, part, [], loc)]
    for lp in reversed(c1[1:]):
        body = [For(lp.var, lp.init, lp.cmp, lp.bound, lp.cmp_type, lp.step, body, lp.name, lp.pragmas, lp.loc)]
    top = c1[0]
    cmp = "<=" if step > 0 else ">="
    fused = For(var, Const(first, var.type, loc), cmp, Const(last, cmp_type, loc), cmp_type, step, body, top.name, top.pragmas, top.loc)  # type: ignore[arg-type]
    return fused, pairs


def _assigns(stmts: list[Stmt]) -> Iterator[Assign]:
    for s in stmts:
        if isinstance(s, Assign):
            yield s
        elif isinstance(s, If):
            yield from _assigns(s.then_body)
            yield from _assigns(s.else_body)


def _ports_allow(fn: KernelFunction, body: list[Stmt]) -> bool:
    """Every memory has a port for each of its accesses in one iteration of ``body`` (otherwise
    the fused nest runs at a longer interval and streams no faster than the two sweeps)."""
    count: dict[int, int] = {}
    arrays = {}

    def reads(e: Expr) -> None:
        if isinstance(e, ArrayRead):
            count[id(e.array)] = count.get(id(e.array), 0) + 1
            arrays[id(e.array)] = e.array
        for child in expr_children(e):
            reads(child)

    for s in _assigns(body):
        if s.indices is not None:
            count[id(s.var)] = count.get(id(s.var), 0) + 1
            arrays[id(s.var)] = s.var
            for i in s.indices:
                reads(i)
        reads(s.value)
    for item in body:
        if isinstance(item, If):
            reads(item.cond)
    return all(n <= array_storage(fn, arrays[k])[0] for k, n in count.items())


def _region(fn: KernelFunction, outer: list[For], stmts: list[Stmt]) -> KernelFunction:
    """A copy of ``fn`` whose body is ``stmts`` inside the headers of the loops ``outer``."""
    body = stmts
    for lp in reversed(outer):
        body = [For(lp.var, lp.init, lp.cmp, lp.bound, lp.cmp_type, lp.step, body, lp.name, lp.pragmas, lp.loc)]
    return dataclasses.replace(fn, body=body, transformations=[])


def _keeps_order(model_u: AffineModel, model_f: AffineModel, pairs: list[tuple[Assign, Assign, int]], level: int, d: int) -> bool:
    """Whether the fused nest (``model_f``) runs exactly the instances of the sweeps one after the
    other (``model_u``) and keeps the order of every two of them, one from each sweep, that access
    the same element, one writing; the second sweep's instances are ``d`` later at loop ``level``."""
    placed: list[tuple[AffineStatement, isl.Map, int]] = []  # statement, instance -> fused time, sweep
    for old, new, sweep in pairs:
        su, sf = model_u.statement_of(old), model_f.statement_of(new)
        if not (su.exact and sf.exact):
            return False
        n = su.domain.dim(isl.dim_type.set)
        dims = [f"d{k}" for k in range(n)]
        moved = [f"d{k} + {d}" if k == level and sweep == 1 else f"d{k}" for k in range(n)]
        inst = isl.Map(f"{{ {su.name}[{', '.join(dims)}] -> {sf.name}[{', '.join(moved)}] }}").align_params(su.domain.get_space())
        inst = inst.intersect_domain(su.domain)
        if not inst.range().is_equal(sf.domain.align_params(inst.get_space())):
            return False  # the guards do not run the same instances
        placed.append((su, inst.apply_range(sf.schedule.align_params(inst.get_space())), sweep))
    for a, ta, sa in placed:
        for b, tb, sb in placed:
            if sa != 0 or sb != 1:
                continue
            for x in a.reads + a.writes:
                for y in b.reads + b.writes:
                    if x.var is not y.var or (x in a.reads and y in b.reads):
                        continue
                    same = x.relation.apply_range(y.relation.reverse().align_params(x.relation.get_space()))
                    if same.is_empty():
                        continue
                    if not _same_order(same, a.schedule, b.schedule, ta, tb):
                        return False
    return True


def _same_order(pairs: isl.Map, su_a: isl.Map, su_b: isl.Map, tf_a: isl.Map, tf_b: isl.Map) -> bool:
    """Whether each instance pair ``a -> b`` in ``pairs`` runs in the same order by the schedules
    ``su_*`` (one sweep after the other) and by the fused times ``tf_*``."""
    before_u = _ordered(pairs, su_a, su_b)
    before_f = _ordered(pairs, tf_a, tf_b)
    return before_u.is_equal(before_f)


def _ordered(pairs: isl.Map, time_a: isl.Map, time_b: isl.Map) -> isl.Map:
    """The pairs ``a -> b`` whose ``a`` runs before ``b`` at those times."""
    space = pairs.get_space()
    ta, tb = time_a.align_params(space), time_b.align_params(space)
    width = max(ta.dim(isl.dim_type.out), tb.dim(isl.dim_type.out))
    ta, tb = _padded(ta, width), _padded(tb, width)
    earlier = isl.Map.lex_lt(isl.Space.set_alloc(pairs.get_ctx(), 0, width)).align_params(space)
    # a -> b with time(a) < time(b): pairs ∩ (ta ∘ earlier ∘ tb^-1)
    return pairs.intersect(ta.apply_range(earlier).apply_range(tb.reverse()))


def _padded(time: isl.Map, width: int) -> isl.Map:
    """``time`` with zeros appended to ``width`` output dimensions."""
    n = time.dim(isl.dim_type.out)
    time = time.add_dims(isl.dim_type.out, width - n)
    for k in range(n, width):
        time = time.fix_val(isl.dim_type.out, k, 0)
    return time
