"""Misère canonical forms: CGSuite's reference values, and misère equality checked by
brute-force search on random games (grundy.misere.canonical, notation, positions)."""

from __future__ import annotations

import copy
import json
import pickle
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import reduce

import pytest
from conftest import DATA
from hypothesis import given
from hypothesis import strategies as st

import grundy as gr
from grundy.app.registry import find
from grundy.core.errors import InvalidGameError, InvalidPositionError, LoopError, PositionLimitError
from grundy.games import Nim
from grundy.misere import Genus, genus
from grundy.misere.canonical import MAX_NIM_HEAP, MisereGame, misere_canonical, nim_heap
from grundy.misere.notation import format_game, parse, text_length
from grundy.misere.positions import from_position

RECORDS = json.loads((DATA / "cgsuite_misere_canonical_games.json").read_text())["records"]

# CGSuite's property (a key of the reference records) -> MisereGame attribute
PROPERTIES = {
    "canonical_output": None,  # str(game)
    "birthday": "birthday",
    "misereNimValue": "misere_nim_value",
    "nimValue": "nim_value",
    "misereOutcomeClass": "misere_outcome",
    "mate": "mate",
    "options": "options",
    "parts": "parts",
    "partitions": "partitions",
    "isEven": "is_even",
    "isExtraverted": "is_extraverted",
    "isGenerallyRestive": "is_generally_restive",
    "isGenerallyTame": "is_generally_tame",
    "isHalfTame": "is_half_tame",
    "isIntroverted": "is_introverted",
    "isNimHeap": "is_nim_heap",
    "isPrime": "is_prime",
    "isRestive": "is_restive",
    "isRestless": "is_restless",
    "isTame": "is_tame",
    "isTameable": "is_tameable",
}


def cgsuite_text(value: object) -> str:
    """A value as CGSuite prints it: true/false, [a,b], outcome letters, games."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ",".join(map(cgsuite_text, value)) + "]"
    if isinstance(value, gr.Outcome):
        return value.value
    return str(value)


# --------------------------------------------------------------------- reference data
@pytest.mark.parametrize("key", list(PROPERTIES))
@pytest.mark.parametrize("record", RECORDS, ids=[r["input"] for r in RECORDS])
def test_cgsuite_record(record, key):
    game = parse(record["input"])
    attribute = PROPERTIES[key]
    got = str(game) if attribute is None else cgsuite_text(getattr(game, attribute))
    assert got == record[key]


@pytest.mark.parametrize("record", RECORDS, ids=[r["input"] for r in RECORDS])
def test_cgsuite_record_notation_round_trip(record):
    game = parse(record["input"])
    assert parse(record["canonical_output"]) is game
    assert parse(record["mate"]) is game.mate
    assert record["cgscript_class"] == "MisereCanonicalGame"


@pytest.mark.parametrize("record", RECORDS, ids=[r["input"] for r in RECORDS])
def test_cgsuite_record_genus_value(record):
    """The genus field, as a value: grundy.misere.genus (another module) of the canonical
    form played as a game. Its printed text is that module's to test: CGSuite prints it
    from the phylum (the tameable 0^120 in full, where 0's own genus prints as 0)."""
    tree = gr.game_from_moves(lambda form: list(form.options), name="form")
    assert genus(tree, parse(record["input"])) == Genus.parse(record["genus"])


def expected_rows() -> list[dict[str, str]]:
    lines = [
        line
        for line in (DATA / "cgsuite_misere_expected_values.tsv").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"), strict=True)) for line in lines[1:]]


ROWS = expected_rows()
OPERATIONS = {
    "Distinguisher": MisereGame.distinguisher,
    "IsLinkedTo": MisereGame.is_linked_to,
    "Link": MisereGame.link,
    "MisereMinus": MisereGame.misere_minus,
}


def cram(board: str) -> tuple[gr.ImpartialGame, frozenset]:
    """Cram by its rules: a move covers two empty cells side by side ('.'; '#' is filled)."""
    rows = board.split("|")
    empty = frozenset(
        (r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if cell == "."
    )

    def moves(cells: frozenset) -> list[frozenset]:
        return [
            cells - {(r, c), (r + dr, c + dc)}
            for r, c in cells
            for dr, dc in ((0, 1), (1, 0))
            if (r + dr, c + dc) in cells
        ]

    return gr.game_from_moves(moves, name="cram"), empty


def evaluate(expression: str) -> str:
    """A row's CGScript expression, computed here, as CGSuite prints the answer."""
    for name, operation in OPERATIONS.items():
        left, found, right = expression.partition(f" {name} ")
        if found:
            try:
                return cgsuite_text(operation(parse(left), parse(right)))
            except InvalidGameError as exc:
                return f"!!{exc}"
    if expression.startswith("game.grid.Cram("):
        board = expression.split('"')[1]
        return str(from_position(*cram(board)))
    if expression.startswith("game.heap.GrundysGame("):
        heap = int(expression.split("(")[1].split(")")[0])
        return str(from_position(find("grundys-game"), heap))
    pytest.skip(f"{expression}: Domineering is partizan; MisereGame holds impartial games")


@pytest.mark.parametrize("row", ROWS, ids=[r["cgscript_expression"] for r in ROWS])
def test_cgsuite_expected_value(row):
    got = evaluate(row["cgscript_expression"])
    expected = row["expected"]
    if expected.startswith("!!"):  # CGSuite's error: ours names the same two games
        assert got.startswith("!!")
        message = expected.split(": ", 1)[1]
        for game in message.split(", "):
            assert game in got
        assert expected.split(":")[0].removeprefix("!!Those ").split()[-1] in got
    else:
        assert got == expected


def test_heap_games_misere_nim_values_match_cgsuite():
    """CGSuite's misère nim values of heaps 0-20 (tests/data), from the forms."""
    files = {
        "0.77": "kayles_0.77",
        "0.07": "dawsons_kayles_0.07",
        "grundys-game": "grundys_game",
        "0.3F": "hexadecimal_0.3F",
        "subtraction:2,3,7": "subtraction_2_3_7",
        "allbut:2,3,7": "allbut_2_3_7",
        "nim": "nim",
    }
    for spec, stem in files.items():
        game = find(spec)
        text = (DATA / f"cgsuite_{stem}_misere_nim_values.txt").read_text()
        for line in text.splitlines()[1:]:
            n, value = map(int, line.split())
            assert from_position(game, n).misere_nim_value == value, (spec, n)


# --------------------------------------------------------------------- nim
def test_nim_heaps():
    for n in range(14):
        heap = nim_heap(n)
        assert str(heap) == (f"*[{n}]" if n < 10 else f"*[&{n};]")
        assert heap.is_nim_heap and heap.birthday == heap.nim_value == n
        assert heap.options == tuple(nim_heap(k) for k in range(n))
        assert from_position(Nim(), n) is heap is parse(str(heap)) is MisereGame(n)
    assert heap.misere_nim_value == 13 and nim_heap(1).misere_nim_value == 0


def test_known_simplifications():
    assert str(parse("*[[2]]")) == "*[2#]"  # {*2}: no reduction, the one-option game
    assert parse("*[[1]]") is nim_heap(0)  # {*1} = 0
    assert misere_canonical([3, 1, 0]) is nim_heap(2)  # *3 reverses through {*1, 0}
    assert misere_canonical([[1, 0], 0]) is nim_heap(1)  # {*2, 0}: *2 reverses to {0}
    assert misere_canonical([2, 1]) is nim_heap(0)  # each option has 0, *1 is P
    assert misere_canonical([2, 3]) is nim_heap(2) + nim_heap(2)  # no option is P: not 0
    assert nim_heap(1) + nim_heap(1) is nim_heap(0)
    assert str(nim_heap(2) + nim_heap(3)) == "*[2[3]]"  # misère sums of heaps are not heaps


def bouton_misere_p(heaps: list[int]) -> bool:
    """Misère Nim (Bouton): P iff the nim-sum is 0, unless every heap is at most 1,
    when P iff the number of 1-heaps is odd."""
    if all(h <= 1 for h in heaps):
        return sum(heaps) % 2 == 1
    return reduce(lambda a, b: a ^ b, heaps, 0) == 0


@given(st.lists(st.integers(0, 6), max_size=5))
def test_misere_nim_sums_follow_bouton(heaps):
    total = sum((nim_heap(h) for h in heaps), MisereGame())
    assert (total.misere_outcome == gr.Outcome.P) == bouton_misere_p(heaps)
    assert total is from_position(Nim(), tuple(heaps))


# --------------------------------------------------------------------- random games
@st.composite
def dags(draw: st.DrawFn, max_nodes: int = 12) -> dict[int, list[int]]:
    """A random game graph: node i moves to at most 5 nodes below it (forms born by day
    8 or so, 180 different ones in 2,000 graphs)."""
    n = draw(st.integers(1, max_nodes))
    return {
        i: sorted(draw(st.sets(st.integers(0, i - 1), max_size=5)) if i else []) for i in range(n)
    }


@st.composite
def forms(draw: st.DrawFn, steps: int = 8) -> MisereGame:
    """A random canonical form, built as games of options drawn from the earlier ones."""
    pool = [nim_heap(k) for k in range(4)]
    for _ in range(draw(st.integers(0, steps))):
        chosen = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=4))
        game = misere_canonical(chosen)
        if game not in pool:
            pool.append(game)
    return draw(st.sampled_from(pool[-3:]))


class Mixed:
    """One brute-force game whose positions are ("d", node) of a graph and ("m", k), the
    k-th subgame of canonical forms registered here (moves: its options)."""

    def __init__(self, dag: dict[int, list[int]]) -> None:
        self.dag = dag
        self.forms: list[MisereGame] = []
        self.index: dict[MisereGame, int] = {}
        self.game = gr.game_from_moves(self.moves, name="mixed")

    def of(self, form: MisereGame) -> tuple[str, int]:
        if form not in self.index:
            self.index[form] = len(self.forms)
            self.forms.append(form)
        return ("m", self.index[form])

    def moves(self, position: tuple[str, int]) -> list[tuple[str, int]]:
        kind, value = position
        if kind == "d":
            return [("d", j) for j in self.dag[value]]
        return [self.of(option) for option in self.forms[value].options]

    def misere_p(self, *parts: tuple[str, int]) -> bool:
        return self.game.outcome(gr.Sum(*parts), misere=True) == gr.Outcome.P


@given(dags())
def test_form_has_the_positions_misere_outcome(dag):
    game = gr.game_from_moves(lambda i: dag[i])
    for node in dag:
        form = from_position(game, node)
        assert form.misere_outcome == game.outcome(node, misere=True)
        assert (form.misere_outcome == gr.Outcome.P) == (form.misere_nim_value == 0)
        assert form.nim_value == game.grundy(node)


@given(dags(), st.data())
def test_form_is_misere_equal_to_the_position(dag, data):
    """G + X and canonical(G) + X have the same misère outcome, X any node."""
    game = gr.game_from_moves(lambda i: dag[i])
    mixed = Mixed(dag)
    g = data.draw(st.sampled_from(list(dag)))
    form = from_position(game, g)
    for x in dag:
        assert mixed.misere_p(("d", g), ("d", x)) == mixed.misere_p(mixed.of(form), ("d", x))
        both = from_position(game, gr.Sum(g, x))
        assert both is form + from_position(game, x)
        assert (both.misere_outcome == gr.Outcome.P) == mixed.misere_p(("d", g), ("d", x))


@given(forms(), forms())
def test_different_forms_are_told_apart(g, h):
    """Different forms are misère-different: the distinguisher tells them apart, and a
    link makes both P-positions, checked by search."""
    mixed = Mixed({0: []})
    if g is h:
        return
    t = g.distinguisher(h)
    assert mixed.misere_p(mixed.of(g), mixed.of(t))
    assert not mixed.misere_p(mixed.of(h), mixed.of(t))
    assert g.is_linked_to(h) == (g not in h.options and h not in g.options)
    if g.is_linked_to(h):
        link = g.link(h)
        assert mixed.misere_p(mixed.of(g), mixed.of(link))
        assert mixed.misere_p(mixed.of(h), mixed.of(link))


@given(forms(), forms())
def test_reversible_options_are_removed(g, h):
    """An option A with g as an option is reversible through g: {g's options, A} = g,
    unless g = 0 and A is an N-position (then {A} is a P-position, 0 is not)."""
    extra = misere_canonical([g, h])
    if g not in extra.options:
        return
    built = misere_canonical([*g.options, extra])
    if g.options or extra.misere_outcome == gr.Outcome.P:
        assert built is g
    else:
        assert built is not g and built.misere_outcome == gr.Outcome.P


@given(forms())
def test_canonical_is_idempotent_and_notation_round_trips(g):
    assert misere_canonical(g.options) is g
    assert misere_canonical(list(g.options)) is g
    assert MisereGame(g) is g and misere_canonical(g) is g
    tree = gr.game_from_moves(lambda form: list(form.options))
    assert from_position(tree, g) is g
    assert parse(str(g)) is g
    assert text_length(g) == len(str(g)) == len(format_game(g))
    assert g.birthday == max((o.birthday + 1 for o in g.options), default=0)


@given(forms(), forms(), forms())
def test_sums(a, b, c):
    zero = nim_heap(0)
    assert a + zero is a and zero + a is a
    assert a + b is b + a
    assert (a + b) + c is a + (b + c)
    assert (a + b).misere_minus(b) is a  # cancellation: b is a part of a + b
    assert (a + nim_heap(1)) + nim_heap(1) is a
    assert a.is_even != (a + nim_heap(1)).is_even
    assert sum([a, b], MisereGame()) is a + b


@given(forms())
def test_parts_and_partitions_add_up(g):
    for part in g.parts:
        assert g.misere_minus(part) + part is g
        assert part.is_even
    for partition in g.partitions:
        assert sum(partition, MisereGame()) is g
        assert all(p.is_prime or p is nim_heap(1) for p in partition)
    assert g.is_prime == (g.birthday > 1 and not g.parts)


@given(forms())
def test_phyla_nest_and_fit_the_values(g):
    plus, minus = g.nim_value, g.misere_nim_value
    assert not (g.is_tame and not g.is_generally_tame)
    assert not (g.is_generally_tame and not g.is_tameable)
    assert not (g.is_restive and not g.is_generally_restive)
    assert g.is_generally_tame + g.is_generally_restive + g.is_restless <= 1
    if g.is_tameable:  # tame genus: G+ = G-, or both 0 or 1
        assert plus == minus or plus | minus <= 1
    if g.is_generally_restive:
        assert plus <= 1 < minus
    if g.is_restless:
        assert minus <= 1 < plus
    if g.is_half_tame:
        assert not g.is_generally_tame and (g + g).is_generally_tame


# --------------------------------------------------------------------- positions
@contextmanager
def recursion_limit(extra: int) -> Iterator[None]:
    """Allow only `extra` more Python frames than the caller has: a recursive walk of
    a deep game would fail."""
    old = sys.getrecursionlimit()
    depth = 0
    frame = sys._getframe()
    while frame is not None:
        depth += 1
        frame = frame.f_back  # type: ignore[assignment]
    sys.setrecursionlimit(depth + extra)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def test_deep_positions_need_no_recursion():
    game = gr.game_from_moves(lambda n: [n - 1, n // 2] if n else [], name="halve-or-one")
    with recursion_limit(60):
        form = from_position(game, 3000)
        assert form.birthday > 2900
        assert form.mate.birthday > 0
        assert form.is_even in (True, False) and not form.is_nim_heap
        assert form.is_tame in (True, False) and form.is_prime in (True, False)
        assert len(form.options) == 2
        assert (form + nim_heap(1)) + nim_heap(1) is form
        assert (form + nim_heap(2)).misere_nim_value >= 0
        assert repr(form).startswith("<MisereGame born on day")
        assert from_position(game, gr.Sum(3000, 1)) is form + from_position(game, 1)
        heap = from_position(gr.game_from_moves(lambda n: list(range(n))), 2000)
        assert heap.is_nim_heap and repr(heap) == "MisereGame('*[&2000;]')"


def test_positions_are_memoised_per_game():
    game = gr.game_from_moves(lambda n: [n - k for k in (1, 2, 3) if k <= n])
    from_position(game, 30)
    assert len(game.cache["misere_canonical"]) == 31
    calls = []
    counted = gr.game_from_moves(lambda n: calls.append(n) or [n - 1] if n else [])
    from_position(counted, 10)
    from_position(counted, 10)
    assert len(calls) == 10


def test_position_errors():
    game = gr.game_from_moves(lambda n: [n - 1] if n else [])
    with pytest.raises(PositionLimitError, match="more than 5 positions"):
        from_position(game, 100, max_positions=5)
    assert from_position(game, 100, max_positions=1000) is nim_heap(0)
    loop = gr.game_from_moves(lambda n: [(n + 1) % 3])
    with pytest.raises(LoopError, match="cycle"):
        from_position(loop, 0)
    with pytest.raises(LoopError):  # the interrupted search left nothing half done
        from_position(loop, 0)
    listy = gr.game_from_moves(lambda p: [[0]] if p else [])
    with pytest.raises(InvalidPositionError, match="not hashable"):
        from_position(listy, 1)
    from grundy.games import Wythoff

    with pytest.raises(PositionLimitError):  # refused at once, by search_size
        from_position(Wythoff(), (500, 900), max_positions=1000)


# --------------------------------------------------------------------- values
def test_long_notation_is_summarised():
    """The notation writes the form as a tree: Dawson's Kayles 40 (born on day 20) takes
    1.9 million characters; str and repr summarise, format_game writes or refuses."""
    form = from_position(find("0.07"), 40)
    assert text_length(form) == 1_903_349
    assert str(form) == "<MisereGame born on day 20: 1,903,349 characters>"
    assert repr(form) == "<MisereGame born on day 20, 20 options>"
    with pytest.raises(PositionLimitError, match="1,903,349 characters"):
        format_game(form, max_length=1_000_000)


def test_values_are_hash_consed_and_immutable():
    g = parse("*[2#0]")
    assert g is MisereGame([[2], 0]) is misere_canonical([0, [2]])
    assert copy.copy(g) is g and copy.deepcopy(g) is g
    assert pickle.loads(pickle.dumps(g)) is g
    assert eval(repr(g), {"MisereGame": MisereGame}) is g
    assert g != "*[2#0]" and g == MisereGame("*[2#0]") and hash(g) == hash(parse("*[2#0]"))
    with pytest.raises(AttributeError):
        g.birthday = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        g.colour = "red"  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", [3.5, -1, True, None, [1, "x"], MAX_NIM_HEAP + 1])
def test_bad_specs(spec):
    with pytest.raises(InvalidGameError):
        misere_canonical(spec)
    assert misere_canonical({"a": 2}.values()) is MisereGame([2])  # any iterable of options


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("", "nothing to read"),
        ("*[", "never closed"),
        ("*[2#", "never closed"),
        ("*[x]", "expected a digit"),
        ("*[(2)]", "two or more"),
        ("*[2[]]", "empty subscript"),
        ("*[2]+", "expected '*'"),
        ("2", "expected '*'"),
        ("*[2[-4]]", "not a part"),
        ("*[&99999;]", "0 to 1,024"),
        ("*[1,]", "expected a number"),
        ("*[2]]", "unexpected"),
        ("*[&x;]", "digits after '&'"),
        ("*[²]", "expected a digit"),
        ("*[[٣]]", "expected a number"),
    ],
)
def test_parse_errors(text, where):
    with pytest.raises(InvalidGameError, match="character") as info:
        parse(text)
    assert where in str(info.value)


@given(st.from_regex(r"\*\[[0-9#\[\]\-(),*+&;]{1,16}\]", fullmatch=True))
def test_parse_reads_a_game_or_says_where_not(text):
    try:
        game = parse(text)
    except InvalidGameError as exc:
        assert "at character" in str(exc)
        return
    assert str(game).startswith("<") or parse(str(game)) is game


def test_parse_forms():
    assert parse("*[]") is nim_heap(0)
    assert parse("*[4,2]") is misere_canonical([4, 2]) is parse("*[42]")
    assert parse("*[[4,2],4,3,1]") is misere_canonical([[4, 2], 4, 3, 1])
    assert parse("*[[2],2,1,0]") is parse("*[2#210]")
    assert parse(" *[4] + *[2] ") is nim_heap(4) + nim_heap(2) is parse("*[4[2]]")
    assert parse("*[12]") is misere_canonical([1, 2]) and parse("*[[12]]") is MisereGame([12])
    assert parse("*[&12;]") is nim_heap(12)
    assert parse("*[2#[2]]") is parse("*[2[#2]]")  # a subscript read left to right
    assert parse("*[2[##-2]]") + nim_heap(2) is parse("*[2##]")
