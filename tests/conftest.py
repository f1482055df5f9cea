"""Shared helpers for the test suite."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest

from hls.frontend.affine import affine_model
from hls.frontend.c_to_kernel import c_to_kernel
from hls.frontend.preprocess import parse_file
from hls.ir.affine import AffineModel
from hls.ir.kernel import KernelFunction, verify_kernel

TESTS = Path(__file__).parent
HLS = str(Path(sysconfig.get_path("scripts")) / "hls")
# every cosim of the suite builds its model at -Og (the runs are short: building is most of a
# cosim's time); test_e2e checks the default -O1 build with it unset
os.environ["HLS_COSIM_QUICK_BUILD"] = "1"


def kernel_from_source(tmp_path: Path, source: str, top: str, cpp_args: list[str] | None = None) -> KernelFunction:
    path = tmp_path / "k.c"
    path.write_text(source)
    parsed = parse_file(path, cpp_args or [])
    fn = c_to_kernel(parsed.ast, parsed.path, top)
    verify_kernel(fn)
    return fn


def model_from_source(tmp_path: Path, source: str, top: str) -> AffineModel:
    return affine_model(kernel_from_source(tmp_path, source, top))


def run_hls(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The hls CLI with ``args`` (``env``: variables added to this environment)."""
    return subprocess.run([HLS, *args], capture_output=True, text=True, cwd=cwd, env={**os.environ, **env} if env else None)


def synth_for_targets(tmp_path: Path, source: str | Path, top: str, *more: str, targets: tuple[str, ...] = ("ecp5", "default")) -> dict[str, Path]:
    """Synthesizes ``top`` of ``source`` (C text, written to k.c, or a C file) for each of
    ``targets`` (``--target``, with the options ``more``) into tmp_path/<target>, each run
    succeeding: the output folders by target, in ``targets``' order."""
    if isinstance(source, str):
        src = tmp_path / "k.c"
        src.write_text(source)
    else:
        src = source
    outs = {}
    for target in targets:
        out = tmp_path / target
        proc = run_hls(str(src), "--top", top, "--target", target, "-o", str(out), *more)
        assert proc.returncode == 0, (target, proc.stderr)
        outs[target] = out
    return outs


def cosim_random(tmp_path: Path, source: str, top: str, runs: int = 3) -> Path:
    """Co-simulates ``top`` of ``source`` (written to k.c) with cosim's random testbench for
    ``runs`` calls, which must all pass; the output folder."""
    src = tmp_path / "k.c"
    src.write_text(source)
    out = tmp_path / "o"
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--runs", str(runs))
    assert proc.returncode == 0 and f"PASS: {runs} calls" in proc.stdout, proc.stdout + proc.stderr
    return out


def first_error(tmp_path: Path, source: str, top: str) -> str:
    """Synthesizes ``top`` of ``source`` (written to k.c), which must fail as a user error (exit
    1, no traceback, no output folder): the first line of its diagnostic, the file name as
    ``k.c``."""
    src = tmp_path / "k.c"
    src.write_text(source)
    proc = run_hls(str(src), "--top", top, "-o", str(tmp_path / "o"))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert not (tmp_path / "o").exists()
    return proc.stderr.splitlines()[0].replace(str(src), "k.c")


def synth_and_cosim(tmp_path: Path, source: str, top: str, cosim: bool = True) -> tuple[dict[str, Any], Path]:
    """Synthesizes ``top`` of ``source`` (written to k.c) into tmp_path/top and, with ``cosim``,
    co-simulates it with random inputs; its report.json (with the synthesis stderr as
    ``stderr``) and the output folder."""
    src = tmp_path / "k.c"
    src.write_text(source)
    out = tmp_path / top
    proc = run_hls("synth", str(src), "--top", top, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    report = dict(json.loads((out / "report.json").read_text()))
    report["stderr"] = proc.stderr
    if cosim:
        proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--runs", "4", "--quick-build")
        assert proc.returncode == 0, proc.stdout + proc.stderr
    return report, out


def cosim_with_main(tmp_path: Path, source: str, top: str) -> tuple[Path, dict[str, Any]]:
    """Co-simulates ``top`` of ``source`` (written to k.c) under the file's own ``main``; the
    output folder and cosim.json (the run must succeed)."""
    src = tmp_path / "k.c"
    src.write_text(source)
    out = tmp_path / top
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--tb", str(src))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out, dict(json.loads((out / "cosim.json").read_text()))


def cosim_and_reuse_ir(tmp_path: Path, source: str, top: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """Synthesizes ``top`` of ``source`` (written to k.c) and co-simulates it under the file's
    own ``main`` (the run must succeed): its report.json, cosim.json and kernel IR after the
    reuse-loads pass (``--emit reuse``)."""
    src = tmp_path / "k.c"
    src.write_text(source)
    out = tmp_path / top
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--tb", str(src))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ir = tmp_path / "ir"
    emit = run_hls(str(src), "--top", top, "-o", str(ir), "--emit", "reuse")
    assert emit.returncode == 0, emit.stderr
    report = json.loads((out / "report.json").read_text())
    return report, json.loads((out / "cosim.json").read_text()), (ir / f"{top}.reuse").read_text()


@pytest.fixture
def hls_cli() -> object:
    return run_hls


def pytest_report_header() -> str:
    return f"hls tests with {sys.executable}"
