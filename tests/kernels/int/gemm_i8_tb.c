#include <stdio.h>
#include <stdint.h>

void gemm_i8(const int8_t A[6][10], const int8_t B[10][5], int C[6][5], int16_t At[10][6], uint8_t rowmax[6],
             int8_t alpha);

static uint32_t seed = 16u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed >> 20; }

int main(void)
{
  int8_t A[6][10], B[10][5];
  int C[6][5];
  int16_t At[10][6];
  uint8_t rowmax[6];
  const int8_t alphas[3] = {1, -128, 7};
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 6; i++) for (int k = 0; k < 10; k++) A[i][k] = run == 1 ? (int8_t)-128 : (int8_t)lcg();
    for (int k = 0; k < 10; k++) for (int j = 0; j < 5; j++) B[k][j] = run == 1 ? (int8_t)(j - 128) : (int8_t)lcg();
    gemm_i8(A, B, C, At, rowmax, alphas[run]);
    printf("run %d:", run);
    for (int i = 0; i < 6; i++) { for (int j = 0; j < 5; j++) printf(" %d", C[i][j]); printf(" |%u", rowmax[i]); }
    for (int k = 0; k < 10; k++) for (int i = 0; i < 6; i++) printf(" %d", At[k][i]);
    printf("\n");
  }
  return 0;
}
