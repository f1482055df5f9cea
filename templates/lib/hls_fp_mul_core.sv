// hls_fp_mul_core: written by hls. a * b in the IEEE-754 format of EW exponent and MW fraction
// bits, combinational, exactly as an x86-64 C program computes it (SSE, MXCSR at its default):
// round to nearest, ties to even; subnormal operands and results; overflow to infinity; a NaN
// operand comes back quieted (a's when both are NaN); 0 * inf is the default NaN (negative,
// quiet). The operator modules (hls_fmul, hls_dmul) pipeline it.
`default_nettype none

module hls_fp_mul_core #(
    parameter int EW = 8,
    parameter int MW = 23
) (
    input  logic [EW+MW:0] a,
    input  logic [EW+MW:0] b,
    output logic [EW+MW:0] r
);
  localparam int W = EW + MW + 1;
  localparam logic [EW-1:0] EMAX = '1;
  localparam int PW = 2 * MW + 2;  // the exact product of two significands
  localparam int LW = $clog2(PW + 1);
  localparam int XW = EW + 3;  // signed exponent of the product before rounding
  localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);

  function automatic logic [LW-1:0] clz(input logic [PW-1:0] x);
    clz = LW'(PW);
    for (int i = 0; i < PW; i++) if (x[i]) clz = LW'(PW - 1 - i);
  endfunction

  logic s, a_nan, b_nan, a_inf, b_inf, a_zero, b_zero;
  logic [EW-1:0] ea, eb, ea_eff, eb_eff;
  logic [MW-1:0] fa, fb;
  logic [PW-1:0] product, norm;
  logic [LW-1:0] lz;
  logic signed [XW-1:0] e;
  logic [EW+MW:0] rounded;

  assign s = a[W-1] ^ b[W-1];
  assign ea = a[W-2:MW];
  assign eb = b[W-2:MW];
  assign fa = a[MW-1:0];
  assign fb = b[MW-1:0];
  assign a_nan = ea == EMAX && fa != 0;
  assign b_nan = eb == EMAX && fb != 0;
  assign a_inf = ea == EMAX && fa == 0;
  assign b_inf = eb == EMAX && fb == 0;
  assign a_zero = a[W-2:0] == 0;
  assign b_zero = b[W-2:0] == 0;
  assign product = {{(MW + 1) {1'b0}}, ea != 0, fa} * {{(MW + 1) {1'b0}}, eb != 0, fb};
  // the leading one to the top: the value is 1.f * 2^(e - BIAS) with e as below (a subnormal
  // operand counts with the smallest normal exponent)
  assign lz = clz(product);
  assign norm = product << lz;
  assign ea_eff = ea == 0 ? EW'(1) : ea;
  assign eb_eff = eb == 0 ? EW'(1) : eb;
  assign e = XW'(ea_eff) + XW'(eb_eff) - BIAS + 1 - XW'(lz);
  hls_fp_round_core #(EW, MW, XW) u_round (
      .s(s), .e(e), .sig({norm[PW-1:PW-MW-2], norm[PW-MW-3:0] != 0}), .r(rounded));

  always_comb begin
    if (a_nan) r = {a[W-1], EMAX, 1'b1, fa[MW-2:0]};
    else if (b_nan) r = {b[W-1], EMAX, 1'b1, fb[MW-2:0]};
    else if ((a_inf && b_zero) || (a_zero && b_inf)) r = {1'b1, EMAX, 1'b1, {(MW - 1) {1'b0}}};
    else if (a_inf || b_inf) r = {s, EMAX, {MW{1'b0}}};
    else if (a_zero || b_zero) r = {s, {(W - 1) {1'b0}}};
    else r = rounded;
  end
endmodule

`default_nettype wire
