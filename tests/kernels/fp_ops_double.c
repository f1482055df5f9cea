/* every double operator on edge cases: +-0, +-inf, NaN, subnormals, extremes, random values */
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#define N 40
void fp_ops_double(const double a[N], const double b[N], double r[8][N], int c[6][N]) {
  for (int i = 0; i < N; i++) {
    r[0][i] = a[i] + b[i];
    r[1][i] = a[i] - b[i];
    r[2][i] = a[i] * b[i];
    r[3][i] = a[i] / b[i];
    r[4][i] = sqrt(a[i]);
    r[5][i] = fmin(a[i], b[i]) + fmax(b[i], a[i]) * 0.0;
    r[6][i] = -fabs(a[i]);
    r[7][i] = fmax(a[i], b[i]);
    c[0][i] = a[i] < b[i];
    c[1][i] = a[i] <= b[i];
    c[2][i] = a[i] > b[i];
    c[3][i] = a[i] >= b[i];
    c[4][i] = a[i] == b[i];
    c[5][i] = (a[i] != b[i]) + 2 * (a[i] ? 1 : 0);
  }
}
static double from_bits(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
int main(void) {
  double a[N], b[N], r[8][N]; int c[6][N];
  double edge[] = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN, 5e-324, -5e-324, 2.2250738585072014e-308,
                   1.7976931348623157e308, -1.7976931348623157e308, 1e-310, 3.0, 0.1, 1e16, 2.5, -2.5, 4.9e-324, 1e308};
  for (int i = 0; i < N; i++) {
    a[i] = edge[i % 20];
    b[i] = i < 20 ? edge[(i * 7 + 3) % 20] : from_bits(0x3ff0000000000000ull + (uint64_t)i * 0x0000123456789abcull);
  }
  fp_ops_double(a, b, r, c);
  for (int k = 0; k < 8; k++) for (int i = 0; i < N; i++) { uint64_t u; memcpy(&u, &r[k][i], 8); if (r[k][i] != r[k][i]) u = 0x7ff8; printf("%016llx%c", (unsigned long long)u, i == N - 1 ? '\n' : ' '); }
  for (int k = 0; k < 6; k++) for (int i = 0; i < N; i++) printf("%d%c", c[k][i], i == N - 1 ? '\n' : ' ');
  return 0;
}
