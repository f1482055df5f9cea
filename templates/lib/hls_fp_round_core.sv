// hls_fp_round_core: written by hls. Rounds a positive significand to the IEEE-754 format of EW
// exponent and MW fraction bits and packs it with its sign: the value is sig[MW+2:2] (its
// leading one at sig[MW+2]) * 2^(e - bias - MW), sig[1] is the guard bit and sig[0] the sticky
// bit (the OR of every bit below). Round to nearest, ties to even, as SSE at its default;
// results below the normal range are subnormal (rounded once, after the shift); overflow is
// infinity. The other cores (mul, div, sqrt, conversions) end in it. Two steps: the shift of a
// result below the normal range (with its sticky bit), then the increment and the packing; at
// LATENCY 1 a register (clock enable ce) between them, at 0 combinational.
`default_nettype none

module hls_fp_round_core #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int XW = EW + 3,  // width of the signed exponent e
    parameter int LATENCY = 0
) (
    input  logic                 clk,
    input  logic                 ce,
    input  logic                 s,
    input  logic signed [XW-1:0] e,
    input  logic        [MW+2:0] sig,
    output logic        [EW+MW:0] r
);
  localparam int SW = MW + 3;
  localparam logic [EW-1:0] EMAX = '1;

  logic tiny, round_up, s2, tiny2;
  logic [XW-1:0] shift;
  logic [SW-1:0] shifted_now, shifted;
  logic [MW+1:0] rounded;
  logic signed [XW-1:0] e2, e_final;

  // below the normal range the significand shifts right to the subnormal exponent; the bits
  // shifted out stick to the lowest bit
  assign tiny = e < 1;
  assign shift = tiny ? XW'(1) - e : '0;
  assign shifted_now = shift >= XW'(SW) ? SW'(sig != 0) : (sig >> shift) | SW'((sig & ~({SW{1'b1}} << shift)) != 0);
  hls_fp_pipe #(1 + 1 + XW + SW, LATENCY) u_cut (
      .clk(clk), .ce(ce), .d({s, tiny, e, shifted_now}), .q({s2, tiny2, e2, shifted}));
  assign round_up = shifted[1] & (shifted[0] | shifted[2]);
  assign rounded = {1'b0, shifted[SW-1:2]} + (MW + 2)'(round_up);
  // a subnormal that rounds up to 2^MW is the smallest normal; a carry out of the top moves
  // the exponent up one
  assign e_final = tiny2 ? XW'(rounded[MW]) : e2 + XW'(rounded[MW+1]);
  assign r = e_final >= XW'(EMAX) ? {s2, EMAX, {MW{1'b0}}}
      : rounded[MW+1] ? {s2, e_final[EW-1:0], rounded[MW:1]} : {s2, e_final[EW-1:0], rounded[MW-1:0]};
endmodule

`default_nettype wire
