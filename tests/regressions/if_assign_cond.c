/* issue #11: assignments and compound assignments inside if conditions */
// hls-tops: top 
#include <stdio.h>
void top(int a[8], int b[8]) {
  int t = 0, u = 0;
  for (int i = 0; i < 8; i++) {
    if ((t = a[i]) == 0) b[i] = 1; else b[i] = t;
    if ((u += a[i] & 3) > 3) a[i] = u;
  }
  b[0] += u;
}

int main(void) {
  int a[8] = {0, 1, 3, 0, 2, 7, 0, -5}, b[8] = {0};
  top(a, b);
  for (int i = 0; i < 8; i++) printf("%d %d\n", a[i], b[i]);
  return 0;
}
