"""Schemathesis hooks for .ci/openapi (loaded through `hooks` in schemathesis.toml).

Only one thing here: a deeper recursion limit. On CPython 3.11, Hypothesis
describing a lambda deep inside a nested strategy runs `ast.parse` on a large
module with little recursion budget left, which fails with "SystemError: AST
constructor recursion depth mismatch" (cpython gh-106905) and shows up as a
schemathesis "Runtime Error" for an operation with nested request bodies. That
is a tooling failure, not a finding about the API, so give the parser room.
"""

import sys

sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
