/* durbin: Toeplitz system solver (PolyBench/C 4.2.1, linear-algebra/solvers) */
#include "../pb.h"
#ifdef MINI_DATASET
#define N 40
#else
#define N 120
#endif

void kernel_durbin(DATA_TYPE r[N], DATA_TYPE y[N]) {
  DATA_TYPE z[N];
  DATA_TYPE alpha, beta, sum;
  y[0] = -r[0];
  beta = 1.0;
  alpha = -r[0];
  for (int k = 1; k < N; k++) {
    beta = (1 - alpha * alpha) * beta;
    sum = 0.0;
    for (int i = 0; i < k; i++) sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
    for (int i = 0; i < k; i++) z[i] = y[i] + alpha * y[k - i - 1];
    for (int i = 0; i < k; i++) y[i] = z[i];
    y[k] = alpha;
  }
}

int main(void) {
  static DATA_TYPE r[N], y[N];
  for (int i = 0; i < N; i++) r[i] = (N + 1 - i);
  kernel_durbin(r, y);
  PB_PRINT_1D("y", N, y);
  return 0;
}
