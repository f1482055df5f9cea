/* The C operations the cores must match, compiled as cosim compiles the C side
   (gcc -O0 -ffp-contract=off): each takes and returns bit patterns. */
#include <math.h>
#include <stdint.h>
#include <string.h>

static float f(uint32_t x) { float v; memcpy(&v, &x, 4); return v; }
static double d(uint64_t x) { double v; memcpy(&v, &x, 8); return v; }
static uint32_t fb(float v) { uint32_t x; memcpy(&x, &v, 4); return x; }
static uint64_t db(double v) { uint64_t x; memcpy(&x, &v, 8); return x; }

uint32_t ref_add32(uint32_t a, uint32_t b) { return fb(f(a) + f(b)); }
uint32_t ref_sub32(uint32_t a, uint32_t b) { return fb(f(a) - f(b)); }
uint32_t ref_mul32(uint32_t a, uint32_t b) { return fb(f(a) * f(b)); }
uint32_t ref_div32(uint32_t a, uint32_t b) { return fb(f(a) / f(b)); }
uint32_t ref_sqrt32(uint32_t a) { return fb(sqrtf(f(a))); }
uint32_t ref_fma32(uint32_t a, uint32_t b, uint32_t c) { return fb(fmaf(f(a), f(b), f(c))); }
uint64_t ref_fma64(uint64_t a, uint64_t b, uint64_t c) { return db(fma(d(a), d(b), d(c))); }
uint64_t ref_add64(uint64_t a, uint64_t b) { return db(d(a) + d(b)); }
uint64_t ref_sub64(uint64_t a, uint64_t b) { return db(d(a) - d(b)); }
uint64_t ref_mul64(uint64_t a, uint64_t b) { return db(d(a) * d(b)); }
uint64_t ref_div64(uint64_t a, uint64_t b) { return db(d(a) / d(b)); }
uint64_t ref_sqrt64(uint64_t a) { return db(sqrt(d(a))); }
uint64_t ref_ext(uint32_t a) { return db((double)f(a)); }
uint32_t ref_trunc(uint64_t a) { return fb((float)d(a)); }
unsigned ref_cmp32(uint32_t a, uint32_t b) {
  float x = f(a), y = f(b);
  return (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4 | (x != y) << 5;
}
unsigned ref_cmp64(uint64_t a, uint64_t b) {
  double x = d(a), y = d(b);
  return (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4 | (x != y) << 5;
}

/* integer conversions, k = 0..7 as in tb_fp_cores.sv: int8, uint8, int16, ... uint64 */
#define CONVERSIONS(T, UT, k)                                                          \
  case k: {                                                                            \
    if (op == 0) return fb((float)(T)x);                                               \
    if (op == 1) return db((double)(T)x);                                              \
    if (op == 2) return (UT)(T)f((uint32_t)x);                                         \
    return (UT)(T)d(x);                                                                \
  }
/* op 0: integer to float, 1: integer to double, 2: float to integer, 3: double to integer */
uint64_t ref_convert(int op, int k, uint64_t x) {
  switch (k) {
    CONVERSIONS(int8_t, uint8_t, 0)
    CONVERSIONS(uint8_t, uint8_t, 1)
    CONVERSIONS(int16_t, uint16_t, 2)
    CONVERSIONS(uint16_t, uint16_t, 3)
    CONVERSIONS(int32_t, uint32_t, 4)
    CONVERSIONS(uint32_t, uint32_t, 5)
    CONVERSIONS(int64_t, uint64_t, 6)
    default: CONVERSIONS(uint64_t, uint64_t, 7)
  }
}

/* a * (neg ? -1 : 1) * 2^k, lane k = 0..7 as in tb_fp_cores.sv */
uint64_t ref_scale(int is_double, int lane, uint64_t x) {
  static const int k32[8] = {-3, -1, 1, 3, 0, -126, 127, -60}, k64[8] = {-3, -1, 1, 3, 0, -1022, 1023, -60};
  double sign = lane % 2 ? -1.0 : 1.0;
  if (!is_double) {
    float c = (float)(sign * ldexp(1.0, k32[lane]));
    return fb(f((uint32_t)x) * c);
  }
  double c = sign * ldexp(1.0, k64[lane]);
  return db(d(x) * c);
}
