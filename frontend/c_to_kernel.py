"""Pass ``c-to-kernel``: the pycparser AST of the top function (and its callees, inlined) to kernel IR.

Applies C's typing rules (integer promotions, usual arithmetic conversions, conversion on
assignment) and makes each conversion an explicit ``Cast``; rejects what the hardware flow does
not support with a located ``... is not supported`` diagnostic.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import pycparser_fake_libc
from pycparser import c_ast

from hls.diagnostics import Diagnostic, HlsError, SourceLoc, processing, unsupported
from hls.frontend.libm import LIBM_FUNCTIONS, library_function
from hls.frontend.pragmas import DIRECTIVES, allocation_limit, bind_op_of, honoured, option_location, parse_pragma
from hls.ir import ctypes as ct
from hls.ir.ctypes import BOOL, DOUBLE, FLOAT, INT, LONG, ArrayType, FloatType, IntType, ScalarType
from hls.ir.interface import SV_KEYWORDS
from hls.ir.kernel import (
    ARITH_OPS,
    CMP_OPS,
    MATH_FUNCTIONS,
    Allocation,
    ArrayRead,
    Assign,
    Binary,
    Binding,
    Cast,
    Const,
    Expr,
    For,
    If,
    KernelFunction,
    MathCall,
    Pragma,
    Return,
    Select,
    Stmt,
    Unary,
    Variable,
    VarRead,
    assigned_locations,
    assignments,
    clone_expr,
    print_expr,
    read_variables,
    source_locations,
    unique_name,
)

_BASE_TYPES: dict[tuple[str, ...], IntType] = {
    ("char",): ct.CHAR,
    ("signed", "char"): ct.SCHAR,
    ("unsigned", "char"): ct.UCHAR,
    ("_Bool",): ct.BOOL,
    ("bool",): ct.BOOL,  # <stdbool.h>
    ("short",): ct.SHORT,
    ("short", "int"): ct.SHORT,
    ("signed", "short"): ct.SHORT,
    ("signed", "short", "int"): ct.SHORT,
    ("unsigned", "short"): ct.USHORT,
    ("unsigned", "short", "int"): ct.USHORT,
    ("int",): ct.INT,
    ("signed",): ct.INT,
    ("signed", "int"): ct.INT,
    ("unsigned",): ct.UINT,
    ("unsigned", "int"): ct.UINT,
    ("long",): ct.LONG,
    ("long", "int"): ct.LONG,
    ("signed", "long"): ct.LONG,
    ("signed", "long", "int"): ct.LONG,
    ("unsigned", "long"): ct.ULONG,
    ("unsigned", "long", "int"): ct.ULONG,
    ("long", "long"): ct.LLONG,
    ("long", "long", "int"): ct.LLONG,
    ("signed", "long", "long"): ct.LLONG,
    ("signed", "long", "long", "int"): ct.LLONG,
    ("unsigned", "long", "long"): ct.ULLONG,
    ("unsigned", "long", "long", "int"): ct.ULLONG,
}
_ORDER = {"signed": 0, "unsigned": 0, "short": 1, "long": 1, "char": 2, "int": 3, "_Bool": 2}
_FLOAT_NAMES = {"float", "double"}

_COMPOUND_OPS = {"+=": "+", "-=": "-", "*=": "*", "/=": "/", "%=": "%", "<<=": "<<", ">>=": ">>", "&=": "&", "|=": "|", "^=": "^"}  # fmt: skip
_INCDEC = {"p++": "+", "++": "+", "p--": "-", "--": "-"}


@dataclass
class _Scope:
    names: dict[str, Variable] = field(default_factory=dict)
    # parameters of an inlined callee that stand for the caller's argument expression
    values: dict[str, Expr] = field(default_factory=dict)
    # pointer parameters of an inlined callee bound to a scalar (``&x``: offset None) or to an
    # element of a 1-D array (``&a[k]``, ``a + k``: the offset k)
    refs: dict[str, tuple[Variable, Expr | None]] = field(default_factory=dict)
    # array parameters of an inlined callee bound to a caller's array: pointers in C (sizeof)
    pointers: set[str] = field(default_factory=set)
    # pointer variables (and pointer parameters the function moves): where each points
    moving: dict[str, _Pointer] = field(default_factory=dict)
    # struct variables and arrays of structs, flattened; struct pointers of inlined callees
    structs: dict[str, _Aggregate] = field(default_factory=dict)
    struct_refs: dict[str, _StructRef] = field(default_factory=dict)
    # array parameters of an inlined callee bound to a row of a caller's array (``a[i]`` of a
    # 2-D array, ``w[i]`` of a 3-D one): the array and the subscripts fixed at the call
    row_views: dict[str, tuple[Variable, list[Expr]]] = field(default_factory=dict)
    # union variables and arrays of unions: each one storage word (see _Union)
    unions: dict[str, _Union] = field(default_factory=dict)


@dataclass
class _StructType:
    """A struct's fields in order: each a scalar or array type, or a nested struct with the
    dimensions of its array (empty for one)."""

    name: str
    fields: dict[str, ScalarType | ArrayType | tuple[_StructType, tuple[int, ...]]]


@dataclass
class _Aggregate:
    """A struct variable, or an array of structs (``dims``), flattened: one variable per scalar or
    array field, whose dimensions are the aggregate's then the field's (an array of structs is a
    struct of arrays), and an aggregate per nested struct field."""

    name: str
    struct: _StructType
    dims: tuple[int, ...]
    leaves: dict[str, Variable | _Aggregate]


@dataclass
class _StructRef:
    """A struct pointer of an inlined callee: the aggregate it points into, the subscripts
    fixed at the call, and the offset in the aggregate's next dimension (None: it points at one
    struct, ``&s`` or ``&a[i]`` taken as a whole)."""

    agg: _Aggregate
    prefix: list[Expr]
    offset: Expr | None
    var: Variable | None = None  # a struct pointer variable's offset, which moves


@dataclass
class _UnionType:
    """A union's members (scalars and one-dimensional arrays of scalars, all at offset 0), its
    size in bytes (sizeof) and the unsigned integer holding its bytes."""

    name: str
    members: dict[str, ScalarType | ArrayType]
    size: int
    storage: IntType


@dataclass
class _Union:
    """A union variable (or an array of unions, ``dims``): one unsigned word per union holding
    its bytes as the C program's memory does (little-endian, as x86-64); a member read takes its
    bytes out of the word and reinterprets them, a member write puts them in and keeps the others."""

    name: str
    type: _UnionType
    var: Variable
    dims: tuple[int, ...]


# a union member's read or write: the union, the subscripts of its word (C), the member's type
# (an array member's element type) and the subscript of an array member (None for a scalar one)
_UnionAccess = tuple[_Union, list[c_ast.Node], ScalarType, c_ast.Node | None]


@dataclass
class _Pointer:
    """A pointer variable, or a pointer parameter its function moves (``p++``, ``p += k``,
    ``p = q``): the array it points into, fixed by its first assignment, and its offset there, a
    hidden integer variable. A pointer its function's assignments point into several arrays
    (``p = c ? a : b`` as two assignments, jpeg's ``p_xhtbl_bits`` into the AC or DC table)
    also has a hidden index of the array it points into now (``bases``, ``select``)."""

    name: str
    elem: ScalarType
    offset: Variable
    loc: SourceLoc
    base: Variable | None = None  # (None: not assigned yet)
    bases: tuple[Variable, ...] = ()  # every array it may point into, when more than one
    select: Variable | None = None  # which of ``bases`` it points into (their index)
    current: Variable | None = None  # the one of ``bases`` taken while an access is lowered for each
    scanned: bool = False  # (whether its assignments were looked at for the arrays they name)


@dataclass
class _InlineFrame:
    """An inlined call in progress: where its return value goes."""

    func: str
    result: Variable | None
    done: Variable | None = None  # set once the callee has returned (functions with early returns)


class CToKernel:
    """Lowers one top function of a parsed translation unit."""

    def __init__(self, ast: c_ast.FileAST, file: Path, warnings: list[Diagnostic]) -> None:
        self.file = str(file)
        self.warnings = warnings
        self.fn_pragmas: list[Pragma] = []  # directives on the top function and its variables
        self.allocations: list[Allocation] = []  # '#pragma HLS allocation' limits
        self.bindings: list[Binding] = []  # '#pragma HLS bind_op' implementations
        self.initializing: list[Variable] = []  # locals whose initializers are being read
        self.funcs: dict[str, c_ast.FuncDef] = {}
        self.typedefs: dict[str, c_ast.Node] = {}
        self.enums: dict[str, int] = {}
        # file-scope variables: const scalars with an initializer are their (folded) values
        self.globals: dict[str, c_ast.Decl] = {}
        self.global_values: dict[str, Expr] = {}
        self.tables: dict[int, Variable] = {}  # the ROM of each table's declaration (by node)
        # file-scope variables that are not const: parameters of the top standing for them (by C
        # name), and those that are scalars (one element; a read or write is element 0)
        self.global_state: dict[str, Variable] = {}
        self.global_structs: dict[str, _Aggregate] = {}  # file-scope structs, by name
        self.file_scope = _Scope()  # below every function's scope: the file-scope pointer variables
        self.struct_value_copies: list[Stmt] = []  # copies of the top's struct arguments passed by value
        # static locals that are not const tables: state kept inside the design (by declaration
        # node: one variable per declaration, however often its function is inlined)
        self.statics: dict[int, Variable] = {}
        # the state (global or static) that is a scalar in C: one element, read and written as such
        self.scalar_state: set[Variable] = set()
        # the function being lowered (the top or an inlined callee): the labels its gotos jump to
        # (forward, out of blocks) and each one's flag, set by the goto, clear at the label
        self.goto_targets: set[str] = set()
        self.goto_flags: dict[str, Variable] = {}
        self.tables_pending: set[int] = set()
        self.struct_tags: dict[str, _StructType] = {}  # struct definitions by tag
        self.struct_types: dict[int, _StructType] = {}  # by definition node
        self.struct_nodes: dict[str, c_ast.Struct] = {}  # the definition of each tag, anywhere
        self.union_nodes: dict[str, c_ast.Union] = {}  # the definition of each union tag, anywhere
        self.union_types: dict[int, _UnionType] = {}  # by definition node
        fake = pycparser_fake_libc.directory

        class _Tags(c_ast.NodeVisitor):
            def visit_Struct(inner, node: c_ast.Struct) -> None:  # noqa: N805
                if node.name and node.decls is not None:
                    self.struct_nodes.setdefault(node.name, node)
                inner.generic_visit(node)

            def visit_Union(inner, node: c_ast.Union) -> None:  # noqa: N805
                if node.name and node.decls is not None:
                    self.union_nodes.setdefault(node.name, node)
                inner.generic_visit(node)

        for ext in ast.ext:
            if not (ext.coord and str(ext.coord.file).startswith(fake)):
                _Tags().visit(ext)
        for ext in ast.ext:
            if isinstance(ext, c_ast.FuncDef):
                _backward_gotos_as_loops(ext.body)
                self.funcs[ext.decl.name] = ext
            elif isinstance(ext, c_ast.Decl) and ext.name and not isinstance(ext.type, c_ast.FuncDecl):
                if not (ext.coord and str(ext.coord.file).startswith(fake)):
                    self.globals[ext.name] = ext
            elif isinstance(ext, c_ast.Typedef):
                if not (ext.coord and str(ext.coord.file).startswith(fake)):
                    self.typedefs[ext.name] = ext.type
            elif isinstance(ext, c_ast.Decl) and isinstance(ext.type, c_ast.Enum):
                self._record_enum(ext.type)
        self.scopes: list[_Scope] = []
        self.locals: list[Variable] = []
        self.used_names: set[str] = set()
        self.frames: list[_InlineFrame] = []
        self.pending: list[Stmt] = []  # statements hoisted out of the expression being lowered
        self.loop_stack: list[tuple[str, Variable]] = []  # (C name, loop variable)
        # C variables whose value is a loop's exit value (read after the loop: not supported)
        self.exited_loop_vars: set[Variable] = set()
        # the for loops whose variable is read outside them (by node id): not the affine model's
        self.read_after: set[int] = set()
        self.loop_names: set[str] = set()
        self.top_name = ""
        self.top_assigned: set[str] = set()
        # the top function's early returns: its flag "has returned" and its value
        self.top_done: Variable | None = None
        self.exiting: set[str] = set()  # the file's functions that may call exit
        # the statements 'continue' and 'break' leave, innermost last: a loop with the flags its
        # continue and its break set (None: it has none), or a switch with its break's flag
        self.jump_targets: list[_JumpTarget] = []
        self.top_result: Variable | None = None

    # ---- entry -------------------------------------------------------------------------------

    def lower(self, top: str) -> KernelFunction:
        if top not in self.funcs:
            known = ", ".join(sorted(self.funcs)) or "none"
            raise HlsError(SourceLoc(self.file, 1, 1), f"top function '{top}' is not defined in this file (functions: {known})")
        fd = self.funcs[top]
        self.top_name = top
        self.top_assigned = _assigned_names(fd.body)  # (its parameters so named are not isl's)
        self.read_after |= _loops_read_after(fd.body)
        loc = self.loc(fd.decl)
        if top in SV_KEYWORDS:
            raise HlsError(loc, f"the top function's name '{top}' is a SystemVerilog keyword and cannot name the RTL module; rename the function")
        ret = self._return_type(fd)
        self.file_scope = self._file_scope_pointers()
        self.scopes = [self.file_scope, _Scope()]
        depths = self._interface_depths(fd)
        params: list[Variable] = []
        plain: list[tuple[c_ast.Decl, Variable]] = []
        for d in self._param_decls(fd):
            sp = self._struct_param(d)
            if sp is not None:
                params += self._struct_top_param(d, *sp, depths)
                continue
            var = self._param(d, depths, fd)
            self.scopes[-1].names[var.name] = var
            params.append(var)
            plain.append((d, var))
        first_warning = len(self.warnings)
        prologue: list[Stmt] = list(self.struct_value_copies)
        for d, p in plain:
            if d.name in self.top_assigned and isinstance(d.type, (c_ast.PtrDecl, c_ast.ArrayDecl)) and isinstance(p.type, ArrayType):
                # a pointer parameter the function moves: an offset into the argument's array
                prologue += self._moving_parameter(d, p, Const(0, INT, loc))
        self.exiting = _exiting_functions(self.funcs)
        if _early_returns(fd.body) or self._may_exit(fd.body):
            self.top_done = self._temporary("return_done", BOOL, loc)
            prologue.append(_set_flag(self.top_done, 0, loc))
            if ret is not None:
                self.top_result = self._temporary("return_value", ret, loc)
        self.goto_targets = _check_gotos(fd.body, self.loc)
        body = prologue + self._block(fd.body.block_items or [], "top")
        body = [_set_flag(f, 0, loc) for f in self.goto_flags.values()] + body
        if self.top_result is not None:
            body.append(Return(VarRead(self.top_result, loc), loc))
        self.scopes.pop()
        self._check_file_scope_pointers(body)
        self._check_returns(body, ret, loc, top_level=True)
        # a block's pragmas are checked at its end: report them in source order
        self.warnings[first_warning:] = sorted(self.warnings[first_warning:], key=lambda d: (d.loc.file, d.loc.line, d.loc.col))
        # the file-scope variables it uses, in the order the file declares them
        state = sorted(self.global_state.values(), key=lambda v: (v.loc.line, v.loc.col))
        return KernelFunction(top, params + state, self.locals, ret, body, loc, self.fn_pragmas, allocations=self.allocations, bindings=self.bindings)

    # ---- helpers -----------------------------------------------------------------------------

    def loc(self, node: c_ast.Node | None) -> SourceLoc:
        coord = getattr(node, "coord", None)
        if coord is None:
            return SourceLoc(self.file, 0, 0)
        return SourceLoc(str(coord.file), int(coord.line), int(coord.column or 1))

    def _record_enum(self, enum: c_ast.Enum) -> None:
        value = -1
        for e in enum.values.enumerators if enum.values else []:
            if e.value is not None:
                value = self._const_int(e.value)
            else:
                value += 1
            self.enums[e.name] = value

    def _unique(self, name: str) -> str:
        return unique_name(name, self.used_names)

    def lookup(self, name: str, node: c_ast.Node) -> Variable:
        found = self._resolve(name, node)
        if not isinstance(found, Variable):
            raise HlsError(self.loc(node), f"'{name}' is not a variable here")
        return found

    def _scalar_state_place(self, name: str, node: c_ast.Node) -> Variable | None:
        """The one-element array a file-scope scalar the kernel keeps (``&g`` of one: its
        element 0) stands for, if ``name`` is one here."""
        found = self._resolve(name, node)
        return found.array if isinstance(found, ArrayRead) and found.array in self.scalar_state else None

    def _resolve(self, name: str, node: c_ast.Node) -> Variable | Expr:
        """The variable a name denotes, or the argument expression an inlined parameter stands for."""
        for scope in reversed(self.scopes):
            if name in scope.moving:
                raise unsupported(self.loc(node), f"pointer '{name}' used as a value (only *{name}, {name}[i], moving it, comparing it and passing it on)")
            if name in scope.structs or name in scope.struct_refs:
                raise unsupported(self.loc(node), f"struct '{name}' used as a value (only its members, copying it and passing it on)")
            if name in scope.unions:
                raise unsupported(self.loc(node), f"union '{name}' used as a value (only its members read and written, and copying it)")
            if name in scope.row_views:
                row_of = scope.row_views[name][0].name
                raise unsupported(self.loc(node), f"array parameter '{name}' (a row of '{row_of}') used other than subscripted or passed on")
            if name in scope.names:
                found = scope.names[name]
                if found in self.initializing:
                    # C puts a variable in scope in its own initializer; a read there that runs has
                    # an indeterminate value (and one that does not run, under && or ?:, is fine)
                    self.initializing.remove(found)  # (one warning per declaration)
                    self.warnings.append(Diagnostic(self.loc(node), "warning", f"'{name}' is read in its own initializer, where its value is indeterminate"))
                return found
            if name in scope.values:
                return clone_expr(scope.values[name])
            if name in scope.refs or name in scope.moving:
                raise unsupported(self.loc(node), f"pointer '{name}' used as a value (only *{name}, {name}[i], moving it, comparing it and passing it on)")
        if name in self.globals:
            d = self.globals[name]
            if "const" not in (d.quals or []):
                var = self._global_state_var(d)
                if var in self.scalar_state:
                    return ArrayRead(var, [Const(0, INT, self.loc(node))], self.loc(node))
                return var
            if isinstance(d.type, c_ast.ArrayDecl):
                return self._table(d, node if node is not None else d)
            return clone_expr(self._global_value(name, node))
        raise HlsError(self.loc(node), f"'{name}' is undeclared")

    def _global_state_var(self, d: c_ast.Decl) -> Variable:
        """The parameter of the top that stands for the file-scope variable ``d`` (not const: state
        the kernel may write, kept between calls): an array, a scalar as one element. Its initial
        value is the C program's (the variable lives in the testbench's memory, as an ap_memory
        port of the RTL)."""
        if d.name in self.global_state:
            return self.global_state[d.name]
        if isinstance(d.type, c_ast.FuncDecl):
            raise HlsError(self.loc(d), f"'{d.name}' is a function")
        saved, self.scopes = self.scopes, []  # (its type sees file scope only)
        try:
            if isinstance(d.type, c_ast.ArrayDecl):
                t = self.decl_type(self._sized_array_decl(d), d)
                scalar = False
            else:
                elem = self.scalar_type(d.type, d)
                t = ArrayType(elem, (1,))
                scalar = True
        finally:
            self.scopes = saved
        assert isinstance(t, ArrayType)
        var = Variable(self._unique(d.name), t, "param", self.loc(d), global_name=d.name)
        self.global_state[d.name] = var
        if scalar:
            self.scalar_state.add(var)
        return var

    def _global_value(self, name: str, node: c_ast.Node) -> Expr:
        """The value of the file-scope ``const`` scalar ``name`` (its initializer, a constant)."""
        if name in self.global_values:
            return self.global_values[name]
        d = self.globals[name]
        loc = self.loc(node)
        is_scalar = isinstance(d.type, c_ast.TypeDecl)
        if not (is_scalar and "const" in (d.quals or []) and d.init is not None and "extern" not in (d.storage or [])):
            what = "array" if isinstance(d.type, c_ast.ArrayDecl) else "variable"
            raise unsupported(loc, f"global {what} '{name}' (only const scalars and tables with an initializer)")
        t = self.scalar_type(d.type, d)
        saved, self.scopes = self.scopes, []  # (the initializer sees file scope only)
        pending = len(self.pending)
        try:
            value = convert(self.expr(d.init), t)
        finally:
            self.scopes = saved
        hoisted = len(self.pending) > pending  # (a call)
        folded = _fold(value)
        if folded is not None:
            value = Const(folded, t, value.loc)
        elif read_variables(value, arrays=True) or hoisted:
            raise HlsError(self.loc(d.init), f"the initializer of global '{name}' is not a constant expression")
        self.global_values[name] = value
        return value

    def _table(self, d: c_ast.Decl, use: c_ast.Node) -> Variable:
        """The ROM of a read-only table: a file-scope ``const`` array, or a ``static const`` local
        array, with an initializer of constants (one ROM per declaration, shared by its users)."""
        key = id(d)
        if key in self.tables:
            return self.tables[key]
        if key in self.tables_pending:  # (read in its own initializer)
            raise HlsError(self.loc(use), f"the initializer of table '{d.name}' is not a constant expression")
        at_file_scope = d.name in self.globals and self.globals[d.name] is d
        if not ("const" in (d.quals or []) and d.init is not None and "extern" not in (d.storage or [])):
            what = "global array" if at_file_scope else "static local array"
            raise unsupported(self.loc(use), f"{what} '{d.name}' (only const tables with an initializer)")
        t = self.decl_type(self._sized_array_decl(d), d)
        assert isinstance(t, ArrayType)
        loc = self.loc(d)
        if t.depth > _MAX_TABLE_ELEMENTS:
            raise unsupported(loc, f"table '{d.name}' of more than {_MAX_TABLE_ELEMENTS} elements")
        self.tables_pending.add(key)
        try:
            contents = self._constant_contents(d, t, "table", at_file_scope)
        finally:
            self.tables_pending.discard(key)
        var = Variable(self._unique(d.name), t, "local", loc, is_const=True, init=tuple(contents))
        self.locals.append(var)
        self.tables[key] = var
        return var

    def _constant_contents(self, d: c_ast.Decl, t: ArrayType, what: str, at_file_scope: bool) -> list[int | float]:
        """The elements of ``d``'s initializer, constants flat in C order (missing ones zero;
        no initializer: all zero, as C's static storage starts): a brace list for an array, an
        expression (or one in braces) for a scalar, which ``t`` holds as one element."""
        zero: int | float = 0.0 if isinstance(t.elem, FloatType) else 0
        if d.init is None:
            return [zero] * t.depth
        saved, self.scopes = self.scopes, ([] if at_file_scope else self.scopes)  # (a global's initializer sees file scope only)
        pending = len(self.pending)
        try:
            if isinstance(d.type, c_ast.ArrayDecl):
                values = self._initializer_values(d.name, t, d.init)
            else:
                init = d.init.exprs[0] if isinstance(d.init, c_ast.InitList) and len(d.init.exprs) == 1 else d.init
                if isinstance(init, c_ast.InitList):
                    raise HlsError(self.loc(init), f"braces around the scalar initializer of '{d.name}'")
                values = [convert(self.expr(init), t.elem)]
        finally:
            self.scopes = saved
        contents: list[int | float] = []
        for value in values:
            folded = zero if value is None else _fold_constant(value)
            if folded is None or len(self.pending) > pending:
                raise HlsError(value.loc if value is not None else self.loc(d), f"the initializer of {what} '{d.name}' is not a constant expression")
            contents.append(folded)
        return contents

    def _static_local(self, d: c_ast.Decl) -> Variable:
        """The variable of a ``static`` local that is not a const table: state inside the design,
        kept from call to call (a memory of its own starting with the initializer's values; a
        scalar is one element). One per declaration, shared by every inlined copy of its function."""
        key = id(d)
        if key in self.statics:
            return self.statics[key]
        loc = self.loc(d)
        if isinstance(d.type, c_ast.PtrDecl):
            raise unsupported(loc, f"static pointer variable '{d.name}'")
        if isinstance(getattr(d.type, "type", None), (c_ast.Struct, c_ast.Union)):
            raise unsupported(loc, "struct or union type")
        if isinstance(d.type, c_ast.ArrayDecl):
            t = self.decl_type(self._sized_array_decl(d), d)
            assert isinstance(t, ArrayType)
        else:
            t = ArrayType(self.scalar_type(d.type, d), (1,))
        if t.depth > _MAX_TABLE_ELEMENTS:
            raise unsupported(loc, f"static array '{d.name}' of more than {_MAX_TABLE_ELEMENTS} elements")
        contents = self._constant_contents(d, t, "static variable", False)
        var = Variable(self._unique(d.name), t, "local", loc, init=tuple(contents), static=True)
        self.locals.append(var)
        self.statics[key] = var
        if not isinstance(d.type, c_ast.ArrayDecl):
            self.scalar_state.add(var)
        return var

    def _sized_array_decl(self, d: c_ast.Decl) -> c_ast.Node:
        """``d``'s type, with the size of ``T a[] = {...}`` from the initializer (a brace list per
        row, or the rows' elements in a row: as many rows as they fill)."""
        dtype = d.type
        if isinstance(dtype, c_ast.ArrayDecl) and dtype.dim is None and isinstance(d.init, c_ast.InitList):
            items = d.init.exprs
            row = self.decl_type(dtype.type, d)
            per_row = row.depth if isinstance(row, ArrayType) else 1
            if per_row > 1 and any(isinstance(x, c_ast.InitList) for x in items) != all(isinstance(x, c_ast.InitList) for x in items):
                raise unsupported(self.loc(d.init), f"initializer of '{d.name}[]' mixing brace lists and elements of its rows")
            count = len(items) if per_row == 1 or isinstance(items[0], c_ast.InitList) else -(-len(items) // per_row)
            dtype = c_ast.ArrayDecl(dtype.type, c_ast.Constant("int", str(count), d.coord), dtype.dim_quals, dtype.coord)
        return dtype

    def _array_parameter(self, d: c_ast.Decl) -> ArrayType | None:
        """For a callee's array or pointer parameter (``T p[]``, ``T p[N][M]``, ``T *p``,
        ``T (*p)[M]``): the rows it points to as an ArrayType (element, dimensions after the
        first); None for a scalar parameter."""
        node = d.type
        if isinstance(node, c_ast.ArrayDecl):
            node = node.type
        elif isinstance(node, c_ast.PtrDecl):
            node = node.type
        else:
            return None
        inner = self.decl_type(node, d)
        return ArrayType(inner.elem, inner.dims) if isinstance(inner, ArrayType) else ArrayType(inner, ())

    # ---- types -------------------------------------------------------------------------------

    def scalar_type(self, node: c_ast.Node, where: c_ast.Node) -> ScalarType:
        """The scalar type of a TypeDecl/Typename/IdentifierType."""
        if isinstance(node, c_ast.Typename):
            node = node.type
        if isinstance(node, c_ast.TypeDecl):
            node = node.type
        if isinstance(node, c_ast.IdentifierType):
            names = [n for n in node.names]
            if len(names) == 1 and names[0] in ct.STDINT_TYPES:
                return ct.STDINT_TYPES[names[0]]
            if len(names) == 1 and names[0] in self.typedefs:
                return self.scalar_type(self.typedefs[names[0]], where)
            if names == ["float"]:
                return FLOAT
            if names == ["double"]:
                return DOUBLE
            if any(n in _FLOAT_NAMES for n in names):
                raise unsupported(self.loc(where), f"type '{' '.join(names)}'")
            key = tuple(sorted(names, key=lambda n: _ORDER.get(n, 9)))
            if key in _BASE_TYPES:
                return _BASE_TYPES[key]
            raise unsupported(self.loc(where), f"type '{' '.join(names)}'")
        if isinstance(node, c_ast.PtrDecl):
            raise unsupported(self.loc(where), "pointer type")
        if isinstance(node, (c_ast.Struct, c_ast.Union)):
            raise unsupported(self.loc(where), "struct or union type")
        if isinstance(node, c_ast.Enum):
            return INT
        raise unsupported(self.loc(where), f"type {type(node).__name__}")

    def decl_type(self, node: c_ast.Node, where: c_ast.Node) -> ScalarType | ArrayType:
        dims: list[int] = []
        while isinstance(node, c_ast.ArrayDecl):
            if node.dim is None:
                raise HlsError(self.loc(where), f"array '{getattr(where, 'name', '')}' needs a constant size")
            dims.append(self._const_int(node.dim))
            node = node.type
        if isinstance(node, c_ast.TypeDecl) and isinstance(node.type, c_ast.IdentifierType):
            tname = node.type.names
            if len(tname) == 1 and tname[0] in self.typedefs and tname[0] not in ct.STDINT_TYPES:
                inner = self.decl_type(self.typedefs[tname[0]], where)
                if isinstance(inner, ArrayType):
                    return ArrayType(inner.elem, tuple(dims) + inner.dims)
        elem = self.scalar_type(node, where)
        if dims:
            if len(dims) > _MAX_DIMS:
                raise unsupported(self.loc(where), f"array with more than {_MAX_DIMS} dimensions")
            if any(d <= 0 for d in dims):
                raise HlsError(self.loc(where), "array dimensions must be positive")
            return ArrayType(elem, tuple(dims))
        return elem

    def _const_int(self, node: c_ast.Node) -> int:
        """Evaluates an integer constant expression (array sizes, enum values)."""
        e = self.expr(node)
        value = _fold(e)
        if not isinstance(value, int) or not isinstance(e.type, IntType):
            raise HlsError(self.loc(node), "expected an integer constant expression")
        return value

    def _return_type(self, fd: c_ast.FuncDef) -> ScalarType | None:
        rtype = fd.decl.type.type
        if isinstance(rtype, c_ast.TypeDecl) and isinstance(rtype.type, c_ast.IdentifierType) and rtype.type.names == ["void"]:
            return None
        return self.scalar_type(rtype, fd.decl)

    def _param_decls(self, fd: c_ast.FuncDef) -> list[c_ast.Decl]:
        args = fd.decl.type.args
        if args is None:
            return []
        out = []
        old_style = {d.name: d for d in fd.param_decls or []}
        for p in args.params:
            if isinstance(p, c_ast.ID):
                # a K&R definition: the type comes from the declaration list, else it is int
                int_decl = c_ast.TypeDecl(p.name, [], None, c_ast.IdentifierType(["int"], p.coord), p.coord)
                p = old_style.get(p.name) or c_ast.Decl(p.name, [], [], [], [], int_decl, None, None, coord=p.coord)
            if isinstance(p, c_ast.EllipsisParam):
                raise unsupported(self.loc(p), "variadic function")
            if isinstance(p, c_ast.Typename):
                if isinstance(p.type, c_ast.TypeDecl) and getattr(p.type.type, "names", None) == ["void"]:
                    continue
                raise HlsError(self.loc(p), "parameters need names")
            out.append(p)
        return out

    def _interface_depths(self, fd: c_ast.FuncDef) -> dict[str, int]:
        """``depth`` of each ``#pragma HLS interface ... port=p depth=N`` in the top function's
        body (whatever its mode): how many elements pointer parameter ``p`` points to."""
        depths: dict[str, int] = {}
        for item in fd.body.block_items or []:
            if not isinstance(item, c_ast.Pragma):
                continue
            loc = _pragma_loc(self.loc(item))
            prag = parse_pragma(item.string, loc, [])
            if prag is None or prag.name != "interface" or "port" not in prag.options or "depth" not in prag.options:
                continue
            depth = prag.options["depth"]
            if not depth.isdigit() or int(depth) < 1:
                raise HlsError(option_location(loc, "depth"), f"interface depth must be a positive integer, not '{depth}'")
            depths[prag.options["port"]] = int(depth)
        return depths

    def _param(self, p: c_ast.Decl, depths: dict[str, int] | None = None, fd: c_ast.FuncDef | None = None) -> Variable:
        node = p.type
        if isinstance(node, c_ast.PtrDecl) or (isinstance(node, c_ast.ArrayDecl) and node.dim is None):
            pointed = self._pointer_parameter(p, depths or {}, fd)
            return Variable(self._unique(p.name), pointed, "param", self.loc(p), is_const=_has_const(p.type))
        t = self.decl_type(p.type, p)
        name = self._unique(p.name)
        return Variable(name, t, "param", self.loc(p), is_const="const" in (p.quals or []) or _has_const(p.type))

    def _pointer_parameter(self, p: c_ast.Decl, depths: dict[str, int], fd: c_ast.FuncDef | None) -> ArrayType:
        """A top-level pointer parameter (``T *p``, ``T p[]``, ``T (*p)[M]``) as the array of
        ``depth`` elements (rows for a pointer to rows) the interface pragma gives, as Vitis HLS
        co-simulation takes it; one element where the body only reads or writes ``*p`` or ``p[0]``
        (a scalar passed by address)."""
        rows = self._array_parameter(p)
        assert rows is not None
        depth = depths.get(p.name)
        if depth is None and fd is not None and not rows.dims and _first_element_only(fd.body, p.name):
            depth = 1
        if depth is None:
            raise HlsError(
                self.loc(p),
                f"pointer parameter '{p.name}' needs the number of elements it points to: add "
                f"'#pragma HLS interface mode=ap_memory port={p.name} depth=N' to the function's body",
            )
        if len(rows.dims) + 1 > _MAX_DIMS:
            raise unsupported(self.loc(p), f"array with more than {_MAX_DIMS} dimensions")
        return ArrayType(rows.elem, (depth, *rows.dims))

    # ---- statements --------------------------------------------------------------------------

    def _block(self, items: list[c_ast.Node], where: str = "block", pragmas_out: list[Pragma] | None = None) -> list[Stmt]:
        """The statements of a block. Its pragmas are checked once the block's names are declared:
        loop directives of a ``where == "loop"`` body go to ``pragmas_out``, directives naming a
        variable to the function's pragmas (under the variable's unique name)."""
        self.scopes.append(_Scope())
        found: list[Pragma] = []
        out = self._items(items, found)
        for prag in found:
            self._apply_pragma(prag, where, pragmas_out, out)
        self.scopes.pop()
        return out

    def _items(self, items: list[c_ast.Node], found: list[Pragma]) -> list[Stmt]:
        """The statements of ``items`` (pragmas go to ``found``). In a function with early returns,
        what follows a statement that may return runs only if it did not."""
        out: list[Stmt] = []
        for k, item in enumerate(items):
            if isinstance(item, c_ast.Pragma):
                prag = parse_pragma(item.string, _pragma_loc(self.loc(item)), self.warnings)
                if prag is not None:
                    found.append(prag)
                continue
            if isinstance(item, _Skippable):  # (in this block's scope and pragmas)
                inner = self._items(list(item.items), found)
                out.extend([If(_none_set(item.flags, self.loc(item)), inner, [], self.loc(item))] if inner and item.flags else inner)
            else:
                out.extend(self.stmt(item))
            flags = self._leaving_flags(item)
            in_switch = False
            for target in reversed(self.jump_targets):
                # the innermost loop's continue and break, the switches' breaks inside it
                if target.kind == "switch":
                    if not in_switch and target.broken is not None and _jumps(item, c_ast.Break):
                        flags.append(target.broken)
                    in_switch = True
                    continue
                if target.skipped is not None and _jumps(item, c_ast.Continue):
                    flags.append(target.skipped)
                if target.broken is not None and not in_switch and _jumps(item, c_ast.Break):
                    flags.append(target.broken)
                break
            # a goto out of the item skips the items up to its label (here or in an outer block)
            stops = {self._goto_flag(name, self.loc(item)): next((j for j in range(k + 1, len(items)) if name in _item_labels(items[j])), len(items))
                     for name in sorted(_escaping_gotos(item))}  # fmt: skip
            if (flags or stops) and k + 1 < len(items):
                # a goto's flag skips the items up to its label, where it clears: nested, the
                # nearest label innermost (the label of a farther goto lies beyond, so that flag
                # must not cover it). The other flags (returns, a loop's continue and break, gotos
                # to labels of an outer block) skip every item after this one.
                skipped: list[c_ast.Node] = []
                at = k + 1
                for j in sorted({j for j in stops.values() if j < len(items)}):
                    skipped = [*skipped, *items[at:j]]
                    skipped = [_Skippable(skipped, [f for f, i in stops.items() if i == j])] if skipped else []
                    at = j
                piece = self._items([*skipped, *items[at:]], found)
                active = flags + [f for f, j in stops.items() if j == len(items)]
                out.extend([If(_none_set(active, self.loc(item)), piece, [], self.loc(item))] if piece and active else piece)
                break
        return out

    def _leaving_flags(self, node: c_ast.Node) -> list[Variable]:
        """The flags a statement sets when it leaves the function being lowered (a ``return``)
        or the whole top (``exit``, here or in a function it calls): what follows it, and the
        loops around it, test them."""
        done = self.frames[-1].done if self.frames else self.top_done
        flags = [done] if done is not None and _contains_return(node) else []
        if self.top_done is not None and self.top_done not in flags and self._may_exit(node):
            flags.append(self.top_done)
        return flags

    def _may_exit(self, node: c_ast.Node) -> bool:
        """Whether ``node`` calls ``exit`` (or a function of the file that may)."""
        if not self.exiting:
            return False  # (no function of the file calls exit: nothing to walk)
        return any(name in self.exiting or (name in _EXIT_FUNCTIONS and name not in self.funcs) for name in _called_names(node))

    def _exit(self, node: c_ast.FuncCall, name: str) -> None:
        """``exit(status)``: the top ends here, returning ``status`` if it returns an int (main:
        its exit status); every statement after it, in its callers too, is skipped."""
        loc = self.loc(node)
        args = node.args.exprs if node.args else []
        if len(args) != 1:
            raise HlsError(loc, f"'{name}' takes one argument")
        value = self.expr(args[0])
        assert self.top_done is not None
        if self.top_result is not None:
            assert not isinstance(self.top_result.type, ArrayType)
            self.pending.append(Assign(self.top_result, None, convert(value, self.top_result.type), loc))
        self.pending.append(_set_flag(self.top_done, 1, loc))

    def _goto_flag(self, label: str, loc: SourceLoc) -> Variable:
        """The flag of the gotos to ``label`` in the function being lowered."""
        if label not in self.goto_flags:
            self.goto_flags[label] = self._temporary(f"goto_{label}", BOOL, loc)
        return self.goto_flags[label]

    def _apply_pragma(self, prag: Pragma, where: str, loop_pragmas: list[Pragma] | None, body: list[Stmt]) -> None:
        spec = DIRECTIVES[prag.name]
        options = dict(prag.options)
        name = options.get(spec.target) if spec.target is not None else None
        if name and not (spec.kind == "interface" and name == "return"):
            loc = option_location(prag.loc, name)
            if spec.kind == "interface" and isinstance(self._struct_name(name), _StructRef) and where == "top":
                return  # (a struct parameter: its depth is taken; its members are ap_memory ports)
            table = name in self.globals and isinstance(self.globals[name].type, c_ast.ArrayDecl)
            if not any(name in s.names or name in s.values for s in self.scopes) and not table:
                raise HlsError(loc, f"'{name}' in '#pragma HLS {prag.name}' is not declared here")
            ptr = self._pointer_var(name)
            # (a pointer parameter the function moves: the pragma is about the parameter)
            var = ptr.base if ptr is not None and ptr.base is not None and ptr.base.kind == "param" else self._resolve(name, None)
            if not isinstance(var, Variable) or (spec.kind == "interface" and var.kind != "param"):
                what = "a parameter" if spec.kind == "interface" else "a variable"
                raise HlsError(loc, f"'{name}' in '#pragma HLS {prag.name}' is not {what} of this function")
            options[spec.target] = var.name  # type: ignore[index]
        if not honoured(prag, where, self.warnings):
            return
        applied = Pragma(prag.name, options, prag.loc)
        if prag.name == "allocation":
            limit = allocation_limit(applied, self.warnings)
            if limit is not None:
                # in the top function's body it limits the function, else the block it is in
                within = None if where == "top" else source_locations(body)
                self.allocations.append(Allocation(limit[0], limit[1], within, prag.loc))
            return
        if prag.name == "bind_op":
            bound = bind_op_of(applied, self.warnings)
            target = self._resolve(name, None) if name else None
            if bound is not None and isinstance(target, Variable):
                self.bindings.append(Binding(bound[0], bound[1], assigned_locations(body, target), target.name, prag.loc))
            return
        if spec.kind == "loop":
            assert loop_pragmas is not None
            loop_pragmas.append(applied)
        else:
            self.fn_pragmas.append(applied)

    def stmt(self, node: c_ast.Node) -> list[Stmt]:
        """The statements of one C statement: what its expressions hoisted (inlined calls,
        assignments, in C's order), then the statement itself. Nested statements (an ``if``'s
        branches) hoist into their own list, so the condition's side effects stay in front."""
        outer, self.pending = self.pending, []
        with processing(self.loc(node)):
            result = self._stmt(node)
        hoisted, self.pending = self.pending, outer
        if self.top_done is not None and self._may_exit(node):
            return self._after_exit(hoisted + result, self.loc(node))
        return hoisted + result

    def _after_exit(self, stmts: list[Stmt], loc: SourceLoc) -> list[Stmt]:
        """``stmts`` (of one C statement) with what follows a statement that may exit the top
        run only if it did not: a call in an expression that exits ends the expression there."""
        assert self.top_done is not None
        for k, s in enumerate(stmts[:-1]):
            if any(a.var is self.top_done for a in assignments([s])):
                return stmts[: k + 1] + [If(_none_set([self.top_done], loc), self._after_exit(stmts[k + 1 :], loc), [], loc)]
        return stmts

    def _hoisting(self, node: c_ast.Node) -> tuple[Expr, list[Stmt]]:
        """``node`` lowered with the statements it hoists kept apart (for operands C evaluates
        only sometimes: the right of ``&&``/``||``, the arms of ``?:``)."""
        outer, self.pending = self.pending, []
        value = self.expr(node)
        hoisted, self.pending = self.pending, outer
        return value, hoisted

    def _temporary(self, hint: str, t: ScalarType, loc: SourceLoc) -> Variable:
        var = Variable(self._unique(hint), t, "local", loc)
        self.locals.append(var)
        return var

    def _stmt(self, node: c_ast.Node) -> list[Stmt]:
        loc = self.loc(node)
        if isinstance(node, c_ast.Compound):
            return self._block(node.block_items or [])
        if isinstance(node, c_ast.Decl):
            return self._local_decl(node)
        if isinstance(node, c_ast.DeclList):
            out: list[Stmt] = []
            for d in node.decls:
                out.extend(self._local_decl(d))
            return out
        if isinstance(node, c_ast.Assignment):
            return self._assignment(node)
        if isinstance(node, c_ast.UnaryOp) and node.op in _INCDEC:
            one = c_ast.Constant("int", "1", node.coord)
            return self._assign_to(node.expr, _INCDEC[node.op], one, node)
        if isinstance(node, (c_ast.For, c_ast.While, c_ast.DoWhile)):
            return [self._loop(node, None)]
        if isinstance(node, c_ast.Label):
            # a goto's target: where it lands its flag clears (the statements before it skipped)
            landing = [_set_flag(self._goto_flag(node.name, loc), 0, loc)] if node.name in self.goto_targets else []
            if isinstance(node.stmt, (c_ast.For, c_ast.While, c_ast.DoWhile)):
                return [*landing, self._loop(node.stmt, node.name)]
            return landing + self.stmt(node.stmt)
        if isinstance(node, c_ast.Goto):
            return [_set_flag(self._goto_flag(node.name, loc), 1, loc)]

        if isinstance(node, c_ast.If):
            cond = self.expr(node.cond)
            then = self._block([node.iftrue]) if node.iftrue is not None else []
            els = self._block([node.iffalse]) if node.iffalse is not None else []
            # nothing to do either way: the condition (its side effects already hoisted before
            # it) only reads, and reads no statement owns escape the dependence analysis
            return [If(cond, then, els, loc)] if then or els else []
        if isinstance(node, c_ast.Return):
            return self._return(node)
        if isinstance(node, c_ast.Continue):
            loops = [t.skipped for t in self.jump_targets if t.kind == "loop"]
            if not loops:
                raise HlsError(loc, "continue statement not within a loop")
            assert loops[-1] is not None  # (a loop whose body holds a continue has its flag)
            return [_set_flag(loops[-1], 1, loc)]
        if isinstance(node, c_ast.Break):
            if not self.jump_targets:
                raise HlsError(loc, "break statement not within a loop or switch")
            broken = self.jump_targets[-1].broken
            assert broken is not None  # (a loop or switch whose body holds a break has its flag)
            return [_set_flag(broken, 1, loc)]
        if isinstance(node, c_ast.Switch):
            return self._switch(node)
        if isinstance(node, c_ast.FuncCall):
            self._call(node, want_value=False)
            return []
        if isinstance(node, c_ast.EmptyStatement):
            return []
        if isinstance(node, c_ast.ExprList):  # 'a = 1, b = 2;': in order
            return [s for e in node.exprs if _has_side_effects(e) for s in self.stmt(e)]
        if isinstance(node, c_ast.Cast) and _is_void(node.to_type):
            # '(void)x;' (an unused value): only side effects of x remain
            if _has_side_effects(node.expr):
                self.expr(node.expr)
            return []
        if isinstance(node, c_ast.Pragma):
            raise HlsError(loc, "pragma is not allowed here")
        what = {
            c_ast.Case: "'case' label outside a switch's body",
            c_ast.Default: "'default' label outside a switch's body",
        }.get(type(node), f"statement ({type(node).__name__})")
        raise unsupported(loc, what)

    def _switch(self, node: c_ast.Switch) -> list[Stmt]:
        """``switch`` as C runs it: the value computed once; each label's statements run from the
        matching label on (falling through the next labels) until a ``break`` sets a flag the
        rest tests; ``default`` matches when no case does, wherever it stands."""
        loc = self.loc(node)
        value = self.expr(node.cond)
        if not isinstance(value.type, IntType):
            raise HlsError(self.loc(node.cond), "switch quantity not an integer")
        promoted = ct.integer_promote(value.type)
        value = convert(value, promoted)
        items = node.stmt.block_items or [] if isinstance(node.stmt, c_ast.Compound) else [node.stmt]
        labels: list[tuple[int | None, c_ast.Node]] = []  # (case value or None for default, label)
        for item in items:
            if isinstance(item, c_ast.Case):
                case = _fold(convert(self.expr(item.expr), promoted))
                if not isinstance(case, int):
                    raise HlsError(self.loc(item.expr), "case label does not reduce to an integer constant")
                if any(v == case for v, _ in labels):
                    raise HlsError(self.loc(item.expr), "duplicate case value")
                labels.append((case, item))
            elif isinstance(item, c_ast.Default):
                if any(v is None for v, _ in labels):
                    raise HlsError(self.loc(item), "multiple default labels in one switch")
                labels.append((None, item))
            elif not isinstance(item, c_ast.Pragma):
                raise unsupported(self.loc(item), "statement before the first label of a switch")
        subject = self._temporary("switch_value", promoted, loc)
        fall = self._temporary("switch_entered", INT, loc)
        done = self._temporary("switch_break", INT, loc)
        out: list[Stmt] = [Assign(subject, None, value, loc), Assign(fall, None, Const(0, INT, loc), loc), Assign(done, None, Const(0, INT, loc), loc)]
        cases = [v for v, _ in labels if v is not None]
        self.scopes.append(_Scope())
        self.jump_targets.append(_JumpTarget("switch", None, done))
        found: list[Pragma] = []
        leaving: list[Variable] = []
        for case, label in labels:
            at = self.loc(label)
            subject_read = VarRead(subject, at)
            if case is not None:
                match: Expr = binary("==", subject_read, Const(case, promoted, at), at)
            else:  # default: no case matches
                match = Const(1, INT, at)
                for v in cases:
                    match = binary("&&", match, binary("!=", VarRead(subject, at), Const(v, promoted, at), at), at)
            out.append(Assign(fall, None, binary("||", VarRead(fall, at), match, at), at))
            body = self._items(label.stmts or [], found)
            if body:
                left: Expr = VarRead(done, at)
                for flag in leaving:
                    left = binary("||", left, VarRead(flag, at), at)
                out.append(If(binary("&&", VarRead(fall, at), Unary("!", left, INT, at), at), body, [], at))
            # a continue or return in these statements leaves the switch too: the next labels' test it
            loop_flag = next((t.skipped for t in reversed(self.jump_targets) if t.kind == "loop"), None)
            if loop_flag is not None and loop_flag not in leaving and _jumps(label, c_ast.Continue):
                leaving.append(loop_flag)
            leaving += [f for f in self._leaving_flags(label) if f not in leaving]
            for target in sorted(_escaping_gotos(label)):
                if self._goto_flag(target, at) not in leaving:
                    leaving.append(self._goto_flag(target, at))
        self.jump_targets.pop()
        self.scopes.pop()
        for prag in found:
            self._apply_pragma(prag, "block", None, out)
        return out

    def _local_decl(self, d: c_ast.Decl) -> list[Stmt]:
        loc = self.loc(d)
        if isinstance(d.type, c_ast.FuncDecl):
            return []  # a local prototype
        if "static" in (d.storage or []):
            if isinstance(d.type, c_ast.ArrayDecl) and "const" in (d.quals or []):
                # initialized once, never written: a table in a ROM, like a global one
                self.scopes[-1].names[d.name] = self._table(d, d)
                return []
            if "const" in (d.quals or []) and not isinstance(d.type, c_ast.ArrayDecl):
                # a constant, like a file-scope const scalar
                elem = self.scalar_type(d.type, d)
                self.scopes[-1].values[d.name] = Const(self._constant_contents(d, ArrayType(elem, (1,)), "static const", False)[0], elem, loc)
                return []
            var = self._static_local(d)
            if var in self.scalar_state:  # (read and written as its one element)
                self.scopes[-1].values[d.name] = ArrayRead(var, [Const(0, INT, loc)], loc)
            else:
                self.scopes[-1].names[d.name] = var
            return []
        if "extern" in (d.storage or []):
            raise unsupported(loc, f"extern declaration '{d.name}'")
        if isinstance(d.type, c_ast.PtrDecl):
            return self._pointer_decl(d)
        union = self._union_decl(d.type, d) if d.type is not None else None
        if union is not None:
            return self._union_local(d, *union)
        found = self._struct_decl(d.type, d) if d.type is not None else None
        if found is not None:
            return self._struct_local(d, *found)
        t = self.decl_type(self._sized_array_decl(d), d)
        var = Variable(self._unique(d.name), t, "local", loc, is_const="const" in (d.quals or []))
        out: list[Stmt] = []
        if d.init is not None:
            if isinstance(t, ArrayType):
                out = self._array_initializer(var, t, d.init)
                self.locals.append(var)
                self.scopes[-1].names[d.name] = var
                return out
            # C puts the variable in scope in its own initializer, where its value is indeterminate
            self.scopes[-1].names[d.name] = var
            self.initializing.append(var)
            try:
                value = convert(self.expr(d.init), t)
            finally:
                if var in self.initializing:
                    self.initializing.remove(var)
            out = [Assign(var, None, value, loc)]
        self.locals.append(var)
        self.scopes[-1].names[d.name] = var
        return out

    # ---- unions ------------------------------------------------------------------------------

    def _union_decl(self, node: c_ast.Node, where: c_ast.Node) -> tuple[_UnionType, tuple[int, ...]] | None:
        """The union type of a declared type (through typedefs), with the dimensions of an array
        of unions; None when it is not a union."""
        found = self._tagged_type(node)
        if found is None or not isinstance(found[0], c_ast.Union):
            return None
        return self._union_def(found[0], where), found[1]

    def _union_def(self, node: c_ast.Union, where: c_ast.Node) -> _UnionType:
        """The members of the union ``node`` defines or names (by its tag)."""
        if node.decls is None:
            if node.name in self.union_nodes:
                return self._union_def(self.union_nodes[node.name], where)
            raise HlsError(self.loc(where), f"union '{node.name}' is not defined")
        if id(node) in self.union_types:
            return self.union_types[id(node)]
        name = node.name or "(anonymous)"
        members: dict[str, ScalarType | ArrayType] = {}
        size = align = 1
        for fd in node.decls:
            self._check_member(fd, "union")
            t = self.decl_type(fd.type, fd)
            if isinstance(t, ArrayType) and len(t.dims) != 1:
                raise unsupported(self.loc(fd), f"union member '{fd.name}' with more than one dimension")
            elem = t.elem if isinstance(t, ArrayType) else t
            members[fd.name] = t
            size = max(size, _byte_size(elem) * (t.depth if isinstance(t, ArrayType) else 1))
            align = max(align, _byte_size(elem))
        size = -(-size // align) * align
        if size > 8:
            raise unsupported(self.loc(node), f"union '{name}' of {size} bytes (at most 8: one 64-bit word)")
        storage = ct.UCHAR if size == 1 else ct.USHORT if size == 2 else ct.UINT if size <= 4 else ct.ULLONG
        ut = _UnionType(name, members, size, storage)
        self.union_types[id(node)] = ut
        return ut

    def _union_local(self, d: c_ast.Decl, ut: _UnionType, dims: tuple[int, ...]) -> list[Stmt]:
        """A local union or array of unions: its storage words, and its initializer."""
        loc = self.loc(d)
        if "const" in (d.quals or []):
            raise unsupported(loc, f"const union '{d.name}'")
        t: ScalarType | ArrayType = ArrayType(ut.storage, dims) if dims else ut.storage
        var = Variable(self._unique(d.name), t, "local", loc)
        self.locals.append(var)
        union = _Union(d.name, ut, var, dims)
        out = self._union_init(union, [], d.init) if d.init is not None else []
        self.scopes[-1].unions[d.name] = union
        return out

    def _union_init(self, union: _Union, idx: list[Expr], init: c_ast.Node) -> list[Stmt]:
        """The stores of a union's initializer: per array level a brace list (missing unions
        zero), then braces around the first member's value (or ``.m = v``), or another union."""
        loc = self.loc(init)
        if len(idx) < len(union.dims):
            return self._array_of_aggregates_init(
                "union", union.name, union.dims, idx, init, lambda at, item: self._union_init(union, at, item),
                lambda at: [Assign(union.var, at, Const(0, union.type.storage, loc), loc)],
            )  # fmt: skip
        if not isinstance(init, c_ast.InitList):
            whole = self._union_whole(init)
            if whole is None or whole[0].type is not union.type:
                raise HlsError(loc, f"union '{union.name}' initialized from a value that is not a union '{union.type.name}'")
            src = whole[0].var
            value: Expr = ArrayRead(src, whole[1], loc) if whole[1] else VarRead(src, loc)
            return [Assign(union.var, idx or None, value, loc)]
        if len(init.exprs) > 1:
            raise HlsError(loc, f"excess elements in the initializer of union '{union.name}'")
        word: Expr = Const(0, union.type.storage, loc)
        if init.exprs:
            item = init.exprs[0]
            member = next(iter(union.type.members))
            if isinstance(item, c_ast.NamedInitializer):
                if len(item.name) != 1 or not isinstance(item.name[0], c_ast.ID):
                    raise unsupported(self.loc(item), "this designated initializer")
                member = item.name[0].name
                if member not in union.type.members:
                    raise HlsError(self.loc(item), f"union '{union.type.name}' has no member named '{member}'")
                item = item.expr
            mt = union.type.members[member]
            if isinstance(mt, ArrayType):
                items = item.exprs if isinstance(item, c_ast.InitList) else None
                if items is None or len(items) > mt.dims[0]:
                    raise HlsError(loc, f"initializer of array member '{member}' of union '{union.name}'")
                for k, e in enumerate(items):
                    word = self._union_insert(word, union.type, mt.elem, Const(k * _byte_size(mt.elem) * 8, INT, loc), self.expr(e), loc)
            else:
                if isinstance(item, c_ast.InitList):
                    if len(item.exprs) != 1:
                        raise HlsError(loc, f"initializer of member '{member}' of union '{union.name}'")
                    item = item.exprs[0]
                word = self._union_insert(word, union.type, mt, Const(0, INT, loc), self.expr(item), loc)
        return [Assign(union.var, idx or None, word, loc)]

    def _array_of_aggregates_init(
        self, kind: str, name: str, dims: tuple[int, ...], idx: list[Expr], init: c_ast.Node,
        element: Callable[[list[Expr], c_ast.Node], list[Stmt]], zero: Callable[[list[Expr]], list[Stmt]],
    ) -> list[Stmt]:  # fmt: skip
        """The stores of the initializer of an array of structs or unions (``kind``) at the
        dimension after ``idx``: a brace list, each item one element's (``element``), the elements
        without one zero (``zero``)."""
        loc = self.loc(init)
        if not isinstance(init, c_ast.InitList):
            raise unsupported(loc, f"initializer of array of {kind}s '{name}' other than a brace list")
        if len(init.exprs) > dims[len(idx)]:
            raise HlsError(loc, f"excess elements in the initializer of array '{name}'")
        out: list[Stmt] = []
        for k in range(dims[len(idx)]):
            at = [*[clone_expr(e) for e in idx], Const(k, INT, loc)]
            out += element(at, init.exprs[k]) if k < len(init.exprs) else zero(at)
        return out

    def _union_name(self, name: str) -> _Union | None:
        """The union (or array of unions) ``name`` denotes here, if any."""
        for scope in reversed(self.scopes):
            if name in scope.unions:
                return scope.unions[name]
            if name in scope.names or name in scope.values or name in scope.refs or name in scope.moving or name in scope.row_views:
                return None
            if name in scope.structs or name in scope.struct_refs:
                return None
        return None

    def _union_base(self, node: c_ast.Node) -> tuple[_Union, list[c_ast.Node]] | None:
        """``u``, ``a[i]``, ``a[i][j]``: the union (or array of unions) named, with the subscripts
        written (syntactically; None when ``node`` names no union)."""
        subs: list[c_ast.Node] = []
        while isinstance(node, c_ast.ArrayRef):
            subs.insert(0, node.subscript)
            node = node.name
        if not isinstance(node, c_ast.ID) or (union := self._union_name(node.name)) is None:
            return None
        return union, subs

    def _union_whole(self, node: c_ast.Node) -> tuple[_Union, list[Expr]] | None:
        """``u`` or ``a[i]..`` (every dimension subscripted): a whole union, its word's subscripts."""
        if (base := self._union_base(node)) is None:
            return None
        union, subs = base
        if len(subs) != len(union.dims):
            raise unsupported(self.loc(node), f"array of unions '{union.name}' used other than element by element")
        return union, [self.expr(e) for e in subs]

    def _union_member(self, node: c_ast.Node) -> _UnionAccess | None:
        """``u.m``, ``u.m[k]``, ``a[i].m`` ...: the union, the subscripts of its word, the type
        read or written, and the subscript of an array member (None for a scalar member)."""
        element = None
        if isinstance(node, c_ast.ArrayRef) and isinstance(node.name, c_ast.StructRef):
            element, node = node.subscript, node.name
        if not isinstance(node, c_ast.StructRef) or (base := self._union_base(node.name)) is None:
            return None
        union, subs = base
        loc = self.loc(node)
        if node.type != ".":
            raise HlsError(loc, f"invalid type argument of '->' (union '{union.name}' is not a pointer)")
        if len(subs) != len(union.dims):
            raise HlsError(loc, f"request for member '{node.field.name}' in something that is not a union")
        mt = union.type.members.get(node.field.name)
        if mt is None:
            raise HlsError(self.loc(node.field), f"union '{union.type.name}' has no member named '{node.field.name}'")
        if isinstance(mt, ArrayType) and element is None:
            raise unsupported(loc, f"array member '{node.field.name}' of union '{union.name}' other than subscripted")
        if not isinstance(mt, ArrayType) and element is not None:
            raise HlsError(loc, "subscripted value is not an array")
        return union, subs, (mt.elem if isinstance(mt, ArrayType) else mt), element

    def _union_offset(self, t: ScalarType, element: c_ast.Node | None, loc: SourceLoc) -> Expr:
        """The bit offset of a member's element in the word (the element's bytes, little-endian)."""
        if element is None:
            return Const(0, INT, loc)
        return binary("*", convert(self.expr(element), INT), Const(_byte_size(t) * 8, INT, loc), loc)

    def _union_read(self, access: _UnionAccess, node: c_ast.Node) -> Expr:
        """A member read (``access``, from ``_union_member``): its bytes out of the word."""
        union, subs, t, element = access
        loc = self.loc(node)
        idx = [self.expr(e) for e in subs]
        word: Expr = ArrayRead(union.var, idx, loc) if idx else VarRead(union.var, loc)
        return _union_extract(word, t, self._union_offset(t, element, loc), loc)

    def _union_insert(self, word: Expr, ut: _UnionType, t: ScalarType, offset: Expr, value: Expr, loc: SourceLoc) -> Expr:
        """``word`` with the bytes of ``value`` (converted to ``t``) at bit ``offset``."""
        bits = _as_bits(convert(value, t, loc), loc)
        if bits.type == ut.storage and _fold(offset) == 0:
            return bits
        wide = ct.UINT if ut.storage.width <= 32 else ct.ULLONG
        mask = (1 << bits.type.width) - 1  # type: ignore[union-attr]
        shifted_mask: Expr = Binary("<<", Const(mask, wide, loc), offset, wide, loc)
        kept = Binary("&", convert(word, wide, loc), Unary("~", shifted_mask, wide, loc), wide, loc)
        placed = Binary("<<", convert(bits, wide, loc), clone_expr(offset), wide, loc)
        return convert(Binary("|", kept, placed, wide, loc), ut.storage, loc)

    def _union_assign(self, access: _UnionAccess, op: str | None, rvalue: c_ast.Node, node: c_ast.Node) -> list[Stmt]:
        """``u.m = v``, ``u.m op= v``, ``a[i].m[k] = v`` (``access``, from ``_union_member``): the
        word with the member's bytes replaced."""
        union, subs, t, element = access
        loc = self.loc(node)
        setup: list[Stmt] = []
        idx = self._fixed([self.expr(e) for e in subs], f"{union.name}_at", loc, setup)
        offset = self._fixed([self._union_offset(t, element, loc)], f"{union.name}_bit", loc, setup)[0]
        self.pending.extend(setup)
        value = self.expr(rvalue)

        def word() -> Expr:
            return ArrayRead(union.var, [clone_expr(e) for e in idx], loc) if idx else VarRead(union.var, loc)

        if op is not None:
            value = binary(op, _union_extract(word(), t, clone_expr(offset), loc), value, loc)
        new = self._union_insert(word(), union.type, t, offset, value, loc)
        return [Assign(union.var, [clone_expr(e) for e in idx] if idx else None, new, loc)]

    def _union_copy(self, lvalue: c_ast.Node, op: str | None, rvalue: c_ast.Node, node: c_ast.Node) -> list[Stmt]:
        """``u = w`` of two unions of one type: the word."""
        loc = self.loc(node)
        dst = self._union_whole(lvalue)
        assert dst is not None
        if op is not None:
            raise HlsError(loc, f"invalid operands to '{op}=' (a union)")
        src = self._union_whole(rvalue) if isinstance(rvalue, (c_ast.ID, c_ast.ArrayRef)) else None
        if src is None or src[0].type is not dst[0].type:
            raise unsupported(loc, f"assignment to union '{dst[0].name}' of other than a union '{dst[0].type.name}'")
        value: Expr = ArrayRead(src[0].var, src[1], loc) if src[1] else VarRead(src[0].var, loc)
        return [Assign(dst[0].var, dst[1] or None, value, loc)]

    def _is_union_place(self, node: c_ast.Node) -> bool:
        """Whether ``node`` is a union or an element of an array of unions (syntactically)."""
        return self._union_base(node) is not None

    def _union_sizeof(self, node: c_ast.Node) -> int | None:
        """``sizeof`` of a union type, a union, an array of unions (partly subscripted or not) or
        a union's array member; None for anything else (a scalar member: its type's)."""
        if isinstance(node, c_ast.Typename):
            found = self._union_decl(node.type, node)
            return None if found is None else found[0].size * math.prod(found[1])
        if isinstance(node, c_ast.StructRef) and node.type == "." and (base := self._union_base(node.name)) is not None:
            member = base[0].type.members.get(node.field.name)
            return _byte_size(member.elem) * member.depth if isinstance(member, ArrayType) else None
        if (base := self._union_base(node)) is None:
            return None
        union, subs = base
        return union.type.size * math.prod(union.dims[len(subs) :])

    # ---- structs -----------------------------------------------------------------------------

    def _struct_decl(self, node: c_ast.Node, where: c_ast.Node) -> tuple[_StructType, tuple[int, ...]] | None:
        """The struct type of a declared type (through typedefs), with the dimensions of an array
        of structs; None when it is not a struct."""
        found = self._tagged_type(node)
        if found is not None and isinstance(found[0], c_ast.Union):
            raise unsupported(self.loc(where), "union here (only local unions, arrays of unions and unions passed by value to a called function)")
        if found is None or not isinstance(found[0], c_ast.Struct):
            return None
        return self._struct_def(found[0], where), found[1]

    def _check_member(self, fd: c_ast.Decl, kind: str) -> None:
        """Rejects the members of a struct or union (``kind``) the flattening does not take."""
        if fd.bitsize is not None:
            raise unsupported(self.loc(fd), f"bit-field '{fd.name}'")
        if fd.name is None:
            raise unsupported(self.loc(fd), f"anonymous {kind} member")
        if isinstance(fd.type, c_ast.PtrDecl):
            raise unsupported(self.loc(fd), f"pointer member '{fd.name}'")

    def _tagged_type(self, node: c_ast.Node) -> tuple[c_ast.Struct | c_ast.Union, tuple[int, ...]] | None:
        """The struct or union a declared type is (through typedefs), with the dimensions of an
        array of them; None for other types (and unsized arrays: where they are declared reports them)."""
        dims: list[int] = []
        while isinstance(node, c_ast.ArrayDecl):
            if node.dim is None:
                return None
            dims.append(self._const_int(node.dim))
            node = node.type
        if isinstance(node, c_ast.TypeDecl):
            node = node.type
        if isinstance(node, c_ast.IdentifierType) and len(node.names) == 1 and node.names[0] in self.typedefs and node.names[0] not in ct.STDINT_TYPES:
            inner = self._tagged_type(self.typedefs[node.names[0]])
            return None if inner is None else (inner[0], (*dims, *inner[1]))
        if isinstance(node, (c_ast.Struct, c_ast.Union)):
            return node, tuple(dims)
        return None

    def _struct_def(self, node: c_ast.Struct, where: c_ast.Node) -> _StructType:
        """The fields of the struct ``node`` defines or names (by its tag)."""
        if node.decls is None:
            if node.name in self.struct_tags:
                return self.struct_tags[node.name]
            if node.name in self.struct_nodes:
                return self._struct_def(self.struct_nodes[node.name], where)
            raise HlsError(self.loc(where), f"struct '{node.name}' is not defined")
        if id(node) in self.struct_types:
            return self.struct_types[id(node)]
        fields: dict[str, ScalarType | ArrayType | tuple[_StructType, tuple[int, ...]]] = {}
        for fd in node.decls:
            self._check_member(fd, "struct")
            nested = self._struct_decl(fd.type, fd)
            fields[fd.name] = nested if nested is not None else self.decl_type(fd.type, fd)
        st = _StructType(node.name or "(anonymous)", fields)
        self.struct_types[id(node)] = st
        if node.name:
            self.struct_tags[node.name] = st
        return st

    def _aggregate(
        self, name: str, st: _StructType, dims: tuple[int, ...], loc: SourceLoc, param: tuple[str, str, bool] | None = None,
        global_path: tuple[str, bool] | None = None,
    ) -> _Aggregate:  # fmt: skip
        """Local variables for the fields of a struct (``dims``: an array of structs) named ``name``;
        with ``param`` (the top's C parameter, the member path so far, const), parameters standing
        for its members; with ``global_path`` (the C expression of a file-scope struct, const), the
        file-scope state of its members (see ``_global_state_var``)."""
        leaves: dict[str, Variable | _Aggregate] = {}
        for fname, ftype in st.fields.items():
            full = f"{name}_{fname}"
            if isinstance(ftype, tuple):
                sub, sdims = ftype
                inner = None if param is None else (param[0], f"{param[1]}.{fname}" + "[]" * len(sdims), param[2])
                if global_path is not None and sdims:
                    # (its members' elements interleave in the C program's memory: no array of one member there)
                    raise unsupported(loc, f"array of structs '{fname}' inside the file-scope struct '{global_path[0]}'")
                nested = None if global_path is None else (f"{global_path[0]}.{fname}", global_path[1])
                leaves[fname] = self._aggregate(full, sub, (*dims, *sdims), loc, inner, nested)
                continue
            t: ScalarType | ArrayType
            if isinstance(ftype, ArrayType):
                t = ArrayType(ftype.elem, (*dims, *ftype.dims))
            else:
                # (a scalar member of the top's one struct: an element of a memory outside)
                t = ArrayType(ftype, dims) if dims else ArrayType(ftype, (1,)) if param is not None or global_path is not None else ftype
            if isinstance(t, ArrayType) and len(t.dims) > _MAX_DIMS:
                raise unsupported(loc, f"array with more than {_MAX_DIMS} dimensions (member '{fname}' of '{name}')")
            if global_path is not None:
                path = f"{global_path[0]}.{fname}"
                var = Variable(self._unique(full), t, "param", loc, is_const=global_path[1], global_name=path)
                self.global_state[path] = var
                if not isinstance(ftype, ArrayType):
                    self.scalar_state.add(var)
            elif param is not None:
                var = Variable(self._unique(full), t, "param", loc, is_const=param[2], member=(param[0], f"{param[1]}.{fname}"))
                if not dims and not isinstance(ftype, ArrayType):
                    self.scalar_state.add(var)
            else:
                var = Variable(self._unique(full), t, "local", loc)
                self.locals.append(var)
            leaves[fname] = var
        return _Aggregate(name, st, dims, leaves)

    def _struct_top_param(self, d: c_ast.Decl, st: _StructType, pointer: bool, rows: tuple[int, ...], depths: dict[str, int]) -> list[Variable]:
        """A struct pointer (or array of structs) parameter of the top: a parameter per member, an
        array over the structs (``depth`` of them: its interface pragma's, the array's size, or one
        for a pointer to one struct), as Vitis HLS disaggregates it; cosim packs and unpacks the
        members of the C program's structs."""
        loc = self.loc(d)
        if not pointer:
            # by value: read-only members from the caller's struct; a copy of its own where the
            # function changes it (or passes it on), as C's copy of the argument
            agg = self._aggregate(d.name, st, (), loc, (d.name, "", True))
            if _struct_changed(self.funcs[self.top_name].body, d.name):
                local = self._aggregate(d.name, st, (), loc)
                self.struct_value_copies += self._struct_copy(local, [], agg, [], loc)
                self.scopes[-1].structs[d.name] = local
            else:
                self.scopes[-1].structs[d.name] = agg
            return _leaf_variables(agg)
        node = d.type
        depth = depths.get(d.name)
        if isinstance(node, c_ast.ArrayDecl) and node.dim is not None:
            depth = self._const_int(node.dim)
        if depth is None and not rows:  # a pointer to one struct
            agg = self._aggregate(d.name, st, (), loc, (d.name, "[0]", _has_const(d.type)))
            self.scopes[-1].struct_refs[d.name] = _StructRef(agg, [], None)
        else:
            if depth is None:
                raise HlsError(loc, f"pointer parameter '{d.name}' needs the number of elements it points to: add "
                                    f"'#pragma HLS interface mode=ap_memory port={d.name} depth=N' to the function's body")
            dims = (depth, *rows)
            agg = self._aggregate(d.name, st, dims, loc, (d.name, "[]" * len(dims), _has_const(d.type)))
            self.scopes[-1].struct_refs[d.name] = _StructRef(agg, [], Const(0, INT, loc))
        return _leaf_variables(agg)

    def _struct_local(self, d: c_ast.Decl, st: _StructType, dims: tuple[int, ...]) -> list[Stmt]:
        """A local struct or array of structs: its fields' variables, and its initializer."""
        agg = self._aggregate(d.name, st, dims, self.loc(d))
        out = self._struct_init(agg, [], d.init) if d.init is not None else []
        self.scopes[-1].structs[d.name] = agg
        return out

    def _struct_init(self, agg: _Aggregate, idx: list[Expr], init: c_ast.Node) -> list[Stmt]:
        """The stores of a struct's initializer: braces per struct and per array, members in
        order, the ones not given zero (C); or another struct's value."""
        loc = self.loc(init)
        if len(idx) < len(agg.dims):
            return self._array_of_aggregates_init(
                "struct", agg.name, agg.dims, idx, init, lambda at, item: self._struct_init(agg, at, item), lambda at: self._struct_zero(agg, at, loc)
            )  # fmt: skip
        if not isinstance(init, c_ast.InitList):
            src, src_idx = self._place(init)
            if not isinstance(src, _Aggregate) or src.struct is not agg.struct or len(src_idx) != len(src.dims):
                raise HlsError(loc, f"struct '{agg.name}' initialized from a value that is not a struct '{agg.struct.name}'")
            return self._struct_copy(agg, idx, src, src_idx, loc)
        items = list(init.exprs)
        if len(items) > len(agg.leaves):
            raise HlsError(loc, f"excess elements in the initializer of struct '{agg.name}'")
        out = []
        for n, (fname, leaf) in enumerate(agg.leaves.items()):
            at = [clone_expr(e) for e in idx]
            item = items[n] if n < len(items) else None
            if isinstance(item, c_ast.NamedInitializer):
                raise unsupported(self.loc(item), "designated initializer")
            if isinstance(leaf, _Aggregate):
                out += self._struct_zero(leaf, at, loc) if item is None else self._struct_init(leaf, at, item)
                continue
            ftype = agg.struct.fields[fname]
            if isinstance(ftype, ArrayType):
                values = self._initializer_values(leaf.name, ftype, item) if item is not None else [None] * ftype.depth
                for flat, value in enumerate(values):
                    sub = [Const((flat // stride) % dim, INT, loc) for stride, dim in zip(_strides(ftype.dims), ftype.dims)]
                    elem_value = value if value is not None else convert(Const(0, INT, loc), ftype.elem)
                    out.append(Assign(leaf, [*[clone_expr(e) for e in idx], *sub], elem_value, loc))
                continue
            assert not isinstance(ftype, tuple)
            if isinstance(item, c_ast.InitList):
                if len(item.exprs) != 1:
                    raise HlsError(self.loc(item), f"braces around the scalar initializer of member '{fname}'")
                item = item.exprs[0]
            value = convert(self.expr(item), ftype) if item is not None else convert(Const(0, INT, loc), ftype)
            out.append(Assign(leaf, at or None, value, loc))
        return out

    def _leaf_elements(self, leaf: Variable, idx: list[Expr], loc: SourceLoc) -> list[list[Expr] | None]:
        """The subscripts of every element of the field ``leaf`` of the struct at ``idx`` (None: a
        scalar)."""
        if not isinstance(leaf.type, ArrayType):
            return [None]
        rest = leaf.type.dims[len(idx):]
        count = math.prod(rest)
        if count > _MAX_INITIALIZED_ELEMENTS:
            raise unsupported(loc, f"copying member '{leaf.name}' of more than {_MAX_INITIALIZED_ELEMENTS} elements")
        out: list[list[Expr] | None] = []
        for flat in range(count):
            sub = [Const((flat // stride) % dim, INT, loc) for stride, dim in zip(_strides(rest), rest)] if rest else []
            out.append([*[clone_expr(e) for e in idx], *sub])
        return out

    def _struct_zero(self, agg: _Aggregate, idx: list[Expr], loc: SourceLoc) -> list[Stmt]:
        """Zero stores to every member of the struct at ``idx``."""
        out: list[Stmt] = []
        for leaf in agg.leaves.values():
            if isinstance(leaf, _Aggregate):
                out += self._struct_zero(leaf, idx, loc)
                continue
            elem = leaf.type.elem if isinstance(leaf.type, ArrayType) else leaf.type
            for at in self._leaf_elements(leaf, idx, loc):
                out.append(Assign(leaf, at, convert(Const(0, INT, loc), elem), loc))
        return out

    def _struct_copy(self, dst: _Aggregate, dst_idx: list[Expr], src: _Aggregate, src_idx: list[Expr], loc: SourceLoc) -> list[Stmt]:
        """``dst = src`` of two structs: every member, element by element (the subscripts of both
        held first, so that the copy cannot move them)."""
        out: list[Stmt] = []
        src_idx, dst_idx = self._fixed(src_idx, "struct_index", loc, out), self._fixed(dst_idx, "struct_index", loc, out)
        if src is dst and len(src_idx) == len(dst_idx) == 0:
            return out

        def copy(d: _Aggregate, s: _Aggregate) -> None:
            for fname, leaf in d.leaves.items():
                other = s.leaves[fname]
                if isinstance(leaf, _Aggregate):
                    assert isinstance(other, _Aggregate)
                    copy(leaf, other)
                    continue
                assert isinstance(other, Variable)
                for d_at, s_at in zip(self._leaf_elements(leaf, dst_idx, loc), self._leaf_elements(other, src_idx, loc)):
                    value: Expr = VarRead(other, loc) if s_at is None else ArrayRead(other, s_at, loc)
                    out.append(Assign(leaf, d_at, value, loc))

        copy(dst, src)
        return out

    def _member(self, leaf: _Aggregate | Variable, idx: list[Expr], node: c_ast.Node) -> tuple[Variable, list[Expr] | None]:
        """The scalar a struct expression denotes: a scalar member, or an element of an array member."""
        loc = self.loc(node)
        if isinstance(leaf, _Aggregate):
            raise unsupported(loc, f"struct '{leaf.name}' used as a value (only its members, copying it and passing it on)")
        if leaf in self.scalar_state:  # (one element)
            return leaf, [Const(0, INT, loc)]
        if not isinstance(leaf.type, ArrayType):
            return leaf, None
        if len(idx) != len(leaf.type.dims):
            raise unsupported(loc, f"partial subscript of array '{leaf.name}' ({len(idx)} of {len(leaf.type.dims)} dimensions)")
        return leaf, idx

    def _peek_place(self, node: c_ast.Node) -> tuple[_Aggregate | Variable, int] | None:
        """What a struct expression denotes and how many subscripts it has, without its effects
        (its subscripts are lowered and dropped); None on an error."""
        pending, locals_ = len(self.pending), len(self.locals)
        statics, tables = dict(self.statics), dict(self.tables)  # (a call's, declared again later)
        try:
            base, idx = self._place(node)
        except HlsError:
            return None
        finally:
            del self.pending[pending:]
            del self.locals[locals_:]
            self.statics, self.tables = statics, tables
        return base, len(idx)

    def _fixed(self, exprs: list[Expr], name: str, loc: SourceLoc, out: list[Stmt]) -> list[Expr]:
        """``exprs`` evaluated once, now: constants as they are, the others held in temporaries
        (assigned in ``out``), so later uses see these values."""
        kept: list[Expr] = []
        for e in exprs:
            if isinstance(e, Const):
                kept.append(e)
                continue
            temp = self._temporary(name, e.type, loc)  # type: ignore[arg-type]
            out.append(Assign(temp, None, e, loc))
            kept.append(VarRead(temp, loc))
        return kept

    def _struct_name(self, name: str) -> _Aggregate | _StructRef | None:
        """The struct, array of structs or struct pointer ``name`` denotes here, if any."""
        for scope in reversed(self.scopes):
            if name in scope.structs:
                return scope.structs[name]
            if name in scope.struct_refs:
                return scope.struct_refs[name]
            if name in scope.names or name in scope.values or name in scope.refs or name in scope.moving or name in scope.row_views or name in scope.unions:
                return None
        if name in self.globals:
            return self._global_struct(self.globals[name])
        return None

    def _global_struct(self, d: c_ast.Decl) -> _Aggregate | None:
        """The file-scope struct ``d`` (None: ``d`` is no struct): its members are file-scope state
        like a global array (parameters of the top standing for ``s.m`` in the C program's
        memory, which cosim connects)."""
        if d.name in self.global_structs:
            return self.global_structs[d.name]
        saved, self.scopes = self.scopes, []  # (its type sees file scope only)
        try:
            found = self._struct_decl(d.type, d)
            if found is None:
                return None
            st, dims = found
            if dims:
                # an array of structs: its members interleave in the C program's memory, so each
                # is a parameter like a struct pointer's member (cosim packs and unpacks them
                # around each call), standing for the file-scope variable
                agg = self._aggregate(d.name, st, dims, self.loc(d), (d.name, "[]" * len(dims), _has_const(d.type)))
                for leaf in _leaf_variables(agg):
                    assert leaf.member is not None
                    leaf.global_name = d.name
                    self.global_state[f"{d.name}{leaf.member[1]}"] = leaf
            else:
                agg = self._aggregate(d.name, st, (), self.loc(d), global_path=(d.name, _has_const(d.type)))
        finally:
            self.scopes = saved
        self.global_structs[d.name] = agg
        return agg

    def _is_struct_place(self, node: c_ast.Node) -> bool:
        """Whether ``node`` denotes a struct, one of its members or an element of one (syntactically)."""
        if isinstance(node, c_ast.StructRef):
            return True
        if isinstance(node, c_ast.ID):
            return isinstance(self._struct_name(node.name), _Aggregate)
        if isinstance(node, c_ast.ArrayRef):
            if isinstance(node.name, c_ast.ID) and isinstance(self._struct_name(node.name.name), _StructRef):
                return True
            return self._is_struct_place(node.name)
        if isinstance(node, c_ast.UnaryOp) and node.op == "*":
            base = node.expr
            while isinstance(base, c_ast.BinaryOp) and base.op in ("+", "-"):
                base = base.left
            return isinstance(base, c_ast.ID) and self._struct_name(base.name) is not None
        return False

    def _place(self, node: c_ast.Node) -> tuple[_Aggregate | Variable, list[Expr]]:
        """What a struct expression denotes: a struct (an aggregate fully subscripted), an array
        of structs partly subscripted, or a member's variable, with the subscripts so far."""
        loc = self.loc(node)
        if isinstance(node, c_ast.ID):
            found = self._struct_name(node.name)
            if isinstance(found, _Aggregate):
                return found, []
            if isinstance(found, _StructRef):
                raise unsupported(loc, f"struct pointer '{node.name}' used as a value (only {node.name}->m, {node.name}[i] and passing it on)")
            if self._union_name(node.name) is not None:
                raise unsupported(loc, f"union '{node.name}' here (only its members read and written, and copying it)")
            raise HlsError(loc, f"'{node.name}' is not a struct")
        if isinstance(node, c_ast.StructRef):
            base, idx = self._pointee(node.name, Const(0, INT, loc)) if node.type == "->" else self._place(node.name)
            if not isinstance(base, _Aggregate) or len(idx) != len(base.dims):
                raise HlsError(loc, f"request for member '{node.field.name}' in something that is not a struct")
            if node.field.name not in base.leaves:
                raise HlsError(self.loc(node.field), f"struct '{base.struct.name}' has no member named '{node.field.name}'")
            return base.leaves[node.field.name], idx
        if isinstance(node, c_ast.ArrayRef):
            if isinstance(node.name, c_ast.ID) and isinstance(self._struct_name(node.name.name), _StructRef):
                return self._pointee(node.name, self.expr(node.subscript))
            base, idx = self._place(node.name)
            rank = len(base.dims) if isinstance(base, _Aggregate) else len(base.type.dims) if isinstance(base.type, ArrayType) else 0
            if len(idx) >= rank:
                raise HlsError(loc, "subscripted value is not an array")
            return base, [*idx, self.expr(node.subscript)]
        if isinstance(node, c_ast.UnaryOp) and node.op == "*":
            return self._pointee(node.expr, Const(0, INT, loc))
        raise unsupported(loc, "this struct expression")

    def _pointee(self, node: c_ast.Node, extra: Expr) -> tuple[_Aggregate, list[Expr]]:
        """The struct ``extra`` structs after where the struct pointer ``node`` points."""
        loc = self.loc(node)
        if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-"):
            step = self.expr(node.right)
            if not isinstance(step.type, IntType):
                raise HlsError(loc, "pointer offset is not an integer")
            moved = step if node.op == "+" and _fold(extra) == 0 else binary(node.op, extra, step, loc)
            return self._pointee(node.left, moved)
        if isinstance(node, c_ast.ID):
            found = self._struct_name(node.name)
            if isinstance(found, _StructRef):
                prefix = [clone_expr(e) for e in found.prefix]
                if found.offset is None:
                    if _fold(extra) != 0:
                        raise unsupported(loc, f"pointer arithmetic on the address of struct '{found.agg.name}'")
                    return found.agg, prefix
                at = clone_expr(found.offset) if _fold(extra) == 0 else binary("+", clone_expr(found.offset), extra, loc)
                return found.agg, [*prefix, at]
            if isinstance(found, _Aggregate) and found.dims:  # (an array of structs: its first)
                return found, [extra]
        if isinstance(node, c_ast.UnaryOp) and node.op == "&":
            base, idx = self._place(node.expr)
            if isinstance(base, _Aggregate) and len(idx) == len(base.dims):
                if _fold(extra) == 0:
                    return base, idx
                if idx:
                    return base, [*idx[:-1], binary("+", idx[-1], extra, loc)]
        if isinstance(node, (c_ast.StructRef, c_ast.ArrayRef)):
            base, idx = self._place(node)
            if isinstance(base, _Aggregate) and len(idx) < len(base.dims):  # (an array of structs: its first)
                return base, [*idx, extra]
        raise unsupported(loc, "struct pointer other than a parameter, an array of structs, &s or &a[i]")

    def _struct_pointer_decl(self, d: c_ast.Decl, st: _StructType) -> list[Stmt]:
        """A struct pointer variable ``T *p = e;``: it points into the aggregate ``e`` does, for
        good; into an array of structs, at an offset that moves (``p++``, ``p += k``, ``p = a + k``)."""
        loc = self.loc(d)
        if d.init is None:
            raise unsupported(loc, f"struct pointer '{d.name}' without an initializer")
        out: list[Stmt] = []
        ref = self._struct_argument(d.init, st, d.name, out)
        if ref.offset is not None:
            offset = self._temporary(f"{d.name}_offset", INT, loc)
            out.append(Assign(offset, None, convert(ref.offset, INT), loc))
            ref = _StructRef(ref.agg, ref.prefix, VarRead(offset, loc), offset)
        self.scopes[-1].struct_refs[d.name] = ref
        return out

    def _struct_pointer_assign(self, ref: _StructRef, name: str, op: str | None, rvalue: c_ast.Node, node: c_ast.Node) -> list[Stmt]:
        """``p = e``, ``p += k``, ``p -= k`` (and ``p++``) of a struct pointer variable: its offset."""
        loc = self.loc(node)
        if ref.var is None:
            raise unsupported(loc, f"moving struct pointer '{name}' (it points at one struct)")
        if op is None:
            out: list[Stmt] = []
            new = self._struct_argument(rvalue, ref.agg.struct, name, out)
            if new.agg is not ref.agg or new.offset is None or [print_expr(e) for e in new.prefix] != [print_expr(e) for e in ref.prefix]:
                raise unsupported(loc, f"struct pointer '{name}' into other structs than the ones it was initialized into")
            return [*out, Assign(ref.var, None, convert(new.offset, INT), loc)]
        if op not in ("+", "-"):
            raise HlsError(loc, f"invalid operands to '{op}' (a pointer)")
        value = self.expr(rvalue)
        if not isinstance(value.type, IntType):
            raise HlsError(loc, "pointer offset is not an integer")
        return [Assign(ref.var, None, convert(binary(op, VarRead(ref.var, loc), value, loc), INT), loc)]

    def _struct_param(self, d: c_ast.Decl) -> tuple[_StructType, bool, tuple[int, ...]] | None:
        """A parameter of struct type: (the struct, whether it is a pointer: ``T *p``, ``T p[]``,
        ``T p[N]``, the dimensions after the first of ``T p[N][M]..``), or None."""
        node = d.type
        pointer = isinstance(node, (c_ast.PtrDecl, c_ast.ArrayDecl))
        if pointer:
            node = node.type
        found = self._struct_decl(node, d)
        if found is None:
            return None
        return found[0], pointer, found[1]

    def _struct_argument(self, a: c_ast.Node, st: _StructType, name: str, setup: list[Stmt]) -> _StructRef:
        """What a callee's struct pointer parameter ``name`` points into, from the argument ``a``:
        an array of structs, ``&s``, ``&a[i]``, ``a + k`` or the caller's own struct pointer (the
        subscripts and the offset fixed at the call)."""
        loc = self.loc(a)
        found = self._struct_name(a.name) if isinstance(a, c_ast.ID) else None
        if isinstance(found, _StructRef):
            ref = _StructRef(found.agg, [clone_expr(e) for e in found.prefix], None if found.offset is None else clone_expr(found.offset))
        elif isinstance(found, _Aggregate):
            if not found.dims:
                raise HlsError(loc, f"struct '{a.name}' passed for pointer '{name}' (pass &{a.name})")
            ref = _StructRef(found, [], Const(0, INT, loc))
        else:
            agg, idx = self._pointee(a, Const(0, INT, loc))
            # &s: one struct; &a[i], a + k: into the array of structs at that element
            ref = _StructRef(agg, idx[:-1], idx[-1]) if idx else _StructRef(agg, [], None)
        if ref.agg.struct is not st:
            raise HlsError(loc, f"argument for '{name}' points to struct '{ref.agg.struct.name}', not '{st.name}'")
        # the pointer's value is fixed at the call: its subscripts too
        fixed = self._fixed([*ref.prefix, *([ref.offset] if ref.offset is not None else [])], f"{name}_index", loc, setup)
        if ref.offset is not None:
            return _StructRef(ref.agg, fixed[:-1], fixed[-1])
        return _StructRef(ref.agg, fixed, None)


    # ---- pointers ----------------------------------------------------------------------------

    def _file_scope_pointers(self) -> _Scope:
        """The scope below every function's: the file-scope pointer variables (``unsigned char
        *ld_Rdptr;``), each a pointer variable of the kernel, an offset into the one array it is
        assigned to point into (see ``_check_file_scope_pointers``)."""
        scope = _Scope()
        for name, d in self.globals.items():
            if not isinstance(d.type, c_ast.PtrDecl) or not isinstance(d.type.type, c_ast.TypeDecl):
                continue
            try:
                if isinstance(d.type.type.type, (c_ast.Struct, c_ast.Union)) or self._struct_decl(d.type.type, d) is not None:
                    continue  # (a struct pointer: unsupported where it is used)
                elem = self.scalar_type(d.type.type, d)
            except HlsError:
                continue  # (a pointer to a union or to another type hls lacks: reported where it is used)
            loc = self.loc(d)
            scope.moving[name] = _Pointer(name, elem, Variable(self._unique(f"{name}_offset"), INT, "local", loc), loc)
        return scope

    def _check_file_scope_pointers(self, body: list[Stmt]) -> None:
        """A file-scope pointer the kernel uses and assigns first in each call, unconditionally
        (its first access a statement of the function's own body, not in a loop or branch, that
        does not read it), is a variable of the call. Otherwise its value is kept from call to
        call inside the design, as C keeps it (``_keep_pointer``): then no function outside the
        kernel may assign it, since the hardware would not see that."""
        for ptr in self.file_scope.moving.values():
            if ptr.base is None:
                continue  # (never assigned, so never used: a use before an assignment is an error)
            self.locals.append(ptr.offset)
            first = next((s for s in body if _touches(s, ptr.offset)), None)
            if first is None:
                continue
            if not (isinstance(first, Assign) and first.var is ptr.offset and ptr.offset not in read_variables(first.value)):
                self._keep_pointer(ptr, body, first.loc)

    def _kernel_functions(self) -> set[str]:
        """The top and the functions of the file it calls, directly or not."""
        reached, todo = {self.top_name}, [self.top_name]
        while todo:
            for name in _called_names(self.funcs[todo.pop()].body):
                if name in self.funcs and name not in reached:
                    reached.add(name)
                    todo.append(name)
        return reached

    def _keep_pointer(self, ptr: _Pointer, body: list[Stmt], used: SourceLoc) -> None:
        """Keeps the file-scope pointer ``ptr`` between calls: its offset (and which array, for
        one into several) in state of the design starting with the initializer's place (power-up;
        no initializer: the first array, where C's null pointer may not be dereferenced),
        loaded on entry to the top and stored back at its end."""
        reached = self._kernel_functions()
        outside = sorted(f for f, fd in self.funcs.items() if f not in reached and ptr.name in _assigned_names(fd.body))
        if outside:
            raise HlsError(used, f"file-scope pointer '{ptr.name}' is used before the function assigns it in every call, and '{outside[0]}' "
                                 f"assigns it too: its value is kept in the design between calls, out of reach of assignments outside the kernel")  # fmt: skip
        assert ptr.base is not None
        decl = self.globals[ptr.name]
        base, offset = ptr.base, 0
        if decl.init is not None:
            found = self._arrays_named(decl.init)
            place = self._pointer_value(decl.init) if found else None
            offset_value = _fold(place[1]) if place is not None and place[1] is not None else 0 if place is not None else None
            if place is None or not isinstance(offset_value, int) or not any(place[0] is b for b in (ptr.bases or (ptr.base,))):
                raise unsupported(self.loc(decl.init), f"initializer of file-scope pointer '{ptr.name}' other than an array it is assigned, plus a constant")
            base, offset = place[0], offset_value
        kept = [(ptr.offset, offset)]
        if ptr.select is not None:
            kept.append((ptr.select, next(k for k, b in enumerate(ptr.bases) if b is base)))
        end = len(body) - 1 if body and isinstance(body[-1], Return) else len(body)
        for var, value in kept:
            state = Variable(self._unique(f"{var.name}_kept"), ArrayType(INT, (1,)), "local", ptr.loc, init=(value,), static=True)
            self.locals.append(state)
            body.insert(end, Assign(state, [Const(0, INT, ptr.loc)], VarRead(var, ptr.loc), ptr.loc))
            body.insert(0, Assign(var, None, ArrayRead(state, [Const(0, INT, ptr.loc)], ptr.loc), ptr.loc))
            end += 1

    def _moving_parameter(self, d: c_ast.Decl, var: Variable, offset: Expr) -> list[Stmt]:
        """The pointer parameter ``d`` that its function moves (``p++``, ``p += k``), pointing
        into ``var`` at ``offset`` on entry: a pointer variable of the function's scope."""
        loc = self.loc(d)
        assert isinstance(var.type, ArrayType)
        # (its array is the argument's: assignments in the function may not point it elsewhere)
        ptr = _Pointer(d.name, var.type.elem, self._temporary(f"{d.name}_offset", INT, loc), loc, var, scanned=True)
        scope = self.scopes[-1]
        scope.refs.pop(d.name, None)
        scope.moving[d.name] = ptr  # (before its name: pragmas still name the parameter)
        return [Assign(ptr.offset, None, convert(offset, INT), loc)]

    def _pointer_decl(self, d: c_ast.Decl) -> list[Stmt]:
        """A pointer variable ``T *p [= e];``: an offset into the one array it points into."""
        loc = self.loc(d)
        assert isinstance(d.type, c_ast.PtrDecl)
        found = self._struct_decl(d.type.type, d)
        if found is not None:
            return self._struct_pointer_decl(d, found[0])
        if not isinstance(d.type.type, c_ast.TypeDecl) or isinstance(d.type.type.type, (c_ast.Struct, c_ast.Union)):
            raise unsupported(loc, f"pointer variable '{d.name}' to other than a scalar type")
        elem = self.scalar_type(d.type.type, d)
        ptr = _Pointer(d.name, elem, self._temporary(f"{d.name}_offset", INT, loc), loc)
        out = self._pointer_assign(ptr, None, d.init, d) if d.init is not None else []
        self.scopes[-1].moving[d.name] = ptr  # (C: in scope in its own initializer, unassigned there)
        return out

    def _array_initializer(self, var: Variable, t: ArrayType, init: c_ast.Node) -> list[Stmt]:
        """A local array's initializer as one store per element, in order (C initializes it each
        time its declaration runs): braces per dimension or flat, missing elements zero."""
        loc = self.loc(init)
        if not isinstance(init, c_ast.InitList):
            raise unsupported(loc, f"initializer of local array '{var.name}' other than a brace list")
        if t.depth > _MAX_INITIALIZED_ELEMENTS:
            raise unsupported(loc, f"initializer of local array '{var.name}' of more than {_MAX_INITIALIZED_ELEMENTS} elements")
        values = self._initializer_values(var.name, t, init)
        out: list[Stmt] = []
        for flat, value in enumerate(values):
            index: list[Expr] = [Const((flat // strides) % dim, INT, loc) for strides, dim in zip(_strides(t.dims), t.dims)]
            out.append(Assign(var, index, value if value is not None else convert(Const(0, INT, loc), t.elem), loc))
        return out

    def _initializer_values(self, name: str, t: ArrayType, init: c_ast.Node) -> list[Expr | None]:
        """The elements of array ``name``'s brace-list initializer, flat in C order (None: not
        given, zero): braces per dimension or flat."""
        if not isinstance(init, c_ast.InitList):
            raise unsupported(self.loc(init), f"initializer of array '{name}' other than a brace list")
        values: list[Expr | None] = [None] * t.depth
        strides = _strides(t.dims)

        def fill(node: c_ast.InitList, level: int, start: int) -> None:
            """Elements of the sub-array at ``level`` starting at flat position ``start``."""
            size = strides[level - 1] if level else t.depth
            pos = start
            for item in node.exprs:
                if isinstance(item, (c_ast.NamedInitializer,)):
                    raise unsupported(self.loc(item), "designated initializer")
                if pos >= start + size:
                    raise HlsError(self.loc(item), f"excess elements in the initializer of array '{name}'")
                if isinstance(item, c_ast.InitList) and level == len(t.dims) - 1:
                    # this level's elements are scalars: '{v}' is v
                    if len(item.exprs) != 1 or isinstance(item.exprs[0], c_ast.InitList):
                        raise HlsError(self.loc(item), f"braces around a scalar initializer of array '{name}'")
                    item = item.exprs[0]
                if isinstance(item, c_ast.InitList):
                    # a brace list starts the next sub-array of this level
                    pos = start + -(-(pos - start) // strides[level]) * strides[level]
                    fill(item, level + 1, pos)
                    pos += strides[level]
                else:
                    values[pos] = convert(self.expr(item), t.elem)
                    pos += 1

        fill(init, 0, 0)
        return values

    def _assignment(self, node: c_ast.Assignment) -> list[Stmt]:
        if node.op == "=":
            return self._assign_to(node.lvalue, None, node.rvalue, node)
        if node.op in _COMPOUND_OPS:
            return self._assign_to(node.lvalue, _COMPOUND_OPS[node.op], node.rvalue, node)
        raise unsupported(self.loc(node), f"assignment operator '{node.op}'")

    def _assign_to(self, lvalue: c_ast.Node, op: str | None, rvalue: c_ast.Node, node: c_ast.Node) -> list[Stmt]:
        loc = self.loc(node)
        if isinstance(lvalue, c_ast.ID) and (ptr := self._pointer_var(lvalue.name)) is not None:
            return self._pointer_assign(ptr, op, rvalue, node)
        if isinstance(lvalue, c_ast.ID) and isinstance(sref := self._struct_name(lvalue.name), _StructRef):
            return self._struct_pointer_assign(sref, lvalue.name, op, rvalue, node)
        if isinstance(lvalue, (c_ast.ArrayRef, c_ast.StructRef)) and (access := self._union_member(lvalue)) is not None:
            return self._union_assign(access, op, rvalue, node)
        if isinstance(lvalue, (c_ast.ID, c_ast.ArrayRef)) and self._is_union_place(lvalue):
            return self._union_copy(lvalue, op, rvalue, node)
        if self._is_struct_place(lvalue) and (peek := self._peek_place(lvalue)) is not None and isinstance(peek[0], _Aggregate):
            dst, dst_idx = self._place(lvalue)
            assert isinstance(dst, _Aggregate)
            if op is not None or len(dst_idx) != len(dst.dims):
                raise HlsError(loc, f"invalid assignment to struct '{dst.name}'" if op is None else f"invalid operands to '{op}=' (a struct)")
            src, src_idx = self._place(rvalue) if self._is_struct_place(rvalue) else (None, [])
            if not isinstance(src, _Aggregate) or src.struct is not dst.struct or len(src_idx) != len(src.dims):
                raise unsupported(loc, f"assignment to struct '{dst.name}' of other than a struct '{dst.struct.name}'")
            return self._struct_copy(dst, dst_idx, src, src_idx, loc)
        if isinstance(lvalue, (c_ast.ArrayRef, c_ast.UnaryOp)) and (ptr := self._chosen_pointer(lvalue)) is not None:
            return self._assign_through_choice(ptr, lvalue, op, rvalue, loc, None)
        var, indices = self._lvalue(lvalue)
        return self._store_value(var, indices, op, self.expr(rvalue), loc)

    def _assign_through_choice(
        self, ptr: _Pointer, lvalue: c_ast.Node, op: str | None, rvalue: c_ast.Node, loc: SourceLoc, result: Variable | None
    ) -> list[Stmt]:
        """``lvalue op= rvalue`` through ``ptr``, a pointer into several arrays: the value once,
        stored into the array it points into (and into ``result``, the assignment's value)."""
        value = self.expr(rvalue)
        kept = self._temporary(f"{ptr.name}_value", value.type, loc)  # type: ignore[arg-type]

        def store() -> list[Stmt]:
            stmts = self._store(lvalue, op, VarRead(kept, loc), loc)
            if result is None:
                return stmts
            last = stmts[-1]
            assert isinstance(last, Assign)
            return [*stmts[:-1], Assign(result, None, last.value, loc), Assign(last.var, last.indices, VarRead(result, loc), loc)]

        return [Assign(kept, None, value, loc), *self._for_each_array(ptr, store, loc)]

    def _store(self, lvalue: c_ast.Node, op: str | None, value: Expr, loc: SourceLoc) -> list[Stmt]:
        """``lvalue op= value`` of an element or variable, ``value`` already lowered."""
        var, indices = self._lvalue(lvalue)
        return self._store_value(var, indices, op, value, loc)

    def _store_value(self, var: Variable, indices: list[Expr] | None, op: str | None, value: Expr, loc: SourceLoc) -> list[Stmt]:
        target_type: ScalarType = var.type.elem if isinstance(var.type, ArrayType) else var.type
        if op is not None:
            if var in self.exited_loop_vars:
                raise unsupported(loc, f"reading loop variable '{var.name}' after its loop")
            # the target's subscripts are read again: copies (an expression node appears once in the IR)
            current: Expr = ArrayRead(var, [clone_expr(i) for i in indices], loc) if indices is not None else VarRead(var, loc)
            value = binary(op, current, value, loc)
        self.exited_loop_vars.discard(var)
        return [Assign(var, indices, convert(value, target_type), loc)]

    def _lvalue(self, node: c_ast.Node) -> tuple[Variable, list[Expr] | None]:
        if isinstance(node, c_ast.ID):
            found = self._resolve(node.name, node)
            if isinstance(found, ArrayRead) and found.array in self.scalar_state:
                return found.array, found.indices
            var = self.lookup(node.name, node)
            if var.is_array:
                raise HlsError(self.loc(node), f"cannot assign to array '{node.name}' as a whole")
            if var.kind == "loop":
                raise unsupported(self.loc(node), f"assignment to loop variable '{node.name}' inside its loop")
            if var.is_const:
                raise HlsError(self.loc(node), f"assignment to const '{node.name}'")
            return var, None
        if isinstance(node, (c_ast.ArrayRef, c_ast.StructRef)) or (isinstance(node, c_ast.UnaryOp) and node.op == "*"):
            var, element = self._element(node)
            if var.is_const:
                raise HlsError(self.loc(node), f"assignment to const {'array ' if element is not None else ''}'{var.name}'")
            if element is None and var.kind == "loop":
                raise unsupported(self.loc(node), f"assignment to loop variable '{var.name}' inside its loop")
            return var, element
        raise unsupported(self.loc(node), "this kind of assignment target")

    def _deref(self, node: c_ast.UnaryOp) -> tuple[Variable, list[Expr] | None]:
        """``*p``, ``*(p + e)``, ``*(e + p)``, ``*(p - e)``, ``*p++``, ... of an array, a pointer
        parameter or a pointer variable ``p`` (of one dimension): its element at the offset."""
        loc = self.loc(node)
        if not self._is_pointer(node.expr):
            raise unsupported(loc, "dereference of a pointer other than an array or pointer (plus an offset)")
        if isinstance(node.expr, c_ast.ID) and (view := self._row_view(node.expr.name)) is not None and len(view[1]) == len(view[0].type.dims) - 1:  # type: ignore[union-attr]
            return view[0], [*view[1], Const(0, INT, loc)]  # (``*row``: its first element, subscripts kept apart)
        var, offset = self._pointer_value(node.expr)
        if not isinstance(var.type, ArrayType):
            return var, None
        return var, self._unflat(var, offset if offset is not None else Const(0, INT, loc), loc)

    def _pointer_terms(self, node: c_ast.Node) -> tuple[c_ast.ID, list[tuple[str, c_ast.Node]]] | None:
        """``node`` as an array name plus and minus integer terms, in C's order, or None."""
        if isinstance(node, c_ast.ID):
            return (node, []) if self._names_array(node.name) or self._ref(node.name) is not None else None
        if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-"):
            left = self._pointer_terms(node.left)
            if left is not None:
                return left[0], [*left[1], (node.op, node.right)]
            if node.op == "+":
                right = self._pointer_terms(node.right)
                if right is not None:
                    return right[0], [("+", node.left), *right[1]]
        return None

    def _names_array(self, name: str) -> bool:
        for scope in reversed(self.scopes):
            if name in scope.moving:
                return False
            if name in scope.names:
                return scope.names[name].is_array
            if name in scope.values:
                return False
        # (a file-scope array: state, or a table)
        return name in self.globals and isinstance(self.globals[name].type, c_ast.ArrayDecl)

    def _ref(self, name: str, node: c_ast.Node | None = None) -> tuple[Variable, Expr | None] | None:
        """What the pointer parameter ``name`` of an inlined callee points into, if it is one that
        does not take a whole array."""
        for scope in reversed(self.scopes):
            if name in scope.moving:
                ptr = scope.moving[name]
                if ptr.base is None:
                    self._initialized_base(ptr)
                if ptr.base is None:
                    raise HlsError(ptr.loc if node is None else self.loc(node), f"pointer '{name}' is used before it is assigned")
                if ptr.bases:
                    if ptr.current is None:
                        shown = ", ".join(f"'{b.name}'" for b in ptr.bases)
                        at = ptr.loc if node is None else self.loc(node)
                        raise unsupported(at, f"this use of pointer '{name}' into one of several arrays ({shown}) (only reading and writing its "
                                              f"elements, moving it, assigning it and passing it on)")  # fmt: skip
                    return ptr.current, VarRead(ptr.offset, ptr.loc if node is None else self.loc(node))
                return ptr.base, VarRead(ptr.offset, ptr.loc if node is None else self.loc(node))
            if name in scope.names or name in scope.values:
                return None
            if name in scope.refs:
                var, offset = scope.refs[name]
                return var, None if offset is None else clone_expr(offset)
        return None

    def _row_view(self, name: str) -> tuple[Variable, list[Expr]] | None:
        """The caller's array and fixed subscripts the array parameter ``name`` is a row of, if it is one."""
        for scope in reversed(self.scopes):
            if name in scope.row_views:
                var, prefix = scope.row_views[name]
                return var, [clone_expr(e) for e in prefix]
            if name in scope.names or name in scope.values or name in scope.refs or name in scope.moving or name in scope.structs:
                return None
        return None

    def _row_of(self, node: c_ast.Node) -> tuple[Variable, list[Expr]] | None:
        """``a[i]``, ``a[i][j]``, ... (or a row parameter, or a row of one) that is a row of a
        multi-dimensional array, not an element: the array and the subscripts; else None."""
        subs: list[c_ast.Node] = []
        base = node
        while isinstance(base, c_ast.ArrayRef):
            subs.append(base.subscript)
            base = base.name
        if not isinstance(base, c_ast.ID) or self._is_struct_place(base) or self._pointer_var(base.name) is not None or self._ref(base.name) is not None:
            return None
        view = self._row_view(base.name)
        if view is None:
            if not subs:
                return None
            found = self._resolve(base.name, base)
            if not isinstance(found, Variable) or not isinstance(found.type, ArrayType):
                return None
            view = (found, [])
        var, prefix = view
        assert isinstance(var.type, ArrayType)
        if len(prefix) + len(subs) >= len(var.type.dims):
            return None
        return var, [*prefix, *(self.expr(s) for s in reversed(subs))]

    def _pointer_var(self, name: str) -> _Pointer | None:
        """The pointer variable ``name`` denotes here, if it is one."""
        for scope in reversed(self.scopes):
            if name in scope.moving:
                return scope.moving[name]
            if name in scope.names or name in scope.values or name in scope.refs:
                return None
        return None

    def _is_pointer(self, node: c_ast.Node) -> bool:
        """Whether ``node`` is a pointer expression (a pointer or an array, plus or minus integers,
        an address, a moved pointer): syntactically, for pointer comparisons and differences."""
        if isinstance(node, c_ast.ID):
            return (
                self._pointer_var(node.name) is not None
                or self._names_array(node.name)
                or self._ref(node.name, node) is not None
                or self._row_view(node.name) is not None
            )
        if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-"):
            return self._is_pointer(node.left) or (node.op == "+" and self._is_pointer(node.right))
        if isinstance(node, c_ast.ArrayRef) and not self._is_struct_place(node):
            subs, base = 0, node
            while isinstance(base, c_ast.ArrayRef):
                base, subs = base.name, subs + 1
            if isinstance(base, c_ast.ID) and self._pointer_var(base.name) is None and self._ref(base.name, base) is None:
                found = self._row_view(base.name)
                rank = (len(found[0].type.dims) - len(found[1])) if found is not None else None  # type: ignore[union-attr]
                if rank is None and self._names_array(base.name):
                    var = self.lookup(base.name, base)
                    rank = len(var.type.dims) if isinstance(var.type, ArrayType) else 0
                return rank is not None and subs < rank
            return False
        if isinstance(node, c_ast.StructRef):
            peek = self._peek_place(node)
            return peek is not None and isinstance(peek[0], Variable) and isinstance(peek[0].type, ArrayType) and peek[1] < len(peek[0].type.dims)
        if isinstance(node, c_ast.UnaryOp):
            return node.op == "&" or (node.op in _INCDEC and isinstance(node.expr, c_ast.ID) and self._pointer_var(node.expr.name) is not None)
        return False

    def _pointer_value(self, node: c_ast.Node) -> tuple[Variable, Expr | None]:
        """Where the pointer expression ``node`` points: (array, offset) into a 1-D array or
        pointer, or (scalar, None) for ``&x``; side effects (``p++``) go to the pending statements,
        in C's order."""
        loc = self.loc(node)
        if isinstance(node, c_ast.Cast) and isinstance(node.to_type.type, c_ast.PtrDecl):
            return self._pointer_value(node.expr)  # (a cast between pointers to one element type)
        if isinstance(node, c_ast.ID):
            ref = self._ref(node.name, node)
            if ref is not None:
                return ref
            view = self._row_view(node.name)
            if view is not None:  # a parameter bound to a row (``int *buf`` given ``b[i]``): where it starts
                var, prefix = view
                assert isinstance(var.type, ArrayType)
                if len(prefix) != len(var.type.dims) - 1:
                    raise unsupported(loc, f"pointer to the rows of a row of array '{var.name}' ({var.type})")
                return var, self._flat(var, prefix, loc)
            var = self.lookup(node.name, node)
            if not isinstance(var.type, ArrayType):
                raise HlsError(loc, f"'{node.name}' is not a pointer or an array")
            if len(var.type.dims) != 1:
                raise unsupported(loc, f"pointer into the rows of array '{node.name}' ({var.type})")
            return var, Const(0, INT, loc)
        if isinstance(node, c_ast.ArrayRef) and not self._is_struct_place(node) and (row := self._row_of(node)) is not None:
            var, prefix = row  # a row, decayed to a pointer to its first element
            assert isinstance(var.type, ArrayType)
            if len(prefix) != len(var.type.dims) - 1:
                raise unsupported(loc, f"pointer to the rows of a row of array '{var.name}' ({var.type})")
            return var, self._flat(var, prefix, loc)
        if isinstance(node, c_ast.StructRef):
            leaf, idx = self._place(node)
            if not (isinstance(leaf, Variable) and isinstance(leaf.type, ArrayType) and len(leaf.type.dims) == 1 and not idx):
                raise unsupported(loc, "pointer to other than a one-dimensional array member of one struct")
            return leaf, Const(0, INT, loc)
        if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-"):
            if self._is_pointer(node.left):
                var, offset = self._pointer_value(node.left)
                term = node.right
            elif node.op == "+" and self._is_pointer(node.right):
                value = self.expr(node.left)  # (C's order: the integer first)
                var, offset = self._pointer_value(node.right)
                return self._moved(var, offset, "+", value, node)
            else:
                raise HlsError(loc, "not a pointer expression")
            return self._moved(var, offset, node.op, self.expr(term), node)
        if isinstance(node, c_ast.UnaryOp) and node.op == "&":
            if isinstance(node.expr, c_ast.ID) and (state := self._scalar_state_place(node.expr.name, node.expr)) is not None:
                return state, Const(0, INT, loc)  # (a file-scope scalar: its one element)
            if isinstance(node.expr, c_ast.ID):
                var = self.lookup(node.expr.name, node.expr)
                if isinstance(var.type, ArrayType):
                    raise unsupported(loc, f"address of array '{var.name}' as a whole")
                if var.kind == "loop":
                    raise unsupported(loc, f"address of loop variable '{var.name}'")
                return var, None
            if isinstance(node.expr, (c_ast.ArrayRef, c_ast.UnaryOp, c_ast.StructRef)):
                var, indices = self._element(node.expr)
                if indices is not None and len(indices) != 1:
                    return var, self._flat(var, indices, loc)  # (into a multi-dimensional array)
                return var, None if indices is None else indices[0]
        if isinstance(node, c_ast.UnaryOp) and node.op in _INCDEC and isinstance(node.expr, c_ast.ID):
            ptr = self._pointer_var(node.expr.name)
            if ptr is not None:
                var, offset = self._pointer_value(node.expr)
                if node.op.startswith("p"):  # the old place, kept, then the move
                    kept = self._temporary(f"{ptr.name}_was", INT, loc)
                    self.pending.append(Assign(kept, None, convert(offset, INT) if offset is not None else Const(0, INT, loc), loc))
                    self.pending.extend(self._assign_to(node.expr, _INCDEC[node.op], c_ast.Constant("int", "1", node.coord), node))
                    return var, VarRead(kept, loc)
                self.pending.extend(self._assign_to(node.expr, _INCDEC[node.op], c_ast.Constant("int", "1", node.coord), node))
                return self._pointer_value(node.expr)
        raise unsupported(loc, "pointer expression other than an array or pointer, plus or minus an integer, &x, &a[k] or p++")

    def _flat(self, var: Variable, indices: list[Expr], loc: SourceLoc) -> Expr:
        """The row-major position of ``var``'s element at ``indices`` (the first ones of its
        dimensions; the rest zero): a pointer's offset into a multi-dimensional array."""
        assert isinstance(var.type, ArrayType)
        strides = _strides(var.type.dims)
        flat: Expr | None = None
        for index, stride in zip(indices, strides):
            term = convert(index, INT) if stride == 1 else binary("*", convert(index, INT), Const(stride, INT, loc), loc)
            flat = term if flat is None else binary("+", flat, term, loc)
        return flat if flat is not None else Const(0, INT, loc)

    def _unflat(self, var: Variable, offset: Expr, loc: SourceLoc) -> list[Expr]:
        """The subscripts of ``var``'s element at row-major position ``offset`` (C's pointer into a
        multi-dimensional array may cross rows)."""
        assert isinstance(var.type, ArrayType)
        dims = var.type.dims
        if len(dims) == 1:
            return [offset]
        out: list[Expr] = []
        for k, stride in enumerate(_strides(dims)):
            at = clone_expr(offset)
            part = at if stride == 1 else binary("/", at, Const(stride, INT, loc), loc)
            out.append(part if k == 0 else binary("%", part, Const(dims[k], INT, loc), loc))
        return out

    def _moved(self, var: Variable, offset: Expr | None, op: str, value: Expr, node: c_ast.Node) -> tuple[Variable, Expr | None]:
        """The place ``value`` elements after (``op`` "+") or before where ``(var, offset)`` points."""
        loc = self.loc(node)
        if not isinstance(value.type, IntType):
            raise HlsError(loc, "pointer offset is not an integer")
        if offset is None:
            if _fold(value) != 0:
                raise unsupported(loc, f"pointer arithmetic on the address of scalar '{var.name}'")
            return var, None
        return var, binary(op, offset, value, loc)

    def _pointer_assign(self, ptr: _Pointer, op: str | None, rvalue: c_ast.Node, node: c_ast.Node) -> list[Stmt]:
        """``p = q``, ``p += k``, ``p -= k`` (and ``p++``) of a pointer variable: its offset (and
        the array it points into now, for a pointer into several)."""
        loc = self.loc(node)
        if op is None:
            self._scan_arrays(ptr)
        if op is not None and ptr.base is None:
            self._initialized_base(ptr)
        if op is None and isinstance(rvalue, c_ast.TernaryOp):  # ``p = c ? a : b``: an if
            cond = self.expr(rvalue.cond)
            arms = []
            for arm in (rvalue.iftrue, rvalue.iffalse):
                outer, self.pending = self.pending, []
                stmts = self._pointer_assign(ptr, None, arm, node)
                arms.append(self.pending + stmts)
                self.pending = outer
            return [If(truth(cond, loc), arms[0], arms[1], loc)]
        if op is None and (source := self._chosen_pointer(rvalue)) is not None:
            # ``p = q (+ k)`` of a pointer into several arrays: for each array q may point into
            return self._for_each_array(source, lambda: self._pointer_assign(ptr, None, rvalue, node), loc)
        if op is None and ptr.bases:
            var, offset = self._pointer_value(rvalue)
            elem = var.type.elem if isinstance(var.type, ArrayType) else var.type
            if not _same_representation(elem, ptr.elem):
                raise unsupported(loc, f"pointer '{ptr.name}' ({ptr.elem} *) to '{var.name}' ({var.type})")
            if var not in ptr.bases:
                raise unsupported(loc, f"pointer '{ptr.name}' into '{var.name}', an array its function's assignments to it do not name")
            value = convert(offset, INT) if offset is not None else Const(0, INT, loc)
            assert ptr.select is not None
            return [Assign(ptr.select, None, Const(ptr.bases.index(var), INT, loc), loc), Assign(ptr.offset, None, value, loc)]
        if op is None:
            var, offset = self._pointer_value(rvalue)
            if ptr.base is None:
                elem = var.type.elem if isinstance(var.type, ArrayType) else var.type
                if not _same_representation(elem, ptr.elem):
                    raise unsupported(loc, f"pointer '{ptr.name}' ({ptr.elem} *) to '{var.name}' ({var.type})")
                ptr.base = var
            elif var is not ptr.base:
                raise unsupported(loc, f"pointer '{ptr.name}' into '{var.name}' after pointing into '{ptr.base.name}', with '{var.name}' not in scope at "
                                       f"its first assignment (a pointer into several arrays points into arrays known there)")  # fmt: skip
            value = convert(offset, INT) if offset is not None else Const(0, INT, loc)
            return [Assign(ptr.offset, None, value, loc)]
        if op not in ("+", "-"):
            raise HlsError(loc, f"invalid operands to '{op}' (a pointer)")
        if ptr.base is None:
            raise HlsError(loc, f"pointer '{ptr.name}' is used before it is assigned")
        if not isinstance(ptr.base.type, ArrayType):
            raise unsupported(loc, f"pointer arithmetic on the address of scalar '{ptr.base.name}'")
        value = self.expr(rvalue)
        if not isinstance(value.type, IntType):
            raise HlsError(loc, "pointer offset is not an integer")
        return [Assign(ptr.offset, None, convert(binary(op, VarRead(ptr.offset, loc), value, loc), INT), loc)]

    def _scan_arrays(self, ptr: _Pointer) -> None:
        """Once per pointer: the arrays its assignments name; more than one makes it a pointer
        into several arrays (an index beside its offset)."""
        if ptr.scanned:
            return
        ptr.scanned = True
        bases = self._assigned_arrays(ptr)
        if len(bases) > 1:
            ptr.bases = tuple(bases)
            ptr.select = self._temporary(f"{ptr.name}_array", INT, ptr.loc)
            ptr.base = bases[0]

    def _initialized_base(self, ptr: _Pointer) -> None:
        """A file-scope pointer the kernel uses before assigning it, with an initializer: the
        arrays it may point into, its initializer's among them (its place is then kept between
        calls, see ``_keep_pointer``)."""
        decl = self.globals.get(ptr.name)
        if decl is None or decl.init is None or not any(ptr is q for q in self.file_scope.moving.values()):
            return
        self._scan_arrays(ptr)
        if ptr.base is None:
            named = self._arrays_named(decl.init)
            ptr.base = named[0] if named else None

    def _assigned_arrays(self, ptr: _Pointer) -> list[Variable]:
        """The arrays the assignments to pointer ``ptr`` in its function (every function, for a
        file-scope pointer) point it into, in order, as far as their names are known here:
        more than one makes it a pointer into several arrays."""
        if any(ptr is q for q in self.file_scope.moving.values()):
            # (the kernel's functions: assignments elsewhere do not reach it, see _keep_pointer)
            bodies: list[c_ast.Node] = [self.globals[ptr.name], *(self.funcs[f] for f in sorted(self._kernel_functions()))]
        else:
            bodies = [self.funcs[self.frames[-1].func if self.frames else self.top_name]]
        found: list[Variable] = []
        for body in bodies:
            for n in sorted(_all_nodes(body), key=lambda n: (n.coord.line, n.coord.column) if n.coord is not None else (0, 0)):
                if isinstance(n, c_ast.Assignment) and n.op == "=" and _is_id(n.lvalue, ptr.name):
                    rvalue = n.rvalue
                elif isinstance(n, c_ast.Decl) and n.name == ptr.name and isinstance(n.type, c_ast.PtrDecl) and n.init is not None:
                    rvalue = n.init
                else:
                    continue
                for var in self._arrays_named(rvalue):
                    elem = var.type.elem if isinstance(var.type, ArrayType) else var.type
                    if isinstance(var.type, ArrayType) and _same_representation(elem, ptr.elem) and not any(var is f for f in found):
                        found.append(var)
        return found

    def _arrays_named(self, node: c_ast.Node) -> list[Variable]:
        """The arrays a pointer expression (``a``, ``a + k``, ``&a[k]``, ``t[i]`` of a 2-D ``t``,
        ``q``) points into, if its names are known here (an approximation: where the pointer
        expression is lowered, the array it names is checked to be one of these)."""
        if isinstance(node, c_ast.Cast):
            return self._arrays_named(node.expr)
        if isinstance(node, c_ast.TernaryOp):
            return self._arrays_named(node.iftrue) + self._arrays_named(node.iffalse)
        if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-"):
            return self._arrays_named(node.left) or (self._arrays_named(node.right) if node.op == "+" else [])
        if isinstance(node, c_ast.UnaryOp) and node.op in ("&", "p++", "p--", "++", "--"):
            return self._arrays_named(node.expr)
        if isinstance(node, c_ast.StructRef) or (isinstance(node, c_ast.ArrayRef) and self._is_struct_place(node)):
            peek = self._peek_place(node)  # (a member array: its flattened variable)
            return [peek[0]] if peek is not None and isinstance(peek[0], Variable) and isinstance(peek[0].type, ArrayType) else []
        if isinstance(node, c_ast.ArrayRef):
            return self._arrays_named(node.name)
        if not isinstance(node, c_ast.ID):
            return []
        ptr = self._pointer_var(node.name)
        if ptr is not None:
            return list(ptr.bases) if ptr.bases else [ptr.base] if ptr.base is not None else []
        try:
            ref = self._ref(node.name)
            if ref is not None:
                return [ref[0]]
            view = self._row_view(node.name)
            if view is not None:
                return [view[0]]
            if self._names_array(node.name):
                return [self.lookup(node.name, node)]
        except HlsError:
            pass  # (a name not known here: where it is assigned, a located error if it is another array)
        return []

    def _chosen_pointer(self, node: c_ast.Node) -> _Pointer | None:
        """The pointer into several arrays that the element access or pointer expression
        ``node`` goes through, while none of its arrays is taken."""
        if isinstance(node, c_ast.Cast):
            return self._chosen_pointer(node.expr)
        if isinstance(node, c_ast.ArrayRef):
            return self._chosen_pointer(node.name)
        if isinstance(node, c_ast.UnaryOp) and node.op in ("*", "&", "p++", "p--", "++", "--"):
            return self._chosen_pointer(node.expr)
        if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-"):
            return self._chosen_pointer(node.left) or (self._chosen_pointer(node.right) if node.op == "+" else None)
        if isinstance(node, c_ast.ID):
            ptr = self._pointer_var(node.name)
            if ptr is not None and ptr.bases and ptr.current is None:
                return ptr
        return None

    def _for_each_array(self, ptr: _Pointer, lower: Callable[[], list[Stmt]], loc: SourceLoc) -> list[Stmt]:
        """``lower``'s statements once for each array the pointer ``ptr`` may point into, with
        that array taken, each run when ``ptr`` points there: what they hoist stays in them (a
        subscript's side effects happen once)."""
        assert ptr.select is not None
        chain: list[Stmt] = []
        for k in reversed(range(len(ptr.bases))):
            outer, self.pending = self.pending, []
            ptr.current = ptr.bases[k]
            try:
                body = lower()
            finally:
                ptr.current = None
            body, self.pending = self.pending + body, outer
            if not chain:
                chain = body  # (the last array: where the others are not)
            else:
                chain = [If(binary("==", VarRead(ptr.select, loc), Const(k, INT, loc), loc), body, chain, loc)]
        return chain

    def _read_through_choice(self, ptr: _Pointer, node: c_ast.Node) -> Expr:
        """The element ``node`` (``*p``, ``p[i]``) read through ``ptr``, a pointer into several
        arrays: read from the array it points into, into a temporary."""
        loc = self.loc(node)
        result = self._temporary(f"{ptr.name}_elem", ptr.elem, loc)
        self.pending.extend(self._for_each_array(ptr, lambda: [Assign(result, None, convert(self.expr(node), ptr.elem), loc)], loc))
        return VarRead(result, loc)

    def _pointer_compare(self, node: c_ast.BinaryOp) -> Expr:
        """``p < q``, ``p == q``, ... and ``p - q`` of two pointers into one array: their offsets."""
        loc = self.loc(node)
        (lvar, loff), (rvar, roff) = self._pointer_value(node.left), self._pointer_value(node.right)
        if lvar is not rvar:
            raise unsupported(loc, f"'{node.op}' of pointers into different arrays ('{lvar.name}' and '{rvar.name}')")
        zero = Const(0, INT, loc)
        left, right = loff if loff is not None else zero, roff if roff is not None else zero
        if node.op == "-":  # (ptrdiff_t)
            return binary("-", convert(left, ct.LONG), convert(right, ct.LONG), loc)
        return binary(node.op, convert(left, INT), convert(right, INT), loc)

    def _element(self, node: c_ast.Node) -> tuple[Variable, list[Expr] | None]:
        """The element an ``a[i]..`` or a dereference denotes: (array, subscripts), or (scalar, None)
        for a pointer to a scalar."""
        if self._is_struct_place(node):
            leaf, idx = self._place(node)
            return self._member(leaf, idx, node)
        if isinstance(node, c_ast.ArrayRef):
            if isinstance(node.name, c_ast.ID) and (ref := self._ref(node.name.name)) is not None:
                return self._through(ref, [("+", node.subscript)], node)
            return self._array_ref(node)
        assert isinstance(node, c_ast.UnaryOp)
        return self._deref(node)

    def _through(self, ref: tuple[Variable, Expr | None], terms: list[tuple[str, c_ast.Node]], node: c_ast.Node) -> tuple[Variable, list[Expr] | None]:
        """The element at ``terms`` from where the pointer ``ref`` points."""
        var, offset = ref
        loc = self.loc(node)
        index = offset
        for sign, term in terms:
            value = self.expr(term)
            if not isinstance(value.type, IntType):
                raise HlsError(self.loc(term), "pointer offset is not an integer")
            index = value if index is None and sign == "+" else binary(sign, index if index is not None else Const(0, INT, loc), value, loc)
        if not isinstance(var.type, ArrayType):
            if index is not None and _fold(index) != 0:
                raise unsupported(loc, f"pointer arithmetic on the address of scalar '{var.name}'")
            return var, None
        return var, self._unflat(var, index if index is not None else Const(0, INT, loc), loc)

    def _pointer_argument(self, a: c_ast.Node, rows: ArrayType, d: c_ast.Decl, scope: _Scope, setup: list[Stmt]) -> None:
        """Binds the pointer parameter ``d`` of an inlined callee to the argument ``a``: a whole array,
        the pointer a caller's parameter holds, ``&x`` of a scalar, ``&a[k]`` or ``a + k`` of a 1-D
        array (the offset evaluated once, at the call)."""
        loc = self.loc(a)
        while isinstance(a, c_ast.Cast) and isinstance(a.to_type.type, c_ast.PtrDecl):
            a = a.expr  # ((unsigned long *)ti: what it points into is checked against the parameter below)
        shown = f"{rows.elem}[]" + "".join(f"[{n}]" for n in rows.dims)
        row = self._row_of(a) if isinstance(a, (c_ast.ArrayRef, c_ast.ID)) else None
        if row is not None:
            var, prefix = row
            assert isinstance(var.type, ArrayType)
            if var.type.dims[len(prefix) + 1 :] != rows.dims or not _same_representation(var.type.elem, rows.elem):
                raise HlsError(loc, f"row of '{var.name}' ({var.type}) does not match parameter '{d.name}' ({shown})")
            scope.row_views[d.name] = (var, self._fixed(prefix, f"{d.name}_row", loc, setup))  # (fixed at the call)
            scope.pointers.add(d.name)
            return
        if isinstance(a, c_ast.ID) and (ref := self._ref(a.name)) is not None:
            scope.refs[d.name] = ref
            return
        if isinstance(a, c_ast.ID):
            avar = self.lookup(a.name, a)
            # C compares what the two decay to: a pointer to the rows (all dimensions but the first)
            if not isinstance(avar.type, ArrayType) or avar.type.dims[1:] != rows.dims or not _same_representation(avar.type.elem, rows.elem):
                raise HlsError(loc, f"array argument '{a.name}' ({avar.type}) does not match parameter '{d.name}' ({shown})")
            scope.names[d.name] = avar
            scope.pointers.add(d.name)
            return
        if isinstance(a, c_ast.StructRef) and (peek := self._peek_place(a)) is not None and isinstance(peek[0], Variable) and peek[1] == 0:
            avar = peek[0]  # a whole array member
            if not isinstance(avar.type, ArrayType) or avar.type.dims[1:] != rows.dims or not _same_representation(avar.type.elem, rows.elem):
                raise HlsError(loc, f"array argument '{avar.name}' ({avar.type}) does not match parameter '{d.name}' ({shown})")
            self._place(a)
            scope.names[d.name] = avar
            scope.pointers.add(d.name)
            return
        if (
            isinstance(a, (c_ast.StructRef, c_ast.ArrayRef))
            and self._is_struct_place(a)
            and (peek := self._peek_place(a)) is not None
            and isinstance(peek[0], Variable)
            and isinstance(peek[0].type, ArrayType)
            and 0 < peek[1] < len(peek[0].type.dims)
        ):
            # an array member of a struct in an array (nodes[i].v), or a row of a member (s.m[i]):
            # the member's flattened variable has the aggregate's dimensions first, so the
            # argument is a row of it, its subscripts fixed at the call
            member, prefix = self._place(a)
            assert isinstance(member, Variable) and isinstance(member.type, ArrayType)
            if member.type.dims[len(prefix) + 1 :] != rows.dims or not _same_representation(member.type.elem, rows.elem):
                raise HlsError(loc, f"array argument '{member.name}' row ({member.type}) does not match parameter '{d.name}' ({shown})")
            scope.row_views[d.name] = (member, self._fixed(prefix, f"{d.name}_row", loc, setup))
            scope.pointers.add(d.name)
            return
        target: tuple[Variable, list[Expr] | None] | None = None
        if isinstance(a, c_ast.UnaryOp) and a.op == "&" and isinstance(a.expr, c_ast.ID) and self._ref(a.expr.name) is None:
            state = self._scalar_state_place(a.expr.name, a.expr)
            var = state if state is not None else self.lookup(a.expr.name, a.expr)
            if isinstance(var.type, ArrayType):
                zeros: list[Expr] = [Const(0, INT, loc) for _ in var.type.dims]
                target = (var, zeros)
            else:
                if var.kind == "loop":
                    raise unsupported(loc, f"address of loop variable '{var.name}'")
                target = (var, None)
        elif isinstance(a, c_ast.UnaryOp) and a.op == "&" and isinstance(a.expr, (c_ast.ArrayRef, c_ast.StructRef)):
            target = self._element(a.expr)
        elif isinstance(a, c_ast.BinaryOp) and (found := self._pointer_terms(a)) is not None:
            base, terms = found
            ref = self._ref(base.name)
            if ref is None:
                whole = self.lookup(base.name, base)
                if isinstance(whole.type, ArrayType) and len(whole.type.dims) != 1:  # (a + k: a row, not an element)
                    what = f"pointer argument (for '{d.name}', {shown}) to other than a scalar or an element of an array ('{whole.name}' is {whole.type})"
                    raise unsupported(loc, what)
                ref = (whole, None)
            target = self._through(ref, terms, a)
        elif isinstance(a, c_ast.BinaryOp) and self._is_pointer(a):  # (a row plus an offset: a[i] + k)
            pvar, offset = self._pointer_value(a)
            target = (pvar, None if offset is None else [offset])
        if target is None:
            raise unsupported(loc, "pointer argument other than an array, &x, &a[k] or a + k")
        var, indices = target
        elem = var.type.elem if isinstance(var.type, ArrayType) else var.type
        if rows.dims or not _same_representation(elem, rows.elem):
            what = f"pointer argument (for '{d.name}', {shown}) to other than a scalar or an element of an array ('{var.name}' is {var.type})"
            raise unsupported(loc, what)
        if indices is None:
            scope.refs[d.name] = (var, None)
            return
        # (into a multi-dimensional array: the element's row-major position)
        index = indices[0] if len(indices) == 1 else self._flat(var, indices, loc)
        if not isinstance(index, Const):
            # the pointer's value is fixed at the call: its offset too
            held = self._temporary(f"{d.name}_offset", index.type, loc)  # type: ignore[arg-type]
            setup.append(Assign(held, None, index, loc))
            index = VarRead(held, loc)
        scope.refs[d.name] = (var, index)

    def _array_ref(self, node: c_ast.ArrayRef) -> tuple[Variable, list[Expr]]:
        subs: list[c_ast.Node] = []
        base: c_ast.Node = node
        while isinstance(base, c_ast.ArrayRef):
            subs.append(base.subscript)
            base = base.name
        if not isinstance(base, c_ast.ID):
            raise unsupported(self.loc(node), "subscript of a computed array")
        view = self._row_view(base.name)
        if view is not None:  # a row of a caller's array: its subscripts first
            var, prefix = view
            indices = [*prefix, *(self.expr(s) for s in reversed(subs))]
            if len(indices) != len(var.type.dims):  # type: ignore[union-attr]
                raise unsupported(self.loc(node), f"partial subscript of array '{base.name}' (a row of '{var.name}')")
            return var, indices
        var = self.lookup(base.name, base)
        if not isinstance(var.type, ArrayType):
            raise HlsError(self.loc(node), f"'{base.name}' is not an array")
        subs.reverse()
        if len(subs) != len(var.type.dims):
            raise unsupported(self.loc(node), f"partial subscript of array '{base.name}' ({len(subs)} of {len(var.type.dims)} dimensions)")
        indices = []
        for s in subs:
            e = self.expr(s)
            indices.append(e)
        return var, indices

    def _return(self, node: c_ast.Return) -> list[Stmt]:
        loc = self.loc(node)
        frame = self.frames[-1] if self.frames else None
        ret_type = frame.result.type if frame and frame.result else None
        if frame is None:
            fd = self.funcs[self.top_name]
            ret_type = self._return_type(fd)
        if node.expr is None and ret_type is not None:
            raise HlsError(loc, "return without a value in a function returning a value")
        if node.expr is not None and ret_type is None and frame is None:
            raise HlsError(loc, "return with a value in a void function")
        done = frame.done if frame is not None else self.top_done
        if done is not None:
            # an early return: the value, then the flag the statements after it test
            result = frame.result if frame is not None else self.top_result
            out: list[Stmt] = []
            if node.expr is not None:
                value = self.expr(node.expr)
                if result is not None:
                    assert not isinstance(result.type, ArrayType)
                    out.append(Assign(result, None, convert(value, result.type), loc))
            return [*out, _set_flag(done, 1, loc)]
        if node.expr is None:
            return [Return(None, loc)]
        value = self.expr(node.expr)
        if frame is not None:
            if frame.result is None:
                return [Return(None, loc)]
            assert not isinstance(frame.result.type, ArrayType)
            return [Assign(frame.result, None, convert(value, frame.result.type), loc), Return(None, loc)]
        assert ret_type is not None and not isinstance(ret_type, ArrayType)
        return [Return(convert(value, ret_type), loc)]

    def _check_returns(self, body: list[Stmt], ret: ScalarType | None, loc: SourceLoc, top_level: bool) -> None:
        """Only a final ``return`` is supported; it is removed for inlined callees by the caller."""

        def walk(stmts: list[Stmt], is_top: bool) -> None:
            for i, s in enumerate(stmts):
                if isinstance(s, Return) and not (is_top and i == len(stmts) - 1):
                    raise unsupported(s.loc, "'return' inside a loop")
                if isinstance(s, For):
                    walk(s.body, False)
                elif isinstance(s, If):
                    walk(s.then_body, False)
                    walk(s.else_body, False)

        walk(body, True)
        if top_level and ret is not None and not (body and isinstance(body[-1], Return)):
            raise HlsError(loc, "a function returning a value must end with 'return'")

    # ---- loops -------------------------------------------------------------------------------

    def _loop(self, node: c_ast.For | c_ast.While | c_ast.DoWhile, label: str | None) -> For:
        """A counted ``for`` loop the affine model takes (``_for``), else a loop that ends on a
        flag (``_flagged_loop``)."""
        if isinstance(node, c_ast.For) and self._counted(node):
            return self._for(node, label)
        return self._flagged_loop(node, label)

    def _counted(self, node: c_ast.For) -> bool:
        """Whether ``node`` is ``for (i = e; i CMP bound; i += c)`` (or i++, i--, i -= c, with other
        initialisations and increments beside) whose body does not assign ``i`` and whose bound
        reads only constants, loop variables and the scalar arguments: a loop of the affine model."""
        init = node.init
        if isinstance(init, c_ast.DeclList) and init.decls and init.decls[0].init is not None:
            cname, first = init.decls[0].name, init.decls[0].init
        elif isinstance(init, c_ast.ExprList) and init.exprs and isinstance(init.exprs[0], c_ast.Assignment):
            head = init.exprs[0]
            cname, first = (head.lvalue.name, head.rvalue) if head.op == "=" and isinstance(head.lvalue, c_ast.ID) else (None, None)
        elif isinstance(init, c_ast.Assignment) and init.op == "=" and isinstance(init.lvalue, c_ast.ID):
            cname, first = init.lvalue.name, init.rvalue
        else:
            return False
        if cname is None or self._pointer_var(cname) is not None or id(node) in self.read_after:
            return False
        if isinstance(init, c_ast.DeclList) and not isinstance(init.decls[0].type, c_ast.TypeDecl):
            return False  # (a pointer)
        cond = node.cond
        if not (isinstance(cond, c_ast.BinaryOp) and cond.op in ("<", "<=", ">", ">=")):
            return False
        if _is_id(cond.left, cname) == _is_id(cond.right, cname):
            return False
        bound = cond.right if _is_id(cond.left, cname) else cond.left
        if cname in _names(bound) or _writes(node.stmt, cname):
            return False
        # the bound and the initial value: affine in loop variables and arguments (isl's terms)
        in_bound = _all_nodes(bound)
        for n in in_bound + ([] if first is None else _all_nodes(first)):
            if isinstance(n, (c_ast.ArrayRef, c_ast.StructRef)) or (isinstance(n, (c_ast.FuncCall, c_ast.Assignment)) and any(n is m for m in in_bound)):
                return False  # (a call in the initial value is hoisted before the loop, as before)
            if isinstance(n, c_ast.UnaryOp) and n.op in ("*", "&", *_INCDEC):
                return False
            if isinstance(n, c_ast.BinaryOp) and n.op in ("*", "/", "%", "<<", ">>", "&", "|", "^"):
                fixed = [not any(isinstance(m, c_ast.ID) and m.name not in self.enums for m in _all_nodes(side)) for side in (n.left, n.right)]
                if n.op in ("&", "|", "^", "<<", ">>") and not all(fixed) or not fixed[1] and (n.op != "*" or not fixed[0]):
                    return False  # (a product of variables, a division or shift by one, bits of one: not affine)
                if n.op in ("/", "%") and not self._loop_terms_only(n.left):
                    # C's division rounds toward zero: affine where isl knows the value is not
                    # negative, which it does of loop variables' ranges, not of an argument
                    return False
            if isinstance(n, c_ast.ID) and (n.name not in self.enums or any(n.name in sc.names for sc in self.scopes)):
                try:
                    found = self._resolve(n.name, n)
                except HlsError:
                    return True  # (the counted loop's lowering reports it)
                if isinstance(found, ArrayRead):  # (a file-scope scalar: state in a memory)
                    return False
                if not isinstance(found, Variable):
                    # an inlined callee's parameter standing for the caller's argument: affine
                    # where that reads only loop variables and the top's unassigned parameters
                    if any(v.kind not in ("loop", "param") or (v.kind == "param" and v.name in self.top_assigned) for v in read_variables(found, arrays=True)):
                        return False
                    continue
                if isinstance(found, Variable) and (found.kind not in ("loop", "param") or _writes(node.stmt, n.name)):
                    return False
                if isinstance(found, Variable) and found.kind == "param" and n.name in self.top_assigned:
                    return False
        steps = node.next.exprs if isinstance(node.next, c_ast.ExprList) else [node.next]
        mine = [e for e in steps if isinstance(e, (c_ast.UnaryOp, c_ast.Assignment)) and _is_id(e.expr if isinstance(e, c_ast.UnaryOp) else e.lvalue, cname)]
        if len(mine) != 1:
            return False
        nxt = mine[0]
        if isinstance(nxt, c_ast.UnaryOp):
            return nxt.op in _INCDEC
        if nxt.op in ("+=", "-="):
            amount = nxt.rvalue
        elif nxt.op == "=" and isinstance(nxt.rvalue, c_ast.BinaryOp) and nxt.rvalue.op in "+-" and _is_id(nxt.rvalue.left, cname):
            amount = nxt.rvalue.right
        else:
            return False
        # a constant step: a constant expression (no variable, no call)
        return not any(isinstance(n, (c_ast.FuncCall, c_ast.ArrayRef, c_ast.Assignment)) for n in _all_nodes(amount)) and not any(
            isinstance(n, c_ast.ID) and n.name not in self.enums for n in _all_nodes(amount)
        )

    def _loop_terms_only(self, node: c_ast.Node) -> bool:
        """Whether the only variables ``node`` reads are loop variables (and constants, enums)."""
        for n in _all_nodes(node):
            if isinstance(n, c_ast.ID) and n.name not in self.enums:
                try:
                    found = self._resolve(n.name, n)
                except HlsError:
                    return False
                if not isinstance(found, Variable) or found.kind != "loop":
                    return False
        return True

    def _flagged_loop(self, node: c_ast.For | c_ast.While | c_ast.DoWhile, label: str | None) -> For:
        """``while (c) S``, ``do S while (c)`` and any other ``for (init; c; next) S``: a loop over
        a hidden counter (64 bits: it never ends by count) that ends when its break flag is set:
        by ``if (!c) break;`` before the body (while, for) or after it (do, where a continue
        still reaches it), or by a break or return in the body. ``next`` runs after a continue
        too, as C's. The flag guards every effect of an iteration (``For.exits``)."""
        loc = self.loc(node)
        self.scopes.append(_Scope())
        if isinstance(node, c_ast.For) and node.init is not None:
            inits = list(node.init.decls) if isinstance(node.init, c_ast.DeclList) else [node.init]
            for item in inits:
                self.pending.extend(self._local_decl(item) if isinstance(item, c_ast.Decl) else self.stmt(item))
        cond = node.cond
        leave: list[c_ast.Node] = []
        if cond is not None:
            leave = [c_ast.If(c_ast.UnaryOp("!", cond, cond.coord), c_ast.Break(cond.coord), None, cond.coord)]
        items = (node.stmt.block_items or []) if isinstance(node.stmt, c_ast.Compound) else [node.stmt]
        head = [] if isinstance(node, c_ast.DoWhile) else leave
        tail = leave if isinstance(node, c_ast.DoWhile) else [node.next] if isinstance(node, c_ast.For) and node.next is not None else []
        counter = Variable(self._unique("loop_count"), LONG, "loop", loc)
        skip = self._temporary("continue_flag", BOOL, loc) if _jumps(node.stmt, c_ast.Continue) else None
        broken = self._temporary("break_flag", BOOL, loc)
        self.jump_targets.append(_JumpTarget("loop", skip, broken))
        pragmas: list[Pragma] = []
        body = self._block([*head, *items], "loop", pragmas)
        after = [s for item in tail for s in self.stmt(item)]
        self.jump_targets.pop()
        if skip is not None:
            body.insert(0, _set_flag(skip, 0, loc))
        self.pending.append(_set_flag(broken, 0, loc))
        flags = [broken, *self._leaving_flags(node.stmt)] + [self._goto_flag(n, loc) for n in sorted(_escaping_gotos(node.stmt))]
        running = _none_set(flags, loc)
        guarded: list[Stmt] = [If(running, body, [], loc)]
        if after:
            guarded.append(If(clone_expr(running), after, [], loc))
        self.scopes.pop()
        name = self._loop_name(label or f"{self.top_name}_L{loc.line}")
        return For(counter, Const(0, LONG, loc), "<", Const(LONG.max, LONG, loc), LONG, 1, guarded, name, pragmas, loc, flags)

    def _for(self, node: c_ast.For, label: str | None) -> For:
        loc = self.loc(node)
        self.scopes.append(_Scope())
        # init: "i = e" or "int i = e", then (comma-separated) other declarations or assignments,
        # which run before the loop
        init = node.init
        others: list[c_ast.Node] = []
        if isinstance(init, c_ast.DeclList) and len(init.decls) > 1 and init.decls[0].init is not None:
            others = list(init.decls[1:])
            init = c_ast.DeclList([init.decls[0]], init.coord)
        elif isinstance(init, c_ast.ExprList) and init.exprs:
            init, others = init.exprs[0], list(init.exprs[1:])
        outer: Variable | None = None
        if isinstance(init, c_ast.DeclList) and len(init.decls) == 1 and init.decls[0].init is not None:
            d = init.decls[0]
            iv_type = self.decl_type(d.type, d)
            cname, init_node, iv_loc = d.name, d.init, self.loc(d)
        elif isinstance(init, c_ast.Assignment) and init.op == "=" and isinstance(init.lvalue, c_ast.ID):
            cname, init_node = init.lvalue.name, init.rvalue
            outer = self.lookup(cname, init.lvalue)
            if outer.kind == "loop":
                raise unsupported(loc, f"reuse of the enclosing loop's variable '{cname}'")
            iv_type, iv_loc = outer.type, outer.loc
        else:
            raise unsupported(self.loc(init) if init is not None else loc, "loop initialisation other than 'i = expr'")
        if not isinstance(iv_type, IntType):
            raise unsupported(iv_loc, "loop variable that is not an integer")
        init_expr = convert(self.expr(init_node), iv_type)
        for other in others:
            if _names(other) & {cname}:
                raise unsupported(self.loc(other), f"a loop initialisation reading loop variable '{cname}'")
            done = self._local_decl(other) if isinstance(other, c_ast.Decl) else self.stmt(other)
            # they run before the loop takes its initial value, which C computes first
            _check_not_written(done, read_variables(init_expr, arrays=True), f"which the initial value of '{cname}' reads, later in the loop's initialisation")
            self.pending.extend(done)
        # next: the loop variable's step, then (comma-separated) expressions run after each iteration
        nxt, after = node.next, []
        if isinstance(nxt, c_ast.ExprList):
            mine = [e for e in nxt.exprs if cname in _names(e) and isinstance(e, (c_ast.UnaryOp, c_ast.Assignment))
                    and _is_id(e.expr if isinstance(e, c_ast.UnaryOp) else e.lvalue, cname)]  # fmt: skip
            if len(mine) != 1:
                raise unsupported(self.loc(nxt), f"loop increment other than one step of '{cname}' and other expressions")
            nxt, after = mine[0], [e for e in nxt.exprs if e is not mine[0]]
            if any(cname in _names(e) for e in after):
                raise unsupported(self.loc(nxt), f"a loop increment reading loop variable '{cname}' beside its step")
        step = self._step(nxt, cname, loc)
        cmp, bound_node = self._cond(node.cond, cname, loc)
        if (step > 0 and cmp in (">", ">=")) or (step < 0 and cmp in ("<", "<=")):
            raise unsupported(loc, f"loop whose step ({step:+d}) moves away from its bound ('{cmp}')")
        var = Variable(self._unique(cname), iv_type, "loop", iv_loc)
        self.scopes[-1].names[cname] = var
        pending_before = len(self.pending)
        bound_raw = self.expr(bound_node)
        if len(self.pending) != pending_before:
            raise unsupported(self.loc(bound_node), "call or assignment in a loop condition")
        cmp_type = ct.usual_arithmetic_conversion(iv_type, bound_raw.type)
        if not isinstance(cmp_type, IntType):
            raise unsupported(self.loc(bound_node), "floating-point loop bound")
        bound = convert(bound_raw, cmp_type)
        self.loop_stack.append((cname, var))
        pragmas: list[Pragma] = []
        body_items = node.stmt.block_items or [] if isinstance(node.stmt, c_ast.Compound) else [node.stmt]
        # 'continue' sets a flag (clear when an iteration starts) the statements after it test;
        # 'break' one (clear before the loop) that the rest of the iteration and every later one
        # test, and that ends the loop (For.exits: no iteration starts once it is set)
        skip = self._temporary("continue_flag", BOOL, loc) if _jumps(node.stmt, c_ast.Continue) else None
        broken = self._temporary("break_flag", BOOL, loc) if _jumps(node.stmt, c_ast.Break) else None
        self.jump_targets.append(_JumpTarget("loop", skip, broken))
        body = self._block(list(body_items), "loop", pragmas)
        self.jump_targets.pop()
        if skip is not None:
            body.insert(0, _set_flag(skip, 0, loc))
        increments = [s for e in after for s in self.stmt(e)]  # (after a continue too, as C's)
        # a return inside the loop leaves it too: its flag stops the later iterations like a break
        returned = self._leaving_flags(node.stmt)
        # a goto out of the loop leaves it too
        jumped = [self._goto_flag(n, loc) for n in sorted(_escaping_gotos(node.stmt))]
        if broken is not None or returned or jumped:
            if broken is not None:
                self.pending.append(_set_flag(broken, 0, loc))
            running = _none_set([f for f in (broken, *returned, *jumped) if f is not None], loc)
            body = [If(running, body, [], loc)]
            if increments:
                body.append(If(clone_expr(running), increments, [], loc))
        else:
            body.extend(increments)
        self.loop_stack.pop()
        self.scopes.pop()
        _check_not_written(body, read_variables(bound, arrays=True), f"which the loop bound at line {loc.line} reads, inside the loop")
        if outer is not None:
            self.exited_loop_vars.add(outer)
        name = self._loop_name(label or f"{self.top_name}_L{loc.line}")
        return For(var, init_expr, cmp, bound, cmp_type, step, body, name, pragmas, loc, [f for f in (broken, *returned, *jumped) if f is not None])

    def _loop_name(self, base: str) -> str:
        """``base``, or ``base_2``, ``base_3``... if taken (two loops on one line)."""
        name, n = base, 1
        while name in self.loop_names:
            n += 1
            name = f"{base}_{n}"
        self.loop_names.add(name)
        return name

    def _step(self, nxt: c_ast.Node | None, cname: str, loc: SourceLoc) -> int:
        if isinstance(nxt, c_ast.UnaryOp) and nxt.op in _INCDEC and _is_id(nxt.expr, cname):
            return 1 if _INCDEC[nxt.op] == "+" else -1
        if isinstance(nxt, c_ast.Assignment) and _is_id(nxt.lvalue, cname):
            if nxt.op in ("+=", "-="):
                c = _fold(self.expr(nxt.rvalue))
                if isinstance(c, int) and c != 0:
                    return c if nxt.op == "+=" else -c
            if nxt.op == "=" and isinstance(nxt.rvalue, c_ast.BinaryOp) and nxt.rvalue.op in "+-":
                r = nxt.rvalue
                if _is_id(r.left, cname):
                    c = _fold(self.expr(r.right))
                    if isinstance(c, int) and c != 0:
                        return c if r.op == "+" else -c
        raise unsupported(self.loc(nxt) if nxt is not None else loc, "loop increment other than i++, i--, i += c, i -= c with a constant c")

    def _cond(self, cond: c_ast.Node | None, cname: str, loc: SourceLoc) -> tuple[str, c_ast.Node]:
        flip = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
        if isinstance(cond, c_ast.BinaryOp) and cond.op in flip:
            if _is_id(cond.left, cname):
                return cond.op, cond.right
            if _is_id(cond.right, cname):
                return flip[cond.op], cond.left
        raise unsupported(self.loc(cond) if cond is not None else loc, f"loop condition other than '{cname} < bound' (or <=, >, >=)")

    # ---- expressions -------------------------------------------------------------------------

    def expr(self, node: c_ast.Node) -> Expr:
        loc = self.loc(node)
        if isinstance(node, c_ast.Constant):
            return self._constant(node)
        if isinstance(node, c_ast.ID):
            if node.name in self.enums and not any(node.name in s.names or node.name in s.values for s in self.scopes):
                return Const(self.enums[node.name], INT, loc)
            found = self._resolve(node.name, node)
            if not isinstance(found, Variable):
                return found
            var = found
            if var.is_array:
                raise HlsError(loc, f"array '{node.name}' used as a value")
            if var in self.exited_loop_vars:
                raise unsupported(loc, f"reading loop variable '{node.name}' after its loop")
            return VarRead(var, loc)
        if isinstance(node, (c_ast.ArrayRef, c_ast.StructRef)) and (access := self._union_member(node)) is not None:
            return self._union_read(access, node)
        if isinstance(node, c_ast.ArrayRef) and self._is_union_place(node):
            raise unsupported(loc, "union used as a value (only its members read and written, and copying it)")
        if isinstance(node, (c_ast.ArrayRef, c_ast.StructRef)) or (isinstance(node, c_ast.UnaryOp) and node.op == "*"):
            if not isinstance(node, c_ast.StructRef) and (ptr := self._chosen_pointer(node)) is not None:
                return self._read_through_choice(ptr, node)
            var, element = self._element(node)
            return VarRead(var, loc) if element is None else ArrayRead(var, element, loc)
        if isinstance(node, c_ast.BinaryOp):
            if node.op in ("&&", "||"):
                return self._logical(node)
            if node.op in ("<", "<=", ">", ">=", "==", "!=", "-") and self._is_pointer(node.left) and self._is_pointer(node.right):
                return self._pointer_compare(node)
            return binary(node.op, self.expr(node.left), self.expr(node.right), loc)
        if isinstance(node, c_ast.UnaryOp):
            return self._unary(node)
        if isinstance(node, c_ast.Cast):
            return convert(self.expr(node.expr), self.scalar_type(node.to_type, node), loc)
        if isinstance(node, c_ast.TernaryOp):
            cond = self.expr(node.cond)
            (a, a_hoisted), (b, b_hoisted) = self._hoisting(node.iftrue), self._hoisting(node.iffalse)
            t = ct.usual_arithmetic_conversion(a.type, b.type)
            if not a_hoisted and not b_hoisted:
                return Select(cond, convert(a, t), convert(b, t), t, loc)
            # an arm with side effects runs only when chosen: an if assigning a temporary
            result = self._temporary("cond_val", t, loc)
            then = [*a_hoisted, Assign(result, None, convert(a, t), loc)]
            els = [*b_hoisted, Assign(result, None, convert(b, t), loc)]
            self.pending.append(If(cond, then, els, loc))
            return VarRead(result, loc)
        if isinstance(node, c_ast.ExprList):  # the comma operator: the left ones for their effects
            for e in node.exprs[:-1]:
                if _has_side_effects(e):
                    self.pending.extend(self.stmt(e))
            return self.expr(node.exprs[-1])
        if isinstance(node, c_ast.FuncCall):
            if isinstance(node.name, c_ast.ID):
                self._library_function(node.name.name)
            if isinstance(node.name, c_ast.ID) and node.name.name not in self.funcs and node.name.name in _BUILTIN_CONSTANTS:
                return self._builtin_constant(node, node.name.name)
            if isinstance(node.name, c_ast.ID) and node.name.name not in self.funcs and node.name.name in MATH_FUNCTIONS:
                return self._math_call(node, node.name.name)
            if isinstance(node.name, c_ast.ID) and node.name.name not in self.funcs and node.name.name in _INT_ABS:
                return self._int_abs(node, node.name.name)
            returned = self._call(node, want_value=True)
            assert returned is not None
            return VarRead(returned, loc)
        if isinstance(node, c_ast.Assignment):
            target = node.lvalue
            if isinstance(target, (c_ast.ID, c_ast.ArrayRef, c_ast.StructRef)) and (self._is_union_place(target) or self._union_member(target) is not None):
                raise unsupported(loc, "assignment to a union or its member used as a value")
            # 'a = b = v': the inner assignment happens first; its value is what b now holds
            if isinstance(target, (c_ast.ArrayRef, c_ast.UnaryOp)) and (ptr := self._chosen_pointer(target)) is not None and node.op in ("=", *_COMPOUND_OPS):
                result = self._temporary(f"{ptr.name}_val", ptr.elem, loc)
                self.pending.extend(self._assign_through_choice(ptr, target, _COMPOUND_OPS.get(node.op), node.rvalue, loc, result))
                return VarRead(result, loc)
            done = self._assignment(node)
            target = done[-1]
            assert isinstance(target, Assign)
            if target.indices is None:
                self.pending.extend(done)
                return VarRead(target.var, loc)
            # not the element read back: its subscripts, evaluated again, may read what was stored
            assert isinstance(target.var.type, ArrayType)
            stored = self._temporary(f"{target.var.name}_val", target.var.type.elem, loc)
            self.pending.extend([*done[:-1], Assign(stored, None, target.value, loc), Assign(target.var, target.indices, VarRead(stored, loc), loc)])
            return VarRead(stored, loc)
        if isinstance(node, c_ast.ExprList):
            raise unsupported(loc, "comma operator")
        raise unsupported(loc, f"expression ({type(node).__name__})")

    def _logical(self, node: c_ast.BinaryOp) -> Expr:
        """``a && b`` / ``a || b``: a pure right operand stays an expression (the scheduler
        predicates its loads); one with side effects runs under an if, in C's order."""
        loc = self.loc(node)
        lhs = self.expr(node.left)
        rhs, hoisted = self._hoisting(node.right)
        if not hoisted:
            return Binary(node.op, lhs, rhs, INT, loc)
        result = self._temporary("logic_val", INT, loc)
        self.pending.append(Assign(result, None, truth(lhs, loc), loc))
        taken: Expr = VarRead(result, loc) if node.op == "&&" else Unary("!", VarRead(result, loc), INT, loc)
        self.pending.append(If(taken, [*hoisted, Assign(result, None, truth(rhs, loc), loc)], [], loc))
        return VarRead(result, loc)

    def _constant(self, node: c_ast.Constant) -> Expr:
        loc = self.loc(node)
        if node.type == "char":
            body = node.value[1:-1]
            value = ord(bytes(body, "utf-8").decode("unicode_escape")) if body.startswith("\\") else ord(body)
            return Const(ct.CHAR.wrap(value), INT, loc)
        if node.type in ("float", "double") or _is_float_literal(node.value):
            return _float_constant(node.value, loc)
        if node.type == "string":
            raise unsupported(loc, "string literal")
        text = node.value.lower()
        suffix = ""
        while text and text[-1] in "ul":
            suffix = text[-1] + suffix
            text = text[:-1]
        if text.startswith("0x"):
            value, decimal = int(text[2:], 16), False
        elif text.startswith("0b"):
            value, decimal = int(text[2:], 2), False
        elif len(text) > 1 and text.startswith("0"):
            value, decimal = int(text, 8), False
        else:
            value, decimal = int(text), True
        unsigned = "u" in suffix
        longs = suffix.count("l")
        cands: list[IntType]
        if longs == 0:
            cands = [ct.INT, ct.LONG, ct.LLONG] if decimal else [ct.INT, ct.UINT, ct.LONG, ct.ULONG, ct.LLONG, ct.ULLONG]
        elif longs == 1:
            cands = [ct.LONG, ct.LLONG] if decimal else [ct.LONG, ct.ULONG, ct.LLONG, ct.ULLONG]
        else:
            cands = [ct.LLONG] if decimal else [ct.LLONG, ct.ULLONG]
        if unsigned:
            cands = [c for c in (ct.UINT, ct.ULONG, ct.ULLONG) if c.rank >= cands[0].rank]
        for c in cands:
            if c.min <= value <= c.max:
                return Const(value, c, loc)
        raise HlsError(loc, "integer constant is too large")

    def _unary(self, node: c_ast.UnaryOp) -> Expr:
        loc = self.loc(node)
        if node.op in _INCDEC:
            # x++ (x--): the old value, kept in a temporary, then the increment; ++x: the
            # increment, then the new value (both before the statement, as C's next sequence point)
            target = node.expr
            while isinstance(target, c_ast.ArrayRef):
                if _has_side_effects(target.subscript):
                    raise unsupported(loc, f"'{node.op.lstrip('p')}' of an element whose subscript has side effects")
                target = target.name
            one = c_ast.Constant("int", "1", node.coord)
            if node.op.startswith("p"):
                old = self.expr(node.expr)
                if isinstance(old.type, ArrayType):
                    raise HlsError(loc, f"'{node.op.lstrip('p')}' of an array")
                kept = self._temporary("post_value", old.type, loc)
                self.pending.append(Assign(kept, None, old, loc))
                self.pending.extend(self._assign_to(node.expr, _INCDEC[node.op], one, node))
                return VarRead(kept, loc)
            self.pending.extend(self._assign_to(node.expr, _INCDEC[node.op], one, node))
            return self.expr(node.expr)
        if node.op == "sizeof":
            if (size := self._union_sizeof(node.expr)) is not None:
                return Const(size, ct.ULONG, loc)
            if isinstance(node.expr, c_ast.Typename):
                t = self.decl_type(node.expr.type, node)
            else:
                t = self._sizeof_expr(node.expr)
            size = _byte_size(t.elem) * t.depth if isinstance(t, ArrayType) else _byte_size(t)
            return Const(size, ct.ULONG, loc)
        operand = self.expr(node.expr)
        if node.op == "!":
            return Unary("!", operand, INT, loc)
        if node.op == "~" and isinstance(operand.type, FloatType):
            raise HlsError(loc, "invalid operand to '~' (a floating-point value)")
        if node.op in ("-", "~", "+"):
            t = ct.integer_promote(operand.type)
            operand = convert(operand, t)
            return operand if node.op == "+" else Unary(node.op, operand, t, loc)
        raise unsupported(loc, f"operator '{node.op}'")

    def _sizeof_expr(self, node: c_ast.Node) -> ScalarType | ArrayType:
        """The type ``sizeof`` measures: an array parameter is a pointer (8 bytes), a partly
        subscripted array its rows, a struct's member its type."""
        if self._is_struct_place(node) and (peek := self._peek_place(node)) is not None:
            leaf, count = peek
            if isinstance(leaf, _Aggregate):
                raise unsupported(self.loc(node), f"sizeof of struct '{leaf.name}'")
            if leaf in self.scalar_state or not isinstance(leaf.type, ArrayType):
                return leaf.type.elem if isinstance(leaf.type, ArrayType) else leaf.type
            rest = leaf.type.dims[count:]
            return ArrayType(leaf.type.elem, rest) if rest else leaf.type.elem
        subscripts = 0
        base = node
        while isinstance(base, c_ast.ArrayRef):
            base, subscripts = base.name, subscripts + 1
        if isinstance(base, c_ast.ID):
            for scope in reversed(self.scopes):
                if base.name in scope.pointers or base.name in scope.refs or base.name in scope.moving:
                    if subscripts == 0:
                        return ct.ULONG
                    break
                if base.name in scope.names or base.name in scope.values:
                    break
            found = self._resolve(base.name, base)
            t = found.type
            if isinstance(t, ArrayType) and subscripts < len(t.dims):
                if subscripts == 0 and isinstance(found, Variable) and found.kind in ("param", "bank"):
                    return ct.ULONG  # (a parameter declared as an array is a pointer)
                if subscripts:
                    return ArrayType(t.elem, t.dims[subscripts:])
                return t
        return self.expr(node).type

    def _builtin_constant(self, node: c_ast.FuncCall, name: str) -> Const:
        """gcc's ``__builtin_inf``/``__builtin_huge_val``/``__builtin_nan`` (and ``f`` forms), which
        glibc's INFINITY, HUGE_VAL and NAN are (our math.h defines them as glibc does): an
        infinity, or the quiet NaN of no payload (``nan("")``, positive)."""
        loc = self.loc(node)
        t, value = _BUILTIN_CONSTANTS[name]
        args = node.args.exprs if node.args else []
        if name.startswith("__builtin_nan"):
            if len(args) != 1 or not (isinstance(args[0], c_ast.Constant) and args[0].type == "string"):
                raise HlsError(loc, f"'{name}' takes one string literal")
            if args[0].value != '""':
                raise unsupported(loc, f"a NaN payload ('{name}' of other than \"\")")
        elif args:
            raise HlsError(loc, f"'{name}' takes no arguments, {len(args)} given")
        return Const(value, t, loc)

    def _library_function(self, name: str) -> None:
        """A math function hls synthesizes from C of its own (frontend/libm) joins the file's
        functions when called and not defined there: it is then inlined as they are."""
        if name not in self.funcs and name in LIBM_FUNCTIONS:
            self.funcs[name] = library_function(name)

    def _math_call(self, node: c_ast.FuncCall, name: str) -> MathCall:
        """A math library call computed in hardware (a pure expression)."""
        loc = self.loc(node)
        args = node.args.exprs if node.args else []
        count = MATH_FUNCTIONS[name][1]
        if len(args) != count:
            raise HlsError(loc, f"'{name}' takes {count} argument{'s' if count > 1 else ''}, {len(args)} given")
        t = FLOAT if name.endswith("f") else DOUBLE
        return MathCall(name, [convert(self.expr(a), t) for a in args], t, loc)

    def _int_abs(self, node: c_ast.FuncCall, name: str) -> Expr:
        """``abs``/``labs``/``llabs``: the argument at the function's type, negated when negative
        (C leaves the most negative value undefined)."""
        loc = self.loc(node)
        args = node.args.exprs if node.args else []
        if len(args) != 1:
            raise HlsError(loc, f"'{name}' takes 1 argument, {len(args)} given")
        t = _INT_ABS[name]
        x = convert(self.expr(args[0]), t)
        negative = binary("<", x, Const(0, t, loc), loc)
        return Select(negative, Unary("-", clone_expr(x), t, loc), clone_expr(x), t, loc)

    def _memory_call(self, node: c_ast.FuncCall, name: str) -> list[Stmt]:
        """``memcpy(dst, src, n)`` and ``memset(dst, byte, n)`` on whole arrays (or their first
        rows) as loops over the elements: ``n`` a constant number of bytes of whole elements
        (whole rows of a multi-dimensional array); memcpy between arrays of one element type and
        row shape; memset of an integer array with any byte, of a floating-point one with 0."""
        loc = self.loc(node)
        args = node.args.exprs if node.args else []
        if len(args) != 3:
            raise HlsError(loc, f"'{name}' takes 3 arguments, {len(args)} given")

        def array(arg: c_ast.Node) -> tuple[Variable, int]:
            """The array an argument points into and the constant first subscript it starts at:
            ``a``, ``a + k``, ``a[k]`` (a row), ``&a[k]``, ``&a[k][0]``..."""
            offset: Expr | None = None
            if isinstance(arg, c_ast.BinaryOp) and arg.op == "+" and isinstance(arg.left, c_ast.ID):
                arg, offset = arg.left, self.expr(arg.right)
            elif isinstance(arg, c_ast.UnaryOp) and arg.op == "&" or isinstance(arg, c_ast.ArrayRef):
                sub: c_ast.Node = arg.expr if isinstance(arg, c_ast.UnaryOp) else arg
                chain: list[c_ast.Node] = []
                while isinstance(sub, c_ast.ArrayRef):
                    chain.insert(0, sub.subscript)
                    sub = sub.name
                if isinstance(sub, c_ast.ID) and chain and all(_fold(self.expr(x)) == 0 for x in chain[1:]):
                    arg, offset = sub, self.expr(chain[0])
            found = self._resolve(arg.name, arg) if isinstance(arg, c_ast.ID) else None
            if not isinstance(found, Variable) or not isinstance(found.type, ArrayType):
                raise unsupported(self.loc(arg), f"'{name}' of something other than a whole array or its rows")
            start = 0 if offset is None else _fold(offset)
            if not isinstance(start, int) or not 0 <= start <= found.type.dims[0]:
                raise unsupported(self.loc(arg), f"'{name}' from a position of '{found.name}' that is not a constant in it")
            return found, start

        dst, dst_start = array(args[0])
        assert isinstance(dst.type, ArrayType)
        if dst.is_const:
            raise HlsError(self.loc(args[0]), f"'{name}' into const array '{dst.name}'")
        size = _fold(convert(self.expr(args[2]), ct.ULONG))
        elem = dst.type.elem
        esize = _byte_size(elem)
        row = math.prod(dst.type.dims[1:])
        if not isinstance(size, int) or size % esize or (size // esize) % row:
            unit = "rows" if row > 1 else "elements"
            raise unsupported(self.loc(args[2]), f"'{name}' of a size other than a constant number of whole {unit} of '{dst.name}'")
        count = size // esize // row  # rows (elements of a 1-D array)
        if dst_start + count > dst.type.dims[0]:
            raise HlsError(self.loc(args[2]), f"'{name}' beyond the end of '{dst.name}'")
        src_start = 0
        if name == "memcpy":
            src, src_start = array(args[1])
            assert isinstance(src.type, ArrayType)
            if src.type.elem != elem or src.type.dims[1:] != dst.type.dims[1:]:
                raise unsupported(loc, f"'memcpy' between arrays of other element types or row shapes ('{dst.name}', '{src.name}')")
            if src_start + count > src.type.dims[0]:
                raise HlsError(self.loc(args[2]), f"'memcpy' beyond the end of '{src.name}'")
        else:
            byte = _fold(convert(self.expr(args[1]), INT))
            if not isinstance(byte, int):
                raise unsupported(self.loc(args[1]), "'memset' with a value that is not a constant")
            byte &= 0xFF
            if isinstance(elem, FloatType) and byte:
                raise unsupported(self.loc(args[1]), f"'memset' of floating-point array '{dst.name}' with a byte other than 0")
            bits = int.from_bytes(bytes([byte]) * esize, "little") & ((1 << elem.width) - 1)
            fill: Expr = Const(0.0 if isinstance(elem, FloatType) else elem.wrap(bits) if elem.signed else bits, elem, loc)
        if count == 0:
            return []
        extents = [count, *dst.type.dims[1:]]
        ivs = [Variable(self._unique("lib_i"), INT, "loop", loc) for _ in extents]
        index: list[Expr] = [VarRead(v, loc) for v in ivs]
        if name == "memcpy":
            value: Expr = ArrayRead(src, [_plus(clone_expr(index[0]), src_start, loc), *(clone_expr(i) for i in index[1:])], loc)
            index[0] = _plus(index[0], dst_start, loc)
        else:
            value = fill
            index[0] = _plus(index[0], dst_start, loc)
        body: list[Stmt] = [Assign(dst, index, value, loc)]
        for iv, extent in reversed(list(zip(ivs, extents))):
            loop_name = self._loop_name(f"{self.top_name}_L{loc.line}_{name}")
            body = [For(iv, Const(0, INT, loc), "<", Const(extent, INT, loc), INT, 1, body, loop_name, [], loc)]
        return body

    def _call(self, node: c_ast.FuncCall, want_value: bool) -> Variable | None:
        """Inlines a call: its statements go to ``self.pending``; returns the result variable."""
        loc = self.loc(node)
        if not isinstance(node.name, c_ast.ID):
            raise unsupported(loc, "call through a function pointer")
        name = node.name.name
        self._library_function(name)
        if name not in self.funcs and name in MATH_FUNCTIONS:
            # a math call whose value is unused does nothing (its arguments may: evaluate them)
            self._math_call(node, name)
            return None
        if name not in self.funcs and name in _INT_ABS and not want_value:
            self._int_abs(node, name)
            return None
        if name not in self.funcs and name in _OUTPUT_FUNCTIONS:
            if want_value:
                raise unsupported(loc, f"the value of '{name}'")
            # as in Vitis HLS synthesis: no hardware; arguments with side effects still run
            self.warnings.append(Diagnostic(loc, "warning", f"'{name}' is ignored in hardware"))
            for arg in node.args.exprs if node.args else []:
                if _has_side_effects(arg):
                    self.expr(arg)
            return None
        if name not in self.funcs and name in _EXIT_FUNCTIONS:
            if want_value:
                raise unsupported(loc, f"the value of '{name}'")
            self._exit(node, name)
            return None
        if name not in self.funcs and name in ("memcpy", "memset"):
            if want_value:
                raise unsupported(loc, f"the value of '{name}'")
            self.pending.extend(self._memory_call(node, name))
            return None
        if name not in self.funcs:
            raise unsupported(loc, f"call to '{name}' (only functions defined in this file are inlined, and {', '.join(MATH_FUNCTIONS)})")
        if any(f.func == name for f in self.frames) or name == self.top_name:
            raise unsupported(loc, f"recursive call to '{name}'")
        fd = self.funcs[name]
        decls = self._param_decls(fd)
        args = node.args.exprs if node.args else []
        if len(args) != len(decls):
            raise HlsError(loc, f"'{name}' takes {len(decls)} arguments, {len(args)} given")
        ret = self._return_type(fd)
        if want_value and ret is None:
            raise HlsError(loc, f"'{name}' returns void; its value is used")
        chosen = next((ptr for a in args if (ptr := self._chosen_pointer(a)) is not None), None)
        if chosen is not None:  # a pointer into several arrays passed on: a call for each array
            kept: list[Variable] = []

            def lower() -> list[Stmt]:
                var = self._call(node, want_value)
                if var is None:
                    return []
                if not kept:
                    kept.append(self._temporary(f"{name}_result", var.type, loc))  # type: ignore[arg-type]
                return [Assign(kept[0], None, VarRead(var, loc), loc)]

            self.pending.extend(self._for_each_array(chosen, lower, loc))
            return kept[0] if kept else None
        scope = _Scope()
        setup: list[Stmt] = []
        written = _assigned_names(fd.body)
        self.read_after |= _loops_read_after(fd.body)
        # (K&R: a definition with a declaration list or an identifier list; '()' declares none)
        listed = fd.decl.type.args.params if fd.decl.type.args is not None else []
        no_prototype = fd.param_decls is not None or fd.decl.type.args is None or any(isinstance(q, c_ast.ID) for q in listed)
        # scalars the callee may write through a pointer: arguments reading them are copied
        pointed = {
            self._scalar_state_place(a.expr.name, a.expr) or self.lookup(a.expr.name, a.expr)
            for a in args
            if isinstance(a, c_ast.UnaryOp) and a.op == "&" and isinstance(a.expr, c_ast.ID) and self._ref(a.expr.name) is None
            and self._struct_name(a.expr.name) is None
        }
        pointed |= {ref[0] for a in args if isinstance(a, c_ast.ID) and (ref := self._ref(a.name)) is not None}
        for d, a in zip(decls, args):
            up = None if isinstance(d.type, c_ast.PtrDecl) else self._union_decl(d.type, d)
            if up is not None:  # a union passed by value: a copy of its word
                if up[1]:
                    raise unsupported(self.loc(d), f"parameter '{d.name}' of arrays of unions")
                whole = self._union_whole(a) if isinstance(a, (c_ast.ID, c_ast.ArrayRef)) else None
                if whole is None or whole[0].type is not up[0]:
                    raise HlsError(self.loc(a), f"argument for '{d.name}' is not a union '{up[0].name}'")
                word = Variable(self._unique(f"{name}_{d.name}"), up[0].storage, "local", self.loc(d))
                self.locals.append(word)
                setup.append(Assign(word, None, ArrayRead(whole[0].var, whole[1], loc) if whole[1] else VarRead(whole[0].var, loc), loc))
                scope.unions[d.name] = _Union(d.name, up[0], word, ())
                continue
            sp = self._struct_param(d)
            if sp is not None:
                st, is_pointer, nested = sp
                if nested:
                    raise unsupported(self.loc(d), f"parameter '{d.name}' of arrays of structs (a pointer to rows)")
                if is_pointer:
                    if d.name in written:
                        raise unsupported(self.loc(d), f"moving struct pointer '{d.name}'")
                    scope.struct_refs[d.name] = self._struct_argument(a, st, d.name, setup)
                    continue
                # passed by value: a copy of its own
                src, src_idx = self._place(a) if self._is_struct_place(a) else (None, [])
                if not isinstance(src, _Aggregate) or src.struct is not st or len(src_idx) != len(src.dims):
                    raise HlsError(self.loc(a), f"argument for '{d.name}' is not a struct '{st.name}'")
                copy = self._aggregate(f"{name}_{d.name}", st, (), self.loc(d))
                setup += self._struct_copy(copy, [], src, src_idx, loc)
                scope.structs[d.name] = copy
                continue
            rows = self._array_parameter(d)
            if rows is not None:
                self._pointer_argument(a, rows, d, scope, setup)
                continue
            ptype = self.decl_type(d.type, d)
            assert not isinstance(ptype, ArrayType)
            value = self.expr(a)
            if no_prototype:  # K&R: the default argument promotions, then the parameter's type
                value = convert(value, DOUBLE if value.type == FLOAT else ct.integer_promote(value.type))
            value = convert(value, ptype)
            if d.name not in written and _is_affine_form(value) and not (read_variables(value) & pointed):
                # the callee sees the argument itself (the caller's scalars cannot change during
                # the call), so bounds and subscripts built from it stay affine in the caller's terms
                scope.values[d.name] = value
                continue
            pvar = Variable(self._unique(f"{name}_{d.name}"), ptype, "local", self.loc(d))
            self.locals.append(pvar)
            setup.append(Assign(pvar, None, value, loc))
            scope.names[d.name] = pvar
        result = None
        if ret is not None:
            result = Variable(self._unique(f"{name}_ret"), ret, "local", loc)
            self.locals.append(result)
        saved_scopes, saved_pending, saved_loops, saved_jumps = self.scopes, self.pending, self.loop_stack, self.jump_targets
        saved_gotos = self.goto_targets, self.goto_flags
        self.goto_targets, self.goto_flags = _check_gotos(fd.body, self.loc), {}
        self.scopes = [self.file_scope, scope]  # (the callee sees file scope and its own)
        self.loop_stack = []
        self.jump_targets = []
        for d in decls:
            # a pointer parameter the callee moves: a pointer variable starting where the argument points
            if d.name in written and self._array_parameter(d) is not None:
                if d.name in scope.names:
                    setup += self._moving_parameter(d, scope.names[d.name], Const(0, INT, loc))
                elif d.name in scope.refs and scope.refs[d.name][1] is not None:
                    array, offset = scope.refs[d.name]
                    assert offset is not None
                    setup += self._moving_parameter(d, array, offset)
                elif d.name in scope.refs:
                    raise unsupported(self.loc(d), f"moving pointer '{d.name}' to a scalar")
                elif d.name in scope.row_views:
                    array, prefix = scope.row_views.pop(d.name)
                    setup += self._moving_parameter(d, array, self._flat(array, prefix, loc))
        frame = _InlineFrame(name, result)
        # (a callee that may exit: what follows in it is guarded, so its last return is one too)
        if _early_returns(fd.body) or self._may_exit(fd.body):
            frame.done = self._temporary(f"{name}_done", BOOL, loc)
            setup.append(_set_flag(frame.done, 0, loc))
        self.frames.append(frame)
        body = self._block(fd.body.block_items or [], "callee")
        self.frames.pop()
        self.scopes, self.pending, self.loop_stack, self.jump_targets = saved_scopes, saved_pending, saved_loops, saved_jumps
        setup += [_set_flag(f, 0, loc) for f in self.goto_flags.values()]
        self.goto_targets, self.goto_flags = saved_gotos
        self._check_returns(body, None, loc, top_level=False)
        if body and isinstance(body[-1], Return):
            body = body[:-1]
        self.pending.extend(setup + body)
        return result


# ---- typing helpers (shared with later passes through the kernel IR) ---------------------------


def convert(e: Expr, t: ScalarType, loc: SourceLoc | None = None) -> Expr:
    """``e`` converted to ``t`` (an explicit Cast unless it already has that type), located at
    ``loc`` (an explicit cast) or at ``e``."""
    if e.type == t:
        return e
    if t == ct.BOOL and not isinstance(e, Const):
        return Cast(truth(e, e.loc), t, loc or e.loc)  # any non-zero value becomes 1
    if isinstance(e, Const):
        folded = _convert_value(e.value, e.type, t)
        if folded is not None:
            return Const(folded, t, loc or e.loc)
    return Cast(e, t, loc or e.loc)


def truth(e: Expr, loc: SourceLoc) -> Expr:
    """``e != 0`` as C's int 0 or 1 (the value of ``&&``, ``||`` and ``!``)."""
    if isinstance(e, Binary) and e.op in (*CMP_OPS, "&&", "||"):
        return e
    return binary("!=", e, Const(0, INT, loc), loc)


def _convert_value(v: int | float, src: ScalarType, dst: ScalarType) -> int | float | None:
    """A constant converted as C does (None where C leaves it undefined)."""
    if isinstance(dst, FloatType):
        return round_float(float(v), dst)
    if dst == ct.BOOL:
        return int(v != 0)
    if isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            return None
        iv = int(v)  # truncation toward zero
        return iv if dst.min <= iv <= dst.max else None
    return dst.wrap(v)


def round_float(v: float, t: FloatType) -> float:
    """``v`` rounded to the type (binary32: round to nearest even via struct)."""
    if t.width == 64:
        return v
    try:
        return float(struct.unpack("<f", struct.pack("<f", v))[0])
    except OverflowError:
        return float("inf") if v > 0 else float("-inf")


def binary(op: str, lhs: Expr, rhs: Expr, loc: SourceLoc) -> Expr:
    """A binary operator with C's operand conversions applied."""
    floating = isinstance(lhs.type, FloatType) or isinstance(rhs.type, FloatType)
    if floating and op in ("%", "&", "|", "^", "<<", ">>"):
        raise HlsError(loc, f"invalid operands to '{op}' (floating-point values)")
    if op in ARITH_OPS:
        t = ct.usual_arithmetic_conversion(lhs.type, rhs.type)
        a, b = convert(lhs, t), convert(rhs, t)
        if isinstance(t, FloatType):
            simpler = _float_identity(op, a, b, loc)
            if simpler is not None:
                return simpler
        return Binary(op, a, b, t, loc)
    if op in ("<<", ">>"):
        t = ct.integer_promote(lhs.type)
        return Binary(op, convert(lhs, t), convert(rhs, ct.integer_promote(rhs.type)), t, loc)
    if op in CMP_OPS:
        t = ct.usual_arithmetic_conversion(lhs.type, rhs.type)
        return Binary(op, convert(lhs, t), convert(rhs, t), INT, loc)
    if op in ("&&", "||"):
        return Binary(op, lhs, rhs, INT, loc)
    raise unsupported(loc, f"operator '{op}'")


def _float_identity(op: str, a: Expr, b: Expr, loc: SourceLoc) -> Expr | None:
    """``x * 1``, ``x / 1``, ``x - 0``, ``x + -0`` as ``x`` and ``x * -1``, ``x / -1`` as ``-x``
    (constants on either side of ``*`` and ``+``), as gcc folds them by default at every
    optimisation level: exact for every value but a signalling NaN, which these keep unquieted,
    so the hardware returns the bits the C program does."""

    def const(e: Expr) -> float | None:
        if not isinstance(e.type, FloatType):
            v = _fold(e)  # an integer constant expression (-0 is +0)
            return None if v is None else float(v)
        if isinstance(e, Const):
            return float(e.value)
        if isinstance(e, Unary) and e.op == "-":
            v = const(e.operand)
            return None if v is None else -v
        if isinstance(e, Cast) and isinstance(e.type, FloatType):
            v = const(e.operand)
            return None if v is None else round_float(float(v), e.type)
        if isinstance(e, Binary) and e.op in ("+", "-", "*") and isinstance(e.type, FloatType):
            # (gcc folds constant arithmetic first: (0.0 * 5.0) - x is 0.0 - x; in binary64, then
            # rounded: exact for binary32's +, -, *)
            x, y = const(e.lhs), const(e.rhs)
            if x is None or y is None:
                return None
            return round_float({"+": x + y, "-": x - y, "*": x * y}[e.op], e.type)
        return None

    def is_zero(v: float | None, negative: bool) -> bool:
        return v is not None and v == 0.0 and (math.copysign(1.0, v) < 0) == negative

    def never_minus_zero(e: Expr) -> bool:
        """gcc's tree_expr_maybe_real_minus_zero_p false: an integer converted, fabs, a ?: of them."""
        if isinstance(e, Cast):
            return isinstance(e.operand.type, IntType)
        if isinstance(e, MathCall):
            return MATH_FUNCTIONS[e.name][0] == "abs"
        return isinstance(e, Select) and never_minus_zero(e.if_true) and never_minus_zero(e.if_false)

    ca, cb = const(a), const(b)
    if ca is None or cb is None:
        # gcc folds 0.0 - x into -x where x cannot be -0.0 (so 0.0 - (float)0 is -0.0, not IEEE's
        # +0.0), -0.0 - x into -x, and x + 0.0, 0.0 + x, x - -0.0 into x where x cannot be -0.0
        if op == "-" and (is_zero(ca, True) or (is_zero(ca, False) and never_minus_zero(b))):
            return Unary("-", b, b.type, loc)
        if op == "+" and is_zero(cb, False) and never_minus_zero(a):
            return a
        if op == "+" and is_zero(ca, False) and never_minus_zero(b):
            return b
        if op == "-" and is_zero(cb, True) and never_minus_zero(a):
            return a
    pairs = [(a, const(b))]
    if op in ("*", "+"):
        pairs.append((b, const(a)))
    for x, c in pairs:
        if op in ("*", "/") and c == 1.0:
            return x
        if op in ("*", "/") and c == -1.0:
            return Unary("-", x, x.type, loc)
        if (op == "-" and is_zero(c, False)) or (op == "+" and is_zero(c, True)):
            return x
    return None


def _fold(e: Expr) -> int | float | None:
    """The value of an integer constant expression, or None."""
    if isinstance(e, Const):
        return e.value
    if isinstance(e.type, FloatType):
        return None
    if isinstance(e, Cast):
        v = _fold(e.operand)
        return None if v is None else _convert_value(v, e.operand.type, e.type)
    if isinstance(e, Unary):
        v = _fold(e.operand)
        if not isinstance(v, int) or not isinstance(e.type, IntType):
            return None
        return e.type.wrap({"-": -v, "~": ~v, "!": int(v == 0)}[e.op])
    if isinstance(e, Binary):
        a, b = _fold(e.lhs), _fold(e.rhs)
        if not isinstance(a, int) or not isinstance(b, int):
            return None
        from hls.ir.evaluate import eval_binary

        lt, rt = e.lhs.type, e.type
        if not isinstance(lt, IntType) or not isinstance(rt, IntType):
            return None
        return eval_binary(e.op, a, b, lt, rt)
    return None


def _fold_constant(e: Expr) -> int | float | None:
    """The value of a constant expression of any scalar type (a table's element), or None.
    Floating-point + - * / of binary32 operands are exact in binary64 before the one rounding,
    so computing them in Python's doubles gives C's result."""
    if not isinstance(e.type, FloatType):
        return _fold(e)
    if isinstance(e, Const):
        return e.value
    if isinstance(e, Cast):
        v = _fold_constant(e.operand)
        return None if v is None else _convert_value(v, e.operand.type, e.type)
    if isinstance(e, Unary) and e.op in ("-", "+"):
        v = _fold_constant(e.operand)
        return None if v is None else (-v if e.op == "-" else v)
    if isinstance(e, Binary) and e.op in ("+", "-", "*", "/"):
        a, b = _fold_constant(e.lhs), _fold_constant(e.rhs)
        if a is None or b is None:
            return None
        if e.op == "/" and b == 0:  # IEEE: a signed infinity (0/0: NaN, below)
            exact = math.nan if a == 0 or a != a else math.copysign(math.inf, a) * math.copysign(1.0, b)
        else:
            exact = {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b, "/": lambda: a / b}[e.op]()
        # a NaN's sign and payload are the compiler's choice (gcc's folding and SSE differ): not folded
        return None if exact != exact else round_float(float(exact), e.type)
    return None


def _is_float_literal(text: str) -> bool:
    t = text.lower()
    if t.startswith("0x"):
        return "p" in t or "." in t
    return "." in t or "e" in t


def _float_constant(text: str, loc: SourceLoc) -> Const:
    t = text.lower()
    if t.endswith("l"):
        raise unsupported(loc, "long double constant")
    ftype = FLOAT if t.endswith("f") else DOUBLE
    body = t.rstrip("f")
    if ftype == DOUBLE:  # (Python rounds the text to the nearest double, as C does)
        return Const(float.fromhex(body) if body.startswith("0x") else float(body), ftype, loc)
    # a float constant is the text rounded to float once: through double, a text between two
    # floats but within half a double's ulp of their midpoint would be rounded twice
    return Const(_nearest_float(_exact_value(body)), ftype, loc)


def _exact_value(body: str) -> Fraction:
    """The exact value of a floating constant's text (decimal, or hexadecimal with 'p')."""
    if not body.startswith("0x"):
        return Fraction(body)
    mantissa, _, exponent = body[2:].partition("p")
    whole, _, frac = mantissa.partition(".")
    return Fraction(int(whole + frac or "0", 16), 16 ** len(frac)) * Fraction(2) ** int(exponent or "0")


def _nearest_float(q: Fraction) -> float:
    """``q`` (not negative) rounded to binary32, to nearest with ties to even (subnormals
    included; beyond the largest float, infinity)."""
    if q == 0:
        return 0.0
    e = q.numerator.bit_length() - q.denominator.bit_length()  # 2^(e - 1) < q < 2^(e + 1)
    if q < Fraction(2) ** e:
        e -= 1  # now 2^e <= q < 2^(e + 1)
    ulp = Fraction(2) ** (max(e, -126) - 23)
    m, rest = divmod(q, ulp)
    if rest * 2 > ulp or (rest * 2 == ulp and m % 2 == 1):
        m += 1
    value = float(m * ulp)
    return math.inf if value > 3.4028234663852886e38 else value


def _pragma_loc(loc: SourceLoc) -> SourceLoc:
    """pycparser's column of a pragma is inside the directive: point at its '#' instead."""
    try:
        line = Path(loc.file).read_text(errors="replace").splitlines()[loc.line - 1]
    except (OSError, IndexError):
        return loc
    col = line.find("#")
    return SourceLoc(loc.file, loc.line, col + 1) if col >= 0 else loc


def _is_id(node: c_ast.Node | None, name: str) -> bool:
    return isinstance(node, c_ast.ID) and node.name == name


def _same_representation(a: ScalarType, b: ScalarType) -> bool:
    """Element types an array may be passed between (``int`` and ``int32_t``, ``long`` and ``int64_t``)."""
    return type(a) is type(b) and a.width == b.width and a.signed == b.signed


def _for_variable(node: c_ast.For) -> str | None:
    """The variable ``for (v = e; ...)`` assigns first (declared before the loop), or None."""
    init = node.init
    if isinstance(init, c_ast.ExprList) and init.exprs:
        init = init.exprs[0]
    if isinstance(init, c_ast.Assignment) and init.op == "=" and isinstance(init.lvalue, c_ast.ID):
        return str(init.lvalue.name)
    return None


def _loops_read_after(body: c_ast.Node) -> set[int]:
    """The ``for`` loops of a function body (by node id) whose variable may be read outside the
    loop (after it, or before it in a later iteration of a loop around it): any occurrence of
    the name outside the loop, except as the target of a plain assignment and inside another
    loop that starts it anew (not in that loop's initial value). Conservative: such a loop takes
    the general path, where its variable is an ordinary scalar holding C's exit value."""
    parents: dict[int, c_ast.Node] = {}
    loops: list[c_ast.For] = []
    ids: list[c_ast.ID] = []

    def walk(n: c_ast.Node) -> None:
        if isinstance(n, c_ast.For) and _for_variable(n) is not None:
            loops.append(n)
        if isinstance(n, c_ast.ID):
            ids.append(n)
        for _, c in n.children():
            parents[id(c)] = n
            walk(c)

    walk(body)

    def ancestors(n: c_ast.Node) -> list[c_ast.Node]:
        out = []
        while id(n) in parents:
            n = parents[id(n)]
            out.append(n)
        return out

    found: set[int] = set()
    for lp in loops:
        name = _for_variable(lp)
        for occ in ids:
            if occ.name != name:
                continue
            up = ancestors(occ)
            if any(a is lp for a in up):
                continue
            if isinstance(up[0], c_ast.Assignment) and up[0].op == "=" and up[0].lvalue is occ:
                continue  # (a new value)
            starts = [a for a in up if isinstance(a, c_ast.For) and _for_variable(a) == name]
            init_of = {id(a.init) for a in starts}
            if starts and not any(id(a) in init_of for a in up):
                continue  # (inside a loop that assigns it first)
            found.add(id(lp))
            break
    return found


def _touches(s: Stmt, var: Variable) -> bool:
    """Whether the statement ``s`` (with what it contains) reads or writes the scalar ``var``."""
    if isinstance(s, Assign):
        return s.var is var or var in read_variables(s.value) or any(var in read_variables(i) for i in s.indices or [])
    if isinstance(s, If):
        return var in read_variables(s.cond) or any(_touches(x, var) for x in s.then_body + s.else_body)
    if isinstance(s, For):
        exprs = [s.init, s.bound]
        return any(var in read_variables(e) for e in exprs) or any(_touches(x, var) for x in s.body)
    if isinstance(s, Return):
        return s.value is not None and var in read_variables(s.value)
    return False


def _leaf_variables(agg: _Aggregate) -> list[Variable]:
    """The variables of an aggregate's members, nested structs' members in place."""
    out: list[Variable] = []
    for leaf in agg.leaves.values():
        out += _leaf_variables(leaf) if isinstance(leaf, _Aggregate) else [leaf]
    return out


def _struct_changed(body: c_ast.Node, name: str) -> bool:
    """Whether a function body may change the struct ``name``: assigns or increments it or a
    member (element), takes an address in it, or passes it or a part of it to a call."""

    def rooted(node: c_ast.Node) -> bool:
        while isinstance(node, (c_ast.StructRef, c_ast.ArrayRef)):
            node = node.name
        return isinstance(node, c_ast.ID) and node.name == name

    found = False

    class Visitor(c_ast.NodeVisitor):
        def visit_Assignment(self, node: c_ast.Assignment) -> None:
            nonlocal found
            found |= rooted(node.lvalue)
            self.generic_visit(node)

        def visit_UnaryOp(self, node: c_ast.UnaryOp) -> None:
            nonlocal found
            found |= node.op in (*_INCDEC, "&") and rooted(node.expr)
            self.generic_visit(node)

        def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
            nonlocal found
            found |= any(rooted(a) for a in (node.args.exprs if node.args else []))
            self.generic_visit(node)

    Visitor().visit(body)
    return found


def _assigned_names(body: c_ast.Node) -> set[str]:
    """Names a function body assigns, increments or takes the address of (shadowing ignored:
    conservative)."""
    found: set[str] = set()

    class Visitor(c_ast.NodeVisitor):
        def visit_Assignment(self, node: c_ast.Assignment) -> None:
            if isinstance(node.lvalue, c_ast.ID):
                found.add(node.lvalue.name)
            self.generic_visit(node)

        def visit_UnaryOp(self, node: c_ast.UnaryOp) -> None:
            if node.op in (*_INCDEC, "&") and isinstance(node.expr, c_ast.ID):
                found.add(node.expr.name)
            self.generic_visit(node)

    Visitor().visit(body)
    return found


def _is_affine_form(e: Expr) -> bool:
    """Constants and scalars combined by + - and multiplication by a constant: cheap to repeat at
    every use and affine where the scalars are."""
    if isinstance(e, Const):
        return isinstance(e.value, int)
    if isinstance(e, VarRead):
        return isinstance(e.type, IntType)
    if isinstance(e, Cast):
        return isinstance(e.type, IntType) and _is_affine_form(e.operand)
    if isinstance(e, Unary):
        return e.op == "-" and _is_affine_form(e.operand)
    if isinstance(e, Binary) and e.op in ("+", "-"):
        return _is_affine_form(e.lhs) and _is_affine_form(e.rhs)
    if isinstance(e, Binary) and e.op == "*":
        return (isinstance(e.lhs, Const) or isinstance(e.rhs, Const)) and _is_affine_form(e.lhs) and _is_affine_form(e.rhs)
    return False


# arrays of up to this many dimensions (each a dimension of the iteration spaces' accesses)
_MAX_DIMS = 6

# a table (const global or static const local array) is a ROM of up to this many elements
_MAX_TABLE_ELEMENTS = 1 << 16


def _strides(dims: tuple[int, ...] | list[int]) -> list[int]:
    """Elements per step of each subscript (C's row-major order)."""
    strides = [1] * len(dims)
    for k in range(len(dims) - 2, -1, -1):
        strides[k] = strides[k + 1] * dims[k + 1]
    return strides


# a local array's initializer becomes one store per element: up to this many
_MAX_INITIALIZED_ELEMENTS = 1024


def _has_const(node: c_ast.Node) -> bool:
    """Whether the elements of an array (or what a pointer points to) are const."""
    if isinstance(node, c_ast.PtrDecl):
        node = node.type
    while isinstance(node, c_ast.ArrayDecl):
        node = node.type
    return isinstance(node, c_ast.TypeDecl) and "const" in (node.quals or [])


def _check_not_written(body: list[Stmt], names: set[Variable], why: str) -> None:
    """A located 'not supported' error at an assignment in ``body`` to one of ``names`` (``why``
    says what reads them)."""
    for s in body:
        if isinstance(s, Assign) and s.var in names:
            raise unsupported(s.loc, f"assignment to '{s.var.name}', {why}")
        if isinstance(s, For):
            _check_not_written(s.body, names, why)
        elif isinstance(s, If):
            _check_not_written(s.then_body, names, why)
            _check_not_written(s.else_body, names, why)


def c_to_kernel(ast: c_ast.FileAST, file: Path, top: str, warnings: list[Diagnostic] | None = None) -> KernelFunction:
    """Pass entry point; located warnings (about pragmas) go to ``warnings``."""
    return CToKernel(ast, file, warnings if warnings is not None else []).lower(top)


def _first_element_only(body: c_ast.Node, name: str) -> bool:
    """Whether every use of ``name`` in ``body`` is ``*name`` or ``name[0]`` (a scalar passed by
    address), ignoring declarations that shadow it."""
    ok = True

    class Uses(c_ast.NodeVisitor):
        def visit_UnaryOp(self, node: c_ast.UnaryOp) -> None:
            if node.op == "*" and isinstance(node.expr, c_ast.ID) and node.expr.name == name:
                return
            self.generic_visit(node)

        def visit_ArrayRef(self, node: c_ast.ArrayRef) -> None:
            if isinstance(node.name, c_ast.ID) and node.name.name == name and isinstance(node.subscript, c_ast.Constant) and node.subscript.value == "0":
                return
            self.generic_visit(node)

        def visit_ID(self, node: c_ast.ID) -> None:
            nonlocal ok
            if node.name == name:
                ok = False

    Uses().visit(body)
    return ok


class _Returns(c_ast.NodeVisitor):
    """The ``return`` statements of a function body."""

    def __init__(self) -> None:
        self.found: list[c_ast.Return] = []

    def visit_Return(self, node: c_ast.Return) -> None:
        self.found.append(node)


# calls that end the program: the top returns (see CToKernel._exit)
_EXIT_FUNCTIONS = ("exit", "_Exit")


class _Calls(c_ast.NodeVisitor):
    """The names of the functions a node calls directly."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        if isinstance(node.name, c_ast.ID):
            self.names.append(node.name.name)
        self.generic_visit(node)


def _called_names(node: c_ast.Node) -> list[str]:
    finder = _Calls()
    finder.visit(node)
    return finder.names


def _exiting_functions(funcs: dict[str, c_ast.FuncDef]) -> set[str]:
    """The functions of the file that may call ``exit``, directly or through others."""
    calls = {name: set(_called_names(fd.body)) for name, fd in funcs.items()}
    out = {name for name, called in calls.items() if any(c in _EXIT_FUNCTIONS and c not in funcs for c in called)}
    grew = True
    while grew:
        grew = False
        for name, called in calls.items():
            if name not in out and called & out:
                out.add(name)
                grew = True
    return out


# C library calls beside the math functions: printing is ignored in hardware (with a warning),
# integer abs is an expression, memcpy/memset are loops
_OUTPUT_FUNCTIONS = ("printf", "fprintf", "puts", "putchar", "fflush")
_INT_ABS = {"abs": ct.INT, "labs": ct.LONG, "llabs": ct.LLONG}
# gcc's built-in floating-point constants (INFINITY, HUGE_VAL, NAN in frontend/include/math.h)
_BUILTIN_CONSTANTS: dict[str, tuple[FloatType, float]] = {
    "__builtin_inff": (FLOAT, math.inf), "__builtin_inf": (DOUBLE, math.inf),
    "__builtin_huge_valf": (FLOAT, math.inf), "__builtin_huge_val": (DOUBLE, math.inf),
    "__builtin_nanf": (FLOAT, math.nan), "__builtin_nan": (DOUBLE, math.nan),
}  # fmt: skip


def _byte_size(t: ScalarType) -> int:
    """sizeof a scalar (a _Bool is a byte)."""
    return (t.width + 7) // 8


_UNSIGNED_OF_WIDTH = {8: ct.UCHAR, 16: ct.USHORT, 32: ct.UINT, 64: ct.ULLONG}


def _as_bits(value: Expr, loc: SourceLoc) -> Expr:
    """The bytes of a scalar as an unsigned integer of its size (a float's bit pattern)."""
    bits = _UNSIGNED_OF_WIDTH[_byte_size(value.type) * 8]
    if isinstance(value.type, FloatType):
        return Unary("bits", value, bits, loc)
    return convert(value, bits, loc)


def _union_extract(word: Expr, t: ScalarType, offset: Expr, loc: SourceLoc) -> Expr:
    """The value of type ``t`` whose bytes are at bit ``offset`` of a union's word."""
    wide = ct.UINT if word.type.width <= 32 else ct.ULLONG
    shifted = convert(word, wide, loc)
    if _fold(offset) != 0:
        shifted = Binary(">>", shifted, offset, wide, loc)
    bits = convert(shifted, _UNSIGNED_OF_WIDTH[_byte_size(t) * 8], loc)
    if isinstance(t, FloatType):
        return Unary("bits", bits, t, loc)
    return convert(bits, t, loc)


def _plus(e: Expr, k: int, loc: SourceLoc) -> Expr:
    return e if k == 0 else binary("+", e, Const(k, INT, loc), loc)


class _Skippable(c_ast.Node):
    """Items of a block that a goto (one of ``flags``) skips: lowered in the block's scope."""

    __slots__ = ("items", "flags", "coord", "__weakref__")
    attr_names = ()

    def __init__(self, items: list[c_ast.Node], flags: list[Variable]) -> None:
        self.items = items
        self.flags = flags
        self.coord = items[0].coord if items else None

    def children(self) -> tuple[tuple[str, c_ast.Node], ...]:
        return tuple((f"items[{k}]", n) for k, n in enumerate(self.items))

    def __iter__(self):  # type: ignore[no-untyped-def]
        yield from self.items


def _none_set(flags: list[Variable], loc: SourceLoc) -> Expr:
    """``!(f1 || f2 || ...)``: none of ``flags`` is set."""
    taken: Expr = VarRead(flags[0], loc)
    for flag in flags[1:]:
        taken = binary("||", taken, VarRead(flag, loc), loc)
    return Unary("!", taken, INT, loc)


def _item_labels(node: c_ast.Node) -> set[str]:
    """The labels an item of a block carries (``a: b: stmt``)."""
    out = set()
    while isinstance(node, c_ast.Label):
        out.add(node.name)
        node = node.stmt
    return out


def _escaping_gotos(node: c_ast.Node) -> set[str]:
    """The labels gotos inside ``node`` jump to that are not inside it."""
    nodes = _all_nodes(node)
    return {n.name for n in nodes if isinstance(n, c_ast.Goto)} - {n.name for n in nodes if isinstance(n, c_ast.Label)}


def _backward_gotos_as_loops(node: c_ast.Node) -> None:
    """Rewrites, in place, each backward ``goto L`` (a retry loop: ``L: s1; ...; if (c) goto L;``)
    as a loop: the items of L's block from L's item to the last one holding such a goto become
    ``L: while (1) { s1; ...; break; }``, each of those gotos a ``continue``. Only where that means
    the same: no such goto inside a loop or switch of those items, no ``break`` or ``continue``
    of theirs that would then leave the new loop, and no declaration among them used after them;
    otherwise the goto stays and is reported as unsupported."""
    for block in [n for n in _all_nodes(node) if isinstance(n, c_ast.Compound)]:
        items = block.block_items or []
        k = 0
        while k < len(items):
            names = _item_labels(items[k])
            last = max((m for m in range(k, len(items)) if any(isinstance(g, c_ast.Goto) and g.name in names for g in _all_nodes(items[m]))), default=None)
            if not names or last is None or not _loopable(items[k : last + 1], names, items[last + 1 :]):
                k += 1
                continue
            head = items[k]
            labels: list[c_ast.Label] = []
            while isinstance(head, c_ast.Label):
                labels.append(head)
                head = head.stmt
            coord = items[k].coord
            body = c_ast.Compound([head, *items[k + 1 : last + 1], c_ast.Break(coord=coord)], coord=coord)
            for parent in _all_nodes(body):
                _replace_gotos(parent, names)
            loop: c_ast.Node = c_ast.While(c_ast.Constant("int", "1", coord=coord), body, coord=coord)
            for label in reversed(labels):
                loop = c_ast.Label(label.name, loop, coord=label.coord)
            items[k : last + 1] = [loop]
            k += 1


def _loopable(items: list[c_ast.Node], names: set[str], after: list[c_ast.Node]) -> bool:
    """Whether ``items`` may become the body of a loop whose ``continue`` replaces their gotos to
    ``names`` (see ``_backward_gotos_as_loops``)."""
    ok = True

    def walk(n: c_ast.Node, in_loop: bool, in_switch: bool) -> None:
        nonlocal ok
        if isinstance(n, c_ast.Goto) and n.name in names and (in_loop or in_switch):
            ok = False
        if isinstance(n, c_ast.Continue) and not in_loop:
            ok = False
        if isinstance(n, c_ast.Break) and not (in_loop or in_switch):
            ok = False
        loop = in_loop or isinstance(n, (c_ast.For, c_ast.While, c_ast.DoWhile))
        switch = in_switch or isinstance(n, c_ast.Switch)
        for _, child in n.children():
            walk(child, loop, switch)

    for item in items:
        walk(item, False, False)
    declared = {item.name for item in items if isinstance(item, c_ast.Decl)}
    used_after = {n.name for item in after for n in _all_nodes(item) if isinstance(n, c_ast.ID)}
    return ok and not (declared & used_after)


def _replace_gotos(parent: c_ast.Node, names: set[str]) -> None:
    """``goto L`` (L in ``names``) among the children of ``parent`` replaced by ``continue``."""
    for attr in parent.__slots__:
        if attr in ("coord", "__weakref__"):
            continue
        value = getattr(parent, attr, None)
        if isinstance(value, c_ast.Goto) and value.name in names:
            setattr(parent, attr, c_ast.Continue(coord=value.coord))
        elif isinstance(value, list):
            value[:] = [c_ast.Continue(coord=v.coord) if isinstance(v, c_ast.Goto) and v.name in names else v for v in value]


def _check_gotos(body: c_ast.Compound, loc_of: Callable[[c_ast.Node | None], SourceLoc]) -> set[str]:
    """The labels of a function body that gotos jump to. Each goto must jump forward, out of
    blocks, to a statement of a block around it (the error-exit pattern): not backward (a loop)
    and not into a block."""
    labels: dict[str, tuple[int, int]] = {}  # label -> (its block, its item's index)
    gotos: list[tuple[c_ast.Goto, list[tuple[int, int]]]] = []  # goto -> the (block, index) around it

    def walk(node: c_ast.Node, around: list[tuple[int, int]]) -> None:
        if isinstance(node, c_ast.Compound):
            for k, item in enumerate(node.block_items or []):
                for name in _item_labels(item):
                    labels.setdefault(name, (id(node), k))
                walk(item, [*around, (id(node), k)])
            return
        if isinstance(node, c_ast.Goto):
            gotos.append((node, around))
        for _, child in node.children():
            walk(child, around)

    walk(body, [])
    for node in _all_nodes(body):  # (a label that is not an item of a block)
        if isinstance(node, c_ast.Label):
            labels.setdefault(node.name, (0, -1))
    targets: set[str] = set()
    for goto, around in gotos:
        if goto.name not in labels:
            raise HlsError(loc_of(goto), f"label '{goto.name}' used but not defined")
        block, index = labels[goto.name]
        mine = next((k for b, k in around if b == block), None)
        if mine is None or index == -1:
            raise unsupported(loc_of(goto), f"'goto {goto.name}' into a block (only forward jumps out of blocks)")
        if index <= mine:
            raise unsupported(loc_of(goto), f"backward 'goto {goto.name}' (only forward jumps out of blocks)")
        targets.add(goto.name)
    return targets


def _all_nodes(node: c_ast.Node) -> list[c_ast.Node]:
    """``node`` and every node below it."""
    out, todo = [], [node]
    while todo:
        n = todo.pop()
        out.append(n)
        todo.extend(child for _, child in n.children())
    return out


def _writes(node: c_ast.Node, name: str) -> bool:
    """Whether ``node`` assigns, increments or takes the address of a variable called ``name``."""
    for n in _all_nodes(node):
        if isinstance(n, c_ast.Assignment) and _is_id(n.lvalue, name):
            return True
        if isinstance(n, c_ast.UnaryOp) and n.op in (*_INCDEC, "&") and _is_id(n.expr, name):
            return True
    return False


def _names(node: c_ast.Node) -> set[str]:
    """The identifiers ``node`` mentions."""

    class Finder(c_ast.NodeVisitor):
        def __init__(self) -> None:
            self.found: set[str] = set()

        def visit_ID(self, n: c_ast.ID) -> None:
            self.found.add(n.name)

    finder = Finder()
    finder.visit(node)
    return finder.found


def _is_void(t: c_ast.Node) -> bool:
    inner = getattr(t, "type", None)
    return isinstance(inner, c_ast.TypeDecl) and isinstance(inner.type, c_ast.IdentifierType) and inner.type.names == ["void"]


def _has_side_effects(node: c_ast.Node) -> bool:
    """Whether evaluating ``node`` may change anything (an assignment, ++/--, a call)."""

    class Finder(c_ast.NodeVisitor):
        found = False

        def visit_Assignment(self, n: c_ast.Assignment) -> None:
            self.found = True

        def visit_FuncCall(self, n: c_ast.FuncCall) -> None:
            self.found = True

        def visit_UnaryOp(self, n: c_ast.UnaryOp) -> None:
            if n.op in _INCDEC:
                self.found = True
            self.generic_visit(n)

    finder = Finder()
    finder.visit(node)
    return finder.found


def _set_flag(flag: Variable, value: int, loc: SourceLoc) -> Assign:
    """``flag = value`` (a break, continue or return flag: a _Bool, a switch's an int)."""
    assert isinstance(flag.type, IntType)
    return Assign(flag, None, Const(value, flag.type, loc), loc)


@dataclass
class _JumpTarget:
    """What ``continue`` and ``break`` leave: a loop (``kind`` "loop") or a switch, and the flags
    they set (None where the body has none)."""

    kind: str
    skipped: Variable | None  # continue (loops)
    broken: Variable | None  # break


class _JumpFinder(c_ast.NodeVisitor):
    """Whether a statement holds a ``continue`` of the loop around it (not of a loop inside it),
    or a ``break`` of the switch around it (not of a loop or switch inside it)."""

    def __init__(self, kind: type) -> None:
        self.kind = kind
        self.found = False

    def visit_Continue(self, node: c_ast.Continue) -> None:
        self.found = self.found or self.kind is c_ast.Continue

    def visit_Break(self, node: c_ast.Break) -> None:
        self.found = self.found or self.kind is c_ast.Break

    def _own(self, node: c_ast.Node) -> None:
        """A nested loop's continue and break are its own."""

    visit_For = visit_While = visit_DoWhile = _own

    def visit_Switch(self, node: c_ast.Switch) -> None:
        if self.kind is c_ast.Continue:  # (a continue in a switch is the loop's)
            self.generic_visit(node)


def _jumps(node: c_ast.Node, kind: type) -> bool:
    finder = _JumpFinder(kind)
    finder.visit(node)
    return finder.found


def _contains_return(node: c_ast.Node) -> bool:
    finder = _Returns()
    finder.visit(node)
    return bool(finder.found)


def _early_returns(body: c_ast.Compound) -> bool:
    """Whether a function body returns anywhere but in its last statement (then each return sets a
    flag the statements after it test, and the loops around it, like a break)."""
    finder = _Returns()
    finder.visit(body)
    items = [x for x in body.block_items or [] if not isinstance(x, c_ast.Pragma)]
    return any(r is not (items[-1] if items else None) for r in finder.found)
