/* a block-scope declaration of acc() in a second testbench file */
unsigned run_twice(unsigned short *v, int n) {
  extern unsigned acc(const unsigned short v[16], const short w[16], int n);
  short w[16];
  for (int i = 0; i < 16; i++) w[i] = (short)(i * i - 50);
  return acc(v, w, n) * 3u + acc(v, w, n / 2);
}
