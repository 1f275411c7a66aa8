"""How the commands read their words and show their help: metavars without types,
negative numbers taken as positions, and unknown options refused as options."""

from __future__ import annotations

import difflib
from typing import Any

from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

try:  # recent typer vendors its own copy of click
    from typer._click import Context
    from typer._click.exceptions import ClickException, NoSuchOption
except ImportError:  # pragma: no cover - typer with click as a dependency
    from click import Context  # type: ignore[assignment]  # the same classes
    from click.exceptions import ClickException, NoSuchOption  # type: ignore[assignment]

__all__ = ["ClickException", "Context", "_Command", "_Group", "_refuse_unknown_options", "_tidy"]


class _Argument(TyperArgument):
    """An argument shown in the help by its metavar alone (``POSITION...``), no type."""

    def display_type_rich(self, ctx: Context) -> str | None:
        return None

    def get_usage_pieces(self, ctx: Context) -> list[str]:
        if self.metavar is None:
            return super().get_usage_pieces(ctx)
        return [self.metavar if self.required else f"[{self.metavar}]"]


class _Option(TyperOption):
    """An option shown in the help without a type for a flag (``--json``, not
    ``--json <bool>``), with its metavar (``--upto N``) otherwise."""

    def display_type_rich(self, ctx: Context) -> str | None:
        return None if self.is_flag else super().display_type_rich(ctx)


def _tidy(params: list[Any]) -> list[Any]:
    """The parameters of a command, shown as :class:`_Argument` and :class:`_Option`."""
    for param in params:
        if type(param) is TyperArgument:
            param.__class__ = _Argument
        elif type(param) is TyperOption:
            param.__class__ = _Option
    return params


class _Command(TyperCommand):
    """A command with the tidy help; words that look like negative numbers (``-4``) are
    positions, but a word ``--name`` that is none of its options is refused as one."""

    def get_params(self, ctx: Context) -> list[Any]:
        return _tidy(super().get_params(ctx))

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        if ctx.ignore_unknown_options:
            _refuse_unknown_options(self.get_params(ctx), ctx, args)
        return super().parse_args(ctx, args)


class _Group(TyperGroup):
    """A group of commands with the tidy help."""

    def get_params(self, ctx: Context) -> list[Any]:
        return _tidy(super().get_params(ctx))


#: Characters of a board typed as words: a word of them only is a position, even one that
#: starts with ``--`` (the tic-tac-toe row ``--x``).
_BOARD_CHARACTERS = frozenset("xo.-_|")


def _refuse_unknown_options(params: list[Any], ctx: Context, args: list[str]) -> None:
    """Raise click's NoSuchOption for the first word ``--name`` (before ``--``) that is
    not an option of `params`: commands that take negative numbers as positions let
    click pass unknown options through as positions. Words ``-3`` and board rows such
    as ``--x`` stay positions."""
    options = {
        name: param
        for param in params
        if getattr(param, "param_type_name", "") == "option"
        for name in (*param.opts, *param.secondary_opts)
    }
    words = iter(args)
    for word in words:
        if word == "--":
            return
        name = word.split("=", 1)[0]
        if not (name.startswith("--") and name[2:3].isalnum()):
            continue
        if set(name.lower()) <= _BOARD_CHARACTERS:
            continue
        param = options.get(name)
        if param is None:
            close = difflib.get_close_matches(name, [o for o in options if o.startswith("--")])
            raise NoSuchOption(name, possibilities=close, ctx=ctx)
        if not (param.is_flag or param.count or "=" in word):
            next(words, None)  # the option's value, whatever it looks like
