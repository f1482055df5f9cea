/* Products and quotients by constant powers of two (the exponent moves: hls_fp_scale_core), at
   the edges: subnormal results rounded once to nearest even, overflow to infinity, subnormal
   operands made normal, signed zeros, infinities and NaNs (a signalling NaN comes back quiet). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#define N 40
void fp_scale(const double a[N], const float b[N], double d[N][4], float f[N][4]) {
  for (int i = 0; i < N; i++) {
    d[i][0] = 0.125 * a[i] - a[i] * -2.0;
    d[i][1] = a[i] / 4.0 + a[i] * 0x1p-1000;
    d[i][2] = a[i] * 0x1p1023 - a[i] / -0x1p-1020;
    d[i][3] = a[i] * 3.0 + a[i] / 0.5;  /* (3.0 is no power of two: a multiplier) */
    f[i][0] = b[i] * 4.0f - 0.5f * b[i];
    f[i][1] = b[i] / 0x1p127f + b[i] * 0x1p-126f;
    f[i][2] = b[i] * 0x1p100f;
    f[i][3] = -0.25f * b[i];
  }
}
int main(void) {
  static const uint64_t da[] = {0x0000000000000001ull, 0x000fffffffffffffull, 0x0010000000000000ull, 0x7fefffffffffffffull,
                                0x7ff0000000000000ull, 0x7ff0000000000001ull, 0x7ff8000000000123ull, 0x8000000000000000ull,
                                0x3ff0000000000000ull, 0x0000000000000003ull, 0x0000000000000007ull, 0xc00921fb54442d18ull,
                                0x0008000000000001ull, 0x7fe0000000000000ull, 0x0020000000000001ull, 0x001fffffffffffffull};
  static const uint32_t fa[] = {1, 0x7fffff, 0x800000, 0x7f7fffff, 0x7f800000, 0x7f800001, 0xffc00123, 0x80000000,
                                0x3f800000, 3, 7, 0xc0490fdb, 0x400001, 0x7f000000, 0x1000001, 0xffffff};
  double a[N], d[N][4];
  float b[N], f[N][4];
  uint64_t s = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < N; i++) {
    s ^= s << 13; s ^= s >> 7; s ^= s << 17;
    /* past the edge cases: random significands at exponents near the bottom and the top */
    uint64_t x = i < 16 ? da[i] : (s & 0x800fffffffffffffull) | (uint64_t)((i * 37) % 56 + (i % 2 ? 1 : 1990)) << 52;
    uint32_t y = i < 16 ? fa[i] : (uint32_t)(s >> 32 & 0x807fffff) | (uint32_t)((i * 11) % 16 + (i % 2 ? 1 : 235)) << 23;
    memcpy(&a[i], &x, 8);
    memcpy(&b[i], &y, 4);
  }
  fp_scale(a, b, d, f);
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 4; k++) {
      uint64_t x;
      uint32_t y;
      memcpy(&x, &d[i][k], 8);
      memcpy(&y, &f[i][k], 4);
      printf("%016llx %08x ", (unsigned long long)x, y);
    }
    printf("\n");
  }
  return 0;
}
