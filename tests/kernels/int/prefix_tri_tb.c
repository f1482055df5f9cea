#include <stdio.h>
#include <stdint.h>

long prefix_tri(const int a[32], long s[32], int m[32]);

static uint32_t seed = 99u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed; }

int main(void)
{
  int a[32], m[32];
  long s[32];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 32; i++) {
      a[i] = run == 0 ? (int)(lcg() % 1000) - 500 : run == 1 ? (int)lcg() : 2147483647 - i;
      s[i] = 0; m[i] = 0;
    }
    long t = prefix_tri(a, s, m);
    printf("run %d: total=%ld", run, t);
    for (int i = 0; i < 32; i += 5) printf(" s%d=%ld m%d=%d", i, s[i], i, m[i]);
    printf("\n");
  }
  return 0;
}
