/* issue #11: math calls inside conditions (sqrt, fabs) */
// hls-tops: top kern
#include <stdio.h>
#include <math.h>
void top(double x[8], int b[8]) {
  for (int i = 0; i < 8; i++)
    if (sqrt(x[i]) > 2.0) b[i] = 1; else b[i] = 2;
}
void kern(const float B[1], double C[1]) { if (fabs(B[0]) < 0.5) C[0] = 5; }

int main(void) {
  double x[8] = {0.0, 4.0, 4.5, -1.0, 16.0, 3.99, 1e300, -0.0};
  int b[8] = {0};
  top(x, b);
  for (int i = 0; i < 8; i++) printf("%d\n", b[i]);
  float B[1] = {-1.0f};
  double C[1] = {1.0};
  kern(B, C);
  printf("%g\n", C[0]);
  B[0] = 0.25f;
  kern(B, C);
  printf("%g\n", C[0]);
  return 0;
}
