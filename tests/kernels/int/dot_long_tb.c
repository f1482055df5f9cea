#include <stdio.h>
#include <stdint.h>

long dot_long(const int a[64], const short b[64], int n);

static uint32_t seed = 1u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed; }

int main(void)
{
  int a[64];
  short b[64];
  const int ns[3] = {64, 17, 0};
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 64; i++) {
      a[i] = run == 1 ? -2147483647 - 1 : (int)lcg();
      b[i] = run == 1 ? (short)-32768 : (short)(lcg() >> 16);
    }
    printf("dot_long(n=%d) = %ld\n", ns[run], dot_long(a, b, ns[run]));
  }
  return 0;
}
