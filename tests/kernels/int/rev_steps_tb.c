#include <stdio.h>
#include <stdint.h>

void rev_steps(const int a[40], int b[40], int c[40], int d[40]);

static uint32_t seed = 31337u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed; }

int main(void)
{
  int a[40], b[40], c[40], d[40];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 40; i++) {
      a[i] = run == 0 ? (int)(lcg() % 100000) - 50000 : run == 1 ? (int)lcg() : (-2147483647 - 1) + i;
      b[i] = c[i] = d[i] = 777;
    }
    rev_steps(a, b, c, d);
    printf("run %d:", run);
    for (int i = 0; i < 40; i++) printf(" %d,%d,%d", b[i], c[i], d[i]);
    printf("\n");
  }
  return 0;
}
