// hls_fp_fma_core: written by hls. a * b + c in the IEEE-754 format of EW exponent and MW fraction
// bits with one rounding, as C's fma computes it on x86-64 (glibc, FMA3): round to nearest, ties
// to even; subnormal operands and results; overflow to infinity; an exact zero sum is +0 unless
// both the product and c are negative. A NaN operand comes back quieted, b's first, then a's, then
// c's (glibc's vfmadd213sd: C compilers may swap a and b, so which of two NaN multiplicands comes
// back is the compiler's); 0 * inf and inf - inf are the default NaN (negative, quiet).
// The exact sum is formed in a window of 3 (MW + 1) + 6 bits: the product's 2 MW + 2 bits over
// three low bits, c's significand above it, shifted right by the exponents' difference; bits of c
// shifted out of the window stick to its lowest bit. When c is so much larger that its lowest bit
// lies above the window, the product is below a sixteenth of c's ulp and the result is c.
// Pipelined: the result of the operands presented in cycle t (ce high) is on r LATENCY enabled
// cycles later; LATENCY = 0 is combinational. From LATENCY 1 an output register, from 2 a
// register after the sum, from 3 after its normalisation, from 4 inside the rounding, from 5
// the product (hls_mul) with c's alignment beside it; from 10 the normalisation in three cycles
// from 11 a register after the operands' decoding (the exponents' sum and difference, c's
// trailing zeros) before c's shift is clamped and tested, from 12 the operands registered first,
// from 13 the rounding's packing in one of its own, from 14 the sum's carry chains in one before
// the selection by its sign (the rest is the product's). The window's sum and its two
// differences are each one carry chain, side by side; whether bits of c fall below the
// window comes from c's trailing zeros, not from a wide OR.
`default_nettype none

module hls_fp_fma_core #(
    parameter int EW = 11,
    parameter int MW = 52,
    parameter int LATENCY = 0,
    parameter bit ECP5_DSP = 1'b0  // the significand product on ECP5 MULT18X18D primitives (hls_mul)
) (
    input  logic           clk,
    input  logic           ce,
    input  logic [EW+MW:0] a,
    input  logic [EW+MW:0] b,
    input  logic [EW+MW:0] c,
    output logic [EW+MW:0] r
);
  localparam int W = EW + MW + 1;
  localparam logic [EW-1:0] EMAX = '1;
  localparam int PW = 2 * MW + 2;  // the exact product of two significands
  localparam int WW = 3 * MW + 9;  // the sum's window: 3 low bits, the product, 3 bits, c
  localparam int XW = EW + 4;  // signed exponents of the window
  localparam int LZW = $clog2(WW + 1);
  localparam int SW = $clog2(WW + 2);  // c's right shift, clamped to WW + 1 (all of it shifted out)
  localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
  localparam int RL = LATENCY >= 1 ? 1 : 0;
  localparam int AC = LATENCY >= 2 ? 1 : 0;
  localparam int NC = LATENCY >= 3 ? 1 : 0;
  localparam int RC = LATENCY >= 4 ? 1 : 0;
  // from 10 the normalisation takes three cycles (the count, the shift by its multiple of 16,
  // the rest of the shift), from 11 the rounding's packing a cycle of its own (its PACK_CUT)
  localparam int CC = LATENCY >= 10 ? 1 : 0;
  localparam int FS = LATENCY >= 10 ? 1 : 0;
  // from 11 the decoding registered (deriche's shared fma on ECP5: from the operand register
  // through the exponents' sum, c's shift clamp and its test against c's trailing zeros, 17 ns)
  localparam int ZC = LATENCY >= 11 ? 1 : 0;
  // from 12 the operands registered first (deriche's shared fma on ECP5, decoding registered:
  // its operand registers, at the end of the selection among its 69 members, were routed across
  // the device into the decoding, 8.1 ns of routing)
  localparam int IR = LATENCY >= 12 ? 1 : 0;
  localparam int OC = LATENCY >= 13 ? 1 : 0;
  localparam int DC = LATENCY >= 14 ? 1 : 0;  // (see the sum)
  localparam int PL = LATENCY >= 5 ? LATENCY - 4 - CC - FS - OC - DC - ZC - IR : 0;
  // c's alignment beside the product: from a product of two cycles the exponents' difference is
  // registered before the shift, from three the shift by its multiple of 16 before the rest
  localparam int XC = PL >= 2 ? 1 : 0;
  localparam int AS = PL >= 3 ? 1 : 0;

  // the operands' register (from LATENCY 12)
  logic [EW+MW:0] ao, bo, co;
  hls_fp_pipe #(3 * W, IR, 1'b1) u_operands (.clk(clk), .ce(ce), .d({a, b, c}), .q({ao, bo, co}));

  // decode
  logic a_nan, b_nan, c_nan, a_inf, b_inf, c_inf, a_zero, b_zero, c_zero;
  logic [EW-1:0] ea, eb, ec;
  logic [MW:0] ma, mb, mc;
  logic [W-1:0] a_quiet, b_quiet, c_quiet;
  hls_fp_classify #(EW, MW) u_a (.x(ao), .nan(a_nan), .inf(a_inf), .zero(a_zero), .e_eff(ea), .sig(ma), .quiet(a_quiet));
  hls_fp_classify #(EW, MW) u_b (.x(bo), .nan(b_nan), .inf(b_inf), .zero(b_zero), .e_eff(eb), .sig(mb), .quiet(b_quiet));
  hls_fp_classify #(EW, MW) u_c (.x(co), .nan(c_nan), .inf(c_inf), .zero(c_zero), .e_eff(ec), .sig(mc), .quiet(c_quiet));
  logic sp, sc, p_inf, p_invalid, special, c_big0;
  logic [W-1:0] special_r;
  assign sp = ao[W-1] ^ bo[W-1];
  assign sc = co[W-1];
  assign p_inf = a_inf || b_inf;
  assign p_invalid = (a_inf && b_zero) || (a_zero && b_inf);
  assign special = a_nan || b_nan || c_nan || p_inf || c_inf;
  assign special_r = b_nan ? b_quiet : a_nan ? a_quiet : c_nan ? c_quiet
      : p_invalid || (p_inf && c_inf && sp != sc) ? {1'b1, EMAX, 1'b1, {(MW - 1) {1'b0}}}
      : p_inf ? {sp, EMAX, {MW{1'b0}}} : co;
  // c's right shift in the window: its lowest bit starts at bit 2 MW + 8 (the window's top bit
  // is its leading one's place) and belongs at its exponent's place relative to the product's
  // (two additions deep: ea + eb beside c's offset exponent, then the one less the other, or
  // plus a constant; written as one sum of five terms, its carry chains one after another were
  // deriche's critical path on ECP5: 4.08 ns logic and 6.06 ns routing)
  logic signed [XW-1:0] sh_full, e_sum, e_ab, e_c;
  localparam logic signed [XW-1:0] C_OFFSET = BIAS - XW'(MW + 5);  // (one constant: one addition)
  assign e_ab = XW'(ea) + XW'(eb);
  assign e_c = XW'(ec) + C_OFFSET;
  assign sh_full = e_ab - e_c;
  // the exponent of the window's top bit: e - bias of a leading one there
  localparam logic signed [XW-1:0] TOP = XW'(MW + 5) - BIAS;
  assign e_sum = e_ab + TOP;
  // c's lowest bit above the window: the result is c (a zero c instead adds nothing)
  assign c_big0 = sh_full[XW-1] && !c_zero;
  // a zero product adds nothing: the result is c (its bits below the window would be lost)
  logic p_zero;
  assign p_zero = a_zero || b_zero;
  logic sub0;
  assign sub0 = sp != sc;
  // whether bits of c that are not zero fall below the window: its lowest one (after its
  // trailing zeros) lands below bit 0, that is sh > 2 MW + 8 + tz(c)
  localparam int TZW = $clog2(MW + 2);
  logic [MW:0] mc_reversed, tz_shifted_unused;
  logic [TZW-1:0] tzc;
  for (genvar k = 0; k <= MW; k++) begin : g_reverse
    assign mc_reversed[k] = mc[MW-k];
  end
  hls_fp_clz #(MW + 1, TZW) u_tzc (.x(mc_reversed), .n(tzc), .shifted(tz_shifted_unused));
  logic [1+W-1:0] keep0, keep_z, keep1, keep1a;
  assign keep0 = {special || c_big0 || p_zero, special ? special_r : p_zero && c_zero ? {sp & sc, {(W - 1) {1'b0}}} : co};
  // the decoding's register (from LATENCY 11): the product's operands beside it
  logic signed [XW-1:0] sh_full_z;
  logic [XW-1:0] e_sum_z;
  logic [TZW-1:0] tzc_z;
  logic [MW:0] ma_z, mb_z, mc_z;
  logic c_zero_z, sp_z, sub_z;
  hls_fp_pipe #(2 * XW + TZW + 3 * (MW + 1) + 3 + 1 + W, ZC) u_decode (
      .clk(clk), .ce(ce), .d({sh_full, e_sum, tzc, ma, mb, mc, c_zero, sp, sub0, keep0}),
      .q({sh_full_z, e_sum_z, tzc_z, ma_z, mb_z, mc_z, c_zero_z, sp_z, sub_z, keep_z}));
  logic [SW-1:0] sh0;
  assign sh0 = sh_full_z[XW-1] ? '0 : sh_full_z >= XW'(WW + 1) ? SW'(WW + 1) : sh_full_z[SW-1:0];
  logic below0;
  assign below0 = !c_zero_z && (SW + 1)'(sh0) > (SW + 1)'(2 * MW + 8) + (SW + 1)'(tzc_z);
  // the exponents' difference and what waits beside the product
  logic [SW-1:0] sh1, sh1a;
  logic [MW:0] mc1;
  logic [XW-1:0] e_sum1, e_sum1a;
  logic sp1, sub1, below1, sp1a, sub1a, below1a;
  hls_fp_pipe #(SW + MW + 1 + XW + 3 + 1 + W, XC) u_diff (
      .clk(clk), .ce(ce), .d({sh0, mc_z, e_sum_z, sp_z, sub_z, below0, keep_z}), .q({sh1, mc1, e_sum1, sp1, sub1, below1, keep1}));
  // c aligned: its significand's lowest bit at bit 2 MW + 8, shifted right by sh (by its
  // multiple of 16, then the rest); a sticky lowest bit for the bits shifted out
  logic [WW-1:0] c_top, c_coarse0, c_coarse, c_fine, c_al;
  assign c_top = {mc1, {(2 * MW + 8) {1'b0}}};
  assign c_coarse0 = c_top >> {sh1[SW-1:4], 4'b0000};
  hls_fp_pipe #(WW + SW + XW + 3 + 1 + W, AS) u_coarse (
      .clk(clk), .ce(ce), .d({c_coarse0, sh1, e_sum1, sp1, sub1, below1, keep1}),
      .q({c_coarse, sh1a, e_sum1a, sp1a, sub1a, below1a, keep1a}));
  assign c_fine = c_coarse >> sh1a[3:0];
  logic unused_sh;
  assign unused_sh = &{1'b0, sh1a[SW-1:4]};
  logic [XW-1:0] e_sum2;
  logic sp2, sub2;
  logic [1+W-1:0] keep2;
  hls_fp_pipe #(WW + XW + 2 + 1 + W, PL - XC - AS) u_align (
      .clk(clk), .ce(ce), .d({c_fine[WW-1:1], c_fine[0] | below1a, e_sum1a, sp1a, sub1a, keep1a}),
      .q({c_al, e_sum2, sp2, sub2, keep2}));
  logic [PW-1:0] product;
  hls_mul #(.W(PW), .LATENCY(PL), .AW(MW + 1), .BW(MW + 1), .ECP5_DSP(ECP5_DSP)) u_product (
      .clk(clk), .ce(ce), .a({{(MW + 1) {1'b0}}, ma_z}), .b({{(MW + 1) {1'b0}}, mb_z}), .p(product));

  // the exact sum (magnitude and sign): both differences beside the sum, each one carry chain;
  // from LATENCY 12 registered before the selection by the sign (a chain of 3 MW + 10 bits, then
  // the sign's selection of every bit, took 15 ns on ECP5)
  logic [WW:0] p_w, total, p_less_c, c_less_p, total_d, p_less_c_d, c_less_p_d;
  logic [WW-1:0] mag;
  logic neg, s_res;
  assign p_w = {{(MW + 5) {1'b0}}, product, 3'b000};
  assign total = p_w + {1'b0, c_al};
  assign p_less_c = p_w - {1'b0, c_al};
  assign c_less_p = {1'b0, c_al} - p_w;
  logic [XW-1:0] e_sum2d;
  logic sp2d, sub2d;
  logic [1+W-1:0] keep2d;
  hls_fp_pipe #(3 * (WW + 1) + XW + 2 + 1 + W, DC) u_differences (
      .clk(clk), .ce(ce), .d({total, p_less_c, c_less_p, e_sum2, sp2, sub2, keep2}),
      .q({total_d, p_less_c_d, c_less_p_d, e_sum2d, sp2d, sub2d, keep2d}));
  assign neg = sub2d && p_less_c_d[WW];
  assign mag = !sub2d ? total_d[WW-1:0] : neg ? c_less_p_d[WW-1:0] : p_less_c_d[WW-1:0];
  logic unused_sum;
  assign unused_sum = &{1'b0, total_d[WW], c_less_p_d[WW]};
  assign s_res = sp2d ^ neg;
  logic [WW-1:0] mag3;
  logic [XW-1:0] e_sum3;
  logic s3, sp3, sc3;
  logic [1+W-1:0] keep3;
  hls_fp_pipe #(WW + XW + 3 + 1 + W, AC) u_sum (
      .clk(clk), .ce(ce), .d({mag, e_sum2d, s_res, sp2d, sp2d ^ sub2d, keep2d}),
      .q({mag3, e_sum3, s3, sp3, sc3, keep3}));

  // normalise: the leading one to the window's top. The count (a tree, hls_fp_clz), then the
  // shift by its multiple of 16, then by the rest (from LATENCY 10 a register after each)
  logic [LZW-1:0] lz, lz_a, lz_b;
  logic [WW-1:0] norm_unused, mag_a, coarse, coarse_b, norm;
  hls_fp_clz #(WW, LZW) u_lz (.x(mag3), .n(lz), .shifted(norm_unused));
  logic signed [XW-1:0] e_sum_a, e_a, e_b, e4;
  logic s_a, zero_a, sp_a, sc_a, s_b, zero_b, sp_b, sc_b;
  logic [1+W-1:0] keep_a, keep_b;
  hls_fp_pipe #(WW + LZW + XW + 3 + 1 + W, CC) u_count (
      .clk(clk), .ce(ce), .d({mag3, lz, e_sum3, s3, sp3, sc3, keep3}),
      .q({mag_a, lz_a, e_sum_a, s_a, sp_a, sc_a, keep_a}));
  // the exponent and whether the sum is an exact zero (the count of a zero window is its
  // width) beside the shift, after the count's register
  assign e_a = e_sum_a - XW'(lz_a);
  assign zero_a = lz_a == LZW'(WW);
  assign coarse = mag_a << {lz_a[LZW-1:4], 4'b0000};
  hls_fp_pipe #(WW + LZW + XW + 4 + 1 + W, FS) u_coarse_norm (
      .clk(clk), .ce(ce), .d({coarse, lz_a, e_a, s_a, zero_a, sp_a, sc_a, keep_a}),
      .q({coarse_b, lz_b, e_b, s_b, zero_b, sp_b, sc_b, keep_b}));
  assign norm = coarse_b << lz_b[3:0];
  logic unused_lz;
  assign unused_lz = &{1'b0, lz_b[LZW-1:4]};
  // the rounding's exponent tests (below the normal range, the shift to it) beside the shift,
  // before its register (on ECP5 they and the subnormal shift in one cycle took 12.8 ns)
  localparam int SHW = $clog2(MW + 4);
  logic tiny_b, tiny4;
  logic [SHW-1:0] rsh_b, rsh4;
  hls_fp_round_prep #(MW, XW, SHW) u_prep (.e(e_b), .tiny(tiny_b), .sh(rsh_b));
  logic [MW+2:0] sig4;
  logic s4, zero4, sp4, sc4;
  logic [1+W-1:0] keep4;
  hls_fp_pipe #(MW + 3 + XW + 1 + SHW + 4 + 1 + W, NC) u_norm (
      .clk(clk), .ce(ce), .d({norm[WW-1:WW-MW-2], norm[WW-MW-3:0] != 0, e_b, tiny_b, rsh_b, s_b, zero_b, sp_b, sc_b, keep_b}),
      .q({sig4, e4, tiny4, rsh4, s4, zero4, sp4, sc4, keep4}));

  // round and pack
  logic [W-1:0] rounded, result, special5;
  logic zero5, bypass5, zs5;
  hls_fp_round_core #(.EW(EW), .MW(MW), .XW(XW), .LATENCY(RC), .PRE(1'b1), .PACK_CUT(OC)) u_round (
      .clk(clk), .ce(ce), .s(s4), .e(e4), .sig(sig4), .pre_tiny(tiny4), .pre_sh(rsh4), .pre_lost(1'b0), .r(rounded));
  hls_fp_pipe #(2 + 1 + W, RC + OC) u_special (
      .clk(clk), .ce(ce), .d({zero4, sp4 & sc4, keep4}), .q({zero5, zs5, bypass5, special5}));
  assign result = bypass5 ? special5 : zero5 ? {zs5, {(W - 1) {1'b0}}} : rounded;
  hls_fp_pipe #(W, RL) u_out (.clk(clk), .ce(ce), .d(result), .q(r));
endmodule

`default_nettype wire
