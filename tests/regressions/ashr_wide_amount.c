/* fuzzer (hls.fuzz seed 7100 kernel 243): a signed right shift by a 64-bit amount, truncated to
   8 bits, gave the sign bits alone once the amount reached 8. Verilator 5.006 folds the truncation
   into the shift (VL_SHIFTRS_IIQ(8,32,64,...)) and then treats every amount >= 8 as a shift past
   the end; shift amounts wider than 32 bits now reach the RTL as saturated 32-bit values. */
// hls-tops: kern
#include <stdint.h>
#include <stdio.h>
void kern(const short a[4], unsigned b[4], uint8_t r[8], long long s, int n, unsigned long long u) {
  r[0] = a[0] >> (n & 31);
  r[1] = b[0] >> (n & 31);
  r[2] = a[1] >> (s & 31);
  r[3] = b[1] >> (s & 31);
  r[4] = (uint8_t)(b[2] << (s & 15));
  r[5] = b[3] >> (u & 31);
  r[6] = (uint8_t)(a[2] >> ((n & 32767) - (s & 32767) & 31));
  r[7] = (uint8_t)((long long)a[3] >> (u & 63));
}

int main(void) {
  short a[4] = {4114, -4114, 4114, -7};
  unsigned b[4] = {4114, 0x80001234u, 0x12345678u, 0xF0000000u};
  uint8_t r[8];
  long long s[4] = {12, 10, 1, 0};
  for (int k = 0; k < 4; k++) {
    kern(a, b, r, s[k], 13 - k, 12 + 9 * k);
    for (int i = 0; i < 8; i++) printf("%d ", r[i]);
    printf("\n");
  }
  return 0;
}
