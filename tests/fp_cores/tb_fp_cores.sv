// Every floating-point core of templates/lib for binary32 and binary64, side by side on the same
// operands; check_fp_cores.cpp drives it and compares each output with reference.c (the host's
// C). The pipelined cores (every one but the compares) run at the latencies given as
// parameters (0: combinational), fed a new operand set every cycle. Integer conversions take the low bits of i for 8, 16, 32 and 64 bits, signed and unsigned
// (k = 0..7: width 8 << k / 2, signed when k is even). Plain ports (packed arrays, named
// connections) so that Yosys reads it too: scripts/check_fp_cores.py also checks the netlist
// Yosys synthesizes from it.
`default_nettype none
module tb_fp_cores #(
    // latencies of the pipelined cores (0: combinational)
    parameter int L_ADD32 = 0,
    parameter int L_MUL32 = 0,
    parameter int L_DIV32 = 0,
    parameter int L_SQRT32 = 0,
    parameter int L_FMA32 = 0,
    parameter int L_ADD64 = 0,
    parameter int L_MUL64 = 0,
    parameter int L_DIV64 = 0,
    parameter int L_SQRT64 = 0,
    parameter int L_FMA64 = 0,
    // of the pipelined conversions: _N where operand and result are 32 bits or narrower, _W wider
    parameter int L_FPTOSI_N = 0,
    parameter int L_FPTOSI_W = 0,
    parameter int L_FPTOUI_N = 0,
    parameter int L_FPTOUI_W = 0,
    parameter int L_SITOFP_N = 0,
    parameter int L_SITOFP_W = 0,
    parameter int L_UITOFP_N = 0,
    parameter int L_UITOFP_W = 0,
    parameter int L_FPTRUNC = 0,
    parameter int L_FPEXT = 0,
    parameter int L_SCALE32 = 0,
    parameter int L_SCALE64 = 0,
    parameter bit ECP5_DSP = 1'b0  // the multiplies' products on ECP5 MULT18X18D primitives
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a32,
    input  logic [31:0] b32,
    input  logic [63:0] a64,
    input  logic [63:0] b64,
    input  logic [31:0] c32,
    input  logic [63:0] c64,
    input  logic [63:0] i,
    output logic [31:0] add32,
    output logic [31:0] sub32,
    output logic [31:0] mul32,
    output logic [31:0] div32,
    output logic [31:0] sqrt32,
    output logic [31:0] fma32,
    output logic [63:0] add64,
    output logic [63:0] sub64,
    output logic [63:0] mul64,
    output logic [63:0] div64,
    output logic [63:0] sqrt64,
    output logic [63:0] fma64,
    output logic [5:0]  cmp32,
    output logic [5:0]  cmp64,
    output logic [63:0] ext,
    output logic [31:0] trunc,
    output logic [7:0][31:0] itof32,
    output logic [7:0][63:0] itof64,
    output logic [7:0][63:0] ftoi32,
    output logic [7:0][63:0] ftoi64,
    output logic [7:0][31:0] scale32,
    output logic [7:0][63:0] scale64
);
  hls_fp_addsub_core #(8, 23, L_ADD32) u_add32 (.clk(clk), .ce(ce), .a(a32), .b(b32), .sub(1'b0), .r(add32));
  hls_fp_addsub_core #(8, 23, L_ADD32) u_sub32 (.clk(clk), .ce(ce), .a(a32), .b(b32), .sub(1'b1), .r(sub32));
  hls_fp_mul_core #(8, 23, L_MUL32, ECP5_DSP) u_mul32 (.clk(clk), .ce(ce), .a(a32), .b(b32), .r(mul32));
  hls_fp_div_core #(8, 23, L_DIV32) u_div32 (.clk(clk), .ce(ce), .a(a32), .b(b32), .r(div32));
  hls_fp_sqrt_core #(8, 23, L_SQRT32) u_sqrt32 (.clk(clk), .ce(ce), .a(a32), .r(sqrt32));
  hls_fp_fma_core #(8, 23, L_FMA32, ECP5_DSP) u_fma32 (.clk(clk), .ce(ce), .a(a32), .b(b32), .c(c32), .r(fma32));
  hls_fp_fma_core #(11, 52, L_FMA64, ECP5_DSP) u_fma64 (.clk(clk), .ce(ce), .a(a64), .b(b64), .c(c64), .r(fma64));
  hls_fp_addsub_core #(11, 52, L_ADD64) u_add64 (.clk(clk), .ce(ce), .a(a64), .b(b64), .sub(1'b0), .r(add64));
  hls_fp_addsub_core #(11, 52, L_ADD64) u_sub64 (.clk(clk), .ce(ce), .a(a64), .b(b64), .sub(1'b1), .r(sub64));
  hls_fp_mul_core #(11, 52, L_MUL64, ECP5_DSP) u_mul64 (.clk(clk), .ce(ce), .a(a64), .b(b64), .r(mul64));
  hls_fp_div_core #(11, 52, L_DIV64) u_div64 (.clk(clk), .ce(ce), .a(a64), .b(b64), .r(div64));
  hls_fp_sqrt_core #(11, 52, L_SQRT64) u_sqrt64 (.clk(clk), .ce(ce), .a(a64), .r(sqrt64));
  hls_fp_ext_core #(8, 23, 11, 52, L_FPEXT) u_ext (.clk(clk), .ce(ce), .a(a32), .r(ext));
  hls_fp_trunc_core #(11, 52, 8, 23, L_FPTRUNC) u_trunc (.clk(clk), .ce(ce), .a(a64), .r(trunc));
  for (genvar k = 0; k < 6; k++) begin : g_cmp
    hls_fp_cmp_core #(8, 23, k) u_cmp32 (.a(a32), .b(b32), .r(cmp32[k]));
    hls_fp_cmp_core #(11, 52, k) u_cmp64 (.a(a64), .b(b64), .r(cmp64[k]));
  end
  for (genvar k = 0; k < 8; k++) begin : g_int
    localparam int IW = 8 << (k / 2);
    localparam bit SIGNED = k % 2 == 0;
    localparam int L_TO32 = SIGNED ? (IW > 32 ? L_FPTOSI_W : L_FPTOSI_N) : (IW > 32 ? L_FPTOUI_W : L_FPTOUI_N);
    localparam int L_TO64 = SIGNED ? L_FPTOSI_W : L_FPTOUI_W;
    localparam int L_OF32 = SIGNED ? (IW > 32 ? L_SITOFP_W : L_SITOFP_N) : (IW > 32 ? L_UITOFP_W : L_UITOFP_N);
    localparam int L_OF64 = SIGNED ? L_SITOFP_W : L_UITOFP_W;
    logic [IW-1:0] to32, to64;
    hls_int_to_fp_core #(IW, SIGNED, 8, 23, L_OF32) u_itof32 (.clk(clk), .ce(ce), .a(i[IW-1:0]), .r(itof32[k]));
    hls_int_to_fp_core #(IW, SIGNED, 11, 52, L_OF64) u_itof64 (.clk(clk), .ce(ce), .a(i[IW-1:0]), .r(itof64[k]));
    hls_fp_to_int_core #(8, 23, IW, !SIGNED, L_TO32) u_ftoi32 (.clk(clk), .ce(ce), .a(a32), .r(to32));
    hls_fp_to_int_core #(11, 52, IW, !SIGNED, L_TO64) u_ftoi64 (.clk(clk), .ce(ce), .a(a64), .r(to64));
    assign ftoi32[k] = 64'(to32);
    assign ftoi64[k] = 64'(to64);
  end
  // products by constant powers of two: lane k multiplies by (NEG ? -1 : 1) * 2^K (reference.c's ref_scale)
  for (genvar k = 0; k < 8; k++) begin : g_scale
    localparam bit NEG = k % 2 == 1;
    localparam int K32 = k == 0 ? -3 : k == 1 ? -1 : k == 2 ? 1 : k == 3 ? 3 : k == 4 ? 0 : k == 5 ? -126 : k == 6 ? 127 : -60;
    localparam int K64 = k == 0 ? -3 : k == 1 ? -1 : k == 2 ? 1 : k == 3 ? 3 : k == 4 ? 0 : k == 5 ? -1022 : k == 6 ? 1023 : -60;
    hls_fp_scale_core #(8, 23, K32, NEG, L_SCALE32) u_scale32 (.clk(clk), .ce(ce), .a(a32), .r(scale32[k]));
    hls_fp_scale_core #(11, 52, K64, NEG, L_SCALE64) u_scale64 (.clk(clk), .ce(ce), .a(a64), .r(scale64[k]));
  end
endmodule
`default_nettype wire
