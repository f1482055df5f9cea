// One Verilator build for the whole library test (tests/test_sv_library.py): the three test
// benches side by side, run for +n vectors plus the longest tail (the 64-bit divider's).
module tb_all;
  logic clk = 1'b0;
  int n = 0;
  always #5 clk = ~clk;

  tb_mul #(.FINISH(1'b0)) u_mul ();
  tb_div #(.FINISH(1'b0)) u_div ();
  tb_bram #(.FINISH(1'b0)) u_bram ();

  initial begin
    if (!$value$plusargs("n=%d", n)) n = 0;
    repeat (n + 68) @(posedge clk);
    @(negedge clk);
    $finish;
  end
endmodule
