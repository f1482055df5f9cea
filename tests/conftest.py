"""Shared helpers for the test suite."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from hls.frontend.affine import affine_model
from hls.frontend.c_to_kernel import c_to_kernel
from hls.frontend.preprocess import parse_file
from hls.ir.affine import AffineModel
from hls.ir.kernel import KernelFunction, verify_kernel

TESTS = Path(__file__).parent
HLS = str(Path(sysconfig.get_path("scripts")) / "hls")


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


@pytest.fixture
def hls_cli() -> object:
    return run_hls


def pytest_report_header() -> str:
    return f"hls tests with {sys.executable}"
