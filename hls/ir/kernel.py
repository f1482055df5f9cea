"""Kernel IR: the top C function after parsing, typing and inlining.

Structured (loops, ifs, assignments) with every expression explicitly typed: implicit C
conversions are explicit ``Cast`` nodes, so later stages never reason about C's typing rules.
Every node keeps its C source location.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Union

from hls.diagnostics import HlsError, SourceLoc
from hls.ir.ctypes import INT, ArrayType, FloatType, IntType, ScalarType
from hls.ir.evaluate import eval_expr, trip_count


@dataclass(eq=False)
class Variable:
    """A named storage location: a scalar or an array; a parameter, a local or a loop variable."""

    name: str  # unique within the function (inlined locals are renamed)
    type: ScalarType | ArrayType
    kind: str  # "param" | "local" | "loop"
    loc: SourceLoc
    is_const: bool = False
    # a read-only table (a file-scope or static const array), or a static local's state: its
    # elements' values, flat in C order, there from the start (power-up), not stores; a table's
    # memory is a ROM
    init: tuple[int | float, ...] | None = None
    # a parameter standing for a file-scope variable the function reads or writes (state kept
    # between calls, as an array: a scalar is one element): its C name. The C function does not
    # take it; the RTL has an ap_memory port for it and cosim passes the C variable itself.
    global_name: str | None = None
    # a static local (not const; a scalar is one element): state kept inside the design from call
    # to call, starting from ``init``; the kernel may write it
    static: bool = False
    # a parameter standing for a member of the top's struct pointer parameter: (the C parameter,
    # the member's path: ``[].key``, ``[].items[].val``, ``[0].key`` for a pointer to one struct;
    # each ``[]`` is a subscript over an array of structs, the parameter's own dimensions first).
    # Cosim packs the C structs' members.
    member: tuple[str, str] | None = None

    @property
    def is_array(self) -> bool:
        return isinstance(self.type, ArrayType)

    def __repr__(self) -> str:
        return f"Variable({self.name})"


# ---- expressions -------------------------------------------------------------------------------


@dataclass(eq=False)
class Const:
    value: int | float  # float for floating-point types (already rounded to the type)
    type: ScalarType
    loc: SourceLoc


@dataclass(eq=False)
class VarRead:
    var: Variable
    loc: SourceLoc

    @property
    def type(self) -> ScalarType:
        assert not isinstance(self.var.type, ArrayType)
        return self.var.type


@dataclass(eq=False)
class ArrayRead:
    array: Variable
    indices: list[Expr]
    loc: SourceLoc

    @property
    def type(self) -> ScalarType:
        assert isinstance(self.array.type, ArrayType)
        return self.array.type.elem


# Binary operators. Arithmetic/bitwise ones have both operands of the result type; shifts have a
# promoted left operand of the result type and any integer right operand; comparisons have both
# operands of one common type and an int result; logical && || take any integer operands.
ARITH_OPS = ("+", "-", "*", "/", "%", "&", "|", "^")
SHIFT_OPS = ("<<", ">>")
CMP_OPS = ("<", "<=", ">", ">=", "==", "!=")
LOGIC_OPS = ("&&", "||")


@dataclass(eq=False)
class Binary:
    op: str
    lhs: Expr
    rhs: Expr
    type: ScalarType
    loc: SourceLoc


@dataclass(eq=False)
class Unary:
    # "-" | "~" (operand of the result type) | "!" (any operand, int result) | "bits" (the bit
    # pattern of a float as the unsigned integer of its width, or back: a union's reinterpretation)
    op: str
    operand: Expr
    type: ScalarType
    loc: SourceLoc


@dataclass(eq=False)
class Cast:
    operand: Expr
    type: ScalarType
    loc: SourceLoc


@dataclass(eq=False)
class Select:
    cond: Expr  # any scalar type, tested against zero
    if_true: Expr
    if_false: Expr
    type: ScalarType
    loc: SourceLoc


# math functions computed in hardware: sqrt, fabs, fmin, fmax and fma exactly (correctly rounded,
# as glibc); exp, log, pow, sin and cos by operator modules whose simulation model calls the host's
# libm (its double function, or its float one through DPI-C for the *f names). expf and powf stay
# listed but never become a MathCall: frontend/libm's C is inlined for them (a file's own
# definition first)
MATH_FUNCTIONS: dict[str, tuple[str, int]] = {
    # C name: (operation, argument count); the type is double, or float for the *f names
    "sqrt": ("sqrt", 1), "sqrtf": ("sqrt", 1),
    "fabs": ("abs", 1), "fabsf": ("abs", 1),
    "fmin": ("min", 2), "fminf": ("min", 2),
    "fmax": ("max", 2), "fmaxf": ("max", 2),
    "fma": ("fma", 3), "fmaf": ("fma", 3),
    "exp": ("exp", 1), "expf": ("exp", 1),
    "log": ("log", 1), "logf": ("log", 1),
    "pow": ("pow", 2), "powf": ("pow", 2),
    "sin": ("sin", 1), "sinf": ("sin", 1),
    "cos": ("cos", 1), "cosf": ("cos", 1),
}  # fmt: skip


@dataclass(eq=False)
class MathCall:
    """A call of one of MATH_FUNCTIONS; arguments already converted to ``type``."""

    name: str
    args: list[Expr]
    type: FloatType
    loc: SourceLoc

    @property
    def operation(self) -> str:
        return MATH_FUNCTIONS[self.name][0]


Expr = Union[Const, VarRead, ArrayRead, Binary, Unary, Cast, Select, MathCall]


# ---- statements --------------------------------------------------------------------------------


@dataclass(eq=False)
class Assign:
    """``target = value`` where target is a scalar variable or an array element."""

    var: Variable
    indices: list[Expr] | None  # None for a scalar target
    value: Expr  # of the target's type
    loc: SourceLoc


@dataclass
class Pragma:
    """A ``#pragma HLS`` directive: its name and options (``pipeline``, {``II``: ``2``})."""

    name: str
    options: dict[str, str]
    loc: SourceLoc


@dataclass(eq=False)
class For:
    """``for (var = init; var CMP bound; var += step)``; ``bound`` is evaluated once per entry.

    The comparison is done in ``cmp_type`` (C's common type of the variable and the bound), and
    ``bound`` already has that type. The loop also ends, before an iteration would start, once
    one of the scalar flags ``exits`` is nonzero (a ``break``, a ``return``, the condition of a
    ``while`` loop): inside the loop they are only ever set, and every effect of an iteration is
    guarded by them (``guarded_by``), so iterations after one is set do nothing and stopping
    early only saves their cycles. A ``while`` loop is such a loop over a hidden counter.
    """

    var: Variable
    init: Expr  # of var's type
    cmp: str  # "<" | "<=" | ">" | ">=" | "!="
    bound: Expr  # of cmp_type
    cmp_type: IntType
    step: int
    body: list[Stmt]
    name: str  # the C label, else <function>_L<line>
    pragmas: list[Pragma]
    loc: SourceLoc
    exits: list[Variable] = field(default_factory=list)


@dataclass(eq=False)
class If:
    cond: Expr  # any integer type, tested against zero
    then_body: list[Stmt]
    else_body: list[Stmt]
    loc: SourceLoc


@dataclass(eq=False)
class Return:
    value: Expr | None
    loc: SourceLoc


Stmt = Union[Assign, For, If, Return]


@dataclass(eq=False)
class Partition:
    """An array split into banks (``#pragma HLS array_partition``). Per dimension a scheme and its
    number of banks: ``none`` (1), ``cyclic`` (element e in bank e % F at e / F), ``block`` (F
    banks of B = ceil(n / F) elements: bank e / B at e % B) or ``complete`` (n banks; the dimension
    is gone). The banks are in row-major order of their per-dimension numbers, all of one shape
    (the last ones padded); a local array partitioned completely in every dimension becomes
    scalars (registers)."""

    array: Variable
    schemes: list[tuple[str, int]]  # per dimension: (scheme, banks)
    banks: list[Variable]
    loc: SourceLoc

    def digit(self, dim: int, index: int) -> tuple[int, int | None]:
        """The bank number along ``dim`` and the index within the bank (None: dimension gone)."""
        scheme, n = self.schemes[dim]
        assert isinstance(self.array.type, ArrayType)
        if scheme == "cyclic":
            return index % n, index // n
        if scheme == "block":
            size = -(-self.array.type.dims[dim] // n)
            return index // size, index % size
        if scheme == "complete":
            return index, None
        return 0, index

    def locate(self, index: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        """The bank holding the array's element ``index``, and the element's index in it."""
        bank, inner = 0, []
        for dim, i in enumerate(index):
            digit, within = self.digit(dim, i)
            bank = bank * self.schemes[dim][1] + digit
            if within is not None:
                inner.append(within)
        return bank, tuple(inner)


@dataclass(eq=False)
class Allocation:
    """At most ``limit`` units of each of ``operations`` (``#pragma HLS allocation operation``):
    for the whole function (``within`` None) or for the operators written in one loop body or
    inlined function (``within``: the source locations of its expressions, which every copy of an
    expression keeps through the transformations)."""

    operations: tuple[str, ...]  # unit op kinds: dmul, fadd, mul, sdiv, ...
    limit: int
    within: frozenset[SourceLoc] | None
    loc: SourceLoc
    explored: bool = False  # added by the design-space exploration, not written in the source

    @property
    def described(self) -> str:
        """How diagnostics name it."""
        if self.explored:
            return f"'#pragma HLS allocation operation instances={','.join(self.operations)} limit={self.limit}' the exploration added"
        return f"'#pragma HLS allocation' (line {self.loc.line})"

    def applies(self, kind: str, loc: SourceLoc | None) -> bool:
        named = kind in self.operations or kind.split("_")[0] in self.operations  # dcmp_olt: dcmp
        return named and (self.within is None or loc in self.within)


@dataclass(frozen=True)
class Binding:
    """``#pragma HLS bind_op variable=V op=OP impl=IMPL``: the operators of ``operation`` (fadd,
    dsub, ...) in the statements that assign V (``within``: the source locations of their
    expressions, which every copy keeps through the transformations) are built as ``impl``
    ("fabric": logic and flip-flops, no DSP slices)."""

    operation: str
    impl: str
    within: frozenset[SourceLoc]
    variable: str
    loc: SourceLoc
    explored: bool = False  # added by the design-space exploration, not written in the source

    def applies(self, kind: str, loc: SourceLoc | None) -> bool:
        return kind == self.operation and loc in self.within


def assigned_locations(stmts: list[Stmt], var: Variable) -> frozenset[SourceLoc]:
    """The source locations of the expressions of every statement in ``stmts`` (at any depth)
    that assigns ``var`` (an element of it, for an array)."""
    found: list[Stmt] = []

    def walk(body: list[Stmt]) -> None:
        for s in body:
            if isinstance(s, Assign) and s.var is var:
                found.append(s)
            elif isinstance(s, If):
                walk(s.then_body)
                walk(s.else_body)
            elif isinstance(s, For):
                walk(s.body)

    walk(stmts)
    return source_locations(found)


@dataclass(eq=False)
class KernelFunction:
    """The top function: parameters in C order, locals (including inlined callees'), body."""

    name: str
    params: list[Variable]
    locals: list[Variable]
    return_type: ScalarType | None
    body: list[Stmt]
    loc: SourceLoc
    pragmas: list[Pragma] = field(default_factory=list)
    # what the loop-transform pass did and why, for --emit and the report
    transformations: list[str] = field(default_factory=list)
    iteration_bound: int | None = None  # innermost-loop iterations of the C program (constant bounds)
    # loops whose bodies hold unrolled copies: the loop-transform pass does not distribute them
    kept_together: set[str] = field(default_factory=set)
    partitions: list[Partition] = field(default_factory=list)  # arrays split into banks
    allocations: list[Allocation] = field(default_factory=list)  # limits on operator units
    bindings: list[Binding] = field(default_factory=list)  # operators bound to an implementation
    # arrays of results the precompute-invariants pass made, per array they are computed from
    precomputed: dict[str, list[str]] = field(default_factory=dict)

    def allocation_of(self, kind: str, loc: SourceLoc | None) -> Allocation | None:
        """The allocation limiting an operator of ``kind`` written at ``loc`` (the tightest)."""
        found = [a for a in self.allocations if a.applies(kind, loc)]
        return min(found, key=lambda a: a.limit) if found else None

    def binding_of(self, kind: str, loc: SourceLoc | None) -> str | None:
        """The implementation ``#pragma HLS bind_op`` gives an operator of ``kind`` written at
        ``loc`` (None: the default)."""
        return next((b.impl for b in reversed(self.bindings) if b.applies(kind, loc)), None)

    def partition_of(self, array: Variable) -> Partition | None:
        return next((p for p in self.partitions if p.array is array), None)

    def loops(self) -> list[For]:
        """All loops, outer before inner, in source order."""
        found: list[For] = []

        def walk(stmts: list[Stmt]) -> None:
            for s in stmts:
                if isinstance(s, For):
                    found.append(s)
                    walk(s.body)
                elif isinstance(s, If):
                    walk(s.then_body)
                    walk(s.else_body)

        walk(self.body)
        return found


def replace_expr(e: Expr, table: dict[int, Expr]) -> Expr:
    """A copy of ``e`` with nodes (by identity) or variable reads (by identity of the Variable)
    replaced by the table's expressions; variables themselves are shared, nodes never are (a
    variable read many times gets a copy of its replacement at each read)."""
    if id(e) in table:
        return table[id(e)]
    if isinstance(e, VarRead):
        return clone_expr(table[id(e.var)]) if id(e.var) in table else VarRead(e.var, e.loc)
    if isinstance(e, Const):
        return Const(e.value, e.type, e.loc)
    if isinstance(e, ArrayRead):
        return ArrayRead(e.array, [replace_expr(i, table) for i in e.indices], e.loc)
    if isinstance(e, Binary):
        return Binary(e.op, replace_expr(e.lhs, table), replace_expr(e.rhs, table), e.type, e.loc)
    if isinstance(e, Unary):
        return Unary(e.op, replace_expr(e.operand, table), e.type, e.loc)
    if isinstance(e, Cast):
        return Cast(replace_expr(e.operand, table), e.type, e.loc)
    if isinstance(e, Select):
        return Select(replace_expr(e.cond, table), replace_expr(e.if_true, table), replace_expr(e.if_false, table), e.type, e.loc)
    return MathCall(e.name, [replace_expr(a, table) for a in e.args], e.type, e.loc)


def replace_in_stmts(stmts: list[Stmt], table: dict[int, Expr]) -> None:
    """Replaces every expression of ``stmts`` (subscripts, values, conditions, loop bounds, at any
    depth) by its ``replace_expr`` copy; assignment targets and loop variables stay."""
    for s in stmts:
        if isinstance(s, Assign):
            s.value = replace_expr(s.value, table)
            if s.indices is not None:
                s.indices = [replace_expr(i, table) for i in s.indices]
        elif isinstance(s, If):
            s.cond = replace_expr(s.cond, table)
            replace_in_stmts(s.then_body, table)
            replace_in_stmts(s.else_body, table)
        elif isinstance(s, For):
            s.init, s.bound = replace_expr(s.init, table), replace_expr(s.bound, table)
            replace_in_stmts(s.body, table)
        elif s.value is not None:
            s.value = replace_expr(s.value, table)


def copy_stmts(stmts: list[Stmt], table: dict[int, Expr], fresh_loop: Callable[[For], tuple[Variable, str]]) -> list[Stmt]:
    """Copies of ``stmts`` with the reads of ``table``'s variables replaced (``replace_expr``);
    each loop inside gets the variable and name ``fresh_loop`` gives it (the copies of a loop
    are loops of their own); other variables are shared."""
    out: list[Stmt] = []
    for s in stmts:
        if isinstance(s, Assign):
            indices = None if s.indices is None else [replace_expr(i, table) for i in s.indices]
            out.append(Assign(s.var, indices, replace_expr(s.value, table), s.loc))
        elif isinstance(s, If):
            out.append(If(replace_expr(s.cond, table), copy_stmts(s.then_body, table, fresh_loop), copy_stmts(s.else_body, table, fresh_loop), s.loc))
        elif isinstance(s, For):
            var, name = fresh_loop(s)
            inner = {**table, id(s.var): VarRead(var, s.var.loc)}
            init, bound = replace_expr(s.init, table), replace_expr(s.bound, table)
            pragmas = [Pragma(p.name, dict(p.options), p.loc) for p in s.pragmas]
            out.append(For(var, init, s.cmp, bound, s.cmp_type, s.step, copy_stmts(s.body, inner, fresh_loop), name, pragmas, s.loc, list(s.exits)))
        else:
            out.append(Return(None if s.value is None else replace_expr(s.value, table), s.loc))
    return out


def guard_flags(cond: Expr) -> set[Variable]:
    """The flags ``cond`` requires to be zero when it is ``!(f1 || f2 || ...)`` (else none)."""
    if not (isinstance(cond, Unary) and cond.op == "!"):
        return set()
    out: set[Variable] = set()
    todo = [cond.operand]
    while todo:
        e = todo.pop()
        if isinstance(e, Binary) and e.op == "||":
            todo += [e.lhs, e.rhs]
        elif isinstance(e, VarRead):
            out.add(e.var)
        else:
            return set()
    return out


def guarded_by(stmts: list[Stmt], flags: set[Variable]) -> bool:
    """Whether every effect of ``stmts`` happens only while all of ``flags`` are zero: each
    statement is an ``if`` testing them (``!(f1 || f2)``), or an ``if`` or loop all of whose
    statements are so guarded."""
    for s in stmts:
        if isinstance(s, If):
            if flags <= guard_flags(s.cond) and not s.else_body:
                continue
            if guarded_by(s.then_body, flags) and guarded_by(s.else_body, flags):
                continue
            return False
        if isinstance(s, For) and guarded_by(s.body, flags):
            continue
        return False
    return True


def assignments(stmts: list[Stmt]) -> list[Assign]:
    """Every assignment in ``stmts``, nested ones included."""
    out: list[Assign] = []
    for s in stmts:
        if isinstance(s, Assign):
            out.append(s)
        elif isinstance(s, If):
            out += assignments(s.then_body) + assignments(s.else_body)
        elif isinstance(s, For):
            out += assignments(s.body)
    return out


def read_variables(e: Expr, arrays: bool = False) -> set[Variable]:
    """The scalar variables ``e`` reads (in subscripts too); with ``arrays``, the arrays it reads too."""
    if isinstance(e, VarRead):
        return {e.var}
    if isinstance(e, ArrayRead):
        return ({e.array} if arrays else set()).union(*(read_variables(i, arrays) for i in e.indices))
    if isinstance(e, Binary):
        return read_variables(e.lhs, arrays) | read_variables(e.rhs, arrays)
    if isinstance(e, (Unary, Cast)):
        return read_variables(e.operand, arrays)
    if isinstance(e, Select):
        return read_variables(e.cond, arrays) | read_variables(e.if_true, arrays) | read_variables(e.if_false, arrays)
    if isinstance(e, MathCall):
        return set().union(*(read_variables(a, arrays) for a in e.args))
    return set()


def array_accesses(stmts: list[Stmt], loops: list[For]) -> list[tuple[Variable, list[Expr], list[For], ArrayRead | Assign]]:
    """Every array read and store in ``stmts``: (array, subscripts, enclosing loops, the read or
    the assignment)."""
    out: list[tuple[Variable, list[Expr], list[For], ArrayRead | Assign]] = []

    def reads(e: Expr, lps: list[For]) -> None:
        if isinstance(e, ArrayRead):
            out.append((e.array, e.indices, lps, e))
        for sub in expr_children(e):
            reads(sub, lps)

    for st in stmts:
        if isinstance(st, Assign):
            for e in [*(st.indices or []), st.value]:
                reads(e, loops)
            if st.indices is not None:
                out.append((st.var, st.indices, loops, st))
        elif isinstance(st, If):
            reads(st.cond, loops)
            out += array_accesses(st.then_body, loops) + array_accesses(st.else_body, loops)
        elif isinstance(st, For):
            reads(st.init, loops)
            reads(st.bound, loops)
            out += array_accesses(st.body, [*loops, st])
        elif st.value is not None:
            reads(st.value, loops)
    return out


def array_reads(e: Expr) -> list[ArrayRead]:
    """Every array read in ``e``, subscripts included."""
    out: list[ArrayRead] = [e] if isinstance(e, ArrayRead) else []
    for child in expr_children(e):
        out += array_reads(child)
    return out


Linear = dict[object, int]  # variable -> coefficient, "1" -> constant


def linear_form(e: Expr, casts: bool = True) -> Linear | None:
    """``e`` as an integer linear form over scalar variables, or None; without ``casts``, None
    for an expression with a conversion (whose wrap-around the form would not see)."""
    if isinstance(e, Const):
        return {"1": int(e.value)} if isinstance(e.value, int) else None
    if isinstance(e, VarRead):
        return {e.var: 1} if isinstance(e.var.type, IntType) else None
    if isinstance(e, Cast):
        return linear_form(e.operand) if casts and isinstance(e.type, IntType) and isinstance(e.operand.type, IntType) else None
    if isinstance(e, Binary) and e.op in ("+", "-"):
        a, b = linear_form(e.lhs, casts), linear_form(e.rhs, casts)
        if a is None or b is None:
            return None
        sign = 1 if e.op == "+" else -1
        out = dict(a)
        for k, v in b.items():
            out[k] = out.get(k, 0) + sign * v
        return {k: v for k, v in out.items() if v}
    if isinstance(e, Binary) and e.op == "*":
        a, b = linear_form(e.lhs, casts), linear_form(e.rhs, casts)
        if a is None or b is None:
            return None
        if set(a) <= {"1"}:
            a, b = b, a
        if not set(b) <= {"1"}:
            return None
        c = b.get("1", 0)
        return {k: v * c for k, v in a.items() if v * c}
    return None


def constant_trip(loop: For) -> int | None:
    """The loop's trip count when it is the same on every entry: constant bounds, or bounds that
    differ by a constant (``for (j = 2 * t + 1; j <= 2 * t + 29; j++)``, as the loop
    transformations write a skewed nest). Only for a signed comparison, whose overflow C leaves
    undefined, so that the bounds' difference is that of their linear forms."""
    if loop.cmp not in ("<", "<=", ">", ">="):
        return None
    init, bound = eval_expr(loop.init, {}), eval_expr(loop.bound, {})
    if init is not None and bound is not None:
        return trip_count(init, loop.cmp, bound, loop.step)
    first, last = linear_form(loop.init, casts=False), linear_form(loop.bound, casts=False)
    if first is None or last is None or not loop.cmp_type.signed or not (isinstance(loop.var.type, IntType) and loop.var.type.signed):
        return None
    diff = dict(last)
    for k, v in first.items():
        diff[k] = diff.get(k, 0) - v
    if any(v for k, v in diff.items() if k != "1"):
        return None
    return trip_count(0, loop.cmp, diff.get("1", 0), loop.step)


def expr_children(e: Expr) -> list[Expr]:
    """The expressions directly inside ``e``."""
    if isinstance(e, ArrayRead):
        return list(e.indices)
    if isinstance(e, Binary):
        return [e.lhs, e.rhs]
    if isinstance(e, (Unary, Cast)):
        return [e.operand]
    if isinstance(e, Select):
        return [e.cond, e.if_true, e.if_false]
    if isinstance(e, MathCall):
        return list(e.args)
    return []


def source_locations(stmts: list[Stmt]) -> frozenset[SourceLoc]:
    """The source locations of every statement and expression in ``stmts``, at any depth."""
    out: set[SourceLoc] = set()

    def expr(e: Expr) -> None:
        loc = getattr(e, "loc", None)
        if loc is not None:
            out.add(loc)
        for sub in expr_children(e):
            expr(sub)

    def walk(body: list[Stmt]) -> None:
        for st in body:
            out.add(st.loc)
            if isinstance(st, Assign):
                for e in [*(st.indices or []), st.value]:
                    expr(e)
            elif isinstance(st, If):
                expr(st.cond)
                walk(st.then_body)
                walk(st.else_body)
            elif isinstance(st, For):
                expr(st.init)
                expr(st.bound)
                walk(st.body)
            elif st.value is not None:
                expr(st.value)

    walk(stmts)
    return frozenset(out)


def nested_loops(stmts: list[Stmt]) -> list[For]:
    """The loops in ``stmts`` at any depth (inside ``if`` branches too), outer before inner."""
    out: list[For] = []
    for s in stmts:
        if isinstance(s, For):
            out += [s, *nested_loops(s.body)]
        elif isinstance(s, If):
            out += nested_loops(s.then_body) + nested_loops(s.else_body)
    return out


def has_loop(stmts: list[Stmt]) -> bool:
    """Whether a loop is among ``stmts``, at any depth (inside ``if`` branches too)."""
    for s in stmts:
        if isinstance(s, For) or (isinstance(s, If) and has_loop(s.then_body + s.else_body)):
            return True
    return False


def stmt_variables(stmts: list[Stmt]) -> set[Variable]:
    """Every variable ``stmts`` read or write, at any depth: scalars, arrays, loop iterators."""
    out: set[Variable] = set()
    for s in stmts:
        if isinstance(s, Assign):
            out.add(s.var)
            for e in [*(s.indices or []), s.value]:
                out |= read_variables(e, arrays=True)
        elif isinstance(s, Return):
            out |= read_variables(s.value, arrays=True) if s.value is not None else set()
        elif isinstance(s, If):
            out |= read_variables(s.cond, arrays=True) | stmt_variables(s.then_body) | stmt_variables(s.else_body)
        else:
            out |= {s.var} | read_variables(s.init, arrays=True) | read_variables(s.bound, arrays=True) | stmt_variables(s.body)
    return out


def clone_expr(e: Expr) -> Expr:
    """A copy of ``e`` sharing its variables (an expression node appears once in the IR)."""
    return replace_expr(e, {})


def unique_name(base: str, used: set[str]) -> str:
    """``base``, or ``base_2``, ``base_3``, ... the first not in ``used`` (which takes it)."""
    name, n = base, 1
    while name in used:
        n += 1
        name = f"{base}_{n}"
    used.add(name)
    return name


def array_storage(fn: KernelFunction, var: Variable) -> tuple[int, str | None]:
    """Ports and RAM style of an array. Two ports (a second ap_memory port or a true dual-port RAM,
    used only where the schedule needs it) unless ``interface ... storage_type=ram_1p`` or
    ``bind_storage variable=A type=ram_1p``; ``bind_storage ... impl=bram|lutram|reg`` picks the RAM
    style of a local array (default: distributed RAM up to 1 Kbit, block RAM above)."""
    ports, style = 2, None
    for p in fn.pragmas:
        name = p.options.get("port") if p.name == "interface" else p.options.get("variable") if p.name == "bind_storage" else None
        if name is None or name != var.name:
            continue
        kind = (p.options.get("storage_type") or p.options.get("type") or "").lower()
        if kind == "ram_1p":
            ports = 1
        elif kind in ("ram_2p", "ram_s2p", "ram_t2p"):
            ports = 2
        elif kind:
            raise HlsError(p.loc, f"storage type '{kind}' is not supported (ram_1p, ram_2p, ram_s2p, ram_t2p)")
        impl = p.options.get("impl", "").lower()
        if impl:
            styles = {"bram": "block", "lutram": "distributed", "reg": "registers"}
            if impl not in styles:
                raise HlsError(p.loc, f"storage implementation '{impl}' is not supported (bram, lutram, reg)")
            style = styles[impl]
    return ports, style


# ---- printer -----------------------------------------------------------------------------------


def print_expr(e: Expr) -> str:
    """A C-like rendering with every type explicit."""
    if isinstance(e, Const):
        return f"{e.value}:{e.type}"
    if isinstance(e, VarRead):
        return e.var.name
    if isinstance(e, ArrayRead):
        return e.array.name + "".join(f"[{print_expr(i)}]" for i in e.indices)
    if isinstance(e, Binary):
        return f"({print_expr(e.lhs)} {e.op} {print_expr(e.rhs)}):{e.type}"
    if isinstance(e, Unary):
        return f"({e.op}{print_expr(e.operand)}):{e.type}"
    if isinstance(e, Cast):
        return f"({e.type})({print_expr(e.operand)})"
    if isinstance(e, MathCall):
        return f"{e.name}({', '.join(print_expr(a) for a in e.args)}):{e.type}"
    return f"({print_expr(e.cond)} ? {print_expr(e.if_true)} : {print_expr(e.if_false)}):{e.type}"


def print_kernel(fn: KernelFunction) -> str:
    """The printed form of the kernel IR (``--emit kernel``)."""
    out: list[str] = []
    params = ", ".join(f"{p.type} {p.name}" for p in fn.params)
    ret = str(fn.return_type) if fn.return_type else "void"
    out.append(f"func {fn.name}({params}) -> {ret}  // {fn.loc}")
    for note in fn.transformations:
        out.append(f"  // transform: {note}")
    for v in fn.locals:
        table = f" = {{{', '.join(str(x) for x in v.init)}}}" if v.init is not None else ""
        qualifier = "static " if v.static else "const " if table else ""
        out.append(f"  {'bank' if v.kind == 'bank' else 'local'} {qualifier}{v.type} {v.name}{table}")
    for part in fn.partitions:
        schemes = ", ".join(f"{scheme} {n}" if scheme != "none" else "-" for scheme, n in part.schemes)
        out.append(f"  partition {part.array.name} ({schemes}) into {', '.join(b.name for b in part.banks)}")
    for alloc in fn.allocations:
        scope = "exploration" if alloc.explored else "function" if alloc.within is None else f"region at line {alloc.loc.line}"
        out.append(f"  allocation {', '.join(alloc.operations)} limit {alloc.limit} ({scope})")
    for bind in fn.bindings:
        out.append(f"  bind_op {bind.operation} impl {bind.impl} (variable {bind.variable}{', exploration' if bind.explored else ''})")

    def emit(stmts: list[Stmt], ind: str) -> None:
        for s in stmts:
            if isinstance(s, Assign):
                tgt = s.var.name + "".join(f"[{print_expr(i)}]" for i in (s.indices or []))
                out.append(f"{ind}{tgt} = {print_expr(s.value)};  // line {s.loc.line}")
            elif isinstance(s, For):
                prag = "".join(f" #{p.name}{''.join(f' {k}={v}' for k, v in p.options.items())}" for p in s.pragmas)
                out.append(
                    f"{ind}for {s.name}: {s.var.type} {s.var.name} = {print_expr(s.init)}; "
                    f"{s.var.name} {s.cmp} {print_expr(s.bound)} ({s.cmp_type}); "
                    f"{s.var.name} += {s.step}{prag}{' until ' + ' || '.join(f.name for f in s.exits) if s.exits else ''} {{  // line {s.loc.line}"
                )
                emit(s.body, ind + "  ")
                out.append(f"{ind}}}")
            elif isinstance(s, If):
                out.append(f"{ind}if {print_expr(s.cond)} {{  // line {s.loc.line}")
                emit(s.then_body, ind + "  ")
                if s.else_body:
                    out.append(f"{ind}}} else {{")
                    emit(s.else_body, ind + "  ")
                out.append(f"{ind}}}")
            else:
                val = print_expr(s.value) if s.value is not None else ""
                out.append(f"{ind}return {val};  // line {s.loc.line}".replace("return ;", "return;"))

    emit(fn.body, "  ")
    return "\n".join(out) + "\n"


# ---- verifier ----------------------------------------------------------------------------------


class KernelVerifyError(Exception):
    pass


def verify_kernel(fn: KernelFunction) -> None:
    """Checks the typing invariants the later stages rely on; raises KernelVerifyError."""

    def fail(loc: SourceLoc, msg: str) -> None:
        raise KernelVerifyError(f"{loc}: kernel IR: {msg}")

    def check(e: Expr) -> ScalarType:
        if isinstance(e, Const):
            if isinstance(e.type, IntType) and (not isinstance(e.value, int) or e.type.wrap(e.value) != e.value):
                fail(e.loc, f"constant {e.value} does not fit {e.type}")
            if isinstance(e.type, FloatType) and not isinstance(e.value, float):
                fail(e.loc, f"floating-point constant {e.value} is not a float")
            return e.type
        if isinstance(e, MathCall):
            for a in e.args:
                if check(a) != e.type:
                    fail(e.loc, f"argument of {e.name} is not {e.type}")
            return e.type
        if isinstance(e, VarRead):
            if isinstance(e.var.type, ArrayType):
                fail(e.loc, f"scalar read of array {e.var.name}")
            return e.type
        if isinstance(e, ArrayRead):
            if not isinstance(e.array.type, ArrayType) or len(e.indices) != len(e.array.type.dims):
                fail(e.loc, f"bad subscript of {e.array.name}")
            for i in e.indices:
                check(i)
            return e.type
        if isinstance(e, Binary):
            lt, rt = check(e.lhs), check(e.rhs)
            if e.op in ARITH_OPS and not (lt == rt == e.type):
                fail(e.loc, f"operands of {e.op} are {lt}, {rt}, result {e.type}")
            if e.op in SHIFT_OPS and lt != e.type:
                fail(e.loc, f"shifted operand is {lt}, result {e.type}")
            if e.op in CMP_OPS and (lt != rt or e.type != INT):
                fail(e.loc, f"comparison of {lt} and {rt} giving {e.type}")
            if e.op in LOGIC_OPS and e.type != INT:
                fail(e.loc, f"{e.op} gives {e.type}")
            return e.type
        if isinstance(e, Unary):
            ot = check(e.operand)
            if e.op in ("-", "~") and ot != e.type:
                fail(e.loc, f"operand of {e.op} is {ot}, result {e.type}")
            if e.op == "bits" and (ot.width != e.type.width or isinstance(ot, FloatType) == isinstance(e.type, FloatType)):
                fail(e.loc, f"bits of {ot} as {e.type}")
            return e.type
        if isinstance(e, Cast):
            check(e.operand)
            return e.type
        check(e.cond)
        if not (check(e.if_true) == check(e.if_false) == e.type):
            fail(e.loc, "?: arms differ from its type")
        return e.type

    for v in fn.locals:
        if v.init is not None:
            depth = v.type.depth if isinstance(v.type, ArrayType) else 1
            elem = v.type.elem if isinstance(v.type, ArrayType) else v.type
            if len(v.init) != depth or any(isinstance(x, float) != isinstance(elem, FloatType) for x in v.init):
                fail(v.loc, f"contents of table {v.name} do not match {v.type}")
        if v.static and (v.init is None or v.is_const or not isinstance(v.type, ArrayType)):
            fail(v.loc, f"static {v.name} is not a writable array with initial contents")

    def walk(stmts: list[Stmt], loop_vars: set[Variable]) -> None:
        for s in stmts:
            if isinstance(s, Assign):
                if s.var in loop_vars:
                    fail(s.loc, f"assignment to loop variable {s.var.name}")
                if s.var.init is not None and not s.var.static:
                    fail(s.loc, f"assignment to table {s.var.name}")
                if s.indices is None:
                    want = s.var.type
                else:
                    assert isinstance(s.var.type, ArrayType)
                    want = s.var.type.elem
                    for i in s.indices:
                        check(i)
                if check(s.value) != want:
                    fail(s.loc, f"assigned value is not of type {want}")
            elif isinstance(s, For):
                if check(s.init) != s.var.type:
                    fail(s.loc, "loop init type")
                if check(s.bound) != s.cmp_type or s.step == 0:
                    fail(s.loc, "loop bound type or zero step")
                if s.exits:
                    if any(f.is_array or not isinstance(f.type, IntType) or f.kind == "loop" for f in s.exits):
                        fail(s.loc, "a loop's exit flag is not an integer scalar")
                    if not guarded_by(s.body, set(s.exits)):
                        fail(s.loc, f"loop {s.name}: a statement of its body is not guarded by its exit flags")
                    for a in assignments(s.body):
                        if a.var in s.exits and a.indices is None and not (isinstance(a.value, Const) and a.value.value != 0):
                            fail(a.loc, f"loop {s.name}: exit flag {a.var.name} is cleared inside the loop")
                walk(s.body, loop_vars | {s.var})
            elif isinstance(s, If):
                check(s.cond)
                walk(s.then_body, loop_vars)
                walk(s.else_body, loop_vars)
            else:
                if (s.value is None) != (fn.return_type is None):
                    fail(s.loc, "return value does not match the function type")
                if s.value is not None and check(s.value) != fn.return_type:
                    fail(s.loc, "return value type")

    walk(fn.body, set())
