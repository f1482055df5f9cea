"""hls.progen: an independent random-program generator for differential testing of hls.

Programs are drawn from a typed, program-level model (``gen.py``): data first, then loop skeletons, then
statements following hardware idioms. An interpreter with exact C semantics (``interp.py``) runs the testbench's
inputs and guards exactly the operations that would be undefined; every program is then compiled with UBSan and
ASan and its output compared with the interpreter's (``check.py``) before ``hls`` and ``hls cosim`` see it
(``run.py``). Findings are reduced with C-Vise (``reduce.py``, ``interesting.py``).

    python -m hls.progen --n 200 --seed 1 --jobs 2 --out progen_out --reduce
"""
