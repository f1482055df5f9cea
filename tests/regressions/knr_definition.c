/* issue #11: a called K&R-style definition crashed with an internal error */
// hls-tops: top 
#include <stdio.h>
int g(x) int x; { return x + 1; }
short h(a, b) short a; float b; { return a * 2 + (int)b; }
void top(int a[8]) { for (int i = 0; i < 8; i++) a[i] = g(a[i]) + h(a[i] & 255, 1.5f); }

int main(void) {
  int a[8] = {0, 1, -1, 2, 5, -7, 100, -100};
  top(a);
  for (int i = 0; i < 8; i++) printf("%d\n", a[i]);
  return 0;
}
