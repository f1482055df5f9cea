/* triangular loops with a scalar accumulator: lower-triangular forward substitution (integer) */
#include <stdio.h>
static void trisolve(const short L[8][8], const int b[8], int x[8]) {
  for (int i = 0; i < 8; i++) {
    int s = b[i];
    for (int j = 0; j < i; j++) s -= L[i][j] * x[j];
    x[i] = s / (L[i][i] == 0 ? 1 : L[i][i]);
  }
}
int main(void) {
  short L[8][8]; int b[8], x[8];
  for (int i = 0; i < 8; i++) { b[i] = 100 * i - 350; for (int j = 0; j < 8; j++) L[i][j] = (short)((i * 5 + j * 3) % 7 - 3); }
  trisolve(L, b, x);
  for (int i = 0; i < 8; i++) printf("%d ", x[i]);
  printf("\n");
  return 0;
}
