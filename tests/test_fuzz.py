"""The differential fuzzer (hls.fuzz): generator determinism, UB-freedom and feature coverage,
the UB check and the classification, the reducer's interestingness test, and a small seeded
batch of kernels through synthesis and cosim that must produce no finding."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from hls.diagnostics import InternalError, SourceLoc
from hls.fuzz.ctype import INT_TYPES
from hls.fuzz.features import FEATURES, KNOWN_BUG_FEATURES, FeatureMix
from hls.fuzz.flow import classify_failure, run_command
from hls.fuzz.generator import generate_kernel
from hls.fuzz.interesting import harness_part, is_interesting
from hls.fuzz.reduce import reduce_finding, reducer
from hls.fuzz.runner import generate_program, run_batch
from hls.fuzz.testbench import program_text
from hls.fuzz.ubcheck import RANDOM_PROGRAM_WARNINGS, check_program

ALL = FeatureMix.from_options(all_features=True)
COVERAGE_SAMPLE = 250

# what a sample of COVERAGE_SAMPLE kernels must contain (generator bookkeeping in Kernel.used)
REQUIRED = {
    "loop_const", "loop_triangular", "loop_arg_bound", "call", "call_in_if_cond", "call_in_ternary", "call_in_logical",
    "type:float", "type:double", "stencil", "stencil_2d", "stencil_3d", "reduction", "local_array", "local_scalar", "bind_storage",
    "pragma_pipeline", "pragma_pipeline_off", "interface_pragma", "cli_ii", "cli_no_pipeline", "incdec", "chained_assign",
    "compound_assign", "div_mod", "shifts", "float_to_int", "implicit_int_to_float", "mixed_sign_compare", "ternary",
    "if", "else", "indirect_index", "recurrence", "loop_arg_start", "narrowing_bound_init", "large_arrays", "array_3d", "return_value", "helper_if", "hex_literal", "cast", "math:sqrt",
    "math:sqrtf", "math:fabs", "math:fabsf", "math:fmin", "math:fmaxf", "math:exp", "math:logf", "math:pow", "math:sin",
    "math:cosf",
    "pragma_unroll", "pragma_partition", "pragma_allocation", "switch", "switch_fallthrough", "continue", "break", "table_global",
    "table_static", "static_locals", "pointers", "pointer_choice", "structs", "globals", "early_return",
} | {f"type:{t.name}" for t in INT_TYPES}  # fmt: skip


def test_same_seed_gives_byte_identical_programs() -> None:
    for index in range(8):
        a = generate_program(3, index, ALL)
        b = generate_program(3, index, ALL)
        assert a == b
    assert generate_program(3, 0, ALL)[0] != generate_program(4, 0, ALL)[0]
    assert generate_program(3, 0, ALL)[0] != generate_program(3, 1, ALL)[0]


def test_sample_covers_the_supported_subset() -> None:
    used: set[str] = set()
    for index in range(COVERAGE_SAMPLE):
        used |= generate_kernel(5, index, ALL).used
    missing = REQUIRED - used
    assert not missing, f"never generated: {sorted(missing)}"


def test_disabled_features_are_not_generated() -> None:
    mix = FeatureMix.from_options(disable="float,double,div_mod,calls,stencils,arg_bounds")
    for index in range(60):
        kernel = generate_kernel(6, index, mix)
        assert not {"type:float", "type:double", "div_mod", "call", "stencil", "loop_arg_bound"} & kernel.used
        assert "float" not in kernel.source and "double" not in kernel.source
        assert " / " not in kernel.source and " % " not in kernel.source and "h0(" not in kernel.source
    with pytest.raises(ValueError, match="unknown fuzzer feature"):
        FeatureMix.from_options(disable="no_such_thing")
    assert FeatureMix().enabled == frozenset(FEATURES) - KNOWN_BUG_FEATURES and ALL.enabled == frozenset(FEATURES)
    assert "calls" not in FeatureMix.from_options(all_features=True, disable="calls")


@pytest.mark.parametrize("seed", [21, 22])
def test_sample_compiles_without_warnings_and_runs_clean_under_sanitizers(tmp_path: Path, seed: int) -> None:
    for index in range(12):
        src = tmp_path / f"k{index}.c"
        src.write_text(program_text(generate_kernel(seed, index, ALL)))
        # -Wall -Wextra -Werror: only the warnings a random program has by design are allowed
        cmd = ["gcc", "-std=gnu99", "-O2", "-c", "-o", str(tmp_path / "k.o"), "-Wall", "-Wextra", "-Werror", *RANDOM_PROGRAM_WARNINGS, str(src)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        assert proc.returncode == 0, f"{src}:\n{proc.stderr}"
        verdict = check_program(src, tmp_path / f"w{index}")
        assert verdict.clean, f"{seed}-{index}: {verdict.stage}: {verdict.detail}"


UB_PROGRAMS = {
    "sanitizer": "int kern(int a[4], int s) { return a[0] + s; }\n"
    "int main(void) { int a[4] = {2147483647, 0, 0, 0}; volatile int s = 1; return kern(a, s) == 0; }\n",
    # a subscript gcc cannot see through: only the zero/pattern-initialised builds tell
    "uninitialised": '#include <stdio.h>\nvoid kern(int a[4], int k) { int t[4]; t[0] = 1; a[0] = t[k]; }\n'
    'int main(void) { int a[4] = {0}; volatile int k = 1; kern(a, k); printf("%d\\n", a[0]); return 0; }\n',
    # folded at compile time, so UBSan never sees it: gcc's "overflow in expression" must
    "gcc-warnings": "int kern(int a[4]) { return a[0] + (2147483647 + 1); }\nint main(void) { int a[4] = {0}; return kern(a) == 0; }\n",
}


@pytest.mark.parametrize("stage", sorted(UB_PROGRAMS))
def test_ub_check_rejects_undefined_behaviour(tmp_path: Path, stage: str) -> None:
    src = tmp_path / "ub.c"
    src.write_text(UB_PROGRAMS[stage])
    verdict = check_program(src, tmp_path / "w")
    assert not verdict.clean and verdict.stage == stage, verdict


def test_ub_check_catches_out_of_bounds_arguments(tmp_path: Path) -> None:
    src = tmp_path / "oob.c"
    src.write_text("void kern(int a[4], int n) { for (int i = 0; i < n; i++) a[i] = i; }\nint main(void) { int a[4]; volatile int n = 5; kern(a, n); return a[0]; }\n")
    verdict = check_program(src, tmp_path / "w")
    assert not verdict.clean and verdict.stage == "sanitizer" and "overflow" in verdict.detail


def _proc(rc: int, stdout: str = "", stderr: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.CompletedProcess(["hls"], rc, stdout, stderr)


def test_classification_of_failures() -> None:
    located = InternalError("AssertionError: x 12 not in y", "schedule", SourceLoc("k.c", 3, 5)).render()
    for rc in (1, 2):
        outcome = classify_failure(_proc(rc, stderr=located + "\n"), "synth")
        assert (outcome.status, outcome.signature) == ("internal_error", "synth: schedule: AssertionError: x N not in y")
    unlocated = InternalError("KeyError: 'v_3'").render()
    assert classify_failure(_proc(2, stderr=unlocated), "cosim").signature == "cosim: KeyError: 'v_N'"
    rejected = classify_failure(_proc(1, stderr="k.c:3:5: error: 'while' loop is not supported\n  while (x) {}\n"), "synth")
    assert (rejected.status, rejected.signature) == ("rejected", "'while' loop is not supported")
    mismatch = classify_failure(_proc(1, stdout="call 1: 10 cycles\n  mismatch a0[3]: expected 1, got 2\nFAIL\n"), "cosim")
    assert mismatch.status == "mismatch"
    build = classify_failure(_proc(1, stderr="k.c:0:0: error: cosim: building the Verilator model failed:\n%Error: x\n"), "cosim")
    assert (build.status, build.signature) == ("cosim_error", "cosim: building the Verilator model failed:")
    assert classify_failure(_proc(2, stderr="boom\n"), "cosim").status == "internal_error"


REJECTED = """#include <stdio.h>
static int helper(int x) { return x * 3 + 1; }
void kern(int a[8], int b[8]) {
  int k = 0;
  for (int i = 0; i < 8; i++) b[i] = helper(a[i]) ^ 5;
  struct { int i : 5; } cv; cv.i = a[k] & 7; b[0] = (cv.i >> 1) + b[k + 1];
  for (int i = 1; i < 7; i++) b[i] = a[i - 1] + a[i + 1];
}
int main(void) {
  int a[8], b[8];
  for (int i = 0; i < 8; i++) a[i] = i * 7 - 20;
  kern(a, b);
  for (int i = 0; i < 8; i++) printf("%d %d\\n", a[i], b[i]);
  return 0;
}
"""
REJECTED_SPEC = {"status": "rejected", "signature": "bit-field 'i' is not supported", "hls_args": [], "timeout": 120}


def test_interestingness_keeps_signature_and_ub_freedom(tmp_path: Path) -> None:
    src = tmp_path / "kernel.c"
    src.write_text(REJECTED)
    assert is_interesting(src, REJECTED_SPEC, tmp_path / "s1")
    assert not is_interesting(src, {**REJECTED_SPEC, "signature": "something else"}, tmp_path / "s2")
    src.write_text(REJECTED.replace("b[k + 1]", "b[k + 8]"))  # out of bounds: UB
    assert not is_interesting(src, REJECTED_SPEC, tmp_path / "s3")
    src.write_text(REJECTED.replace("  struct { int i : 5; } cv; cv.i = a[k] & 7; b[0] = (cv.i >> 1) + b[k + 1];\n", ""))  # no longer rejected
    assert not is_interesting(src, REJECTED_SPEC, tmp_path / "s4")
    # the testbench stays as it is (re-indenting aside): a main that no longer initialises the
    # inputs or prints the results would hide undefined behaviour from the checks (fuzz seed
    # 20000 #157 was reduced into reading uninitialised locals that way)
    spec = {**REJECTED_SPEC, "testbench": harness_part(REJECTED)}
    src.write_text(REJECTED.replace("  kern(a, b);\n", "\n\n      kern(a,  b);\n"))
    assert is_interesting(src, spec, tmp_path / "s5")
    src.write_text(REJECTED.replace("  for (int i = 0; i < 8; i++) printf(\"%d %d\\n\", a[i], b[i]);\n", '  printf("%d\\n", a[0]);\n'))
    assert harness_part(src.read_text()) != spec["testbench"] and is_interesting(src, REJECTED_SPEC, tmp_path / "s6")
    assert not is_interesting(src, spec, tmp_path / "s7")


@pytest.mark.skipif(reducer() is None, reason="no C-Vise/C-Reduce (scripts/install-fuzz-deps.sh)")
def test_reducer_shrinks_a_finding_and_keeps_it(tmp_path: Path) -> None:
    finding = tmp_path / "finding"
    finding.mkdir()
    (finding / "kernel.c").write_text(REJECTED)
    # within a budget of a minute (the reduction runs on to the budget): a 10% smaller program
    # took C-Vise 30 s on a 2-core machine
    reduced = reduce_finding(finding, "rejected", REJECTED_SPEC["signature"], [], jobs=2, budget=60, timeout=120)
    assert reduced is not None and reduced.exists()
    text = reduced.read_text()
    size = len("".join(text.split()))  # C-Vise re-indents: count what is not whitespace
    assert size < len("".join(REJECTED.split())) * 0.9, text
    assert "i : 5" in text or "i:5" in text
    assert is_interesting(reduced, REJECTED_SPEC, tmp_path / "check")


BATCH_SEED, BATCH_SIZE = 1, 12


def test_seeded_batch_has_no_findings(tmp_path: Path) -> None:
    """A small fixed batch through synthesis and cosim: every kernel must pass (a failure here
    is an hls bug or a generator bug; its program is in the message)."""
    out = tmp_path / "fuzz"
    summary = run_batch(BATCH_SIZE, BATCH_SEED, FeatureMix(), out, jobs=2, timeout=300, log=False)
    counts = summary["counts"]
    assert isinstance(counts, dict) and sum(counts.values()) == BATCH_SIZE
    if counts["pass"] != BATCH_SIZE:
        details = []
        for entry in summary["distinct"]:  # type: ignore[attr-defined]
            folder = out / ("generator_ub" if entry["status"] == "generator_ub" else "failures") / entry["kernels"][0]
            details.append(f"{entry['status']}: {entry['signature']}\n{(folder / 'kernel.c').read_text()}\n{(folder / 'log.txt').read_text()[-3000:]}")
        pytest.fail("\n\n".join(details))
    assert json.loads((out / "summary.json").read_text())["counts"]["pass"] == BATCH_SIZE
    assert not (out / "work").exists()
    shutil.rmtree(out)


def test_timeout_kills_the_whole_command_group() -> None:
    start = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired):
        run_command(["sh", "-c", "sleep 41 & sleep 41"], 1)
    assert time.monotonic() - start < 20
    alive = subprocess.run(["pgrep", "-f", "^sleep 41$"], capture_output=True, text=True)
    assert alive.stdout.strip() == ""


def test_chained_assignments_are_sequenced() -> None:
    """``a[f(b[0])] = b[0] = x`` is undefined (the subscript's read of b is unsequenced against the
    inner store); the generator never writes it (found as generator UB at seed 7100 kernel 360)."""
    mix = FeatureMix.from_options()
    chained = 0
    for index in range(300):
        text, _, _ = generate_program(7100, index, mix)
        for line in text.splitlines():
            parts = re.split(r"(?<![=!<>+\-*/%&|^]) = (?!=)", line.strip().rstrip(";"))
            if len(parts) < 3:
                continue
            chained += 1
            inner = re.match(r"\w+", parts[1])
            assert inner is not None, line
            assert not re.search(rf"\b{inner.group(0)}\b", parts[0]), line
    assert chained > 10
