// A C++ testbench (as Vitis users write them) calling the C kernel through mv.h's extern "C".
#include <cstdio>
#include <vector>
#include "mv.h"

int main() {
  std::vector<data_t> w(ROWS * COLS), x(COLS), y(ROWS);
  for (int r = 0; r < 3; r++) {
    for (int i = 0; i < ROWS; i++)
      for (int j = 0; j < COLS; j++) w[i * COLS + j] = (i * 5 + j * 3 + r) % 9 - 4;
    for (int j = 0; j < COLS; j++) x[j] = j * 1000 - 2500 + r;
    acc_t t = mv(reinterpret_cast<const data_t (*)[COLS]>(w.data()), x.data(), y.data(), COLS - 2 * r);
    std::printf("mv %lld:", (long long)t);
    for (int i = 0; i < ROWS; i++) std::printf(" %d", y[i]);
    std::printf("\n");
  }
  return 0;
}
