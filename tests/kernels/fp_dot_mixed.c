/* mixed float/double arithmetic with a float accumulator, a division and sqrt (a norm) */
#include <math.h>
#include <stdio.h>
float fp_dot_mixed(int n, const float x[32], const double y[32], double z[32]) {
  float acc = 0.0f;
  double norm = 0.0;
  for (int i = 0; i < n; i++) {
    acc += x[i] * (float)y[i];
    norm += y[i] * y[i];
  }
  double scale = sqrt(norm) + 1e-9;
  for (int i = 0; i < n; i++) z[i] = y[i] / scale - x[i];
  return acc / (float)(n + 1);
}
int main(void) {
  float x[32]; double y[32], z[32];
  for (int r = 0; r < 3; r++) {
    for (int i = 0; i < 32; i++) { x[i] = (float)(i * 0.37 - 3.1 * r); y[i] = i * i * 0.013 - 1.7 + r; }
    float a = fp_dot_mixed(32 - 9 * r, x, y, z);
    printf("%.9g %.17g %.17g\n", a, z[0], z[20]);
  }
  return 0;
}
