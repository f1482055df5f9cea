"""An element that both branches of an ``if`` read first is read once before it
(``hoist_branch_reads`` in reuse-loads): kadane's load of ``a[i]`` no longer waits for its
running sum's comparison, which chose which of two predicated loads ran (#13: on ECP5 the
sum's addition and selection, then the next iteration's comparison of it through the
register's bypass, then the port, were one 11.6 ns path). Checked by II, the kernel IR and
cosim against gcc."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import cosim_random, run_hls

KADANE = Path(__file__).resolve().parent / "kernels" / "int" / "kadane.c"  # (the corpus kernel)

SOURCE = """
int written_first(int c, int a[16]) {
  int x = 0;
  for (int i = 0; i < 16; i++) {
    if (c > i) {
      a[i] = x + 1;
      x += a[i];
    } else {
      x -= a[i];
    }
  }
  return x;
}
"""


def _synth(tmp_path: Path, top: str, target: str, *more: str) -> tuple[dict[str, object], str]:
    src = tmp_path / "k.c"
    src.write_text(KADANE.read_text() + SOURCE)
    out = tmp_path / f"{top}_{target}"
    proc = run_hls(str(src), "--top", top, "--target", target, "-o", str(out), *more)
    assert proc.returncode == 0, proc.stderr
    report = json.loads((out / "report.json").read_text()) if not more else {}
    return report, proc.stderr


def _ii(report: dict[str, object]) -> int:
    (loop,) = [lp for lp in report["loops"] if lp["pipelined"]]  # type: ignore[attr-defined]
    return int(loop["achieved_ii"])


def test_kadane_reads_its_element_before_the_branches_and_keeps_ii_1(tmp_path: Path) -> None:
    for target in ("ecp5", "default"):
        report, stderr = _synth(tmp_path, "kadane", target)
        assert _ii(report) == 1, (target, stderr)
        assert report["latency_cycles"] <= 54
    _synth(tmp_path, "kadane", "default", "--emit", "reuse")
    ir = (tmp_path / "kadane_default" / "kadane.reuse").read_text()
    assert re.search(r"a_both = a\[i\];  // line \d+\n\s+if \(cur <= 0:i64\)", ir), ir
    assert ir.count("a[i]") == 1 and ir.count("a_both") == 4  # (its declaration, the read, two uses)
    cosim_random(tmp_path, KADANE.read_text(), "kadane", runs=4)


def test_a_branch_that_writes_the_element_first_keeps_its_read(tmp_path: Path) -> None:
    _synth(tmp_path, "written_first", "default", "--emit", "reuse")
    ir = (tmp_path / "written_first_default" / "written_first.reuse").read_text()
    assert "_both" not in ir and ir.count("a[i]") == 3
    cosim_random(tmp_path, SOURCE, "written_first", runs=3)
