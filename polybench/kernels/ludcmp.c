/* ludcmp: LU decomposition and forward/backward substitution (PolyBench/C 4.2.1, linear-algebra/solvers) */
#include "../pb.h"
#ifdef MINI_DATASET
#define N 40
#else
#define N 120
#endif

void kernel_ludcmp(DATA_TYPE A[N][N], DATA_TYPE b[N], DATA_TYPE x[N], DATA_TYPE y[N]) {
  DATA_TYPE w;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++) {
      w = A[i][j];
      for (int k = 0; k < j; k++) w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (int j = i; j < N; j++) {
      w = A[i][j];
      for (int k = 0; k < i; k++) w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
  for (int i = 0; i < N; i++) {
    w = b[i];
    for (int j = 0; j < i; j++) w -= A[i][j] * y[j];
    y[i] = w;
  }
  for (int i = N - 1; i >= 0; i--) {
    w = y[i];
    for (int j = i + 1; j < N; j++) w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
}

int main(void) {
  static DATA_TYPE A[N][N], B[N][N], b[N], x[N], y[N];
  DATA_TYPE fn = (DATA_TYPE)N;
  for (int i = 0; i < N; i++) {
    x[i] = 0;
    y[i] = 0;
    b[i] = (i + 1) / fn / 2.0 + 4;
  }
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++) A[i][j] = (DATA_TYPE)(-j % N) / N + 1;
    for (int j = i + 1; j < N; j++) A[i][j] = 0;
    A[i][i] = 1;
  }
  for (int r = 0; r < N; r++) for (int s = 0; s < N; s++) B[r][s] = 0;
  for (int t = 0; t < N; t++) for (int r = 0; r < N; r++) for (int s = 0; s < N; s++) B[r][s] += A[r][t] * A[s][t];
  for (int r = 0; r < N; r++) for (int s = 0; s < N; s++) A[r][s] = B[r][s];
  kernel_ludcmp(A, b, x, y);
  PB_PRINT_1D("x", N, x);
  return 0;
}
