"""The deck of a table of 3 to 7 players: which cards are removed, and the kitty.

52 cards do not split evenly among 3, 5, 6 or 7 players. The sources disagree on what to do
(``docs/rules.md`` "Players and deck"), so each reading is a value of ``Rules.card_removal``:

=================  ==========  ============  ==================  ==============
reading            3 players   5 players     6 players           7 players
=================  ==========  ============  ==================  ==============
``foster1909``     2♠          2♣ 2♠         2♣ 2♦ 2♥ 2♠         (not covered)
``culbertson1950`` 2♣          2♣ 2♦         2♣ 2♦ 2♠ 2♥         2♣ 2♦ 2♠
``morehead2001``   2♣          2♣ 2♦         2♣ 2♦ 3♣ 2♠         (not covered)
``pagat``          2♦          2♦ 2♣         2♦ 3♦ 3♣ 4♣         2♦ 3♦ 3♣
``kitty``          kitty of 1  kitty of 2    kitty of 4          kitty of 3
=================  ==========  ============  ==================  ==============

Sources: Foster 1909 (*Foster's Complete Hoyle*: 3 players remove 2♠, 5 remove 2♣ 2♠, 6 all four
2s); Culbertson 1950 (remove the 2s in the order 2♣, 2♦, 2♠, 2♥ as needed); Morehead 2001
(*Hoyle's Rules of Games*: the order 2♣, 2♦, 3♣, 2♠, for 3 to 6 players; its alternative is the
kitty); the Pagat rules sheet. With 4 players no reading removes a card.

``kitty`` (Morehead 2001's alternative): nothing is removed; the ``52 mod n`` cards left over
after dealing lie face down and go to the winner of trick 1, who scores them.

Card masks as in :mod:`.cards` (``docs/internals.md``).
"""
from __future__ import annotations

import functools

from .cards import DECK_MASK, Card, parse_cards
from .errors import RulesError
from .seats import MAX_PLAYERS, MIN_PLAYERS

__all__ = ["CARD_REMOVALS", "removed_cards", "kitty_size", "hand_size", "deck_mask"]

#: The readings of ``Rules.card_removal`` (see the module docstring).
CARD_REMOVALS = ("foster1909", "culbertson1950", "morehead2001", "pagat", "kitty")

# Fixed tables: reading -> players -> the removed cards, in the source's order.
_TABLES: dict[str, dict[int, str]] = {
    # Foster 1909: 3 remove 2♠; 5 remove 2♣ 2♠; 6 remove all four 2s. No 7-player rule.
    "foster1909": {3: "2S", 4: "", 5: "2C 2S", 6: "2C 2D 2H 2S"},
    # Pagat: 3 remove 2♦ (17 each); 5 remove 2♦ 2♣ (10 each); 6 remove 2♦ 3♦ 3♣ 4♣ (8 each);
    # 7 remove 2♦ 3♦ 3♣ (7 each).
    "pagat": {3: "2D", 4: "", 5: "2D 2C", 6: "2D 3D 3C 4C", 7: "2D 3D 3C"},
}
# Orders that are cut to the number of cards to remove (52 mod n).
_ORDERS: dict[str, tuple[str, range]] = {
    # Culbertson 1950: the 2s in the order 2♣, 2♦, 2♠, 2♥, for 3 to 7 players.
    "culbertson1950": ("2C 2D 2S 2H", range(3, 8)),
    # Morehead 2001: 2♣, 2♦, 3♣, 2♠, for 3 to 6 players.
    "morehead2001": ("2C 2D 3C 2S", range(3, 7)),
}


def _check(reading: str, players: int) -> None:
    if reading not in CARD_REMOVALS:
        raise RulesError(f"rules option card_removal={reading!r}: expected one of "
                         f"{', '.join(CARD_REMOVALS)}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesError(f"rules option players={players!r}: expected "
                         f"{MIN_PLAYERS}..{MAX_PLAYERS}")


@functools.lru_cache(maxsize=None)
def removed_cards(reading: str, players: int) -> tuple[Card, ...]:
    """The cards taken out of the deck before dealing, in the source's order.

    Args:
        reading: one of :data:`CARD_REMOVALS`.
        players: 3..7.

    Raises:
        RulesError: the reading does not cover ``players`` (Foster 1909 and Morehead 2001 give
            no 7-player rule); the message names the readings that do.
    """
    _check(reading, players)
    if reading == "kitty":
        return ()
    if reading in _TABLES:
        table = _TABLES[reading]
        if players not in table:
            raise RulesError(_uncovered(reading, players))
        return tuple(parse_cards(table[players]))
    order, covered = _ORDERS[reading]
    if players not in covered:
        raise RulesError(_uncovered(reading, players))
    return tuple(parse_cards(order)[:52 % players])


def _uncovered(reading: str, players: int) -> str:
    others = [r for r in CARD_REMOVALS if r != reading and _covers(r, players)]
    return (f"rules option card_removal={reading}: the source gives no rule for {players} "
            f"players (use {', '.join(others)})")


def _covers(reading: str, players: int) -> bool:
    if reading == "kitty":
        return True
    if reading in _TABLES:
        return players in _TABLES[reading]
    return players in _ORDERS[reading][1]


def kitty_size(reading: str, players: int) -> int:
    """Cards in the kitty: ``52 mod players`` for ``kitty``, else 0."""
    _check(reading, players)
    return 52 % players if reading == "kitty" else 0


def hand_size(players: int) -> int:
    """Cards dealt to each player: ``52 // players`` (17, 13, 10, 8, 7 for 3..7 players) under
    every reading (removal and kitty both take out the ``52 mod players`` odd cards)."""
    return 52 // players


@functools.lru_cache(maxsize=None)
def deck_mask(reading: str, players: int) -> int:
    """The mask of the cards in play: the deck less the removed cards (the kitty included)."""
    mask = DECK_MASK
    for card in removed_cards(reading, players):
        mask &= ~card.mask
    return mask
