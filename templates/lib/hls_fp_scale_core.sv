// hls_fp_scale_core: written by hls. a * c for a constant c = (NEG ? -1 : 1) * 2^K, a normal
// number, in the IEEE-754 format of EW exponent and MW fraction bits, exactly as an x86-64 C
// program's multiplication computes it: the exponent moves by K (no significand product, no
// DSP); a result below the normal range is rounded once to nearest, ties to even, a result
// above it is infinity; zeros and infinities take the product's sign; a NaN comes back quieted
// with its own sign (mulsd). With K > 0 a subnormal operand is normalised first (its leading
// zeros counted, then shifted out); with K < 0 a subnormal stays one (the rounding's right shift
// takes it as it is); with K = 0 only the sign changes.
// Pipelined: the result of the operand presented in cycle t (ce high) is on r LATENCY enabled
// cycles later; LATENCY = 0 is combinational. From LATENCY 1 an output register; from 2 the
// rounding's cut (between its shift and its increment); from 3 a register after the decoding
// and the rounding's exponent tests; from 4 the operand is registered first; from 5 a cut
// between the leading-zero count and the shift by it (K > 0), or between the exponent's
// additions and the rounding's tests on them (K < 0). The rest of the latency is more output
// registers.
`default_nettype none

module hls_fp_scale_core #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int K = 0,
    parameter bit NEG = 1'b0,
    parameter int LATENCY = 0
) (
    input  logic           clk,
    input  logic           ce,
    input  logic [EW+MW:0] a,
    output logic [EW+MW:0] r
);
  localparam int SMALL_K = 8;  // up to this |K| a product by 2^K takes a core of its own
  if (K > 0 && K <= SMALL_K) begin : g_up
    hls_fp_scale_up_core #(EW, MW, K, NEG, LATENCY) u_up (.clk(clk), .ce(ce), .a(a), .r(r));
  end else if (K < 0 && K >= -SMALL_K) begin : g_down
    hls_fp_scale_down_core #(EW, MW, K, NEG, LATENCY) u_down (.clk(clk), .ce(ce), .a(a), .r(r));
  end else begin : g_any
    localparam int W = EW + MW + 1;
    localparam int XW = EW + 3;
    localparam int LW = $clog2(MW + 2);
    localparam int RL = LATENCY >= 2 ? 1 : 0;  // the rounding core's cut
    localparam int DR = LATENCY >= 3 ? 1 : 0;  // after the decoding
    localparam int IC = LATENCY >= 4 ? 1 : 0;  // the operand's register
    // K > 0: between the count and the shift; K < 0: between the exponent's additions and the
    // rounding's tests on them (on ECP5 a float's classification, those additions, the tests and
    // the shift's selection were 11.5 ns in one cycle)
    localparam int CZ = K != 0 && LATENCY >= 5 ? 1 : 0;
    localparam int OUT = LATENCY - RL - DR - IC - CZ;  // output registers

    logic [W-1:0] ai;
    hls_fp_pipe #(W, IC, 1'b1) u_in (.clk(clk), .ce(ce), .d(a), .q(ai));

    logic a_nan, a_inf, a_zero;
    logic [EW-1:0] e_eff;
    logic [MW:0] sig;
    logic [W-1:0] quiet;
    hls_fp_classify #(EW, MW) u_a (.x(ai), .nan(a_nan), .inf(a_inf), .zero(a_zero), .e_eff(e_eff), .sig(sig), .quiet(quiet));

    // the special results (NaN, infinity, zero, and every result of K = 0) need no rounding
    logic s, special;
    logic [W-1:0] sp_value;
    assign s = ai[W-1] ^ NEG;
    assign special = a_nan || a_inf || a_zero || K == 0;
    assign sp_value = a_nan ? quiet : {s, ai[W-2:0]};

    // the significand with its leading one at the top and the exponent of the product
    // the exponent of the product is base - lz, base = e_eff + K; the rounding's tests on it
    // (hls_fp_round_prep: tiny when e < 1, the shift 1 - e, saturated from MW + 3) are written as
    // comparisons of lz with values of base computed beside the leading-zero count, so that each
    // is one carry chain after the count's register, not the subtraction's chain and then its own
    // (on ECP5 that series path was 12.4 ns; with the tests after the decoding's register it was
    // 17.6 ns through the rounding's shift)
    localparam int SHW = $clog2(MW + 4);
    logic signed [XW-1:0] base, v, u;
    assign base = XW'(e_eff) + XW'(K);
    assign v = XW'(e_eff) + XW'(K - 1);  // e < 1 when lz > v
    assign u = XW'(e_eff) + XW'(K + MW + 2);  // 1 - e >= MW + 3 when lz >= u
    logic [MW:0] norm;
    logic [LW-1:0] lz_c;
    logic signed [XW-1:0] base_c, v_c, u_c;
    logic s_c, special_c;
    logic [W-1:0] sp_c;
    if (K > 0) begin : g_normalise
      // a subnormal operand's leading zeros (none when the exponent field is not zero)
      logic [LW-1:0] lz;
      logic [MW:0] shifted_unused, sig_c;
      hls_fp_clz #(MW + 1, LW) u_clz (.x(sig), .n(lz), .shifted(shifted_unused));
      hls_fp_pipe #(LW + MW + 1 + 3 * XW + 2 + W, CZ) u_count (
          .clk(clk), .ce(ce), .d({lz, sig, base, v, u, s, special, sp_value}), .q({lz_c, sig_c, base_c, v_c, u_c, s_c, special_c, sp_c}));
      assign norm = sig_c << lz_c;
    end else begin : g_as_is
      assign lz_c = '0;
      hls_fp_pipe #(MW + 1 + 3 * XW + 2 + W, CZ) u_sums (
          .clk(clk), .ce(ce), .d({sig, base, v, u, s, special, sp_value}), .q({norm, base_c, v_c, u_c, s_c, special_c, sp_c}));
    end
    logic signed [XW-1:0] e, lz_x, shift;
    logic tiny;
    logic [SHW-1:0] sh;
    assign lz_x = XW'(lz_c);
    assign e = base_c - lz_x;
    assign shift = lz_x - v_c;  // 1 - e
    assign tiny = lz_x > v_c;
    assign sh = !tiny ? '0 : lz_x >= u_c ? '1 : shift[SHW-1:0];
    logic unused_shift;
    assign unused_shift = &{1'b0, shift[XW-1:SHW]};  // (beyond SHW bits the shift saturates)
    logic tiny_d;
    logic [SHW-1:0] sh_d;

    logic s_d, special_d;
    logic signed [XW-1:0] e_d;
    logic [MW:0] norm_d;
    logic [W-1:0] sp_d;
    hls_fp_pipe #(1 + 1 + XW + MW + 1 + W + 1 + SHW, DR) u_decode (
        .clk(clk), .ce(ce), .d({s_c, special_c, e, norm, sp_c, tiny, sh}), .q({s_d, special_d, e_d, norm_d, sp_d, tiny_d, sh_d}));

    // the special result rides beside the rounding
    logic special_r;
    logic [W-1:0] sp_r, rounded;
    hls_fp_pipe #(1 + W, RL) u_beside (.clk(clk), .ce(ce), .d({special_d, sp_d}), .q({special_r, sp_r}));
    hls_fp_round_core #(EW, MW, XW, RL, 1'b1, 1'b0, SHW) u_round (
        .clk(clk), .ce(ce), .s(s_d), .e(e_d), .sig({norm_d, 2'b00}), .pre_tiny(tiny_d), .pre_sh(sh_d), .pre_lost(1'b0), .r(rounded));
    hls_fp_pipe #(W, OUT) u_out (.clk(clk), .ce(ce), .d(special_r ? sp_r : rounded), .q(r));
  end
endmodule

`default_nettype wire
