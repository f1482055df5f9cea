"""Interestingness test for C-Vise: ``python -m hls.progen.interesting SPEC FILE`` exits 0 when FILE is free of
undefined behaviour and ``hls`` still fails on it in the same way as the finding described by SPEC."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hls.cosim import REFERENCE_CFLAGS
from hls.progen.check import sanitize
from hls.progen.run import classify_cosim, classify_synth, run_cmd

STRICT = [
    "-Werror=implicit-function-declaration", "-Werror=implicit-int", "-Werror=int-conversion", "-Werror=incompatible-pointer-types",
    "-Werror=return-type", "-Werror=uninitialized", "-Werror=maybe-uninitialized", "-Werror=div-by-zero", "-Werror=shift-count-overflow",
    "-Werror=shift-count-negative", "-Werror=overflow", "-Werror=sequence-point", "-Werror=array-bounds",
]  # fmt: skip


def defined(src: Path, timeout: int = 20) -> bool:
    """Runs clean under UBSan/ASan and prints the same whatever uninitialised locals hold."""
    work = src.parent
    san = sanitize([src], work / "san.exe", None, timeout=timeout, extra=STRICT)
    if not san.ok:
        return False
    outs = []
    for init in ("pattern", "zero"):
        exe = work / f"init_{init}.exe"
        cp = subprocess.run(["gcc", *REFERENCE_CFLAGS, "-w", f"-ftrivial-auto-var-init={init}", "-o", str(exe), str(src), "-lm"],
                            capture_output=True, text=True)  # fmt: skip
        if cp.returncode != 0:
            return False
        try:
            rp = subprocess.run([str(exe)], capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return False
        if rp.returncode != 0:
            return False
        outs.append(rp.stdout)
    return outs[0] == outs[1] == san.stdout


def interesting(spec: dict[str, object], src: Path) -> bool:
    """The test proper."""
    top = str(spec["top"])
    if top not in src.read_text():
        return False
    if not defined(src):
        return False
    hls = str(spec["hls"])
    opts = [str(o) for o in spec["opts"]]  # type: ignore[attr-defined]
    rc, out = run_cmd([hls, src.name, "--top", top, "-o", "hls", *opts], src.parent, 300)
    bad = classify_synth(rc, out)
    if bad is None:
        rc, out = run_cmd([hls, "cosim", src.name, "--top", top, "-o", "hls", "--tb", src.name, "--quick-build"], src.parent, 600)
        bad = classify_cosim(rc, out)
    cls, sig, _ = bad
    return cls == spec["cls"] and sig == spec["signature"]


def main() -> None:
    """Entry point."""
    spec = json.loads(Path(sys.argv[1]).read_text())
    sys.exit(0 if interesting(spec, Path(sys.argv[2]).resolve()) else 1)


if __name__ == "__main__":
    main()
