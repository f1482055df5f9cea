/* Integer division and remainder of input elements: edge values make the C function trap
 * (division by zero, INT_MIN / -1), so cosim draws those inputs again. */
#define N 64

void div_edges(const int a[N], const int b[N], int q[N], int r[N]) {
  for (int i = 0; i < N; i++) {
    q[i] = a[i] / b[i];
    r[i] = a[i] % b[i];
  }
}
