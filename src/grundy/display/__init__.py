"""Rich display in notebooks: positions drawn as SVG, tables of values as HTML.

Jupyter and IPython show an object through its ``_repr_svg_``, ``_repr_html_``,
``_repr_latex_`` or ``_repr_markdown_`` method, found by name (the display protocol is
duck-typed, so nothing here imports IPython). :meth:`grundy.Game.picture` draws a
position (:class:`Picture`), :meth:`grundy.ImpartialGame.table` and
:meth:`~grundy.ImpartialGame.table2d` return tables that show themselves
(:class:`ValueTable`, :class:`ValueGrid`, whose ``heatmap()`` draws one); canonical
forms show Conway's notation in LaTeX and thermographs their SVG
(:mod:`grundy.partizan`). Everything here is written with the standard library.

Examples
--------
>>> from grundy.games import Chomp
>>> picture = Chomp().picture((3, 2))
>>> picture.svg.startswith("<svg"), picture.title
(True, 'Chomp(): 3 2')
"""

from .picture import Picture, beside, text_picture
from .tables import ValueGrid, ValueTable

__all__ = ["Picture", "ValueGrid", "ValueTable", "beside", "text_picture"]
