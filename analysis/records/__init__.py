"""Game records: the model, and every format they are read from and written to.

``hearts.analysis.records`` exports the model (:class:`GameRecord`, :class:`DealRecord`,
:class:`Play`, the NAGs, ``comment_data`` ...: :mod:`.model`) and reads and writes records by
format name, as endplay's I/O modules and the ``json`` module do (:mod:`.formats`):

- ``loads(text, format="auto", *, rules=None, strict=True)`` returns a **list** of
  :class:`GameRecord` (a file may hold several games; one per OpenSpiel or peer line);
  ``load(fp, ...)`` the same of a text file.
- ``dumps(games, format="hgn", *, symbols=False)`` returns the text of a list of games (one
  game is taken as a list of one); ``dump(games, fp, ...)`` writes it to a text file.
- ``detect_format(text)`` names the format ``auto`` would read.

Formats: ``hgn`` (the text format, ``docs/records.md``), ``json`` (our JSON export), ``jsonl``
(the same, a game a line), and for reading ``openspiel`` (action-id lines), ``peer``
(peer-engine JSON lines), ``playthrough`` (an OpenSpiel playthrough); writing also
``openspiel``. A batch streams: ``iter_games(stream, ...)`` reads one game at a time,
``GameWriter(fp, format)`` writes one at a time.

The modules, each importable on its own: :mod:`.model` (the model and the HGN writer),
:mod:`.hgn` (one game at a time: ``hgn.loads(text)`` is a :class:`GameRecord`, with
``hgn.loads_all``, ``hgn.dumps``, the forgiving reader), :mod:`.json` (``to_json`` /
``from_json``, plain dicts), :mod:`.importers` (OpenSpiel and peer records in, OpenSpiel lines
out), :mod:`.formats` (format detection and the dispatch).
"""
from __future__ import annotations

from . import hgn, importers, json, model
from .formats import (INPUT_FORMATS, OUTPUT_FORMATS, FormatError, GameWriter, detect_format,
                      dump, dumps, iter_games, load, loads, read_games, write_games)
from .model import (DATE_RE, DEAL_TAGS, GAME_TAGS, NAG_BLUNDER, NAG_BRILLIANT, NAG_DUBIOUS,
                    NAG_GOOD, NAG_MISTAKE, NAG_SPECULATIVE, NAG_SUFFIXES, DealRecord, GameRecord,
                    Play, Trick, check_pass_counts, comment_data, replay_deal, rules_text,
                    seat_values_text, set_comment_data, strip_comment_data)

__all__ = [
    # the model
    "Play", "Trick", "DealRecord", "GameRecord",
    "NAG_GOOD", "NAG_MISTAKE", "NAG_BRILLIANT", "NAG_BLUNDER", "NAG_SPECULATIVE", "NAG_DUBIOUS",
    "NAG_SUFFIXES", "GAME_TAGS", "DEAL_TAGS", "DATE_RE",
    "comment_data", "set_comment_data", "strip_comment_data", "rules_text", "seat_values_text",
    "replay_deal", "check_pass_counts",
    # reading and writing by format name
    "loads", "load", "dumps", "dump", "detect_format", "read_games", "iter_games", "write_games",
    "GameWriter",
    "INPUT_FORMATS", "OUTPUT_FORMATS", "FormatError",
    # the modules
    "model", "hgn", "json", "importers",
]
