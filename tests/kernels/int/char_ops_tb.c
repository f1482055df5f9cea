#include <stdio.h>
#include <stdint.h>
#include <string.h>

int char_ops(const char s[32], signed char t[32], unsigned char u[32], int8_t o[32], int sums[3]);

static uint32_t seed = 19u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed >> 16; }

int main(void)
{
  char s[32];
  signed char t[32];
  unsigned char u[32];
  int8_t o[32];
  int sums[3];
  for (int run = 0; run < 3; run++) {
    if (run == 0) { memset(s, 0, 32); strcpy(s, "Hello, World! hls-2024 {xyz}~"); }
    for (int i = 0; i < 32; i++) {
      if (run == 1) s[i] = (char)lcg();
      if (run == 2) s[i] = (char)(-128 + i * 8);
      t[i] = (signed char)lcg();
      u[i] = (unsigned char)lcg();
    }
    int n = char_ops(s, t, u, o, sums);
    printf("run %d: n=%d sums=%d,%d,%d", run, n, sums[0], sums[1], sums[2]);
    for (int i = 0; i < 32; i++) printf(" %d,%d,%u", o[i], t[i], u[i]);
    printf("\n");
  }
  return 0;
}
