/* #15: local array initializers: one store per element each time the declaration runs (the
   array written later too), the size from the list (w[]), braces per row with missing elements
   zero (m), a flat list over rows (flat), {0}, braces around a scalar, conversions to the
   element type, an initializer in a loop (re-initialized every iteration), and rows counted
   from a flat list (e[][2] = {five elements}: three rows, sizeof 24). */
// hls-tops: f
#include <stdio.h>
int f(int x[8], int n) {
  const int w[] = {3, -1, 4, 1, -5};
  int m[2][3] = {{1, 2}, {7, 8, 9}};
  int flat[2][2] = {1, 2, 3};
  double c[4] = {0.5, 1, {2.25f}};
  int z[6] = {0};
  int s = 0;
  for (int i = 0; i < 5; i++) s += w[i] * x[i];
  for (int i = 0; i < 3; i++) {
    m[i & 1][i] += x[i];
    z[i + n % 3] = i;
  }
  for (int i = 0; i < 2; i++) {
    int r[3] = {i, x[i], -1};
    r[2] += r[0] * r[1];
    x[i] = m[i][0] + m[i][1] + m[i][2] + flat[i][0] * flat[i][1] + (int)(c[i] * 4) + z[i] + z[i + 3] + r[2];
  }
  int e[][2] = {1, 2, 3, 4, n};
  return s + (int)c[2] + (int)c[3] + e[2][0] * (int)sizeof(e) + e[2][1];
}
int main(void) {
  int x[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  int r = f(x, 2);
  r += f(x, 4);
  printf("%d %d %d\n", r, x[0], x[1]);
  return 0;
}
