/* Bit counting without data-dependent loop exits: popcount by a fixed 32-step loop
   of shifts, leading-zero count with a "seen a one" flag, bit reversal, a SWAR
   popcount (masks and a wrapping multiply) cross-checked against the loop, and
   parity by xor folding. */
#include <stdint.h>

void bitcount(const uint32_t w[32], uint8_t pc[32], uint8_t lz[32], uint32_t rev[32], uint8_t flags[32])
{
  for (int i = 0; i < 32; i++) {
    uint32_t x = w[i];
    int c = 0;
    int z = 0;
    int seen = 0;
    uint32_t r = 0;
    for (int b = 31; b >= 0; b--) {
      uint32_t bit = (x >> b) & 1u;
      c += bit;
      if (!seen && bit == 0) {
        z++;
      }
      seen |= bit;
    }
    for (int b = 0; b < 32; b++) {
      r = (r << 1) | ((x >> b) & 1u);
    }
    uint32_t v = x - ((x >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
    uint32_t p = x ^ (x >> 16);
    p ^= p >> 8;
    p ^= p >> 4;
    p ^= p >> 2;
    p ^= p >> 1;
    pc[i] = (uint8_t)c;
    lz[i] = (uint8_t)z;
    rev[i] = r;
    flags[i] = (uint8_t)(((v == (uint32_t)c) << 1) | (p & 1u));
  }
}
