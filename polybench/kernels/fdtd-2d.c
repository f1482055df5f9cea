/* fdtd-2d: 2-D finite-difference time-domain kernel (PolyBench/C 4.2.1, stencils) */
#include "../pb.h"
#ifdef MINI_DATASET
#define TMAX 20
#define NX 20
#define NY 30
#else
#define TMAX 40
#define NX 60
#define NY 80
#endif

void kernel_fdtd_2d(DATA_TYPE ex[NX][NY], DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY], DATA_TYPE _fict_[TMAX]) {
  for (int t = 0; t < TMAX; t++) {
    for (int j = 0; j < NY; j++) ey[0][j] = _fict_[t];
    for (int i = 1; i < NX; i++)
      for (int j = 0; j < NY; j++) ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < NX; i++)
      for (int j = 1; j < NY; j++) ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i < NX - 1; i++)
      for (int j = 0; j < NY - 1; j++) hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}

int main(void) {
  static DATA_TYPE ex[NX][NY], ey[NX][NY], hz[NX][NY], _fict_[TMAX];
  for (int i = 0; i < TMAX; i++) _fict_[i] = (DATA_TYPE)i;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++) {
      ex[i][j] = ((DATA_TYPE)i * (j + 1)) / NX;
      ey[i][j] = ((DATA_TYPE)i * (j + 2)) / NY;
      hz[i][j] = ((DATA_TYPE)i * (j + 3)) / NX;
    }
  kernel_fdtd_2d(ex, ey, hz, _fict_);
  PB_PRINT_2D("hz", NX, NY, hz);
  return 0;
}
