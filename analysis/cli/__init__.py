"""The ``hearts`` command line (``hearts = hearts.analysis.cli:main``): one module per command,
the app and its error handling in :mod:`.app`, the shared options in :mod:`.options`, what the
commands print in :mod:`.render`.

The analysis library (``hearts.analysis`` outside this package) imports nothing from here: its
errors speak of cards, deals and arguments, and the commands name their options.
"""
from __future__ import annotations

from .app import app, main
from .solve import Example, example_names, load_example

__all__ = ["app", "main", "Example", "load_example", "example_names"]
