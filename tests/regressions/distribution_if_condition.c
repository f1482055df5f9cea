/* hls.progen seed 21530: loop distribution moved 'if (t) a[k + 2] = ...' before the statement
   computing t (the dependence through a data-dependent if's condition was not in the model) */
// hls-tops:  kern
#include <stdio.h>
void kern(const int c[16], int a[18]) {
  for (int k = 0; k < 14; k++) {
    int t = a[k] > c[k];
    if (t) a[k + 2] = a[k] + 1;
  }
}

int main(void) {
  int c[16], a[18];
  for (int i = 0; i < 16; i++) c[i] = (i * 7) % 5;
  for (int i = 0; i < 18; i++) a[i] = (i * 3) % 4;
  kern(c, a);
  for (int i = 0; i < 18; i++) printf("%d\n", a[i]);
  return 0;
}
