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

Line buffers. Where an outer loop ``i`` (signed, step +1 or -1) directly contains one innermost
loop ``j`` (signed, step +1 or -1) whose bounds do not change within the outer loop, unconditional reads
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
loop, or, when the ``j`` loop surely runs (constant entry condition), by ``bmax - bmin`` extra
first iterations of it that only stream (the statements run from its own first column on): the
``i`` loop then directly contains the ``j`` loop alone, a perfect nest pipelined as one loop.
Immediately before the ``i`` loop (so every iteration of an enclosing loop refills them), under
both loops' entry conditions, a loop over every column the windows stream (the ``j`` range
widened by ``bmin`` and ``bmax``) copies the older rows of the first ``i`` into the buffers. For
jacobi-2d (``for i, for j: .. A[i][j-1] + A[i][j] + A[i][j+1] + A[i-1][j] + A[i+1][j]``), with
``+1`` steps:

    fill: lb0[c] = A[i0][c], lb1[c] = A[i0 - 1][c] for c = j0 - 1 .. jn
    for (i ..) { <columns j0 - 1, j0 as below>
      for (j ..) { r2 = A[i + 1][j + 1]; r1 = lb0[j + 1]; lb0[j + 1] = r2; r0 = lb1[j + 1]; lb1[j + 1] = r1;
                   ... row windows of r0, r1, r2 ...; shifts } }

so one read of A per iteration instead of three (II 1 on a dual-port memory).

Plane buffers. One level up, where a loop directly contains such a pair of loops and the reads
span several planes ``X[i + a][j + b][k + c]`` (heat-3d), the older planes come from local 2-D
RAMs rotated in the same way, and each plane's rows from its own line buffers (``stencil_buffers``).

Only unconditional reads are rewritten, so no access is added or moved across a condition; the
extra elements the buffers copy lie between elements the loops read.

Forwarded registers and lines. An element read in every iteration at unchanging subscripts, and
a row or column of an array read again in every iteration of an outer loop (``slice_buffers``),
live in a register or a local RAM even where the loop writes the array: each store also writes
them where its subscripts hit them (``forward_to``), so they hold what the array does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from hls.diagnostics import SourceLoc, processing
from hls.frontend.affine import never_same_element
from hls.frontend.c_to_kernel import binary, convert
from hls.frontend.hoist_invariants import hoist_invariants
from hls.frontend.sweep_fusion import fuse_sweeps
from hls.ir.ctypes import INT, ArrayType, FloatType, IntType, ScalarType
from hls.ir.evaluate import eval_expr, trip_count
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
    array_reads,
    array_storage,
    assignments,
    clone_expr,
    copy_stmts,
    has_loop,
    linear_form,
    print_expr,
    read_variables,
    replace_expr,
    replace_in_stmts,
    unique_name,
)


@dataclass
class _Read:
    expr: ArrayRead
    offset: int


@dataclass
class _Forward:
    """A register (``dim`` None) holding the element ``indices`` of an array, or a buffer holding
    its row along dimension ``dim`` (the other subscripts ``indices``), kept equal to the array's
    elements by ``forward_to``."""

    indices: list[Expr]
    into: Variable
    dim: int | None
    # the register or buffer holds this array's element only where this holds (one of the
    # arrays a choice reads: ``_choice``)
    when: Expr | None = None


def _pure(e: Expr) -> bool:
    """Whether ``e`` reads no array (so evaluating it once more gives the same value)."""
    return not array_reads(e)


def _evaluated(e: Expr, under: bool = False, stop: Callable[[Expr], bool] | None = None) -> Iterator[tuple[Expr, bool]]:
    """The nodes of ``e``, each with whether it is evaluated only under a condition (``?:``'s
    arms, the right of ``&&`` / ``||``; ``under``: all of ``e`` is); not the nodes inside one
    that ``stop`` holds for."""
    yield e, under
    if stop is not None and stop(e):
        return
    if isinstance(e, ArrayRead):
        for i in e.indices:
            yield from _evaluated(i, under, stop)
    elif isinstance(e, Binary):
        yield from _evaluated(e.lhs, under, stop)
        yield from _evaluated(e.rhs, under or e.op in ("&&", "||"), stop)
    elif isinstance(e, (Unary, Cast)):
        yield from _evaluated(e.operand, under, stop)
    elif isinstance(e, Select):
        yield from _evaluated(e.cond, under, stop)
        yield from _evaluated(e.if_true, True, stop)
        yield from _evaluated(e.if_false, True, stop)
    elif isinstance(e, MathCall):
        for a in e.args:
            yield from _evaluated(a, under, stop)


def _reads(e: Expr, out: list[ArrayRead], conditional: list[ArrayRead], under: bool = False) -> None:
    for node, cond in _evaluated(e, under):
        if isinstance(node, ArrayRead):
            (conditional if cond else out).append(node)


def _choice(e: Expr) -> list[tuple[Expr | None, ArrayRead]] | None:
    """The reads of a read of one of several arrays chosen at run time, ``c0 ? X0[w] : c1 ?
    X1[w] : X2[w]`` with the same subscripts ``w`` and conditions that read no array (how
    ``partition`` reads a partitioned array whose bank its subscripts do not fix: floyd-warshall's
    ``path[i][k]`` with ``path`` split by columns): (the condition choosing it, None for the last,
    chosen where none holds; the read) for each, or None when ``e`` is not such a choice."""
    out: list[tuple[Expr | None, ArrayRead]] = []
    while isinstance(e, Select) and isinstance(e.if_true, ArrayRead) and _pure(e.cond):
        out.append((e.cond, e.if_true))
        e = e.if_false
    if not out or not isinstance(e, ArrayRead):
        return None
    out.append((None, e))
    subscripts = [print_expr(i) for i in e.indices]
    if len({id(r.array) for _, r in out}) != len(out) or any([print_expr(i) for i in r.indices] != subscripts for _, r in out):
        return None
    return out if all(_pure(i) for i in e.indices) else None


def _chosen(choices: list[tuple[Expr | None, ArrayRead]], n: int, loc: SourceLoc) -> Expr:
    """The condition under which a choice (``_choice``) reads its ``n``-th array."""
    cond = choices[n][0]
    out: Expr | None = None if cond is None else clone_expr(cond)
    for earlier, _ in choices[:n]:
        assert earlier is not None
        skip = Unary("!", clone_expr(earlier), INT, loc)
        out = skip if out is None else binary("&&", skip, out, loc)
    assert out is not None
    return out


def _choices(e: Expr, out: list[tuple[Select, bool]], under: bool = False) -> None:
    """The choices (``_choice``) in ``e``, each with whether it is evaluated only under a
    condition (``under``: all of ``e`` is)."""

    def is_choice(x: Expr) -> bool:
        return isinstance(x, Select) and _choice(x) is not None

    out.extend((node, cond) for node, cond in _evaluated(e, under, is_choice) if isinstance(node, Select) and is_choice(node))


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
    return replace_expr(e, {id(old): new})


class _Rewriter:
    def __init__(self, fn: KernelFunction) -> None:
        self.fn = fn
        self.names = {v.name for v in fn.params + fn.locals} | {lp.var.name for lp in fn.loops()}
        self.loop_names = {lp.name for lp in fn.loops()}
        self.streamed = False  # (set by a stencil rewrite that streams its outer loop's fill)
        self.fuse = True  # sweep fusion on

    def fresh(self, base: str, like: Variable, loc: object) -> Variable:
        """A new scalar local of ``like``'s element type."""
        assert isinstance(like.type, ArrayType)
        return self.fresh_var(base, like.type.elem, "local", like)

    def fresh_var(self, base: str, type_: ScalarType | ArrayType, kind: str, like: Variable) -> Variable:
        """A new variable with a unique name (a local unless ``kind`` is "loop")."""
        v = Variable(unique_name(base, self.names), type_, kind, like.loc)
        if kind != "loop":
            self.fn.locals.append(v)
        return v

    def block(self, stmts: list[Stmt], outer: list[For]) -> list[Stmt]:
        out: list[Stmt] = []
        items = self.forward_stores(stmts)
        n = 0
        while n < len(items):
            s = items[n]
            with processing(s.loc):
                fused = self.fused_sweeps(s, items[n + 1], outer) if n + 1 < len(items) else None
                if fused is not None:
                    out.extend(fused)
                    n += 2
                    continue
                out.extend(self.statement(s, outer))
            n += 1
        return out

    def fused_sweeps(self, first: Stmt, second: Stmt, outer: list[For]) -> list[Stmt] | None:
        """Two stencil nests in a row whose buffers make both perfect nests over the same rows and
        columns, as one nest (``sweep_fusion``): the first rewritten as usual (its buffers filled
        before it), the second streaming its own first planes or rows, so nothing of it runs
        before the fused nest. None (and nothing rewritten) when they cannot be fused."""
        if not (self.fuse and isinstance(first, For) and isinstance(second, For)) or _ends_early([first, second]):
            return None
        depth = next((d for d in (3, 2) if _stencil_nest(first, d) is not None and _stencil_nest(second, d) is not None), None)
        if depth is None:
            return None
        saved = (len(self.fn.locals), len(self.fn.pragmas), set(self.names), set(self.loop_names), len(self.fn.transformations))
        trial = copy_stmts([first, second], {}, lambda lp: (lp.var, lp.name))
        assert isinstance(trial[0], For) and isinstance(trial[1], For)
        out1 = self.statement(trial[0], outer)
        self.streamed = False
        fill2 = self.stencil_buffers(trial[1], depth, stream_outer=True)
        result = None
        if self.streamed and not fill2 and out1 and isinstance(out1[-1], For) and out1[-1] is trial[0]:
            trial[1].body = self.block(trial[1].body, outer + [trial[1]])
            out2 = self.loop(trial[1], outer)
            if len(out2) == 1:
                result = fuse_sweeps(self.fn, outer, out1[-1], trial[1], depth)
        self.streamed = False
        if result is None:
            del self.fn.locals[saved[0] :]
            del self.fn.pragmas[saved[1] :]
            del self.fn.transformations[saved[4] :]
            self.names, self.loop_names = saved[2], saved[3]
            return None
        fused, note = result
        self.fn.transformations.append(note)
        return [*out1[:-1], fused]

    def forward_stores(self, stmts: list[Stmt]) -> list[Stmt]:
        """An element stored and then stored again further down a run of assignments, with only
        reads of that element (by the same subscripts, whose variables nothing writes in
        between) among the accesses of its array between the two: the first store becomes a
        scalar whose value those reads take (an unrolled reduction's ``t[i] = t[i] + a; t[i] =
        t[i] + b``: one load and one store per iteration instead of one load and two stores)."""
        out = list(stmts)
        for n, first in enumerate(out):
            if not (isinstance(first, Assign) and first.indices is not None):
                continue
            text = [print_expr(i) for i in first.indices]
            subscript_vars = set().union(*(read_variables(i, arrays=True) for i in first.indices))
            same: list[ArrayRead] = []
            for later in out[n + 1 :]:
                if not isinstance(later, Assign):
                    break
                reads = [r for e in [*(later.indices or []), later.value] for r in array_reads(e) if r.array is first.var]
                if any([print_expr(i) for i in r.indices] != text for r in reads):
                    break
                same += reads
                if later.var is first.var and later.indices is not None:
                    if [print_expr(i) for i in later.indices] != text:
                        break
                    temp = Variable(unique_name(f"{first.var.name}_fwd", self.names), first.value.type, "local", first.loc)
                    self.fn.locals.append(temp)
                    out[n] = Assign(temp, None, first.value, first.loc)
                    table: dict[int, Expr] = {id(r): VarRead(temp, r.loc) for r in same}
                    replace_in_stmts(out[n + 1 : out.index(later) + 1], table)
                    break
                if later.var in subscript_vars:
                    break
        return out

    def statement(self, s: Stmt, outer: list[For]) -> list[Stmt]:
        if isinstance(s, For) and _ends_early([s]):
            # buffers, windows and hoisted accumulators assume every iteration runs (and would
            # put statements outside the exit flags' guards): only the loops inside, if any
            s.body = self.block(s.body, outer + [s])
            return [s]
        if isinstance(s, For):
            fill = self.stencil_buffers(s, 3) or self.stencil_buffers(s, 2)
            s.body = self.block(s.body, outer + [s])
            if not fill:
                fill = self.slice_buffers(s)
            return fill + self.loop(s, outer)
        if isinstance(s, If):
            s.then_body = self.block(s.then_body, outer)
            s.else_body = self.block(s.else_body, outer)
        return [s]

    def loop(self, lp: For, outer: list[For]) -> list[Stmt]:
        if has_loop(lp.body) or _has_return(lp.body):
            return [lp]  # innermost loops only (an if may hold a loop)
        pre, post = self.accumulators(lp, outer)
        pre += self.invariants(lp, outer)
        if abs(lp.step) == 1:
            # the only statement of its loop, with nothing to do before it: the window's first
            # elements streamed by extra first iterations keep the nest perfect (one pipeline)
            alone = not pre and not post and bool(outer) and len(outer[-1].body) == 1 and outer[-1].body[0] is lp
            pre_w = self.windows(lp, widen=alone)
            if len(pre_w) == 2:  # [If(fill), lp]
                pre.append(pre_w[0])
        if not pre:
            return [lp]
        guard = binary(lp.cmp, convert(lp.init, lp.cmp_type), lp.bound, lp.loc)
        out: list[Stmt] = [If(guard, pre, [], lp.loc), lp]
        if post:
            out.append(If(binary(lp.cmp, convert(lp.init, lp.cmp_type), lp.bound, lp.loc), post, [], lp.loc))
        return out

    def accumulators(self, lp: For, outer: list[For]) -> tuple[list[Stmt], list[Stmt]]:
        """An element read and written in every iteration at a subscript the loop does not change
        (``C[i][j] += ...`` in a k loop) lives in a register for the loop: loaded before it and
        stored after it, both only when the loop runs. Other reads of the same array are allowed
        where isl proves they never read that element while the loop runs (nussinov's
        ``table[i][j] = max(table[i][j], table[i][k] + table[k + 1][j])`` for i < k < j)."""
        written = _written(lp.body)
        accesses: dict[Variable, list[tuple[Stmt, ArrayRead | None]]] = {}
        conditional: list[ArrayRead] = []
        for s in lp.body:
            if isinstance(s, Assign):
                reads: list[ArrayRead] = []
                for e in [*(s.indices or []), s.value]:
                    # reads under ?: and && too: the register's element is accessed anyway (written
                    # in every iteration), and other elements stay reads of memory as C makes them
                    _reads(e, reads, reads)
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
            if not any(u is None for _, u in uses):
                continue  # only read
            idx = next(stmt.indices for stmt, u in uses if u is None and isinstance(stmt, Assign) and stmt.indices is not None)
            key = tuple(print_expr(i) for i in idx)
            same = [(stmt, u) for (stmt, u), sub in zip(uses, subs) if tuple(print_expr(i) for i in sub) == key]
            others = [sub for (_, u), sub in zip(uses, subs) if tuple(print_expr(i) for i in sub) != key]
            if any(u is None for (_, u), sub in zip(uses, subs) if tuple(print_expr(i) for i in sub) != key):
                continue  # several elements written
            if not any(u is not None for _, u in same):
                continue  # only written
            if others and not all(never_same_element(self.fn, [*outer, lp], list(idx), list(sub)) for sub in others):
                continue  # another read may see the element
            uses = same
            names = set()
            for e in idx:
                names |= read_variables(e, arrays=True)
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
                if not isinstance(s, Assign):
                    body.append(s)  # an if: it touches none of these arrays (they would be blocked)
                    continue
                value = replace_expr(s.value, table)
                if s.var in registers:
                    body.append(Assign(registers[s.var], None, value, s.loc))
                else:
                    body.append(Assign(s.var, [replace_expr(i, table) for i in s.indices] if s.indices is not None else None, value, s.loc))
            lp.body = body
        return pre, post

    def invariants(self, lp: For, outer: list[For]) -> list[Stmt]:
        """An element read in every iteration at subscripts the loop does not change, of an array
        with more accesses per iteration than ports, is loaded once before the loop (only when it
        runs) into a register (trisolv by columns: ``x[i] -= L[i][j] * x[j]`` over i > j). Where
        isl cannot prove that the loop's writes to that array never reach the element, each of
        them also writes the register when its subscripts equal the element's (``forward_to``;
        floyd-warshall's ``path[i][k]`` in the j loop, written at j = k)."""
        written = _written(lp.body)
        reads: list[ArrayRead] = []
        conditional: list[ArrayRead] = []
        stores: dict[Variable, list[list[Expr]]] = {}

        def collect(stmts: list[Stmt], under: bool) -> None:
            for s in stmts:
                if isinstance(s, Assign):
                    for e in [*(s.indices or []), s.value]:
                        _reads(e, conditional if under else reads, conditional, under)
                    if s.indices is not None:
                        stores.setdefault(s.var, []).append(s.indices)
                elif isinstance(s, If):
                    _reads(s.cond, conditional if under else reads, conditional, under)
                    collect(s.then_body, True)
                    collect(s.else_body, True)

        collect(lp.body, False)
        accesses: dict[Variable, set[str]] = {}
        for r in reads + conditional:
            accesses.setdefault(r.array, set()).add(" ".join(print_expr(i) for i in r.indices))
        pre: list[Stmt] = []
        table: dict[int, Expr] = {}
        registers: dict[tuple[Variable, str], Variable] = {}
        forwarded: dict[Variable, list[_Forward]] = {}
        for r in reads:
            array = r.array
            if not isinstance(array.type, ArrayType) or len(accesses[array]) + len(stores.get(array, [])) <= array_storage(self.fn, array)[0]:
                continue  # the memory's ports suffice
            names: set[Variable] = set()
            for e in r.indices:
                names |= read_variables(e, arrays=True)
            if lp.var in names or names & written:
                continue  # the element changes with the loop
            key = (array, " ".join(print_expr(i) for i in r.indices))
            if key not in registers:
                hit = [w for w in stores.get(array, []) if not never_same_element(self.fn, [*outer, lp], list(r.indices), w)]
                if hit and not all(_pure(e) for e in [*r.indices, *(e for w in hit for e in w)]):
                    continue  # the loop may write it, at subscripts that cannot be compared again
                registers[key] = reg = self.fresh(f"{array.name}_inv", array, lp.loc)
                pre.append(Assign(reg, None, ArrayRead(array, list(r.indices), r.loc), r.loc))
                if hit:
                    forwarded.setdefault(array, []).append(_Forward(list(r.indices), reg, None))
            table[id(r)] = VarRead(registers[key], r.loc)
        for r in conditional:  # (the register holds the element whenever they would read it)
            key = (r.array, " ".join(print_expr(i) for i in r.indices))
            if key in registers:
                table[id(r)] = VarRead(registers[key], r.loc)
        # one of several arrays' elements chosen by conditions the loop does not change (a
        # partitioned array's bank): the chosen element in a register likewise, each store to
        # one of them forwarded to it where that array is the one chosen
        choices: list[tuple[Select, bool]] = []

        def collect_choices(stmts: list[Stmt], under: bool) -> None:
            for s in stmts:
                if isinstance(s, Assign):
                    for e in [*(s.indices or []), s.value]:
                        _choices(e, choices, under)
                elif isinstance(s, If):
                    _choices(s.cond, choices, under)
                    collect_choices(s.then_body, True)
                    collect_choices(s.else_body, True)

        collect_choices(lp.body, False)
        for e, under in sorted(choices, key=lambda c: c[1]):
            key = (_choice(e) or [])[0][1].array, "choice " + print_expr(e)
            if under:  # (the register holds the element whenever they would read it)
                if key in registers:
                    table[id(e)] = VarRead(registers[key], e.loc)
                continue
            options = _choice(e) or []
            if not any(len(accesses[r.array]) + len(stores.get(r.array, [])) > array_storage(self.fn, r.array)[0] for _, r in options):
                continue  # the memories' ports suffice
            names = set().union(*(read_variables(x) for c, r in options for x in [*r.indices, *([c] if c is not None else [])]))
            if lp.var in names or names & written:
                continue  # the element or the choice changes with the loop
            if key not in registers:
                hits = [[w for w in stores.get(r.array, []) if not never_same_element(self.fn, [*outer, lp], list(r.indices), w)] for _, r in options]
                if not all(_pure(x) for hit in hits for w in hit for x in w):
                    continue  # the loop may write one, at subscripts that cannot be compared again
                registers[key] = reg = self.fresh(f"{options[0][1].array.name}_inv", options[0][1].array, lp.loc)
                pre.append(Assign(reg, None, clone_expr(e), e.loc))
                for n, ((_, r), hit) in enumerate(zip(options, hits, strict=True)):
                    if hit:
                        forwarded.setdefault(r.array, []).append(_Forward(list(r.indices), reg, None, _chosen(options, n, e.loc)))
            table[id(e)] = VarRead(registers[key], e.loc)
        replace_in_stmts(lp.body, table)
        for array, targets in forwarded.items():
            lp.body = self.forward_to(lp.body, array, targets)
        return pre

    def forward_to(self, stmts: list[Stmt], array: Variable, targets: list[_Forward]) -> list[Stmt]:
        """``stmts`` with each store to ``array`` (at any depth) also written to the registers and
        buffers of ``targets`` that hold the stored element, right after the store: ``X[w] = e``
        becomes ``t = e; X[w] = t; if (w == s) reg = t;`` (for a buffer of the row ``s`` along
        dimension ``d``: ``if (w == s but at d) buf[w_d] = t``), so they always hold what the
        array does."""
        out: list[Stmt] = []
        for st in stmts:
            if isinstance(st, If):
                st.then_body = self.forward_to(st.then_body, array, targets)
                st.else_body = self.forward_to(st.else_body, array, targets)
            elif isinstance(st, For):
                st.body = self.forward_to(st.body, array, targets)
            if not (isinstance(st, Assign) and st.var is array and st.indices is not None):
                out.append(st)
                continue
            value = st.value
            if not isinstance(value, VarRead):
                assert isinstance(array.type, ArrayType)
                temp = self.fresh(f"{array.name}_st", array, st.loc)
                out.append(Assign(temp, None, value, st.loc))
                value = VarRead(temp, st.loc)
                st.value = value
            out.append(st)
            for target in targets:
                same: Expr | None = None if target.when is None else clone_expr(target.when)
                for k, (w, s) in enumerate(zip(st.indices, target.indices, strict=True)):
                    if k == target.dim or print_expr(w) == print_expr(s):
                        continue
                    eq = binary("==", clone_expr(w), clone_expr(s), st.loc)
                    same = eq if same is None else binary("&&", same, eq, st.loc)
                where = None if target.dim is None else [clone_expr(st.indices[target.dim])]
                update: list[Stmt] = [Assign(target.into, where, VarRead(value.var, st.loc), st.loc)]
                out += update if same is None else [If(same, update, [], st.loc)]
        return out

    def slice_buffers(self, lp: For) -> list[Stmt]:
        """Rows or columns of an array that ``lp``'s iterations read again and again, copied into
        local buffers before it (the statements filling them; ``lp`` is rewritten in place).

        A read ``X[.., e(v), ..]`` directly in ``lp``'s body (or under an ``if`` whose condition
        does not change in it) or directly in an innermost loop ``J`` of its body (with bounds
        that do not change in it), whose subscripts but one do not change in ``lp`` and whose
        remaining subscript ``e`` depends on one iterator ``v`` (``lp``'s or ``J``'s), reads the
        line of ``X`` along that dimension: for floyd-warshall's ``k, i, j`` nest the row
        ``path[k][j]`` in the j loop and the column ``path[i][k]`` (the register the j loop keeps
        of it) in the i loop. Where ``X`` is accessed more often per iteration than it has ports,
        each line is copied before ``lp`` over ``v``'s range into a local RAM that the reads take
        instead, and every store to ``X`` in ``lp`` also stores into the lines it hits
        (``forward_to``), so the copies always hold what ``X`` does. With the copies the nest
        accesses ``path`` twice per iteration (its read and its store of ``path[i][j]``), not
        four times."""
        if _ends_early([lp]) or not isinstance(lp.var.type, IntType):
            return []
        written = _written(lp.body) | {lp.var}

        def invariant(e: Expr) -> bool:
            return _pure(e) and not (read_variables(e) & written)

        def trips(loop: For) -> int | None:
            init, bound = eval_expr(loop.init, {}), eval_expr(loop.bound, {})
            if init is None or bound is None:
                return None
            return trip_count(init, loop.cmp, bound, loop.step)

        # reads in their context: (read, the loop whose iterator may vary its line, guards); the
        # conditional ones only take a line that unconditional reads fill
        found: list[tuple[ArrayRead, For, list[Expr]]] = []
        conditional: list[tuple[ArrayRead, For, list[Expr]]] = []
        # and the choices of one of several arrays' elements (``_choice``), made unconditionally
        # or not (these only take a line that unconditional ones fill)
        choices: list[tuple[Select, For, list[Expr]]] = []
        conditional_choices: list[tuple[Select, For]] = []

        def assigns(stmts: list[Stmt], loop: For | None, guards: list[Expr]) -> None:
            for st in stmts:
                if isinstance(st, Assign):
                    reads: list[ArrayRead] = []
                    under: list[ArrayRead] = []
                    chosen: list[tuple[Select, bool]] = []
                    for e in [*(st.indices or []), st.value]:
                        _reads(e, reads, under)
                        _choices(e, chosen)
                    choices.extend((c, loop or lp, guards) for c, cond in chosen if not cond)
                    conditional_choices.extend((c, loop or lp) for c, cond in chosen if cond)
                    found.extend((r, loop or lp, guards) for r in reads)
                    conditional.extend((r, loop or lp, guards) for r in under)

        for st in lp.body:
            if isinstance(st, Assign):
                assigns([st], None, [])
            elif isinstance(st, If) and invariant(st.cond):
                assigns(st.then_body, None, [st.cond])
            elif isinstance(st, For) and not has_loop(st.body) and not st.exits and invariant(st.init) and invariant(st.bound):
                assigns(st.body, st, [_entry(st)])
        inner_trips = [trips(st) for st in lp.body if isinstance(st, For)]
        outer_trips = trips(lp)
        if outer_trips is None or None in inner_trips:
            return []
        nest_trips = outer_trips * max([t for t in inner_trips if t is not None], default=1)

        def count(stmts: list[Stmt], array: Variable) -> int:
            """Accesses of ``array`` in ``stmts``, at any depth (an element read several times
            once: the schedule loads it once an iteration)."""
            reads = len({" ".join(print_expr(i) for i in r.indices) for e in _body_exprs(stmts) for r in array_reads(e) if r.array is array})
            return reads + sum(1 for st in assignments(stmts) if st.var is array and st.indices is not None)

        def crowded(array: Variable, loop: For) -> bool:
            """Whether the loop whose iterations make the read (``J``; for ``lp`` its own
            statements and, as one pipeline, those of its inner loop) accesses ``array`` more
            often per iteration than it has ports."""
            if loop is not lp:
                n = count(loop.body, array)
            else:
                n = count([st for st in lp.body if not isinstance(st, For)], array)
                n += max((count(st.body, array) for st in lp.body if isinstance(st, For)), default=0)
            return n > array_storage(self.fn, array)[0]

        def line_of(r: ArrayRead, loop: For, busy: bool = True) -> tuple[tuple[int, str, str], For] | None:
            """(the line ``r`` reads: its dimension, the loop over it and the other subscripts;
            that loop), or None (also where ``busy`` and its array's ports suffice)."""
            array = r.array
            if not isinstance(array.type, ArrayType) or len(array.type.dims) < 2 or (busy and not crowded(array, loop)):
                return None  # (a line of a one-dimensional array would be a copy of all of it)
            varying = {lp.var, loop.var}
            moving = [k for k, e in enumerate(r.indices) if read_variables(e) & varying]
            if len(moving) != 1 or not all(_pure(e) for e in r.indices):
                return None
            d = moving[0]
            # (any function of one iterator: an unrolled loop's j / 2 in a partitioned array's
            # bank reads each element of the bank's line once per iteration)
            names = read_variables(r.indices[d])
            iters = [v for v in varying if v in names]
            if len(iters) != 1 or any(v in written and v not in iters for v in names):
                return None
            if not all(invariant(e) for k, e in enumerate(r.indices) if k != d):
                return None
            line_loop = lp if iters[0] is lp.var else loop
            fill_trips = trips(line_loop)
            if fill_trips is None or 4 * fill_trips > nest_trips:
                return None  # a copy as long as the loop would not pay
            return (d, line_loop.name, " ".join("*" if k == d else print_expr(e) for k, e in enumerate(r.indices))), line_loop

        # the lines, per array: line -> the unconditional reads of it (with their guards), which
        # fill the copy, and the conditional ones at the same positions, which only read it
        lines: dict[Variable, dict[tuple[int, str, str], tuple[For, list[tuple[ArrayRead, list[Expr]]], list[ArrayRead]]]] = {}
        for r, loop, guards in found:
            got = line_of(r, loop)
            if got is not None:
                lines.setdefault(r.array, {}).setdefault(got[0], (got[1], [], []))[1].append((r, guards))
        for r, loop, _ in conditional:
            got = line_of(r, loop)
            entry = lines.get(r.array, {}).get(got[0]) if got is not None else None
            if got is None or entry is None:
                continue
            d = got[0][0]
            if print_expr(r.indices[d]) in {print_expr(m.indices[d]) for m, _ in entry[1]}:
                entry[2].append(r)
        # a choice's line: the same line of each array it may read, chosen as it does (the
        # column path[*][k] of a path split by columns: its bank is k's)
        choice_lines: dict[str, tuple[int, For, list[tuple[Select, list[Expr]]], list[Select]]] = {}
        for c, loop, guards in choices:
            options = _choice(c) or []
            lines_of = [line_of(r, loop, busy=False) for _, r in options]
            shapes = {r.array.type.dims if isinstance(r.array.type, ArrayType) else () for _, r in options}
            if any(g is None for g in lines_of) or len({g[0] for g in lines_of if g is not None}) != 1 or len(shapes) != 1:
                continue
            if not any(crowded(r.array, loop) for _, r in options):
                continue  # (the ports of every array it may read suffice)
            first = lines_of[0]
            assert first is not None
            choice_lines.setdefault(print_expr(c) + f" {first[1].name}", (first[0][0], first[1], [], []))[2].append((c, guards))
        for c, loop in conditional_choices:
            if (line := choice_lines.get(print_expr(c) + f" {loop.name}")) is not None:
                line[3].append(c)
        if not lines and not choice_lines:
            return []
        loc = lp.loc
        fills: dict[str, tuple[For, list[Expr]]] = {}  # one copy loop per range, with its guards
        made: list[str] = []
        # (one table for every array: replacing copies the statements, so the reads of an array
        # replaced later would no longer be found)
        table: dict[int, Expr] = {}
        targets_of: dict[Variable, list[_Forward]] = {}

        def line_buffer(array: Variable, d: int, line_loop: For) -> tuple[Variable, For, list[Expr]]:
            """A new buffer for a line of ``array`` along ``d``, and the copy loop over
            ``line_loop``'s range (with its guards) that fills it."""
            assert isinstance(array.type, ArrayType)
            buf = self.fresh_var(f"{array.name}_line", ArrayType(array.type.elem, (array.type.dims[d],)), "local", array)
            self.fn.pragmas.append(Pragma("bind_storage", {"variable": buf.name, "type": "ram_2p"}, loc))
            made.append(buf.name)
            range_key = " ".join(print_expr(e) for e in (line_loop.init, line_loop.bound)) + f" {line_loop.cmp} {line_loop.step}"
            if range_key not in fills:
                var = self.fresh_var(f"{line_loop.var.name}_line", line_loop.var.type, "loop", line_loop.var)
                copy_loop = For(var, clone_expr(line_loop.init), line_loop.cmp, clone_expr(line_loop.bound), line_loop.cmp_type, line_loop.step, [],
                                unique_name(f"{line_loop.name}_line", self.loop_names), [], loc)  # fmt: skip
                self.loop_names.add(copy_loop.name)
                fills[range_key] = (copy_loop, [])
            return buf, *fills[range_key]

        for array, slices in lines.items():
            targets = targets_of.setdefault(array, [])
            for (d, _, _), (line_loop, members, readers) in slices.items():
                buf, copy_loop, guards = line_buffer(array, d, line_loop)
                targets.append(_Forward(list(members[0][0].indices), buf, d))
                copied: set[str] = set()
                for r in readers:
                    table[id(r)] = ArrayRead(buf, [clone_expr(r.indices[d])], r.loc)
                for r, read_guards in members:
                    table[id(r)] = ArrayRead(buf, [clone_expr(r.indices[d])], r.loc)
                    guards += [g for g in read_guards if print_expr(g) not in {print_expr(h) for h in guards}]
                    at = [replace_expr(e, {id(line_loop.var): VarRead(copy_loop.var, loc)}) for e in r.indices]
                    if print_expr(at[d]) not in copied:
                        copied.add(print_expr(at[d]))
                        copy_loop.body.append(Assign(buf, [at[d]], ArrayRead(array, at, loc), loc))
        for d, line_loop, occurrences, readers_of in choice_lines.values():
            c = occurrences[0][0]
            options = _choice(c) or []
            buf, copy_loop, guards = line_buffer(options[0][1].array, d, line_loop)
            for n, (_, r) in enumerate(options):
                targets_of.setdefault(r.array, []).append(_Forward(list(r.indices), buf, d, _chosen(options, n, loc)))
            for occurrence, read_guards in occurrences:
                table[id(occurrence)] = ArrayRead(buf, [clone_expr(options[0][1].indices[d])], occurrence.loc)
                guards += [g for g in read_guards if print_expr(g) not in {print_expr(h) for h in guards}]
            for occurrence in readers_of:
                table[id(occurrence)] = ArrayRead(buf, [clone_expr(options[0][1].indices[d])], occurrence.loc)
            to_copy: dict[int, Expr] = {id(line_loop.var): VarRead(copy_loop.var, loc)}
            copy_loop.body.append(Assign(buf, [replace_expr(options[0][1].indices[d], to_copy)], replace_expr(c, to_copy), loc))
        replace_in_stmts(lp.body, table)
        for array, targets in targets_of.items():
            lp.body = self.forward_to(lp.body, array, targets)
        lp.body = _merged_stores(lp.body, {v for v in self.fn.locals if v.name in made})
        out: list[Stmt] = []
        for copy_loop, guards in fills.values():
            cond: Expr = _entry(lp)
            for g in guards:
                cond = binary("&&", cond, clone_expr(g), loc)
            out += _when(cond, [copy_loop], loc)
        self.fn.transformations.append(f"line buffers: {', '.join(made)} copied before loop '{lp.name}' (line {loc.line})")
        return out

    def windows(self, lp: For, widen: bool = False) -> list[Stmt]:
        """The windows of ``lp`` (rewritten in place): [the fill before it, ``lp``], or [``lp``]
        alone when nothing was rewritten or, with ``widen``, the loop starts early enough to fill
        them itself (its statements run from its own first iteration on; constant bounds, one
        window width)."""
        written = _written(lp.body)
        reads, conditional = _body_reads(lp)
        before: list[Stmt] = []
        heads: list[Stmt] = []
        tails: list[Stmt] = []
        groups: dict[tuple[Variable, str], list[_Read]] = {}
        spans: set[int] = set()  # elements each window fills before the first iteration
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
            spans.add(offsets[-1] - offsets[0])
        if heads:
            start = self.widened_start(lp, spans) if widen and self.fill_crowds(lp, heads, before) else None
            if start is not None:
                computes = binary(">=" if lp.step > 0 else "<=", VarRead(lp.var, lp.loc), lp.init, lp.loc)
                lp.body = heads + [If(computes, lp.body, [], lp.loc)] + tails
                lp.init = start
                return [lp]
            lp.body = heads + lp.body + tails
            return [If(Const(1, IntType(32, True, 3, "int"), lp.loc), before, [], lp.loc), lp]
        return [lp]

    def fill_crowds(self, lp: For, heads: list[Stmt], before: list[Stmt]) -> bool:
        """Whether the fill ``before`` the loop, were it done in the first iteration (as in a
        nest run as one pipeline), would read some array more often than its ports allow
        together with that iteration's own reads of it."""
        for array in {r.array for st in before if isinstance(st, Assign) for r in array_reads(st.value)}:
            fills = sum(1 for st in before if isinstance(st, Assign) for r in array_reads(st.value) if r.array is array)
            own = sum(1 for e in _body_exprs(heads + lp.body) for r in array_reads(e) if r.array is array)
            if fills + own > array_storage(self.fn, array)[0]:
                return True
        return False

    def window_key(self, r: ArrayRead, lp: For, written: set[Variable]) -> tuple[str, int] | None:
        """(the read's subscripts with the loop's offset taken out, the offset), or None."""
        forms = [linear_form(i) for i in r.indices]
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
                form = linear_form(e)
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
                s.value = replace_expr(s.value, table)
                if s.indices is not None:
                    s.indices = [replace_expr(i, table) for i in s.indices]
        heads.append(load)
        tails.extend(shifts)

    # ---- line and plane buffers --------------------------------------------------------------

    def stencil_buffers(self, top: For, depth: int, stream_outer: bool = False) -> list[Stmt]:
        """Line buffers (``depth`` 2: rows of a 2-D window) or plane buffers (``depth`` 3: planes
        of a 3-D window, each plane's rows in line buffers) for the reads in the innermost loop
        of the nest ``top`` heads.

        Line buffers: see the module docstring. Plane buffers: where ``top`` (step +1 or -1)
        directly contains one loop ``j`` that directly contains the innermost loop ``k`` (steps +1
        or -1, bounds invariant in ``top``), unconditional reads ``X[.. i + a .. j + b .. k + c ..]``
        of an array ``top`` does not write, with several planes ``a``, read one element per plane
        per iteration even with line buffers. When that is more than the memory's ports, only the
        newest plane is read from ``X`` at the position entering the window; every older plane
        ``a`` comes from a local 2-D RAM ``pb`` rotated as the line buffers are (read ``pb_a`` at
        the position, write there the next newer plane's value), so after a plane iteration
        ``pb_a`` holds plane ``i + 1 + a``. Every plane streams over the same positions (the union
        of the rows and columns of all planes), so each position of a plane buffer is read and
        rewritten exactly once per ``top`` iteration. Before ``top`` (under the three loops' entry
        conditions) a loop nest copies the older planes of the first ``i`` over those positions.
        For heat-3d this is one read of ``A`` per iteration instead of three.

        With ``stream_outer``, nothing goes before ``top``: its own extra first iterations (planes,
        or rows in a 2-D nest) fill the buffers, the statements off, so the nest can be fused with
        the one before it (``sweep_fusion``); ``self.streamed`` says whether that was done.

        Rewrites the nest in place and returns the statements to put before ``top`` (the fill of
        the buffers), or [] when nothing is rewritten."""
        nest = _stencil_nest(top, depth)
        if nest is None:
            return []
        widened = [nest.row, nest.col] if nest.plane is not None else [nest.col]  # by the fill loops
        if any(lp.cmp not in ("<", "<=", ">", ">=") for lp in widened):
            return []
        inner = nest.col
        written = _written(top.body) | {top.var}
        reads, conditional = _body_reads(inner)
        groups: dict[tuple[Variable, str], list[_Member]] = {}
        for r in reads:
            if r.array in written or not isinstance(r.array.type, ArrayType):
                continue
            member = _member(r, [lp for lp in (nest.plane, nest.row, inner) if lp is not None], written)
            if member is not None:
                groups.setdefault((r.array, member.shape), []).append(member)
        # reads per iteration with one stream per row (2-D) or per plane (3-D) alone
        loads = {r.array: 0 for r in reads + conditional}
        for r in reads + conditional:
            loads[r.array] += 1
        candidates = []
        for (array, _), members in groups.items():
            spans = [sorted({m.offsets[d] for m in members}) for d in range(depth)]
            if len(spans[0]) < 2 or any(sp[-1] - sp[0] > 8 for sp in spans):
                continue  # one row or plane (the shallower rewrite handles it), or too wide a window
            candidates.append((array, members))
            loads[array] += len(spans[0]) - len(members)
        out = _Emission()
        for array, members in candidates:
            if loads[array] > array_storage(self.fn, array)[0]:  # otherwise the memory's ports suffice already
                self.stencil_group(nest, array, members, out)
        if not out.heads:
            return []
        if self.splice(nest, out) and self.widened_rows(nest, out, stream_outer):
            out.line_fill = []  # (the row loop's extra first rows fill the line buffers)
        if stream_outer:
            self.streamed = not out.line_fill and (nest.plane is None or self.widened_planes(nest, out))
            return []
        line_fill = _when(_entry(nest.row), _when(_entry(inner), out.line_fill, inner.loc), nest.row.loc)
        if nest.plane is None:
            return line_fill
        at = nest.plane.body.index(nest.row)
        nest.plane.body[at:at] = line_fill
        return _when(_entry(top), _when(_entry(nest.row), _when(_entry(inner), out.plane_fill, inner.loc), nest.row.loc), top.loc)

    def splice(self, nest: _StencilNest, out: _Emission) -> bool:
        """Put the rewritten reads, the steps and shifts into the innermost loop, the prologue
        before it, or in its extra first iterations (True)."""
        inner = nest.col
        for s in inner.body:
            if isinstance(s, Assign):
                s.value = replace_expr(s.value, out.table)
                if s.indices is not None:
                    s.indices = [replace_expr(i, out.table) for i in s.indices]
        at = nest.row.body.index(inner)
        start = self.widened_start(inner, out.spans)
        if start is None:
            inner.body = out.heads + inner.body + out.tails
            nest.row.body[at:at] = [If(_entry(inner), out.prologue, [], inner.loc)]
            return False
        # the prologue's columns as the loop's first iterations, which only stream: the row loop
        # then directly contains the column loop alone, a perfect nest that can be one pipeline
        computes = binary(">=" if inner.step > 0 else "<=", VarRead(inner.var, inner.loc), inner.init, inner.loc)
        inner.body = out.heads + [If(computes, inner.body, [], inner.loc)] + out.tails
        inner.init = start
        return True

    def widened_planes(self, nest: _StencilNest, out: _Emission) -> bool:
        """As ``widened_rows`` one level up: the plane loop's extra first iterations stream the
        older planes into the plane buffers, its statements off (one plane span over all groups;
        the plane loop surely runs). True if done."""
        assert nest.plane is not None
        return self.stream_earlier(nest.plane, nest.col, out.plane_spans)

    def widened_rows(self, nest: _StencilNest, out: _Emission, two_d: bool = False) -> bool:
        """Where the column loop streams its first columns itself (``splice``), the row loop's
        extra first iterations can fill the line buffers instead of the fill loops before it:
        each streams the next older row into the buffers as its rows will, its statements off
        (one row span over all groups; the row loop surely runs; its variable's type holds the
        earlier rows). 3-D nests only: the plane loop then directly contains the row loop alone,
        one perfect nest (heat-3d). True if done."""
        if (nest.plane is None and not two_d) or len(out.row_spans) != 1 or abs(nest.row.step) != 1:
            return False  # (a 2-D nest's fill loops take two rows at once, before the rows' loop)
        return self.stream_earlier(nest.row, nest.col, out.row_spans)

    def stream_earlier(self, lp: For, inner: For, spans: set[int]) -> bool:
        """``lp`` starts ``spans`` iterations early (``widened_start``), the statements of the
        innermost loop ``inner`` (under the guard ``splice`` put there) off in those. True if done."""
        start = self.widened_start(lp, spans)
        if start is None:
            return False
        guard = next(s for s in inner.body if isinstance(s, If))
        own = binary(">=" if lp.step > 0 else "<=", VarRead(lp.var, lp.loc), lp.init, lp.loc)
        guard.cond = binary("&&", guard.cond, own, lp.loc)
        lp.init = start
        return True

    def widened_start(self, inner: For, spans: set[int]) -> Expr | None:
        """The first iteration of a loop when it also streams what would be filled before it (as
        many iterations before its own first one as every rewritten group fills: ``spans``), or
        None when it cannot: the groups fill different numbers, the loop may not run (the fill is
        conditional), or the earlier iterations leave the range of its variable's type."""
        if len(spans) != 1 or not eval_expr(_entry(inner), {}):
            return None
        first = eval_expr(inner.init, {})
        (span,) = spans
        if first is None or not isinstance(inner.var.type, IntType):
            return None
        value = first - span * inner.step
        t = inner.var.type
        if not t.min <= value <= t.max:
            return None
        return Const(value, t, inner.init.loc)

    def stencil_group(self, nest: _StencilNest, array: Variable, members: list[_Member], out: _Emission) -> None:
        """Rewrite one group of reads of ``array``: registers per (plane, row, column), line
        buffers per (plane, older row), plane buffers per older plane (3-D nests only)."""
        assert isinstance(array.type, ArrayType)
        top, outer, inner = nest.plane, nest.row, nest.col
        template = members[0]
        dims = template.dims  # subscript position of each loop's variable, outermost first
        cd, rd = dims[-1], dims[-2]
        loc = inner.loc
        int_t = IntType(32, True, 3, "int")

        def newest_first(lp: For, offs: list[int]) -> list[int]:
            return sorted(offs, reverse=lp.step > 0)

        def span(lp: For, offs: set[int]) -> list[int]:
            return newest_first(lp, list(range(min(offs), max(offs) + 1)))

        # offsets: planes a (3-D only, else the single plane 0), rows b, columns c
        def plane_of(m: _Member) -> int:
            return m.offsets[0] if top is not None else 0

        planes = span(top, {plane_of(m) for m in members}) if top is not None else [0]  # newest first
        row_chain = span(outer, {m.offsets[-2] for m in members})  # newest row first
        newest_row = row_chain[0]
        cols = [m.offsets[-1] for m in members]
        enter = max(cols) if inner.step > 0 else min(cols)
        cmin, cmax = min(cols), max(cols)

        def indices(a: int, b: int, c: int, subst: dict[int, Expr]) -> list[Expr]:
            """The subscripts of ``X`` at offsets (a, b, c), loop variables substituted by ``subst``."""
            shifts = dict(zip(dims, ([a] if top is not None else []) + [b, c]))
            base = dict(zip(dims, template.offsets))
            result = []
            for k, e in enumerate(template.read.indices):
                shift = shifts[k] - base[k] if k in shifts else 0
                moved = binary("+", e, Const(shift, int_t, e.loc), e.loc) if shift else e
                result.append(replace_expr(moved, subst))
            return result

        def at(k: Expr | None = None, j: Expr | None = None, i: Expr | None = None) -> dict[int, Expr]:
            subst: dict[int, Expr] = {}
            for lp, value in ((inner, k), (outer, j), (top, i)):
                if lp is not None and value is not None:
                    subst[id(lp.var)] = value
            return subst

        tag = {a: "" if top is None else f"_p{a - min(planes)}" for a in planes}
        # rows each plane keeps: from the newest row down to the oldest row it reads
        kept: dict[int, list[int]] = {}
        for a in planes:
            used = {m.offsets[-2] for m in members if plane_of(m) == a}
            last = max(row_chain.index(b) for b in used) if used else 0
            kept[a] = row_chain[: last + 1]
        line = {
            (a, b): self.fresh_var(f"{array.name}{tag[a]}_lb{abs(b - newest_row) - 1}", ArrayType(array.type.elem, (array.type.dims[cd],)), "local", array)
            for a in planes
            for b in kept[a][1:]
        }
        plane_type = ArrayType(array.type.elem, (array.type.dims[rd], array.type.dims[cd]))
        plane_buf = {a: self.fresh_var(f"{array.name}_pb{abs(a - planes[0]) - 1}", plane_type, "local", array) for a in planes[1:]}
        for buf in [*line.values(), *plane_buf.values()]:  # read and written in every iteration: one port each
            self.fn.pragmas.append(Pragma("bind_storage", {"variable": buf.name, "type": "ram_2p"}, loc))
        col_span: dict[tuple[int, int], tuple[int, int]] = {}
        for a in planes:
            for b in kept[a]:
                used = {m.offsets[-1] for m in members if plane_of(m) == a and m.offsets[-2] == b} | {enter}
                col_span[a, b] = (min(used), max(used))
        window = {
            (a, b): {
                c: self.fresh(f"{array.name}{tag[a]}_r{b - min(row_chain)}_w{c - cmin}", array, loc) for c in range(col_span[a, b][0], col_span[a, b][1] + 1)
            }
            for a in planes
            for b in kept[a]
        }
        value = {a: self.fresh(f"{array.name}{tag[a]}_v", array, loc) for a in planes} if top is not None else {}  # fills only

        def position(b: int, c: int, subst: dict[int, Expr], into: dict[int, Variable]) -> tuple[list[Stmt], dict[int, Expr]]:
            """Every plane's element at row offset b, column offset c: the newest plane from ``X``,
            the older ones from their plane buffers, which take the next newer plane's element.
            A plane's element goes to its register in ``into``, else to the plane's temporary."""
            idx = indices(planes[0], b, c, subst)
            read = ArrayRead(array, idx, template.read.loc)
            if top is None:
                return [], {planes[0]: read}
            reg = {a: into.get(a, value[a]) for a in planes}
            stmts: list[Stmt] = [Assign(reg[planes[0]], None, read, loc)]
            where = [idx[rd], idx[cd]]
            for prev, a in zip(planes, planes[1:]):
                stmts.append(Assign(reg[a], None, ArrayRead(plane_buf[a], where, loc), loc))
                stmts.append(Assign(plane_buf[a], where, VarRead(reg[prev], loc), loc))
            return stmts, {a: VarRead(reg[a], loc) for a in planes}

        def column(c: int, subst: dict[int, Expr]) -> list[Expr]:
            return [indices(planes[0], newest_row, c, subst)[cd]]

        def step(c: int, k: Expr) -> list[Stmt]:
            """Column ``k + c`` of the newest row enters the windows at ``enter``; the buffers rotate there."""
            entering = {a: window[a, newest_row][enter] for a in planes}
            stmts, values = position(newest_row, c, at(k), entering)
            for a in planes:
                if top is None:
                    stmts.append(Assign(entering[a], None, values[a], loc))
                for prev, b in zip(kept[a], kept[a][1:]):
                    stmts.append(Assign(window[a, b][enter], None, ArrayRead(line[a, b], column(c, at(k)), loc), loc))
                    stmts.append(Assign(line[a, b], column(c, at(k)), VarRead(window[a, prev][enter], loc), loc))
            return stmts

        def shifts() -> list[Stmt]:
            stmts: list[Stmt] = []
            for a in planes:
                for b in kept[a]:
                    lo, hi = col_span[a, b]
                    order = [(c, c + 1) for c in range(lo, hi)] if inner.step > 0 else [(c, c - 1) for c in range(hi, lo, -1)]
                    stmts += [Assign(window[a, b][c], None, VarRead(window[a, b][src], loc), loc) for c, src in order]
            return stmts

        first = list(range(cmin, cmax)) if inner.step > 0 else list(range(cmax, cmin, -1))  # filled before the loop
        for c in first:
            out.prologue += step(c, inner.init) + shifts()
        out.spans.add(len(first))
        out.row_spans.add(len(row_chain) - 1)
        if top is not None:
            out.plane_spans.add(len(planes) - 1)
        out.heads += step(enter, VarRead(inner.var, loc))
        out.tails += shifts()
        out.table.update({id(m.read): VarRead(window[plane_of(m), m.offsets[-2]][m.offsets[-1]], m.read.loc) for m in members})

        def extended(lp: For, offs: list[int], suffix: str) -> tuple[Variable, Expr, Expr]:
            """A fill loop's variable and range: ``lp``'s range widened by the offsets read around it."""
            lo_shift, hi_shift = (min(offs), max(offs)) if lp.step > 0 else (max(offs), min(offs))
            var = self.fresh_var(f"{lp.var.name}_{suffix}", lp.var.type, "loop", lp.var)
            init = convert(binary("+", lp.init, Const(lo_shift, int_t, loc), loc), lp.init.type)
            bound = convert(binary("+", lp.bound, Const(hi_shift, int_t, loc), loc), lp.cmp_type)
            return var, init, bound

        def fill_loop(lp: For, var: Variable, init: Expr, bound: Expr, body: list[Stmt], suffix: str) -> For:
            return For(var, init, lp.cmp, bound, lp.cmp_type, lp.step, body, unique_name(f"{lp.name}_{suffix}", self.loop_names), [], loc)

        # the older rows of the row loop's first iteration into the line buffers, over every column
        # the rows stream (each plane's element at each position is taken exactly once per plane
        # iteration); as many rows per loop as the accesses per iteration allow II 1
        older = row_chain[1:]
        per_loop = 1 if len(planes) > 1 else array_storage(self.fn, array)[0]
        for n in range(0, len(older), per_loop):
            fk, init, bound = extended(inner, list(range(cmin, cmax + 1)), "fill")
            body: list[Stmt] = []
            for b in older[n : n + per_loop]:
                subst = at(VarRead(fk, loc), outer.init)
                got, values = position(b, 0, subst, {})
                body += got + [Assign(line[a, b], column(0, subst), values[a], loc) for a in planes if b in kept[a][1:]]
            out.line_fill.append(fill_loop(inner, fk, init, bound, body, "fill"))
        if top is None or len(planes) < 2:
            return
        # the older planes of the plane loop's first iteration, over every position the planes stream
        fj, j_init, j_bound = extended(outer, row_chain, "pfill")
        fk, k_init, k_bound = extended(inner, list(range(cmin, cmax + 1)), "pfill")
        subst = {id(outer.var): VarRead(fj, loc), id(inner.var): VarRead(fk, loc), id(top.var): top.init}
        copy: list[Stmt] = []
        for a in planes[1:]:
            idx = indices(a, 0, 0, subst)
            copy.append(Assign(plane_buf[a], [idx[rd], idx[cd]], ArrayRead(array, idx, loc), loc))
        columns = fill_loop(inner, fk, k_init, k_bound, copy, "pfill")
        out.plane_fill.append(fill_loop(outer, fj, j_init, j_bound, [columns], "pfill"))


@dataclass
class _StencilNest:
    """The loops of a stencil rewrite, outermost first: the plane loop (3-D nests only), the row
    loop directly containing the innermost column loop."""

    plane: For | None
    row: For
    col: For


@dataclass
class _Member:
    """A read ``X[.. i + a .. j + b .. k + c ..]`` of a stencil: the subscript positions of the
    nest's loop variables, their offsets, and the subscripts with those offsets taken out."""

    read: ArrayRead
    dims: tuple[int, ...]
    offsets: tuple[int, ...]
    shape: str


@dataclass
class _Emission:
    """What a stencil rewrite puts where: before the plane loop, before the row loop, before the
    column loop, at the head and tail of its body, and the reads it replaces."""

    plane_fill: list[Stmt] = field(default_factory=list)
    line_fill: list[Stmt] = field(default_factory=list)
    prologue: list[Stmt] = field(default_factory=list)
    heads: list[Stmt] = field(default_factory=list)
    tails: list[Stmt] = field(default_factory=list)
    table: dict[int, Expr] = field(default_factory=dict)
    spans: set[int] = field(default_factory=set)  # columns each group's prologue fills
    row_spans: set[int] = field(default_factory=set)  # rows each group's line fill loads
    plane_spans: set[int] = field(default_factory=set)  # planes each group's plane fill loads (3-D)


def _stencil_nest(top: For, depth: int) -> _StencilNest | None:
    """``top`` and the loops it directly contains, one per level, ``depth`` loops in all, with signed
    iterators and steps +1 or -1, the innermost without loops, and inner bounds invariant in the
    loops around them."""
    chain = [top]
    while len(chain) < depth:
        lp = chain[-1]
        if abs(lp.step) != 1 or _count_loops(lp.body) != depth - len(chain) or _has_return(lp.body):
            return None
        nxt = next((s for s in lp.body if isinstance(s, For)), None)
        if nxt is None:
            return None
        chain.append(nxt)
    if abs(chain[-1].step) != 1 or _count_loops(chain[-1].body):
        return None
    # the rewrite widens the loops' ranges (extra first columns, fill loops a column and a row
    # beyond them): an unsigned iterator would wrap below zero (j >= 0 always holds)
    if any(not (isinstance(lp.var.type, IntType) and lp.var.type.signed) for lp in chain):
        return None
    for k, lp in enumerate(chain[1:], 1):
        written = _written(chain[k - 1].body) | {chain[k - 1].var}
        for outer in chain[: k - 1]:
            written |= _written(outer.body) | {outer.var}
        if (read_variables(lp.init, arrays=True) | read_variables(lp.bound, arrays=True)) & written:
            return None  # the inner loop's range changes within the outer loops
    return _StencilNest(chain[0] if depth == 3 else None, chain[-2], chain[-1])


def _body_reads(inner: For) -> tuple[list[ArrayRead], list[ArrayRead]]:
    """(unconditional, conditional) array reads of an innermost loop's body."""
    reads: list[ArrayRead] = []
    conditional: list[ArrayRead] = []
    for s in inner.body:
        if isinstance(s, Assign):
            for e in [*(s.indices or []), s.value]:
                _reads(e, reads, conditional)
        elif isinstance(s, If):
            for e in _all_exprs(s):
                _reads(e, conditional, conditional, True)
    return reads, conditional


def _member(r: ArrayRead, loops: list[For], written: set[Variable]) -> _Member | None:
    """``r`` as a stencil read of the nest ``loops`` (each loop variable with coefficient 1 in its
    own subscript, every other subscript term invariant in the nest), or None."""
    forms = [linear_form(i) for i in r.indices]
    if any(f is None for f in forms):
        return None
    dims = []
    for lp in loops:
        found = [k for k, f in enumerate(forms) if f and lp.var in f]
        if len(found) != 1 or forms[found[0]][lp.var] != 1:  # type: ignore[index]
            return None
        dims.append(found[0])
    if len(set(dims)) != len(dims):
        return None
    loop_of = dict(zip(dims, loops))
    shape = []
    for k, f in enumerate(forms):
        assert f is not None
        rest = {v: c for v, c in f.items() if not (k in loop_of and v is loop_of[k].var)}
        if any(isinstance(v, Variable) and v in written for v in rest):
            return None  # a subscript that changes within the nest
        if k in loop_of:
            rest.pop("1", None)
        shape.append(f"{k}:{sorted((str(getattr(v, 'name', v)), c) for v, c in rest.items())}")
    offsets = tuple(int(forms[d].get("1", 0)) for d in dims)  # type: ignore[union-attr]
    return _Member(r, tuple(dims), offsets, ",".join(map(str, dims)) + "|" + "|".join(shape))


def _body_exprs(stmts: list[Stmt]) -> list[Expr]:
    """The expressions of ``stmts`` (values, subscripts, conditions), at any depth."""
    out: list[Expr] = []
    for st in stmts:
        out += _all_exprs(st)  # (an if's branches included)
        if isinstance(st, For):
            out += _body_exprs(st.body)
    return out


def _merged_stores(stmts: list[Stmt], arrays: set[Variable]) -> list[Stmt]:
    """``stmts`` (at any depth) with two guarded stores to the same element of one of ``arrays``,
    ``if (c1) X[w] = a; ... if (c2) X[w] = b;``, where nothing in between accesses ``X`` or writes
    what the first reads, as one: ``if (c1 || c2) X[w] = c2 ? b : a;`` (the later store wins where
    both would store). The forwards of an unrolled body's copies to a buffer hold one port, not one
    each (floyd-warshall's column by two copies of the j loop's body)."""
    out: list[Stmt] = []
    for st in stmts:
        if isinstance(st, For):
            st.body = _merged_stores(st.body, arrays)
        elif isinstance(st, If):
            st.then_body = _merged_stores(st.then_body, arrays)
            st.else_body = _merged_stores(st.else_body, arrays)
        out.append(st)

    def store(st: Stmt) -> Assign | None:
        if isinstance(st, If) and not st.else_body and len(st.then_body) == 1:
            inner = st.then_body[0]
            if isinstance(inner, Assign) and inner.var in arrays and inner.indices is not None:
                return inner
        return None

    n = 0
    while n < len(out):
        first = out[n]
        a = store(first)
        if a is None or not _pure(first.cond) or not all(_pure(i) for i in a.indices or []):  # type: ignore[union-attr]
            n += 1
            continue
        assert isinstance(first, If) and a.indices is not None
        used = read_variables(first.cond) | read_variables(a.value, arrays=True) | set().union(*(read_variables(i) for i in a.indices))
        key = [print_expr(i) for i in a.indices]
        merged = False
        for m in range(n + 1, len(out)):
            later = out[m]
            b = store(later)
            if b is not None and b.var is a.var and [print_expr(i) for i in b.indices or []] == key:
                assert isinstance(later, If)
                loc = later.loc
                value = Select(clone_expr(later.cond), b.value, a.value, b.value.type, loc)  # type: ignore[arg-type]
                out[m] = If(binary("||", first.cond, later.cond, loc), [Assign(b.var, b.indices, value, b.loc)], [], loc)
                del out[n]
                merged = True
                break
            touched = {r.array for e in _body_exprs([later]) for r in array_reads(e)} | _written([later])
            if a.var in touched or used & _written([later]):
                break
        if not merged:
            n += 1
    return out


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


def _ends_early(stmts: list[Stmt]) -> bool:
    """Whether a loop in ``stmts`` (or ``stmts`` themselves) may end early (``For.exits``)."""
    for s in stmts:
        if isinstance(s, For) and (s.exits or _ends_early(s.body)):
            return True
        if isinstance(s, If) and _ends_early(s.then_body + s.else_body):
            return True
    return False


def _element_key(r: ArrayRead) -> str:
    """The element ``r`` reads, by its array and the printed form of its subscripts."""
    return f"{r.array.name}[{']['.join(print_expr(i) for i in r.indices)}]"


def _head_reads(stmts: list[Stmt], conditional: bool) -> list[ArrayRead]:
    """The array reads in the assignments at the head of ``stmts`` before anything they do
    could change them (an array none of the earlier ones wrote, subscripts whose variables none
    of them assigned); with ``conditional``, reads under ``?:``, ``&&`` and ``||`` too."""
    out: list[ArrayRead] = []
    killed: set[Variable] = set()
    for st in stmts:
        if not isinstance(st, Assign):
            break
        reads: list[ArrayRead] = []
        for e in [*(st.indices or []), st.value]:
            _reads(e, reads, reads if conditional else [])
        for r in reads:
            used = set().union(*(read_variables(i, arrays=True) for i in r.indices))
            if r.array not in killed and not (used & killed):
                out.append(r)
        killed.add(st.var)
    return out


def hoist_branch_reads(fn: KernelFunction, stmts: list[Stmt]) -> list[Stmt]:
    """``stmts`` with each element that both branches of an ``if`` read first thing (``if (c)
    cur = a[i]; else cur += a[i];``) read once before the ``if`` into a scalar: one access where
    the if-converted branches made two, each under its predicate, and a load that no longer
    waits for the condition (kadane: its running sum's comparison chose which load ran, so the
    recurrence went through the memory's port). The reads it replaces are those before anything
    in their branch could change the element, under ``?:`` too (they would read that value)."""
    out: list[Stmt] = []
    for st in stmts:
        if isinstance(st, For):
            st.body = hoist_branch_reads(fn, st.body)
        elif isinstance(st, If):
            st.then_body = hoist_branch_reads(fn, st.then_body)
            st.else_body = hoist_branch_reads(fn, st.else_body)
            if st.then_body and st.else_body:
                # (the first of each element read unconditionally with subscripts free of reads)
                firsts = [
                    {_element_key(r): r for r in reversed(_head_reads(body, False)) if all(_pure(i) for i in r.indices)}
                    for body in (st.then_body, st.else_body)
                ]
                for key in [k for k in firsts[0] if k in firsts[1]]:
                    read = firsts[0][key]
                    assert isinstance(read.array.type, ArrayType)
                    names = {v.name for v in fn.params + fn.locals} | {lp.var.name for lp in fn.loops()}
                    temp = Variable(unique_name(f"{read.array.name}_both", names), read.array.type.elem, "local", read.loc)
                    fn.locals.append(temp)
                    out.append(Assign(temp, None, ArrayRead(read.array, [clone_expr(i) for i in read.indices], read.loc), read.loc))
                    for body in (st.then_body, st.else_body):
                        replace_in_stmts(body, {id(r): VarRead(temp, r.loc) for r in _head_reads(body, True) if _element_key(r) == key})
        out.append(st)
    return out


def reuse_loads(fn: KernelFunction, fuse: bool = True) -> KernelFunction:
    """Pass entry point (rewrites ``fn`` in place and returns it): loop-invariant floating-point
    operations first computed before their loops (``hoist_invariants``); ``fuse``: also fuse
    sweeps (off with ``--no-transform``, which keeps the loops of the source)."""
    hoist_invariants(fn)
    fn.body = hoist_branch_reads(fn, fn.body)
    rewriter = _Rewriter(fn)
    rewriter.fuse = fuse
    fn.body = rewriter.block(fn.body, [])
    return fn



def share_reads(fn: KernelFunction, loop_names: set[str]) -> int:
    """In each innermost loop of ``loop_names``: reads of one element that the loop's statements
    make several times per iteration, of an array the loop does not write, become one read into
    a scalar (the copies of an unrolled loop reading ``tmp[i][k]`` alike: one port access instead
    of one per copy). Only reads that happen unconditionally are shared, and only in the loop's
    top-level assignments. Returns how many reads were shared."""
    rewriter = _Rewriter(fn)
    shared = 0
    for lp in fn.loops():
        if lp.name not in loop_names or any(not isinstance(s, Assign) for s in lp.body):
            continue
        written = _written(lp.body)
        groups: dict[tuple[int, str], list[tuple[int, ArrayRead]]] = {}
        for n, s in enumerate(lp.body):
            assert isinstance(s, Assign)
            found: list[ArrayRead] = []
            for e in [s.value, *(s.indices or [])]:
                _reads(e, found, [])
            for r in found:
                if r.array in written or any(v in written for i in r.indices for v in read_variables(i)):
                    continue
                groups.setdefault((id(r.array), "][".join(print_expr(i) for i in r.indices)), []).append((n, r))
        inserts: dict[int, list[Stmt]] = {}
        for members in groups.values():
            if len(members) < 2:
                continue
            first = members[0][1]
            temp = rewriter.fresh(f"{first.array.name}_read", first.array, first.loc)
            read = ArrayRead(first.array, [clone_expr(i) for i in first.indices], first.loc)
            inserts.setdefault(members[0][0], []).append(Assign(temp, None, read, first.loc))
            table: dict[int, Expr] = {id(r): VarRead(temp, r.loc) for _, r in members}
            for s in lp.body:
                assert isinstance(s, Assign)
                s.value = replace_expr(s.value, table)
                if s.indices is not None:
                    s.indices = [replace_expr(i, table) for i in s.indices]
            shared += len(members) - 1
        if inserts:
            lp.body = [x for n, s in enumerate(lp.body) for x in [*inserts.get(n, []), s]]
    return shared


def _unconditional_operations(e: Expr, out: list[Binary]) -> None:
    """The binary operations of ``e`` that are evaluated whenever ``e`` is (not under ``?:``'s
    arms or the right of ``&&`` / ``||``)."""
    out.extend(node for node, cond in _evaluated(e) if not cond and isinstance(node, Binary) and node.op not in ("&&", "||"))


def share_operations(fn: KernelFunction, loop_names: set[str]) -> int:
    """In each innermost loop of ``loop_names``: an operation that several of the loop's
    top-level assignments compute alike from the same values (its scalars not written after the
    first of them, no array the loop writes) is computed once into a scalar, the largest such
    first (the copies of an unrolled loop computing ``alpha * A[i][k]`` alike: one multiplier
    instead of one per copy). Evaluating a floating-point operation once instead of several times
    on the same operands gives the same value. Returns how many were shared."""
    rewriter = _Rewriter(fn)
    shared = 0
    for lp in fn.loops():
        if lp.name not in loop_names or any(not isinstance(s, Assign) for s in lp.body):
            continue
        for _ in range(_MAX_SHARED_OPERATIONS):
            stmts = [s for s in lp.body if isinstance(s, Assign)]
            writes: dict[Variable, list[int]] = {}
            for n, s in enumerate(stmts):
                writes.setdefault(s.var, []).append(n)
            arrays_written = {s.var for s in stmts if s.indices is not None}
            groups: dict[str, list[tuple[int, Binary]]] = {}
            for n, s in enumerate(stmts):
                found: list[Binary] = []
                for e in [s.value, *(s.indices or [])]:
                    _unconditional_operations(e, found)
                for e in found:
                    # (floating-point operations, each a unit: integer ones stay where they are,
                    # subscripts affine for the partitions' banks and the dependences)
                    if isinstance(e.type, FloatType):
                        groups.setdefault(print_expr(e), []).append((n, e))
            best: list[tuple[int, Binary]] | None = None
            for key, members in groups.items():
                if len(members) < 2 or (best is not None and len(key) <= len(print_expr(best[0][1]))):
                    continue
                first = members[0][0]
                used = read_variables(members[0][1], arrays=True)
                if used & arrays_written or any(w >= first for v in used for w in writes.get(v, [])):
                    continue
                best = members
            if best is None:
                break
            first, e = best[0]
            temp = rewriter.fresh_var(f"{lp.name}_shared", e.type, "local", lp.var)
            table: dict[int, Expr] = {id(x): VarRead(temp, x.loc) for _, x in best}
            for s in stmts:
                s.value = replace_expr(s.value, table)
                if s.indices is not None:
                    s.indices = [replace_expr(i, table) for i in s.indices]
            lp.body.insert(first, Assign(temp, None, clone_expr(e), e.loc))
            shared += len(best) - 1
    return shared


# (each round shares one operation; an unrolled body has a few)
_MAX_SHARED_OPERATIONS = 64
