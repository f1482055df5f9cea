/* A local array used by a two-pass algorithm: pass 1 fills the buffer and sums it,
   the (negative-rounding-toward-zero) mean is removed in pass 2, and the output is
   read back from the local buffer in reverse order. */
#include <stdint.h>

void two_pass(const int16_t in[32], int out[32], int stats[4])
{
  int buf[32];
  int sum = 0;
  for (int i = 0; i < 32; i++) {
    buf[i] = in[i] * 3 - 7;
    sum += buf[i];
  }
  int mean = sum / 32;
  long long ss = 0;
  int maxdev = 0;
  int above = 0;
  for (int i = 0; i < 32; i++) {
    buf[i] -= mean;
    ss += (long long)buf[i] * buf[i];
    int ad = buf[i] < 0 ? -buf[i] : buf[i];
    if (ad > maxdev) {
      maxdev = ad;
    }
    if (buf[i] > 0) {
      above++;
    }
  }
  for (int i = 0; i < 32; i++) {
    out[i] = buf[31 - i];
  }
  stats[0] = mean;
  stats[1] = (int)(ss >> 10);
  stats[2] = maxdev;
  stats[3] = above;
}
