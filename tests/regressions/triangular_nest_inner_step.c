/* hls.progen seed 160018: a triangular nest (k0 < 2 * i) whose innermost level steps by 3 was
   flattened into one pipeline with wrong successors (the sum missed the second row). Triangular
   nests are flattened only where every level steps by one; rectangular and parametric nests
   with the same step stay flattened (rect, param). */
// hls-tops: top0 rect param
#include <stdio.h>
#include <math.h>
void top0(float in0[2][3][4], unsigned char a0[2]) {
  int k0, c0;
  double acc0 = 0.0;
  for (long long i = 0; i < 2; i++) {
    for (k0 = 0; k0 < 2 * i; k0++) {
      for (c0 = 0; c0 < 4; c0 += 3) {
        acc0 -= in0[k0][i][i];
      }
    }
  }
  a0[1] = ((unsigned char)fmin(fmax(acc0, 0.0), 255.0));
}
void rect(float in0[2][3][4], double out[1]) {
  double a = 0.0;
  for (int i = 0; i < 2; i++)
    for (int k0 = 0; k0 < 2; k0++)
      for (int c0 = 0; c0 < 4; c0 += 3)
        a -= in0[k0][i][c0];
  out[0] = a;
}
void param(float in0[2][3][4], double out[2]) {
  for (int i = 0; i < 2; i++) {
    double a = i;
    for (int k0 = 0; k0 < 2 * i; k0++)
      for (int c0 = 0; c0 < 4; c0 += 3)
        a -= in0[k0][i][c0];
    out[i] = a;
  }
}
int main(void) {
  static float in0[2][3][4];
  unsigned char a0[2] = {0, 0};
  in0[0][1][1] = -859.9f;
  in0[1][1][1] = 1.58e17f;
  top0(in0, a0);
  printf("%d\n", a0[1]);
  double o[2] = {0, 0};
  for (int k = 0; k < 24; k++) ((float *)in0)[k] = k * 1.5f - 7;
  rect(in0, o);
  printf("%f\n", o[0]);
  param(in0, o);
  printf("%f %f\n", o[0], o[1]);
  return 0;
}
