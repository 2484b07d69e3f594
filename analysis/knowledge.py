"""What one seat knows during a deal: its own cards, its pass, the plays it saw, and the facts
about the other hands that those plays prove.

This is the information set of Perfect Information Monte Carlo (PIMC) play: the sampler
(:mod:`hearts.analysis.sampling`) deals the unseen cards uniformly among the deals that fit a
:class:`Knowledge`, and each sampled deal is then solved double dummy (Ginsberg 2001, "GIB:
Imperfect Information in a Computationally Challenging Game", JAIR 14).

Facts (:class:`Fact`). Only facts that are *certain* under the rules are recorded -- nothing
probable ("a seat that kept a low heart probably has another") -- so that no consistent deal is
ever left out. Each fact says that a seat, from some play on, holds none of some cards
(``excludes``) or holds some cards until it plays them (``holds``):

1. Following (``rules.md`` "Following"): a seat that does not follow the suit led is void in it.
2. First trick (``no_points_on_first_trick``): a seat void in the suit led that discards a
   penalty card to trick 1 held nothing but penalty cards.
3. Breaking hearts (``must_break_hearts``): a seat that leads a heart before hearts are broken
   held only hearts (with ``can_lead_hearts_instead_of_qs``: only hearts and penalty cards).
4. First lead ``first_lead="any_card"`` with ``no_points_on_first_trick``: a first leader that
   leads a penalty card (or, hearts unbroken, a heart) held nothing it could have led instead.
5. Club rule (``queen_at_first_chance``): a follower for whom Q♠ would have been legal and who
   played another card does not hold Q♠.
6. First lead (``first_lead`` ``"two_of_clubs"`` or ``"any_club"``): the first leader holds 2♣
   until it plays it (it leads because it holds it).
7. Passing (``rules.md`` "Passing"): the cards the seat passed are held by their receiver until
   it plays them.

Facts 1-5 are exactly the inverse of ``Position.legal_mask``: a card is legal for a hand if
and only if the hand holds it and meets the facts its play implies (``tests/test_knowledge.py``
checks this against the rules engine). So a deal of the unseen cards that respects every fact,
the hand sizes and the held cards replays legally, and every deal that replays legally
respects them. :meth:`Knowledge.admits` is that definition of a consistent deal, checked by
replaying the record with :class:`~hearts.solver.Position` (``tests/test_sampling.py``
compares it with the sampler's exact count by brute force).

Masks and seats follow ``docs/internals.md``; card sets are :class:`~hearts.solver.Hand`.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterable, Mapping

from hearts.solver.cards import DECK_MASK, SUIT_MASKS, Card, Suit, cards_from_mask, parse_cards
from hearts.solver.deal import Deal
from hearts.solver.errors import CardError, HeartsError, IllegalPlayError, InvalidDealError
from hearts.solver.hand import Hand
from hearts.solver.passing import after_pass, forbidden_pass_text
from hearts.solver.position import Position, trick_winner
from hearts.solver.rules import Rules
from hearts.solver.seats import PassDirection, Seat
from hearts.solver.words import counted

from .errors import InconsistentRecordError, NoConsistentDealError

__all__ = ["Fact", "Knowledge", "InconsistentRecordError", "NoConsistentDealError",
           "record_knowledge"]

_HAND_SIZE = 13
_HEARTS = SUIT_MASKS[Suit.HEARTS]
_CLUBS = SUIT_MASKS[Suit.CLUBS]
_QS = Card("QS")
_TWO_OF_CLUBS = Card("2C")
_NO_CARDS = Hand.from_mask(0)


@dataclass(frozen=True)
class Fact:
    """One certain fact about a seat's hand, proved by a play or by the pass.

    Attributes:
        seat: the seat the fact is about.
        play: 0-based index in the history of the play that proves it; ``None`` for facts
            known before play (the pass, the first leader).
        excludes: cards the seat holds none of, from that play on.
        holds: cards the seat holds from then on, until it plays them.
        claim: the fact in words, e.g. ``"East is void in clubs"``.
        why: how it is known, e.g. ``"it discarded 9H on a club lead at play 7"``.
    """

    seat: Seat
    play: int | None
    excludes: Hand
    holds: Hand
    claim: str
    why: str

    @property
    def reason(self) -> str:
        """``"East is void in clubs (it discarded 9H on a club lead at play 7)"``."""
        return f"{self.claim} ({self.why})"

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True)
class Knowledge:
    """Everything one seat knows at one moment of a deal.

    Build it with :meth:`from_record` (the seat's own view: its hand, its pass, the plays),
    :meth:`from_position` (a seat's view of a known position) or :meth:`from_deal` (a full
    record: dealt hands, the four passes, the plays). The fields are derived by those
    constructors; build a Knowledge only through them.

    Attributes:
        seat: the observing seat.
        rules: the rules of the deal (the facts depend on them).
        start_hand: the seat's 13 cards at the start of play (after the pass).
        hand: the seat's cards now.
        pass_direction: the deal's pass direction, or ``None`` when not given.
        passed: the cards the seat passed (empty on a hold deal or when not given).
        passed_to: the seat that received them, or ``None``.
        received: the cards the seat received.
        received_from: the seat that passed them, or ``None``.
        history: every card played, in order from the first lead.
        players: the seat that played each card of ``history``.
        first_leader: the seat that leads trick 1, ``None`` while not known to the seat (before
            the first lead, when it does not hold 2♣).
        trick: the cards of the current trick (0-3).
        leader: the seat that led (or leads) the current trick, ``None`` when not known.
        to_move: the seat to play next, ``None`` when not known or the deal is over.
        hearts_broken: a card of ``rules.breaks_hearts_mask()`` has been played.
        points: raw points each seat took in completed tricks (no moon rule), by seat.
        facts: every fact proved so far, in order (see the module docstring).
        voids: per seat, the suits the facts show it holds none of (for the observer too:
            only what the table saw).
        excluded: per seat, the cards the facts show it does not hold (whole suits for voids).
        known: per seat, the unseen cards it is known to hold (the cards the seat passed, 2♣
            held by the first leader); for the observer, its hand.
        unseen: the cards the seat has not seen: not in its hand and not played.
        hand_sizes: how many cards each seat holds now, by seat.
    """

    seat: Seat
    rules: Rules
    start_hand: Hand
    hand: Hand
    pass_direction: PassDirection | None
    passed: Hand
    passed_to: Seat | None
    received: Hand
    received_from: Seat | None
    history: tuple[Card, ...]
    players: tuple[Seat, ...]
    first_leader: Seat | None
    trick: tuple[Card, ...]
    leader: Seat | None
    to_move: Seat | None
    hearts_broken: bool
    points: tuple[int, int, int, int]
    facts: tuple[Fact, ...]
    voids: tuple[frozenset[Suit], frozenset[Suit], frozenset[Suit], frozenset[Suit]]
    excluded: tuple[Hand, Hand, Hand, Hand]
    known: tuple[Hand, Hand, Hand, Hand]
    unseen: Hand
    hand_sizes: tuple[int, int, int, int]

    # -- constructors -------------------------------------------------------------------

    @classmethod
    def from_record(cls, seat: "Seat | str", start_hand: "Hand | str | Iterable[Card | str]",
                    played: "Iterable[Card | str] | str" = (),
                    rules: "Rules | str | None" = None, *,
                    pass_direction: "PassDirection | str | int | None" = None,
                    passed: "Iterable[Card | str] | str | None" = None,
                    received: "Iterable[Card | str] | str | None" = None,
                    first_leader: "Seat | str | None" = None) -> "Knowledge":
        """The knowledge of ``seat`` from its own record of the deal.

        Args:
            seat: the observing seat.
            start_hand: its 13 cards at the start of play, after the pass (PBN text, a
                :class:`Hand` or cards).
            played: every card played so far, from the first lead (cards, or one text
                ``"2C 3C AC ..."``); who played each follows from the trick winners.
            rules: the rules, or a ``Rules.parse`` text (default :meth:`Rules.standard`).
            pass_direction: the deal's pass direction; ``None`` = no pass information.
            passed: the cards the seat passed (required when the direction is not hold).
            received: the cards the seat received (required when the direction is not hold).
            first_leader: the seat that led trick 1. With ``first_lead="any_card"`` it is the
                seat left of the dealer (default North, as in :class:`Position`); with the
                2♣ rules it is inferred from the seat's hand and its place in trick 1 when
                possible, and must be given when it is not (the seat saw who led).

        Raises:
            InconsistentRecordError: the hand does not hold 13 cards; a pass on a hold deal, a
                wrong pass count, a card passed or received that the rules forbid passing
                (``no_pass_cards``), passed cards still held or received cards not held; a card
                played twice; the seat plays a card it does not hold, or a card that is illegal
                with its hand; another seat plays a card the seat holds, a card known to be
                held by a third seat, or a card an earlier fact rules out (e.g. a suit it
                showed void in); a fact contradicts a seat's known cards; the first leader
                cannot be told.
            NoConsistentDealError: no deal of the unseen cards fits the facts and hand sizes.
            CardError: a card text is no card.
        """
        seat = Seat.parse(seat)
        rules = Rules.of(rules)
        who = seat.name_title
        if rules.players != 4:
            raise InconsistentRecordError(
                f"rules option players={rules.players}: a seat's knowledge is modelled for "
                f"4 players")
        start = _mask_of_cards(start_hand, f"{who}'s hand")
        if start.bit_count() != _HAND_SIZE:
            raise InconsistentRecordError(
                f"{who}'s hand holds {counted(start.bit_count(), 'card')}, expected {_HAND_SIZE}")
        cards = _card_list(played, "played list")
        direction, passed_mask, received_mask = _read_pass(
            seat, rules, start, pass_direction, passed, received)
        receiver = direction.receiver(seat) if direction not in (None, PassDirection.HOLD) else None
        leader = _first_leader(seat, rules, start, cards, first_leader,
                               receiver if passed_mask & _TWO_OF_CLUBS.mask else None)
        reader = _Reader(seat, rules, start)
        if receiver is not None:
            reader.add_holds(receiver, None, passed_mask,
                             f"{receiver.name_title} holds {_text(passed_mask)}",
                             f"{who} passed them {direction}")
        if (leader is not None and rules.first_lead != "any_card" and leader != seat
                and _TWO_OF_CLUBS not in cards and not passed_mask & _TWO_OF_CLUBS.mask):
            # Fact 6: the holder of 2C leads trick 1 (recorded while 2C is unseen).
            why = f"it led {cards[0]} to trick 1" if cards else "it leads trick 1"
            reader.add_holds(leader, None, _TWO_OF_CLUBS.mask, f"{leader.name_title} holds 2C",
                             why)
        reader.leader = leader
        reader.read(cards)
        knowledge = cls(
            seat=seat,
            rules=rules,
            start_hand=Hand.from_mask(start),
            hand=Hand.from_mask(reader.own),
            pass_direction=direction,
            passed=Hand.from_mask(passed_mask),
            passed_to=receiver,
            received=Hand.from_mask(received_mask),
            received_from=(direction.passer(seat) if direction not in (None, PassDirection.HOLD)
                           else None),
            history=tuple(cards),
            players=tuple(reader.players),
            first_leader=leader,
            trick=tuple(reader.trick),
            leader=reader.leader,
            to_move=reader.to_move(),
            hearts_broken=reader.hearts_broken,
            points=tuple(reader.points),  # type: ignore[arg-type]
            facts=tuple(reader.facts),
            voids=tuple(frozenset(s for s in Suit if reader.excluded[j] & SUIT_MASKS[s]
                                  == SUIT_MASKS[s]) for j in Seat),  # type: ignore[arg-type]
            excluded=tuple(Hand.from_mask(m) for m in reader.excluded),  # type: ignore[arg-type]
            known=tuple(Hand.from_mask(reader.own if j == seat else reader.known[j])
                        for j in Seat),  # type: ignore[arg-type]
            unseen=Hand.from_mask(DECK_MASK & ~reader.own & ~reader.seen),
            hand_sizes=tuple(_HAND_SIZE - reader.players.count(j)
                             for j in Seat),  # type: ignore[arg-type]
        )
        knowledge._check_fits()
        return knowledge

    @classmethod
    def from_position(cls, position: Position, seat: "Seat | str",
                      passed: "Iterable[Card | str] | str | None" = None,
                      received: "Iterable[Card | str] | str | None" = None,
                      pass_direction: "PassDirection | str | int | None" = None) -> "Knowledge":
        """What ``seat`` knows in ``position``: its own hand, the plays, and its pass if given.

        Only the seat's view is used: the other hands of ``position`` are checked against the
        pass (the passed cards must be in the receiver's hand at the start of play) but not
        read. Before the first lead, the first leader is known only under
        ``first_lead="any_card"`` or when the seat holds 2♣.

        Raises:
            InconsistentRecordError: as :meth:`from_record`, or the passed cards are not in
                the receiver's hand at the start of play.
        """
        seat = Seat.parse(seat)
        public_leader = bool(position.history) or position.rules.first_lead == "any_card"
        knowledge = cls.from_record(
            seat, position.deal[seat], position.history, position.rules,
            pass_direction=pass_direction, passed=passed, received=received,
            first_leader=position.first_leader if public_leader else None)
        if knowledge.passed_to is not None:
            missing = knowledge.passed.mask & ~position.deal[knowledge.passed_to].mask
            if missing:
                receiver = knowledge.passed_to.name_title
                raise InconsistentRecordError(
                    f"{seat.name_title} passed {_text(knowledge.passed.mask)} to {receiver}, but "
                    f"{receiver} does not hold {_text(missing)} at the start of play")
        return knowledge

    @classmethod
    def from_deal(cls, deal_before_pass: "Deal | str",
                  passes: "Mapping[Seat | str, Iterable[Card | str] | str] | None",
                  direction: "PassDirection | str | int",
                  played: "Iterable[Card | str] | str", seat: "Seat | str",
                  rules: "Rules | str | None" = None, *,
                  first_leader: "Seat | str | None" = None) -> "Knowledge":
        """What ``seat`` knows in a fully recorded deal: the dealt hands, every seat's pass and
        the plays so far (e.g. an OpenSpiel game, :mod:`hearts.analysis.openspiel`).

        Args:
            deal_before_pass: the dealt hands.
            passes: seat → the cards it passed (``None`` or empty on a hold deal).
            direction: the pass direction.
            played: the cards played so far, from the first lead.
            seat: the observing seat.
            rules: the rules, or a ``Rules.parse`` text (default :meth:`Rules.standard`);
                ``rules.pass_count`` cards each.
            first_leader: the first leader under ``first_lead="any_card"`` (default North).

        Raises:
            InconsistentRecordError: a bad pass (wrong count, a card not held, a card the rules
                forbid passing, a pass on a hold deal), an illegal play, or as
                :meth:`from_position`.
        """
        rules = Rules.of(rules)
        seat = Seat.parse(seat)
        direction = _check_direction(rules, PassDirection.parse(direction))
        dealt = deal_before_pass if isinstance(deal_before_pass, Deal) else Deal(deal_before_pass)
        try:
            after = after_pass(dealt, passes, direction, rules.pass_count,
                               forbidden=rules.no_pass_mask())
            position = Position(after, rules, played, first_leader=first_leader)
        except (InvalidDealError, IllegalPlayError) as err:
            raise InconsistentRecordError(str(err)) from None
        if direction is PassDirection.HOLD:
            return cls.from_position(position, seat, pass_direction=direction)
        given = {Seat.parse(k): v for k, v in (passes or {}).items()}
        return cls.from_position(position, seat, passed=given[seat],
                                 received=given[direction.passer(seat)],
                                 pass_direction=direction)

    # -- queries ------------------------------------------------------------------------

    @property
    def others(self) -> tuple[Seat, Seat, Seat]:
        """The three other seats, clockwise from the observer's left."""
        return (self.seat.left, self.seat.across, self.seat.right)

    def candidates(self, seat: "Seat | str") -> Hand:
        """The unseen cards ``seat`` may hold now: not ruled out by a fact and not known to
        be held by another seat (for the observer: its hand)."""
        seat = Seat.parse(seat)
        if seat == self.seat:
            return self.hand
        elsewhere = 0
        for other in Seat:
            if other != seat:
                elsewhere |= self.known[other].mask
        return Hand.from_mask(self.unseen.mask & ~self.excluded[seat].mask & ~elsewhere)

    def played_by(self, seat: "Seat | str") -> Hand:
        """The cards ``seat`` has played."""
        seat = Seat.parse(seat)
        mask = 0
        for card, player in zip(self.history, self.players):
            if player == seat:
                mask |= card.mask
        return Hand.from_mask(mask)

    def position(self, deal: "Deal | str") -> Position:
        """The position after ``history`` in ``deal`` (the hands at the start of play).

        Raises:
            IllegalPlayError: the history is illegal in that deal.
            InvalidDealError: the deal is not a full deal.
        """
        first = self.first_leader if self.rules.first_lead == "any_card" else None
        return Position(deal, self.rules, self.history, first_leader=first)

    def admits(self, deal: "Deal | str") -> bool:
        """Whether ``deal`` (the hands at the start of play) fits this knowledge.

        The definition of "consistent", checked without the facts: the observer's start hand
        is its hand in ``deal``; the cards it passed are in the receiver's hand; the first
        leader, when known, leads; and the history replays legally from ``deal`` under
        ``rules`` (which puts every played card in the hand of the seat that played it).
        """
        deal = deal if isinstance(deal, Deal) else Deal(deal)
        if not deal.is_full() or deal[self.seat] != self.start_hand:
            return False
        if self.passed_to is not None and self.passed.mask & ~deal[self.passed_to].mask:
            return False
        try:
            position = self.position(deal)
        except HeartsError:
            return False
        return self.first_leader is None or position.first_leader == self.first_leader

    # -- checks -------------------------------------------------------------------------

    def _check_fits(self) -> None:
        """Hall's condition for dealing the unseen cards to the other seats: for every set T
        of seats, the cards that only seats of T may hold are no more than T's hand sizes.

        Raises:
            NoConsistentDealError: some set of seats cannot take the cards only it may hold.
        """
        others = self.others
        candidates = {j: self.candidates(j).mask for j in others}
        unseen = self.unseen.mask
        for size in range(4):
            for group in combinations(others, size):
                outside = 0
                for j in others:
                    if j not in group:
                        outside |= candidates[j]
                only_here = unseen & ~outside
                room = sum(self.hand_sizes[j] for j in group)
                if only_here.bit_count() > room:
                    who = self.seat.name_title
                    if not group:
                        raise NoConsistentDealError(
                            f"no deal fits {who}'s knowledge: no seat can hold {_text(only_here)}")
                    names = " and ".join(j.name_title for j in group)
                    raise NoConsistentDealError(
                        f"no deal fits {who}'s knowledge: only {names} can hold the "
                        f"{only_here.bit_count()} unseen cards {_text(only_here)}, but "
                        f"{'they hold' if size > 1 else 'it holds'} {room}")


class _Reader:
    """Replays a seat's record card by card, collecting facts and checking each play."""

    def __init__(self, seat: Seat, rules: Rules, start: int) -> None:
        self.seat = seat
        self.rules = rules
        self.own = start
        self.seen = 0
        self.played_at: dict[Card, int] = {}
        self.players: list[Seat] = []
        self.excluded = [0, 0, 0, 0]
        self.known = [0, 0, 0, 0]
        self.facts: list[Fact] = []
        self.trick: list[Card] = []
        self.leader: Seat | None = None
        self.hearts_broken = False
        self.points = [0, 0, 0, 0]
        self._values = rules.point_values()
        self._breaks = rules.breaks_hearts_mask()
        self._banned = rules.first_trick_banned_mask()

    def to_move(self) -> Seat | None:
        if self.leader is None or len(self.players) == 52:
            return None
        return self.leader.offset(len(self.trick))

    # -- facts --------------------------------------------------------------------------

    def add_holds(self, seat: Seat, play: int | None, mask: int, claim: str, why: str) -> None:
        for other in Seat:
            clash = (self.own if other == self.seat else self.known[other]) & mask
            if other != seat and clash:
                held = (f"{other.name_title} holds {_text(clash)}" if other == self.seat
                        else self._fact_holding(other, clash).reason)
                raise InconsistentRecordError(f"{claim} ({why}), but {held}")
        clash = self.excluded[seat] & mask
        if clash:
            fact = self._fact_excluding(seat, clash)
            raise InconsistentRecordError(f"{claim} ({why}), but {fact.reason}")
        self.known[seat] |= mask
        self.facts.append(Fact(seat, play, _NO_CARDS, Hand.from_mask(mask), claim, why))

    def add_excludes(self, seat: Seat, index: int, card: Card, mask: int, claim: str,
                     why: str) -> None:
        who = seat.name_title
        held = self.own if seat == self.seat else self.known[seat]
        clash = held & mask
        if clash:
            if seat == self.seat:
                source = ""
            else:
                source = f" ({self._fact_holding(seat, clash).why})"
            raise InconsistentRecordError(
                f"play {index + 1} ({card} by {who}): the play means {claim}, but {who} holds "
                f"{_text(clash)}{source}")
        if mask & ~self.excluded[seat] & ~self.seen:
            self.facts.append(Fact(seat, index, Hand.from_mask(mask), _NO_CARDS, claim, why))
        self.excluded[seat] |= mask

    def _fact_excluding(self, seat: Seat, mask: int) -> Fact:
        return next(f for f in self.facts if f.seat == seat and f.excludes.mask & mask)

    def _fact_holding(self, seat: Seat, mask: int) -> Fact:
        return next(f for f in self.facts if f.seat == seat and f.holds.mask & mask)

    # -- the plays ----------------------------------------------------------------------

    def read(self, cards: list[Card]) -> None:
        for index, card in enumerate(cards):
            self.play(index, card)

    def play(self, index: int, card: Card) -> None:
        if self.leader is None:  # pragma: no cover - _first_leader guarantees it
            raise InconsistentRecordError("the first leader is not known")
        seat = self.leader.offset(len(self.trick))
        who = seat.name_title
        where = f"play {index + 1} ({card} by {who})"
        if card in self.played_at:
            raise InconsistentRecordError(
                f"{where}: {card} was already played at play {self.played_at[card] + 1}")
        if seat == self.seat:
            if not self.own & card.mask:
                raise InconsistentRecordError(f"{where}: {who} does not hold {card}")
        else:
            if self.own & card.mask:
                raise InconsistentRecordError(
                    f"{where}: {self.seat.name_title} holds {card}")
            for other in Seat:
                if other != seat and self.known[other] & card.mask:
                    fact = self._fact_holding(other, card.mask)
                    raise InconsistentRecordError(f"{where}: impossible, {fact.reason}")
            if self.excluded[seat] & card.mask:
                fact = self._fact_excluding(seat, card.mask)
                raise InconsistentRecordError(f"{where}: impossible, {fact.reason}")
        self._derive(seat, index, card, where)
        # The card leaves the table's unknowns.
        self.played_at[card] = index
        self.players.append(seat)
        self.seen |= card.mask
        if seat == self.seat:
            self.own &= ~card.mask
        self.known[seat] &= ~card.mask
        if card.mask & self._breaks:
            self.hearts_broken = True
        self.trick.append(card)
        if len(self.trick) == 4:
            winner = trick_winner(self.trick, self.leader)
            self.points[winner] += sum(self._values[c.bit] for c in self.trick)
            self.trick = []
            self.leader = winner

    def _derive(self, seat: Seat, index: int, card: Card, where: str) -> None:
        """Record the facts the play of ``card`` proves: what its player's hand cannot have
        held for the card to be legal (the inverse of ``Position.legal_mask``)."""
        rules = self.rules
        who = seat.name_title
        banned = self._banned
        first_trick = index < 4
        if self.trick:
            led = self.trick[0].suit
            if card.suit != led:
                # Fact 1: following suit comes first.
                self.add_excludes(seat, index, card, SUIT_MASKS[led],
                                  f"{who} is void in {led.name.lower()}",
                                  f"it discarded {card} on a {_suit_word(led)} lead at play "
                                  f"{index + 1}")
                if banned and first_trick and card.mask & banned:
                    # Fact 2: a penalty card on trick 1 only when holding nothing else.
                    self.add_excludes(seat, index, card, DECK_MASK & ~banned,
                                      f"{who} holds only penalty cards",
                                      f"it discarded {card} to trick 1 at play {index + 1}")
                    zone = DECK_MASK
                else:
                    zone = DECK_MASK & ~banned if banned and first_trick else DECK_MASK
            else:
                zone = SUIT_MASKS[led]
            if rules.queen_at_first_chance and card is not _QS and zone & _QS.mask:
                # Fact 5: Q♠ would have been legal, so it would have been forced.
                self.add_excludes(seat, index, card, _QS.mask, f"{who} does not hold QS",
                                  f"it played {card} at play {index + 1}, where the club rule "
                                  f"would force QS")
            return
        if index == 0:
            if rules.first_lead == "two_of_clubs":
                if card is not _TWO_OF_CLUBS:
                    raise InconsistentRecordError(f"{where}: {who} must lead 2C")
                return
            if rules.first_lead == "any_club":
                if not card.mask & _CLUBS:
                    raise InconsistentRecordError(
                        f"{where}: {who} must lead a club to the first trick")
                return
            if banned:
                safe = DECK_MASK & ~banned
                if rules.must_break_hearts:
                    safe &= ~_HEARTS
                if card.mask & safe:
                    return
                # Fact 4: no penalty card (nor, hearts unbroken, a heart) led to trick 1
                # while holding anything else.
                kinds = "penalty cards and hearts" if rules.must_break_hearts else "penalty cards"
                self.add_excludes(seat, index, card, safe, f"{who} holds only {kinds}",
                                  f"it led {card} to trick 1")
        if rules.must_break_hearts and not self.hearts_broken and card.mask & _HEARTS:
            # Fact 3: hearts may be led unbroken only by a hand of hearts (and, with
            # can_lead_hearts_instead_of_qs, penalty cards).
            allowed = _HEARTS
            kinds = "hearts"
            if rules.can_lead_hearts_instead_of_qs:
                allowed |= rules.positive_mask()
                kinds = "hearts and penalty cards"
            self.add_excludes(seat, index, card, DECK_MASK & ~allowed, f"{who} holds only {kinds}",
                              f"it led {card} at play {index + 1} before hearts were broken")


# -- input helpers ----------------------------------------------------------------------

def _first_leader(seat: Seat, rules: Rules, start: int, cards: list[Card],
                  given: "Seat | str | None", passed_2c_to: Seat | None) -> Seat | None:
    """The first leader: given, or North under ``any_card``, or inferred from the seat's view.

    Under the 2♣ rules the leader holds 2♣: the seat itself when it holds 2♣, the receiver
    when the seat passed it; otherwise the seat's own card in trick 1 fixes the leader. When
    nothing tells (the seat has not played to trick 1 yet) the leader must be given once a
    card has been played.
    """
    holder = seat if start & _TWO_OF_CLUBS.mask else passed_2c_to
    if given is not None:
        leader = Seat.parse(given)
        if rules.first_lead != "any_card" and holder is not None and leader != holder:
            raise InconsistentRecordError(
                f"first leader {leader.name_title}, but {holder.name_title} holds 2C")
        if rules.first_lead != "any_card" and holder is None and leader == seat:
            raise InconsistentRecordError(
                f"first leader {leader.name_title}, but {seat.name_title} does not hold 2C")
        return leader
    if rules.first_lead == "any_card":
        return Seat.N
    if holder is not None:
        return holder
    first_trick = cards[:4]
    options = []
    for leader in (seat.left, seat.across, seat.right):
        mine = (seat - leader) % 4
        if all((i == mine) == bool(start & card.mask) for i, card in enumerate(first_trick)):
            options.append(leader)
    if len(options) == 1:
        return options[0]
    if not cards:
        return None
    if not options:
        raise InconsistentRecordError(
            f"trick 1 ({_text_list(first_trick)}) does not fit {seat.name_title}'s hand")
    raise InconsistentRecordError(
        f"who led trick 1 is not known from {seat.name_title}'s cards: give first_leader")


def _read_pass(seat: Seat, rules: Rules, start: int,
               direction: "PassDirection | str | int | None",
               passed: "Iterable[Card | str] | str | None",
               received: "Iterable[Card | str] | str | None",
               ) -> tuple[PassDirection | None, int, int]:
    """Check the seat's pass; returns (direction, passed mask, received mask).

    No card of ``rules.no_pass_cards`` may be passed (``rules.md`` "Passing": "some tables
    forbid passing certain cards"): not by the seat, nor by the seat that passed to it.
    """
    who = seat.name_title
    passed_mask = 0 if passed is None else _mask_of_cards(passed, f"{who}'s pass")
    received_mask = 0 if received is None else _mask_of_cards(received, f"{who}'s received cards")
    if direction is None:
        if passed_mask or received_mask:
            raise InconsistentRecordError(f"{who}'s pass is given without a pass direction")
        return None, 0, 0
    direction = _check_direction(rules, PassDirection.parse(direction))
    if direction is PassDirection.HOLD:
        if passed_mask:
            raise InconsistentRecordError(
                f"no pass on a hold deal, but {who} passes {_text(passed_mask)}")
        if received_mask:
            raise InconsistentRecordError(
                f"no pass on a hold deal, but {who} receives {_text(received_mask)}")
        return direction, 0, 0
    for what, mask, given in (("passes", passed_mask, passed),
                              ("receives", received_mask, received)):
        if given is None:
            raise InconsistentRecordError(
                f"{who}'s pass {direction}: the cards it {what} are not given")
        if mask.bit_count() != rules.pass_count:
            raise InconsistentRecordError(
                f"{who} {what} {counted(mask.bit_count(), 'card')}, expected {rules.pass_count}")
    forbidden = rules.no_pass_mask()
    for what, mask, given in (("passes", passed_mask, passed),
                              ("receives", received_mask, received)):
        if mask & forbidden:
            raise InconsistentRecordError(forbidden_pass_text(
                who, _in_given_order(given, mask & forbidden), forbidden, what))
    if passed_mask & start:
        wrong = passed_mask & start
        raise InconsistentRecordError(
            f"{who} passed {_in_given_order(passed, wrong)} but holds {_them(wrong)} at the "
            f"start of play")
    if received_mask & ~start:
        wrong = received_mask & ~start
        raise InconsistentRecordError(
            f"{who} received {_in_given_order(received, wrong)} but does not hold "
            f"{_them(wrong)} at the start of play")
    return direction, passed_mask, received_mask


#: The pass directions each ``Rules.pass_scheme`` uses (``rules.md`` "Passing").
_SCHEME_DIRECTIONS = {
    "standard": frozenset(PassDirection),
    "left": frozenset({PassDirection.LEFT}),
    "left_right": frozenset({PassDirection.LEFT, PassDirection.RIGHT}),
    "hold": frozenset({PassDirection.HOLD}),
    # the passed cards are pooled and dealt back at random: no pass has a direction
    "shuffle": frozenset({PassDirection.HOLD}),
}


def _check_direction(rules: Rules, direction: PassDirection) -> PassDirection:
    """``direction``, if the rules' pass scheme uses it.

    Raises:
        InconsistentRecordError: a pass on a hold deal (``pass_scheme="hold"``), a direction
            the scheme never uses (e.g. right under ``"left"``, Foster 1909), or any direction
            but hold under ``"shuffle"`` (the passed cards are pooled).
    """
    if direction not in _SCHEME_DIRECTIONS.get(rules.pass_scheme, frozenset(PassDirection)):
        if rules.pass_scheme == "hold":
            raise InconsistentRecordError(
                f"pass direction {direction} on a hold deal (rules pass_scheme=hold)")
        if rules.pass_scheme == "shuffle":
            raise InconsistentRecordError(
                f"pass direction {direction}: under pass_scheme=shuffle the passed cards are "
                f"pooled and dealt back at random, so a pass has no direction")
        raise InconsistentRecordError(
            f"pass direction {direction} is not used by the rules' pass_scheme={rules.pass_scheme}")
    return direction


def _card_list(cards: "Iterable[Card | str] | str", what: str) -> list[Card]:
    try:
        if isinstance(cards, str):
            return parse_cards(cards)
        return [Card(c) for c in cards]
    except CardError as err:
        raise CardError(f"{what}: {err}") from None


def _mask_of_cards(cards: "Hand | str | Iterable[Card | str]", what: str) -> int:
    """The mask of a hand given as a Hand, PBN text (with dots) or cards; no duplicates."""
    if isinstance(cards, Hand):
        return cards.mask
    if isinstance(cards, str) and "." in cards:
        try:
            return Hand(cards).mask
        except (InvalidDealError, CardError) as err:
            raise InconsistentRecordError(f"{what}: {err}") from None
    mask = 0
    for card in _card_list(cards, what):
        if mask & card.mask:
            raise InconsistentRecordError(f"{what}: {card} is given twice")
        mask |= card.mask
    return mask


def _suit_word(suit: Suit) -> str:
    return suit.name.lower()[:-1]


def _text(mask: int) -> str:
    return " ".join(str(c) for c in cards_from_mask(mask))


def _in_given_order(cards: "Hand | str | Iterable[Card | str] | None", mask: int) -> str:
    """The cards of ``mask`` in the order the caller gave ``cards`` (already checked by
    :func:`_mask_of_cards`), so that a message echoes what the user wrote."""
    if cards is None or isinstance(cards, Hand) or (isinstance(cards, str) and "." in cards):
        return _text(mask)
    return _text_list([c for c in _card_list(cards, "") if c.mask & mask])


def _them(mask: int) -> str:
    return "it" if mask.bit_count() == 1 else "them"


def _text_list(cards: list[Card]) -> str:
    return " ".join(str(c) for c in cards)


def record_knowledge(deal: "object", rules: Rules, at: int, seat: Seat) -> Knowledge:
    """``seat``'s knowledge after ``at`` plays of a recorded deal (a records ``DealRecord``):
    its dealt hand, its own pass, the cards played so far. The first leader is taken from the
    record only where the rules leave it open (``first_lead="any_card"``); otherwise the
    rules decide it (the 2♣ or lowest club).

    Raises:
        InconsistentRecordError: as :meth:`Knowledge.from_deal`.
    """
    hold = deal.direction is PassDirection.HOLD  # type: ignore[attr-defined]
    return Knowledge.from_deal(
        deal.dealt, None if hold else deal.passes, deal.direction,  # type: ignore[attr-defined]
        deal.cards[:at], seat, rules,  # type: ignore[attr-defined]
        first_leader=deal.first_leader  # type: ignore[attr-defined]
        if rules.first_lead == "any_card" else None)

