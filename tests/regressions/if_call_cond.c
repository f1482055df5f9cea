/* issue #11: a call inside an if condition was dropped (its result variable never assigned) */
// hls-tops: top 
#include <stdio.h>
static int f(int x) { return x * 3 + 1; }
void top(int a[8]) { int i; for (i = 0; i < 8; i++) { if (f(a[i]) > 3) a[i] = 0; } }

int main(void) {
  int a[8] = {0, 1, -1, 2, 5, -7, 100, -100};
  top(a);
  for (int i = 0; i < 8; i++) printf("%d\n", a[i]);
  return 0;
}
