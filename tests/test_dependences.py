"""dependences: exact RAW/WAR/WAW sets (compared as isl maps), distances and carrying loops."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import islpy as isl
import pytest

from conftest import model_from_source, run_hls
from hls.frontend.dependences import analyze, dependences
from hls.ir.affine import AffineModel, Dependence


def _deps(tmp_path: Path, src: str, top: str) -> AffineModel:
    return dependences(model_from_source(tmp_path, src, top))


def _find(model: AffineModel, kind: str, array: str, src: str, dst: str) -> list[Dependence]:
    return [d for d in model.dependences if d.kind == kind and d.array.name == array and d.source.name == src and d.sink.name == dst]


def _same(dep: Dependence, text: str) -> bool:
    expected = isl.Map(text).align_params(dep.relation.get_space())
    return bool(dep.relation.is_equal(expected))


def test_scalar_reduction(tmp_path: Path) -> None:
    m = _deps(tmp_path, "int r(const int a[8]) { int s = 0; for (int i = 0; i < 8; i++) s += a[i]; return s; }", "r")
    raw = _find(m, "RAW", "s", "S1", "S1")
    assert len(raw) == 1 and _same(raw[0], "{ S1[i] -> S1[i + 1] : 0 <= i < 7 }")
    assert raw[0].carried_by is not None and raw[0].distance[raw[0].carried_by] == (1, 1)
    first = _find(m, "RAW", "s", "S0", "S1")
    assert len(first) == 1 and _same(first[0], "{ S0[] -> S1[0] }")
    final = _find(m, "RAW", "s", "S1", "S2")
    assert len(final) == 1 and _same(final[0], "{ S1[7] -> S2[] }")
    assert not any(d.array.name == "a" for d in m.dependences)  # only read: no dependence


def test_gemm_shape(tmp_path: Path) -> None:
    src = """
    void g(double C[4][5], const double A[4][6], const double B[6][5]) {
      for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 5; j++) C[i][j] *= 2.0;
        for (int k = 0; k < 6; k++)
          for (int j = 0; j < 5; j++) C[i][j] += A[i][k] * B[k][j];
      }
    }"""
    m = _deps(tmp_path, src, "g")
    (init,) = _find(m, "RAW", "C", "S0", "S1")
    assert _same(init, "{ S0[i, j] -> S1[i, 0, j] : 0 <= i < 4 and 0 <= j < 5 }")
    (acc,) = _find(m, "RAW", "C", "S1", "S1")
    assert _same(acc, "{ S1[i, k, j] -> S1[i, k + 1, j] : 0 <= i < 4 and 0 <= k < 5 and 0 <= j < 5 }")
    k_loop = acc.carried_by
    assert k_loop is not None and k_loop.name == "g_L5"
    assert [d.kind for d in m.dependences if d.carried_by is not None and d.carried_by.name == "g_L6"] == []  # j carries nothing
    assert {d.array.name for d in m.dependences} == {"C"}


def test_seidel_distances_in_two_loops(tmp_path: Path) -> None:
    src = """
    void s(double A[8][8]) {
      for (int t = 0; t < 3; t++)
        for (int i = 1; i < 7; i++)
          for (int j = 1; j < 7; j++) A[i][j] = (A[i-1][j] + A[i][j-1] + A[i][j] + A[i][j+1] + A[i+1][j]) / 5.0;
    }"""
    m = _deps(tmp_path, src, "s")
    raw = _find(m, "RAW", "A", "S0", "S0")
    carriers = {d.carried_by.name for d in raw if d.carried_by is not None}
    assert carriers == {"s_L3", "s_L4", "s_L5"}
    assert all(d.carried_by is not None for d in raw)  # no loop-independent self dependence
    union = raw[0].relation
    for d in raw[1:]:
        union = union.union(d.relation)
    expected = isl.Map(
        "{ S0[t, i, j] -> S0[t, i, j + 1] : 0 <= t < 3 and 1 <= i < 7 and 1 <= j < 6;"
        "  S0[t, i, j] -> S0[t, i + 1, j] : 0 <= t < 3 and 1 <= i < 6 and 1 <= j < 7;"
        "  S0[t, i, j] -> S0[t + 1, i, j] : 0 <= t < 2 and 1 <= i < 7 and 1 <= j < 7;"
        "  S0[t, i, j] -> S0[t + 1, i - 1, j] : 0 <= t < 2 and 2 <= i < 7 and 1 <= j < 7;"
        "  S0[t, i, j] -> S0[t + 1, i, j - 1] : 0 <= t < 2 and 1 <= i < 7 and 2 <= j < 7 }"
    )
    assert union.is_equal(expected)


def test_affine_if_and_triangular(tmp_path: Path) -> None:
    src = """
    void t(int B[6][6], const int A[6][6]) {
      for (int i = 0; i < 6; i++)
        for (int k = i + 1; k < 6; k++)
          if (k > 3) B[i][0] += A[k][i];
    }"""
    m = _deps(tmp_path, src, "t")
    (acc,) = _find(m, "RAW", "B", "S0", "S0")
    assert _same(acc, "{ S0[i, k] -> S0[i, k + 1] : 0 <= i < 6 and k > 3 and i < k and k < 5 }")
    assert acc.distance[acc.carried_by] == (1, 1)  # type: ignore[index]


def test_non_affine_subscript_is_a_may_dependence(tmp_path: Path) -> None:
    src = "void h(int hist[8], const int d[16]) { for (int i = 0; i < 16; i++) hist[d[i] & 7] += 1; }"
    m = _deps(tmp_path, src, "h")
    raw = _find(m, "RAW", "hist", "S0", "S0")
    assert raw and all(d.may for d in raw)
    union = raw[0].relation
    assert union.is_equal(isl.Map("{ S0[i] -> S0[i2] : 0 <= i < i2 < 16 }"))


def test_floyd_warshall(tmp_path: Path) -> None:
    src = """
    void f(int p[5][5]) {
      for (int k = 0; k < 5; k++)
        for (int i = 0; i < 5; i++)
          for (int j = 0; j < 5; j++) p[i][j] = p[i][j] < p[i][k] + p[k][j] ? p[i][j] : p[i][k] + p[k][j];
    }"""
    m = _deps(tmp_path, src, "f")
    raw = _find(m, "RAW", "p", "S0", "S0")
    assert raw and all(d.carried_by is not None for d in raw)
    assert "f_L3" in {d.carried_by.name for d in raw if d.carried_by is not None}


def test_emit_deps_json(tmp_path: Path) -> None:
    src = tmp_path / "j.c"
    src.write_text("""
    void jac(double A[10], double B[10]) {
      for (int t = 0; t < 5; t++) {
        for (int i = 1; i < 9; i++) B[i] = 0.5 * (A[i] + A[9 - i]);
        for (int i = 1; i < 9; i++) A[i] = 0.5 * (B[i] + B[9 - i]);
      }
    }""")
    out = tmp_path / "o"
    proc = run_hls(str(src), "--top", "jac", "-o", str(out), "--emit", "deps")
    assert proc.returncode == 0, proc.stderr
    data = json.loads((out / "deps.json").read_text())
    kinds = {(d["kind"], d["array"], d["source"]["stmt"], d["sink"]["stmt"], d["carried_by"]) for d in data["dependences"]}
    assert kinds == {
        ("RAW", "B", "S0", "S1", None), ("WAR", "A", "S0", "S1", None), ("RAW", "A", "S1", "S0", "jac_L3"),
        ("WAR", "B", "S1", "S0", "jac_L3"), ("WAW", "A", "S1", "S1", "jac_L3"), ("WAW", "B", "S0", "S0", "jac_L3"),
    }
    raw_b = next(d for d in data["dependences"] if d["kind"] == "RAW" and d["array"] == "B")
    assert raw_b["distance"] == {"jac_L3": [0, 0]} and raw_b["source"]["line"] == 4
    assert [lp["trip_count"] for lp in data["loops"]] == [5, 8, 8]
    assert (out / "deps.txt").read_text().startswith("dependences of jac")


def test_decreasing_loop_follows_execution_order(tmp_path: Path) -> None:
    src = "void b(double x[8]) { for (int i = 6; i >= 0; i--) x[i] = x[i + 1] * 0.5 + x[i]; }"
    m = _deps(tmp_path, src, "b")
    (raw,) = _find(m, "RAW", "x", "S0", "S0")
    assert _same(raw, "{ S0[i] -> S0[i - 1] : 1 <= i <= 6 }")
    assert raw.distance[raw.carried_by] == (1, 1)  # type: ignore[index]
    assert not _find(m, "WAR", "x", "S0", "S0") or all(d.carried_by is None for d in _find(m, "WAR", "x", "S0", "S0"))


def _summary(m: AffineModel) -> set[tuple[str, str, str, str, str | None]]:
    return {(d.kind, d.array.name, d.source.name, d.sink.name, d.carried_by.name if d.carried_by else None) for d in m.dependences}


def test_atax_bicg_2mm_trmm_shapes(tmp_path: Path) -> None:
    atax = """
    void atax(const double A[4][5], const double x[5], double y[5], double tmp[4]) {
      for (int i = 0; i < 5; i++) y[i] = 0;
      for (int i = 0; i < 4; i++) {
        tmp[i] = 0.0;
        for (int j = 0; j < 5; j++) tmp[i] = tmp[i] + A[i][j] * x[j];
        for (int j = 0; j < 5; j++) y[j] = y[j] + A[i][j] * tmp[i];
      }
    }"""
    m = _deps(tmp_path, atax, "atax")
    assert _summary(m) == {
        ("RAW", "y", "S0", "S3", None), ("WAW", "y", "S0", "S3", None),
        ("RAW", "tmp", "S1", "S2", None), ("WAW", "tmp", "S1", "S2", None),
        ("RAW", "tmp", "S2", "S2", "atax_L6"), ("WAW", "tmp", "S2", "S2", "atax_L6"), ("WAR", "tmp", "S2", "S2", "atax_L6"),
        ("RAW", "tmp", "S2", "S3", None),
        ("RAW", "y", "S3", "S3", "atax_L4"), ("WAW", "y", "S3", "S3", "atax_L4"), ("WAR", "y", "S3", "S3", "atax_L4"),
    }
    (acc,) = _find(m, "RAW", "tmp", "S2", "S2")
    assert _same(acc, "{ S2[i, j] -> S2[i, j + 1] : 0 <= i < 4 and 0 <= j < 4 }")
    bicg = """
    void bicg(const double A[5][4], double s[4], double q[5], const double p[4], const double r[5]) {
      for (int i = 0; i < 4; i++) s[i] = 0;
      for (int i = 0; i < 5; i++) {
        q[i] = 0.0;
        for (int j = 0; j < 4; j++) { s[j] = s[j] + r[i] * A[i][j]; q[i] = q[i] + A[i][j] * p[j]; }
      }
    }"""
    m = _deps(tmp_path, bicg, "bicg")
    (s_acc,) = _find(m, "RAW", "s", "S2", "S2")
    assert _same(s_acc, "{ S2[i, j] -> S2[i + 1, j] : 0 <= i < 4 and 0 <= j < 4 }") and s_acc.carried_by.name == "bicg_L4"  # type: ignore[union-attr]
    (q_acc,) = _find(m, "RAW", "q", "S3", "S3")
    assert _same(q_acc, "{ S3[i, j] -> S3[i, j + 1] : 0 <= i < 5 and 0 <= j < 3 }") and q_acc.carried_by.name == "bicg_L6"  # type: ignore[union-attr]
    assert not _find(m, "RAW", "s", "S2", "S3") and not _find(m, "RAW", "q", "S2", "S3")  # no false dependence
    trmm = """
    void trmm(const double A[4][4], double B[4][3]) {
      for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
          for (int k = i + 1; k < 4; k++) B[i][j] += A[k][i] * B[k][j];
          B[i][j] = 2.0 * B[i][j];
        }
    }"""
    m = _deps(tmp_path, trmm, "trmm")
    (reads_later_rows,) = [d for d in _find(m, "WAR", "B", "S0", "S1") if d.carried_by is not None]
    # B[k][j] (k > i) is read before row k is updated in a later i iteration; the updates of row k
    # by S0 kill the older reads, so only k = 3 (which S0 never updates) reaches S1 directly
    assert _same(reads_later_rows, "{ S0[i, j, 3] -> S1[3, j] : 0 <= i < 3 and 0 <= j < 3 }")
    (war_s0,) = [d for d in _find(m, "WAR", "B", "S0", "S0") if d.carried_by is not None and d.carried_by.name == "trmm_L3"]
    assert _same(war_s0, "{ S0[i, j, k] -> S0[k, j, k + 1] : 0 <= i < k <= 2 and 0 <= j < 3 }")
    assert reads_later_rows.carried_by.name == "trmm_L3"  # type: ignore[union-attr]


def test_dataflow_over_budget_falls_back_to_a_conservative_dependence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """When isl's dataflow analysis exceeds its operation budget, the dependences are every
    ordered pair of accesses to one element (a superset of the exact ones), marked may."""
    import hls.frontend.dependences as dependences_module

    src = "void f(int a[8]) { for (int i = 1; i < 8; i++) a[i] = a[i - 1] + 1; }"
    exact = analyze(model_from_source(tmp_path, src, "f"))
    monkeypatch.setattr(dependences_module, "_FLOW_OPERATIONS", 1)
    coarse = analyze(model_from_source(tmp_path, src, "f"))
    assert exact and all(d.may for d in coarse) and not any(d.may for d in exact)
    for d in exact:
        same = [c.relation for c in coarse if (c.kind, c.source.name, c.sink.name) == (d.kind, d.source.name, d.sink.name)]
        assert same and d.relation.is_subset(functools.reduce(lambda a, b: a.union(b), same))


def test_counting_stops_above_the_limit(tmp_path: Path) -> None:
    from hls.frontend.dependences import count_dependences

    src = """
    void k(int a[16], int b[16]) {
      for (int i = 0; i < 16; i++) { a[i] = b[i] + 1; b[i] = a[i] * 2; a[i] += b[i]; }
    }
    """
    every = len(analyze(model_from_source(tmp_path, src, "k")))
    assert every > 4
    assert 4 < count_dependences(model_from_source(tmp_path, src, "k"), 4) < every
    assert count_dependences(model_from_source(tmp_path, src, "k"), every) == every
    # a complete count is the analysis the pass then takes
    assert len(dependences(model_from_source(tmp_path, src, "k")).dependences) == every


# scalars killed by writes in the body, inside inner loops and under affine conditions; a may-write
# under a data-dependent condition; array elements killed by a covering write
_WINDOWED_KERNEL = """
int k(int a[8], int b[8], int c[8]) {
  int s = 0, t = 0;
  for (int i = 0; i < 8; i++) {
    s = a[i];
    for (int j = 0; j < 8; j++) s += b[j];
    t += s;
    if (i > 2) s = 0;
    if (a[i] > 0) t = s;
    b[i] = s + t;
    c[i] = 0;
    c[i] += b[i];
  }
  s = t;
  for (int j = 0; j < 4; j++) t = t + j;
  for (int j = 0; j < 4; j++) { s += t; c[j] = s; }
  return s + t + c[3];
}
"""


def _by_key(deps: list[Dependence]) -> dict[tuple[str, str, str, str, str | None], list[Dependence]]:
    out: dict[tuple[str, str, str, str, str | None], list[Dependence]] = {}
    for d in deps:
        out.setdefault((d.kind, d.array.name, d.source.name, d.sink.name, None if d.carried_by is None else d.carried_by.name), []).append(d)
    return out


def test_windowed_analysis_is_the_whole_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Split by killing writes (and into problems of two sinks), the analysis finds exactly the
    dependences of one problem per array: relations, distances and may flags."""
    import hls.frontend.dependences as dependences_module

    whole = _by_key(analyze(model_from_source(tmp_path, _WINDOWED_KERNEL, "k")))
    monkeypatch.setattr(dependences_module, "_WINDOWED_FROM", 0)
    monkeypatch.setattr(dependences_module, "_SINKS_PER_PROBLEM", 2)
    split_calls: list[int] = []
    windows = dependences_module._windows

    def counted(*args: object) -> list[tuple[list[object], list[object]]]:
        out = windows(*args)  # type: ignore[arg-type]
        split_calls.append(len(out))
        return out  # type: ignore[return-value]

    monkeypatch.setattr(dependences_module, "_windows", counted)
    windowed = _by_key(analyze(model_from_source(tmp_path, _WINDOWED_KERNEL, "k")))
    assert max(split_calls) > 2  # the problems were split
    assert whole.keys() == windowed.keys() and len(whole) > 30
    for key, deps in whole.items():
        other = windowed[key]
        union = functools.reduce(lambda a, b: a.union(b), [d.relation for d in deps])
        assert union.is_equal(functools.reduce(lambda a, b: a.union(b), [d.relation for d in other])), key
        assert sorted(map(str, (d.distance.values() for d in deps))) == sorted(map(str, (d.distance.values() for d in other)))
        assert {d.may for d in deps} == {d.may for d in other}


def _guarded_updates(blocks: int) -> str:
    """A scalar updated under a data-dependent condition and read, ``blocks`` times in a row (the
    shape of inlined bit-stream readers: every write a may-write)."""
    body = "\n".join(f"  if (a[{k % 16}] > {k}) v = v + {k};\n  b[{k % 16}] = v;" for k in range(blocks))
    return f"int k(int a[16], int b[16]) {{\n  int v = a[0];\n{body}\n  return v;\n}}\n"


@pytest.mark.parametrize(("operations", "failing"), [(20_000, 0), (1, 0), (20_000, 2)], ids=["chain", "pairs", "some-windows-pairs"])
def test_chain_analysis_orders_every_conflicting_pair(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, operations: int, failing: int) -> None:
    """When the exact analysis of many may-writes exceeds its budget, each access depends on its
    nearest conflicting ones: a number of dependences linear in the accesses (the exact one has a
    RAW from every earlier may-write), that still orders every conflicting pair through the
    writes between them; the dependences are marked may. When even that exceeds the budget, each
    window it fails on (all, or every ``failing``-th) becomes every ordered pair of the window's
    accesses, which orders them all the same; the other windows keep the chain's."""
    import hls.frontend.dependences as dependences_module

    blocks = 60
    src = _guarded_updates(blocks)
    exact = [d for d in analyze(model_from_source(tmp_path, src, "k")) if d.array.name == "v"]
    monkeypatch.setattr(dependences_module, "_FLOW_OPERATIONS", operations)
    monkeypatch.setattr(dependences_module, "_WINDOWED_FROM", 0)
    monkeypatch.setattr(dependences_module, "_SINKS_PER_PROBLEM", 4)
    calls = {"chain": 0, "failed": 0}
    dataflow = dependences_module._dataflow

    def sometimes_failing(kind: str, sinks: object, window: object, space: object, chain: bool) -> object:
        if not chain:
            return None  # (the exact analysis over budget)
        calls["chain"] += 1
        if failing and calls["chain"] % failing == 0:
            calls["failed"] += 1
            return None
        return dataflow(kind, sinks, window, space, chain)  # type: ignore[arg-type]

    if failing:
        monkeypatch.setattr(dependences_module, "_dataflow", sometimes_failing)
    model = model_from_source(tmp_path, src, "k")
    chained = [d for d in analyze(model) if d.array.name == "v"]
    assert len(exact) > blocks * blocks // 2  # quadratic
    assert all(d.may for d in chained)
    if failing:
        assert calls["failed"] > 3 and calls["chain"] > calls["failed"]
    else:
        assert len(chained) < 6 * blocks
    edges = {(d.source.name, d.sink.name) for d in chained}
    reach: dict[str, set[str]] = {}
    for s in reversed(model.statements):
        reach[s.name] = set()
        for a, b in edges:
            if a == s.name:
                reach[s.name] |= {b} | reach.get(b, set())
    for d in exact:
        assert d.sink.name in reach[d.source.name], (d.kind, d.source.name, d.sink.name)
