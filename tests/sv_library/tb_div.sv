// Test bench for hls_div (tests/test_sv_library.py). One lane per parameter set, all in one
// build; +dir=<folder> names the vector folder and +n=<count> the number of vectors (<= NMAX;
// the lines of each .in file); a lane whose .in file is missing stays idle.
// A lane streams <dir>/div_w<W>_s<SIGNED>.in ({a, b} in hex, one per line) into the divider,
// one vector per cycle, and writes "a b q r" in hex once per cycle to the .out file. The inputs
// change right after a rising edge (like a register output) and each row is sampled at the
// falling edge: row c holds vector c's inputs and the results of vector c - (W + 2).
// Rows continue EXTRA cycles past the last vector.
module tb_div_lane #(
    parameter int W = 8,
    parameter bit SIGNED = 1'b1,
    parameter int NMAX = 4096
) (
    input logic clk
);
  logic [2*W-1:0] vec[NMAX];
  logic [W-1:0] a = '0;
  logic [W-1:0] b = '0;
  logic [W-1:0] q;
  logic [W-1:0] r;
  int n = 0;
  int i = 0;
  int fin = 0;
  int fd = 0;
  string dir;
  string name;

  hls_div #(.W(W), .SIGNED(SIGNED)) dut (.clk(clk), .a(a), .b(b), .q(q), .r(r));

  initial begin
    if (!$value$plusargs("dir=%s", dir)) dir = ".";
    if (!$value$plusargs("n=%d", n)) n = 0;
    name = $sformatf("%s/div_w%0d_s%0d", dir, W, SIGNED);
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

  always @(negedge clk) if (i > 0) $fwrite(fd, "%h %h %h %h\n", a, b, q, r);

  final if (fd != 0) $fclose(fd);
endmodule

module tb_div #(
    parameter bit FINISH = 1'b1,  // end the run when done (0 inside tb_all)
    parameter int NMAX = 4096,
    parameter int EXTRA = 68  // cycles after the last vector (>= the largest latency, 64 + 2)
);
  logic clk = 1'b0;
  always #5 clk = ~clk;

  tb_div_lane #(.W(8),  .SIGNED(1'b0), .NMAX(NMAX)) u_8_u  (.clk(clk));
  tb_div_lane #(.W(8),  .SIGNED(1'b1), .NMAX(NMAX)) u_8_s  (.clk(clk));
  tb_div_lane #(.W(16), .SIGNED(1'b0), .NMAX(NMAX)) u_16_u (.clk(clk));
  tb_div_lane #(.W(16), .SIGNED(1'b1), .NMAX(NMAX)) u_16_s (.clk(clk));
  tb_div_lane #(.W(32), .SIGNED(1'b0), .NMAX(NMAX)) u_32_u (.clk(clk));
  tb_div_lane #(.W(32), .SIGNED(1'b1), .NMAX(NMAX)) u_32_s (.clk(clk));
  tb_div_lane #(.W(64), .SIGNED(1'b0), .NMAX(NMAX)) u_64_u (.clk(clk));
  tb_div_lane #(.W(64), .SIGNED(1'b1), .NMAX(NMAX)) u_64_s (.clk(clk));

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
