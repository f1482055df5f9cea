/* Scalar return value and a loop bound that is a scalar parameter: a dot product
   of an int vector and a short vector accumulated in long, over i < n. */
long dot_long(const int a[64], const short b[64], int n)
{
  long acc = 0;
  for (int i = 0; i < n; i++) {
    acc += (long)a[i] * b[i];
  }
  return acc;
}
