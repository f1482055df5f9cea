"""CP-SAT scheduling of one straight-line region (a DAG of operations) with OR-Tools.

Minimises the schedule length, then the sum of value lifetimes weighted by bit width (registers),
under dependence edges, one access per memory port per cycle, and chaining limits (a chain of
combinational operations longer than the clock budget is split by a register).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ortools.sat.python import cp_model


@dataclass
class DagNode:
    latency: int  # cycles from start to result/effect complete (0 for combinational)
    comb_delay: float = 0.0  # ns, for combinational nodes
    resource: object | None = None  # nodes sharing a resource need distinct start cycles
    width: int = 0  # result bits (lifetime weight)


@dataclass
class Dag:
    nodes: list[DagNode] = field(default_factory=list)
    # (src, dst, min distance between starts)
    edges: list[tuple[int, int, int]] = field(default_factory=list)
    # (src, dst): dst consumes src's value (for lifetimes and chaining)
    data_edges: list[tuple[int, int]] = field(default_factory=list)

    def add(self, node: DagNode) -> int:
        self.nodes.append(node)
        return len(self.nodes) - 1


class ScheduleInfeasible(Exception):
    pass


def schedule_dag(dag: Dag, budget_ns: float, min_length: int = 0, time_limit_s: float = 10.0) -> tuple[list[int], int]:
    """Start cycles of every node and the region length (every node complete by then)."""
    n = len(dag.nodes)
    if n == 0:
        return [], min_length
    horizon = sum(max(nd.latency, 1) for nd in dag.nodes) + min_length + 1
    m = cp_model.CpModel()
    s = [m.new_int_var(0, horizon, f"s{i}") for i in range(n)]
    length = m.new_int_var(min_length, horizon + max(nd.latency for nd in dag.nodes), "length")
    for i, nd in enumerate(dag.nodes):
        m.add(length >= s[i] + nd.latency)
    for a, b, d in dag.edges:
        m.add(s[b] >= s[a] + d)
    by_res: dict[object, list[int]] = {}
    for i, nd in enumerate(dag.nodes):
        if nd.resource is not None:
            by_res.setdefault(nd.resource, []).append(i)
    for members in by_res.values():
        if len(members) > 1:
            m.add_all_different([s[i] for i in members])
    for a, b, d in _chain_constraints(dag, budget_ns):
        m.add(s[b] >= s[a] + d)
    lifetime = []
    for a, b in dag.data_edges:
        w = max(dag.nodes[a].width, 1)
        lifetime.append(w * (s[b] - s[a] - dag.nodes[a].latency))
    weight = sum(max(nd.width, 1) for nd in dag.nodes) * horizon + 1
    m.minimize(length * weight + sum(lifetime))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 1
    solver.parameters.max_time_in_seconds = time_limit_s
    status = solver.solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise ScheduleInfeasible("no schedule found")
    return [int(solver.value(v)) for v in s], int(solver.value(length))


def _chain_constraints(dag: Dag, budget_ns: float) -> list[tuple[int, int, int]]:
    """SDC-style chaining: nodes joined by a combinational path longer than the budget must not
    share a cycle."""
    n = len(dag.nodes)
    preds: list[list[int]] = [[] for _ in range(n)]
    for a, b in dag.data_edges:
        preds[b].append(a)
    out: list[tuple[int, int, int]] = []
    # longest combinational delay from each comb node u to each comb node v (nodes are in topological order)
    for u in range(n):
        if dag.nodes[u].latency != 0:
            continue
        dist: dict[int, float] = {u: dag.nodes[u].comb_delay}
        for v in range(u + 1, n):
            nd = dag.nodes[v]
            if nd.latency != 0:
                continue
            best = max((dist[p] for p in preds[v] if p in dist), default=None)
            if best is None:
                continue
            dist[v] = best + nd.comb_delay
            if dist[v] > budget_ns:
                out.append((u, v, 1))
    return out
