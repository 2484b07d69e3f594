"""Import OpenSpiel Hearts games: action-id lines (xinxin files) and peer-engine JSON records.

Action-id line format (OpenSpiel ``hearts``; see ``tests/data/openspiel_xinxin/README.md``):
space-separated integers, one deal a line:

1. the pass direction: 0 hold, 1 left (N→E), 2 across, 3 right (= :class:`PassDirection`);
2. 52 deal actions: card ids, card ``i`` of the list going to seat ``i mod 4`` (N, E, S, W);
3. unless hold, 12 pass actions: N's 3 cards, then E's, S's, W's;
4. the plays in order (52 in a complete game), starting with the 2♣.

Card id = ``rank_index*4 + suit`` (0 = 2C, 43 = QS, 51 = AS). A complete line has 117 tokens
(with a pass) or 105 (hold).

Peer records (``tests/data/peer-games/README.md``) are JSON objects with the OpenSpiel
``rules`` parameters, the dealt hands, the passes and every play with the legal set.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

from hearts.solver.cards import Card
from hearts.solver.deal import Deal
from hearts.solver.errors import (CardError, HeartsError, InvalidDealError, NumberError,
                                  RecordSyntaxError)
from hearts.solver.hand import Hand
from hearts.solver.numbers import is_int_text, parse_int, parse_ints
from hearts.solver.passing import after_pass
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.seats import PassDirection, Seat

from .files import check_keys, expect_json, printable, quote_text

__all__ = [
    "OpenSpielGame",
    "ReplayResult",
    "PeerPlay",
    "PeerRecord",
    "parse_action_line",
    "parse_action_lines",
    "replay",
    "load_peer_record",
]

_DEAL_IDS = 52
_PASS_IDS = 12
_PLAYS = 52


@dataclass(frozen=True)
class OpenSpielGame:
    """One deal read from an OpenSpiel action-id line.

    Attributes:
        direction: the pass direction.
        dealt: the deal before the pass.
        passes: seat → the 3 cards it passed, in the order given (empty lists on hold).
        deal: the deal after the pass (the hands play starts from).
        plays: the cards played, in order.
        line_number: the 1-based line number in its file, if known.
    """

    direction: PassDirection
    dealt: Deal
    passes: dict[Seat, list[Card]]
    deal: Deal
    plays: list[Card]
    line_number: int | None = None

    def action_ids(self) -> list[int]:
        """The OpenSpiel action history of this game (inverse of :func:`parse_action_line`)."""
        ids = [int(self.direction), *self.dealt.to_openspiel_ids()]
        if self.direction is not PassDirection.HOLD:
            for seat in Seat:
                ids.extend(c.openspiel_id for c in self.passes[seat])
        ids.extend(c.openspiel_id for c in self.plays)
        return ids


@dataclass
class ReplayResult:
    """The outcome of replaying a game under some rules.

    Attributes:
        points: per seat, the final points (:meth:`Position.score`) when the game was completed,
            else the raw points taken so far (moon rules not applied).
        completed: all 52 cards were played legally.
        illegal_index: 0-based index in ``plays`` of the first illegal card, or ``None``.
        illegal_card: that card, or ``None``.
        illegal_reason: why it is illegal (``"East must follow clubs"``), or ``None``.
        position: the position after the last legal play.
    """

    points: list[int]
    completed: bool
    illegal_index: int | None
    illegal_card: Card | None
    illegal_reason: str | None
    position: Position = field(repr=False)

    @property
    def legal(self) -> bool:
        """No play was illegal."""
        return self.illegal_index is None


def parse_action_line(line: str, line_number: int | None = None, *,
                      require_complete: bool = True) -> OpenSpielGame:
    """Read one OpenSpiel action-id line (format in the module docstring).

    Args:
        line: the text of the line.
        line_number: its 1-based number, put into errors.
        require_complete: the line must hold all 52 plays (otherwise 0..52 plays are accepted).

    Raises:
        RecordSyntaxError: a token is no integer, a wrong token count, a bad id, a card dealt or
            passed or played twice, or a card passed by a seat that was not dealt it; the error
            carries ``line`` and ``column`` (the token's first character, 1-based).
    """
    tokens: list[tuple[int, str]] = []  # (column, text)
    column = 0
    for text in line.split():
        column = line.index(text, column)
        tokens.append((column + 1, text))
        column += len(text)

    def error(message: str, index: int | None = None) -> RecordSyntaxError:
        col = tokens[index][0] if index is not None and index < len(tokens) else None
        return RecordSyntaxError(message, line_number, col)

    ids = parse_ints([text for _, text in tokens], digits=6) or []
    for i, (_, text) in enumerate(tokens if not ids else ()):
        # ASCII digits only: int() also reads "+7", "1_0" and other scripts' digits ("٢"),
        # and raises past 4,300 digits; an id is 0..51 (a direction 0..3), so 6 digits tell
        # "out of range" apart from "too long"
        if not is_int_text(text) or text.startswith("+"):
            raise error(f"token {i + 1} {quote_text(text, 20)} is not an integer action id", i)
        try:
            ids.append(parse_int(text, f"token {i + 1}", digits=6))
        except NumberError as err:
            raise error(f"{err} (an action id is 0..51)", i) from None
    if not ids:
        raise error("empty line: expected OpenSpiel action ids")
    if not 0 <= ids[0] <= 3:
        raise error(f"token 1 is pass direction {ids[0]}, expected 0 (hold), 1 (left), "
                    f"2 (across) or 3 (right)", 0)
    direction = PassDirection(ids[0])
    head = 1 + _DEAL_IDS + (0 if direction is PassDirection.HOLD else _PASS_IDS)
    full = head + _PLAYS
    if len(ids) > full or len(ids) < head or (require_complete and len(ids) != full):
        expected = f"{full}" if require_complete else f"{head} to {full}"
        raise error(f"{len(ids)} tokens, expected {expected} for pass direction {direction}",
                    min(len(ids), full) if len(ids) > full else None)

    def card_at(i: int, what: str) -> Card:
        try:
            return Card.from_openspiel(ids[i])
        except CardError:
            raise error(f"token {i + 1} ({what}): card id {ids[i]} is not in 0..51", i) from None

    # The deal.
    deal_cards = [card_at(1 + k, f"deal card {k + 1}") for k in range(_DEAL_IDS)]
    seen: dict[Card, int] = {}
    for k, card in enumerate(deal_cards):
        if card in seen:
            raise error(f"token {k + 2} (deal card {k + 1}): {card} already dealt as deal card "
                        f"{seen[card] + 1}", 1 + k)
        seen[card] = k
    dealt = Deal.from_openspiel_ids(ids[1:1 + _DEAL_IDS])

    # The passes.
    passes: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
    if direction is not PassDirection.HOLD:
        for k in range(_PASS_IDS):
            i = 1 + _DEAL_IDS + k
            seat = Seat(k // 3)
            card = card_at(i, f"pass {k + 1}, {seat.name_title}")
            if card in passes[seat]:
                raise error(f"token {i + 1}: {seat.name_title} passes {card} twice", i)
            if dealt.holder(card) != seat:
                raise error(f"token {i + 1}: {seat.name_title} passes {card}, dealt to "
                            f"{dealt.holder(card).name_title}", i)
            passes[seat].append(card)
    try:
        after = after_pass(dealt, passes, direction)
    except InvalidDealError as err:  # pragma: no cover - the checks above cover it
        raise error(str(err)) from None

    # The plays.
    plays: list[Card] = []
    played: dict[Card, int] = {}
    for k in range(len(ids) - head):
        i = head + k
        card = card_at(i, f"play {k + 1}")
        if card in played:
            raise error(f"token {i + 1} (play {k + 1}): {card} already played as play "
                        f"{played[card] + 1}", i)
        played[card] = k
        plays.append(card)
    return OpenSpielGame(direction, dealt, passes, after, plays, line_number)


def parse_action_lines(text: str, *, require_complete: bool = True) -> Iterator[OpenSpielGame]:
    """Read every game of a file of action-id lines; blank lines and ``#`` comments are skipped.

    Raises:
        RecordSyntaxError: as :func:`parse_action_line`, with the file's line number.
    """
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield parse_action_line(line, number, require_complete=require_complete)


def replay(game: "OpenSpielGame | PeerRecord", rules: Rules | None = None) -> ReplayResult:
    """Play ``game.plays`` from ``game.deal`` under ``rules`` and stop at the first illegal card.

    Args:
        game: a parsed game (or a peer record; its own rules are the default then).
        rules: the rules to check against (default: the record's rules, else
            :meth:`Rules.openspiel`).
    """
    if rules is None:
        rules = game.rules if isinstance(game, PeerRecord) else Rules.openspiel()
    position = Position(game.deal, rules)
    for index, card in enumerate(game.plays):
        reason = position.why_illegal(card)
        if reason is not None:
            return ReplayResult(list(position.points), False, index, card, reason, position)
        position.play(card, check=False)
    if position.is_over():
        return ReplayResult(position.score(), True, None, None, None, position)
    return ReplayResult(list(position.points), False, None, None, None, position)


@dataclass(frozen=True)
class PeerPlay:
    """One play of a peer record: who played, what, and the legal set the peer engine allowed."""

    seat: Seat
    card: Card
    legal: frozenset[Card]


@dataclass(frozen=True)
class PeerRecord:
    """One deal played by OpenSpiel's engine (``peer-games/openspiel-hearts.jsonl``).

    Attributes:
        rules: the record's OpenSpiel parameters as :class:`Rules`.
        openspiel_params: the parameters as given.
        direction: the pass direction.
        dealt: the deal before the pass; ``deal``: after it.
        passes: seat → the cards it passed.
        play_records: every play with its seat and legal set.
        points: the points per seat after the moon rule, as the peer scored them.
        policy: how the cards were chosen (``random`` or ``moon``).
        warnings: what a lenient read ignored (unknown keys), one line each.
    """

    rules: Rules
    openspiel_params: dict[str, Any]
    direction: PassDirection
    dealt: Deal
    passes: dict[Seat, list[Card]]
    deal: Deal
    play_records: list[PeerPlay]
    points: list[int]
    policy: str | None = None
    warnings: tuple[str, ...] = ()

    @property
    def plays(self) -> list[Card]:
        """The cards played, in order."""
        return [p.card for p in self.play_records]


def _typed(value: Any, kind: type, expected: str, where: str = "") -> Any:
    """``value`` if it is of JSON type ``kind``; else a ``TypeError``
    (:func:`.files.expect_json`), to which :func:`load_peer_record` adds the field and line."""
    return expect_json(value, kind, expected, where, TypeError)


def _peer_cards(value: Any, where: str) -> list[Card]:
    return [Card(_typed(c, str, "a card", where))
            for c in _typed(value, list, "an array of cards", where)]


#: The keys of a peer record and of its plays (``tests/data/peer-games/README.md``); any other
#: is an error (a warning of the lenient reader), as in our JSON records.
PEER_KEYS = ("source", "policy", "rules", "pass_direction", "deal", "passes", "plays", "points",
             "returns", "openspiel_text")
PEER_PLAY_KEYS = ("seat", "card", "legal")


def _peer_play(value: Any, number: int, notes: "list[str] | None") -> PeerPlay:
    where = f"play {number}"
    play = _typed(value, Mapping, 'an object {"seat": ..., "card": ...}', where)
    check_keys(play, PEER_PLAY_KEYS, f"peer record: {where}", notes)
    return PeerPlay(Seat.parse(_typed(play["seat"], str, "a seat", f"{where} seat")),
                    Card(_typed(play["card"], str, "a card", f"{where} card")),
                    frozenset(_peer_cards(play.get("legal", []), f"{where} legal")))


def load_peer_record(data: Mapping[str, Any], line_number: int | None = None, *,
                     strict: bool = True) -> PeerRecord:
    """Read one peer record (a parsed JSON object). Every key must be known
    (:data:`PEER_KEYS`, :data:`PEER_PLAY_KEYS`) and every field read must have its JSON
    type: the ``rules`` parameters true or false, the ``points`` whole numbers, cards and seats
    strings (``"yes"`` is not taken for true, nor ``"7"`` for 7). With ``strict=False`` an
    unknown key is a warning in the record's ``warnings`` instead.

    Raises:
        RecordSyntaxError: a missing field, a value of the wrong JSON type (``peer record:
            malformed field 'rules' (jd_bonus: expected true or false, not a string "yes")``)
            or a bad value; with ``line_number`` if given.
    """
    field = "rules"         # the field being read, for a value of the wrong JSON type
    notes: list[str] | None = None if strict else []
    try:
        if not isinstance(data, Mapping):
            raise RecordSyntaxError(f"peer record: expected a JSON object, not "
                                    f"{type(data).__name__}", line_number)
        check_keys(data, PEER_KEYS, "peer record", notes)
        params = dict(_typed(data["rules"], Mapping, "an object of OpenSpiel parameters"))
        for key, value in params.items():
            _typed(value, bool, "true or false", key)
        rules = Rules.from_openspiel_dict(params)
        field = "pass_direction"
        direction = PassDirection.parse(_typed(data["pass_direction"], str,
                                               "left, right, across or hold"))
        field = "deal"
        dealt = Deal.from_hands({seat: Hand.from_cards(_peer_cards(cards, seat)) for seat, cards
                                 in _typed(data["deal"], Mapping,
                                           'an object {"N": [cards], ...}').items()})
        field = "passes"
        passes = {Seat.parse(seat): _peer_cards(cards, seat) for seat, cards
                  in _typed(data.get("passes", {}), Mapping,
                            'an object {"N": [cards], ...}').items()}
        after = after_pass(dealt, passes, direction)
        field = "plays"
        plays = [_peer_play(p, number, notes) for number, p
                 in enumerate(_typed(data["plays"], list, "an array of plays"), start=1)]
        field = "points"
        points_by_seat = _typed(data["points"], Mapping, 'an object {"N": n, ...}')
        points = [_typed(points_by_seat[seat.name], int, "a whole number", seat.name)
                  for seat in Seat]
        for field in ("policy", "source"):
            if data.get(field) is not None:
                _typed(data[field], str, "a string")
    except KeyError as err:
        raise RecordSyntaxError(f"peer record has no field {err}", line_number) from None
    except HeartsError as err:
        if isinstance(err, RecordSyntaxError) and err.detail.startswith("peer record"):
            raise RecordSyntaxError(err.detail, line_number) from None
        # the card, seat and rules parsers quote the record's strings as they are
        raise RecordSyntaxError(f"peer record: {printable(str(err))}", line_number) from None
    except (TypeError, ValueError, AttributeError) as err:
        # null, a number or a text where an object or a list belongs: one line, no traceback
        raise RecordSyntaxError(f"peer record: malformed field {field!r} "
                                f"({printable(str(err))})", line_number) from None
    return PeerRecord(rules, params, direction, dealt, passes, after, plays, points,
                      data.get("policy"), tuple(notes or ()))

