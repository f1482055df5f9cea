/* shifts (arithmetic vs logical), division and modulo of negative numbers */
#include <stdio.h>
void shifts_div(const int a[12], const int b[12], int q[12], int r[12], unsigned u[12], int s[12]) {
  for (int i = 0; i < 12; i++) {
    q[i] = a[i] / b[i];
    r[i] = a[i] % b[i];
    s[i] = a[i] >> (i % 5);
    u[i] = (unsigned)a[i] >> (i % 7);
    s[i] += (b[i] & 7) << 2;
  }
}
int main(void) {
  int a[12], b[12], q[12], r[12], s[12]; unsigned u[12];
  for (int i = 0; i < 12; i++) { a[i] = (i * 977) % 2001 - 1000; b[i] = (i % 2 ? -1 : 1) * (i % 5 + 1) * 3; }
  shifts_div(a, b, q, r, u, s);
  for (int i = 0; i < 12; i++) printf("%d %d %u %d\n", q[i], r[i], u[i], s[i]);
  return 0;
}
