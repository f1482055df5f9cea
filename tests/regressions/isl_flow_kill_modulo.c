/* hls.progen seed 280172 (reduced by hand): hls died with a segmentation fault in isl's dataflow
   analysis (compute_flow of the write-after-read problem of a0, islpy 2026.2.2), whose kill (the
   must-writes a0[i][(k + 2) % 4][1] of a loop with step 2) has modulo constraints. Such kills are
   now left out of the analysis (a smaller kill only adds may-dependences). */
// hls-tops: top0
#include <stdio.h>
float top0(float a0[2][4][4], float x[4], long n0, long n1) {
  for (int k0 = 2; k0 >= 1; k0 -= 1) {
    for (int j = 0; j <= 3; j++) {
      x[j] = a0[k0 - 1][2 - k0][j];
      for (int j0 = j; j0 < 4; j0++)
        if (x[j0] != 0) a0[k0 - 1][j0][(k0 + 1) % 4] = n1 * j;
    }
  }
  for (int c0 = 2; c0 > -1; c0--) {
    for (int c1 = 1; c1 < n0; c1++) {
      const int t2 = a0[1][2 - c0][c0] || 5;
      a0[0][0][0] += t2;
    }
  }
  for (int i = 1; i > -1; --i) {
    for (int i1 = 0; i1 < 4; i1 += 1) {
      for (int k = 0; k < 4; k += 2) {
        x[k] = a0[(i1 + 0) % 2][3 - k][1 - i];
        x[1] = (a0[1 - i][2 * i][i1] * 3.0) / a0[i][0 & 3][k];
        a0[1 - i][((int)x[k] + n0) & 3][(n0 / 4) & 3] = a0[(k + 0) % 2][i1][i];
        a0[i][(k + 2) % 4][1] += a0[i][1][(i + 3) % 4];
      }
    }
  }
  return a0[0][2][1];
}

int main(void) {
  float a0[2][4][4], x[4] = {0.5f, 0.0f, -2.0f, 1.0f};
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 4; j++)
      for (int k = 0; k < 4; k++) a0[i][j][k] = (float)((i * 16 + j * 4 + k) % 7) - 2.5f;
  float r = top0(a0, x, 3, 2);
  r += top0(a0, x, 0, -1);
  printf("%a\n", r);
  return 0;
}
