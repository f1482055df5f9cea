/* fuzzer (hls.fuzz seed 5000 kernel 2): a float division whose exact result lies between a
   quarter and a half of the smallest subnormal came out as the smallest subnormal instead of
   zero. The double-to-float rounding shifted by 54 bits and its "half" overflowed to 0. */
// hls-tops: kern
#include <stdio.h>
#include <string.h>
void kern(float a[4], const float b[4]) {
  for (int i = 0; i < 4; i++) a[i] = a[i] / b[i];
}

int main(void) {
  /* in units of the smallest subnormal 2**-149: 1/3, -1/4, 1/2 (a tie: to even, 0), 3/4 */
  float a[4] = {0x1p-100f, -0x1p-100f, 0x1p-100f, 0x1.8p-100f};
  float b[4] = {0x1.8p+50f, 0x1p+51f, 0x1p+50f, 0x1p+50f};
  unsigned bits[4];
  kern(a, b);
  memcpy(bits, a, sizeof bits);
  for (int i = 0; i < 4; i++) printf("%08x %a\n", bits[i], a[i]);
  return 0;
}
