/* hls's FP conversion model gave 0 for (uint64_t) of a NaN; gcc's x86-64 sequence for unsigned
   64-bit (found by the bit-exact check of the synthesizable cores, scripts/check_fp_cores.py)
   gives 0x8000000000000000, as for a negative NaN. Also the limits around 2^63 and 2^64. */
// hls-tops: kern
#include <math.h>
#include <stdint.h>
#include <stdio.h>
void kern(const double x[8], const float y[8], uint64_t a[8], uint64_t b[8]) {
  for (int i = 0; i < 8; i++) {
    a[i] = (uint64_t)x[i];
    b[i] = (uint64_t)y[i];
  }
}

int main(void) {
  double x[8] = {NAN, -NAN, 0x1p63, 0x1.fffffffffffffp63, 0x1p64, INFINITY, -1.5, 0x1.fffffffffffffp62};
  float y[8] = {NAN, -NAN, 0x1p63f, 0x1.fffffep63f, 0x1p64f, INFINITY, -0.75f, -INFINITY};
  uint64_t a[8], b[8];
  kern(x, y, a, b);
  for (int i = 0; i < 8; i++) printf("%016llx %016llx\n", (unsigned long long)a[i], (unsigned long long)b[i]);
  return 0;
}
