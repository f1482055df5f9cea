/* sin and cos in float and double on edge cases (signed zeros, infinities, NaN, subnormals, huge
 * arguments whose range reduction needs many bits of pi) and on a sweep, plus MachSuite fft's
 * twiddle factors (an angle from the loop counters); every result compared bit for bit with the
 * C library's */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#define N 48
#define PI 3.1415926535
void fp_trig(const float a[N], const double d[N], float r[2][N], double w[4][N]) {
  for (int i = 0; i < N; i++) {
    r[0][i] = sinf(a[i]);
    r[1][i] = cosf(a[i]);
    w[0][i] = sin(d[i]);
    w[1][i] = cos(d[i]);
    double phi = (-2 * PI * (i % 8) / 64) * i;
    w[2][i] = cos(phi);
    w[3][i] = sin(phi) * d[i];
  }
}
int main(void) {
  float a[N], r[2][N];
  double d[N], w[4][N];
  float fe[] = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, NAN, 1e-45f, 1e-38f, 3.4e38f, -1e20f, 0.5f, 1.5707964f, 3.1415927f, 1e-8f, 1e6f};
  double de[] = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN, 5e-324, 2.2e-308, 1.7e308, -1e22, 0.5, 1.5707963267948966, 3.141592653589793, 1e-300, 1e15};
  for (int i = 0; i < N; i++) {
    if (i < 16) {
      a[i] = fe[i]; d[i] = de[i];
    } else {  /* a sweep of ordinary arguments */
      a[i] = (i - 32) * 0.731f; d[i] = (i - 32) * 0.917;
    }
  }
  fp_trig(a, d, r, w);
  for (int k = 0; k < 2; k++) for (int i = 0; i < N; i++) { uint32_t u; memcpy(&u, &r[k][i], 4); if (r[k][i] != r[k][i]) u = 0x7fc0; printf("%08x%c", u, i == N - 1 ? '\n' : ' '); }
  for (int k = 0; k < 4; k++) for (int i = 0; i < N; i++) { uint64_t u; memcpy(&u, &w[k][i], 8); if (w[k][i] != w[k][i]) u = 0x7ff8; printf("%016llx%c", (unsigned long long)u, i == N - 1 ? '\n' : ' '); }
  return 0;
}
