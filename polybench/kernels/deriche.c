/* deriche: edge detection filter (PolyBench/C 4.2.1, medley). Uses expf and powf. */
#include <math.h>
#include "../pb.h"
#ifdef MINI_DATASET
#define W 64
#define H 64
#else
#define W 192
#define H 128
#endif

void kernel_deriche(float alpha, float imgIn[W][H], float imgOut[W][H], float y1[W][H], float y2[W][H]) {
  float xm1, tm1, ym1, ym2, xp1, xp2, tp1, tp2, yp1, yp2;
  float k, a1, a2, a3, a4, a5, a6, a7, a8, b1, b2, c1, c2;
  k = (1.0f - expf(-alpha)) * (1.0f - expf(-alpha)) / (1.0f + 2.0f * alpha * expf(-alpha) - expf(2.0f * alpha));
  a1 = a5 = k;
  a2 = a6 = k * expf(-alpha) * (alpha - 1.0f);
  a3 = a7 = k * expf(-alpha) * (alpha + 1.0f);
  a4 = a8 = -k * expf(-2.0f * alpha);
  b1 = powf(2.0f, -alpha);
  b2 = -expf(-2.0f * alpha);
  c1 = c2 = 1;
  for (int i = 0; i < W; i++) {
    ym1 = 0.0f; ym2 = 0.0f; xm1 = 0.0f;
    for (int j = 0; j < H; j++) {
      y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = imgIn[i][j]; ym2 = ym1; ym1 = y1[i][j];
    }
  }
  for (int i = 0; i < W; i++) {
    yp1 = 0.0f; yp2 = 0.0f; xp1 = 0.0f; xp2 = 0.0f;
    for (int j = H - 1; j >= 0; j--) {
      y2[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
      xp2 = xp1; xp1 = imgIn[i][j]; yp2 = yp1; yp1 = y2[i][j];
    }
  }
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++) imgOut[i][j] = c1 * (y1[i][j] + y2[i][j]);
  for (int j = 0; j < H; j++) {
    tm1 = 0.0f; ym1 = 0.0f; ym2 = 0.0f;
    for (int i = 0; i < W; i++) {
      y1[i][j] = a5 * imgOut[i][j] + a6 * tm1 + b1 * ym1 + b2 * ym2;
      tm1 = imgOut[i][j]; ym2 = ym1; ym1 = y1[i][j];
    }
  }
  for (int j = 0; j < H; j++) {
    tp1 = 0.0f; tp2 = 0.0f; yp1 = 0.0f; yp2 = 0.0f;
    for (int i = W - 1; i >= 0; i--) {
      y2[i][j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
      tp2 = tp1; tp1 = imgOut[i][j]; yp2 = yp1; yp1 = y2[i][j];
    }
  }
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++) imgOut[i][j] = c2 * (y1[i][j] + y2[i][j]);
}

int main(void) {
  static float imgIn[W][H], imgOut[W][H], y1[W][H], y2[W][H];
  float alpha = 0.25f;
  for (int i = 0; i < W; i++) for (int j = 0; j < H; j++) imgIn[i][j] = (float)((313 * i + 991 * j) % 65536) / 65535.0f;
  kernel_deriche(alpha, imgIn, imgOut, y1, y2);
  PB_PRINT_2D("imgOut", W, H, imgOut);
  return 0;
}
