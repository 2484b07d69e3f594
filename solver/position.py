"""A position in the play of a deal: legal cards, play/unplay, tricks and the deal's score.

:class:`Position` is the reference rules engine: the Cython core is tested against it, and its
legal-move logic equals OpenSpiel's ``HeartsState::PlayLegalActions`` for every OpenSpiel
parameter set. Every rule of play lives in :meth:`Position.legal_mask` (which cards) and
:meth:`Position.why_illegal` (why not); the rules themselves are documented on
:class:`~.rules.Rules`.

State is kept in card masks (``docs/internals.md``) so that a brute-force search can call
``legal_moves``/``play``/``unplay`` millions of times.

Tables of 3 to 7 players (``docs/rules.md`` "Players and deck") play the same way with ``n``
cards to a trick; their seats are ints 0..n-1 (:func:`~.seats.table_seats`). Two rules exist
only there: the kitty goes to the winner of trick 1, and when 2♣ is out of play the lowest club
in play opens (Morehead 2001, Culbertson 1950).
"""
from __future__ import annotations

from typing import Iterable, Sequence

from .cards import SUIT_MASKS, Card, Suit, cards_from_mask, parse_cards
from .deal import Deal
from .errors import CardError, HeartsError, IllegalPlayError, InvalidDealError, RulesError
from .hand import Hand
from .rules import Rules, _mask_points, _pass_direction
from .seats import PassDirection, Seat, parse_seat, seat_letter, seat_title, table_seats

__all__ = ["Position", "trick_winner"]

_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_HEARTS_MASK = SUIT_MASKS[Suit.HEARTS]
_CLUBS_MASK = SUIT_MASKS[Suit.CLUBS]
_QS_MASK = Card("QS").mask
_TWO_OF_CLUBS = Card("2C")
_TWO_OF_CLUBS_MASK = _TWO_OF_CLUBS.mask
_NEXT_SEAT = (Seat.E, Seat.S, Seat.W, Seat.N)


def trick_winner(cards: Sequence[Card], leader: Seat | int, players: int = 4) -> Seat:
    """The seat that wins a trick: the highest card of the suit led (no trumps in Hearts).

    Args:
        cards: the cards in play order, the first led by ``leader`` (1..``players`` cards;
            with fewer this is the seat winning so far).
        leader: the seat that led.
        players: the size of the table (the result is a plain int unless it is 4).
    """
    led = cards[0].suit
    best = 0
    best_rank = cards[0].rank
    for i in range(1, len(cards)):
        card = cards[i]
        if card.suit is led and card.rank > best_rank:
            best, best_rank = i, card.rank
    if players == 4:
        return _SEATS[(leader + best) % 4]
    return (leader + best) % players  # type: ignore[return-value]


class Position:
    """A deal in play: the hands left, the trick so far, the points taken.

    Args:
        deal: the full deal after the pass (:class:`Deal` or its PBN text), with
            ``rules.players`` hands holding the cards of ``rules.deck()`` (and the kitty).
        rules: the rules: a :class:`Rules` or a ``Rules.parse`` text (default
            :meth:`Rules.standard`).
        played: cards already played in order from the first lead: an iterable of Card/text or
            one text ``"2C 3C AC ..."`` (``None``: none). Each is checked as by :meth:`play`.
        first_leader: who leads trick 1 when ``rules.first_lead == "any_card"`` (the player left
            of the dealer; default North, seat A at other tables). With the other first-lead
            rules the holder of 2♣ (of the lowest club in play) leads, and ``first_leader`` may
            only name that seat.
        pass_direction: the deal's pass direction (:class:`PassDirection` or its text:
            ``"left"``, ``"right"``, ``"across"``, ``"hold"``; the seat offset 0..n-1 at other
            tables, e.g. ``PassPlan.direction``); ``None`` (default) = unknown,
            scored as a hold deal. Only the score reads it (``sun_paid_by="passer"``: the seat
            that passed to the sun shooter pays). It is not checked against
            ``rules.pass_scheme`` (a record's pass direction is authoritative).

    Raises:
        IllegalPlayError: a played card is illegal; the message is
            ``card 7 of played list ("5H"): East must follow clubs``.
        CardError: a played card is no card.
        InvalidDealError: the deal is not a full deal, or not one of the rules' table (hand
            count, removed cards, kitty).
        RulesError: ``first_leader`` contradicts the rules, or ``pass_direction`` names no
            direction.

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
        pass_direction: the :class:`PassDirection` of the deal (the seat offset at other
            tables), or ``None`` (unknown, or several receivers: scored as hold).
        players: the number of seats (``rules.players``); a trick has that many cards.
    """

    __slots__ = ("deal", "rules", "hands", "history", "trick", "leader", "to_move",
                 "hearts_broken", "points", "taken", "tricks_won", "first_leader",
                 "pass_direction", "players", "_leaders", "_winners", "_broken_at", "_values",
                 "_breaks", "_banned", "_positive", "_must_break", "_lead_hearts_instead",
                 "_queen_rule", "_first_lead", "_seats", "_next", "_opening", "_total",
                 "_kitty")

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
    pass_direction: PassDirection | int | None
    players: int

    #: :func:`trick_winner`, also reachable as ``Position.trick_winner(cards, leader)``.
    trick_winner = staticmethod(trick_winner)

    def __init__(self, deal: "Deal | str", rules: "Rules | str | None" = None,
                 played: "Iterable[Card | str] | str | None" = (),
                 first_leader: "Seat | str | None" = None,
                 pass_direction: "PassDirection | str | int | None" = None) -> None:
        if not isinstance(deal, Deal):
            deal = Deal(deal)
        elif not deal.is_full():
            deal = Deal(str(deal))  # raises the full-deal error with the right message
        rules = Rules.of(rules)
        n = rules.players
        self.deal = deal
        self.rules = rules
        self.players = n
        if n == 4:
            # A full 4-player deal holds all 52 cards: no removal, no kitty, 2♣ opens.
            if deal.players != 4:
                _check_table(deal, rules)
            self._seats, self._next, self._total = _SEATS, _NEXT_SEAT, 52
            self._kitty = 0
            self._opening = _TWO_OF_CLUBS_MASK
        else:
            _check_table(deal, rules)
            seats = table_seats(n)
            self._seats = seats
            self._next = tuple(seats[(s + 1) % n] for s in seats)
            self._total = rules.hand_size() * n
            self._kitty = deal.kitty.mask
            # The opening card: the lowest club in play when 2♣ is removed or in the kitty
            # (Morehead 2001, Culbertson 1950; docs/rules.md "Players and deck").
            clubs = 0
            for mask in deal.masks:
                clubs |= mask & _CLUBS_MASK
            self._opening = clubs & -clubs
        self.first_leader = self._first_leader(deal, rules, first_leader)
        self.pass_direction = _pass_direction(pass_direction, n)
        self.hands = list(deal.masks)
        self.history = []
        self.trick = []
        self.leader = self.first_leader
        self.to_move = self.first_leader
        self.hearts_broken = False
        self.points = [0] * n
        self.taken = [0] * n
        self.tricks_won = [0] * n
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

    def _first_leader(self, deal: Deal, rules: Rules, given: "Seat | str | None") -> Seat:
        n = self.players
        seat = None if given is None else parse_seat(given, n)
        if rules.first_lead == "any_card":
            return self._seats[0] if seat is None else seat  # type: ignore[return-value]
        opening = (_TWO_OF_CLUBS if self._opening == _TWO_OF_CLUBS_MASK
                   else Card.from_bit(self._opening.bit_length() - 1))
        holder = deal.holder(opening)
        if seat is not None and seat != holder:
            raise RulesError(
                f"first_leader={seat_title(seat, n)}, but with first_lead={rules.first_lead} the "
                f"holder of {opening} ({seat_title(holder, n)}) leads")
        return holder

    def _replay(self, played: "Iterable[Card | str] | str | None") -> None:
        if played is None:
            return
        if isinstance(played, str):
            try:
                cards: Iterable[Card | str] = parse_cards(played)
            except CardError as err:
                raise CardError(f"played list: {err}") from None
        elif isinstance(played, (Card, bytes)) or not hasattr(played, "__iter__"):
            raise CardError(f"played list: expected cards in play order (\"2C 3C\" or a "
                            f"list), not {played!r}")
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
            elif self._banned and len(self.history) < self.players:
                legal = (hand & ~self._banned) or hand
            else:
                legal = hand
            if self._queen_rule and legal & _QS_MASK:
                return _QS_MASK
            return legal
        n = len(self.history)
        if n == 0:
            if self._first_lead == "two_of_clubs":
                return hand & self._opening
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
        elif n == self._total:
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
        ``"East may not discard QS: no points on the first trick"``, ``"South must lead 2C"``
        (``"Player B must lead 3C"`` at a table of 5 without 2♣; ``"2C is not in play: removed
        from the deck at 5 players ..."``).
        """
        card = Card(card)
        if self.is_over():
            return "the deal is over"
        seat = self.to_move
        who = seat_title(seat, self.players)
        hand = self.hands[seat]
        if not hand & card.mask:
            if card in self.history:
                return f"{card} was already played"
            if self._kitty & card.mask:
                return f"{card} is in the kitty, not in play"
            if self.players != 4 and not any(m & card.mask for m in self.deal.masks):
                return (f"{card} is not in play: removed from the deck at {self.players} "
                        f"players (rules card_removal={self.rules.card_removal})")
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
                return f"{who} must lead {Card.from_bit(self._opening.bit_length() - 1)}"
            if self._first_lead == "any_club":
                return f"{who} must lead a club to the first trick"
            if self._banned & card.mask:
                return f"{who} may not lead {card}: no points on the first trick"
        if legal == _QS_MASK:
            return f"{who} may not lead {card}: hearts are not broken (must lead QS)"
        return f"{who} may not lead {card}: hearts are not broken"

    # -- play and unplay ----------------------------------------------------------------

    def play(self, card: "Card | str", *, check: bool = True) -> None:
        """Play ``card`` for the seat to move; a fourth card (the n-th at a table of n) ends the
        trick. The winner of trick 1 also takes the kitty.

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
        n = self.players
        if len(trick) < n:
            self.to_move = self._next[seat]
            return
        values = self._values
        if n == 4:
            # Unrolled for the 4-player table (no kitty): rollouts call this millions of times.
            winner = trick_winner(trick, self.leader)
            self.taken[winner] |= trick[0].mask | trick[1].mask | trick[2].mask | mask
            self.points[winner] += (values[trick[0].bit] + values[trick[1].bit]
                                    + values[trick[2].bit] + values[card.bit])
        else:
            winner = trick_winner(trick, self.leader, n)
            mask, points = self._haul(trick)
            self.taken[winner] |= mask
            self.points[winner] += points
        self.tricks_won[winner] += 1
        self._winners.append(winner)
        self._leaders.append(winner)
        self.trick = []
        self.leader = winner
        self.to_move = winner

    def _haul(self, cards: "list[Card]") -> tuple[int, int]:
        """The mask and points a completed trick of ``cards`` gives its winner (tables other
        than 4): with the kitty on trick 1 (Morehead 2001). Call before trick 1's winner is
        recorded in ``_winners`` (play) or after it is removed (unplay)."""
        values = self._values
        mask = points = 0
        for played in cards:
            mask |= played.mask
            points += values[played.bit]
        if self._kitty and not self._winners:
            mask |= self._kitty
            points += _mask_points(self._kitty, values)
        return mask, points

    def unplay(self) -> Card:
        """Take back the last card played and return it.

        Raises:
            HeartsError: nothing has been played.
        """
        history = self.history
        if not history:
            raise HeartsError("nothing to unplay: no card has been played")
        card = history.pop()
        n = self.players
        if self.trick:
            self.trick.pop()
            seat = self._seats[(self.leader + len(self.trick)) % n]
        else:
            # The card completed a trick: give the trick back to the table.
            winner = self._winners.pop()
            self._leaders.pop()
            values = self._values
            if n == 4:
                previous = history[-3:]
                self.taken[winner] &= ~(previous[0].mask | previous[1].mask | previous[2].mask
                                        | card.mask)
                self.points[winner] -= (values[previous[0].bit] + values[previous[1].bit]
                                        + values[previous[2].bit] + values[card.bit])
            else:
                previous = history[1 - n:]
                mask, points = self._haul(previous + [card])
                self.taken[winner] &= ~mask
                self.points[winner] -= points
            self.tricks_won[winner] -= 1
            self.trick = previous
            self.leader = self._seats[self._leaders[-1]]
            seat = self._seats[(self.leader + n - 1) % n]
        self.hands[seat] |= card.mask
        self.to_move = seat
        if self._broken_at == len(history):
            self.hearts_broken = False
            self._broken_at = -1
        return card

    # -- state --------------------------------------------------------------------------

    @property
    def tricks_played(self) -> int:
        """Completed tricks (0..13; 0..``rules.hand_size()`` at other tables)."""
        return len(self.history) // self.players

    @property
    def tricks_left(self) -> int:
        """Tricks left, counting the one in progress (13..0; ``rules.hand_size()``..0 at other
        tables): the measure of the engine's horizons."""
        return self.rules.hand_size() - self.tricks_played

    def is_over(self) -> bool:
        """Whether every card in the hands has been played (52 at 4 players)."""
        return len(self.history) == self._total

    def tricks(self) -> list[tuple[Seat, list[Card]]]:
        """The completed tricks in order, each ``(leader, [cards in play order])``."""
        history = self.history
        n = self.players
        return [(self._seats[self._leaders[t]], history[n * t:n * t + n])  # type: ignore[misc]
                for t in range(len(history) // n)]

    def hand(self, seat: "Seat | str | int") -> Hand:
        """The cards ``seat`` still holds, as a :class:`~.hand.Hand`."""
        return Hand.from_mask(self.hands[parse_seat(seat, self.players)])

    def score(self) -> list[int]:
        """The deal's final points per seat, after the moon, sun and no-trick rules
        (:meth:`Rules.score`, given :attr:`pass_direction`).

        Raises:
            HeartsError: the deal is not over.
        """
        if not self.is_over():
            raise HeartsError(
                f"the deal is not over: {len(self.history)} of {self._total} cards played")
        return self.rules.score(self.taken, self.tricks_won, self.last_twelve_winner(),
                                self.pass_direction)

    def last_twelve_winner(self) -> "Seat | None":
        """The seat that won every completed trick from trick 2 on, if one did (the
        ``sun="last_twelve"`` rule reads it), else ``None``."""
        later = set(self._winners[1:])
        return next(iter(later)) if len(later) == 1 else None

    def moon_taker(self) -> "Seat | int | None":
        """The one seat that has taken moon cards (:meth:`Rules.moon_mask`, in completed
        tricks) while no other seat has: the only seat still able to shoot the moon once any
        moon card is taken (a :class:`Seat` at 4 players, an int 0..n-1 at other tables).
        ``None`` when no seat or several seats have taken moon cards (the rules' moon
        setting is the caller's to check)."""
        mask = self.rules.moon_mask()
        takers = [seat for seat in self._seats if self.taken[seat] & mask]
        return takers[0] if len(takers) == 1 else None

    def may_shoot(self, seat: "Seat | int") -> bool:
        """Whether ``seat`` can still shoot the moon as far as the taken cards tell: the
        rules have a moon and no other seat has taken a moon card (:meth:`Rules.moon_mask`,
        in completed tricks). Whether its cards can still take the rest is the moon model's
        question (``hearts moon``), not this one."""
        if self.rules.moon == "none":
            return False
        mask = self.rules.moon_mask()
        return not any(self.taken[other] & mask for other in self._seats if other != seat)

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

    def redealt(self, deal: Deal) -> "Position":
        """The same plays from another deal in which they are legal: a copy whose hands are
        ``deal``'s less the cards each seat has played, without replaying the plays.

        For sampling, where every sampled deal holds each played card in the hand of the seat
        that played it (as :class:`~hearts.analysis.sampling.DealSampler` guarantees): the
        plays are then legal in it, as they were here (legality reads only the cards held
        before each play, and the seat's own cards, which agree). About a tenth of the cost
        of ``Position(deal, rules, history)`` after 24 plays. At a table of other than 4
        players (the kitty and the opening card depend on the deal) the plays are replayed.

        Raises:
            InvalidDealError: a played card is not in its player's hand in ``deal``, or
                ``deal`` gives the first lead to another seat, or it is not a full deal of
                the table.
            IllegalPlayError: (other than 4 players) a play is illegal in ``deal``.
        """
        if self.players != 4 or deal.players != 4:
            return Position(deal, self.rules, self.history, first_leader=self.first_leader
                            if self.rules.first_lead == "any_card" else None,
                            pass_direction=self.pass_direction)
        masks = deal.masks
        dealt = self.deal.masks
        hands = []
        for seat in range(4):
            played = dealt[seat] & ~self.hands[seat]
            if played & ~masks[seat]:
                raise InvalidDealError(f"the deal does not hold the cards "
                                       f"{seat_title(seat, 4)} played")
            hands.append(masks[seat] & ~played)
        if not deal.is_full() or (self.rules.first_lead != "any_card"
                                  and not masks[self.first_leader] & self._opening):
            raise InvalidDealError(f"the deal is not a full deal led by "
                                   f"{seat_title(self.first_leader, 4)}")
        other = self.copy()
        other.deal = deal
        other.hands = hands
        return other

    def __eq__(self, other: object) -> bool:
        """Equal when the same deal is played the same way under the same rules: deal, rules,
        first leader, pass direction and the cards played (so ``eval(repr(p)) == p``)."""
        if not isinstance(other, Position):
            return NotImplemented
        return (self.history == other.history and self.deal == other.deal
                and self.rules == other.rules and self.first_leader == other.first_leader
                and self.pass_direction == other.pass_direction)

    # play() and unplay() change a position, so it cannot be a dict key or in a set
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        parts = [repr(self.deal)]
        if self.rules != Rules():
            parts.append(f"rules={self.rules!r}")
        if self.history:
            parts.append(f'played="{" ".join(map(str, self.history))}"')
        if self.rules.first_lead == "any_card" and self.first_leader != self._seats[0]:
            parts.append(f'first_leader="{seat_letter(self.first_leader, self.players)}"')
        if isinstance(self.pass_direction, PassDirection):
            parts.append(f'pass_direction="{self.pass_direction}"')
        elif self.pass_direction is not None:
            parts.append(f"pass_direction={self.pass_direction}")
        return f"Position({', '.join(parts)})"



def _check_table(deal: Deal, rules: Rules) -> None:
    """The deal must be one of the rules' table: ``rules.players`` hands, the cards of
    ``rules.deck()`` and a kitty of ``rules.kitty_size()`` cards.

    Raises:
        InvalidDealError: the message names what differs.
    """
    n = rules.players
    if deal.players != n:
        raise InvalidDealError(f"the deal has {deal.players} hands, the rules are for {n} players")
    if n == 4:
        return  # a full 4-player deal holds the 52 cards; no removal, no kitty
    union = deal.kitty.mask
    for mask in deal.masks:
        union |= mask
    deck = rules.deck()
    if union != deck:
        extra = " ".join(map(str, cards_from_mask(union & ~deck)))
        missing = " ".join(map(str, cards_from_mask(deck & ~union)))
        what = [f"holds {extra}, removed by card_removal={rules.card_removal}"] if extra else []
        what += [f"misses {missing}"] if missing else []
        raise InvalidDealError(f"the deal {'; '.join(what)}")
    if len(deal.kitty) != rules.kitty_size():
        raise InvalidDealError(f"the deal has a kitty of {len(deal.kitty)} cards, the rules "
                               f"{rules.kitty_size()} (card_removal={rules.card_removal})")
