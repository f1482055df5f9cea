/* A Vitis-style header: types and sizes from typedefs and macros, the prototype with pointer
 * parameters (1-D and a pointer to rows for the 2-D matrix), const, over several lines, and C++
 * guards. The definition in mv.c writes the same parameters as arrays. */
#ifndef MV_H
#define MV_H

#include <stdint.h>

typedef int32_t data_t;
typedef int64_t acc_t;
#define ROWS 4
#define COLS 6

#ifdef __cplusplus
extern "C" {
#endif

acc_t mv(const data_t (*w)[COLS],
         const data_t *x,
         data_t *y,
         int n);

#ifdef __cplusplus
}
#endif

#endif
