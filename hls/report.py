"""Synthesis reports: ``report.json`` (machine-readable) and ``report.rpt`` (for people)."""

from __future__ import annotations

import json
import math
from typing import Any

from hls.ir.affine import AffineModel
from hls.ir.evaluate import eval_expr, trip_count
from hls.ir.hir import ForOp, HirFunc, IfOp, Op, ReturnOp, Time, TimeVar, Value, constants, registers_empty_exit
from hls.ir.interface import ArrayArg, FunctionInterface
from hls.ir.kernel import For, If, KernelFunction, Stmt, Variable, has_loop
from hls.resources import estimate
from hls.scheduler.target import Target


class _Unknown(Exception):
    pass


def static_latency(fn: HirFunc, kernel: KernelFunction, registered_empty_exit: bool = False) -> int | None:
    """Cycles from ap_start to ap_done when every loop's trip count (and every condition of an
    ``if`` around loops) is known at compile time and no loop may end early (its exits).
    ``registered_empty_exit``: the target's loops with bounds not both constant finish a cycle
    after an entry with no iteration to run (as the RTL builds them)."""
    loops = {lp.name: lp for lp in kernel.loops()}
    try:
        abs_time: dict[TimeVar, int] = {fn.start: 0}
        end = _region(fn.body, kernel.body, abs_time, {}, loops, constants(fn), registered_empty_exit)
        return end
    except _Unknown:
        return None


def _at(t: Time, abs_time: dict[TimeVar, int]) -> int:
    return abs_time[t.var] + t.offset


def flattened_trip_count(op: ForOp, consts: dict[Value, int]) -> int | None:
    """Iterations of a flattened nest: its loop counts from a constant 0 to its total, constant
    unless the nest's bounds read enclosing iterators (None)."""
    if op.bound not in consts:
        return None
    return consts[op.bound] - consts[op.init]


def _nest_iterations(op: ForOp, env: dict[Variable, int], loops: dict[str, For]) -> int | None:
    """Iterations of the flattened nest ``op`` in the enclosing iterations ``env``: the product
    of its levels' trip counts (bounds that read enclosing iterators, or constants)."""
    total = 1
    for name in (op.name, *op.flattened):
        lp = loops[name]
        init, bound = eval_expr(lp.init, env), eval_expr(lp.bound, env)
        if init is None or bound is None:
            return None
        total *= trip_count(init, lp.cmp, bound, lp.step)
    return total


def _region(
    ops: list[Op], stmts: list[Stmt], abs_time: dict[TimeVar, int], env: dict[Variable, int], loops: dict[str, For], consts: dict[Value, int],
    empty_exit: bool,
) -> int:  # fmt: skip
    """The end of the region ``ops`` scheduled from ``stmts``: its dynamic ``if`` ops are the
    ``if`` statements around loops among ``stmts``, in order."""
    end = 0
    ifs = iter([s for s in stmts if isinstance(s, If) and has_loop([s])])
    for op in ops:
        if isinstance(op, ForOp):
            lp = loops[op.name]
            init, bound = eval_expr(lp.init, env), eval_expr(lp.bound, env)
            if init is None or bound is None or lp.exits:
                raise _Unknown
            if op.flattened:
                flat = flattened_trip_count(op, consts)
                found = flat if flat is not None else _nest_iterations(op, env, loops)
                if found is None:
                    raise _Unknown
                n = found
            else:
                n = trip_count(init, lp.cmp, bound, lp.step)
            t = _at(op.at, abs_time)
            nested = any(isinstance(o, (ForOp, IfOp)) for o in op.body)
            if n == 0 and registers_empty_exit(op, consts, empty_exit):
                t += 1
            elif n > 0 and not nested and op.next_iter.var == op.iter_time:
                t += n * op.next_iter.offset
            else:
                for k in range(n):
                    abs_time[op.iter_time] = t
                    inner = dict(env)
                    inner[lp.var] = init + k * lp.step
                    _region(op.body, lp.body, abs_time, inner, loops, consts, empty_exit)
                    t = _at(op.next_iter, abs_time)
            abs_time[op.result] = t
        elif isinstance(op, IfOp):
            stmt = next(ifs, None)
            cond = eval_expr(stmt.cond, env) if stmt is not None else None
            if stmt is None or cond is None:
                raise _Unknown
            if cond:
                taken, body, start, stop = stmt.then_body, op.then_body, op.then_time, op.then_end
            else:
                taken, body, start, stop = stmt.else_body, op.else_body, op.else_time, op.else_end
            abs_time[start] = _at(op.at, abs_time)
            _region(body, taken, abs_time, env, loops, consts, empty_exit)
            abs_time[op.result] = _at(stop, abs_time)
        elif isinstance(op, ReturnOp):
            end = _at(op.at, abs_time)
    return end


def build_report(fn: HirFunc, model: AffineModel, iface: FunctionInterface, target: Target) -> dict[str, Any]:
    loops: list[dict[str, Any]] = []
    consts = constants(fn)

    def walk(ops: list[Op]) -> None:
        for op in ops:
            if isinstance(op, ForOp):
                kl = next(lp for lp in model.kernel.loops() if lp.name == op.name)
                info = model.loops[kl]
                if op.ii is not None:
                    it_lat: int | None = op.latency
                else:
                    it_lat = op.next_iter.offset if op.next_iter.var == op.iter_time else None
                trips = [info.trip_count, info.trip_min, info.trip_max]
                if op.flattened:  # one pipeline runs the whole nest
                    levels = [model.loops[lp] for lp in model.kernel.loops() if lp.name in op.flattened] + [info]
                    flat = flattened_trip_count(op, consts)
                    if flat is not None:
                        trips = [flat] * 3
                    elif all(x.trip_min is not None and x.trip_max is not None for x in levels):
                        low = math.prod(x.trip_min for x in levels)  # type: ignore[misc]
                        high = math.prod(x.trip_max for x in levels)  # type: ignore[misc]
                        trips = [low if low == high else None, low, high]
                    else:
                        trips = [None, None, None]
                if kl.exits:  # it may end early: at most its count, none for a while loop's
                    most = trips[2] if trips[2] is not None and trips[2] < 1 << 62 else None
                    trips = [None, None, most]
                loops.append({
                    "name": op.name,
                    "line": kl.loc.line,
                    "depth": info.depth,
                    "flattened": list(op.flattened),
                    "trip_count": trips[0],
                    "trip_count_min": trips[1],
                    "trip_count_max": trips[2],
                    "pipelined": op.ii is not None,
                    "target_ii": op.target_ii,
                    "achieved_ii": op.ii,
                    "mii": max(op.res_mii or 1, op.rec_mii or 1) if op.ii is not None else None,
                    "res_mii": op.res_mii,
                    "rec_mii": op.rec_mii,
                    "iteration_latency": it_lat,
                })
                walk(op.body)
            elif isinstance(op, IfOp):
                walk(op.then_body)
                walk(op.else_body)

    walk(fn.body)
    interfaces: list[dict[str, Any]] = [
        {"port": p, "direction": d, "bits": 1, "protocol": "ap_ctrl_hs", "object": fn.name}
        for p, d in (("ap_clk", "in"), ("ap_rst", "in"), ("ap_start", "in"), ("ap_done", "out"), ("ap_idle", "out"), ("ap_ready", "out"))
    ]
    if iface.return_type:
        interfaces.append({"port": "ap_return", "direction": "out", "bits": iface.return_type.width, "protocol": "ap_ctrl_hs", "object": fn.name})
    for p in iface.params:
        if isinstance(p, ArrayArg):
            for mem in p.memories:
                aw = max(1, (mem.depth - 1).bit_length())
                for k, use in enumerate(mem.ports):
                    sigs = [(f"address{k}", "out", aw), (f"ce{k}", "out", 1)]
                    if use.write:
                        sigs += [(f"we{k}", "out", 1), (f"d{k}", "out", p.elem.width)]
                    if use.read:
                        sigs += [(f"q{k}", "in", p.elem.width)]
                    for s, d, w in sigs:
                        interfaces.append({"port": f"{mem.name}_{s}", "direction": d, "bits": w, "protocol": "ap_memory", "object": p.name})
        else:
            interfaces.append({"port": p.rtl_name, "direction": "in", "bits": p.type.width, "protocol": "ap_none", "object": p.name})
    return {
        "top": fn.name,
        "clock_ns": target.clock_ns,
        "target": {"name": target.name, "family": target.data["family"]},
        "latency_cycles": static_latency(fn, model.kernel, target.registered_empty_exit),
        "resources": estimate(fn, target).as_dict(),
        "iteration_bound": model.kernel.iteration_bound,
        "transformations": list(model.kernel.transformations),
        "loops": loops,
        "interfaces": interfaces,
    }


def report_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2, sort_keys=True) + "\n"


def _bound_text(report: dict[str, Any]) -> str:
    """The innermost-loop iterations of the C program, and how far the latency is above them."""
    bound, lat = report["iteration_bound"], report["latency_cycles"]
    if bound is None:
        return "? (loop bounds depend on arguments, or loops may end early)"
    if lat is None or bound == 0:
        return f"{bound} (innermost-loop iterations of the C code)"
    return f"{bound} (innermost-loop iterations of the C code; latency is {lat / bound:.2f}x)"


def _exploration_text(found: dict[str, Any]) -> list[str]:
    budget = ", ".join(f"{k.upper()} {v}" for k, v in found["budget"].items()) or "none"
    base, chosen = found["baseline"], found["chosen"]
    out = [
        "== Exploration",
        f"  budget: {budget}; {found['evaluated']} designs evaluated",
        f"  source pragmas only: {base['cycles']} cycles, {base['resources'].get('dsp', '?')} DSP",
        f"  chosen:              {chosen['cycles']} cycles, {chosen['resources'].get('dsp', '?')} DSP",
        *(["  over the budget: no design found within it (this is the smallest)"] if found.get("over_budget") else []),
        *(f"  step: {r}" for r in found["rounds"]),
        "  directives (pragmas to paste):" if found["directives"] else "  no directive pays within the budget",
        *(f"    {d['pragma']}  // {d['where']}" for d in found["directives"]),
        "",
    ]
    return out


def report_text(report: dict[str, Any]) -> str:
    lat = report["latency_cycles"]
    out = [
        f"== Synthesis report for '{report['top']}'",
        "",
        "== Timing",
        f"  target:       {report['target']['name']} ({report['target']['family']})",
        f"  target clock: {report['clock_ns']:.2f} ns",
        "",
        "== Latency",
        f"  latency (cycles): {lat if lat is not None else '? (depends on arguments or data)'}",
        f"  iteration bound:  {_bound_text(report)}",
        "",
        "== Resources (estimate)",
        *(f"  {name}: {report['resources'][key]}" for key, name in (("dsp", "DSP"), ("lut", "LUT"), ("ff", "FF"), ("bram", "BRAM_18K"))
          if "resources" in report),
        "",
        *(_exploration_text(report["exploration"]) if report.get("exploration") else []),
        "== Loop transformations",
        *(f"  {t}" for t in report["transformations"] or ["none (the source order)"]),
        "",
        "== Loops",
        f"  {'loop':<28} {'line':>5} {'trip count':>12} {'iter lat':>9} {'target II':>10} {'achieved II':>12} {'MII':>5} {'pipelined':>10}",
    ]
    for lp in report["loops"]:
        trip = lp["trip_count"] if lp["trip_count"] is not None else (
            f"{lp['trip_count_min'] if lp['trip_count_min'] is not None else '?'}~{lp['trip_count_max']}"
            if lp["trip_count_max"] is not None else "?")
        dash = "-"
        out.append(
            f"  {'  ' * (lp['depth'] - 1) + '+'.join([lp['name'], *lp['flattened']]):<28} {lp['line']:>5} {trip!s:>12} "
            f"{lp['iteration_latency'] if lp['iteration_latency'] is not None else dash!s:>9} "
            f"{lp['target_ii'] if lp['target_ii'] is not None else dash!s:>10} "
            f"{lp['achieved_ii'] if lp['achieved_ii'] is not None else dash!s:>12} "
            f"{lp['mii'] if lp['mii'] is not None else dash!s:>5} {'yes' if lp['pipelined'] else 'no':>10}"
        )
    out += ["", "== Interface", f"  {'port':<24} {'dir':>4} {'bits':>5} {'protocol':>10}  object"]
    for i in report["interfaces"]:
        out.append(f"  {i['port']:<24} {i['direction']:>4} {i['bits']:>5} {i['protocol']:>10}  {i['object']}")
    return "\n".join(out) + "\n"
