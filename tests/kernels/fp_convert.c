/* int <-> float/double conversions as C defines them (and as gcc does on x86-64 out of range) */
#include <stdio.h>
#include <stdint.h>
#define N 24
void fp_convert(const double d[N], const float f[N], const long long l[N], const unsigned u[N],
                int di[N], unsigned du[N], short fs[N], long long dl[N], double ld[N], float lf[N], double ud[N], float uf[N], unsigned char fc[N]) {
  for (int i = 0; i < N; i++) {
    di[i] = (int)d[i];
    du[i] = (unsigned)(d[i] > 0 ? d[i] : -d[i]);
    fs[i] = (short)f[i];
    dl[i] = (long long)d[i];
    ld[i] = (double)l[i];
    lf[i] = (float)l[i];
    ud[i] = u[i];
    uf[i] = (float)u[i];
    fc[i] = (unsigned char)(f[i] > 0 ? f[i] : 0.0f);
  }
}
int main(void) {
  double d[N] = {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.9999, -2.9999, 2147483647.0, -2147483648.0, 2147483647.9, -2147483648.9,
                 1e10, -1e10, 4294967295.0, 123456.789, -98765.4321, 9.2e18, -9.2e18, 1e-300, 7.5, -7.5, 65535.9, 3e9};
  float f[N]; long long l[N]; unsigned u[N];
  for (int i = 0; i < N; i++) {
    f[i] = (float)(i * 13.7 - 150.0);
    l[i] = (long long)(i * 0x0123456789abcdefLL) ^ (i % 3 ? -1LL : 0LL);
    u[i] = 0xffffffffu - (unsigned)i * 0x0badf00du;
  }
  l[0] = 9007199254740993LL; l[1] = -9007199254740993LL; l[2] = 16777217; l[3] = (long long)0x8000000000000000ull;
  int di[N]; unsigned du[N]; short fs[N]; long long dl[N]; double ld[N]; float lf[N]; double ud[N]; float uf[N]; unsigned char fc[N];
  fp_convert(d, f, l, u, di, du, fs, dl, ld, lf, ud, uf, fc);
  for (int i = 0; i < N; i++)
    printf("%d %u %d %lld %.17g %.9g %.17g %.9g %u\n", di[i], du[i], fs[i], dl[i], ld[i], lf[i], ud[i], uf[i], fc[i]);
  return 0;
}
