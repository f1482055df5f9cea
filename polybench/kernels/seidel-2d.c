/* seidel-2d: 2-D Gauss-Seidel stencil (PolyBench/C 4.2.1, stencils) */
#include "../pb.h"
#ifdef MINI_DATASET
#define TSTEPS 20
#define N 40
#else
#define TSTEPS 40
#define N 120
#endif

void kernel_seidel_2d(DATA_TYPE A[N][N]) {
  for (int t = 0; t <= TSTEPS - 1; t++)
    for (int i = 1; i <= N - 2; i++)
      for (int j = 1; j <= N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

int main(void) {
  static DATA_TYPE A[N][N];
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / N;
  kernel_seidel_2d(A);
  PB_PRINT_2D("A", N, N, A);
  return 0;
}
