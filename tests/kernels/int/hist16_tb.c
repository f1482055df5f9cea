#include <stdio.h>
#include <stdint.h>

void hist16(const uint8_t data[64], uint16_t hist[16], uint8_t hi_hist[16], uint8_t wsum[16]);

static uint32_t seed = 123u;
static uint32_t lcg(void) { seed = seed * 1103515245u + 12345u; return seed >> 16; }

int main(void)
{
  uint8_t data[64], hh[16], ws[16];
  uint16_t h[16];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 64; i++)
      data[i] = run == 0 ? (uint8_t)lcg() : run == 1 ? (uint8_t)(lcg() % 5 * 17) : (uint8_t)0xa3;
    hist16(data, h, hh, ws);
    printf("run %d:", run);
    for (int k = 0; k < 16; k++) printf(" %u/%u/%u", h[k], hh[k], ws[k]);
    printf("\n");
  }
  return 0;
}
