/* correlation: correlation computation (PolyBench/C 4.2.1, datamining) */
#include <math.h>
#include "../pb.h"
#ifdef MINI_DATASET
#define M 28
#define N 32
#else
#define M 80
#define N 100
#endif

void kernel_correlation(DATA_TYPE float_n, DATA_TYPE data[N][M], DATA_TYPE corr[M][M], DATA_TYPE mean[M], DATA_TYPE stddev[M]) {
  DATA_TYPE eps = 0.1;
  for (int j = 0; j < M; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < N; i++) mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (int j = 0; j < M; j++) {
    stddev[j] = 0.0;
    for (int i = 0; i < N; i++) stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = sqrt(stddev[j]);
    stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= sqrt(float_n) * stddev[j];
    }
  for (int i = 0; i < M - 1; i++) {
    corr[i][i] = 1.0;
    for (int j = i + 1; j < M; j++) {
      corr[i][j] = 0.0;
      for (int k = 0; k < N; k++) corr[i][j] += (data[k][i] * data[k][j]);
      corr[j][i] = corr[i][j];
    }
  }
  corr[M - 1][M - 1] = 1.0;
}

int main(void) {
  static DATA_TYPE data[N][M], corr[M][M], mean[M], stddev[M];
  DATA_TYPE float_n = (DATA_TYPE)N;
  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) data[i][j] = (DATA_TYPE)(i * j) / M + i;
  kernel_correlation(float_n, data, corr, mean, stddev);
  PB_PRINT_2D("corr", M, M, corr);
  return 0;
}
