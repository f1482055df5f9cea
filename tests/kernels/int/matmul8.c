/* Nested loops: 8x8 int matrix multiply. The products are accumulated in unsigned
   arithmetic (well-defined wrap-around, identical to the int result modulo 2^32)
   and the trace of C is returned as a long long. */
long long matmul8(const int A[8][8], const int B[8][8], int C[8][8])
{
  long long trace = 0;
  for (int i = 0; i < 8; i++) {
    for (int j = 0; j < 8; j++) {
      unsigned acc = 0;
      for (int k = 0; k < 8; k++) {
        acc += (unsigned)A[i][k] * (unsigned)B[k][j];
      }
      C[i][j] = (int)acc;
    }
  }
  for (int i = 0; i < 8; i++) {
    trace += C[i][i];
  }
  return trace;
}
