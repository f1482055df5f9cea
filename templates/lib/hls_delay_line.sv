// hls_delay_line: written by hls. q is d delayed by D cycles (D >= 3), free running, as a row of D
// registers would be: a ring of D - 1 words in distributed RAM (written every cycle at the
// pointer, read there before the write) and an output register. A pipeline's long delays on a
// fabric without shift-register primitives (ECP5) take RAM instead of D * W flip-flops. The
// pointer is reset (ap_rst); the values before that are unknown, as a register row's are.
`default_nettype none

module hls_delay_line #(
    parameter int W = 1,
    parameter int D = 3
) (
    input  logic         clk,
    input  logic         rst,
    input  logic [W-1:0] d,
    output logic [W-1:0] q
);
  localparam int N = D - 1;
  localparam int AW = N > 1 ? $clog2(N) : 1;
  (* ram_style = "distributed" *) logic [W-1:0] ring[N];
  logic [AW-1:0] ptr;
  always_ff @(posedge clk) begin
    if (rst) ptr <= '0;
    else ptr <= ptr == AW'(N - 1) ? '0 : ptr + AW'(1);
  end
  always_ff @(posedge clk) begin
    q <= ring[ptr];
    ring[ptr] <= d;
  end
endmodule

`default_nettype wire
