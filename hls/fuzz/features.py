"""The switchable feature mix of the generator: each construct class can be turned off while a
bug in it is being fixed, so the fuzzer keeps finding *other* bugs."""

from __future__ import annotations

from dataclasses import dataclass, field

# name -> what it enables (every name is a switch of --enable/--disable)
FEATURES: dict[str, str] = {
    "float": "float scalars and arrays",
    "double": "double scalars and arrays",
    "float_params": "float/double scalar parameters",
    "local_float": "float/double local scalars and arrays",
    "float_to_int": "float/double -> integer conversions (range-guarded)",
    "math": "sqrt/fabs/fmin/fmax/fma and their f forms",
    "libm": "exp/log/pow/sin/cos and their f forms",
    "casts": "explicit casts between all types",
    "div_mod": "/ and % (divisors kept nonzero, no MIN/-1)",
    "shifts": "<< and >> (counts in range, no signed overflow)",
    "bitwise": "& | ^ ~",
    "unary_minus": "unary minus",
    "ternary": "?:",
    "logical": "&& || !",
    "calls": "calls of helper functions of the same file",
    "call_in_if_cond": "helper and math calls inside if conditions",
    "call_in_operands": "calls inside ?: and &&/|| operands",
    "helper_if": "if/else inside helper functions",
    "compound_assign": "compound assignment (+= ... >>=)",
    "chained_assign": "chained assignment a = b = v",
    "incdec": "x++ / x-- statements",
    "if_else": "if / if-else statements",
    "switch": "switch statements (fall-through, break, default anywhere)",
    "continue": "if (c) continue; and if (c) break; in loop bodies",
    "early_return": "if (c) return [v]; inside the top's loops, branches and switches",
    "while_loops": "while, do/while and for loops that also end on a data-dependent test (cond && c)",
    "tables": "file-scope and static const tables read with in-range subscripts",
    "static_locals": "static local scalars and arrays: state kept from call to call",
    "globals": "file-scope scalars and arrays the top reads and writes: state kept from call to call",
    "pointers": "pointer variables into 1-D arrays (T *p = a + c) used as arrays, walking pointers (*p++ = v), "
    "and pointers into one of two arrays chosen by the data (p = c ? a : b + 2)",
    "structs": "local structs (typedef'd) with scalar and array members, and copies of them",
    "nested_loops": "loop nests up to depth 3",
    "triangular": "bounds affine in an outer iterator",
    "arg_bounds": "loop bounds from scalar arguments",
    "narrowing_bound_init": "a loop starting at a 64-bit scalar argument (int i = n with long n)",
    "steps": "loop steps other than 1 (+= c, -= c)",
    "decreasing": "decreasing loops (--, -= c, >, >=)",
    "local_arrays": "local arrays (initialised by a loop before use)",
    "local_scalars": "local scalars",
    "recurrences": "array recurrences in loops: a[i + c] = f(a[i + d], ...)",
    "reductions": "reductions into a local accumulator",
    "stencils": "1-D stencil reads a[i-1], a[i], a[i+1]",
    "stencil_2d": "2-D neighbour reads",
    "stencil_3d": "3-D neighbour reads (plane buffers)",
    "large_arrays": "arrays of 16-32 elements per dimension (block RAM sizes)",
    "indirect_index": "data-dependent subscripts (masked into range)",
    "array_3d": "3-D array parameters",
    "pragma_pipeline": "#pragma HLS pipeline II=N",
    "pragma_pipeline_off": "#pragma HLS pipeline off",
    "bind_storage": "#pragma HLS bind_storage on local arrays",
    "pragma_unroll": "#pragma HLS unroll [factor=N] (remainders included)",
    "pragma_partition": "#pragma HLS array_partition cyclic/block/complete on local and argument arrays",
    "pragma_allocation": "#pragma HLS allocation operation instances=... limit=N in the function or a loop body",
    "interface_pragma": "#pragma HLS interface ... storage_type=ram_1p",
    "cli_ii": "--ii N on the command line",
    "cli_no_pipeline": "--no-pipeline on the command line",
    "return_value": "non-void kernels (return as last statement)",
    "hex_literals": "hexadecimal and suffixed literals with C's literal typing",
    "special_floats": "NaN, +-inf, -0.0 and subnormals in the testbench inputs",
}

# features that trigger known bugs or known rejections: off unless enabled explicitly (add a
# feature here while its bug is being fixed, so batches keep finding other bugs)
KNOWN_BUG_FEATURES: frozenset[str] = frozenset()


@dataclass(frozen=True)
class FeatureMix:
    """The set of enabled features."""

    enabled: frozenset[str] = field(default_factory=lambda: frozenset(FEATURES) - KNOWN_BUG_FEATURES)

    def __contains__(self, name: str) -> bool:
        if name not in FEATURES:
            raise KeyError(f"unknown fuzzer feature '{name}'")
        return name in self.enabled

    @staticmethod
    def from_options(enable: str = "", disable: str = "", all_features: bool = False) -> FeatureMix:
        """The default mix (or every feature), plus ``enable`` minus ``disable`` (comma lists)."""
        on = set(FEATURES) if all_features else set(FEATURES) - KNOWN_BUG_FEATURES
        for names, add in ((enable, True), (disable, False)):
            for name in filter(None, (n.strip() for n in names.split(","))):
                if name not in FEATURES:
                    raise ValueError(f"unknown fuzzer feature '{name}' (known: {', '.join(sorted(FEATURES))})")
                (on.add if add else on.discard)(name)
        return FeatureMix(frozenset(on))

    def describe(self) -> list[str]:
        return sorted(self.enabled)
