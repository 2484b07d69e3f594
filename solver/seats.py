"""Seats at the table and pass directions.

Encodings (``docs/internals.md``): :class:`Seat` ``N=0, E=1, S=2, W=3`` with play going
clockwise N→E→S→W, so the next seat to play is ``seat.left``. :class:`PassDirection` values
are the seat offset from passer to receiver (``HOLD=0, LEFT=1, ACROSS=2, RIGHT=3``), which is
also OpenSpiel's pass-direction action id.
"""
from __future__ import annotations

from enum import IntEnum

from .errors import HeartsError
from .numbers import is_int_text, parse_int
from .words import short_repr

__all__ = ["Seat", "PassDirection", "MIN_PLAYERS", "MAX_PLAYERS", "SEAT_LETTERS", "table_seats",
           "seat_letter", "seat_title", "parse_seat"]

#: Player counts the game model supports (``docs/rules.md`` "Players and deck": 3 to 7).
MIN_PLAYERS = 3
MAX_PLAYERS = 7
#: Seat letters at a table of 3, 5, 6 or 7 players: seat ``i`` is ``SEAT_LETTERS[i]``, play goes
#: clockwise A→B→C… (a 4-player table uses the compass letters N, E, S, W instead).
SEAT_LETTERS = "ABCDEFG"

_SEAT_TITLES = ("North", "East", "South", "West")


class Seat(IntEnum):
    """A seat; play goes clockwise N→E→S→W, i.e. to increasing values mod 4."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def left(self) -> "Seat":
        """The seat on this seat's left: the next to play (N→E)."""
        return Seat((self + 1) % 4)

    @property
    def across(self) -> "Seat":
        """The partner position opposite (N↔S); there are no partnerships in Hearts."""
        return Seat((self + 2) % 4)

    @property
    def right(self) -> "Seat":
        """The seat on this seat's right: the previous to play (N→W)."""
        return Seat((self + 3) % 4)

    def offset(self, steps: int) -> "Seat":
        """The seat ``steps`` places clockwise from this one (negative goes anticlockwise)."""
        return Seat((self + steps) % 4)

    @property
    def letter(self) -> str:
        """``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
        return self.name

    @property
    def name_title(self) -> str:
        """``"North"``, ``"East"``, ``"South"`` or ``"West"``."""
        return _SEAT_TITLES[self]

    @classmethod
    def parse(cls, text: "str | int | Seat") -> "Seat":
        """Read a seat from ``"N"``, ``"n"``, ``"north"`` (any case) or its number 0..3.

        Raises:
            HeartsError: the text names no seat.
        """
        if isinstance(text, Seat):
            return text
        if isinstance(text, int) and 0 <= text < 4:
            return Seat(text)
        if isinstance(text, str):
            key = text.strip().lower()
            for seat in Seat:
                if key in (seat.name.lower(), _SEAT_TITLES[seat].lower()):
                    return seat
        raise HeartsError(f"unknown seat {short_repr(text)} (seats N, E, S, W)")

    def __str__(self) -> str:
        return self.name


class PassDirection(IntEnum):
    """Where the passed cards go; the value is the seat offset from passer to receiver.

    Equals OpenSpiel's pass-direction action id (0 no pass, 1 left, 2 across, 3 right).
    """

    HOLD = 0
    LEFT = 1
    ACROSS = 2
    RIGHT = 3

    def receiver(self, passer: Seat) -> Seat:
        """The seat that receives the cards ``passer`` passes (the passer itself on HOLD)."""
        return Seat((passer + self) % 4)

    def passer(self, receiver: Seat) -> Seat:
        """The seat whose cards ``receiver`` gets (inverse of :meth:`receiver`)."""
        return Seat((receiver - self) % 4)

    @classmethod
    def for_deal(cls, number: int) -> "PassDirection":
        """The standard rotation left, right, across, hold; ``number`` counts deals from 0.

        Source: Morehead 2001 (the "standard" pass scheme of ``docs/rules.md``).
        """
        return _STANDARD_ROTATION[number % 4]

    @classmethod
    def parse(cls, text: "str | int | PassDirection") -> "PassDirection":
        """Read ``"left"``, ``"right"``, ``"across"``, ``"hold"`` (also ``"none"``, ``"no pass"``,
        ``"keep"``, the first letter, or the number 0..3).

        Raises:
            HeartsError: the text names no direction.
        """
        if isinstance(text, PassDirection):
            return text
        if isinstance(text, int) and 0 <= text < 4:
            return PassDirection(text)
        if isinstance(text, str):
            key = text.strip().lower()
            if is_int_text(key, sign=False):
                # 0..3 in ASCII digits ("²" passes isdigit() but not int(): a traceback)
                return PassDirection(parse_int(key, "pass direction", low=0, high=3))
            found = _DIRECTION_NAMES.get(key)
            if found is not None:
                return found
        raise HeartsError(f"unknown pass direction {short_repr(text)} (directions left, right, across, "
                          f"hold)")

    def __str__(self) -> str:
        return self.name.lower()


_STANDARD_ROTATION = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS,
                      PassDirection.HOLD)
_DIRECTION_NAMES = {
    "hold": PassDirection.HOLD, "h": PassDirection.HOLD, "none": PassDirection.HOLD,
    "no pass": PassDirection.HOLD, "nopass": PassDirection.HOLD, "keep": PassDirection.HOLD,
    "left": PassDirection.LEFT, "l": PassDirection.LEFT,
    "across": PassDirection.ACROSS, "a": PassDirection.ACROSS,
    "right": PassDirection.RIGHT, "r": PassDirection.RIGHT,
}


# -- tables of 3 to 7 players ------------------------------------------------------------------
#
# A 4-player table keeps the Seat IntEnum (N E S W); other tables use plain ints 0..n-1, written
# A, B, C, … and played clockwise in increasing order, like Seat. Seat is an int, so code that
# only does arithmetic mod n works for both.

_TABLES: dict[int, tuple[int, ...]] = {
    n: tuple(range(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
_TABLES[4] = tuple(Seat)


def _check_players(players: int) -> None:
    if not (isinstance(players, int) and MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise HeartsError(f"players={players!r}: expected {MIN_PLAYERS}..{MAX_PLAYERS}")


def table_seats(players: int) -> tuple[int, ...]:
    """The seats of a table in play order: ``tuple(Seat)`` for 4 players, else ``0..n-1``.

    Raises:
        HeartsError: ``players`` is not 3..7.
    """
    _check_players(players)
    return _TABLES[players]


def seat_letter(seat: int, players: int = 4) -> str:
    """The letter of ``seat``: N, E, S, W at 4 players, A, B, C, … otherwise."""
    return Seat(seat).letter if players == 4 else SEAT_LETTERS[seat]


def seat_title(seat: int, players: int = 4) -> str:
    """The seat in words for messages: ``"North"`` at 4 players, ``"Player A"`` otherwise."""
    return Seat(seat).name_title if players == 4 else f"Player {SEAT_LETTERS[seat]}"


def parse_seat(text: "str | int", players: int = 4) -> int:
    """A seat of a ``players`` table from its letter (any case) or number 0..n-1.

    At 4 players this is :meth:`Seat.parse` (and returns a :class:`Seat`).

    Raises:
        HeartsError: the text names no seat of that table.
    """
    if players == 4:
        return Seat.parse(text)  # type: ignore[arg-type]
    _check_players(players)
    if isinstance(text, int) and not isinstance(text, bool) and 0 <= text < players:
        return text
    if isinstance(text, str):
        key = text.strip().upper()
        if key.startswith("PLAYER "):
            key = key[7:].strip()
        if len(key) == 1 and key in SEAT_LETTERS[:players]:
            return SEAT_LETTERS.index(key)
    raise HeartsError(f"unknown seat {short_repr(text)} at a table of {players} "
                      f"(seats {', '.join(SEAT_LETTERS[:players])})")
