"""A position in the play of a deal: legal cards, play/unplay, tricks and the deal's score.

:class:`Position` is the reference rules engine: the Cython core is tested against it, and its
legal-move logic equals OpenSpiel's ``HeartsState::PlayLegalActions`` for every OpenSpiel
parameter set. Every rule of play lives in :meth:`Position.legal_mask` (which cards) and
:meth:`Position.why_illegal` (why not); the rules themselves are documented on
:class:`~.rules.Rules`.

State is kept in card masks (``docs/internals.md``) so that a brute-force search can call
``legal_moves``/``play``/``unplay`` millions of times.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from .cards import SUIT_MASKS, Card, Suit, cards_from_mask, parse_cards
from .deal import Deal
from .errors import CardError, HeartsError, IllegalPlayError, RulesError
from .hand import Hand
from .rules import Rules, _pass_direction
from .seats import PassDirection, Seat

__all__ = ["Position", "trick_winner"]

_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_HEARTS_MASK = SUIT_MASKS[Suit.HEARTS]
_CLUBS_MASK = SUIT_MASKS[Suit.CLUBS]
_TWO_OF_CLUBS = Card("2C")
_QS_MASK = Card("QS").mask
_CARDS_PER_DEAL = 52


def trick_winner(cards: Sequence[Card], leader: Seat | int) -> Seat:
    """The seat that wins a trick: the highest card of the suit led (no trumps in Hearts).

    Args:
        cards: the cards in play order, the first led by ``leader`` (1..4 cards; with fewer
            than 4 this is the seat winning so far).
        leader: the seat that led.
    """
    led = cards[0].suit
    best = 0
    best_rank = cards[0].rank
    for i in range(1, len(cards)):
        card = cards[i]
        if card.suit is led and card.rank > best_rank:
            best, best_rank = i, card.rank
    return _SEATS[(leader + best) % 4]


class Position:
    """A deal in play: the hands left, the trick so far, the points taken.

    Args:
        deal: the full deal after the pass (:class:`Deal` or its PBN text).
        rules: the rules (default :meth:`Rules.standard`).
        played: cards already played in order from the first lead: an iterable of Card/text or
            one text ``"2C 3C AC ..."``. Each is checked as by :meth:`play`.
        first_leader: who leads trick 1 when ``rules.first_lead == "any_card"`` (the player left
            of the dealer; default North). With the other first-lead rules the holder of 2♣
            leads, and ``first_leader`` may only name that seat.
        pass_direction: the deal's pass direction (:class:`PassDirection` or its text:
            ``"left"``, ``"right"``, ``"across"``, ``"hold"``); ``None`` (default) = unknown,
            scored as a hold deal. Only the score reads it (``sun_paid_by="passer"``: the seat
            that passed to the sun shooter pays). It is not checked against
            ``rules.pass_scheme`` (a record's pass direction is authoritative).

    Raises:
        IllegalPlayError: a played card is illegal; the message is
            ``card 7 of played list ("5H"): East must follow clubs``.
        CardError: a played card is no card.
        InvalidDealError: the deal is not a full deal.
        RulesError: the rules are not for 4 players, or ``first_leader`` contradicts them, or
            ``pass_direction`` names no direction.

    Attributes (read them; change them only through ``play``/``unplay``):
        deal: the deal at the start of play.
        rules: the rules.
        hands: ``list[int]``, the card mask each seat still holds, indexed by Seat.
        history: ``list[Card]``, every card played, in order.
        trick: ``list[Card]``, the current trick (0-3 cards; empty between tricks).
        leader: the Seat that led (or is to lead) the current trick.
        to_move: the Seat to play next (after the last trick: the winner of trick 13).
        hearts_broken: whether a card of ``rules.breaks_hearts_mask()`` has been played. It is
            the fact, whatever ``must_break_hearts`` says (with that option off, hearts may be
            led anyway).
        points: ``list[int]``, raw points taken per seat (the sum of the point values of the
            cards it took in completed tricks; no moon rules).
        taken: ``list[int]``, the mask of the cards each seat took in completed tricks.
        tricks_won: ``list[int]``, completed tricks won per seat.
        first_leader: the Seat that led trick 1.
        pass_direction: the :class:`PassDirection` of the deal, or ``None`` (unknown: hold).
    """

    __slots__ = ("deal", "rules", "hands", "history", "trick", "leader", "to_move",
                 "hearts_broken", "points", "taken", "tricks_won", "first_leader",
                 "pass_direction", "_leaders", "_winners", "_broken_at", "_values", "_breaks",
                 "_banned", "_positive", "_must_break", "_lead_hearts_instead", "_queen_rule",
                 "_first_lead")

    deal: Deal
    rules: Rules
    hands: list[int]
    history: list[Card]
    trick: list[Card]
    leader: Seat
    to_move: Seat
    hearts_broken: bool
    points: list[int]
    taken: list[int]
    tricks_won: list[int]
    first_leader: Seat
    pass_direction: PassDirection | None

    #: :func:`trick_winner`, also reachable as ``Position.trick_winner(cards, leader)``.
    trick_winner = staticmethod(trick_winner)

    def __init__(self, deal: "Deal | str", rules: Rules | None = None,
                 played: "Iterable[Card | str] | str" = (),
                 first_leader: "Seat | str | None" = None,
                 pass_direction: "PassDirection | str | int | None" = None) -> None:
        if not isinstance(deal, Deal):
            deal = Deal(deal)
        elif not deal.is_full():
            deal = Deal(str(deal))  # raises the full-deal error with the right message
        rules = Rules.standard() if rules is None else rules
        if rules.players != 4:
            raise RulesError(f"rules option players={rules.players}: the play model supports 4")
        self.deal = deal
        self.rules = rules
        self.first_leader = self._first_leader(deal, rules, first_leader)
        self.pass_direction = _pass_direction(pass_direction)
        self.hands = list(deal.masks)
        self.history = []
        self.trick = []
        self.leader = self.first_leader
        self.to_move = self.first_leader
        self.hearts_broken = False
        self.points = [0, 0, 0, 0]
        self.taken = [0, 0, 0, 0]
        self.tricks_won = [0, 0, 0, 0]
        self._leaders = [int(self.first_leader)]
        self._winners: list[int] = []
        self._broken_at = -1
        self._values = rules.point_values()
        self._breaks = rules.breaks_hearts_mask()
        self._banned = rules.first_trick_banned_mask()
        self._positive = rules.positive_mask()
        self._must_break = rules.must_break_hearts
        self._lead_hearts_instead = rules.can_lead_hearts_instead_of_qs
        self._queen_rule = rules.queen_at_first_chance
        self._first_lead = rules.first_lead
        self._replay(played)

    @staticmethod
    def _first_leader(deal: Deal, rules: Rules, given: "Seat | str | None") -> Seat:
        seat = None if given is None else Seat.parse(given)
        if rules.first_lead == "any_card":
            return Seat.N if seat is None else seat
        holder = deal.holder(_TWO_OF_CLUBS)
        if seat is not None and seat != holder:
            raise RulesError(
                f"first_leader={seat.name_title}, but with first_lead={rules.first_lead} the holder "
                f"of 2C ({holder.name_title}) leads")
        return holder

    def _replay(self, played: "Iterable[Card | str] | str") -> None:
        if isinstance(played, str):
            try:
                cards: Iterable[Card | str] = parse_cards(played)
            except CardError as err:
                raise CardError(f"played list: {err}") from None
        else:
            cards = played
        for index, item in enumerate(cards, start=1):
            try:
                card = Card(item)
            except CardError as err:
                raise CardError(f"card {index} of played list: {err}") from None
            reason = self.why_illegal(card)
            if reason is not None:
                raise IllegalPlayError(f'card {index} of played list ("{card}"): {reason}',
                                       card=card, reason=reason, index=index)
            self.play(card, check=False)

    # -- the rules of play --------------------------------------------------------------

    def legal_mask(self) -> int:
        """The mask of the cards the seat to move may play (0 when the deal is over).

        The rules, in the order OpenSpiel applies them (``PlayLegalActions``):

        1. Follow suit if able.
        2. Trick 1, first card: the 2♣ (``first_lead="two_of_clubs"``), any club
           (``"any_club"``), or (``"any_card"``) any card but a penalty card unless holding
           nothing else (``no_points_on_first_trick``), then the leading rule.
        3. Trick 1, void in the suit led: no penalty card unless holding nothing else
           (``no_points_on_first_trick``).
        4. Leading: no heart until hearts are broken, unless holding only hearts
           (``must_break_hearts``); a leader whose other cards are all penalty cards may lead a
           heart only with ``can_lead_hearts_instead_of_qs``.
        5. Otherwise any card. Then the club rule (``queen_at_first_chance``): a follower for
           whom Q♠ is legal must play it.
        """
        hand = self.hands[self.to_move]
        trick = self.trick
        if trick:
            follow = hand & SUIT_MASKS[trick[0].suit]
            if follow:
                legal = follow
            elif self._banned and len(self.history) < 4:
                legal = (hand & ~self._banned) or hand
            else:
                legal = hand
            if self._queen_rule and legal & _QS_MASK:
                return _QS_MASK
            return legal
        n = len(self.history)
        if n == 0:
            if self._first_lead == "two_of_clubs":
                return hand & _TWO_OF_CLUBS.mask
            if self._first_lead == "any_club":
                return hand & _CLUBS_MASK
            if self._banned:
                # "any_card": the first leader is bound by the first-trick rule too (no
                # penalty card on trick 1 unless holding nothing else).
                safe = hand & ~self._banned
                if self._must_break and not self.hearts_broken:
                    safe &= ~_HEARTS_MASK
                if safe:
                    return safe
        elif n == _CARDS_PER_DEAL:
            return 0
        if self._must_break and not self.hearts_broken:
            others = hand & ~_HEARTS_MASK
            if not others:
                return hand
            if self._lead_hearts_instead and not others & ~self._positive:
                return hand
            return others
        return hand

    def legal_moves(self) -> list[Card]:
        """The cards the seat to move may play, ascending by suit then rank ([] when over)."""
        return cards_from_mask(self.legal_mask())

    def is_legal(self, card: "Card | str") -> bool:
        """Whether the seat to move may play ``card``."""
        return bool(self.legal_mask() & Card(card).mask)

    def why_illegal(self, card: "Card | str") -> str | None:
        """``None`` if ``card`` is legal for the seat to move, else the broken rule in words,
        naming the seat: ``"East must follow clubs"``, ``"East does not hold 5H"``,
        ``"North may not lead 5H: hearts are not broken"``,
        ``"East may not discard QS: no points on the first trick"``, ``"South must lead 2C"``.
        """
        card = Card(card)
        if self.is_over():
            return "the deal is over"
        seat = self.to_move
        who = seat.name_title
        hand = self.hands[seat]
        if not hand & card.mask:
            if card in self.history:
                return f"{card} was already played"
            return f"{who} does not hold {card}"
        legal = self.legal_mask()
        if legal & card.mask:
            return None
        if self.trick:
            led = self.trick[0].suit
            if legal == _QS_MASK and self._queen_rule:
                return f"{who} must play QS at the first chance (club rule)"
            if hand & SUIT_MASKS[led]:
                return f"{who} must follow {led.name.lower()}"
            return f"{who} may not discard {card}: no points on the first trick"
        if not self.history:
            if self._first_lead == "two_of_clubs":
                return f"{who} must lead 2C"
            if self._first_lead == "any_club":
                return f"{who} must lead a club to the first trick"
            if self._banned & card.mask:
                return f"{who} may not lead {card}: no points on the first trick"
        if legal == _QS_MASK:
            return f"{who} may not lead {card}: hearts are not broken (must lead QS)"
        return f"{who} may not lead {card}: hearts are not broken"

    # -- play and unplay ----------------------------------------------------------------

    def play(self, card: "Card | str", *, check: bool = True) -> None:
        """Play ``card`` for the seat to move; a fourth card ends the trick.

        Args:
            card: the card (Card or text).
            check: verify legality first (searches that play only ``legal_moves()`` may pass
                ``False``).

        Raises:
            IllegalPlayError: ``illegal play 5H: East must follow clubs``.
        """
        if not isinstance(card, Card):
            card = Card(card)
        if check:
            reason = self.why_illegal(card)
            if reason is not None:
                raise IllegalPlayError(f"illegal play {card}: {reason}", card=card, reason=reason)
        seat = self.to_move
        mask = card.mask
        self.hands[seat] ^= mask
        history = self.history
        history.append(card)
        trick = self.trick
        trick.append(card)
        if not self.hearts_broken and mask & self._breaks:
            self.hearts_broken = True
            self._broken_at = len(history) - 1
        if len(trick) < 4:
            self.to_move = _SEATS[(seat + 1) % 4]
            return
        winner = trick_winner(trick, self.leader)
        values = self._values
        self.taken[winner] |= trick[0].mask | trick[1].mask | trick[2].mask | mask
        self.points[winner] += (values[trick[0].bit] + values[trick[1].bit]
                                + values[trick[2].bit] + values[card.bit])
        self.tricks_won[winner] += 1
        self._winners.append(winner)
        self._leaders.append(winner)
        self.trick = []
        self.leader = winner
        self.to_move = winner

    def unplay(self) -> Card:
        """Take back the last card played and return it.

        Raises:
            HeartsError: nothing has been played.
        """
        history = self.history
        if not history:
            raise HeartsError("nothing to unplay: no card has been played")
        card = history.pop()
        if self.trick:
            self.trick.pop()
            seat = _SEATS[(self.leader + len(self.trick)) % 4]
        else:
            # The card completed a trick: give the trick back to the table.
            winner = self._winners.pop()
            self._leaders.pop()
            previous = history[-3:]
            values = self._values
            self.taken[winner] &= ~(previous[0].mask | previous[1].mask | previous[2].mask
                                    | card.mask)
            self.points[winner] -= (values[previous[0].bit] + values[previous[1].bit]
                                    + values[previous[2].bit] + values[card.bit])
            self.tricks_won[winner] -= 1
            self.trick = previous
            self.leader = _SEATS[self._leaders[-1]]
            seat = _SEATS[(self.leader + 3) % 4]
        self.hands[seat] |= card.mask
        self.to_move = seat
        if self._broken_at == len(history):
            self.hearts_broken = False
            self._broken_at = -1
        return card

    # -- state --------------------------------------------------------------------------

    @property
    def tricks_played(self) -> int:
        """Completed tricks (0..13)."""
        return len(self.history) // 4

    def is_over(self) -> bool:
        """Whether all 52 cards have been played."""
        return len(self.history) == _CARDS_PER_DEAL

    def tricks(self) -> list[tuple[Seat, list[Card]]]:
        """The completed tricks in order, each ``(leader, [cards in play order])``."""
        history = self.history
        return [(_SEATS[self._leaders[t]], history[4 * t:4 * t + 4])
                for t in range(len(history) // 4)]

    def hand(self, seat: "Seat | str | int") -> Hand:
        """The cards ``seat`` still holds, as a :class:`~.hand.Hand`."""
        return Hand.from_mask(self.hands[Seat.parse(seat)])

    def score(self) -> list[int]:
        """The deal's final points per seat, after the moon, sun and no-trick rules
        (:meth:`Rules.score`, given :attr:`pass_direction`).

        Raises:
            HeartsError: the deal is not over.
        """
        if not self.is_over():
            raise HeartsError(
                f"the deal is not over: {len(self.history)} of 52 cards played")
        later = set(self._winners[1:])
        last_twelve = next(iter(later)) if len(later) == 1 else None
        return self.rules.score(self.taken, self.tricks_won, last_twelve, self.pass_direction)

    def copy(self) -> "Position":
        """An independent copy (play on one does not change the other)."""
        other = object.__new__(Position)
        for name in Position.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.history = list(self.history)
        other.trick = list(self.trick)
        other.points = list(self.points)
        other.taken = list(self.taken)
        other.tricks_won = list(self.tricks_won)
        other._leaders = list(self._leaders)
        other._winners = list(self._winners)
        return other

    def __copy__(self) -> "Position":
        return self.copy()

    def __repr__(self) -> str:
        parts = [repr(self.deal)]
        if self.rules != Rules():
            parts.append(f"rules={self.rules!r}")
        if self.history:
            parts.append(f'played="{" ".join(map(str, self.history))}"')
        if self.rules.first_lead == "any_card" and self.first_leader != Seat.N:
            parts.append(f'first_leader="{self.first_leader}"')
        if self.pass_direction is not None:
            parts.append(f'pass_direction="{self.pass_direction}"')
        return f"Position({', '.join(parts)})"

