/* issue #11: wrong results on mixed-type expressions (random kernel) */
// hls-tops:  kern
#include <stdint.h>
#include <math.h>
#include <stdio.h>
uint8_t kern(double C[8], const float B[7][6], uint16_t A[6][8]) {
  int64_t acc1 = 0; uint8_t acc2 = 0; float acc3 = 0; int32_t k1 = 1;
  if ((fmin(0, B[1][1]) >= (4.9e-324 / 2147483647.5))) { } else { C[8 - k1] /= A[k1 - 1][k1 / 2 + 4]; }
  return (acc2 | ((A[5][4] < acc3) ? A[((uint32_t)(acc1) % 6)][(((-A[3][2])) & 7)] : A[5][(((A[2][0] + A[3][5])) & 7)]));
}

int main(void) {
  double C[8];
  float B[7][6];
  uint16_t A[6][8];
  uint32_t s = 12345;
  for (int call = 0; call < 4; call++) {
    for (int i = 0; i < 8; i++) { s = s * 1103515245u + 12345u; C[i] = (double)(int)(s >> 8) / 1000.0; }
    for (int i = 0; i < 7; i++) for (int j = 0; j < 6; j++) { s = s * 1103515245u + 12345u; B[i][j] = (float)(int)(s >> 12) / 100.0f - 50.0f; }
    for (int i = 0; i < 6; i++) for (int j = 0; j < 8; j++) { s = s * 1103515245u + 12345u; A[i][j] = (uint16_t)(s >> 16); }
    if (call == 1) B[1][1] = -0.0f;
    if (call == 2) A[0][4] = 0;
    if (call >= 2) B[1][1] = -1.0f;
    printf("%d %.17g\n", kern(C, B, A), C[7]);
  }
  return 0;
}
