"""JSON export of game records: :func:`to_json` (plain dicts, ready for :func:`json.dumps`) and
:func:`from_json` (its inverse, which checks the record as the text reader does).

Schema (also in ``docs/records.md``; version 1)::

    {
      "format": "hearts-dd game record", "version": 1,
      "tags": {"Event": "Club night", "Rules": "standard", ...},   # in record order
      "rules": {...},            # Rules.to_dict() of the Rules tag (derived; ignored on read)
      "comment": "",
      "deals": [{
        "number": 1,
        "dealt": "N:... ... ... ...",      # PBN, before the pass
        "pass_direction": "left",          # left | right | across | hold
        "passes": {"N": ["QS", "AH", "2D"], "E": [...], "S": [...], "W": [...]},  # [] on hold
        "pass_comments": {"N": "..."},     # only seats with a comment
        "deal": "N:...",                   # after the pass (derived; ignored on read)
        "first_leader": "S",
        "tags": {"Source": "..."},         # further deal tags
        "comment": "",
        "plays": [{"trick": 1, "seat": "S", "card": "2C", "nags": [2], "comment": "...",
                   "data": {"dd": "13"}}, ...],   # trick/seat/data derived; seat checked
        "points": {"N": 0, "E": 1, "S": 7, "W": 18} | null,   # null: unfinished
        "scores": {"N": 0, ...} | null     # running totals (derived; ignored on read)
      }, ...],
      "totals": {"N": 0, "E": 1, "S": 7, "W": 18}   # scores after the last finished deal
    }

Cards are written rank then suit (``QS``, ``TH``); seats ``N E S W``. ``from_json`` accepts any
card spelling :class:`~hearts.solver.Card` reads.
"""
from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from hearts.solver.cards import Card
from hearts.solver.errors import HeartsError, RecordSyntaxError
from hearts.solver.seats import Seat

from .records import DealRecord, GameRecord, Play, replay_deal

__all__ = ["to_json", "from_json", "FORMAT", "VERSION"]

#: The ``format`` field of an exported record.
FORMAT = "hearts-dd game record"
#: The schema version written by :func:`to_json`.
VERSION = 1


def _by_seat(values: "Sequence[int] | None") -> dict[str, int] | None:
    return None if values is None else {seat.letter: int(v) for seat, v in zip(Seat, values)}


def to_json(game: GameRecord) -> dict[str, Any]:
    """The record as plain dicts and lists (schema in the module docstring).

    ``from_json(to_json(game)) == game`` for every valid game.

    Raises:
        RulesError: the ``Rules`` tag is no valid spec.
    """
    deals = []
    for deal, scores in zip(game.deals, game.scores()):
        seats = deal.seats()
        deals.append({
            "number": deal.number,
            "dealt": str(deal.dealt),
            "pass_direction": str(deal.direction),
            "passes": {seat.letter: [str(c) for c in deal.passes[seat]] for seat in Seat},
            "pass_comments": {seat.letter: text for seat, text in deal.pass_comments.items()},
            "deal": str(deal.deal),
            "first_leader": deal.first_leader.letter if deal.first_leader is not None else None,
            "tags": dict(deal.tags),
            "comment": deal.comment,
            "plays": [{"trick": i // 4 + 1, "seat": seats[i].letter, "card": str(play.card),
                       "nags": sorted(play.nags), "comment": play.comment, "data": play.data()}
                      for i, play in enumerate(deal.plays)],
            "points": _by_seat(deal.points),
            "scores": _by_seat(scores),
        })
    return {
        "format": FORMAT,
        "version": VERSION,
        "tags": dict(game.tags),
        "rules": game.rules.to_dict(),
        "comment": game.comment,
        "deals": deals,
        "totals": _by_seat(game.totals()),
    }


_JSON_TYPES = {type(None): "null", bool: "true/false", int: "a number", float: "a number",
               str: "a string", list: "an array", dict: "an object"}


def _kind(value: Any) -> str:
    """What a JSON value is, for messages: ``null``, ``a string``, ``an array``, ..."""
    return _JSON_TYPES.get(type(value), type(value).__name__)


def _text(value: Any, where: str) -> str:
    """A text field (a tag value, a comment): JSON strings only, so that ``null`` or a number
    is an error rather than the text ``None`` or ``5``."""
    if not isinstance(value, str):
        raise RecordSyntaxError(f"{where}: expected a string, not "
                                f"{_kind(value)}")
    return value


def _whole(value: Any, where: str) -> int:
    """A number field (points, a deal number, a NAG): a JSON integer only, so that ``7.9``,
    ``"7"`` or ``true`` is an error rather than 7 or 1."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordSyntaxError(f"{where}: expected a whole number, not "
                                f"{_kind(value)} "
                                f"{json.dumps(value) if _plain(value) else repr(value)}")
    return value


def _plain(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def _nags(value: Any, where: str) -> set[int]:
    if not isinstance(value, (list, tuple)):
        raise RecordSyntaxError(f"{where}: expected an array of NAG numbers, not "
                                f"{_kind(value)}")
    return {_whole(n, where) for n in value}


def _tags(value: Any, where: str) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise RecordSyntaxError(f"{where}: expected an object, not "
                                f"{_kind(value)}")
    return {str(k): _text(v, f"{where} {k}") for k, v in value.items()}


def _seat_points(value: Any, where: str) -> tuple[int, ...] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) != set("NESW"):
        raise RecordSyntaxError(f"{where}: expected {{\"N\": n, \"E\": n, \"S\": n, \"W\": n}}")
    return tuple(_whole(value[seat.letter], f"{where} {seat.letter}") for seat in Seat)


def from_json(data: Mapping[str, Any]) -> GameRecord:
    """A :class:`GameRecord` from the dicts of :func:`to_json` (e.g. after ``json.loads``).

    The record is checked as the text reader checks it: passes, every play under the
    ``Rules`` tag, the seat of each play when given, the points when given (missing or
    ``null`` points of a finished deal are computed).

    Raises:
        RecordSyntaxError: a missing field, a bad value, an illegal play, wrong points; the
            message names the deal and play (``JSON record: deal 2: trick 3, card 2 (5H by
            E): East must follow clubs``); ``line`` is ``None``.
    """
    where = "JSON record"
    try:
        if not isinstance(data, Mapping):
            raise RecordSyntaxError(f"{where}: expected an object, not {type(data).__name__}")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordSyntaxError(f"{where}: format {data.get('format')!r}, expected {FORMAT!r}")
        if _whole(data.get("version", VERSION), f"{where}: version") > VERSION:
            raise RecordSyntaxError(f"{where}: version {data['version']} is newer than "
                                    f"{VERSION}")
        game = GameRecord(_tags(data.get("tags"), f"{where}: tags"), [],
                          _text(data.get("comment", ""), f"{where}: comment"))
        rules = game.rules
        for index, item in enumerate(data.get("deals", ()), start=1):
            where = f"JSON record: deal {index}"
            plays = [Play(Card(p["card"]),
                          _nags(p.get("nags", []), f"{where}: play {number} nags"),
                          _text(p.get("comment", ""), f"{where}: play {number} comment"))
                     for number, p in enumerate(item["plays"], start=1)]
            deal = DealRecord(_whole(item.get("number", index), f"{where}: number"),
                              item["dealt"],
                              item["pass_direction"], dict(item.get("passes") or {}), plays,
                              _seat_points(item.get("points"), f"{where}: points"),
                              item.get("first_leader"),
                              _text(item.get("comment", ""), f"{where}: comment"),
                              _tags(item.get("pass_comments"), f"{where}: pass_comments"),
                              _tags(item.get("tags"), f"{where}: tags"))
            for number, (play, seat) in enumerate(zip(item["plays"], deal.seats()), start=1):
                if "seat" in play and Seat.parse(play["seat"]) != seat:
                    raise RecordSyntaxError(f"{where}: play {number} ({play['card']}) is "
                                            f"{play['seat']}'s, but {seat} is to play")
            if deal.points is None:
                position = replay_deal(deal, rules)
                if position.is_over():
                    deal.points = tuple(position.score())  # type: ignore[assignment]
            game.deals.append(deal)
        where = "JSON record"
        game.validate()
    except RecordSyntaxError as err:
        if err.detail.startswith("JSON record"):
            raise
        raise RecordSyntaxError(f"{where}: {err.detail}") from None
    except KeyError as err:
        raise RecordSyntaxError(f"{where}: no field {err}") from None
    except (HeartsError, TypeError, ValueError, AttributeError) as err:
        raise RecordSyntaxError(f"{where}: {err}") from None
    return game
