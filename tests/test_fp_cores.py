"""The synthesizable IEEE-754 cores (templates/lib/hls_*_core.sv): lint clean under
``verilator -Wall`` for every format, latency and integer width the backend instantiates, and
bit-exact with the host's C on a seeded batch of random and edge-case operands for all 64
operators, combinational and pipelined at the latencies of each target file (``make fp-check
N=... TARGET=...`` runs any number; scripts/check_fp_cores.py)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIB = ROOT / "templates" / "lib"
sys.path.insert(0, str(ROOT / "scripts"))

from check_fp_cores import check_fp_cores  # noqa: E402

FORMATS = [{"EW": "8", "MW": "23"}, {"EW": "11", "MW": "52"}]
WIDTHS = [8, 16, 32, 64]
ROUNDING = ["hls_fp_mul_core", "hls_fp_fma_core", "hls_fp_div_core", "hls_fp_sqrt_core", "hls_fp_trunc_core", "hls_int_to_fp_core", "hls_fp_scale_core"]
PIPELINED = ["hls_fp_addsub_core", "hls_fp_mul_core", "hls_fp_fma_core", "hls_fp_div_core", "hls_fp_sqrt_core"]
SCALE = "hls_fp_scale_core"  # a product by a constant power of two (its K and NEG below)
NORMALISING = [*PIPELINED, SCALE, "hls_fp_ext_core", "hls_int_to_fp_core"]  # count leading zeros with hls_fp_clz


def _lint_cases() -> list[tuple[str, dict[str, str]]]:
    cases: list[tuple[str, dict[str, str]]] = []
    for fmt in FORMATS:
        cases += [("hls_fp_round_core", {**fmt, "LATENCY": str(lat)}) for lat in (0, 1)]
        for core in PIPELINED:
            deep = (15, 28, 29, 30, 31, 57, 58, 59, 60) if core in ("hls_fp_div_core", "hls_fp_sqrt_core") else ()  # a row per cycle and more
            deep = (10, 11, 12, 13, 14, 15, 16) if core == "hls_fp_fma_core" else deep  # the normalisation, decoding, operand and packing cuts
            cases += [(core, {**fmt, "LATENCY": str(lat)}) for lat in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, *deep)]
        cases += [("hls_fp_cmp_core", {**fmt, "OP": str(op)}) for op in range(6)]
        for k, neg in ((-9, "1'b0"), (-8, "1'b1"), (-3, "1'b0"), (-1, "1'b1"), (0, "1'b1"), (1, "1'b0"), (5, "1'b1"), (8, "1'b0"), (9, "1'b1")):
            cases += [(SCALE, {**fmt, "K": str(k), "NEG": neg, "LATENCY": str(lat)}) for lat in (0, 1, 2, 3, 4, 5, 6)]
        for w in WIDTHS:
            for signed in ("1'b0", "1'b1"):
                cases += [("hls_int_to_fp_core", {"IW": str(w), "SIGNED": signed, **fmt, "LATENCY": str(lat)}) for lat in (0, 1, 2, 3, 4, 5, 6)]
                cases += [("hls_fp_to_int_core", {**fmt, "OW": str(w), "UNSIGNED": signed, "LATENCY": str(lat)}) for lat in (0, 1, 2, 3, 4, 5)]
    cases += [("hls_fp_ext_core", {"EWI": "8", "MWI": "23", "EWO": "11", "MWO": "52", "LATENCY": str(lat)}) for lat in (0, 1, 2, 3, 4, 5)]
    cases += [("hls_fp_trunc_core", {"EWI": "11", "MWI": "52", "EWO": "8", "MWO": "23", "LATENCY": str(lat)}) for lat in (0, 1, 2, 3, 4)]
    return cases


LINT_CASES = _lint_cases()


@pytest.mark.parametrize(("module", "params"), LINT_CASES, ids=["-".join([m, *p.values()]) for m, p in LINT_CASES])
def test_core_lints_clean(module: str, params: dict[str, str]) -> None:
    files = [LIB / f"{module}.sv"] + ([LIB / "hls_fp_round_core.sv"] if module in ROUNDING else [])
    files += [LIB / "hls_fp_round_prep.sv"] if module in ROUNDING or module == "hls_fp_round_core" else []
    files += [LIB / "hls_fp_pipe.sv"] if module in PIPELINED or module in ROUNDING or module in ("hls_fp_round_core", "hls_fp_to_int_core", "hls_int_to_fp_core", "hls_fp_trunc_core", "hls_fp_ext_core") else []
    files += [LIB / "hls_fp_classify.sv"] if module in PIPELINED or module == SCALE else []
    files += [LIB / "hls_fp_scale_up_core.sv", LIB / "hls_fp_scale_down_core.sv"] if module == SCALE else []
    files += [LIB / "hls_fp_clz.sv"] if module in NORMALISING else []
    files += [LIB / "hls_mul.sv"] if module in ("hls_fp_mul_core", "hls_fp_fma_core") else []
    cmd = ["verilator", "--lint-only", "-Wall", *(f"-G{k}={v}" for k, v in params.items()), "--top-module", module,
           *map(str, files)]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True)
    output = (proc.stdout + proc.stderr).strip()
    assert proc.returncode == 0 and not output, f"{' '.join(cmd)}\n{output}"


@pytest.mark.parametrize(("pipelined", "target"), [(False, "default"), (True, "default"), (True, "ecp5")], ids=["combinational", "pipelined", "pipelined-ecp5"])
def test_cores_bit_exact_with_c(tmp_path: Path, pipelined: bool, target: str) -> None:
    proc = check_fp_cores(40_000 if target == "default" else 20_000, 20261124, tmp_path, pipelined, target)
    counts = dict(re.findall(r" (\w+) (\d+)", proc.stdout.split("mismatches:")[-1]))
    assert len(counts) == 64, proc.stdout + proc.stderr
    assert proc.returncode == 0 and set(counts.values()) == {"0"}, proc.stdout


def test_check_finds_a_wrong_rounding(tmp_path: Path) -> None:
    """The check is not blind: rounding ties away from zero (instead of to even) in the shared
    rounding core is caught, in the operators that end in it (of the products by powers of two,
    those by 2^-60 and beyond: from 2^-8 on they round on their own, hls_fp_scale_down_core)."""
    import check_fp_cores as check

    mutant = tmp_path / "lib"
    mutant.mkdir()
    for f in LIB.glob("*.sv"):
        text = f.read_text()
        if f.name == "hls_fp_round_core.sv":
            text = text.replace("shifted[1] & (shifted[0] | shifted[2])", "shifted[1]")
        (mutant / f.name).write_text(text)
    saved = check.LIB
    check.LIB = mutant
    try:
        proc = check.check_fp_cores(40_000, 1, tmp_path)
    finally:
        check.LIB = saved
    counts = {k: int(v) for k, v in re.findall(r" (\w+) (\d+)", proc.stdout.split("mismatches:")[-1])}
    assert proc.returncode == 1 and counts["mul64"] > 0 and counts["i64tof64"] > 0 and counts["scale64_7"] > 0 and counts["add64"] == 0, proc.stdout
