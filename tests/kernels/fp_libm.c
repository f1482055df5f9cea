/* exp, log and pow in float and double on edge cases and on a sweep, plus a chained assignment
 * (deriche writes 'a1 = a5 = k;'); every result compared bit for bit with the C library's */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#define N 48
void fp_libm(float alpha, const float a[N], const float b[N], const double d[N], const double e[N], float r[4][N], double w[3][N]) {
  float k, k1, k2;
  k = k1 = k2 = expf(-alpha) * powf(2.0f, -alpha);
  for (int i = 0; i < N; i++) {
    r[0][i] = expf(a[i]);
    r[1][i] = logf(a[i]);
    r[2][i] = powf(a[i], b[i]);
    r[3][i] = k * a[i] + k1 - k2;
    w[0][i] = exp(d[i]);
    w[1][i] = log(d[i]);
    w[2][i] = pow(d[i], e[i]);
  }
}
int main(void) {
  float a[N], b[N], r[4][N];
  double d[N], e[N], w[3][N];
  float fe[] = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, NAN, 1e-45f, 88.7f, -103.9f, 89.0f, 0.5f, 2.0f, -2.5f, 1e-8f, 3.0f};
  double de[] = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN, 5e-324, 709.7, -745.2, 710.0, 0.5, 2.0, -2.5, 1e-300, 3.0};
  for (int i = 0; i < N; i++) {
    if (i < 16) {
      a[i] = fe[i]; b[i] = fe[(i * 5 + 2) % 16]; d[i] = de[i]; e[i] = de[(i * 5 + 2) % 16];
    } else {  /* a sweep of ordinary arguments */
      a[i] = (i - 32) * 0.731f; b[i] = (i % 7) * 0.37f - 1.1f; d[i] = (i - 32) * 0.917; e[i] = (i % 5) * 0.43 - 0.9;
    }
  }
  fp_libm(0.25f, a, b, d, e, r, w);
  for (int k = 0; k < 4; k++) for (int i = 0; i < N; i++) { uint32_t u; memcpy(&u, &r[k][i], 4); if (r[k][i] != r[k][i]) u = 0x7fc0; printf("%08x%c", u, i == N - 1 ? '\n' : ' '); }
  for (int k = 0; k < 3; k++) for (int i = 0; i < N; i++) { uint64_t u; memcpy(&u, &w[k][i], 8); if (w[k][i] != w[k][i]) u = 0x7ff8; printf("%016llx%c", (unsigned long long)u, i == N - 1 ? '\n' : ' '); }
  return 0;
}
