/* hls.progen seed 1200109: the nest of the 'cond update' part is flattened and its innermost
   level padded for its recurrence; padding tries a few rounds, each building the body over
   constants of its own, and the best round's body was kept with the last round's constants:
   internal error 'comb %mul uses %c10_32 before it is defined' (012u * ... is the constant 10). */
// hls-tops: top0
#include <stdint.h>
#include <math.h>
struct rec0 { unsigned m0[8]; long long f0; };
#include <stdio.h>
#include <string.h>
#include <stdint.h>
void top0(uint16_t in0[3][4][2], int16_t a0[8], short int n0);
int main(void) {
  static const uint16_t ins[4][24] = {
    {0x1D69u, 0xE1F0u, 0x0u, 0x1u, 0xFFFEu, 0x0u, 0x14F7u, 0x0u, 0x31u, 0x4Eu, 0xE32Au, 0x0u, 0xF4EDu, 0x5AEEu, 0x2482u, 0x0u, 0x72C5u, 0x5Fu, 0xF4C2u, 0x0u, 0x2Eu, 0xFFFFu, 0x16u, 0x5Cu},
    {0x0u, 0xFFFFu, 0x1u, 0x1u, 0xFFFFu, 0xB756u, 0x7721u, 0xFFFEu, 0x563u, 0x1u, 0xAD5Fu, 0xEB10u, 0x0u, 0xFFFFu, 0x2Fu, 0x1u, 0x0u, 0x1u, 0xFFFEu, 0x1u, 0x0u, 0x1u, 0x4744u, 0x84E5u},
    {0x0u, 0xF6DCu, 0xC0C4u, 0x25B2u, 0x683Au, 0x0u, 0x0u, 0x4Eu, 0x38u, 0x4Bu, 0x1u, 0x8777u, 0xF8CFu, 0xCu, 0x7F95u, 0xCE7Fu, 0xCA63u, 0x0u, 0xF24Fu, 0x6242u, 0x0u, 0xBBDDu, 0xA663u, 0x84EAu},
    {0x1u, 0xFFFFu, 0x1u, 0x1u, 0xFFFEu, 0x0u, 0x0u, 0x0u, 0x0u, 0x1u, 0xFFFEu, 0x0u, 0xFFFFu, 0xFFFFu, 0x1u, 0xFFFEu, 0xFFFFu, 0x0u, 0x0u, 0x1u, 0xFFFFu, 0x0u, 0xFFFFu, 0x0u}};
  static const uint16_t as[4][8] = {
    {0xDC8Bu, 0x3E7u, 0x8001u, 0x7FFEu, 0x21u, 0xEBE0u, 0x5970u, 0x20u},
    {0x141Du, 0xFFD8u, 0x2Cu, 0x8001u, 0x3Cu, 0xFFFFu, 0xFFC1u, 0xFFFFu},
    {0xD8A0u, 0xFFC8u, 0xAu, 0x933Fu, 0x9725u, 0x36u, 0xBBDEu, 0x8A42u},
    {0x1u, 0x0u, 0x8001u, 0x8001u, 0x7FFEu, 0x7FFEu, 0xFFFFu, 0x7FFFu}};
  static const short ns[4] = {0, 1, 1, 8};
  static uint16_t in0[3][4][2];
  static int16_t a0[8];
  for (int c = 0; c < 4; c++) {
    memcpy(in0, ins[c], sizeof in0);
    memcpy(a0, as[c], sizeof a0);
    top0(in0, a0, ns[c]);
    for (int k = 0; k < 24; k++) printf("%u\n", (unsigned)((uint16_t *)in0)[k]);
    for (int k = 0; k < 8; k++) printf("%d\n", a0[k]);
  }
  return 0;
}

void top0(uint16_t in0[3][4][2], int16_t a0[8], short int n0) {
  #pragma HLS interface mode=ap_memory port=a0 storage_type=ram_1p
  int r0;
  /* reduction */
  float acc0 = 0.0f;
  for (r0 = 2; r0 > -1; r0 -= 1) {
    a0[2] ^= n0;
    for (int j = r0; j >= 0; j -= 3) {
      a0[r0 + j] = (a0[4 - r0] & 0x7F);
      for (int k = 0; k < 2; k++) {
        acc0 += (in0[j][3][1 - k] * fmax(-1.5, -1.5));
      }
    }
  }
  in0[0][3][1] = ((uint16_t)fminf(fmaxf(acc0, 0.0f), 65535.0f));
  /* random nest */
  for (int c0 = 0; c0 < 3; c0++) {
    a0[c0 * 2] = (~(((0ULL * c0) / 2)));
    for (int j = 3; j > -1; --j) {
      in0[c0][(j | j) & 3][(j + 1) % 2] = a0[j + 4] = ((uint16_t)(((int16_t)(0ULL))));
    }
  }
  /* cond update */
  for (int k0 = 2; k0 >= 0; k0 -= 1) {
    for (unsigned j = 0; j < 4; j++) {
      for (int k = 0; k < 2; k += 1) {
        if ((((float)(in0[(k + 2) % 3][(j + 3) % 4][1 - k])) != ((double)(acc0))) && (in0[k + 1][k0 + 1][(n0) & 1] > k)) {
          in0[k0][j][k] = ((012u * in0[k][k][(k0 + n0) & 1]) + in0[k][k][1 - k]);
        } else {
          in0[k0][j][k] += ((-(n0)) > (in0[k][(a0[2 * j]) & 3][1 - k] & n0));
        }
      }
    }
  }
  /* struct */
  struct rec0 s0;
  s0.f0 = (-(n0));
  for (int k1 = 0; k1 < 8; k1++) {
    s0.m0[k1] = ((int32_t)((acc0 && a0[k1])));
  }
  a0[5] ^= ((n0 | s0.f0) & 0xFF00);
  a0[6] = s0.f0;
  s0.m0[0] = s0.m0[1];
}
