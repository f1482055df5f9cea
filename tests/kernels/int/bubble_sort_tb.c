#include <stdio.h>
#include <stdint.h>

int bubble_sort(int a[24], unsigned short tag[24], int ok[1]);

static uint32_t seed = 271828u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed; }

int main(void)
{
  int a[24], ok[1];
  unsigned short tag[24];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 24; i++) {
      a[i] = run == 0 ? (int)lcg() : run == 1 ? 100 - i : (int)(lcg() % 5) - 2;  /* random, reversed, duplicates */
      tag[i] = (unsigned short)i;
    }
    ok[0] = -1;
    int s = bubble_sort(a, tag, ok);
    printf("run %d: swaps=%d ok=%d", run, s, ok[0]);
    for (int i = 0; i < 24; i++) printf(" %d:%u", a[i], tag[i]);
    printf("\n");
  }
  return 0;
}
