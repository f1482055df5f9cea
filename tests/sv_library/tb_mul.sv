// Test bench for hls_mul (tests/test_sv_library.py). One lane per parameter set, all in one
// build; +dir=<folder> names the vector folder and +n=<count> the number of vectors (<= NMAX;
// the lines of each .in file); a lane whose .in file is missing stays idle.
// A lane streams <dir>/mul_w<W>_l<LATENCY>[_spread][_ecp5][_a<AW>_b<BW>].in ({a, b} in hex, one per
// line; with AW or BW below W the operands' higher bits are zero) into the multiplier,
// one vector per cycle, and writes "a b p" in hex once per cycle to the .out file. The inputs
// change right after a rising edge (like a register output) and each row is sampled at the
// falling edge: row c holds vector c's inputs and the product of vector c - (LATENCY).
// Rows continue EXTRA cycles past the last vector.
module tb_mul_lane #(
    parameter int W = 8,
    parameter int LATENCY = 0,
    parameter bit SPREAD = 1'b0,
    parameter bit ECP5_DSP = 1'b0,
    parameter int AW = W,
    parameter int BW = W,
    parameter int NMAX = 4096
) (
    input logic clk
);
  logic [2*W-1:0] vec[NMAX];
  logic [W-1:0] a = '0;
  logic [W-1:0] b = '0;
  logic [W-1:0] p;
  int n = 0;
  int i = 0;
  int fin = 0;
  int fd = 0;
  string dir;
  string name;

  hls_mul #(.W(W), .LATENCY(LATENCY), .AW(AW), .BW(BW), .SPREAD(SPREAD), .ECP5_DSP(ECP5_DSP)) dut (.clk(clk), .ce(1'b1), .a(a), .b(b), .p(p));

  initial begin
    if (!$value$plusargs("dir=%s", dir)) dir = ".";
    if (!$value$plusargs("n=%d", n)) n = 0;
    name = $sformatf("%s/mul_w%0d_l%0d", dir, W, LATENCY);
    if (SPREAD) name = {name, "_spread"};
    if (ECP5_DSP) name = {name, "_ecp5"};
    if (AW < W || BW < W) name = {name, $sformatf("_a%0d_b%0d", AW, BW)};
    if (n > NMAX) $fatal(1, "+n=%0d is more than NMAX = %0d", n, NMAX);
    fin = $fopen({name, ".in"}, "r");  // a lane without vectors stays idle
    if (fin == 0 || n <= 0) begin
      n = 0;
    end else begin
      $fclose(fin);  // (Verilator's $fclose also zeroes the variable)
      $readmemh({name, ".in"}, vec, 0, n - 1);
      fd = $fopen({name, ".out"}, "w");
    end
  end

  always @(posedge clk) begin
    if (i < n) begin
      {a, b} <= vec[i];
      i <= i + 1;
    end
  end

  always @(negedge clk) if (i > 0) $fwrite(fd, "%h %h %h\n", a, b, p);

  final if (fd != 0) $fclose(fd);
endmodule

module tb_mul #(
    parameter bit FINISH = 1'b1,  // end the run when done (0 inside tb_all)
    parameter int NMAX = 4096,
    parameter int EXTRA = 6  // cycles after the last vector (>= the largest LATENCY)
);
  logic clk = 1'b0;
  always #5 clk = ~clk;

  tb_mul_lane #(.W(8),  .LATENCY(0), .NMAX(NMAX)) u_8_0  (.clk(clk));
  tb_mul_lane #(.W(8),  .LATENCY(1), .NMAX(NMAX)) u_8_1  (.clk(clk));
  tb_mul_lane #(.W(8),  .LATENCY(3), .NMAX(NMAX)) u_8_3  (.clk(clk));
  tb_mul_lane #(.W(16), .LATENCY(0), .NMAX(NMAX)) u_16_0 (.clk(clk));
  tb_mul_lane #(.W(16), .LATENCY(1), .NMAX(NMAX)) u_16_1 (.clk(clk));
  tb_mul_lane #(.W(16), .LATENCY(3), .NMAX(NMAX)) u_16_3 (.clk(clk));
  tb_mul_lane #(.W(32), .LATENCY(0), .NMAX(NMAX)) u_32_0 (.clk(clk));
  tb_mul_lane #(.W(32), .LATENCY(1), .NMAX(NMAX)) u_32_1 (.clk(clk));
  tb_mul_lane #(.W(32), .LATENCY(3), .NMAX(NMAX)) u_32_3 (.clk(clk));
  tb_mul_lane #(.W(64), .LATENCY(0), .NMAX(NMAX)) u_64_0 (.clk(clk));
  tb_mul_lane #(.W(64), .LATENCY(1), .NMAX(NMAX)) u_64_1 (.clk(clk));
  tb_mul_lane #(.W(64), .LATENCY(3), .NMAX(NMAX)) u_64_3 (.clk(clk));
  tb_mul_lane #(.W(64), .LATENCY(5), .NMAX(NMAX)) u_64_5 (.clk(clk));
  tb_mul_lane #(.W(33), .LATENCY(4), .NMAX(NMAX)) u_33_4 (.clk(clk));
  tb_mul_lane #(.W(18), .LATENCY(3), .NMAX(NMAX)) u_18_3 (.clk(clk));
  tb_mul_lane #(.W(64), .LATENCY(6), .SPREAD(1'b1), .NMAX(NMAX)) u_64_6_s (.clk(clk));
  // ECP5 MULT18X18D (its simulation model, MULT18X18D.sv)
  tb_mul_lane #(.W(8),  .LATENCY(4), .ECP5_DSP(1'b1), .NMAX(NMAX)) u_8_4_e (.clk(clk));
  tb_mul_lane #(.W(17), .LATENCY(3), .ECP5_DSP(1'b1), .NMAX(NMAX)) u_17_3_e (.clk(clk));
  tb_mul_lane #(.W(33), .LATENCY(4), .ECP5_DSP(1'b1), .NMAX(NMAX)) u_33_4_e (.clk(clk));
  tb_mul_lane #(.W(64), .LATENCY(5), .ECP5_DSP(1'b1), .NMAX(NMAX)) u_64_5_e (.clk(clk));
  tb_mul_lane #(.W(64), .LATENCY(6), .SPREAD(1'b1), .ECP5_DSP(1'b1), .NMAX(NMAX)) u_64_6_s_e (.clk(clk));
  // operands whose high bits are known to be zero (AW, BW)
  tb_mul_lane #(.W(64), .LATENCY(5), .AW(32), .BW(20), .NMAX(NMAX)) u_64_5_n (.clk(clk));
  tb_mul_lane #(.W(64), .LATENCY(5), .AW(32), .BW(32), .ECP5_DSP(1'b1), .NMAX(NMAX)) u_64_5_n_e (.clk(clk));
  tb_mul_lane #(.W(106), .LATENCY(5), .AW(53), .BW(53), .ECP5_DSP(1'b1), .NMAX(NMAX)) u_106_5_n_e (.clk(clk));
  tb_mul_lane #(.W(40), .LATENCY(4), .AW(17), .BW(40), .NMAX(NMAX)) u_40_4_n (.clk(clk));

  if (FINISH) begin : g_finish
    int n = 0;
    initial begin
      if (!$value$plusargs("n=%d", n)) n = 0;
      repeat (n + EXTRA) @(posedge clk);
      @(negedge clk);
      $finish;
    end
  end
endmodule
