"""``python -m hls.progen``: the independent random-program campaign (see README of hls.progen in __init__)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from hls.progen.build import build
from hls.progen.reduce import single_file
from hls.progen.run import Campaign


def main(argv: list[str] | None = None) -> int:
    """Command line."""
    ap = argparse.ArgumentParser(prog="python -m hls.progen", description="Random C kernels from a typed program model, checked UB-free, "
                                 "synthesized and co-simulated with hls; findings classified and reduced with C-Vise.")  # fmt: skip
    ap.add_argument("--n", type=int, default=100, help="number of programs")
    ap.add_argument("--seed", type=int, default=1, help="first seed (programs use seeds SEED..SEED+N-1)")
    ap.add_argument("--jobs", type=int, default=2, help="programs at a time (at most 2 on the shared machine)")
    ap.add_argument("--out", type=Path, default=Path("progen_out"), help="output folder")
    ap.add_argument("--hls", default="hls", help="the hls command to test")
    ap.add_argument("--reduce", action="store_true", help="reduce the first finding of every signature with C-Vise")
    ap.add_argument("--reduce-timeout", type=float, default=1800, help="seconds per reduction")
    ap.add_argument("--synth-timeout", type=float, default=300)
    ap.add_argument("--cosim-timeout", type=float, default=600)
    ap.add_argument("--keep", action="store_true", help="keep the folders of passing programs")
    ap.add_argument("--print", dest="show", action="store_true", help="print the program of --seed and exit")
    a = ap.parse_args(argv)
    if a.show:
        sys.stdout.write(single_file(build(a.seed)))
        return 0
    camp = Campaign(a.out, a.hls, a.jobs, a.synth_timeout, a.cosim_timeout, a.reduce, a.reduce_timeout, a.keep)
    summary = camp.run(list(range(a.seed, a.seed + a.n)))
    print(json.dumps(summary["counts"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
