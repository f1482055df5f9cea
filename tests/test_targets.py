"""Target files (``--target``): a device family's operator latencies reach the schedule, the
floating-point cores are instantiated at them and stay bit-exact in cosim; the report names the
target; an unknown target is a user error with no output folder."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import run_hls

KERNEL = """
void k(const double a[16], const double b[16], double c[16], float f[16]) {
  for (int i = 0; i < 16; i++) {
    c[i] = a[i] * b[i] + a[i] / (b[i] + 1.5);
    f[i] = (float)(c[i] - a[i]) * 2.5f + sqrtf(f[i]) / (float)b[i];
  }
}
"""

TESTBENCH = """
#include <stdio.h>
void k(const double a[16], const double b[16], double c[16], float f[16]);
int main(void) {
  double a[16], b[16], c[16]; float f[16];
  for (int i = 0; i < 16; i++) { a[i] = i * 1.25 - 7; b[i] = 3.0 / (i + 1) - 1e-310 * i; f[i] = i * 0.37f; c[i] = 0; }
  a[3] = -0.0; b[5] = 1e308; a[5] = 1e308; f[2] = -1.0f; b[7] = 2.2e-308;
  k(a, b, c, f);
  for (int i = 0; i < 16; i++) printf("%a %a\\n", c[i], f[i]);
  return 0;
}
"""


def _latencies(rtl: Path) -> dict[str, int]:
    """FP operator module -> its LATENCY parameter, from the generated operator modules."""
    found: dict[str, int] = {}
    for f in rtl.glob("*.sv"):
        m = re.search(r"module (hls_[fd]\w+)\s*#\(\s*parameter int LATENCY = (\d+)", f.read_text())
        if m:
            found[m.group(1)] = int(m.group(2))
    return found


def _synth_cosim(tmp_path: Path, target: str) -> tuple[dict[str, object], Path]:
    (tmp_path / "k.c").write_text(KERNEL)
    (tmp_path / "tb.c").write_text(TESTBENCH)
    out = tmp_path / target
    proc = run_hls(str(tmp_path / "k.c"), "--top", "k", "--target", target, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    proc = run_hls("cosim", str(tmp_path / "k.c"), "--top", "k", "--tb", str(tmp_path / "tb.c"), "-o", str(out))
    assert proc.returncode == 0 and "PASS" in proc.stdout, proc.stdout + proc.stderr
    return json.loads((out / "report.json").read_text()), out


def test_ecp5_target_deepens_the_fp_pipelines_and_stays_bit_exact(tmp_path: Path) -> None:
    default, out_default = _synth_cosim(tmp_path, "default")
    ecp5, out_ecp5 = _synth_cosim(tmp_path, "ecp5")
    assert default["target"] == {"name": "xc7-default", "family": "xc7"}
    assert ecp5["target"] == {"name": "ecp5-85k-6", "family": "ecp5"}
    assert "target:       ecp5-85k-6 (ecp5)" in (out_ecp5 / "report.rpt").read_text()
    targets = Path(__file__).resolve().parent.parent / "scheduler" / "targets"
    fp = {name: json.loads((targets / f"{name}.json").read_text())["units"]["fp"] for name in ("default", "ecp5")}
    for name, out in (("default", out_default), ("ecp5", out_ecp5)):
        lat = _latencies(out / "rtl")
        # the operator modules run at the target file's latencies (100 MHz: no scaling)
        assert "hls_ddiv" in lat and "hls_fsqrt" in lat, lat
        for module, cycles in lat.items():
            op = re.fullmatch(r"hls_([fd])(add|sub|mul|div|sqrt)", module)
            if op:
                assert cycles == fp[name][op.group(2)][op.group(1) == "d"], (name, module)
    assert ecp5["latency_cycles"] > default["latency_cycles"]  # type: ignore[operator]


@pytest.mark.parametrize(("target", "message"), [("nosuch", "unknown target 'nosuch' (known: default, ecp5"), ("bad.json", "missing")])
def test_bad_target_is_a_user_error(tmp_path: Path, target: str, message: str) -> None:
    (tmp_path / "k.c").write_text(KERNEL)
    (tmp_path / "bad.json").write_text('{"name": "half"}')
    out = tmp_path / "out"
    arg = str(tmp_path / target) if target.endswith(".json") else target
    proc = run_hls(str(tmp_path / "k.c"), "--top", "k", "--target", arg, "-o", str(out))
    assert proc.returncode == 1, proc.stderr
    assert "error:" in proc.stderr and message in proc.stderr and "Traceback" not in proc.stderr
    assert not out.exists()


def test_block_ram_read_latency_beyond_the_ram_modules_is_a_user_error(tmp_path: Path) -> None:
    """The RAM modules have the read's register and at most one output register: a target file
    asking for more is refused rather than scheduled against RTL that reads sooner."""
    from hls.scheduler.target import TARGET_DIR

    data = json.loads((TARGET_DIR / "ecp5.json").read_text())
    data["memory"]["block_ram_read_latency"] = 3
    (tmp_path / "slow.json").write_text(json.dumps(data))
    (tmp_path / "k.c").write_text(KERNEL)
    out = tmp_path / "out"
    proc = run_hls(str(tmp_path / "k.c"), "--top", "k", "--target", str(tmp_path / "slow.json"), "-o", str(out))
    assert proc.returncode == 1, proc.stderr
    assert "memory.block_ram_read_latency must be 1 or 2" in proc.stderr and "Traceback" not in proc.stderr
    assert not out.exists()
