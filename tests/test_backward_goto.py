"""Backward ``goto`` (#15): a retry loop ``L: ...; if (c) goto L;`` becomes ``L: while (1) { ...;
break; }`` with each such goto a ``continue``, where that means the same (the goto not inside a
loop or switch of the items it spans, no break or continue of theirs leaving the new loop);
otherwise a located error. Co-simulated bit-exactly under the file's main and at random."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cosim_random, cosim_with_main, first_error

RETRY = r"""
#include <stdio.h>
int f(int a[16], int seed) {
  int tries = 0, sum = 0;
  unsigned x = (unsigned)seed;
retry:
  x = x * 1103515245u + 12345u;
  tries++;
  if (((x >> 16) & 7) != 3 && tries < 20)
    goto retry;
  for (int i = 0; i < 16; i++) {
    int k = 0;
  again:
    k++;
    if (a[i] > k * 10 && k < 8) goto again;
    sum += k;
    a[i] = k;
  }
  return sum * 100 + tries;
}
int main(void) {
  int a[16];
  for (int r = 0; r < 3; r++) {
    for (int i = 0; i < 16; i++) a[i] = (i * 37 + r * 11) % 90 - 10;
    printf("%d %d\n", f(a, r * 7 + 1), a[5]);
  }
  return 0;
}
"""


def test_backward_goto_retry_loops(tmp_path: Path) -> None:
    _, result = cosim_with_main(tmp_path, RETRY, "f")
    assert result["status"] == "pass" and len(result["calls"]) == 3
    (tmp_path / "random").mkdir()
    cosim_random(tmp_path / "random", RETRY.split("int main")[0], "f")


@pytest.mark.parametrize(
    ("body", "where"),
    [
        # the goto inside a loop of the items it spans: a continue there would be the inner loop's
        ("int s = 0;\ntop:\n  for (int i = 0; i < n; i++) { s += i; if (s < 100) goto top; }\n  return s;", "k.c:4:54"),
        # a break among the spanned items would leave the new loop instead of the enclosing one
        ("int s = 0;\n  while (1) {\n  top: s++;\n  if (s > n) break;\n  if (s < 5) goto top;\n  }\n  return s;", "k.c:6:14"),
    ],
)
def test_backward_goto_not_a_loop(tmp_path: Path, body: str, where: str) -> None:
    src = f"int g(int n) {{\n  {body}\n}}\n"
    message = first_error(tmp_path, src, "g")
    assert message.startswith(f"{where}: error: backward 'goto top'"), message
