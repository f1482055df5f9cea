/* PolyBench/C 4.2.1 harness interface, written for hls.
 *
 * Kernel files written the PolyBench way include this header and use its macros for array
 * shapes (POLYBENCH_2D), allocation (POLYBENCH_2D_ARRAY_DECL), loop bounds (POLYBENCH_LOOP_BOUND,
 * through each kernel's _PB_ names), dumping and instrumentation. The names and meanings are
 * PolyBench's, so the original sources and ours build against either copy of the header; this
 * one keeps only what a run under co-simulation needs (no timers, no cache flushing).
 */
#ifndef POLYBENCH_H
#define POLYBENCH_H

#include <stdlib.h>

/* Array padding, as PolyBench: added to every allocated dimension. */
#ifndef POLYBENCH_PADDING_FACTOR
#define POLYBENCH_PADDING_FACTOR 0
#endif

/* Loop bounds: the scalar parameters (default) or, with POLYBENCH_USE_SCALAR_LB, the dataset
 * constants -- which makes every trip count static. */
#ifdef POLYBENCH_USE_SCALAR_LB
#define POLYBENCH_LOOP_BOUND(x, y) x
#else
#define POLYBENCH_LOOP_BOUND(x, y) y
#endif

/* Array shapes of kernel parameters: constant sizes, or the scalar parameters with C99 VLAs. */
#ifdef POLYBENCH_USE_C99_PROTO
#define POLYBENCH_C99_SELECT(x, y) y
#else
#define POLYBENCH_C99_SELECT(x, y) x
#endif

#define POLYBENCH_1D(var, dim1, ddim1) var[POLYBENCH_C99_SELECT(dim1, ddim1) + POLYBENCH_PADDING_FACTOR]
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) \
  var[POLYBENCH_C99_SELECT(dim1, ddim1) + POLYBENCH_PADDING_FACTOR][POLYBENCH_C99_SELECT(dim2, ddim2) + POLYBENCH_PADDING_FACTOR]
#define POLYBENCH_3D(var, dim1, dim2, dim3, ddim1, ddim2, ddim3)                 \
  var[POLYBENCH_C99_SELECT(dim1, ddim1) + POLYBENCH_PADDING_FACTOR]              \
     [POLYBENCH_C99_SELECT(dim2, ddim2) + POLYBENCH_PADDING_FACTOR]              \
     [POLYBENCH_C99_SELECT(dim3, ddim3) + POLYBENCH_PADDING_FACTOR]

/* Heap arrays of main: a pointer to the whole array; POLYBENCH_ARRAY(x) is the array itself. */
#define POLYBENCH_ALLOC_1D_ARRAY(n1, type) \
  (type(*)[n1 + POLYBENCH_PADDING_FACTOR]) polybench_alloc_data(n1 + POLYBENCH_PADDING_FACTOR, sizeof(type))
#define POLYBENCH_ALLOC_2D_ARRAY(n1, n2, type)                                           \
  (type(*)[n1 + POLYBENCH_PADDING_FACTOR][n2 + POLYBENCH_PADDING_FACTOR]) polybench_alloc_data( \
      (n1 + POLYBENCH_PADDING_FACTOR) * (n2 + POLYBENCH_PADDING_FACTOR), sizeof(type))
#define POLYBENCH_ALLOC_3D_ARRAY(n1, n2, n3, type)                                        \
  (type(*)[n1 + POLYBENCH_PADDING_FACTOR][n2 + POLYBENCH_PADDING_FACTOR][n3 + POLYBENCH_PADDING_FACTOR]) \
      polybench_alloc_data((n1 + POLYBENCH_PADDING_FACTOR) * (n2 + POLYBENCH_PADDING_FACTOR) *             \
                               (n3 + POLYBENCH_PADDING_FACTOR),                                             \
                           sizeof(type))

#define POLYBENCH_1D_ARRAY_DECL(var, type, dim1, ddim1) \
  type(*var)[dim1 + POLYBENCH_PADDING_FACTOR];          \
  var = POLYBENCH_ALLOC_1D_ARRAY(POLYBENCH_C99_SELECT(dim1, ddim1), type)
#define POLYBENCH_2D_ARRAY_DECL(var, type, dim1, dim2, ddim1, ddim2)                   \
  type(*var)[dim1 + POLYBENCH_PADDING_FACTOR][dim2 + POLYBENCH_PADDING_FACTOR];       \
  var = POLYBENCH_ALLOC_2D_ARRAY(POLYBENCH_C99_SELECT(dim1, ddim1), POLYBENCH_C99_SELECT(dim2, ddim2), type)
#define POLYBENCH_3D_ARRAY_DECL(var, type, dim1, dim2, dim3, ddim1, ddim2, ddim3)                               \
  type(*var)[dim1 + POLYBENCH_PADDING_FACTOR][dim2 + POLYBENCH_PADDING_FACTOR][dim3 + POLYBENCH_PADDING_FACTOR]; \
  var = POLYBENCH_ALLOC_3D_ARRAY(POLYBENCH_C99_SELECT(dim1, ddim1), POLYBENCH_C99_SELECT(dim2, ddim2),         \
                                 POLYBENCH_C99_SELECT(dim3, ddim3), type)

#define POLYBENCH_ARRAY(x) *x
#define POLYBENCH_FREE_ARRAY(x) free((void *)x)

/* Output: a run prints its arrays only when asked to (more than 42 arguments and an empty
 * argv[0], i.e. never by accident), which keeps the compiler from deleting the computation. */
#define POLYBENCH_DUMP_TARGET stderr
#define POLYBENCH_DUMP_START fprintf(POLYBENCH_DUMP_TARGET, "==BEGIN DUMP_ARRAYS==\n")
#define POLYBENCH_DUMP_FINISH fprintf(POLYBENCH_DUMP_TARGET, "==END   DUMP_ARRAYS==\n")
#define POLYBENCH_DUMP_BEGIN(s) fprintf(POLYBENCH_DUMP_TARGET, "begin dump: %s", s)
#define POLYBENCH_DUMP_END(s) fprintf(POLYBENCH_DUMP_TARGET, "\nend   dump: %s\n", s)
#ifdef POLYBENCH_DUMP_ARRAYS
#define polybench_prevent_dce(func) func
#else
#define polybench_prevent_dce(func) \
  if (argc > 42 && !strcmp(argv[0], "")) func
#endif

/* Instruments (timers, cycle counters) are not part of co-simulation: cosim counts cycles. */
#define polybench_start_instruments
#define polybench_stop_instruments
#define polybench_print_instruments

void *polybench_alloc_data(unsigned long long int n, int elt_size);
void polybench_free_data(void *ptr);

#endif /* POLYBENCH_H */
