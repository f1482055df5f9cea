/* file-scope extern prototype with pointer parameters; a table in read-only memory passed as the
 * const argument */
#include <stdio.h>

extern unsigned acc(const unsigned short *v, const short *w, int n);
unsigned run_twice(unsigned short *v, int n);

static const short weights[16] = {3, -1, 4, -1, 5, -9, 2, -6, 5, 3, -5, 8, -9, 7, -9, 3};

int main(void) {
  unsigned short v[16];
  for (int i = 0; i < 16; i++) v[i] = (unsigned short)(i * 40503u + 17u);
  printf("acc %u\n", acc(v, weights, 16));
  printf("twice %u\n", run_twice(v, 11));
  return 0;
}
