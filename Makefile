# hls: two set-up commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
SCRIPTS := $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_path("scripts"))')
HLS := $(SCRIPTS)/hls
STAMP := .deps-stamp

.PHONY: deps fuzz-deps demo test check lint typecheck unit clean polybench fuzz fuzz-independent fp-check libm-check impl-corpus

# The stamp lives in the checkout but the install in the environment: a stamp whose install is
# gone (a new virtualenv, a reset machine) is dropped so the install runs again. (The checkout's
# own hls/ folder is left off the path: from here it imports without any install.)
deps:
	@$(PYTHON) -c 'import sys; sys.path = [p for p in sys.path if p not in ("", ".")]; import hls, islpy, ortools' 2>/dev/null && command -v verilator >/dev/null || rm -f $(STAMP)
	@$(MAKE) --no-print-directory $(STAMP)

$(STAMP): setup.cfg pyproject.toml scripts/install-deps.sh
	PYTHON=$(PYTHON) ./scripts/install-deps.sh
	@command -v verilator >/dev/null && command -v iverilog >/dev/null && touch $(STAMP)

FUZZ_STAMP := .fuzz-deps-stamp
fuzz-deps: $(FUZZ_STAMP)

$(FUZZ_STAMP): scripts/install-fuzz-deps.sh $(STAMP)
	./scripts/install-fuzz-deps.sh
	touch $(FUZZ_STAMP)

# Differential fuzzing: N random kernels of seed SEED, synthesized and co-simulated against gcc;
# findings (and their C-Vise reductions) in fuzz_out/failures/, counts in fuzz_out/summary.json.
N ?= 200
SEED ?= 1
JOBS ?= 2
FUZZ_FLAGS ?= --reduce
fuzz: fuzz-deps
	$(PYTHON) -m hls.fuzz --n $(N) --seed $(SEED) --jobs $(JOBS) --out fuzz_out $(FUZZ_FLAGS)

# Independent second generator (hls.progen): N programs from seeds SEED..SEED+N-1, checked UB-free, synthesized,
# co-simulated and classified; findings (original and C-Vise reduction) in progen_out/findings/<class>/.
fuzz-independent: fuzz-deps
	$(PYTHON) -m hls.progen --n $(N) --seed $(SEED) --jobs $(JOBS) --out progen_out --reduce

# Bit-exact check of the synthesizable floating-point cores against the host's C: N random and
# edge-case operand sets for each of the 64 operators (add, sub, mul, fma, scale, div, sqrt, compares,
# conversions; binary32 and binary64) under Verilator, pipelined at the latencies of TARGET.
TARGET ?= default
fp-check: deps
	$(PYTHON) scripts/check_fp_cores.py --n $(if $(filter command line,$(origin N)),$(N),1000000) --seed $(SEED) --target $(TARGET)

# hls's C math library (frontend/libm) against the host's glibc: every float argument of expf,
# N (default 100 million) seeded argument pairs of powf
libm-check: deps
	$(PYTHON) scripts/check_libm.py --exhaustive --n $(if $(filter command line,$(origin N)),$(N),100000000) --seed $(SEED)

# The open FPGA flow on every kernel of tests/kernels and tests/kernels/int: synthesis for ECP5,
# cosim with the kernel's testbench, hls impl; the table in tests/kernels/results-impl.md.
impl-corpus: deps
	$(PYTHON) scripts/impl_corpus.py --jobs $(JOBS)

# Compile the bundled example and co-simulate it against its C testbench.
demo: deps
	$(HLS) examples/dot_product.c --top dot_product -o hls_out/dot_product
	$(HLS) cosim examples/dot_product.c --top dot_product -o hls_out/dot_product --tb examples/dot_product_tb.c
	@echo "demo: RTL in hls_out/dot_product/rtl, report in hls_out/dot_product/report.rpt"

lint: deps
	$(PYTHON) -m ruff check .

typecheck: deps
	$(PYTHON) -m mypy

# pytest exits 5 when it collects nothing: say so instead of passing silently or failing obscurely.
unit: deps fuzz-deps
	@$(SCRIPTS)/pytest -q -n 2 --durations=25; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: pytest collected no tests"; fi; exit $$rc

check: lint typecheck

test: check unit

clean:
	rm -rf hls_out fuzz_out .pytest_cache .mypy_cache .ruff_cache $(STAMP) $(FUZZ_STAMP)

# synthesis and cosim of every PolyBench kernel (see polybench/Makefile; DATASET=MINI|SMALL)
polybench: deps
	$(MAKE) -C polybench -j$$(nproc) DATASET=$${DATASET:-MINI}
