/* adi: alternating direction implicit solver (PolyBench/C 4.2.1, stencils) */
#include "../pb.h"
#ifdef MINI_DATASET
#define TSTEPS 20
#define N 20
#else
#define TSTEPS 40
#define N 60
#endif

void kernel_adi(DATA_TYPE u[N][N], DATA_TYPE v[N][N], DATA_TYPE p[N][N], DATA_TYPE q[N][N]) {
  DATA_TYPE DX, DY, DT, B1, B2, mul1, mul2, a, b, c, d, e, f;
  DX = 1.0 / (DATA_TYPE)N;
  DY = 1.0 / (DATA_TYPE)N;
  DT = 1.0 / (DATA_TYPE)TSTEPS;
  B1 = 2.0;
  B2 = 1.0;
  mul1 = B1 * DT / (DX * DX);
  mul2 = B2 * DT / (DY * DY);
  a = -mul1 / 2.0;
  b = 1.0 + mul1;
  c = a;
  d = -mul2 / 2.0;
  e = 1.0 + mul2;
  f = d;
  for (int t = 1; t <= TSTEPS; t++) {
    for (int i = 1; i < N - 1; i++) {
      v[0][i] = 1.0;
      p[i][0] = 0.0;
      q[i][0] = v[0][i];
      for (int j = 1; j < N - 1; j++) {
        p[i][j] = -c / (a * p[i][j - 1] + b);
        q[i][j] = (-d * u[j][i - 1] + (1.0 + 2.0 * d) * u[j][i] - f * u[j][i + 1] - a * q[i][j - 1]) / (a * p[i][j - 1] + b);
      }
      v[N - 1][i] = 1.0;
      for (int j = N - 2; j >= 1; j--) v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
    }
    for (int i = 1; i < N - 1; i++) {
      u[i][0] = 1.0;
      p[i][0] = 0.0;
      q[i][0] = u[i][0];
      for (int j = 1; j < N - 1; j++) {
        p[i][j] = -f / (d * p[i][j - 1] + e);
        q[i][j] = (-a * v[i - 1][j] + (1.0 + 2.0 * a) * v[i][j] - c * v[i + 1][j] - d * q[i][j - 1]) / (d * p[i][j - 1] + e);
      }
      u[i][N - 1] = 1.0;
      for (int j = N - 2; j >= 1; j--) u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];
    }
  }
}

int main(void) {
  static DATA_TYPE u[N][N], v[N][N], p[N][N], q[N][N];
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) u[i][j] = (DATA_TYPE)(i + N - j) / N;
  kernel_adi(u, v, p, q);
  PB_PRINT_2D("u", N, N, u);
  return 0;
}
