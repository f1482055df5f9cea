/* hls.progen seed 24081: 'acc = in0[j][j] = ...' is two statements whose subscripts were one
   shared expression; distributing the loop renamed the iterator of the second copy in place, so
   the first loop stored to in0[j'][j'] with the other loop's iterator */
// hls-tops:  kern
#include <stdio.h>
void kern(long a[3][3], const _Bool b[3][3], int out[1]) {
  int acc = 0;
  for (int j0 = 2; j0 >= 0; j0--) {
    acc = a[j0][j0] = (a[j0][2 - j0] + b[j0][j0]) / 7;
    for (int j = 0; j <= 2; j++) acc = (int)((unsigned long long)acc + (unsigned long long)(a[j0][j] ^ 1));
  }
  out[0] = acc;
}

int main(void) {
  long a[3][3] = {{-700, 15, 92}, {8, -3, 47}, {61, -29, 700}};
  _Bool b[3][3] = {{1, 0, 1}, {0, 1, 1}, {1, 1, 0}};
  int out[1] = {0};
  kern(a, b, out);
  for (int i = 0; i < 9; i++) printf("%ld\n", a[i / 3][i % 3]);
  printf("%d\n", out[0]);
  return 0;
}
