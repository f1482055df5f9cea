/* 2mm: D = alpha*A*B*C + beta*D (PolyBench/C 4.2.1, linear-algebra/kernels) */
#include "../pb.h"
#ifdef MINI_DATASET
#define NI 16
#define NJ 18
#define NK 22
#define NL 24
#else
#define NI 40
#define NJ 50
#define NK 70
#define NL 80
#endif

void kernel_2mm(DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE tmp[NI][NJ], DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ],
                DATA_TYPE C[NJ][NL], DATA_TYPE D[NI][NL]) {
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < NK; ++k) tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NL; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < NJ; ++k) D[i][j] += tmp[i][k] * C[k][j];
    }
}

int main(void) {
  static DATA_TYPE tmp[NI][NJ], A[NI][NK], B[NK][NJ], C[NJ][NL], D[NI][NL];
  DATA_TYPE alpha = 1.5, beta = 1.2;
  for (int i = 0; i < NI; i++) for (int j = 0; j < NK; j++) A[i][j] = (DATA_TYPE)((i * j + 1) % NI) / NI;
  for (int i = 0; i < NK; i++) for (int j = 0; j < NJ; j++) B[i][j] = (DATA_TYPE)(i * (j + 1) % NJ) / NJ;
  for (int i = 0; i < NJ; i++) for (int j = 0; j < NL; j++) C[i][j] = (DATA_TYPE)((i * (j + 3) + 1) % NL) / NL;
  for (int i = 0; i < NI; i++) for (int j = 0; j < NL; j++) D[i][j] = (DATA_TYPE)(i * (j + 2) % NK) / NK;
  kernel_2mm(alpha, beta, tmp, A, B, C, D);
  PB_PRINT_2D("D", NI, NL, D);
  return 0;
}
