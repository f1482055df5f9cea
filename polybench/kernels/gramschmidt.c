/* gramschmidt: QR decomposition by modified Gram-Schmidt (PolyBench/C 4.2.1, linear-algebra/solvers) */
#include <math.h>
#include "../pb.h"
#ifdef MINI_DATASET
#define M 20
#define N 30
#else
#define M 60
#define N 80
#endif

void kernel_gramschmidt(DATA_TYPE A[M][N], DATA_TYPE R[N][N], DATA_TYPE Q[M][N]) {
  DATA_TYPE nrm;
  for (int k = 0; k < N; k++) {
    nrm = 0.0;
    for (int i = 0; i < M; i++) nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
    for (int i = 0; i < M; i++) Q[i][k] = A[i][k] / R[k][k];
    for (int j = k + 1; j < N; j++) {
      R[k][j] = 0.0;
      for (int i = 0; i < M; i++) R[k][j] += Q[i][k] * A[i][j];
      for (int i = 0; i < M; i++) A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}

int main(void) {
  static DATA_TYPE A[M][N], R[N][N], Q[M][N];
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (((DATA_TYPE)((i * j) % M) / M) * 100) + 10;
      Q[i][j] = 0.0;
    }
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) R[i][j] = 0.0;
  kernel_gramschmidt(A, R, Q);
  PB_PRINT_2D("R", N, N, R);
  PB_PRINT_2D("Q", M, N, Q);
  return 0;
}
