/* issue #11: calls and assignments in the operands of && || ?: keep C's short-circuit order */
// hls-tops: top 
#include <stdio.h>
static int bump(int a[4], int k) { a[k] += 1; return a[k] > 2; }
static int twice(int x) { return 2 * x; }
void top(int a[4], int b[8]) {
  int s = 0;
  for (int i = 0; i < 8; i++) {
    if (b[i] > 0 && bump(a, i & 3)) b[i] = -b[i];
    b[i] += (b[i] < 0 || bump(a, (i + 1) & 3)) ? 1 : 2;
    s += (b[i] & 1) ? bump(a, 0) : twice(bump(a, 1));
    s += (s > 3) ? (s = 1) : (s += 2);
  }
  a[0] += s;
}

int main(void) {
  int a[4] = {0, 1, 2, 3}, b[8] = {1, -2, 3, 0, 5, -6, 7, 8};
  top(a, b);
  for (int i = 0; i < 4; i++) printf("%d\n", a[i]);
  for (int i = 0; i < 8; i++) printf("%d\n", b[i]);
  return 0;
}
