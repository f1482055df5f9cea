"""Writing a program to disk and proving it well defined: gcc with UBSan and ASan, and the interpreter's
predicted output compared with what the sanitized binary prints."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

from hls.cosim import REFERENCE_CFLAGS
from hls.progen.build import Built

# as hls cosim builds the C (fmin/fmax called in source order), with the sanitizers
SAN_FLAGS = [
    *REFERENCE_CFLAGS, "-fsanitize=undefined,address,float-cast-overflow", "-fno-sanitize-recover=all",
    "-Wall", "-Wno-unknown-pragmas", "-Werror=uninitialized", "-g",
]  # fmt: skip


@dataclass
class Files:
    """Where a program was written: the kernel file, the testbench file (may be the kernel) and the top's name."""

    kernel: Path
    tb: Path
    top: str

    @property
    def sources(self) -> list[Path]:
        """Files to compile together for a C-only run."""
        return [self.kernel] if self.tb == self.kernel else [self.kernel, self.tb]


def write(b: Built, folder: Path) -> Files:
    """Writes ``prog.c`` (and ``prog_tb.c`` when the testbench is separate) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    k = folder / "prog.c"
    k.write_text(b.kernel)
    tb = k
    if b.tb:
        tb = folder / "prog_tb.c"
        tb.write_text(b.tb)
    (folder / "expected.txt").write_text(b.expected)
    return Files(k, tb, b.prog.top.name)


@dataclass
class SanResult:
    """Outcome of the sanitizer run: ok, or what went wrong ('compile', 'warning', 'ub', 'crash', 'timeout', 'output')."""

    ok: bool
    kind: str
    message: str
    stdout: str = ""


def sanitize(sources: list[Path], exe: Path, expected: str | None = None, timeout: int = 60, extra: list[str] | None = None) -> SanResult:
    """Compiles ``sources`` with the sanitizers and runs the binary; compares its output with ``expected``."""
    cmd = ["gcc", *SAN_FLAGS, *(extra or []), "-o", str(exe), *map(str, sources), "-lm"]
    try:
        cp = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return SanResult(False, "timeout", "gcc timed out")
    if cp.returncode != 0:
        return SanResult(False, "compile", cp.stderr[-4000:])
    warn = cp.stderr.strip()
    try:
        rp = subprocess.run([str(exe)], capture_output=True, text=True, timeout=timeout, env={"ASAN_OPTIONS": "detect_leaks=0", "PATH": "/usr/bin:/bin"})
    except subprocess.TimeoutExpired:
        return SanResult(False, "timeout", "the sanitized program timed out")
    if rp.returncode != 0 or "runtime error" in rp.stderr or "AddressSanitizer" in rp.stderr:
        kind = "ub" if ("runtime error" in rp.stderr or "Sanitizer" in rp.stderr) else "crash"
        return SanResult(False, kind, rp.stderr[-4000:], rp.stdout)
    if expected is not None and rp.stdout != expected:
        return SanResult(False, "output", _first_diff(expected, rp.stdout), rp.stdout)
    if warn:
        return SanResult(True, "warning", warn[-4000:], rp.stdout)
    return SanResult(True, "ok", "", rp.stdout)


def _first_diff(a: str, b: str) -> str:
    al, bl = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(al, bl)):
        if x != y:
            return f"line {i + 1}: interpreter {x!r}, gcc {y!r}"
    return f"lengths differ: interpreter {len(al)} lines, gcc {len(bl)} lines"
