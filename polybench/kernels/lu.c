/* lu: LU decomposition (PolyBench/C 4.2.1, linear-algebra/solvers) */
#include "../pb.h"
#ifdef MINI_DATASET
#define N 40
#else
#define N 120
#endif

void kernel_lu(DATA_TYPE A[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++) A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (int j = i; j < N; j++)
      for (int k = 0; k < i; k++) A[i][j] -= A[i][k] * A[k][j];
  }
}

int main(void) {
  static DATA_TYPE A[N][N], B[N][N];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++) A[i][j] = (DATA_TYPE)(-j % N) / N + 1;
    for (int j = i + 1; j < N; j++) A[i][j] = 0;
    A[i][i] = 1;
  }
  for (int r = 0; r < N; r++) for (int s = 0; s < N; s++) B[r][s] = 0;
  for (int t = 0; t < N; t++) for (int r = 0; r < N; r++) for (int s = 0; s < N; s++) B[r][s] += A[r][t] * A[s][t];
  for (int r = 0; r < N; r++) for (int s = 0; s < N; s++) A[r][s] = B[r][s];
  kernel_lu(A);
  PB_PRINT_2D("A", N, N, A);
  return 0;
}
