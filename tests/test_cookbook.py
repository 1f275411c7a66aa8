"""The solutions of docs/cookbook.md against brute force.

Each task of the cookbook (a section ``## N. ...``) defines ``solve(text)``, which reads a
judge's input and prints the answer. Here every ``solve`` is taken from the document
(its ``>>>`` examples, run as a script), run on about 50 random small inputs (fixed
seeds), and its output checked against a plain memoised win/lose search over the rules
of the game, written here without grundy: the outcome, and every winning move printed
(all of them where the task asks for all).
"""

from __future__ import annotations

import contextlib
import doctest
import io
import itertools
import random
import re
from collections.abc import Callable, Hashable, Iterable
from functools import cache
from pathlib import Path

COOKBOOK = Path(__file__).parent.parent / "docs" / "cookbook.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
TASK = re.compile(r"^## (\d+)\. ", re.M)
INPUTS = 50  # random inputs per task


# ------------------------------------------------------------------ reading the cookbook
def sections() -> tuple[str, dict[int, str]]:
    """The text before the first task, and each task's text by its number."""
    text = COOKBOOK.read_text()
    starts = list(TASK.finditer(text))
    tasks = {
        int(m.group(1)): text[m.start() : starts[i + 1].start() if i + 1 < len(starts) else None]
        for i, m in enumerate(starts)
    }
    return text[: starts[0].start()], tasks


def examples(text: str) -> list[doctest.Example]:
    """The ``>>>`` examples of the Python blocks of `text`, in order."""
    parser = doctest.DocTestParser()
    return [e for block in BLOCK.findall(text) for e in parser.get_examples(block)]


PREAMBLE, TASKS = sections()


@cache
def namespace(number: int) -> dict:
    """What task `number` defines: the preamble's examples, then the task's, as a script."""
    found: dict = {}
    source = "".join(e.source for e in examples(PREAMBLE) + examples(TASKS[number]))
    with contextlib.redirect_stdout(io.StringIO()):  # the examples print their answers
        exec(compile(source, f"{COOKBOOK.name}, task {number}", "exec"), found)
    return found


def run(number: int, text: str, function: str = "solve") -> list[str]:
    """The lines `function` of task `number` prints for the input `text`."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        namespace(number)[function](text)
    return out.getvalue().splitlines()


# ------------------------------------------------------------------ brute force
def search(options: Callable[[Hashable], Iterable[Hashable]]) -> Callable[[Hashable], bool]:
    """``wins(position)``: can the player to move force a win (normal play)?"""

    @cache
    def wins(position: Hashable) -> bool:
        return any(not wins(option) for option in options(position))

    return wins


def heaps_text(heaps: Iterable[int]) -> str:
    return " ".join(map(str, heaps))


def replace(position: tuple, i: int, *parts: int) -> tuple:
    """`position` with entry i replaced by `parts` (heaps of size 0 dropped), sorted."""
    return tuple(sorted(p for p in position[:i] + parts + position[i + 1 :] if p))


def sometimes_lost(rng: random.Random, position, options, wins):
    """`position`, or (one time in three) a lost option of it if it has one: random
    positions are mostly won, and lost ones must be tested too."""
    lost = [o for o in options(position) if not wins(o)]
    return rng.choice(lost) if lost and rng.random() < 1 / 3 else position


def check_outcome(lines: list[str], first: bool, text: str) -> None:
    assert lines, text
    assert lines[0].split()[0] == ("first" if first else "second"), (text, lines)
    if not first:
        assert lines == ["second"], (text, lines)


def check_count(lines: list[str], expected: set, text: str) -> None:
    """``first c`` then c distinct moves, as many as the brute force finds."""
    assert lines[0] == f"first {len(expected)}", (text, lines, expected)
    assert len(lines) - 1 == len(set(lines[1:])) == len(expected), (text, lines)


# ------------------------------------------------------------------ the tests
def test_the_cookbook_has_fifteen_tasks_each_with_a_short_solve():
    assert sorted(TASKS) == list(range(1, 16))
    for number, text in TASKS.items():
        assert callable(namespace(number).get("solve")), number
        assert "\nWhy: " in text, number  # the theory, in a sentence
        definitions = [e.source for e in examples(text) if e.source.startswith(("def", "class"))]
        # variants (solve_*) and faster versions of a game (Fast*) are extras
        solution = [s for s in definitions if not s.startswith(("def solve_", "class Fast"))]
        assert sum(s.count("\n") for s in solution) <= 15, number
        assert all(s.count("\n") <= 15 for s in definitions), number


def test_bash():
    rng = random.Random(1)
    for _ in range(INPUTS):
        n, m = rng.randint(1, 60), rng.randint(1, 8)
        wins = search(lambda h, m=m: [h - k for k in range(1, min(m, h) + 1)])
        text = f"{n} {m}"
        lines = run(1, text)
        check_outcome(lines, wins(n), text)
        if wins(n):
            take = int(lines[0].split()[1])
            assert lines == [f"first {take}"], (text, lines)
            assert 1 <= take <= min(m, n) and not wins(n - take), (text, lines)


def nim_options(position: tuple) -> list[tuple]:
    return [replace(position, i, b) for i, a in enumerate(position) for b in range(a)]


def test_nim_normal_and_misere():
    normal = search(nim_options)

    @cache
    def misere(position: tuple) -> bool:  # no move left: the opponent took the last stone
        options = nim_options(position)
        return not options or any(not misere(o) for o in options)

    rng = random.Random(2)
    for _ in range(INPUTS):
        rule = rng.choice(["normal", "misere"])
        heaps = tuple(rng.randint(0, 7) for _ in range(rng.randint(1, 4)))
        if not any(heaps):  # the task promises a stone: misère play has ended already
            heaps += (rng.randint(1, 7),)
        wins = normal if rule == "normal" else misere
        text = f"{rule} {heaps_text(heaps)}"
        lines = run(2, text)
        check_outcome(lines, wins(tuple(sorted(h for h in heaps if h))), text)
        expected = {
            f"heap {i + 1}: {a} -> {b}"
            for i, a in enumerate(heaps)
            for b in range(a)
            if not wins(replace(heaps, i, b))
        }
        if expected:
            check_count(lines, expected, text)
            assert set(lines[1:]) == expected, (text, lines)


def test_wythoff():
    def options(position):
        a, b = position
        yield from ((a - k, b) for k in range(1, a + 1))
        yield from ((a, b - k) for k in range(1, b + 1))
        yield from ((a - k, b - k) for k in range(1, min(a, b) + 1))

    wins = search(options)
    move = re.compile(r"take (\d+) from (heap 1|heap 2|both heaps)")
    rng = random.Random(3)
    for _ in range(INPUTS):
        a, b = sometimes_lost(rng, (rng.randint(0, 25), rng.randint(0, 25)), options, wins)
        text = f"{a} {b}"
        lines = run(3, text)
        check_outcome(lines, wins((a, b)), text)
        found = []
        for line in lines[1:]:
            k, where = move.fullmatch(line).groups()
            k = int(k)
            found.append({"heap 1": (a - k, b), "heap 2": (a, b - k)}.get(where, (a - k, b - k)))
        assert len(found) == len(set(found)), (text, lines)
        assert set(found) == {o for o in options((a, b)) if not wins(o)}, (text, lines)


def test_fibonacci_nim():
    wins = search(lambda p: [(p[0] - t, min(2 * t, p[0] - t)) for t in range(1, p[1] + 1)])
    rng = random.Random(4)
    for _ in range(INPUTS):
        n = rng.randint(1, 90)
        text = str(n)
        lines = run(4, text)
        takes = [t for t in range(1, n) if not wins((n - t, min(2 * t, n - t)))]
        check_outcome(lines, bool(takes), text)
        if takes:
            assert lines == [f"first {min(takes)}"], (text, lines)


def test_staircase_nim():
    def options(steps):
        for i, a in enumerate(steps):
            for k in range(1, a + 1):
                new = list(steps)
                new[i] -= k
                if i:
                    new[i - 1] += k
                yield tuple(new)

    wins = search(options)
    move = re.compile(r"move (\d+) coins? from step (\d+) to (?:step (\d+)|the ground)")
    rng = random.Random(5)
    for _ in range(INPUTS):
        steps = tuple(rng.randint(0, 3) for _ in range(rng.randint(1, 4)))
        text = heaps_text(steps)
        lines = run(5, text)
        check_outcome(lines, wins(steps), text)
        found = []
        for line in lines[1:]:
            k, i, j = move.fullmatch(line).groups()
            k, i = int(k), int(i)
            assert (j is None and i == 1) or (j is not None and int(j) == i - 1), line
            new = list(steps)
            new[i - 1] -= k
            if i > 1:
                new[i - 2] += k
            found.append(tuple(new))
        assert len(found) == len(set(found)), (text, lines)
        assert set(found) == {o for o in options(steps) if not wins(o)}, (text, lines)


def test_moore_nim():
    rng = random.Random(6)
    for _ in range(INPUTS):
        k = rng.randint(1, 3)
        heaps = tuple(rng.randint(0, 4) for _ in range(rng.randint(1, 4)))

        def options(position, k=k):
            for size in range(1, k + 1):
                for chosen in itertools.combinations(range(len(position)), size):
                    lower = [range(position[i]) for i in chosen]
                    for values in itertools.product(*lower):
                        new = list(position)
                        for i, v in zip(chosen, values, strict=True):
                            new[i] = v
                        yield tuple(sorted(new))

        wins = search(options)
        heaps = sometimes_lost(rng, tuple(sorted(heaps)), options, wins)
        text = f"{k} {heaps_text(heaps)}"
        lines = run(6, text)
        check_outcome(lines, wins(tuple(sorted(heaps))), text)
        if len(lines) > 1:
            assert len(lines) == 2, (text, lines)
            new = list(heaps)
            changes = lines[1].split(", ")
            assert 1 <= len(changes) <= k, (text, lines)
            for change in changes:
                i, a, b = map(int, re.fullmatch(r"heap (\d+): (\d+) -> (\d+)", change).groups())
                assert heaps[i - 1] == new[i - 1] == a > b, (text, lines)  # once each
                new[i - 1] = b
            assert not wins(tuple(sorted(new))), (text, lines)


PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
SQUARES = [1, 4, 9, 16, 25]


def test_subtraction_games():
    rng = random.Random(7)
    for _ in range(INPUTS):
        rule = rng.choice(["squares", "primes", "set", "set"])
        if rule == "set":
            subtract = sorted(rng.sample(range(1, 8), rng.randint(1, 3)))
            rule = heaps_text(subtract)
        else:
            subtract = SQUARES if rule == "squares" else PRIMES
        heaps = tuple(rng.randint(0, 30) for _ in range(rng.randint(1, 3)))

        def options(position, subtract=tuple(subtract)):
            return [
                replace(position, i, a - s)
                for i, a in enumerate(position)
                for s in subtract
                if s <= a
            ]

        wins = search(options)
        text = f"{rule}\n{heaps_text(heaps)}"
        lines = run(7, text)
        check_outcome(lines, wins(tuple(sorted(h for h in heaps if h))), text)
        expected = {
            f"{i + 1} {s}"
            for i, a in enumerate(heaps)
            for s in subtract
            if s <= a and not wins(replace(heaps, i, a - s))
        }
        if expected:
            check_count(lines, expected, text)
            assert set(lines[1:]) == expected, (text, lines)


def test_laskers_nim():
    def options(position):
        for i, a in enumerate(position):
            yield from (replace(position, i, b) for b in range(a))
            yield from (replace(position, i, x, a - x) for x in range(1, a))

    wins = search(options)
    rng = random.Random(8)
    for _ in range(INPUTS):
        heaps = tuple(rng.randint(0, 8) for _ in range(rng.randint(1, 3)))
        heaps = sometimes_lost(rng, tuple(sorted(h for h in heaps if h)), options, wins) or (0,)
        text = heaps_text(heaps)
        lines = run(8, text)
        check_outcome(lines, wins(tuple(sorted(h for h in heaps if h))), text)
        if len(lines) > 1:  # one winning move: a take, or a split in two
            assert len(lines) == 2, (text, lines)
            found = re.fullmatch(r"heap (\d+): (\d+) -> (\d+)(?: \+ (\d+))?", lines[1])
            i, a, b = map(int, found.groups()[:3])
            parts = (b,) if found.group(4) is None else (b, int(found.group(4)))
            assert heaps[i - 1] == a and (sum(parts) < a if len(parts) == 1 else sum(parts) == a)
            assert not wins(replace(tuple(heaps), i - 1, *parts)), (text, lines)


OCTAL_CODES = ["0.77", "0.07", "0.137", "0.6", "0.51", "0.4", "0.16", "0.35", "0.33", "0.7"]


def octal_heap_options(digits: tuple[int, ...], n: int) -> list[tuple[int, ...]]:
    """What a heap of n may become under the octal code with these digits d1, d2, ..."""
    found: list[tuple[int, ...]] = []
    for j, d in enumerate(digits, start=1):
        if j > n:
            break
        if d & 1 and n == j:
            found.append(())
        if d & 2 and n > j:
            found.append((n - j,))
        if d & 4:
            found.extend((x, n - j - x) for x in range(1, (n - j) // 2 + 1))
    return found


def test_octal_games():
    rng = random.Random(9)
    for _ in range(INPUTS):
        code = rng.choice(OCTAL_CODES)
        digits = tuple(int(d) for d in code[2:])
        heaps = tuple(rng.randint(1, 9) for _ in range(rng.randint(1, 3)))

        def options(position, digits=digits):
            return [
                replace(position, i, *parts)
                for i, a in enumerate(position)
                for parts in octal_heap_options(digits, a)
            ]

        wins = search(options)
        text = f"{code}\n{heaps_text(heaps)}"
        lines = run(9, text)
        check_outcome(lines, wins(tuple(sorted(heaps))), text)
        expected = {
            (i + 1, tuple(sorted(parts)))
            for i, a in enumerate(heaps)
            for parts in octal_heap_options(digits, a)
            if not wins(replace(heaps, i, *parts))
        }
        if expected:
            check_count(lines, expected, text)
            found = set()
            for line in lines[1:]:
                i, a, after = re.fullmatch(r"heap (\d+): (\d+) -> (.*)", line).groups()
                assert heaps[int(i) - 1] == int(a), (text, line)
                parts = tuple(sorted(int(p) for p in after.split(" + ") if int(p)))
                found.add((int(i), parts))
            assert found == expected, (text, lines)


def test_grundys_game():
    def options(position):
        for i, a in enumerate(position):
            yield from (replace(position, i, x, a - x) for x in range(1, (a + 1) // 2))

    wins = search(options)
    rng = random.Random(10)
    for _ in range(INPUTS):
        heaps = tuple(rng.randint(1, 14) for _ in range(rng.randint(1, 3)))
        text = heaps_text(heaps)
        lines = run(10, text)
        check_outcome(lines, wins(tuple(sorted(heaps))), text)
        if len(lines) > 1:
            assert len(lines) == 2, (text, lines)
            i, a, b, c = map(
                int, re.fullmatch(r"heap (\d+): (\d+) -> (\d+) \+ (\d+)", lines[1]).groups()
            )
            assert heaps[i - 1] == a == b + c and b != c and b and c, (text, lines)
            assert not wins(replace(heaps, i - 1, b, c)), (text, lines)


def standing(edges: frozenset) -> frozenset:
    """The edges still connected to the ground, vertex 0."""
    reached, todo = {0}, [0]
    while todo:
        v = todo.pop()
        for u, w in edges:
            for a, b in ((u, w), (w, u)):
                if a == v and b not in reached:
                    reached.add(b)
                    todo.append(b)
    return frozenset(e for e in edges if e[0] in reached)


def test_green_hackenbush_on_trees():
    wins = search(lambda edges: [standing(edges - {e}) for e in edges])
    move = re.compile(r"cut edge (\d+)-(\d+)(?:, (\d+) more edges? falls?)?")
    rng = random.Random(11)
    for _ in range(INPUTS):
        n = rng.randint(1, 9)
        label = [0, *rng.sample(range(1, n), n - 1)]
        edges = [(label[rng.randrange(v)], label[v]) for v in range(1, n)]
        edges = [e if rng.random() < 0.5 else e[::-1] for e in edges]
        rng.shuffle(edges)
        tree = frozenset(tuple(sorted(e)) for e in edges)
        text = f"{n}  " + "  ".join(f"{u} {v}" for u, v in edges)
        lines = run(11, text)
        check_outcome(lines, wins(tree), text)
        found = set()
        for line in lines[1:]:
            u, v, fall = move.fullmatch(line).groups()
            cut = tuple(sorted((int(u), int(v))))
            left = standing(tree - {cut})
            assert len(tree) - len(left) - 1 == int(fall or 0), (text, line)
            found.add(cut)
        assert len(found) == len(lines) - 1, (text, lines)
        assert found == {e for e in tree if not wins(standing(tree - {e}))}, (text, lines)


def coin_flip_sets(name: str, heads: frozenset) -> list[frozenset]:
    """Every set of coins a move from `heads` may turn over, in the game `name`."""
    found = []
    for c in heads:
        if name == "mock":  # c and up to two other coins to its left
            for k in range(3):
                found += [frozenset({c, *o}) for o in itertools.combinations(range(c), k)]
        elif name == "ruler":  # a run of coins ending at c
            found += [frozenset(range(m + 1, c + 1)) for m in range(c)]
        else:  # corners: the rectangle's corners that exist
            i, j = c
            for a, b in itertools.product(range(i), range(j)):
                corners = {(i, j), (a, j), (i, b), (a, b)}
                found.append(frozenset(x for x in corners if x[0] and x[1]))
    return found


def test_coin_turning():
    boards = {
        "mock": list(range(7)),
        "ruler": list(range(1, 8)),
        "corners": [(i, j) for i in range(1, 4) for j in range(1, 4)],
    }
    rng = random.Random(12)
    for _ in range(INPUTS):
        name = rng.choice(list(boards))
        wins = search(lambda heads, name=name: [heads ^ f for f in coin_flip_sets(name, heads)])
        heads = frozenset(rng.sample(boards[name], rng.randint(1, 4)))
        words = [f"{c[0]},{c[1]}" if name == "corners" else str(c) for c in heads]
        text = f"{name} {' '.join(words)}"
        lines = run(12, text)
        check_outcome(lines, wins(heads), text)
        if len(lines) > 1:
            assert len(lines) == 2 and lines[1].startswith("turn over coin"), (text, lines)
            if name == "corners":
                flip = {(int(i), int(j)) for i, j in re.findall(r"\((\d+),(\d+)\)", lines[1])}
            else:
                flip = {int(c) for c in re.findall(r"\d+", lines[1])}
            assert flip in coin_flip_sets(name, heads), (text, lines)
            assert not wins(heads ^ frozenset(flip)), (text, lines)


def test_tokens_on_a_dag():
    def moved(tokens: tuple, i: int, w: int) -> tuple:
        return tuple(sorted(tokens[:i] + (w,) + tokens[i + 1 :]))

    rng = random.Random(13)
    for _ in range(INPUTS):
        n = rng.randint(1, 7)
        order = rng.sample(range(n), n)  # edges go forward in this order: no cycle
        pairs = [(order[a], order[b]) for a in range(n) for b in range(a + 1, n)]
        edges = rng.sample(pairs, rng.randint(0, len(pairs)))
        tokens = tuple(rng.randrange(n) for _ in range(rng.randint(1, 3)))
        after = {v: [w for u, w in edges if u == v] for v in range(n)}
        wins = search(
            lambda p, after=after: [moved(p, i, w) for i, v in enumerate(p) for w in after[v]]
        )
        lines = [f"{n} {len(edges)}", *(f"{u} {v}" for u, v in edges), heaps_text(tokens)]
        text = "\n".join(lines)
        out = run(13, text)
        check_outcome(out, wins(tuple(sorted(tokens))), text)
        expected = {
            f"token {i + 1}: {v} -> {w}"
            for i, v in enumerate(tokens)
            for w in after[v]
            if not wins(moved(tokens, i, w))
        }
        if expected:
            check_count(out, expected, text)
            assert set(out[1:]) == expected, (text, out)


def bean_moves(bottles: tuple[int, ...]) -> list[tuple[tuple[int, int, int], tuple[int, ...]]]:
    """((i, j, k), bottles after): a bean from bottle i into bottles j <= k, i < j."""
    found = []
    n = len(bottles)
    for i in range(n):
        if bottles[i]:
            for j in range(i + 1, n):
                for k in range(j, n):
                    new = list(bottles)
                    new[i] -= 1
                    new[j] += 1
                    new[k] += 1
                    found.append(((i, j, k), tuple(new)))
    return found


def test_beans_in_bottles():
    wins = search(lambda bottles: [after for _, after in bean_moves(bottles)])
    move = re.compile(
        r"a bean from bottle (\d+) into (?:bottle (\d+) twice|bottles (\d+) and (\d+))"
    )
    rng = random.Random(14)
    for _ in range(INPUTS):
        bottles = tuple(rng.randint(0, 2) for _ in range(rng.randint(1, 4)))
        text = heaps_text(bottles)
        lines = run(13, text, "solve_beans")
        check_outcome(lines, wins(bottles), text)
        if len(lines) > 1:
            assert len(lines) == 2, (text, lines)
            i, twice, j, k = move.fullmatch(lines[1]).groups()
            j, k = (twice, twice) if twice else (j, k)
            chosen = (int(i), int(j), int(k))
            after = dict(bean_moves(bottles))[chosen]
            assert not wins(after), (text, lines)


def bar_breaks(bar: tuple[int, int]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The two bars (each sorted) a break of `bar` may leave; bars at least 2 wide."""
    w, h = bar
    found = [((a, h), (w - a, h)) for a in range(2, w - 1)]
    found += [((w, b), (w, h - b)) for b in range(2, h - 1)]
    return [(tuple(sorted(p)), tuple(sorted(q))) for p, q in found]


def test_breaking_a_chocolate_bar():
    def options(bars):
        return [
            tuple(sorted(bars[:i] + pieces + bars[i + 1 :]))
            for i, bar in enumerate(bars)
            for pieces in bar_breaks(bar)
        ]

    wins = search(options)
    move = re.compile(r"(\d+)x(\d+) -> (\d+)x(\d+) \+ (\d+)x(\d+)")
    rng = random.Random(15)
    for _ in range(INPUTS):
        bars = [(rng.randint(2, 8), rng.randint(2, 8)) for _ in range(rng.randint(1, 2))]
        position = tuple(sorted(tuple(sorted(b)) for b in bars))
        text = "  ".join(f"{w} {h}" for w, h in bars)
        lines = run(14, text)
        check_outcome(lines, wins(position), text)
        if len(lines) > 1:
            assert len(lines) == 2, (text, lines)
            w, h, a, b, c, d = map(int, move.fullmatch(lines[1]).groups())
            bar, pieces = tuple(sorted((w, h))), (tuple(sorted((a, b))), tuple(sorted((c, d))))
            assert (w, h) in bars and pieces in bar_breaks(bar) + [p[::-1] for p in bar_breaks(bar)]
            i = position.index(bar)
            assert not wins(tuple(sorted(position[:i] + pieces + position[i + 1 :]))), (text, lines)


def bite(rows: tuple[int, ...], r: int, c: int) -> tuple[int, ...]:
    return tuple(x for x in (min(x, c) if i >= r else x for i, x in enumerate(rows)) if x)


def test_chomp():
    def options(rows):
        return [bite(rows, r, c) for r, x in enumerate(rows) for c in range(x) if (r, c) != (0, 0)]

    wins = search(options)
    rng = random.Random(16)
    for _ in range(INPUTS):
        rows = tuple(sorted((rng.randint(1, 5) for _ in range(rng.randint(1, 4))), reverse=True))
        text = heaps_text(rows)
        lines = run(15, text)
        check_outcome(lines, wins(rows), text)
        # The words count rows and columns from 1; bite() indexes from 0.
        found = {
            tuple(
                int(n) - 1 for n in re.fullmatch(r"bite at row (\d+), column (\d+)", line).groups()
            )
            for line in lines[1:]
        }
        assert len(found) == len(lines) - 1, (text, lines)
        expected = {
            (r, c)
            for r, x in enumerate(rows)
            for c in range(x)
            if (r, c) != (0, 0) and not wins(bite(rows, r, c))
        }
        assert found == expected, (text, lines)
