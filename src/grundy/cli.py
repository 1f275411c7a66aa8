"""The ``grundy`` command: values, tables and nimber arithmetic from the shell."""

from __future__ import annotations

import difflib
import functools
import json
import os
import socket
import sys
import time
import warnings
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from . import heaps, nimbers, registry, twoplayer
from .errors import (
    GrundyError,
    InvalidGameError,
    NimberError,
)
from .impartial import ImpartialGame
from .integers import MAX_DIGITS, parse_int, shown, unlimited_int_text
from .outcome import Outcome
from .play import play_impartial, play_two_player
from .reports import (
    MOVES_DESCRIBED,
    MOVES_LISTED,
    NEEDS_CODE,
    genus_report,
    heap_code,
    impartial_game,
    load_quotient,
    loopy_report,
    misere_report,
    pattern_report,
    solve_report,
    table_report,
    value_report,
)
from .solver import DEFAULT_MAX_POSITIONS
from .twoplayer import TwoPlayerGame
from .twoplayer.tiers import DEFAULT_SHARD_SIZE

try:  # recent typer vendors its own copy of click
    from typer._click import Context
    from typer._click.exceptions import ClickException, NoSuchOption
except ImportError:  # pragma: no cover - typer with click as a dependency
    from click import Context  # type: ignore[assignment]  # the same classes
    from click.exceptions import ClickException, NoSuchOption  # type: ignore[assignment]

__all__ = ["app", "main", "version_text"]


# ----------------------------------------------------------------- the help's look
class _Argument(TyperArgument):
    """An argument shown in the help by its metavar alone (``POSITION...``), no type."""

    def display_type_rich(self, ctx: Context) -> str | None:
        return None

    def get_usage_pieces(self, ctx: Context) -> list[str]:
        if self.metavar is None:
            return super().get_usage_pieces(ctx)
        return [self.metavar if self.required else f"[{self.metavar}]"]


class _Option(TyperOption):
    """An option shown in the help without a type for a flag (``--json``, not
    ``--json <bool>``), with its metavar (``--upto N``) otherwise."""

    def display_type_rich(self, ctx: Context) -> str | None:
        return None if self.is_flag else super().display_type_rich(ctx)


def _tidy(params: list[Any]) -> list[Any]:
    """The parameters of a command, shown as :class:`_Argument` and :class:`_Option`."""
    for param in params:
        if type(param) is TyperArgument:
            param.__class__ = _Argument
        elif type(param) is TyperOption:
            param.__class__ = _Option
    return params


class _Command(TyperCommand):
    """A command with the tidy help; words that look like negative numbers (``-4``) are
    positions, but a word ``--name`` that is none of its options is refused as one."""

    def get_params(self, ctx: Context) -> list[Any]:
        return _tidy(super().get_params(ctx))

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        if ctx.ignore_unknown_options:
            _refuse_unknown_options(self.get_params(ctx), ctx, args)
        return super().parse_args(ctx, args)


class _Group(TyperGroup):
    """A group of commands with the tidy help."""

    def get_params(self, ctx: Context) -> list[Any]:
        return _tidy(super().get_params(ctx))


#: Characters of a board typed as words: a word of them only is a position, even one that
#: starts with ``--`` (the tic-tac-toe row ``--x``).
_BOARD_CHARACTERS = frozenset("xo.-_|")


def _refuse_unknown_options(params: list[Any], ctx: Context, args: list[str]) -> None:
    """Raise click's NoSuchOption for the first word ``--name`` (before ``--``) that is
    not an option of `params`: commands that take negative numbers as positions let
    click pass unknown options through as positions. Words ``-3`` and board rows such
    as ``--x`` stay positions."""
    options = {
        name: param
        for param in params
        if getattr(param, "param_type_name", "") == "option"
        for name in (*param.opts, *param.secondary_opts)
    }
    words = iter(args)
    for word in words:
        if word == "--":
            return
        name = word.split("=", 1)[0]
        if not (name.startswith("--") and name[2:3].isalnum()):
            continue
        if set(name.lower()) <= _BOARD_CHARACTERS:
            continue
        param = options.get(name)
        if param is None:
            close = difflib.get_close_matches(name, [o for o in options if o.startswith("--")])
            raise NoSuchOption(name, possibilities=close, ctx=ctx)
        if not (param.is_flag or param.count or "=" in word):
            next(words, None)  # the option's value, whatever it looks like


app = typer.Typer(
    cls=_Group,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Exact Sprague-Grundy analysis of impartial games.",
)
nim_app = typer.Typer(
    cls=_Group, no_args_is_help=True, help="Nimber arithmetic (nim-sum, nim-product...)."
)
app.add_typer(nim_app, name="nim")

console = Console(highlight=False, soft_wrap=True, emoji=False)  # ":x:" stays text
err_console = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)

# Words such as "-3" must reach our own checks ("heap -3 is negative"), not be taken
# for unknown options.
ACCEPT_NEGATIVE = {"ignore_unknown_options": True}

JsonFlag = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]
MisereFlag = Annotated[
    bool, typer.Option("--misere", help="Misère play: the player who moves last loses.")
]
MaxPositions = Annotated[
    int,
    typer.Option(
        "--max-positions", min=1, metavar="N", help="Cap on positions the solver may store."
    ),
]
EngineName = Annotated[
    str,
    typer.Option(
        "--engine",
        metavar="local|ray",
        help="local (worker processes here) or ray (a Ray cluster, "
        "or a local Ray when none is given).",
    ),
]
Workers = Annotated[
    int | None,
    typer.Option("--workers", min=1, metavar="N", help="Tasks at once (default: all cores)."),
]
Address = Annotated[
    str | None,
    typer.Option(
        "--address",
        metavar="ADDRESS",
        help="Ray cluster to join: auto, ray://host:10001 "
        "(default: RAY_ADDRESS, else a local Ray).",
    ),
]
Progress = Annotated[
    bool | None,
    typer.Option("--progress/--no-progress", help="Progress bar (default: on a terminal)."),
]
#: Values of a table printed one by one; a longer table prints its summary (``--all``:
#: every value).
TABLE_SHOWN = 200
#: Rows of ten values shown at each end of a table's summary.
SUMMARY_ROWS = 2
#: Distinct values a table's summary counts one by one.
COUNTED_VALUES = 16
#: Exit status after Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130


def reports_errors(command: Callable) -> Callable:
    """Turn a GrundyError into one line on stderr and exit status 2, and Ctrl-C into
    the line ``interrupted`` and exit status 130.

    The command runs without the interpreter's limit of 4,300 digits on writing an int
    (:func:`grundy.integers.unlimited_int_text`): grundy's ints have any size, and what
    a command prints is bounded by what it read (at most ``MAX_DIGITS`` digits a number).
    """

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            with unlimited_int_text():
                return command(*args, **kwargs)
        except GrundyError as exc:
            err_console.print(f"error: {exc}", markup=False)
            raise typer.Exit(code=2) from None
        except KeyboardInterrupt:
            err_console.print("interrupted", markup=False)
            raise typer.Exit(code=INTERRUPTED) from None

    return wrapper


def version_text() -> str:
    """The line ``grundy --version`` prints: the installed version of the package.

    Examples
    --------
    >>> version_text().split()[0]
    'grundy'
    """
    from importlib import metadata  # only --version pays for the import

    from . import __version__

    try:
        version = metadata.version("grundy")
    except metadata.PackageNotFoundError:  # run from a source tree without installing
        version = __version__
    return f"grundy {version}"


def _print_version(asked: bool) -> None:
    if asked:
        print(version_text())
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_print_version,
            is_eager=True,
            help="Print the version and exit.",
        ),
    ] = False,
) -> None:
    """Exact Sprague-Grundy analysis of impartial games."""


def print_json(data: dict) -> None:
    print(json.dumps(data))


@app.command(cls=_Command, context_settings=ACCEPT_NEGATIVE)
@reports_errors
def value(
    game: Annotated[
        str,
        typer.Argument(metavar="GAME", help="Game name, e.g. nim, bash:3, subtraction:1,3,4."),
    ],
    position: Annotated[
        list[str], typer.Argument(metavar="POSITION...", help="The position, e.g. heap sizes.")
    ],
    misere: MisereFlag = False,
    loopy: Annotated[
        bool,
        typer.Option(
            "--loopy",
            help="The game may repeat positions: generalised SG "
            "values (finite or ∞), draws, remoteness.",
        ),
    ] = False,
    max_positions: MaxPositions = DEFAULT_MAX_POSITIONS,
    as_json: JsonFlag = False,
    remoteness: Annotated[
        bool,
        typer.Option(
            "--remoteness",
            help="Also the remoteness: moves left when the winner hurries and the loser "
            "stalls (a search over whole positions).",
        ),
    ] = False,
    every_move: Annotated[
        bool,
        typer.Option(
            "--all",
            help=f"List every winning move (default: the first {MOVES_LISTED} in JSON, "
            f"{MOVES_DESCRIBED} as text).",
        ),
    ] = False,
    quotient: Annotated[
        str | None,
        typer.Option(
            "--quotient",
            metavar="FILE",
            help="With --misere: answer through the misère quotient saved by 'grundy misere "
            "CODE --save FILE' (re-verified; a heap past it is answered without it).",
        ),
    ] = None,
) -> None:
    """SG value, outcome and winning moves of a position (a partizan game: its canonical
    form, temperature and each player's winning moves)."""
    found = registry.find(game)
    if found.kind == "partizan":
        if misere or loopy or remoteness or quotient is not None:
            raise InvalidGameError(
                f"{game} is a partizan game: --misere, --loopy, --remoteness and --quotient "
                "are for impartial games"
            )
        from .partizan_cli import show_position

        rules: Any = found.limited_to(max_positions)
        return show_position(
            console, game, rules, position, every_move=every_move, plot=None, as_json=as_json
        )
    if quotient is not None and not misere:
        raise InvalidGameError("--quotient FILE answers misère play: add --misere")
    rules = impartial_game(game, "value").limited_to(max_positions)
    start = rules.parse_position(position)
    stored = None if quotient is None else load_quotient(game, rules, quotient)
    if loopy:
        if misere:
            raise InvalidGameError("--loopy values normal play; --misere is not supported with it")
        return _loopy_value(game, rules, start, as_json)
    listing = {"limit": None, "described": None} if every_move else {}
    report = value_report(
        game, rules, start, misere, remoteness=remoteness, quotient=stored, **listing
    )
    if as_json:
        print_json(report)
        return
    title = escape(f"{game} {report['position_text']}")
    console.print(f"[bold]{title}[/]" + ("  (misère play)" if misere else ""))
    if report["grundy"] is not None:
        console.print(f"  SG value       {report['grundy']}")
    elif report["grundy_unknown"]:
        console.print(f"  SG value       unknown: {report['grundy_unknown']}", markup=False)
    if report["reason"]:
        console.print(f"  why            {report['reason']}", markup=False)
    outcome = Outcome(report["outcome"])
    console.print(f"  outcome        {outcome.value} ({outcome.describe()})")
    if report["remoteness"] is not None:
        left = report["remoteness"]
        console.print(f"  remoteness     {left} move{'s' * (left != 1)} left with perfect play")
    elif report["remoteness_unknown"]:
        console.print(f"  remoteness     unknown: {report['remoteness_unknown']}", markup=False)
    count = report["winning_moves_count"]
    if count is not None:  # all counted; the first MOVES_DESCRIBED shown unless --all
        _print_moves(report["winning_moves_text"], "winning moves  ", count)
        return
    console.print(
        f"  winning moves  not all listed: {report['winning_moves_unlisted']}", markup=False
    )
    if report["winning_moves_text"]:  # the game's one constructive winning move
        _print_moves(report["winning_moves_text"], " " * 15)


def _loopy_value(game: str, rules: ImpartialGame[Any], start: Any, as_json: bool) -> None:
    report = loopy_report(game, rules, start)
    if as_json:
        print_json(report)
        return
    console.print(
        f"[bold]{escape(game)} {escape(report['position_text'])}[/]  (loopy: "
        f"{report['positions']:,} positions explored)"
    )
    console.print(f"  SG value       {report['value_text']}", markup=False)
    remoteness = report["remoteness"]
    ends = "" if remoteness is None else f", ends in {remoteness} move{'s' * (remoteness != 1)}"
    outcome = Outcome(report["outcome"])
    console.print(f"  outcome        {outcome.value} ({outcome.describe()}{ends})")
    _print_moves(report["winning_moves_text"], "winning moves  ")


def _print_moves(moves: list[dict], label: str, count: int | None = None) -> None:
    """Print moves described by :func:`grundy.reports.described_moves`: all of them when
    the report chose which (`count` is how many there are), else the first few."""
    shown = moves if count is not None else moves[:MOVES_DESCRIBED]
    if not moves:
        console.print(f"  {label}none")
    for i, move in enumerate(shown):
        text = f"{move['position']}   ({move['move']})"
        console.print(f"  {label if i == 0 else ' ' * len(label)}{text}", markup=False)
    more = (len(moves) if count is None else count) - len(shown)
    if more > 0:
        hint = "--all lists them" if count is not None else "use --json for all"
        console.print(f"  {' ' * len(label)}... {more:,} more ({hint})")


@app.command(cls=_Command, context_settings=ACCEPT_NEGATIVE)
@reports_errors
def solve(
    game: Annotated[
        str,
        typer.Argument(metavar="GAME", help="Game name, e.g. tictactoe, connect-four:4x4."),
    ],
    position: Annotated[
        list[str] | None,
        typer.Argument(metavar="POSITION...", help="Where to start (default: the game's start)."),
    ] = None,
    save: Annotated[
        str | None,
        typer.Option("--save", metavar="FILE", help="Write the solved positions to this file."),
    ] = None,
    load: Annotated[
        str | None,
        typer.Option(
            "--load",
            metavar="FILE",
            help="Read a file written by --save instead of "
            "solving (with the file's symmetry setting).",
        ),
    ] = None,
    symmetry: Annotated[
        bool, typer.Option("--symmetry/--no-symmetry", help="One position per symmetry class.")
    ] = True,
    max_positions: MaxPositions = DEFAULT_MAX_POSITIONS,
    store: Annotated[
        str | None,
        typer.Option(
            "--store",
            metavar="DIR",
            help="Solve tier by tier through this directory "
            "(games with tiers; a rerun resumes from the finished tiers).",
        ),
    ] = None,
    engine: EngineName = "local",
    workers: Workers = None,
    address: Address = None,
    shard_size: Annotated[
        int,
        typer.Option(
            "--shard-size", min=1, metavar="N", help="Positions per task of a tiered solve."
        ),
    ] = DEFAULT_SHARD_SIZE,
    progress: Progress = None,
    as_json: JsonFlag = False,
) -> None:
    """Strong solve: the value of every reachable position, with remoteness (games with
    cycles and draws too). Impartial games are solved as loopy games. With --store, a
    game with tiers is solved tier by tier, its shards run on --engine."""
    rules = registry.find(game).limited_to(max_positions)
    if rules.kind == "partizan":  # played out from the position: Left, or Right, first
        from .partizan_cli import two_player

        rules, position = two_player(rules, position), None
    tiered = store is not None
    if not tiered and (engine != "local" or workers or address):
        raise InvalidGameError(
            "--engine, --workers and --address are for a tiered solve (--store DIR)"
        )
    if not isinstance(rules, TwoPlayerGame):
        if save or load or tiered:
            raise InvalidGameError("--save, --load and --store are for two-player games")
        return _loopy_value(game, rules, rules.parse_position(position or []), as_json)
    if tiered and (position or load):
        raise InvalidGameError(
            "a tiered solve (--store) starts from the game's start and cannot --load"
        )
    start = rules.check_position(rules.parse_position(position or []))
    began = time.perf_counter()
    show = sys.stderr.isatty() if progress is None else progress
    if load:
        solution = twoplayer.load(load, rules)
    elif store is not None:  # tiered
        try:
            solution = twoplayer.solve_tiers(
                rules,
                store,
                engine=engine,
                workers=workers,
                address=address,
                symmetry=symmetry,
                shard_size=shard_size,
                progress=show,
            )
        except KeyboardInterrupt:
            err_console.print(
                f"interrupted: the finished shards are kept in {store}; run the "
                "same command to resume",
                markup=False,
            )
            raise typer.Exit(code=130) from None
    else:
        solution = twoplayer.solve(rules, start, symmetry=symmetry, progress=show)
    seconds = time.perf_counter() - began
    if save:
        twoplayer.save(solution, save)
    report = solve_report(game, rules, start, solution, seconds)
    if as_json:
        print_json(report)
        return
    console.print(f"[bold]{escape(game)}[/]  {escape(report['position_text'])}")
    remoteness = report["remoteness"]
    ends = "" if remoteness is None else f" in {remoteness}"
    console.print(f"  value          {report['value']}{ends} (for the player to move)")
    _print_moves(report["best_moves_text"], "best moves     ")
    counts = ", ".join(f"{c:,} {v.value}" for v, c in solution.counts().items())
    symmetric = solution.symmetry and type(rules).canonical is not TwoPlayerGame.canonical
    kind = "positions up to symmetry" if symmetric else "positions"
    how = f"read from {escape(load)}" if load else f"solved in {seconds:.2f} s"
    if tiered:
        how += f" by tiers through {escape(str(store))}"
    console.print(f"  {len(solution):,} {kind} ({counts}); {how}")
    if save:
        console.print(f"  saved to {save}", markup=False)


@app.command(cls=_Command)
@reports_errors
def table(
    game: Annotated[
        str,
        typer.Argument(
            metavar="GAME",
            help="Game or code, e.g. 0.77, 4.07, 0.3F, grundy, subtraction:2,3,7, nim.",
        ),
    ],
    upto: Annotated[
        int, typer.Option("--upto", metavar="N", help="Last heap size n of the table.")
    ],
    misere: MisereFlag = False,
    max_positions: MaxPositions = DEFAULT_MAX_POSITIONS,
    as_json: JsonFlag = False,
    all_values: Annotated[
        bool,
        typer.Option(
            "--all",
            help=f"Print every value (a table of more than {TABLE_SHOWN} prints its summary).",
        ),
    ] = False,
    summary: Annotated[
        bool,
        typer.Option(
            "--summary",
            "-q",
            help="Print the summary only: the first and last values, the counts, the period.",
        ),
    ] = False,
    plot: Annotated[
        str | None,
        typer.Option("--plot", metavar="FILE", help="Save a plot of the sequence (PNG, SVG, PDF)."),
    ] = None,
    certify: Annotated[
        bool,
        typer.Option(
            "--certify",
            help="Compute past N until the period is certified (at most --max-positions values).",
        ),
    ] = False,
    kernel: Annotated[
        str,
        typer.Option(
            "--kernel",
            metavar="KERNEL",
            help="auto, sparse (rare values) or plain (mex loop).",
        ),
    ] = "auto",
    checkpoint: Annotated[
        str | None,
        typer.Option(
            "--checkpoint",
            metavar="FILE",
            help="Values file: resumed if present, kept on Ctrl-C.",
        ),
    ] = None,
    progress: Progress = None,
    genus: Annotated[
        bool,
        typer.Option("--genus", help="Conway's genus of each heap (normal and misère values)."),
    ] = False,
) -> None:
    """SG values of single heaps n = 0..N; for take-and-break codes, the period too.

    A table of more than 200 values prints its summary (--all: every value; --json
    always gives them all)."""
    if all_values and summary:
        raise InvalidGameError("--all prints every value and --summary only a summary: pick one")
    if kernel not in heaps.KERNELS:  # refused for every game, code or not
        raise InvalidGameError(f"--kernel {kernel!r} is not one of {', '.join(heaps.KERNELS)}")
    # The registry reads the game's parameters first, so that a bad one is one line
    # (heaps.parse_code reads 'subtraction:S' and 'allbut:S' without the registry's checks).
    registry.find(game)
    if genus:
        if misere or plot or certify or checkpoint:
            raise InvalidGameError(
                "--genus lists genera by search; it takes no --misere, --plot, --certify or "
                "--checkpoint"
            )
        _print_genus(game, upto, max_positions, as_json)
        return
    if plot and (misere or heap_code(game) is None):
        raise InvalidGameError(f"{game}: {NEEDS_CODE}")
    if plot and not os.path.splitext(plot)[1]:
        plot += ".png"  # what matplotlib writes for a name without an extension
    show = sys.stderr.isatty() and upto >= 10**6 if progress is None else progress
    try:
        report, found = table_report(
            game,
            upto,
            misere=misere,
            certify=certify,
            max_positions=max_positions,
            kernel=kernel,
            checkpoint=checkpoint,
            progress=show,
        )
    except KeyboardInterrupt:
        kept = (
            f"the values so far are kept in {checkpoint}; run the same command to resume"
            if checkpoint
            else "use --checkpoint FILE to keep the values of a long run"
        )
        err_console.print(f"interrupted: {kept}", markup=False)
        raise typer.Exit(code=130) from None
    if plot and found is not None:  # a plot needs a code, so the sequence is there
        from .heaps.plot import plot_sequence  # matplotlib only when a plot is asked for

        plot_sequence(found, plot)
    if as_json:
        print_json(report)
        return
    column = "outcomes" if misere else "values"
    what = "misère outcomes" if misere else "SG values"
    console.print(f"[bold]{escape(game)}[/]  {what} of one heap, n = 0..{report['upto']}")
    values = report[column]
    if summary or (len(values) > TABLE_SHOWN and not all_values):
        _print_summary(values, what="outcomes" if misere else "values")
    else:
        _print_rows(values)
    if found is not None:
        console.print(_describe_period(found), markup=False)
    if report.get("stopped"):
        console.print(f"stopped: {report['stopped']}", markup=False)
    if plot:
        console.print(f"plot saved to {plot}", markup=False)


def _print_genus(game: str, upto: int, max_positions: int, as_json: bool) -> None:
    """Print the genus of heaps 0..upto (``table --genus``), every one."""
    report = genus_report(game, upto, max_positions=max_positions)
    if as_json:
        print_json(report)
        return
    console.print(f"[bold]{escape(game)}[/]  genus of one heap, n = 0..{report['upto']}")
    _print_rows(report["genus"])
    if report.get("stopped"):
        console.print(f"stopped: {report['stopped']}", markup=False)


def _describe_period(found: heaps.HeapSequence) -> str:
    period = found.periodicity
    rare = f"rare values: {found.rare_count:,} (mask {found.mask:#x}); kernel {found.kernel}"
    if period is None:
        return f"no period seen in the {len(found.values):,} values computed; {rare}"
    saltus = f" + saltus {period.saltus}" if period.saltus else ""
    text = f"period {period.period:,}{saltus} from n = {period.preperiod:,}"
    if period.certified:
        text += (
            f", certified: the values agree for {period.preperiod:,} <= n < "
            f"{period.bound:,}, which the periodicity theorem needs"
        )
    elif period.bound:
        text += (
            f", not certified yet: needs values up to {period.bound + period.period - 1:,}"
            " (--certify computes them)"
        )
    else:
        text += ", not certified: no theorem here covers it"
    return f"{text}; {rare}"


def _print_rows(values: list, rows: Sequence[int] | None = None) -> None:
    """Print `values` ten to a row, each row after its first n (only `rows`, if given)."""
    width = max(len(str(v)) for v in values)
    for row in range(0, len(values), 10) if rows is None else rows:
        cells = " ".join(str(v).rjust(width) for v in values[row : row + 10])
        console.print(f"{row:>8}:  {cells}")


def _print_summary(values: list, what: str) -> None:
    """Print a table's summary: its first and last rows, how often each value occurs,
    and how to get every value."""
    starts = range(0, len(values), 10)
    shown = len(starts) > 2 * SUMMARY_ROWS + 1  # else every row fits in the summary
    if shown:
        _print_rows(values, starts[:SUMMARY_ROWS])
        console.print(f"{'...':>8}")
        _print_rows(values, starts[-SUMMARY_ROWS:])
    else:
        _print_rows(values)
    counts = sorted(Counter(values).items())
    if len(counts) <= COUNTED_VALUES:
        each = ", ".join(f"{v} ×{c:,}" for v, c in counts)
        console.print(f"{what}: {each}", markup=False)
    else:
        console.print(
            f"{what}: {len(counts):,} distinct, from {counts[0][0]:,} to {counts[-1][0]:,}",
            markup=False,
        )
    if shown:
        last = len(values) - starts[-SUMMARY_ROWS]
        console.print(
            f"the first {10 * SUMMARY_ROWS} and the last {last} of {len(values):,} {what} are "
            "shown; --all prints them all, --json gives them as JSON",
            markup=False,
        )


@app.command(cls=_Command)
@reports_errors
def cgt(
    expression: Annotated[
        str,
        typer.Argument(
            metavar="GAME",
            help="A short game in CGSuite's notation: '{3||2*|1*}', '^*', '+-1', 'Tiny(2)', "
            "'{0|*} + *2'.",
        ),
    ],
    cool_by: Annotated[
        str | None, typer.Option("--cool", metavar="T", help="Cool the game by T first.")
    ] = None,
    heat_by: Annotated[
        str | None, typer.Option("--heat", metavar="T", help="Heat the game by T first.")
    ] = None,
    plot: Annotated[
        str | None,
        typer.Option("--plot", metavar="FILE", help="Draw the thermograph into FILE (.png, .svg)."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Canonical form, outcome, stops, mean, temperature and thermograph of a partizan game."""
    from .partizan_cli import show_expression

    show_expression(
        console, expression, cool_by=cool_by, heat_by=heat_by, plot=plot, as_json=as_json
    )


@app.command(cls=_Command)
@reports_errors
def misere(
    game: Annotated[
        str,
        typer.Argument(metavar="CODE", help="Heap game: nim, kayles, dawson, 0.77, 0.15, 4.07..."),
    ],
    upto: Annotated[
        int, typer.Option("--upto", metavar="N", help="Heaps 1..N (stops at a proved period).")
    ] = 20,
    save: Annotated[
        str | None,
        typer.Option(
            "--save", metavar="FILE", help="Write the quotient (JSON, re-verified on load)."
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """The misère quotient of a heap game (Plambeck–Siegel): order, presentation,
    P-portion and pretending function, proved by the verification theorem."""
    code = heap_code(game)
    if code is None and game.strip().lower() != "nim":
        raise InvalidGameError(f"{game}: misère quotients need nim or a take-and-break code")
    data, _ = misere_report("nim" if code is None else code.text, upto, save=save)
    data["game"] = game
    if as_json:
        print_json(data)
        return
    console.print(f"[bold]{escape(game)}[/]  misère quotient of the heaps 1..{data['upto']}")
    tame = "tame" if data["tame"] else "wild"
    console.print(f"  order        {data['order']} ({tame})", markup=False)
    console.print(f"  presentation {data['presentation']}", markup=False)
    console.print(f"  P-portion    {', '.join(data['p_portion'])}", markup=False)
    words = data["pretending"][1:]
    shown_words = " ".join(words[:40]) + (" …" if len(words) > 40 else "")
    console.print(f"  heaps 1..    {shown_words}", markup=False)
    period = data["period"]
    if period is not None:
        console.print(
            f"  periodic     from heap {period['preperiod']} with period {period['period']}: "
            "the quotient holds for heaps of every size",
            markup=False,
        )
    if save:
        console.print(f"saved to {save}", markup=False)


@app.command(cls=_Command)
@reports_errors
def pattern(
    game: Annotated[
        str,
        typer.Argument(
            metavar="GAME",
            help="Game name, code or Python file, e.g. lasker, wythoff, 0.07, my_game.py:ED.",
        ),
    ],
    dims: Annotated[
        int,
        typer.Option("--dims", metavar="D", help="1: positions n; 2: pairs (a, b); 3: triples."),
    ] = 1,
    upto: Annotated[
        int | None,
        typer.Option("--upto", metavar="N", help="Indices 0..N-1 (default 128, 32 for 2-D)."),
    ] = None,
    at: Annotated[
        str | None,
        typer.Option("--at", metavar="N[,M]", help="Answer this position by the best pattern."),
    ] = None,
    over: Annotated[
        str | None,
        typer.Option(
            "--over",
            metavar="A..B",
            help="Search the games GAME:k for k = A..B together: a formula in k and n.",
        ),
    ] = None,
    max_size: Annotated[
        int, typer.Option("--max-size", metavar="K", help="Largest expression searched.")
    ] = 7,
    seconds: Annotated[
        float, typer.Option("--seconds", metavar="S", help="Time bound of the expression search.")
    ] = 30.0,
    plot: Annotated[
        str | None,
        typer.Option("--plot", metavar="FILE", help="Save the table as a heat map (PNG)."),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Find the pattern (找规律): formulas for the SG values, checked and proved.

    Computes the values of a family of positions from the rules (a heap of n, two heaps
    a, b; one coin for coin games) and searches formulas that fit. Each is checked
    against the rules (the mex rule at every position) and proved when a theorem
    applies. --at answers a huge position by the best pattern."""
    if dims not in (1, 2, 3):
        raise InvalidGameError(f"--dims must be 1, 2 or 3, got {dims}")
    if seconds <= 0:
        raise InvalidGameError(f"--seconds must be positive, got {seconds:g}")
    if not 1 <= max_size <= 12:
        raise InvalidGameError(f"--max-size must be between 1 and 12, got {max_size}")
    indices = [parse_int(word, "--at index", signed=False) for word in at.split(",")] if at else []
    parameters = None
    if over is not None:
        low, dots, high = over.partition("..")
        if not dots:
            raise InvalidGameError(f"--over {shown(over)} is not a range A..B, e.g. 1..8")
        parameters = range(parse_int(low, "--over start"), parse_int(high, "--over end") + 1)
    data, report = pattern_report(
        game,
        dims=dims,
        upto=upto,
        at=indices,
        max_size=max_size,
        seconds=seconds,
        over=parameters,
    )
    if plot:
        from .patterns.heatmap import plot_table  # matplotlib only when a plot is asked for

        flat = len(report.region.variables) == 1
        plot_table(
            [list(report.values)] if flat else report.values,
            plot,
            title=f"{game}: SG values",
            variables=("", "n") if flat else report.region.variables,
        )
    if as_json:
        print_json(data)
        return
    console.print(f"[bold]{escape(game)}[/]  values on {report.region}", highlight=False)
    if not report.patterns:
        console.print(report.message(), markup=False)
    for found in report.patterns:
        console.print(found.describe(), markup=False)
    for p_set in data["p_positions"]:
        console.print(f"P-positions: {p_set['text']}   {p_set['status']}", markup=False)
    if report.rows:
        console.print("fitting the table only:", markup=False)
    for row in report.rows[:6]:
        console.print(f"  {row.text}", markup=False)
    if report.patterns and report.gave_up:
        console.print(f"(the expression search {report.gave_up})", markup=False)
    if "at" in data:
        answer = data["at"]
        word = "conjectural" if answer["conjectural"] else "proved"
        where = ", ".join(map(str, indices))
        console.print(f"G({where}) = {answer['value']} by the best pattern ({word})", markup=False)
    if plot:
        console.print(f"plot saved to {plot}", markup=False)


@app.command(cls=_Command, context_settings=ACCEPT_NEGATIVE)
@reports_errors
def play(
    game: Annotated[
        str, typer.Argument(metavar="GAME", help="Game name, e.g. nim, wythoff, chomp.")
    ],
    position: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="POSITION...",
            help="The starting position (two-player games: default the start).",
        ),
    ] = None,
    first: Annotated[
        str | None,
        typer.Option(
            "--first", metavar="me|engine", help="Who moves first: me or engine (asked if absent)."
        ),
    ] = None,
    misere: MisereFlag = False,
    max_positions: MaxPositions = DEFAULT_MAX_POSITIONS,
) -> None:
    """Play against perfect play in the terminal."""
    rules = registry.find(game).limited_to(max_positions)
    if rules.kind == "partizan":  # played out from the position: Left, or Right, first
        from .partizan_cli import two_player

        rules, position = two_player(rules, position), None
    current = rules.check_position(rules.parse_position(position or []))
    if first is not None and first not in ("me", "engine"):
        raise typer.BadParameter(f"{first!r} is not 'me' or 'engine'", param_hint="--first")
    terminal = _Terminal()
    while first not in ("me", "engine"):  # asked: a typo gets a second try
        if first is not None:
            err_console.print(f"please answer 'me' or 'engine', not {first!r}", markup=False)
        first = terminal.ask("Who moves first, me or engine? [me]").strip().lower() or "me"
        if first == "quit":  # or the end of the input
            terminal.say("Bye.")
            return
    person_to_move = first == "me"
    how = f"Type {rules.move_notation()}, or: moves, #k (the k-th listed move), hint, quit."
    if isinstance(rules, TwoPlayerGame):
        if misere:
            raise InvalidGameError("--misere is for impartial games")
        console.print(f"solving {escape(game)}...")
        solution = twoplayer.solve(rules, current, progress=sys.stderr.isatty())
        console.print(f"[bold]{escape(game)}[/]. {escape(how)}")
        return play_two_player(terminal, rules, solution, current, person_to_move=person_to_move)
    console.print(
        f"[bold]{escape(game)}[/]"
        f"{'  (misère play: whoever moves last loses)' if misere else ''}. {escape(how)}"
    )
    play_impartial(terminal, rules, current, person_to_move=person_to_move, misere=misere)


class _Terminal:
    """The play loops' terminal: rich's consoles, text printed as written. The end of
    the input (Ctrl-D, or a file of moves that ran out) answers ``quit``."""

    def say(self, text: str) -> None:
        console.print(text, markup=False)

    def ask(self, prompt: str) -> str:
        try:
            return console.input(f"{prompt}: ", markup=False)
        except EOFError:
            console.print()  # end the prompt's line
            return "quit"

    def warn(self, text: str) -> None:
        err_console.print(text, markup=False)


@app.command(cls=_Command)
@reports_errors
def survey(
    family: Annotated[
        str,
        typer.Argument(
            metavar="FAMILY",
            help="0.ddd (every octal code of up to 3 digits), 4.dd, subtraction:1..9, allbut:1..6, "
            "or a file of codes.",
        ),
    ],
    upto: Annotated[
        int,
        typer.Option(
            "--upto",
            min=0,
            metavar="N",
            help="Values per game at most: G(0..N) (with --misere: heaps up to N).",
        ),
    ],
    engine: EngineName = "local",
    workers: Workers = None,
    address: Address = None,
    out: Annotated[
        str,
        typer.Option(
            "--out",
            metavar="DIR",
            help="Directory of the results file (JSON lines, one per "
            "game as it finishes; a rerun skips the games done).",
        ),
    ] = "grundy-survey",
    top: Annotated[
        int, typer.Option("--top", min=0, metavar="N", help="Longest periods listed.")
    ] = 10,
    progress: Annotated[
        bool | None,
        typer.Option("--progress/--no-progress", help="Progress line (default: on a terminal)."),
    ] = None,
    misere: Annotated[
        bool,
        typer.Option(
            "--misere",
            help="A census of misère quotients to heap N: orders, tame and wild games.",
        ),
    ] = False,
    max_work: Annotated[
        int | None,
        typer.Option(
            "--max-work",
            min=1,
            metavar="STEPS",
            help="With --misere: steps allowed each game (default 1,000,000).",
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Period of every game of a family, one task per game, resumable; a summary table.
    With --misere, a census of their misère quotients."""
    from .scale import results_path, summarize
    from .scale import survey as run_survey

    show = sys.stderr.isatty() if progress is None else progress
    if misere:
        return _misere_census(family, upto, engine, workers, address, out, max_work, show, as_json)
    if max_work is not None:
        raise InvalidGameError("--max-work is for a misère census: add --misere")
    path = results_path(out, family, upto)
    began = time.perf_counter()
    results, new = _resumable(
        run_survey,
        path,
        family,
        upto,
        engine=engine,
        workers=workers,
        address=address,
        out=out,
        progress=show,
    )
    summary = summarize(results, longest=top)
    if as_json:
        print_json(
            {
                "family": family,
                "upto": upto,
                "results_file": path,
                "computed": len(new),
                **summary.to_json(),
            }
        )
        return
    seconds = time.perf_counter() - began
    console.print(
        f"[bold]survey {escape(family)}[/] up to n = {upto:,}: {summary.games:,} games, "
        f"{summary.certified:,} certified periodic, {len(summary.open):,} open; "
        f"{summary.distinct:,} distinct sequences"
    )
    console.print(
        f"  {path}: {len(new):,} computed now ({engine}), "
        f"{summary.games - len(new):,} read back; {seconds:.1f} s",
        markup=False,
    )
    same = {code: group for group in summary.same for code in group}
    if summary.longest:
        console.print("longest certified periods", markup=False)
        console.print(
            f"  {'game':<20} {'preperiod':>10} {'period':>10} {'max G':>7}  same sequence",
            markup=False,
        )
        for r in summary.longest:
            others = " = ".join(c for c in same.get(r.code, ()) if c != r.code)
            row = f"  {r.code:<20} {r.preperiod:>10,} {r.period:>10,} {r.max_value:>7,}  {others}"
            console.print(row.rstrip(), markup=False)
    if summary.open:
        classes: dict[str, list] = {}
        for r in summary.open:
            classes.setdefault(r.digest, []).append(r)
        console.print(
            f"open (not certified within n = {upto:,}): {len(summary.open):,} games, "
            f"{len(classes):,} distinct sequences",
            markup=False,
        )
        for group in classes.values():
            r = group[0]
            seen = f"period {r.period:,} seen from {r.preperiod:,}" if r.period else "no period"
            console.print(
                f"  {' = '.join(g.code for g in group)}  ({seen}; rare "
                f"{r.rare_count:,}, max G {r.max_value:,})",
                markup=False,
            )
    if summary.offset:
        console.print("same sequence up to an offset of a few heap sizes", markup=False)
        for codes in summary.offset:
            console.print(f"  {' ~ '.join(codes)}", markup=False)


def _resumable(run: Callable, path: str, *args: Any, **kwargs: Any) -> tuple[list, list]:
    """Run a survey (`run`), keeping what is new; Ctrl-C says where it is kept (status 130)."""
    new: list = []
    try:
        return run(*args, on_result=new.append, **kwargs), new
    except KeyboardInterrupt:
        err_console.print(
            f"interrupted: {len(new):,} new results are kept in {path}; run the "
            "same command to resume",
            markup=False,
        )
        raise typer.Exit(code=130) from None


def _misere_census(
    family: str,
    upto: int,
    engine: str,
    workers: int | None,
    address: str | None,
    out: str,
    max_work: int | None,
    show: bool,
    as_json: bool,
) -> None:
    """``grundy survey FAMILY --misere``: the census table, or its summary as JSON."""
    from .scale import CENSUS_MAX_WORK, census_lines, misere_survey, summarize_misere
    from .scale.misere_survey import misere_results_path

    limit = CENSUS_MAX_WORK if max_work is None else max_work
    path = misere_results_path(out, family, upto)
    began = time.perf_counter()
    results, new = _resumable(
        misere_survey,
        path,
        family,
        upto,
        engine=engine,
        workers=workers,
        address=address,
        out=out,
        max_work=limit,
        progress=show,
    )
    summary = summarize_misere(results)
    if as_json:
        print_json(
            {
                "family": family,
                "upto": upto,
                "misere": True,
                "max_work": limit,
                "results_file": path,
                "computed": len(new),
                **summary.to_json(),
            }
        )
        return
    lines = census_lines(summary, family, upto)
    lines.insert(
        1,
        f"  {path}: {len(new):,} computed now ({engine}), {summary.games - len(new):,} read "
        f"back; {time.perf_counter() - began:.1f} s",
    )
    for line in lines:
        console.print(line, markup=False)


@app.command(cls=_Command)
@reports_errors
def games(as_json: JsonFlag = False) -> None:
    """List the games this command knows, with an example position."""
    entries = registry.describe_games()
    if as_json:
        print_json({"games": entries})
        return
    width = max(len(e["name"]) for e in entries)
    for e in entries:
        console.print(
            f"{e['name']:<{width}}  {e['summary']}   e.g. grundy {e['command']} {e['example']}",
            markup=False,
        )


@app.command(cls=_Command)
@reports_errors
def serve(
    host: Annotated[
        str, typer.Option("--host", metavar="HOST", help="Address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, metavar="PORT", help="Port.")
    ] = 8000,
    workers: Annotated[
        int,
        typer.Option("--workers", min=0, metavar="N", help="Compute processes (0: one per core)."),
    ] = 0,
    budget: Annotated[
        float,
        typer.Option(
            "--budget",
            min=0.1,
            max=3600.0,
            metavar="SECONDS",
            help="Seconds of computing per request (0.1 to 3600).",
        ),
    ] = 10.0,
) -> None:
    """The web playground: values, play against perfect play, sequences, game graphs."""
    if not host.strip():  # "" binds every interface: say so instead
        raise GrundyError(
            f"--host {host!r} would listen on every interface; give an address "
            "(127.0.0.1 for this machine only, 0.0.0.0 for every interface)"
        )
    try:
        import uvicorn

        from .web import create_app
        from .web.app import server_config
    except ImportError as exc:
        raise InvalidGameError(
            f"the playground needs the web extra ({exc.name} is missing): pip install 'grundy[web]'"
        ) from None
    try:  # fail at once, in one line, rather than after starting the workers
        with socket.create_server((host, port)):
            pass
    except OSError as exc:
        reason = (exc.strerror or str(exc)).split(" (while")[0]  # the address is said already
        raise GrundyError(f"cannot listen on {host}:{port}: {reason}") from None
    count = workers or max(1, len(os.sched_getaffinity(0)))
    console.print(
        f"grundy playground on http://{host}:{port}/ ({count} compute worker"
        f"{'s' * (count != 1)}, {budget:g} s per request); Ctrl-C stops it"
    )
    uvicorn.Server(server_config(create_app(workers=count, budget=budget), host, port)).run()


#: Prefixes of the operands written in another base than ten, and their digits.
_BASES = {"0x": (16, "0123456789abcdef"), "0o": (8, "01234567"), "0b": (2, "01")}


def parse_nimber(text: str) -> int:
    """Read an integer operand: decimal (:func:`grundy.integers.parse_int`), or
    0x.../0o.../0b... in ASCII digits, up to ``MAX_DIGITS`` digits.

    Examples
    --------
    >>> parse_nimber("12"), parse_nimber("0xFF"), parse_nimber("-0b11")
    (12, 255, -3)
    """
    body = text.strip()
    sign = body[:1] if body[:1] in ("+", "-") else ""
    base, digits = _BASES.get(body[len(sign) : len(sign) + 2].lower(), (10, ""))
    if base == 10:
        return parse_int(text, "operand", error=NimberError)
    rest = body[len(sign) + 2 :].lower()
    if not rest or not set(rest) <= set(digits):
        raise NimberError(f"operand {shown(text)} is not an integer")
    if len(rest) > MAX_DIGITS:
        raise NimberError(f"operand {shown(text)} has more than {MAX_DIGITS:,} digits")
    value = int(rest, base)  # a power of two: no int-string limit
    return -value if sign == "-" else value


def nim_command(operation: str, operands: Sequence[str], function: Callable, as_json: bool) -> None:
    values = [parse_nimber(t) for t in operands]
    result = function(*values)
    if as_json:
        print_json({"operation": operation, "operands": values, "result": result})
    else:
        print(result)


Operands = Annotated[
    list[str], typer.Argument(metavar="N...", help="Non-negative integers (any size).")
]
Operand = Annotated[str, typer.Argument(metavar="N", help="A non-negative integer (any size).")]


@nim_app.command("sum", cls=_Command, context_settings=ACCEPT_NEGATIVE)
@reports_errors
def nim_sum_command(operands: Operands, as_json: JsonFlag = False) -> None:
    """Nim-sum (XOR) of the operands."""
    nim_command("sum", operands, nimbers.nim_sum, as_json)


@nim_app.command("mul", cls=_Command, context_settings=ACCEPT_NEGATIVE)
@reports_errors
def nim_mul_command(operands: Operands, as_json: JsonFlag = False) -> None:
    """Nim-product of the operands."""
    nim_command("mul", operands, lambda *v: functools.reduce(nimbers.nim_mul, v, 1), as_json)


@nim_app.command("inv", cls=_Command, context_settings=ACCEPT_NEGATIVE)
@reports_errors
def nim_inv_command(operand: Operand, as_json: JsonFlag = False) -> None:
    """Nim-inverse: the x with operand * x = 1."""
    nim_command("inv", [operand], nimbers.nim_inv, as_json)


@nim_app.command("sqrt", cls=_Command, context_settings=ACCEPT_NEGATIVE)
@reports_errors
def nim_sqrt_command(operand: Operand, as_json: JsonFlag = False) -> None:
    """Nim square root: the x with x * x = operand."""
    nim_command("sqrt", [operand], nimbers.nim_sqrt, as_json)


@nim_app.command("pow", cls=_Command, context_settings=ACCEPT_NEGATIVE)
@reports_errors
def nim_pow_command(
    base: Annotated[str, typer.Argument(metavar="BASE", help="A non-negative integer.")],
    exponent: Annotated[str, typer.Argument(metavar="EXPONENT", help="A non-negative integer.")],
    as_json: JsonFlag = False,
) -> None:
    """Nim-power: base multiplied by itself exponent times."""
    nim_command("pow", [base, exponent], nimbers.nim_pow, as_json)


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the ``grundy`` console script.

    Usage errors (a missing argument, an unknown option) are reported like every other
    error: one line on stderr, exit status 2. A command without arguments (``grundy``,
    ``grundy nim``) shows its help. Ctrl-C prints ``interrupted`` and exits with 130.
    """
    # A warning (a graph file with edges that cannot matter) is one line, like errors.
    warnings.showwarning = lambda message, *_args, **_kw: err_console.print(
        f"warning: {message}", markup=False
    )
    try:
        status = app(args=argv, standalone_mode=False, prog_name="grundy")
    except ClickException as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # asked for nothing: the help
            if exc.format_message():  # plain help comes as the message; rich's is printed
                print(exc.format_message())
            sys.exit(0)
        ctx = getattr(exc, "ctx", None)
        hint = f" (see: {ctx.command_path} --help)" if ctx else ""
        err_console.print(f"error: {exc.format_message()}{hint}", markup=False)
        sys.exit(2)
    except (typer.Abort, KeyboardInterrupt):  # Ctrl-C outside a command, or at a prompt
        err_console.print("interrupted", markup=False)
        sys.exit(INTERRUPTED)
    sys.exit(status if isinstance(status, int) else 0)
