#include <stdio.h>
#include <stdint.h>

int mixed_cmp(const int a[16], const unsigned b[16], const short c[16], const unsigned short d[16],
              const long long e[16], const unsigned long long f[16], int out[16]);

static uint32_t seed = 17u;
static uint32_t lcg(void) { seed = seed * 1103515245u + 12345u; return seed; }

int main(void)
{
  int a[16], out[16];
  unsigned b[16];
  short c[16];
  unsigned short d[16];
  long long e[16];
  unsigned long long f[16];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 16; i++) {
      a[i] = (int)lcg() >> (i % 20);
      b[i] = lcg() >> (i % 24);
      c[i] = (short)lcg();
      d[i] = (unsigned short)lcg();
      unsigned long long e_hi = lcg();
      unsigned long long e_lo = lcg();
      unsigned long long f_hi = lcg();
      unsigned long long f_lo = lcg();
      e[i] = (long long)((e_hi << 32) | e_lo) >> (i * 4);
      f[i] = ((f_hi << 32) | f_lo) >> (i * 3);
    }
    if (run == 1) { a[0] = -1; b[0] = 1; a[1] = -1; b[1] = 0xffffffffu; c[2] = -1; d[2] = 65535; e[3] = -1; f[3] = 1; a[4] = 0; }
    if (run == 2) { for (int i = 0; i < 16; i++) { a[i] = -i; b[i] = (unsigned)i; c[i] = (short)-i; d[i] = (unsigned short)i; e[i] = -i; f[i] = (unsigned long long)i; } }
    int t = mixed_cmp(a, b, c, d, e, f, out);
    printf("run %d: total=%d", run, t);
    for (int i = 0; i < 16; i++) printf(" %d", out[i]);
    printf("\n");
  }
  return 0;
}
