"""The printed HIR parses back to the same IR: print(parse(print(f))) == print(f), and the parsed
schedule verifies again."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import TESTS, model_from_source
from hls.frontend.dependences import dependences
from hls.frontend.reuse_loads import reuse_loads
from hls.ir.hir import print_hir
from hls.ir.hir_text import HirParseError, parse_hir
from hls.ir.hir_verify import verify_hir
from hls.scheduler.lower_to_hir import ScheduleOptions, schedule
from hls.scheduler.target import load_target

KERNEL_FILES = sorted((TESTS / "kernels").glob("*.c")) + sorted((TESTS.parent / "polybench" / "kernels").glob("*.c"))


def _hir_text(tmp_path: Path, path: Path, target: str = "default") -> str:
    stem = path.stem
    top = stem if path.parent.name == "kernels" and path.parent.parent.name == "tests" else "kernel_" + stem.replace("-", "_")
    from hls.frontend.affine import affine_model
    from hls.frontend.c_to_kernel import c_to_kernel
    from hls.frontend.preprocess import parse_file

    polybench = TESTS.parent / "polybench"
    flags = [f"-I{polybench / 'utilities'}", "-DPOLYBENCH_USE_SCALAR_LB"] if path.parent.parent == polybench else []
    parsed = parse_file(path, flags)
    model = dependences(affine_model(reuse_loads(c_to_kernel(parsed.ast, parsed.path, top))))
    return print_hir(schedule(model, ScheduleOptions(load_target(target))))


@pytest.mark.parametrize("path", KERNEL_FILES, ids=lambda p: p.stem)
def test_round_trip(tmp_path: Path, path: Path) -> None:
    text = _hir_text(tmp_path, path)
    fn = parse_hir(text)
    assert print_hir(fn) == text
    verify_hir(fn)


def test_round_trip_of_registered_block_ram_inputs(tmp_path: Path) -> None:
    """On ECP5 a local block RAM's ports register their inputs: the memref type says so
    (``inreg``, the read latency counting the register) and it parses back."""
    src = """
    void rev(const int a[1024], int out[1024]) {
      int buf[1024];
      for (int i = 0; i < 1024; i++) buf[i] = a[i] ^ (i << 3);
      for (int i = 0; i < 1024; i++) out[i] = buf[1023 - i] + 1;
    }"""
    fn = schedule(model_from_source(tmp_path, src, "rev"), ScheduleOptions(load_target("ecp5")))
    text = print_hir(fn)
    assert "%buf = hir.alloca : !memref<1024xi32, bram, ports 2, r3w1, inreg>" in text
    again = parse_hir(text)
    assert print_hir(again) == text and any(m.input_register for m in again.memrefs)
    verify_hir(again)


def test_dynamic_if_round_trip(tmp_path: Path) -> None:
    src = """
    int d(int n, int a[8]) {
      int s = 0;
      if (n > 2) { for (int i = 0; i < 8; i++) s += a[i]; } else { for (int i = 0; i < 4; i++) a[i] = s + i; }
      return s;
    }"""
    fn = schedule(model_from_source(tmp_path, src, "d"), ScheduleOptions(load_target()))
    text = print_hir(fn)
    assert "hir.if" in text
    again = parse_hir(text)
    assert print_hir(again) == text
    verify_hir(again)


@pytest.mark.parametrize(
    ("mutate", "line", "message"),
    [
        (lambda t: t.replace("hir.for", "hir.fro", 1), None, "cannot parse"),
        (lambda t: t.replace(", %c1_32 at", ", %nowhere at", 1), None, "%nowhere is not defined"),
        (lambda t: t.replace("at %t", "at %zz", 2).replace("hir.func @v at %zz", "hir.func @v at %t"), None, "time variable %zz is not defined"),
    ],
)
def test_errors_have_line_numbers(tmp_path: Path, mutate: object, line: int | None, message: str) -> None:
    src = "void v(int a[8], int b[8]) { b[0] = 0; for (int i = 0; i < 8; i++) b[i] = a[i] + 1; }"
    text = print_hir(schedule(model_from_source(tmp_path, src, "v"), ScheduleOptions(load_target())))
    bad = mutate(text)  # type: ignore[operator]
    with pytest.raises(HirParseError, match=message) as err:
        parse_hir(bad)
    assert err.value.line > 0
