/* Every compound assignment (+= -= *= /= %= <<= >>= &= |= ^=) on signed int
   (kept in a range where nothing overflows), on unsigned (wrapping), on an int8_t
   array element (promotion, then conversion back to int8_t) and on a uint8_t
   local; the shift amount comes from a scalar parameter masked into range. */
#include <stdint.h>

unsigned compound_all(int a[16], unsigned u[16], int8_t c[16], uint8_t e[16], int sh)
{
  unsigned acc = 0;
  int s = sh & 7;
  for (int i = 0; i < 16; i++) {
    int x = a[i] >> 16;
    x += 1234;
    x -= i * 77;
    x *= 3;
    x /= 5;
    x %= 1000;
    x >>= s;
    x &= 0x7ff3;
    x |= 0x10;
    x ^= a[i];
    a[i] = x;

    unsigned y = u[i];
    y += 0xdeadbeefu;
    y -= 0x9e3779b9u;
    y *= 2654435761u;
    y /= (y & 7) + 1;
    y %= 100003u;
    y <<= s + 20;
    y >>= 3;
    y &= 0xfffff0ffu;
    y |= (unsigned)i << 8;
    y ^= u[i];
    u[i] = y;

    c[i] += 100;
    c[i] *= 3;
    c[i] -= 77;
    c[i] /= -3;
    c[i] %= 7;
    c[i] >>= 1;
    c[i] ^= 0x5a;
    c[i] |= 1;
    c[i] &= 0x7e;

    uint8_t z = e[i];
    z <<= 3;
    z += 250;
    z *= z;
    z >>= (s & 3);
    e[i] = z;

    acc += y ^ (unsigned)x;
    acc *= 31;
  }
  return acc;
}
