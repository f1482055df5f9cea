/* powf as glibc 2.28+ computes it on x86-64 with FMA (Arm's optimized-routines algorithm, its
   e_powf.c built with -mfma): x^y = 2^(y log2 x), log2 x = k + log2 c + log1p(z/c - 1)/ln2 with
   x = 2^k z, c near z from a table of 16 and a polynomial of degree 5, the product y log2 x in
   double, and 2^t as expf does (2^(k/32) from the table of 2^(i/32) times a polynomial of degree
   3). The multiply-adds the compiler fuses there are fma here; the special cases (zeros,
   infinities, NaN, negative x, subnormal x, overflow and underflow) give what glibc returns. */
#include <math.h>
#include <stdint.h>

#include "exp2f_table.h"

float powf(float x, float y)
{
  /* (1/c, log2 c) for the 16 subintervals of [0x3f330000, 2 * 0x3f330000) */
  static const double log2_inv_c[16] = {
    0x1.661ec79f8f3bep+0, 0x1.571ed4aaf883dp+0, 0x1.49539f0f010bp+0, 0x1.3c995b0b80385p+0,
    0x1.30d190c8864a5p+0, 0x1.25e227b0b8eap+0, 0x1.1bb4a4a1a343fp+0, 0x1.12358f08ae5bap+0,
    0x1.0953f419900a7p+0, 0x1p+0, 0x1.e608cfd9a47acp-1, 0x1.ca4b31f026aap-1,
    0x1.b2036576afce6p-1, 0x1.9c2d163a1aa2dp-1, 0x1.886e6037841edp-1, 0x1.767dcf5534862p-1,
  };
  static const double log2_c[16] = {
    -0x1.efec65b963019p-2, -0x1.b0b6832d4fca4p-2, -0x1.7418b0a1fb77bp-2, -0x1.39de91a6dcf7bp-2,
    -0x1.01d9bf3f2b631p-2, -0x1.97c1d1b3b7afp-3, -0x1.2f9e393af3c9fp-3, -0x1.960cbbf788d5cp-4,
    -0x1.a6f9db6475fcep-5, 0x0p+0, 0x1.338ca9f24f53dp-4, 0x1.476a9543891bap-3,
    0x1.e840b4ac4e4d2p-3, 0x1.40645f0c6651cp-2, 0x1.88e9c2c1b9ff8p-2, 0x1.ce0a44eb17bccp-2,
  };
  /* 2^(i/32) as bits, less i << 47 (as in expf) */
  static const uint64_t exp2_table[32] = HLS_EXP2F_TABLE;
  union { float f; uint32_t u; } bx, by, bz, bs, bq;
  union { double d; uint64_t u; } bl, bk, scale;
  uint32_t ix, iy, tmp, top, sign_bias, yint, ey, ones;
  int32_t k;
  int i;
  double z, r, r2, r4, p, q, t, y0, logx, ylogx, kd, s;
  float result, special;

  bx.f = x;
  by.f = y;
  ix = bx.u;
  iy = by.u;
  /* y an integer: 0 no, 1 odd, 2 even (of a finite nonzero y) */
  ey = iy >> 23 & 0xff;
  ones = ey < 0x7f || ey > 0x7f + 23 ? 0 : iy & ((1u << (0x7f + 23 - ey)) - 1);
  yint = ey < 0x7f ? 0 : ey > 0x7f + 23 ? 2 : ones != 0 ? 0 : (iy >> (0x7f + 23 - ey) & 1) ? 1 : 2;
  sign_bias = (ix >> 31) && yint == 1 ? 1u << 16 : 0;
  ix &= 0x7fffffff;
  if (ix < 0x00800000) {
    /* a subnormal x, normalised: its exponent field goes negative */
    bz.f = x * 0x1p23f;
    ix = (bz.u & 0x7fffffff) - (23u << 23);
  }
  /* log2 x: x = 2^k z with z in [0x3f330000, 2 * 0x3f330000) */
  tmp = ix - 0x3f330000;
  i = tmp >> 19 & 15;
  top = tmp & 0xff800000;
  bz.u = ix - top;
  k = (int32_t)top >> 23;
  r = fma((double)bz.f, log2_inv_c[i], -1.0);
  y0 = log2_c[i] + (double)k;
  r2 = fma(r, r, -0.0);
  t = fma(0x1.27616c9496e0bp-2, r, -0x1.71969a075c67ap-2);
  p = fma(0x1.ec70a6ca7baddp-2, r, -0x1.7154748bef6c8p-1);
  r4 = fma(r2, r2, -0.0);
  q = fma(0x1.71547652ab82bp+0, r, y0);
  q = fma(p, r2, q);
  logx = fma(t, r4, q);
  ylogx = fma((double)y, logx, -0.0);
  /* 2^ylogx: ylogx = k/32 + r */
  bk.d = ylogx + 0x1.8p+47;
  kd = bk.d - 0x1.8p+47;
  r = ylogx - kd;
  scale.u = exp2_table[bk.u & 31] + ((bk.u + sign_bias) << 47);
  z = fma(0x1.c6af84b912394p-5, r, 0x1.ebfce50fac4f3p-3);
  r2 = fma(r, r, -0.0);
  s = fma(0x1.62e42ff0c52d6p-1, r, 1.0);
  s = fma(z, r2, s);
  result = (float)fma(s, scale.d, -0.0);
  /* |y log2 x| >= 126: overflow or underflow (signed) */
  bl.d = ylogx;
  if ((bl.u >> 47 & 0xffff) >= 0x80bf) {
    if (ylogx > 0x1.fffffffd1d571p+6)
      result = sign_bias ? -INFINITY : INFINITY;
    else if (ylogx <= -150.0)
      result = sign_bias ? -0.0f : 0.0f;
  }
  /* x < 0 with a y that is not an integer: the invalid operation's NaN */
  bq.u = 0xffc00000u;
  if ((bx.u >> 31) && yint == 0)
    result = bq.f;
  /* x zero, infinite or NaN: x^2 (NaN quieted), negated for an odd y and a negative x, its
     reciprocal for a negative y */
  if (2 * bx.u - 1 >= 2u * 0x7f800000 - 1) {
    bs.u = (bx.u & 0x7fffffff) > 0x7f800000 ? bx.u | 0x00400000 : bx.u & 0x7fffffff;
    if ((bx.u >> 31) && yint == 1)
      bs.u ^= 0x80000000;
    if ((iy >> 31) && bs.u << 1 <= 0xff000000u)
      bs.u ^= 0x7f800000; /* 1/0 is inf and 1/inf is 0: the exponent's bits all flip */
    result = bs.f;
  }
  /* y zero, infinite or NaN */
  if (2 * iy - 1 >= 2u * 0x7f800000 - 1) {
    if (2 * iy == 0)
      special = 2 * (bx.u ^ 0x00400000) > 2u * 0x7fc00000 ? x + y : 1.0f;
    else if (bx.u == 0x3f800000)
      special = 2 * (iy ^ 0x00400000) > 2u * 0x7fc00000 ? x + y : 1.0f;
    else if (2 * bx.u > 2u * 0x7f800000 || 2 * iy > 2u * 0x7f800000)
      special = x + y;
    else if (2 * bx.u == 2u * 0x3f800000)
      special = 1.0f;
    else if ((2 * bx.u < 2u * 0x3f800000) == !(iy & 0x80000000))
      special = 0.0f;
    else
      special = INFINITY;
    result = special;
  }
  return result;
}
