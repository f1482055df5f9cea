/* gemver: vector multiplication and matrix addition (PolyBench/C 4.2.1, linear-algebra/blas) */
#include "../pb.h"
#ifdef MINI_DATASET
#define N 40
#else
#define N 120
#endif

void kernel_gemver(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[N][N], DATA_TYPE u1[N], DATA_TYPE v1[N], DATA_TYPE u2[N],
                   DATA_TYPE v2[N], DATA_TYPE w[N], DATA_TYPE x[N], DATA_TYPE y[N], DATA_TYPE z[N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) x[i] = x[i] + beta * A[j][i] * y[j];
  for (int i = 0; i < N; i++) x[i] = x[i] + z[i];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) w[i] = w[i] + alpha * A[i][j] * x[j];
}

int main(void) {
  static DATA_TYPE A[N][N], u1[N], v1[N], u2[N], v2[N], w[N], x[N], y[N], z[N];
  DATA_TYPE alpha = 1.5, beta = 1.2, fn = (DATA_TYPE)N;
  for (int i = 0; i < N; i++) {
    u1[i] = i;
    u2[i] = ((i + 1) / fn) / 2.0;
    v1[i] = ((i + 1) / fn) / 4.0;
    v2[i] = ((i + 1) / fn) / 6.0;
    y[i] = ((i + 1) / fn) / 8.0;
    z[i] = ((i + 1) / fn) / 9.0;
    x[i] = 0.0;
    w[i] = 0.0;
    for (int j = 0; j < N; j++) A[i][j] = (DATA_TYPE)(i * j % N) / N;
  }
  kernel_gemver(alpha, beta, A, u1, v1, u2, v2, w, x, y, z);
  PB_PRINT_1D("w", N, w);
  return 0;
}
