/* 8/16-bit arithmetic with wrap-around and truncation: uint8_t/uint16_t
   accumulators that wrap, a uint8_t product, conversions to int8_t/int16_t
   (gcc wraps modulo 2^n), compound assignment on an int8_t local, and the
   integer promotion of uint8_t operands in comparisons. */
#include <stdint.h>

uint32_t wrap_narrow(const uint8_t a[32], const uint16_t b[32], int8_t c[32], int16_t d[32])
{
  uint8_t s8 = 0;
  uint16_t s16 = 0;
  uint8_t p8 = 1;
  uint16_t q16 = 0xffff;
  int npromo = 0;
  for (int i = 0; i < 32; i++) {
    s8 += a[i];
    s16 += (uint32_t)b[i] * b[i];
    p8 *= a[i] | 1;
    q16 -= b[i];
    if (a[i] - 200 < 0) {
      npromo++;
    }
    if ((uint8_t)(a[i] - 200) < 50) {
      npromo += 100;
    }
    if (a[i] + a[31 - i] > 255) {
      npromo += 10000;
    }
    int8_t x = c[i];
    x += 100;
    x -= a[i];
    c[i] = (int8_t)(x + (int8_t)b[i]);
    d[i] = (int16_t)(b[i] + d[i] * 2);
  }
  return ((uint32_t)s8 << 24) ^ ((uint32_t)s16 << 8) ^ p8 ^ ((uint32_t)q16 << 3) ^ (uint32_t)npromo;
}
