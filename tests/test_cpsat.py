"""The CP-SAT region scheduler's chaining constraints: every combinational path longer than the
clock budget is split by a register, with constraints only where a path first exceeds it."""

from __future__ import annotations

import random

import pytest

from hls.scheduler.cpsat import Dag, DagNode, chain_constraints, greedy_schedule, schedule_dag


def _random_dag(rng: random.Random, n: int) -> Dag:
    dag = Dag()
    for _ in range(n):
        latency = 0 if rng.random() < 0.8 else rng.choice([1, 3])
        dag.add(DagNode(latency, rng.uniform(0.2, 2.0) if latency == 0 else 0.0, None, 8))
    for b in range(1, n):
        for a in rng.sample(range(b), min(b, rng.choice([1, 2, 3]))):
            dag.edge(a, b, dag.nodes[a].latency)
            dag.data_edges.append((a, b))
    return dag


def _long_paths(dag: Dag, budget: float) -> set[tuple[int, int]]:
    """Every pair of combinational nodes joined by a path of combinational nodes longer than the
    budget (brute force: the longest path from each node)."""
    n = len(dag.nodes)
    out = set()
    for u in range(n):
        if dag.nodes[u].latency:
            continue
        dist = {u: dag.nodes[u].comb_delay}
        for v in range(u + 1, n):
            if dag.nodes[v].latency:
                continue
            best = max((dist[a] for a, b in dag.data_edges if b == v and a in dist), default=None)
            if best is not None:
                dist[v] = best + dag.nodes[v].comb_delay
                if dist[v] > budget:
                    out.add((u, v))
    return out


def _implied_gap(dag: Dag, chains: list[tuple[int, int, int]], u: int) -> dict[int, int]:
    """The least start of every node after ``u`` relative to ``u`` that the dependence edges and
    chaining constraints imply (longest paths from ``u``)."""
    gap = {u: 0}
    succ: dict[int, list[tuple[int, int]]] = {}
    for a, b, d, k in dag.edges:
        if k == 0:
            succ.setdefault(a, []).append((b, d))
    for a, b, d in chains:
        succ.setdefault(a, []).append((b, d))
    for v in range(u, len(dag.nodes)):  # topological order
        if v in gap:
            for w, d in succ.get(v, []):
                gap[w] = max(gap.get(w, -(10**9)), gap[v] + d)
    return gap


@pytest.mark.parametrize("seed", range(20))
def test_every_long_path_is_split_by_the_constraints(seed: int) -> None:
    rng = random.Random(seed)
    dag = _random_dag(rng, 60)
    budget = 3.0
    chains = chain_constraints(dag, budget)
    for u, v in _long_paths(dag, budget):
        assert _implied_gap(dag, chains, u).get(v, 0) >= 1, (u, v)
    # no constraint on a pair whose paths all fit the budget
    assert all((u, v) in _long_paths(dag, budget) for u, v, _ in chains)


def test_constraints_stay_few_on_a_long_chain() -> None:
    """A chain of 400 adders at a third of the budget each: one constraint per node (the node
    three further on), not one to every later node; the schedule puts three per cycle (the last starts in cycle 133)."""
    dag = Dag()
    for i in range(400):
        dag.add(DagNode(0, 1.0, None, 32))
        if i:
            dag.edge(i - 1, i, 0)
            dag.data_edges.append((i - 1, i))
    chains = chain_constraints(dag, 3.0)
    assert sorted(chains) == [(u, u + 3, 1) for u in range(397)]
    starts, length, _ = schedule_dag(dag, 3.0, 1, 2.0, None, {})
    assert length == 133 and all(starts[i + 3] > starts[i] for i in range(397))
    assert greedy_schedule(dag, chains, 1, None, {}) is not None
