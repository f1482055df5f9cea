#include <stdio.h>
#include <stdint.h>

uint64_t u64_mix(const uint64_t a[16], int64_t b[16], long long c[16], uint64_t hi[16], unsigned long long k);

static uint64_t st = 88172645463325252ull;
static uint64_t xs(void) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }

int main(void)
{
  uint64_t a[16], hi[16];
  int64_t b[16];
  long long c[16];
  const unsigned long long ks[3] = {0x9e3779b97f4a7c15ull, 0xffffffffffffffffull, 3ull};
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 16; i++) {
      a[i] = run == 1 ? ~0ull - (uint64_t)i : xs() >> (i % 4 * 8);
      b[i] = 0; c[i] = 0; hi[i] = 0;
    }
    uint64_t r = u64_mix(a, b, c, hi, ks[run]);
    printf("run %d: %llu", run, (unsigned long long)r);
    for (int i = 0; i < 16; i++) printf(" %lld %lld %llu;", (long long)b[i], c[i], (unsigned long long)hi[i]);
    printf("\n");
  }
  return 0;
}
