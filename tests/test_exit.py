"""``exit(status)`` (#15: CHStone's error paths): the top ends there and returns ``status`` if it
returns an int (``main``: its exit status); what follows the call, in its callers and in the rest
of the expression, is skipped, as are the loops around it. cosim catches the exit of the C
function (it comes back to the harness with the status) and compares the return value, the arrays
and the file-scope state bit-exactly; the testbench's own exit stays the C library's."""

from __future__ import annotations

from pathlib import Path

from conftest import cosim_random, cosim_with_main, first_error

# an exit in a called function, inside a loop: a[i] and the later iterations are skipped
NESTED = r"""
#include <stdio.h>
#include <stdlib.h>
int state;
int check(int v) {
  if (v > 100) {
    printf("too big\n");
    exit(3);
  }
  state += v;
  return v * 2;
}
int kern(int a[8]) {
  int s = 0;
  for (int i = 0; i < 8; i++) {
    s += check(a[i]);
    a[i] = s;
  }
  if (s < 0) exit(5);
  return s;
}
int main(void) {
  int a[8] = {1, 2, 3, 400, 5, 6, 7, 8};
  int r = kern(a);
  printf("%d %d %d %d\n", r, a[0], a[3], state);
  int b[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  r = kern(b);
  printf("%d %d %d\n", r, b[7], state);
  return 0;
}
"""


def test_exit_in_a_called_function_ends_the_top(tmp_path: Path) -> None:
    _, result = cosim_with_main(tmp_path, NESTED, "kern")
    assert result["status"] == "pass" and len(result["calls"]) == 2
    # random inputs: some calls exit (values above 100), some do not
    (tmp_path / "random").mkdir()
    cosim_random(tmp_path / "random", NESTED, "kern", runs=6)


# the second call of one expression does not run once the first has exited (calls counts them)
IN_EXPRESSION = r"""
#include <stdlib.h>
int state, calls;
int check(int v) {
  calls++;
  if (v > 100) exit(v & 7);
  return v * 2;
}
void kern(int a[8]) {
  for (int i = 0; i < 8; i++) {
    state += check(a[i]) + check(a[7 - i]);
    a[i] = state;
  }
}
"""


def test_exit_ends_the_expression(tmp_path: Path) -> None:
    cosim_random(tmp_path, IN_EXPRESSION, "kern", runs=6)


# CHStone's way: main as the top, an error path that exits with a status
MAIN = r"""
#include <stdio.h>
#include <stdlib.h>
#define EXIT exit(1)
int table[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
int result;
static int lookup(int k) {
  if (k >= 16) { printf("bad index\n"); EXIT; }
  return table[k];
}
int main(void) {
  int s = 0, k = 0;
  while (s < 40) {
    s += lookup(k);
    k += 3;
  }
  result = s;
  printf("%d\n", s);
  return s == 41 ? 0 : 2;
}
"""


def test_main_that_exits(tmp_path: Path) -> None:
    # k runs 0, 3, ..., 15 (s = 21 < 40), then lookup(18) exits with status 1: the harness
    # compares that status with the RTL's return value
    cosim_random(tmp_path, MAIN, "main", runs=1)


def test_exit_without_its_argument_is_located(tmp_path: Path) -> None:
    src = "void exit(int);\nvoid kern(int a[4]) {\n  if (a[0] > 3) exit();\n  a[1] = 2;\n}\n"
    assert first_error(tmp_path, src, "kern").startswith("k.c:3:17: error: 'exit' takes one argument")
