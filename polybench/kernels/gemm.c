/* gemm: C = alpha*A*B + beta*C (PolyBench/C 4.2.1, linear-algebra/blas) */
#include "../pb.h"
#ifdef MINI_DATASET
#define NI 20
#define NJ 25
#define NK 30
#else
#define NI 60
#define NJ 70
#define NK 80
#endif

void kernel_gemm(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE C[NI][NJ], DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ]) {
  for (int i = 0; i < NI; i++) {
    for (int j = 0; j < NJ; j++) C[i][j] *= beta;
    for (int k = 0; k < NK; k++)
      for (int j = 0; j < NJ; j++) C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

int main(void) {
  static DATA_TYPE C[NI][NJ], A[NI][NK], B[NK][NJ];
  DATA_TYPE alpha = 1.5, beta = 1.2;
  for (int i = 0; i < NI; i++) for (int j = 0; j < NJ; j++) C[i][j] = (DATA_TYPE)((i * j + 1) % NI) / NI;
  for (int i = 0; i < NI; i++) for (int j = 0; j < NK; j++) A[i][j] = (DATA_TYPE)(i * (j + 1) % NK) / NK;
  for (int i = 0; i < NK; i++) for (int j = 0; j < NJ; j++) B[i][j] = (DATA_TYPE)(i * (j + 2) % NJ) / NJ;
  kernel_gemm(alpha, beta, C, A, B);
  PB_PRINT_2D("C", NI, NJ, C);
  return 0;
}
