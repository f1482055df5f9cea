#include "mv.h"

/* y = W x over the first n columns; returns the sum of y (mv's value) */
acc_t mv(const data_t w[ROWS][COLS], const data_t x[COLS], data_t y[ROWS], int n) {
  acc_t total = 0;
  for (int i = 0; i < ROWS; i++) {
    data_t s = 0;
    for (int j = 0; j < n; j++)
      s += w[i][j] * x[j];
    y[i] = s;
    total += s;
  }
  return total;
}
