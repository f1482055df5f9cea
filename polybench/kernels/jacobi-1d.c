/* jacobi-1d: 1-D Jacobi stencil (PolyBench/C 4.2.1, stencils) */
#include "../pb.h"
#ifdef MINI_DATASET
#define TSTEPS 20
#define N 30
#else
#define TSTEPS 40
#define N 120
#endif

void kernel_jacobi_1d(DATA_TYPE A[N], DATA_TYPE B[N]) {
  for (int t = 0; t < TSTEPS; t++) {
    for (int i = 1; i < N - 1; i++) B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < N - 1; i++) A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

int main(void) {
  static DATA_TYPE A[N], B[N];
  for (int i = 0; i < N; i++) {
    A[i] = ((DATA_TYPE)i + 2) / N;
    B[i] = ((DATA_TYPE)i + 3) / N;
  }
  kernel_jacobi_1d(A, B);
  PB_PRINT_1D("A", N, A);
  return 0;
}
