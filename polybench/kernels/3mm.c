/* 3mm: G = (A*B)*(C*D) (PolyBench/C 4.2.1, linear-algebra/kernels) */
#include "../pb.h"
#ifdef MINI_DATASET
#define NI 16
#define NJ 18
#define NK 20
#define NL 22
#define NM 24
#else
#define NI 40
#define NJ 50
#define NK 60
#define NL 70
#define NM 80
#endif

void kernel_3mm(DATA_TYPE E[NI][NJ], DATA_TYPE A[NI][NK], DATA_TYPE B[NK][NJ], DATA_TYPE F[NJ][NL], DATA_TYPE C[NJ][NM],
                DATA_TYPE D[NM][NL], DATA_TYPE G[NI][NL]) {
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      E[i][j] = 0.0;
      for (int k = 0; k < NK; ++k) E[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < NJ; i++)
    for (int j = 0; j < NL; j++) {
      F[i][j] = 0.0;
      for (int k = 0; k < NM; ++k) F[i][j] += C[i][k] * D[k][j];
    }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NL; j++) {
      G[i][j] = 0.0;
      for (int k = 0; k < NJ; ++k) G[i][j] += E[i][k] * F[k][j];
    }
}

int main(void) {
  static DATA_TYPE E[NI][NJ], A[NI][NK], B[NK][NJ], F[NJ][NL], C[NJ][NM], D[NM][NL], G[NI][NL];
  for (int i = 0; i < NI; i++) for (int j = 0; j < NK; j++) A[i][j] = (DATA_TYPE)((i * j + 1) % NI) / (5 * NI);
  for (int i = 0; i < NK; i++) for (int j = 0; j < NJ; j++) B[i][j] = (DATA_TYPE)((i * (j + 1) + 2) % NJ) / (5 * NJ);
  for (int i = 0; i < NJ; i++) for (int j = 0; j < NM; j++) C[i][j] = (DATA_TYPE)(i * (j + 3) % NL) / (5 * NL);
  for (int i = 0; i < NM; i++) for (int j = 0; j < NL; j++) D[i][j] = (DATA_TYPE)((i * (j + 2) + 2) % NK) / (5 * NK);
  kernel_3mm(E, A, B, F, C, D, G);
  PB_PRINT_2D("G", NI, NL, G);
  return 0;
}
