// hls_fp_round_core: written by hls. Rounds a positive significand to the IEEE-754 format of EW
// exponent and MW fraction bits and packs it with its sign: the value is sig[MW+2:2] (its
// leading one at sig[MW+2]) * 2^(e - bias - MW), sig[1] is the guard bit and sig[0] the sticky
// bit (the OR of every bit below). Round to nearest, ties to even, as SSE at its default;
// results below the normal range are subnormal (rounded once, after the shift); overflow is
// infinity. The other cores (mul, div, sqrt, conversions) end in it. Two steps: the shift of a
// result below the normal range (with its sticky bit), then the increment and the packing; at
// LATENCY 1 a register (clock enable ce) between them, at 0 combinational. With PRE the caller
// computed, a cycle earlier, whether e < 1 (pre_tiny) and the shift (pre_sh, as
// hls_fp_round_prep gives it), which takes the exponent arithmetic's carry chains off the path
// through the shift (the multiplier on ECP5); with LOST it also says whether the shift drops a
// bit that is not zero (pre_lost), which takes the mask and the wide OR off that path (a product
// knows it from its operands' trailing zeros). Inputs a mode does not use are ignored. With
// PACK_CUT a second register (the caller's output register moved inside) holds the increment's
// sum and what selects the packing, so the sum goes from the carry chain straight into the
// flip-flops beside it and the packing's LUTs start the next cycle (the route from the chain to
// a far output register was 4.5 ns of the double multiplier's cycle on ECP5).
`default_nettype none

module hls_fp_round_core #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int XW = EW + 3,  // width of the signed exponent e
    parameter int LATENCY = 0,
    parameter bit PRE = 1'b0,
    parameter bit LOST = 1'b0,
    parameter int SHW = $clog2(MW + 4),  // the shift's width (see hls_fp_round_prep)
    parameter int PACK_CUT = 0
) (
    input  logic                 clk,
    input  logic                 ce,
    input  logic                 s,
    input  logic signed [XW-1:0] e,
    input  logic        [MW+2:0] sig,
    input  logic                 pre_tiny,
    input  logic       [SHW-1:0] pre_sh,
    input  logic                 pre_lost,
    output logic        [EW+MW:0] r
);
  localparam int SW = MW + 3;
  localparam logic [EW-1:0] EMAX = '1;

  logic tiny, lost, round_up, s2, tiny2, big, big_inc, big2, big_inc2, carry, ones, ones2, top;
  logic [SHW-1:0] sh;  // the right shift: 0 unless tiny, all ones when no bit of sig stays
  logic [SW-1:0] shifted_now, shifted;
  logic [MW+1:0] rounded;
  logic [EW-1:0] e_inc, e2, e_inc2, e_final;

  // below the normal range the significand shifts right to the subnormal exponent; the bits
  // shifted out stick to the lowest bit
  if (PRE) begin : g_pre
    assign tiny = pre_tiny;
    assign sh = pre_sh;
  end else begin : g_here
    logic unused_pre;
    assign unused_pre = &{1'b0, pre_tiny, pre_sh};
    hls_fp_round_prep #(MW, XW, SHW) u_prep (.e(e), .tiny(tiny), .sh(sh));
  end
  if (LOST) begin : g_lost
    assign lost = pre_lost;
  end else begin : g_mask
    logic unused_lost;
    assign unused_lost = &{1'b0, pre_lost};
    assign lost = (sig & ~({SW{1'b1}} << sh)) != 0;
  end
  assign shifted_now = (sig >> sh) | SW'(lost);
  // the exponent after a carry out of the increment, and whether either overflows, beside the
  // shift: after the cut only the increment's carry chain remains
  assign e_inc = e[EW-1:0] + EW'(1);
  assign big = !tiny && e >= XW'(EMAX);
  assign big_inc = !tiny && e >= XW'(EMAX) - XW'(1);
  // whether the shifted significand is all ones (the increment then carries out of the top),
  // from sig beside the shift: only when nothing shifts (a shift brings in a zero at the top)
  assign ones = sh == '0 && &sig[SW-1:2];
  hls_fp_pipe #(1 + 1 + 2 * EW + 2 + 1 + SW, LATENCY) u_cut (
      .clk(clk), .ce(ce), .d({s, tiny, e[EW-1:0], e_inc, big, big_inc, ones, shifted_now}),
      .q({s2, tiny2, e2, e_inc2, big2, big_inc2, ones2, shifted}));
  assign round_up = shifted[1] & (shifted[0] | shifted[2]);
  assign rounded = {1'b0, shifted[SW-1:2]} + (MW + 2)'(round_up);
  // the carry out of the increment without waiting for it: the selections it makes are ready
  // beside the carry chain, which then feeds one LUT per result bit
  assign carry = round_up & ones2;
  logic s3, tiny3, big3, big_inc3, carry3;
  logic [EW-1:0] e3, e_inc3;
  logic [MW:0] rounded3;
  hls_fp_pipe #(1 + 1 + 2 * EW + 2 + 1 + MW + 1, PACK_CUT) u_pack (
      .clk(clk), .ce(ce), .d({s2, tiny2, e2, e_inc2, big2, big_inc2, carry, rounded[MW:0]}),
      .q({s3, tiny3, e3, e_inc3, big3, big_inc3, carry3, rounded3}));
  logic unused_carry;
  assign unused_carry = &{1'b0, rounded[MW+1]};  // (the same as carry)
  // a subnormal that rounds up to 2^MW is the smallest normal; a carry out of the top moves
  // the exponent up one (and leaves the fraction zero: rounded[MW:1] and rounded[MW-1:0] agree)
  assign e_final = tiny3 ? EW'(rounded3[MW]) : carry3 ? e_inc3 : e3;
  assign top = carry3 ? big_inc3 : big3;
  assign r = top ? {s3, EMAX, {MW{1'b0}}} : {s3, e_final, rounded3[MW-1:0]};
endmodule

`default_nettype wire
