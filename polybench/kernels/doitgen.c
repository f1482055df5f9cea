/* doitgen: multiresolution analysis kernel (PolyBench/C 4.2.1, linear-algebra/kernels) */
#include "../pb.h"
#ifdef MINI_DATASET
#define NQ 8
#define NR 10
#define NP 12
#else
#define NQ 20
#define NR 25
#define NP 30
#endif

void kernel_doitgen(DATA_TYPE A[NR][NQ][NP], DATA_TYPE C4[NP][NP], DATA_TYPE sum[NP]) {
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++) {
      for (int p = 0; p < NP; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < NP; s++) sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < NP; p++) A[r][q][p] = sum[p];
    }
}

int main(void) {
  static DATA_TYPE A[NR][NQ][NP], C4[NP][NP], sum[NP];
  for (int i = 0; i < NR; i++) for (int j = 0; j < NQ; j++) for (int k = 0; k < NP; k++) A[i][j][k] = (DATA_TYPE)((i * j + k) % NP) / NP;
  for (int i = 0; i < NP; i++) for (int j = 0; j < NP; j++) C4[i][j] = (DATA_TYPE)(i * j % NP) / NP;
  kernel_doitgen(A, C4, sum);
  double cs = 0.0;
  for (int i = 0; i < NR; i++) for (int j = 0; j < NQ; j++) for (int k = 0; k < NP; k++) cs += A[i][j][k] * ((i + j + k) % 5 + 1);
  printf("A %.12e\n", cs);
  return 0;
}
