/* Euclid's GCD with a fixed iteration count (24 steps suffice for 16-bit inputs)
   and a data-dependent guard instead of a loop exit; the LCM is formed in 32 bits
   and truncated to 16 bits, and the step count is reported. */
#include <stdint.h>

void gcd_fixed(const uint16_t a[16], const uint16_t b[16], uint16_t g[16], uint16_t l[16], uint8_t steps[16])
{
  for (int i = 0; i < 16; i++) {
    uint32_t x = a[i];
    uint32_t y = b[i];
    int n = 0;
    for (int s = 0; s < 24; s++) {
      if (y != 0) {
        uint32_t t = x % y;
        x = y;
        y = t;
        n++;
      }
    }
    g[i] = (uint16_t)x;
    l[i] = (uint16_t)(x == 0 ? 0u : a[i] / x * b[i]);
    steps[i] = (uint8_t)n;
  }
}
