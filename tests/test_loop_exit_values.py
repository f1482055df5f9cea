"""A for loop's variable read outside the loop (#15): after it (a search's index, the count a
loop reached) or before it in a later iteration of a loop around it. Such a loop is not the
affine model's (whose iterator lives only inside the loop): it takes the general path, where
the variable is an ordinary scalar holding C's exit value. Loops that start the variable anew
stay counted."""

from __future__ import annotations

from pathlib import Path

from conftest import cosim_with_main, run_hls

FIND = r"""
int find(const int a[32], int key, int out[4]) {
  int i, j, k = 0, m;
  for (i = 0; i < 32; i++)
    if (a[i] == key) break;
  out[0] = i;                        /* where the search stopped: 32 when absent */
  for (j = 0; j < 8; j++) {
    out[1] += k;                     /* the inner loop's exit value of the last iteration */
    for (k = 0; k < j; k++) out[2] += a[k];
  }
  for (m = 3; m < 32; m += 5) out[3] += a[m];
  out[3] += m;                       /* 33: past the bound by the step */
  for (j = 0; j < 4; j++) out[j] += 1;   /* starts j anew, read by no one after: counted */
  return i == 32 ? -1 : i;
}
int main(void) {
  int a[32], out[4] = {0, 0, 0, 0}, s = 0;
  for (int i = 0; i < 32; i++) a[i] = (i * 7) % 19;
  s += find(a, 14, out);             /* found at 2 */
  s += find(a, 5, out);              /* found at 28 */
  s += find(a, 99, out);             /* absent */
  return s == 12345;
}
"""


def test_loop_variable_read_after_loop_cosim(tmp_path: Path) -> None:
    _, result = cosim_with_main(tmp_path, FIND, "find")
    assert result["status"] == "pass" and len(result["calls"]) == 3
    kernel = run_hls(str(tmp_path / "k.c"), "--top", "find", "-o", str(tmp_path / "k"), "--emit", "kernel")
    assert kernel.returncode == 0, kernel.stderr
    loops = [line for line in next((tmp_path / "k").glob("*.kernel")).read_text().splitlines() if line.lstrip().startswith("for ")]
    by_line = {line.split("// line ")[1]: line for line in loops}
    # the search, the inner loop read in the next outer iteration and the strided loop: general
    assert all("loop_count" in by_line[n] for n in ("4", "9", "11")), loops
    # the outer loop and the last one: the affine model's
    assert "j_2 = 0:i32; j_2 < 8:i32" in by_line["7"] and "< 4:i32" in by_line["13"], loops
