#include <stdio.h>
#include <stdint.h>

uint32_t wrap_narrow(const uint8_t a[32], const uint16_t b[32], int8_t c[32], int16_t d[32]);

static uint32_t seed = 9u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed >> 7; }

int main(void)
{
  uint8_t a[32];
  uint16_t b[32];
  int8_t c[32];
  int16_t d[32];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 32; i++) {
      a[i] = run == 2 ? (uint8_t)255 : (uint8_t)lcg();
      b[i] = run == 2 ? (uint16_t)65535 : (uint16_t)lcg();
      c[i] = run == 1 ? (int8_t)-128 : (int8_t)lcg();
      d[i] = run == 1 ? (int16_t)-32768 : (int16_t)lcg();
    }
    uint32_t r = wrap_narrow(a, b, c, d);
    printf("run %d: r=%u", run, r);
    for (int i = 0; i < 32; i++) printf(" %d,%d", c[i], d[i]);
    printf("\n");
  }
  return 0;
}
