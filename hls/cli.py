"""The ``hls`` command line: a thin click layer over the driver and cosim."""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

import click

from hls.diagnostics import HlsError, InternalError, SourceLoc
from hls.impl import PLACER, PLACER_TIMING_WEIGHT, PLACERS
from hls.passes import STAGES

if TYPE_CHECKING:
    from hls.driver import CompileOptions


def _cpp_args(includes: tuple[str, ...], defines: tuple[str, ...]) -> list[str]:
    """Preprocessor flags; include directories absolute, since cosim compiles in its own folder."""
    return [f"-I{Path(d).resolve()}" for d in includes] + [f"-D{d}" for d in defines]


class _DefaultGroup(click.Group):
    """``hls FILE.c ...`` means ``hls synth FILE.c ...``."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h", "--version"):
            args = ["synth", *args]
        return super().parse_args(ctx, args)


@click.group(cls=_DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hls")
def main() -> None:
    """hls: high-level synthesis of C kernels to SystemVerilog.

    \b
      hls FILE.c --top F [options]        synthesize (same as 'hls synth')
      hls cosim FILE.c --top F [options]  co-simulate the RTL against the C code
      hls impl FILE.c --top F [options]   place and route the RTL with the open tools (ECP5)
    """


def _common(f):  # type: ignore[no-untyped-def]
    f = click.option("--debug", is_flag=True, help="On an internal error, show the Python traceback.")(f)
    f = click.option("-D", "defines", multiple=True, metavar="NAME[=VAL]", help="Define a preprocessor macro.")(f)
    f = click.option("-I", "includes", multiple=True, metavar="DIR", help="Add an include directory.")(f)
    f = click.option("-o", "--outdir", type=click.Path(path_type=Path), help="Output directory (default: hls_out/TOP).")(f)
    f = click.option("--top", required=True, metavar="F", help="The C function to synthesize.")(f)
    f = click.argument("file", type=click.Path(path_type=Path))(f)
    return f


def _fail(err: Exception, debug: bool, stage: str) -> None:
    """Reports a failure and exits: 1 for an error in the user's input, 2 for a bug in hls
    (the pass and C location it was processing; the traceback only with --debug or HLS_DEBUG=1)."""
    if isinstance(err, HlsError):
        click.echo(err.render(), err=True)
        sys.exit(1)
    internal = err if isinstance(err, InternalError) else InternalError.from_exception(err, stage)
    if debug or os.environ.get("HLS_DEBUG"):
        click.echo("".join(traceback.format_exception(err)), err=True)
    click.echo(internal.render(), err=True)
    sys.exit(2)


@main.command()
@_common
@click.option("--ii", type=click.IntRange(min=1), default=1, show_default=True, help="Default target initiation interval of pipelined loops.")
@click.option("--clock-ns", type=click.FloatRange(min=1.0), default=None, help="Target clock period in ns (default: the target's, 10 ns).")
@click.option(
    "--target", "target", default="default", show_default=True, metavar="NAME|FILE.json",
    help="Device family whose delays and operator latencies the schedule uses: 'default' (7-series class), "
    "'ecp5' (Lattice ECP5, deeper floating-point pipelines), or a target file.",
)  # fmt: skip
@click.option("--no-pipeline", is_flag=True, help="Do not pipeline loops (unless a loop's own pragma asks for it).")
@click.option("--no-transform", is_flag=True, help="Keep the loops in the source order (no distribution, interchange or fusion).")
@click.option("--no-flatten", is_flag=True, help="Neither flatten loop nests into one pipeline (as 'loop_flatten off' everywhere) nor merge independent loops.")
@click.option(
    "--precompute-invariants", "precompute", is_flag=True,
    help="Compute an operation a loop nest repeats on the elements of a read-only array (syr2k: A[j][k] * alpha) once per element, "
    "into an array read in its place: fewer operators for one more loop (the exploration may choose it).",
)  # fmt: skip
@click.option("--emit", type=click.Choice(STAGES), help="Stop after this stage and write its IR to OUTDIR/TOP.<stage>.")
@click.option("--max-dsp", type=click.IntRange(min=0), help="Explore unrolling and partitioning for the fewest cycles within this many DSPs.")
@click.option("--max-bram", type=click.IntRange(min=0), help="... and this many 18-Kbit block RAMs.")
@click.option("--max-lut", type=click.IntRange(min=0), help="... and this many LUTs.")
@click.option("--device", metavar="PART", help="Explore within the resources of this part (e.g. xc7z020, xczu9eg; explicit --max-* take precedence).")
@click.option("--explore-jobs", type=click.IntRange(min=1), help="Designs evaluated in parallel while exploring (default: the cores).")
@click.option("--dask", metavar="ADDRESS|local", help="Evaluate the exploration's designs on this Dask scheduler ('local': a local cluster).")
@click.option("--explore-max-designs", type=click.IntRange(min=1), default=300, show_default=True,
              help="Stop exploring after this many designs (the fastest found so far is chosen).")
def synth(
    file: Path, top: str, outdir: Path | None, includes: tuple[str, ...], defines: tuple[str, ...], debug: bool,
    ii: int, clock_ns: float | None, target: str, no_pipeline: bool, no_transform: bool, no_flatten: bool, precompute: bool, emit: str | None,
    max_dsp: int | None, max_bram: int | None, max_lut: int | None, device: str | None, explore_jobs: int | None, dask: str | None,
    explore_max_designs: int,
) -> None:  # fmt: skip
    """Synthesize FILE's function TOP to SystemVerilog.

    Innermost loops are pipelined at the target II (--ii, or '#pragma HLS pipeline II=N' in the
    loop; 'pipeline off' keeps a loop sequential). Writes OUTDIR/rtl/TOP.sv (plus helper modules
    and filelist.f), OUTDIR/TOP.hir (the scheduled IR), OUTDIR/report.rpt and OUTDIR/report.json,
    and OUTDIR/interface.json.
    """
    from hls.driver import CompileOptions, compile_kernel

    out = outdir or Path("hls_out") / top
    try:
        opts = CompileOptions(
            file, top, out, _cpp_args(includes, defines), emit, ii, clock_ns, not no_pipeline, not no_flatten, not no_transform, target, precompute=precompute
        )
        if any(x is not None for x in (max_dsp, max_bram, max_lut, device)):
            opts = _explored(opts, device, max_dsp, max_bram, max_lut, explore_jobs, dask, explore_max_designs)
        result = compile_kernel(opts)
    except Exception as err:  # noqa: BLE001 - every failure becomes a message and an exit status
        _fail(err, debug, "synth")
        return
    for w in result.warnings:
        click.echo(w.render(), err=True)
    if result.report is not None:
        lat = result.report["latency_cycles"]
        click.echo(f"hls: {top}: wrote {out}/rtl/{top}.sv (latency {lat if lat is not None else '?'} cycles)")
    else:
        click.echo(f"hls: {top}: wrote {', '.join(str(f) for f in result.files)}")


def _explored(
    opts: CompileOptions, device: str | None, max_dsp: int | None, max_bram: int | None, max_lut: int | None, jobs: int | None, dask: str | None,
    max_designs: int = 300,
) -> CompileOptions:  # fmt: skip
    """``opts`` with the directives the exploration chose within the budget (progress on stderr)."""
    from hls.explore import Budget, explore
    from hls.frontend.c_to_kernel import c_to_kernel
    from hls.frontend.preprocess import parse_file

    try:
        budget = Budget.of(device, dsp=max_dsp, bram=max_bram, lut=max_lut)
    except ValueError as err:
        raise HlsError(SourceLoc(str(opts.file), 0, 0), str(err)) from None
    parsed = parse_file(opts.file, opts.cpp_args)
    fn = c_to_kernel(parsed.ast, parsed.path, opts.top, [])
    click.echo(f"hls: {opts.top}: exploring unrolling and partitioning within {budget.describe()}", err=True)
    found = explore(opts, fn, budget, jobs, dask, progress=lambda note: click.echo(f"hls: {opts.top}: explore: {note}", err=True), max_designs=max_designs)
    if found.chosen.cycles is not None and not budget.allows(found.chosen.resources):
        # (the operators a kernel needs at least once each may alone exceed the budget)
        used = ", ".join(f"{k.upper()} {found.chosen.resources[k]}" for k, v in dataclasses.asdict(budget).items() if v is not None)
        click.echo(f"hls: {opts.top}: warning: no design found within {budget.describe()}: the smallest uses {used}", err=True)
    return dataclasses.replace(opts, directives=found.chosen.directives, exploration=found.as_dict())


@main.command()
@_common
@click.option("--tb", "tbs", multiple=True, type=click.Path(path_type=Path), help="C testbench file with main (repeatable; may be FILE itself).")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the random inputs (without --tb).")
@click.option("--runs", type=click.IntRange(min=1), default=3, show_default=True, help="Number of random calls (without --tb).")
@click.option(
    "--quick-build", is_flag=True, envvar="HLS_COSIM_QUICK_BUILD",
    help="Compile the simulation model at -Og instead of -O1: builds faster, simulates slower (short runs). Also set by HLS_COSIM_QUICK_BUILD=1.",
)  # fmt: skip
def cosim(
    file: Path, top: str, outdir: Path | None, includes: tuple[str, ...], defines: tuple[str, ...], debug: bool,
    tbs: tuple[Path, ...], seed: int, runs: int, quick_build: bool,
) -> None:  # fmt: skip
    """Co-simulate the RTL in OUTDIR (as it is on disk) against FILE's C function TOP.

    Every call runs the C function (gcc -O0 -ffp-contract=off) and the RTL (Verilator), and
    compares every array element and the return value bit-exactly. Prints the cycles of each
    call and PASS, writes OUTDIR/cosim.json; exits 1 on any mismatch. Synthesizes first only if
    OUTDIR has no RTL.
    """
    from hls.cosim import run_cosim
    from hls.driver import CompileOptions, compile_kernel, interface_from_json

    out = outdir or Path("hls_out") / top
    cpp = _cpp_args(includes, defines)
    try:
        filelist = out / "rtl" / "filelist.f"
        if not filelist.exists() or not (out / "interface.json").exists():
            compile_kernel(CompileOptions(file, top, out, cpp))
        iface = interface_from_json((out / "interface.json").read_text())
        if not file.is_file():
            raise HlsError(SourceLoc(str(file), 0, 0), "no such file")
        if iface.name != top:
            raise HlsError(SourceLoc(str(file), 0, 0), f"cosim: the RTL in {out} is of '{iface.name}', not '{top}' (give each top its own -o folder)")
        if Path(iface.kernel_file).resolve() != file.resolve():
            # the C function compared is FILE's, as asked; say so when the RTL came from another file
            click.echo(f"hls: note: the RTL in {out} was synthesized from {iface.kernel_file}; comparing it with {file}", err=True)
            iface = dataclasses.replace(iface, kernel_file=str(file.resolve()))
        rtl = [out / "rtl" / line.strip() for line in filelist.read_text().splitlines() if line.strip()]
        result = run_cosim(iface, rtl, out, tb_files=list(tbs) or None, cpp_args=cpp, seed=seed, runs=runs, echo=click.echo, quick_build=quick_build)
    except Exception as err:  # noqa: BLE001 - every failure becomes a message and an exit status
        _fail(err, debug, "cosim")
        return
    sys.exit(0 if result.status == "pass" else 1)


@main.command()
@_common
@click.option("--seed", type=int, default=1, show_default=True, help="Placement seed of nextpnr.")
@click.option(
    "--timing-weight", type=click.IntRange(min=0), default=PLACER_TIMING_WEIGHT, show_default=True,
    help="Weight of timing in nextpnr's heap placer (--placer-heap-timingweight; nextpnr's own default is 10).",
)  # fmt: skip
@click.option(
    "--placer", type=click.Choice(PLACERS), default=PLACER, show_default=True,
    help="nextpnr's placer: 'static' (electrostatic, timing-driven), 'heap' (analytic, weighed by --timing-weight), "
    "or 'both' at once, keeping the faster design.",
)  # fmt: skip
def impl(
    file: Path, top: str, outdir: Path | None, includes: tuple[str, ...], defines: tuple[str, ...], debug: bool, seed: int, timing_weight: int,
    placer: str,
) -> None:  # fmt: skip
    """Implement the RTL in OUTDIR (as it is on disk) with the open tools, out of context.

    Yosys synth_ecp5 and nextpnr-ecp5 place and route it on a Lattice ECP5-85 (speed 6) at the
    design's target clock; Yosys synth_xilinx estimates 7-series resources. Prints Fmax, whether
    the clock is met and the resources, and adds them to OUTDIR/report.json ("implementation")
    and report.rpt; exits 0 whether or not the clock is met. Synthesizes first only if OUTDIR
    has no RTL.
    """
    from hls.driver import CompileOptions, compile_kernel
    from hls.impl import implementation_text, run_impl

    out = outdir or Path("hls_out") / top
    try:
        if not (out / "rtl" / "filelist.f").exists() or not (out / "report.json").exists():
            compile_kernel(CompileOptions(file, top, out, _cpp_args(includes, defines)))
        report = json.loads((out / "report.json").read_text())
        if report["top"] != top:
            raise HlsError(SourceLoc(str(file), 0, 0), f"impl: the RTL in {out} is of '{report['top']}', not '{top}' (give each top its own -o folder)")
        result = run_impl(out, seed, echo=lambda msg: click.echo(msg, err=True), timing_weight=timing_weight, placer=placer)
    except Exception as err:  # noqa: BLE001 - every failure becomes a message and an exit status
        _fail(err, debug, "impl")
        return
    click.echo(implementation_text(result), nl=False)
