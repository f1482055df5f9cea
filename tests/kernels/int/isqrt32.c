/* Integer square root of uint32_t by the bit-by-bit method: a fixed 16-step loop,
   a data-dependent if/else per step, a mask shifted right by 2 each step, and the
   remainder; returns the sum of the roots. */
#include <stdint.h>

uint32_t isqrt32(const uint32_t v[32], uint16_t root[32], uint32_t rem[32])
{
  uint32_t total = 0;
  for (int i = 0; i < 32; i++) {
    uint32_t x = v[i];
    uint32_t res = 0;
    uint32_t bit = 1u << 30;
    for (int k = 0; k < 16; k++) {
      if (x >= res + bit) {
        x -= res + bit;
        res = (res >> 1) + bit;
      } else {
        res >>= 1;
      }
      bit >>= 2;
    }
    root[i] = (uint16_t)res;
    rem[i] = x;
    total += res;
  }
  return total;
}
