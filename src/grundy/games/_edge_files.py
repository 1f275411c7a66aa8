"""Edge-list text and files (lines ``u v``) shared by the graph games."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from ..core.errors import GrundyError
from ..core.files import MAX_FILE_BYTES, read_text
from ..core.integers import parse_int, shown

__all__ = ["EdgeList", "parse_edge_text", "read_edge_file", "check_vertex", "edge_word"]


@dataclass
class EdgeList:
    """What an edge-list text holds: edges, the line of each, and lone vertices.

    Examples
    --------
    >>> from grundy.games._edge_files import parse_edge_text
    >>> parse_edge_text("# a path\\n0 1\\n1 2\\n")
    EdgeList(edges=[(0, 1), (1, 2)], lines=[2, 3], vertices=[])
    """

    edges: list[tuple[int, int]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)  # line number of each edge, from 1
    vertices: list[int] = field(default_factory=list)  # vertices declared alone on a line


def check_vertex(label: object, where: str, error: type[GrundyError]) -> int:
    """Return `label` if it is a vertex label (an int >= 0), else raise `error`.

    Examples
    --------
    >>> from grundy.core.errors import InvalidPositionError
    >>> from grundy.games._edge_files import check_vertex
    >>> check_vertex(-1, "edge", InvalidPositionError)
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: edge: vertex -1 is negative; vertices are integers >= 0
    """
    if type(label) is int or (isinstance(label, int) and not isinstance(label, bool)):
        if label < 0:
            raise error(f"{where}: vertex {shown(label)} is negative; vertices are integers >= 0")
        return int(label)
    raise error(f"{where}: vertex {shown(label)} is not an integer; vertices are integers >= 0")


def _word_to_vertex(word: str, where: str, error: type[GrundyError]) -> int:
    """A vertex written in a file, read by :func:`grundy.core.integers.parse_int`."""
    vertex = parse_int(
        word, f"{where}:", error=error, expected="an integer; vertices are integers >= 0"
    )
    if vertex < 0:
        raise error(f"{where}: vertex {shown(vertex)} is negative; vertices are integers >= 0")
    return vertex


def parse_edge_text(
    text: str,
    source: str = "<text>",
    *,
    lone_vertices: bool = False,
    error: type[GrundyError] | None = None,
    max_edges: int | None = None,
) -> EdgeList:
    """Read lines ``u v`` (one edge each); ``#`` starts a comment, blank lines are skipped.

    Parameters
    ----------
    text : str
        The lines.
    source : str
        Named in error messages (a file name).
    lone_vertices : bool
        Accept a line holding one vertex (declares a vertex without edges).
    error : GrundyError subclass
        What to raise on a malformed line (default InvalidPositionError).
    max_edges : int, optional
        Refuse more edges than this (a game's ``max_positions``), as soon as one more is
        read.

    Raises
    ------
    GrundyError
        A line has the wrong number of words, or a word that is not an integer >= 0
        (read by :func:`grundy.core.integers.parse_int`); the message names `source` and the
        line number. Or more than `max_edges` edges.

    Examples
    --------
    >>> from grundy.games._edge_files import parse_edge_text
    >>> parse_edge_text("0 1  # the trunk\\n1 1\\n").edges
    [(0, 1), (1, 1)]
    >>> parse_edge_text("0 1\\n2\\n", "a.txt")
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: a.txt, line 2: '2' has 1 number; each line is an ...
    """
    if error is None:
        from ..core.errors import InvalidPositionError

        error = InvalidPositionError
    result = EdgeList()
    edges, lines = result.edges, result.lines
    most = len(text) if max_edges is None else max_edges
    for number, line in enumerate(text.splitlines(), 1):
        if "#" in line:
            line = line[: line.index("#")]
        words = line.split()
        if len(words) == 2:
            if len(edges) >= most:
                raise error(f"{source}, line {number}: more than max_positions = {most:,} edges")
            u, v = words
            # The fast path: short ASCII digits (a long word goes to parse_int).
            if u.isdigit() and v.isdigit() and u.isascii() and v.isascii() and len(u + v) < 36:
                edges.append((int(u), int(v)))
                lines.append(number)
                continue
        if not words:
            continue
        where = f"{source}, line {number}: {shown(line.strip())}"
        if len(words) == 1 and lone_vertices:
            result.vertices.append(_word_to_vertex(words[0], where, error))
            continue
        if len(words) != 2:
            expected = "'u v' or a lone vertex 'v'" if lone_vertices else "'u v'"
            plural = "number" if len(words) == 1 else "numbers"
            raise error(f"{where} has {len(words):,} {plural}; each line is an edge {expected}")
        u_vertex = _word_to_vertex(words[0], where, error)
        edges.append((u_vertex, _word_to_vertex(words[1], where, error)))
        lines.append(number)
    return result


def read_edge_file(
    path: str | os.PathLike[str],
    *,
    lone_vertices: bool = False,
    error: type[GrundyError] | None = None,
    max_edges: int | None = None,
) -> EdgeList:
    """Read an edge-list file (see :func:`parse_edge_text`), of at most
    :data:`grundy.core.files.MAX_FILE_BYTES` bytes (read by :func:`grundy.core.files.read_text`).

    Raises
    ------
    GrundyError
        The file cannot be read (missing, a directory, not text, too big), has a bad
        line, or more than `max_edges` edges.

    Examples
    --------
    >>> from grundy.games._edge_files import read_edge_file
    >>> read_edge_file("no-such-file.txt")
    Traceback (most recent call last):
    ...
    grundy.core.errors.InvalidPositionError: cannot read edge file 'no-such-file.txt': no such file
    """
    if error is None:
        from ..core.errors import InvalidPositionError

        error = InvalidPositionError
    name = os.fspath(path)
    text = read_text(name, "edge file", max_bytes=MAX_FILE_BYTES, error=error)
    source = name if name.isprintable() and len(name) <= 200 else shown(name)
    return parse_edge_text(
        text, source, lone_vertices=lone_vertices, error=error, max_edges=max_edges
    )


# An edge typed inline: u-v, or (directed) u>v and u->v; ASCII digits, read by parse_int.
_EDGE = re.compile(r"([0-9]+)-([0-9]+)")
_ARROW = re.compile(r"([0-9]+)(?:-|->|>)([0-9]+)")


def edge_word(
    word: str, where: str, *, directed: bool = False, error: type[GrundyError] | None = None
) -> tuple[int, int] | None:
    """The edge a word such as ``0-1`` names, or None if the word is not written as one.

    A directed edge ``u -> v`` may also be written ``u>v`` or ``u->v``. Vertices are
    integers >= 0 (ASCII digits); one past :data:`grundy.core.integers.MAX_DIGITS` digits
    raises `error` (default InvalidPositionError), named with `where`.

    Examples
    --------
    >>> from grundy.games._edge_files import edge_word
    >>> edge_word("0-12", "edge"), edge_word("3>4", "edge", directed=True)
    ((0, 12), (3, 4))
    >>> edge_word("3>4", "edge"), edge_word("tree.txt", "edge"), edge_word("1--2", "edge")
    (None, None, None)
    """
    found = (_ARROW if directed else _EDGE).fullmatch(word)
    if found is None:
        return None
    if error is None:
        from ..core.errors import InvalidPositionError

        error = InvalidPositionError
    u, v = found.groups()
    what = f"{where} {shown(word)}: vertex"
    expected = "an integer; vertices are integers >= 0"
    return (
        parse_int(u, what, signed=False, error=error, expected=expected),
        parse_int(v, what, signed=False, error=error, expected=expected),
    )
