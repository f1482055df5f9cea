/* mvt: x1 += A y1, x2 += A^T y2 (PolyBench/C 4.2.1, linear-algebra/kernels) */
#include "../pb.h"
#ifdef MINI_DATASET
#define N 40
#else
#define N 120
#endif

void kernel_mvt(DATA_TYPE x1[N], DATA_TYPE x2[N], DATA_TYPE y_1[N], DATA_TYPE y_2[N], DATA_TYPE A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) x1[i] = x1[i] + A[i][j] * y_1[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) x2[i] = x2[i] + A[j][i] * y_2[j];
}

int main(void) {
  static DATA_TYPE x1[N], x2[N], y_1[N], y_2[N], A[N][N];
  for (int i = 0; i < N; i++) {
    x1[i] = (DATA_TYPE)(i % N) / N;
    x2[i] = (DATA_TYPE)((i + 1) % N) / N;
    y_1[i] = (DATA_TYPE)((i + 3) % N) / N;
    y_2[i] = (DATA_TYPE)((i + 4) % N) / N;
    for (int j = 0; j < N; j++) A[i][j] = (DATA_TYPE)(i * j % N) / N;
  }
  kernel_mvt(x1, x2, y_1, y_2, A);
  PB_PRINT_1D("x1", N, x1);
  PB_PRINT_1D("x2", N, x2);
  return 0;
}
