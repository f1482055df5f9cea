/* Scalar return (an index) with data-dependent updates: argmax of |v| (first
   occurrence wins on ties), plus the min and max values written to mm[]. */
#include <stdint.h>

int argmax_abs(const int16_t v[48], int mm[2])
{
  int best = -1;
  int idx = 0;
  int lo = v[0];
  int hi = v[0];
  for (int i = 0; i < 48; i++) {
    int x = v[i];
    int ax = x < 0 ? -x : x;
    if (ax > best) {
      best = ax;
      idx = i;
    }
    if (x < lo) {
      lo = x;
    }
    if (x > hi) {
      hi = x;
    }
  }
  mm[0] = lo;
  mm[1] = hi;
  return idx;
}
