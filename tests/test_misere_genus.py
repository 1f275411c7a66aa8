"""Conway's genus (grundy.misere.genus) against CGSuite's values and brute-force misère play."""

from __future__ import annotations

import functools
import re

import pytest
from conftest import DATA, read_pairs
from conftest import run_cli as run
from conftest import run_cli_json as run_json
from hypothesis import given
from hypothesis import strategies as st

import grundy as gr
from grundy.app.registry import find
from grundy.core.errors import InvalidGameError, LoopError, PositionLimitError
from grundy.games import FibonacciNim, Nim, OctalGame, SubtractionGame, Wythoff
from grundy.misere import from_position
from grundy.misere.genus import PHYLA, Genus, GenusSearch, genus, genus_sequence


def read_genus(name: str) -> dict[int, str]:
    """A CGSuite table of lines ``n genus`` (the first line names its source)."""
    lines = (DATA / name).read_text().splitlines()
    assert lines[0].startswith("# source: CGSuite")
    return {int(n): text for n, text in (line.split() for line in lines[1:] if line.strip())}


# ---------------------------------------------------------------- the value
def test_nim_heap_genera_and_the_empty_game():
    assert Genus.of_nim_heap(0) == Genus(0, (1, 2, 0)) == Genus.from_options([])
    assert Genus.of_nim_heap(1) == Genus(1, (0, 3, 1))
    assert [Genus.of_nim_heap(n).misere_values for n in (2, 3, 6)] == [(2, 0), (3, 1), (6, 4)]
    # *n has the options *0..*(n-1): the recursion gives the nim-heap genus back
    for n in range(40):
        assert Genus.from_options(map(Genus.of_nim_heap, range(n))) == Genus.of_nim_heap(n)


def test_values_are_trimmed_to_the_period_two_tail():
    assert Genus(4, [1, 4, 6, 4, 6, 4]).misere_values == (1, 4, 6)
    assert Genus(0, (5, 5, 5)).misere_values == (5, 5)
    g = Genus(3, (1, 4, 3, 1))
    assert [g.misere_value(n) for n in range(8)] == [1, 4, 3, 1, 3, 1, 3, 1]
    assert eval(repr(g), {"Genus": Genus}) == g


@pytest.mark.parametrize(
    "bad", [(1, (2,)), (-1, (0, 2)), (1, (2, -1)), (1, (2.0, 0)), (True, (0, 2)), (1, None)]
)
def test_bad_values_refused(bad):
    with pytest.raises(InvalidGameError, match="non-negative ints"):
        Genus(*bad)


@pytest.mark.parametrize(
    ("text", "digits", "shown"),
    [
        ("0", (1, 2, 0), "0"),  # nim-heaps
        ("1", (0, 3, 1), "1"),
        ("7", (7, 5), "7"),
        ("13", (13, 15), "13"),
        ("0^0", (0, 2), "0^0"),  # tame: γ_i = g xor 2 (i odd)
        ("1^1", (1, 3), "1^1"),
        ("0^1", (1, 2, 0), "0"),  # tame, of a nim-heap's genus: CGSuite's 2^2 is the genus 2
        ("2^2", (2, 0), "2"),
        ("13^(13)", (13, 15), "13"),
        ("1^2", (2, 0), "1^2"),  # restive, b = γ0 < 4
        ("0^3", (3, 1), "0^3"),
        ("0^4", (4, 2, 0), "0^4"),  # restive, b = g
        ("1^5", (5, 3, 1), "1^5"),
        ("4^146", (1, 4, 6), "4^146"),  # explicit digits
        ("2^1420", (1, 4, 2, 0), "2^1420"),
        ("0^120", (1, 2, 0), "0"),  # a wild game of tame genus: CGSuite writes every digit
        ("1^13", (1, 3), "1^1"),
        ("6^(1,9,10,8)", (1, 9, 10, 8), "6^(1,9,10,8)"),
        ("0^{1202}", (1, 2, 0), "0"),
        ("0^{1,2,0}", (1, 2, 0), "0"),
        (" 3^1431 ", (1, 4, 3, 1), "3^1431"),
    ],
)
def test_parse_and_text(text, digits, shown):
    found = Genus.parse(text)
    assert found.misere_values == digits
    assert str(found) == shown
    assert Genus.parse(str(found)) == found


@pytest.mark.parametrize(
    ("values", "phylum", "shown"),
    [
        ((2, (2, 0)), "nim-heap", "2"),
        ((2, (2, 0)), "hereditarily tame", "2^2"),  # Wythoff (10, 14)
        ((2, (2, 0)), "reversibly tame", "2^2"),  # Kayles 7
        ((0, (1, 2, 0)), "reversibly tame", "0^1"),
        ((13, (13, 15)), "reversibly tame", "13^(13)"),
        ((1, (1, 3)), "tameable", "1^13"),  # Kayles 16: every digit
        ((0, (1, 2, 0)), "tameable", "0^120"),
        ((2, (2, 0)), "wild", "2^20"),  # Kayles 19
        ((1, (2, 0)), "hereditarily restive", "1^2"),
        ((0, (2, 0)), "reversibly restive", "0^2"),
        ((0, (2, 0)), "wild", "0^20"),  # Grundy's game 20
        ((4, (1, 4, 6)), "restless", "4^146"),
        ((6, (1, 9, 10, 8)), "wild", "6^(1,9,10,8)"),
    ],
)
def test_text_by_phylum(values, phylum, shown):
    found = Genus(*values, phylum=phylum)
    assert str(found) == shown
    assert found == Genus(*values) == Genus.parse(shown)  # the phylum is not the value
    assert hash(found) == hash(Genus(*values))
    assert Genus.parse(shown).phylum is None
    assert eval(repr(found), {"Genus": Genus}).phylum == phylum


def test_phylum_refused():
    with pytest.raises(InvalidGameError, match="phylum 'tame' is not one of nim-heap, "):
        Genus(2, (2, 0), phylum="tame")
    for values, phylum in [
        ((2, (2, 0)), 3),
        ((0, (0, 2)), "nim-heap"),
        ((4, (1, 4, 6)), "reversibly tame"),
        ((1, (1, 3)), "hereditarily restive"),
        ((6, (4, 6)), "restless"),
    ]:
        with pytest.raises(InvalidGameError, match="genus .*phylum|no .* game has it"):
            Genus(*values, phylum=phylum)
    assert set(PHYLA) == {"nim-heap", "tameable", "restless", "wild"} | {
        f"{how} {kind}" for how in ("hereditarily", "reversibly") for kind in ("tame", "restive")
    }


@pytest.mark.parametrize("text", ["", "^2", "2^", "2^(1,)", "a", "2^1x", "5^3", "2^0", "3^(4)"])
def test_parse_refuses(text):
    with pytest.raises(InvalidGameError, match="genus"):
        Genus.parse(text)


def test_kinds():
    kinds = {
        "3": "tame",
        "0": "tame",
        "1^1": "tame",
        "0^0": "tame",
        "1^2": "restive",
        "0^4": "restive",
        "2^1420": "restless",
        "4^146": "restless",
        "6^46": "wild",
        "0^24": "wild",  # g 0, γ0 2, but not the tail CGSuite implies for a restive genus
        "0^02": "tame",
        "0^04": "wild",
    }
    for text, kind in kinds.items():
        g = Genus.parse(text)
        found = [g.is_tame, g.is_restive, g.is_restless, g.is_wild]
        assert found == [kind == k for k in ("tame", "restive", "restless", "wild")], text
    assert Genus.parse("5").is_nim_heap and not Genus.parse("1^1").is_nim_heap


# ---------------------------------------------------------------- CGSuite's tables
HEAP_GAMES = [
    ("nim", "nim", None),
    ("kayles_0.77", "kayles", "0.77"),
    ("dawsons_kayles_0.07", "0.07", "0.07"),
    ("grundys_game", "grundys-game", "grundy"),
    ("hexadecimal_0.3F", "0.3F", "0.3F"),
    ("allbut_2_3_7", "allbut:2,3,7", "allbut:2,3,7"),
    ("subtraction_2_3_7", "subtraction:2,3,7", "subtraction:2,3,7"),
]


@pytest.mark.parametrize(("name", "spec", "code"), HEAP_GAMES)
def test_heap_games_match_cgsuite(name, spec, code):
    """Every row, value and text, with no exception (147 rows): the phylum of each heap's
    misère canonical form, kept by the search, chooses CGSuite's notation."""
    published = read_genus(f"cgsuite_{name}_genus.txt")
    assert sorted(published) == list(range(21))
    found = genus_sequence(find(spec), 20)
    assert all(g.phylum is not None for g in found)
    assert {n: str(g) for n, g in enumerate(found)} == published
    assert found == [Genus.parse(text) for text in published.values()]
    misere = read_pairs(f"cgsuite_{name}_misere_nim_values.txt")
    assert all(found[n].misere_value() == v for n, v in misere.items())
    if code is not None:  # the same game from its code, moves written by the genus module
        from_code = genus_sequence(code, 20)
        assert from_code == found and list(map(str, from_code)) == list(map(str, found))


# The rows whose text the genus alone does not decide: (game, n, CGSuite's text, phylum)
NEEDS_THE_PHYLUM = [
    ("kayles_0.77", 7, "2^2", "reversibly tame"),  # the genus of *2, not *2
    ("kayles_0.77", 10, "2^2", "reversibly tame"),
    ("kayles_0.77", 14, "2^2", "reversibly tame"),
    ("kayles_0.77", 16, "1^13", "tameable"),  # tame genera, every digit written
    ("kayles_0.77", 18, "3^31", "wild"),
    ("kayles_0.77", 19, "2^20", "wild"),
    ("kayles_0.77", 20, "1^031", "tameable"),
    ("grundys_game", 20, "0^20", "wild"),
]


def test_text_without_the_phylum():
    """With no form kept (max_form_size=0) the text is read from the genus alone: it
    differs from CGSuite's in exactly the 8 of the 147 heap rows that need the phylum."""
    differ = []
    for name, spec, _ in HEAP_GAMES:
        published = read_genus(f"cgsuite_{name}_genus.txt")
        plain = genus_sequence(find(spec), 20, max_form_size=0)
        assert all(g.phylum is None for g in plain)
        assert plain == genus_sequence(find(spec), 20)
        differ += [(name, n) for n, g in enumerate(plain) if str(g) != published[n]]
    assert differ == [(name, n) for name, n, _, _ in NEEDS_THE_PHYLUM]
    for name, n, text, phylum in NEEDS_THE_PHYLUM:
        spec = next(spec for game, spec, _ in HEAP_GAMES if game == name)
        found = genus(find(spec), n)
        assert (str(found), found.phylum) == (text, phylum)
        assert str(Genus.parse(text)) != text  # the genus alone writes it otherwise


def test_coordinate_games_match_cgsuite():
    wythoff = Wythoff()
    for n, text in read_genus("cgsuite_wythoff_row10_genus.txt").items():
        found = genus(wythoff, (10, n))
        assert found == Genus.parse(text) and str(found) == text, n
    # Wythoff (10, 14) is 2^2 (hereditarily tame, not *2): the genus alone writes 2
    assert genus(wythoff, (10, 14)).phylum == "hereditarily tame"
    # GenMem(a <= 2 memory) at (10, memory n): our Fibonacci nim's (10, min(2n, 10))
    fibonacci = FibonacciNim()
    for n, text in read_genus("cgsuite_fibonacci_nim_coord_row10_genus.txt").items():
        found = genus(fibonacci, (10, min(2 * n, 10)))
        assert found == Genus.parse(text) and str(found) == text, n


# ---------------------------------------------------------------- CGSuite's misère games
TREE = gr.game_from_moves(lambda p: list(p), name="tree")  # a position is its options


def heap(n: int) -> tuple:
    return tuple(heap(k) for k in range(n))


def read_cgsuite_game(text: str):
    """CGSuite's input notation: *[n] = *n, *[a,b,...] = {a, b, ...} (an integer a nim-heap,
    [..] the game of those options), *[x] = x for one element x, + = sum."""
    tokens = re.findall(r"\*\[|\[|\]|,|\+|\d+", text)
    assert "".join(tokens) == text.replace(" ", "")
    at = 0

    def take(expected=None):
        nonlocal at
        token = tokens[at]
        assert expected is None or token == expected, (text, at, token)
        at += 1
        return token

    def expression():
        terms = [star()]
        while at < len(tokens) and tokens[at] == "+":
            take("+")
            terms.append(star())
        return terms[0] if len(terms) == 1 else gr.Sum(*terms)

    def star():
        take("*[")
        items = elements()
        return items[0] if len(items) == 1 else tuple(items)

    def elements():
        items = [element()]
        while tokens[at] == ",":
            take(",")
            items.append(element())
        take("]")
        return items

    def element():
        token = tokens[at]
        if token == "[":
            take("[")
            return tuple(elements())
        if token == "*[":
            return expression()
        return heap(int(take()))

    game = expression()
    assert at == len(tokens)
    return game


def test_cgsuite_misere_games():
    lines = (DATA / "cgsuite_misere_canonical_genus.tsv").read_text().splitlines()
    assert lines[0].startswith("# source: CGSuite") and lines[1].startswith("input\t")
    assert len(lines) == 16
    for line in lines[2:]:
        text, expected, misere_value, nim_value = line.split("\t")
        found = genus(TREE, read_cgsuite_game(text))
        assert found == Genus.parse(expected) and str(found) == expected, text
        assert (found.misere_value(), found.nim_value) == (int(misere_value), int(nim_value))
    assert read_cgsuite_game("*[[2],0]") == ((heap(2),), ())
    assert str(genus(TREE, read_cgsuite_game("*[[2],1]"))) == "2^1420"


# ---------------------------------------------------------------- brute force
@st.composite
def random_dags(draw, most=9):
    """A random finite game: position i moves to some positions j < i."""
    size = draw(st.integers(1, most))
    edges = [draw(st.lists(st.integers(0, i - 1), unique=True)) if i else [] for i in range(size)]
    return size, edges


def brute_misere(edges):
    """The misère nim value of a sum of DAG positions and nim-heaps *2 and *1, by the rule
    alone: 1 with no move, else the mex of the options' values (no genus)."""

    @functools.cache
    def value(state):
        positions, twos, ones = state
        options = []
        for k, p in enumerate(positions):
            rest = positions[:k] + positions[k + 1 :]
            options += [(tuple(sorted((*rest, q))), twos, ones) for q in edges[p]]
        if twos:
            options += [(positions, twos - 1, ones + 1), (positions, twos - 1, ones)]
        if ones:
            options.append((positions, twos, ones - 1))
        if not options:
            return 1
        seen = {value(o) for o in options}
        return next(m for m in range(len(seen) + 1) if m not in seen)

    return value


@given(random_dags(), st.data())
def test_genus_is_misere_play_plus_twos(dag, data):
    size, edges = dag
    game = gr.game_from_moves(lambda i: edges[i], name="dag")
    value = brute_misere(edges)
    for p in range(size):
        found = genus(game, p)
        assert found.nim_value == game.grundy(p)
        assert (found.misere_value() == 0) == (game.outcome(p, misere=True) is gr.Outcome.P)
        for n in range(6):
            assert found.misere_value(n) == value(((p,), n, 0)), (p, n)
    # a sum is valued from its own options: check it too
    p, q = data.draw(st.integers(0, size - 1)), data.draw(st.integers(0, size - 1))
    both = genus(game, gr.Sum(p, q))
    assert both.nim_value == game.grundy(p) ^ game.grundy(q)
    for n in range(4):
        assert both.misere_value(n) == value((tuple(sorted((p, q))), n, 0))


@given(random_dags(), st.data())
def test_phylum_is_the_canonical_forms(dag, data):
    """The phylum the search keeps is that of from_position's canonical form (another
    path: sums of forms), and the genus has the shape the phylum implies (else Genus
    would refuse it)."""
    size, edges = dag
    game = gr.game_from_moves(lambda i: edges[i], name="dag")
    p, q = data.draw(st.integers(0, size - 1)), data.draw(st.integers(0, size - 1))
    for position in (p, gr.Sum(p, q)):
        found = genus(game, position)
        form = from_position(game, position)
        assert game.cache["genus"].memo[game.cache["genus"].key(position)] is form
        assert (found.phylum == "nim-heap") == form.is_nim_heap
        assert (found.phylum in ("nim-heap", *PHYLA[1:3])) == form.is_generally_tame
        assert (found.phylum in PHYLA[4:6]) == form.is_generally_restive
        assert (found.phylum == "restless") == form.is_restless
        assert (found.phylum in PHYLA[:4]) == form.is_tameable
        assert (found.nim_value, found.misere_value()) == (form.nim_value, form.misere_nim_value)
        assert Genus.parse(str(found)) == found


# ---------------------------------------------------------------- searches
def test_sums_and_memo():
    kayles = OctalGame("0.77")
    assert genus(kayles, gr.Sum(2, 2)) == Genus(0, (0, 2))  # *2 + *2: 0^0, not 0
    assert genus(kayles, gr.Sum(1, 0, 1)) == genus(kayles, gr.Sum(1, 1)) == Genus(0, (1, 2, 0))
    first = genus_sequence(kayles, 16)
    stored = kayles.cache["genus"].positions
    assert genus_sequence(kayles, 16) == first  # from the memo: nothing searched again
    assert kayles.cache["genus"].positions == stored
    kayles.clear_cache()
    assert "genus" not in kayles.cache
    # Nim's positions are tuples with components: (3, 0, 4) is the sum *3 + *4
    nim = Nim()
    assert genus(nim, (3, 0, 4)) == genus(nim, gr.Sum(3, 4)) == genus(nim, (4, 3))
    assert nim.cache["genus"].positions == len(nim.cache["genus"].memo)


def test_deep_chain_needs_no_recursion():
    # 100,000 positions in one chain: an explicit stack
    assert genus(SubtractionGame([1, 2]), 100_000) == Genus.of_nim_heap(100_000 % 3)
    countdown = gr.game_from_moves(lambda n: [n - 1] if n else [], name="countdown")
    assert genus(countdown, 50_001) == Genus.of_nim_heap(1)


def test_form_size_cap():
    """Past max_form_size the forms are dropped: later heaps come without a phylum (the
    text from the genus alone), earlier ones keep theirs, the values are the same."""
    kayles = OctalGame("0.77")
    full = genus_sequence(OctalGame("0.77"), 20)
    capped = genus_sequence(kayles, 20, max_form_size=300)
    assert capped == full
    cut = next(n for n, g in enumerate(capped) if g.phylum is None)
    assert 7 < cut < 20 and all(g.phylum is None for g in capped[cut:])
    assert list(map(str, capped[:cut])) == list(map(str, full[:cut]))
    search = kayles.cache["genus"]
    assert search.genera is None and search.form_size == 0
    assert all(type(v) is Genus for v in search.memo.values())
    assert genus(kayles, 10) == full[10] and str(genus(kayles, 7)) == "2^2"  # found before
    # for good: a later call with room does not bring the forms back
    assert genus(kayles, 21).phylum is None
    kayles.clear_cache()
    assert genus(kayles, 19).phylum == "wild"
    # 0 keeps none
    assert genus(OctalGame("0.77"), 7, max_form_size=0) == Genus(2, (2, 0), phylum=None)
    assert str(genus(OctalGame("0.77"), 7, max_form_size=0)) == "2"


@pytest.mark.parametrize("bad", [-1, 1.5, None, True, "10"])
def test_form_size_refused(bad):
    with pytest.raises(InvalidGameError, match="max_form_size .* must be a non-negative int"):
        genus(Nim(), (3,), max_form_size=bad)


def test_form_size_counts_options():
    search = GenusSearch(Nim())
    assert search.genus((5,), limit=100) == Genus.of_nim_heap(5)
    # the forms *0 .. *5: 6 forms with 0 + 1 + ... + 5 options
    assert search.form_size == 6 + 15 and len(search.genera) == 6


def test_position_limit():
    with pytest.raises(PositionLimitError, match="more than 400 positions needed for the genus"):
        genus(OctalGame("0.77"), 20, max_positions=400)  # it needs 792
    # refused at once where the game's search_size says so
    nim = Nim()
    with pytest.raises(PositionLimitError, match="max_positions = 1,000"):
        genus(nim, 10**9, max_positions=1000)
    assert "genus" not in nim.cache  # nothing was searched
    small = OctalGame("0.77").limited_to(50)
    with pytest.raises(PositionLimitError) as info:
        genus_sequence(small, 20)
    assert "\n" not in str(info.value)


def test_cycles_refused():
    loop = gr.game_from_moves(lambda n: [(n + 1) % 3], name="loop")
    with pytest.raises(LoopError, match="cycle 0 -> 1 -> 2 -> 0"):
        genus(loop, 0)


def test_search_keys():
    search = GenusSearch(Nim())
    assert search.key(gr.Sum((3, 0), 0, (1,))) == gr.Sum(1, 3)  # heaps of 0 change nothing
    assert search.key((0, 5)) == 5
    assert search.key(gr.Sum(0, 0)) == gr.Sum()


# ---------------------------------------------------------------- the command line
def test_cli_table_genus(capsys):
    status, out, _ = run(capsys, "table", "0.07", "--upto", "14", "--genus")
    assert status == 0
    assert "genus of one heap, n = 0..14" in out
    assert "3^1431" in out and "2^0520" in out and "4^146" in out
    report = run_json(capsys, "table", "kayles", "--upto", "20", "--genus")
    assert report["genus"] == list(read_genus("cgsuite_kayles_0.77_genus.txt").values())
    assert report == {"game": "kayles", "upto": 20, "genus": report["genus"]}


def test_cli_table_genus_stops_short(capsys):
    report = run_json(capsys, "table", "0.77", "--upto", "30", "--genus", "--max-positions", "300")
    assert 0 < report["upto"] < 30 and len(report["genus"]) == report["upto"] + 1
    assert "positions" in report["stopped"]


@pytest.mark.parametrize("extra", [["--misere"], ["--plot", "x.png"], ["--certify"]])
def test_cli_table_genus_refuses(capsys, extra):
    status, out, err = run(capsys, "table", "0.77", "--upto", "5", "--genus", *extra)
    assert status == 2 and out == ""
    assert err.startswith("error: --genus") and err.count("\n") == 1


def test_cli_table_genus_needs_heaps(capsys):
    status, _, err = run(capsys, "table", "wythoff", "--upto", "5", "--genus")
    assert status == 2 and err.count("\n") == 1
