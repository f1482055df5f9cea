/* Helper functions that the compiler inlines: a saturating clamp, a rotate with a
   masked amount, a multiply-accumulate helper that itself calls the clamp, and a
   helper with a branch and a single return at its end. */
#include <stdint.h>

static int sat16(int v)
{
  int r = v;
  if (v > 32767) {
    r = 32767;
  } else if (v < -32768) {
    r = -32768;
  }
  return r;
}

static uint32_t rotl32(uint32_t x, int r)
{
  int k = r & 31;
  return (x << k) | (x >> ((32 - k) & 31));
}

static int mac_sat(int acc, int16_t a, int16_t b)
{
  return sat16(acc + ((a * b) >> 8));
}

static int sign3(int v)
{
  return v > 0 ? 1 : (v < 0 ? -1 : 0);
}

uint32_t helper_inline(const int16_t a[24], const int16_t b[24], int16_t o[24], uint32_t h[24], int rot)
{
  int acc = 0;
  uint32_t hh = 0x12345678u;
  for (int i = 0; i < 24; i++) {
    acc = mac_sat(acc, a[i], b[i]);
    o[i] = (int16_t)(acc + sign3(a[i] - b[i]));
    hh = rotl32(hh ^ (uint32_t)acc, (rot & 255) + i) * 0x01000193u;
    h[i] = hh;
  }
  return rotl32(hh, rot) ^ (uint32_t)sat16(acc * 4);
}
