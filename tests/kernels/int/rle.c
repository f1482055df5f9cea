/* Run-length encoding with a data-dependent write index: the run counter k only
   grows when a new value starts (k <= i keeps it in bounds), and the current run's
   value and length are read back from the output arrays just written. */
#include <stdint.h>

int rle(const uint8_t in[48], uint8_t val[48], uint8_t len[48])
{
  int k = 0;
  val[0] = in[0];
  len[0] = 1;
  for (int i = 1; i < 48; i++) {
    if (in[i] == val[k]) {
      len[k] += 1;
    } else {
      k++;
      val[k] = in[i];
      len[k] = 1;
    }
  }
  return k + 1;
}
