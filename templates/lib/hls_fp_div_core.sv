// hls_fp_div_core: written by hls. a / b in the IEEE-754 format of EW exponent and MW fraction
// bits (restoring division, one quotient bit per row), exactly as an x86-64 C program computes
// it: round to nearest, ties to even; subnormal operands and results; a NaN operand comes back
// quieted (a's when both are NaN); 0 / 0 and inf / inf are the default NaN (negative, quiet);
// x / 0 is infinity.
// Pipelined: the result of the operands presented in cycle t (ce high) is on r LATENCY enabled
// cycles later; LATENCY = 0 is combinational. From LATENCY 3: a register after decoding, after
// every G rows (G as small as the latency allows) and after rounding; spare cycles cut the
// rounding, register the inputs, cut the decoding (below), then are output registers. At 1 or 2:
// output registers only.
`default_nettype none

module hls_fp_div_core #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LATENCY = 0
) (
    input  logic           clk,
    input  logic           ce,
    input  logic [EW+MW:0] a,
    input  logic [EW+MW:0] b,
    output logic [EW+MW:0] r
);
  localparam int W = EW + MW + 1;
  localparam int LW = $clog2(MW + 2);
  localparam int XW = EW + 3;
  localparam int QW = MW + 3;  // quotient bits: ma / mb is in (1/2, 2), kept to MW + 2 places
  localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
  localparam int ROWCUTS = LATENCY >= 3 ? LATENCY - 2 : 0;
  localparam int G = ROWCUTS == 0 ? QW + 1 : (QW + ROWCUTS - 1) / ROWCUTS;  // rows per cycle
  localparam int GROUPS = ROWCUTS == 0 ? 0 : (QW + G - 1) / G;
  localparam int OUT = LATENCY >= 3 ? LATENCY - 1 - GROUPS : LATENCY;
  localparam int RC = LATENCY >= 3 && OUT >= 2 ? 1 : 0;  // a spare cycle cuts the rounding in two
  // a second spare cycle registers the inputs: the decoding then starts from a register, not
  // from whatever drives the operands (an ECP5 block RAM's output comes 5.8 ns after the clock)
  localparam int IC = LATENCY >= 3 && OUT >= 3 ? 1 : 0;
  // a third cuts the decoding between the leading-zero counts and the shifts by them (both of a
  // 53-bit significand in one cycle: 11.6 ns on ECP5)
  localparam int DC = LATENCY >= 3 && OUT >= 4 ? 1 : 0;
  // what the rows pass on beside the division: sign, special, the special result's sign and
  // whether its exponent is all ones, exponent. A special result's fraction (a quieted NaN's
  // payload) rides in the divisor's field, which the rows pass on unchanged: 64 flip-flops a
  // row fewer for a double
  localparam int KW = 1 + 1 + 1 + 1 + XW;
  localparam int PW = MW + 2;  // partial remainder


  // decode; both significands with their leading one at bit MW (subnormals normalised)
  logic s, a_nan, b_nan, a_inf, b_inf, a_zero, b_zero;
  logic [EW-1:0] ea_eff, eb_eff;
  logic [MW:0] siga, sigb, ma, mb;
  logic [LW-1:0] lza, lzb;
  logic [W-1:0] a_quiet_unused, b_quiet_unused;

  logic [W-1:0] ai, bi;
  hls_fp_pipe #(2 * W, IC, 1'b1) u_in (.clk(clk), .ce(ce), .d({a, b}), .q({ai, bi}));
  hls_fp_classify #(EW, MW) u_a (.x(ai), .nan(a_nan), .inf(a_inf), .zero(a_zero), .e_eff(ea_eff), .sig(siga), .quiet(a_quiet_unused));
  hls_fp_classify #(EW, MW) u_b (.x(bi), .nan(b_nan), .inf(b_inf), .zero(b_zero), .e_eff(eb_eff), .sig(sigb), .quiet(b_quiet_unused));
  assign s = ai[W-1] ^ bi[W-1];
  // a significand's leading zeros: none when the exponent field is not zero, else those of the
  // fraction below a zero. Counted on the fraction beside the exponent's test: after it (on the
  // significand), the test and the count's tree were one path (10.4 ns on ECP5 in trisolv)
  logic [MW:0] shifted_a_unused, shifted_b_unused;
  logic [LW-1:0] lzfa, lzfb;
  hls_fp_clz #(MW + 1, LW) u_clza (.x({1'b0, ai[MW-1:0]}), .n(lzfa), .shifted(shifted_a_unused));
  hls_fp_clz #(MW + 1, LW) u_clzb (.x({1'b0, bi[MW-1:0]}), .n(lzfb), .shifted(shifted_b_unused));
  assign lza = ai[W-2:MW] != 0 ? '0 : lzfa;
  assign lzb = bi[W-2:MW] != 0 ? '0 : lzfb;
  // the counts' cut: the exponent without the counts, and the counts beside the significands;
  // the operands' classes, of which the special result is made after it
  logic [MW:0] siga2, sigb2;
  logic [LW-1:0] lza2, lzb2;
  logic s_c, sa2, sb2, a_nan2, b_nan2, a_inf2, b_inf2, a_zero2, b_zero2;
  logic signed [XW-1:0] e_part2;
  hls_fp_pipe #(2 * (MW + 1) + 2 * LW + 9 + XW, DC) u_count (
      .clk(clk), .ce(ce),
      .d({siga, sigb, lza, lzb, s, ai[W-1], bi[W-1], a_nan, b_nan, a_inf, b_inf, a_zero, b_zero, XW'(ea_eff) - XW'(eb_eff) + BIAS}),
      .q({siga2, sigb2, lza2, lzb2, s_c, sa2, sb2, a_nan2, b_nan2, a_inf2, b_inf2, a_zero2, b_zero2, e_part2}));
  assign ma = siga2 << lza2;
  assign mb = sigb2 << lzb2;
  // the special result: a NaN operand quieted (a's first), the default NaN for 0 / 0 and
  // inf / inf, infinity for inf / y and x / 0, zero for x / inf and 0 / y
  logic special, sp_sign, sp_emax, invalid;
  logic [MW-1:0] sp_frac;
  assign special = a_nan2 || a_inf2 || a_zero2 || b_nan2 || b_inf2 || b_zero2;
  assign invalid = (a_inf2 && b_inf2) || (a_zero2 && b_zero2);
  assign sp_sign = a_nan2 ? sa2 : b_nan2 ? sb2 : invalid || s_c;
  assign sp_emax = a_nan2 || b_nan2 || invalid || a_inf2 || b_zero2;
  assign sp_frac = a_nan2 ? {1'b1, siga2[MW-2:0]} : b_nan2 ? {1'b1, sigb2[MW-2:0]} : {invalid, {(MW - 1) {1'b0}}};

  // row k takes the partial remainder part[k] (below 2 mb) and appends quotient bit QW - 1 - k
  // (packed arrays: Yosys makes unpacked ones memories, which port connections cannot drive)
  logic [QW:0][PW-1:0] part;
  logic [QW:0][QW-1:0] quot;
  logic [QW:0][MW:0] divisor;
  logic [QW:0][KW-1:0] keep;

  // the counts are taken off the exponent after the decoding's register, beside row 0 (counts
  // and exponent sums in one cycle: 13 ns on ECP5)
  logic [LW-1:0] lza0, lzb0;
  logic [KW-XW-1:0] kept0;
  logic signed [XW-1:0] e_part0;
  hls_fp_pipe #(PW + QW + MW + 1 + KW + 2 * LW, ROWCUTS > 0 ? 1 : 0) u_decode (
      .clk(clk), .ce(ce),
      .d({{1'b0, ma}, {QW{1'b0}}, special ? {1'b1, sp_frac} : mb, s_c, special, sp_sign, sp_emax, e_part2, lza2, lzb2}),
      .q({part[0], quot[0], divisor[0], kept0, e_part0, lza0, lzb0}));
  assign keep[0] = {kept0, e_part0 - XW'(lza0) + XW'(lzb0)};
  for (genvar k = 0; k < QW; k++) begin : g_row
    logic bit_k;
    logic [PW-1:0] diff, rest;
    // one subtraction: its borrow is the comparison
    assign {bit_k, diff} = {1'b1, part[k]} - {2'b00, divisor[k]};
    assign rest = bit_k ? diff : part[k];
    // from row 1 on the leading quotient bit is known: the exponent is one less without it
    logic [KW-1:0] keep_k;
    assign keep_k = k == 1 ? {keep[k][KW-1:XW], keep[k][XW-1:0] - XW'(!quot[k][QW-1])} : keep[k];
    // the last row's register is after the selection of the significand (u_last)
    hls_fp_pipe #(PW + QW + MW + 1 + KW, (k + 1) % G == 0 && k != QW - 1 ? (ROWCUTS > 0 ? 1 : 0) : 0) u_row (
        .clk(clk), .ce(ce), .d({rest << 1, quot[k] | (QW'(bit_k) << (QW - 1 - k)), divisor[k], keep_k}),
        .q({part[k+1], quot[k+1], divisor[k+1], keep[k+1]}));
  end
  // the rounding's exponent tests beside the last row
  logic tiny_n, tiny2;
  logic [$clog2(MW + 4)-1:0] sh_n, sh2;
  hls_fp_round_prep #(MW, XW) u_prep (.e(keep[QW-1][XW-1:0]), .tiny(tiny_n), .sh(sh_n));
  hls_fp_pipe #($bits(sh_n) + 1, ROWCUTS > 0 ? 1 : 0) u_pre (.clk(clk), .ce(ce), .d({tiny_n, sh_n}), .q({tiny2, sh2}));

  // ma / mb >= 1: the leading one is q[QW-1]; otherwise q[QW-2] (the exponent is already one
  // less). The selection and the remainder's sticky bit are made before the last row's register:
  // after it, the rounding's shift would follow them in one cycle (12 ns on ECP5)
  logic s2, special2, sticky, sp_sign2, sp_emax2;
  logic special3;
  logic [W-1:0] special_r2, special_r3, rounded, result;
  logic [MW-1:0] sp_frac2;
  logic signed [XW-1:0] e2;
  logic [QW-1:0] q, sig_n, sig2;
  logic divisor_unused;

  assign q = quot[QW];
  assign sticky = part[QW] != 0;
  assign sig_n = q[QW-1] ? {q[QW-1:1], q[0] | sticky} : {q[QW-2:0], sticky};
  assign divisor_unused = divisor[QW][MW];
  hls_fp_pipe #(QW + MW + KW, ROWCUTS > 0 ? 1 : 0) u_last (
      .clk(clk), .ce(ce), .d({sig_n, divisor[QW][MW-1:0], keep[QW]}), .q({sig2, sp_frac2, s2, special2, sp_sign2, sp_emax2, e2}));
  assign special_r2 = {sp_sign2, {EW{sp_emax2}}, sp_frac2};
  hls_fp_round_core #(EW, MW, XW, RC, 1'b1) u_round (
      .clk(clk), .ce(ce),
      .s(s2), .e(e2), .sig(sig2),
      .pre_tiny(tiny2), .pre_sh(sh2), .pre_lost(1'b0), .r(rounded));
  hls_fp_pipe #(1 + W, RC) u_special (.clk(clk), .ce(ce), .d({special2, special_r2}), .q({special3, special_r3}));
  assign result = special3 ? special_r3 : rounded;
  hls_fp_pipe #(W, OUT - RC - IC - DC) u_out (.clk(clk), .ce(ce), .d(result), .q(r));
endmodule

`default_nettype wire
