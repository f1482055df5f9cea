"""CP-SAT scheduling of one straight-line region (a DAG of operations) with OR-Tools.

Minimises the schedule length, then the sum of value lifetimes weighted by bit width (registers),
under dependence edges, one access per memory port per cycle, and chaining limits (a chain of
combinational operations longer than the clock budget is split by a register).

With an initiation interval (modulo scheduling of a pipelined loop body) edges may carry an
iteration distance (``s_dst + II*dist >= s_src + delay``) and every resource is reserved modulo
II. ``minimum_ii`` gives the lower bound MII = max(ResMII, RecMII) and the recurrence that sets it.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ortools.sat.python import cp_model


@dataclass
class DagNode:
    latency: int  # cycles from start to result/effect complete (0 for combinational)
    comb_delay: float = 0.0  # ns, for combinational nodes
    resource: object | None = None  # nodes sharing a resource need distinct start cycles (modulo II)
    width: int = 0  # result bits (lifetime weight)
    # ns of logic between a multi-cycle node's operands and its first register (a RAM port's
    # address arithmetic, selection and setup): combinational operands chain into it
    input_delay: float = 0.0


@dataclass
class Dag:
    nodes: list[DagNode] = field(default_factory=list)
    # (src, dst, min distance between starts, iteration distance)
    edges: list[tuple[int, int, int, int]] = field(default_factory=list)
    # (src, dst): dst consumes src's value (for lifetimes and chaining)
    data_edges: list[tuple[int, int]] = field(default_factory=list)

    def add(self, node: DagNode) -> int:
        self.nodes.append(node)
        return len(self.nodes) - 1

    def edge(self, src: int, dst: int, delay: int, distance: int = 0) -> None:
        self.edges.append((src, dst, delay, distance))


class ScheduleInfeasible(Exception):
    pass


@dataclass
class MiiBound:
    res_mii: int
    rec_mii: int
    resource: object | None  # the resource that sets ResMII
    recurrence: list[int]  # nodes on the cycle that sets RecMII (empty if none)

    @property
    def mii(self) -> int:
        return max(self.res_mii, self.rec_mii, 1)


def minimum_ii(dag: Dag, capacity: dict[object, int] | None = None, budget_ns: float | None = None) -> MiiBound:
    """ResMII from resource use, RecMII from the recurrences (smallest II with no positive cycle).
    With ``budget_ns`` the chaining limits count as edges too: a recurrence through combinational
    operations longer than the clock budget needs a register, and so a cycle, on its way."""
    by_res: dict[object, int] = {}
    for nd in dag.nodes:
        if nd.resource is not None:
            by_res[nd.resource] = by_res.get(nd.resource, 0) + 1
    res_mii, res_which = 1, None
    for res, count in by_res.items():
        need = math.ceil(count / (capacity or {}).get(res, 1))
        if need > res_mii:
            res_mii, res_which = need, res
    every = list(dag.edges)
    if budget_ns is not None:
        every += [(a, b, d, 0) for a, b, d in chain_constraints(dag, budget_ns)]
    # only edges within a strongly connected component through a carried edge can close a cycle
    comp = strong_components(len(dag.nodes), [(a, b) for a, b, _, _ in every])
    looping = {comp[a] for a, b, _, k in every if k > 0 and comp[a] == comp[b]}
    edges = [e for e in every if comp[e[0]] == comp[e[1]] and comp[e[0]] in looping]
    if not edges:
        return MiiBound(res_mii, 1, res_which, [])
    hi = sum(max(d, 0) for _, _, d, _ in edges) + 1
    lo = 1
    while lo < hi:  # the smallest II without a positive cycle
        mid = (lo + hi) // 2
        if _positive_cycle(len(dag.nodes), edges, mid) is None:
            hi = mid
        else:
            lo = mid + 1
    cycle = _positive_cycle(len(dag.nodes), edges, lo - 1) if lo > 1 else None
    return MiiBound(res_mii, lo, res_which, cycle or [])


def strong_components(n: int, edges: Iterable[tuple[int, int]]) -> list[int]:
    """The strongly connected component of each of ``n`` nodes, as the number of one of its nodes
    (Kosaraju, iteratively: a scheduled body may have thousands of nodes)."""
    succ: list[list[int]] = [[] for _ in range(n)]
    pred: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        succ[a].append(b)
        pred[b].append(a)
    order: list[int] = []
    seen = [False] * n
    for root in range(n):
        if seen[root]:
            continue
        seen[root] = True
        stack = [(root, 0)]
        while stack:
            v, k = stack.pop()
            if k < len(succ[v]):
                stack.append((v, k + 1))
                w = succ[v][k]
                if not seen[w]:
                    seen[w] = True
                    stack.append((w, 0))
            else:
                order.append(v)
    comp = [-1] * n
    for root in reversed(order):
        if comp[root] != -1:
            continue
        comp[root] = root
        todo = [root]
        while todo:
            v = todo.pop()
            for w in pred[v]:
                if comp[w] == -1:
                    comp[w] = root
                    todo.append(w)
    return comp


def _positive_cycle(n: int, edges: list[tuple[int, int, int, int]], ii: int) -> list[int] | None:
    """A cycle of positive weight (delay - ii*distance) among ``edges`` over ``n`` nodes, by
    Bellman-Ford on longest paths."""
    dist = [0] * n
    pred: list[int | None] = [None] * n
    last = None
    rounds = len({a for a, _, _, _ in edges} | {b for _, b, _, _ in edges})  # (the nodes on cycles)
    for _ in range(rounds):
        last = None
        for a, b, d, k in edges:
            w = d - ii * k
            if dist[a] + w > dist[b]:
                dist[b] = dist[a] + w
                pred[b] = a
                last = b
        if last is None:
            return None
    if last is None:
        return None
    v: int = last
    for _ in range(rounds):
        p = pred[v]
        assert p is not None
        v = p
    cycle = [v]
    p = pred[v]
    while p is not None and p != v:
        cycle.append(p)
        p = pred[p]
    cycle.reverse()
    return cycle


Solved = tuple[list[int], int, dict[int, int]]

# the IIs above MII tried one by one before the search gallops: where neither the list scheduler
# nor CP-SAT within its limit finds a schedule near MII (a body of hundreds of unrolled operations
# on one port with recurrences through them, fuzz 940000-76), trying each II took an hour
LINEAR_II_STEPS = 8
MAX_II = 4096


def lowest_ii(schedule_at: Callable[[int], Solved], first: int) -> tuple[int, Solved]:
    """The lowest II from ``first`` at which ``schedule_at`` finds a modulo schedule, with that
    schedule: the next LINEAR_II_STEPS IIs one by one, then in growing steps and a binary search
    back into the last step (the lowest found where feasibility grows with the II, as it does but
    for the solver's limit). Raises ScheduleInfeasible beyond MAX_II."""

    def attempt(ii: int) -> Solved | None:
        try:
            return schedule_at(ii)
        except ScheduleInfeasible:
            return None

    for ii in range(first, first + LINEAR_II_STEPS):
        found = attempt(ii)
        if found is not None:
            return ii, found
    failed, step = first + LINEAR_II_STEPS - 1, 2
    while True:
        ii = min(failed + step, MAX_II)
        found = attempt(ii)
        if found is not None:
            break
        if ii == MAX_II:
            raise ScheduleInfeasible(f"no schedule at any II up to {MAX_II}")
        failed, step = ii, step * 2
    lo, hi = failed + 1, ii  # a schedule at hi, none at failed
    while lo < hi:
        mid = (lo + hi) // 2
        at_mid = attempt(mid)
        if at_mid is not None:
            hi, found = mid, at_mid
        else:
            lo = mid + 1
    return hi, found


def schedule_dag(
    dag: Dag,
    budget_ns: float,
    min_length: int = 0,
    time_limit_s: float = 10.0,
    ii: int | None = None,
    capacity: dict[object, int] | None = None,
) -> tuple[list[int], int, dict[int, int]]:
    """Start cycles of every node, the region length (every node complete by then), and the
    unit (port) chosen for each node of a resource with capacity > 1.

    With ``ii`` the schedule is a modulo schedule; raises ScheduleInfeasible if none exists.
    A resource with capacity k has k identical units (memory ports); using unit 1 and up costs a
    little, so a second port appears only where it shortens the schedule or lowers the II.
    """
    capacity = capacity or {}
    n = len(dag.nodes)
    if n == 0:
        return [], min_length, {}
    key = _problem_key(dag, budget_ns, min_length, time_limit_s, ii, capacity)
    known = _SOLVED.get(key)
    if known is None:
        try:
            known = _schedule_dag(dag, budget_ns, min_length, time_limit_s, ii, capacity)
        except ScheduleInfeasible:
            known = None
        if len(_SOLVED) >= _SOLVED_MAX:
            _SOLVED.pop(next(iter(_SOLVED)))
        _SOLVED[key] = known
    if known is None:
        raise ScheduleInfeasible("no schedule found")
    starts, length, units = known
    return list(starts), length, dict(units)


# Problems solved in this process and their schedules (None: infeasible). The loop transformations
# and the exploration schedule candidate kernels whose loops are often the same problem as the
# final kernel's (fp_libm's two longest solves, 4 s each, were one problem): the solver is
# deterministic, so its answer to the same problem is the same.
_SOLVED: dict[tuple[object, ...], tuple[list[int], int, dict[int, int]] | None] = {}
_SOLVED_MAX = 512


def _problem_key(dag: Dag, budget_ns: float, min_length: int, time_limit_s: float, ii: int | None, capacity: dict[object, int]) -> tuple[object, ...]:
    """Everything ``schedule_dag``'s answer depends on, with each resource named by the first
    node that uses it (resources are objects of the caller's, one per memory or unit kind)."""
    ids: dict[object, int] = {}
    nodes = []
    for i, nd in enumerate(dag.nodes):
        res = None if nd.resource is None else ids.setdefault(nd.resource, i)
        nodes.append((nd.latency, nd.comb_delay, res, nd.width, nd.input_delay))
    caps = tuple(sorted((ids[r], k) for r, k in capacity.items() if r in ids))
    return (tuple(nodes), tuple(dag.edges), tuple(dag.data_edges), budget_ns, min_length, time_limit_s, ii, caps)


def _schedule_dag(
    dag: Dag, budget_ns: float, min_length: int, time_limit_s: float, ii: int | None, capacity: dict[object, int]
) -> tuple[list[int], int, dict[int, int]]:
    """``schedule_dag`` itself (the solver's work)."""
    chains = chain_constraints(dag, budget_ns)
    greedy = greedy_schedule(dag, chains, min_length, ii, capacity)
    if greedy is not None:
        # the optimum is no longer than the list schedule, which is a valid fallback
        solved = _solve(dag, chains, min_length, time_limit_s, ii, capacity, greedy[1], greedy)
        return solved if solved is not None else greedy
    loose = sum(max(nd.latency, 1) for nd in dag.nodes) + min_length + 1 + sum(max(d, 0) for _, _, d, _ in dag.edges)
    # no list schedule to start from (a recurrence it breaks): search first within twice the
    # length of a schedule that ignores the recurrences, where the solver converges, then anywhere;
    # at an II there may be no schedule at all, and proving it takes the solver its whole limit:
    # a fifth of it each (the caller then tries the next II)
    if ii is not None:
        time_limit_s /= 5
    flat = greedy_schedule(dag, chains, min_length, None, capacity)
    if flat is not None and 2 * flat[1] + (ii or 0) < loose:
        solved = _solve(dag, chains, min_length, time_limit_s, ii, capacity, 2 * flat[1] + (ii or 0), None)
        if solved is not None:
            return solved
    solved = _solve(dag, chains, min_length, time_limit_s, ii, capacity, loose, None)
    if solved is None:
        raise ScheduleInfeasible("no schedule found")
    return solved


def _solve(
    dag: Dag, chains: list[tuple[int, int, int]], min_length: int, time_limit_s: float, ii: int | None, capacity: dict[object, int],
    horizon: int, greedy: tuple[list[int], int, dict[int, int]] | None,
) -> tuple[list[int], int, dict[int, int]] | None:  # fmt: skip
    """The CP-SAT schedule with every start at most ``horizon`` (None if none is found)."""
    n = len(dag.nodes)
    bounds = _start_bounds(dag, chains, ii, horizon)
    if bounds is None:
        return None
    earliest, latest = bounds
    m = cp_model.CpModel()
    s = [m.new_int_var(earliest[i], latest[i], f"s{i}") for i in range(n)]
    length = m.new_int_var(min_length, horizon + max(nd.latency for nd in dag.nodes), "length")
    for i, nd in enumerate(dag.nodes):
        m.add(length >= s[i] + nd.latency)
    for a, b, d, k in dag.edges:
        if k and ii is None:
            continue  # iteration distances matter only when iterations overlap
        m.add(s[b] + (ii or 0) * k >= s[a] + d)
    by_res: dict[object, list[int]] = {}
    for i, nd in enumerate(dag.nodes):
        if nd.resource is not None:
            by_res.setdefault(nd.resource, []).append(i)
    unit_vars: dict[int, cp_model.IntVar] = {}
    for res, members in by_res.items():
        k = capacity.get(res, 1)
        if ii is not None and len(members) > ii * k:
            raise ScheduleInfeasible("more accesses than slots")
        if len(members) < 2:
            continue
        keys: list[cp_model.IntVar] = []
        for i in members:
            if ii is None:
                base: cp_model.IntVar = s[i]
            else:
                slot = m.new_int_var(0, ii - 1, f"slot{i}")
                m.add_modulo_equality(slot, s[i], ii)
                base = slot
            if k > 1:
                unit = m.new_int_var(0, k - 1, f"unit{i}")
                unit_vars[i] = unit
                key = m.new_int_var(0, (horizon + 1) * k, f"key{i}")
                m.add(key == cp_model.LinearExpr.weighted_sum([base, unit], [k, 1]))
                keys.append(key)
            else:
                keys.append(base)
        m.add_all_different(keys)
    for a, b, d in chains:
        m.add(s[b] >= s[a] + d)
    if greedy is not None:
        for i, v in enumerate(greedy[0]):
            m.add_hint(s[i], v)
        for i, u in greedy[2].items():
            if i in unit_vars:
                m.add_hint(unit_vars[i], u)
    lifetime = []
    for a, b in dag.data_edges:
        w = max(dag.nodes[a].width, 1)
        lifetime.append(w * (s[b] - s[a] - dag.nodes[a].latency))
    unit_cost = 64  # like a 64-bit value held one more cycle
    weight = sum(max(nd.width, 1) for nd in dag.nodes) * (horizon + 1) + unit_cost * len(unit_vars) + 1
    m.minimize(length * weight + sum(lifetime) + unit_cost * sum(unit_vars.values()))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 1
    # a deterministic work limit (not wall-clock time) keeps reruns byte-identical
    solver.parameters.max_deterministic_time = time_limit_s
    status = solver.solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    units = {i: int(solver.value(u)) for i, u in unit_vars.items()}
    return [int(solver.value(v)) for v in s], int(solver.value(length)), units


def _start_bounds(dag: Dag, chains: list[tuple[int, int, int]], ii: int | None, horizon: int) -> tuple[list[int], list[int]] | None:
    """The earliest and latest start of every node within ``horizon`` under the edges (at ``ii``)
    and chains. CP-SAT's presolve reaches the same bounds, but one step per pass around a
    recurrence: on a body of 2,000 unrolled operations that took 9 s of wall time, which the
    deterministic limit does not count. None if a node has no start in the horizon (no schedule)."""
    arcs = [(a, b, d - (ii or 0) * k) for a, b, d, k in dag.edges if not (k and ii is None)] + chains
    n = len(dag.nodes)
    earliest = _longest_paths(n, arcs, horizon)
    # (the longest path on from each node, over the arcs reversed, last first: it converges sooner)
    tails = _longest_paths(n, [(b, a, w) for a, b, w in reversed(arcs)], horizon)
    if earliest is None or tails is None:
        return None
    latest = [horizon - t for t in tails]
    if any(lo > hi for lo, hi in zip(earliest, latest)):
        return None
    return earliest, latest


def _longest_paths(n: int, arcs: list[tuple[int, int, int]], limit: int) -> list[int] | None:
    """The longest path (at least 0) into each of ``n`` nodes over weighted ``arcs``, by
    Bellman-Ford; None once one exceeds ``limit`` (which also ends a positive cycle)."""
    dist = [0] * n
    changed = True
    while changed:
        changed = False
        for a, b, w in arcs:
            if dist[a] + w > dist[b]:
                dist[b] = dist[a] + w
                if dist[b] > limit:
                    return None
                changed = True
    return dist


def greedy_schedule(
    dag: Dag, chains: list[tuple[int, int, int]], min_length: int, ii: int | None, capacity: dict[object, int]
) -> tuple[list[int], int, dict[int, int]] | None:
    """A list schedule (iterative-modulo style): nodes in topological order, each at its earliest
    cycle with a free unit (modulo II). None if an edge back to an earlier node is violated."""
    n = len(dag.nodes)
    preds: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for a, b, d, k in dag.edges:
        if k == 0:
            preds[b].append((a, d))
    for a, b, d in chains:
        preds[b].append((a, d))
    starts = [0] * n
    units: dict[int, int] = {}
    busy: dict[tuple[object, int, int], bool] = {}
    for v in range(n):
        t = max((starts[a] + d for a, d in preds[v] if a < v), default=0)
        res = dag.nodes[v].resource
        if res is not None:
            k = capacity.get(res, 1)
            while True:
                slot = t % ii if ii is not None else t
                free = next((u for u in range(k) if (res, slot, u) not in busy), None)
                if free is not None:
                    busy[(res, slot, free)] = True
                    if k > 1:
                        units[v] = free
                    break
                t += 1
                if ii is not None and t > 100_000:
                    return None
        starts[v] = t
    for a, b, d, k in dag.edges:
        if k and ii is None:
            continue
        if starts[b] + (ii or 0) * k < starts[a] + d:
            return None
    for a, b, d in chains:
        if starts[b] < starts[a] + d:
            return None
    length = max([min_length] + [starts[v] + dag.nodes[v].latency for v in range(n)])
    return starts, length, units


def chain_constraints(dag: Dag, budget_ns: float) -> list[tuple[int, int, int]]:
    """SDC-style chaining: nodes joined by a combinational path longer than the budget must not
    share a cycle.

    Only the first node where a path from ``u`` exceeds the budget gets a constraint: every node
    after it on that path already follows it through the data edges (also dependence edges), so
    their constraints would be implied; the search from ``u`` stops there, which keeps the number
    of constraints and the work near linear in the region's size. A multi-cycle node with an
    ``input_delay`` ends such paths: its operands' logic and its own must fit the budget together.
    """
    succs, ends = _comb_successors(dag)
    out: list[tuple[int, int, int]] = []
    for u in range(len(dag.nodes)):
        if dag.nodes[u].latency != 0 or not (succs[u] or ends[u]):
            continue
        out += [(u, v, 1) for v in _first_over(dag, succs, ends, budget_ns, u, dag.nodes[u].comb_delay)]
    return out


def _comb_successors(dag: Dag) -> tuple[list[list[int]], list[list[int]]]:
    """Each node's combinational consumers, and its multi-cycle consumers with an input delay."""
    n = len(dag.nodes)
    succs: list[list[int]] = [[] for _ in range(n)]
    ends: list[list[int]] = [[] for _ in range(n)]
    for a, b in dag.data_edges:
        if dag.nodes[a].latency == 0 and dag.nodes[b].latency == 0:
            succs[a].append(b)
        elif dag.nodes[a].latency == 0 and dag.nodes[b].input_delay > 0:
            ends[a].append(b)
    return succs, ends


def _first_over(dag: Dag, succs: list[list[int]], ends: list[list[int]] | None, budget_ns: float, u: int, at_u: float) -> list[int]:
    """The nodes where a combinational path from ``u``, whose output settles ``at_u`` ns into
    the cycle, first exceeds the budget (with ``ends``, also the multi-cycle consumers whose input
    delay it exceeds). A heap visits the nodes in index (topological) order, so every
    predecessor's delay is final before a node is visited."""
    out = [b for b in ends[u] if at_u + dag.nodes[b].input_delay > budget_ns] if ends else []
    arrival = {w: at_u for w in succs[u]}
    heap = sorted(arrival)
    while heap:
        v = heapq.heappop(heap)
        d = arrival.pop(v) + dag.nodes[v].comb_delay
        if d > budget_ns:
            out.append(v)
            continue
        if ends:
            out += [b for b in ends[v] if d + dag.nodes[b].input_delay > budget_ns]
        for w in succs[v]:
            if w in arrival:
                arrival[w] = max(arrival[w], d)
            else:
                arrival[w] = d
                heapq.heappush(heap, w)
    return out


def bypass_chain_edges(dag: Dag, budget_ns: float, bypasses: list[tuple[int, int, float]]) -> list[tuple[int, int, int, int]]:
    """Chaining through registers' bypasses, as edges to the next iteration.

    For each ``(store, load, select_ns)``, ``load`` reads in the next iteration the register that
    ``store`` writes; read in the write's cycle, it takes the value being written through a
    multiplexer of ``select_ns``. A combinational node ``u`` before the store and a node ``v``
    after the load whose path through the multiplexer exceeds the budget must not then share a
    cycle: ``start(v) + II >= start(u) + 1``. ``u`` is also the store itself (the multiplexer's
    own delay after a registered value). Nodes farther than the budget from the store are in an
    earlier cycle than it anyway (``chain_constraints``). The paths end at combinational nodes:
    a multi-cycle node's input delay is mostly its address's (a port's arithmetic and selection),
    while the value read through a bypass mostly reaches its data, a register's input
    (correlation's means, a register file written and read in one cycle, met 104 MHz on ECP5).
    """
    succs, _ = _comb_successors(dag)
    preds: list[list[int]] = [[] for _ in dag.nodes]
    for a, b in dag.data_edges:
        if dag.nodes[a].latency == 0:
            preds[b].append(a)
    out: set[tuple[int, int, int, int]] = set()
    for store, load, select_ns in bypasses:
        # each combinational node before the store: its longest delay through the store's operands
        tail: dict[int, float] = {store: 0.0}
        pending = {p: dag.nodes[p].comb_delay for p in preds[store]}
        heap = [-p for p in pending]
        heapq.heapify(heap)
        while heap:  # in reverse index order: a node's consumers are final before it
            v = -heapq.heappop(heap)
            t = pending.pop(v)
            if t > budget_ns:
                continue
            tail[v] = t
            for w in preds[v]:
                if w in pending:
                    pending[w] = max(pending[w], t + dag.nodes[w].comb_delay)
                else:
                    pending[w] = t + dag.nodes[w].comb_delay
                    heapq.heappush(heap, -w)
        for u, t in tail.items():
            at_load = t + select_ns + dag.nodes[load].comb_delay
            # (not the load itself: it is logic-free, and a read the schedule puts in the write's
            # cycle may move later to read the register itself, ``sink_register_reads``)
            out.update((u, v, 1, 1) for v in _first_over(dag, succs, None, budget_ns, load, at_load))
    return sorted(out)

