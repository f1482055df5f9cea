#include <stdio.h>
#include <stdint.h>

void shift_mix(const int a[32], const uint8_t s[32], int sra[32], unsigned srl[32], int shl[32],
               long long w[32], int narrow[32]);

static uint32_t seed = 2024u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed; }

int main(void)
{
  int a[32], sra[32], shl[32], narrow[32];
  unsigned srl[32];
  uint8_t s[32];
  long long w[32];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 32; i++) {
      a[i] = run == 2 ? (i & 1 ? -1 : -2147483647 - 1) : (int)lcg();
      s[i] = run == 0 ? (uint8_t)(lcg() >> 24) : (uint8_t)i;
    }
    shift_mix(a, s, sra, srl, shl, w, narrow);
    printf("run %d:", run);
    for (int i = 0; i < 32; i++) printf(" %d %u %d %lld %d;", sra[i], srl[i], shl[i], w[i], narrow[i]);
    printf("\n");
  }
  return 0;
}
