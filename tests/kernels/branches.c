/* if/else with data-dependent conditions, ?:, && and || guarding array reads */
#include <stdio.h>
int branches(int a[16], const int b[16], int thr) {
  int count = 0;
  for (int i = 0; i < 16; i++) {
    if (a[i] > thr && (i == 0 || a[i - 1] < b[i])) {
      a[i] = a[i] - b[i];
      count++;
    } else if (a[i] < -thr) {
      a[i] = -a[i];
    } else {
      a[i] = (b[i] > 0) ? b[i] : a[i] * 2;
    }
  }
  return count;
}
int main(void) {
  int a[16], b[16];
  for (int r = 0; r < 3; r++) {
    for (int i = 0; i < 16; i++) { a[i] = (i * 37 + r * 11) % 41 - 20; b[i] = (i * 13 + r) % 17 - 8; }
    int c = branches(a, b, 5 + r);
    printf("%d:", c);
    for (int i = 0; i < 16; i++) printf(" %d", a[i]);
    printf("\n");
  }
  return 0;
}
