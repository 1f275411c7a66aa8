"""Tiered strong solving: tier by tier, each tier in shards run as tasks, through files.

A game declares tiers with :attr:`Encoding.tier` (the number of pieces on the board, for
connect four and tic-tac-toe); every move leads to a higher tier. The solve then needs
one tier in memory at a time, not the whole game, and the shards of a tier run at once on
an :class:`~grundy.core.engines.Engine` (worker processes here, or a Ray cluster). Tasks talk
through a store directory, which a cluster must share (NFS, or one machine):

- ``manifest.json``: format, game, symmetry, start, shard size, the store's random id,
  and once known the tiers and their sizes;
- ``positions/tier-T.npz``: the sorted codes of tier T (compressed);
- ``children/tier-T.shard-S.npz``: the options of shard S of tier T, by their tier;
- ``values/tier-T.shard-S.npz``: value and remoteness of shard S of tier T.

Every file is written whole (to a temporary name, then renamed), and a task whose file
exists returns at once: a killed run, or a task run twice after its worker died, loses
nothing and changes nothing. Every ``.npz`` file also holds a ``check`` member: the
store's id, the file's own name, the rows of its tier it covers and the SHA-256 of each
array, checked whenever it is read; with the manifest's fields (checked for presence,
type and range) and the sizes of the arrays (against the tier sizes and the shard size),
a damaged, truncated, swapped, copied or edited file is refused (:class:`DatabaseError`)
and never used.

The store's format is in :mod:`grundy.twoplayer._tier_store`, the tasks that solve a shard
in :mod:`grundy.twoplayer._tier_tasks`.
"""

from __future__ import annotations

import os
from typing import Any

from ..core.engines import Engine, LocalEngine, make_engine
from ..core.errors import DatabaseError, InvalidGameError, PositionLimitError
from ..core.progress import Progress
from ._tier_store import (
    load_store_file,
    load_tier_values,
    open_store,
    option_tiers_above,
    positions_file,
    read_manifest,
    remove_partial_files,
    save_store_file,
    shard_bounds,
    store_has_file,
    write_manifest,
)

# A pass submits the tasks by their names in this module, so wrapping them here (as the
# tests do) catches every task.
from ._tier_tasks import canonical_code, expand_shard, label_shard, warm_up_kernels
from .game import TwoPlayerGame
from .solution import Solution, encoding_of

__all__ = ["solve_tiers", "load_tiers", "DEFAULT_SHARD_SIZE"]

#: Positions per shard: the unit of work a task does.
DEFAULT_SHARD_SIZE = 1 << 17


def solve_tiers(
    game: TwoPlayerGame,
    store: str | os.PathLike[str],
    *,
    engine: str | Engine = "local",
    workers: int | None = None,
    address: str | None = None,
    symmetry: bool = True,
    shard_size: int = DEFAULT_SHARD_SIZE,
    max_positions: int | None = None,
    progress: bool = False,
) -> Solution:
    """Solve every position reachable from the start, tier by tier, through `store`.

    Parameters
    ----------
    game : TwoPlayerGame
        A game whose :attr:`~TwoPlayerGame.encoding` has a ``tier`` function.
    store : directory
        Where tiers are written; a run that finds finished tiers there goes on from them.
    engine : {"local", "ray"} or Engine
        Where the shards run (see :func:`grundy.core.engines.make_engine`).
    workers, address :
        Passed to :func:`~grundy.core.engines.make_engine` when `engine` is a name.
    symmetry : bool
        One position per symmetry class.
    shard_size : int
        Positions per task. The store is the same for any engine and any number of
        workers; the shard size is kept in the store, so a resumed run uses the first's.
    max_positions : int, optional
        Cap on the positions of all tiers; default ``game.max_positions``.
    progress : bool
        A progress line per tier on stderr.

    Returns
    -------
    Solution
        Equal to :func:`grundy.twoplayer.solve` (positions ordered by tier, then code).

    Raises
    ------
    InvalidGameError
        The game declares no tiers.
    MoveGenerationError
        A move does not lead to a higher tier.
    DatabaseError
        The store belongs to another game, or a file of it is damaged, truncated,
        swapped or edited (each file is checked when read).
    PositionLimitError, EngineError

    Examples
    --------
    >>> import tempfile
    >>> from grundy.games import TicTacToe
    >>> from grundy.twoplayer import solve_tiers
    >>> solution = solve_tiers(TicTacToe(), tempfile.mkdtemp(), workers=1)
    >>> solution.value(TicTacToe().start()), solution.remoteness(TicTacToe().start()), len(solution)
    (Value.TIE, 9, 765)
    """
    encoding = game.encoding
    if encoding is None or encoding.tier is None:
        raise InvalidGameError(f"{game!r} declares no tiers (an Encoding with a tier function)")
    if not isinstance(shard_size, int) or isinstance(shard_size, bool) or shard_size < 1:
        raise InvalidGameError(f"shard_size must be a positive integer, not {shard_size!r}")
    limit = game.max_positions if max_positions is None else max_positions
    root = game.start()
    root_code = canonical_code(game, root, symmetry)
    store = os.path.abspath(store)  # workers may run in another directory
    manifest = open_store(store, game, symmetry, root_code, shard_size)
    owned = not isinstance(engine, Engine)
    runner = engine if isinstance(engine, Engine) else make_engine(engine, workers, address)
    # Workers of a local pool end when this process dies (even by SIGKILL); Ray's
    # workers belong to the cluster, which stops them itself.
    parent = os.getpid() if isinstance(runner, LocalEngine) and runner.workers > 1 else None
    bar = Progress(progress)  # a line per tier
    bar.line(f"solving {game!r} by tiers on {runner!r}")
    done = False
    try:
        if not manifest["finished"]:
            # Compile the kernels on every worker at once, not one worker at a time on the
            # first tiers wide enough to use them all.
            for _ in runner.as_completed(
                [
                    runner.submit(warm_up_kernels, game, symmetry, parent)
                    for _ in range(runner.workers)
                ]
            ):
                pass
        counts = _discover(store, game, manifest, runner, limit, bar, parent)
        _label(store, game, manifest, counts, runner, bar, parent)
        done = True
    finally:
        if owned:
            runner.close()
        # No write goes on once every task is done, or once our own local workers are
        # gone: the temporary files of workers killed mid-write (now or in an earlier
        # run) go too.
        if done or (owned and isinstance(runner, LocalEngine)):
            remove_partial_files(store)
    return load_tiers(store, game)


def load_tiers(store: str | os.PathLike[str], game: TwoPlayerGame) -> Solution:
    """The solution in a finished store, all tiers in one :class:`Solution`.

    Raises
    ------
    DatabaseError
        The store is not finished, made for another game, or damaged: a manifest field
        missing or of the wrong type, a file missing, truncated, damaged (its checksum),
        swapped with another or copied from another store, or of the wrong size.

    Examples
    --------
    >>> from grundy.games import TicTacToe
    >>> from grundy.twoplayer import load_tiers
    >>> load_tiers("no-such-store", TicTacToe())   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.DatabaseError: 'no-such-store' is not a tier store: no manifest.json ...
    """
    import numpy as np

    store = os.fspath(store)
    manifest = read_manifest(store, game)
    if not manifest["finished"]:
        raise DatabaseError(f"{store!r} is not finished: run the solve again to complete it")
    try:
        root = game.position_from_json(manifest["root"])
        root_code = canonical_code(game, root, manifest["symmetry"])
    except Exception as exc:  # any error of the game's own notation code
        raise DatabaseError(f"{store!r}: the manifest's root cannot be read ({exc})") from None
    if root_code != manifest["root_code"]:
        raise DatabaseError(f"{store!r}: the manifest's root and root_code disagree")
    codes, values, remoteness = [], [], []
    for tier, count in zip(manifest["tiers"], manifest["counts"], strict=True):
        positions, value, far = load_tier_values(store, manifest, tier, count)
        codes.append(positions)
        values.append(value)
        remoteness.append(far)
    if len(codes) == 0:
        raise DatabaseError(f"{store!r}: the manifest lists no tiers")
    solution = Solution(
        game,
        root,
        manifest["symmetry"],
        np.concatenate(values),
        np.concatenate(remoteness),
        codes=np.concatenate(codes),
    )
    if root not in solution:
        raise DatabaseError(f"{store!r}: the start is not among the positions of its tiers")
    return solution


# --------------------------------------------------------------------- the two passes
def _discover(
    store: str,
    game: TwoPlayerGame,
    manifest: dict[str, Any],
    runner: Engine,
    limit: int,
    bar: Progress,
    parent: int | None,
) -> dict[int, int]:
    """Forward, lowest tier first: each tier's positions from the options of the lower.

    Returns the number of positions of each tier, lowest first.
    """
    import numpy as np

    ident, size, symmetry = manifest["id"], manifest["shard_size"], manifest["symmetry"]
    tier = int(encoding_of(game).tier(manifest["root_code"]))
    if not store_has_file(store, positions_file(tier)):
        root = np.array([manifest["root_code"]], np.int64)
        save_store_file(store, positions_file(tier), ident, codes=root)
    counts: dict[int, int] = {}
    holders: dict[int, list[str]] = {}  # tier -> the children files with options in it
    total = 0
    while True:
        codes = load_store_file(store, positions_file(tier), ident)["codes"]
        counts[tier] = len(codes)
        total += len(codes)
        if total > limit:
            raise PositionLimitError(
                f"{game!r}: more than {limit:,} positions are reachable; raise max_positions"
            )
        handles = [
            runner.submit(expand_shard, store, game, symmetry, tier, s, lo, hi, ident, parent)
            for s, (lo, hi) in enumerate(shard_bounds(len(codes), size))
        ]
        for _, name in runner.as_completed(handles):
            for later in option_tiers_above(store, ident, [name], tier):
                holders.setdefault(later, []).append(name)
        _tier_done(bar, "found", tier, len(codes), total)
        later_tiers = [t for t in holders if t > tier]
        if not later_tiers:
            break
        tier = min(later_tiers)
        if not store_has_file(store, positions_file(tier)):
            key = f"tier_{tier}"
            parts = [load_store_file(store, name, ident, only=key)[key] for name in holders[tier]]
            save_store_file(
                store, positions_file(tier), ident, codes=np.unique(np.concatenate(parts))
            )
    manifest["tiers"] = list(counts)
    manifest["counts"] = list(counts.values())
    write_manifest(store, manifest)
    return counts


def _label(
    store: str,
    game: TwoPlayerGame,
    manifest: dict[str, Any],
    counts: dict[int, int],
    runner: Engine,
    bar: Progress,
    parent: int | None,
) -> None:
    """Backward, highest tier first: each tier's values from the values of its options."""
    ident, size, symmetry = manifest["id"], manifest["shard_size"], manifest["symmetry"]
    for tier, count in reversed(counts.items()):
        handles = [
            runner.submit(label_shard, store, game, symmetry, tier, s, lo, hi, size, ident, parent)
            for s, (lo, hi) in enumerate(shard_bounds(count, size))
        ]
        for _ in runner.as_completed(handles):
            pass
        _tier_done(bar, "solved", tier, count, None)
    manifest["finished"] = True
    write_manifest(store, manifest)


def _tier_done(bar: Progress, what: str, tier: int, count: int, total: int | None) -> None:
    """One progress line for a tier found or solved (`total`: positions so far, if known)."""
    so_far = f", {total:,} in all" if total is not None else ""
    bar.line(f"  tier {tier}: {count:,} positions {what}{so_far} ({bar.elapsed():,.1f} s)")
