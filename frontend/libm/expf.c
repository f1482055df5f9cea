/* expf as glibc 2.28+ computes it on x86-64 with FMA (the algorithm of Arm's optimized-routines,
   its e_expf.c built with -mfma): exp(x) = 2^(k/32) * 2^(r/32), k the nearest integer to
   x * 32 / ln2, r the rest, 2^(r/32) by a polynomial of degree 3 and 2^(k/32) from a table of
   2^(i/32); in double precision, then rounded to float once. The multiply-adds the compiler fuses
   there are fma here, so every float argument gives glibc's result bit for bit. */
#include <math.h>
#include <stdint.h>

#include "exp2f_table.h"

float expf(float x)
{
  /* 2^(i/32) as bits, less i << 47: adding k << 47 puts k / 32 in the exponent */
  static const uint64_t exp2_table[32] = HLS_EXP2F_TABLE;
  union { float f; uint32_t u; } in;
  union { double d; uint64_t u; } k_bits, scale;
  double xd, kd, r, z, r2, y;
  uint64_t ki;
  uint32_t abstop;
  float result;

  in.f = x;
  xd = (double)x;
  /* k: x * 32 / ln2 rounded to an integer by adding 1.5 * 2^52 (its bits are k's, low) */
  k_bits.d = fma(0x1.71547652b82fep+5, xd, 0x1.8p+52);
  ki = k_bits.u;
  kd = k_bits.d - 0x1.8p+52;
  r = fma(0x1.71547652b82fep+5, xd, -kd);
  scale.u = exp2_table[ki & 31] + (ki << 47);
  z = fma(0x1.c6af84b912394p-20, r, 0x1.ebfce50fac4f3p-13);
  r2 = fma(r, r, -0.0);
  y = fma(0x1.62e42ff0c52d6p-6, r, 1.0);
  y = fma(z, r2, y);
  y = fma(y, scale.d, -0.0);
  result = (float)y;
  /* |x| >= 88, infinities and NaN */
  abstop = in.u >> 20 & 0x7ff;
  if (abstop >= 0x42b) {
    if (in.u == 0xff800000u)
      result = 0.0f;
    else if (abstop >= 0x7f8)
      result = x + x;
    else if (x > 0x1.62e42ep6f)
      result = INFINITY;
    else if (x < -0x1.9fe368p6f)
      result = 0.0f;
  }
  return result;
}
