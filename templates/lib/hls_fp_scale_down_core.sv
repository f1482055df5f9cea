// hls_fp_scale_down_core: written by hls. a * c for c = (NEG ? -1 : 1) * 2^K with -8 <= K < 0, as
// hls_fp_scale_core computes it, with a rounding that knows how far it can shift: an operand of
// exponent e (a subnormal one counts as the smallest normal, e = 1) gives a normal result of
// exponent e + K when e + K >= 1, else a subnormal one: its significand shifted right by
// d = 1 - e - K, which is 1 .. -K places, rounded once to nearest, ties to even, where a
// carry out of the fraction is the implicit bit of the smallest normal result. So a (-K)-way
// selection instead of a shifter over the whole significand.
// Pipelined: from LATENCY 1 an output register; from 2 the operand is registered first; from 3
// a cut between the shift and the rounding's increment; the rest of the latency is more
// operand registers.
`default_nettype none

module hls_fp_scale_down_core #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int K = -1,
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
  localparam int CUT = LATENCY >= 3 ? 1 : 0;  // before the increment
  localparam int OUT = LATENCY - IC - CUT;  // output registers
  localparam int D = -K;  // the most places a subnormal result shifts

  // from IC 2 the exponent's tests are made a cycle before the operand's last register, which
  // holds them too: the wide selections before the cut are then driven by registers (heat-3d on
  // ECP5: the tests' results fanned out to every bit of the selections, whose cells the placer
  // spread over 60 columns, in the same cycle as the tests)
  localparam int PRE = IC >= 2 ? 1 : 0;
  logic [W-1:0] a0, ai;
  hls_fp_pipe #(W, IC - PRE, 1'b1) u_in (.clk(clk), .ce(ce), .d(a), .q(a0));
  logic [EW-1:0] e0;
  logic [MW-1:0] f0;
  logic all_ones0, zero0, tiny0, e_zero0, f_zero0;
  logic [D:1] at0;  // at0[d]: a subnormal result shifts d places
  logic [EW-1:0] e_down0;
  assign e0 = a0[W-2:MW];
  assign f0 = a0[MW-1:0];
  assign all_ones0 = &e0;
  assign e_zero0 = e0 == 0;
  assign f_zero0 = f0 == 0;
  assign zero0 = e_zero0 && f_zero0;
  assign tiny0 = e0 <= EW'(D);  // (a subnormal operand too: e = 0)
  // (e = 0 and e = 1 both shift by D: a subnormal operand counts as the smallest normal)
  for (genvar d = 1; d <= D; d++) begin : g_at
    assign at0[d] = (e_zero0 ? EW'(1) : e0) == EW'(1 + D - d);
  end
  assign e_down0 = e0 - EW'(D);
  logic all_ones, zero, tiny, e_zero, f_zero;
  logic [D:1] at;
  logic [EW-1:0] e_down;
  hls_fp_pipe #(W + 5 + D + EW, PRE) u_tests (
      .clk(clk), .ce(ce), .d({a0, all_ones0, zero0, tiny0, e_zero0, f_zero0, at0, e_down0}),
      .q({ai, all_ones, zero, tiny, e_zero, f_zero, at, e_down}));

  logic s;
  logic [EW-1:0] e;
  logic [MW-1:0] f;
  assign s = ai[W-1] ^ NEG;
  assign {e, f} = ai[W-2:0];

  // the results that need no rounding: NaN (quieted, its own sign), infinity, zero, and a
  // normal result (the exponent field shrinks by -K)
  logic exact;
  logic [W-1:0] exact_value;
  assign exact = all_ones || zero || !tiny;
  assign exact_value = all_ones ? (!f_zero ? {ai[W-1], e, 1'b1, f[MW-2:0]} : {s, e, f}) : zero ? {s, {(W - 1) {1'b0}}} : {s, e_down, f};

  // a subnormal result: the significand (implicit bit set when e is not zero) shifted right by
  // d = 1 - max(e, 1) - K places, the round bit and whether any bit below it is set
  logic [MW:0] sig;
  assign sig = {!e_zero, f};
  logic [MW:0] kept;
  logic round_bit, sticky;
  always_comb begin
    kept = sig;
    round_bit = 1'b0;
    sticky = 1'b0;
    for (int d = 1; d <= D; d++) begin
      if (at[d]) begin
        kept = sig >> d;
        round_bit = sig[d-1];
        sticky = d > 1 ? |(sig & ((MW + 1)'(1) << (d - 1)) - (MW + 1)'(1)) : 1'b0;
      end
    end
  end
  logic inc;
  assign inc = round_bit && (sticky || kept[0]);

  logic exact_c, s_c, inc_c;
  logic [W-1:0] exact_value_c;
  logic [MW:0] kept_c;
  hls_fp_pipe #(1 + W + 1 + MW + 1 + 1, CUT) u_cut (
      .clk(clk), .ce(ce), .d({exact, exact_value, s, kept, inc}), .q({exact_c, exact_value_c, s_c, kept_c, inc_c}));
  // kept < 2^MW (shifted at least once): a carry into bit MW makes the exponent field 1
  logic [EW+MW-1:0] rounded;
  assign rounded = (EW + MW)'(kept_c) + (EW + MW)'(inc_c);
  hls_fp_pipe #(W, OUT) u_out (.clk(clk), .ce(ce), .d(exact_c ? exact_value_c : {s_c, rounded}), .q(r));
endmodule

`default_nettype wire
