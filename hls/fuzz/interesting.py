"""Interestingness test for C-Vise: ``python -m hls.fuzz.interesting --spec SPEC FILE`` exits 0
when FILE is still free of undefined behaviour (warnings, UBSan/ASan, uninitialised reads) and
``hls`` still fails on it in the same class with the same signature."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

from hls.fuzz.flow import run_flow
from hls.fuzz.generator import TOP
from hls.fuzz.testbench import TESTBENCH_START
from hls.fuzz.ubcheck import check_program


def harness_part(text: str) -> str:
    """The testbench part of a finding (the generator's hash helpers and ``main``, else ``main``
    on), without whitespace: what a reduction must leave as it is."""
    start = text.find(TESTBENCH_START)
    if start < 0:
        start = text.find("int main(")
    return "".join(text[start:].split()) if start >= 0 else ""


def is_interesting(src: Path, spec: dict[str, object], scratch: Path) -> bool:
    """Same finding as ``spec``, the testbench untouched (a reduced ``main`` that no longer
    initialises the inputs or hashes the results would make the UB checks blind), and still
    UB-free."""
    text = src.read_text(errors="replace")
    if f"{TOP}(" not in text or "main(" not in text:
        return False
    if "testbench" in spec and harness_part(text) != spec["testbench"]:
        return False
    if not check_program(src, scratch / "ub").clean:
        return False
    status = str(spec["status"])
    hls_args = [str(a) for a in spec.get("hls_args", [])]  # type: ignore[attr-defined]
    timeout = int(spec.get("timeout", 300))  # type: ignore[call-overload]
    signature = str(spec["signature"])
    synth_only = status == "rejected" or signature.startswith("synth")
    outcome = run_flow(src, scratch / "hls_o", hls_args, timeout, stop_after_synth=synth_only)
    return outcome.status == status and outcome.signature == spec["signature"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hls.fuzz.interesting", description=__doc__)
    parser.add_argument("--spec", type=Path, required=True)
    parser.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    spec = json.loads(args.spec.read_text())
    scratch = Path.cwd() / "fz_scratch"
    try:
        return 0 if is_interesting(args.file.resolve(), spec, scratch) else 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
