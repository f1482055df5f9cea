#include <stdio.h>
#include "mv.h"

int main(void) {
  data_t w[ROWS][COLS], x[COLS], y[ROWS];
  for (int r = 0; r < 3; r++) {
    for (int i = 0; i < ROWS; i++)
      for (int j = 0; j < COLS; j++) w[i][j] = (i * 5 + j * 3 + r) % 9 - 4;
    for (int j = 0; j < COLS; j++) x[j] = j * 1000 - 2500 + r;
    acc_t t = mv(w, x, y, COLS - 2 * r);
    printf("mv %lld:", (long long)t);
    for (int i = 0; i < ROWS; i++) printf(" %d", y[i]);
    printf("\n");
  }
  return 0;
}
