"""Game records: the model (:class:`GameRecord`, :class:`DealRecord`, :class:`Play`), the writer.

The text format ("HGN", Hearts game notation, documented in ``docs/records.md``) is modelled
on PGN and PBN: tag pairs, then per deal the passes, one trick per line, the deal's points and
(in a game of several deals) the running scores. From ``tests/data/records/xinxin-train-1.hgn``::

    [Event "xinxin self-play (OpenSpiel data)"]
    [Rules "openspiel"]

    [Board "1"]
    [Deal "N:2.QJT653.9863.Q5 876.K82.Q52.8742 QJ93.A94.J74.A63 AKT54.7.AKT.KJT9"]
    [Pass "across"]
    N passes: 2S 6D 5C
    ...
    1. E 2C S AC W KC N QC
    2. S QS W AS?? {West takes the queen with the ace though holding 4S 5S 6S TS} N AH E 8S
    ...
    10. W 5S N TH E AD?! {[%dd 2] [%best 4C] [%loss 1]} S 2S? {[%dd 8] [%best 9S] [%loss 2]}
    ...
    Points: N 0 E 1 S 7 W 18

The model follows python-chess's PGN model: every :class:`Play` carries a ``comment`` (free
text; machine data inside it as ``[%key value]``, see :func:`comment_data`) and ``nags``
(numeric annotation glyphs; ``!`` 1, ``?`` 2, ``!!`` 3, ``??`` 4, ``!?`` 5, ``?!`` 6 as in PGN).
A game read in forgiving mode keeps its errors in ``game.errors``; ``str(game)`` writes it.

The writer is here, as ``str(game)`` is the record's text (python-chess's ``Game`` writes
itself the same way): :func:`dumps`/:func:`dump` (``*_all`` for files of several games). The
reader is :mod:`.hgn` (which also exports this writer, so ``hgn.loads``/``hgn.dumps`` pair up
as in the ``json`` module); the JSON export is :mod:`.json`, and the package's
:func:`~hearts.analysis.records.loads`/:func:`~hearts.analysis.records.dumps` read and write
every format by name.

Sources: PGN standard (Steven J. Edwards, 1994) for tag pairs, comments and NAGs; PBN 2.1
(Tis Veugen et al.) for the ``Deal`` tag and ``Board`` numbering.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import IO, Iterable, Mapping, NamedTuple, Sequence

from hearts.solver.cards import Card, parse_cards
from hearts.solver.deal import Deal
from hearts.solver.errors import (HeartsError, IllegalPlayError, InvalidDealError,
                                  RecordSyntaxError, RulesError)
from hearts.solver.passing import after_pass, forbidden_pass_text, pass_plan
from hearts.solver.position import Position, trick_winner
from hearts.solver.rules import Rules
from hearts.solver.seats import PassDirection, Seat
from hearts.solver.words import counted

__all__ = [
    "Play",
    "Trick",
    "DealRecord",
    "GameRecord",
    "NAG_GOOD",
    "NAG_MISTAKE",
    "NAG_BRILLIANT",
    "NAG_BLUNDER",
    "NAG_SPECULATIVE",
    "NAG_DUBIOUS",
    "NAG_SUFFIXES",
    "GAME_TAGS",
    "DEAL_TAGS",
    "DATE_RE",
    "comment_data",
    "set_comment_data",
    "strip_comment_data",
    "rules_text",
    "seat_values_text",
    "replay_deal",
    "check_pass_counts",
    "dumps",
    "dump",
    "dumps_all",
    "dump_all",
]

# -- annotation glyphs (PGN NAGs) ---------------------------------------------------------

NAG_GOOD = 1          #: ``!``  a good play
NAG_MISTAKE = 2       #: ``?``  a mistake (loss above the annotator's first threshold)
NAG_BRILLIANT = 3     #: ``!!`` a brilliant play
NAG_BLUNDER = 4       #: ``??`` a blunder (loss above the second threshold)
NAG_SPECULATIVE = 5   #: ``!?`` a speculative play
NAG_DUBIOUS = 6       #: ``?!`` a dubious play

#: NAG → the suffix written after the card (PGN's move suffixes).
NAG_SUFFIXES: dict[int, str] = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}
#: Suffix → NAG.
SUFFIX_NAGS: dict[str, int] = {v: k for k, v in NAG_SUFFIXES.items()}

# -- tags -----------------------------------------------------------------------------------

#: Tags of the game header (before the first ``[Board]``); the writer keeps the order in which
#: they are stored. ``Source`` may also be a deal tag.
GAME_TAGS: tuple[str, ...] = ("Event", "Site", "Date", "Round", "North", "East", "South", "West",
                              "Rules", "Annotator", "Source")
#: Tags of a deal section, in the order the writer writes them. ``Board``, ``Deal`` and
#: ``Pass`` are required; ``Leader`` only when the first leader is not the holder of 2♣.
DEAL_TAGS: tuple[str, ...] = ("Board", "Deal", "Pass", "Leader", "Source")
#: User tags start with this prefix (``[X_Club "Riverside"]``); kept and written back, never read.
USER_TAG_PREFIX = "X_"

_TAG_NAME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
#: ``Date`` values: ``YYYY.MM.DD`` with ``?`` for unknown digits (PGN).
DATE_RE = re.compile(r"^[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}$")


# -- machine data in comments ---------------------------------------------------------------

_DATA_RE = re.compile(r"\[%([A-Za-z0-9_]+)(?:\s+([^\]]*?))?\s*\]")


def comment_data(comment: str) -> dict[str, str]:
    """The machine data of a comment: every ``[%key value]`` as ``{key: value}`` (text).

    ``comment_data("[%dd 13] [%best 4H,5H] safe")`` is ``{"dd": "13", "best": "4H,5H"}``.
    A key given twice keeps the last value. Keys used by hearts-dd are listed in
    ``docs/records.md`` (``dd``, ``best``, ``loss``, ``model``, ...).
    """
    return {m.group(1): (m.group(2) or "") for m in _DATA_RE.finditer(comment)}


def strip_comment_data(comment: str) -> str:
    """A comment's words without its machine data (the ``[%key value]`` items)."""
    return " ".join(_DATA_RE.sub("", comment).split())


def set_comment_data(comment: str, key: str, value: "str | int | float | None") -> str:
    """``comment`` with ``[%key value]`` set: replaced in place if present, else appended
    (after a space); ``value=None`` removes it.

    Raises:
        HeartsError: ``key`` is not letters, digits and ``_``, or the value holds ``]``,
            ``{`` or ``}``.
    """
    if not re.fullmatch(r"[A-Za-z0-9_]+", key):
        raise HeartsError(f'comment data key "{key}" must be letters, digits and _')
    pattern = re.compile(r"(\s*)\[%" + re.escape(key) + r"(?:\s+[^\]]*?)?\s*\]")
    if value is None:
        return pattern.sub("", comment).strip()
    text = str(value)
    if any(c in text for c in "]{}\n"):
        raise HeartsError(f"comment data {key}={text!r}: the value may not hold ], {{, }} or a "
                          f"newline")
    command = f"[%{key} {text}]" if text else f"[%{key}]"
    if pattern.search(comment):
        # Replace the first in place (keeping the space before it); drop later duplicates.
        first = [True]

        def replace(match: re.Match) -> str:
            if first[0]:
                first[0] = False
                return match.group(1) + command
            return ""
        return pattern.sub(replace, comment)
    return f"{comment} {command}" if comment else command


# -- value types ------------------------------------------------------------------------------


@dataclass
class Play:
    """One card played, with its annotation (python-chess's ``GameNode``, flattened).

    Attributes:
        card: the :class:`Card`.
        nags: numeric annotation glyphs (``{NAG_MISTAKE}`` for ``?``); ints 1..255.
        comment: the text of the ``{...}`` after the card ("" for none), exactly as written;
            machine data inside it as ``[%dd 13]`` (:meth:`data`, :meth:`set_data`).
    """

    card: Card
    nags: set[int] = field(default_factory=set)
    comment: str = ""

    def __post_init__(self) -> None:
        self.card = Card(self.card)
        self.nags = set(self.nags)

    @property
    def suffix(self) -> str:
        """The suffix written after the card (``"?"``, ``"??"``, ...; "" for none): that of
        the lowest NAG in 1..6."""
        marks = sorted(n for n in self.nags if n in NAG_SUFFIXES)
        return NAG_SUFFIXES[marks[0]] if marks else ""

    def data(self) -> dict[str, str]:
        """The machine data of the comment (:func:`comment_data`)."""
        return comment_data(self.comment)

    def set_data(self, key: str, value: "str | int | float | None") -> None:
        """Set (or with ``None`` remove) ``[%key value]`` in the comment
        (:func:`set_comment_data`)."""
        self.comment = set_comment_data(self.comment, key, value)

    def __str__(self) -> str:
        return _play_text(self, symbols=False)


class Trick(NamedTuple):
    """A trick of a deal record (a view; :meth:`DealRecord.tricks` builds them).

    Attributes:
        number: 1..13.
        leader: the seat that led.
        seats: the seat of each play, in play order (clockwise from the leader).
        plays: the :class:`Play` objects, in play order (1..4; fewer only in the last trick
            of an unfinished deal).
        winner: the seat that won it (highest card of the suit led), ``None`` if unfinished.
    """

    number: int
    leader: Seat
    seats: tuple[Seat, ...]
    plays: tuple[Play, ...]
    winner: Seat | None


@dataclass
class DealRecord:
    """One deal of a game: the dealt hands, the pass, the play, the result.

    Args/attributes:
        number: the deal's number in its game, 1, 2, ... (the ``[Board]`` tag).
        dealt: the hands as dealt, **before** the pass (:class:`Deal` or PBN text; the
            ``[Deal]`` tag, as in PBN).
        direction: the pass direction (the ``[Pass]`` tag); :class:`PassDirection` or text.
        passes: seat → the cards it passed, in the order written (every seat; empty tuples
            on a hold deal). Seat keys and card values may be given as text.
        plays: the cards played from the first lead, as :class:`Play` (Cards or texts are
            converted), 52 in a finished deal.
        points: the deal's points per seat N, E, S, W after the moon rules (the ``Points:``
            line), or ``None`` for an unfinished deal. Filled by :meth:`GameRecord.add_deal`
            and the readers; :func:`replay_deal` computes it.
        first_leader: who leads trick 1; ``None`` means the holder of 2♣ after the pass and is
            replaced by that seat. Another seat is legal only with ``first_lead="any_card"``
            rules (the ``[Leader]`` tag).
        comment: the comment of the deal ("" for none), written after its tags.
        pass_comments: seat → the comment after its pass line (empty comments are dropped).
        tags: further deal tags in order (``Source`` and ``X_...`` user tags).

    Raises:
        InvalidDealError: ``dealt`` is not a full deal, or a pass is not ``len`` cards of the
            passer's dealt hand (passes are checked on construction; plays are checked against
            the rules by :func:`replay_deal`).
        HeartsError: an unknown seat or direction, or a pass comment on a hold deal.
    """

    number: int
    dealt: Deal
    direction: PassDirection
    passes: dict[Seat, tuple[Card, ...]] = field(default_factory=dict)
    plays: list[Play] = field(default_factory=list)
    points: tuple[int, int, int, int] | None = None
    first_leader: Seat | None = None
    comment: str = ""
    pass_comments: dict[Seat, str] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.dealt, Deal):
            self.dealt = Deal(self.dealt)
        elif not self.dealt.is_full():
            self.dealt = Deal(str(self.dealt))  # raises the full-deal error
        self.direction = PassDirection.parse(self.direction)
        given = {Seat.parse(s): tuple(parse_cards(cards) if isinstance(cards, str)
                                      else (Card(c) for c in cards))
                 for s, cards in (self.passes or {}).items()}
        self.passes = {seat: given.get(seat, ()) for seat in Seat}
        self.plays = [p if isinstance(p, Play) else Play(Card(p)) for p in self.plays]
        if self.points is not None:
            self.points = tuple(int(p) for p in self.points)  # type: ignore[assignment]
        self.pass_comments = {Seat.parse(s): c for s, c in (self.pass_comments or {}).items() if c}
        if self.pass_comments and self.direction is PassDirection.HOLD:
            raise HeartsError(f"deal {self.number}: a pass comment on a hold deal (no pass lines)")
        self.tags = dict(self.tags or {})
        after = self.deal  # validates the passes
        holder = after.holder(_TWO_OF_CLUBS)
        self.first_leader = holder if self.first_leader is None else Seat.parse(self.first_leader)

    # -- derived --------------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The deal after the pass (the hands play starts from).

        Raises:
            InvalidDealError: a pass is wrong (see :meth:`Deal.after_pass`).
        """
        # Without rules the count most seats pass is the expected one, so that the seat that
        # differs is named (North's own count blamed East when North passed 2); a seat that
        # passes nothing is a missing pass, not a count of 0.
        lengths = [len(self.passes[seat]) for seat in Seat if self.passes[seat]]
        count = (max(lengths, key=lengths.count)
                 if lengths and self.direction is not PassDirection.HOLD else 0)
        return after_pass(
            self.dealt, {s: c for s, c in self.passes.items()}
            if self.direction is not PassDirection.HOLD else None, self.direction, count)

    @property
    def cards(self) -> list[Card]:
        """The cards played, in order."""
        return [p.card for p in self.plays]

    def is_finished(self) -> bool:
        """Whether all 52 cards were played."""
        return len(self.plays) == 52

    def tricks(self) -> list[Trick]:
        """The tricks, in order (the last one may be short in an unfinished deal).

        Seats follow from the first leader and the trick winners (highest card of the suit led:
        a rule every variant shares), so no rules are needed. Legality is not checked here.
        """
        result = []
        leader = self.first_leader
        assert leader is not None
        for start in range(0, len(self.plays), 4):
            plays = tuple(self.plays[start:start + 4])
            seats = tuple(leader.offset(i) for i in range(len(plays)))
            winner = trick_winner([p.card for p in plays], leader) if len(plays) == 4 else None
            result.append(Trick(start // 4 + 1, leader, seats, plays, winner))
            if winner is not None:
                leader = winner
        return result

    def seats(self) -> list[Seat]:
        """The seat of each play, in order (see :meth:`tricks`)."""
        return [seat for trick in self.tricks() for seat in trick.seats]

    def position(self, rules: "Rules | str | None" = None) -> Position:
        """The position after the plays under ``rules`` (default standard).

        Raises:
            IllegalPlayError: as :func:`replay_deal`.
        """
        return replay_deal(self, Rules.of(rules))


_TWO_OF_CLUBS = Card("2C")


def check_pass_counts(direction: "PassDirection | str",
                      passes: "Mapping[Seat | str, Iterable[Card | str] | str] | None",
                      rules: Rules) -> None:
    """Check that each seat passes ``rules.pass_count`` cards (N, E, S, W in turn), and that
    the rules pass at all, unless ``direction`` is hold.

    The readers and :meth:`GameRecord.add_deal` call it before building the
    :class:`DealRecord`, which knows no rules: it would take one seat's count as the expected
    one and blame the others (North passing 2 read "East passes 3 cards, expected 2").

    Raises:
        InvalidDealError: ``North passes 2 cards, expected 3``, or a pass under
            ``pass_scheme=hold`` rules.
        HeartsError: an unknown seat or direction.
    """
    direction = PassDirection.parse(direction)
    if direction is PassDirection.HOLD:
        return      # replay_deal names a card passed on a hold deal
    if rules.pass_scheme == "hold":
        raise InvalidDealError(f"a {direction} pass, but the rules have no passing "
                               f"(pass_scheme=hold)")
    given = {Seat.parse(seat): parse_cards(cards) if isinstance(cards, str) else list(cards)
             for seat, cards in (passes or {}).items()}
    for seat in Seat:
        count = len(given.get(seat, ()))
        if count != rules.pass_count:
            raise InvalidDealError(f"{seat.name_title} passes {counted(count, 'card')}, "
                                   f"expected {rules.pass_count}")


def replay_deal(deal: DealRecord, rules: Rules) -> Position:
    """Check a deal record against ``rules`` and return the position after its plays.

    Checks: the pass count is ``rules.pass_count`` (no card on hold), no pass under
    ``pass_scheme="hold"``, no passed card among ``rules.no_pass_cards`` (``rules.md``
    "Passing": "some tables forbid passing certain cards"), the first leader agrees with
    ``rules.first_lead``, and every play is legal (:meth:`Position.why_illegal`).

    Raises:
        InvalidDealError: a wrong pass count, a pass under hold rules, or a passed card the
            rules forbid passing (``South passes AH, which may not be passed (rules
            no_pass_cards=AH)``).
        RulesError: the rules are not for 4 players, or the first leader is not the holder of 2♣
            with a ``first_lead`` other than ``any_card``.
        IllegalPlayError: ``trick 3, card 2 (5H by E): East must follow clubs``; the error's
            ``index`` is the 1-based play number.
    """
    if deal.direction is PassDirection.HOLD:
        for seat in Seat:
            if deal.passes[seat]:
                cards = " ".join(str(c) for c in deal.passes[seat])
                raise InvalidDealError(f"{seat.name_title} passes {cards} on a hold deal "
                                       f"(no pass)")
    else:
        check_pass_counts(deal.direction, deal.passes, rules)
        # DealRecord checks its passes without rules; the forbidden cards are a rules matter.
        forbidden = rules.no_pass_mask()
        for seat in Seat:
            for card in deal.passes[seat]:
                if forbidden & card.mask:
                    raise InvalidDealError(forbidden_pass_text(seat.name_title, card, forbidden))
    position = Position(deal.deal, rules, first_leader=deal.first_leader)
    for index, play in enumerate(deal.plays, start=1):
        reason = position.why_illegal(play.card)
        if reason is not None:
            seat = position.to_move
            raise IllegalPlayError(
                f"trick {(index - 1) // 4 + 1}, card {(index - 1) % 4 + 1} "
                f"({play.card} by {seat}): {reason}", card=play.card, reason=reason, index=index)
        position.play(play.card, check=False)
    return position


@dataclass
class GameRecord:
    """A game: the header tags and its deals in order, with running scores.

    Args/attributes:
        tags: the header tags in order (``Event``, ``Date``, ``North``..``West``, ``Rules``, ...,
            see :data:`GAME_TAGS`; ``X_...`` user tags). Values are text. ``Rules`` is a
            :meth:`Rules.parse` spec (default ``standard``).
        deals: the :class:`DealRecord` objects, numbered 1, 2, ...; only the last may be
            unfinished.
        comment: the comment after the header ("" for none).
        errors: the errors a forgiving read met (:class:`RecordSyntaxError`, with line
            numbers); not part of equality.

    ``str(game)`` is :func:`dumps`. Build a game with :meth:`add_deal`, which checks the play
    and fills in the points.
    """

    tags: dict[str, str] = field(default_factory=dict)
    deals: list[DealRecord] = field(default_factory=list)
    comment: str = ""
    errors: list[RecordSyntaxError] = field(default_factory=list, compare=False, repr=False)

    @property
    def rules(self) -> Rules:
        """The rules of the ``Rules`` tag (``Rules.standard()`` when there is none).

        Raises:
            RulesError: the tag is no valid spec.
        """
        return Rules.parse(self.tags.get("Rules", "standard"))

    def scores(self) -> list[tuple[int, int, int, int] | None]:
        """The running totals per seat after each deal (``None`` after an unfinished deal)."""
        totals = [0, 0, 0, 0]
        result: list[tuple[int, int, int, int] | None] = []
        for deal in self.deals:
            if deal.points is None:
                result.append(None)
                continue
            totals = [t + p for t, p in zip(totals, deal.points)]
            result.append(tuple(totals))  # type: ignore[arg-type]
        return result

    def totals(self) -> tuple[int, int, int, int]:
        """The scores after the last finished deal (all 0 with none)."""
        finished = [s for s in self.scores() if s is not None]
        return finished[-1] if finished else (0, 0, 0, 0)

    def next_direction(self) -> PassDirection:
        """The pass direction of the next deal by the rules' ``pass_scheme`` (standard: left,
        right, across, hold; Morehead 2001; :func:`hearts.solver.passing.pass_plan`).

        Raises:
            RulesError: the next deal's pass has several receivers (scatter, star, shuffle),
                which a record's one pass direction cannot say.
        """
        plan = pass_plan(self.rules, len(self.deals))
        if plan.direction is None:
            raise RulesError(
                f"deal {len(self.deals) + 1} passes by {plan.name} (pass_scheme="
                f"{self.rules.pass_scheme}), which has no single pass direction")
        return PassDirection(plan.direction)

    def add_deal(self, dealt: "Deal | str",
                 direction: "PassDirection | str | int | None" = None,
                 passes: "Mapping[Seat | str, Iterable[Card | str] | str] | None" = None,
                 plays: "Iterable[Play | Card | str] | str" = (), *,
                 first_leader: "Seat | str | None" = None, comment: str = "",
                 pass_comments: "Mapping[Seat | str, str] | None" = None,
                 tags: "Mapping[str, str] | None" = None) -> DealRecord:
        """Append the next deal, check it under :attr:`rules`, and fill in its points.

        Args:
            dealt: the hands before the pass.
            direction: the pass direction (default :meth:`next_direction`).
            passes: seat → its passed cards (omit on hold).
            plays: the cards played (Plays, Cards, texts or one text ``"2C 4C ..."``);
                fewer than 52 leave the deal unfinished.

        Raises:
            HeartsError: the previous deal is unfinished.
            InvalidDealError, IllegalPlayError, RulesError: as :class:`DealRecord` and
                :func:`replay_deal`.
        """
        if self.deals and not self.deals[-1].is_finished():
            raise HeartsError(f"deal {self.deals[-1].number} is unfinished: finish it before "
                              f"adding another")
        if isinstance(plays, str):
            plays = parse_cards(plays)
        direction = self.next_direction() if direction is None else direction
        check_pass_counts(direction, passes, self.rules)
        deal = DealRecord(len(self.deals) + 1, dealt,
                          direction, dict(passes or {}), list(plays), None, first_leader, comment,
                          dict(pass_comments or {}), dict(tags or {}))
        position = replay_deal(deal, self.rules)
        if position.is_over():
            deal.points = tuple(position.score())  # type: ignore[assignment]
        self.deals.append(deal)
        return deal

    def validate(self) -> None:
        """Check the whole record: numbering, every pass and play under :attr:`rules`, the
        stored points, only the last deal unfinished.

        Raises:
            RecordSyntaxError: the first problem, e.g. ``deal 2: trick 3, card 2 (5H by E):
                East must follow clubs`` (no line number: the record is not text).
        """
        try:
            rules = self.rules
        except RulesError as err:
            raise RecordSyntaxError(f"tag Rules: {err}") from None
        for index, deal in enumerate(self.deals):
            where = f"deal {deal.number}"
            if deal.number != index + 1:
                raise RecordSyntaxError(f"{where}: numbered {deal.number}, expected {index + 1}")
            if index < len(self.deals) - 1 and not deal.is_finished():
                raise RecordSyntaxError(f"{where} is unfinished ({len(deal.plays)} of 52 cards) "
                                        f"but not the last deal")
            try:
                position = replay_deal(deal, rules)
            except HeartsError as err:
                raise RecordSyntaxError(f"{where}: {err}") from None
            computed = tuple(position.score()) if position.is_over() else None
            if computed != deal.points:
                raise RecordSyntaxError(
                    f"{where}: points {_points_or_star(deal.points)} differ from the play "
                    f"({_points_or_star(computed)})")

    def __str__(self) -> str:
        return dumps(self)


def _points_or_star(points: "Sequence[int] | None") -> str:
    return "*" if points is None else seat_values_text(points)


def seat_values_text(values: Sequence[int]) -> str:
    """``N 0 E 1 S 7 W 18``: per-seat numbers as written on ``Points:``/``Scores:`` lines."""
    return " ".join(f"{seat} {value}" for seat, value in zip(Seat, values))


# -- rules spec -------------------------------------------------------------------------------


def rules_text(rules: Rules) -> str:
    """A :meth:`Rules.parse` spec for ``rules``: the preset name when it is one, else
    ``standard`` and the fields that differ (``"standard,moon=new"``).

    ``Rules.parse(rules_text(r)) == r`` for every valid ``r``.
    """
    name = rules.name
    if name is not None:
        return name
    standard = Rules.standard().to_dict()
    parts = ["standard"]
    for key, value in rules.to_dict().items():
        if value != standard[key]:
            text = "none" if value is None else (str(value).lower() if isinstance(value, bool)
                                                 else str(value))
            parts.append(f"{key}={text}")
    return ",".join(parts)


# -- writer -----------------------------------------------------------------------------------


def _check_comment(comment: str, where: str) -> None:
    if "{" in comment or "}" in comment:
        raise HeartsError(f"{where}: a comment may not hold {{ or }} (comments do not nest)")


def _tag_line(name: str, value: str) -> str:
    if not _TAG_NAME_RE.match(name):
        raise HeartsError(f"tag name {name!r} must be letters, digits and _ (starting with a "
                          f"letter)")
    if "\n" in value or "\r" in value:
        raise HeartsError(f"tag {name}: the value may not hold a line break")
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _card_text(card: Card, symbols: bool) -> str:
    return card.symbol() if symbols else str(card)


def _play_text(play: Play, symbols: bool) -> str:
    text = _card_text(play.card, symbols)
    suffix = play.suffix
    text += suffix
    rest = sorted(n for n in play.nags if not (suffix and n == SUFFIX_NAGS[suffix]))
    for nag in rest:
        if not (isinstance(nag, int) and 1 <= nag <= 255):
            raise HeartsError(f"NAG {nag!r} of {play.card} is not an integer 1..255")
        text += f" ${nag}"
    if play.comment:
        _check_comment(play.comment, f"comment of {play.card}")
        text += " {" + play.comment + "}"
    return text


def _deal_lines(deal: DealRecord, scores: "tuple[int, ...] | None", symbols: bool) -> list[str]:
    lines = [_tag_line("Board", str(deal.number)), _tag_line("Deal", str(deal.dealt)),
             _tag_line("Pass", str(deal.direction))]
    if deal.first_leader is not None and deal.first_leader != deal.deal.holder(_TWO_OF_CLUBS):
        lines.append(_tag_line("Leader", deal.first_leader.letter))
    for name, value in deal.tags.items():
        if name in ("Board", "Deal", "Pass", "Leader"):
            raise HeartsError(f"deal {deal.number}: tag {name} is written from the record's "
                              f"fields; do not put it in tags")
        if name not in DEAL_TAGS and not name.startswith(USER_TAG_PREFIX):
            raise HeartsError(f"deal {deal.number}: unknown deal tag {name} (deal tags: Source "
                              f"and {USER_TAG_PREFIX}... user tags)")
        lines.append(_tag_line(name, value))
    if deal.comment:
        _check_comment(deal.comment, f"deal {deal.number}")
        lines.append("{" + deal.comment + "}")
    if deal.direction is not PassDirection.HOLD:
        for seat in Seat:
            words = [f"{seat} passes:", *(_card_text(c, symbols) for c in deal.passes[seat])]
            comment = deal.pass_comments.get(seat, "")
            if comment:
                _check_comment(comment, f"deal {deal.number}, {seat.name_title}'s pass")
                words.append("{" + comment + "}")
            lines.append(" ".join(words))
    for trick in deal.tricks():
        lines.append(f"{trick.number}. " + " ".join(
            f"{seat} {_play_text(play, symbols)}" for seat, play in zip(trick.seats, trick.plays)))
    lines.append(f"Points: {_points_or_star(deal.points)}")
    if scores is not None:
        lines.append(f"Scores: {seat_values_text(scores)}")
    return lines


def dumps(game: GameRecord, *, symbols: bool = False) -> str:
    """The text of a game record (format in ``docs/records.md``); ends with a newline.

    Layout: the header tags, a blank line, then each deal (its tags, comment, pass lines, one
    trick per line, ``Points:``; in a game of several deals also ``Scores:``, the running
    totals), deals separated by a blank line. ``loads(dumps(game)) == game`` for every valid
    game with at least one tag or deal.

    Args:
        symbols: write cards with suit symbols (``Q♠``); the reader accepts both.

    Raises:
        HeartsError: a comment holds a brace, a tag value a line break, a NAG is not 1..255,
            an unknown tag name (the reader would refuse it), a malformed ``Date``, or a deal
            tag that duplicates a field.
        RulesError: the ``Rules`` tag is no valid spec.
    """
    blocks = []
    for name, value in game.tags.items():
        if name not in GAME_TAGS and not name.startswith(USER_TAG_PREFIX):
            raise HeartsError(f"unknown header tag {name} (header tags: {', '.join(GAME_TAGS)}; "
                              f"user tags start with {USER_TAG_PREFIX})")
        if name == "Date" and not DATE_RE.match(value):
            raise HeartsError(f'tag Date "{value}": expected YYYY.MM.DD (? for unknown digits)')
        if name == "Rules":
            Rules.parse(value)
    header = [_tag_line(name, value) for name, value in game.tags.items()]
    if game.comment:
        _check_comment(game.comment, "game comment")
        header.append("{" + game.comment + "}")
    if header:
        blocks.append("\n".join(header))
    scores = game.scores()
    several = len(game.deals) > 1
    for deal, score in zip(game.deals, scores):
        blocks.append("\n".join(_deal_lines(deal, score if several else None, symbols)))
    return "\n\n".join(blocks) + "\n" if blocks else ""


def dump(game: GameRecord, fp: IO[str], *, symbols: bool = False) -> None:
    """Write :func:`dumps` of ``game`` to the text file ``fp``."""
    fp.write(dumps(game, symbols=symbols))


def dumps_all(games: Iterable[GameRecord], *, symbols: bool = False) -> str:
    """Several games in one text, separated by a blank line (read back with ``loads_all``).

    Each game after the first must start with a header tag or with deal 1 (always true of
    games with at least one deal).
    """
    return "\n".join(dumps(g, symbols=symbols) for g in games)


def dump_all(games: Iterable[GameRecord], fp: IO[str], *, symbols: bool = False) -> None:
    """Write :func:`dumps_all` of ``games`` to ``fp``."""
    fp.write(dumps_all(games, symbols=symbols))
