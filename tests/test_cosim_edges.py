"""Cosim's random inputs (no --tb) mix in edge values: 0, +-1, the integer types' limits, NaN,
infinities, signed zeros, subnormals and the largest finite values; scalars that bound loops stay
in their proven range; inputs on which the C function traps are drawn again."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import TESTS, run_hls
from hls.cosim import int_edge_values
from hls.ir.ctypes import IntType

EDGES = TESTS / "cosim_edges"
INT_MIN, INT_MAX = -(1 << 31), (1 << 31) - 1


def _cosim_random(tmp_path: Path, name: str, runs: int) -> tuple[str, dict]:  # type: ignore[type-arg]
    out = tmp_path / name
    proc = run_hls("cosim", str(EDGES / f"{name}.c"), "--top", name, "-o", str(out), "--runs", str(runs), "--seed", "3")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    result = json.loads((out / "cosim.json").read_text())
    assert result["status"] == "pass" and len(result["calls"]) == runs
    return proc.stdout, result


def test_random_inputs_contain_edge_values(tmp_path: Path) -> None:
    """edge_classes computes different results on NaN, -0.0, infinities, subnormals and INT_MIN
    (cosim passes: the RTL agrees on all of them) and its C function prints how many of each class
    every call received."""
    stdout, _ = _cosim_random(tmp_path, "edge_classes", 6)
    calls = []
    for line in stdout.splitlines():
        if line.startswith("classes "):
            counts, scalars = line.removeprefix("classes ").split(" scalars ")
            calls.append(([int(v) for v in counts.split()], [int(v) for v in scalars.split()]))
    assert len(calls) == 6
    names = ["double NaN", "double -inf", "double +inf", "double -0.0", "double +0.0", "double subnormal", "double +-max",
             "float NaN", "float -inf", "float +inf", "float -0.0", "float +0.0", "float subnormal", "float +-max",
             "INT_MIN", "INT_MAX", "int 0", "int -1", "unsigned char 255", "unsigned char 0"]  # fmt: skip
    with_edges = [calls[k][0] for k in (0, 1, 3, 4)]  # calls 1, 2, 4, 5
    for c, name in enumerate(names):
        assert sum(counts[c] for counts in with_edges) > 0, f"no {name} in the random inputs"
    # calls 2 and 5 are the ones biased to edge values
    assert sum(calls[1][0][:14]) > sum(calls[0][0][:14]) and sum(calls[4][0][:14]) > sum(calls[3][0][:14])
    # calls 3 and 6 are plain random values: no NaN, infinity, -0.0, subnormal, INT_MIN
    for k in (2, 5):
        counts = calls[k][0]
        assert [counts[c] for c in (0, 1, 2, 3, 5, 7, 8, 9, 10, 12, 14)] == [0] * 11
    # n bounds a loop over 128-element arrays: it stays in the range cosim proves ([0, 64])
    assert all(0 <= scalars[0] <= 64 for _, scalars in calls)
    # the other scalars get edge values of their types too
    k0_edges = set(int_edge_values(IntType(32, True, 3, "int")))
    k3_edges = set(int_edge_values(IntType(32, False, 3, "unsigned int")))
    assert any(scalars[1] in k0_edges or scalars[4] in k3_edges for _, scalars in calls)


def test_inputs_on_which_c_traps_are_drawn_again(tmp_path: Path) -> None:
    """div_edges divides input elements: edge values 0 and INT_MIN / -1 would crash the C function
    (SIGFPE); such inputs are drawn again with fewer edge values and every call still runs."""
    stdout, _ = _cosim_random(tmp_path, "div_edges", 6)
    assert "the C function trapped (SIGFPE)" in stdout


def test_int_edge_values() -> None:
    i32 = IntType(32, True, 3, "int")
    assert {0, 1, -1, INT_MIN, INT_MIN + 1, INT_MAX, INT_MAX - 1, 127, 128, -128, 255, 32767, 32768, -32768, 65535} == set(int_edge_values(i32))
    u8 = IntType(8, False, 1, "unsigned char")
    assert int_edge_values(u8) == [0, 1, 127, 128, 254, 255]
    u64 = IntType(64, False, 5, "unsigned long long")
    assert {(1 << 64) - 1, (1 << 63), (1 << 63) - 1, 0} <= set(int_edge_values(u64))
    # a loop bound's edge values stay inside its proven range
    assert int_edge_values(i32, 0, 64) == [0, 1, 63, 64]
    assert int_edge_values(IntType(1, False, 0, "_Bool")) == [0, 1]


def test_division_by_a_power_of_two_is_shifts_bit_exact(tmp_path: Path) -> None:
    """``/`` and ``%`` by constant powers of two become shifts, a mask and an addition (no divider
    unit in the schedule) with C's truncation toward zero, on random and edge inputs (INT_MIN,
    -1, the limits of every width)."""
    _cosim_random(tmp_path, "pow2_div", 6)
    hir = (tmp_path / "pow2_div" / "pow2_div.hir").read_text()
    assert not any(f"hir.unit.{unit}" in hir for unit in ("sdiv", "udiv", "srem", "urem"))
    assert "comb.ashr" in hir and "comb.lshr" in hir
