#include <stdio.h>
#include <stdint.h>

unsigned compound_all(int a[16], unsigned u[16], int8_t c[16], uint8_t e[16], int sh);

static uint32_t seed = 8u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed; }

int main(void)
{
  int a[16];
  unsigned u[16];
  int8_t c[16];
  uint8_t e[16];
  const int shs[3] = {0, 5, -3};
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 16; i++) {
      a[i] = (int)lcg();
      u[i] = lcg();
      c[i] = (int8_t)(lcg() >> 24);
      e[i] = (uint8_t)(lcg() >> 13);
    }
    unsigned r = compound_all(a, u, c, e, shs[run]);
    printf("run %d sh=%d: %u", run, shs[run], r);
    for (int i = 0; i < 16; i++) printf(" %d %u %d %u;", a[i], u[i], c[i], e[i]);
    printf("\n");
  }
  return 0;
}
