/* hls: <float.h> for x86-64 as gcc defines it in C99 (gnu99, the mode cosim compiles in; binary32 float, binary64 double, SSE arithmetic:
 * FLT_EVAL_METHOD 0). The values are gcc's own, written as float and double literals (gcc's
 * spell the double ones as long double literals cast to double; hls has no long double). */
#ifndef _HLS_FLOAT_H
#define _HLS_FLOAT_H
#define FLT_RADIX 2
#define FLT_ROUNDS 1
#define FLT_EVAL_METHOD 0
#define DECIMAL_DIG 21
#define FLT_MANT_DIG 24
#define DBL_MANT_DIG 53
#define FLT_DIG 6
#define DBL_DIG 15
#define FLT_MIN_EXP (-125)
#define DBL_MIN_EXP (-1021)
#define FLT_MIN_10_EXP (-37)
#define DBL_MIN_10_EXP (-307)
#define FLT_MAX_EXP 128
#define DBL_MAX_EXP 1024
#define FLT_MAX_10_EXP 38
#define DBL_MAX_10_EXP 308
#define FLT_MAX 3.40282346638528859811704183484516925e+38F
#define DBL_MAX 1.79769313486231570814527423731704357e+308
#define FLT_EPSILON 1.19209289550781250000000000000000000e-7F
#define DBL_EPSILON 2.22044604925031308084726333618164062e-16
#define FLT_MIN 1.17549435082228750796873653722224568e-38F
#define DBL_MIN 2.22507385850720138309023271733240406e-308
#endif
