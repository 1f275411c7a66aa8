"""Game names for the command line and the web: ``nim``, ``bash:3``, ``subtraction:1,3,4``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidGameError, UnknownGameError
from ..core.integers import parse_int, shown
from ..core.protocol import Game
from ..games import (
    SUBTRACTION_RULES,
    AllButSubtractionGame,
    ArcKayles,
    Bash,
    BeanGame,
    Chomp,
    ConnectFour,
    Cram,
    DigraphGame,
    FibonacciNim,
    GiveAndTake,
    GreenHackenbush,
    GrundysGame,
    King,
    Knight,
    LaskersNim,
    LiegesOfLegendre,
    MockTurtles,
    MooreNim,
    Nim,
    OctalGame,
    Ruler,
    RuleSubtractionGame,
    StaircaseNim,
    StaircaseNimAnyStep,
    StepGame,
    SubtractionGame,
    TicTacToe,
    TurningCorners,
    TurningTurtles,
    Wythoff,
    parse_steps,
)
from ..games.digraph_tokens import DigraphTokens
from ..games.subtraction import read_subtraction_set
from ..impartial.game import ImpartialGame
from ..twoplayer import TwoPlayerGame

__all__ = ["GameEntry", "GAMES", "find", "describe_games"]

_OCTAL = "0.d1d2..."  # the registry line of octal codes, which find() reads directly


def _parameter(text: str | None) -> str:
    """The text after the colon: find() passes one to every game that takes a parameter."""
    assert text is not None, "find() gives a parameter to every game that takes one"
    return text


def _positive_int(text: str) -> int:
    """A parameter such as the M of ``bash:M``, read by the one integer reader."""
    value = parse_int(
        text, "parameter", signed=False, error=InvalidGameError, expected="a positive integer"
    )
    if value < 1:
        raise InvalidGameError(f"parameter {shown(text)} is not a positive integer")
    return value


def _subtraction(parameter: str | None) -> SubtractionGame | RuleSubtractionGame:
    """A finite set S (``1,3,4``), or a rule's name (``squares``, ``primes``...)."""
    text = _parameter(parameter)
    if text.strip()[:1].isalpha():  # a word: the name of a rule (or a bad one, said so)
        return RuleSubtractionGame(text)
    return SubtractionGame(read_subtraction_set(text))


def _connect_four(parameter: str | None) -> ConnectFour:
    text = _parameter(parameter)
    board, slash, connect = text.partition("/")
    width, x, height = board.lower().partition("x")
    if not x:
        raise InvalidGameError(f"board {shown(text)} is not WIDTHxHEIGHT (e.g. 7x6, or 5x4/3)")
    return ConnectFour(
        _positive_int(width), _positive_int(height), _positive_int(connect) if slash else 4
    )


def _partizan(name: str) -> Game[Any]:
    """A game of the partizan catalog (imported when first named: a light registry)."""
    import dataclasses

    from ..partizan import games

    found = getattr(games, name)
    # a class is made; a family's instance (Clobber, Cutcake) is copied with fresh
    # caches, so that limits set on one use never reach another
    return found() if isinstance(found, type) else dataclasses.replace(found)


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One line of the registry: how to build a game from its command-line name.

    `make` receives the text after the colon (``"3"`` for ``bash:3``), or None when the
    game takes no parameter. A game whose positions may name files (``reads_files``)
    gives the web (``find(..., files=False)``) its `inline` form, positions typed whole;
    one whose graph may come from a file gives `from_file`, for ``name:FILE``.
    """

    name: str
    summary: str
    example: str  # the game and a position, as typed on the command line
    make: Callable[[str | None], Game[Any]]
    parameter: str | None = None  # what follows the colon, e.g. "M" in bash:M
    command: str = "value"  # the CLI command its example is for ("solve": two players)
    reads_files: bool = False  # its positions may name files (the web uses `inline`)
    # The game reading no file, its positions typed whole: what the web builds (None:
    # a game that reads files is the command line's only).
    inline: Callable[[], ImpartialGame[Any]] | None = None
    # ``name:FILE``: the game read from FILE (the command line's only).
    from_file: Callable[[str], ImpartialGame[Any]] | None = None

    @property
    def usage(self) -> str:
        return f"{self.name}:{self.parameter}" if self.parameter else self.name


# Adding a game to the command line is one entry here.
GAMES: dict[str, GameEntry] = {
    entry.name: entry
    for entry in [
        GameEntry(
            "nim", "Nim: take any number of tokens from one heap", "nim 3 4 5", lambda _: Nim()
        ),
        GameEntry(
            "bash",
            "Bash game: take 1 to M tokens from one heap",
            "bash:3 10",
            lambda m: Bash(_positive_int(_parameter(m))),
            parameter="M",
        ),
        GameEntry(
            "subtraction",
            "subtraction game: take s tokens, s in a set S (1,3,4) or a rule: "
            + ", ".join(SUBTRACTION_RULES),
            "subtraction:1,3,4 10 7",
            _subtraction,
            parameter="S",
        ),
        GameEntry(
            "allbut",
            "all-but subtraction game: take any number except those in S",
            "allbut:2,3,7 9 4",
            lambda s: AllButSubtractionGame(read_subtraction_set(_parameter(s))),
            parameter="S",
        ),
        GameEntry(
            "wythoff",
            "Wythoff's game: take from one of two heaps, or the same from both",
            "wythoff 4 9",
            lambda _: Wythoff(),
        ),
        GameEntry(
            "fibonacci-nim",
            "Fibonacci Nim: take at most twice the previous take; "
            "position N (the start) or HEAP LIMIT",
            "fibonacci-nim 20",
            lambda _: FibonacciNim(),
        ),
        GameEntry(
            "staircase",
            "Staircase Nim: move coins from a step to the one below; coins on steps 1..n",
            "staircase 3 1 2",
            lambda _: StaircaseNim(),
        ),
        GameEntry(
            "staircase-any",
            "Staircase Nim: move one coin to any lower step; coins on steps 1..n",
            "staircase-any 1 2 1",
            lambda _: StaircaseNimAnyStep(),
        ),
        GameEntry(
            "moore",
            "Moore's Nim_k: reduce between 1 and K heaps at once",
            "moore:2 1 2 3",
            lambda k: MooreNim(_positive_int(_parameter(k))),
            parameter="K",
        ),
        GameEntry(
            "lasker",
            "Lasker's Nim: take from a heap, or split a heap in two",
            "lasker 2 5",
            lambda _: LaskersNim(),
        ),
        GameEntry(
            "lieges",
            "Lieges of Legendre: take one, or turn a heap of 2x into K heaps of x",
            "lieges:3 2 3 4",
            lambda k: LiegesOfLegendre(_positive_int(_parameter(k))),
            parameter="K",
        ),
        GameEntry(
            "kayles",
            "Kayles (0.77): knock down one pin or two adjacent pins",
            "kayles 3 5",
            lambda _: OctalGame("0.77", name="Kayles"),
        ),
        GameEntry(
            "dawson",
            "Dawson's Kayles (0.07): knock down two adjacent pins",
            "dawson 4 7",
            lambda _: OctalGame("0.07", name="Dawson's Kayles"),
        ),
        GameEntry(
            "grundys-game",
            "Grundy's game: split a heap into two unequal heaps",
            "grundys-game 8 3",
            lambda _: GrundysGame(),
        ),
        GameEntry(
            _OCTAL,
            "octal or hexadecimal game: digit j adds 1, 2, 4, 8 if taking j "
            "tokens may leave 0, 1, 2, 3 heaps",
            "0.137 6 9",
            lambda code: OctalGame(_parameter(code)),
        ),
        GameEntry(
            "beans",
            "beans in bottles: a bean becomes two beans in later bottles",
            "beans 2 3 1",
            lambda _: BeanGame(),
        ),
        GameEntry(
            "turning-turtles",
            "Turning Turtles: turn 1 or 2 coins, the right one heads to tails (Nim); "
            "the heads coins, or none",
            "turning-turtles 1 4 6",
            lambda _: TurningTurtles(),
        ),
        GameEntry(
            "mock-turtles",
            "Mock Turtles: turn 1 to 3 coins (numbered from 0), the right one heads to tails; "
            "the heads coins, or none",
            "mock-turtles 2 5 7",
            lambda _: MockTurtles(),
        ),
        GameEntry(
            "ruler",
            "Ruler: turn a run of coins, the right one heads to tails; the heads coins, or none",
            "ruler 3 6 8",
            lambda _: Ruler(),
        ),
        GameEntry(
            "turning-corners",
            "Turning Corners: turn the corners of a rectangle; coin i,j is worth i (x) j; "
            "the heads coins, or none",
            "turning-corners 2,3 4,5",
            lambda _: TurningCorners(),
        ),
        GameEntry(
            "chomp",
            "Chomp (chocolate cake): bite a corner, the poison square loses; rows or RxC",
            "chomp 3 3 3",
            lambda _: Chomp(),
        ),
        GameEntry(
            "king",
            "a king in a quadrant: one square left, down or diagonally (HDU 2147)",
            "king 3 5",
            lambda _: King(),
        ),
        GameEntry(
            "knight",
            "a knight in a quadrant: (-2, ±1) or (±1, -2) (HackerRank, A Chessboard Game)",
            "knight 5 9",
            lambda _: Knight(),
        ),
        GameEntry(
            "steps",
            "a piece moved by the steps S = dx,dy/dx,dy/... while it stays in the quadrant",
            "steps:-1,0/0,-1/-2,-2 3 4",
            lambda s: StepGame(parse_steps(_parameter(s))),
            parameter="S",
        ),
        GameEntry(
            "hackenbush",
            "Green Hackenbush: cut an edge; a graph typed as edges u-v (ground 0), "
            "or files of 'u v' lines",
            "hackenbush edges 0-1 0-4 1-2 1-3 4-5",
            lambda _: GreenHackenbush(),
            reads_files=True,
            inline=lambda: GreenHackenbush(inline=True),
        ),
        GameEntry(
            "digraph",
            "tokens on a DAG: its edges u-v (u -> v), then the tokens' vertices; "
            "digraph:FILE reads the graph from 'u v' lines, the position is the tokens",
            "digraph edges 0-1 0-2 1-2 2-3 4-3 tokens 0 4",
            lambda _: DigraphTokens(),
            from_file=DigraphGame.from_file,
        ),
        GameEntry(
            "cram",
            "Cram: place a domino on two adjacent empty cells, either way; a board RxC or "
            "rows like ..#|...",
            "cram 3x4",
            lambda _: Cram(),
        ),
        GameEntry(
            "arc-kayles",
            "Arc Kayles: pick an edge, its two ends go with their edges; a graph typed as "
            "edges u-v, or a grid RxC",
            "arc-kayles edges 0-1 1-2 2-0 2-3",
            lambda _: ArcKayles(),
        ),
        GameEntry(
            "domineering",
            "Domineering (partizan): Left places vertical dominoes, Right horizontal; a "
            "board RxC or rows like ..#|...",
            "domineering 3x3",
            lambda _: _partizan("Domineering"),
        ),
        GameEntry(
            "clobber",
            "Clobber (partizan): a stone x (Left) or o (Right) takes an adjacent enemy stone; "
            "rows like xox|ox.",
            "clobber xox|ox.",
            lambda _: _partizan("Clobber"),
        ),
        GameEntry(
            "cutcake",
            "Cutcake (partizan): Left cuts a piece between columns, Right between rows; "
            "pieces like 3x4 + 2x2",
            "cutcake 3x4",
            lambda _: _partizan("Cutcake"),
        ),
        GameEntry(
            "amazons",
            "Amazons (partizan): a queen x (Left) or o (Right) moves, then burns a square "
            "(#); small boards like x...|o...",
            "amazons x...|o...",
            lambda _: _partizan("Amazons"),
        ),
        GameEntry(
            "toads-and-frogs",
            "Toads and Frogs (partizan): toads T (Left) move right, frogs F (Right) left, "
            "one square or a jump over one enemy",
            "toads-and-frogs TT..FF",
            lambda _: _partizan("ToadsAndFrogs"),
        ),
        GameEntry(
            "blue-red-hackenbush",
            "Hackenbush with blue (l, Left), red (r, Right) and green (e) edges, in "
            "CGSuite's notation: lrl, l(l;rl)",
            "blue-red-hackenbush lrlrrllr",
            lambda _: _partizan("Hackenbush"),
        ),
        GameEntry(
            "snort",
            "Snort (partizan): colour a vertex, never next to the other's colour; a graph "
            "in CGSuite's notation (L-.-.-.-L) or a board like x..|..#",
            "snort L-.-.-.-L",
            lambda _: _partizan("Snort"),
        ),
        GameEntry(
            "col",
            "Col (partizan): colour a vertex, never next to your own colour; a graph in "
            "CGSuite's notation (R-.-R-.-L) or a board like x..|..#",
            "col R-.-R-.-L-.-R-.-R-.",
            lambda _: _partizan("Col"),
        ),
        GameEntry(
            "konane",
            "Konane (partizan): a stone x (Left) or o (Right) jumps enemy stones in a "
            "straight line; rows like xo.o.|.ox..",
            "konane xo.o. .ox..",
            lambda _: _partizan("Konane"),
        ),
        GameEntry(
            "toppling-dominoes",
            "Toppling Dominoes (partizan): topple a blue l (Left), red r (Right) or grey e "
            "domino east or west; a strip like lrrlrrl",
            "toppling-dominoes lrrlrrl",
            lambda _: _partizan("TopplingDominoes"),
        ),
        GameEntry(
            "partizan-arc-kayles",
            "Partizan Arc Kayles: take a blue l (Left), red r (Right) or green e edge with "
            "both its ends; CGSuite's notation: llr, lr(e;l)",
            "partizan-arc-kayles lrlr(ll;ree(rl;l))",
            lambda _: _partizan("PartizanArcKayles"),
        ),
        GameEntry(
            "fox-and-geese",
            "Fox and Geese (partizan, loopy): geese G (Left) step diagonally down, the fox F "
            "(Right) diagonally any way; rows 8 wide, top first, like .G.G.G.G|........",
            "fox-and-geese .G.G.G.G|........|........|F.......",
            lambda _: _partizan("FoxAndGeese"),
        ),
        GameEntry(
            "backsliding-toads-and-frogs",
            "Backsliding Toads and Frogs (partizan, loopy): Toads and Frogs where a toad T "
            "or frog F may also step back one square",
            "backsliding-toads-and-frogs TT..FF",
            lambda _: _partizan("BackslidingToadsAndFrogs"),
        ),
        GameEntry(
            "tictactoe",
            "tic-tac-toe (two players): the board as rows like xo. .x. ..o",
            "tictactoe",
            lambda _: TicTacToe(),
            command="solve",
        ),
        GameEntry(
            "connect-four",
            "connect four on a WxH board, K in a row (two players): one word a column",
            "connect-four:4x4",
            _connect_four,
            parameter="WxH[/K]",
            command="solve",
        ),
        GameEntry(
            "give-and-take",
            "take 1 or 2 counters, x may give one back; a full heap "
            "overflows to a tie (two players, loopy: wins, losses, ties, draws)",
            "give-and-take:6",
            lambda n: GiveAndTake(_positive_int(_parameter(n))),
            parameter="N",
            command="solve",
        ),
    ]
}


def find(spec: str, *, files: bool = True) -> Any:
    """Return the game named by `spec`, such as ``"nim"`` or ``"subtraction:1,3,4"``.

    With ``files=False`` (the web playground), games that read files are refused, or
    made in their `inline` form (``hackenbush``: positions typed as edges, no file).

    Raises
    ------
    UnknownGameError
        No game has that name.
    InvalidGameError
        The parameter after the colon is missing, unexpected or malformed.

    Examples
    --------
    >>> from grundy.app.registry import find
    >>> find("subtraction:1,3,4")
    SubtractionGame(subtraction_set=(1, 3, 4))
    >>> find("subtraction:primes")           # an infinite set, given by a rule
    RuleSubtractionGame('primes')
    >>> find("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grundy.core.errors.UnknownGameError: unknown game 'chess'; known games: nim, bash:M, ...
    >>> find("0.77")                         # an octal code names its own game
    OctalGame('0.77')
    >>> find("digraph:/etc/passwd", files=False)
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: game 'digraph' reads files, which only the command ...
    >>> find("hackenbush", files=False).inline   # its positions are edges typed, no file
    True
    """
    if not isinstance(spec, str):
        raise InvalidGameError(
            f"game name {shown(spec)} is not a string such as 'nim' or 'subtraction:1,3,4'"
        )
    if ".py:" in spec or spec.strip().endswith(".py"):
        if not files:
            raise InvalidGameError(
                f"game {shown(spec)} is a Python file, which only the command line reads"
            )
        return load_game_file(spec.strip())
    before, point, _ = spec.strip().partition(".")
    if point and len(before) <= 1:  # "0.77", ".6", "4.07", "0.3F" (or a bad code: say why)
        return GAMES[_OCTAL].make(spec.strip())
    name, colon, parameter = spec.strip().partition(":")
    entry = GAMES.get(name.lower())
    if entry is None:
        known = ", ".join(e.usage for e in GAMES.values())
        raise UnknownGameError(f"unknown game {shown(spec)}; known games: {known}")
    from_file = bool(colon and entry.from_file)
    reads = entry.reads_files or from_file
    if reads and not files and (from_file or entry.inline is None):
        raise InvalidGameError(f"game {entry.name!r} reads files, which only the command line does")
    if entry.parameter and not colon:
        raise InvalidGameError(f"game {shown(name)} needs a parameter: {entry.usage}")
    if colon and not entry.parameter and not entry.from_file:
        raise InvalidGameError(f"game {shown(name)} takes no parameter, got {shown(spec)}")
    try:
        if from_file and entry.from_file:
            return entry.from_file(parameter)
        if reads and not files and entry.inline is not None:
            return entry.inline()
        return entry.make(parameter if colon else None)
    except InvalidGameError as exc:
        raise InvalidGameError(f"{shown(spec)}: {exc}") from None


def load_game_file(spec: str) -> ImpartialGame | TwoPlayerGame:
    """Return the game named NAME in the Python file of ``FILE.py:NAME``.

    NAME is a game object, a game class (called without arguments) or a function that
    returns a game; without ``:NAME`` the file must define exactly one game object.
    The file runs as a module: only load files you trust.

    Raises
    ------
    InvalidGameError
        The file is missing or raises an error, or NAME is not there or is not a game.

    Examples
    --------
    >>> from grundy.app.registry import load_game_file
    >>> load_game_file("no_such_file.py:ED")
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidGameError: 'no_such_file.py': no such file
    """
    import importlib.util
    import os

    path, _, attribute = ("", "", "") if spec.endswith(".py") else spec.rpartition(":")
    path = path or spec
    if not os.path.isfile(path):
        raise InvalidGameError(f"{shown(path)}: no such file")
    from .user_code import USER_MODULE_PREFIX  # how a failure is traced to this file

    name = USER_MODULE_PREFIX + str(abs(hash(os.path.abspath(path))))
    module_spec = importlib.util.spec_from_file_location(name, path)
    if module_spec is None or module_spec.loader is None:
        raise InvalidGameError(f"{shown(path)}: not a Python file")
    module = importlib.util.module_from_spec(module_spec)
    try:
        module_spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001 - the user's code: its error in one line
        raise InvalidGameError(f"{shown(path)} raised {type(exc).__name__}: {exc}") from None
    games = (ImpartialGame, TwoPlayerGame)
    if not attribute:
        found: list[Any] = [v for v in vars(module).values() if isinstance(v, games)] or [
            v
            for v in vars(module).values()
            if isinstance(v, type) and issubclass(v, games) and v.__module__ == name
        ]
        if len(found) != 1:
            raise InvalidGameError(
                f"{shown(path)} defines {len(found)} games; name one as FILE.py:NAME"
            )
        game = found[0]
    elif not hasattr(module, attribute):
        raise InvalidGameError(f"{shown(path)} has no {shown(attribute)}")
    else:
        game = getattr(module, attribute)
    if isinstance(game, type) or (callable(game) and not isinstance(game, games)):
        try:
            game = game()
        except Exception as exc:  # noqa: BLE001 - the user's code: its error in one line
            raise InvalidGameError(
                f"{shown(path)}: {attribute}() raised {type(exc).__name__}: {exc}"
            ) from None
    if not isinstance(game, games):
        raise InvalidGameError(
            f"{shown(path)}: {attribute} is not a game (an ImpartialGame or TwoPlayerGame)"
        )
    return game


def describe_games() -> list[dict[str, str]]:
    """Return name, summary and example position of every registered game.

    Examples
    --------
    >>> from grundy.app.registry import describe_games
    >>> describe_games()[0]["example"]
    'nim 3 4 5'
    """
    return [
        {"name": e.usage, "summary": e.summary, "example": e.example, "command": e.command}
        for e in GAMES.values()
    ]
