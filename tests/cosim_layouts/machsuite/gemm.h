/* MachSuite's layout (gemm/ncubed): the header prototypes the kernel with the same array types
 * as its definition and declares the benchmark's argument struct; local_support.c calls the
 * kernel from run_benchmark, harness.c holds main. */
#include <stdio.h>
#include <stdlib.h>

#define TYPE double

#define row_size 4
#define col_size 4
#define N row_size*col_size

void gemm(TYPE m1[N], TYPE m2[N], TYPE prod[N]);

struct bench_args_t {
  TYPE m1[N];
  TYPE m2[N];
  TYPE prod[N];
};

void run_benchmark(void *vargs);
void input_to_data(int seed, void *vdata);
void data_to_output(FILE *f, void *vdata);
