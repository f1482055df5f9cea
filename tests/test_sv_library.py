"""The SystemVerilog library modules: hls_mul and hls_div (templates/lib) and the RAM modules the
backend generates from templates/ram.sv.j2 (hls_bram_1p, hls_bram_2p).

Each module must lint clean under ``verilator --lint-only -Wall`` for every parameter set below,
and must match a Python model in simulation, under both Verilator and Icarus. The test benches
(tests/sv_library/tb_*.sv) hold one lane per parameter set, so one build simulates them all:
Python writes each lane's vectors (``<lane>.in``), one run streams them one per cycle, and each
lane writes one row per cycle (``<lane>.out``) that is checked here, cycle by cycle.
"""

from __future__ import annotations

import fcntl
import os
import random
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from hls.cosim import VERILATOR_SAFE_OPTS

TESTS = Path(__file__).parent
LIB = TESTS.parent / "templates" / "lib"
BENCH = TESTS / "sv_library"


def _generated_rams() -> Path:
    """The RAM modules exactly as the backend generates them (templates/ram.sv.j2)."""
    from hls.backend.render import _env
    from hls.backend.rtl import RtlRam

    folder = Path(tempfile.gettempdir()) / f"hls_sv_library_rams_{os.getuid()}"
    folder.mkdir(exist_ok=True)
    for ports in (1, 2):
        text = _env().get_template("ram.sv.j2").render(r=RtlRam(f"hls_bram_{ports}p", ports, "block"))
        tmp = folder / f".hls_bram_{ports}p.{os.getpid()}"
        tmp.write_text(text)
        tmp.replace(folder / f"hls_bram_{ports}p.sv")  # atomic: xdist workers may race
    return folder


GEN = _generated_rams()
LIB_FILES = [LIB / "hls_mul.sv", LIB / "hls_mul_dsp.sv", LIB / "MULT18X18D.sv", LIB / "hls_div.sv", GEN / "hls_bram_1p.sv", GEN / "hls_bram_2p.sv"]
BENCH_FILES = [BENCH / f for f in ("tb_mul.sv", "tb_div.sv", "tb_bram.sv", "tb_all.sv")]

N_VECTORS = 1200  # vectors (cycles) per lane; the benches hold up to 4096

# the lanes of the test benches, in the same order
# (W, LATENCY, SPREAD, ECP5_DSP)
MUL_LANES = [(w, lat, False, False) for w in (8, 16, 32, 64) for lat in (0, 1, 3)] + [(64, 5, False, False), (33, 4, False, False), (18, 3, False, False)]
MUL_LANES += [(64, 6, True, False), (8, 4, False, True), (17, 3, False, True), (33, 4, False, True), (64, 5, False, True), (64, 6, True, True)]
# (W, LATENCY, ECP5_DSP, AW, BW): operands whose high bits are zero
MUL_NARROW_LANES = [(64, 5, False, 32, 20), (64, 5, True, 32, 32), (106, 5, True, 53, 53), (40, 4, False, 17, 40)]
DIV_LANES = [(w, s) for w in (8, 16, 32, 64) for s in (False, True)]
BRAM_LANES = [  # (ports, WIDTH, DEPTH, AW)
    (1, 32, 16, 4),
    (1, 8, 100, 7),
    (1, 64, 1, 1),
    (1, 17, 5, 3),
    (2, 32, 16, 4),
    (2, 16, 1024, 10),
    (2, 8, 100, 7),
    (2, 64, 1, 1),
]

Row = list[int | None]  # one output row; None where the simulator printed x or z


# --------------------------------------------------------------------------------------------
# lint


def _lint(module: str, params: dict[str, str], others: tuple[Path, ...] = ()) -> None:
    path = LIB / f"{module}.sv" if (LIB / f"{module}.sv").exists() else GEN / f"{module}.sv"
    cmd = ["verilator", "--lint-only", "-Wall", *(f"-G{k}={v}" for k, v in params.items()), "--top-module", module, str(path), *map(str, others)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    output = (proc.stdout + proc.stderr).strip()
    assert proc.returncode == 0 and not output, f"{' '.join(cmd)}\n{output}"


@pytest.mark.parametrize("w", [1, 8, 16, 18, 32, 33, 64])
@pytest.mark.parametrize("latency", [0, 1, 2, 3, 4, 5])
def test_lint_mul(w: int, latency: int) -> None:
    _lint("hls_mul", {"W": str(w), "LATENCY": str(latency)})


@pytest.mark.parametrize("w", [8, 17, 18, 33, 64, 106])
@pytest.mark.parametrize(("latency", "spread"), [(3, "1'b0"), (4, "1'b0"), (4, "1'b1"), (6, "1'b1")])
def test_lint_mul_ecp5_dsp(w: int, latency: int, spread: str) -> None:
    """hls_mul on ECP5 MULT18X18D primitives (hls_mul_dsp, simulated by MULT18X18D.sv)."""
    _lint("hls_mul", {"W": str(w), "LATENCY": str(latency), "SPREAD": spread, "ECP5_DSP": "1'b1"}, (LIB / "hls_mul_dsp.sv", LIB / "MULT18X18D.sv"))


@pytest.mark.parametrize("w", [1, 2, 8, 16, 32, 64])
@pytest.mark.parametrize("signed", ["1'b0", "1'b1"])  # a plain -GSIGNED=1 is a 32-bit value: WIDTH warning
def test_lint_div(w: int, signed: str) -> None:
    _lint("hls_div", {"W": str(w), "SIGNED": signed})


@pytest.mark.parametrize("ports", [1, 2])
@pytest.mark.parametrize(("width", "depth", "aw"), [(32, 16, 4), (8, 100, 7), (64, 1, 1), (1, 2, 1), (17, 5, 3), (16, 1024, 10), (32, 4096, 12)])
def test_lint_bram(ports: int, width: int, depth: int, aw: int) -> None:
    _lint(f"hls_bram_{ports}p", {"WIDTH": str(width), "DEPTH": str(depth), "AW": str(aw)})


def test_lint_instantiated_like_the_generator(tmp_path: Path) -> None:
    """Parameters given on the instances (as generated code does, SIGNED as 1'b0/1'b1), with an
    output left to a wire named ``*_unused``: still no warning."""
    top = tmp_path / "lib_top.sv"
    top.write_text(
        """`default_nettype none
module lib_top (
    input  logic        ap_clk,
    input  logic [31:0] x,
    input  logic [31:0] y,
    input  logic [ 3:0] addr,
    input  logic        ce,
    input  logic        we,
    output logic [31:0] prod,
    output logic [31:0] quot,
    output logic [31:0] q0,
    output logic [31:0] q1,
    output logic [31:0] q2
);
  logic [31:0] v_rem_unused;
  hls_mul #(.W(32), .LATENCY(3)) u_mul (.clk(ap_clk), .ce(1'b1), .a(x), .b(y), .p(prod));
  hls_div #(.W(32), .SIGNED(1'b1)) u_div (.clk(ap_clk), .a(x), .b(y), .q(quot), .r(v_rem_unused));
  hls_bram_1p #(.WIDTH(32), .DEPTH(16), .AW(4)) u_ram1 (
      .clk(ap_clk), .ce0(ce), .we0(we), .address0(addr), .d0(x), .q0(q0));
  hls_bram_2p #(.WIDTH(32), .DEPTH(16), .AW(4)) u_ram2 (
      .clk(ap_clk), .ce0(ce), .we0(we), .address0(addr), .d0(x), .q0(q1),
      .ce1(ce), .we1(1'b0), .address1(~addr), .d1(y), .q1(q2));
endmodule
`default_nettype wire
"""
    )
    cmd = ["verilator", "--lint-only", "-Wall", "--top-module", "lib_top", str(top), *map(str, LIB_FILES)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    output = (proc.stdout + proc.stderr).strip()
    assert proc.returncode == 0 and not output, output


def test_div_exposes_its_latency() -> None:
    """The scheduler and the test below rely on LATENCY = W + 2 (Verilator cannot read an
    instance's localparam in a constant expression, so this checks the source)."""
    assert "localparam int LATENCY = W + 2;" in (LIB / "hls_div.sv").read_text()


# --------------------------------------------------------------------------------------------
# Python models


def _signed(v: int, w: int) -> int:
    return v - (1 << w) if v >> (w - 1) & 1 else v


def mul_model(a: int, b: int, w: int) -> int:
    return (a * b) % (1 << w)


def div_model(a: int, b: int, w: int, signed: bool) -> tuple[int, int]:
    """C division: quotient truncated toward zero, remainder with the dividend's sign. For the
    cases C leaves undefined it gives the values the module's header documents."""
    mask = (1 << w) - 1
    if b == 0:  # magnitude quotient all ones, sign applied; the remainder is the dividend
        return (1 if signed and a >> (w - 1) else mask), a
    if not signed:
        return a // b, a % b
    sa, sb = _signed(a, w), _signed(b, w)
    q = abs(sa) // abs(sb)  # exact integer arithmetic, no float rounding
    if (sa < 0) != (sb < 0):
        q = -q
    r = sa - sb * q
    return q & mask, r & mask  # INT_MIN / -1 wraps to INT_MIN, remainder 0


def _specials(w: int) -> list[int]:
    mask = (1 << w) - 1
    int_min = 1 << (w - 1)
    return sorted({0, 1, 2, 3, 7, mask, mask - 1, mask - 6, int_min, int_min - 1, int_min + 1, int_min >> 1})


def _operand(rng: random.Random, w: int) -> int:
    """Uniform bits, small magnitudes of either sign, or an edge value."""
    x = rng.random()
    if x < 0.15:
        return rng.choice(_specials(w))
    if x < 0.55:
        return rng.getrandbits(w)
    v = rng.getrandbits(rng.randint(1, w))
    return (-v) % (1 << w) if rng.random() < 0.5 else v


def mul_vectors(w: int, n: int) -> list[tuple[int, int]]:
    rng = random.Random(f"mul{w}")
    sp = _specials(w)
    vecs = [(a, b) for a in sp for b in sp]
    vecs += [(_operand(rng, w), _operand(rng, w)) for _ in range(n - len(vecs))]
    return vecs[:n]


def _div_defined(a: int, b: int, w: int, signed: bool) -> bool:
    return b != 0 and not (signed and a == 1 << (w - 1) and b == (1 << w) - 1)


def div_vectors(w: int, signed: bool, n: int) -> list[tuple[int, int]]:
    """Defined divisions only: every pair of edge values (with -1, 1, INT_MIN, INT_MAX), then
    random operands of mixed magnitudes and signs."""
    rng = random.Random(f"div{w}{signed}")
    sp = _specials(w)
    vecs = [(a, b) for a in sp for b in sp if _div_defined(a, b, w, signed)]
    while len(vecs) < n:
        a, b = _operand(rng, w), _operand(rng, w)
        if _div_defined(a, b, w, signed):
            vecs.append((a, b))
    return vecs[:n]


def div_undefined_vectors(w: int, signed: bool, n: int) -> list[tuple[int, int]]:
    """Division by zero and INT_MIN / -1, mixed with defined divisions."""
    rng = random.Random(f"divundef{w}{signed}")
    int_min, mask = 1 << (w - 1), (1 << w) - 1
    vecs = []
    for k in range(n):
        if k % 3 == 0:
            vecs.append((_operand(rng, w), 0))
        elif k % 3 == 1 and signed:
            vecs.append((int_min, mask))
        else:
            vecs.append((_operand(rng, w), _operand(rng, w) | 1))
    return vecs


BramCycle = tuple[tuple[int, int, int, int], ...]  # per port: (ce, we, address, d)


def bram_vectors(ports: int, width: int, depth: int, aw: int, n: int) -> list[BramCycle]:
    """First every word is written (so later reads are defined), then random reads and writes
    with ce low now and then (we, address and d random: they must be ignored). Two writes to one
    word in one cycle are avoided; a read on one port of the word the other port writes is not."""
    rng = random.Random(f"bram{ports}_{width}x{depth}")
    cycles: list[BramCycle] = []
    for base in range(0, depth, ports):
        cycles.append(tuple((1, 1, a, rng.getrandbits(width)) if a < depth else (0, 0, 0, 0) for a in range(base, base + ports)))
    hot = [rng.randrange(depth) for _ in range(2)]  # addresses the ports often share
    while len(cycles) < n:
        cyc = []
        for _ in range(ports):
            ce = int(rng.random() < 0.8)
            we = int(rng.random() < 0.4)
            addr = rng.choice(hot) if rng.random() < 0.3 else rng.randrange(depth)
            cyc.append((ce, we, addr, rng.getrandbits(width)))
        if ports == 2 and cyc[0][0] and cyc[0][1] and cyc[1][0] and cyc[1][1] and cyc[0][2] == cyc[1][2]:
            cyc[1] = (1, 0, cyc[1][2], cyc[1][3])  # write-write collision: undefined in hardware
        cycles.append(tuple(cyc))
    return cycles[:n]


def bram_model(cycles: list[BramCycle], ports: int, depth: int) -> list[Row]:
    """Expected q of every port after each cycle (read-first; q holds while ce is low)."""
    mem: list[int | None] = [None] * depth
    q: list[int | None] = [None] * ports
    out = []
    for cyc in cycles:
        q = [mem[addr] if ce else q[p] for p, (ce, _we, addr, _d) in enumerate(cyc)]  # reads see the old words
        for ce, we, addr, d in cyc:
            if ce and we:
                mem[addr] = d
        out.append(list(q))
    return out


# --------------------------------------------------------------------------------------------
# vector files, builds and runs


def _mul_name(w: int, lat: int, spread: bool, ecp5: bool) -> str:
    return f"mul_w{w}_l{lat}" + ("_spread" if spread else "") + ("_ecp5" if ecp5 else "")


def _mul_narrow_name(w: int, lat: int, ecp5: bool, aw: int, bw: int) -> str:
    return _mul_name(w, lat, False, ecp5) + f"_a{aw}_b{bw}"


def mul_narrow_vectors(w: int, aw: int, bw: int, n: int) -> list[tuple[int, int]]:
    """Vectors of a w-bit product whose operands have aw and bw low bits: those of mul_vectors
    at those widths, so they include each width's extremes."""
    return [(a, b) for (a, _), (_, b) in zip(mul_vectors(aw, n), mul_vectors(bw, n))]


def _div_name(w: int, signed: bool) -> str:
    return f"div_w{w}_s{int(signed)}"


def _bram_name(ports: int, width: int, depth: int) -> str:
    return f"bram{ports}p_{width}x{depth}"


def _write_hex(path: Path, values: list[int], bits: int) -> None:
    digits = (bits + 3) // 4
    path.write_text("".join(f"{v:0{digits}x}\n" for v in values))


def _write_standard_vectors(folder: Path) -> None:
    for w, lat, spread, ecp5 in MUL_LANES:
        _write_hex(folder / f"{_mul_name(w, lat, spread, ecp5)}.in", [a << w | b for a, b in mul_vectors(w, N_VECTORS)], 2 * w)
    for w, lat, ecp5, aw, bw in MUL_NARROW_LANES:
        _write_hex(folder / f"{_mul_narrow_name(w, lat, ecp5, aw, bw)}.in", [a << w | b for a, b in mul_narrow_vectors(w, aw, bw, N_VECTORS)], 2 * w)
    for w, signed in DIV_LANES:
        _write_hex(folder / f"{_div_name(w, signed)}.in", [a << w | b for a, b in div_vectors(w, signed, N_VECTORS)], 2 * w)
    for ports, width, depth, aw in BRAM_LANES:
        vw = 2 + aw + width
        packed = []
        for cyc in bram_vectors(ports, width, depth, aw, N_VECTORS):
            v = 0
            for ce, we, addr, d in cyc:
                v = v << vw | ce << (vw - 1) | we << (vw - 2) | addr << width | d
            packed.append(v)
        _write_hex(folder / f"{_bram_name(ports, width, depth)}.in", packed, ports * vw)


def _write_undefined_div_vectors(folder: Path) -> None:
    for w, signed in DIV_LANES:
        vecs = div_undefined_vectors(w, signed, N_VECTORS)
        _write_hex(folder / f"{_div_name(w, signed)}.in", [a << w | b for a, b in vecs], 2 * w)


def _run(cmd: list[str], cwd: Path) -> str:
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"{' '.join(cmd)}\n{output}"
    return output


def _shared_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder shared by the pytest-xdist workers of this run (only this process's otherwise)."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    base = tmp_path_factory.getbasetemp()
    folder = base.parent / f"sv_library_{run}" if run else base / "sv_library"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def verilator_binary(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tb_all built once per test run (workers wait for the first one's build)."""
    shared = _shared_dir(tmp_path_factory)
    binary = shared / "obj" / "Vtb_all"
    done = shared / "built"
    with open(shared / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            # -O0: the generated C++ is large (unrolled pipelines), the run is short
            opt = "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"
            cmd = ["verilator", "--binary", "-j", "2", *VERILATOR_SAFE_OPTS, "--top-module", "tb_all", "-Mdir", "obj", "-MAKEFLAGS", opt]
            _run([*cmd, *map(str, LIB_FILES + BENCH_FILES)], shared)
            done.touch()
    return binary


@pytest.fixture(scope="session")
def icarus_binary(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("icarus")
    vvp = folder / "tb_all.vvp"
    _run(["iverilog", "-g2012", "-s", "tb_all", "-o", str(vvp), *map(str, LIB_FILES + BENCH_FILES)], folder)
    return vvp


def _simulate(sim: str, binary: Path, folder: Path) -> None:
    args = [f"+dir={folder}", f"+n={N_VECTORS}"]
    cmd = [str(binary), *args] if sim == "verilator" else ["vvp", "-n", str(binary), *args]
    output = _run(cmd, folder)
    assert "error" not in output.lower(), output


SIMS = ["verilator", "icarus"]


def _runs(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, kind: str, write: Callable[[Path], None]) -> Callable[[str], Path]:
    done: dict[str, Path] = {}

    def get(sim: str) -> Path:
        if sim not in done:
            folder = tmp_path_factory.mktemp(f"{kind}_{sim}")
            write(folder)
            _simulate(sim, request.getfixturevalue(f"{sim}_binary"), folder)
            done[sim] = folder
        return done[sim]

    return get


@pytest.fixture(scope="session")
def standard_runs(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """sim -> the folder of its run on the standard vectors (each simulator runs once)."""
    return _runs(request, tmp_path_factory, "standard", _write_standard_vectors)


@pytest.fixture(scope="session")
def undefined_div_runs(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """sim -> the folder of its run on divisions C leaves undefined (the other lanes stay idle)."""
    return _runs(request, tmp_path_factory, "undefined", _write_undefined_div_vectors)


def _read_rows(path: Path) -> list[Row]:
    def field(s: str) -> int | None:
        try:
            return int(s, 16)
        except ValueError:  # x or z digits
            return None

    return [[field(s) for s in line.split()] for line in path.read_text().splitlines()]


def _check_stream(rows: list[Row], vecs: list[tuple[int, int]], latency: int, expect: Callable[[int, int], tuple[int, ...]]) -> None:
    """Row c echoes vector c's operands and holds the results of vector c - latency; one vector
    entered every cycle. Also checks that the results are not there one cycle early or late."""
    n = len(vecs)
    assert len(rows) >= n + latency, f"{len(rows)} rows for {n} vectors and latency {latency}"
    for c, (a, b) in enumerate(vecs):
        assert rows[c][:2] == [a, b], f"row {c}: operands {rows[c][:2]}, expected {[a, b]} (bench misaligned)"

    def matches(offset: int) -> list[int]:
        return [c for c, v in enumerate(vecs) if c + offset < len(rows) and tuple(rows[c + offset][2:]) == expect(*v)]

    good = matches(latency)
    if len(good) != n:
        bad = sorted(set(range(n)) - set(good))[:5]
        details = [f"vector {c} {tuple(map(hex, vecs[c]))}: got {rows[c + latency][2:]}, expected {list(expect(*vecs[c]))}" for c in bad]
        pytest.fail(f"{n - len(good)} of {n} results wrong at latency {latency}:\n" + "\n".join(details))
    for off in (latency - 1, latency + 1):
        if off >= 0:
            assert len(matches(off)) < n // 2, f"the results also match at latency {off}: the latency check is not sharp"


# --------------------------------------------------------------------------------------------
# simulation tests


@pytest.mark.parametrize("sim", SIMS)
@pytest.mark.parametrize(("w", "latency", "spread", "ecp5"), MUL_LANES)
def test_mul_stream(standard_runs: Callable[[str], Path], sim: str, w: int, latency: int, spread: bool, ecp5: bool) -> None:
    rows = _read_rows(standard_runs(sim) / f"{_mul_name(w, latency, spread, ecp5)}.out")
    _check_stream(rows, mul_vectors(w, N_VECTORS), latency, lambda a, b: (mul_model(a, b, w),))


@pytest.mark.parametrize("sim", SIMS)
@pytest.mark.parametrize(("w", "latency", "ecp5", "aw", "bw"), MUL_NARROW_LANES)
def test_mul_narrow_operands_stream(standard_runs: Callable[[str], Path], sim: str, w: int, latency: int, ecp5: bool, aw: int, bw: int) -> None:
    """Products whose operands' high bits are known zero (AW, BW): the partial products and
    rows of the low chunks only."""
    rows = _read_rows(standard_runs(sim) / f"{_mul_narrow_name(w, latency, ecp5, aw, bw)}.out")
    _check_stream(rows, mul_narrow_vectors(w, aw, bw, N_VECTORS), latency, lambda a, b: (mul_model(a, b, w),))


@pytest.mark.parametrize("sim", SIMS)
@pytest.mark.parametrize(("w", "signed"), DIV_LANES)
def test_div_stream(standard_runs: Callable[[str], Path], sim: str, w: int, signed: bool) -> None:
    """Defined divisions, one per cycle, results exactly W + 2 cycles later."""
    rows = _read_rows(standard_runs(sim) / f"{_div_name(w, signed)}.out")
    _check_stream(rows, div_vectors(w, signed, N_VECTORS), w + 2, lambda a, b: div_model(a, b, w, signed))


@pytest.mark.parametrize("sim", SIMS)
@pytest.mark.parametrize(("w", "signed"), DIV_LANES)
def test_div_undefined_cases_give_no_x(undefined_div_runs: Callable[[str], Path], sim: str, w: int, signed: bool) -> None:
    """x / 0 and INT_MIN / -1 (undefined in C) give defined values, never X (Icarus is 4-state),
    without disturbing the divisions around them; the values are the ones the header documents."""
    rows = _read_rows(undefined_div_runs(sim) / f"{_div_name(w, signed)}.out")
    vecs = div_undefined_vectors(w, signed, N_VECTORS)
    for c in range(w + 2, len(vecs) + w + 2):
        assert None not in rows[c], f"row {c}: X in {rows[c]}"
    _check_stream(rows, vecs, w + 2, lambda a, b: div_model(a, b, w, signed))


@pytest.mark.parametrize("sim", SIMS)
@pytest.mark.parametrize(("ports", "width", "depth", "aw"), BRAM_LANES)
def test_bram_random_access(standard_runs: Callable[[str], Path], sim: str, ports: int, width: int, depth: int, aw: int) -> None:
    """Random reads and writes on every port against the read-first model, read latency 1."""
    rows = _read_rows(standard_runs(sim) / f"{_bram_name(ports, width, depth)}.out")
    cycles = bram_vectors(ports, width, depth, aw, N_VECTORS)
    expected = bram_model(cycles, ports, depth)
    assert len(rows) >= len(cycles) + 1
    checked = 0
    for c, exp in enumerate(expected):
        got = rows[c + 1]  # the accesses of cycle c show in row c + 1
        for p in range(ports):
            if exp[p] is not None:
                assert got[p] == exp[p], f"cycle {c} port {p} {cycles[c][p]}: q = {got[p]}, expected {exp[p]}"
                checked += 1
    assert checked > ports * len(cycles) // 2
