// hls-tops: top0
// Found checking hls.progen seed 180311, which its own check set aside (its interpreter said +0.0, gcc -0.0):
// gcc folds 0.0 - x into -x where x cannot be -0.0 (an integer converted, fabs, a ?: of them), at
// every optimisation level, so 0.0f - (float)0u is -0.0f in the C program; the RTL subtracted and
// gave +0.0. Also -0.0 - x into -x, and x + 0.0, 0.0 + x into x where x cannot be -0.0 (a
// signalling NaN from fabs stays signalling). The frontend now folds them as gcc does.
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
void top0(const unsigned u[4], const int s[4], const double x[4], float r[4], double d[4], float q[4], double e[4], double g[4], double h[4]) {
  for (int i = 0; i < 4; i++) {
    r[i] = 0.0f - u[i];
    d[i] = 0 - (double)s[i];
    q[i] = (0.0f - u[i]) * 2.0f;
    e[i] = 0.0 - fabs(x[i]);
    g[i] = -0.0 - x[i];
    h[i] = (fabs(x[i]) + 0.0) + (0.0 - (s[i] > 0 ? (double)u[i] : fabs(x[i])));
  }
}
static void pd(double v) { uint64_t b; memcpy(&b, &v, 8); printf("%016llx\n", (unsigned long long)b); }
int main(void) {
  unsigned u[4] = {0, 1, 0, 7}; int s[4] = {0, -3, 5, 0};
  uint64_t xb[4] = {0x8000000000000000ull, 0x7FF4000000000001ull, 0, 0xFFF8000000000003ull};
  double x[4]; memcpy(x, xb, sizeof x);
  float r[4], q[4]; double d[4], e[4], g[4], h[4];
  top0(u, s, x, r, d, q, e, g, h);
  for (int i = 0; i < 4; i++) { pd(r[i]); pd(d[i]); pd(q[i]); pd(e[i]); pd(g[i]); pd(h[i]); }
  return 0;
}
