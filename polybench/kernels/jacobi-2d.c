/* jacobi-2d: 2-D Jacobi stencil (PolyBench/C 4.2.1, stencils) */
#include "../pb.h"
#ifdef MINI_DATASET
#define TSTEPS 20
#define N 30
#else
#define TSTEPS 40
#define N 90
#endif

void kernel_jacobi_2d(DATA_TYPE A[N][N], DATA_TYPE B[N][N]) {
  for (int t = 0; t < TSTEPS; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
}

int main(void) {
  static DATA_TYPE A[N][N], B[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / N;
      B[i][j] = ((DATA_TYPE)i * (j + 3) + 3) / N;
    }
  kernel_jacobi_2d(A, B);
  PB_PRINT_2D("A", N, N, A);
  return 0;
}
