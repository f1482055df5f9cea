/* syrk: symmetric rank-k update (PolyBench/C 4.2.1, linear-algebra/blas) */
#include "../pb.h"
#ifdef MINI_DATASET
#define M 20
#define N 30
#else
#define M 60
#define N 80
#endif

void kernel_syrk(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[N][N], DATA_TYPE A[N][M]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++) C[i][j] *= beta;
    for (int k = 0; k < M; k++)
      for (int j = 0; j <= i; j++) C[i][j] += alpha * A[i][k] * A[j][k];
  }
}

int main(void) {
  static DATA_TYPE C[N][N], A[N][M];
  DATA_TYPE alpha = 1.5, beta = 1.2;
  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) A[i][j] = (DATA_TYPE)((i * j + 1) % N) / N;
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) C[i][j] = (DATA_TYPE)((i * j + 2) % M) / M;
  kernel_syrk(alpha, beta, C, A);
  PB_PRINT_2D("C", N, N, C);
  return 0;
}
