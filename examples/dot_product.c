/* The bundled example: a dot product of two int16 vectors with a 64-bit accumulator. */
#include <stdint.h>

#define N 32

int64_t dot_product(const int16_t a[N], const int16_t b[N], int n)
{
  int64_t acc = 0;
  for (int i = 0; i < n; i++) {
    acc += (int32_t)a[i] * b[i];
  }
  return acc;
}
