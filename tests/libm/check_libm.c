/* Compares hls's C math library (frontend/libm/<name>.c, its functions renamed lib_<name> in
   the object file) with the host's, bit for bit: every float argument of each one-argument
   function when asked (EXHAUSTIVE), else N seeded random and edge-case arguments; N seeded
   argument pairs for powf, among them every x for a few y and x = 2 for many y. Usage:
   check_libm N SEED EXHAUSTIVE; prints the mismatches per function, exits 1 on any. */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

float lib_expf(float);
float lib_powf(float, float);

static uint64_t state;
static uint64_t next(void) { /* splitmix64 */
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static float f(uint32_t x) { float v; memcpy(&v, &x, 4); return v; }
static uint32_t fb(float v) { uint32_t x; memcpy(&x, &v, 4); return x; }

/* an edge case: zeros, infinities, NaNs (quiet and signalling), subnormals, +-1, integers
   (odd and even), values near 1, near the overflow and underflow thresholds */
static uint32_t edge(void) {
  uint32_t s = (uint32_t)(next() & 1) << 31;
  switch (next() % 11) {
    case 0: return s;
    case 1: return s | 0x7f800000u;
    case 2: return s | 0x7fc00000u | (uint32_t)(next() & 0x3fffff);
    case 3: return s | 0x7f800000u | (uint32_t)((next() & 0x3fffff) | 1);
    case 4: return s | (uint32_t)(next() & 0x7fffff);
    case 5: return s | 0x3f800000u;
    case 6: { /* an integer of 1 to 24 bits, or a large one */
      uint32_t e = 127 + next() % 30, m = (uint32_t)next() & 0x7fffff;
      if (e < 150) m &= ~((1u << (150 - e)) - 1);
      return s | e << 23 | m;
    }
    case 7: return s | (uint32_t)(0x3f800000u + (next() % 64) - 32);
    case 8: return s | (uint32_t)(0x42b17218u + (next() % 64) - 32); /* exp's overflow */
    case 9: return s | (uint32_t)(0x42cff1b5u + (next() % 64) - 32); /* exp's underflow */
    default: return s | (uint32_t)((127 + next() % 16 - 8) << 23) | (uint32_t)(next() & 0x7fffff);
  }
}

static uint32_t argument(void) { return next() % 4 == 0 ? edge() : (uint32_t)next(); }

static long shown;
static int same(const char* name, uint32_t want, uint32_t got, uint32_t x, uint32_t y) {
  if (want == got) return 1;
  if (shown++ < 10) printf("mismatch %s(%08" PRIx32 ", %08" PRIx32 "): glibc %08" PRIx32 ", hls %08" PRIx32 "\n", name, x, y, want, got);
  return 0;
}

int main(int argc, char** argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  int exhaustive = argc > 3 && atoi(argv[3]);
  long bad_exp = 0, bad_pow = 0, n_exp = 0, n_pow = 0;
  if (exhaustive) {
    for (uint64_t u = 0; u < (1ULL << 32); u++, n_exp++)
      bad_exp += !same("expf", fb(expf(f((uint32_t)u))), fb(lib_expf(f((uint32_t)u))), (uint32_t)u, 0);
  } else {
    for (long k = 0; k < n; k++, n_exp++) {
      uint32_t x = argument();
      bad_exp += !same("expf", fb(expf(f(x))), fb(lib_expf(f(x))), x, 0);
    }
  }
  for (long k = 0; k < n; k++, n_pow++) {
    uint32_t x = argument(), y;
    switch (next() % 4) {
      case 0: y = edge(); break;
      case 1: y = (uint32_t)next(); break;
      case 2: x = 0x40000000u; /* fall through: 2^y */
      default: y = (uint32_t)(next() & 1) << 31 | (uint32_t)((127 + next() % 12 - 6) << 23) | (uint32_t)(next() & 0x7fffff);
    }
    bad_pow += !same("powf", fb(powf(f(x), f(y))), fb(lib_powf(f(x), f(y))), x, y);
  }
  printf("libm: expf %ld arguments, %ld mismatches; powf %ld argument pairs, %ld mismatches\n", n_exp, bad_exp, n_pow, bad_pow);
  return bad_exp || bad_pow;
}
