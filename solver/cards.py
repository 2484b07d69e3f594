"""Suits, cards and the 64-bit card masks every layer shares.

Encodings (fixed in ``docs/internals.md``; the Cython core uses the same numbers):

- :class:`Suit` ``CLUBS=0, DIAMONDS=1, HEARTS=2, SPADES=3`` -- OpenSpiel's order.
- ``card.rank`` 2..14 (J 11, Q 12, K 13, A 14); ``card.rank_index`` 0..12.
- ``card.bit = 16*suit + rank_index`` and ``card.mask = 1 << bit``: one 16-bit lane per suit,
  so the clubs of a hand are ``mask & 0x1FFF`` and suit ``s`` is ``(mask >> 16*s) & 0x1FFF``.
- OpenSpiel card id ``rank_index*4 + suit`` (0 = 2C, 43 = QS, 51 = AS).

Cards are written rank then suit, ``QS``, ``TH`` (``T`` for ten). Parsing also accepts ``10H``,
suit symbols (``Q♠``), suit-first (``SQ``, ``♠Q``) and lower case.
"""
from __future__ import annotations

import operator
import re
from enum import IntEnum
from typing import ClassVar, Iterable

from .errors import CardError
from .words import quoted

__all__ = [
    "Suit",
    "Card",
    "parse_cards",
    "cards_from_mask",
    "mask_of",
    "SUIT_MASKS",
    "DECK_MASK",
    "RANK_CHARS",
    "ALL_CARDS",
]

#: Rank characters by ``rank_index`` (0 = two ... 12 = ace).
RANK_CHARS = "23456789TJQKA"

#: The 13 bits of one suit lane.
_LANE = 0x1FFF


class Suit(IntEnum):
    """A suit; the value is the OpenSpiel suit number and the index of the suit's 16-bit lane."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One capital letter: ``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``"♣"``, ``"♦"``, ``"♥"`` or ``"♠"``."""
        return "♣♦♥♠"[self]

    @property
    def mask(self) -> int:
        """The card mask holding all 13 cards of this suit."""
        return _LANE << (16 * self)

    @classmethod
    def parse(cls, text: "str | int | Suit") -> "Suit":
        """Read a suit from a letter (``"h"``), a symbol (``"♥"``/``"♡"``), a name
        (``"hearts"``) or its number 0..3 (as :meth:`Seat.parse` reads seats).

        Raises:
            CardError: the text names no suit.
        """
        if isinstance(text, Suit):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            if 0 <= text <= 3:
                return Suit(text)
            raise CardError(f"unknown suit {text} (suits 0..3: clubs, diamonds, hearts, spades)")
        if not isinstance(text, str):
            raise CardError(f"not a suit: {text!r}")
        key = text.strip().replace("\ufe0f", "").lower()
        suit = _SUIT_NAMES.get(key)
        if suit is None:
            raise CardError(f'unknown suit {quoted(text)}')
        return suit

    def __str__(self) -> str:
        return self.letter


_SUIT_NAMES: dict[str, Suit] = {}
for _suit in Suit:
    for _key in (_suit.letter, _suit.symbol, "♧♢♡♤"[_suit], _suit.name, _suit.name[:-1]):
        _SUIT_NAMES[_key.lower()] = _suit

#: ``SUIT_MASKS[s]`` is the mask of all cards of suit ``s``.
SUIT_MASKS: tuple[int, int, int, int] = tuple(s.mask for s in Suit)  # type: ignore[assignment]
#: The mask of the full 52-card deck.
DECK_MASK: int = sum(SUIT_MASKS)

_RANK_VALUES: dict[str, int] = {ch: i for i, ch in enumerate(RANK_CHARS)}
_RANK_VALUES["10"] = 8
_SUIT_CHARS = "cdhs♣♦♥♠♧♢♡♤"
# Rank first (QS, 10H, Q♠) or suit first (SQ, ♠Q, S10); the letters of ranks and suits
# do not overlap, so the two forms are never ambiguous.
_CARD_RE = re.compile(
    rf"^(?:(?P<r1>10|[2-9tjqka])(?P<s1>[{_SUIT_CHARS}])|(?P<s2>[{_SUIT_CHARS}])(?P<r2>10|[2-9tjqka]))$"
)


class Card:
    """One of the 52 cards; immutable and interned (``Card("QS") is Card("QS")``).

    ``Card(text)`` parses any accepted spelling (see the module docstring); passing a Card
    returns it unchanged. Cards order by (suit, rank), i.e. by ``bit``.

    Attributes:
        suit: the :class:`Suit`.
        rank: 2..14 (J 11, Q 12, K 13, A 14).
        rank_index: 0..12 (``rank - 2``).
        bit: ``16*suit + rank_index``, the card's bit in a hand mask.
        mask: ``1 << bit``.

    Raises:
        CardError: malformed or unknown card text (the message quotes it).
    """

    __slots__ = ("suit", "rank", "rank_index", "bit", "mask", "_text")

    _BY_BIT: ClassVar[list["Card | None"]] = [None] * 64
    _BY_TEXT: ClassVar[dict[str, "Card"]] = {}

    suit: Suit
    rank: int
    rank_index: int
    bit: int
    mask: int

    def __new__(cls, text: "str | Card") -> "Card":
        if isinstance(text, Card):
            return text
        try:
            card = cls._BY_TEXT.get(text)
        except TypeError:                   # unhashable: a list, a dict, ...
            card = None
        if card is not None:
            return card
        if not isinstance(text, str):
            raise CardError(f"not a card: {text!r}")
        match = _CARD_RE.match(text.strip().replace("\ufe0f", "").lower())
        if match is None:
            raise CardError(f'unknown card {quoted(text)}')
        rank_text = match.group("r1") or match.group("r2")
        suit_text = match.group("s1") or match.group("s2")
        return cls.of(_SUIT_NAMES[suit_text], _RANK_VALUES[rank_text.upper()] + 2)

    @classmethod
    def of(cls, suit: "Suit | int | str", rank: int) -> "Card":
        """The card of ``suit`` (a :class:`Suit`, 0..3, or as :meth:`Suit.parse` reads it) and
        ``rank`` (2..14).

        Raises:
            CardError: no such suit, or a rank that is not a whole number 2..14.
        """
        suit = Suit.parse(suit)
        try:
            number = operator.index(rank)       # ints, numpy ints; not 2.5, "5" or None
        except TypeError:
            number = 0
        if isinstance(rank, bool) or not 2 <= number <= 14:
            raise CardError(f"no card with suit {suit.letter} and rank {rank!r} (ranks 2..14)")
        card = cls._BY_BIT[16 * int(suit) + number - 2]
        assert card is not None
        return card

    @classmethod
    def _make(cls, suit: Suit, rank_index: int) -> "Card":
        card = object.__new__(cls)
        set_ = object.__setattr__
        set_(card, "suit", suit)
        set_(card, "rank", rank_index + 2)
        set_(card, "rank_index", rank_index)
        set_(card, "bit", 16 * suit + rank_index)
        set_(card, "mask", 1 << (16 * suit + rank_index))
        set_(card, "_text", RANK_CHARS[rank_index] + suit.letter)
        return card

    @classmethod
    def from_bit(cls, bit: int) -> "Card":
        """The card whose mask bit is ``bit`` (``16*suit + rank_index``).

        Raises:
            CardError: ``bit`` is not a card bit (lane positions 13..15 are unused).
        """
        card = cls._BY_BIT[bit] if 0 <= bit < 64 else None
        if card is None:
            raise CardError(f"no card has bit {bit}")
        return card

    @classmethod
    def from_openspiel(cls, action_id: int) -> "Card":
        """The card of OpenSpiel card id ``rank_index*4 + suit`` (0 = 2C, 43 = QS, 51 = AS).

        Raises:
            CardError: the id is not in 0..51.
        """
        if not (isinstance(action_id, int) and 0 <= action_id < 52):
            raise CardError(f"OpenSpiel card id {action_id!r} is not in 0..51")
        return cls._BY_BIT[16 * (action_id % 4) + action_id // 4]  # type: ignore[return-value]

    @property
    def openspiel_id(self) -> int:
        """OpenSpiel's card id, ``rank_index*4 + suit``."""
        return self.rank_index * 4 + self.suit

    def symbol(self) -> str:
        """Rank then suit symbol, e.g. ``"Q♠"`` (``T`` for ten)."""
        return self._text[0] + self.suit.symbol

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f'Card("{self._text}")'

    def __format__(self, spec: str) -> str:
        return format(self._text, spec)

    # Interned: identity equality and hashing are right; ordering goes by bit = (suit, rank).
    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.bit < other.bit

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.bit <= other.bit

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.bit > other.bit

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.bit >= other.bit

    def __hash__(self) -> int:
        return self.bit

    def __reduce__(self) -> tuple[type, tuple[str]]:
        # Unpickling goes through Card(text), which keeps the 52 instances unique.
        return (Card, (self._text,))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: dict) -> "Card":
        return self


for _suit in Suit:
    for _ri in range(13):
        _card = Card._make(_suit, _ri)
        Card._BY_BIT[_card.bit] = _card
        Card._BY_TEXT[str(_card)] = _card
del _suit, _ri, _card, _key

#: The 52 cards in ascending order (by suit, then rank), i.e. by bit.
ALL_CARDS: tuple[Card, ...] = tuple(c for c in Card._BY_BIT if c is not None)


def cards_from_mask(mask: int) -> list[Card]:
    """The cards of a mask, ascending by suit then rank.

    Raises:
        CardError: the mask has a bit that is no card.
    """
    if mask & ~DECK_MASK or mask < 0:
        raise CardError(f"mask {mask:#x} has bits that are no card")
    by_bit = Card._BY_BIT
    cards = []
    while mask:
        low = mask & -mask
        cards.append(by_bit[low.bit_length() - 1])
        mask ^= low
    return cards  # type: ignore[return-value]


def mask_of(cards: Iterable["Card | str"]) -> int:
    """The mask of some cards (duplicates are merged; use :class:`Hand` to reject them)."""
    mask = 0
    for card in cards:
        mask |= Card(card).mask
    return mask


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces and/or commas: ``parse_cards("2C 3C, QS")``.

    Returns the cards in the order written (duplicates are kept; callers that need distinct
    cards check for them). An empty text is no card.

    Raises:
        CardError: a token is no card, or a comma has no card on one side (``"2C,AC,,KC"``:
            a card left out would otherwise vanish); the message gives its position and the
            text (``empty card between commas (item 3 of "2C,AC,,KC")``).
    """
    if not isinstance(text, str):
        raise CardError(f"cards: expected a text such as \"2C 3C QS\", not {text!r}")
    text = text.strip()
    cards: list[Card] = []
    if not text:
        return cards
    groups = text.split(",")
    for g, group in enumerate(groups):
        tokens = group.split()
        if not tokens:
            where = ("before the first comma" if g == 0 else
                     "after the last comma" if g == len(groups) - 1 else "between commas")
            raise CardError(f'empty card {where} (item {len(cards) + 1} of {quoted(text)})')
        for token in tokens:
            try:
                cards.append(Card(token))
            except CardError:
                raise CardError(f'unknown card {quoted(token)} (item {len(cards) + 1} of '
                                f'{quoted(text)})') from None
    return cards

