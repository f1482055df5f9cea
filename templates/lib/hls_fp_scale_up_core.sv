// hls_fp_scale_up_core: written by hls. a * c for c = (NEG ? -1 : 1) * 2^K with 0 < K <= 8, as
// hls_fp_scale_core computes it, without its rounding: such a product is exact or infinite. A
// normal operand's exponent grows by K (infinity from the largest exponent on); a subnormal one
// with its fraction's leading one p places below the implicit bit's position (p = 1 .. MW) moves
// up by s = min(p, K) places, and its encoding is then ((K - s) << MW) + (fraction << s): the
// carry into the exponent field is the implicit bit of a result that became normal. So no
// leading-zero count of the whole fraction and no shifter, only a K-way selection.
// Pipelined: from LATENCY 1 an output register; from 2 the operand is registered first; from 3
// a register after the selection; the rest of the latency is more operand registers.
`default_nettype none

module hls_fp_scale_up_core #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int K = 1,
    parameter bit NEG = 1'b0,
    parameter int LATENCY = 0
) (
    input  logic           clk,
    input  logic           ce,
    input  logic [EW+MW:0] a,
    output logic [EW+MW:0] r
);
  localparam int W = EW + MW + 1;
  // the operand's registers: from LATENCY 3 all but the two cycles of logic, so the unit's spare
  // latency is registers in a row before its logic, not after it (heat-3d on ECP5: between the
  // operand's register and the next one the placer spread a x0.125 unit's cells over 70 columns;
  // a row of registers can take the distance from where the operand comes from)
  localparam int IC = LATENCY >= 3 ? LATENCY - 2 : LATENCY >= 2 ? 1 : 0;
  localparam int MID = LATENCY >= 3 ? 1 : 0;  // after the selection
  localparam int OUT = LATENCY - IC - MID;  // output registers
  localparam int SW = $clog2(K + 1);

  // from IC 2 the exponent's tests and addition and the subnormal's places are made a cycle
  // before the operand's last register, which holds them too: the wide selections after it are
  // then driven by registers (as in hls_fp_scale_down_core)
  localparam int PRE = IC >= 2 ? 1 : 0;
  logic [W-1:0] a0, ai;
  hls_fp_pipe #(W, IC - PRE, 1'b1) u_in (.clk(clk), .ce(ce), .d(a), .q(a0));
  logic [EW-1:0] e0, grown0;
  logic [MW-1:0] f0;
  logic all_ones0, e_zero0, f_zero0, overflow0;
  assign e0 = a0[W-2:MW];
  assign f0 = a0[MW-1:0];
  assign all_ones0 = &e0;
  assign e_zero0 = e0 == 0;
  assign f_zero0 = f0 == 0;
  // a normal operand: the exponent grows, infinity from the largest exponent on (NaN and
  // infinity keep theirs: a NaN comes back quieted with its own sign)
  assign grown0 = e0 + EW'(K);  // (wraps only where overflow selects infinity instead)
  // (e + K overflows exactly when e >= 2^EW - 1 - K: the test of e, beside the addition, selects
  // the W bits; after it, the carry chain and then the comparison's were one path through the
  // selection's fanout: heat-3d at 76.19 MHz on ECP5)
  assign overflow0 = e0 >= EW'((1 << EW) - 1 - K);
  // a subnormal operand: the places it moves up, min(p, K) (the last test that holds wins: the
  // leading one's)
  logic [SW-1:0] up0;
  always_comb begin
    up0 = SW'(K);
    for (int p = K - 1; p >= 1; p--) begin
      if (f0[MW-p]) up0 = SW'(p);
    end
  end
  logic all_ones, e_zero, f_zero, overflow;
  logic [EW-1:0] grown;
  logic [SW-1:0] up;
  hls_fp_pipe #(W + 4 + EW + SW, PRE) u_tests (
      .clk(clk), .ce(ce), .d({a0, all_ones0, e_zero0, f_zero0, overflow0, grown0, up0}),
      .q({ai, all_ones, e_zero, f_zero, overflow, grown, up}));

  logic s;
  logic [EW-1:0] e;
  logic [MW-1:0] f;
  assign s = ai[W-1] ^ NEG;
  assign {e, f} = ai[W-2:0];
  logic [W-1:0] normal, special_value;
  logic special;
  assign normal = overflow ? {s, {EW{1'b1}}, {MW{1'b0}}} : {s, grown, f};
  assign special = all_ones || e_zero && f_zero;
  assign special_value = all_ones ? (!f_zero ? {ai[W-1], e, 1'b1, f[MW-2:0]} : {s, e, f}) : {s, {(W - 1) {1'b0}}};

  logic [EW+MW-1:0] moved;
  always_comb begin
    moved = '0;
    for (int p = 1; p <= K; p++) begin
      if (up == SW'(p)) moved = (((EW + MW)'(K) - (EW + MW)'(p)) << MW) + ((EW + MW)'(f) << p);
    end
  end
  logic [W-1:0] result;
  assign result = special ? special_value : e_zero ? {s, moved} : normal;
  logic [W-1:0] result_m;
  hls_fp_pipe #(W, MID) u_mid (.clk(clk), .ce(ce), .d(result), .q(result_m));
  hls_fp_pipe #(W, OUT) u_out (.clk(clk), .ce(ce), .d(result_m), .q(r));
endmodule

`default_nettype wire
