#include <stdio.h>
#include <stdint.h>

int rle(const uint8_t in[48], uint8_t val[48], uint8_t len[48]);

static uint32_t seed = 15u;
static uint32_t lcg(void) { seed = seed * 1103515245u + 12345u; return seed >> 16; }

int main(void)
{
  uint8_t in[48], val[48], len[48];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 48; i++) {
      in[i] = run == 0 ? (uint8_t)(lcg() % 3) : run == 1 ? (uint8_t)7 : (uint8_t)lcg();
      val[i] = 0xee; len[i] = 0xee;
    }
    int n = rle(in, val, len);
    printf("run %d: runs=%d", run, n);
    for (int i = 0; i < 48; i++) printf(" %u*%u", val[i], len[i]);
    printf("\n");
  }
  return 0;
}
