/* A float constant is its text rounded to float once. hls rounded the text to double and then
   to float (found 2026-11-27): a text just above the midpoint of two floats, within half a
   double's ulp of it, came out as the lower float (gcc: the upper one), a silent wrong result.
   Decimal and hexadecimal texts, near midpoints, at the subnormal end and beyond FLT_MAX. */
// hls-tops: literals
#include <stdio.h>
#include <string.h>
void literals(const float a[1], float r[8]) {
  r[0] = a[0] * 0.0f + 1.00000005960464477539062500001f;
  r[1] = 15425492.5000000000000000000000000000000000000001f;
  r[2] = 0x1.0000010000000001p0f;
  r[3] = 7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015625000001e-46f;
  r[4] = 3.40282356779733661637539395458142568447e38f;
  r[5] = 0x1.fffffefp127f;
  r[6] = 8.96256693749819532968103885650634765626e-7f;
  r[7] = 1.0000000596046447753906250f;
}
int main(void) {
  float a[1] = {2.0f}, r[8];
  literals(a, r);
  for (int i = 0; i < 8; i++) { unsigned u; memcpy(&u, &r[i], 4); printf("%08x\n", u); }
  return 0;
}
