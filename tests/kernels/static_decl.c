/* A kernel declared as PolyBench declares them: 'static' alone on the line before the name, a
 * prototype first, array sizes from macros, and a main passing heap arrays as '*A'. */
#include <stdio.h>
#include <stdlib.h>
#define N 12
#define SIZE(x) x + 0

static
void static_decl(int n, int A[SIZE(N)][SIZE(N)], int s[SIZE(N)]);

static
void static_decl(int n, int A[SIZE(N)][SIZE(N)], int s[SIZE(N)])
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    s[i] = 0;
    for (j = 0; j <= i; j++)
      s[i] += A[i][j] * (j + 1);
  }
#pragma endscop
}

int main(int argc, char **argv) {
  int n = N;
  int (*A)[N][N] = (int (*)[N][N])malloc(sizeof(int) * N * N);
  int (*s)[N] = (int (*)[N])malloc(sizeof(int) * N);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) (*A)[i][j] = (i * 7 + j * 3) % 11 - 5;
  static_decl(n, *A, *s);
  for (int i = 0; i < n; i++) printf("%d\n", (*s)[i]);
  free((void *)A);
  free((void *)s);
  return 0;
}
