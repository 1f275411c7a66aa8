"""A griffe extension for the API reference: a class built by ``__new__`` alone shows the
signature of ``__new__``, and its docstring's Parameters are checked against it."""

from __future__ import annotations

import ast
from typing import Any

import griffe

__all__ = ["NewSignatures"]


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
