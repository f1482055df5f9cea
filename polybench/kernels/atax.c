/* atax: y = A^T (A x) (PolyBench/C 4.2.1, linear-algebra/kernels) */
#include "../pb.h"
#ifdef MINI_DATASET
#define M 38
#define N 42
#else
#define M 116
#define N 124
#endif

void kernel_atax(DATA_TYPE A[M][N], DATA_TYPE x[N], DATA_TYPE y[N], DATA_TYPE tmp[M]) {
  for (int i = 0; i < N; i++) y[i] = 0;
  for (int i = 0; i < M; i++) {
    tmp[i] = 0.0;
    for (int j = 0; j < N; j++) tmp[i] = tmp[i] + A[i][j] * x[j];
    for (int j = 0; j < N; j++) y[j] = y[j] + A[i][j] * tmp[i];
  }
}

int main(void) {
  static DATA_TYPE A[M][N], x[N], y[N], tmp[M];
  for (int i = 0; i < N; i++) x[i] = 1 + (i / (DATA_TYPE)N);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) A[i][j] = (DATA_TYPE)((i + j) % N) / (5 * M);
  kernel_atax(A, x, y, tmp);
  PB_PRINT_1D("y", N, y);
  return 0;
}
