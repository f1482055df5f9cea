#!/usr/bin/env python3
"""Benchmark: CP-SAT scheduling time of pipelined loop bodies of about 30, 100 and 300 operations.

Prints, per size: operations in the body, MII, achieved II, iteration latency and seconds spent
in the ``schedule`` pass (the whole pass: dependence distances, MII, modulo schedule, HIR).
Not a test: run it by hand (python3 scripts/bench_scheduler.py).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from hls.frontend.affine import affine_model
from hls.frontend.c_to_kernel import c_to_kernel
from hls.frontend.preprocess import parse_file
from hls.ir.hir import ForOp
from hls.scheduler.lower_to_hir import ScheduleOptions, schedule
from hls.scheduler.target import load_target


def kernel_source(statements: int) -> str:
    """A loop whose body is a mix of loads, integer ops and stores over four arrays."""
    body = []
    for k in range(statements):
        a, b = "abcd"[k % 4], "abcd"[(k + 1) % 4]
        body.append(f"    t{k} = ({a}[i] ^ {b}[(i + {k % 5}) & 63]) + (t{k - 1 if k else 0} >> {k % 7}) * {k % 5 + 1};")
        if k % 3 == 2:
            body.append(f"    out{k % 4}[i] = t{k} - t{k - 2};")
    decls = " ".join(f"int t{k} = 0;" for k in range(statements))
    return (
        "void bench(const int a[64], const int b[64], const int c[64], const int d[64], int out0[64], int out1[64], int out2[64], int out3[64]) {\n"
        f"  {decls}\n  for (int i = 0; i < 64; i++) {{\n" + "\n".join(body) + "\n  }\n}\n"
    )


def count_ops(loop: ForOp) -> int:
    return len(loop.body)


def main() -> int:
    print(f"{'statements':>10} {'ops':>6} {'MII':>5} {'II':>4} {'latency':>8} {'seconds':>8}")
    for statements in (6, 22, 70):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "bench.c"
            path.write_text(kernel_source(statements))
            parsed = parse_file(path, [])
            model = affine_model(c_to_kernel(parsed.ast, parsed.path, "bench"))
            start = time.perf_counter()
            fn = schedule(model, ScheduleOptions(load_target()))
            seconds = time.perf_counter() - start
            loop = next(op for op in fn.body if isinstance(op, ForOp))
            mii = max(loop.res_mii or 1, loop.rec_mii or 1)
            print(f"{statements:>10} {count_ops(loop):>6} {mii:>5} {loop.ii!s:>4} {loop.latency!s:>8} {seconds:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
