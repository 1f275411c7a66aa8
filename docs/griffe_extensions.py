"""griffe extensions for the API reference, fitting griffe to these docstrings: a class
built by ``__new__`` alone shows the signature of ``__new__``, and Sphinx roles
(``:func:`name```) show as code."""

from __future__ import annotations

import ast
import re
from typing import Any

import griffe

__all__ = ["NewSignatures", "SphinxRoles", "plain_roles"]

# :func:`name`, :meth:`~a.b.c`, :class:`title <target>` (Sphinx's cross-reference roles).
_ROLE = re.compile(r":(?:py:)?(?:func|meth|class|mod|attr|data|obj|exc|const):`([^`]+)`")


class NewSignatures(griffe.Extension):
    """Give a class with ``__new__`` and no ``__init__`` the parameters of ``__new__``.

    griffe takes a class's signature from ``__init__`` only, so ``MisereGame(spec)`` and
    ``Stopper(value)``, hash-consed in ``__new__``, would show no parameters, and the
    Parameters section of their docstrings would be reported as naming unknown ones.

    Examples
    --------
    >>> import griffe
    >>> code = "class C:\\n    def __new__(cls, n: int = 0) -> 'C': ..."
    >>> with griffe.temporary_visited_module(code, extensions=griffe.load_extensions(
    ...         NewSignatures)) as module:
    ...     [p.name for p in module["C"].parameters]
    ['self', 'n']
    """

    def on_class_members(
        self, *, node: ast.AST | griffe.ObjectNode, cls: griffe.Class, agent: Any, **kwargs: Any
    ) -> None:
        """Add an ``__init__`` with the parameters of ``__new__`` (``self`` for ``cls``)."""
        new = cls.members.get("__new__")
        if "__init__" in cls.members or not isinstance(new, griffe.Function):
            return
        parameters = list(new.parameters)
        if parameters and parameters[0].name == "cls":
            first = parameters[0]
            parameters[0] = griffe.Parameter("self", kind=first.kind)
        init = griffe.Function(
            "__init__",
            parameters=griffe.Parameters(*parameters),
            lineno=new.lineno,
            endlineno=new.endlineno,
        )
        cls.set_member("__init__", init)


def _shown(target: str) -> str:
    """What Sphinx shows for a role's target: its title, or its last part after ``~``."""
    titled = re.fullmatch(r"(.+?)\s*<[^>]+>", target)
    if titled:
        return titled[1]
    if target.startswith("~"):
        return target[1:].rsplit(".", 1)[-1]
    return target


def plain_roles(text: str) -> str:
    """`text` with each Sphinx role written as the Markdown code span Sphinx would show.

    Parameters
    ----------
    text : str
        A docstring.

    Returns
    -------
    str
        The same text, ``:func:`~a.b.c``` now ```c```.

    Examples
    --------
    >>> plain_roles("see :func:`~grundy.misere.notation.parse` and :mod:`grundy.partizan`")
    'see `parse` and `grundy.partizan`'
    >>> plain_roles(":class:`the game <grundy.games.Nim>`, :meth:`Nim.grundy`")
    '`the game`, `Nim.grundy`'
    """
    return _ROLE.sub(lambda found: f"`{_shown(found[1])}`", text)


class SphinxRoles(griffe.Extension):
    """Write the Sphinx roles of every docstring as code spans.

    The docstrings name other objects the Sphinx way; Markdown would show the role's
    colons and name around the code. They become code, not links: many name objects
    that the reference does not document (private modules, methods).

    Examples
    --------
    >>> import griffe
    >>> code = "def f():\\n    'Like :func:`~a.g`.'"
    >>> with griffe.temporary_visited_module(code, extensions=griffe.load_extensions(
    ...         SphinxRoles)) as module:
    ...     module["f"].docstring.value
    'Like `g`.'
    """

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        """Rewrite the roles of `obj`'s docstring, once, when griffe creates it."""
        if obj.docstring is not None:
            obj.docstring.value = plain_roles(obj.docstring.value)
