"""Reducing a finding with C-Vise while it keeps its failure class (and message) and stays free of undefined
behaviour (sanitizers, and the same output whatever uninitialised memory holds)."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from hls.progen.build import Built


def single_file(b: Built) -> str:
    """The program as one file: kernel, then the testbench (its own prototype and includes are harmless)."""
    if not b.tb:
        return b.kernel
    return b.kernel + "\n/* testbench */\n" + b.tb


def reducer() -> str | None:
    """C-Vise, or C-Reduce when only that is installed."""
    return shutil.which("cvise") or shutil.which("creduce")


def reduce_finding(dest: Path, cls: str, signature: str, top: str, opts: list[str], hls: str, timeout: float, jobs: int = 1) -> bool:
    """Reduces ``dest/original.c`` into ``dest/reduced.c``; True when a reduction was written."""
    tool = reducer()
    if tool is None:
        (dest / "reduce.log").write_text("no C-Vise/C-Reduce installed (scripts/install-fuzz-deps.sh)\n")
        return False
    spec = {"cls": cls, "signature": signature, "top": top, "opts": opts, "hls": hls}
    (dest / "spec.json").write_text(json.dumps(spec, indent=2) + "\n")
    work = dest / "reduce"
    if work.exists():
        shutil.rmtree(work)
    work.mkdir()
    case = work / "reduced.c"
    shutil.copy(dest / "original.c", case)
    script = dest / "interesting.sh"
    script.write_text(f"#!/bin/sh\nexec {sys.executable} -m hls.progen.interesting {dest.resolve() / 'spec.json'} reduced.c\n")
    script.chmod(0o755)
    # the original must be interesting in a fresh folder first
    chk = subprocess.run([str(script)], cwd=work, capture_output=True, text=True)
    if chk.returncode != 0:
        (dest / "reduce.log").write_text("the original is not interesting to the reduction script:\n" + chk.stdout + chk.stderr)
        return False
    cmd = [tool, "--n", str(jobs), "--timeout", "900", "--tidy", str(script), "reduced.c"]
    with (dest / "reduce.log").open("w") as log:
        p = subprocess.Popen(cmd, cwd=work, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            p.send_signal(signal.SIGINT)
            try:
                p.wait(timeout=60)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
            log.write(f"\nreduction stopped after {timeout:.0f}s\n")
    # keep the result only if it is still interesting (a stopped reduction may leave anything behind)
    final = work / "final"
    final.mkdir(exist_ok=True)
    shutil.copy(case, final / "reduced.c")
    ok = subprocess.run([str(script)], cwd=final, capture_output=True, text=True).returncode == 0
    if ok:
        shutil.copy(case, dest / "reduced.c")
    shutil.rmtree(work, ignore_errors=True)
    return ok
