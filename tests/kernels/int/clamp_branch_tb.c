#include <stdio.h>
#include <stdint.h>

int clamp_branch(int a[32], int flags[32], int lo, int hi);

static uint32_t seed = 4242u;
static uint32_t lcg(void) { seed = seed * 1103515245u + 12345u; return seed; }

int main(void)
{
  int a[32], flags[32];
  const int los[3] = {-500, 0, -2000000};
  const int his[3] = {500, 1000, -1000000};  /* third call: hi < 0, narrow range */
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 32; i++) {
      a[i] = (int)(lcg() % 4001) - 2000;
      if (run == 2) a[i] *= 1000;
      flags[i] = -1;
    }
    a[5] = his[run]; a[6] = los[run] - 1;
    int r = clamp_branch(a, flags, los[run], his[run]);
    printf("run %d: r=%d", run, r);
    for (int i = 0; i < 32; i++) printf(" %d:%d", a[i], flags[i]);
    printf("\n");
  }
  return 0;
}
