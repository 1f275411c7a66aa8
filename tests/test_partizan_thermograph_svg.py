"""Thermographs drawn as SVG (grundy.partizan.thermograph_svg, ``Thermograph._repr_svg_``):
the corners read back out of the SVG lie on the walls CGSuite publishes, and on the stops
of the cooled game (a plain recursion, for random games); the numbers written on it are
the exact stops, mean and temperature."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from xml.etree import ElementTree

import pytest
from conftest import DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from grundy.partizan import game, nimber, number, parse, thermograph, up
from grundy.partizan.cooling import cool
from grundy.partizan.dyadic import format_number
from grundy.partizan.stops import left_stop, right_stop
from grundy.partizan.thermograph_svg import thermograph_picture
from grundy.partizan.thermographs import mean, temperature

SVG = "{http://www.w3.org/2000/svg}"
LEFT, RIGHT = "#1d5fbf", "#b8322a"


class Drawn:
    """What a thermograph's SVG shows, in the game's own units (t, value)."""

    def __init__(self, svg: str, ticks: list[Fraction], left_stop_value: Fraction) -> None:
        self.root = ElementTree.fromstring(svg)
        assert self.root.tag == f"{SVG}svg"
        lines = list(self.root.iter(f"{SVG}line"))
        axis = min(float(line.get("x1")) for line in lines)  # the ticks start leftmost
        tick_ys = sorted(
            (float(line.get("y1")) for line in lines if float(line.get("x1")) == axis),
            reverse=True,  # t upwards: the lowest tick first
        )
        assert len(tick_ys) == len(ticks)
        self.base = tick_ys[0]  # y of t = -1
        self.unit = (tick_ys[0] - tick_ys[1]) / float(ticks[1] - ticks[0])
        stop_line = next(
            line
            for line in lines
            if line.get("stroke-dasharray") == "2 3" and line.get("stroke") == LEFT
        )
        self.anchor_x, self.anchor_v = float(stop_line.get("x1")), left_stop_value
        self.texts = [t.text for t in self.root.iter(f"{SVG}text")]

    def point(self, x: float, y: float) -> tuple[float, float]:
        t = -1 + (self.base - y) / self.unit
        v = float(self.anchor_v) - (x - self.anchor_x) / self.unit
        return t, v

    def wall(self, colour: str) -> list[tuple[float, float]]:
        line = next(p for p in self.root.iter(f"{SVG}polyline") if p.get("stroke") == colour)
        pairs = [p.split(",") for p in line.get("points").split()]
        return [self.point(float(x), float(y)) for x, y in pairs]


def ticks_of(chart) -> list[Fraction]:
    ticks = [Fraction(-1), Fraction(0)]
    if chart.temperature not in ticks and chart.temperature > -1:
        ticks.append(chart.temperature)
    return sorted(ticks)


def drawn(g) -> tuple[Drawn, object]:
    chart = thermograph(g)
    svg = chart._repr_svg_()
    assert svg == thermograph_picture(chart).svg
    return Drawn(svg, ticks_of(chart), chart.left_wall.value_at(0)), chart


def published_wall(mast: str, critical: str, slopes: str):
    """A wall as CGSuite prints it, as a function of t (written here from the format)."""
    m = Fraction(mast)
    cps = [Fraction(c) for c in critical.split(",") if c]
    ss = [Fraction(s) for s in slopes.split(",") if s]

    def at(t: Fraction) -> Fraction:
        if not cps or t >= cps[0]:
            return m + ss[0] * (t - (cps[0] if cps else 0))
        value = m
        for i, c in enumerate(cps):
            lower = cps[i + 1] if i + 1 < len(cps) else None
            if lower is None or t >= lower:
                return value + ss[i + 1] * (t - c)
            value += ss[i + 1] * (lower - c)
        raise AssertionError

    return at


def close(a: float, b: Fraction, unit: float) -> bool:
    return abs(a - float(b)) <= 0.05 / unit + 1e-9  # coordinates are rounded to 0.01 px


def exact_temperatures(
    corners: list[tuple[float, float]], critical: list[Fraction], top: Fraction, unit: float
) -> list[Fraction]:
    """The drawn corners' temperatures, each matched to the exact one it stands for: -1,
    the wall's critical temperatures below `top`, then `top`."""
    expected = [Fraction(-1), *sorted(c for c in critical if -1 < c < top), max(top, Fraction(-1))]
    assert len(corners) == len(expected)
    for (t, _), exact in zip(corners, expected, strict=True):
        assert close(t, exact, unit)
    return expected


def test_the_corners_lie_on_the_walls_cgsuite_publishes():
    records = json.loads((DATA / "cgsuite_short_game_properties.json").read_text())["records"]
    pattern = re.compile(r"Thermograph\((.*?),\[(.*?)\],\[(.*?)\],(.*?),\[(.*?)\],\[(.*?)\]\)")
    checked = 0
    for record in records:
        found = pattern.fullmatch(record.get("thermograph", ""))
        if found is None:
            continue
        try:
            g = parse(record["input"])
        except Exception:
            continue
        picture, chart = drawn(g)
        assert picture.root.find(f"{SVG}desc").text == record["thermograph"]
        groups = found.groups()
        walls = {LEFT: groups[:3], RIGHT: groups[3:]}
        top = max(Fraction(c) for c in (groups[1] + "," + groups[4] + ",-1").split(",") if c)
        for colour, (mast, critical, slopes) in walls.items():
            wall = published_wall(mast, critical, slopes)
            corners = picture.wall(colour)
            cps = [Fraction(c) for c in critical.split(",") if c]
            ts = exact_temperatures(corners, cps, top, picture.unit)
            for t, (_, v) in zip(ts, corners, strict=True):
                assert close(v, wall(t), picture.unit), (record["input"], t, v)
        checked += 1
    assert checked >= 10


def games():
    base = st.one_of(
        st.integers(-3, 3).map(number),
        st.sampled_from(["1/2", "-5/4"]).map(number),
        st.integers(1, 3).map(nimber),
        st.just(up()),
    )
    return st.recursive(
        base,
        lambda kids: (
            st.builds(
                lambda a, b: game(a, b), st.lists(kids, max_size=2), st.lists(kids, max_size=2)
            )
            | st.builds(lambda a, b: a + b, kids, kids)
        ),
        max_leaves=6,
    )


@settings(max_examples=80)
@given(games())
def test_random_thermographs_are_the_stops_of_the_cooled_game(g):
    picture, chart = drawn(g)
    hot = chart.temperature
    walls = {LEFT: (chart.left_wall, left_stop), RIGHT: (chart.right_wall, right_stop)}
    for colour, (wall, stop) in walls.items():
        corners = picture.wall(colour)
        ts = exact_temperatures(corners, list(wall.critical_temperatures), hot, picture.unit)
        for t, (_, v) in zip(ts, corners, strict=True):
            if 0 <= t < hot:  # where the wall is the stop of the cooled game
                assert close(v, stop(cool(g, t)), picture.unit)
            assert close(v, wall.value_at(t), picture.unit)
    # The exact numbers written on it: the stops, the mean, the temperature.
    texts = picture.texts
    assert format_number(left_stop(g)) in texts and format_number(right_stop(g)) in texts
    assert f"mean {format_number(mean(g))}" in texts
    tick = f"t = {format_number(temperature(g))}"
    if tick not in texts:  # left out only when too close to another tick's label
        assert min(abs(temperature(g) - t) for t in (-1, 0)) * picture.unit < 12


def test_the_mast_stands_at_the_mean_from_the_temperature_up():
    g = parse("{3||2*|1*}")
    picture, chart = drawn(g)
    mast = next(line for line in picture.root.iter(f"{SVG}line") if line.get("stroke") == "#3e4c59")
    t_low, v = picture.point(float(mast.get("x1")), float(mast.get("y1")))
    t_high, _ = picture.point(float(mast.get("x2")), float(mast.get("y2")))
    assert close(v, Fraction(9, 4), picture.unit) and close(t_low, Fraction(3, 4), picture.unit)
    assert t_high > 1.5
    assert "{3||2*|1*}" not in picture.texts and "Thermograph" in picture.texts


@pytest.mark.parametrize("text", ["0", "7", "-5/8", "*", "^", "{1|-1}", "+-{2|1}"])
def test_small_cases_are_well_formed_with_exact_labels(text):
    g = parse(text)
    picture, chart = drawn(g)
    assert str(chart) == picture.root.find(f"{SVG}desc").text
    assert format_number(left_stop(g)) in picture.texts
    assert repr(thermograph_picture(chart)) == str(chart)
