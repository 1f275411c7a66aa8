"""The core every layer stands on: the game protocol, errors, positions and their sums, the
solvers, the explored graph, and the plumbing of long runs (progress, files, engines).

Nothing here knows a game by name or a rule of play beyond "a position has options".
The public names are exported by :mod:`grundy` itself.

Examples
--------
>>> from grundy.core.solver import mex
>>> mex([0, 1, 3])
2
"""
