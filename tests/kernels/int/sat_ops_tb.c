#include <stdio.h>
#include <stdint.h>

int sat_ops(const int16_t a[32], const int16_t b[32], const int16_t c[32], int16_t add[32], int16_t sub[32],
            uint8_t absd[32], int16_t med[32]);

static uint32_t seed = 404u;
static uint32_t lcg(void) { seed = seed * 1103515245u + 12345u; return seed >> 8; }

int main(void)
{
  int16_t a[32], b[32], c[32], add[32], sub[32], med[32];
  uint8_t absd[32];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 32; i++) {
      a[i] = run == 1 ? (int16_t)((int)(lcg() % 400) - 200) : (int16_t)lcg();
      b[i] = run == 1 ? (int16_t)((int)(lcg() % 400) - 200) : (int16_t)lcg();
      c[i] = (int16_t)lcg();
    }
    if (run == 2) { a[0] = 32767; b[0] = 32767; a[1] = -32768; b[1] = 32767; a[2] = -32768; b[2] = -32768; }
    int n = sat_ops(a, b, c, add, sub, absd, med);
    printf("run %d: nsat=%d", run, n);
    for (int i = 0; i < 32; i++) printf(" %d,%d,%u,%d", add[i], sub[i], absd[i], med[i]);
    printf("\n");
  }
  return 0;
}
