"""Import game records from OpenSpiel action ids (the xinxin files) and peer-engine JSON records,
and export a deal back to OpenSpiel action ids.

Each imported deal becomes a one-deal :class:`~.model.GameRecord` (independent deals, not a
game: their pass directions do not follow a rotation), checked under its rules as the text
reader checks it. Parsing of the sources is :mod:`hearts.analysis.openspiel`'s
(``parse_action_line``, ``load_peer_record``); formats in
``tests/data/openspiel_xinxin/README.md`` and ``tests/data/peer-games/README.md``.
"""
from __future__ import annotations

import re
from typing import Any, Iterator, Mapping, Sequence

from hearts.solver.cards import Card
from hearts.solver.errors import (HeartsError, IllegalPlayError, InvalidDealError,
                                  RecordSyntaxError, RulesError)
from hearts.solver.position import Position
from hearts.solver.rules import OPENSPIEL_PARAMETERS, Rules
from hearts.solver.seats import PassDirection, Seat

from ..openspiel import OpenSpielGame, load_peer_record, parse_action_line
from .model import DealRecord, GameRecord, rules_text, seat_values_text

__all__ = [
    "from_openspiel_game",
    "from_openspiel_line",
    "from_openspiel_lines",
    "from_openspiel_playthrough",
    "from_peer_record",
    "openspiel_spec",
    "to_openspiel_line",
    "to_openspiel_lines",
    "openspiel_game_lines",
    "different_rules",
]


def openspiel_spec(params: Mapping[str, Any]) -> str:
    """A :meth:`Rules.parse` spec for OpenSpiel parameters: ``openspiel`` and the parameters
    that differ from OpenSpiel's defaults, in OpenSpiel's order
    (``"openspiel,no_pts_on_first_trick=false"``).

    Raises:
        RulesError: an unknown parameter or a value that is not true or false (``"yes"`` or
            ``1`` included: the spec would write ``bool(value)``).
    """
    for key, value in params.items():
        if not isinstance(value, bool):
            raise RulesError(f"OpenSpiel parameter {key}={value!r}: expected true or false")
    Rules.from_openspiel_dict(params)  # validates names
    parts = ["openspiel"]
    for key, default in OPENSPIEL_PARAMETERS.items():
        value = params.get(key, default)
        if bool(value) != default:
            parts.append(f"{key}={str(bool(value)).lower()}")
    return ",".join(parts)


def _spec(rules: "Rules | str | None") -> str:
    if rules is None:
        return "openspiel"
    if isinstance(rules, Rules):
        return rules_text(rules)
    Rules.parse(rules)  # validates
    return rules


def from_openspiel_game(game: OpenSpielGame, rules: "Rules | str | None" = None,
                        tags: "Mapping[str, str] | None" = None) -> GameRecord:
    """A one-deal record of a parsed OpenSpiel action line.

    Args:
        game: from :func:`.openspiel.parse_action_line`.
        rules: the rules to check it under (a :class:`Rules` or a spec; default ``openspiel``),
            written as the ``Rules`` tag.
        tags: further header tags, written before ``Rules``.

    Raises:
        RecordSyntaxError: a pass or play is illegal under the rules; the message names the
            play (``play 13 (9H by E): ...``) and carries the game's line number.
    """
    header = dict(tags or {})
    header["Rules"] = _spec(rules)
    record = GameRecord(header)
    try:
        record.add_deal(game.dealt, game.direction,
                        game.passes if game.direction is not PassDirection.HOLD else None,
                        game.plays)
    except IllegalPlayError as err:
        raise RecordSyntaxError(f"play {err.index}: {err}", game.line_number) from None
    except HeartsError as err:
        raise RecordSyntaxError(str(err), game.line_number) from None
    return record


def from_openspiel_line(line: str, line_number: int | None = None, *,
                        rules: "Rules | str | None" = None,
                        source: str | None = None) -> GameRecord:
    """A one-deal record of an OpenSpiel action-id line (a xinxin deal).

    Tags: ``Source`` (``source``, default ``"OpenSpiel action ids"``, with ``, line N`` when
    ``line_number`` is given) and ``Rules`` (default ``openspiel``).

    Raises:
        RecordSyntaxError: a malformed line (:func:`.openspiel.parse_action_line`), or a pass or
            play illegal under the rules; with the line number.
    """
    game = parse_action_line(line, line_number)
    name = source or "OpenSpiel action ids"
    if line_number is not None:
        name += f", line {line_number}"
    return from_openspiel_game(game, rules, {"Source": name})


def from_openspiel_lines(text: str, *, rules: "Rules | str | None" = None,
                         source: str | None = None) -> Iterator[GameRecord]:
    """One record per action-id line of a file; blank lines and ``#`` lines are skipped.

    Raises:
        RecordSyntaxError: as :func:`from_openspiel_line`, with the file's line number.
    """
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield from_openspiel_line(line, number, rules=rules, source=source)


#: A ``History()`` line of an OpenSpiel playthrough: the action ids so far, comma-separated.
_HISTORY_RE = re.compile(r"^History\(\) = \[([0-9, ]*)\]\s*$")


def is_openspiel_playthrough(text: str) -> bool:
    """Whether ``text`` looks like an OpenSpiel playthrough of Hearts (its first line is
    ``game: hearts`` and it has ``History()`` lines)."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return first.startswith("game: hearts") and "History() = [" in text


def from_openspiel_playthrough(text: str, *, rules: "Rules | str | None" = None,
                               source: str | None = None) -> GameRecord:
    """The deal of an OpenSpiel playthrough (``integration_tests/playthroughs/hearts.txt``):
    its last ``History()`` line, the whole game's action ids (earlier ones are prefixes).

    Raises:
        RecordSyntaxError: no ``History()`` line, or as :func:`from_openspiel_line` (with the
            line number of the last ``History()`` line).
    """
    last: tuple[int, str] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        match = _HISTORY_RE.match(line.strip())
        if match:
            last = (number, match.group(1))
    if last is None:
        raise RecordSyntaxError("an OpenSpiel playthrough without a History() line", 1)
    number, ids = last
    return from_openspiel_line(ids.replace(",", " "), number, rules=rules,
                               source=source or "OpenSpiel playthrough")


def from_peer_record(data: Mapping[str, Any], line_number: int | None = None, *,
                     strict: bool = True) -> GameRecord:
    """A one-deal record of a peer-engine record (a parsed line of
    ``peer-games/openspiel-hearts.jsonl``).

    Tags: ``Source`` (the record's ``source`` and ``policy``, and the line number when given)
    and ``Rules`` (:func:`openspiel_spec` of its OpenSpiel parameters). Each play's ``seat``
    must be the seat to play, its ``legal`` list (when given) must hold the card played and
    equal the legal cards under the rules, and the points of the replay must equal the
    record's ``points``.

    Raises:
        RecordSyntaxError: a missing field or bad value (:func:`.openspiel.load_peer_record`),
            an illegal pass or play, a play's seat or legal list that differs from the replay
            (``peer record: play 6 (TS by S): not in the record's own legal list (2S)``), or
            points that differ from the record's.

    With ``strict=False`` an unknown key is a warning in the game's ``errors`` instead
    (:func:`.openspiel.load_peer_record`).
    """
    peer = load_peer_record(data, line_number, strict=strict)
    source = str(data.get("source", "peer record"))
    if peer.policy:
        source += f", policy {peer.policy}"
    if line_number is not None:
        source += f", line {line_number}"
    spec = openspiel_spec(peer.openspiel_params)
    # one line, as a tag value must be (the HGN writer refuses a line break)
    record = GameRecord({"Source": " ".join(source.split()), "Rules": spec})
    try:
        deal = record.add_deal(peer.dealt, peer.direction,
                               peer.passes if peer.direction is not PassDirection.HOLD else None,
                               peer.plays)
    except IllegalPlayError as err:
        raise RecordSyntaxError(f"peer record: play {err.index}: {err}", line_number) from None
    except HeartsError as err:
        raise RecordSyntaxError(f"peer record: {err}", line_number) from None
    # Each play's seat, and its legal set when given: the record's cross-check of our rules
    # (tests/data/peer-games/README.md), so a legal list that leaves out the card played, or
    # differs from the rules' legal cards, is an error rather than ignored.
    position = Position(deal.deal, record.rules, first_leader=deal.first_leader)
    for number, (play, seat, raw) in enumerate(zip(peer.play_records, deal.seats(),
                                                   data["plays"]), start=1):
        if play.seat != seat:
            raise RecordSyntaxError(f"peer record: play {number} ({play.card}) is "
                                    f"{play.seat}'s, but {seat} is to play", line_number)
        if "legal" in raw:
            where = f"peer record: play {number} ({play.card} by {seat})"
            if play.card not in play.legal:
                raise RecordSyntaxError(f"{where}: not in the record's own legal list "
                                        f"({_cards_text(play.legal)})", line_number)
            ours = frozenset(position.legal_moves())
            if play.legal != ours:
                raise RecordSyntaxError(f"{where}: the record's legal list "
                                        f"({_cards_text(play.legal)}) differs from the legal "
                                        f"cards under its rules ({_cards_text(ours)})",
                                        line_number)
        position.play(play.card, check=False)
    if deal.points != tuple(peer.points):
        raise RecordSyntaxError(
            f"peer record: points {seat_values_text(peer.points)} differ from the play "
            f"({seat_values_text(deal.points) if deal.points else 'unfinished'})", line_number)
    record.errors.extend(RecordSyntaxError(note, line_number) for note in peer.warnings)
    return record


def _cards_text(cards: "frozenset[Card]") -> str:
    """``2S TS JS`` (ascending), or ``none``."""
    return " ".join(str(card) for card in sorted(cards)) or "none"


def to_openspiel_line(deal: DealRecord) -> str:
    """The OpenSpiel action-id line of a deal (inverse of :func:`from_openspiel_line` up to the
    order of the dealt ids, which come out canonical: each hand ascending).

    Raises:
        InvalidDealError: not expressible: fewer or more than 3 cards passed per seat.
    """
    ids = [int(deal.direction), *deal.dealt.to_openspiel_ids()]
    if deal.direction is not PassDirection.HOLD:
        for seat in Seat:
            if len(deal.passes[seat]) != 3:
                raise InvalidDealError(f"OpenSpiel passes 3 cards; {seat.name_title} passes "
                                       f"{len(deal.passes[seat])}")
            ids.extend(c.openspiel_id for c in deal.passes[seat])
    ids.extend(p.card.openspiel_id for p in deal.plays)
    return " ".join(map(str, ids))


def to_openspiel_lines(games: Sequence[GameRecord]) -> tuple[str, str]:
    """Every deal of ``games`` as an OpenSpiel action-id line, and the :meth:`Rules.parse`
    spec the lines replay under (``hearts replay FILE --rules SPEC``; ``"openspiel"`` for
    OpenSpiel's defaults).

    A line holds no rules, no first leader and no end: what it cannot say is refused, not
    dropped, so that the lines replay to the same deals.

    Raises:
        RulesError: a game's rules OpenSpiel cannot express (Pink Lady, ``first_lead=any_card``
            with its ``[Leader]``, 3 players, ...), or games under different rules (a file of
            lines replays under one ``--rules``).
        InvalidDealError: an unfinished deal, or a pass of other than 3 cards.
    """
    lines: list[str] = []
    spec = first = None
    for g, game in enumerate(games, start=1):
        more, this = openspiel_game_lines(game, f"game {g}: " if len(games) > 1 else "")
        if spec is None:
            spec, first = this, g
        elif this != spec:
            raise different_rules(g, first, this, spec)  # type: ignore[arg-type]
        lines.extend(more)
    return "".join(line + "\n" for line in lines), spec or "openspiel"


def openspiel_game_lines(game: GameRecord, where: str = "") -> tuple[list[str], str]:
    """The action-id lines of one game's deals, and the spec they replay under
    (:func:`to_openspiel_lines`, whose errors start with ``where``, e.g. ``game 2: ``).

    Raises:
        RulesError, InvalidDealError: as :func:`to_openspiel_lines`.
    """
    try:
        params = game.rules.to_openspiel_dict()
    except RulesError:
        raise RulesError(f"{where}the game's rules ({rules_text(game.rules)}) cannot be "
                         f"written as OpenSpiel parameters, which an action-id line "
                         f"replays under") from None
    lines = []
    for deal in game.deals:
        at = f"{where}deal {deal.number}"
        if len(deal.plays) < 52:
            raise InvalidDealError(f"{at} is unfinished ({len(deal.plays)} of 52 cards "
                                   f"played): an OpenSpiel line holds a whole deal")
        try:
            lines.append(to_openspiel_line(deal))
        except InvalidDealError as err:
            raise InvalidDealError(f"{at}: {err}") from None
    return lines, openspiel_spec(params)


def different_rules(game: int, first: int, spec: str, first_spec: str) -> RulesError:
    """The error for game ``game`` under other OpenSpiel rules than game ``first``."""
    return RulesError(f"game {game} is played under other rules than game {first} "
                      f"({spec}, not {first_spec}): a file of OpenSpiel lines replays under "
                      f"one --rules; convert them apart")
