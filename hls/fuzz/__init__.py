"""Differential fuzzer: random kernels inside the documented C subset, synthesized and
co-simulated against gcc, with findings reduced by C-Vise (``python -m hls.fuzz``)."""
