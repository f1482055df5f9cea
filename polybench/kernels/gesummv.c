/* gesummv: y = alpha*A*x + beta*B*x (PolyBench/C 4.2.1, linear-algebra/blas) */
#include "../pb.h"
#ifdef MINI_DATASET
#define N 30
#else
#define N 90
#endif

void kernel_gesummv(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[N][N], DATA_TYPE B[N][N], DATA_TYPE tmp[N], DATA_TYPE x[N],
                    DATA_TYPE y[N]) {
  for (int i = 0; i < N; i++) {
    tmp[i] = 0.0;
    y[i] = 0.0;
    for (int j = 0; j < N; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

int main(void) {
  static DATA_TYPE A[N][N], B[N][N], tmp[N], x[N], y[N];
  DATA_TYPE alpha = 1.5, beta = 1.2;
  for (int i = 0; i < N; i++) {
    x[i] = (DATA_TYPE)(i % N) / N;
    for (int j = 0; j < N; j++) {
      A[i][j] = (DATA_TYPE)((i * j + 1) % N) / N;
      B[i][j] = (DATA_TYPE)((i * j + 2) % N) / N;
    }
  }
  kernel_gesummv(alpha, beta, A, B, tmp, x, y);
  PB_PRINT_1D("y", N, y);
  return 0;
}
