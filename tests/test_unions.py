"""Unions (#15): local unions and arrays of unions of up to 8 bytes, and unions passed by value
to a called function. A union is one unsigned word holding its bytes as the C program's memory
does (little-endian); a member read takes its bytes out and reinterprets them (a float's bit
pattern: the kernel IR's ``bits``), a member write puts them in and keeps the other bytes.
Co-simulated bit-exactly under the file's own main and with the random testbench (NaN, infinities,
subnormals, -0.0 among its inputs); what is not supported is a located error."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import cosim_random, cosim_with_main, first_error, kernel_from_source

KERNEL = r"""
#include <stdint.h>
#include <stdio.h>
typedef union { float f; uint32_t u; } fbits;
union dw { double d; uint32_t w[2]; uint8_t b[8]; };

float fast_rsqrt(float x) {
  fbits c;
  c.f = x;
  c.u = 0x5f3759df - (c.u >> 1);
  float y = c.f;
  return y * (1.5f - 0.5f * x * y * y);
}

static uint32_t high(union dw v) { v.w[0] = 0; return v.w[1]; }

uint32_t kern(const double in[8], double out[8], uint8_t bytes[8]) {
  uint32_t acc = 0;
  union dw v[2] = {{1.0}, {.d = -2.5}};
  for (int i = 0; i < 8; i++) {
    union dw t;
    t.d = in[i];
    acc ^= t.w[1] + t.w[0];
    t.w[1] ^= 0x80000000u;
    out[i] = t.d + v[i & 1].d;
    bytes[i] = t.b[i];
    t.b[7 - (i & 3)]++;
    v[i & 1] = t;
  }
  fbits q = {2.0f};
  acc += q.u + (uint32_t)sizeof(union dw) + (uint32_t)sizeof v + (uint32_t)sizeof(fbits) + (uint32_t)sizeof v[1].w;
  return acc + v[0].w[0] + v[1].b[6] + high(v[1]);
}

int main(void) {
  double in[8] = {1.5, -0.0, 3.25e10, -7.0, 1e-310, 0.1, -123.456, 8.0};
  double out[8];
  uint8_t bytes[8];
  for (int r = 0; r < 3; r++) {
    in[r] += r;
    uint32_t a = kern(in, out, bytes);
    printf("%u %.17g %.17g %u %u %.9g\n", a, out[0], out[5], bytes[2], bytes[7], fast_rsqrt(in[0] + r));
  }
  return 0;
}
"""


@pytest.mark.parametrize("top", ["kern", "fast_rsqrt"])
def test_unions_under_main(tmp_path: Path, top: str) -> None:
    _, result = cosim_with_main(tmp_path, KERNEL, top)
    assert result["status"] == "pass" and len(result["calls"]) == 3


FIELDS = r"""
#include <stdint.h>
union f32 { float f; uint32_t u; int16_t h[2]; uint8_t b[4]; };
void fields(const float x[6], uint32_t exponent[6], int16_t halves[6], float y[6]) {
  for (int i = 0; i < 6; i++) {
    union f32 v;
    v.f = x[i];
    exponent[i] = (v.u >> 23) & 0xff;
    halves[i] = v.h[i & 1];
    v.b[3] &= 0x7f;           /* |x| through the sign byte, NaN kept as it is */
    v.h[0] += (int16_t)i;
    y[i] = v.f;
  }
}
"""


def test_float_fields_random_inputs(tmp_path: Path) -> None:
    """The random testbench's edge values (NaN payloads, infinities, subnormals, -0.0) go
    through the bytes unchanged, as in the C program."""
    cosim_random(tmp_path, FIELDS, "fields", runs=4)


def test_kernel_ir_reinterprets_bits(tmp_path: Path) -> None:
    fn = kernel_from_source(tmp_path, FIELDS, "fields")
    from hls.ir.kernel import print_kernel

    text = print_kernel(fn)
    assert "(bits" in text and "v[" not in text  # one word, no memory of bytes


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("union big { uint32_t w[4]; uint8_t b[16]; };\nuint32_t kern(uint32_t a[4]) { union big x; x.w[0] = a[0]; return x.b[1]; }",
         "k.c:2:7: error: union 'big' of 16 bytes (at most 8: one 64-bit word) is not supported"),
        ("union U { float f; uint32_t u; };\nuint32_t kern(float a[4]) { union U x; x.f = a[0]; return x; }",
         "k.c:3:59: error: union 'x' used as a value (only its members read and written, and copying it) is not supported"),
        ("union U { float f; uint32_t u; };\nstatic void g(float *p) { *p = 1.0f; }\nuint32_t kern(float a[4]) { union U x; g(&x.f); return x.u; }",
         "k.c:4:43: error: union 'x' here (only its members read and written, and copying it) is not supported"),
        ("union U { float f; uint32_t u; };\nuint32_t kern(union U *p) { return p->u; }",
         "k.c:3:23: error: union here (only local unions, arrays of unions and unions passed by value to a called function) is not supported"),
        ("union U { float f; uint32_t u; };\nuint32_t kern(float a[4]) { union U x; x.f = a[0]; return x.g; }",
         "k.c:3:61: error: union 'U' has no member named 'g'"),
        ("struct S { union { float f; uint32_t u; } v; int k; };\nuint32_t kern(float a[4]) { struct S x; x.v.f = a[0]; return x.v.u; }",
         "k.c:2:43: error: union here (only local unions, arrays of unions and unions passed by value to a called function) is not supported"),
        ("union U { float f; uint32_t u; };\nuint32_t kern(float a[4]) { union U x; uint32_t r = (x.u = 3); return r; }",
         "k.c:3:54: error: assignment to a union or its member used as a value is not supported"),
    ],
    ids=["too-big", "as-value", "address", "pointer-param", "no-member", "struct-member", "assignment-value"],
)
def test_union_diagnostics(tmp_path: Path, source: str, message: str) -> None:
    assert first_error(tmp_path, "#include <stdint.h>\n" + source, "kern") == message


SIGNED = r"""
#include <stdint.h>
typedef union { int64_t q; int32_t w[2]; int16_t h[4]; int8_t c[8]; double d; } word_t;
int64_t mix(const int64_t in[16], int16_t out[16], const uint8_t sel[16], double dv[16]) {
  word_t acc[2] = {{0}, {.c = {1, -2, 3, -4, 5, -6, 7, -8}}};
  int64_t s = 0;
  for (int i = 0; i < 16; i++) {
#pragma HLS pipeline II=1
    word_t t;
    t.q = in[i];
    int k = sel[i] & 3, j = sel[i] & 7;
    out[i] = t.h[k];
    s += t.c[j] + t.w[(sel[i] >> 3) & 1];
    t.c[j] -= 3;
    t.h[(k + 1) & 3] >>= 1;
    acc[i & 1].q ^= t.q;
    dv[i] = t.d;
  }
  return s + acc[0].w[1] + acc[1].h[3] + acc[1].c[0];
}
"""


def test_signed_members_at_run_time_offsets_in_a_pipelined_loop(tmp_path: Path) -> None:
    """Signed members sign-extend from their own bytes; subscripts known only at run time pick
    the bytes; an array of unions carries state across iterations of a pipelined loop."""
    out = cosim_random(tmp_path, SIGNED, "mix", runs=6)
    assert "achieved II" in (out / "report.rpt").read_text()
