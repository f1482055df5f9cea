/* floyd-warshall: all-pairs shortest paths (PolyBench/C 4.2.1, medley), int data */
#include "../pb.h"
#ifdef MINI_DATASET
#define N 60
#else
#define N 180
#endif

void kernel_floyd_warshall(int path[N][N]) {
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
}

int main(void) {
  static int path[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      path[i][j] = i * j % 7 + 1;
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0) path[i][j] = 999;
    }
  kernel_floyd_warshall(path);
  PB_PRINT_2D("path", N, N, path);
  return 0;
}
