"""The campaign: build, check with the sanitizers, synthesize, co-simulate, classify, reduce, summarise."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from hls.fuzz.flow import run_command
from hls.progen.build import Built, build
from hls.progen.check import Files, sanitize, write

CLASSES = ("pass", "mismatch", "internal-error", "rejected", "cosim-error", "timeout", "generator-ub")


@dataclass
class Outcome:
    """What happened to one program."""

    seed: int
    cls: str
    signature: str = ""
    message: str = ""
    top: str = ""
    opts: list[str] = field(default_factory=list)
    features: list[str] = field(default_factory=list)
    seconds: float = 0.0
    guarded: int = 0
    folder: str = ""


def normalise(msg: str) -> str:
    """A failure message without the parts that vary between programs (names, numbers, paths, columns)."""
    m = re.sub(r"/\S+/", "", msg)
    m = re.sub(r"'[^']*'", "'X'", m)
    m = re.sub(r"‘[^’]*’", "'X'", m)
    m = re.sub(r"\b[A-Za-z_]*\d+[A-Za-z_\d]*\b", "N", m)
    m = re.sub(r"\d+", "N", m)
    return m.strip()[:200]


def first_line(text: str, pat: str) -> str:
    """The first line of ``text`` containing ``pat`` (or '')."""
    for line in text.splitlines():
        if pat in line:
            return line.strip()
    return ""


def classify_synth(rc: int | None, out: str) -> tuple[str, str, str] | None:
    """(class, signature, message) of a failed ``hls`` synthesis, or None when it succeeded."""
    if rc is None:
        return "timeout", "timeout synth", "hls timed out"
    if rc == 0:
        return None
    if rc == 2 or "internal error" in out:
        line = first_line(out, "internal error") or out.strip().splitlines()[-1:][0] if out.strip() else "?"
        return "internal-error", "internal " + normalise(line.split("internal error", 1)[-1]), line
    line = first_line(out, "error:")
    if not line:
        # no diagnostic: hls died (a signal: rc < 0, or 128 + N from a shell), which is no rejection
        last = (out.strip().splitlines() or [f"exit status {rc}"])[-1]
        return "internal-error", f"internal exit status {rc}", last
    return "rejected", "rejected " + normalise(line.split("error:", 1)[-1]), line


def classify_cosim(rc: int | None, out: str) -> tuple[str, str, str]:
    """(class, signature, message) of ``hls cosim``."""
    if rc is None:
        return "timeout", "timeout cosim", "cosim timed out"
    if rc == 0 and "PASS" in out:
        return "pass", "pass", ""
    if rc == 2 or "internal error" in out:
        line = first_line(out, "internal error") or "?"
        return "internal-error", "internal " + normalise(line.split("internal error", 1)[-1]), line
    if "mismatch" in out or re.search(r"^FAIL", out, re.M):
        line = first_line(out, "mismatch") or first_line(out, "FAIL")
        return "mismatch", "mismatch", line
    line = first_line(out, "error") or (out.strip().splitlines() or ["?"])[-1]
    return "cosim-error", "cosim-error " + normalise(line), line


def run_cmd(cmd: list[str], cwd: Path, timeout: float) -> tuple[int | None, str]:
    """(exit status, or None on a timeout; stdout + stderr) of ``cmd`` run as hls.fuzz runs it."""
    try:
        proc = run_command(cmd, timeout, cwd)
    except subprocess.TimeoutExpired as err:
        return None, "".join(part for part in (err.output, err.stderr) if isinstance(part, str))  # text mode: str
    return proc.returncode, proc.stdout + proc.stderr


def hls_commands(hls: str, files: Files, opts: list[str], outdir: str = "hls") -> tuple[list[str], list[str]]:
    """The synthesis and co-simulation commands of a program (relative to its folder)."""
    k = files.kernel.name
    synth = [hls, k, "--top", files.top, "-o", outdir, *opts]
    cosim = [hls, "cosim", k, "--top", files.top, "-o", outdir, "--tb", files.tb.name, "--quick-build"]
    return synth, cosim


def run_program(b: Built, folder: Path, hls: str, synth_timeout: float, cosim_timeout: float) -> Outcome:
    """Checks, synthesizes and co-simulates one built program in ``folder``."""
    t0 = time.time()
    files = write(b, folder)
    oc = Outcome(b.seed, "pass", top=files.top, opts=list(b.prog.hls_opts), features=sorted(b.prog.features), guarded=b.guarded, folder=str(folder))
    san = sanitize(files.sources, folder / "sanitized", b.expected)
    if not san.ok or san.kind == "warning":
        # a warning is counted with the generator's faults too (the programs are meant to compile cleanly)
        (folder / "sanitizer.txt").write_text(san.message)
        if not san.ok:
            oc.cls, oc.signature, oc.message = "generator-ub", f"generator {san.kind}", san.message[:2000]
            oc.seconds = time.time() - t0
            return oc
    synth, cosim = hls_commands(hls, files, b.prog.hls_opts)
    (folder / "commands.sh").write_text(f"cd {folder}\n{' '.join(synth)}\n{' '.join(cosim)}\n")
    retried = ""
    rc, out = run_cmd(synth, folder, synth_timeout)
    if rc is None:
        # the machine is shared: a timeout is confirmed with twice the time before it counts
        retried = "synth timed out once; "
        rc, out = run_cmd(synth, folder, 2 * synth_timeout)
    (folder / "synth.log").write_text(out)
    bad = classify_synth(rc, out)
    if bad is None:
        rc, out = run_cmd(cosim, folder, cosim_timeout)
        if rc is None:
            retried += "cosim timed out once; "
            rc, out = run_cmd(cosim, folder, 2 * cosim_timeout)
        (folder / "cosim.log").write_text(out)
        bad = classify_cosim(rc, out)
    oc.cls, oc.signature, oc.message = bad
    oc.message = retried + oc.message
    oc.seconds = time.time() - t0
    return oc


class Campaign:
    """Runs seeds [seed, seed+n) with ``jobs`` programs at a time; writes results.jsonl and summary.json."""

    def __init__(self, out: Path, hls: str = "hls", jobs: int = 2, synth_timeout: float = 300, cosim_timeout: float = 600,
                 reduce: bool = False, reduce_timeout: float = 1800, keep: bool = False, echo: bool = True) -> None:  # fmt: skip
        self.out = out
        self.hls = hls
        self.jobs = jobs
        self.synth_timeout = synth_timeout
        self.cosim_timeout = cosim_timeout
        self.reduce = reduce
        self.reduce_timeout = reduce_timeout
        self.keep = keep
        self.echo = echo
        self.lock = threading.Lock()
        self.reduced_signatures: set[str] = set()

    def one(self, seed: int) -> Outcome:
        """Builds and runs one seed; keeps the folder of every finding."""
        folder = self.out / "work" / f"seed{seed}"
        if folder.exists():
            shutil.rmtree(folder)
        try:
            b = build(seed)
        except Exception as e:  # noqa: BLE001 - a generator crash is a generator bug, recorded as such
            oc = Outcome(seed, "generator-ub", "generator crash", repr(e)[:2000])
            return oc
        oc = run_program(b, folder, self.hls, self.synth_timeout, self.cosim_timeout)
        if oc.cls == "pass" and not self.keep:
            shutil.rmtree(folder, ignore_errors=True)
        elif oc.cls not in ("pass", "generator-ub"):
            self.finding(oc, b, folder)
        return oc

    def finding(self, oc: Outcome, b: Built, folder: Path) -> None:
        """Keeps a finding under out/findings/<class>/seed<N>/ and reduces it (once per signature)."""
        dest = self.out / "findings" / oc.cls / f"seed{oc.seed}"
        if dest.exists():
            shutil.rmtree(dest)
        dest.mkdir(parents=True)
        from hls.progen.reduce import single_file

        orig = dest / "original.c"
        orig.write_text(single_file(b))
        (dest / "outcome.json").write_text(json.dumps(asdict(oc), indent=2) + "\n")
        for f in ("synth.log", "cosim.log"):
            if (folder / f).exists():
                shutil.copy(folder / f, dest / f)
        with self.lock:
            first = oc.signature not in self.reduced_signatures
            self.reduced_signatures.add(oc.signature)
        if self.reduce and first and oc.cls != "timeout":
            from hls.progen.reduce import reduce_finding

            reduce_finding(dest, oc.cls, oc.signature, oc.top, oc.opts, self.hls, self.reduce_timeout)
        oc.folder = str(dest)

    def run(self, seeds: list[int]) -> dict[str, object]:
        """Runs the seeds; returns the summary (also written to out/summary.json)."""
        self.out.mkdir(parents=True, exist_ok=True)
        log = self.out / "results.jsonl"
        counts: dict[str, int] = {c: 0 for c in CLASSES}
        sigs: dict[str, list[int]] = {}
        t0 = time.time()

        def done(oc: Outcome) -> None:
            with self.lock:
                counts[oc.cls] = counts.get(oc.cls, 0) + 1
                if oc.cls != "pass":
                    sigs.setdefault(f"{oc.cls}: {oc.signature}", []).append(oc.seed)
                with log.open("a") as fh:
                    fh.write(json.dumps(asdict(oc)) + "\n")
                if self.echo:
                    extra = f"  {oc.message[:150]}" if oc.cls != "pass" else ""
                    print(f"seed {oc.seed}: {oc.cls} ({oc.seconds:.0f}s){extra}", flush=True)

        with ThreadPoolExecutor(max_workers=self.jobs) as ex:
            for oc in ex.map(self.one, seeds):
                done(oc)
        summary: dict[str, object] = {
            "seeds": [min(seeds), max(seeds)] if seeds else [],
            "programs": len(seeds),
            "counts": counts,
            "signatures": {k: v for k, v in sorted(sigs.items())},
            "seconds": round(time.time() - t0),
        }
        (self.out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
        return summary
