"""Affine model of the kernel: iteration domains, access relations and the original schedule (isl).

It is built from the kernel IR by the ``affine-model`` pass and is what the scheduler reads: the
kernel IR it wraps gives the operations, isl gives the iteration spaces, trip counts and (later)
the exact dependences.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import islpy as isl

from hls.ir.kernel import Assign, For, KernelFunction, Return, Variable


@dataclass(eq=False)
class Access:
    """One read or write of an array (or of a scalar, as a 0-d array) by a statement."""

    var: Variable
    relation: isl.Map  # statement instance -> element
    must: bool  # False: the access may happen (data-dependent condition or subscript)


@dataclass(eq=False)
class AffineStatement:
    name: str  # S0, S1, ... in source order
    stmt: Assign | Return
    loops: list[For]  # enclosing loops, outermost first
    domain: isl.Set
    schedule: isl.Map  # original (sequential) schedule, 2d+1 form
    reads: list[Access]
    writes: list[Access]
    exact: bool  # every enclosing condition is affine


@dataclass(eq=False)
class AffineLoop:
    loop: For
    depth: int  # 1 for outermost
    domain: isl.Set  # values of the enclosing and own iterators for which the body runs
    trip_count: int | None  # when the same for every entry and independent of arguments
    trip_min: int | None
    trip_max: int | None


@dataclass(eq=False)
class Dependence:
    """source instance -> sink instance on one array (the pass ``dependences`` computes them)."""

    kind: str  # "RAW" | "WAR" | "WAW"
    array: Variable
    source: AffineStatement
    sink: AffineStatement
    relation: isl.Map
    distance: dict[For, tuple[int, int] | None]  # per common loop, outermost first: [min, max]
    carried_by: For | None  # outermost common loop with a non-zero distance; None: same iteration
    may: bool  # involves a may access (data-dependent condition or subscript)


@dataclass(eq=False)
class AffineModel:
    kernel: KernelFunction
    params: list[str]  # scalar arguments appearing in affine bounds, conditions or subscripts
    context: isl.Set
    statements: list[AffineStatement] = field(default_factory=list)
    loops: dict[For, AffineLoop] = field(default_factory=dict)
    dependences: list[Dependence] = field(default_factory=list)

    def carried_by(self, loop: For) -> list[Dependence]:
        """Dependences carried by ``loop``."""
        return [d for d in self.dependences if d.carried_by is loop]

    def min_distance(self, dep: Dependence, loop: For) -> int | None:
        """The least iteration distance of ``dep`` along ``loop`` (None: unknown or not common)."""
        d = dep.distance.get(loop)
        return d[0] if d is not None else None

    def within_iteration(self, a: AffineStatement, b: AffineStatement) -> list[Dependence]:
        """Dependences from ``a`` to ``b`` inside one iteration of all their common loops."""
        return [d for d in self.dependences if d.source is a and d.sink is b and d.carried_by is None]

    def statement_of(self, stmt: Assign | Return) -> AffineStatement:
        for s in self.statements:
            if s.stmt is stmt:
                return s
        raise KeyError(stmt)


def print_affine(model: AffineModel) -> str:
    """The printed form (``--emit affine``)."""
    out = [f"affine model of {model.kernel.name}", f"  context: {model.context}"]
    for lp in model.loops.values():
        trip = lp.trip_count if lp.trip_count is not None else f"{lp.trip_min}..{lp.trip_max}"
        out.append(f"  loop {lp.loop.name} (line {lp.loop.loc.line}, depth {lp.depth}, trip count {trip}): {lp.domain}")
    for s in model.statements:
        out.append(f"  {s.name} (line {s.stmt.loc.line}){'' if s.exact else ' [may]'}: {s.domain}")
        out.append(f"    schedule: {s.schedule}")
        for a in s.reads:
            out.append(f"    read{'' if a.must else ' (may)'}: {a.relation}")
        for a in s.writes:
            out.append(f"    write{'' if a.must else ' (may)'}: {a.relation}")
    return "\n".join(out) + "\n"


def verify_affine(model: AffineModel) -> None:
    """Structural checks: each statement's spaces agree with its loop nest."""
    for s in model.statements:
        if s.domain.dim(isl.dim_type.set) != len(s.loops):
            raise AssertionError(f"{s.name}: domain dimension {s.domain.dim(isl.dim_type.set)} != depth {len(s.loops)}")
        for a in s.reads + s.writes:
            if a.relation.dim(isl.dim_type.in_) != len(s.loops):
                raise AssertionError(f"{s.name}: access of {a.var.name} has the wrong input dimension")
