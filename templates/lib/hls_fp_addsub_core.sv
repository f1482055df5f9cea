// hls_fp_addsub_core: written by hls. a + b (a - b when sub is high) in the IEEE-754 format of EW
// exponent and MW fraction bits (binary32: 8/23, binary64: 11/52), exactly as an x86-64 C
// program computes it (SSE, MXCSR at its default): round to nearest, ties to even; subnormal
// operands and results; overflow to infinity; an exact zero sum is +0 unless both addends are
// -0; a NaN operand comes back quieted (a's when both are NaN); inf - inf is the default NaN
// (negative, quiet).
// Pipelined: the result of the operands presented in cycle t (ce high) is on r LATENCY enabled
// cycles later; LATENCY = 0 is combinational. Five steps (decode and order, align, add,
// normalise, round) with a register after each from LATENCY = 5 (after align and round only at
// 2; align, add and round at 3; all but decode at 4); from LATENCY = 6 also one inside the
// normalisation's leading-zero count (which stops at the shift's limit): groups of 16 bits count
// before it, the first group with a one gives the count and the coarse shift after it (a
// double's sum shifts in 16-bit slices, each by a copy of the count's registers of its own, and
// the exponent's update by another),
// from 7 one at the inputs (a shared unit's operand multiplexers then end at a register, not in
// the decoding: on ECP5 a float adder's multiplexer and decoding were 12.7 ns), from 8 one inside
// the decoding, between the comparison of the operands (and the count of their trailing zeros)
// and what follows from it (the exponent difference, the selections, the special result: on
// ECP5 a float subtracter's operand register, classification, exponent difference, its clamp
// and the selections were 10.3 ns), and from 9 one inside the rounding, between the increment
// and the packing; more latency
// adds output registers. The alignment's sticky bit comes from the
// smaller significand's trailing zeros, counted in the decoding, against the shift (no mask and
// no wide OR after the shift amount).
`default_nettype none

module hls_fp_addsub_core #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LATENCY = 0
) (
    input  logic           clk,
    input  logic           ce,
    input  logic [EW+MW:0] a,
    input  logic [EW+MW:0] b,
    input  logic           sub,
    output logic [EW+MW:0] r
);
  localparam int W = EW + MW + 1;
  localparam logic [EW-1:0] EMAX = '1;
  localparam int SW = MW + 5;  // carry, implicit bit, fraction, guard, round, sticky
  localparam int LW = $clog2(SW + 1);
  // cuts after decode, align, add, normalise; then LATENCY - 4 output registers (or one when fewer)
  localparam bit [3:0] CUT = LATENCY >= 5 ? 4'b1111 : LATENCY == 4 ? 4'b1110 : LATENCY == 3 ? 4'b0110
      : LATENCY >= 1 ? 4'b0010 : 4'b0000;
  localparam int NC = LATENCY >= 6 ? 1 : 0;  // a cut between the count and the shift
  localparam int IC = LATENCY >= 7 ? 1 : 0;  // a register at the inputs
  localparam int DC = LATENCY >= 8 ? 1 : 0;  // a cut inside the decoding, after the comparison
  localparam int RC = LATENCY >= 9 ? 1 : 0;  // a cut between the increment and the packing
  localparam int OUT = LATENCY >= 5 ? LATENCY - 4 - NC - RC - DC - IC : LATENCY >= 2 ? 1 : 0;
  // carried through every step: the special result (NaN, infinity) when there is one, and the
  // sign of an exact zero sum
  localparam int KW = 1 + W + 1;


  // 1. decode; the operand of larger magnitude first (x); a subnormal has the smallest normal's
  // exponent
  logic sa, sb, a_nan, b_nan, a_inf, b_inf, swap, special;
  logic a_nan_unused, b_nan_unused, a_inf_unused, b_inf_unused, a_zero_unused, b_zero_unused;
  logic [EW-1:0] ea_eff, eb_eff, ex;
  logic [MW:0] ma, mb;
  logic [W-1:0] a_quiet, b_quiet, special_r, a_quiet_unused, b_quiet_unused;
  logic [KW-1:0] keep1_d, keep2, keep3, keep4;
  localparam int TZW = $clog2(MW + 2);  // a significand's trailing zeros (MW + 1 when zero)
  logic [1+1+EW+LW+2*(MW+1)+TZW-1:0] d1, q1;

  logic [W-1:0] ai, bi;
  logic subi;
  hls_fp_pipe #(2 * W + 1, IC, 1'b1) u_in (.clk(clk), .ce(ce), .d({a, b, sub}), .q({ai, bi, subi}));
  hls_fp_classify #(EW, MW) u_a (
      .x(ai), .nan(a_nan_unused), .inf(a_inf_unused), .zero(a_zero_unused), .e_eff(ea_eff), .sig(ma), .quiet(a_quiet_unused));
  hls_fp_classify #(EW, MW) u_b (
      .x(bi), .nan(b_nan_unused), .inf(b_inf_unused), .zero(b_zero_unused), .e_eff(eb_eff), .sig(mb), .quiet(b_quiet_unused));
  assign sa = ai[W-1];
  assign sb = bi[W-1] ^ subi;
  assign swap = bi[W-2:0] > ai[W-2:0];
  // the comparison; with DC a register, then the exponent difference and the selections (off
  // the path from a shared unit's operand multiplexers through the comparison)
  logic sa_d, sb_d, swap_d, b_sign_d;
  logic [EW-1:0] ea_d, eb_d, dab_d, dba_d;
  logic [LW-1:0] dab_c, dba_c;
  logic [MW:0] ma_d, mb_d;
  // the trailing zeros of both significands, for the alignment's sticky bit (see 2), counted
  // beside the comparison
  logic [MW:0] ma_reversed, mb_reversed, tz_shifted_a_unused, tz_shifted_b_unused;
  logic [TZW-1:0] tza, tzb, tza_d, tzb_d;
  for (genvar k = 0; k <= MW; k++) begin : g_reverse
    assign ma_reversed[k] = ma[MW-k];
    assign mb_reversed[k] = mb[MW-k];
  end
  hls_fp_clz #(MW + 1, TZW) u_tza (.x(ma_reversed), .n(tza), .shifted(tz_shifted_a_unused));
  hls_fp_clz #(MW + 1, TZW) u_tzb (.x(mb_reversed), .n(tzb), .shifted(tz_shifted_b_unused));
  // and the operands' classes, beside it too: after DC's register the wide ANDs and ORs were
  // in the special result's selections, 64 bits wide (jacobi-2d on ECP5)
  logic a_max_d, b_max_d, a_frac_d, b_frac_d;
  hls_fp_pipe #(8 + 2 * EW + 2 * (MW + 1) + 2 * TZW, DC) u_decode (
      .clk(clk), .ce(ce),
      .d({sa, sb, bi[W-1], swap, &ea_eff, &eb_eff, ma[MW-1:0] != 0, mb[MW-1:0] != 0, ea_eff, eb_eff, ma, mb, tza, tzb}),
      .q({sa_d, sb_d, b_sign_d, swap_d, a_max_d, b_max_d, a_frac_d, b_frac_d, ea_d, eb_d, ma_d, mb_d, tza_d, tzb_d}));
  assign dab_d = ea_d - eb_d;
  assign dba_d = eb_d - ea_d;
  // the alignment's shift, clamped to SW here, before the cut: every bit of y is shifted out
  // from SW on, and the sticky bit's compare against y's trailing zeros holds for any nonzero y
  // either way, so the shift by an LW-bit amount is the same; after the cut that clamp and the
  // EW-bit compare sat on the shifter's select lines (jacobi-2d on ECP5)
  assign dab_c = dab_d >= EW'(SW) ? LW'(SW) : LW'(dab_d);
  assign dba_c = dba_d >= EW'(SW) ? LW'(SW) : LW'(dba_d);
  // the special result (NaN, infinity) and the sign of an exact zero sum, from the decoded
  // classes beside the selections: the effective exponent of a NaN or infinity is its own
  assign a_nan = a_max_d && a_frac_d;
  assign b_nan = b_max_d && b_frac_d;
  assign a_inf = a_max_d && !a_frac_d;
  assign b_inf = b_max_d && !b_frac_d;
  assign a_quiet = {sa_d, ea_d, 1'b1, ma_d[MW-2:0]};
  assign b_quiet = {b_sign_d, eb_d, 1'b1, mb_d[MW-2:0]};
  assign special = a_nan || a_inf || b_nan || b_inf;
  assign special_r = a_nan ? a_quiet : b_nan ? b_quiet
      : a_inf && b_inf && sa_d != sb_d ? {1'b1, EMAX, 1'b1, {(MW - 1) {1'b0}}} : a_inf ? {sa_d, EMAX, {MW{1'b0}}}
      : {sb_d, EMAX, {MW{1'b0}}};
  assign keep1_d = {special, special_r, sa_d & sb_d};
  assign ex = swap_d ? eb_d : ea_d;
  assign d1 = {swap_d ? sb_d : sa_d, sa_d ^ sb_d, ex, swap_d ? dba_c : dab_c, swap_d ? mb_d : ma_d, swap_d ? ma_d : mb_d, swap_d ? tza_d : tzb_d};
  hls_fp_pipe #($bits(d1) + KW, CUT[0] ? 1 : 0) u_cut1 (.clk(clk), .ce(ce), .d({d1, keep1_d}), .q({q1, keep2}));

  // 2. align y; the bits shifted out stick to its lowest bit: one of them is not zero exactly
  // when y is not zero and has fewer trailing zeros (three more than its significand's) than
  // the shift (which needs no mask and no wide OR after the shift amount)
  logic sx1, diff1, sticky1;
  logic [EW-1:0] ex1;
  logic [LW-1:0] ed1;
  logic [MW:0] mx1, my1;
  logic [TZW-1:0] tzy1;
  logic [SW-1:0] yfull, ys;
  logic [1+1+EW+2*SW-1:0] d2, q2;

  assign {sx1, diff1, ex1, ed1, mx1, my1, tzy1} = q1;
  assign yfull = {1'b0, my1, 3'b000};
  assign sticky1 = tzy1 != TZW'(MW + 1) && (LW + 1)'(tzy1) + (LW + 1)'(3) < (LW + 1)'(ed1);
  assign ys = (yfull >> ed1) | SW'(sticky1);
  assign d2 = {sx1, diff1, ex1, {1'b0, mx1, 3'b000}, ys};
  hls_fp_pipe #($bits(d2) + KW, CUT[1] ? 1 : 0) u_cut2 (.clk(clk), .ce(ce), .d({d2, keep2}), .q({q2, keep3}));

  // 3. add the magnitudes (subtract for different signs)
  logic sx2, diff2;
  logic [EW-1:0] ex2;
  logic [SW-1:0] xs2, ys2;
  logic [LW-1:0] limit2;
  logic [SW-2:0] stop2;
  logic [1+EW+SW+(SW-1)-1:0] d3, q3;

  assign {sx2, diff2, ex2, xs2, ys2} = q2;
  // beside the sum: the normalisation's limit (the shift that reaches the smallest normal's
  // exponent, ex - 1) as a stop bit where the count of leading zeros must end, none when no shift
  // can reach it (ex >= SW): the count of the sum with it is the shift, with no compare after it
  assign limit2 = LW'(ex2 - EW'(1));
  assign stop2 = ex2 >= EW'(SW) ? '0 : {1'b1, {(SW - 2) {1'b0}}} >> limit2;
  assign d3 = {sx2, ex2, diff2 ? xs2 - ys2 : xs2 + ys2, stop2};
  hls_fp_pipe #($bits(d3) + KW, CUT[2] ? 1 : 0) u_cut3 (.clk(clk), .ce(ce), .d({d3, keep3}), .q({q3, keep4}));

  // 4. normalise: a carry shifts right once; cancellation shifts left, but not below the smallest
  // normal's exponent (the result is then subnormal)
  logic sx3, sx3c;
  logic [EW-1:0] ex3, ex3c;
  logic [SW-1:0] sum, sumc;
  logic [LW-1:0] shiftc;
  logic [SW-2:0] stop3;
  logic [KW-1:0] keep4c;
  logic [1+1+(EW+2)+(SW-1)-1:0] d4, q4;
  logic [KW-1:0] keep5;

  logic [SW-2:0] sum_normalised;
  assign {sx3, ex3, sum, stop3} = q3;
  // the leading zeros up to the stop bit: min(leading zeros, ex - 1), or all of them when ex >= SW
  if (NC == 0) begin : g_count
    logic [LW-1:0] shift;
    logic [SW-2:0] sum_shifted_unused;
    hls_fp_clz #(SW - 1, LW) u_clz (.x(sum[SW-2:0] | stop3), .n(shift), .shifted(sum_shifted_unused));
    assign {sx3c, ex3c, sumc, shiftc, keep4c} = {sx3, ex3, sum, shift, keep4};
    assign sum_normalised = sumc[SW-2:0] << shiftc;
  end else begin : g_count_cut
    // with the cut, the count is cut too: before it each group of G bits counts its own leading
    // zeros, after it the first group that has a one gives the count's upper bits and selects
    // its count as the lower ones (on ECP5 the whole count of a double sum was eight LUT levels
    // before the cut, the shift by it four after it: jacobi-2d). A one below the window ends the
    // count at SW - 1 when the window is zero, as the whole count does.
    localparam int G = 16;
    localparam int GW = $clog2(G);
    localparam int NG = (SW + G - 1) / G;
    localparam int FW = NG > 1 ? $clog2(NG) : 1;
    logic [NG*G-1:0] window;
    logic [NG-1:0] group_zero, group_zero_c;
    logic [NG*GW-1:0] group_count, group_count_c;  // (flat: Yosys's reader)
    logic [NG*G-1:0] group_shifted_unused;
    logic [GW-1:0] count_low;
    logic [FW-1:0] first;
    assign window = {sum[SW-2:0] | stop3, 1'b1, {(NG * G - SW) {1'b0}}};
    for (genvar g = 0; g < NG; g++) begin : g_group
      assign group_zero[g] = window[NG*G-1-g*G-:G] == '0;
      hls_fp_clz #(G, GW) u_clz (.x(window[NG*G-1-g*G-:G]), .n(group_count[g*GW+:GW]), .shifted(group_shifted_unused[g*G+:G]));
    end
    // a sum of more than two groups (a double's) is shifted in slices (below)
    localparam bit SLICED = SW - 1 > 2 * G;
    hls_fp_pipe #(1 + EW + SW + KW, NC) u_count (
        .clk(clk), .ce(ce), .d({sx3, ex3, sum, keep4}), .q({sx3c, ex3c, sumc, keep4c}));
    // (sliced: the count's registers for the exponent, kept apart from the shift's copies)
    hls_fp_pipe #(NG + NG * GW, NC, SLICED) u_count_exponent (
        .clk(clk), .ce(ce), .d({group_zero, group_count}), .q({group_zero_c, group_count_c}));
    always_comb begin
      first = FW'(NG - 1);  // (the last group holds the one below the window)
      for (int g = NG - 2; g >= 0; g--) if (!group_zero_c[g]) first = FW'(g);
    end
    assign count_low = group_count_c[first*GW+:GW];
    assign shiftc = LW'({first, count_low});
    // the shift: each slice of G bits of the normalised sum selects by a copy of the count's
    // registers of its own (kept: Yosys would merge the copies), which the placer can put beside
    // it, and the exponent's update by the one above; one copy drove the multiplexers of all 56
    // bits of a double's and the exponent's subtraction (heat-3d on ECP5: a 7 ns route from a
    // selection of the count in the shifter, across 86 columns, to the exponent). A float's 27
    // bits keep one (fp_ops_float placed at 101.61 MHz with one, 93.57 with two slices: its
    // critical path then a float multiplier's, which the larger netlist's placement moved)
    localparam int NS = SLICED ? (SW - 1 + G - 1) / G : 0;
    if (!SLICED) begin : g_whole
      assign sum_normalised = (sumc[SW-2:0] << {first, {GW{1'b0}}}) << count_low;
    end
    for (genvar k = 0; k < NS; k++) begin : g_slice
      localparam int LO = k * G;
      localparam int HI = LO + G < SW - 1 ? LO + G : SW - 1;  // past the slice's last bit
      logic [NG-1:0] zero_k;
      logic [NG*GW-1:0] count_k;
      logic [FW-1:0] first_k;
      logic [SW-2:0] shifted_k;
      hls_fp_pipe #(NG + NG * GW, NC, 1'b1) u_copy (.clk(clk), .ce(ce), .d({group_zero, group_count}), .q({zero_k, count_k}));
      always_comb begin
        first_k = FW'(NG - 1);
        for (int g = NG - 2; g >= 0; g--) if (!zero_k[g]) first_k = FW'(g);
      end
      assign shifted_k = (sumc[SW-2:0] << {first_k, {GW{1'b0}}}) << count_k[first_k*GW+:GW];
      assign sum_normalised[HI-1:LO] = shifted_k[HI-1:LO];
      logic unused_other_bits;
      assign unused_other_bits = &{1'b0, shifted_k};
    end
  end
  assign d4 = {sx3c, sumc == 0,
               sumc[SW-1] ? {2'b00, ex3c} + 1'b1 : {2'b00, ex3c} - {{(EW + 2 - LW) {1'b0}}, shiftc},
               sumc[SW-1] ? {sumc[SW-1:2], sumc[1] | sumc[0]} : sum_normalised};
  hls_fp_pipe #($bits(d4) + KW, CUT[3] ? 1 : 0) u_cut4 (.clk(clk), .ce(ce), .d({d4, keep4c}), .q({q4, keep5}));

  // 5. round to nearest even on guard, round and sticky; pack
  logic sx4, zero, round_up, special4, zero_sign, sx5, zero5;
  logic big, big_inc, big5, big_inc5;
  logic [EW+1:0] e_norm;
  logic [EW-1:0] e_inc, e_norm5, e_inc5, e;
  logic [SW-2:0] norm;
  logic [MW+1:0] rounded_now, rounded;
  logic [W-1:0] special_r4, result;
  logic [KW-1:0] keep6;

  assign {sx4, zero, e_norm, norm} = q4;
  assign round_up = norm[2] & (norm[1] | norm[0] | norm[3]);
  assign rounded_now = {1'b0, norm[SW-2:3]} + (MW + 2)'(round_up);
  // the exponent after a carry out of the increment and whether either overflows, beside the
  // increment: after it only selections remain
  assign e_inc = e_norm[EW-1:0] + EW'(1);
  assign big = e_norm >= {2'b00, EMAX};
  assign big_inc = e_norm >= {2'b00, EMAX} - (EW + 2)'(1);
  hls_fp_pipe #(1 + 1 + 2 * EW + 2 + MW + 2 + KW, RC) u_round (
      .clk(clk), .ce(ce), .d({sx4, zero, e_norm[EW-1:0], e_inc, big, big_inc, rounded_now, keep5}),
      .q({sx5, zero5, e_norm5, e_inc5, big5, big_inc5, rounded, keep6}));
  assign {special4, special_r4, zero_sign} = keep6;
  assign e = rounded[MW+1] ? e_inc5 : e_norm5;
  assign result = special4 ? special_r4 : zero5 ? {zero_sign, {(W - 1) {1'b0}}}
      : (rounded[MW+1] ? big_inc5 : big5) ? {sx5, EMAX, {MW{1'b0}}}
      : rounded[MW+1] ? {sx5, e, rounded[MW:1]}
      : {sx5, rounded[MW] ? e : {EW{1'b0}}, rounded[MW-1:0]};
  hls_fp_pipe #(W, OUT) u_out (.clk(clk), .ce(ce), .d(result), .q(r));
endmodule

`default_nettype wire
