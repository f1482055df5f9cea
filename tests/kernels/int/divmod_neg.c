/* Division and modulo with negative operands (truncation toward zero, remainder
   has the dividend's sign), guarded data-dependent divisors (no /0, no INT_MIN/-1),
   division by negative and power-of-two constants (-7 / 8 == 0, not -1), int8_t
   division after promotion (-128 / -1 == 128 then wraps back to -128), unsigned
   division of the same bits, and a long long modulo by a scalar parameter. */
#include <stdint.h>

int divmod_neg(const int a[32], const int b[32], int q[32], int r[32], int8_t q8[32], long long ql[32],
               unsigned uq[32], int k)
{
  int bad = 0;
  for (int i = 0; i < 32; i++) {
    int x = a[i];
    int y = b[i];
    if (y != 0 && !(x == -2147483647 - 1 && y == -1)) {
      q[i] = x / y;
      r[i] = x % y;
      if (q[i] * y + r[i] != x) {
        bad++;
      }
    } else {
      q[i] = 0;
      r[i] = x;
    }
    int8_t x8 = (int8_t)x;
    int8_t y8 = (int8_t)(y | 1);
    q8[i] = (int8_t)(x8 / y8 + x8 % y8);
    long long d = k == 0 ? 7 : k;
    ql[i] = (long long)x % d + (long long)(x / 8) * 1000 + (x % 8) * 100 + x / -4 + x % -3 + (x >> 3);
    uq[i] = (unsigned)x / (unsigned)(y | 1) + (unsigned)x % 10u + (unsigned)x / 8u;
  }
  return bad;
}
