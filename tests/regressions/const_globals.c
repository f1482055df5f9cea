/* #15: file-scope const scalars with an initializer are constants (loop bounds, masks, float
   coefficients), converted to their declared type (MASK is 0xff), one defined from another. */
// hls-tops: f
#include <stdint.h>
#include <stdio.h>
const int N = 12;
static const double SCALE = 0.5 * 3;
const uint8_t MASK = 0x1ff;
const int M = N - 4;
void f(double a[16], int b[16]) {
  for (int i = 0; i < N; i++) a[i] = a[i] * SCALE + (b[i] & MASK);
  for (int i = M; i < 16; i++) b[i] = i * M;
}
int main(void) {
  double a[16];
  int b[16];
  for (int i = 0; i < 16; i++) {
    a[i] = i * 0.25;
    b[i] = 1000 - i * 37;
  }
  f(a, b);
  printf("%a %d\n", a[5], b[3]);
  return 0;
}
