/* PolyBench's way with the definition after main: 'static' alone on the line before the name,
 * a static prototype first, arrays from macros, main passing heap arrays as '*A'. */
#include <stdio.h>
#include <stdlib.h>

#define N 6
#define DATA_TYPE double
#define POLYBENCH_1D(var, dim, ddim) var[dim]
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[dim1][dim2]

static
void kernel_trisolv(int n,
                    DATA_TYPE POLYBENCH_2D(L,N,N,n,n),
                    DATA_TYPE POLYBENCH_1D(x,N,n),
                    DATA_TYPE POLYBENCH_1D(b,N,n));

int main(int argc, char **argv) {
  int n = N;
  DATA_TYPE (*L)[N][N] = (DATA_TYPE (*)[N][N])malloc(sizeof(DATA_TYPE) * N * N);
  DATA_TYPE (*x)[N] = (DATA_TYPE (*)[N])malloc(sizeof(DATA_TYPE) * N);
  DATA_TYPE (*b)[N] = (DATA_TYPE (*)[N])malloc(sizeof(DATA_TYPE) * N);
  for (int i = 0; i < n; i++) {
    (*b)[i] = i - 1.5;
    for (int j = 0; j <= i; j++) (*L)[i][j] = (DATA_TYPE)(i + n - j + 1) * 2 / n;
  }
  kernel_trisolv(n, *L, *x, *b);
  for (int i = 0; i < n; i++) printf("%.17g\n", (*x)[i]);
  free((void *)L);
  free((void *)x);
  free((void *)b);
  return 0;
}

static
void kernel_trisolv(int n,
                    DATA_TYPE POLYBENCH_2D(L,N,N,n,n),
                    DATA_TYPE POLYBENCH_1D(x,N,n),
                    DATA_TYPE POLYBENCH_1D(b,N,n))
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
#pragma endscop
}
