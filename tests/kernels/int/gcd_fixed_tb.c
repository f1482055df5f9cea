#include <stdio.h>
#include <stdint.h>

void gcd_fixed(const uint16_t a[16], const uint16_t b[16], uint16_t g[16], uint16_t l[16], uint8_t steps[16]);

static uint32_t seed = 12u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed >> 16; }

int main(void)
{
  uint16_t a[16], b[16], g[16], l[16];
  uint8_t steps[16];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 16; i++) {
      a[i] = run == 1 ? (uint16_t)((lcg() % 200) * 6) : (uint16_t)lcg();
      b[i] = run == 1 ? (uint16_t)((lcg() % 200) * 15) : (uint16_t)lcg();
    }
    if (run == 2) { a[0] = 0; b[0] = 0; a[1] = 46368; b[1] = 28657; a[2] = 0; b[2] = 77; a[3] = 65535; b[3] = 1; }  /* Fibonacci worst case */
    gcd_fixed(a, b, g, l, steps);
    printf("run %d:", run);
    for (int i = 0; i < 16; i++) printf(" gcd(%u,%u)=%u lcm16=%u st=%u;", a[i], b[i], g[i], l[i], steps[i]);
    printf("\n");
  }
  return 0;
}
