#include <stdio.h>
#include <stdint.h>

void two_pass(const int16_t in[32], int out[32], int stats[4]);

static uint32_t seed = 77u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed >> 12; }

int main(void)
{
  int16_t in[32];
  int out[32], stats[4];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 32; i++) {
      in[i] = run == 0 ? (int16_t)(lcg() % 200) - 150 : run == 1 ? (int16_t)lcg() : (int16_t)-32768;
      out[i] = 0;
    }
    two_pass(in, out, stats);
    printf("run %d: mean=%d ss=%d maxdev=%d above=%d out:", run, stats[0], stats[1], stats[2], stats[3]);
    for (int i = 0; i < 32; i++) printf(" %d", out[i]);
    printf("\n");
  }
  return 0;
}
