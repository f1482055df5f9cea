"""Pass ``partition``: ``#pragma HLS array_partition`` (and ``array_reshape``) split arrays into
banks, each a memory of its own with its own ports, in the kernel IR.

``variable=A type=cyclic|block|complete factor=N dim=D`` (Vitis HLS's options and defaults:
``complete``, ``dim=1``; ``dim=0`` partitions every dimension; several pragmas on one array
partition several dimensions) gives each dimension a scheme (see ``Partition``). A local array
becomes local banks (scalars, i.e. registers, when partitioned completely in every dimension);
a top-level array's banks are memories outside the design with ports of their own
(``A_0_address0``, ``A_1_address0``, ...), which cosim serves from the C array.

Every access is rewritten to its bank: where isl proves the bank the same in every iteration of
the loops around the access (``A[i + 1]`` with ``i`` stepping by the cyclic factor), the access
goes straight to that bank; elsewhere a read selects among all banks (``?:`` on the bank number)
and a write stores into the bank it names (an ``if`` per bank). ``array_reshape`` is implemented
as ``array_partition`` (same banks, the same accesses per cycle).
"""

from __future__ import annotations

import itertools
import math

import islpy as isl

from hls.diagnostics import Diagnostic, HlsError
from hls.frontend.affine import index_values
from hls.frontend.pragmas import option_location
from hls.ir.ctypes import INT, ArrayType, IntType, ScalarType
from hls.ir.kernel import (
    ArrayRead,
    Assign,
    Binary,
    Cast,
    Const,
    Expr,
    For,
    If,
    KernelFunction,
    MathCall,
    Partition,
    Pragma,
    Select,
    Stmt,
    Unary,
    Variable,
    VarRead,
    array_reads,
    clone_expr,
    unique_name,
)

SCHEMES = ("cyclic", "block", "complete")
# a partition into more banks than this would make hardware nobody wants
MAX_BANKS = 1024


def _schemes(fn: KernelFunction, warnings: list[Diagnostic], pragmas: list[Pragma]) -> dict[Variable, tuple[list[tuple[str, int]], Pragma]]:
    """Each partitioned array's scheme per dimension (and its first pragma, for locations)."""
    variables = {v.name: v for v in fn.params + fn.locals}
    out: dict[Variable, tuple[list[tuple[str, int]], Pragma]] = {}
    for prag in pragmas:
        if prag.name not in ("array_partition", "array_reshape") or "off" in prag.options:
            continue
        var = variables[prag.options["variable"]]
        if not isinstance(var.type, ArrayType):
            raise HlsError(option_location(prag.loc, prag.options["variable"]), f"'{var.name}' in '#pragma HLS {prag.name}' is not an array")
        dims = var.type.dims
        flags = [o for o in SCHEMES if o in prag.options]
        scheme = prag.options.get("type", flags[0] if flags else "complete").lower()
        if scheme not in SCHEMES:
            raise HlsError(option_location(prag.loc, scheme), f"unknown partition type '{scheme}' (cyclic, block, complete)")
        factor: int | None = None
        if scheme != "complete":
            text = prag.options.get("factor")
            if not text:
                raise HlsError(prag.loc, f"'#pragma HLS {prag.name}' of type {scheme} needs 'factor=N'")
            factor = int(text)
        dim_text = prag.options.get("dim", "1")
        if not dim_text.isdigit() or int(dim_text) > len(dims):
            raise HlsError(option_location(prag.loc, "dim"), f"'{var.name}' has {len(dims)} dimension{'s' if len(dims) > 1 else ''}: no dim={dim_text}")
        chosen = range(len(dims)) if int(dim_text) == 0 else [int(dim_text) - 1]
        schemes, first = out.get(var, ([("none", 1)] * len(dims), prag))
        for d in chosen:
            n = dims[d] if factor is None else min(factor, dims[d])
            # (a factor of the whole extent is a complete partition, whichever the type)
            schemes[d] = ("complete", dims[d]) if factor is None or n == dims[d] else (scheme, n)
        if prag.name == "array_reshape" and var.kind == "param":
            warnings.append(Diagnostic(prag.loc, "warning", f"'#pragma HLS array_reshape' of argument '{var.name}' is implemented as array_partition: "
                                       "its banks get ports of their own instead of one wide word"))  # fmt: skip
        out[var] = (schemes, first)
    for var, (schemes, prag) in out.items():
        if math.prod(n for _, n in schemes) > MAX_BANKS:
            raise HlsError(prag.loc, f"'{var.name}' would be split into {math.prod(n for _, n in schemes)} banks (at most {MAX_BANKS})")
    return out


class _Partitioner:
    def __init__(self, fn: KernelFunction, parts: dict[Variable, Partition]) -> None:
        self.fn = fn
        self.parts = parts
        self.names = {v.name for v in fn.params + fn.locals} | {lp.var.name for lp in fn.loops()}
        self.temps: list[Variable] = []

    # -- bank numbers --
    def digits(self, part: Partition, indices: list[Expr], loops: list[For]) -> list[tuple[Expr | int, Expr | None]]:
        """Per dimension: its bank number (an int where isl proves it constant) and the index
        within the bank (None: the dimension is gone)."""
        assert isinstance(part.array.type, ArrayType)
        out: list[tuple[Expr | int, Expr | None]] = []
        for dim, (index, (scheme, n)) in enumerate(zip(indices, part.schemes)):
            t = index.type
            assert isinstance(t, IntType)
            loc = index.loc
            if scheme == "none":
                out.append((0, index))
                continue
            size = n if scheme == "cyclic" else -(-part.array.type.dims[dim] // n)
            if scheme == "complete":
                digit_expr, within = clone_expr(index), None
            elif scheme == "cyclic":
                digit_expr = Binary("%", clone_expr(index), Const(n, t, loc), t, loc)
                within = Binary("/", clone_expr(index), Const(n, t, loc), t, loc)
            else:
                digit_expr = Binary("/", clone_expr(index), Const(size, t, loc), t, loc)
                within = Binary("%", clone_expr(index), Const(size, t, loc), t, loc)
            fixed = self.constant(index, scheme, size, loops)
            if fixed is not None and not 0 <= fixed < n:
                # every execution would be out of bounds (C: undefined), so none happens, as in an
                # unrolled copy its guard never runs: selected at run time like any other access
                fixed = None
            out.append((digit_expr if fixed is None else fixed, within))
        return out

    def constant(self, index: Expr, scheme: str, size: int, loops: list[For]) -> int | None:
        """The bank number of ``index`` along its dimension where it is one for every iteration."""
        values = index_values(self.fn, loops, index)
        if values is None or values.is_empty():
            return None
        op = {"complete": "v", "cyclic": f"v mod {size}", "block": f"floor(v / {size})"}[scheme]
        digits = values.apply(isl.Map(f"{{ [v] -> [{op}] }}"))
        if not digits.is_singleton():
            return None
        return int(digits.sample_point().get_coordinate_val(isl.dim_type.set, 0).to_python())

    def banks_for(self, part: Partition, digits: list[tuple[Expr | int, Expr | None]]) -> list[tuple[Variable, list[Expr], Expr | None]]:
        """The banks an access may reach: each with the index within it and the condition that
        selects it (None: the only one)."""
        ranges = [[d] if isinstance(d, int) else list(range(n)) for (d, _), (_, n) in zip(digits, part.schemes)]
        within = [w for _, w in digits if w is not None]
        out: list[tuple[Variable, list[Expr], Expr | None]] = []
        for combo in itertools.product(*ranges):
            bank = 0
            conds: list[Expr] = []
            for (d, _), (_, n), value in zip(digits, part.schemes, combo):
                bank = bank * n + value
                if not isinstance(d, int):
                    loc = d.loc
                    t = d.type
                    assert isinstance(t, IntType)
                    conds.append(Binary("==", clone_expr(d), Const(value, t, loc), INT, loc))
            cond: Expr | None = None
            for c in conds:
                cond = c if cond is None else Binary("&&", cond, c, INT, c.loc)
            target = part.banks[bank]
            inner: list[Expr] = [clone_expr(w) for w in within] if within or not target.is_array else [Const(0, INT, part.loc)]
            out.append((target, inner, cond))
        return out

    # -- rewriting --
    def expr(self, e: Expr, loops: list[For], hoist: list[Stmt] | None = None) -> Expr:
        """``e`` with its accesses to partitioned arrays rewritten to banks. A subscript that reads
        memory is copied into each bank's access and condition; with ``hoist`` (``e`` is evaluated
        unconditionally where those statements run) it is computed once into a temporary there
        instead, so nested indirect subscripts do not multiply."""
        if isinstance(e, ArrayRead):
            indices = [self.expr(i, loops, hoist) for i in e.indices]
            part = self.parts.get(e.array)
            if part is None:
                return ArrayRead(e.array, indices, e.loc)
            digits = self.digits(part, indices, loops)
            if hoist is not None and self.copied_reads(indices, digits):
                indices = [self.once(i, hoist) if array_reads(i) else i for i in indices]
                digits = self.digits(part, indices, loops)
            choices = self.banks_for(part, digits)
            result: Expr | None = None
            for bank, within, cond in reversed(choices):
                read: Expr = ArrayRead(bank, within, e.loc) if bank.is_array else VarRead(bank, e.loc)
                if not bank.is_array and bank.init is not None:  # an element of a table: a constant
                    read = Const(bank.init[0], e.type, e.loc)
                result = read if result is None or cond is None else Select(cond, read, result, read.type, e.loc)
            assert result is not None
            return result
        if isinstance(e, Binary):
            # the right operand of && and || runs only as the left one says
            rhs_hoist = None if e.op in ("&&", "||") else hoist
            return Binary(e.op, self.expr(e.lhs, loops, hoist), self.expr(e.rhs, loops, rhs_hoist), e.type, e.loc)
        if isinstance(e, Unary):
            return Unary(e.op, self.expr(e.operand, loops, hoist), e.type, e.loc)
        if isinstance(e, Cast):
            return Cast(self.expr(e.operand, loops, hoist), e.type, e.loc)
        if isinstance(e, Select):
            return Select(self.expr(e.cond, loops, hoist), self.expr(e.if_true, loops), self.expr(e.if_false, loops), e.type, e.loc)
        if isinstance(e, MathCall):
            return MathCall(e.name, [self.expr(a, loops, hoist) for a in e.args], e.type, e.loc)
        return e

    @staticmethod
    def copied_reads(indices: list[Expr], digits: list[tuple[Expr | int, Expr | None]]) -> bool:
        """Whether an access reaching several banks has subscripts that read memory (each bank's
        access would repeat those reads)."""
        return any(not isinstance(d, int) for d, _ in digits) and any(array_reads(i) for i in indices)

    def once(self, index: Expr, hoist: list[Stmt]) -> Expr:
        """``index`` computed into a new temporary by a statement appended to ``hoist``."""
        temp = Variable(unique_name("bank_index", self.names), index.type, "local", index.loc)
        self.temps.append(temp)
        hoist.append(Assign(temp, None, index, index.loc))
        return VarRead(temp, index.loc)

    def stmts(self, stmts: list[Stmt], loops: list[For]) -> list[Stmt]:
        out: list[Stmt] = []
        for s in stmts:
            if isinstance(s, Assign):
                out += self.assign(s, loops)
            elif isinstance(s, For):
                s.init, s.bound = self.expr(s.init, loops), self.expr(s.bound, loops)
                s.body = self.stmts(s.body, loops + [s])
                out.append(s)
            elif isinstance(s, If):
                s.cond = self.expr(s.cond, loops, out)
                s.then_body = self.stmts(s.then_body, loops)
                s.else_body = self.stmts(s.else_body, loops)
                out.append(s)
            else:
                if s.value is not None:
                    s.value = self.expr(s.value, loops, out)
                out.append(s)
        return out

    def assign(self, s: Assign, loops: list[For]) -> list[Stmt]:
        out: list[Stmt] = []
        value = self.expr(s.value, loops, out)
        indices = None if s.indices is None else [self.expr(i, loops, out) for i in s.indices]
        part = self.parts.get(s.var)
        if part is None or indices is None:
            return out + [Assign(s.var, indices, value, s.loc)]
        digits = self.digits(part, indices, loops)
        if self.copied_reads(indices, digits):
            indices = [self.once(i, out) if array_reads(i) else i for i in indices]
            digits = self.digits(part, indices, loops)
        choices = self.banks_for(part, digits)
        if len(choices) == 1:
            bank, within, _ = choices[0]
            return out + [Assign(bank, within if bank.is_array else None, value, s.loc)]
        # the value once, then stored into the bank the subscripts name
        assert not isinstance(value.type, ArrayType)
        temp = Variable(unique_name(f"{part.array.name}_value", self.names), value.type, "local", s.loc)
        self.temps.append(temp)
        out.append(Assign(temp, None, value, s.loc))
        chain: list[Stmt] = []
        for bank, within, cond in reversed(choices):
            store = Assign(bank, within if bank.is_array else None, VarRead(temp, s.loc), s.loc)
            chain = [store] if not chain or cond is None else [If(cond, [store], chain, s.loc)]
        return out + chain


def partition(fn: KernelFunction, warnings: list[Diagnostic], pragmas: list[Pragma] | None = None) -> KernelFunction:
    """Pass entry point: ``fn`` with its partitioned arrays split into banks (as ``pragmas`` say;
    by default the function's own)."""
    schemes = _schemes(fn, warnings, fn.pragmas if pragmas is None else pragmas)
    if not schemes:
        return fn
    names = {v.name for v in fn.params + fn.locals} | {lp.var.name for lp in fn.loops()}
    parts: dict[Variable, Partition] = {}
    for var, (per_dim, prag) in schemes.items():
        t = var.type
        assert isinstance(t, ArrayType)
        # each bank: the extents left, the partitioned ones divided (rounded up: the last banks padded)
        shape = tuple(-(-d // n) if scheme in ("cyclic", "block") else d for d, (scheme, n) in zip(t.dims, per_dim) if scheme != "complete")
        banks: list[Variable] = []
        for combo in itertools.product(*(range(n) for _, n in per_dim)):
            name = unique_name(f"{var.name}_{'_'.join(str(c) for c in combo)}", names)
            if shape or var.kind == "param" or var.static:
                # (an argument's element alone is still an external memory, of one word; a static
                # array's, a memory starting with its value)
                bank_type: ArrayType | ScalarType = ArrayType(t.elem, shape or (1,))
            else:
                bank_type = t.elem  # a register
            init = _bank_contents(var, per_dim, combo, shape) if var.init is not None else None
            banks.append(Variable(name, bank_type, "bank" if var.kind == "param" else "local", var.loc, var.is_const, init, static=var.static))
        parts[var] = Partition(var, per_dim, banks, prag.loc)
    p = _Partitioner(fn, parts)
    fn.body = p.stmts(fn.body, [])
    for var, part in parts.items():
        if var.kind != "param":
            fn.locals = [v for v in fn.locals if v is not var]
        fn.locals += part.banks
        # storage choices of the array apply to each bank
        for prag in [q for q in fn.pragmas if q.options.get("port" if q.name == "interface" else "variable") == var.name]:
            if prag.name in ("bind_storage", "interface"):
                key = "port" if prag.name == "interface" else "variable"
                fn.pragmas += [Pragma(prag.name, {**prag.options, key: bank.name}, prag.loc) for bank in part.banks]
    fn.locals += p.temps
    fn.partitions = [*fn.partitions, *parts.values()]
    fn.transformations = [*fn.transformations, *(_note(part) for part in parts.values())]
    return fn


def _bank_contents(var: Variable, per_dim: list[tuple[str, int]], combo: tuple[int, ...], shape: tuple[int, ...]) -> tuple[int | float, ...]:
    """The elements of a table's bank ``combo`` (flat in C order; the padding of the last banks
    zero): element i of a dimension is in bank i % n at i // n (cyclic), in bank i // size at
    i % size (block), or alone (complete)."""
    t = var.type
    assert isinstance(t, ArrayType) and var.init is not None
    zero: int | float = 0.0 if isinstance(var.init[0], float) else 0
    contents: list[int | float] = []
    for local in itertools.product(*(range(d) for d in shape or (1,))):
        kept = iter(local)
        flat = 0
        for extent, (scheme, n), digit in zip(t.dims, per_dim, combo):
            if scheme == "complete":
                i = digit
            elif scheme == "cyclic":
                i = next(kept) * n + digit
            elif scheme == "block":
                i = digit * -(-extent // n) + next(kept)
            else:  # not partitioned in this dimension
                i = next(kept)
            if i >= extent:
                flat = -1
                break
            flat = flat * extent + i
        contents.append(zero if flat < 0 else var.init[flat])
    return tuple(contents)


def _note(part: Partition) -> str:
    what = ", ".join(f"dimension {d + 1} {scheme} {n}" for d, (scheme, n) in enumerate(part.schemes) if scheme != "none")
    return f"partitioned array '{part.array.name}' ({what}) into {len(part.banks)} banks"

