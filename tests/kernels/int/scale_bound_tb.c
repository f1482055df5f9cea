#include <stdio.h>
#include <stdint.h>

int scale_bound(int n, int m, short a, int x[32], long long y[32]);

static uint32_t seed = 3u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed; }

int main(void)
{
  int x[32];
  long long y[32];
  const int ns[3] = {32, 13, 5};
  const int ms[3] = {0, 4, 5};
  const short as[3] = {-3, 32767, -32768};
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 32; i++) { x[i] = (int)lcg(); y[i] = -99; }
    int inv = scale_bound(ns[run], ms[run], as[run], x, y);
    printf("run %d n=%d m=%d a=%d inv=%d:", run, ns[run], ms[run], as[run], inv);
    for (int i = 0; i < 32; i++) printf(" %d/%lld", x[i], y[i]);
    printf("\n");
  }
  return 0;
}
