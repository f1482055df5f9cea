"""The pass registry: each pass is one function from one IR to the next, registered once.

The driver runs them in order, verifies the result of each, and ``--emit STAGE`` stops after the
pass whose stage is STAGE and writes its printed IR.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hls.backend.lower_to_sv import lower_to_sv
from hls.backend.render import render_module
from hls.explore import PRECOMPUTE, apply_directives, apply_transformed_directives
from hls.frontend.affine import affine_model
from hls.frontend.c_to_kernel import c_to_kernel
from hls.frontend.dependences import dependences, deps_to_json, deps_to_text
from hls.frontend.precompute_invariants import precompute_pass
from hls.frontend.reuse_loads import reuse_loads
from hls.ir.affine import print_affine, verify_affine
from hls.ir.hir import print_hir
from hls.ir.hir_verify import verify_hir
from hls.ir.kernel import print_kernel, verify_kernel
from hls.scheduler.loop_transform import loop_transform
from hls.scheduler.lower_to_hir import schedule
from hls.scheduler.partition import partition
from hls.scheduler.unroll import unroll


@dataclass(frozen=True)
class PassInfo:
    name: str  # kebab-case pass name
    stage: str  # what --emit calls the IR it produces
    run: Callable[[Any, Any], Any]  # (input IR, compile context) -> output IR
    verify: Callable[[Any], None] | None
    printer: Callable[[Any], str]
    suffix: str  # file name suffix of the printed IR in OUTDIR
    # files the stage writes under fixed names when it is emitted (name -> text)
    extra: Callable[[Any], dict[str, str]] | None = None


PIPELINE: tuple[PassInfo, ...] = (
    PassInfo("c-to-kernel", "kernel", lambda parsed, ctx: apply_directives(c_to_kernel(parsed.ast, parsed.path, ctx.top, ctx.warnings), ctx.opts.directives),
             verify_kernel, print_kernel, ".kernel"),
    PassInfo("unroll", "unroll", lambda kernel, ctx: unroll(kernel, ctx.warnings), verify_kernel, print_kernel, ".unroll"),
    PassInfo("partition", "partition", lambda kernel, ctx: partition(kernel, ctx.warnings), verify_kernel, print_kernel, ".partition"),
    PassInfo("precompute-invariants", "precompute", lambda kernel, ctx: precompute_pass(kernel, ctx.opts.precompute or PRECOMPUTE in ctx.opts.directives),
             verify_kernel, print_kernel, ".precompute"),
    PassInfo("loop-transform", "transform", lambda kernel, ctx: loop_transform(kernel, ctx.schedule_options, ctx.opts.transform), verify_kernel,
             print_kernel, ".transform"),
    PassInfo("explored", "explored", lambda kernel, ctx: apply_transformed_directives(kernel, ctx.opts.directives, ctx.warnings), verify_kernel,
             print_kernel, ".explored"),
    PassInfo("reuse-loads", "reuse", lambda kernel, ctx: reuse_loads(kernel, ctx.opts.transform), verify_kernel, print_kernel, ".reuse"),
    PassInfo("affine-model", "affine", lambda kernel, ctx: affine_model(kernel), verify_affine, print_affine, ".affine"),
    PassInfo("dependences", "deps", lambda model, ctx: dependences(model), verify_affine, deps_to_text, ".deps",
             lambda model: {"deps.json": deps_to_json(model), "deps.txt": deps_to_text(model)}),
    PassInfo("schedule", "hir", lambda model, ctx: schedule(model, ctx.schedule_options), verify_hir, print_hir, ".hir"),
    PassInfo("lower-to-sv", "sv", lambda hir, ctx: lower_to_sv(hir, ctx.interface_for(hir), ctx.header, ctx.schedule_options.target), None,
             render_module, ".sv"),
)

STAGES: tuple[str, ...] = tuple(p.stage for p in PIPELINE)
