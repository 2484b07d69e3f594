"""Passing: who passes how many cards to whom on each deal, and the deal after the pass.

``docs/rules.md`` "Passing". A :class:`PassPlan` says, for one deal, where each passed card goes as
a seat offset from the passer (1 = the next seat clockwise, the left-hand neighbour). Every
scheme treats all seats alike, so one tuple of offsets describes the whole table:

- a directional pass of ``c`` cards ``d`` seats to the left: ``(d,) * c``
  (4 players: left ``1``, across ``2``, right ``3``; the value of :class:`~.seats.PassDirection`);
- hold (no pass): ``()``;
- scatter: one card to each opponent, ``(1, 2, …, n-1)``;
- star (5 players): one card each to the two players opposite, ``(2, 3)``;
- pass shuffle: ``pass_count`` cards each into a pool that is shuffled and dealt back
  (``pooled=True``; the offsets then only give the count).

:func:`pass_plan` gives the plan of deal ``number`` (0 = the first deal) under
``Rules.pass_scheme``; :func:`apply_pass` moves the cards, :func:`after_pass` those of a
4-player pass in one direction.
"""
from __future__ import annotations

import dataclasses
import random as _random
from dataclasses import dataclass
from typing import Iterable, Mapping

from .cards import Card, cards_from_mask, parse_cards
from .deal import Deal
from .errors import CardError, InvalidDealError, RulesError
from .position import trick_winner
from .rules import Rules
from .seats import PassDirection, Seat, parse_seat, seat_title, table_seats
from .words import counted

__all__ = ["PassPlan", "pass_plan", "apply_pass", "after_pass", "no_pass_note",
           "passes_that_fit",
           "forbidden_pass_text"]


@dataclass(frozen=True)
class PassPlan:
    """One deal's pass at a table of ``players``.

    Attributes:
        players: 3..7.
        offsets: per card a seat passes, in order, the receiver's offset from the passer
            (``receiver = (passer + offset) mod players``); ``()`` on a hold deal.
        pooled: pass shuffle: the passed cards are pooled, shuffled and dealt back
            ``len(offsets)`` to each seat (the offsets are then all 0 and only count them).
    """

    players: int
    offsets: tuple[int, ...]
    pooled: bool = False

    @classmethod
    def hold(cls, players: int = 4) -> "PassPlan":
        """No pass."""
        return cls(players, ())

    @classmethod
    def directional(cls, offset: int, count: int, players: int = 4) -> "PassPlan":
        """``count`` cards to the seat ``offset`` places to the left (a hold if offset is 0)."""
        offset %= players
        return cls(players, (offset,) * count if offset else ())

    @property
    def count(self) -> int:
        """Cards each seat passes."""
        return len(self.offsets)

    @property
    def direction(self) -> "PassDirection | int | None":
        """The one offset all cards go to (a :class:`PassDirection` at 4 players, ``HOLD``/0 on
        a hold deal), or ``None`` when the cards go to several seats (scatter, star, shuffle).
        This is what ``Position(pass_direction=...)`` and ``sun_paid_by="passer"`` read."""
        if self.pooled or len(set(self.offsets)) > 1:
            return None
        offset = self.offsets[0] if self.offsets else 0
        return PassDirection(offset) if self.players == 4 else offset

    @property
    def name(self) -> str:
        """``"left"``, ``"right"``, ``"across"``, ``"hold"``, ``"2 left"`` (rotating),
        ``"scatter"``, ``"star"`` or ``"shuffle"``."""
        n = self.players
        if self.pooled:
            return "shuffle"
        if not self.offsets:
            return "hold"
        if self.offsets == tuple(range(1, n)):
            return "scatter"
        if len(set(self.offsets)) > 1:
            return "star" if n == 5 and self.offsets == (2, 3) else "several"
        offset = self.offsets[0]
        if offset == 1:
            return "left"
        if offset == n - 1:
            return "right"
        if 2 * offset == n:
            return "across"
        return f"{offset} left"

    def receivers(self, passer: int) -> tuple[int, ...]:
        """The seat that gets each card ``passer`` passes, in order (empty when pooled)."""
        if self.pooled:
            return ()
        seats = table_seats(self.players)
        return tuple(seats[(passer + offset) % self.players] for offset in self.offsets)

    def passers(self, receiver: int) -> tuple[int, ...]:
        """The seats that pass a card to ``receiver`` (distinct, in offset order)."""
        if self.pooled:
            return ()
        seats = table_seats(self.players)
        found: list[int] = []
        for offset in self.offsets:
            seat = seats[(receiver - offset) % self.players]
            if seat not in found:
                found.append(seat)
        return tuple(found)


def pass_plan(rules: "Rules", number: int, count: int | None = None) -> PassPlan:
    """The pass of deal ``number`` (0 = the first deal of a game) under ``rules``.

    ``count`` overrides ``pass_count`` for this deal: the dealer's choice
    (``pass_count_by_dealer``), which must then be given.

    Raises:
        RulesError: ``pass_count_by_dealer`` and no ``count``, or a count outside
            0..hand size.

    Schemes (``Rules.pass_scheme``; sources on :class:`~.rules.Rules`): ``standard`` left,
    right, across, hold (Morehead 2001), at other than 4 players left, right alternately
    (Pagat); ``left`` (Foster 1909); ``left_right`` (Culbertson 1950's alternative); ``hold``;
    ``scatter`` (the standard scheme, every 4th deal a scatter); ``star`` (5 players);
    ``rotating`` (1, 2, …, n-1 seats left, then a hold); ``shuffle`` (pooled).
    ``pass_count`` cards for the directional passes.
    """
    if count is None:
        if rules.pass_count_by_dealer:
            raise RulesError(f"deal {number + 1}: the pass count is the dealer's choice "
                             f"(pass_count_by_dealer): give it")
        count = int(rules.pass_count or 0)
    elif not 0 <= count <= rules.hand_size():
        raise RulesError(f"deal {number + 1}: pass count {count}, expected 0..{rules.hand_size()}")
    n, scheme = rules.players, rules.pass_scheme
    if scheme == "hold" or (count == 0 and scheme not in ("scatter", "star")):
        return PassPlan.hold(n)
    if scheme == "left":
        return PassPlan.directional(1, count, n)
    if scheme == "left_right" or scheme == "standard" and n != 4:
        return PassPlan.directional(1 if number % 2 == 0 else -1, count, n)
    if scheme == "standard":
        return PassPlan.directional(PassDirection.for_deal(number), count, n)
    if scheme == "scatter":
        if number % 4 == 3:
            return PassPlan(n, tuple(range(1, n)))
        return pass_plan(_with_scheme(rules, "standard"), number, count)
    if scheme == "star":
        return PassPlan(n, (2, 3))
    if scheme == "rotating":
        return PassPlan.directional(number % n + 1, count, n)
    if scheme == "shuffle":
        return PassPlan(n, (0,) * count, pooled=True)
    raise AssertionError(scheme)  # pragma: no cover - Rules checks the scheme


def _with_scheme(rules: "Rules", scheme: str) -> "Rules":
    return dataclasses.replace(rules, pass_scheme=scheme)


def apply_pass(deal: Deal, plan: PassPlan,
               passes: "Mapping[int | str, Iterable[Card | str] | str] | None", *,
               forbidden: int = 0,
               rng: "int | None | _random.Random" = None) -> Deal:
    """The deal after every seat passes its cards as ``plan`` says.

    Rule (``docs/rules.md`` "Passing"): each passer gives exactly ``plan.count`` distinct cards
    from its own hand, chosen before seeing the cards it receives (so the passes are all taken from
    the dealt hands); card ``i`` of a seat's pass goes to ``plan.receivers(seat)[i]``. On a
    hold deal ``passes`` must be ``None``, empty, or hold only empty lists. A pooled pass
    (shuffle) gathers all passed cards, shuffles them with ``rng`` and deals them back,
    ``plan.count`` to each seat in seat order.

    Args:
        deal: the dealt hands (the kitty, if any, stays as it is).
        plan: the deal's :class:`PassPlan` (``plan.players`` must equal the deal's).
        passes: seat → the cards it passes (Cards, texts, or one text ``"QS AS 2C"``).
        forbidden: mask of the cards nobody may pass (``Rules.no_pass_mask()``).
        rng: seed or :class:`random.Random` for a pooled pass.

    Raises:
        InvalidDealError: a missing pass, a wrong count, a repeated or forbidden card, or a
            card the passer does not hold; the message names the seat and the card.
    """
    n = deal.players
    if plan.players != n:
        raise InvalidDealError(f"a pass for {plan.players} players, but the deal has {n} hands")
    given: dict[int, list[Card]] = {}
    for key, cards in (passes or {}).items():
        seat = parse_seat(key, n)
        try:
            given[seat] = _card_list(cards)
        except CardError as err:
            raise InvalidDealError(f"{seat_title(seat, n)}'s pass: {err}") from None
    if not plan.count:
        for seat, cards in given.items():
            if cards:
                raise InvalidDealError(
                    f"no pass on a hold deal, but {seat_title(seat, n)} passes "
                    f"{' '.join(map(str, cards))}")
        return deal
    hands = deal.hands
    masks = list(deal.masks)
    pool: list[Card] = []
    for seat in deal.seats():
        who = seat_title(seat, n)
        if seat not in given:
            raise InvalidDealError(f"no pass given for {who}")
        cards = given[seat]
        if len(cards) != plan.count:
            raise InvalidDealError(f"{who} passes {counted(len(cards), 'card')}, expected "
                                   f"{plan.count}")
        seen = 0
        for card in cards:
            if seen & card.mask:
                raise InvalidDealError(f"{who} passes {card} twice")
            seen |= card.mask
            if not hands[seat].mask & card.mask:
                other = next((s for s in deal.seats() if hands[s].mask & card.mask), None)
                where = (f"{seat_title(other, n)} holds it" if other is not None
                         else "nobody holds it")
                raise InvalidDealError(f"{who} passes {card}, which it does not hold ({where})")
            if forbidden & card.mask:
                raise InvalidDealError(forbidden_pass_text(who, card, forbidden))
        masks[seat] &= ~seen
        if plan.pooled:
            pool.extend(cards)
        else:
            for card, receiver in zip(cards, plan.receivers(seat)):
                masks[receiver] |= card.mask
    if plan.pooled:
        shuffler = rng if isinstance(rng, _random.Random) else _random.Random(rng)
        shuffler.shuffle(pool)
        for seat in deal.seats():
            for card in pool[seat * plan.count:(seat + 1) * plan.count]:
                masks[seat] |= card.mask
    return Deal.from_masks(masks, full=deal.is_full(), kitty=deal.kitty.mask)


def after_pass(deal: Deal, passes: "Mapping[Seat | str, Iterable[Card | str] | str] | None",
               direction: "PassDirection | str | int", count: int = 3, *,
               forbidden: int = 0) -> Deal:
    """The deal after every seat passes ``count`` cards to ``direction.receiver(seat)``.

    A 4-player directional pass (:func:`apply_pass` moves the cards of every scheme: scatter,
    star, shuffle, at every table).

    Rule (``docs/rules.md`` "Passing"; count = ``Rules.pass_count``): each passer gives exactly
    ``count`` distinct cards from its own hand, chosen before seeing the cards it receives
    (so the passes are all taken from the dealt hands). On a HOLD deal there is no pass:
    ``passes`` must be ``None``, empty, or hold only empty lists.

    Args:
        deal: the dealt hands.
        passes: seat → the cards it passes (Cards, texts, or one text ``"QS AS 2C"``).
        direction: the pass direction.
        count: cards each seat passes.
        forbidden: mask of the cards nobody may pass (``Rules.no_pass_mask()``).

    Raises:
        InvalidDealError: a missing pass, a wrong count, a repeated or forbidden card, or a
            card the passer does not hold; the message names the seat and the card.
    """
    direction = PassDirection.parse(direction)
    return apply_pass(deal, PassPlan.directional(direction, count), passes, forbidden=forbidden)


def no_pass_note(forbidden: int) -> str:
    """``"rules no_pass_cards=2C+QS"``: the rule a pass of a card in ``forbidden`` (a mask,
    ``Rules.no_pass_mask()``) breaks, as a rules spec writes it; for error messages."""
    return "rules no_pass_cards=" + "+".join(str(c) for c in cards_from_mask(forbidden))


def forbidden_pass_text(who: str, cards: "Card | str", forbidden: int,
                        verb: str = "passes") -> str:
    """The one error line of a pass that breaks ``no_pass_cards``: ``"South passes AH, which
    may not be passed (rules no_pass_cards=AH)"`` (``verb`` "receives" for the receiver)."""
    return f"{who} {verb} {cards}, which may not be passed ({no_pass_note(forbidden)})"


def _card_list(cards: "Iterable[Card | str] | str | None") -> list[Card]:
    if cards is None:
        return []
    if isinstance(cards, str):
        return parse_cards(cards)
    return [Card(c) for c in cards]


def passes_that_fit(deal: Deal, played: "Iterable[Card | str] | str",
                    pass_count: int = 3) -> list[PassDirection]:
    """The pass directions under which ``played`` could follow ``deal`` read as the hands
    *before* the pass (an HGN ``[Deal]``), where a solve wants the hands after it: the check
    behind "this looks like the deal before the pass".

    A direction fits when, for some first leader, every seat (seats from the trick winners)
    plays only cards of its own hand and at most ``pass_count`` cards of the hand of the seat
    passing to it, and keeps at most 13 - ``pass_count`` of its own. Following suit is not
    checked (the hands after the pass are not known), so a fit says the deal may be the one
    before the pass, not that the play is legal. 4 players only (passing is modelled for 4).

    Returns:
        The directions that fit, LEFT, ACROSS, RIGHT order; ``[]`` for another table, no cards
        played, a card played twice, or none fitting.

    Raises:
        CardError: a malformed card in ``played``.
    """
    cards = _card_list(played)
    if deal.players != 4 or not cards or len(set(cards)) != len(cards):
        return []           # a card played twice: no pass explains that
    masks = deal.masks
    fits = []
    for direction in (PassDirection.LEFT, PassDirection.ACROSS, PassDirection.RIGHT):
        for first in Seat:
            by_seat = [0, 0, 0, 0]
            leader = first
            for start in range(0, len(cards), 4):
                trick = cards[start:start + 4]
                for i, card in enumerate(trick):
                    by_seat[(leader + i) % 4] |= card.mask
                if len(trick) == 4:
                    leader = trick_winner(trick, leader)
            if all(_fits_pass(by_seat[seat], masks[seat], masks[direction.passer(seat)],
                              pass_count) for seat in Seat):
                fits.append(direction)
                break
    return fits


def _fits_pass(played: int, own: int, passer: int, count: int) -> bool:
    """Could a seat that held ``own`` before the pass and got ``count`` cards of ``passer``
    have played the cards ``played`` (masks)?"""
    received = played & ~own
    return (received & ~passer == 0 and bin(received).count("1") <= count
            and bin(played & own).count("1") <= 13 - count)

