"""Is a generated program free of undefined behaviour? gcc with warnings as errors for the
classes that matter, then the program run under UBSan (with float-cast-overflow) and ASan, then
two builds whose uninitialised locals differ (zero / pattern) must print the same hashes."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

STD = ["-std=gnu99", "-ffp-contract=off"]
# warnings a random program has by design (mixed-sign comparisons, dead locals, x != x, x / 0.0
# on doubles, ...): the only ones -Wall -Wextra may report on a generated program. array-bounds:
# gcc cannot know the range of a bound argument (i < n, i += 3) that the testbench respects;
# ASan checks every access of the run instead
RANDOM_PROGRAM_WARNINGS = [
    "-Wno-sign-compare", "-Wno-unused-variable", "-Wno-unused-but-set-variable", "-Wno-unused-parameter",
    "-Wno-unused-function", "-Wno-unknown-pragmas", "-Wno-tautological-compare", "-Wno-int-in-bool-context",
    "-Wno-type-limits", "-Wno-overflow", "-Wno-bool-operation", "-Wno-bool-compare", "-Wno-div-by-zero",
    "-Wno-array-bounds",
]  # fmt: skip
WARNINGS_AS_ERRORS = [
    "-Wall", "-Wextra", *RANDOM_PROGRAM_WARNINGS, "-Woverflow", "-Werror=uninitialized", "-Werror=maybe-uninitialized",
    "-Werror=implicit-function-declaration", "-Werror=implicit-int", "-Werror=return-type",
    "-Werror=int-conversion", "-Werror=incompatible-pointer-types",
    "-Werror=shift-count-overflow", "-Werror=shift-count-negative", "-Werror=shift-negative-value",
    "-Werror=aggressive-loop-optimizations", "-Werror=sequence-point", "-Werror=strict-aliasing",
    "-Werror=builtin-declaration-mismatch", "-Werror=main", "-Werror=stringop-overflow",
]  # fmt: skip
SANITIZE = ["-fsanitize=undefined,float-cast-overflow,address", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
RUN_TIMEOUT = 20


@dataclass
class UbVerdict:
    """Whether the program is clean, and what tripped otherwise."""

    clean: bool
    stage: str = ""
    detail: str = ""


def _tail(text: str, lines: int = 20) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def _compile(src: Path, exe: Path, flags: list[str]) -> subprocess.CompletedProcess[str]:
    cmd = ["gcc", *STD, *flags, str(src), "-o", str(exe), "-lm"]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def _run(exe: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:abort_on_error=0", UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    return subprocess.run([str(exe)], capture_output=True, text=True, timeout=RUN_TIMEOUT, env=env)


def check_program(src: Path, workdir: Path) -> UbVerdict:
    """Runs every check on ``src`` (kernel and main in one file) inside ``workdir``."""
    workdir.mkdir(parents=True, exist_ok=True)
    try:
        proc = _compile(src, workdir / "warn.o", ["-O2", "-c", *WARNINGS_AS_ERRORS])
        if proc.returncode != 0:
            return UbVerdict(False, "gcc-warnings", _tail(proc.stderr))
        # constant folding hides signed overflow from UBSan: gcc says so at compile time
        # (conversions of constants that change the value are implementation-defined, not UB)
        if "overflow in expression" in proc.stderr:
            return UbVerdict(False, "gcc-warnings", _tail(proc.stderr))
        proc = _compile(src, workdir / "san", ["-O0", "-g", *SANITIZE])
        if proc.returncode != 0:
            return UbVerdict(False, "gcc-sanitize", _tail(proc.stderr))
        run = _run(workdir / "san")
        if run.returncode != 0 or "runtime error" in run.stderr:
            return UbVerdict(False, "sanitizer", _tail(run.stderr or run.stdout))
        outputs = []
        for init in ("zero", "pattern"):
            proc = _compile(src, workdir / f"init_{init}", ["-O0", f"-ftrivial-auto-var-init={init}"])
            if proc.returncode != 0:
                return UbVerdict(False, "gcc-init", _tail(proc.stderr))
            run = _run(workdir / f"init_{init}")
            if run.returncode != 0:
                return UbVerdict(False, "run", f"exit status {run.returncode}\n{_tail(run.stderr)}")
            outputs.append(run.stdout)
        if outputs[0] != outputs[1]:
            return UbVerdict(False, "uninitialised", "outputs differ between zero- and pattern-initialised locals")
        if not outputs[0].strip():
            return UbVerdict(False, "run", "the testbench printed nothing")
    except subprocess.TimeoutExpired as err:
        return UbVerdict(False, "timeout", f"timed out: {' '.join(map(str, err.cmd))}")
    return UbVerdict(True)
