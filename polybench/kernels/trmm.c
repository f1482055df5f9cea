/* trmm: triangular matrix multiply (PolyBench/C 4.2.1, linear-algebra/blas) */
#include "../pb.h"
#ifdef MINI_DATASET
#define M 20
#define N 30
#else
#define M 60
#define N 80
#endif

void kernel_trmm(DATA_TYPE alpha, DATA_TYPE A[M][M], DATA_TYPE B[M][N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      for (int k = i + 1; k < M; k++) B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

int main(void) {
  static DATA_TYPE A[M][M], B[M][N];
  DATA_TYPE alpha = 1.5;
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < i; j++) A[i][j] = (DATA_TYPE)((i + j) % M) / M;
    A[i][i] = 1.0;
    for (int j = 0; j < N; j++) B[i][j] = (DATA_TYPE)((N + (i - j)) % N) / N;
  }
  kernel_trmm(alpha, A, B);
  PB_PRINT_2D("B", M, N, B);
  return 0;
}
