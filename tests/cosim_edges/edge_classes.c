/* Classifies every input element (NaN, infinities, signed zeros, subnormals, the largest finite
 * value, INT_MIN, INT_MAX, 0, -1, UCHAR_MAX), and computes results that differ on exactly those
 * values. The C function prints its counts (not during synthesis), so the test sees which edge
 * values cosim's random inputs contained. */
#include <stdio.h>

#define N 128
#define DMAX 1.7976931348623157e308
#define DMIN 2.2250738585072014e-308
#define FMAX 3.40282347e38f
#define FMIN 1.17549435e-38f

void edge_classes(const double d[N], const float f[N], const int z[N], const unsigned char u[N],
                  double dout[N], float fout[N], int zout[N], int counts[24],
                  int n, int k0, long long k1, short k2, unsigned k3) {
  int dnan = 0, dninf = 0, dpinf = 0, dnzero = 0, dpzero = 0, dsub = 0, dmax = 0;
  int fnan = 0, fninf = 0, fpinf = 0, fnzero = 0, fpzero = 0, fsub = 0, fmax = 0;
  int zmin = 0, zmax = 0, zzero = 0, zminus1 = 0, ufull = 0, uzero = 0;
  for (int i = 0; i < N; i++) {
    double x = d[i];
    if (x != x) { dnan++; dout[i] = -1.0; }
    else if (x < -DMAX) { dninf++; dout[i] = -2.0; }
    else if (x > DMAX) { dpinf++; dout[i] = -3.0; }
    else if (x == 0.0) { if (1.0 / x < 0.0) dnzero++; else dpzero++; dout[i] = 1.0 / x; }
    else if (x > -DMIN && x < DMIN) { dsub++; dout[i] = x * 4503599627370496.0; }
    else { if (x == DMAX || x == -DMAX) dmax++; dout[i] = x * 0.5; }

    float y = f[i];
    if (y != y) { fnan++; fout[i] = -1.0f; }
    else if (y < -FMAX) { fninf++; fout[i] = -2.0f; }
    else if (y > FMAX) { fpinf++; fout[i] = -3.0f; }
    else if (y == 0.0f) { if (1.0f / y < 0.0f) fnzero++; else fpzero++; fout[i] = 1.0f / y; }
    else if (y > -FMIN && y < FMIN) { fsub++; fout[i] = y * 8388608.0f; }
    else { if (y == FMAX || y == -FMAX) fmax++; fout[i] = y * 0.5f; }

    int v = z[i];
    if (v == -2147483647 - 1) { zmin++; zout[i] = 7; }
    else { zout[i] = (v < 0 ? -v : v) % 1000; }
    zmax += v == 2147483647;
    zzero += v == 0;
    zminus1 += v == -1;
    ufull += u[i] == 255;
    uzero += u[i] == 0;
  }
  for (int i = 0; i < n; i++)
    zout[i] += k0 ^ (int)(k1 >> 32) ^ k2 ^ (int)k3;
  counts[0] = dnan; counts[1] = dninf; counts[2] = dpinf; counts[3] = dnzero; counts[4] = dpzero; counts[5] = dsub; counts[6] = dmax;
  counts[7] = fnan; counts[8] = fninf; counts[9] = fpinf; counts[10] = fnzero; counts[11] = fpzero; counts[12] = fsub; counts[13] = fmax;
  counts[14] = zmin; counts[15] = zmax; counts[16] = zzero; counts[17] = zminus1; counts[18] = ufull; counts[19] = uzero;
  counts[20] = n; counts[21] = k0; counts[22] = (int)k2; counts[23] = (int)k3;
#ifndef __SYNTHESIS__
  printf("classes");
  for (int c = 0; c < 20; c++) printf(" %d", counts[c]);
  printf(" scalars %d %d %lld %d %u\n", n, k0, k1, k2, k3);
#endif
}
