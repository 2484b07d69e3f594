"""A deal: the hands of every seat (and a kitty). The pass that turns one deal into another is
:mod:`.passing`'s (:func:`~.passing.after_pass`, :func:`~.passing.apply_pass`).

Written in the PBN ``Deal`` tag form ``N:<N> <E> <S> <W>``, each hand ``spades.hearts.diamonds.clubs``.
On input the first letter may be any seat, the hands then listed clockwise from it
(``"E:<E> <S> <W> <N>"``); output always starts at North.

A table of 3, 5, 6 or 7 players (``docs/rules.md`` "Players and deck") is written the same way
with the seat letters A, B, C, … (:data:`~.seats.SEAT_LETTERS`), the hands listed clockwise:
``"A:<A> <B> <C>"``. The number of hands gives the number of players. A kitty (the leftover
cards of ``card_removal="kitty"``) follows the hands as one more hand marked ``+``:
``"A:<A> <B> <C> <D> <E> +<kitty>"``.
"""
from __future__ import annotations

import random as _random
from typing import Iterator, Mapping, Sequence

from .cards import ALL_CARDS, DECK_MASK, Card, cards_from_mask
from .errors import CardError, HeartsError, InvalidDealError
from .hand import Hand
from .rules import Rules
from .seats import (MAX_PLAYERS, MIN_PLAYERS, SEAT_LETTERS, Seat, parse_seat, seat_title,
                    table_seats)
from .words import counted, quoted

__all__ = ["Deal"]

_HAND_SIZE = 13
_EMPTY = Hand.from_mask(0)


class Deal:
    """The hands indexed by seat (:class:`Seat` at 4 players, ints 0..n-1 otherwise), and the
    kitty; immutable, equal deals compare and hash equal.

    ``Deal("N:AKQ2.T93.J4.8765 ...")`` parses the PBN form. By default (``full=True``) the deal
    must be a complete 4-player deal: 52 distinct cards, 13 in each hand. With ``full=False``
    only distinctness is checked (for endgame puzzles and partial records).

    At other tables (``"A:<A> <B> <C>"``, 3..7 hands) a full deal has ``52 // n`` cards in each
    hand and either a kitty of the ``52 mod n`` other cards or those cards removed; which
    cards the rules remove is checked by :class:`~.position.Position` against
    :meth:`Rules.deck <.rules.Rules.deck>`.

    Raises:
        InvalidDealError: duplicate card (``duplicate card QS: North and West``), wrong hand
            size (``South holds 12 cards, expected 13``), missing cards
            (``missing cards: 4D 7H``), or a malformed deal string.
        CardError: an unknown rank in a hand.
    """

    __slots__ = ("_hands", "_kitty")

    _hands: tuple[Hand, ...]
    _kitty: Hand

    def __init__(self, pbn: str, *, full: bool = True) -> None:
        hands, kitty = _parse_pbn_deal(pbn)
        _validate(hands, full, kitty)
        object.__setattr__(self, "_hands", hands)
        object.__setattr__(self, "_kitty", kitty)

    # -- constructors -------------------------------------------------------------------

    @classmethod
    def from_hands(cls, hands: "Sequence[Hand | str] | Mapping[Seat | str, Hand | str]", *,
                   full: bool = True, kitty: "Hand | str | None" = None) -> "Deal":
        """A deal from four hands in seat order N, E, S, W, or a mapping seat → hand; or from
        3..7 hands in seat order A, B, C, … (and a ``kitty``).

        Hands may be :class:`Hand` or PBN text. Raises as :class:`Deal`.
        """
        if not isinstance(hands, Mapping) and len(hands) != 4:
            items = list(hands)
            _check_count(len(items))
            seats = table_seats(len(items))
            parsed_n = tuple(h if isinstance(h, Hand) else _parse_hand_of(s, h, len(items))
                             for s, h in zip(seats, items))
            return cls._checked(parsed_n, full, _kitty_of(kitty))
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
        return cls._checked(tuple(parsed), full, _kitty_of(kitty))

    @classmethod
    def from_masks(cls, masks: Sequence[int], *, full: bool = True, kitty: int = 0) -> "Deal":
        """A deal from card masks in seat order (N, E, S, W; or A, B, C, … for 3..7 hands) and
        the kitty's mask. Raises as :class:`Deal`."""
        if len(masks) != 4:
            _check_count(len(masks))
        return cls._checked(tuple(Hand.from_mask(m) for m in masks), full,
                            Hand.from_mask(kitty) if kitty else _EMPTY)

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
    def random(cls, rng: "int | None | _random.Random | object" = None,
               rules: "Rules | str | None" = None) -> "Deal":
        """A uniformly random full deal, reproducible from ``rng``.

        Args:
            rng: an ``int`` seed (or ``None`` for fresh entropy), a :class:`random.Random`, or a
                NumPy ``Generator`` (anything with ``permutation``).
            rules: a :class:`~.rules.Rules` or a ``Rules.parse`` text: deal its deck
                (:meth:`Rules.deck`) to its ``players``, ``hand_size()`` each, the rest to the
                kitty. Default: 4 players, 52 cards (the same deal for the same seed as before
                rules were accepted).

        Raises:
            RulesError: bad ``rules`` (:meth:`Rules.of`).
        """
        if rules is not None:
            rules = Rules.of(rules)
        cards = ALL_CARDS if rules is None else [c for c in ALL_CARDS if rules.deck() & c.mask]
        players = 4 if rules is None else rules.players
        size = 52 // players
        if rng is None or isinstance(rng, int):
            rng = _random.Random(rng)
        if isinstance(rng, _random.Random):
            order = list(range(len(cards)))
            rng.shuffle(order)
        elif hasattr(rng, "permutation"):
            order = [int(i) for i in rng.permutation(len(cards))]  # type: ignore[attr-defined]
        else:
            raise HeartsError(f"Deal.random needs a seed, random.Random or numpy Generator, "
                              f"not {type(rng).__name__}")
        masks = [0] * (players + 1)     # the last one is the kitty
        for position, index in enumerate(order):
            masks[position // size if position < size * players else players] |= cards[index].mask
        return cls.from_masks(masks[:players], kitty=masks[players])

    @classmethod
    def _checked(cls, hands: tuple[Hand, ...], full: bool, kitty: Hand = _EMPTY) -> "Deal":
        _validate(hands, full, kitty)
        deal = object.__new__(cls)
        object.__setattr__(deal, "_hands", hands)
        object.__setattr__(deal, "_kitty", kitty)
        return deal

    # -- access ---------------------------------------------------------------------------

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The hands in seat order N, E, S, W (A, B, C, … at other tables)."""
        return self._hands

    @property
    def masks(self) -> tuple[int, ...]:
        """The hands' card masks in seat order N, E, S, W (A, B, C, … at other tables)."""
        return tuple(h.mask for h in self._hands)

    @property
    def players(self) -> int:
        """The number of hands: 4, or 3..7."""
        return len(self._hands)

    @property
    def kitty(self) -> Hand:
        """The kitty (empty unless the rules deal one: ``card_removal="kitty"``)."""
        return self._kitty

    def seats(self) -> tuple[int, ...]:
        """The seats in play order (:class:`Seat` N, E, S, W at 4 players, else 0..n-1)."""
        return table_seats(len(self._hands))

    def __getitem__(self, seat: "Seat | int | str") -> Hand:
        return self._hands[parse_seat(seat, len(self._hands))]

    def __iter__(self) -> Iterator[Hand]:
        return iter(self._hands)

    def holder(self, card: "Card | str") -> Seat:
        """The seat holding ``card`` (an int at a table of other than 4).

        Raises:
            InvalidDealError: nobody holds it (a partial deal, a removed card or the kitty).
        """
        card = Card(card)
        for seat, hand in zip(self.seats(), self._hands):
            if hand.mask & card.mask:
                return seat  # type: ignore[return-value]
        raise InvalidDealError(f"nobody holds {card} in this deal")

    def is_full(self) -> bool:
        """Whether this is a complete deal (52 cards, 13 each; at other tables ``52 // n`` in
        each hand and a full kitty, or the odd cards removed)."""
        size = 52 // len(self._hands)
        return all(len(h) == size for h in self._hands)

    # -- output ---------------------------------------------------------------------------

    def to_openspiel_ids(self) -> list[int]:
        """The 52 OpenSpiel deal actions giving this deal (card ``i`` to seat ``i mod 4``).

        Raises:
            InvalidDealError: the deal is not full.
        """
        if len(self._hands) != 4 or not self.is_full():
            raise InvalidDealError("only a full 4-player deal has OpenSpiel deal ids")
        per_seat = [[c.openspiel_id for c in h] for h in self._hands]
        return [per_seat[i % 4][i // 4] for i in range(52)]

    def __str__(self) -> str:
        if len(self._hands) == 4 and not self._kitty:
            return "N:" + " ".join(str(h) for h in self._hands)
        first = "N" if len(self._hands) == 4 else SEAT_LETTERS[0]
        kitty = f" +{self._kitty}" if self._kitty else ""
        return f"{first}:" + " ".join(str(h) for h in self._hands) + kitty

    def __repr__(self) -> str:
        return f'Deal("{self}")'

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deal):
            return NotImplemented
        return self._hands == other._hands and self._kitty == other._kitty

    def __hash__(self) -> int:
        return hash((self._hands, self._kitty)) if self._kitty else hash(self._hands)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Deal is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Deal is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (_deal_from_text, (str(self),))


def _deal_from_text(text: str) -> Deal:
    return Deal(text, full=False)


def _parse_hand_of(seat: int, text: str, players: int = 4) -> Hand:
    try:
        return Hand(text)
    except (InvalidDealError, CardError) as err:
        who = "the kitty" if seat < 0 else f"{seat_title(seat, players)}'s hand"
        raise type(err)(f"{who}: {err}") from None


def _check_count(count: int) -> None:
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise InvalidDealError(f"a deal has {MIN_PLAYERS} to {MAX_PLAYERS} hands, got {count}")


def _kitty_of(kitty: "Hand | str | None") -> Hand:
    if kitty is None:
        return _EMPTY
    return kitty if isinstance(kitty, Hand) else _parse_hand_of(-1, kitty)


def _parse_pbn_deal(pbn: str) -> tuple[tuple[Hand, ...], Hand]:
    if not isinstance(pbn, str):
        raise InvalidDealError(f"a deal is written as PBN text, not {type(pbn).__name__}")
    text = pbn.strip()
    if len(text) < 2 or text[1] != ":":
        raise InvalidDealError(f'deal {quoted(pbn)} does not start with a seat letter and ":" '
                               f'(e.g. "N:")')
    parts = text[2:].split()
    kitty = _EMPTY
    if parts and parts[-1].startswith("+"):
        kitty = _parse_hand_of(-1, parts.pop()[1:])
    if len(parts) == 4:
        try:
            first = Seat.parse(text[0])
        except HeartsError:
            raise InvalidDealError(
                f'deal {quoted(pbn)} starts with {quoted(text[0])}, not a seat N, E, S or '
                f'W') from None
        hands: list[Hand | None] = [None] * 4
        for i, part in enumerate(parts):
            seat = first.offset(i)
            hands[seat] = _parse_hand_of(seat, part)
        return tuple(hands), kitty  # type: ignore[return-value]
    if not MIN_PLAYERS <= len(parts) <= MAX_PLAYERS:
        raise InvalidDealError(f"deal has {len(parts)} hand{'s' if len(parts) != 1 else ''}, "
                               f"expected 4 separated by spaces "
                               f"(or {MIN_PLAYERS} to {MAX_PLAYERS} at other tables)")
    n = len(parts)
    try:
        start = parse_seat(text[0], n)
    except HeartsError:
        if text[0].upper() in "NESW":
            # A compass letter: most likely a 4-player deal with a hand missing.
            raise InvalidDealError(
                f"deal has {n} hands, expected 4 separated by spaces (a table of {n} "
                f"writes its seats {', '.join(SEAT_LETTERS[:n])}: \"A:<A> <B> ...\")") from None
        raise InvalidDealError(f'deal {quoted(pbn)} of {n} hands starts with {quoted(text[0])}, '
                               f'not a seat {", ".join(SEAT_LETTERS[:n])}') from None
    by_seat: list[Hand] = [_EMPTY] * n
    for i, part in enumerate(parts):
        seat = (start + i) % n
        by_seat[seat] = _parse_hand_of(seat, part, n)
    return tuple(by_seat), kitty


def _validate(hands: tuple[Hand, ...], full: bool, kitty: Hand = _EMPTY) -> None:
    """Check a deal: no card twice; when ``full``, 13 cards each and none missing (at other
    tables: ``52 // n`` each, and a kitty of ``52 mod n`` or none)."""
    n = len(hands)
    union = kitty.mask
    cards = len(kitty)
    for hand in hands:
        union |= hand.mask
        cards += len(hand)
    if cards != union.bit_count():
        # a card twice: found card by card, to name it (the masks alone are 20 times faster,
        # and every sampled deal of the play advice is checked)
        holder: dict[int, int] = {}
        for seat, hand in enumerate(hands):
            for card in hand:
                if card.bit in holder:
                    raise InvalidDealError(f"duplicate card {card}: "
                                           f"{seat_title(holder[card.bit], n)} and "
                                           f"{seat_title(seat, n)}")
                holder[card.bit] = seat
        for card in kitty:
            if card.bit in holder:
                raise InvalidDealError(
                    f"duplicate card {card}: {seat_title(holder[card.bit], n)} and the kitty")
    if not full:
        return
    if n != 4:
        _validate_table(hands, kitty)
        return
    if kitty:
        raise InvalidDealError(f"a 4-player deal has no kitty, got {kitty}")
    short = [f"{s.name_title} holds {len(h)}" for s, h in zip(Seat, hands) if len(h) != _HAND_SIZE]
    if union != DECK_MASK:
        # Missing cards come with short hands; name both so the fix is obvious.
        missing = " ".join(str(c) for c in cards_from_mask(DECK_MASK & ~union))
        raise InvalidDealError(f"missing cards: {missing} ({', '.join(short)})")
    for seat, hand in zip(Seat, hands):
        if len(hand) != _HAND_SIZE:
            raise InvalidDealError(
                f"{seat.name_title} holds {counted(len(hand), 'card')}, expected {_HAND_SIZE}")


def _validate_table(hands: tuple[Hand, ...], kitty: Hand) -> None:
    """A full deal of 3, 5, 6 or 7 hands: ``52 // n`` cards each; the ``52 mod n`` odd cards
    are either the kitty or removed (which ones, the rules say: ``Position`` checks)."""
    n = len(hands)
    size = 52 // n
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise InvalidDealError(
                f"{seat_title(seat, n)} holds {counted(len(hand), 'card')}, expected {size}")
    if kitty and len(kitty) != 52 % n:
        raise InvalidDealError(f"the kitty holds {counted(len(kitty), 'card')}, expected {52 % n} "
                               f"at a table of {n}")
