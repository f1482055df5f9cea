#include <stdio.h>
#include <stdint.h>

void trmv_lower(const int16_t L[16][16], const int16_t x[16], int64_t y[16], int64_t z[16]);

static uint32_t seed = 7u;
static uint32_t lcg(void) { seed = seed * 1103515245u + 12345u; return seed >> 8; }

int main(void)
{
  int16_t L[16][16], x[16];
  int64_t y[16], z[16];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 16; i++) {
      for (int j = 0; j < 16; j++)
        L[i][j] = run == 1 ? (int16_t)-32768 : (int16_t)lcg();
      x[i] = run == 1 ? (int16_t)-32768 : (int16_t)(lcg() % 2001 - 1000);
      y[i] = -1; z[i] = -2;
    }
    trmv_lower(L, x, y, z);
    printf("run %d:", run);
    for (int i = 0; i < 16; i++) printf(" %lld/%lld", (long long)y[i], (long long)z[i]);
    printf("\n");
  }
  return 0;
}
