"""Reading the JSON bodies of the web board's API: typed fields with one-line errors that name
the field, the server's limits, and the position a request is about (an open deal, or a deal of
a record and a line of play in it).

The fields are named as the library's arguments (``samples``, ``seed``, ``time_ms``), so an
error the library raises about an argument (``samples must be at least 1, got 0``) already
names the field. The server's own limits (docs/api.md) are checked here: ``samples 5000 is
over the server's limit of 2000``.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from typing import Any, Iterable, Mapping

from hearts.solver.cards import Card, Suit, cards_from_mask
from hearts.solver.errors import HeartsError
from hearts.solver.game import parse_scores
from hearts.solver.limit import MAX_NODES
from hearts.solver.position import Position, trick_winner
from hearts.solver.rules import Rules
from hearts.solver.seats import parse_seat, seat_letter, table_seats

from .. import records
from ..positions import RecordDeal, find_deal, open_position
from ..records import GameRecord

__all__ = ["RequestError", "Fields", "Source", "read_source", "read_games_field",
           "position_json", "record_document", "canonical", "SOURCE_FIELDS"]

#: The fields naming a position: an open deal (``deal``, ``played``) or a record (``record``,
#: ``deal_number``, ``at`` or ``played``), and the rules.
SOURCE_FIELDS = ("deal", "played", "record", "deal_number", "at", "rules", "lenient")


_PBN_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}


#: The largest whole number a field takes: the core's node limit.
MAX_WHOLE = MAX_NODES


class RequestError(HeartsError):
    """A request the API cannot take: not a JSON object, an unknown field, a field of the
    wrong type, a value over the server's limits."""


class Fields:
    """A request's JSON object, read field by field.

    Args:
        body: the parsed JSON body.
        allowed: the fields the endpoint takes; any other is an error (a typo would otherwise
            be ignored silently).

    Raises:
        RequestError: the body is not an object, or has a field not in ``allowed``.
    """

    def __init__(self, body: Any, allowed: Iterable[str]) -> None:
        if not isinstance(body, dict):
            raise RequestError("the request body must be a JSON object of fields "
                               "(docs/api.md)")
        allowed = tuple(allowed)
        unknown = [name for name in body if name not in allowed]
        if unknown:
            raise RequestError(f"unknown field {unknown[0]!r} (fields: {', '.join(allowed)})",
                               argument=unknown[0])
        self.body = body

    def has(self, name: str) -> bool:
        return self.body.get(name) is not None

    def raw(self, name: str, default: Any = None) -> Any:
        value = self.body.get(name)
        return default if value is None else value

    def text(self, name: str, default: str | None = None) -> str | None:
        value = self.body.get(name)
        if value is None:
            return default
        if not isinstance(value, str):
            raise RequestError(f"{name} must be a text, got {json.dumps(value)[:40]}",
                               argument=name)
        return value

    def cards(self, name: str) -> str | None:
        """Cards as one text: ``"QS KS"`` or a list of card texts (``["QS", "KS"]``); the
        library reads the cards and names a bad one."""
        value = self.body.get(name)
        if isinstance(value, list) and all(isinstance(card, str) for card in value):
            return " ".join(value)
        if value is not None and not isinstance(value, str):
            raise RequestError(f"{name} must be a text or a list of card texts, got "
                               f"{json.dumps(value)[:40]}", argument=name)
        return value

    def required_text(self, name: str) -> str:
        value = self.text(name)
        if value is None:
            raise RequestError(f"{name} is missing", argument=name)
        return value

    def whole(self, name: str, default: int | None = None, limit: int | None = None
              ) -> int | None:
        """A whole number; its lower bound is the library's check, ``limit`` the server's."""
        value = self.body.get(name)
        if value is None:
            return default
        given = value
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        # Past 2**62 no field means anything; 1e300 reached the library, whose message
        # wrote out its 301 digits.
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_WHOLE:
            raise RequestError(f"{name} must be a whole number, got {json.dumps(given)[:40]}",
                               argument=name)
        if limit is not None and value > limit:
            raise RequestError(f"{name} {value} is over the server's limit of {limit:,} "
                               f"(docs/api.md)", argument=name)
        return value

    def number(self, name: str, default: float | None = None, limit: float | None = None
               ) -> float | None:
        value = self.body.get(name)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not math.isfinite(value):
            raise RequestError(f"{name} must be a number, got {json.dumps(value)[:40]}",
                               argument=name)
        if limit is not None and value > limit:
            raise RequestError(f"{name} {value:g} is over the server's limit of {limit:,g} "
                               f"(docs/api.md)", argument=name)
        return float(value)

    def flag(self, name: str, default: bool) -> bool:
        value = self.body.get(name)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise RequestError(f"{name} must be true or false, got {json.dumps(value)[:40]}",
                               argument=name)
        return value

    def seat(self, name: str, players: int) -> int | None:
        """A seat letter of the table (N, E, S, W; A, B, C, ... at other tables)."""
        value = self.text(name)
        if value is None:
            return None
        try:
            return parse_seat(value, players)
        except HeartsError as err:
            raise HeartsError(f"{name}: {err}", argument=name) from None

    def scores(self, players: int) -> tuple[int, ...] | None:
        """``scores``: the game totals, ``"N=80,E=95,S=63,W=40"`` as the command line takes
        them, or a list of whole numbers, seat 0 first."""
        value = self.body.get("scores")
        if value is None:
            return None
        if isinstance(value, str):
            return parse_scores(value, players)
        if isinstance(value, list):
            return tuple(value)     # the library checks each total
        raise RequestError('scores must be a text "N=80,E=95,S=63,W=40" or a list of totals',
                           argument="scores")


def read_games_field(fields: Fields, name: str = "record") -> list[GameRecord]:
    """The games of the ``record`` field: the text of a record in any format ``hearts annotate``
    reads (HGN, our JSON, OpenSpiel action lines, peer JSON lines, a playthrough; ``rules``
    for OpenSpiel lines, ``lenient`` to read up to the first error), or a game of our JSON
    record as an object (``/api/record`` gives them), or a list of such games.

    Raises:
        RequestError: the field is missing or of another type. RecordSyntaxError,
            FormatError: the record does not read (the message names its line).
    """
    value = fields.raw(name)
    rules = fields.text("rules")
    if isinstance(value, str):
        return records.read_games(value, rules=rules, name=name,
                                  strict=not fields.flag("lenient", False))
    if isinstance(value, dict):
        value = [value]
    if isinstance(value, list) and value and all(isinstance(g, dict) for g in value):
        if rules is not None:
            raise RequestError("rules applies to OpenSpiel action lines only (a JSON record "
                               "carries its rules)", argument="rules")
        return [records.json.from_json(g) for g in value]
    if value is None:
        raise RequestError(f"{name} is missing", argument=name)
    raise RequestError(f"{name} must be the text of a record, a game of the JSON record or a "
                       f"list of them", argument=name)


@dataclass(frozen=True)
class Source:
    """The position a request is about.

    Attributes:
        position: the position. rules: its rules. record: the deal of a record and the line
        in it (None for an open deal). key: the position as canonical JSON (the cache key's
        part for it: the hands, the line, the rules, the pass and the first leader).
    """

    position: Position
    rules: Rules
    record: RecordDeal | None
    key: dict


def read_source(fields: Fields, target: int | None = None) -> Source:
    """The position of a request: ``deal`` (PBN, the hands after the pass) with ``played`` and
    ``rules``, or ``record`` with ``deal_number`` (default 1) and ``at`` (the recorded plays
    made, default all) or ``played`` (a line of play from the first lead: what-if). With
    ``target``: the game's ``target`` replaced (the game model).

    Raises:
        RequestError: neither or both of deal and record; a field of another type.
        HeartsError: a bad deal, card, play, rules spec or record (the library's message).
    """
    if fields.has("deal") == fields.has("record"):
        raise RequestError("give either deal (the hands after the pass, PBN) or record",
                           argument="deal")
    played = fields.cards("played")
    if fields.has("deal"):
        for name in ("deal_number", "at", "lenient"):
            if fields.has(name):
                raise RequestError(f"{name} goes with record, not deal", argument=name)
        rules, position = open_position(fields.required_text("deal"), played or "",
                                        fields.text("rules"))
        found = None
    else:
        games = read_games_field(fields)
        found = find_deal(games, fields.whole("deal_number", 1), at=fields.whole("at"),
                          played=played, rules=None)
        rules, position = found.rules, found.position
    if target is not None:
        rules = replace(rules, target=target)
        position = Position(position.deal, rules, position.history,
                            first_leader=position.first_leader,
                            pass_direction=position.pass_direction)
    key = {"deal": str(position.deal), "played": [str(c) for c in position.history],
           "first_leader": int(position.first_leader),
           "pass_direction": None if position.pass_direction is None
           else int(position.pass_direction),
           "rules": rules.to_dict()}
    if found is not None:
        deal = found.deal
        key["record"] = {"dealt": str(deal.dealt), "direction": str(deal.direction),
                         "passes": {s.letter: [str(c) for c in cards]
                                    for s, cards in deal.passes.items()}}
    return Source(position, rules, found, key)


def _seat_map(position: Position, values: Any) -> dict[str, Any]:
    n = position.players
    return {seat_letter(s, n): values[s] for s in table_seats(n)}


def position_json(source: Source) -> dict:
    """The position as the board draws it (``/api/position``): ``deal`` (the hands after the
    pass), ``rules`` (the preset's text, else every option), ``players``, ``played``,
    ``hands`` (the cards each seat holds, by seat letter, spades first, high to low),
    ``to_move`` (None once over), ``leader``, ``trick`` (the cards on the table, ``{"seat",
    "card"}`` from the leader), ``last_trick`` (the last complete trick with its ``winner``,
    or None), ``taken`` (raw points taken so far), ``tricks_played``, ``hearts_broken``,
    ``legal`` (the legal cards of the seat to move), ``over`` and ``score`` (the deal's points
    after the moon rules once over, else None)."""
    position = source.position
    n = position.players
    rules = source.rules
    tricks = position.tricks()
    last = None
    if tricks:
        leader, cards = tricks[-1]
        last = {"cards": [{"seat": seat_letter((int(leader) + i) % n, n), "card": str(c)}
                          for i, c in enumerate(cards)],
                "winner": seat_letter(trick_winner(cards, leader, n), n)}
    over = position.is_over()
    return {
        "deal": str(position.deal),
        "rules": rules.preset_text() or rules.to_dict(),
        "players": n,
        "played": [str(c) for c in position.history],
        "hands": _seat_map(position, [[str(c) for c in sorted(cards_from_mask(mask),
                                                              key=_board_order)]
                                      for mask in position.hands]),
        "to_move": None if over else seat_letter(position.to_move, n),
        "leader": seat_letter(position.leader, n),
        "trick": [{"seat": seat_letter((int(position.leader) + i) % n, n), "card": str(c)}
                  for i, c in enumerate(position.trick)],
        "last_trick": last,
        "taken": _seat_map(position, list(position.points)),
        "tricks_played": position.tricks_played,
        "hearts_broken": bool(position.hearts_broken),
        "legal": [] if over else [str(c) for c in position.legal_moves()],
        "over": over,
        "score": _seat_map(position, list(position.score())) if over else None,
    }


def _board_order(card: Card) -> tuple[int, int]:
    """Spades, hearts, diamonds, clubs (as PBN), each high to low."""
    return (_PBN_ORDER[card.suit], -card.rank)


def record_document(games: list[GameRecord], name: str, fmt: str) -> dict:
    """A record as the board loads it (``/api/record``): ``name``, ``format`` (as detected),
    ``games`` (each as our JSON record, ``records.json.to_json``: dealt hands, passes, plays
    with seats and comments, points) and ``errors`` (what a forgiving read stopped at)."""
    return {"name": name, "format": fmt,
            "games": [records.json.to_json(g) for g in games],
            "deals": sum(len(g.deals) for g in games),
            "errors": [str(e) for g in games for e in g.errors]}


def canonical(data: Mapping[str, Any]) -> str:
    """``data`` as canonical JSON text (sorted keys): a cache key."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
