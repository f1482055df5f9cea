#include <stdio.h>
#include <stdint.h>

long long matmul8(const int A[8][8], const int B[8][8], int C[8][8]);

static uint32_t seed = 2463534242u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed; }

int main(void)
{
  int A[8][8], B[8][8], C[8][8];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 8; i++)
      for (int j = 0; j < 8; j++) {
        if (run == 0) { A[i][j] = (int)(lcg() % 201) - 100; B[i][j] = (int)(lcg() % 201) - 100; }
        else if (run == 1) { A[i][j] = (int)lcg(); B[i][j] = (int)(lcg() >> 4) - (1 << 27); } /* wraps */
        else { A[i][j] = (i == j) ? 1 : 0; B[i][j] = (int)(lcg() % 20001) - 10000; }
        C[i][j] = 0x5a5a;
      }
    long long tr = matmul8(A, B, C);
    unsigned long long h = 0;
    for (int i = 0; i < 8; i++)
      for (int j = 0; j < 8; j++) h = h * 31u + (unsigned)C[i][j];
    printf("run %d: trace=%lld hash=%llu C[0][0]=%d C[7][3]=%d\n", run, tr, h, C[0][0], C[7][3]);
  }
  return 0;
}
