"""Pass ``loop-transform``: a new order of the kernel's loop iterations, legal by isl's exact
dependences and chosen by the scheduler's own cycle count.

Five transformations; the first three in this order, the others as separate candidates:

* **scalar expansion** (optional candidate): a local scalar written in every iteration of a loop
  before it is read, and dead after its nest, becomes an array indexed by that loop;
* **distribution** (fission): a loop whose body holds several independent parts is split into one
  loop per strongly connected component of the dependences inside it (in a topological order
  that keeps the source order where it can), so each part can be reordered and pipelined alone;
* **permutation** (interchange) of each perfect nest, or a wavefront (skew) of its two innermost loops, chosen
  so the innermost loop carries no dependence (a reduction moves out of the pipelined loop and
  its II drops from the adder's latency to 1); among equals the source order is kept. Orders
  whose bounds read inner iterators come from isl's AST generator (``isl_codegen``);
* **rescheduling** of an outermost nest as a whole (fusion with shifts, interchange of imperfect
  nests): each statement gets its own affine time, from isl's scheduler or, for a loop around one
  inner loop and statements, column by column; isl's AST generator writes the loops and guards.
  The other nests of a rescheduled kernel still get distribution and permutation.
* **code sinking** into the best order: a loop right before a two-level nest, over the range of
  its inner loop, runs in the first iteration of its outer loop (and one right after it in the
  last), so the nest becomes perfect and one pipeline (doitgen's ``sum[p] = 0`` / ``A[..][p] =
  sum[p]`` around the ``s``, ``p`` reduction).

Every candidate order is checked against all RAW/WAR/WAW dependences (scalars included, as 0-d
arrays; data-dependent accesses as may-dependences) in isl: each dependence's source must still
run before its sink. Floating-point operations are never reassociated, so results stay bit-exact.
The transformed kernel is kept only when the whole pipeline (reuse, schedule) gives fewer cycles
than the original; ``transformations`` on the kernel says what was done and why.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import itertools
import re
from collections.abc import Callable

import islpy as isl

from hls.diagnostics import HlsError, SourceLoc
from hls.frontend.affine import affine_model, isl_name, never_same_element
from hls.frontend.dependences import bounded, count_dependences, dependences
from hls.frontend.reuse_loads import reuse_loads
from hls.ir.affine import AffineModel, AffineStatement, Dependence
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
    Return,
    Select,
    Stmt,
    Unary,
    Variable,
    VarRead,
    array_accesses,
    array_reads,
    array_storage,
    assignments,
    clone_expr,
    copy_stmts,
    expr_children,
    has_loop,
    nested_loops,
    print_expr,
    print_kernel,
    read_variables,
    replace_expr,
    replace_in_stmts,
    stmt_variables,
    unique_name,
)
from hls.report import static_latency
from hls.scheduler.cpsat import strong_components
from hls.scheduler.isl_codegen import Unsupported, generate_nest, generate_region, map_list
from hls.scheduler.lower_to_hir import ScheduleOptions, schedule

# the hyperplanes c0 t + c1 i + j tried for a nest of three loops (a time-stepped Gauss-Seidel
# sweep needs 4t + 2i + j: each dependence distance then positive in it)
_HYPERPLANES = ((1, 1), (2, 1), (4, 2))
# ... over iterators below this (h = c0 t + c1 i + j and the bounds' terms stay far inside int)
_HYPERPLANE_RANGE = 1 << 24
# a perfect nest of more loops than this is not permuted (n! candidates)
_MAX_PERMUTED = 4
# candidates counted exactly, the best by the estimate first (CycleCounter)
_EXACTLY_COUNTED = 3
# dependences of a kernel the search takes (PolyBench's most: 160, adi; unrolled by the exploration,
# fdtd-2d unrolled into 208 statements, 1,128); beyond them a candidate's analysis takes minutes
_SEARCHED_DEPENDENCES = 2_000


def _statements(stmts: list[Stmt]) -> list[Assign | Return]:
    out: list[Assign | Return] = []
    for s in stmts:
        if isinstance(s, (Assign, Return)):
            out.append(s)
        elif isinstance(s, If):
            out += _statements(s.then_body) + _statements(s.else_body)
        else:
            out += _statements(s.body)
    return out


class _Transformer:
    """Transforms one copy of the kernel in place; ``model`` is that copy's original order."""

    def __init__(self, fn: KernelFunction, carry_outside: bool = False) -> None:
        self.fn = fn
        # among orders whose innermost loop carries as few dependences, prefer those that carry
        # the read-after-write dependences by outer loops (far apart once the nest is flattened)
        self.carry_outside = carry_outside
        self.model: AffineModel = dependences(affine_model(fn))
        self.origin_var: dict[Variable, Variable] = {}  # iterator of a distributed copy -> original
        self.origin_loop: dict[For, For] = {}
        # a generated loop's variable -> the affine function of the original iterators it runs over
        self.var_sched: dict[Variable, str] = {}
        self.names = {v.name for v in fn.params + fn.locals} | {lp.var.name for lp in fn.loops()}
        self.loop_names = {lp.name for lp in fn.loops()}
        self.done: list[str] = []
        self.whole_innermost = False  # distribution leaves innermost loops whole
        self.kept_whole: frozenset[str] = frozenset()  # names of loops distribution leaves whole
        self.within_outer: dict[tuple[Dependence, int], isl.Map] = {}  # a dependence within one iteration of outer loops

    # -- legality --
    def schedules(self, body: list[Stmt]) -> dict[AffineStatement, isl.Map]:
        """Each statement's time in the order ``body`` gives (2d+1 form over its original iterators)."""
        out: dict[AffineStatement, list[str]] = {}

        def walk(stmts: list[Stmt], prefix: list[str], counter: list[int]) -> None:
            for s in stmts:
                if isinstance(s, If):
                    # as the affine model numbers them: the branches continue the same sequence
                    walk(s.then_body, prefix, counter)
                    walk(s.else_body, prefix, counter)
                    continue
                pos = counter[0]
                counter[0] += 1
                if isinstance(s, For):
                    var = self.origin_var.get(s.var, s.var)
                    it = isl_name(var) if s.step > 0 else f"-{isl_name(var)}"
                    it = self.var_sched.get(s.var, it)
                    walk(s.body, prefix + [str(pos), it], [0])
                else:
                    out[self.model.statement_of(s)] = prefix + [str(pos)]

        walk(body, [], [0])
        width = max((len(v) for v in out.values()), default=1)
        maps: dict[AffineStatement, isl.Map] = {}
        for st, sched in out.items():
            sched = sched + ["0"] * (width - len(sched))
            dims = ", ".join(isl_name(lp.var) for lp in st.loops)
            text = f"{{ {st.name}[{dims}] -> [{', '.join(sched)}] }}"
            maps[st] = isl.Map(text).align_params(st.domain.get_space()).intersect_domain(st.domain)
        return maps

    def legal(self, body: list[Stmt]) -> bool:
        """Whether every dependence's source still runs before its sink."""
        return self.legal_times(self.schedules(body))

    def legal_times(self, maps: dict[AffineStatement, isl.Map]) -> bool:
        """Whether every dependence's source runs before its sink at the times ``maps`` give."""
        if not maps:
            return not self.model.dependences  # no statements: nothing to order
        width = max(m.dim(isl.dim_type.out) for m in maps.values())
        maps = {st: _padded(m, width) for st, m in maps.items()}
        for dep in self.model.dependences:
            a, b = maps.get(dep.source), maps.get(dep.sink)
            if a is None or b is None:
                return False
            times = dep.relation.apply_domain(a.align_params(dep.relation.get_space())).apply_range(b.align_params(dep.relation.get_space()))
            width = times.dim(isl.dim_type.in_)
            later_or_same = isl.Map.lex_ge(isl.Space.set_alloc(times.get_ctx(), 0, width)).align_params(times.get_space())
            if not times.intersect(later_or_same).is_empty():
                return False
        return True

    # -- distribution --
    def distribute(self, stmts: list[Stmt], enclosing: list[For]) -> list[Stmt]:
        out: list[Stmt] = []
        for s in stmts:
            if isinstance(s, For):
                s.body = self.distribute(s.body, enclosing + [s])
                out += self.split(s, enclosing)
            else:
                out.append(s)
        return out

    def split(self, loop: For, enclosing: list[For]) -> list[Stmt]:
        """``loop`` as one loop per strongly connected part of its body, or itself."""
        items = loop.body
        if len(items) < 2 or any(p.name == "pipeline" for p in loop.pragmas) or loop.name in self.kept_whole | self.fn.kept_together:
            return [loop]
        if self.whole_innermost and not any(has_loop([s]) for s in items):
            return [loop]
        owner: dict[AffineStatement, int] = {}
        for n, item in enumerate(items):
            for st in _statements([item]):
                owner[self.model.statement_of(st)] = n
        outer = {self.origin_loop.get(lp, lp) for lp in enclosing}
        edges: set[tuple[int, int]] = set()
        for dep in self.model.dependences:
            a, b = owner.get(dep.source), owner.get(dep.sink)
            if a is None or b is None or a == b or dep.carried_by in outer:
                continue
            edges.add((a, b))
        groups = _ordered_components(len(items), edges)
        if len(groups) < 2:
            return [loop]
        out: list[Stmt] = []
        for k, group in enumerate(groups):
            body = [items[n] for n in group]
            if k == 0:
                var, name = loop.var, loop.name
            else:
                var = Variable(_fresh(loop.var.name, self.names), loop.var.type, loop.var.kind, loop.var.loc, loop.var.is_const)
                self.origin_var[var] = self.origin_var.get(loop.var, loop.var)
                replace_in_stmts(body, {id(loop.var): VarRead(var, loop.var.loc)})
                name = _fresh(loop.name, self.loop_names)
            part = For(var, clone_expr(loop.init), loop.cmp, clone_expr(loop.bound), loop.cmp_type, loop.step, body, name, list(loop.pragmas), loop.loc)
            self.origin_loop[part] = self.origin_loop.get(loop, loop)
            out.append(part)
        lines = ", ".join(str(items[g[0]].loc.line) for g in groups)
        self.done.append(f"distributed loop '{loop.name}' (line {loop.loc.line}) into {len(groups)} loops (parts starting at lines {lines})")
        return out

    # -- permutation --
    def permute(self, stmts: list[Stmt], root: list[Stmt], enclosing: list[For]) -> None:
        for n, s in enumerate(stmts):
            if isinstance(s, For):
                chain = [s]
                while len(chain[-1].body) == 1 and isinstance(chain[-1].body[0], For):
                    chain.append(chain[-1].body[0])
                if 2 <= len(chain) <= _MAX_PERMUTED and not has_loop(chain[-1].body):
                    stmts[n] = self.best_order(chain, enclosing)
                else:
                    self.permute(s.body, root, enclosing + [s])
            elif isinstance(s, If):
                self.permute(s.then_body, root, enclosing)
                self.permute(s.else_body, root, enclosing)

    def best_order(self, chain: list[For], enclosing: list[For]) -> For:
        """The legal order of the perfect nest ``chain`` whose innermost loop carries the fewest
        dependences: a permutation, or a wavefront (skew) of the two innermost loops; the source order among
        equals. Orders with bounds that read inner iterators come from isl's AST generator."""
        body = chain[-1].body
        stmts = _statements(body)
        infos = [self.model.statement_of(st) for st in stmts]
        position = {info: k for k, info in enumerate(infos)}
        deps = [d for d in self.model.dependences if d.source in position and d.sink in position]
        # the order each loop runs its iterator in: a decreasing loop runs -i upward
        names = [("" if lp.step > 0 else "-") + isl_name(self.origin_var.get(lp.var, lp.var)) for lp in chain]
        outer = len(enclosing)
        candidates: list[tuple[list[str], list[Variable | None], list[For] | None]] = []
        for perm in itertools.permutations(chain):
            if any(p.name == "pipeline" for p in chain[-1].pragmas) and perm[-1] is not chain[-1]:
                continue  # the user pipelines this loop: it stays innermost
            rows = [names[chain.index(lp)] for lp in perm]
            candidates.append((rows, [lp.var for lp in perm], list(perm)))
        if all(lp.step > 0 for lp in chain[-2:]) and not any(p.name == "pipeline" for lp in chain for p in lp.pragmas):
            # wavefronts of the two innermost loops: a Gauss-Seidel sweep needs 2a + b
            a, b = names[-2:]
            prefix, prefix_vars = names[:-2], [lp.var for lp in chain[:-2]]
            for front in (f"{a} + {b}", f"2{a} + {b}", f"{a} + 2{b}"):
                candidates.append((prefix + [front, a], [*prefix_vars, None, chain[-2].var], None))
                candidates.append((prefix + [front, b], [*prefix_vars, None, chain[-1].var], None))
        hyperplanes: dict[int, tuple[int, int]] = {}  # candidate -> (c0, c1) of c0 t + c1 i + j
        if _hyperplane_nest(chain):
            # hyperplanes of the whole nest (a time-stepped Gauss-Seidel sweep: 4t + 2i + j), each
            # run as rows of a constant length (see ``hyperplane``), so the rows of one hyperplane
            # can be one pipeline: the dependences are then carried by the outermost loop (or
            # within a hyperplane by t)
            t, a, b = names
            for c0, c1 in _HYPERPLANES:
                hyperplanes[len(candidates)] = (c0, c1)
                candidates.append(([f"{_times(c0)}{t} + {_times(c1)}{a} + {b}", t, f"-{a}"], [None, chain[0].var, None], None))
        best: tuple[tuple[int, int, int, int, int], list[str], list[Variable | None], list[For] | None] | None = None
        for n, (rows, row_vars, cand_order) in enumerate(candidates):
            verdict = self.chain_order(deps, infos, position, outer, rows)
            if verdict is None:
                continue
            # a wavefront (short inner loops, no flattening) only where no permutation frees the
            # innermost loop of read-after-write dependences
            depth = verdict[2] if self.carry_outside else 0
            score = (verdict[0], int(cand_order is None), depth, verdict[1], n)
            if best is None or score < best[0]:
                best = (score, rows, row_vars, cand_order)
        if best is None or best[3] == chain:
            return chain[0]
        _, rows, row_vars, order = best
        if best[0][-1] in hyperplanes:
            nest = self.hyperplane(chain, *hyperplanes[best[0][-1]], body)
        elif order is not None and _bounds_allow(order):
            nest = _nest(order, body)
        else:
            try:
                nest = self.generate(chain, enclosing, rows, row_vars, body)
            except (Unsupported, isl.Error):
                return chain[0]
        for lp, row in zip(_chain_of(nest), rows):
            if lp.var not in self.origin_var and lp.var not in {c.var for c in chain}:
                self.var_sched[lp.var] = row
        before = ", ".join(lp.name for lp in chain)
        after = ", ".join(f"{lp.name} ({row})" for lp, row in zip(_chain_of(nest), rows))
        what = "interchanged" if order is not None else "skewed (wavefront)" if best[0][-1] not in hyperplanes else "skewed (hyperplanes)"
        old = self.chain_order(deps, infos, position, outer, names)
        self.done.append(
            f"{what} loops ({before}) (line {chain[0].loc.line}) into ({after}): the innermost loop now carries "
            f"{best[0][0]} read-after-write dependence{'s' if best[0][0] != 1 else ''} instead of {old[0] if old else '?'}"
        )
        return nest

    def chain_order(
        self, deps: list[Dependence], infos: list[AffineStatement], position: dict[AffineStatement, int], outer: int, rows: list[str]
    ) -> tuple[int, int, int] | None:
        """For the nest's statements run in the order of ``rows`` (affine in the nest's original
        iterators) within one iteration of the ``outer`` enclosing loops: None if a dependence
        would be reversed, else how many read-after-write and other dependences the innermost
        new loop carries, and the sum over read-after-write dependences of the innermost level
        that carries them."""
        raw = other = depth = 0
        for d in deps:
            src, dst = d.source, d.sink
            n = len(src.loops)
            xs = [f"x{k}" for k in range(n)]
            ys = [f"y{k}" for k in range(n)]
            dims = [isl_name(lp.var) for lp in src.loops]

            def time(vals: list[str], info: AffineStatement, dims: list[str] = dims) -> list[str]:
                env = dict(zip(dims, vals))
                return [_rename_isl(r, env) for r in rows] + [str(position[info])]

            if (d, outer) not in self.within_outer:  # (the same for every order tried)
                same = " and ".join(f"{xs[k]} = {ys[k]}" for k in range(outer)) or "1 = 1"
                rel = isl.Map(f"{{ {src.name}[{', '.join(xs)}] -> {dst.name}[{', '.join(ys)}] : {same} }}")
                self.within_outer[d, outer] = d.relation.intersect(rel.align_params(d.relation.get_space()))
            m = self.within_outer[d, outer]
            if m.is_empty():
                continue
            ta = isl.Map(f"{{ {src.name}[{', '.join(xs)}] -> [{', '.join(time(xs, src))}] }}").align_params(m.get_space())
            tb = isl.Map(f"{{ {dst.name}[{', '.join(ys)}] -> [{', '.join(time(ys, dst))}] }}").align_params(m.get_space())
            times = m.apply_domain(ta).apply_range(tb)
            width = len(rows) + 1
            later_or_same = isl.Map.lex_ge(isl.Space.set_alloc(times.get_ctx(), 0, width)).align_params(times.get_space())
            if not times.intersect(later_or_same).is_empty():
                return None
            for level in reversed(range(len(rows))):
                carried = _carried_at(width, level).align_params(times.get_space())
                if times.intersect(carried).is_empty():
                    continue
                if d.kind == "RAW":
                    depth += level
                if level == len(rows) - 1:
                    if d.kind == "RAW":
                        raw += 1
                    else:
                        other += 1
                break
        return raw, other, depth

    def hyperplane(self, chain: list[For], c0: int, c1: int, body: list[Stmt]) -> For:
        """The nest ``chain`` (``t``, ``i``, ``j``: see ``_hyperplane_nest``) run hyperplane by
        hyperplane of ``h = c0 t + c1 i + j``: ``h``, then ``t`` over the values that meet the
        box, then ``k`` over a row of constant length, ``i = (h - c0 t - j0) / c1 - k`` and ``j = h
        - c0 t - c1 i``, guarded by the box. A constant row length is what lets the rows of one
        hyperplane flatten into one pipeline (its trip count is the number of rows times the
        length); rows cut by the box run some guarded iterations."""
        t_lp, i_lp, j_lp = chain
        loc = t_lp.loc
        (t0, t1), (i0, i1), (j0, j1) = (_ends(lp) for lp in chain)

        def c(v: int) -> Expr:
            return Const(v, INT, loc)

        def rd(v: Variable) -> Expr:
            return VarRead(v, loc)

        def op(o: str, x: Expr, y: Expr) -> Expr:
            return Binary(o, x, y, INT, loc)

        def pick(o: str, x: Expr, y: Expr) -> Expr:  # (min and max in the form isl's bounds have)
            return Select(op(o, x, y), clone_expr(x), clone_expr(y), INT, loc)

        h = Variable(_fresh(f"{t_lp.var.name}_h", self.names), INT, "loop", loc)
        k = Variable(_fresh(f"{i_lp.var.name}_k", self.names), INT, "loop", loc)
        h0, h1 = c0 * t0 + c1 * i0 + j0, c0 * t1 + c1 * i1 + j1
        # the first t of a hyperplane: ceil((h - c1 i1 - j1) / c0), its dividend raised by a multiple
        # of c0 so C's division floors it (non-negative)
        lift = max(0, -(-(c1 * i1 + j1 - h0) // c0))
        first_t = op("-", op("/", op("+", rd(h), c(c0 * lift + c0 - 1 - c1 * i1 - j1)), c(c0)), c(lift))
        last_t = op("/", op("-", rd(h), c(c1 * i0 + j0)), c(c0))
        i_expr = op("-", op("/", op("-", op("-", rd(h), op("*", c(c0), rd(t_lp.var))), c(j0)), c(c1)), rd(k))
        j_expr = op("-", op("-", rd(h), op("*", c(c0), rd(t_lp.var))), op("*", c(c1), clone_expr(i_expr)))
        guard = op("&&", op("&&", op(">=", clone_expr(i_expr), c(i0)), op("<=", clone_expr(i_expr), c(i1))), op("<=", clone_expr(j_expr), c(j1)))
        replace_in_stmts(body, {id(i_lp.var): i_expr, id(j_lp.var): j_expr})
        length = -(-(j1 - j0 + 1) // c1)
        k_loop = For(k, c(0), "<", c(length), INT, 1, [If(guard, body, [], loc)], _fresh(f"{i_lp.name}_k", self.loop_names), [], loc)
        t_loop = For(t_lp.var, pick(">", first_t, c(t0)), "<=", pick("<", last_t, c(t1)), INT, 1, [k_loop], t_lp.name, list(t_lp.pragmas), loc)
        names = [isl_name(lp.var) for lp in chain]
        self.var_sched[h] = f"{_times(c0)}{names[0]} + {_times(c1)}{names[1]} + {names[2]}"
        self.var_sched[k] = f"floor(({names[2]} - {j0}) / {c1})"
        return For(h, c(h0), "<=", c(h1), INT, 1, [t_loop], _fresh(f"{t_lp.name}_h", self.loop_names), [], loc)

    def generate(self, chain: list[For], enclosing: list[For], rows: list[str], row_vars: list[Variable | None], body: list[Stmt]) -> For:
        """The nest in the order of ``rows`` through isl's AST generator."""
        if not all(isinstance(lp.var.type, IntType) and lp.var.type.signed and lp.step > 0 for lp in chain):
            raise Unsupported("unsigned or decreasing iterators")
        inner = self.model.loops[self.origin_loop.get(chain[-1], chain[-1])]
        top = self.model.loops[self.origin_loop.get(chain[0], chain[0])]
        outer = len(enclosing)
        domain = inner.domain.move_dims(isl.dim_type.param, inner.domain.dim(isl.dim_type.param), isl.dim_type.set, 0, outer)
        domain = domain.set_tuple_name("B")
        context = top.domain.project_out(isl.dim_type.set, outer, 1)
        context = context.move_dims(isl.dim_type.param, context.dim(isl.dim_type.param), isl.dim_type.set, 0, outer).params()
        dims = [isl_name(self.origin_var.get(lp.var, lp.var)) for lp in chain]
        sched = isl.Map(f"{{ B[{', '.join(dims)}] -> [{', '.join(rows)}] }}").align_params(domain.get_space())
        names: dict[str, Variable] = {isl_name(p): p for p in self.fn.params}
        for lp in enclosing:
            names[isl_name(self.origin_var.get(lp.var, lp.var))] = lp.var
        used = self.names

        def new_var(k: int) -> tuple[Variable, str]:
            like = chain[0].var
            var = Variable(_fresh(f"{like.name}_w", used), INT, "loop", like.loc)
            return var, _fresh(f"{chain[0].name}_w", self.loop_names)

        return generate_nest(domain, sched.align_params(domain.get_space()), context.align_params(domain.get_space()), chain, names, row_vars,
                             new_var, body)  # fmt: skip

    def generate_region(self, item: For, chains: dict[Assign, list[For]], times: dict[AffineStatement, isl.Map]) -> list[Stmt]:
        """The statements of the outermost nest ``item`` at ``times``, through isl's AST generator."""
        width = max(m.dim(isl.dim_type.out) for m in times.values())
        schedule: isl.UnionMap | None = None
        statements: dict[str, tuple[Assign, list[Variable]]] = {}
        for st, loops in chains.items():
            info = self.model.statement_of(st)
            m = isl.UnionMap.from_map(_padded(times[info], width).intersect_domain(info.domain))
            schedule = m if schedule is None else schedule.union(m)
            statements[info.name] = (st, [lp.var for lp in loops])
        assert schedule is not None
        names = {isl_name(p): p for p in self.fn.params}

        def new_var() -> tuple[Variable, str]:
            var = Variable(_fresh(f"{item.var.name}_r", self.names), INT, "loop", item.var.loc)
            return var, _fresh(f"{item.name}_r", self.loop_names)

        return generate_region(schedule, self.model.context.align_params(schedule.get_space()), statements, names, new_var, item.loc)


# isl's scheduler is asked for the order of an outermost nest of at most this many statements,
# in loops at most this deep (a 4-deep stencil took isl over 5 minutes) ...
_MAX_SCHEDULED_STATEMENTS = 8
_MAX_SCHEDULED_DEPTH = 3
# ... with coefficients and constants of at most this size (a skew by 2, a shift by 2: well under a
# second). isl's own algorithm only: Feautrier's (algorithm 1) finds Gauss-Seidel wavefronts of the
# whole nest (seidel-2d: 4t + 2i + j), which pay fill and drain per wavefront unless the inner loops
# are flattened (they were not: 381,700 cycles against 375,140 for the wavefront of the two inner
# loops, which the permutations try, and five times the compile time).
_MAX_SCHEDULE_COEFFICIENT = 2
# isl operations the scheduler may spend on one nest (PolyBench's take well under a tenth of it;
# a fuzzed nest of nine statements took isl minutes): beyond it the nest gets no isl order
_SCHEDULE_OPERATIONS = 3_000_000


def _region_chains(item: For) -> dict[Assign, list[For]] | None:
    """Each statement of the nest ``item`` with its enclosing loops (``item`` first), or None when
    the nest is outside what a multi-statement reschedule takes: guards, returns, pragmas,
    unsigned or non-unit-step iterators."""
    out: dict[Assign, list[For]] = {}

    def walk(stmts: list[Stmt], loops: list[For]) -> bool:
        for s in stmts:
            if isinstance(s, For):
                t = s.var.type
                if s.pragmas or s.step != 1 or not (isinstance(t, IntType) and t.signed and t.width <= 32):
                    return False
                if not walk(s.body, loops + [s]):
                    return False
            elif isinstance(s, Assign):
                out[s] = loops
            else:
                return False
        return True

    return out if walk([item], []) and out else None


def _region_orders(t: _Transformer, item: For, chains: dict[Assign, list[For]], pos: int) -> list[tuple[str, dict[AffineStatement, isl.Map]]]:
    """Candidate times (``pos`` first) for the statements of the outermost nest ``item``: isl's
    scheduler's (dependences as validity and proximity, read-after-write ones as coincidence),
    and for a loop around one inner loop and statements, the interchange of that imperfect nest
    (the inner statements by column, each outer statement before its column)."""
    infos = {t.model.statement_of(st): st for st in chains}
    if not all(info.exact for info in infos):
        return []
    out: list[tuple[str, dict[AffineStatement, isl.Map]]] = []

    def dims(info: AffineStatement) -> str:
        return ", ".join(isl_name(lp.var) for lp in info.loops)

    def time(info: AffineStatement, rows: list[str]) -> isl.Map:
        text = f"{{ {info.name}[{dims(info)}] -> [{', '.join([str(pos)] + rows)}] }}"
        return isl.Map(text).align_params(info.domain.get_space()).intersect_domain(info.domain)

    if len(infos) <= _MAX_SCHEDULED_STATEMENTS and all(len(info.loops) <= _MAX_SCHEDULED_DEPTH for info in infos):
        deps = [d for d in t.model.dependences if d.source in infos and d.sink in infos]
        domain = isl.UnionSet.from_set(next(iter(infos)).domain)
        for info in infos:
            domain = domain.union(isl.UnionSet.from_set(info.domain))
        empty = isl.UnionMap.empty(domain.get_space())
        validity, raw = empty, empty
        for d in deps:
            validity = validity.union(isl.UnionMap.from_map(d.relation))
            if d.kind == "RAW":
                raw = raw.union(isl.UnionMap.from_map(d.relation))
        ctx = domain.get_ctx()
        saved = ctx.get_schedule_max_coefficient(), ctx.get_schedule_max_constant_term()
        times: dict[AffineStatement, isl.Map] = {}
        try:
            ctx.set_schedule_max_coefficient(_MAX_SCHEDULE_COEFFICIENT)
            ctx.set_schedule_max_constant_term(_MAX_SCHEDULE_COEFFICIENT)
            # (coalesced: on uncoalesced dependences of a fuzzed nest isl took minutes instead of 30 ms)
            validity, raw = validity.coalesce(), raw.coalesce()
            sc = isl.ScheduleConstraints.on_domain(domain).set_validity(validity).set_proximity(validity).set_coincidence(raw)
            # (within an operation budget: isl's scheduler takes minutes on some nests)
            computed = map_list(bounded(lambda: sc.compute_schedule(), _SCHEDULE_OPERATIONS).get_map())
            for info in infos:
                times[info] = next(m for m in computed if m.get_tuple_name(isl.dim_type.in_) == info.name)
        except (isl.Error, StopIteration):
            times = {}
        finally:
            ctx.set_schedule_max_coefficient(saved[0])
            ctx.set_schedule_max_constant_term(saved[1])
        if times:
            out.append(("isl's scheduler", {info: _prefixed(m, pos) for info, m in times.items()}))
    # each statement's time in the nest as written: its iterators ('%s') and positions, alternating
    written: dict[AffineStatement, list[str]] = {}
    levels: list[tuple[For, int]] = []

    def walk(lp: For, depth: int, prefix: list[str]) -> None:
        levels.append((lp, depth))
        for k, st in enumerate(lp.body):
            if isinstance(st, For):
                walk(st, depth + 1, prefix + ["%s", str(k)])
            else:
                assert isinstance(st, Assign)
                written[t.model.statement_of(st)] = prefix + ["%s", str(k)]

    walk(item, 0, [])

    def as_written(info: AffineStatement) -> list[str]:
        rows = written[info]
        return [isl_name(info.loops[k // 2].var) if r == "%s" else r for k, r in enumerate(rows)]

    for lp, depth in levels:
        inner = [s for s in lp.body if isinstance(s, For)]
        # (a perfect nest's interchange is the permutation's, which the other candidates try)
        if len(inner) != 1 or len(lp.body) == 1 or not all(isinstance(s, Assign) for s in inner[0].body):
            continue
        rows: dict[AffineStatement, isl.Map] = {info: time(info, as_written(info)) for info in infos}
        for k, st in enumerate(lp.body):
            if isinstance(st, Assign):
                info = t.model.statement_of(st)
                head = as_written(info)[: 2 * depth]
                rows[info] = time(info, [*head, isl_name(info.loops[depth].var), "0", "0", str(k)])
        for k, st in enumerate(inner[0].body):
            assert isinstance(st, Assign)
            info = t.model.statement_of(st)
            head = as_written(info)[: 2 * depth]
            i, j = (isl_name(x.var) for x in info.loops[depth : depth + 2])
            rows[info] = time(info, [*head, j, "1", i, str(k)])
        where = "" if lp is item else f" in loop '{lp.name}' (line {lp.loc.line})"
        out.append((f"the interchange of the imperfect nest{where}", rows))
    return out


def _prefixed(time: isl.Map, pos: int) -> isl.Map:
    """``time`` with ``pos`` as a new first output dimension."""
    n = time.dim(isl.dim_type.out)
    xs = ", ".join(f"x{k}" for k in range(n))
    return time.apply_range(isl.Map(f"{{ [{xs}] -> [{', '.join([str(pos)] + ([xs] if n else []))}] }}").align_params(time.get_space()))


def reschedule_candidates(fn: KernelFunction, cycles: Callable[[KernelFunction], int | None]) -> list[KernelFunction]:
    """Copies of ``fn`` (its private scalars expanded and its loops distributed first, or not) in
    which one outermost loop nest runs in a new order of its statements (``_region_orders``)
    generated by isl's AST generator, each legal by the exact dependences; where several nests
    have new orders, also the copy with each nest in its order of fewest ``cycles`` (each nest's
    order is legal on its own: the nests keep their places). ``transformations`` says what was done."""
    out: list[KernelFunction] = []
    for expand, distribute in itertools.product((False, True), (False, True)):
        base = copy.deepcopy(fn)
        # (scalars private to outermost loops only: the interchanges below need none expanded)
        expanded = expand_scalars(base, inside_nests=True) if expand else []
        if expand and not expanded:
            continue
        t = _Transformer(base)
        t.done = list(expanded)
        body = t.distribute(base.body, []) if distribute else base.body
        if (distribute and len(t.done) == len(expanded)) or not t.legal(body):
            continue
        current = t.schedules(body)

        best: dict[int, tuple[int, tuple[list[Stmt], str]]] = {}  # per nest: its fastest order
        for pos, item in enumerate(body):
            chains = _region_chains(item) if isinstance(item, For) else None
            if chains is None or (len(chains) < 2 and all(len(c) < 2 for c in chains.values())):
                continue
            assert isinstance(item, For)
            for label, times in _region_orders(t, item, chains, pos):
                if not t.legal_times({**current, **times}):
                    continue
                try:
                    code = t.generate_region(item, chains, times)
                except (Unsupported, isl.Error):
                    continue
                lines = ", ".join(str(st.loc.line) for st in chains)
                order = (code, f"rescheduled loop nest '{item.name}' (line {item.loc.line}; statements at lines {lines}) in the order of {label}")
                cand = _with_nests(base, body, t.done, {pos: order})
                out.append(cand)
                if (n := cycles(cand)) is not None and (pos not in best or n < best[pos][0]):
                    best[pos] = (n, order)
        if len(best) > 1 and (unchanged := cycles(_with_nests(base, body, t.done, {}))) is not None:
            faster = {pos: order for pos, (n, order) in best.items() if n < unchanged}
            if len(faster) > 1:
                out.append(_with_nests(base, body, t.done, faster))
        out += _fusions(t, base, body, current, cycles)
    return out


def _fusions(
    t: _Transformer, base: KernelFunction, body: list[Stmt], current: dict[AffineStatement, isl.Map], cycles: Callable[[KernelFunction], int | None]
) -> list[KernelFunction]:
    """For each two adjacent perfect nests of the same depth with a dependence between them, the
    copy of ``base`` in which they are fused into one nest, in the order of their loops of fewest
    ``cycles`` among the legal ones (gemver: the update of ``A`` by rows and the product with its
    transpose by columns walk ``A`` alike, so each element is read as soon as it is written)."""
    out: list[KernelFunction] = []
    for pos in range(len(body) - 1):
        first, second = body[pos], body[pos + 1]
        if not (isinstance(first, For) and isinstance(second, For)):
            continue
        chains = [_region_chains(first), _region_chains(second)]
        nests = [_chain_of(first), _chain_of(second)]
        depth = len(nests[0])
        if None in chains or len(nests[1]) != depth or depth > _MAX_SCHEDULED_DEPTH:
            continue
        bodies = [[st for st in nest[-1].body if isinstance(st, Assign)] for nest in nests]
        if any(len(body) != len(nest[-1].body) for body, nest in zip(bodies, nests)):
            continue  # not perfect
        infos = [[t.model.statement_of(st) for st in body] for body in bodies]
        if not any(d.source in infos[0] and d.sink in infos[1] for d in t.model.dependences) or not all(i.exact for part in infos for i in part):
            continue
        region = {**chains[0], **chains[1]}  # type: ignore[dict-item]
        best: tuple[int, KernelFunction] | None = None
        for orders in itertools.product(itertools.permutations(range(depth)), repeat=2):
            times: dict[AffineStatement, isl.Map] = {}
            for part, (nest_infos, order) in enumerate(zip(infos, orders)):
                for k, info in enumerate(nest_infos):
                    rows = [isl_name(info.loops[level].var) for level in order]
                    dims = ", ".join(isl_name(lp.var) for lp in info.loops)
                    text = f"{{ {info.name}[{dims}] -> [{', '.join([str(pos), *rows, str(part), str(k)])}] }}"
                    times[info] = isl.Map(text).align_params(info.domain.get_space()).intersect_domain(info.domain)
            if not t.legal_times({**current, **times}):
                continue
            try:
                code = t.generate_region(first, region, times)
            except (Unsupported, isl.Error):
                continue
            loops = [[nest[level].name for level in order] for nest, order in zip(nests, orders)]
            note = (f"fused loop nests '{first.name}' (line {first.loc.line}, loops in the order {', '.join(loops[0])}) and "
                    f"'{second.name}' (line {second.loc.line}, {', '.join(loops[1])}) into one")  # fmt: skip
            cand = _with_nests(base, body, t.done, {pos: (code, note), pos + 1: ([], "")})
            if (n := cycles(cand)) is not None and (best is None or n < best[0]):
                best = (n, cand)
        if best is not None:
            out.append(best[1])
    return out


def _with_nests(base: KernelFunction, body: list[Stmt], done: list[str], chosen: dict[int, tuple[list[Stmt], str]]) -> KernelFunction:
    """A copy of ``base`` with ``body``, its items at the positions ``chosen`` replaced by their
    new code, and the notes of ``done`` and of each replacement."""
    new_body: list[Stmt] = []
    for pos, item in enumerate(body):
        new_body += chosen[pos][0] if pos in chosen else [item]
    cand = copy.deepcopy(dataclasses.replace(base, body=new_body))
    cand.transformations = [*done, *(note for _, note in chosen.values() if note)]
    return cand


@functools.lru_cache(maxsize=None)
def _carried_at(width: int, level: int) -> isl.Map:
    """Times ``o -> p`` (of ``width`` dimensions) equal above ``level`` and later at it."""
    olds = ", ".join(f"o{k}" for k in range(width))
    news = ", ".join(f"p{k}" for k in range(width))
    pre = " and ".join(f"o{k} = p{k}" for k in range(level)) or "1 = 1"
    return isl.Map(f"{{ [{olds}] -> [{news}] : {pre} and p{level} > o{level} }}")


def _padded(time: isl.Map, width: int) -> isl.Map:
    """``time`` with zeros appended to ``width`` output dimensions."""
    n = time.dim(isl.dim_type.out)
    if n == width:
        return time
    xs = ", ".join(f"x{k}" for k in range(n))
    pad = isl.Map(f"{{ [{xs}] -> [{', '.join([xs] + ['0'] * (width - n)) if n else ', '.join(['0'] * width)}] }}")
    return time.apply_range(pad.align_params(time.get_space()))


def _rename_isl(text: str, env: dict[str, str]) -> str:
    """``text`` (an affine expression over isl names) with its identifiers renamed by ``env``."""
    return re.sub(r"[A-Za-z_]\w*", lambda m: env.get(m.group(0), m.group(0)), text)


def _times(c: int) -> str:
    """A coefficient as written before an isl name: none for 1."""
    return "" if c == 1 else str(c)


def _hyperplane_nest(chain: list[For]) -> bool:
    """Whether ``hyperplane`` takes the nest: three loops of int iterators, each stepping by +1
    over a constant, non-negative range (below ``_HYPERPLANE_RANGE``), none pipelined by the user,
    the inner two without pragmas (their loops are replaced: a pragma would be lost)."""
    if len(chain) != 3 or any(p.name == "pipeline" for lp in chain for p in lp.pragmas) or chain[1].pragmas or chain[2].pragmas:
        return False
    for lp in chain:
        if lp.var.type != INT or lp.step != 1 or _range_of(lp) is None or _ends(lp)[0] < 0 or not _ends(lp)[0] <= _ends(lp)[1] < _HYPERPLANE_RANGE:
            return False
    return True


def _chain_of(nest: For) -> list[For]:
    out = [nest]
    while len(out[-1].body) == 1 and isinstance(out[-1].body[0], For):
        out.append(out[-1].body[0])
    return out


def _nest(order: list[For], body: list[Stmt]) -> For:
    """Fresh loop headers in ``order`` (outermost first) around ``body``."""
    inner: list[Stmt] = body
    out: For | None = None
    for lp in reversed(order):
        out = For(lp.var, lp.init, lp.cmp, lp.bound, lp.cmp_type, lp.step, inner, lp.name, lp.pragmas, lp.loc)
        inner = [out]
    assert out is not None
    return out


def _bounds_allow(order: list[For]) -> bool:
    """Each loop's bounds read only the iterators of loops outside it."""
    for k, lp in enumerate(order):
        inner_vars = {x.var for x in order[k:]}
        if (read_variables(lp.init) | read_variables(lp.bound)) & inner_vars:
            return False
    return True


def _fresh(base: str, used: set[str], first_try: bool = False) -> str:
    """A name not in ``used`` (which takes it): ``base`` itself with ``first_try``, else base_2, base_3, ..."""
    if first_try and base not in used:
        used.add(base)
        return base
    n = 2
    name = f"{base}_{n}"
    while name in used:
        n += 1
        name = f"{base}_{n}"
    used.add(name)
    return name


def _ordered_components(n: int, edges: set[tuple[int, int]]) -> list[list[int]]:
    """Strongly connected components of the graph on 0..n-1 in a topological order that takes the
    component with the earliest item first whenever several are ready."""
    members: dict[int, list[int]] = {}
    for v, c in enumerate(strong_components(n, edges)):
        members.setdefault(c, []).append(v)
    comps = list(members.values())  # (each in increasing order)
    comp_of = {v: k for k, c in enumerate(comps) for v in c}
    preds: dict[int, set[int]] = {k: set() for k in range(len(comps))}
    for a, b in edges:
        if comp_of[a] != comp_of[b]:
            preds[comp_of[b]].add(comp_of[a])
    order: list[list[int]] = []
    placed: set[int] = set()
    while len(order) < len(comps):
        ready = [k for k in range(len(comps)) if k not in placed and preds[k] <= placed]
        k = min(ready, key=lambda c: comps[c][0])
        order.append(comps[k])
        placed.add(k)
    return order


def transform_candidate(
    fn: KernelFunction, expand: bool = False, carry_outside: bool = False, whole_innermost: bool = False, kept_whole: frozenset[str] = frozenset()
) -> KernelFunction | None:
    """A transformed copy of ``fn`` (with ``expand``, scalar expansion first; then distribution,
    of outer loops only with ``whole_innermost``, so the statements of an innermost loop stay
    together; then permutation, with ``carry_outside`` preferring orders whose outer loops carry
    the dependences), or None when nothing changes or the kernel is outside what the pass handles
    (a return inside a loop)."""
    if any(isinstance(s, Return) for lp in fn.loops() for s in _statements(lp.body)):
        return None
    for distribute in (True, False):
        cand = copy.deepcopy(fn)
        expanded = expand_scalars(cand) if expand else []
        if expand and not expanded:
            return None
        t = _Transformer(cand, carry_outside)
        t.whole_innermost = whole_innermost
        t.kept_whole = kept_whole
        body = t.distribute(cand.body, []) if distribute else cand.body
        if not t.legal(body):
            continue
        t.permute(body, body, [])
        if t.done and t.legal(body):
            cand.body = body
            cand.transformations = expanded + list(t.done)
            return cand
        if not t.done:
            return None
    return None


# scalar expansion makes an array of at most this many elements
_MAX_EXPANSION = 4096


def expand_scalars(fn: KernelFunction, inside_nests: bool = False) -> list[str]:
    """Expands (in place) each web of a local scalar that is private to a loop with unit step and
    affine bounds — written in every iteration before it is read, and dead after the loop — into an
    array indexed by that loop's iteration: the loop then carries no dependence through it and can
    move inward. Each web is the innermost such loop's, so one scalar reused by sibling loops
    becomes one array per loop. With ``inside_nests``, nothing is done unless some web is private
    to a loop inside another (which is what lets a nest be rescheduled by columns)."""
    notes: list[str] = []
    names = {v.name for v in fn.params + fn.locals} | {lp.var.name for lp in fn.loops()}
    targets: list[tuple[Variable, list[tuple[For, int, tuple[int, int]]]]] = []
    for var in [v for v in fn.locals if not v.is_array]:
        if not isinstance(var.type, (IntType, FloatType)):
            continue
        webs: list[tuple[For, int, tuple[int, int]]] = []  # (loop, depth, iterator span)
        targets.append((var, webs))
        # each top-level loop on its own: the variable may be reused by independent nests
        for n, top in enumerate(fn.body):
            if isinstance(top, For):
                webs += _private_loops(top, var, [], not _exposed(fn.body[n + 1 :], var, False)[0])
    if inside_nests and not any(depth > 0 for _, webs in targets for _, depth, _ in webs):
        return notes
    for var, webs in targets:
        for loop, _, (lo, hi) in sorted(webs, key=lambda w: -w[1]):  # inner webs first
            assert isinstance(loop.var.type, IntType) and isinstance(var.type, (IntType, FloatType))
            it_type = loop.var.type
            size = hi - lo + 1
            array = Variable(_fresh(f"{var.name}_x", names, first_try=True), ArrayType(var.type, (size,)), "local", var.loc)
            fn.locals.append(array)
            iv: Expr = VarRead(loop.var, var.loc)
            # the first iteration at element 0
            first = Const(lo if loop.step > 0 else hi, it_type, var.loc)
            index = Binary("-", iv, first, it_type, var.loc) if loop.step > 0 else Binary("-", first, iv, it_type, var.loc)
            replace_in_stmts(loop.body, {id(var): ArrayRead(array, [index], var.loc)})
            _expand_targets(loop.body, var, array, index)
            notes.append(f"expanded scalar '{var.name}' (line {var.loc.line}) into {array.name}[{size}], private to loop '{loop.name}' (line {loop.loc.line})")
    return notes


def _private_loops(loop: For, var: Variable, outer: list[For], dead_after: bool) -> list[tuple[For, int, tuple[int, int]]]:
    """The loops (``loop`` or inside it) whose iterations each hold a web of ``var`` of their own:
    for every access to ``var``, the innermost loop around it that does not read it before writing
    it in an iteration and leaves it dead (``dead_after``: ``loop`` does), with the loop's depth
    and the span of its iterator."""
    if not _accesses([loop], var):
        return []
    private = dead_after and not _exposed(loop.body, var, False)[0]
    inner: list[tuple[For, int, tuple[int, int]]] = []
    for k, st in enumerate(loop.body):
        if isinstance(st, For):
            # dead after an inner loop: not read before written by the rest of this iteration,
            # by the next iteration, nor after this loop
            rest_dead = not _exposed(loop.body[k + 1 :], var, False)[0] and private
            inner += _private_loops(st, var, [*outer, loop], rest_dead)
    covered = {id(x) for w in inner for x in _accesses(w[0].body, var)}
    if private and any(id(s) not in covered for s in _accesses(loop.body, var)):
        span = _iterator_span([*outer, loop])
        if span is not None and span[1] - span[0] + 1 <= _MAX_EXPANSION:
            inner.append((loop, len(outer), span))
    return inner


def _accesses(stmts: list[Stmt], var: Variable) -> list[Stmt]:
    """The statements, guards and loop headers in ``stmts`` (at any depth) that read or write ``var``."""
    out: list[Stmt] = []
    for s in stmts:
        if isinstance(s, Assign):
            if s.var is var or var in set().union(*(read_variables(e) for e in [*(s.indices or []), s.value])):
                out.append(s)
        elif isinstance(s, If):
            if var in read_variables(s.cond):
                out.append(s)
            out += _accesses(s.then_body, var) + _accesses(s.else_body, var)
        elif isinstance(s, For):
            if var in read_variables(s.init) | read_variables(s.bound):
                out.append(s)
            out += _accesses(s.body, var)
        elif s.value is not None and var in read_variables(s.value):
            out.append(s)
    return out


def _iterator_span(chain: list[For]) -> tuple[int, int] | None:
    """The least and greatest value the innermost iterator of ``chain`` (outermost loop first)
    takes, or None unless every loop has a unit step and bounds affine in the iterators outside
    it (their extremes are then at the corners of the outer iterators' spans)."""
    spans: dict[Variable, tuple[int, int]] = {}
    for lp in chain:
        if abs(lp.step) != 1 or lp.cmp not in (("<", "<=") if lp.step > 0 else (">", ">=")):
            return None
        ends: list[tuple[int, int]] = []
        for e in (lp.init, lp.bound):
            if not _affine_in(e, set(spans)):
                return None
            values = [eval_expr(e, dict(zip(spans, corner))) for corner in itertools.product(*spans.values())]
            if any(v is None for v in values):
                return None
            ends.append((min(v for v in values if v is not None), max(v for v in values if v is not None)))
        (first_lo, first_hi), (bound_lo, bound_hi) = ends
        if lp.step > 0:
            span = (first_lo, bound_hi - 1 if lp.cmp == "<" else bound_hi)
        else:
            span = (bound_lo + 1 if lp.cmp == ">" else bound_lo, first_hi)
        if span[1] < span[0]:
            return None
        spans[lp.var] = span
    return spans[chain[-1].var]


def _affine_in(e: Expr, variables: set[Variable]) -> bool:
    """Whether the integer expression ``e`` is affine in ``variables`` (and reads nothing else)."""
    if isinstance(e, Const):
        return isinstance(e.value, int)
    if not isinstance(e.type, IntType):
        return False
    if isinstance(e, VarRead):
        return e.var in variables
    if isinstance(e, Cast):
        return _affine_in(e.operand, variables)
    if isinstance(e, Unary):
        return e.op == "-" and _affine_in(e.operand, variables)
    if isinstance(e, Binary):
        if e.op in ("+", "-"):
            return _affine_in(e.lhs, variables) and _affine_in(e.rhs, variables)
        if e.op == "*":
            return (isinstance(e.lhs, Const) and _affine_in(e.rhs, variables)) or (isinstance(e.rhs, Const) and _affine_in(e.lhs, variables))
    return False


def _exposed(stmts: list[Stmt], var: Variable, defined: bool) -> tuple[bool, bool]:
    """(whether ``stmts`` may read ``var`` before writing it, whether they surely write it)."""
    for s in stmts:
        if isinstance(s, Assign):
            reads = set().union(*(read_variables(e) for e in [*(s.indices or []), s.value]))
            if not defined and var in reads:
                return True, defined
            if s.var is var and s.indices is None:
                defined = True
        elif isinstance(s, If):
            if not defined and var in read_variables(s.cond):
                return True, defined
            e1, d1 = _exposed(s.then_body, var, defined)
            e2, d2 = _exposed(s.else_body, var, defined)
            if e1 or e2:
                return True, defined
            defined = d1 and d2
        elif isinstance(s, For):
            if not defined and var in read_variables(s.init) | read_variables(s.bound):
                return True, defined
            if _exposed(s.body, var, defined)[0]:
                return True, defined
        elif s.value is not None and not defined and var in read_variables(s.value):
            return True, defined
    return False, defined


def _expand_targets(stmts: list[Stmt], var: Variable, array: Variable, index: Expr) -> None:
    """Makes the assignments to the scalar ``var`` in ``stmts`` stores to ``array[index]``."""
    for n, s in enumerate(stmts):
        if isinstance(s, Assign) and s.var is var:
            stmts[n] = Assign(array, [clone_expr(index)], s.value, s.loc)
        elif isinstance(s, If):
            _expand_targets(s.then_body, var, array, index)
            _expand_targets(s.else_body, var, array, index)
        elif isinstance(s, For):
            _expand_targets(s.body, var, array, index)


def iteration_bound(fn: KernelFunction) -> int | None:
    """Iterations of innermost loops the C program executes (one per cycle: the simplest limit
    of a design that does not unroll), when every loop's bounds are constants and no loop may
    end early (a break, a return, a while loop: the iterations depend on the data)."""
    if any(lp.exits for lp in fn.loops()):
        return None
    model = affine_model(copy.deepcopy(fn))
    total = 0
    for info in model.loops.values():
        if any(isinstance(x, For) for x in _loops_in(info.loop.body)):
            continue
        domain = info.domain
        nparam = domain.dim(isl.dim_type.param)
        if domain.involves_dims(isl.dim_type.param, 0, nparam):
            return None
        try:
            count = domain.project_out(isl.dim_type.param, 0, nparam).count_val()
        except isl.Error:
            return None
        if not count.is_int():
            return None
        total += int(count.to_python())
    return total


def _loops_in(stmts: list[Stmt]) -> list[For]:
    out: list[For] = []
    for s in stmts:
        if isinstance(s, For):
            out.append(s)
        elif isinstance(s, If):
            out += _loops_in(s.then_body) + _loops_in(s.else_body)
    return out


def row_buffer_candidates(fn: KernelFunction) -> list[KernelFunction]:
    """Copies of ``fn`` in which, for one loop ``i`` and one 2-D array ``X`` it accesses at row
    ``X[i][..]`` (from inner loops too), that row lives in a local buffer during each iteration of
    ``i``: copied in before the iteration's statements and back after them. Only where isl proves
    that no other access in the loop reaches row ``i`` (trmm's ``B[i][j] += A[k][i] * B[k][j]``
    over k > i): the row's accesses then use the buffer's ports, the other rows the array's."""
    out: list[KernelFunction] = []
    chains: list[list[For]] = []  # each loop with the loops around it, in fn.loops() order

    def walk(stmts: list[Stmt], loops: list[For]) -> None:
        for st in stmts:
            if isinstance(st, For):
                chains.append([*loops, st])
                walk(st.body, [*loops, st])
            elif isinstance(st, If):
                walk(st.then_body, loops)
                walk(st.else_body, loops)

    walk(fn.body, [])
    for n, chain in enumerate(chains):
        loop = chain[-1]
        if not any(has_loop([st]) for st in loop.body) or any(isinstance(st, Return) for st in _statements(loop.body)):
            continue  # the row would only be reused within one statement's iteration
        accesses = array_accesses(loop.body, chain)
        for array in dict.fromkeys(a for a, _, _, _ in accesses):
            t = array.type
            if not isinstance(t, ArrayType) or len(t.dims) != 2:
                continue
            own = [(idx, loops) for a, idx, loops, _ in accesses if a is array and _is_var(idx[0], loop.var)]
            others = [(idx, loops) for a, idx, loops, _ in accesses if a is array and not _is_var(idx[0], loop.var)]
            if not any(len(loops) > len(chain) for _, loops in own):
                continue  # no access of the row inside an inner loop
            innermost = [lp for lp in nested_loops(loop.body) if not any(has_loop([st]) for st in lp.body)]
            ports = array_storage(fn, array)[0]
            if not any(sum(a is array for a, _, lps, _ in accesses if lps and lps[-1] is lp) > ports for lp in innermost):
                continue  # no innermost loop short of the array's ports
            span = _iterator_span(chain)
            if span is None or span[0] < 0 or span[1] >= t.dims[0]:
                continue  # the copies run in every iteration: the row must exist in each
            row = VarRead(loop.var, loop.loc)
            if not all(never_same_element(fn, loops, [idx[0]], [row]) for idx, loops in others):
                continue
            cand = copy.deepcopy(fn)
            _buffer_row(cand, n, array.name)
            note = f"row {array.name}[{loop.var.name}] in a local buffer in each iteration of loop '{loop.name}' (line {loop.loc.line})"
            cand.transformations = [*fn.transformations, note]
            out.append(cand)
    return out


def sinking_candidates(fn: KernelFunction) -> list[KernelFunction]:
    """Copies of ``fn`` with loops sunk into an adjacent nest (code sinking): where a statement
    list holds ``a; for s { for p {c} }; d`` with ``a`` and ``d`` innermost loops over the range
    of ``p`` (constant; ``s``'s range constant with at least two iterations, or affine in the
    enclosing iterators with step 1 or -1 and never empty), ``a`` runs as ``if (s == first)``
    before ``c`` and ``d`` as ``if (s == last)`` after it, in the same ``p`` iteration; a store of
    ``a`` that a statement of ``c`` overwrites at the same element (no statement before it
    touching that array) is folded into its reads of that element (``X[p] = (s == first ? E :
    X[p]) + ..``: one access less, the same operations). Legal when no dependence runs from
    ``a`` at some ``p`` to ``c`` at ``s == first`` and an earlier ``p`` (or from ``c`` at ``s ==
    last`` and a later ``p`` to ``d``), by isl. The candidates: every legal sinking at once, each
    nest's alone where there are two, each loop alone where one nest has two; the same again
    after peeling the first or last iterations of a loop in which such a nest is empty (symm's
    ``k < i`` at ``i == 0``; see ``_peeled_for_sinking``)."""
    out = _sinkings(fn)
    peeled = _peeled_for_sinking(fn)
    if peeled is not None:
        out += _sinkings(peeled)
    return out


def _sites(fn: KernelFunction) -> list[tuple[list[int], bool, bool]]:
    """Nests with a loop right before or after them that could be sunk: path to the nest, loop
    before / after it sinkable."""
    sites: list[tuple[list[int], bool, bool]] = []

    def walk(stmts: list[Stmt], path: list[int]) -> None:
        for n, st in enumerate(stmts):
            if isinstance(st, For):
                before = n > 0 and _sinkable(stmts[n - 1], st)
                after = n + 1 < len(stmts) and _sinkable(stmts[n + 1], st)
                if before or after:
                    sites.append(([*path, n], before, after))
                walk(st.body, [*path, n])

    walk(fn.body, [])
    return sites


def _sinkings(fn: KernelFunction) -> list[KernelFunction]:
    sites = _sites(fn)
    if not sites:
        return []
    model = dependences(affine_model(fn))
    legal = []
    for path, before, after in sites:
        stmts, enclosing = _at_path(fn, path)
        nest = stmts[path[-1]]
        assert isinstance(nest, For)
        if _range_of(nest) is None and not _never_empty(model, nest, enclosing):
            continue
        legal.append((path, before and _sink_legal(fn, model, path, -1), after and _sink_legal(fn, model, path, 1)))
    claimed: set[tuple[int, ...]] = set()  # a loop between two nests sinks into one of them
    for k, (path, before, after) in enumerate(legal):
        before = before and tuple([*path[:-1], path[-1] - 1]) not in claimed
        claimed |= {tuple([*path[:-1], path[-1] + d]) for d, ok in ((-1, before), (1, after)) if ok}
        legal[k] = (path, before, after)
    legal = [site for site in legal if site[1] or site[2]]
    if not legal:
        return []
    # (each candidate costs a whole schedule: single nests only where there are two)
    choices = [legal] + ([[site] for site in legal] if len(legal) == 2 else [])
    if len(legal) == 1 and legal[0][1] and legal[0][2]:
        # (one nest with both loops: also each alone; sunk after, a loop may need ports the nest uses)
        choices += [[(legal[0][0], True, False)], [(legal[0][0], False, True)]]
    out: list[KernelFunction] = []
    for chosen in choices:
        cand = copy.deepcopy(fn)
        # (from the last site on: removing a sunk loop shifts the paths of later siblings)
        notes = [_sink(cand, path, before, after) for path, before, after in sorted(chosen, key=lambda x: x[0], reverse=True)]
        cand.transformations = [*fn.transformations, *reversed(notes)]
        out.append(cand)
    return out


def _nest_entries(model: AffineModel, nest: For, level: int) -> isl.Set:
    """The values of the ``level`` enclosing iterators for which ``nest`` runs at least once."""
    dom = model.loops[nest].domain.reset_tuple_id()
    return dom.project_out(isl.dim_type.set, level, dom.dim(isl.dim_type.set) - level)


def _never_empty(model: AffineModel, nest: For, enclosing: list[For]) -> bool:
    """Whether ``nest`` (an affine range inside the loops ``enclosing``) runs at least once in
    every iteration of the loop around it, and at least twice in some."""
    most = model.loops[nest].trip_max
    if not enclosing or most is None or most < 2:
        return False
    parent = model.loops[enclosing[-1]].domain.reset_tuple_id()
    entries = _nest_entries(model, nest, len(enclosing))
    return bool(parent.align_params(entries.get_space()).is_subset(entries.align_params(parent.get_space())))


def _peeled_for_sinking(fn: KernelFunction) -> KernelFunction | None:
    """A copy of ``fn`` in which every loop around a sinking site whose nest (an affine range) is
    empty in its first or last iterations, and only there, runs those iterations as a loop of
    their own (a copy of the body without that nest, and without a row buffer's copies that are
    then a round trip: ``_drop_round_trips``; no loop at all if nothing is left) and the rest as
    itself; None when there is none."""
    sites = _sites(fn)
    if not sites:
        return None
    model = affine_model(fn)
    # path of the loop -> first value of its second part, peeled part first, the nests empty in the peeled part
    splits: dict[tuple[int, ...], tuple[int, bool, set[int]]] = {}
    for path, _, _ in sites:
        stmts, enclosing = _at_path(fn, path)
        nest = stmts[path[-1]]
        assert isinstance(nest, For)
        most = model.loops[nest].trip_max
        if _range_of(nest) is not None or not enclosing or most is None or most < 2 or _never_empty(model, nest, enclosing):
            continue
        parent = enclosing[-1]
        if _range_of(parent) is None or abs(parent.step) != 1 or parent.cmp == "!=":
            continue
        level = len(enclosing)
        dom = model.loops[parent].domain.reset_tuple_id()
        entries = _nest_entries(model, nest, level)
        entries = entries.align_params(dom.get_space())
        dom = dom.align_params(entries.get_space())

        def values(s: isl.Set, lvl: int = level) -> isl.Set:
            s = s.project_out(isl.dim_type.set, 0, lvl - 1)
            return s.project_out(isl.dim_type.param, 0, s.dim(isl.dim_type.param))

        empty, running = values(dom.subtract(entries)), values(dom.intersect(entries))
        if empty.is_empty() or running.is_empty() or not empty.intersect(running).is_empty():
            continue  # (a value of the loop for which the nest is empty only for some outer iterations)
        lo_e, hi_e = int(empty.dim_min_val(0).to_python()), int(empty.dim_max_val(0).to_python())
        lo_r, hi_r = int(running.dim_min_val(0).to_python()), int(running.dim_max_val(0).to_python())
        if hi_e - lo_e + 1 != int(empty.count_val().to_python()):
            continue
        forward = parent.step > 0
        if hi_e < lo_r:  # the smallest values
            split, peel_first = (hi_e + 1, True) if forward else (hi_e, False)
        elif lo_e > hi_r:  # the largest
            split, peel_first = (lo_e, False) if forward else (lo_e - 1, True)
        else:
            continue
        key = tuple(path[:-1])
        empty_nests = splits[key][2] if key in splits and splits[key][:2] == (split, peel_first) else set()
        splits[key] = (split, peel_first, empty_nests | {path[-1]})
    if not splits:
        return None
    out = copy.deepcopy(fn)
    names = {v.name for v in out.params + out.locals} | {lp.var.name for lp in out.loops()}
    loop_names = {lp.name for lp in out.loops()}
    notes: list[str] = []
    for key in sorted(splits, reverse=True):  # (deepest and last first: a split shifts the paths after it)
        split, peel_first, empty_nests = splits[key]
        path = list(key)
        stmts, _ = _at_path(out, path)
        loop = stmts[path[-1]]
        assert isinstance(loop, For)

        def fresh(lp: For) -> tuple[Variable, str]:
            return Variable(_fresh(lp.var.name, names), lp.var.type, lp.var.kind, lp.var.loc, lp.var.is_const), _fresh(lp.name, loop_names)

        (peel,) = copy_stmts([loop], {}, fresh)
        assert isinstance(peel, For) and isinstance(loop.var.type, IntType)
        # (the nests that are empty in the peeled iterations go; so does what is then a no-op)
        peel.body = [st for n, st in enumerate(peel.body) if n not in empty_nests]
        # (what runs after the peeled iterations, where the loop is a statement of the function)
        later: list[Stmt] | None = list(out.body[path[0] + (0 if peel_first else 1) :]) if len(path) == 1 else None
        dropped = _drop_round_trips(peel.body, later)
        first, second = (peel, loop) if peel_first else (loop, peel)
        # the first part ends before ``split``; the second starts there
        first.cmp, first.bound = ("<" if loop.step > 0 else ">"), Const(split, loop.cmp_type, loop.loc)
        second.init = Const(split, loop.var.type, loop.loc)
        which = "first" if peel_first else "last"
        if peel.body:
            stmts[path[-1] : path[-1] + 1] = [first, second]
            notes.append(f"peeled the {which} iterations of loop '{loop.name}' (line {loop.loc.line}) into loop '{peel.name}': a loop inside it is empty there")
        else:
            notes.append(f"dropped the {which} iterations of loop '{loop.name}' (line {loop.loc.line}): a loop inside it is empty there{dropped}")
    out.transformations = [*fn.transformations, *reversed(notes)]
    return out


def _drop_round_trips(body: list[Stmt], later: list[Stmt] | None) -> str:
    """Removes (in place) from ``body`` a loop that stores back into an array what the loop right
    before it loaded from the same elements into a local buffer (a row buffer's copy-out after
    its copy-in, the nest between them gone), and then the copy-in itself where neither the rest
    of ``body`` nor the statements ``later`` (all that runs after it; None: unknown) read the
    buffer: the note's end."""
    for n in range(len(body) - 1):
        copy_in, copy_out = body[n], body[n + 1]
        if not (isinstance(copy_in, For) and isinstance(copy_out, For) and len(copy_in.body) == 1 and len(copy_out.body) == 1):
            continue
        a, b = copy_in.body[0], copy_out.body[0]
        if not (isinstance(a, Assign) and isinstance(b, Assign) and a.indices is not None and b.indices is not None):
            continue
        if not (isinstance(a.value, ArrayRead) and isinstance(b.value, ArrayRead) and a.var.kind == "local" and not a.var.static):
            continue
        if _range_of(copy_in) is None or _range_of(copy_in) != _range_of(copy_out) or copy_in.var.type != copy_out.var.type:
            continue
        mark = Variable("_round_trip", copy_in.var.type, "loop", copy_in.loc)
        # buf[c] = X[s(c)]; then X[s(c)] = buf[c]: X keeps its values
        same_buffer = b.value.array is a.var and _same_subscripts(b.value.indices, copy_out, a.indices, copy_in, mark)
        same_elements = b.var is a.value.array and _same_subscripts(b.indices, copy_out, a.value.indices, copy_in, mark)
        if not (same_buffer and same_elements):
            continue
        del body[n + 1]
        if later is not None and a.var not in stmt_variables([*body[n + 1 :], *later]):
            del body[n]
            return f" (the copies of row buffer {a.var.name} there went too)"
        return ""
    return ""


def _same_subscripts(x: list[Expr], x_loop: For, y: list[Expr], y_loop: For, mark: Variable) -> bool:
    """Whether subscripts ``x`` (in ``x_loop``) and ``y`` (in ``y_loop``) are the same expressions
    of their loops' variables (both read as ``mark``)."""

    def text(e: list[Expr], lp: For) -> list[str]:
        return [print_expr(replace_expr(i, {id(lp.var): VarRead(mark, lp.loc)})) for i in e]

    return text(x, x_loop) == text(y, y_loop)


def _at_path(fn: KernelFunction, path: list[int]) -> tuple[list[Stmt], list[For]]:
    """The statement list ``path`` (indices into nested loop bodies) ends in, and the loops around it."""
    stmts = fn.body
    enclosing: list[For] = []
    for n in path[:-1]:
        lp = stmts[n]
        assert isinstance(lp, For)
        enclosing.append(lp)
        stmts = lp.body
    return stmts, enclosing


def _sink_legal(fn: KernelFunction, model: AffineModel, path: list[int], side: int) -> bool:
    """Whether the loop right before (``side`` -1) or after (1) the nest at ``path`` may run in
    the nest's first (last) iteration of its outer loop: no dependence, in ``model`` (``fn``'s),
    whose order that would reverse."""
    stmts, enclosing = _at_path(fn, path)
    nest = stmts[path[-1]]
    loop = stmts[path[-1] + side]
    assert isinstance(nest, For) and isinstance(nest.body[0], For) and isinstance(loop, For)
    inner = nest.body[0]
    level = len(enclosing)
    forward = inner.step > 0
    # the nest's first and last iteration for each enclosing iteration, as sets of (enclosing, own)
    as_map = isl.Map.from_range(model.loops[nest].domain.reset_tuple_id())
    as_map = as_map.move_dims(isl.dim_type.in_, 0, isl.dim_type.out, 0, level)
    lo, hi = as_map.lexmin().wrap().flatten(), as_map.lexmax().wrap().flatten()
    first, last = (lo, hi) if nest.step > 0 else (hi, lo)
    body = {model.statement_of(x) for x in _statements(inner.body)}
    moved = {model.statement_of(x) for x in _statements(loop.body)}
    for dep in model.dependences:
        if side < 0 and dep.source in moved and dep.sink in body:
            # a at p_a -> c at (first, p_c) with p_c before p_a: c would now run first
            if _related(dep.relation, level, f"i{level + 1} {'<' if forward else '>'} o{level}", sink_at=first):
                return False
        if side > 0 and dep.source in body and dep.sink in moved:
            # c at (last, p_c) -> d at p_d with p_c after p_d: d would now run first
            if _related(dep.relation, level, f"o{level + 1} {'>' if forward else '<'} i{level}", source_at=last):
                return False
    return True


def _ends(lp: For) -> tuple[int, int]:
    """The first and the last value of a loop with a constant range (at least one iteration)."""
    span = _range_of(lp)
    assert span is not None
    first, cmp, bound, step = span
    return first, first + (trip_count(first, cmp, bound, step) - 1) * step


def _end_exprs(nest: For) -> tuple[Expr, Expr]:
    """The first and the last value of ``nest``'s variable (``_sinkable``'s ranges: constant, or
    step 1 or -1 with the variable of the comparison's type)."""
    loc = nest.loc
    var_t = nest.var.type
    assert isinstance(var_t, IntType)
    if _range_of(nest) is not None:
        first, last = _ends(nest)
        return Const(first, var_t, loc), Const(last, var_t, loc)
    t = nest.cmp_type
    bound = clone_expr(nest.bound)
    if nest.cmp in ("<", ">"):
        bound = Binary("-" if nest.cmp == "<" else "+", bound, Const(1, t, loc), t, loc)
    return clone_expr(nest.init), bound


def _range_of(lp: For) -> tuple[int, str, int, int] | None:
    """A loop's constant range: (first value, comparison, bound, step)."""
    first, bound = eval_expr(lp.init, {}), eval_expr(lp.bound, {})
    return None if first is None or bound is None else (first, lp.cmp, bound, lp.step)


def _sinkable(loop: Stmt, nest: For) -> bool:
    """Whether ``loop`` could run in the first or last iteration of ``nest``'s outer loop: an
    innermost loop of plain statements over the constant range of ``nest``'s only (innermost)
    inner loop, ``nest``'s own range constant with at least two iterations, or affine with step
    1 or -1 (whether it is never empty: ``_never_empty``)."""
    if not isinstance(loop, For) or has_loop(loop.body) or any(isinstance(x, Return) for x in _statements(loop.body)):
        return False
    if len(nest.body) != 1 or not isinstance(nest.body[0], For) or has_loop(nest.body[0].body):
        return False
    outer, inner = _range_of(nest), _range_of(nest.body[0])
    if inner is None or _range_of(loop) != inner or loop.var.type != nest.body[0].var.type or nest.cmp == "!=":
        return False
    if outer is None:
        return abs(nest.step) == 1 and nest.var.type == nest.cmp_type and trip_count(*inner) >= 1
    return trip_count(*outer) >= 2 and trip_count(*inner) >= 1


def _sink(fn: KernelFunction, path: list[int], sink_before: bool, sink_after: bool) -> str:
    """``sinking_candidates``'s rewrite of ``fn`` (in place) at the nest ``path`` leads to (legal:
    ``_sink_legal``); its note."""
    stmts, _ = _at_path(fn, path)
    n = path[-1]
    nest = stmts[n]
    assert isinstance(nest, For) and isinstance(nest.body[0], For)
    inner = nest.body[0]
    before = stmts[n - 1] if sink_before else None
    after = stmts[n + 1] if sink_after else None
    assert before is None or isinstance(before, For)
    assert after is None or isinstance(after, For)
    loc = nest.loc
    var_t = nest.var.type
    assert isinstance(var_t, IntType)
    first_e, last_e = _end_exprs(nest)

    def at(value: Expr) -> Expr:
        return Binary("==", VarRead(nest.var, loc), value, INT, loc)

    def moved(lp: For) -> list[Stmt]:
        return copy_stmts(lp.body, {id(lp.var): VarRead(inner.var, lp.loc)}, lambda x: (x.var, x.name))

    notes: list[str] = []
    if before is not None:
        head = moved(before)
        if not _fold_first(head, inner.body, at(first_e)):
            inner.body = [If(at(clone_expr(first_e)), head, [], before.loc), *inner.body]
        notes.append(f"'{before.name}' (line {before.loc.line}) into the first iteration")
    if after is not None:
        inner.body = [*inner.body, If(at(last_e), moved(after), [], after.loc)]
        notes.append(f"'{after.name}' (line {after.loc.line}) into the last iteration")
    stmts[:] = [x for x in stmts if x is not before and x is not after]
    perfect = ": one perfect nest" if len(stmts) == 1 else ""
    return f"sank loop{'s' if len(notes) > 1 else ''} {' and '.join(notes)} of loop '{nest.name}' (line {nest.loc.line}){perfect}"


def _related(rel: isl.Map, level: int, cond: str, sink_at: isl.Set | None = None, source_at: isl.Set | None = None) -> bool:
    """Whether ``rel`` (instance -> instance, the first ``level`` dimensions the enclosing loops')
    relates instances of one enclosing iteration that satisfy ``cond`` (``o``: source, ``i``: sink),
    the sink's (source's) first ``level`` + 1 dimensions in ``sink_at`` (``source_at``)."""
    r = rel.reset_tuple_id(isl.dim_type.in_).reset_tuple_id(isl.dim_type.out)
    ins = [f"o{k}" for k in range(r.dim(isl.dim_type.in_))]
    outs = [f"i{k}" for k in range(r.dim(isl.dim_type.out))]
    same = [f"o{k} = i{k}" for k in range(level)]
    m = isl.Map(f"{{ [{', '.join(ins)}] -> [{', '.join(outs)}] : {' and '.join([*same, cond])} }}")
    r = r.intersect(m.align_params(r.get_space()))
    for at, kind in ((sink_at, isl.dim_type.out), (source_at, isl.dim_type.in_)):
        if at is None:
            continue
        at = at.add_dims(isl.dim_type.set, r.dim(kind) - at.dim(isl.dim_type.set))
        at = at.align_params(r.get_space())
        r = r.align_params(at.get_space())
        r = r.intersect_range(at) if kind == isl.dim_type.out else r.intersect_domain(at)
    return not r.is_empty()


def _fold_first(head: list[Stmt], body: list[Stmt], first: Expr) -> bool:
    """Folds ``head`` (one store ``X[idx] = E``) into the first statement of ``body`` that touches
    X, where that stores ``X[idx]`` again and reads X only at ``idx``: its reads become ``first ?
    E : X[idx]`` (in place)."""
    if len(head) != 1 or not body:
        return False
    init = head[0]
    if not (isinstance(init, Assign) and init.indices is not None):
        return False
    use = next((st for st in body if init.var in stmt_variables([st])), None)
    if not (isinstance(use, Assign) and use.indices is not None):
        return False
    if use.var is not init.var or [print_expr(i) for i in use.indices] != [print_expr(i) for i in init.indices]:
        return False
    if read_variables(init.value, arrays=True) & {st.var for st in body[: body.index(use)] if isinstance(st, Assign)}:
        return False  # (E would now be computed after statements that change what it reads)
    key = [print_expr(i) for i in init.indices]
    reads = [a for a in array_reads(use.value) if a.array is init.var]
    if not reads or any([print_expr(i) for i in a.indices] != key for a in reads) or any(array_reads(i) for i in use.indices):
        return False
    table: dict[int, Expr] = {id(a): Select(clone_expr(first), clone_expr(init.value), a, a.type, a.loc) for a in reads}
    use.value = replace_expr(use.value, table)
    return True


def _is_var(e: Expr, var: Variable) -> bool:
    return isinstance(e, VarRead) and e.var is var


def _buffer_row(fn: KernelFunction, n: int, array_name: str) -> None:
    """Rewrites (in place) the ``n``-th loop of ``fn`` (``fn.loops()`` order) so row ``array[i][..]`` lives
    in a new local buffer within each of its iterations."""
    loop = fn.loops()[n]
    array = next(v for v in fn.params + fn.locals if v.name == array_name)
    assert isinstance(array.type, ArrayType)
    width = array.type.dims[1]
    names = {v.name for v in fn.params + fn.locals} | {lp.var.name for lp in fn.loops()}
    loop_names = {lp.name for lp in fn.loops()}
    buf = Variable(_fresh(f"{array.name}_row", names, first_try=True), ArrayType(array.type.elem, (width,)), "local", array.loc)
    fn.locals.append(buf)
    # the row's reads, by node identity (its stores: rewritten below)
    table: dict[int, Expr] = {
        id(node): ArrayRead(buf, [clone_expr(idx[1])], node.loc)
        for a, idx, _, node in array_accesses(loop.body, [loop])
        if a is array and isinstance(node, ArrayRead) and _is_var(idx[0], loop.var)
    }
    replace_in_stmts(loop.body, table)

    def stores(stmts: list[Stmt]) -> list[Stmt]:
        res: list[Stmt] = []
        for st in stmts:
            if isinstance(st, Assign) and st.var is array and st.indices is not None and _is_var(st.indices[0], loop.var):
                res.append(Assign(buf, [st.indices[1]], st.value, st.loc))
                continue
            if isinstance(st, If):
                st.then_body, st.else_body = stores(st.then_body), stores(st.else_body)
            elif isinstance(st, For):
                st.body = stores(st.body)
            res.append(st)
        return res

    loop.body = stores(loop.body)

    def copy_loop(into_buffer: bool) -> For:
        var = Variable(_fresh(f"{array.name}_c", names, first_try=True), INT, "loop", loop.loc)
        col = VarRead(var, loop.loc)
        row: list[Expr] = [VarRead(loop.var, loop.loc), VarRead(var, loop.loc)]
        body: Stmt = (Assign(buf, [col], ArrayRead(array, row, loop.loc), loop.loc) if into_buffer
                      else Assign(array, row, ArrayRead(buf, [VarRead(var, loop.loc)], loop.loc), loop.loc))  # fmt: skip
        return For(var, Const(0, INT, loop.loc), "<", Const(width, INT, loop.loc), INT, 1, [body], _fresh(f"{loop.name}_row", loop_names), [], loop.loc)

    written = any(isinstance(st, Assign) and st.var is buf for st in _statements(loop.body))
    loop.body = [copy_loop(True), *loop.body, *([copy_loop(False)] if written else [])]


def _cycles(fn: KernelFunction, opts: ScheduleOptions) -> int | None:
    """Cycles of one call as the rest of the pipeline would build ``fn`` (None: unknown)."""
    kernel = reuse_loads(copy.deepcopy(fn))
    model = dependences(affine_model(kernel))
    # (sharing units within loops costs a CP-SAT solve per loop and at most a cycle or two)
    hir = schedule(model, dataclasses.replace(opts, warnings=[], share=False))
    return static_latency(hir, model.kernel)


def scheduled_cycles(fn: KernelFunction, opts: ScheduleOptions) -> int | None:
    """Cycles of one call of ``fn`` as scheduled with ``opts`` (None: unknown, or not schedulable)."""
    try:
        return _cycles(fn, opts)
    except (HlsError, isl.Error):
        return None


class CycleCounter:
    """The scheduler's cycle count of candidate kernels, cached by their text: ``exact`` schedules
    the whole kernel; ``estimate`` adds up its top-level statements (loop nests, mostly) each
    scheduled alone and cached by its own text, since candidates share most of their nests. An
    estimate misses only what crosses top-level statements (adjacent loops merged into one
    pipeline), so it ranks candidates and the best few are then counted exactly."""

    def __init__(self, opts: ScheduleOptions) -> None:
        self.opts = opts
        self.exact_counts: dict[str, int | None] = {}
        self.item_counts: dict[str, int | None] = {}

    def exact(self, fn: KernelFunction) -> int | None:
        text = print_kernel(fn)
        if text not in self.exact_counts:
            self.exact_counts[text] = scheduled_cycles(fn, self.opts)
        return self.exact_counts[text]

    def _alone(self, fn: KernelFunction, body: list[Stmt]) -> int | None:
        used = stmt_variables(body)
        sub = dataclasses.replace(fn, body=body, locals=[v for v in fn.locals if v in used], transformations=[])
        text = print_kernel(sub)
        if text not in self.item_counts:
            self.item_counts[text] = scheduled_cycles(sub, self.opts)
        return self.item_counts[text]

    def estimate(self, fn: KernelFunction) -> int | None:
        empty = self._alone(fn, [])
        if empty is None:
            return self.exact(fn)
        total = empty
        for item in fn.body:
            count = self._alone(fn, [item])
            if count is None:  # (then the whole kernel's count is unknown too)
                return None
            total += count - empty
        return total


def loop_transform(fn: KernelFunction, opts: ScheduleOptions, enabled: bool = True) -> KernelFunction:
    """Pass entry point: ``fn`` in the best legal order found (``fn`` itself when no candidate
    is faster by the scheduler's count, or ``enabled`` is False); the notes of earlier passes
    (unrolling) stay first among its ``transformations``."""
    earlier, fn.transformations = fn.transformations, []
    best = _best_order(fn, opts, enabled)
    best.transformations = [*earlier, *best.transformations]
    return best


def _too_large(fn: KernelFunction) -> str | None:
    """Why ``fn`` is not searched, if it is too large: each candidate analyses its dependences
    again, and that grows with their number (squared in the statements: unrolled copies)."""
    try:
        count = count_dependences(affine_model(fn), _SEARCHED_DEPENDENCES)
    except (HlsError, isl.Error, Unsupported):
        return None  # (the candidates then fail as they do)
    if count <= _SEARCHED_DEPENDENCES:
        return None
    return f"not searched: more than {_SEARCHED_DEPENDENCES:,} dependences (the search takes kernels of up to {_SEARCHED_DEPENDENCES:,})"


def _ends_early(stmts: list[Stmt]) -> bool:
    """Whether a loop among ``stmts`` (at any depth) may end early or holds a return."""
    return any(lp.exits or any(isinstance(x, Return) for x in _statements(lp.body)) for lp in nested_loops(stmts))


def _nest_by_nest(fn: KernelFunction, opts: ScheduleOptions) -> KernelFunction:
    """``fn``, which has loops that may end early, with each outermost nest that has none (at the
    top level or in top-level branches) in its best order, found as for a kernel of that nest
    alone: the orders of a nest's own iterations do not depend on the code around it. Scalars
    the nest writes stay live after it (scalar expansion must not take them)."""
    notes: list[str] = []
    taken = {v.name for v in fn.params + fn.locals} | {lp.var.name for lp in fn.loops()} | {lp.name for lp in fn.loops()}

    def block(stmts: list[Stmt]) -> list[Stmt]:
        out: list[Stmt] = []
        for s in stmts:
            if isinstance(s, If):
                s.then_body, s.else_body = block(s.then_body), block(s.else_body)
                out.append(s)
            elif isinstance(s, For) and not _ends_early([s]):
                out += nest(s)
            else:
                out.append(s)
        return out

    def nest(item: For) -> list[Stmt]:
        used = stmt_variables([item])
        written = [v for v in fn.locals if v in {a.var for a in assignments([item])}]
        # (each local the nest writes read after it, as the rest of the kernel may: no copy or
        # scalar expansion may take it for dead)
        keep = [Assign(Variable(unique_name(f"{v.name}_live", taken), _element_type(v), "local", v.loc), None, _first_element(v, item.loc), item.loc)
                for v in written]  # fmt: skip
        live = {a.var.name for a in keep}
        sub = dataclasses.replace(
            fn, body=[copy_stmts([item], {}, lambda lp: (lp.var, lp.name))[0], *keep], locals=[v for v in fn.locals if v in used] + [a.var for a in keep],
            transformations=[], kept_together=set(fn.kept_together),
        )  # fmt: skip
        best = _best_order(sub, opts, True)
        if best is sub or not any(x.startswith("applied:") for x in best.transformations):
            return [item]
        body = [x for x in best.body if not (isinstance(x, Assign) and x.var.name in live)]
        # the candidates are deep copies: their variables become the kernel's own again, and new
        # variables and loops get names no other part of the kernel uses
        originals = {v.name: v for v in fn.params + fn.locals}
        own = {v.name for v in stmt_variables([item])} | {lp.name for lp in nested_loops([item])}
        for v in best.locals:
            if v.name not in originals and v.name not in live:
                v.name = unique_name(v.name, taken)
                fn.locals.append(v)
                originals[v.name] = v
        for lp in nested_loops(body):
            if lp.var.name not in own:
                lp.var.name = unique_name(lp.var.name, taken)
            if lp.name not in own:
                lp.name = unique_name(lp.name, taken)
        _rebind(body, originals)
        notes.extend(f"nest '{item.name}' (line {item.loc.line}): {x}" for x in best.transformations)
        return body

    fn.body = block(fn.body)
    fn.transformations = notes or ["none: a loop may end early (break, return or while) and the other nests keep their order"]
    return fn


def _rebind(stmts: list[Stmt], originals: dict[str, Variable]) -> None:
    """Every reference in ``stmts`` (in place) to a variable named in ``originals`` made to that
    variable (loop iterators stay the loops' own)."""

    def var(v: Variable) -> Variable:
        return originals.get(v.name, v) if v.kind != "loop" else v

    def expr(e: Expr) -> None:
        if isinstance(e, VarRead):
            e.var = var(e.var)
        elif isinstance(e, ArrayRead):
            e.array = var(e.array)
        for c in expr_children(e):
            expr(c)

    for s in stmts:
        if isinstance(s, Assign):
            s.var = var(s.var)
            for e in [*(s.indices or []), s.value]:
                expr(e)
        elif isinstance(s, If):
            expr(s.cond)
            _rebind(s.then_body, originals)
            _rebind(s.else_body, originals)
        elif isinstance(s, For):
            s.exits = [var(v) for v in s.exits]
            expr(s.init)
            expr(s.bound)
            _rebind(s.body, originals)
        elif s.value is not None:
            expr(s.value)


def _element_type(v: Variable) -> ScalarType:
    return v.type.elem if isinstance(v.type, ArrayType) else v.type


def _first_element(v: Variable, loc: SourceLoc) -> Expr:
    """A read of scalar ``v``, or of the first element of array ``v``."""
    if isinstance(v.type, ArrayType):
        return ArrayRead(v, [Const(0, INT, loc) for _ in v.type.dims], loc)
    return VarRead(v, loc)


def _best_order(fn: KernelFunction, opts: ScheduleOptions, enabled: bool) -> KernelFunction:
    if not enabled:
        return fn
    if (why := _too_large(fn)) is not None:
        fn.transformations = [why]
        return fn
    if any(lp.exits for lp in fn.loops()) or any(isinstance(s, Return) for lp in fn.loops() for s in _statements(lp.body)):
        # the candidates' orders assume every iteration runs: a loop that may end early (a
        # break, a return, a while loop) stays as written; the other nests are searched one by one
        return _nest_by_nest(fn, opts)
    cands: list[KernelFunction] = []
    seen: set[str] = set()

    def add(cand: KernelFunction) -> None:
        if (text := print_kernel(cand)) not in seen:
            seen.add(text)
            cands.append(cand)

    counter = CycleCounter(opts)

    try:
        rescheduled = reschedule_candidates(fn, counter.estimate)
    except (HlsError, isl.Error, Unsupported):
        rescheduled = []
    # an innermost loop of several statements: also distributed around it, kept whole (symm: its
    # two statements then share one interchanged loop instead of two)
    several = any(len(lp.body) > 1 and not any(has_loop([s]) for s in lp.body) for lp in fn.loops())
    for base in [fn, *rescheduled]:
        variants = [(expand, carry, False) for expand, carry in itertools.product((False, True), (False, True))]
        if several:
            variants += [(False, False, True), (True, False, True)]
        if base is not fn:
            add(base)
            # the other nests of a rescheduled kernel (and the other loops of an interchanged one):
            # distributed and permuted, the plain way only (each variant analyses the rescheduled
            # nest's dependences again: isl's skewed bounds cost it)
            others = sum(isinstance(s, For) for s in base.body) > 1 or any("interchange of the imperfect nest" in x for x in base.transformations)
            variants = variants[:1] if others else []
        # (the loops of a rescheduled or fused nest stay whole: distribution would undo the new order)
        generated = frozenset(lp.name for lp in base.loops()) - {lp.name for lp in fn.loops()}
        for expand, carry_outside, whole in variants:
            try:
                cand = transform_candidate(base, expand, carry_outside, whole, generated)
            except (HlsError, isl.Error, Unsupported):
                continue  # a candidate the rest of the compiler cannot take is no candidate
            if cand is not None:
                cand.transformations = [*base.transformations, *cand.transformations]
                add(cand)
    # (then a row of an array in a buffer of its own, in the best order: where it pays for its copies)
    buffered = [] if cands else row_buffer_candidates(fn)
    if not cands and not buffered:
        return fn
    before = counter.exact(fn)
    if before is None:  # loop bounds from arguments: no count to compare
        fn.transformations = [*(cands or buffered)[0].transformations, "not applied: the cycles depend on the arguments"]
        return fn
    # ranked by the estimate, the first few counted exactly
    ranked = sorted((count, n) for n, c in enumerate(cands) if (count := counter.estimate(c)) is not None)
    scored = [(count, n, cands[n]) for _, n in ranked[:_EXACTLY_COUNTED] if (count := counter.exact(cands[n])) is not None]
    if cands and not scored:
        fn.transformations = [*cands[0].transformations, "not applied: no candidate could be scheduled"]
        return fn
    after, _, best = min(scored, key=lambda x: (x[0], x[1])) if scored else (before, 0, fn)
    for cand in row_buffer_candidates(best) if scored else buffered:
        if (count := counter.exact(cand)) is not None and count < after:
            after, best = count, cand
    # (each counted exactly: a few at most, one with every legal sinking and one per nest)
    try:
        sunk = sinking_candidates(best)
    except (HlsError, isl.Error, Unsupported):
        sunk = []  # (as for the other candidates: one the analysis cannot take is no candidate)
    for cand in sunk:
        if (count := counter.exact(cand)) is not None and count < after:
            after, best = count, cand
    if best is fn:
        return fn
    if after >= before:
        fn.transformations = [*best.transformations, f"not applied: {after} cycles against {before} in the source order"]
        return fn
    best.transformations.append(f"applied: {after} cycles instead of {before} in the source order")
    return best
