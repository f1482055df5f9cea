"""hls: high-level synthesis of affine C kernels to SystemVerilog."""

from __future__ import annotations

import os

# In the source tree the stages live in top-level folders that setup.cfg maps under ``hls.``;
# when this package is imported straight from the tree (``python -m hls`` in the repo root puts
# the root first on sys.path), make ``hls.frontend`` & co. resolve to those folders too.
_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.isfile(os.path.join(_root, "frontend", "c_to_kernel.py")) and _root not in __path__:
    __path__.append(_root)
