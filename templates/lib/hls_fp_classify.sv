// hls_fp_classify: written by hls. What the floating-point cores need to know of an operand x in
// the IEEE-754 format of EW exponent and MW fraction bits: NaN, infinity, zero (either sign),
// the significand with its implicit bit, the exponent a subnormal counts with (that of the
// smallest normal), and x as a quiet NaN (what SSE returns for a NaN operand).
`default_nettype none

module hls_fp_classify #(
    parameter int EW = 8,
    parameter int MW = 23
) (
    input  logic [EW+MW:0] x,
    output logic           nan,
    output logic           inf,
    output logic           zero,
    output logic [EW-1:0]  e_eff,
    output logic [MW:0]    sig,
    output logic [EW+MW:0] quiet
);
  logic [EW-1:0] e;
  logic [MW-1:0] f;

  assign e = x[EW+MW-1:MW];
  assign f = x[MW-1:0];
  assign nan = &e && f != 0;
  assign inf = &e && f == 0;
  assign zero = e == 0 && f == 0;
  assign e_eff = e == 0 ? EW'(1) : e;
  assign sig = {e != 0, f};
  assign quiet = {x[EW+MW], e, 1'b1, f[MW-2:0]};
endmodule

`default_nettype wire
