/* _Bool and <stdbool.h>'s bool: any non-zero value converts to 1 (was unsigned char) */
// hls-tops: top
#include <stdbool.h>
#include <stdio.h>
int top(int a[4], _Bool f[4], bool g[4]) {
  bool b = a[0];
  _Bool c = a[1] & 6;
  for (int i = 0; i < 4; i++) { f[i] = a[i] * 2; g[i] = !g[i] || a[i] < 0; }
  c++;
  return b + c + (bool)0.5 + (_Bool)a[2] + (bool)(a[3] + 1.5);
}

int main(void) {
  int a[4] = {2, 4, 8, -1};
  _Bool f[4];
  bool g[4] = {true, false, true, false};
  int r = top(a, f, g);
  printf("%d %d %d %d %d %d %d %d %d\n", r, f[0], f[1], f[2], f[3], g[0], g[1], g[2], g[3]);
  return 0;
}
