/* 64-bit kernel: uint64_t FNV-style hashing with wrapping multiplies and rotates,
   a 64x64 -> 128-bit high-half multiply built from 32-bit halves, int64_t
   conversions of wrapped products, arithmetic right shift of negative long long
   values, long long division/modulo by a data-dependent divisor, and a scalar
   unsigned long long parameter. */
#include <stdint.h>

uint64_t u64_mix(const uint64_t a[16], int64_t b[16], long long c[16], uint64_t hi[16], unsigned long long k)
{
  uint64_t h = k ^ 0xcbf29ce484222325ull;
  for (int i = 0; i < 16; i++) {
    uint64_t x = a[i];
    h ^= x;
    h *= 0x100000001b3ull;
    h = (h << 13) | (h >> 51);

    uint64_t xl = x & 0xffffffffull;
    uint64_t xh = x >> 32;
    uint64_t yl = k & 0xffffffffull;
    uint64_t yh = k >> 32;
    uint64_t ll = xl * yl;
    uint64_t lh = xl * yh;
    uint64_t hl = xh * yl;
    uint64_t hh = xh * yh;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffull) + (hl & 0xffffffffull);
    hi[i] = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);

    int64_t p = (int64_t)(x * k);
    b[i] = (p >> 7) ^ (int64_t)(x >> 60);

    long long s = (long long)(x >> 33) - (long long)(x & 0xffffffffull);
    long long d = (long long)(int32_t)(x >> 17) | 1;
    c[i] = s / d + s % d * 1000 + (s >> 5);
  }
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return h;
}
