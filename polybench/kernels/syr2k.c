/* syr2k: symmetric rank-2k update (PolyBench/C 4.2.1, linear-algebra/blas) */
#include "../pb.h"
#ifdef MINI_DATASET
#define M 20
#define N 30
#else
#define M 60
#define N 80
#endif

void kernel_syr2k(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[N][N], DATA_TYPE A[N][M], DATA_TYPE B[N][M]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++) C[i][j] *= beta;
    for (int k = 0; k < M; k++)
      for (int j = 0; j <= i; j++) C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
}

int main(void) {
  static DATA_TYPE C[N][N], A[N][M], B[N][M];
  DATA_TYPE alpha = 1.5, beta = 1.2;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = (DATA_TYPE)((i * j + 1) % N) / N;
      B[i][j] = (DATA_TYPE)((i * j + 2) % M) / M;
    }
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) C[i][j] = (DATA_TYPE)((i * j + 3) % N) / M;
  kernel_syr2k(alpha, beta, C, A, B);
  PB_PRINT_2D("C", N, N, C);
  return 0;
}
