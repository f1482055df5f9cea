/* hls: <math.h>. The functions are pycparser's stand-in declarations (hls knows the ones it
 * computes by name); the macros are glibc's as gcc sees them in GNU C99 mode (-std=gnu99), which is
 * how cosim compiles the C program: INFINITY, NAN and HUGE_VAL through gcc's built-ins, the M_
 * constants as the same double literals, so a kernel computes with the values the C program has
 * (a file's own '#ifndef M_PI' fallback is not taken, as it is not under gcc). */
#ifndef _HLS_MATH_H
#define _HLS_MATH_H
#include "_fake_defines.h"
#include "_fake_typedefs.h"
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))
#define HUGE_VAL (__builtin_huge_val())
#define HUGE_VALF (__builtin_huge_valf())
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#define FP_ILOGB0 (-2147483647 - 1)
#define FP_ILOGBNAN (-2147483647 - 1)
#define MATH_ERRNO 1
#define MATH_ERREXCEPT 2
#define math_errhandling (MATH_ERRNO | MATH_ERREXCEPT)
#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440
#endif
