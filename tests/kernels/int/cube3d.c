/* A 3-D array with non-power-of-two dimensions (3 x 5 x 6): a 7-point stencil with
   clamped neighbours chosen by ?: in the subscripts, a transposed 3-D write, and a
   reduction over two of the three dimensions. */
#include <stdint.h>

void cube3d(const int16_t in[3][5][6], int out[3][5][6], int16_t tr[6][5][3], int plane[6])
{
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 5; j++) {
      for (int k = 0; k < 6; k++) {
        int c = in[i][j][k];
        int nb = in[i > 0 ? i - 1 : i][j][k] + in[i < 2 ? i + 1 : i][j][k]
               + in[i][j > 0 ? j - 1 : j][k] + in[i][j < 4 ? j + 1 : j][k]
               + in[i][j][k > 0 ? k - 1 : k] + in[i][j][k < 5 ? k + 1 : k];
        out[i][j][k] = 6 * c - nb;
        tr[k][j][i] = (int16_t)(c + i * 100 + j * 10 + k);
      }
    }
  }
  for (int k = 0; k < 6; k++) {
    int acc = 0;
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 5; j++) {
        acc += in[i][j][k] * (i + 1) - j;
      }
    }
    plane[k] = acc;
  }
}
