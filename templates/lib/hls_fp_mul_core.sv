// hls_fp_mul_core: written by hls. a * b in the IEEE-754 format of EW exponent and MW fraction
// bits, exactly as an x86-64 C program computes it (SSE, MXCSR at its default): round to
// nearest, ties to even; subnormal operands and results; overflow to infinity; a NaN operand
// comes back quieted (a's when both are NaN); 0 * inf is the default NaN (negative, quiet).
// Pipelined: the result of the operands presented in cycle t (ce high) is on r LATENCY enabled
// cycles later; LATENCY = 0 is combinational. The significand product is an hls_mul (partial
// products on DSP multipliers and an adder tree) taking LATENCY - 2 cycles (one fewer from
// LATENCY 5, where the rounding takes two, and another from 7, where the normalisation takes two:
// the shift by the operands' leading zeros, then the last one-bit step), then one cycle
// normalises it and one rounds (at
// LATENCY 1 only the rounding is registered, at 2 the product and the rounding). Beside a
// product of two or more cycles the operands' exponents and classes are decoded a cycle late,
// and from three the classes are registered before the special result is made of them. The
// rounding learns whether a subnormal result's shift drops a bit that is not zero from the
// operands' trailing zeros (those of the product are their sum; the bits the shift drops are
// zero exactly when tz(a) + tz(b) + esum >= MW: the leading zeros cancel out), counted beside
// the product, so the shift's sticky bit needs no mask and no wide OR.
`default_nettype none

module hls_fp_mul_core #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LATENCY = 0,
    parameter bit ECP5_DSP = 1'b0  // the significand product on ECP5 MULT18X18D primitives (hls_mul)
) (
    input  logic           clk,
    input  logic           ce,
    input  logic [EW+MW:0] a,
    input  logic [EW+MW:0] b,
    output logic [EW+MW:0] r
);
  localparam int W = EW + MW + 1;
  localparam logic [EW-1:0] EMAX = '1;
  localparam int PW = 2 * MW + 2;  // the exact product of two significands
  localparam int XW = EW + 3;  // signed exponent of the product before rounding
  localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
  localparam int RC = LATENCY >= 5 ? 1 : 0;  // a cut inside the rounding
  localparam int NC = LATENCY >= 7 ? 1 : 0;  // a cut between the shift by lzs and the one-bit step
  // from 9 a second output register, inside the rounding (its PACK_CUT): the increment's sum is
  // registered beside its carry chain and the packing follows (on ECP5 the route from the chain
  // to an output register by the consumers took 4.5 ns of the cycle)
  localparam int OC = LATENCY >= 9 ? 1 : 0;
  // from 10 the significand product's operands are copied beside each of its DSP multipliers
  // (hls_mul SPREAD), a cycle of their own
  localparam int SC = LATENCY >= 10 ? 1 : 0;
  // from 11 the normalised product is registered twice before the rounding's shift: the core
  // spans its multipliers' DSP row, and the route from the normalisation to the rounding took
  // 3.9 ns of the shift's cycle on ECP5 (gemver)
  localparam int N2 = LATENCY >= 11 ? 1 : 0;
  localparam int PL = LATENCY >= 3 ? LATENCY - 2 - RC - NC - OC - N2 : LATENCY == 2 ? 1 : 0;  // product cycles
  localparam int NL = LATENCY >= 3 ? 1 + N2 : 0;  // normalisation cycles
  localparam int RL = LATENCY >= 1 ? 1 : 0;  // rounding cycles


  // decode: the special results and the exponent sum wait beside the product
  logic s, a_nan, b_nan, a_inf, b_inf, a_zero, b_zero, special;
  logic [MW:0] ma, mb;
  logic [W-1:0] a_quiet, b_quiet, special_r;
  logic signed [XW-1:0] esum;
  localparam int TZW = $clog2(MW + 2);  // a significand's trailing zeros (MW + 1 when zero)
  logic [TZW:0] tzs0, tzs;  // the product's trailing zeros: the operands' summed
  logic [TZW:0] lzs, lzs1;  // the product has these leading zeros or one more: the operands' summed
  logic [1+1+W+XW-1:0] keep0, keep1;
  logic [1+1+W-1:0] keep2;

  // the significands go to the product at once; the rest of the decoding (the exponent sum, the
  // special results) can wait a cycle beside it when the product takes two or more, which keeps
  // it off the path from whatever selects the operands (a shared unit's multiplexers)
  logic [W-1:0] ar, br;
  logic [EW-1:0] ea_unused, eb_unused;
  logic [MW:0] mar, mbr, tz_shifted_a_unused, tz_shifted_b_unused;
  logic [MW:0] lz_shifted_a_unused, lz_shifted_b_unused;
  logic [TZW-1:0] tza_c, tzb_c, tza, tzb, lza, lzb, lza1, lzb1;
  logic [MW:0] mas, mbs;
  logic [W-1:0] a_quiet_unused, b_quiet_unused;
  logic a_nan_unused, a_inf_unused, a_zero_unused, b_nan_unused, b_inf_unused, b_zero_unused;
  localparam int DL = PL >= 2 ? 1 : 0;  // the decoding's delay

  hls_fp_classify #(EW, MW) u_siga (
      .x(a), .nan(a_nan_unused), .inf(a_inf_unused), .zero(a_zero_unused), .e_eff(ea_unused), .sig(ma), .quiet(a_quiet_unused));
  hls_fp_classify #(EW, MW) u_sigb (
      .x(b), .nan(b_nan_unused), .inf(b_inf_unused), .zero(b_zero_unused), .e_eff(eb_unused), .sig(mb), .quiet(b_quiet_unused));
  // from LATENCY 9 the decoding's register holds the fractions inverted: the product's input
  // register (inside hls_mul) holds them as they are, and synthesis merges two registers of the
  // same inputs, leaving one to drive both the decoding and the DSP multipliers, placed between
  // them (on ECP5, 2mm: 3.1 ns of routing from it to a multiplier)
  localparam logic [W-1:0] FLIP = LATENCY >= 9 ? W'((1 << MW) - 1) : '0;
  logic [W-1:0] ar_flipped, br_flipped;
  hls_fp_pipe #(2 * W, DL, 1'b1) u_operands (.clk(clk), .ce(ce), .d({a ^ FLIP, b ^ FLIP}), .q({ar_flipped, br_flipped}));
  assign ar = ar_flipped ^ FLIP;
  assign br = br_flipped ^ FLIP;
  // from a product of three or more cycles, the operands' classes are registered before the
  // special result and the exponent sum are made of them (on ECP5 the zero and NaN tests of a
  // double's fraction, then the selections, took a cycle on their own)
  localparam int CL = PL >= 3 ? 1 : 0;
  logic [EW-1:0] ea_c, eb_c;
  logic [W-1:0] a_quiet_c, b_quiet_c;
  logic a_nan_c, a_inf_c, a_zero_c, b_nan_c, b_inf_c, b_zero_c;
  hls_fp_classify #(EW, MW) u_a (.x(ar), .nan(a_nan_c), .inf(a_inf_c), .zero(a_zero_c), .e_eff(ea_c), .sig(mar), .quiet(a_quiet_c));
  hls_fp_classify #(EW, MW) u_b (.x(br), .nan(b_nan_c), .inf(b_inf_c), .zero(b_zero_c), .e_eff(eb_c), .sig(mbr), .quiet(b_quiet_c));
  // the exponents' sum is made before that register, beside the classes: after it, each of the
  // normalisation's terms below is one addition of a constant (on ECP5 the sum and a term in one
  // cycle were two carry chains and three routes, the critical path of 3mm and gemm)
  logic signed [XW-1:0] eab_c, eab;
  assign eab_c = XW'(ea_c) + XW'(eb_c);
  hls_fp_pipe #(1 + 6 + XW + 2 * W + 2 * (MW + 1), CL) u_classes (
      .clk(clk), .ce(ce),
      .d({ar[W-1] ^ br[W-1], a_nan_c, a_inf_c, a_zero_c, b_nan_c, b_inf_c, b_zero_c, eab_c, a_quiet_c, b_quiet_c, mar, mbr}),
      .q({s, a_nan, a_inf, a_zero, b_nan, b_inf, b_zero, eab, a_quiet, b_quiet, mas, mbs}));
  // the operands' trailing zeros (a tree of log2(MW) levels), summed beside the exponent sum.
  // From LATENCY 9 they are counted after the classes' cut, registered and summed a cycle later
  // (as the leading zeros are): on ECP5 the count and the classes in one cycle were 7 LUT levels,
  // the critical path of 2mm; before, they are counted beside the classes.
  localparam int TC = LATENCY >= 9 ? 1 : 0;
  logic [MW:0] ma_tz, mb_tz, ma_reversed, mb_reversed;
  assign {ma_tz, mb_tz} = TC == 1 ? {mas, mbs} : {mar, mbr};
  for (genvar k = 0; k <= MW; k++) begin : g_reverse
    assign ma_reversed[k] = ma_tz[MW-k];
    assign mb_reversed[k] = mb_tz[MW-k];
  end
  hls_fp_clz #(MW + 1, TZW) u_tza (.x(ma_reversed), .n(tza_c), .shifted(tz_shifted_a_unused));
  hls_fp_clz #(MW + 1, TZW) u_tzb (.x(mb_reversed), .n(tzb_c), .shifted(tz_shifted_b_unused));
  hls_fp_pipe #(2 * TZW, TC == 1 ? 1 : CL) u_tzcount (.clk(clk), .ce(ce), .d({tza_c, tzb_c}), .q({tza, tzb}));
  assign tzs0 = (TZW + 1)'(tza) + (TZW + 1)'(tzb);
  hls_fp_pipe #(TZW + 1, PL - DL - CL - TC) u_tzs (.clk(clk), .ce(ce), .d(tzs0), .q(tzs));
  assign special = a_nan || a_inf || a_zero || b_nan || b_inf || b_zero;
  assign special_r = a_nan ? a_quiet : b_nan ? b_quiet
      : (a_inf && b_zero) || (a_zero && b_inf) ? {1'b1, EMAX, 1'b1, {(MW - 1) {1'b0}}}
      : a_inf || b_inf ? {s, EMAX, {MW{1'b0}}} : {s, {(W - 1) {1'b0}}};
  // the product's leading one at bit PW - 1 means 1.f * 2^(esum - BIAS)
  assign esum = eab - BIAS + 1;
  // the normalisation's tests, each then one addition of the leading zeros (see below): these
  // terms of esum are made beside it, each as ea + eb plus a constant
  logic signed [XW-1:0] t_below0, t_below1, t_beyond0, t_beyond1, t_shift1, t_tz, t_e1;
  logic signed [XW-1:0] u_below0, u_below1, u_beyond0, u_beyond1, u_shift1, u_tz, u_e1;
  assign t_below0 = BIAS - 1 - eab;  // -esum
  assign t_below1 = BIAS - eab;  // 1 - esum
  assign t_beyond0 = BIAS - 1 - XW'(MW + 2) - eab;  // -esum - (MW + 2)
  assign t_beyond1 = BIAS - XW'(MW + 2) - eab;
  assign t_shift1 = BIAS + 1 - eab;  // 2 - esum
  assign t_tz = eab - BIAS + 1 - XW'(MW);  // esum - MW
  assign t_e1 = eab - BIAS;  // esum - 1
  hls_fp_pipe #(7 * XW, PL - DL - CL) u_terms (
      .clk(clk), .ce(ce), .d({t_below0, t_below1, t_beyond0, t_beyond1, t_shift1, t_tz, t_e1}),
      .q({u_below0, u_below1, u_beyond0, u_beyond1, u_shift1, u_tz, u_e1}));
  assign keep0 = {s, special, special_r, esum};
  // the significands' leading zeros, counted after the classes' cut and summed a cycle later
  // where the product leaves one (they are needed where the product is normalised)
  localparam int LZ1 = PL - DL - CL >= 1 ? 1 : 0;
  hls_fp_clz #(MW + 1, TZW) u_lza (.x(mas), .n(lza), .shifted(lz_shifted_a_unused));
  hls_fp_clz #(MW + 1, TZW) u_lzb (.x(mbs), .n(lzb), .shifted(lz_shifted_b_unused));
  hls_fp_pipe #(2 * TZW, LZ1) u_lz1 (.clk(clk), .ce(ce), .d({lza, lzb}), .q({lza1, lzb1}));
  assign lzs = (TZW + 1)'(lza1) + (TZW + 1)'(lzb1);
  hls_fp_pipe #(TZW + 1, PL - DL - CL - LZ1) u_lz2 (.clk(clk), .ce(ce), .d(lzs), .q(lzs1));

  logic [PW-1:0] product;
  hls_mul #(.W(PW), .LATENCY(PL), .AW(MW + 1), .BW(MW + 1), .SPREAD(SC == 1), .ECP5_DSP(ECP5_DSP)) u_product (
      .clk(clk), .ce(ce), .a({{(MW + 1) {1'b0}}, ma}), .b({{(MW + 1) {1'b0}}, mb}), .p(product));
  hls_fp_pipe #($bits(keep0), PL - DL - CL) u_keep1 (.clk(clk), .ce(ce), .d(keep0), .q(keep1));

  // normalise: the leading one to the top (a subnormal operand leaves zeros above it). The
  // significands' leading zeros (lzs, summed) put the product's leading one at bit PW - 1 - lzs
  // or the one below, so the product is shifted by lzs as soon as it is there (no count of its
  // own), and then by one more when its top bit is still zero. With NC a register inside the
  // shift by lzs (its two lowest bits after it, beside the one-bit step); every exponent test is
  // made for both cases before it, the top bit selects one after it.
  localparam int SHW = $clog2(MW + 4);  // the rounding's shift (see hls_fp_round_prep)
  logic [PW-1:0] coarse, coarsec, fine, norm;
  logic [MW+1:0] norm2;
  logic [1:0] lz_low;  // the two lowest bits of lzs: the shift after the cut
  logic [$bits(keep1)-1:0] keep1c;
  logic s2, special2, special3, top;
  logic [W-1:0] special_r2, special_r3;
  logic signed [XW-1:0] esum1, esum2, below0, below1, beyond0, beyond1, shift0, shift1, e0, e1;
  logic signed [XW-1:0] e0c, e1c, shift0c, shift1c;
  logic [SHW-1:0] sh_n, sh2;
  logic tz_short, tz_shortc, tiny0, tiny1, far0, far1, tiny0c, tiny1c, far0c, far1c, tiny_n, far_n, lost_n, tiny2, lost2;
  logic sticky0, sticky1, sticky0c, sticky1c, sticky_n, sticky2;
  logic [EW+MW:0] rounded, result;

  assign esum1 = keep1[XW-1:0];
  assign coarse = product << {lzs1[TZW:2], 2'b00};
  // e = esum - lz with lz = lzs (case 0) or lzs + 1 (case 1): tiny when e < 1, far when
  // 1 - e >= MW + 3, the rounding's shift 1 - e, and whether the subnormal shift drops a bit
  // that is not zero (from the trailing zeros, see the top)
  assign e0 = esum1 - XW'(lzs1);
  assign e1 = u_e1 - XW'(lzs1);
  assign below0 = XW'(lzs1) + u_below0;
  assign below1 = XW'(lzs1) + u_below1;
  assign beyond0 = XW'(lzs1) + u_beyond0;
  assign beyond1 = XW'(lzs1) + u_beyond1;
  assign shift0 = below1;
  assign shift1 = XW'(lzs1) + u_shift1;
  assign tiny0 = !below0[XW-1];
  assign tiny1 = !below1[XW-1];
  assign far0 = !beyond0[XW-1];
  assign far1 = !beyond1[XW-1];
  // tzs + esum < MW, as the sign of tzs + (esum - MW)
  logic signed [XW-1:0] tz_room;
  assign tz_room = XW'(tzs) + u_tz;
  assign tz_short = tz_room[XW-1];
  // the sticky bit of the normalised product, its bits below the rounding's: the product's
  // lowest one (at tzs, the operands' trailing zeros summed) lands at tzs + lzs (case 0) or one
  // above (case 1), so it is a comparison of that sum made beside the shift rather than an OR of
  // the shifted product's PW - MW - 2 low bits after it (jacobi-2d on ECP5: that OR and the
  // rounding's first tests were eight LUT levels, 11 ns)
  logic [TZW+1:0] low_one;
  assign low_one = (TZW + 2)'(tzs) + (TZW + 2)'(lzs1);
  assign sticky0 = low_one <= (TZW + 2)'(PW - MW - 3);
  assign sticky1 = low_one < (TZW + 2)'(PW - MW - 3);
  hls_fp_pipe #(PW + 2 + $bits(keep1) + 4 * XW + 7, NC) u_count (
      .clk(clk), .ce(ce), .d({coarse, lzs1[1:0], keep1, e0, e1, shift0, shift1, tiny0, tiny1, far0, far1, tz_short, sticky0, sticky1}),
      .q({coarsec, lz_low, keep1c, e0c, e1c, shift0c, shift1c, tiny0c, tiny1c, far0c, far1c, tz_shortc, sticky0c, sticky1c}));
  assign fine = coarsec << lz_low;
  assign top = fine[PW-1];
  assign tiny_n = top ? tiny0c : tiny1c;
  assign far_n = top ? far0c : far1c;
  assign sh_n = !tiny_n ? '0 : far_n ? '1 : top ? shift0c[SHW-1:0] : shift1c[SHW-1:0];
  assign lost_n = tiny_n && tz_shortc;
  assign sticky_n = top ? sticky0c : sticky1c;
  logic unused_tests;
  assign unused_tests = &{1'b0, shift0c[XW-1:SHW], shift1c[XW-1:SHW], below0[XW-2:0], below1[XW-2:0], beyond0[XW-2:0],
                          beyond1[XW-2:0], keep1c[XW-1:0], tz_room[XW-2:0], norm[PW-MW-3:0]};
  assign norm = top ? fine : fine << 1;
  hls_fp_pipe #(MW + 2 + $bits(keep2) + XW + 3 + SHW, NL) u_norm (
      .clk(clk), .ce(ce), .d({norm[PW-1:PW-MW-2], sticky_n, keep1c[$bits(keep2)+XW-1:XW], top ? e0c : e1c, tiny_n, sh_n, lost_n}),
      .q({norm2, sticky2, keep2, esum2, tiny2, sh2, lost2}));

  // round and pack
  assign {s2, special2, special_r2} = keep2;
  hls_fp_round_core #(.EW(EW), .MW(MW), .XW(XW), .LATENCY(RC), .PRE(NC == 1), .LOST(1'b1), .PACK_CUT(OC)) u_round (
      .clk(clk), .ce(ce), .s(s2), .e(esum2), .sig({norm2, sticky2}),
      .pre_tiny(tiny2), .pre_sh(sh2), .pre_lost(lost2), .r(rounded));
  hls_fp_pipe #(1 + W, RC + OC) u_special (.clk(clk), .ce(ce), .d({special2, special_r2}), .q({special3, special_r3}));
  assign result = special3 ? special_r3 : rounded;
  hls_fp_pipe #(W, RL) u_out (.clk(clk), .ce(ce), .d(result), .q(r));
endmodule

`default_nettype wire
