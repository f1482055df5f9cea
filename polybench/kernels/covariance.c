/* covariance: covariance computation (PolyBench/C 4.2.1, datamining) */
#include "../pb.h"
#ifdef MINI_DATASET
#define M 28
#define N 32
#else
#define M 80
#define N 100
#endif

void kernel_covariance(DATA_TYPE float_n, DATA_TYPE data[N][M], DATA_TYPE cov[M][M], DATA_TYPE mean[M]) {
  for (int j = 0; j < M; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < N; i++) mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) data[i][j] -= mean[j];
  for (int i = 0; i < M; i++)
    for (int j = i; j < M; j++) {
      cov[i][j] = 0.0;
      for (int k = 0; k < N; k++) cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - 1.0);
      cov[j][i] = cov[i][j];
    }
}

int main(void) {
  static DATA_TYPE data[N][M], cov[M][M], mean[M];
  DATA_TYPE float_n = (DATA_TYPE)N;
  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) data[i][j] = ((DATA_TYPE)i * j) / M;
  kernel_covariance(float_n, data, cov, mean);
  PB_PRINT_2D("cov", M, M, cov);
  return 0;
}
