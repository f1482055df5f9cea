#include <stdint.h>
/* Division and remainder by constant powers of two, signed and unsigned, every width: C truncates
   the quotient toward zero and gives the remainder the dividend's sign (INT_MIN included). */
void pow2_div(const int a[16], const unsigned b[16], const int64_t c[16], const int8_t d[16], const uint16_t e[16], int q[16][12], int64_t r[16][4]) {
  for (int i = 0; i < 16; i++) {
    q[i][0] = a[i] / 2;
    q[i][1] = a[i] % 2;
    q[i][2] = a[i] / 8;
    q[i][3] = a[i] % 8;
    q[i][4] = a[i] / 1073741824;
    q[i][5] = a[i] % 1;
    q[i][6] = (int)(b[i] / 16u);
    q[i][7] = (int)(b[i] % 16u);
    q[i][8] = d[i] / 4;
    q[i][9] = d[i] % 4;
    q[i][10] = e[i] / 32;
    q[i][11] = (a[i] + 3) % 4 + e[i] % 2;
    r[i][0] = c[i] / 4;
    r[i][1] = c[i] % 4;
    r[i][2] = c[i] / 4294967296LL;
    r[i][3] = c[i] % 4294967296LL;
  }
}
