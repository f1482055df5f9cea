/* symm: symmetric matrix multiply (PolyBench/C 4.2.1, linear-algebra/blas) */
#include "../pb.h"
#ifdef MINI_DATASET
#define M 20
#define N 30
#else
#define M 60
#define N 80
#endif

void kernel_symm(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[M][N], DATA_TYPE A[M][M], DATA_TYPE B[M][N]) {
  DATA_TYPE temp2;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      temp2 = 0;
      for (int k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}

int main(void) {
  static DATA_TYPE C[M][N], A[M][M], B[M][N];
  DATA_TYPE alpha = 1.5, beta = 1.2;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = (DATA_TYPE)((i + j) % 100) / M;
      B[i][j] = (DATA_TYPE)((N + i - j) % 100) / M;
    }
  for (int i = 0; i < M; i++) {
    for (int j = 0; j <= i; j++) A[i][j] = (DATA_TYPE)((i + j) % 100) / M;
    for (int j = i + 1; j < M; j++) A[i][j] = -999;
  }
  kernel_symm(alpha, beta, C, A, B);
  PB_PRINT_2D("C", M, N, C);
  return 0;
}
