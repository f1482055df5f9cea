/* MachSuite's headers size arrays with shifts, 'TYPE a[(1<<3)]' (found running its kernels
   under cosim at d4540f2): cosim wrote the top's parameter list again from its tokens joined by
   spaces, '(1 < < 3)', which gcc rejects ("expected expression before '<'"); it copies the text
   as written now. With a struct parameter as well. */
// hls-tops: k k2
typedef struct { int a; int b; } s_t;
void k(s_t x[(1<<3)], int y[(1<<3)]) {
  for (int i = 0; i < (1<<3); i++) y[i] = x[i].a + x[i].b;
}
void k2(int x[(1<<3)], int y[8 >> 0]) {
  for (int i = 0; i < (1<<3); i++) y[i] = x[i] * 2;
}
int main(void) {
  s_t x[8];
  int y[8], z[8], s = 0;
  for (int i = 0; i < 8; i++) { x[i].a = i; x[i].b = 3 * i; z[i] = i - 4; }
  k(x, y);
  k2(z, z);
  for (int i = 0; i < 8; i++) s += y[i] + z[i];
  return s == 12345;
}
