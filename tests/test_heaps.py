"""grundy.heaps: codes, both kernels against brute force and the generic solver, certified
periods, checkpoints."""

from __future__ import annotations

import itertools
import subprocess
import sys

import numpy as np
import pytest
from conftest import naive_mex, read_pairs
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy as gr
from grundy import heaps
from grundy.games import AllButSubtractionGame, GrundysGame, OctalGame
from grundy.heaps import _kernel_run as kernel_run
from grundy.heaps import _kernels as kernels
from grundy.heaps import _python_kernels as python_kernels
from grundy.heaps import sequence as sequence_module

#: All 448 codes 0.d1d2d3 with d3 != 0.
THREE_DIGIT_CODES = [
    "0." + "".join(map(str, d)) for d in itertools.product(range(8), range(8), range(1, 8))
]


def brute_values(code: heaps.HeapCode, size: int) -> list[int]:
    """G(0..size-1) straight from the meaning of the digits, every ordered split listed."""
    values: list[int] = []
    for n in range(size):
        options = set()
        if code.is_allbut:
            options = {values[n - s] for s in range(1, n + 1) if s not in code.excluded}
        for j, digit in enumerate(code.digits):
            rest = n - j
            if rest < 0:
                break
            if digit & 1 and rest == 0 and j > 0:
                options.add(0)
            if digit & 2 and rest > 0 and j > 0:
                options.add(values[rest])
            if digit & 4:
                options |= {
                    values[a] ^ values[rest - a]
                    for a in range(1, rest)
                    if not (code.unequal and 2 * a == rest)
                }
            if digit & 8:
                options |= {
                    values[a] ^ values[b] ^ values[rest - a - b]
                    for a in range(1, rest)
                    for b in range(1, rest - a)
                }
        values.append(naive_mex(options))
    return values


# --- codes -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical", "digits", "kind", "k", "h"),
    [
        ("0.77", "0.77", (0, 7, 7), "octal", 2, 2),
        (".6", "0.6", (0, 6), "octal", 1, 2),
        ("4.07", "4.07", (4, 0, 7), "octal", 2, 2),
        ("0.3f", "0.3F", (0, 3, 15), "hexadecimal", 2, 3),
        ("0.1370", "0.137", (0, 1, 3, 7), "octal", 3, 2),
        ("grundy", "grundy", (4,), "grundy", 0, 2),
        ("subtraction:3,1", "subtraction:1,3", (0, 3, 0, 3), "subtraction", 3, 1),
        ("allbut:7,2,3", "allbut:2,3,7", (), "allbut", None, 1),
    ],
)
def test_codes_parse(text, canonical, digits, kind, k, h):
    code = heaps.parse_code(text)
    assert (code.text, code.digits, code.kind, code.max_removal, code.max_heaps) == (
        canonical,
        digits,
        kind,
        k,
        h,
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0.7G", "'G' at position 4 is not a digit: octal 0-7, or hexadecimal 0-9 and A-F"),
        ("0.7 7", "' ' at position 4 is not a digit"),
        ("2.07", "'2' before the point is not allowed; d0 .* may only split a heap"),
        ("1.5", "'1' before the point"),
        ("077", "has no point"),
        ("0.", "has no digits after the point"),
        ("subtraction:0,2", "'0' is not a positive integer"),
        ("allbut:", "is empty"),
        (0.77, "must be a string"),
    ],
)
def test_bad_codes_name_the_character(text, message):
    with pytest.raises(heaps.InvalidCodeError, match=message) as info:
        heaps.parse_code(text)
    assert isinstance(info.value, gr.InvalidGameError) and "\n" not in str(info.value)


@given(st.text(alphabet="0123456789.ABCDEFGabcxyz:,- ", max_size=8))
def test_any_text_parses_or_is_a_clear_error(text):
    try:
        code = heaps.parse_code(text)
    except gr.InvalidGameError as exc:
        assert "\n" not in str(exc)
    else:
        assert heaps.parse_code(code.text) == code  # the canonical text reads back


# --- kernels against brute force and the generic solver ---------------------------------


def test_all_448_three_digit_codes_both_kernels_agree_to_2000():
    for text in THREE_DIGIT_CODES:
        plain = heaps.compute(text, 2000, kernel="plain").values
        sparse = heaps.compute(text, 2000, kernel="sparse").values
        assert np.array_equal(plain, sparse), text


@pytest.mark.parametrize(
    "sample",
    [
        pytest.param(slice(None, None, 7), id="every-7th"),
        pytest.param(slice(None), id="all-448", marks=pytest.mark.slow),
    ],
)
def test_three_digit_codes_agree_with_the_generic_solver_to_200(sample):
    for text in THREE_DIGIT_CODES[sample]:
        game = OctalGame(text)
        searched = [game.grundy(n, use_formula=False) for n in range(201)]
        assert heaps.compute(text, 200).values.tolist() == searched, text


codes = st.builds(
    lambda d0, rest, unequal: heaps.HeapCode(
        "random", (d0, *rest), unequal=unequal and not any(d & 8 for d in (d0, *rest))
    ),
    st.sampled_from([0, 4, 8, 12]),
    st.lists(st.integers(0, 15), min_size=0, max_size=4),
    st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(codes)
def test_random_codes_match_brute_force(code):
    expected = brute_values(code, 45)
    assert heaps.compute(code, 44, kernel="plain").values.tolist() == expected
    in_python = heaps.compute(code, 44)  # "auto": a small request runs in Python
    assert in_python.kernel == "python" and in_python.values.tolist() == expected
    if code.max_heaps <= 2:
        assert heaps.compute(code, 44, kernel="sparse").values.tolist() == expected


@pytest.mark.parametrize("text", ["0.3F", "4.07", "8.0", "0.B4", "C.1"])
def test_hexadecimal_and_d0_codes_match_the_generic_solver(text):
    game = OctalGame(text)
    searched = [game.grundy(n, use_formula=False) for n in range(60)]
    assert searched == brute_values(game.rules, 60)
    assert heaps.compute(text, 59).values.tolist() == searched


def test_grundys_game_and_all_but_sets_match_the_generic_solver():
    game = GrundysGame()
    searched = [game.grundy(n, use_formula=False) for n in range(300)]
    assert heaps.compute("grundy", 299).values.tolist() == searched
    for s in ("2,3,7", "1", "1,2,5,9"):
        allbut = AllButSubtractionGame(s)
        searched = [allbut.grundy(n, use_formula=False) for n in range(150)]
        assert heaps.compute(f"allbut:{s}", 149).values.tolist() == searched
        assert searched == brute_values(heaps.parse_code(f"allbut:{s}"), 150)


@settings(max_examples=40, deadline=None)
@given(codes | st.sampled_from(["allbut:2,3,7", "allbut:1,4", "subtraction:2,5,6", "4.07"]))
def test_the_python_kernels_equal_the_compiled_ones(code):
    """Small requests run in Python (no numba to load); bigger ones compiled."""
    code = heaps.parse_code(code) if isinstance(code, str) else code
    compiled = heaps.compute(code, 400, kernel="plain" if code.max_heaps > 2 else "auto")
    values = compiled.values.tolist()
    for stop in (1, 2, 57, 401):  # also extending a list already begun
        g: list[int] = []
        extend = python_kernels.allbut_values if code.is_allbut else python_kernels.plain_values
        if code.is_allbut:
            extend(code.excluded, g, stop // 2)
            extend(code.excluded, g, stop)
        else:
            extend(code.digits, code.unequal, g, stop // 2)
            extend(code.digits, code.unequal, g, stop)
        assert g == values[:stop]
    seq = heaps.compute(code, 400)
    assert seq.values.tolist() == values and seq.periodicity == compiled.periodicity
    assert (seq.rare_count, seq.mask, seq.mask_uses_parity) == heaps.rare_values(
        compiled.values, code
    )


@settings(max_examples=60, deadline=None)
@given(codes, st.integers(0, 3000))
def test_rare_values_are_the_sparse_kernels_choice(code, size):
    """rare_values (numpy) picks the mask the compiled sparse kernel keeps."""
    if code.max_heaps > 2:
        code = heaps.HeapCode("random", tuple(d & 7 for d in code.digits), unequal=code.unequal)
    values = heaps.compute(code, size, kernel="sparse").values
    run = sequence_module.KernelRun(code, "sparse", values)
    run._prepare()
    expected = (run.rare_count, int(run.state[kernels.MASK]), bool(run.state[kernels.HASPOS]))
    assert heaps.rare_values(values, code) == expected


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=2, max_size=300)
    | st.builds(
        lambda head, cycle, times, saltus: (
            head + [c + saltus * i for i in range(times) for c in cycle]
        ),
        st.lists(st.integers(0, 9), max_size=20),
        st.lists(st.integers(0, 9), min_size=1, max_size=12),
        st.integers(3, 30),
        st.integers(0, 2),
    ),
    st.booleans(),
)
def test_python_period_search_equals_the_compiled_one(values, arithmetic):
    array = np.array(values, dtype=np.int64)
    compiled = kernels.period_candidates(array, len(values) // 2, arithmetic).tolist()
    found = python_kernels.period_candidates(values, len(values) // 2, arithmetic)
    assert [list(row) for row in found] == compiled


@pytest.mark.parametrize(
    "args",
    [
        ("0.77", 1000),
        ("subtraction:2,3,7", 29),
        ("allbut:2,3,7", 500),
        ("grundy", 1500),
    ],
)
def test_small_tables_do_not_load_numba(args):
    """Loading numba costs a new process about half a second: small tables skip it."""
    script = (
        "import sys\nfrom grundy import heaps\n"
        f"seq = heaps.compute{args!r}\nheaps.find_periodicity(seq.code, seq.values)\n"
        "print(seq.kernel, 'numba' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.split() == ["python", "False"], done.stderr


@pytest.mark.parametrize("text", ["0.6", "0.137", "grundy", "0.3F"])
def test_the_kernels_run_as_plain_python_too(text):
    """``py_func`` runs the same kernel code on Python ints: the jit must not change it."""
    code = heaps.parse_code(text)
    compiled = heaps.compute(code, 120, kernel="plain").values
    g = np.zeros(121, dtype=np.uint16)
    seen = np.zeros(1024, dtype=np.int64)
    assert kernels.plain_values.py_func(code.digit_array(), code.unequal, g, 0, 121, seen) == 121
    assert np.array_equal(g, compiled)
    if code.max_heaps > 2:
        return
    g = np.zeros(121, dtype=np.uint16)
    state = kernels.new_sparse_state(code.digit_array())
    hist, rare_tab, rpos, rval = kernel_run._sparse_arrays(200)
    seen = np.zeros(1 << kernels.MAX_SPARSE_BITS, dtype=np.int64)
    kernels.sparse_restart(g, 0, state, hist, rare_tab, rpos, rval)
    done = kernels.sparse_values.py_func(
        code.digit_array(),
        code.unequal,
        g,
        0,
        121,
        state,
        hist,
        rare_tab,
        rpos,
        rval,
        seen,
        seen.copy(),
    )
    assert done == 121 and np.array_equal(g, compiled)


# --- published values ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("0.77", "A002186_kayles_0.77.txt"),
        ("0.137", "A002187_dawsons_chess_0.137.txt"),
        ("grundy", "A002188_grundys_game.txt"),
        ("0.6", "A046695_officers_0.6.txt"),
        ("0.77", "cgsuite_kayles_0.77_nim_values.txt"),
        ("0.07", "cgsuite_dawsons_kayles_0.07_nim_values.txt"),
        ("grundy", "cgsuite_grundys_game_nim_values.txt"),
        ("subtraction:2,3,7", "cgsuite_subtraction_2_3_7_nim_values.txt"),
        ("allbut:2,3,7", "cgsuite_allbut_2_3_7_nim_values.txt"),
        ("0.3F", "cgsuite_hexadecimal_0.3F_nim_values.txt"),
    ],
)
def test_published_values(text, name):
    published = read_pairs(name)
    values = heaps.compute(text, max(published)).values
    assert [int(values[n]) for n in published] == list(published.values())


def test_grundys_game_p_positions_oeis():
    p_positions = list(read_pairs("A036685_grundys_game_P_positions.txt").values())
    values = heaps.compute("grundy", p_positions[-1]).values
    assert np.flatnonzero(values == 0).tolist() == p_positions


# --- periods -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "preperiod", "period"),
    [
        ("0.77", 71, 12),  # Kayles (Guy and Smith 1956)
        ("0.137", 52, 34),  # Dawson's chess
        ("0.07", 53, 34),  # Dawson's Kayles
        ("0.16", 105351, 149459),  # Gangolli and Plambeck 1989
        pytest.param("0.376", 2268248, 4, marks=pytest.mark.slow),  # Flammenkamp
        pytest.param("0.354", 10061916, 1180, marks=pytest.mark.slow),  # Flammenkamp
    ],
)
def test_published_periods_are_certified(text, preperiod, period):
    found = heaps.find_period(text, max_values=3 * 10**7)
    code = found.code
    bound = 2 * preperiod + period + code.max_removal  # the octal periodicity theorem
    assert found.periodicity == gr.Periodicity(preperiod, period, True, 0, bound)
    values = found.values
    assert len(values) >= bound + period
    assert np.array_equal(values[preperiod:bound], values[preperiod + period : bound + period])
    assert values[preperiod - 1] != values[preperiod - 1 + period]  # the least preperiod
    n = 10**40 + 12345
    assert found.value(n) == values[preperiod + (n - preperiod) % period]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(THREE_DIGIT_CODES + ["0.3F", "4.07", "0.F", "subtraction:3,5,8"]))
def test_a_certified_period_holds_far_beyond_the_values_used(text):
    seq = heaps.compute(text, 600)
    found = seq.periodicity
    if found is None or not found.certified:
        return
    assert found.bound + found.period <= 601  # certified from the values computed
    far = heaps.compute(text, 4000, kernel="plain").values
    assert [seq.value(n) for n in range(4001)] == far.tolist()


def test_certificate_bounds():
    bound = heaps.certificate_bound
    assert bound(heaps.parse_code("0.77"), 71, 12)[0] == 2 * 71 + 12 + 2
    assert bound(heaps.parse_code("0.F7"), 10, 4)[0] == 3 * 10 + 2 * 4 + 2  # three heaps
    assert bound(heaps.parse_code("subtraction:2,3,7"), 0, 5)[0] == 8
    assert bound(heaps.parse_code("subtraction:2,3,7"), 4, 5)[0] == 11
    assert bound(heaps.parse_code("grundy"), 0, 3) is None
    assert bound(heaps.parse_code("allbut:2"), 0, 3) is None


def test_arithmetic_periods_are_seen_but_not_certified():
    allbut = heaps.compute("allbut:2,3,7", 1000)
    assert allbut.periodicity == gr.Periodicity(0, 4, False, saltus=2)
    assert allbut.value(1000) == allbut.values[1000]
    with pytest.raises(
        gr.PositionLimitError,
        match="arithmetic period 4 \\+ saltus 2 from 0 is seen, but no theorem here certifies it",
    ):
        allbut.value(10**6)
    assert heaps.compute("0.3F", 400).periodicity == gr.Periodicity(0, 6, False, saltus=3)


def test_no_period_is_invented():
    seq = heaps.compute("grundy", 3000)
    assert seq.periodicity is None
    assert heaps.compute("0.6", 5).periodicity is None
    with pytest.raises(gr.PositionLimitError, match="no period is seen"):
        seq.value(3001)


# --- values, memory, checkpoints, errors ---------------------------------------------------


def test_values_use_the_smallest_dtype():
    assert heaps.compute("0.77", 1000).values.dtype == np.uint8
    assert heaps.compute("allbut:2,3,7", 1000).values.dtype == np.uint16  # widened midway
    assert heaps.compute("0.3F", 600).values.dtype == np.uint16  # the plain kernel widened
    assert heaps.smallest_dtype(70000) == np.uint32


def test_rare_values_are_the_fewest_for_any_mask():
    values = heaps.compute("0.6", 3000).values
    count, mask, uses_parity = heaps.rare_values(values, "0.6")
    parity = [bin(int(v) & 0).count("1") for v in values]  # mask 0: every value is rare

    def rare(m: int) -> int:
        return sum(bin(int(v) & m).count("1") % 2 == 0 for v in values)

    assert not uses_parity and count == rare(mask)
    assert count == min(rare(m) for m in range(1 << 8)) and len(parity) == 3001


def test_checkpoint_resumes(tmp_path):
    path = tmp_path / "officers.values"
    heaps.compute("0.6", 5000, checkpoint=path)
    resumed = heaps.compute("0.6", 20000, checkpoint=path)
    assert np.array_equal(resumed.values, heaps.compute("0.6", 20000).values)
    assert (
        heaps.compute("0.6", 100, checkpoint=path).values.tolist() == resumed.values[:101].tolist()
    )


@pytest.mark.parametrize("code", ["0.77", "0.6", "grundy", "allbut:2,3"])
def test_a_finished_checkpoint_run_again_answers_from_the_file(tmp_path, code):
    """Issue 18: the same command run twice crashed ('NoneType' is not subscriptable)."""
    path = tmp_path / "k.values"
    first = heaps.compute(code, 300, checkpoint=path)
    again = heaps.compute(code, 300, checkpoint=path)
    assert np.array_equal(again.values, first.values)
    assert again.periodicity == first.periodicity and again.rare_count == first.rare_count
    period_run = heaps.find_period(code, checkpoint=path, max_values=300)
    assert period_run.values.tolist() == first.values[:300].tolist()


def test_ctrl_c_keeps_what_was_computed(tmp_path, monkeypatch):
    path = tmp_path / "grundy.values"
    step, calls = sequence_module.KernelRun.step, []

    def interrupted_step(run, stop):
        calls.append(stop)
        if len(calls) == 4:
            raise KeyboardInterrupt
        step(run, stop)

    monkeypatch.setattr(sequence_module.KernelRun, "step", interrupted_step)
    with pytest.raises(KeyboardInterrupt):
        heaps.compute("grundy", 50000, checkpoint=path)
    monkeypatch.undo()
    saved = sequence_module.load_checkpoint(path, heaps.parse_code("grundy"))
    assert 0 < len(saved) < 50001
    full = heaps.compute("grundy", 50000)
    assert np.array_equal(saved, full.values[: len(saved)])
    assert np.array_equal(heaps.compute("grundy", 50000, checkpoint=path).values, full.values)


def test_bad_checkpoints_are_refused(tmp_path):
    path = tmp_path / "values"
    heaps.compute("0.6", 3000, checkpoint=path)
    with pytest.raises(heaps.CheckpointError, match="holds values of 0.6, not of 0.77"):
        heaps.compute("0.77", 10, checkpoint=path)
    data = path.read_bytes()
    path.write_bytes(data[:-10])
    with pytest.raises(heaps.CheckpointError, match="is truncated"):
        heaps.compute("0.6", 10, checkpoint=path)
    path.write_bytes(b"\x00\xff garbage")
    with pytest.raises(heaps.CheckpointError, match="cannot be read|not a grundy values file"):
        heaps.compute("0.6", 10, checkpoint=path)


def test_bad_requests_are_clear_errors():
    with pytest.raises(gr.InvalidPositionError, match="upto -1 is not a non-negative integer"):
        heaps.compute("0.6", -1)
    with pytest.raises(gr.PositionLimitError, match="more than max_values=1,000"):
        heaps.compute("0.6", 5000, max_values=1000)
    with pytest.raises(gr.GrundyError, match="kernel 'fast' is not one of auto, sparse, plain"):
        heaps.compute("0.6", 10, kernel="fast")
    with pytest.raises(gr.GrundyError, match="at most two heaps; use kernel='plain'"):
        heaps.compute("0.3F", 10, kernel="sparse")
    with pytest.raises(gr.InvalidPositionError, match="heap -3"):
        heaps.compute("0.6", 10).value(-3)


def test_progress_bar_runs(capsys):
    assert len(heaps.compute("0.6", 30000, progress=True).values) == 30001


@pytest.mark.parametrize("code", ["subtraction:²", "subtraction:1,٣", "allbut:" + "9" * 30])
def test_codes_with_unicode_digits_or_beyond_int64_are_refused_in_one_line(code):
    with pytest.raises(gr.InvalidCodeError, match="code"):
        heaps.parse_code(code)
