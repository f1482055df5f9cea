/* hls: <stdbool.h>. bool is the fake libc's typedef of _Bool, which c-to-kernel reads as _Bool. */
#ifndef _HLS_STDBOOL_H
#define _HLS_STDBOOL_H
#include "_fake_typedefs.h"
#define true 1
#define false 0
#define __bool_true_false_are_defined 1
#endif
