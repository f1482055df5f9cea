#include <stdio.h>
#include <stdint.h>

void casts_chain(const int64_t a[24], int o8[24], unsigned o16[24], long long o32[24], uint64_t ou[24], int ob[24]);

static uint64_t st = 0x853c49e6748fea9bull;
static uint64_t nxt(void) { st = st * 6364136223846793005ull + 1442695040888963407ull; return st; }

int main(void)
{
  int64_t a[24];
  int o8[24], ob[24];
  unsigned o16[24];
  long long o32[24];
  uint64_t ou[24];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 24; i++)
      a[i] = run == 0 ? (int64_t)nxt() : run == 1 ? (int64_t)(nxt() >> 40) - (1ll << 23) : (int64_t)i * 97 - 1000;
    if (run == 1) { a[0] = 0; a[1] = -1; a[2] = (int64_t)0x8000000000000000ull; a[3] = 0x7fffffffffffffffll; a[4] = 128; a[5] = -129; }
    casts_chain(a, o8, o16, o32, ou, ob);
    printf("run %d:", run);
    for (int i = 0; i < 24; i++) printf(" %d %u %lld %llu %d;", o8[i], o16[i], o32[i], (unsigned long long)ou[i], ob[i]);
    printf("\n");
  }
  return 0;
}
