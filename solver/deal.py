"""A deal: the four hands N, E, S, W, and the pass that turns one deal into another.

Written in the PBN ``Deal`` tag form ``N:<N> <E> <S> <W>``, each hand ``spades.hearts.diamonds.clubs``.
On input the first letter may be any seat, the hands then listed clockwise from it
(``"E:<E> <S> <W> <N>"``); output always starts at North.
"""
from __future__ import annotations

import random as _random
from typing import Iterable, Iterator, Mapping, Sequence

from .cards import ALL_CARDS, DECK_MASK, Card, cards_from_mask, parse_cards
from .errors import CardError, HeartsError, InvalidDealError
from .hand import Hand
from .seats import PassDirection, Seat

__all__ = ["Deal"]

_HAND_SIZE = 13


class Deal:
    """Four hands indexed by :class:`Seat`; immutable, equal deals compare and hash equal.

    ``Deal("N:AKQ2.T93.J4.8765 ...")`` parses the PBN form. By default (``full=True``) the deal
    must be a complete 4-player deal: 52 distinct cards, 13 in each hand. With ``full=False``
    only distinctness is checked (for endgame puzzles and partial records).

    Raises:
        InvalidDealError: duplicate card (``duplicate card QS: North and West``), wrong hand
            size (``South holds 12 cards, expected 13``), missing cards
            (``missing cards: 4D 7H``), or a malformed deal string.
        CardError: an unknown rank in a hand.
    """

    __slots__ = ("_hands",)

    _hands: tuple[Hand, Hand, Hand, Hand]

    def __init__(self, pbn: str, *, full: bool = True) -> None:
        hands = _parse_pbn_deal(pbn)
        _validate(hands, full)
        object.__setattr__(self, "_hands", hands)

    # -- constructors -------------------------------------------------------------------

    @classmethod
    def from_hands(cls, hands: "Sequence[Hand | str] | Mapping[Seat | str, Hand | str]", *,
                   full: bool = True) -> "Deal":
        """A deal from four hands in seat order N, E, S, W, or a mapping seat → hand.

        Hands may be :class:`Hand` or PBN text. Raises as :class:`Deal`.
        """
        if isinstance(hands, Mapping):
            by_seat: dict[Seat, Hand | str] = {Seat.parse(k): v for k, v in hands.items()}
            missing = [s.name_title for s in Seat if s not in by_seat]
            if missing:
                raise InvalidDealError(f"no hand for {', '.join(missing)}")
            items = [by_seat[s] for s in Seat]
        else:
            items = list(hands)
            if len(items) != 4:
                raise InvalidDealError(f"a deal has 4 hands, got {len(items)}")
        parsed = []
        for seat, hand in zip(Seat, items):
            parsed.append(hand if isinstance(hand, Hand) else _parse_hand_of(seat, hand))
        return cls._checked(tuple(parsed), full)  # type: ignore[arg-type]

    @classmethod
    def from_masks(cls, masks: Sequence[int], *, full: bool = True) -> "Deal":
        """A deal from four card masks in seat order N, E, S, W. Raises as :class:`Deal`."""
        if len(masks) != 4:
            raise InvalidDealError(f"a deal has 4 hands, got {len(masks)}")
        return cls._checked(tuple(Hand.from_mask(m) for m in masks), full)  # type: ignore[arg-type]

    @classmethod
    def from_openspiel_ids(cls, ids: Sequence[int]) -> "Deal":
        """The deal of OpenSpiel's 52 deal actions: card ``i`` of the list goes to seat ``i mod 4``.

        Raises:
            InvalidDealError: not 52 ids, an id outside 0..51, or an id dealt twice (the
                message gives the 1-based position in the list).
        """
        if len(ids) != 52:
            raise InvalidDealError(f"an OpenSpiel deal has 52 card ids, got {len(ids)}")
        masks = [0, 0, 0, 0]
        seen: dict[int, int] = {}
        for i, action in enumerate(ids):
            try:
                card = Card.from_openspiel(action)
            except CardError as err:
                raise InvalidDealError(f"deal id {i + 1}: {err}") from None
            if card.bit in seen:
                raise InvalidDealError(
                    f"deal id {i + 1}: card {card} ({action}) already dealt as id {seen[card.bit] + 1}")
            seen[card.bit] = i
            masks[i % 4] |= card.mask
        return cls.from_masks(masks)

    @classmethod
    def random(cls, rng: "int | None | _random.Random | object" = None) -> "Deal":
        """A uniformly random full deal, reproducible from ``rng``.

        Args:
            rng: an ``int`` seed (or ``None`` for fresh entropy), a :class:`random.Random`, or a
                NumPy ``Generator`` (anything with ``permutation``).
        """
        if rng is None or isinstance(rng, int):
            rng = _random.Random(rng)
        if isinstance(rng, _random.Random):
            order = list(range(52))
            rng.shuffle(order)
        elif hasattr(rng, "permutation"):
            order = [int(i) for i in rng.permutation(52)]  # type: ignore[attr-defined]
        else:
            raise HeartsError(f"Deal.random needs a seed, random.Random or numpy Generator, "
                              f"not {type(rng).__name__}")
        masks = [0, 0, 0, 0]
        for position, index in enumerate(order):
            masks[position // _HAND_SIZE] |= ALL_CARDS[index].mask
        return cls.from_masks(masks)

    @classmethod
    def _checked(cls, hands: tuple[Hand, Hand, Hand, Hand], full: bool) -> "Deal":
        _validate(hands, full)
        deal = object.__new__(cls)
        object.__setattr__(deal, "_hands", hands)
        return deal

    # -- access ---------------------------------------------------------------------------

    @property
    def hands(self) -> tuple[Hand, Hand, Hand, Hand]:
        """The hands in seat order N, E, S, W."""
        return self._hands

    @property
    def masks(self) -> tuple[int, int, int, int]:
        """The hands' card masks in seat order N, E, S, W."""
        return tuple(h.mask for h in self._hands)  # type: ignore[return-value]

    def __getitem__(self, seat: "Seat | int | str") -> Hand:
        return self._hands[Seat.parse(seat)]

    def __iter__(self) -> Iterator[Hand]:
        return iter(self._hands)

    def holder(self, card: "Card | str") -> Seat:
        """The seat holding ``card``.

        Raises:
            InvalidDealError: nobody holds it (only possible in a partial deal).
        """
        card = Card(card)
        for seat, hand in zip(Seat, self._hands):
            if hand.mask & card.mask:
                return seat
        raise InvalidDealError(f"nobody holds {card} in this deal")

    def is_full(self) -> bool:
        """Whether this is a complete deal (52 cards, 13 each)."""
        return all(len(h) == _HAND_SIZE for h in self._hands)

    # -- passing --------------------------------------------------------------------------

    def after_pass(self, passes: "Mapping[Seat | str, Iterable[Card | str] | str] | None",
                   direction: "PassDirection | str | int", count: int = 3) -> "Deal":
        """The deal after every seat passes ``count`` cards to ``direction.receiver(seat)``.

        Rule (``rules.md`` "Passing"; count = ``Rules.pass_count``): each passer gives exactly
        ``count`` distinct cards from its own hand, chosen before seeing the cards it receives
        (so the passes are all taken from the dealt hands). On a HOLD deal there is no pass:
        ``passes`` must be ``None``, empty, or hold only empty lists.

        Args:
            passes: seat → the cards it passes (Cards, texts, or one text ``"QS AS 2C"``).
            direction: the pass direction.
            count: cards each seat passes.

        Raises:
            InvalidDealError: a missing pass, a wrong count, a repeated card, or a card the passer
                does not hold; the message names the seat and the card.
        """
        direction = PassDirection.parse(direction)
        given: dict[Seat, list[Card]] = {}
        for key, cards in (passes or {}).items():
            seat = Seat.parse(key)
            try:
                given[seat] = _card_list(cards)
            except CardError as err:
                raise InvalidDealError(f"{seat.name_title}'s pass: {err}") from None
        if direction is PassDirection.HOLD:
            for seat, cards in given.items():
                if cards:
                    raise InvalidDealError(
                        f"no pass on a hold deal, but {seat.name_title} passes "
                        f"{' '.join(map(str, cards))}")
            return self
        masks = list(self.masks)
        for seat in Seat:
            if seat not in given:
                raise InvalidDealError(f"no pass given for {seat.name_title}")
            cards = given[seat]
            if len(cards) != count:
                raise InvalidDealError(
                    f"{seat.name_title} passes {len(cards)} cards, expected {count}")
            seen = 0
            for card in cards:
                if seen & card.mask:
                    raise InvalidDealError(f"{seat.name_title} passes {card} twice")
                seen |= card.mask
                if not self._hands[seat].mask & card.mask:
                    other = next((s for s in Seat if self._hands[s].mask & card.mask), None)
                    where = f"{other.name_title} holds it" if other is not None else "nobody holds it"
                    raise InvalidDealError(
                        f"{seat.name_title} passes {card}, which it does not hold ({where})")
            receiver = direction.receiver(seat)
            masks[seat] &= ~seen
            masks[receiver] |= seen
        return Deal.from_masks(masks, full=self.is_full())

    # -- output ---------------------------------------------------------------------------

    def to_openspiel_ids(self) -> list[int]:
        """The 52 OpenSpiel deal actions giving this deal (card ``i`` to seat ``i mod 4``).

        Raises:
            InvalidDealError: the deal is not full.
        """
        if not self.is_full():
            raise InvalidDealError("only a full deal has OpenSpiel deal ids")
        per_seat = [[c.openspiel_id for c in h] for h in self._hands]
        return [per_seat[i % 4][i // 4] for i in range(52)]

    def __str__(self) -> str:
        return "N:" + " ".join(str(h) for h in self._hands)

    def __repr__(self) -> str:
        return f'Deal("{self}")'

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deal):
            return NotImplemented
        return self._hands == other._hands

    def __hash__(self) -> int:
        return hash(self._hands)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Deal is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (_deal_from_text, (str(self),))


def _deal_from_text(text: str) -> Deal:
    return Deal(text, full=False)


def _card_list(cards: "Iterable[Card | str] | str | None") -> list[Card]:
    if cards is None:
        return []
    if isinstance(cards, str):
        return parse_cards(cards)
    return [Card(c) for c in cards]


def _parse_hand_of(seat: Seat, text: str) -> Hand:
    try:
        return Hand(text)
    except (InvalidDealError, CardError) as err:
        raise type(err)(f"{seat.name_title}'s hand: {err}") from None


def _parse_pbn_deal(pbn: str) -> tuple[Hand, Hand, Hand, Hand]:
    if not isinstance(pbn, str):
        raise InvalidDealError(f"a deal is written as PBN text, not {type(pbn).__name__}")
    text = pbn.strip()
    if len(text) < 2 or text[1] != ":":
        raise InvalidDealError(f'deal "{pbn}" does not start with a seat letter and ":" (e.g. "N:")')
    try:
        first = Seat.parse(text[0])
    except HeartsError:
        raise InvalidDealError(f'deal "{pbn}" starts with "{text[0]}", not a seat N, E, S or W') from None
    parts = text[2:].split()
    if len(parts) != 4:
        raise InvalidDealError(f"deal has {len(parts)} hands, expected 4 separated by spaces")
    hands: list[Hand | None] = [None] * 4
    for i, part in enumerate(parts):
        seat = first.offset(i)
        hands[seat] = _parse_hand_of(seat, part)
    return tuple(hands)  # type: ignore[return-value]


def _validate(hands: tuple[Hand, Hand, Hand, Hand], full: bool) -> None:
    """Check a deal: no card twice; when ``full``, 13 cards each and none missing."""
    holder: dict[int, Seat] = {}
    for seat, hand in zip(Seat, hands):
        for card in hand:
            if card.bit in holder:
                raise InvalidDealError(
                    f"duplicate card {card}: {holder[card.bit].name_title} and {seat.name_title}")
            holder[card.bit] = seat
    if not full:
        return
    union = 0
    for hand in hands:
        union |= hand.mask
    short = [f"{s.name_title} holds {len(h)}" for s, h in zip(Seat, hands) if len(h) != _HAND_SIZE]
    if union != DECK_MASK:
        # Missing cards come with short hands; name both so the fix is obvious.
        missing = " ".join(str(c) for c in cards_from_mask(DECK_MASK & ~union))
        raise InvalidDealError(f"missing cards: {missing} ({', '.join(short)})")
    for seat, hand in zip(Seat, hands):
        if len(hand) != _HAND_SIZE:
            raise InvalidDealError(
                f"{seat.name_title} holds {len(hand)} cards, expected {_HAND_SIZE}")
