/* a loop bound from a scalar argument, decreasing loop, step 2 */
#include <stdio.h>
long scale_n(int n, int a[32], int k) {
  long total = 0;
  for (int i = n - 1; i >= 0; i--) { a[i] = a[i] * k + i; total += a[i]; }
  for (int i = 0; i < n; i += 2) total ^= (long)a[i] * 8;
  return total;
}
int main(void) {
  int a[32];
  for (int r = 0; r < 3; r++) {
    for (int i = 0; i < 32; i++) a[i] = i * 3 - 40 + r;
    long t = scale_n(32 - 10 * r, a, r - 1);
    printf("%ld %d %d\n", t, a[0], a[31]);
  }
  return 0;
}
