#include <stdio.h>
#include <stdint.h>

void cube3d(const int16_t in[3][5][6], int out[3][5][6], int16_t tr[6][5][3], int plane[6]);

static uint32_t seed = 64u;
static uint32_t lcg(void) { seed = seed * 1103515245u + 12345u; return seed >> 10; }

int main(void)
{
  int16_t in[3][5][6], tr[6][5][3];
  int out[3][5][6], plane[6];
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 5; j++)
        for (int k = 0; k < 6; k++)
          in[i][j][k] = run == 2 ? (int16_t)(i * 30 + j * 6 + k) : (int16_t)lcg();
    cube3d(in, out, tr, plane);
    unsigned long long h = 0;
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 5; j++)
        for (int k = 0; k < 6; k++) h = h * 7u + (unsigned long long)(out[i][j][k] + 3 * tr[k][j][i]);
    printf("run %d: hash=%llu out[1][2][3]=%d tr[5][4][2]=%d plane:", run, h, out[1][2][3], tr[5][4][2]);
    for (int k = 0; k < 6; k++) printf(" %d", plane[k]);
    printf("\n");
  }
  return 0;
}
