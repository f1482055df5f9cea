"""Forward ``goto`` out of blocks (#15), the error-exit pattern: each label a goto jumps to has
a flag, clear when the function starts and where the label is; the goto sets it, the statements
after the goto up to the label test it, and the loops it leaves end (their exit flags). A
backward goto (a loop) and a goto into a block get a located error. Co-simulated bit-exactly
under the file's own main."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cosim_with_main, run_hls

KERNELS = r"""
#include <stdio.h>
/* the error-exit pattern: a goto out of a nest to a cleanup label, a goto that continues an
   outer loop (its label at the end of the body), a goto out of a switch, in an inlined callee */
static int check(const int a[16], int lim) {
  int s = 0;
  for (int i = 0; i < 16; i++) {
    if (a[i] > lim) goto fail;
    s += a[i];
  }
  return s;
fail:
  return -1;
}
int gt(int a[16], int b[16]) {
  int bad = 0, i, j;
  for (i = 0; i < 4; i++) {
    for (j = 0; j < 4; j++) {
      if (a[i * 4 + j] < 0) goto next_row;
      b[i * 4 + j] = a[i * 4 + j] * 2;
    }
    bad++;
  next_row:
    b[i] += 1;
  }
  switch (a[0] & 3) {
    case 1: if (a[1] > 50) goto out; b[15] = 7; break;
    default: b[14] = 3;
  }
  b[13] = check(a, 90) + check(b, 1000);
  for (i = 0; i < 16; i++) {
    if (b[i] == 99) goto out;
    b[i] ^= 1;
  }
  bad += 100;
out:
  return bad;
}
int main(void) {
  int a[16], b[16];
  for (int r = 0; r < 3; r++) {
    for (int k = 0; k < 16; k++) { a[k] = (k * 37 + r * 11) % 97 - (k == 5 + r ? 200 : 0); b[k] = k == 9 ? 98 : 0; }
    if (r == 2) a[0] = 1, a[1] = 60;
    int v = gt(a, b);
    printf("%d %d %d %d\n", v, b[0], b[13], b[15]);
  }
  return 0;
}
"""


def test_goto_cosim(tmp_path: Path) -> None:
    _, result = cosim_with_main(tmp_path, KERNELS, "gt")
    assert result["status"] == "pass" and len(result["calls"]) == 3


@pytest.mark.parametrize(("source", "line", "col", "message"), [
    # (a retry loop is a loop now: test_backward_goto; a goto inside a loop it would leave is not)
    ("void f(int a[4]) {\n  int i = 0;\nagain:\n  for (; i < 4; i++) if (a[i] < 0) { a[i] = 0; goto again; }\n}\n", 4, 48,
     "backward 'goto again' (only forward jumps out of blocks) is not supported"),
    ("void f(int a[4]) {\n  if (a[0]) goto in;\n  if (a[1]) {\n  in:\n    a[2] = 1;\n  }\n}\n", 2, 13,
     "'goto in' into a block (only forward jumps out of blocks) is not supported"),
    ("void f(int a[4]) {\n  if (a[0]) goto nowhere;\n}\n", 2, 13, "label 'nowhere' used but not defined"),
])
def test_goto_diagnostics(tmp_path: Path, source: str, line: int, col: int, message: str) -> None:
    src = tmp_path / "k.c"
    src.write_text(source)
    proc = run_hls(str(src), "--top", "f", "-o", str(tmp_path / "o"))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.splitlines()[0] == f"{src}:{line}:{col}: error: {message}"
