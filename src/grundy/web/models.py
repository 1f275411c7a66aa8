"""The shapes of the web API's answers, for its OpenAPI schema (the keys of ``--json``)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "Problem",
    "GameInfo",
    "GameList",
    "DescribedMove",
    "Change",
    "ValueReport",
    "PartValue",
    "Wall",
    "Thermograph",
    "PartValueText",
    "PartizanMove",
    "CanonicalFacts",
    "PartizanReport",
    "PartizanExpression",
    "LoopyPartizanReport",
    "LoopyMove",
    "LoopyPositionReport",
    "RemotenessReport",
    "LoopyReport",
    "SolveReport",
    "Option",
    "OptionList",
    "MoveResult",
    "ReplyResult",
    "TableReport",
    "Table2d",
    "FoundPattern",
    "PPositionRule",
    "RowRule",
    "PatternAnswer",
    "PatternReport",
    "GraphNode",
    "GameGraph",
    "Health",
]

# A position in JSON, as the game writes it (a list of heaps, a board string...).
JsonPosition = Any


class Problem(BaseModel):
    """Why a request was refused: one line, and the kind of error."""

    detail: str
    error: str


class GameInfo(BaseModel):
    name: str
    summary: str
    example: str
    command: str
    game: str  # the example's game name, e.g. "bash:3"
    position: str  # the example's position, as typed
    kind: str  # "impartial", "two-player" or "partizan"
    heaps: bool  # positions are heaps: the game has a sequence of values
    # The picker's words (grundy.web.catalog_text): a title and family, a rules paragraph
    # with a tiny example, that example's move (a position, one it may leave), and whether
    # a person types the game's code or parameter (`code`), and what to type (`parameter`).
    title: str
    family: str
    rules: str
    example_move: list[str]
    code: bool
    parameter: str | None = None
    pairs: bool = False  # positions are two heap sizes a b: the game has a 2-D table
    sides: list[str] | None = None  # partizan games: what Left does, what Right does


class GameList(BaseModel):
    games: list[GameInfo]


class DescribedMove(BaseModel):
    position: str  # the position after the move, as typed
    move: str  # what the move does, in words


class Change(BaseModel):
    """A winning move as the change it makes (see :class:`grundy.Move`)."""

    model_config = ConfigDict(populate_by_name=True)

    part: int | None  # which part of the position (0-based); None: the whole position
    before: JsonPosition = Field(alias="from")
    after: JsonPosition = Field(alias="to")


class PartValue(BaseModel):
    text: str
    grundy: int


class ValueReport(BaseModel):
    game: str
    position: JsonPosition
    misere: bool
    grundy: int | None
    outcome: str
    winning_moves: list[Change]
    winning_moves_count: int | None  # all of them, listed or not; None: too many to list
    winning_moves_complete: bool
    position_text: str
    reason: str
    winning_moves_text: list[DescribedMove]
    grundy_unknown: str | None
    winning_moves_unlisted: str | None
    remoteness: int | None = None  # moves left with perfect play, when asked
    remoteness_unknown: str | None = None
    parts: list[PartValue] | None = None  # a few parts: each one's SG value
    # Misère play: "quotient" (the heap code's), "game" (its own rule) or "search"; the
    # CLI's --quotient FILE gives "quotient-file".
    misere_method: str | None = None


class Wall(BaseModel):
    """A thermograph's wall as CGSuite writes it: exact numbers as text (``"-1/2"``)."""

    mast: str  # the value at the highest critical temperature (at t = 0 if none)
    critical_temperatures: list[str]  # where the slope changes, highest first
    slopes: list[str]  # slopes[0] above the highest, slopes[i + 1] just below the i-th


class Thermograph(BaseModel):
    left_wall: Wall
    right_wall: Wall
    mast: str  # the mean: where the walls meet above the temperature
    temperature: str
    text: str  # CGSuite's Thermograph(...)


class PartValueText(BaseModel):
    text: str  # a component of the position
    value: str  # its canonical form


class PartizanMove(BaseModel):
    position: JsonPosition
    text: str
    move: str
    value: str  # the canonical form the move leaves
    wins: bool  # its player wins moving second from there (>= 0 for Left, <= 0 for Right)


class CanonicalFacts(BaseModel):
    """What a short game's canonical form says, exact numbers as text (shared by a
    position's report and a typed game's)."""

    value: str  # the canonical form, in CGSuite's notation
    outcome: str  # L, R, N (the first player wins) or P (the second)
    outcome_text: str
    number: str | None
    nim_value: int | None
    birthday: int
    left_stop: str
    right_stop: str
    mean: str
    temperature: str
    thermograph: Thermograph
    reduced_canonical_form: str
    atomic_weight: str | None
    atomic_weight_unknown: str
    all_small: bool
    infinitesimal: bool


class PartizanReport(CanonicalFacts):
    """A partizan position (``grundy value --json``): exact numbers as text."""

    game: str
    kind: str  # "partizan"
    position: JsonPosition
    position_text: str
    left_options: list[str]  # the canonical form's options
    right_options: list[str]
    left_wins: list[DescribedMove]  # Left's moves that win (Left moving first)
    left_wins_count: int
    right_wins: list[DescribedMove]
    right_wins_count: int
    components: list[PartValueText] | None  # independent parts and their values
    positions: int  # positions valued so far by this server's search
    left_moves: list[PartizanMove]  # every move of Left's (up to the server's limit)
    right_moves: list[PartizanMove]
    moves_complete: bool
    to_move: str | None  # "Left" or "Right" when the position said so


class PartizanExpression(CanonicalFacts):
    """A short game typed in CGSuite's notation (``grundy cgt --json``)."""

    expression: str  # the text, trimmed
    left_options: list[str]
    right_options: list[str]


class LoopyPartizanReport(BaseModel):
    """A loopy game typed in CGSuite's notation (``grundy cgt --json``): a stopper's
    simplest form, stops and degree, or a value given by its sides; the outcome with
    draws (L, R, N, P, D, NHat, NCheck, PHat, PCheck)."""

    expression: str
    kind: str  # "loopy"
    value: str  # the simplest form, or "onside & offside"
    stopper: bool
    outcome: str
    outcome_text: str  # who wins with Left first, and with Right first
    left_stop: str | None = None  # a stopper's
    right_stop: str | None = None
    degree: str | None = None  # None: not computed (degree_unknown says why)
    degree_unknown: str | None = None
    followers: int | None = None
    left_options: list[str] | None = None
    right_options: list[str] | None = None
    onside: str | None = None  # a value given by its sides
    offside: str | None = None


class LoopyMove(BaseModel):
    position: JsonPosition
    text: str
    move: str
    value: None  # a loopy option is not valued on its own (its graph would be explored again)
    result: str  # what it does for its player, moving second after it: wins, draws or loses
    wins: bool


class LoopyPositionReport(BaseModel):
    """A position of a loopy game (Fox and Geese; ``grundy value --json``): its loopy value,
    the outcome with draws, what each player does moving first, and every move."""

    game: str
    kind: str  # "partizan"
    loopy: bool  # True
    position: JsonPosition
    position_text: str
    value: str  # a stopper's simplest form, or "onside & offside"
    stopper: bool
    outcome: str  # L, R, N, P, D, NHat, NCheck, PHat or PCheck
    outcome_text: str
    left_stop: str | None = None  # a stopper's
    right_stop: str | None = None
    degree: str | None = None
    degree_unknown: str | None = None
    followers: int | None = None
    left_options: list[str] | None = None
    right_options: list[str] | None = None
    onside: str | None = None  # a value given by its sides
    offside: str | None = None
    left_moving_first: str  # wins, draws or loses
    right_moving_first: str
    left_wins: list[DescribedMove]
    left_wins_count: int
    right_wins: list[DescribedMove]
    right_wins_count: int
    positions: int
    left_moves: list[LoopyMove]
    right_moves: list[LoopyMove]
    moves_complete: bool
    to_move: str | None


class RemotenessReport(BaseModel):
    game: str
    position: JsonPosition
    misere: bool
    remoteness: int | None  # None: the search is too big (remoteness_unknown says why)
    remoteness_unknown: str | None
    fastest_moves_text: list[DescribedMove]


class LoopyReport(BaseModel):
    game: str
    position: JsonPosition
    misere: bool
    loopy: bool
    grundy: int | dict[str, list[int]]  # finite, or {"infinite": K}
    outcome: str
    remoteness: int | None
    winning_moves: list[JsonPosition]
    positions: int
    position_text: str
    value_text: str
    winning_moves_text: list[DescribedMove]


class SolveReport(BaseModel):
    game: str
    position: JsonPosition
    value: str  # win, loss, tie or draw, for the player to move
    remoteness: int | None
    best_moves: list[JsonPosition]
    positions: int
    symmetry: bool
    counts: dict[str, int]
    seconds: float
    position_text: str
    best_moves_text: list[DescribedMove]


class Option(BaseModel):
    position: JsonPosition
    text: str
    move: str
    grundy: int | None = None  # impartial games, normal play
    outcome: str | None = None  # impartial games: N or P for the player to move there
    value: str | None = None  # two-player games: for the player who makes the move
    remoteness: int | None = None  # two-player games


class OptionList(BaseModel):
    game: str
    position: JsonPosition
    position_text: str
    misere: bool
    options: list[Option]
    complete: bool  # False when more options exist than were listed


class MoveResult(BaseModel):
    game: str
    position: JsonPosition
    position_text: str
    move: str
    misere: bool


class ReplyResult(BaseModel):
    game: str
    position: JsonPosition | None  # None: no move is left
    position_text: str | None
    move: str | None
    winning: bool
    misere: bool


class TableReport(BaseModel):
    game: str
    misere: bool
    upto: int
    values: list[int] | None = None
    outcomes: list[str] | None = None  # misère play
    stopped: str | None = None  # misère play: why the outcomes stop before upto
    code: str | None = None  # take-and-break codes: the period and how it was found
    period: int | None = None
    preperiod: int | None = None
    saltus: int | None = None
    certified: bool | None = None
    bound: int | None = None
    rare_count: int | None = None
    mask: int | None = None
    mask_uses_parity: bool | None = None
    kernel: str | None = None


class Table2d(BaseModel):
    """SG values and outcomes of the two-heap positions a b, for a, b from 0 to upto."""

    game: str
    upto: int  # the last heap of each side (less than asked when the search stopped)
    misere: bool
    values: list[list[int]] | None  # values[a][b] = g(a, b); None in misère play
    outcomes: list[list[str]]  # outcomes[a][b]: "P" or "N"
    stopped: str | None  # why the table stops short of the upto asked, if it does


class PatternRegions(BaseModel):
    """The regions of a rule by region, over the table (``grundy pattern --json``)."""

    labels: list[list[str]]  # [where, rule] for each region: ["b ≥ a", "[0 1 | 3 2][a % 2]…"]
    cells: list[list[int]]  # the region of each cell of the table, an index into labels


class FoundPattern(BaseModel):
    """A formula for the SG values, and how sure it is (``grundy pattern --json``)."""

    model_config = ConfigDict(extra="allow")

    formula: str  # as people write it: "n % 4", "a ^ b", "period 3: 0 1 2"
    variables: list[str]  # ["n"] or ["a", "b"]
    kind: str  # "expression", "periodic", "halving"...
    size: int  # how complex: simpler patterns come first
    status: str  # "proved", "verified" or "fits the table"
    region: str  # where it reproduces the computed values: "0 ≤ n < 128"
    checked: str | None  # where the mex rule was checked and holds
    theorem: str | None  # the theorem that proves it (proved only)
    failure: str | None  # where the mex check failed, when it did
    note: str | None = None  # what else is known (the offsets to declare for a proof)
    regions: PatternRegions | None = None  # a rule by region: where each region lies


class PPositionRule(BaseModel):
    """A rule that gives exactly the P-positions (zeros) of a 2-D table."""

    model_config = ConfigDict(extra="allow")

    kind: str  # "line", "congruence", "beatty" or "complementary"
    text: str  # "(a, b) = (⌊kφ⌋, ⌊kφ²⌋) or swapped, k >= 0"


class RowRule(BaseModel):
    """A row (or column) of a 2-D table that is eventually (additively) periodic."""

    model_config = ConfigDict(extra="allow")

    axis: str  # "row" or "column"
    index: int
    text: str  # "row a = 1: G(1, b + 3) = G(1, b) + 3 for b >= 0"


class PatternAnswer(BaseModel):
    """The best pattern's value at the indices asked (``at``)."""

    indices: list[int | str]  # past 2^53 as decimal strings
    value: int | str  # past 2^53 as a decimal string
    conjectural: bool  # False: a theorem proves the pattern; True: checked on a region only


class PatternReport(BaseModel):
    """What a pattern search found (``grundy pattern --json``): patterns simplest first."""

    model_config = ConfigDict(extra="allow")

    game: str
    variables: list[str]
    region: str  # the indices whose values were computed
    start: list[int]  # the first index of each variable
    values: list[int | str] | list[list[int | str]]  # the table (past 2^53 as strings)
    patterns: list[FoundPattern]  # proved first, then verified, then fitting the table
    p_positions: list[PPositionRule]  # 2-D only
    rows: list[RowRule]  # 2-D only
    searched: str  # the space searched, in words
    gave_up: str | None  # why the search stopped early, if it did
    message: str  # the outcome in one line
    at: PatternAnswer | None = None  # only when asked (absent otherwise)


class GraphNode(BaseModel):
    id: int
    position: JsonPosition
    text: str
    grundy: int | None
    outcome: str
    level: int


class GameGraph(BaseModel):
    game: str
    position: JsonPosition
    misere: bool
    nodes: list[GraphNode]
    edges: list[list[int]]


class Health(BaseModel):
    """The compute workers: how many the server runs, how many are alive right now."""

    status: str  # "ok": every worker alive; "degraded": some; "down": none (all starting)
    workers: int  # the pool's size
    alive: int  # worker processes running (a worn one may outlive its replacement briefly)
    busy: int  # workers computing a request
    starting: int  # workers being started (replacing dead or worn ones)
    replaced: int  # workers replaced since the server started (died, past the budget, worn)
    cache_entries: int  # answers kept
    cache_bytes: int  # their size, bounded
