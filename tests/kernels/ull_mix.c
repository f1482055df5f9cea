/* unsigned long long multiply wrap-around, mixed signed/unsigned comparisons, unsigned modulo */
#include <stdio.h>
unsigned long long ull_mix(unsigned long long a[8], const long long b[8], unsigned m) {
  unsigned long long h = 0;
  for (int i = 0; i < 8; i++) {
    a[i] = a[i] * 0x9e3779b97f4a7c15ull + (unsigned long long)b[i];
    h += (a[i] % (m | 1u)) + (b[i] < 0 ? 1 : 0) + (a[i] > (unsigned long long)b[i]);
  }
  return h;
}
int main(void) {
  unsigned long long a[8]; long long b[8];
  for (int r = 0; r < 2; r++) {
    for (int i = 0; i < 8; i++) { a[i] = 0xfedcba9876543210ull >> i; b[i] = (long long)(i * 1234567 - 4000000) * (r + 1); }
    unsigned long long h = ull_mix(a, b, 1000u + 17u * r);
    printf("%llu %llu\n", h, a[7]);
  }
  return 0;
}
