/* hls.fuzz seed 7400 kernel 99: fmin(x, y) with x = -0.0 and y = +0.0 came out -0 in RTL and +0
   from gcc. gcc treats fmin/fmax as commutative builtins and passes the arguments to glibc in an
   order of its choosing, which decides the sign of a zero result and which NaN comes back; cosim
   now builds the C with -fno-builtin-fmin... (source order), and the operators follow glibc
   called in source order: ties give the second argument, two NaNs the first one quieted. */
// hls-tops: kern
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#define K 13
void kern(const double a[K], const double b[K], double r[4][K][K], float f[4][K][K]) {
  for (int i = 0; i < K; i++)
    for (int j = 0; j < K; j++) {
      r[0][i][j] = fmin(a[i], b[j]);
      r[1][i][j] = fmax(a[i], b[j]);
      r[2][i][j] = fmin(a[i] * 1.0e-300, b[j] - b[j]); /* computed arguments, zero ties */
      r[3][i][j] = fmax(-a[i] * 0.0, b[j] * 0.5);
      f[0][i][j] = fminf((float)a[i], (float)b[j]);
      f[1][i][j] = fmaxf((float)a[i], (float)b[j]);
      f[2][i][j] = fminf((float)b[j], (float)a[i]);
      f[3][i][j] = fmaxf((float)b[j], (float)a[i]);
    }
}

int main(void) {
  /* zeros, numbers, infinities, subnormals, quiet and signalling NaNs of both signs */
  static const uint64_t bits[K] = {0x0ull, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
                                   0x7ff0000000000000ull, 0xfff0000000000000ull, 0x1ull, 0x8000000000000001ull,
                                   0x7ff8000000000000ull, 0xfff8000000000123ull, 0x7ff4000000000001ull, 0xfff0000000000007ull,
                                   0x7fefffffffffffffull};
  double a[K], b[K];
  static double r[4][K][K];
  static float f[4][K][K];
  memcpy(a, bits, sizeof a);
  for (int i = 0; i < K; i++) memcpy(&b[i], &bits[(i + 5) % K], sizeof b[i]);
  kern(a, b, r, f);
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < K; i++)
      for (int j = 0; j < K; j++) {
        uint64_t u;
        uint32_t v;
        memcpy(&u, &r[k][i][j], sizeof u);
        memcpy(&v, &f[k][i][j], sizeof v);
        printf("%016llx %08x\n", (unsigned long long)u, (unsigned)v);
      }
  return 0;
}
