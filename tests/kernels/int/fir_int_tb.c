#include <stdio.h>
#include <stdint.h>

void fir_int(const int16_t x[64], const int16_t h[8], int16_t y[64], int16_t z[64]);

static uint32_t seed = 1234u;
static uint32_t lcg(void) { seed = seed * 1103515245u + 12345u; return seed >> 8; }

int main(void)
{
  int16_t x[64], h[8], y[64], z[64];
  for (int run = 0; run < 3; run++) {
    for (int k = 0; k < 8; k++)
      h[k] = run == 0 ? (int16_t)(4096 - k * 512) : run == 1 ? (int16_t)-32768 : (int16_t)lcg();
    for (int i = 0; i < 64; i++)
      x[i] = run == 1 ? (int16_t)((i & 1) ? -32768 : 32767) : (int16_t)lcg();
    fir_int(x, h, y, z);
    printf("run %d:", run);
    for (int i = 0; i < 64; i++) printf(" %d/%d", y[i], z[i]);
    printf("\n");
  }
  return 0;
}
