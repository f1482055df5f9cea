"""File-scope variables that are not const (#15): state the kernel reads and writes, kept
between calls. Each is a port of the RTL (ap_memory; a scalar is one element) that cosim
connects to the C program's own variable, so the testbench sees and may change the state
between calls, as the C program does. Co-simulated bit-exactly under the file's own main and
with the random testbench (which leaves the variables to the program)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import cosim_with_main, run_hls

KERNELS = r"""
#include <stdio.h>
static unsigned int seed = 1;           /* a generator's state, as CHStone keeps it */
static unsigned int next_random(void) {
  seed = seed * 1103515245u + 12345u;
  return (seed >> 16) & 0x7fff;
}
int histogram[8];                      /* written by one call, read by the next */
int limit = 5;                         /* a loop bound the testbench changes */
double level;
long calls;
void sample(int out[16]) {
  for (int i = 0; i < 16; i++) {
    out[i] = (int)(next_random() % 100);
    histogram[out[i] & 7]++;
  }
  for (int k = 0; k < limit; k++)
    level = level * 0.5 + histogram[k & 7];
  calls++;
}
int main(void) {
  int out[16];
  for (int r = 0; r < 3; r++) {
    if (r == 2) { limit = 8; histogram[3] = -40; }
    sample(out);
    printf("%u %d %d %.17g %ld\n", seed, out[0], histogram[3], level, calls);
  }
  return 0;
}
"""


def test_globals_cosim_under_main(tmp_path: Path) -> None:
    out, result = cosim_with_main(tmp_path, KERNELS, "sample")
    assert result["status"] == "pass" and len(result["calls"]) == 3
    iface = json.loads((out / "interface.json").read_text())
    ports = {p["name"]: p.get("global_name", "") for p in iface["params"]}
    # the C parameter first, then the file-scope variables in the file's order
    assert list(ports) == ["out", "seed", "histogram", "limit", "level", "calls"]
    assert ports["seed"] == "seed" and ports["out"] == ""
    rtl = (out / "rtl" / "sample.sv").read_text()
    assert "seed_address0" in rtl and "histogram_we0" in rtl and "limit_we0" not in rtl


def test_globals_cosim_random_testbench(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text(KERNELS)
    out = tmp_path / "o"
    proc = run_hls("cosim", str(src), "--top", "sample", "-o", str(out), "--runs", "3")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "PASS: 3 calls" in proc.stdout


@pytest.mark.parametrize(("decl", "use"), [
    ("struct { struct { int a; } it[2]; } g;", "g.it[1].a"),
    ("extern int g[];", "g[0]"),
])
def test_unsupported_globals_are_located(tmp_path: Path, decl: str, use: str) -> None:
    src = tmp_path / "k.c"
    src.write_text(f"{decl}\nvoid f(int a[4]) {{\n  a[0] = 1;\n  a[1] = {use};\n}}\n")
    proc = run_hls(str(src), "--top", "f", "-o", str(tmp_path / "o"))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.startswith(f"{src}:") and "error:" in proc.stderr.splitlines()[0]
