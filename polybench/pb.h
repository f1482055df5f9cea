/* Shared helpers of our PolyBench/C 4.2.1 implementations: dataset selection and output. */
#ifndef HLS_PB_H
#define HLS_PB_H
#include <stdio.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && !defined(MEDIUM_DATASET)
#define MINI_DATASET
#endif

#ifndef DATA_TYPE
#define DATA_TYPE double
#endif

/* a checksum line per array, so testbench output can be compared between runs */
#define PB_PRINT_1D(name, n, x)                                            \
  do {                                                                     \
    double pb_sum = 0.0;                                                   \
    for (int pb_i = 0; pb_i < (n); pb_i++) pb_sum += (double)(x)[pb_i] * (pb_i % 7 + 1); \
    printf("%s %.12e\n", name, pb_sum);                                    \
  } while (0)
#define PB_PRINT_2D(name, n, m, x)                                         \
  do {                                                                     \
    double pb_sum = 0.0;                                                   \
    for (int pb_i = 0; pb_i < (n); pb_i++)                                 \
      for (int pb_j = 0; pb_j < (m); pb_j++) pb_sum += (double)(x)[pb_i][pb_j] * ((pb_i + 2 * pb_j) % 7 + 1); \
    printf("%s %.12e\n", name, pb_sum);                                    \
  } while (0)
#endif
