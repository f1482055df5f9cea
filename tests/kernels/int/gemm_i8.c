/* Non-square int8_t matrix product (6x10 by 10x5) with int accumulation, a scalar
   alpha, a transpose into int16_t, and a row-wise argmax kept in a local array and
   copied out. */
#include <stdint.h>

void gemm_i8(const int8_t A[6][10], const int8_t B[10][5], int C[6][5], int16_t At[10][6], uint8_t rowmax[6],
             int8_t alpha)
{
  uint8_t best[6];
  for (int i = 0; i < 6; i++) {
    int bv = 0;
    best[i] = 0;
    for (int j = 0; j < 5; j++) {
      int acc = 0;
      for (int k = 0; k < 10; k++) {
        acc += A[i][k] * B[k][j];
      }
      C[i][j] = acc * alpha;
      if (j == 0 || acc > bv) {
        bv = acc;
        best[i] = (uint8_t)j;
      }
    }
  }
  for (int k = 0; k < 10; k++) {
    for (int i = 0; i < 6; i++) {
      At[k][i] = (int16_t)(A[i][k] * -256);
    }
  }
  for (int i = 5; i >= 0; i--) {
    rowmax[i] = best[i];
  }
}
