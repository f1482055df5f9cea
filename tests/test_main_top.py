"""``main`` as the top function (#15: CHStone's programs check themselves in main, which HLS
flows synthesize): it synthesizes like any function of no arguments, and cosim calls it,
renamed, from the random testbench's own main, comparing its return value and the file-scope
state it changes."""

from __future__ import annotations

from pathlib import Path

from conftest import run_hls

PROGRAM = r"""
#include <stdio.h>
#define N 4
typedef unsigned long long float64;
const float64 a_input[N] = {1, 2, 3, 4};
const float64 z_output[N] = {2, 4, 6, 9};
int calls;
static float64 twice(float64 a) { calls++; return a + a; }
int main(void) {
  int main_result = 0, i;
  for (i = 0; i < N; i++) {
    float64 r = twice(a_input[i]);
    main_result += (r != z_output[i]);
  }
  printf("%d\n", main_result);
  return main_result;
}
"""


def test_main_as_top_cosim(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text(PROGRAM)
    proc = run_hls("cosim", str(src), "--top", "main", "-o", str(tmp_path / "o"), "--runs", "2")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "PASS: 2 calls" in proc.stdout
    proc = run_hls("cosim", str(src), "--top", "main", "-o", str(tmp_path / "o"), "--tb", str(src))
    assert proc.returncode == 1 and "takes no --tb" in proc.stderr, proc.stderr
