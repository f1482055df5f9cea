"""Synthesis and cosim of one generated program, and the classification of the outcome:
pass / mismatch / internal_error / rejected / cosim_error / timeout (generator_ub is decided
before, by :mod:`hls.fuzz.ubcheck`)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
from dataclasses import dataclass, field
from pathlib import Path

from hls.fuzz.generator import TOP

FINDINGS = ("mismatch", "internal_error", "rejected", "cosim_error", "timeout")
CLASSES = ("pass", *FINDINGS, "generator_ub")

# signatures of bugs that others are fixing: reported, but tagged as known
KNOWN_SIGNATURES = {
    "reuse_loads accumulators AssertionError": re.compile(r"AssertionError.*accumulat|accumulat.*AssertionError"),
    "isl compute_flow failure": re.compile(r"compute_flow|isl.*flow"),
}


def hls_command() -> list[str]:
    """How to run hls: $HLS_FUZZ_HLS (e.g. a stable installation while others edit the work
    tree), else the hls CLI of this Python environment."""
    override = os.environ.get("HLS_FUZZ_HLS")
    if override:
        return override.split()
    script = Path(sysconfig.get_path("scripts")) / "hls"
    if script.exists():
        return [str(script)]
    found = shutil.which("hls")
    return [found] if found else [sys.executable, "-m", "hls"]


@dataclass
class Outcome:
    """The class of one run, its signature (what must stay the same while reducing) and logs."""

    status: str
    signature: str = ""
    log: str = ""
    commands: list[str] = field(default_factory=list)
    known: str = ""


def normalize(message: str) -> str:
    """A message without locations and numbers, so small edits of the program keep it."""
    text = re.sub(r"\S+\.c:\d+:\d+:\s*", "", message)
    text = re.sub(r"\d+", "N", text)
    return " ".join(text.split())[:300]


def _first_error(stderr: str) -> str:
    for line in stderr.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    return stderr.strip().splitlines()[0] if stderr.strip() else ""


def _internal(stderr: str) -> str | None:
    # hls's own format (hls.diagnostics.InternalError.render), with or without a location
    m = re.search(r"internal error: (?:in pass '([\w-]+)': )?(\w+): (.*?)(?: \(a bug in hls.*)?$", stderr, re.MULTILINE)
    if m:
        where = f"{m.group(1)}: " if m.group(1) else ""
        return f"{where}{m.group(2)}: {normalize(m.group(3))}"
    if "Traceback (most recent call last)" in stderr:
        last = stderr.strip().splitlines()[-1]
        return normalize(last)
    return None


def _known(signature: str) -> str:
    for name, pattern in KNOWN_SIGNATURES.items():
        if pattern.search(signature):
            return name
    return ""


def classify_failure(proc: subprocess.CompletedProcess[str], stage: str) -> Outcome:
    """The class of a failed ``hls`` (synth) or ``hls cosim`` run."""
    stderr, stdout = proc.stderr or "", proc.stdout or ""
    internal = _internal(stderr)
    if internal is not None or proc.returncode == 2:
        sig = internal or f"exit status {proc.returncode}: {normalize(_first_error(stderr))}"
        return Outcome("internal_error", f"{stage}: {sig}", known=_known(sig))
    if stage == "synth":
        if "error:" in stderr:
            return Outcome("rejected", normalize(_first_error(stderr)))
        return Outcome("internal_error", f"synth: exit status {proc.returncode}: {normalize(stderr[-300:])}")
    if "error:" in stderr:
        return Outcome("cosim_error", normalize(_first_error(stderr).splitlines()[0]))
    if "mismatch" in stdout:
        return Outcome("mismatch", "cosim mismatch")
    if "FAIL" in stdout:
        m = re.search(r"FAIL: (.*)", stdout)
        return Outcome("mismatch", normalize(m.group(1)) if m else "cosim FAIL")
    return Outcome("cosim_error", f"cosim exit status {proc.returncode}")


def run_command(cmd: list[str], timeout: float, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``cmd`` in its own session (both fuzzers run hls through this; hls cosim itself builds
    through ccache when it is installed); on timeout the whole group (Verilator's make, the
    simulation) is killed, and TimeoutExpired carries what the command had printed."""
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        stdout, stderr = proc.communicate()
        raise subprocess.TimeoutExpired(cmd, timeout, output=stdout, stderr=stderr) from None
    return subprocess.CompletedProcess(cmd, proc.returncode, stdout, stderr)


def run_flow(src: Path, outdir: Path, hls_args: list[str], timeout: int, stop_after_synth: bool = False) -> Outcome:
    """``hls SRC --top kern`` then ``hls cosim`` with SRC as its own testbench."""
    hls = hls_command()
    synth = [*hls, str(src), "--top", TOP, "-o", str(outdir), *hls_args]
    cosim = [*hls, "cosim", str(src), "--top", TOP, "-o", str(outdir), "--tb", str(src), "--quick-build"]
    commands = [" ".join(synth), " ".join(cosim)]
    log: list[str] = []
    try:
        proc = run_command(synth, timeout)
    except subprocess.TimeoutExpired:
        return Outcome("timeout", "synth timeout", f"$ {commands[0]}\n(timed out after {timeout} s)\n", commands)
    log.append(f"$ {commands[0]}\n{proc.stdout}{proc.stderr}")
    if proc.returncode != 0:
        outcome = classify_failure(proc, "synth")
        outcome.log, outcome.commands = "".join(log), commands[:1]
        return outcome
    if stop_after_synth:
        return Outcome("pass", "", "".join(log), commands[:1])
    try:
        proc = run_command(cosim, timeout)
    except subprocess.TimeoutExpired:
        return Outcome("timeout", "cosim timeout", "".join(log) + f"$ {commands[1]}\n(timed out after {timeout} s)\n", commands)
    log.append(f"$ {commands[1]}\n{proc.stdout}{proc.stderr}")
    if proc.returncode == 0 and "PASS" in proc.stdout:
        return Outcome("pass", "", "".join(log), commands)
    outcome = classify_failure(proc, "cosim")
    outcome.log, outcome.commands = "".join(log), commands
    return outcome
