/* Integer FIR filter (8 taps, Q15 coefficients, 64-bit accumulation, rounding and
   saturation to int16) with a triangular warm-up nest (k <= i for the first
   outputs), and a 3-point [1 2 1] / 4 smoothing stencil with copied borders. */
#include <stdint.h>

void fir_int(const int16_t x[64], const int16_t h[8], int16_t y[64], int16_t z[64])
{
  for (int i = 0; i < 7; i++) {
    long long acc = 0;
    for (int k = 0; k <= i; k++) {
      acc += h[k] * x[i - k];
    }
    acc = (acc + 16384) >> 15;
    y[i] = (int16_t)(acc > 32767 ? 32767 : (acc < -32768 ? -32768 : acc));
  }
  for (int i = 7; i < 64; i++) {
    long long acc = 0;
    for (int k = 0; k < 8; k++) {
      acc += h[k] * x[i - k];
    }
    acc = (acc + 16384) >> 15;
    y[i] = (int16_t)(acc > 32767 ? 32767 : (acc < -32768 ? -32768 : acc));
  }
  z[0] = x[0];
  z[63] = x[63];
  for (int i = 1; i < 63; i++) {
    z[i] = (int16_t)((x[i - 1] + 2 * x[i] + x[i + 1]) >> 2);
  }
}
