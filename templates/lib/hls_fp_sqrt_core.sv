// hls_fp_sqrt_core: written by hls. The square root of a in the IEEE-754 format of EW exponent
// and MW fraction bits (digit by digit, one result bit per row), exactly as sqrtss/sqrtsd
// compute it: correctly rounded to nearest even; sqrt(-0) = -0; a NaN comes back quieted; any
// other negative operand (-inf included) gives the default NaN (negative, quiet).
// Pipelined: the result of the operand presented in cycle t (ce high) is on r LATENCY enabled
// cycles later; LATENCY = 0 is combinational. From LATENCY 3: a register after decoding, after
// every G rows (G as small as the latency allows) and after rounding; spare cycles cut the
// rounding, register the inputs, cut the decoding (below), then are output registers. At 1 or 2:
// output registers only.
`default_nettype none

module hls_fp_sqrt_core #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LATENCY = 0
) (
    input  logic           clk,
    input  logic           ce,
    input  logic [EW+MW:0] a,
    output logic [EW+MW:0] r
);
  localparam int W = EW + MW + 1;
  localparam logic [EW-1:0] EMAX = '1;
  localparam int LW = $clog2(MW + 2);
  localparam int XW = EW + 3;
  localparam int RW = MW + 2;  // result bits: sqrt of a significand in [1, 4) to MW + 1 places
  localparam int NW = 2 * RW;  // radicand bits
  localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
  localparam int ROWCUTS = LATENCY >= 3 ? LATENCY - 2 : 0;
  localparam int G = ROWCUTS == 0 ? RW + 1 : (RW + ROWCUTS - 1) / ROWCUTS;  // rows per cycle
  localparam int GROUPS = ROWCUTS == 0 ? 0 : (RW + G - 1) / G;
  localparam int OUT = LATENCY >= 3 ? LATENCY - 1 - GROUPS : LATENCY;
  localparam int RC = LATENCY >= 3 && OUT >= 2 ? 1 : 0;  // a spare cycle cuts the rounding in two
  // a second spare cycle registers the inputs: the decoding then starts from a register, not
  // from whatever drives the operands (an ECP5 block RAM's output comes 5.8 ns after the clock)
  localparam int IC = LATENCY >= 3 && OUT >= 3 ? 1 : 0;
  // a third cuts the decoding between the leading-zero count and the shift by it (both of a
  // 53-bit significand in one cycle: 11.6 ns on ECP5)
  localparam int DC = LATENCY >= 3 && OUT >= 4 ? 1 : 0;
  localparam int KW = 1 + W + XW;  // special, special result, exponent
  localparam int BW = NW + RW + (RW + 2) + KW;  // what a row passes on


  logic a_nan, a_inf, a_zero;
  logic [EW-1:0] ea_eff;
  logic [MW:0] siga, ma;
  logic [LW-1:0] lz;
  logic signed [XW-1:0] ex;  // unbiased exponent of the normalised operand
  logic [W-1:0] a_quiet, special_r;

  logic [W-1:0] ai;
  hls_fp_pipe #(W, IC, 1'b1) u_in (.clk(clk), .ce(ce), .d(a), .q(ai));
  logic [W-1:0] a_quiet_unused;
  hls_fp_classify #(EW, MW) u_a (.x(ai), .nan(a_nan), .inf(a_inf), .zero(a_zero), .e_eff(ea_eff), .sig(siga), .quiet(a_quiet_unused));
  // the significand's leading zeros, counted on the fraction beside the exponent's test (as in
  // hls_fp_div_core)
  logic [MW:0] shifted_unused;
  logic [LW-1:0] lzf;
  hls_fp_clz #(MW + 1, LW) u_clz (.x({1'b0, ai[MW-1:0]}), .n(lzf), .shifted(shifted_unused));
  assign lz = ai[W-2:MW] != 0 ? '0 : lzf;
  // the exponent's parity (which shifts the radicand) without the subtraction's carries; the
  // exponent itself after the decoding's register, beside row 0 (the leading-zero count and the
  // exponent's sums in one cycle: 12 ns on ECP5)
  logic parity;
  assign parity = ea_eff[0] ^ lz[0] ^ BIAS[0];
  // the count's cut: the significand and its count, the exponent without the count, the operand
  // and its classes; the special result is made after it (before it, the classes' wide tests and
  // the special result's selection were one path into the cut: correlation on ECP5, 94 MHz)
  logic [MW:0] siga2;
  logic [LW-1:0] lz2;
  logic parity2, a_nan2, a_inf2, a_zero2;
  logic [W-1:0] ai2;
  logic [KW-XW-1:0] kept2;
  logic signed [XW-1:0] e_part2;
  hls_fp_pipe #(MW + 1 + LW + 1 + 3 + W + XW, DC) u_count (
      .clk(clk), .ce(ce),
      .d({siga, lz, parity, a_nan, a_inf, a_zero, ai, XW'(ea_eff) - BIAS}),
      .q({siga2, lz2, parity2, a_nan2, a_inf2, a_zero2, ai2, e_part2}));
  assign a_quiet = {ai2[W-1], ai2[W-2:MW], 1'b1, ai2[MW-2:0]};
  assign special_r = a_nan2 ? a_quiet : a_zero2 ? ai2 : ai2[W-1] ? {1'b1, EMAX, 1'b1, {(MW - 1) {1'b0}}} : ai2;
  assign kept2 = {a_nan2 || a_zero2 || ai2[W-1] || a_inf2, special_r};
  assign ma = siga2 << lz2;

  // an even exponent: the significand (1 <= m < 4) times 2^(MW + 2) is the radicand, whose
  // integer square root has RW bits with its leading one at the top. Row k brings down the
  // radicand's next two bits and appends result bit RW - 1 - k.
  // (packed arrays: Yosys makes unpacked ones memories, which port connections cannot drive)
  logic [RW:0][NW-1:0] radicand;
  logic [RW:0][RW-1:0] root;
  logic [RW:0][RW+1:0] part;
  logic [RW:0][KW-1:0] keep;

  logic signed [XW-1:0] e_part0;
  logic [LW-1:0] lz0;
  logic [KW-XW-1:0] kept0;
  hls_fp_pipe #(BW + LW, ROWCUTS > 0 ? 1 : 0) u_decode (
      .clk(clk), .ce(ce),
      .d({parity2 ? {1'b0, ma, {(MW + 2) {1'b0}}} << 1 : {1'b0, ma, {(MW + 2) {1'b0}}}, {RW{1'b0}}, {(RW + 2) {1'b0}},
          kept2, e_part2, lz2}),
      .q({radicand[0], root[0], part[0], kept0, e_part0, lz0}));
  assign ex = e_part0 - XW'(lz0);
  assign keep[0] = {kept0, (ex >>> 1) + BIAS};
  for (genvar k = 0; k < RW; k++) begin : g_row
    logic [RW+1:0] brought, trial, diff;
    logic fits;
    assign brought = {part[k][RW-1:0], radicand[k][NW-1:NW-2]};
    assign trial = {root[k], 2'b01};
    // one subtraction: its borrow is the comparison
    assign {fits, diff} = {1'b1, brought} - {1'b0, trial};
    // the last row's register is after the sticky bit (u_last)
    hls_fp_pipe #(BW, (k + 1) % G == 0 && k != RW - 1 ? (ROWCUTS > 0 ? 1 : 0) : 0) u_row (
        .clk(clk), .ce(ce), .d({radicand[k] << 2, {root[k][RW-2:0], fits}, fits ? diff : brought, keep[k]}),
        .q({radicand[k+1], root[k+1], part[k+1], keep[k+1]}));
  end
  // a root is never below the normal range (the smallest subnormal's is 2^-537 in binary64,
  // 2^-74.5 in binary32): the rounding has no shift (its tests and the shift, with the route
  // from them, were the critical path of correlation on ECP5)

  // the remainder's sticky bit before the last row's register: after it, the rounding's shift
  // would follow it in one cycle
  logic special2;
  logic special3;
  logic [W-1:0] special_r2, special_r3, rounded, result;
  logic signed [XW-1:0] e2;
  logic [NW-1:0] radicand_unused;
  logic [RW:0] sig2;

  assign radicand_unused = radicand[RW];
  hls_fp_pipe #(RW + 1 + KW, ROWCUTS > 0 ? 1 : 0) u_last (
      .clk(clk), .ce(ce), .d({root[RW], part[RW] != 0, keep[RW]}), .q({sig2, special2, special_r2, e2}));
  hls_fp_round_core #(EW, MW, XW, RC, 1'b1) u_round (
      .clk(clk), .ce(ce), .s(1'b0), .e(e2), .sig(sig2),
      .pre_tiny(1'b0), .pre_sh('0), .pre_lost(1'b0), .r(rounded));
  hls_fp_pipe #(1 + W, RC) u_special (.clk(clk), .ce(ce), .d({special2, special_r2}), .q({special3, special_r3}));
  assign result = special3 ? special_r3 : rounded;
  hls_fp_pipe #(W, OUT - RC - IC - DC) u_out (.clk(clk), .ce(ce), .d(result), .q(r));
endmodule

`default_nettype wire
