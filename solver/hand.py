"""A hand of cards: an immutable set over an ``int`` card mask.

Written in PBN order, suits ♠ ♥ ♦ ♣ separated by dots, ranks high to low:
``Hand("AKQ2.T93.J4.8765")``. A void suit is empty (``"AKQ2..J4.8765"``); ``-`` is accepted
for a void on input. ``10`` is accepted for the ten.
"""
from __future__ import annotations

import numbers
from typing import Iterable, Iterator

from .cards import DECK_MASK, RANK_CHARS, SUIT_MASKS, Card, Suit, cards_from_mask
from .errors import CardError, InvalidDealError
from .words import quoted

__all__ = ["Hand"]

# PBN writes spades first.
_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Hand:
    """An immutable set of cards, stored as the mask of their bits (see :mod:`.cards`).

    ``Hand(pbn)`` reads the PBN form; :meth:`from_cards` and :meth:`from_mask` build one from
    cards or a mask. ``len(hand)``, ``card in hand`` (Card or text), iteration (ascending by
    suit then rank), ``hand.suit(s)``, ``str`` (PBN) and ``repr`` (``Hand("...")``, which
    round-trips). Equal hands compare and hash equal.

    Raises:
        InvalidDealError: a card appears twice, or the text is not four dot-separated suits.
        CardError: a rank character is unknown.
    """

    __slots__ = ("_mask",)

    _mask: int

    def __init__(self, pbn: str = "...") -> None:
        object.__setattr__(self, "_mask", _parse_pbn_hand(pbn))

    @classmethod
    def from_mask(cls, mask: int) -> "Hand":
        """The hand whose card bits are set in ``mask``.

        Raises:
            InvalidDealError: the mask has bits that are no card, or is not an int.
        """
        if isinstance(mask, bool) or not isinstance(mask, numbers.Integral):
            raise InvalidDealError(f"a hand mask is an int of card bits, not {mask!r}")
        mask = int(mask)
        if mask < 0 or mask & ~DECK_MASK:
            raise InvalidDealError(f"mask {mask:#x} has bits that are no card")
        hand = object.__new__(cls)
        object.__setattr__(hand, "_mask", mask)
        return hand

    @classmethod
    def from_cards(cls, cards: Iterable["Card | str"]) -> "Hand":
        """The hand of ``cards`` (Card or text).

        Raises:
            InvalidDealError: a card is given twice.
            CardError: a text is no card.
        """
        mask = 0
        for item in cards:
            card = Card(item)
            if mask & card.mask:
                raise InvalidDealError(f"duplicate card {card} in hand")
            mask |= card.mask
        return cls.from_mask(mask)

    @property
    def mask(self) -> int:
        """The card mask (bit ``16*suit + rank_index`` per card)."""
        return self._mask

    def suit(self, suit: "Suit | int | str") -> list[Card]:
        """The cards of one suit, ascending by rank.

        Raises:
            CardError: ``suit`` names no suit (:meth:`Suit.parse`).
        """
        s = Suit.parse(suit)
        return cards_from_mask(self._mask & SUIT_MASKS[s])

    def cards(self) -> list[Card]:
        """All cards, ascending by suit then rank."""
        return cards_from_mask(self._mask)

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = Card(card)
        if not isinstance(card, Card):
            return False
        return bool(self._mask & card.mask)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_from_mask(self._mask))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._mask == other._mask

    def __hash__(self) -> int:
        return hash(self._mask)

    def __or__(self, other: "Hand") -> "Hand":
        if not isinstance(other, Hand):
            return NotImplemented
        return Hand.from_mask(self._mask | other._mask)

    def __and__(self, other: "Hand") -> "Hand":
        if not isinstance(other, Hand):
            return NotImplemented
        return Hand.from_mask(self._mask & other._mask)

    def __sub__(self, other: "Hand") -> "Hand":
        if not isinstance(other, Hand):
            return NotImplemented
        return Hand.from_mask(self._mask & ~other._mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Hand is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Hand.from_mask, (self._mask,))

    def __str__(self) -> str:
        groups = []
        for s in _PBN_SUITS:
            lane = (self._mask >> (16 * s)) & 0x1FFF
            groups.append("".join(RANK_CHARS[r] for r in range(12, -1, -1) if lane >> r & 1))
        return ".".join(groups)

    def __repr__(self) -> str:
        return f'Hand("{self}")'


def _parse_pbn_hand(pbn: str) -> int:
    """The mask of a PBN hand ``S.H.D.C``; see :class:`Hand` for the errors."""
    if not isinstance(pbn, str):
        raise InvalidDealError(f"a hand is written as PBN text, not {type(pbn).__name__}")
    groups = pbn.strip().split(".")
    if len(groups) != 4:
        raise InvalidDealError(
            f'hand {quoted(pbn)} has {len(groups)} suit group{"" if len(groups) == 1 else "s"}, '
            'expected 4 (spades.hearts.diamonds.clubs)')
    mask = 0
    for suit, group in zip(_PBN_SUITS, groups):
        text = group.strip().upper().replace("10", "T")
        if text == "-":
            continue
        for ch in text:
            rank_index = RANK_CHARS.find(ch)
            if rank_index < 0:
                raise CardError(f'unknown rank {quoted(ch)} in {suit.name.lower()} of hand '
                                f'{quoted(pbn)}')
            bit = 1 << (16 * suit + rank_index)
            if mask & bit:
                raise InvalidDealError(
                    f'duplicate card {RANK_CHARS[rank_index]}{suit.letter} in hand {quoted(pbn)}')
            mask |= bit
    return mask
