r"""Conway's notation in LaTeX, read off CGSuite's text: ``{3||2*|1*}`` becomes
``\{3\;||\;2{\ast}\;|\;1{\ast}\}``.

The translation is token by token, so it is exact: numbers become fractions, ``*`` a
star, ``^`` and ``v`` arrows (``^^`` double ones; ``^<3>`` is ↑³, ``^[3]`` is ↑^[3]), ``+-``
±, ``Tiny(G)`` Conway's tiny-G ``+_G`` (and ``Miny``), braces and bars the game's
braces and bars; the loopy words (``on``, ``off``, ``over``, ``under``, ``pass``,
``dud``) are set upright and labels (``a{0|a}``) stay letters. Juxtaposition keeps its
meaning (a sum), as in CGSuite and in Conway's ``2↑*``. ``_repr_latex_`` of canonical
forms and of loopy values calls :func:`latex_math`, so Jupyter shows them so.

Examples
--------
>>> from grundy.partizan.latex import latex
>>> latex("{3||2*|1*}")
'\\{3\\;||\\;2{\\ast}\\;|\\;1{\\ast}\\}'
>>> print(latex("-3/2"), latex("^^*"), latex("^<3>"), latex("2Tiny(2)"))
-\frac{3}{2} {\Uparrow}{\ast} {\uparrow}^{3} 2{+}_{2}
>>> print(latex("3/2under & off"))
\frac{3}{2}\mathrm{under} \mathbin{\&} \mathrm{off}
"""

from __future__ import annotations

import re

from ..core.errors import InvalidGameError

__all__ = ["latex", "latex_math", "MAX_LATEX"]

#: The longest CGSuite text written in LaTeX (a notebook cannot typeset more anyway);
#: past it :func:`latex_math` gives None, and the plain text is shown.
MAX_LATEX = 20_000

_TOKEN = re.compile(
    r"(?P<space>\s+)"
    r"|(?P<number>\d+(?:/\d+)?)"
    r"|(?P<pm>\+-)"
    r"|(?P<arrow>\^\^|vv|\^|v)(?:<(?P<nth>\d+|on)>|\[(?P<sum>\d+|on)\]|(?P<count>\d+))?"
    r"|(?P<word>[A-Za-uw-z][A-Za-z]*)"
    r"|(?P<bars>\|+)"
    r"|(?P<char>[-+*{},()&])"
)
_ARROWS = {"^": r"{\uparrow}", "v": r"{\downarrow}", "^^": r"{\Uparrow}", "vv": r"{\Downarrow}"}
_WORDS = frozenset({"on", "off", "over", "under", "pass", "dud", "upon"})
_CHARS = {
    "-": "-",
    "+": "+",
    "*": r"{\ast}",
    "{": r"\{",
    "}": r"\}",
    ",": ",",
    "(": "(",
    ")": ")",
    "&": r" \mathbin{\&} ",
}


def latex(text: str) -> str:
    r"""The LaTeX (math mode, without ``$``) of a game written in CGSuite's notation.

    Parameters
    ----------
    text : str
        What ``str`` of a :class:`~grundy.partizan.CanonicalGame`, a
        :class:`~grundy.partizan.loopy.Stopper` or a sided value gives.

    Returns
    -------
    str

    Raises
    ------
    InvalidGameError
        A character CGSuite's notation does not use, or an unbalanced ``Tiny(``.

    Examples
    --------
    >>> from grundy.partizan import parse
    >>> from grundy.partizan.latex import latex
    >>> print(latex(str(parse("{1|^3||^[2]*}"))))
    \{1\;|\;{\uparrow}3\;||\;{\uparrow}^{[2]}{\ast}\}
    >>> print(latex("a{0|a}"), latex("^[on]"), latex("+-{5|pass}"))
    a\{0\;|\;a\} {\uparrow}^{[\mathrm{on}]} \pm\{5\;|\;\mathrm{pass}\}
    """
    out: list[str] = []
    closing: list[str] = []  # for each open parenthesis: what closes it
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            raise InvalidGameError(
                f"{text[:40]!r}: character {text[position]!r} at {position} is not CGSuite's "
                "notation"
            )
        position = match.end()
        kind = match.lastgroup if match["arrow"] is None else "arrow"
        if kind == "space":
            continue
        if kind == "number":
            top, _, bottom = match[0].partition("/")
            out.append(rf"\frac{{{top}}}{{{bottom}}}" if bottom else top)
        elif kind == "pm":
            out.append(r"\pm")
        elif kind == "arrow":
            if match[0] == "v" and text.startswith("{", position):  # a label named v
                out.append("v")
                continue
            out.append(_ARROWS[match["arrow"]])
            if match["nth"] is not None:
                out.append(f"^{{{_upright(match['nth'])}}}")
            elif match["sum"] is not None:
                out.append(f"^{{[{_upright(match['sum'])}]}}")
            elif match["count"] is not None:
                out.append(match["count"])
        elif kind == "word":
            word = match[0]
            if word in ("Tiny", "Miny") and text.startswith("(", position):
                position += 1
                out.append("{+}_{" if word == "Tiny" else "{-}_{")
                closing.append("}")
            elif word in _WORDS:
                out.append(rf"\mathrm{{{word}}}")
            else:  # a label: a, b, ..., N1, N2, ...
                out.append(word)
        elif kind == "bars":
            out.append(rf"\;{match[0]}\;")
        else:
            char = match[0]
            if char == "(":
                closing.append(")")
            elif char == ")":
                if not closing:
                    raise InvalidGameError(f"{text[:40]!r}: ')' at {position - 1} closes nothing")
                out.append(closing.pop())
                continue
            out.append(_CHARS[char])
    if closing:
        raise InvalidGameError(f"{text[:40]!r}: a parenthesis is not closed")
    return "".join(out)


def _upright(index: str) -> str:
    return r"\mathrm{on}" if index == "on" else index


def latex_math(text: str, max_length: int = MAX_LATEX) -> str | None:
    r"""``$...$`` for IPython's ``_repr_latex_``: None when `text` is longer than
    `max_length` characters or is not CGSuite's notation (the plain text shows then).

    Examples
    --------
    >>> from grundy.partizan.latex import latex_math
    >>> latex_math("{1|0}"), latex_math("*" * 50, max_length=10)
    ('$\\{1\\;|\\;0\\}$', None)
    """
    if len(text) > max_length:
        return None
    try:
        return f"${latex(text)}$"
    except InvalidGameError:
        return None
