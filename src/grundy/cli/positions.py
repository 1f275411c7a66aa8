"""The commands about one position: ``value`` (its value, outcome and winning moves),
``solve`` (a strong solve of a two-player game) and ``play`` (against perfect play).

:mod:`grundy.cli` registers the commands on the app, in the order of the help."""

from __future__ import annotations

import sys
import time
from typing import Annotated, Any

import typer
from rich.markup import escape

from .. import twoplayer
from ..app import registry
from ..app.game_names import impartial_game
from ..app.misere_reports import load_quotient
from ..app.play import play_impartial, play_two_player
from ..app.value_reports import (
    MOVES_DESCRIBED,
    MOVES_LISTED,
    MOVES_LISTED_AT_MOST,
    loopy_report,
    solve_report,
    value_report,
)
from ..core.errors import InvalidGameError
from ..core.outcome import Outcome
from ..core.solver import DEFAULT_MAX_POSITIONS
from ..impartial.game import ImpartialGame
from ..twoplayer import TwoPlayerGame
from ..twoplayer.tiers import DEFAULT_SHARD_SIZE
from .shared import (
    Address,
    EngineName,
    JsonFlag,
    MaxPositions,
    MisereFlag,
    Progress,
    Workers,
    console,
    err_console,
    interrupted_status,
    print_json,
    reports_errors,
)

__all__ = ["play", "solve", "value"]


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
    outcome_only: Annotated[
        bool,
        typer.Option(
            "--outcome",
            help="Partizan games: only who wins, by an outcome search that never builds "
            "the whole board's canonical form (big boards, e.g. domineering 6x6).",
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
        from .partizan import show_outcome, show_position

        rules: Any = found.limited_to(max_positions)
        if outcome_only:
            if every_move:
                raise InvalidGameError("--outcome says only who wins; --all lists winning moves")
            return show_outcome(console, game, rules, position, as_json=as_json)
        return show_position(
            console, game, rules, position, every_move=every_move, plot=None, as_json=as_json
        )
    if outcome_only:
        raise InvalidGameError(
            f"--outcome is for partizan games; {game}'s outcome comes with its SG value"
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
    listing: dict[str, Any] = {"limit": None, "described": None} if every_move else {}
    if not (every_move or as_json):  # the text shows only the moves it describes
        listing["limit"] = MOVES_DESCRIBED
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
        _print_moves(report["winning_moves_text"], "winning moves  ", count, every_move)
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


def _print_moves(
    moves: list[dict], label: str, count: int | None = None, every_move: bool = False
) -> None:
    """Print moves described by :func:`grundy.app.value_reports.described_moves`: all of them when
    the report chose which (`count` is how many there are), else the first few; `every_move`:
    ``--all`` asked for them all (and got at most ``MOVES_LISTED_AT_MOST``)."""
    shown = moves if count is not None else moves[:MOVES_DESCRIBED]
    if not moves:
        console.print(f"  {label}none")
    for i, move in enumerate(shown):
        text = f"{move['position']}   ({move['move']})"
        console.print(f"  {label if i == 0 else ' ' * len(label)}{text}", markup=False)
    more = (len(moves) if count is None else count) - len(shown)
    if more > 0:
        hint = "--all lists them" if count is not None else "use --json for all"
        if every_move:
            hint = f"--all lists {MOVES_LISTED_AT_MOST:,} at most"
        console.print(f"  {' ' * len(label)}... {more:,} more ({hint})")


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
        from .partizan import two_player

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
        except KeyboardInterrupt as exc:
            err_console.print(
                f"interrupted: the finished shards are kept in {store}; run the "
                "same command to resume",
                markup=False,
            )
            raise typer.Exit(code=interrupted_status(exc)) from None
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
        from .partizan import two_player

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
