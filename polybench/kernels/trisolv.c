/* trisolv: triangular solver (PolyBench/C 4.2.1, linear-algebra/solvers) */
#include "../pb.h"
#ifdef MINI_DATASET
#define N 40
#else
#define N 120
#endif

void kernel_trisolv(DATA_TYPE L[N][N], DATA_TYPE x[N], DATA_TYPE b[N]) {
  for (int i = 0; i < N; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++) x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

int main(void) {
  static DATA_TYPE L[N][N], x[N], b[N];
  for (int i = 0; i < N; i++) {
    x[i] = -999;
    b[i] = i;
    for (int j = 0; j <= i; j++) L[i][j] = (DATA_TYPE)(i + N - j + 1) * 2 / N;
  }
  kernel_trisolv(L, x, b);
  PB_PRINT_1D("x", N, x);
  return 0;
}
