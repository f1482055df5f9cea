// hls_fp_to_int_core: written by hls. A float of EW exponent and MW fraction bits converted to
// an OW-bit integer (unsigned when UNSIGNED) by truncation, as gcc's x86-64 code converts it,
// out-of-range values and NaN included (where C leaves the result undefined): cvttss2si or
// cvttsd2si at 32 bits for results narrower than 32 bits (and signed 32), at 64 bits for
// signed 64 and unsigned 32; the low OW bits are kept. Out of range or NaN gives the "integer
// indefinite" value (only the sign bit set). Unsigned 64 follows gcc's two-step sequence:
// values from 2^63 to 2^64 convert exactly, values of 2^64 or more give 0 (NaN the indefinite
// value).
// Pipelined: the result of the operand presented in cycle t (ce high) is on r LATENCY enabled
// cycles later; LATENCY = 0 is combinational. Four steps: decoding (the exponent, the shift and
// the classes), a coarse and a fine right shift of the significand placed at the top of 64 bits,
// then the range test, the negation and the selection. From LATENCY 2 a register between the
// shifts, from 3 another after them, from 4 one after the decoding; the rest of the latency is
// output registers (on ECP5 the four steps in one cycle were 17.7 ns: fp_convert at 56 MHz).
`default_nettype none

module hls_fp_to_int_core #(
    parameter int EW = 11,
    parameter int MW = 52,
    parameter int OW = 32,
    parameter bit UNSIGNED = 1'b0,
    parameter int LATENCY = 0
) (
    input  logic           clk,
    input  logic           ce,
    input  logic [EW+MW:0] a,
    output logic [OW-1:0]  r
);
  localparam int W = EW + MW + 1;
  localparam int XW = EW + 2;
  localparam int CW = OW == 64 || (UNSIGNED && OW == 32) ? 64 : 32;  // cvtt* width
  localparam logic [EW-1:0] EMAX = '1;
  localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
  localparam logic [63:0] LIMIT = 64'd1 << (CW - 1);
  localparam int CB = LATENCY >= 2 ? 1 : 0;  // a cut between the coarse and the fine shift
  localparam int CC = LATENCY >= 3 ? 1 : 0;  // a cut after the shift
  localparam int CA = LATENCY >= 4 ? 1 : 0;  // a cut after the decoding
  localparam int OL = LATENCY - CA - CB - CC;  // output registers

  // decode: |a| truncated is the significand at the top of 64 bits shifted right by 63 - k (k
  // the unbiased exponent), when 0 <= k < 64; none of it stays when k < 0, and |a| >= 2^64
  // (big, infinity included) when k >= 64
  logic neg0, nan0, big0, none0;
  logic [EW-1:0] ea;
  logic [MW-1:0] fa;
  logic signed [XW-1:0] k;
  logic [63:0] top0;
  logic [5:0] sh0;
  assign ea = a[W-2:MW];
  assign fa = a[MW-1:0];
  assign k = XW'(ea) - BIAS;
  assign neg0 = a[W-1];
  assign nan0 = ea == EMAX && fa != 0;
  assign big0 = k >= 64;
  assign none0 = k < 0;
  assign top0 = {ea != 0, fa, {(63 - MW) {1'b0}}};
  assign sh0 = 6'(XW'(63) - k);

  logic neg1, nan1, big1, none1;
  logic [63:0] top1;
  logic [5:0] sh1;
  hls_fp_pipe #(4 + 64 + 6, CA) u_decoded (
      .clk(clk), .ce(ce), .d({neg0, nan0, big0, none0, top0, sh0}), .q({neg1, nan1, big1, none1, top1, sh1}));

  // the shift in two: by the eights, then by the rest
  logic neg2, nan2, big2, none2;
  logic [63:0] coarse1, coarse2, mag2, mag3;
  logic [2:0] fine_sh2;
  assign coarse1 = top1 >> {sh1[5:3], 3'b000};
  hls_fp_pipe #(4 + 64 + 3, CB) u_coarse (
      .clk(clk), .ce(ce), .d({neg1, nan1, big1, none1, coarse1, sh1[2:0]}), .q({neg2, nan2, big2, none2, coarse2, fine_sh2}));
  assign mag2 = none2 || big2 ? '0 : coarse2 >> fine_sh2;
  logic neg3, nan3, big3;
  hls_fp_pipe #(3 + 64, CC) u_shifted (.clk(clk), .ce(ce), .d({neg2, nan2, big2, mag2}), .q({neg3, nan3, big3, mag3}));

  // in range or not, negated, selected
  logic fits;
  logic [63:0] signed_result, result;
  assign fits = !nan3 && !big3 && (neg3 ? mag3 <= LIMIT : mag3 < LIMIT);
  assign signed_result = fits ? (neg3 ? -mag3 : mag3) : LIMIT;
  if (UNSIGNED && OW == 64) begin : g_u64
    assign result = nan3 ? signed_result : !neg3 && big3 ? '0 : !neg3 && mag3[63] ? mag3 : signed_result;
  end else begin : g_cvtt
    assign result = signed_result;
  end
  hls_fp_pipe #(OW, OL) u_out (.clk(clk), .ce(ce), .d(result[OW-1:0]), .q(r));
  if (OW < 64) begin : g_high
    logic high_unused;  // the conversion's bits above OW (C drops them)
    assign high_unused = &{1'b0, result[63:OW]};
  end
endmodule

`default_nettype wire
