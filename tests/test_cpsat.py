"""The CP-SAT region scheduler's chaining constraints: every combinational path longer than the
clock budget is split by a register, with constraints only where a path first exceeds it."""

from __future__ import annotations

import random

import pytest

from hls.scheduler.cpsat import Dag, DagNode, ScheduleInfeasible, chain_constraints, greedy_schedule, schedule_dag


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


def test_a_port_input_delay_ends_a_chain() -> None:
    """Two additions (2 ns each) into a RAM access whose address logic and port take 4 ns: within
    a 7 ns budget the second addition fits before the port, the first does not (its result is
    registered: the access starts a cycle after it); a port with no input delay takes both."""
    for port_delay, expected in ((4.0, [(0, 2, 1)]), (0.0, [])):
        dag = Dag()
        dag.add(DagNode(0, 2.0, None, 8))
        dag.add(DagNode(0, 2.0, None, 8))
        dag.add(DagNode(2, 0.0, "mem", 64, port_delay))
        for a, b in ((0, 1), (1, 2)):
            dag.edge(a, b, dag.nodes[a].latency)
            dag.data_edges.append((a, b))
        assert chain_constraints(dag, 7.0) == expected
        starts, _, _ = schedule_dag(dag, 7.0, 1, 2.0, None, {"mem": 1})
        assert starts[2] - starts[0] == len(expected)
    # a port slower than the budget after a single addition: the addition's own result is registered
    dag = Dag()
    dag.add(DagNode(0, 2.0, None, 8))
    dag.add(DagNode(1, 0.0, "mem", 64, 6.0))
    dag.edge(0, 1, 0)
    dag.data_edges.append((0, 1))
    assert chain_constraints(dag, 7.0) == [(0, 1, 1)]


def _recurrence_on_one_port(n: int) -> Dag:
    """``n`` accesses to one single-port memory in a chain of latency 1, the last feeding the
    first of the next iteration: RecMII = ResMII = n."""
    dag = Dag()
    port = "mem"
    for i in range(n):
        dag.add(DagNode(1, 0.0, port, 32))
        if i:
            dag.edge(i - 1, i, 1)
    dag.edge(n - 1, 0, 1, 1)
    return dag


def test_start_bounds_are_the_longest_paths() -> None:
    from hls.scheduler.cpsat import _start_bounds

    dag = _recurrence_on_one_port(4)
    # at II 4 the carried edge leaves no slack: every start is fixed once the first is, within 10
    assert _start_bounds(dag, [], 4, 10) == ([0, 1, 2, 3], [7, 8, 9, 10])
    # at II 3 the cycle is positive: no start for anything
    assert _start_bounds(dag, [], 3, 1000) is None
    # without an II the carried edge does not count; a horizon shorter than the chain: none
    assert _start_bounds(dag, [], None, 3) == ([0, 1, 2, 3], [0, 1, 2, 3])
    assert _start_bounds(dag, [], None, 2) is None
    # a chaining constraint lengthens the paths like an edge
    assert _start_bounds(dag, [(0, 3, 5)], None, 10) == ([0, 1, 2, 5], [5, 8, 9, 10])


def test_modulo_schedule_of_a_long_recurrence_on_one_port() -> None:
    """(The bounds given to CP-SAT are the ones its presolve would reach, so the schedule is
    the optimum as before.)"""
    dag = _recurrence_on_one_port(40)
    starts, length, _ = schedule_dag(dag, 5.0, 1, 2.0, 40, {})
    assert starts == list(range(40)) and length == 40
    with pytest.raises(ScheduleInfeasible):
        schedule_dag(dag, 5.0, 1, 2.0, 39, {})


def test_lowest_ii_is_found_in_steps_that_grow() -> None:
    from hls.scheduler import cpsat

    for first, lowest in [(3, 3), (3, 10), (3, 11), (3, 200), (50, 1234)]:
        tried: list[int] = []

        def schedule_at(ii: int, lowest: int = lowest, tried: list[int] = tried) -> tuple[list[int], int, dict[int, int]]:
            tried.append(ii)
            if ii < lowest:
                raise ScheduleInfeasible("too low")
            return [ii], ii, {}

        ii, solved = cpsat.lowest_ii(schedule_at, first)
        assert ii == lowest and solved == ([ii], ii, {})
        if lowest < first + cpsat.LINEAR_II_STEPS:
            assert tried == list(range(first, lowest + 1))  # one by one near MII, as before
        else:
            assert len(tried) <= cpsat.LINEAR_II_STEPS + 2 * (lowest - first).bit_length()
    with pytest.raises(ScheduleInfeasible):
        cpsat.lowest_ii(lambda ii: (_ for _ in ()).throw(ScheduleInfeasible("never")), 1)


def test_rec_mii_counts_the_registers_that_break_long_chains() -> None:
    """A recurrence of three 2 ns combinational operations whose result the next iteration reads
    a cycle later has RecMII 1 by latencies, but at a 5 ns budget the chain needs a register, so
    no schedule exists below II 2: the bound says so when given the budget."""
    from hls.scheduler.cpsat import minimum_ii

    dag = Dag()
    nodes = [dag.add(DagNode(0, 2.0)) for _ in range(3)]
    for a, b in zip(nodes, nodes[1:]):
        dag.edge(a, b, 0)
        dag.data_edges.append((a, b))
    dag.edge(nodes[-1], nodes[0], 1, 1)  # the next iteration's first operation reads the result
    assert minimum_ii(dag).rec_mii == 1
    bound = minimum_ii(dag, None, 5.0)
    assert bound.rec_mii == 2 and {nodes[0], nodes[-1]} <= set(bound.recurrence)  # through the chain's cut
    with pytest.raises(ScheduleInfeasible):
        schedule_dag(dag, 5.0, 1, 2.0, 1, {})
    starts, _, _ = schedule_dag(dag, 5.0, 1, 2.0, 2, {})
    assert starts[2] - starts[0] >= 1


def test_a_chain_through_a_registers_bypass_needs_a_register() -> None:
    """A register read in the cycle of the previous iteration's write takes the value written
    through a multiplexer: the logic before the write, the multiplexer and the logic after the read
    are one path. Three 4 ns operations between the read and the write fit two cycles at a 10 ns
    budget, the write in the second: at II 1 the next iteration's first two would chain after the
    third, the bypass and its 1 ns multiplexer (14 ns). The edges to the next iteration say so:
    RecMII 2, and no schedule at II 1 (#13: u64_mix's hash on ECP5, 96.64 MHz)."""
    from hls.scheduler.cpsat import bypass_chain_edges, minimum_ii

    dag = Dag()
    read = dag.add(DagNode(0, 0.0))
    ops = [dag.add(DagNode(0, 4.0)) for _ in range(3)]
    write = dag.add(DagNode(1, 0.0))
    for a, b in zip([read, *ops], [*ops, write]):
        dag.edge(a, b, 0)
        dag.data_edges.append((a, b))
    dag.edge(read, write, 1)  # (the write after the read, as the lowering orders them)
    dag.edge(write, read, 0, 1)  # the next iteration's read, through the bypass in the write's cycle
    assert minimum_ii(dag, None, 10.0).rec_mii == 1
    edges = bypass_chain_edges(dag, 10.0, [(write, read, 1.0)])
    # from the last operation (4 ns before the write) to the second (4 + 1 + 4 + 4 ns: the first
    # fits at 9 ns), from the second (8 ns before) to the first (13 ns), and from the write itself
    # to the third (1 + 12 ns: implied by the chaining within an iteration, but where the search
    # from the bypass first exceeds the budget)
    assert edges == [(ops[1], ops[0], 1, 1), (ops[2], ops[1], 1, 1), (write, ops[2], 1, 1)]
    for a, b, d, k in edges:
        dag.edge(a, b, d, k)
    assert minimum_ii(dag, None, 10.0).rec_mii == 2
    with pytest.raises(ScheduleInfeasible):
        schedule_dag(dag, 10.0, 1, 2.0, 1, {})
    starts, _, _ = schedule_dag(dag, 10.0, 1, 2.0, 2, {})
    assert starts[write] >= starts[ops[2]]
    # a wide enough budget keeps every path in one cycle: no edge
    assert bypass_chain_edges(dag, 30.0, [(write, read, 1.0)]) == []
