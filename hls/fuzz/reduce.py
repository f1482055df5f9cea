"""Automatic reduction of a finding with C-Vise (or C-Reduce): the interestingness test keeps
the class and signature of the failure and keeps the program free of undefined behaviour."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from hls.fuzz.interesting import harness_part, is_interesting

INTERESTING_TIMEOUT = 300  # seconds of one interestingness test (synth + cosim)


def reducer() -> list[str] | None:
    """The reducer command: C-Vise, else C-Reduce; None when neither is installed."""
    if shutil.which("cvise"):
        return ["cvise"]
    if shutil.which("creduce"):
        return ["creduce"]
    return None


def write_spec(path: Path, status: str, signature: str, hls_args: list[str], timeout: int, testbench: str = "") -> None:
    """What the interestingness test must reproduce (``testbench``: the finding's testbench
    without whitespace, which must stay as it is)."""
    spec = {"status": status, "signature": signature, "hls_args": hls_args, "timeout": timeout, "testbench": testbench}
    path.write_text(json.dumps(spec, indent=2) + "\n")


def write_test_script(path: Path, spec: Path, file_name: str) -> None:
    """The executable C-Vise calls in its scratch copy of the test case."""
    cmd = [sys.executable, "-m", "hls.fuzz.interesting", "--spec", str(spec.resolve()), file_name]
    path.write_text("#!/bin/sh\n# interestingness test of hls.fuzz (exit 0: still the same finding, still UB-free)\nexec " + shlex.join(cmd) + "\n")
    path.chmod(0o755)


def reduce_finding(finding: Path, status: str, signature: str, hls_args: list[str], jobs: int, budget: int, timeout: int) -> Path | None:
    """Reduces ``finding/kernel.c`` into ``finding/reduced.c``; returns it (None without a reducer).

    ``budget`` bounds the reducer's wall time in seconds; the best program so far is kept."""
    tool = reducer()
    if tool is None:
        (finding / "reduce.log").write_text("no reducer installed (run scripts/install-fuzz-deps.sh)\n")
        return None
    work = finding / "reduce"
    if work.exists():
        shutil.rmtree(work)
    work.mkdir()
    case = work / "kernel.c"
    shutil.copy(finding / "kernel.c", case)
    spec = work / "spec.json"
    write_spec(spec, status, signature, hls_args, timeout, harness_part(case.read_text(errors="replace")))
    script = work / "test.sh"
    write_test_script(script, spec, case.name)
    cmd = [*tool, "--n", str(max(1, jobs)), "--timeout", str(timeout), "--tidy", str(script.resolve()), case.name]
    if tool[0] == "cvise":
        cmd.insert(1, "--no-timing")
    log = finding / "reduce.log"
    with log.open("w") as out:
        out.write("$ " + shlex.join(cmd) + "\n")
        out.flush()
        # its own session, so a stop after the budget ends the reducer's workers and tests too
        proc = subprocess.Popen(cmd, cwd=work, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            proc.wait(timeout=budget)
        except subprocess.TimeoutExpired:
            _stop_group(proc)
            out.write(f"\nreduction stopped after {budget} s; keeping the smallest interesting program so far\n")
        reduced = finding / "reduced.c"
        shutil.copy(case, reduced)
        if not is_interesting(reduced, json.loads(spec.read_text()), work / "final"):
            out.write("the reducer's result is not interesting (stopped mid-write?): reduced.c is the original\n")
            shutil.copy(finding / "kernel.c", reduced)
    shutil.rmtree(work / "final", ignore_errors=True)
    return reduced


def _stop_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the reducer's process group, SIGKILL if it is still there after 10 s."""
    for sig, wait in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue
