/* Triangular loops: lower-triangular matrix-vector product (j <= i) and the
   strictly-upper transposed product (j from i + 1 to N - 1). */
#include <stdint.h>

void trmv_lower(const int16_t L[16][16], const int16_t x[16], int64_t y[16], int64_t z[16])
{
  for (int i = 0; i < 16; i++) {
    int64_t acc = 0;
    for (int j = 0; j <= i; j++) {
      acc += (int32_t)L[i][j] * x[j];
    }
    y[i] = acc;
  }
  for (int i = 0; i < 16; i++) {
    int64_t acc = 0;
    for (int j = i + 1; j < 16; j++) {
      acc -= L[j][i] * x[j];
    }
    z[i] = acc;
  }
}
