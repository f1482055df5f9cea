#include <stdio.h>
#include <stdint.h>

uint32_t helper_inline(const int16_t a[24], const int16_t b[24], int16_t o[24], uint32_t h[24], int rot);

static uint32_t seed = 11u;
static uint32_t lcg(void) { seed = seed * 1103515245u + 12345u; return seed >> 8; }

int main(void)
{
  int16_t a[24], b[24], o[24];
  uint32_t h[24];
  const int rots[3] = {0, 13, -7};
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 24; i++) {
      a[i] = run == 1 ? (int16_t)32767 : (int16_t)lcg();
      b[i] = run == 1 ? (int16_t)((i & 1) ? 32767 : -32768) : (int16_t)lcg();
    }
    uint32_t r = helper_inline(a, b, o, h, rots[run]);
    printf("run %d rot=%d: r=%u", run, rots[run], r);
    for (int i = 0; i < 24; i++) printf(" %d/%u", o[i], h[i]);
    printf("\n");
  }
  return 0;
}
