#include <stdio.h>
#include <stdint.h>

uint32_t isqrt32(const uint32_t v[32], uint16_t root[32], uint32_t rem[32]);

static uint32_t seed = 13u;
static uint32_t lcg(void) { seed = seed * 1103515245u + 12345u; return seed; }

int main(void)
{
  uint32_t v[32], rem[32];
  uint16_t root[32];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 32; i++)
      v[i] = run == 0 ? lcg() : run == 1 ? (uint32_t)(i * i) + (uint32_t)(i & 1) : 0xffffffffu - (uint32_t)i * 99991u;
    uint32_t t = isqrt32(v, root, rem);
    printf("run %d: total=%u", run, t);
    for (int i = 0; i < 32; i++) printf(" %u:%u", root[i], rem[i]);
    printf("\n");
  }
  return 0;
}
