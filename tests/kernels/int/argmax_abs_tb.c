#include <stdio.h>
#include <stdint.h>

int argmax_abs(const int16_t v[48], int mm[2]);

static uint32_t seed = 5u;
static uint32_t lcg(void) { seed = seed * 1103515245u + 12345u; return seed >> 9; }

int main(void)
{
  int16_t v[48];
  int mm[2];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 48; i++) v[i] = (int16_t)lcg();
    if (run == 1) { v[10] = -32768; v[30] = 32767; }
    if (run == 2) { for (int i = 0; i < 48; i++) v[i] = (int16_t)((i % 7) - 3); }  /* ties */
    mm[0] = mm[1] = 0;
    int r = argmax_abs(v, mm);
    printf("run %d: idx=%d min=%d max=%d\n", run, r, mm[0], mm[1]);
  }
  return 0;
}
