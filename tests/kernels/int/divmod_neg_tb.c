#include <stdio.h>
#include <stdint.h>

int divmod_neg(const int a[32], const int b[32], int q[32], int r[32], int8_t q8[32], long long ql[32],
               unsigned uq[32], int k);

static uint32_t seed = 555u;
static uint32_t lcg(void) { seed = seed * 1103515245u + 12345u; return seed; }

int main(void)
{
  int a[32], b[32], q[32], r[32];
  int8_t q8[32];
  long long ql[32];
  unsigned uq[32];
  const int ks[3] = {-5, 0, 2147483647};
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 32; i++) {
      a[i] = run == 0 ? (int)(lcg() % 201) - 100 : (int)lcg();
      uint32_t r0 = lcg();
      uint32_t r1 = lcg();
      b[i] = run == 0 ? (int)(r0 % 21) - 10 : (int)r0 >> (r1 % 31);
    }
    a[0] = -2147483647 - 1; b[0] = -1;
    a[1] = -7; b[1] = 2;
    a[2] = 7; b[2] = -2;
    a[3] = -7; b[3] = -2;
    a[4] = -128; b[4] = -1;
    a[5] = -7; b[5] = 0;
    int bad = divmod_neg(a, b, q, r, q8, ql, uq, ks[run]);
    printf("run %d k=%d bad=%d:", run, ks[run], bad);
    for (int i = 0; i < 32; i++) printf(" %d %d %d %lld %u;", q[i], r[i], q8[i], ql[i], uq[i]);
    printf("\n");
  }
  return 0;
}
