"""``python -m hearts.analysis.cli``: the ``hearts`` command."""
from hearts.analysis.cli.app import main

main()
