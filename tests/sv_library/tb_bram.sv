// Test bench for hls_bram_1p and hls_bram_2p (tests/test_sv_library.py). One lane per
// parameter set, all in one build; +dir=<folder> names the vector folder and +n=<count> the
// number of cycles (<= NMAX; the lines of each .in file); a lane whose .in file is missing stays
// idle. A lane streams <dir>/bram<P>p_<WIDTH>x<DEPTH>.in (hex, one cycle per line:
// {ce0, we0, address0, d0}, for 2p followed by {ce1, we1, address1, d1}) into the RAM and
// writes "q0" (1p) or "q0 q1" (2p) in hex once per cycle to the .out file. The inputs change
// right after a rising edge and each row is sampled at the falling edge: row c shows the read
// data of the accesses of cycle c - 1. Rows continue 2 cycles past the last one.
module tb_bram1_lane #(
    parameter int WIDTH = 32,
    parameter int DEPTH = 16,
    parameter int AW = 4,
    parameter int NMAX = 4096
) (
    input logic clk
);
  localparam int VW = 2 + AW + WIDTH;
  logic [VW-1:0] vec[NMAX];
  logic ce0 = 1'b0;
  logic we0 = 1'b0;
  logic [AW-1:0] address0 = '0;
  logic [WIDTH-1:0] d0 = '0;
  logic [WIDTH-1:0] q0;
  int n = 0;
  int i = 0;
  int fin = 0;
  int fd = 0;
  string dir;
  string name;

  hls_bram_1p #(.WIDTH(WIDTH), .DEPTH(DEPTH), .AW(AW)) dut (
      .clk(clk), .ce0(ce0), .we0(we0), .address0(address0), .d0(d0), .q0(q0)
  );

  initial begin
    if (!$value$plusargs("dir=%s", dir)) dir = ".";
    if (!$value$plusargs("n=%d", n)) n = 0;
    name = $sformatf("%s/bram1p_%0dx%0d", dir, WIDTH, DEPTH);
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
      {ce0, we0, address0, d0} <= vec[i];
      i <= i + 1;
    end else begin
      {ce0, we0} <= 2'b00;
    end
  end

  always @(negedge clk) if (i > 0) $fwrite(fd, "%h\n", q0);

  final if (fd != 0) $fclose(fd);
endmodule

module tb_bram2_lane #(
    parameter int WIDTH = 32,
    parameter int DEPTH = 16,
    parameter int AW = 4,
    parameter int NMAX = 4096
) (
    input logic clk
);
  localparam int VW = 2 + AW + WIDTH;
  logic [2*VW-1:0] vec[NMAX];
  logic ce0 = 1'b0;
  logic we0 = 1'b0;
  logic [AW-1:0] address0 = '0;
  logic [WIDTH-1:0] d0 = '0;
  logic [WIDTH-1:0] q0;
  logic ce1 = 1'b0;
  logic we1 = 1'b0;
  logic [AW-1:0] address1 = '0;
  logic [WIDTH-1:0] d1 = '0;
  logic [WIDTH-1:0] q1;
  int n = 0;
  int i = 0;
  int fin = 0;
  int fd = 0;
  string dir;
  string name;

  hls_bram_2p #(.WIDTH(WIDTH), .DEPTH(DEPTH), .AW(AW)) dut (
      .clk(clk),
      .ce0(ce0), .we0(we0), .address0(address0), .d0(d0), .q0(q0),
      .ce1(ce1), .we1(we1), .address1(address1), .d1(d1), .q1(q1)
  );

  initial begin
    if (!$value$plusargs("dir=%s", dir)) dir = ".";
    if (!$value$plusargs("n=%d", n)) n = 0;
    name = $sformatf("%s/bram2p_%0dx%0d", dir, WIDTH, DEPTH);
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
      {ce0, we0, address0, d0, ce1, we1, address1, d1} <= vec[i];
      i <= i + 1;
    end else begin
      {ce0, we0, ce1, we1} <= 4'b0000;
    end
  end

  always @(negedge clk) if (i > 0) $fwrite(fd, "%h %h\n", q0, q1);

  final if (fd != 0) $fclose(fd);
endmodule

module tb_bram #(
    parameter bit FINISH = 1'b1,  // end the run when done (0 inside tb_all)
    parameter int NMAX = 4096
);
  logic clk = 1'b0;
  always #5 clk = ~clk;

  tb_bram1_lane #(.WIDTH(32), .DEPTH(16),   .AW(4),  .NMAX(NMAX)) u1_32x16   (.clk(clk));
  tb_bram1_lane #(.WIDTH(8),  .DEPTH(100),  .AW(7),  .NMAX(NMAX)) u1_8x100   (.clk(clk));
  tb_bram1_lane #(.WIDTH(64), .DEPTH(1),    .AW(1),  .NMAX(NMAX)) u1_64x1    (.clk(clk));
  tb_bram1_lane #(.WIDTH(17), .DEPTH(5),    .AW(3),  .NMAX(NMAX)) u1_17x5    (.clk(clk));
  tb_bram2_lane #(.WIDTH(32), .DEPTH(16),   .AW(4),  .NMAX(NMAX)) u2_32x16   (.clk(clk));
  tb_bram2_lane #(.WIDTH(16), .DEPTH(1024), .AW(10), .NMAX(NMAX)) u2_16x1024 (.clk(clk));
  tb_bram2_lane #(.WIDTH(8),  .DEPTH(100),  .AW(7),  .NMAX(NMAX)) u2_8x100   (.clk(clk));
  tb_bram2_lane #(.WIDTH(64), .DEPTH(1),    .AW(1),  .NMAX(NMAX)) u2_64x1    (.clk(clk));

  if (FINISH) begin : g_finish
    int n = 0;
    initial begin
      if (!$value$plusargs("n=%d", n)) n = 0;
      repeat (n + 2) @(posedge clk);
      @(negedge clk);
      $finish;
    end
  end
endmodule
