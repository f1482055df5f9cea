#include <stdio.h>
#include <stdint.h>

long long kadane(const int a[48], int se[2]);

static uint32_t seed = 14u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed; }

int main(void)
{
  int a[48], se[2];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 48; i++)
      a[i] = run == 0 ? (int)(lcg() % 201) - 100 : run == 1 ? -1000 - (int)(lcg() % 1000) : (int)lcg();
    se[0] = se[1] = -1;
    long long b = kadane(a, se);
    printf("run %d: best=%lld [%d..%d]\n", run, b, se[0], se[1]);
  }
  return 0;
}
