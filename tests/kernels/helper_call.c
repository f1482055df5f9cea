/* a helper function (inlined), a 3-D array, step -= 3, compound assignments */
#include <stdio.h>
static int mix(int x, int y) { int t = x ^ (y << 1); t |= 1; return t * 3 - y; }
void helper_call(int v[2][3][4], int w[12]) {
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      for (int k = 0; k < 4; k++) v[i][j][k] = mix(v[i][j][k], i + j * k);
  for (int m = 11; m > 0; m -= 3) { w[m] &= 0xff; w[m] %= 7; w[m - 1] *= -2; }
}
int main(void) {
  int v[2][3][4], w[12];
  for (int i = 0; i < 24; i++) v[i / 12][(i / 4) % 3][i % 4] = i * 31 - 300;
  for (int i = 0; i < 12; i++) w[i] = i * 1000 - 5000;
  helper_call(v, w);
  for (int i = 0; i < 24; i++) printf("%d ", v[i / 12][(i / 4) % 3][i % 4]);
  for (int i = 0; i < 12; i++) printf("%d ", w[i]);
  printf("\n");
  return 0;
}
