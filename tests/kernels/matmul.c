/* nested loops: 6x6 integer matrix product */
#include <stdio.h>
void matmul(const int a[6][6], const int b[6][6], int c[6][6]) {
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 6; j++) {
      int s = 0;
      for (int k = 0; k < 6; k++) s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}
int main(void) {
  int a[6][6], b[6][6], c[6][6];
  for (int r = 0; r < 2; r++) {
    for (int i = 0; i < 6; i++) for (int j = 0; j < 6; j++) { a[i][j] = (i * 7 + j * 3 + r) % 11 - 5; b[i][j] = (i + 2 * j * r) % 9 - 4; }
    matmul(a, b, c);
    long sum = 0;
    for (int i = 0; i < 6; i++) for (int j = 0; j < 6; j++) sum += c[i][j] * (i + 1) + j;
    printf("%ld\n", sum);
  }
  return 0;
}
