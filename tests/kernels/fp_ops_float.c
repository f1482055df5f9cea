/* every float operator on edge cases, rounding of double->float (subnormal, overflow), float<->double */
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#define N 36
void fp_ops_float(const float a[N], const float b[N], const double d[N], float r[8][N], double w[2][N]) {
  for (int i = 0; i < N; i++) {
    r[0][i] = a[i] + b[i];
    r[1][i] = a[i] - b[i];
    r[2][i] = a[i] * b[i];
    r[3][i] = a[i] / b[i];
    r[4][i] = sqrtf(a[i]);
    r[5][i] = fminf(a[i], b[i]) - fmaxf(a[i], b[i]);
    r[6][i] = (float)d[i];
    r[7][i] = (a[i] < b[i]) ? -fabsf(b[i]) : a[i] * 0.5f;
    w[0][i] = (double)a[i] * b[i];
    w[1][i] = a[i] + d[i];
  }
}
int main(void) {
  float a[N], b[N], r[8][N]; double d[N], w[2][N];
  float fe[] = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, NAN, 1e-45f, -1e-45f, 1.17549435e-38f, 3.4028235e38f, 1e-40f, 3.0f, 0.1f, 16777217.0f, 2.5f, -7.25f, 1e30f};
  double de[] = {1e300, -1e300, 1e-300, 3.4028235677973366e38, 3.4028234663852886e38, 1.401298464324817e-45, 7.006492321624085e-46, 7.0064923216240862e-46,
                 1.1754942106924411e-38, 0.1, 1.0000000596046448, 1.0000000596046449, -2.5, NAN, -0.0, 16777217.0, 0.30000001192092896, 1e-50};
  for (int i = 0; i < N; i++) { a[i] = fe[i % 18]; b[i] = fe[(i * 5 + 2) % 18]; d[i] = de[i % 18]; }
  fp_ops_float(a, b, d, r, w);
  for (int k = 0; k < 8; k++) for (int i = 0; i < N; i++) { uint32_t u; memcpy(&u, &r[k][i], 4); if (r[k][i] != r[k][i]) u = 0x7fc0; printf("%08x%c", u, i == N - 1 ? '\n' : ' '); }
  for (int k = 0; k < 2; k++) for (int i = 0; i < N; i++) { uint64_t u; memcpy(&u, &w[k][i], 8); if (w[k][i] != w[k][i]) u = 0x7ff8; printf("%016llx%c", (unsigned long long)u, i == N - 1 ? '\n' : ' '); }
  return 0;
}
