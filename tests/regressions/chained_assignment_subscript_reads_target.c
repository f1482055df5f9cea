/* hls.fuzz seed 8300 kernel 2 (wrong RTL): in 'x = a[a[k]] = v' the value of the inner
   assignment is v converted to a's element type; reading a[a[k]] back after the store evaluates
   the subscript again, which now reads the element just written */
// hls-tops:  kern
#include <stdio.h>
#include <stdint.h>
void kern(long long x[4], int8_t a[4]) {
  x[0] = a[a[1] & 3] = (int8_t)(x[1] + 1);
  x[2] = a[(a[3] & 1) + 2] = -8;
}

int main(void) {
  long long x[4] = {0, 1, 0, 0};
  int8_t a[4] = {9, 1, 0, 3};
  kern(x, a);
  for (int i = 0; i < 4; i++) printf("%lld %d\n", x[i], a[i]);
  return 0;
}
