"""Pass ``reuse-loads``: reads of a window of array elements across iterations become registers.

Windows. In an innermost loop with step +1 or -1, reads ``X[..][i + c]`` of an array the loop
does not write, with the same other subscripts and constant offsets ``c`` in ``cmin..cmax``, read
each element ``cmax - cmin + 1`` times in successive iterations. The loop is rewritten so that
each iteration loads only the element entering the window and shifts the window through scalar
variables (which the scheduler keeps in registers); the window is filled before the loop, under
the loop's entry condition so no access happens when C would make none:

    if (init < bound) { w0 = X[init - 1]; w1 = X[init]; }
    for (i = init; i < bound; i++) { w2 = X[i + 1]; ... w0, w1, w2 ...; w0 = w1; w1 = w2; }

A 3-point stencil then needs one read per iteration instead of three (II 1 instead of 2 on a
dual-port memory).

Line buffers. Where an outer loop ``i`` (step +1 or -1) directly contains one innermost loop
``j`` (step +1 or -1) whose bounds do not change within the outer loop, unconditional reads
``X[.. i + a .. j + b ..]`` of an array the outer loop does not write (other subscripts identical
and invariant in it, rows ``a`` in ``amin..amax`` with at least two rows, columns ``b`` in
``bmin..bmax`` over all rows) read each element once per row offset. When the row windows alone
would still read the array more often per iteration than its memory has ports, only the newest row
(``amax``, or ``amin`` when ``i`` decreases) is read from ``X``, one element per iteration at the
column entering the window; every older row ``a`` comes from a local dual-port RAM ``lb`` of one
row of ``X``. At the entering column ``c`` each iteration reads ``lb_a[c]`` and writes there the
value of the next newer row, so after the row is done ``lb_a`` holds row ``i + 1 + a`` (``i - 1 +
a`` when ``i`` decreases) for the next ``i`` (a rotation). Each row keeps its window of columns in
registers as above; the first ``bmax - bmin`` columns are loaded (and rotated) before the ``j``
loop. Immediately before the
``i`` loop (so every iteration of an enclosing loop refills them), under both loops' entry
conditions, a loop copies the older rows of the first ``i`` into the buffers over the same
columns. For jacobi-2d (``for i, for j: .. A[i][j-1] + A[i][j] + A[i][j+1] + A[i-1][j] +
A[i+1][j]``), with ``+1`` steps:

    fill: lb0[c] = A[i0][c], lb1[c] = A[i0 - 1][c] for c = j0 - 1 .. jn + 1
    for (i ..) { <columns j0 - 1, j0 as below>
      for (j ..) { r2 = A[i + 1][j + 1]; r1 = lb0[j + 1]; lb0[j + 1] = r2; r0 = lb1[j + 1]; lb1[j + 1] = r1;
                   ... row windows of r0, r1, r2 ...; shifts } }

so one read of A per iteration instead of three (II 1 on a dual-port memory). Only unconditional
reads are rewritten, so no access is added or moved across a condition; the extra elements the
buffers copy lie between elements the loops read.
"""

from __future__ import annotations

from dataclasses import dataclass

from hls.diagnostics import SourceLoc
from hls.frontend.c_to_kernel import binary, convert
from hls.ir.ctypes import ArrayType, IntType, ScalarType
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
    Pragma,
    Return,
    Select,
    Stmt,
    Unary,
    Variable,
    VarRead,
    print_expr,
)

Linear = dict[object, int]  # variable -> coefficient, "1" -> constant


def _linear(e: Expr) -> Linear | None:
    """``e`` as an integer linear form over scalar variables, or None."""
    if isinstance(e, Const):
        return {"1": int(e.value)} if isinstance(e.value, int) else None
    if isinstance(e, VarRead):
        return {e.var: 1} if isinstance(e.var.type, IntType) else None
    if isinstance(e, Cast):
        return _linear(e.operand) if isinstance(e.type, IntType) and isinstance(e.operand.type, IntType) else None
    if isinstance(e, Binary) and e.op in ("+", "-"):
        a, b = _linear(e.lhs), _linear(e.rhs)
        if a is None or b is None:
            return None
        sign = 1 if e.op == "+" else -1
        out = dict(a)
        for k, v in b.items():
            out[k] = out.get(k, 0) + sign * v
        return {k: v for k, v in out.items() if v}
    if isinstance(e, Binary) and e.op == "*":
        a, b = _linear(e.lhs), _linear(e.rhs)
        if a is None or b is None:
            return None
        if set(a) <= {"1"}:
            a, b = b, a
        if not set(b) <= {"1"}:
            return None
        c = b.get("1", 0)
        return {k: v * c for k, v in a.items() if v * c}
    return None


@dataclass
class _Read:
    expr: ArrayRead
    offset: int


def _reads(e: Expr, out: list[ArrayRead], conditional: list[ArrayRead], under: bool = False) -> None:
    if isinstance(e, ArrayRead):
        (conditional if under else out).append(e)
        for i in e.indices:
            _reads(i, out, conditional, under)
    elif isinstance(e, Binary):
        _reads(e.lhs, out, conditional, under)
        _reads(e.rhs, out, conditional, under or e.op in ("&&", "||"))
    elif isinstance(e, (Unary, Cast)):
        _reads(e.operand, out, conditional, under)
    elif isinstance(e, Select):
        _reads(e.cond, out, conditional, under)
        _reads(e.if_true, out, conditional, True)
        _reads(e.if_false, out, conditional, True)
    elif isinstance(e, MathCall):
        for a in e.args:
            _reads(a, out, conditional, under)


def _written(stmts: list[Stmt]) -> set[Variable]:
    out: set[Variable] = set()
    for s in stmts:
        if isinstance(s, Assign):
            out.add(s.var)
        elif isinstance(s, If):
            out |= _written(s.then_body) | _written(s.else_body)
        elif isinstance(s, For):
            out |= _written(s.body) | {s.var}
    return out


def _substitute(e: Expr, old: ArrayRead | Variable, new: Expr) -> Expr:
    """``e`` with the read ``old`` (an ArrayRead node, or every read of a variable) replaced."""
    return _replace(e, {id(old): new})


def _replace(e: Expr, table: dict[int, Expr]) -> Expr:
    """``e`` with nodes (by identity) or variables (by identity of the Variable) replaced."""
    if id(e) in table:
        return table[id(e)]
    if isinstance(e, VarRead) and id(e.var) in table:
        return table[id(e.var)]
    if isinstance(e, ArrayRead):
        return ArrayRead(e.array, [_replace(i, table) for i in e.indices], e.loc)
    if isinstance(e, Binary):
        return Binary(e.op, _replace(e.lhs, table), _replace(e.rhs, table), e.type, e.loc)
    if isinstance(e, Unary):
        return Unary(e.op, _replace(e.operand, table), e.type, e.loc)
    if isinstance(e, Cast):
        return Cast(_replace(e.operand, table), e.type, e.loc)
    if isinstance(e, Select):
        return Select(_replace(e.cond, table), _replace(e.if_true, table), _replace(e.if_false, table), e.type, e.loc)
    if isinstance(e, MathCall):
        return MathCall(e.name, [_replace(a, table) for a in e.args], e.type, e.loc)
    return e


class _Rewriter:
    def __init__(self, fn: KernelFunction) -> None:
        self.fn = fn
        self.names = {v.name for v in fn.params + fn.locals} | {lp.var.name for lp in fn.loops()}

    def fresh(self, base: str, like: Variable, loc: object) -> Variable:
        """A new scalar local of ``like``'s element type."""
        assert isinstance(like.type, ArrayType)
        return self.fresh_var(base, like.type.elem, "local", like)

    def fresh_var(self, base: str, type_: ScalarType | ArrayType, kind: str, like: Variable) -> Variable:
        """A new variable with a unique name (a local unless ``kind`` is "loop")."""
        name, n = base, 1
        while name in self.names:
            n += 1
            name = f"{base}_{n}"
        self.names.add(name)
        v = Variable(name, type_, kind, like.loc)
        if kind != "loop":
            self.fn.locals.append(v)
        return v

    def block(self, stmts: list[Stmt], outer: list[For]) -> list[Stmt]:
        out: list[Stmt] = []
        for s in stmts:
            if isinstance(s, For):
                fill = self.line_buffers(s)
                s.body = self.block(s.body, outer + [s])
                out.extend(fill)
                out.extend(self.loop(s, outer))
            elif isinstance(s, If):
                s.then_body = self.block(s.then_body, outer)
                s.else_body = self.block(s.else_body, outer)
                out.append(s)
            else:
                out.append(s)
        return out

    def loop(self, lp: For, outer: list[For]) -> list[Stmt]:
        if any(isinstance(s, (For, Return)) for s in lp.body):
            return [lp]
        pre, post = self.accumulators(lp)
        if abs(lp.step) == 1:
            pre_w = self.windows(lp)
            if len(pre_w) == 2:  # [If(fill), lp]
                pre.append(pre_w[0])
        if not pre:
            return [lp]
        guard = binary(lp.cmp, convert(lp.init, lp.cmp_type), lp.bound, lp.loc)
        out: list[Stmt] = [If(guard, pre, [], lp.loc), lp]
        if post:
            out.append(If(binary(lp.cmp, convert(lp.init, lp.cmp_type), lp.bound, lp.loc), post, [], lp.loc))
        return out

    def accumulators(self, lp: For) -> tuple[list[Stmt], list[Stmt]]:
        """An element read and written in every iteration at a subscript the loop does not change
        (``C[i][j] += ...`` in a k loop) lives in a register for the loop: loaded before it and
        stored after it, both only when the loop runs."""
        written = _written(lp.body)
        accesses: dict[Variable, list[tuple[Stmt, ArrayRead | None]]] = {}
        conditional: list[ArrayRead] = []
        for s in lp.body:
            if isinstance(s, Assign):
                reads: list[ArrayRead] = []
                for e in [*(s.indices or []), s.value]:
                    _reads(e, reads, conditional)
                for r in reads:
                    accesses.setdefault(r.array, []).append((s, r))
                if s.indices is not None:
                    accesses.setdefault(s.var, []).append((s, None))
            elif isinstance(s, If):
                for inner in _all_exprs(s):
                    _reads(inner, conditional, conditional, True)
                for v in _written(s.then_body) | _written(s.else_body):
                    accesses.setdefault(v, []).append((s, None))
                    conditional.append(ArrayRead(v, [], s.loc))
        blocked = {c.array for c in conditional}
        pre: list[Stmt] = []
        post: list[Stmt] = []
        table: dict[int, Expr] = {}
        registers: dict[Variable, Variable] = {}
        for array, uses in accesses.items():
            if array in blocked or not isinstance(array.type, ArrayType):
                continue
            subs = []
            for stmt, use in uses:
                assert isinstance(stmt, Assign)
                idx = use.indices if use is not None else stmt.indices
                assert idx is not None
                subs.append(idx)
            keys = {tuple(print_expr(i) for i in idx) for idx in subs}
            if len(keys) != 1 or not any(u is None for _, u in uses) or not any(u is not None for _, u in uses):
                continue  # several elements, or only read or only written
            idx = subs[0]
            names = set()
            for e in idx:
                names |= _expr_vars(e)
            if lp.var in names or names & written:
                continue  # the element changes with the loop
            acc = self.fresh(f"{array.name}_acc", array, lp.loc)
            pre.append(Assign(acc, None, ArrayRead(array, list(idx), lp.loc), lp.loc))
            post.append(Assign(array, list(idx), VarRead(acc, lp.loc), lp.loc))
            table.update({id(u): VarRead(acc, u.loc) for _, u in uses if u is not None})
            registers[array] = acc
        if registers:  # one rewrite for all of them: the table refers to the current body's nodes
            body: list[Stmt] = []
            for s in lp.body:
                assert isinstance(s, Assign)
                value = _replace(s.value, table)
                if s.var in registers:
                    body.append(Assign(registers[s.var], None, value, s.loc))
                else:
                    body.append(Assign(s.var, [_replace(i, table) for i in s.indices] if s.indices is not None else None, value, s.loc))
            lp.body = body
        return pre, post

    def windows(self, lp: For) -> list[Stmt]:
        written = _written(lp.body)
        reads: list[ArrayRead] = []
        conditional: list[ArrayRead] = []
        for s in lp.body:
            if isinstance(s, Assign):
                for e in [*(s.indices or []), s.value]:
                    _reads(e, reads, conditional)
            elif isinstance(s, If):
                for inner in _all_exprs(s):
                    _reads(inner, conditional, conditional, True)
        before: list[Stmt] = []
        heads: list[Stmt] = []
        tails: list[Stmt] = []
        groups: dict[tuple[Variable, str], list[_Read]] = {}
        excluded = {r.array for r in conditional} | written
        for r in reads:
            if r.array in excluded:
                continue
            key = self.window_key(r, lp, written)
            if key is None:
                excluded.add(r.array)
                continue
            shape, offset = key
            groups.setdefault((r.array, shape), []).append(_Read(r, offset))
        for (array, _), members in groups.items():
            if array in excluded:
                continue
            offsets = sorted({m.offset for m in members})
            if len(offsets) < 2 or offsets[-1] - offsets[0] > 8:
                continue  # nothing to share between iterations, or too wide a window
            self.rewrite(lp, array, members, offsets, before, heads, tails)
        if heads:
            lp.body = heads + lp.body + tails
            return [If(Const(1, IntType(32, True, 3, "int"), lp.loc), before, [], lp.loc), lp]
        return [lp]

    def window_key(self, r: ArrayRead, lp: For, written: set[Variable]) -> tuple[str, int] | None:
        """(the read's subscripts with the loop's offset taken out, the offset), or None."""
        forms = [_linear(i) for i in r.indices]
        if any(f is None for f in forms):
            return None
        varying = [k for k, f in enumerate(forms) if f and lp.var in f]
        if len(varying) != 1 or forms[varying[0]][lp.var] != 1:  # type: ignore[index]
            return None
        for f in forms:
            assert f is not None
            if any(isinstance(v, Variable) and v is not lp.var and v in written for v in f):
                return None
        d = varying[0]
        base = dict(forms[d])  # type: ignore[arg-type]
        offset = base.pop("1", 0)
        shape = "|".join(
            f"{k}:{sorted((str(getattr(v, 'name', v)), c) for v, c in (base if k == d else forms[k]).items())}"  # type: ignore[union-attr]
            for k in range(len(forms))
        )
        return shape, offset

    def rewrite(
        self, lp: For, array: Variable, members: list[_Read], offsets: list[int], before: list[Stmt], heads: list[Stmt], tails: list[Stmt]
    ) -> None:
        lo, hi = offsets[0], offsets[-1]
        window = {c: self.fresh(f"{array.name}_w{c - lo}", array, lp.loc) for c in range(lo, hi + 1)}
        template = members[0]
        incoming = hi if lp.step > 0 else lo

        def read_at(c: int, iv_value: Expr) -> Expr:
            shift = c - template.offset
            read = template.expr
            indices = []
            for e in read.indices:
                form = _linear(e)
                if form is not None and lp.var in form:
                    moved: Expr = binary("+", e, Const(shift, IntType(32, True, 3, "int"), e.loc), e.loc) if shift else e
                    indices.append(_substitute(moved, lp.var, iv_value))
                else:
                    indices.append(e)
            return ArrayRead(array, indices, read.loc)

        iv_read = VarRead(lp.var, lp.loc)
        for c in range(lo, hi + 1):
            if c != incoming:  # filled before the loop, at the first iteration's positions
                before.append(Assign(window[c], None, read_at(c, lp.init), lp.loc))
        load = Assign(window[incoming], None, read_at(incoming, iv_read), lp.loc)
        shifts = []
        order = range(lo, hi) if lp.step > 0 else range(hi, lo, -1)
        for c in order:
            src = c + 1 if lp.step > 0 else c - 1
            shifts.append(Assign(window[c], None, VarRead(window[src], lp.loc), lp.loc))
        table: dict[int, Expr] = {id(m.expr): VarRead(window[m.offset], m.expr.loc) for m in members}
        for s in lp.body:
            if isinstance(s, Assign):
                s.value = _replace(s.value, table)
                if s.indices is not None:
                    s.indices = [_replace(i, table) for i in s.indices]
        heads.append(load)
        tails.extend(shifts)

    # ---- line buffers ------------------------------------------------------------------------

    def line_buffers(self, outer: For) -> list[Stmt]:
        """Rows of a 2-D window read in the innermost loop of ``outer`` kept in local line buffers.

        Rewrites ``outer``'s body in place and returns the statements to put before ``outer``
        (the fill of the buffers), or [] when nothing is rewritten."""
        if abs(outer.step) != 1 or _count_loops(outer.body) != 1:
            return []
        inner = next((s for s in outer.body if isinstance(s, For)), None)
        if inner is None or abs(inner.step) != 1 or _count_loops(inner.body) or _has_return(outer.body):
            return []
        written = _written(outer.body) | {outer.var}
        if (_expr_vars(inner.init) | _expr_vars(inner.bound)) & written:
            return []  # the columns change with the rows
        reads: list[ArrayRead] = []
        conditional: list[ArrayRead] = []
        for s in inner.body:
            if isinstance(s, Assign):
                for e in [*(s.indices or []), s.value]:
                    _reads(e, reads, conditional)
            elif isinstance(s, If):
                for e in _all_exprs(s):
                    _reads(e, conditional, conditional, True)
        groups: dict[tuple[Variable, str], list[tuple[ArrayRead, int, int, int, int]]] = {}
        for r in reads:
            if r.array in written or not isinstance(r.array.type, ArrayType):
                continue
            key = self.line_key(r, outer, inner, written)
            if key is not None:
                shape, row_dim, col_dim, a, b = key
                groups.setdefault((r.array, shape), []).append((r, row_dim, col_dim, a, b))
        fill: list[Stmt] = []
        prologue: list[Stmt] = []
        heads: list[Stmt] = []
        tails: list[Stmt] = []
        table: dict[int, Expr] = {}
        candidates = []
        loads = {r.array: 0 for r in reads + conditional}  # per iteration, with row windows alone
        for r in reads + conditional:
            loads[r.array] += 1
        for (array, _), members in groups.items():
            rows = sorted({m[3] for m in members})
            cols = sorted({m[4] for m in members})
            if len(rows) < 2 or rows[-1] - rows[0] > 8 or cols[-1] - cols[0] > 8:
                continue  # one row (the window pass handles it), or too many rows or columns
            candidates.append((array, members))
            loads[array] += len(rows) - len(members)
        for array, members in candidates:
            if loads[array] > _ports(self.fn, array):  # otherwise the memory's ports suffice already
                self.line_group(outer, inner, array, members, fill, prologue, heads, tails, table)
        if not heads:
            return []
        for s in inner.body:
            if isinstance(s, Assign):
                s.value = _replace(s.value, table)
                if s.indices is not None:
                    s.indices = [_replace(i, table) for i in s.indices]
        inner.body = heads + inner.body + tails
        at = outer.body.index(inner)
        outer.body[at:at] = [If(_entry(inner), prologue, [], inner.loc)]
        return _when(_entry(outer), _when(_entry(inner), fill, inner.loc), outer.loc)

    def line_key(self, r: ArrayRead, outer: For, inner: For, written: set[Variable]) -> tuple[str, int, int, int, int] | None:
        """(subscripts with the row and column offsets taken out, row dim, column dim, row offset,
        column offset) of a read ``X[.. i + a .. j + b ..]``, or None."""
        forms = [_linear(i) for i in r.indices]
        if any(f is None for f in forms):
            return None
        row = [k for k, f in enumerate(forms) if f and outer.var in f]
        col = [k for k, f in enumerate(forms) if f and inner.var in f]
        if len(row) != 1 or len(col) != 1 or row == col:
            return None
        rd, cd = row[0], col[0]
        if forms[rd][outer.var] != 1 or forms[cd][inner.var] != 1:  # type: ignore[index]
            return None
        shape = []
        for k, f in enumerate(forms):
            assert f is not None
            rest = {v: c for v, c in f.items() if not (k == rd and v is outer.var) and not (k == cd and v is inner.var)}
            if any(isinstance(v, Variable) and v in written for v in rest):
                return None  # a subscript that changes within the outer loop
            if k in (rd, cd):
                rest.pop("1", None)
            shape.append(f"{k}:{sorted((str(getattr(v, 'name', v)), c) for v, c in rest.items())}")
        return f"{rd},{cd}|" + "|".join(shape), rd, cd, int(forms[rd].get("1", 0)), int(forms[cd].get("1", 0))  # type: ignore[union-attr]

    def line_group(
        self,
        outer: For,
        inner: For,
        array: Variable,
        members: list[tuple[ArrayRead, int, int, int, int]],
        fill: list[Stmt],
        prologue: list[Stmt],
        heads: list[Stmt],
        tails: list[Stmt],
        table: dict[int, Expr],
    ) -> None:
        assert isinstance(array.type, ArrayType)
        template, rd, cd, ta, tb = members[0]
        rows = sorted({m[3] for m in members})
        amin, amax = rows[0], rows[-1]
        bmin, bmax = min(m[4] for m in members), max(m[4] for m in members)
        newest = amax if outer.step > 0 else amin
        chain = list(range(amax, amin - 1, -1)) if outer.step > 0 else list(range(amin, amax + 1))  # newest first
        enter = bmax if inner.step > 0 else bmin
        loc = inner.loc
        int_t = IntType(32, True, 3, "int")

        def indices(a: int, b: int, j: Expr | None, i: Expr | None) -> list[Expr]:
            """The subscripts of ``X`` at row offset a, column offset b (j and i substituted)."""
            out = []
            subst: dict[int, Expr] = {}
            if j is not None:
                subst[id(inner.var)] = j
            if i is not None:
                subst[id(outer.var)] = i
            for k, e in enumerate(template.indices):
                shift = a - ta if k == rd else b - tb if k == cd else 0
                moved = binary("+", e, Const(shift, int_t, e.loc), e.loc) if shift else e
                out.append(_replace(moved, subst))
            return out

        def x_read(a: int, b: int, j: Expr | None, i: Expr | None = None) -> Expr:
            return ArrayRead(array, indices(a, b, j, i), template.loc)

        def column(b: int, j: Expr | None, i: Expr | None = None) -> list[Expr]:
            return [indices(newest, b, j, i)[cd]]

        buf_type = ArrayType(array.type.elem, (array.type.dims[cd],))
        buffers = {a: self.fresh_var(f"{array.name}_lb{abs(a - newest) - 1}", buf_type, "local", array) for a in chain[1:]}
        for buf in buffers.values():  # read and written in every iteration: one port each
            self.fn.pragmas.append(Pragma("bind_storage", {"variable": buf.name, "type": "ram_2p"}, loc))
        spans: dict[int, tuple[int, int]] = {}
        for a in chain:
            used = {m[4] for m in members if m[3] == a} | {enter}
            spans[a] = (min(used), max(used))
        window = {
            a: {b: self.fresh(f"{array.name}_r{a - amin}_w{b - bmin}", array, loc) for b in range(spans[a][0], spans[a][1] + 1)} for a in chain
        }

        def step(b: int, j: Expr) -> list[Stmt]:
            """Column ``j + b`` enters the windows' registers for ``enter``; the buffers rotate there."""
            out: list[Stmt] = [Assign(window[newest][enter], None, x_read(newest, b, j), loc)]
            for prev, a in zip(chain, chain[1:]):
                out.append(Assign(window[a][enter], None, ArrayRead(buffers[a], column(b, j), loc), loc))
                out.append(Assign(buffers[a], column(b, j), VarRead(window[prev][enter], loc), loc))
            return out

        def shifts() -> list[Stmt]:
            out: list[Stmt] = []
            for a in chain:
                lo, hi = spans[a]
                order = [(b, b + 1) for b in range(lo, hi)] if inner.step > 0 else [(b, b - 1) for b in range(hi, lo, -1)]
                out += [Assign(window[a][b], None, VarRead(window[a][src], loc), loc) for b, src in order]
            return out

        first = list(range(bmin, bmax)) if inner.step > 0 else list(range(bmax, bmin, -1))  # filled before the loop
        for b in first:
            prologue += step(b, inner.init) + shifts()
        heads += step(enter, VarRead(inner.var, loc))
        tails += shifts()
        table.update({id(m[0]): VarRead(window[m[3]][m[4]], m[0].loc) for m in members})
        # the buffered rows of the outer loop's first iteration, over the same columns
        for b in first:
            fill += [Assign(buffers[a], column(b, inner.init, outer.init), x_read(a, b, inner.init, outer.init), loc) for a in chain[1:]]
        fj = self.fresh_var(f"{inner.var.name}_fill", inner.var.type, "loop", inner.var)
        jf = VarRead(fj, loc)
        copy: list[Stmt] = [Assign(buffers[a], column(enter, jf, outer.init), x_read(a, enter, jf, outer.init), loc) for a in chain[1:]]
        fill.append(For(fj, inner.init, inner.cmp, inner.bound, inner.cmp_type, inner.step, copy, f"{inner.name}_fill", [], loc))


def _expr_vars(e: Expr) -> set[Variable]:
    if isinstance(e, VarRead):
        return {e.var}
    if isinstance(e, ArrayRead):
        return {e.array}.union(*(_expr_vars(i) for i in e.indices))
    if isinstance(e, Binary):
        return _expr_vars(e.lhs) | _expr_vars(e.rhs)
    if isinstance(e, (Unary, Cast)):
        return _expr_vars(e.operand)
    if isinstance(e, Select):
        return _expr_vars(e.cond) | _expr_vars(e.if_true) | _expr_vars(e.if_false)
    if isinstance(e, MathCall):
        return set().union(*(_expr_vars(a) for a in e.args))
    return set()


def _when(cond: Expr, body: list[Stmt], loc: SourceLoc) -> list[Stmt]:
    """``body`` under ``cond``; without the ``if`` when the condition is a constant, so the fill
    loop of constant-bound nests keeps the function's latency static (an ``if`` around a loop is
    scheduled as a run-time branch)."""
    value = eval_expr(cond, {})
    if value is None:
        return [If(cond, body, [], loc)]
    return body if value else []


def _entry(lp: For) -> Expr:
    """The condition under which ``lp`` runs at least one iteration."""
    return binary(lp.cmp, convert(lp.init, lp.cmp_type), lp.bound, lp.loc)


def _ports(fn: KernelFunction, var: Variable) -> int:
    """Ports of an array's memory: 2 unless a pragma makes it single-port (as the scheduler does)."""
    for p in fn.pragmas:
        name = p.options.get("port") if p.name == "interface" else p.options.get("variable") if p.name == "bind_storage" else None
        if name == var.name and (p.options.get("storage_type") or p.options.get("type") or "").lower() == "ram_1p":
            return 1
    return 2


def _count_loops(stmts: list[Stmt]) -> int:
    n = 0
    for s in stmts:
        if isinstance(s, For):
            n += 1 + _count_loops(s.body)
        elif isinstance(s, If):
            n += _count_loops(s.then_body) + _count_loops(s.else_body)
    return n


def _has_return(stmts: list[Stmt]) -> bool:
    for s in stmts:
        if isinstance(s, Return):
            return True
        if isinstance(s, For) and _has_return(s.body):
            return True
        if isinstance(s, If) and (_has_return(s.then_body) or _has_return(s.else_body)):
            return True
    return False


def _all_exprs(s: Stmt) -> list[Expr]:
    if isinstance(s, Assign):
        return [*(s.indices or []), s.value]
    if isinstance(s, If):
        out = [s.cond]
        for t in s.then_body + s.else_body:
            out += _all_exprs(t)
        return out
    if isinstance(s, Return) and s.value is not None:
        return [s.value]
    return []


def reuse_loads(fn: KernelFunction) -> KernelFunction:
    """Pass entry point (rewrites ``fn`` in place and returns it)."""
    fn.body = _Rewriter(fn).block(fn.body, [])
    return fn

