/* bicg: s = A^T r, q = A p (PolyBench/C 4.2.1, linear-algebra/kernels) */
#include "../pb.h"
#ifdef MINI_DATASET
#define M 38
#define N 42
#else
#define M 116
#define N 124
#endif

void kernel_bicg(DATA_TYPE A[N][M], DATA_TYPE s[M], DATA_TYPE q[N], DATA_TYPE p[M], DATA_TYPE r[N]) {
  for (int i = 0; i < M; i++) s[i] = 0;
  for (int i = 0; i < N; i++) {
    q[i] = 0.0;
    for (int j = 0; j < M; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

int main(void) {
  static DATA_TYPE A[N][M], s[M], q[N], p[M], r[N];
  for (int i = 0; i < M; i++) p[i] = (DATA_TYPE)(i % M) / M;
  for (int i = 0; i < N; i++) {
    r[i] = (DATA_TYPE)(i % N) / N;
    for (int j = 0; j < M; j++) A[i][j] = (DATA_TYPE)(i * (j + 1) % N) / N;
  }
  kernel_bicg(A, s, q, p, r);
  PB_PRINT_1D("s", M, s);
  PB_PRINT_1D("q", N, q);
  return 0;
}
