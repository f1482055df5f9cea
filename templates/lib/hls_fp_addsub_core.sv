// hls_fp_addsub_core: written by hls. a + b (a - b when sub is high) in the IEEE-754 format of EW
// exponent and MW fraction bits (binary32: 8/23, binary64: 11/52), combinational, exactly as an
// x86-64 C program computes it (SSE, MXCSR at its default): round to nearest, ties to even;
// subnormal operands and results; overflow to infinity; an exact zero sum is +0 unless both
// addends are -0; a NaN operand comes back quieted (a's when both are NaN); inf - inf is the
// default NaN (negative, quiet). The operator modules (hls_fadd, hls_dsub, ...) pipeline it.
`default_nettype none

module hls_fp_addsub_core #(
    parameter int EW = 8,
    parameter int MW = 23
) (
    input  logic [EW+MW:0] a,
    input  logic [EW+MW:0] b,
    input  logic           sub,
    output logic [EW+MW:0] r
);
  localparam int W = EW + MW + 1;
  localparam logic [EW-1:0] EMAX = '1;
  localparam int SW = MW + 5;  // carry, implicit bit, fraction, guard, round, sticky
  localparam int LW = $clog2(SW + 1);

  // leading zeros of x (SW - 1 bits)
  function automatic logic [LW-1:0] clz(input logic [SW-2:0] x);
    clz = LW'(SW - 1);
    for (int i = 0; i < SW - 1; i++) if (x[i]) clz = LW'(SW - 2 - i);
  endfunction

  logic sa, sb, round_up, a_nan, b_nan, a_inf, b_inf, swap, sx, sy;
  logic [EW-1:0] ea, eb, ea_eff, eb_eff, ex, ey, ed;
  logic [MW-1:0] fa, fb;
  logic [MW:0] mx, my;
  logic [SW-1:0] xs, yfull, ys, sum;
  logic [SW-2:0] norm;
  logic [LW-1:0] lz, shift;
  logic [EW+1:0] e, e_norm;
  logic [MW+1:0] rounded;

  assign sa = a[W-1];
  assign sb = b[W-1] ^ sub;
  assign ea = a[W-2:MW];
  assign eb = b[W-2:MW];
  assign fa = a[MW-1:0];
  assign fb = b[MW-1:0];
  assign a_nan = ea == EMAX && fa != 0;
  assign b_nan = eb == EMAX && fb != 0;
  assign a_inf = ea == EMAX && fa == 0;
  assign b_inf = eb == EMAX && fb == 0;
  // the operand of larger magnitude first (x); a subnormal has the smallest normal's exponent
  assign swap = {eb, fb} > {ea, fa};
  assign sx = swap ? sb : sa;
  assign sy = swap ? sa : sb;
  assign ea_eff = ea == 0 ? EW'(1) : ea;
  assign eb_eff = eb == 0 ? EW'(1) : eb;
  assign ex = swap ? eb_eff : ea_eff;
  assign ey = swap ? ea_eff : eb_eff;
  assign mx = swap ? {eb != 0, fb} : {ea != 0, fa};
  assign my = swap ? {ea != 0, fa} : {eb != 0, fb};
  assign ed = ex - ey;
  assign xs = {1'b0, mx, 3'b000};
  assign yfull = {1'b0, my, 3'b000};
  // align y; the bits shifted out stick to its lowest bit
  assign ys = ed >= EW'(SW) ? SW'(my != 0) : (yfull >> ed) | SW'((yfull & ~({SW{1'b1}} << ed)) != 0);
  assign sum = sx ^ sy ? xs - ys : xs + ys;
  // normalise: a carry shifts right once; cancellation shifts left, but not below the smallest
  // normal's exponent (the result is then subnormal)
  assign lz = clz(sum[SW-2:0]);
  assign shift = {{(EW + 2 - LW) {1'b0}}, lz} < {2'b00, ex} ? lz : LW'(ex - 1'b1);
  assign norm = sum[SW-1] ? {sum[SW-1:2], sum[1] | sum[0]} : sum[SW-2:0] << shift;
  assign e_norm = sum[SW-1] ? {2'b00, ex} + 1'b1 : {2'b00, ex} - {{(EW + 2 - LW) {1'b0}}, shift};
  // round to nearest even on guard, round and sticky
  assign round_up = norm[2] & (norm[1] | norm[0] | norm[3]);
  assign rounded = {1'b0, norm[SW-2:3]} + (MW + 2)'(round_up);
  assign e = e_norm + (EW + 2)'(rounded[MW+1]);

  always_comb begin
    if (a_nan) r = {a[W-1], EMAX, 1'b1, fa[MW-2:0]};
    else if (b_nan) r = {b[W-1], EMAX, 1'b1, fb[MW-2:0]};
    else if (a_inf && b_inf && sa != sb) r = {1'b1, EMAX, 1'b1, {(MW - 1) {1'b0}}};
    else if (a_inf) r = {sa, EMAX, {MW{1'b0}}};
    else if (b_inf) r = {sb, EMAX, {MW{1'b0}}};
    else if (sum == 0) r = {sa & sb, {(W - 1) {1'b0}}};
    else if (e >= {2'b00, EMAX}) r = {sx, EMAX, {MW{1'b0}}};
    else if (rounded[MW+1]) r = {sx, e[EW-1:0], rounded[MW:1]};
    else r = {sx, rounded[MW] ? e[EW-1:0] : {EW{1'b0}}, rounded[MW-1:0]};
  end
endmodule

`default_nettype wire
