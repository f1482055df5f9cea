/* a 1-D integer FIR filter (stencil) with a const coefficient array and long accumulation */
#include <stdio.h>
void fir(const int x[40], const short h[5], long y[36]) {
  for (int n = 0; n < 36; n++) {
    long acc = 0;
    for (int t = 0; t < 5; t++) acc += (long)x[n + t] * h[t];
    y[n] = acc >> 2;
  }
}
int main(void) {
  int x[40]; short h[5] = {3, -5, 9, -5, 3}; long y[36];
  for (int i = 0; i < 40; i++) x[i] = (i * 7919) % 2003 - 1000;
  fir(x, h, y);
  for (int i = 0; i < 36; i++) printf("%ld ", y[i]);
  printf("\n");
  return 0;
}
