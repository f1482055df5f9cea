// hls_int_to_fp_core: written by hls. The IW-bit integer a (two's complement when SIGNED) as a
// float of EW exponent and MW fraction bits, rounded to nearest even as C's conversion is on
// x86-64 (cvtsi2ss/sd, and gcc's sequence for unsigned 64-bit); 0 is +0.
// Pipelined: the result of the operand presented in cycle t (ce high) is on r LATENCY enabled
// cycles later; LATENCY = 0 is combinational. Four steps: the magnitude (a negation), the count
// of its leading zeros (a tree), the shift by that count, the rounding. From LATENCY 2 a register
// before the rounding, from 3 one before the count, from 4 one inside the rounding
// (hls_fp_round_core's), from 5 one between the count and the shift (on ECP5 both in one cycle
// were 11.7 ns for a 64-bit magnitude); the rest of the latency is output registers.
`default_nettype none

module hls_int_to_fp_core #(
    parameter int IW = 32,
    parameter bit SIGNED = 1'b1,
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LATENCY = 0
) (
    input  logic           clk,
    input  logic           ce,
    input  logic [IW-1:0]  a,
    output logic [EW+MW:0] r
);
  localparam int LW = $clog2(IW + 1);
  localparam int XW = EW + 3;
  localparam int NX = IW > MW + 3 ? IW : MW + 3;  // the normalised magnitude, padded below
  localparam logic signed [XW-1:0] TOP = XW'((1 << (EW - 1)) - 1 + IW - 1);  // exponent of bit IW-1
  localparam int CN = LATENCY >= 2 ? 1 : 0;  // a cut before the rounding
  localparam int CM = LATENCY >= 3 ? 1 : 0;  // a cut before the normalisation
  localparam int RC = LATENCY >= 4 ? 1 : 0;  // the rounding's own cut
  localparam int CZ = LATENCY >= 5 ? 1 : 0;  // a cut between the count and the shift
  localparam int OL = LATENCY - CN - CM - RC - CZ;  // output registers

  logic neg0, neg1, neg2, zero1, zero2, zero3;
  logic [IW-1:0] mag0, mag1, mag_norm;
  logic [LW-1:0] lz, lz2;
  logic [NX-1:0] norm, norm2;
  logic [EW+MW:0] rounded, result;

  assign neg0 = SIGNED && a[IW-1];
  assign mag0 = neg0 ? -a : a;  // the most negative value's magnitude fits unsigned
  hls_fp_pipe #(1 + IW, CM) u_magnitude (.clk(clk), .ce(ce), .d({neg0, mag0}), .q({neg1, mag1}));
  logic neg1c, zero1c;
  logic [IW-1:0] mag1c, shifted_unused;
  logic [LW-1:0] lzc;
  assign zero1 = mag1 == 0;
  // the count (its tree's shifted output is not used: the shift follows the count, after the cut)
  hls_fp_clz #(IW, LW) u_clz (.x(mag1), .n(lz), .shifted(shifted_unused));
  hls_fp_pipe #(2 + LW + IW, CZ) u_count (.clk(clk), .ce(ce), .d({neg1, zero1, lz, mag1}), .q({neg1c, zero1c, lzc, mag1c}));
  assign mag_norm = mag1c << lzc;
  assign norm = {mag_norm, {(NX - IW) {1'b0}}};
  hls_fp_pipe #(2 + LW + NX, CN) u_normalised (.clk(clk), .ce(ce), .d({neg1c, zero1c, lzc, norm}), .q({neg2, zero2, lz2, norm2}));
  hls_fp_round_core #(EW, MW, XW, RC) u_round (
      .clk(clk), .ce(ce), .s(neg2), .e(TOP - XW'(lz2)), .sig({norm2[NX-1-:(MW+2)], norm2[NX-MW-3:0] != 0}), .pre_tiny(1'b0),
      .pre_sh('0), .pre_lost(1'b0), .r(rounded));
  hls_fp_pipe #(1, RC) u_zero (.clk(clk), .ce(ce), .d(zero2), .q(zero3));
  assign result = zero3 ? '0 : rounded;
  hls_fp_pipe #(EW + MW + 1, OL) u_out (.clk(clk), .ce(ce), .d(result), .q(r));
endmodule

`default_nettype wire
