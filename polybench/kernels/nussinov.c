/* nussinov: RNA folding by dynamic programming (PolyBench/C 4.2.1, medley), int data */
#include "../pb.h"
#ifdef MINI_DATASET
#define N 60
#else
#define N 180
#endif
#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

void kernel_nussinov(char seq[N], int table[N][N]) {
  for (int i = N - 1; i >= 0; i--) {
    for (int j = i + 1; j < N; j++) {
      if (j - 1 >= 0) table[i][j] = max_score(table[i][j], table[i][j - 1]);
      if (i + 1 < N) table[i][j] = max_score(table[i][j], table[i + 1][j]);
      if (j - 1 >= 0 && i + 1 < N) {
        if (i < j - 1)
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1] + match(seq[i], seq[j]));
        else
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1]);
      }
      for (int k = i + 1; k < j; k++) table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j]);
    }
  }
}

int main(void) {
  static char seq[N];
  static int table[N][N];
  for (int i = 0; i < N; i++) seq[i] = (char)((i + 1) % 4);
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) table[i][j] = 0;
  kernel_nussinov(seq, table);
  PB_PRINT_2D("table", N, N, table);
  return 0;
}
