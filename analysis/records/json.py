"""JSON export of game records: :func:`to_json` (plain dicts, ready for :func:`json.dumps`) and
:func:`from_json` (its inverse, which checks the record as the text reader does).

Schema (also in ``docs/records.md``; version 1)::

    {
      "format": "hearts-dd game record", "version": 1,
      "tags": {"Event": "Club night", "Rules": "standard", ...},   # in record order
      "rules": {...},            # Rules.to_dict() of the Rules tag (derived; checked when
                                 # given, key by key: a key left out is not checked)
      "comment": "",
      "deals": [{
        "number": 1,
        "dealt": "N:... ... ... ...",      # PBN, before the pass
        "pass_direction": "left",          # left | right | across | hold
        "passes": {"N": ["QS", "AH", "2D"], "E": [...], "S": [...], "W": [...]},  # [] on hold
        "pass_comments": {"N": "..."},     # only seats with a comment
        "deal": "N:...",                   # after the pass (derived; checked when given)
        "first_leader": "S",
        "tags": {"Source": "..."},         # further deal tags
        "comment": "",
        "plays": [{"trick": 1, "seat": "S", "card": "2C", "nags": [2], "comment": "...",
                   "data": {"dd": "13"}}, ...],   # trick/seat/data derived; trick and seat
                                                  # checked when given
        "points": {"N": 0, "E": 1, "S": 7, "W": 18} | null,   # null: unfinished
        "scores": {"N": 0, ...} | null     # running totals (derived; checked when given)
      }, ...],
      "totals": {"N": 0, "E": 1, "S": 7, "W": 18}   # scores after the last finished deal
                                                    # (checked when given)
    }

Cards are written rank then suit (``QS``, ``TH``); seats ``N E S W``. ``from_json`` accepts any
card spelling :class:`~hearts.solver.Card` reads.
"""
from __future__ import annotations

import json
import re
from typing import Any, Mapping, Sequence

from hearts.solver.cards import Card
from hearts.solver.deal import Deal
from hearts.solver.errors import CardError, HeartsError, IllegalPlayError, RecordSyntaxError
from hearts.solver.rules import Rules
from hearts.solver.seats import Seat
from hearts.solver.words import quoted

from ..files import check_keys, expect_json, json_kind
from .model import (DATE_RE, DEAL_TAGS, GAME_TAGS, USER_TAG_PREFIX, DealRecord, GameRecord, Play,
                    check_pass_counts, comment_data, replay_deal, seat_values_text)

__all__ = ["to_json", "from_json", "FORMAT", "VERSION"]

#: The ``format`` field of an exported record.
FORMAT = "hearts-dd game record"
#: The schema version written by :func:`to_json`.
VERSION = 1

#: The keys of a record, of a deal and of a play (the schema above); any other is an error
#: (a warning of the lenient reader), so that a misspelt ``"comemnt"`` is not dropped.
GAME_KEYS = ("format", "version", "tags", "rules", "comment", "deals", "totals")
DEAL_KEYS = ("number", "dealt", "pass_direction", "passes", "pass_comments", "deal",
             "first_leader", "tags", "comment", "plays", "points", "scores")
PLAY_KEYS = ("trick", "seat", "card", "nags", "comment", "data")
#: Deal tags that are fields of the record, not ``tags``.
_FIELD_TAGS = ("Board", "Deal", "Pass", "Leader")
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def _trick(index: int) -> int:
    """The trick number (1-13) of the play at ``index`` (0-based) of a deal: records are of
    4-player games. The writer and the reader's check share it, so they cannot disagree."""
    return index // 4 + 1


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
            "plays": [{"trick": _trick(i), "seat": seats[i].letter, "card": str(play.card),
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


def _text(value: Any, where: str) -> str:
    """A text field (a tag value, a comment): JSON strings only, so that ``null`` or a number
    is an error rather than the text ``None`` or ``5``."""
    return expect_json(value, str, "a string", where)


def _whole(value: Any, where: str) -> int:
    """A number field (points, a deal number, a NAG): a JSON integer only, so that ``7.9``,
    ``"7"`` or ``true`` is an error rather than 7 or 1."""
    return expect_json(value, int, "a whole number", where)


def _array(value: Any, where: str, what: str) -> Sequence[Any]:
    """An array field (``plays``, ``deals``, a seat's passes): a JSON array only, so that a
    number or a string is an error naming the field rather than a Python message."""
    return expect_json(value, (list, tuple), f"an array of {what}", where)


def _object(value: Any, where: str, what: str = "an object") -> Mapping[str, Any]:
    """An object field (a deal, a play, the passes): a JSON object only."""
    return expect_json(value, Mapping, what, where)


def _nags(value: Any, where: str) -> set[int]:
    """A play's NAGs: whole numbers 1..255 (PGN's range; the writer refuses others, so a
    record that reads can be written)."""
    nags = {_whole(n, where) for n in _array(value, where, "NAG numbers")}
    for nag in sorted(nags):
        if not 1 <= nag <= 255:
            raise RecordSyntaxError(f"{where}: NAG {nag} is not in 1..255")
    return nags


def _comment(value: Any, where: str) -> str:
    """A comment: a string without ``{`` or ``}``, which end an HGN comment (comments do not
    nest): a record that reads can be written, rather than failing at the write."""
    text = _text(value, where)
    if "{" in text or "}" in text:
        brace = "{" if "{" in text else "}"
        raise RecordSyntaxError(f"{where}: a comment may not hold {brace!r} (at character "
                                f"{text.index(brace) + 1}; HGN comments are {{...}} and do "
                                f"not nest)")
    return text


def _play(value: Any, where: str, notes: "list[str] | None") -> Play:
    """A play object: ``card`` (required), ``nags``, ``comment`` (``seat`` and ``trick`` are
    checked by the caller; ``data``, derived from the comment, is checked here)."""
    play = _object(value, where, 'an object {"card": ...}')
    check_keys(play, PLAY_KEYS, where, notes)
    if "card" not in play:
        raise RecordSyntaxError(f"{where}: no field 'card'")
    try:
        card = Card(_text(play["card"], f"{where} card"))
    except CardError as err:
        # "deal 1: unknown card "ZZ"" did not say which play
        raise RecordSyntaxError(f"{where}: {err}") from None
    comment = _comment(play.get("comment", ""), f"{where} comment")
    if "data" in play:
        # the machine data of the comment: a "data" edited alone would be dropped silently
        derived = comment_data(comment)
        if _json_value(play["data"]) != _json_value(derived):
            raise RecordSyntaxError(f'{where}: "data" is {_shown(play["data"])} but the '
                                    f"comment's [%key value] items give {_shown(derived)}")
    return Play(card, _nags(play.get("nags", []), f"{where} nags"), comment)


def _shown(value: Any) -> str:
    """A JSON value as a message shows it: its JSON text, quoted safely if long."""
    text = _json_value(value)
    return text if len(text) <= 60 and text.isprintable() else quoted(text, 60)


def _seat(value: Any, where: str) -> Seat:
    """A play's ``seat``, its errors naming the play."""
    try:
        return Seat.parse(_text(value, f"{where} seat"))
    except HeartsError as err:
        if isinstance(err, RecordSyntaxError):
            raise
        raise RecordSyntaxError(f"{where}: {err}") from None


def _passes(value: Any, where: str) -> dict[str, Sequence[str]]:
    """The ``passes`` object: seat → an array of card texts (``null`` = none)."""
    if value is None:
        return {}
    passes = _object(value, where, 'an object {"N": [cards], ...}')
    return {seat: [_text(card, f"{where} {_key(seat)}")
                   for card in _array(cards, f"{where} {_key(seat)}", "cards")]
            for seat, cards in passes.items()}


def _key(key: str) -> str:
    """A key of the record in a message: as it is when short and plain, else quoted."""
    return key if len(key) <= 20 and key.isprintable() and " " not in key else quoted(key)


def _pass_comments(value: Any, where: str) -> dict[str, str]:
    """The ``pass_comments`` object: seat → its comment (``null`` = none)."""
    if value is None:
        return {}
    return {seat: _comment(text, f"{where} {_key(seat)}")
            for seat, text in _object(value, where).items()}


def _tags(value: Any, where: str, header: bool, notes: "list[str] | None") -> dict[str, str]:
    """The ``tags`` of the record (``header``) or of a deal: names the HGN writer can write
    (letters, digits and ``_``), values without a line break, the header's or the deal's
    tags (:data:`.model.GAME_TAGS`, :data:`.model.DEAL_TAGS` but the record's own fields) or
    ``X_`` user tags, ``Date`` as ``YYYY.MM.DD``: a record that reads can be written. An
    unknown tag or a malformed ``Date`` is a warning of the lenient reader (the tag dropped),
    as in the HGN reader."""
    if value is None:
        return {}
    tags = {}
    known = GAME_TAGS if header else tuple(t for t in DEAL_TAGS if t not in _FIELD_TAGS)
    for name, text in _object(value, where).items():
        at = f"{where} {_key(name)}"
        text = _text(text, at)
        if not _TAG_NAME.fullmatch(name):
            raise RecordSyntaxError(f"{where}: tag name {quoted(name)} must be letters, digits "
                                    f"and _, starting with a letter")
        if "\n" in text or "\r" in text:
            raise RecordSyntaxError(f"{at}: a tag value may not hold a line break")
        problem = None
        if not header and name in _FIELD_TAGS:
            problem = (f"{where}: tag {name} is a field of the deal (number, dealt, "
                       f"pass_direction, first_leader), not a tag")
        elif name not in known and not name.startswith(USER_TAG_PREFIX):
            problem = (f"{where}: unknown tag {name} ({'header' if header else 'deal'} tags: "
                       f"{', '.join(known)}; user tags start with {USER_TAG_PREFIX})")
        elif name == "Date" and not DATE_RE.match(text):
            problem = f"{at}: {quoted(text)} is not YYYY.MM.DD (? for unknown digits)"
        if problem is None:
            tags[name] = text
        elif notes is None or problem.endswith("not a tag"):
            raise RecordSyntaxError(problem)
        else:
            notes.append(f"{problem}: the tag is dropped")
    return tags


def _seat_points(value: Any, where: str) -> tuple[int, ...] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) != set("NESW"):
        got = (f"seats {', '.join(_key(k) for k in list(value)[:8]) or 'none'}"
               + (", ..." if len(value) > 8 else "") if isinstance(value, Mapping)
               else json_kind(value))
        raise RecordSyntaxError(f"{where}: expected {{\"N\": n, \"E\": n, \"S\": n, \"W\": n}}"
                                f" or null, not {got}")
    return tuple(_whole(value[seat.letter], f"{where} {seat.letter}") for seat in Seat)


def _json_value(value: Any) -> str:
    """``value`` as JSON text, for comparing and showing a rule option: as JSON values
    ``true`` is not ``1`` and ``4.0`` is not ``4`` (Python's ``==`` says they are)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)


def _check_rules(value: Any, rules: Rules, tag: str | None, where: str) -> None:
    """The ``rules`` field, when given, must be the Rules tag's ``Rules.to_dict()``: the
    reader plays the deals under the tag, so an edited ``"players": 9`` read as a 4-player
    game, silently. A key left out is not checked (an older or hand-written record may give
    some keys or none); a key ``to_dict()`` does not emit is an error, since what it was
    meant to change would be ignored just the same.

    Raises:
        RecordSyntaxError: ``"rules": players is 9 but the Rules tag "standard" gives 4``.
    """
    given = _object(value, f'{where}: "rules"', "an object of rule options")
    derived = rules.to_dict()
    source = (f"the Rules tag {quoted(tag)}" if tag is not None
              else 'the default rules "standard" (no Rules tag)')
    gives = "gives" if tag is not None else "give"
    for key, option in given.items():       # in the record's order: the first it shows
        if key not in derived:
            raise RecordSyntaxError(f'{where}: "rules": unknown rules option '
                                    f"{_shown(key)} (expected field names of Rules, "
                                    f"as 'hearts rules show' lists them)")
        if _json_value(option) != _json_value(derived[key]):
            raise RecordSyntaxError(f'{where}: "rules": {key} is {_shown(option)} but '
                                    f'{source} {gives} {_shown(derived[key])}')


def _check_deal(value: Any, deal: DealRecord, where: str) -> None:
    """A deal's ``deal`` field (the hands after the pass), when given, must be the dealt hands
    after the passes, compared as deals: any first seat, card order and card spelling.

    Raises:
        RecordSyntaxError: ``deal 1: "deal" is N:... but the dealt hands after the passes give
            N:...`` (both written as the writer writes them), or the ``Deal`` error.
    """
    text = _text(value, f'{where}: "deal"')
    try:
        given = Deal(text)
    except HeartsError as err:
        raise RecordSyntaxError(f'{where}: "deal": {err}') from None
    if given != deal.deal:
        raise RecordSyntaxError(f'{where}: "deal" is {given} but the dealt hands after the '
                                f'passes give {deal.deal}')


def _check_tricks(raw_plays: Sequence[Mapping[str, Any]], plays: Sequence[Play],
                  where: str) -> None:
    """Each play's ``trick``, when given, must be the trick the play's place makes it: a
    record whose trick numbers say otherwise has a play too many or too few."""
    for index, (raw, play) in enumerate(zip(raw_plays, plays)):
        if "trick" not in raw:
            continue
        number = index + 1
        given = _whole(raw["trick"], f"{where}: play {number} trick")
        if given != _trick(index):
            raise RecordSyntaxError(f'{where}: play {number} ({play.card}): "trick" is {given} '
                                    f"but play {number} is in trick {_trick(index)}")


def from_json(data: Mapping[str, Any], *, strict: bool = True) -> GameRecord:
    """A :class:`GameRecord` from the dicts of :func:`to_json` (e.g. after ``json.loads``).

    The record is checked as the text reader checks it: every key known (:data:`GAME_KEYS`,
    :data:`DEAL_KEYS`, :data:`PLAY_KEYS`), the JSON type of every field read, tags and
    comments the HGN writer can write (no ``{``/``}`` in a comment), NAGs 1..255,
    passes, every play under the ``Rules`` tag, the points (missing or ``null`` points of a
    finished deal are computed). The derived fields are checked when given: ``rules`` key by
    key against the tag's ``Rules.to_dict()``, each deal's ``deal`` against the dealt hands
    after the passes, each play's ``trick`` and ``seat``, the running ``scores`` and
    ``totals``; a field left out is derived.

    With ``strict=False`` (the lenient reader) an unknown key, an unknown tag or a malformed
    ``Date`` is a warning in the game's ``errors`` (``...: unknown key "comemnt" (did you mean
    "comment"?): ignored``) and reading goes on; every other problem is still raised.

    Raises:
        RecordSyntaxError: a missing field, a value of the wrong JSON type, a bad value, an
            illegal play, wrong points or scores, a derived field that differs from what the
            record gives; the message names the deal, the field and the play
            (``JSON record: deal 1: plays: expected an array of plays, not a number``,
            ``JSON record: deal 1: play 3: unknown key "comemnt" (did you mean "comment"?)``,
            ``JSON record: deal 2: trick 3, card 2 (5H by E): East must follow clubs``; an
            illegal play comes before the seats given after it, which follow from it);
            ``line`` is ``None``.
    """
    where = "JSON record"
    notes: list[str] | None = None if strict else []
    try:
        if not isinstance(data, Mapping):
            raise RecordSyntaxError(f"{where}: expected an object, not {json_kind(data)}")
        check_keys(data, GAME_KEYS, where, notes)
        if data.get("format", FORMAT) != FORMAT:
            raise RecordSyntaxError(f"{where}: format {_shown(data.get('format'))}, expected "
                                    f"{FORMAT!r}")
        if _whole(data.get("version", VERSION), f"{where}: version") > VERSION:
            raise RecordSyntaxError(f"{where}: version {data['version']} is newer than "
                                    f"{VERSION}")
        game = GameRecord(_tags(data.get("tags"), f"{where}: tags", True, notes), [],
                          _comment(data.get("comment", ""), f"{where}: comment"))
        rules = game.rules
        if "rules" in data:
            _check_rules(data["rules"], rules, game.tags.get("Rules"), where)
        scores: list[tuple[int, ...] | None] = []     # as given, checked after the replay
        for index, item in enumerate(_array(data.get("deals", []), f"{where}: deals", "deals"),
                                     start=1):
            where = f"JSON record: deal {index}"
            item = _object(item, where)
            check_keys(item, DEAL_KEYS, where, notes)
            raw_plays = _array(item["plays"], f"{where}: plays", "plays")
            plays = [_play(p, f"{where}: play {number}", notes)
                     for number, p in enumerate(raw_plays, start=1)]
            _check_tricks(raw_plays, plays, where)
            leader = item.get("first_leader")
            direction = _text(item["pass_direction"], f"{where}: pass_direction")
            passes = _passes(item.get("passes"), f"{where}: passes")
            check_pass_counts(direction, passes, rules)
            deal = DealRecord(_whole(item.get("number", index), f"{where}: number"),
                              _text(item["dealt"], f"{where}: dealt"),
                              direction, passes, plays,
                              _seat_points(item.get("points"), f"{where}: points"),
                              None if leader is None else _text(leader, f"{where}: first_leader"),
                              _comment(item.get("comment", ""), f"{where}: comment"),
                              _pass_comments(item.get("pass_comments"),
                                             f"{where}: pass_comments"),
                              _tags(item.get("tags"), f"{where}: tags", False, notes))
            if "deal" in item:
                _check_deal(item["deal"], deal, where)
            scores.append(_seat_points(item.get("scores"), f"{where}: scores"))
            try:
                position, illegal = replay_deal(deal, rules), None
            except IllegalPlayError as err:
                position, illegal = None, err
            # The seats follow from the trick winners, so they are known up to the first
            # illegal play and no further: check the given seats up to it, then report it
            # (an illegal card must not surface as "play 5 is E's, but N is to play").
            known = len(raw_plays) if illegal is None else illegal.index
            for number, (play, seat) in enumerate(zip(raw_plays[:known], deal.seats()),
                                                  start=1):
                if "seat" in play and _seat(play["seat"], f"{where}: play {number}") != seat:
                    raise RecordSyntaxError(f"{where}: play {number} "
                                            f"({deal.plays[number - 1].card}) is "
                                            f"{_key(play['seat'])}'s, but {seat} is to play")
            if illegal is not None:
                raise RecordSyntaxError(f"{where}: {illegal}")
            assert position is not None
            if deal.points is None and position.is_over():
                deal.points = tuple(position.score())  # type: ignore[assignment]
            game.deals.append(deal)
        where = "JSON record"
        game.validate()
        # As the HGN reader's Scores: line: given running totals must be the computed ones.
        for number, (given_scores, running) in enumerate(zip(scores, game.scores()), start=1):
            if given_scores is not None and given_scores != running:
                totals = ("none: the deal is unfinished" if running is None
                          else seat_values_text(running))
                raise RecordSyntaxError(f"{where}: deal {number}: scores "
                                        f"{seat_values_text(given_scores)} differ from the "
                                        f"running totals ({totals})")
        given_totals = _seat_points(data.get("totals"), f"{where}: totals")
        if given_totals is not None and given_totals != tuple(game.totals()):
            raise RecordSyntaxError(f"{where}: totals {seat_values_text(given_totals)} differ "
                                    f"from the deals' points "
                                    f"({seat_values_text(tuple(game.totals()))})")
    except RecordSyntaxError as err:
        if err.detail.startswith("JSON record"):
            raise
        raise RecordSyntaxError(f"{where}: {err.detail}") from None
    except KeyError as err:
        raise RecordSyntaxError(f"{where}: no field {err}") from None
    except (HeartsError, TypeError, ValueError, AttributeError) as err:
        raise RecordSyntaxError(f"{where}: {err}") from None
    game.errors.extend(RecordSyntaxError(note) for note in notes or ())
    return game
