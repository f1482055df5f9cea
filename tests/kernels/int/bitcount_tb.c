#include <stdio.h>
#include <stdint.h>

void bitcount(const uint32_t w[32], uint8_t pc[32], uint8_t lz[32], uint32_t rev[32], uint8_t flags[32]);

static uint32_t seed = 6u;
static uint32_t lcg(void) { seed = seed * 1103515245u + 12345u; return seed; }

int main(void)
{
  uint32_t w[32], rev[32];
  uint8_t pc[32], lz[32], flags[32];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 32; i++) {
      uint32_t r0 = lcg();
      uint32_t r1 = lcg();
      w[i] = run == 0 ? r0 ^ (r1 << 7) : run == 1 ? (1u << i) : (0xffffffffu >> i);
    }
    w[0] = run == 2 ? 0u : w[0];
    bitcount(w, pc, lz, rev, flags);
    printf("run %d:", run);
    for (int i = 0; i < 32; i++) printf(" %u,%u,%u,%u", pc[i], lz[i], rev[i], flags[i]);
    printf("\n");
  }
  return 0;
}
