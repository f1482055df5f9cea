/* hls: <inttypes.h> is <stdint.h> plus printf/scanf macros and functions hardware never calls
   (the fake libc's leaves out the limits, INT8_MAX ..., that C puts in it through <stdint.h>). */
#ifndef _HLS_INTTYPES_H
#define _HLS_INTTYPES_H
#include <stdint.h>
#include "_fake_defines.h"
#include "_fake_typedefs.h"
#endif
