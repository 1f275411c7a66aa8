"""The web playground of ``grundy serve``: a FastAPI app, its JSON API and a static page.

Importing this package imports FastAPI (the ``web`` extra); ``import grundy`` does not.
"""

from .app import create_app

__all__ = ["create_app"]
