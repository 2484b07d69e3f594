"""Double-dummy solving: the Python face of the search core.

``solve(deal, played, seat, model, rules)`` values every legal card of the seat to move
with every hand visible, by exact search (``hearts solve`` on the command line). Tables
of 3 to 7 players (``Rules.players``) are solved by the same core with n seats.

Solution concepts (``docs/internals.md`` "Solution concepts"):

- ``paranoid``: the target seat's final points for the deal when it plays to take as few as
  possible and all other seats together play to give it as many as possible. Two-sided,
  so alpha-beta is exact. The moon is part of the value: 0 (old moon) if the target takes every
  penalty card, 26 if another seat does.
- ``moon``: can the target seat take every moon card (all hearts and Q♠ under standard rules)
  against the best defence of all other seats? A yes/no value per card.
- ``maxn``: every seat minimises its own final points; among cards giving a seat the same own
  points it plays the lowest (clubs < diamonds < hearts < spades, then rank). Values are the
  points of all seats; the card's value is the mover's own.
- ``game``: paranoid on the target's *standing in the game* after the deal
  (:func:`.game.standing`) instead of its points for the deal, the game's totals before the
  deal given (``scores``) and the rules' ``target``: the target plays to finish the game lowest,
  or failing that to keep it going, then for the smallest margin to the lowest other total;
  all other seats together play against that. The moon is scored as the game scores it (the
  shooter's choice, new moon when the old would lose, Berns, new moon from some total), a
  total of exactly the target resets, a sun may clear the board. A card's value is the
  ``margin`` and its ``result`` (0 the target wins the game, 1 the game goes on, 2 it loses);
  ``standing``'s third part (pace) is left out of the search. ``docs/variants.md``, "Game-level
  advice".
"""
from __future__ import annotations

import functools
import json
import numbers
import time
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Sequence

from ._core import Core, pack_rules
from .cards import Card, Suit
from .deal import Deal
from .errors import SolverError
from .limit import Limit
from .lookup import CardLookup
from .position import Position, trick_winner
from .rules import Rules, _mask_points
from .seats import PassDirection, Seat, parse_seat, seat_letter
from .stopping import StopToken, current_stop

__all__ = ["CardValue", "SolveProgress", "SolveResult", "Solver", "SolverError", "solve",
           "game_spec", "PROGRESS_FIRST_MS", "PROGRESS_MAX_MS",
           "game_value", "split_game_value", "GAME_K", "RESULTS"]

MODELS = ("paranoid", "maxn", "moon", "game")

#: ``CardValue.result`` of the ``game`` model, by number.
RESULTS = ("win", "on", "lose")
#: The game model's values as one int, as the core keeps them: ``result * GAME_K + margin``.
GAME_K = 2048
_MAX_SCORE = 400   # game totals accepted: margins stay far inside the core's 1000

_FIRST_LEAD = {"two_of_clubs": 0, "any_club": 1, "any_card": 2}
_HEARTS = 0x1FFF << (16 * Suit.HEARTS)
_QS = Card("QS")


@functools.lru_cache(maxsize=64)
def rules_spec(rules: Rules, pass_direction: PassDirection | int | None = None,
               kitty: int = 0) -> dict:
    """The rules as plain numbers and card masks for the core (``Core.set_rules``).

    ``pass_direction`` matters only for a sun paid by the shooter's passer alone
    (``sun_paid_by="passer"``); None means a hold deal (no passer: every other seat pays).
    ``kitty`` is the mask of the deal's kitty (``card_removal="kitty"`` at 3, 5, 6 or 7
    players): the winner of trick 1 takes it. Cached: a ``Rules`` is frozen, and the spec
    is read-only; its ``packed`` entry is the C rules the core loads (``pack_rules``).
    """
    values = list(rules.point_values())
    positive = rules.positive_mask()
    total_positive = rules.total_positive_points()
    award = rules.moon_award()
    moon = rules.moon_mask()
    breaks = rules.breaks_hearts_mask()
    forbidden = rules.first_trick_banned_mask()
    queen = _QS.mask if rules.queen_at_first_chance else 0
    relief = positive & ~_HEARTS
    # Cards are interchangeable only if every rule treats them alike.
    signature = {}
    classes = []
    for bit in range(64):
        m = 1 << bit
        key = (values[bit], bool(moon & m), bool(breaks & m), bool(forbidden & m),
               bool(queen & m), bool(relief & m))
        classes.append(signature.setdefault(key, len(signature)))
    moon_rule = "old" if rules.moon == "choice" else rules.moon
    spec = {
        "players": rules.players,
        "kitty": kitty,
        "values": values,
        "classes": classes,
        "moon": moon,
        "breaks": breaks,
        "hearts": _HEARTS,
        "relief": relief,
        "first_forbidden": forbidden,
        "queen": queen,
        "first_lead": _FIRST_LEAD[rules.first_lead],
        "no_first": int(rules.no_points_on_first_trick),
        "relief_on": int(rules.can_lead_hearts_instead_of_qs),
        "moon_on": int(moon_rule != "none"),
        "moon_shooter_adj": -total_positive - (award if moon_rule == "new" else 0),
        "moon_other_adj": award if moon_rule == "old" else 0,
        "sun_mode": {"none": 0, "all_tricks": 1, "last_twelve": 2}[rules.sun],
        "sun_shooter_adj": -total_positive,
        "sun_other_adj": rules.sun_points,
        "sun_pay": _sun_payers(rules, pass_direction),
        "bonus": rules.no_trick_bonus,
    }
    spec["packed"] = pack_rules(spec)
    return spec


def game_value(result: int, margin: int) -> int:
    """A game-model value (``result`` 0 win, 1 the game goes on, 2 lose; ``margin`` in points,
    abs(margin) < 1000) as one int ordered as the standing: ``result * GAME_K + margin``."""
    return result * GAME_K + margin


def split_game_value(value: int) -> tuple[int, int]:
    """The ``(result, margin)`` of a :func:`game_value`."""
    result = (value + GAME_K // 2) // GAME_K
    return result, value - result * GAME_K


def game_spec(rules: Rules, scores: Sequence[int]) -> dict:
    """The game around a deal as plain numbers for the core (``Core.analyse(game=...)``).

    Args:
        rules: the game's rules (``target``, ``reset_at_target``, ``sun_clears_board`` and the
            moon options ``moon``, ``new_moon_if_old_loses``, ``berns``, ``new_moon_from``,
            as :func:`.game.moon_choice` reads them).
        scores: every seat's game total before the deal (points), seat 0 first.

    Raises:
        SolverError: not one score per player, a score that is no whole number (a float, a
            bool, a text), or a score outside -400..400; a game that is already over (a
            total at or past ``rules.target`` with ``no_game_end_on_moon`` off: by default a
            moon or sun deal may leave a total past the target for one more deal,
            :mod:`.game`); with ``reset_at_target``, a total of exactly the target (it drops
            to 0, so no game stands at it between deals). A message about the scores themselves
            starts with ``scores:``.
    """
    n = rules.players
    if isinstance(scores, (str, bytes)):
        raise SolverError(f"scores: expected one total per seat, seat 0 first, not the text "
                          f"{scores!r} (parse_scores reads it)", argument="scores")
    try:
        scores = tuple(scores)
    except TypeError:
        raise SolverError(f"scores: expected one total per seat, seat 0 first, not "
                          f"{type(scores).__name__}", argument="scores") from None
    if len(scores) != n:
        raise SolverError(f"scores: {len(scores)} scores for {n} players", argument="scores")
    for seat, score in enumerate(scores):
        if isinstance(score, bool) or not isinstance(score, numbers.Integral):
            raise SolverError(f"scores: {seat_letter(seat, n)}={score!r} is not a whole "
                              f"number of points", argument="scores")
        if not -_MAX_SCORE <= score <= _MAX_SCORE:
            raise SolverError(f"scores: {seat_letter(seat, n)}={score} is outside "
                              f"-{_MAX_SCORE}..{_MAX_SCORE}", argument="scores")
    _check_game_on(scores, rules)
    if rules.moon == "choice":
        choice = 1
    elif rules.new_moon_if_old_loses:
        choice = 2
    elif rules.berns:
        choice = 3
    elif rules.moon == "new" and rules.new_moon_from is not None:
        choice = 4
    else:
        choice = 0                      # the deal's own score is the game's
    values = rules.point_values()
    pmin = sum(v for v in values if v < 0)
    pmax = sum(v for v in values if v > 0)
    return {
        "totals": [int(x) for x in scores],
        "target": rules.target,
        "reset": int(rules.reset_at_target),
        "sun_clears": int(rules.sun_clears_board),
        "choice": choice,
        "new_from": rules.new_moon_from,
        "rules_new": int(rules.moon == "new"),
        "award": rules.moon_award(),
        "pbits": (pmax - pmin).bit_length(),
        "pmin": pmin,
    }


def _check_game_on(totals: Sequence[int], rules: Rules) -> None:
    """Raise ``SolverError`` when no deal can follow these totals (see :func:`game_spec`)."""
    n, target = len(totals), rules.target
    over = [seat for seat, total in enumerate(totals)
            if not rules.no_game_end_on_moon
            and (total > target or (total == target and not rules.reset_at_target))]
    if over:
        seat = max(over, key=lambda s: totals[s])
        raise SolverError(f"the game is already over: {seat_letter(seat, n)} has "
                          f"{totals[seat]}, the target is {target} (a game ends when a total "
                          f"reaches the target, unless on a moon under no_game_end_on_moon)")
    if rules.reset_at_target and target in totals:
        seat = list(totals).index(target)
        raise SolverError(f"scores: {seat_letter(seat, n)}={target} is exactly the target, "
                          f"which drops to 0 under reset_at_target: give "
                          f"{seat_letter(seat, n)}=0", argument="scores")


def _spec_key(position: Position) -> tuple:
    """What the core's rules spec of ``position`` depends on: ``(rules, pass direction,
    kitty mask)``."""
    kitty = position.deal.kitty.mask if position.players != 4 else 0
    return position.rules, getattr(position, "pass_direction", None), kitty


def core_rules(position: Position) -> dict:
    """The core's rules spec for ``position``: its rules, pass direction and kitty
    (:func:`rules_spec`, cached by them: a ``Rules`` is frozen and hashed once)."""
    return rules_spec(*_spec_key(position))


def _sun_payers(rules: Rules, direction: PassDirection | int | None) -> list[int]:
    """Per shooter, the mask of the seats that pay a sun (docs/rules.md "Moon and sun";
    :meth:`Rules.sun_payers`)."""
    return [sum(1 << int(payer) for payer in rules.sun_payers(x, direction))
            for x in range(rules.players)]


def core_state(position: Position) -> tuple:
    """The position as the core's state tuple (see ``Core.analyse``); ``n`` hands and
    points at a table of ``n`` seats, trick 1 counted with the kitty (``Position.play``).

    Read from what ``Position`` keeps per seat (``taken`` holds trick 1's kitty, as the
    core's moon takers do) and its list of trick winners, not by walking the tricks, which
    took a tenth of a small solve's setup."""
    rules = position.rules
    n = position.players
    winners = position._winners             # trick winners in order (same package)
    moon = rules.moon_mask()
    taken = position.taken
    tricks_won = position.tricks_won
    takers = won = first_pos = 0
    sunc = first_winner = -1
    for seat in range(n):
        if tricks_won[seat]:
            won |= 1 << seat
        if taken[seat] & moon:
            takers |= 1 << seat
    if winners:
        first_winner = int(winners[0])
        mask = position.deal.kitty.mask if n != 4 else 0
        for card in position.history[:n]:
            mask |= card.mask
        first_pos = _mask_points(mask & rules.positive_mask(), rules.point_values())
        later = winners if rules.sun == "all_tricks" else winners[1:] if rules.sun == "last_twelve" else ()
        if later:
            sunc = int(later[0]) if len(set(later)) == 1 else n    # n: no sun any more
    return _state_tuple(position, takers, won, sunc, first_winner, first_pos)


def _core_state_by_tricks(position: Position) -> tuple:
    """``core_state`` by walking the completed tricks: the reference the tests compare
    it with."""
    rules = position.rules
    n = position.players
    kitty = position.deal.kitty.mask if n != 4 else 0
    takers = won = first_pos = 0
    sunc = first_winner = -1
    values = rules.point_values()
    for index, (leader, cards) in enumerate(position.tricks()):
        winner = int(trick_winner(cards, leader, n))
        mask = kitty if index == 0 else 0
        for card in cards:
            mask |= card.mask
        if mask & rules.moon_mask():
            takers |= 1 << winner
        won |= 1 << winner
        if index == 0:
            first_winner = winner
            first_pos = _mask_points(mask & rules.positive_mask(), values)
        if rules.sun == "all_tricks" or (rules.sun == "last_twelve" and index >= 1):
            sunc = winner if sunc in (-1, winner) else n    # n: no sun any more
    return _state_tuple(position, takers, won, sunc, first_winner, first_pos)


def _state_tuple(position: Position, takers: int, won: int, sunc: int, first_winner: int,
                 first_pos: int) -> tuple:
    """The core's state tuple (``Core.analyse``) from the position and the score state."""
    hb = position.hearts_broken or not position.rules.must_break_hearts
    return (tuple(position.hands), tuple([card.bit for card in position.trick]),
            int(position.leader), int(hb), position.tricks_played, tuple(position.points),
            takers, won, sunc, first_winner, first_pos)


@dataclass(frozen=True)
class CardValue:
    """The exact value of one legal card (and the cards equivalent to it).

    Attributes:
        card: the card (the lowest of its equivalence class).
        equals: the other cards of the class; playing any of them gives the same value.
        value: paranoid: the target's final points for the deal (0–26 standard; lower is
            better for the target). moon: 1 if the target can still shoot after this card,
            else 0. maxn: the mover's own final points.
        points: maxn only: the final points of every seat (N, E, S, W; at a table of n
            players seats 0..n-1, A, B, C, ...).
        pv: the line of play from the card (the card first) to the end of the deal, every
            seat playing by the model (its points add up to ``value``: paranoid and game the
            target's, max^n every seat's ``points``); empty when the solve was asked for no
            lines (``pv=False``).
        result: game only: 0 the target wins the game, 1 the game goes on, 2 the target
            loses it (:data:`RESULTS`); ``value`` is then the margin (the target's total
            minus the lowest other, points).
    """

    card: Card
    equals: tuple[Card, ...]
    value: int
    pv: tuple[Card, ...]
    points: tuple[int, ...] | None = None
    result: int | None = None

    @property
    def rank(self) -> tuple[int, int]:
        """The value as it is ordered, lower better for the target: ``(result, margin)``
        for the game model, ``(0, value)`` otherwise."""
        return (self.result or 0, self.value)

    def to_json(self) -> dict:
        d = {"card": str(self.card), "value": self.value,
             "equals": [str(c) for c in self.equals], "pv": [str(c) for c in self.pv]}
        if self.points is not None:
            d["points"] = list(self.points)
        if self.result is not None:
            d["result"] = RESULTS[self.result]
        return d


@dataclass(frozen=True)
class SolveResult(CardLookup):
    """Every legal card of the seat to move, valued; best first.

    A snapshot: it keeps no reference to the position solved, so playing on in that position
    changes no result. ``result[card]`` is the :class:`CardValue` of ``card`` (a
    :class:`Card` or its text, any card of a class: :class:`~.lookup.CardLookup`), and
    ``result[card].value`` its value; a card without one raises ``KeyError`` saying whether
    it is not legal or a limit stopped the search before it.

    Attributes:
        seat: the seat to move. target: the seat whose points are valued (paranoid), or
        the would-be shooter (moon). Both are :class:`Seat` at 4 players, ints 0..n-1 at
        other tables (:func:`~.seats.table_seats`). model: ``paranoid``, ``maxn`` or ``moon``.
        cards: one :class:`CardValue` per equivalence class, best for the mover first.
        nodes: search nodes visited. ms: wall time in milliseconds.
        complete: False when a node or time limit stopped the search; then ``cards`` holds
        only the cards finished in time (their values are exact).
        tt_bytes: the memory of the solver's transposition table, in bytes.
        unvalued: the legal cards a limit left without a value, ascending (empty when
        ``complete``).
        scores: game only, the game totals before the deal (points, seat 0 first); the game
        ends at ``rules.target``.
    """

    seat: Seat | int
    target: Seat | int
    model: str
    rules: Rules
    cards: tuple[CardValue, ...]
    nodes: int
    ms: float
    complete: bool
    tt_bytes: int = 0
    unvalued: tuple[Card, ...] = ()
    scores: tuple[int, ...] | None = None

    @property
    def best(self) -> CardValue | None:
        """The best card for the mover (None if the search stopped before any finished)."""
        return self.cards[0] if self.cards else None

    def _legal(self) -> list[Card]:
        return super()._legal() + list(self.unvalued)

    def _not_valued(self, card: Card) -> str:
        if card in self.unvalued:
            return f"{card} has no value: a limit stopped the search before it"
        return super()._not_valued(card)

    def to_json(self) -> dict:
        """A JSON-ready dict: ``seat``, ``target``, ``model``, ``rules``, ``rules_name``, ``cards``,
        ``unvalued`` (the legal cards a node or time limit left without a value, ascending;
        empty when ``complete``), ``nodes``, ``ms``, ``tt_bytes``, ``complete``; the game
        model adds ``scores`` (per seat letter) and ``game_target``. Seats are letters: N, E,
        S, W at 4 players, A, B, C, ... at other tables. ``rules_name`` is the preset's
        :meth:`Rules.parse` text (``standard``, ``pagat,players=3``: :meth:`Rules.preset_text`)
        or ``null``."""
        n = self.rules.players
        game = {} if self.scores is None else {
            "scores": {seat_letter(x, n): v for x, v in enumerate(self.scores)},
            "game_target": self.rules.target}
        return {
            "seat": seat_letter(self.seat, n),
            "target": seat_letter(self.target, n),
            "model": self.model,
            "rules": self.rules.to_dict(),
            "rules_name": self.rules.preset_text(),
            "cards": [cv.to_json() for cv in self.cards],
            "unvalued": [str(c) for c in self.unvalued],
            "nodes": self.nodes,
            "ms": round(self.ms, 3),
            "tt_bytes": self.tt_bytes,
            "complete": self.complete,
            **game,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json())


@dataclass(frozen=True)
class SolveProgress:
    """How far a long solve is (``Solver.solve_position(progress=...)``).

    Attributes:
        nodes: search nodes so far. ms: wall time so far, milliseconds. valued: the cards
        valued so far (exact values, best for the mover first; a class of equal cards counts
        once), as :attr:`SolveResult.cards`. legal: the number of legal cards (equal cards
        each counted).
    """

    nodes: int
    ms: float
    valued: tuple[CardValue, ...]
    legal: int

    @property
    def cards_valued(self) -> int:
        """The legal cards valued so far, equal cards each counted (of :attr:`legal`)."""
        return sum(1 + len(cv.equals) for cv in self.valued)


#: The first progress report of a solve with ``progress`` comes after this many ms; the
#: slices of the search double from there up to :data:`PROGRESS_MAX_MS`. Each new slice
#: starts again from the root, the table kept: 0.4-2% more nodes on full deals of 2-17 s
#: (random deals, seeds 1, 3, 5).
PROGRESS_FIRST_MS = 1000.0
PROGRESS_MAX_MS = 5000.0

class Solver:
    """An exact double-dummy solver with its own transposition table.

    Reuse one solver for many positions of the same deal to share the table. Solvers do
    not share state, so each thread may use its own (the search releases the GIL).

    Args:
        tt_bits: the table holds ``2**tt_bits`` entries of 32 bytes. Default (None): sized
            by the first position solved — 2**13 (256 KiB) up to 6 tricks left, 2**19 (16 MiB)
            up to 9, else 2**22 (128 MiB; at most 2**18 for the moon model) — because a table
            that fits in the CPU cache is faster than a larger one whose probes miss it, and a
            new table is zeroed (measured in ``benchmarks/``). The table of a solver that is
            gone is kept for the next one of its size, emptied without zeroing (``Core``).
            From 2**16 entries up a near-leaf table of 512 KiB comes on top (``tt_bytes``).
            A table of more than 2**16 entries uses its first 2**16 (2 MiB, which stay in the
            cache) until its searches have taken 1 M nodes, its first 2**17 (4 MiB) until
            3 M, then the whole (``Core``).
        stop: a :class:`~.stopping.StopToken` whose ``stop()`` (from any thread) ends this
            solver's searches at their next limit check, as a limit does. Default (None): the
            token of the context each search runs in (:func:`~.stopping.stopping`; a thread
            pool's workers hold their pool's), if any. Ctrl-C stops a search on the main
            thread either way.

    Raises:
        SolverError: ``tt_bits`` not a whole number 10..28, ``stop`` not a token.
    """

    def __init__(self, tt_bits: int | None = None, *, stop: StopToken | None = None):
        if tt_bits is not None and (isinstance(tt_bits, bool)
                                    or not isinstance(tt_bits, numbers.Integral)
                                    or not 10 <= tt_bits <= 28):
            raise SolverError(f"tt_bits must be a whole number 10..28 (1 K to 256 M entries), "
                              f"got {tt_bits!r}")
        if stop is not None and not isinstance(stop, StopToken):
            raise SolverError(f"stop must be a StopToken, not {type(stop).__name__}",
                              argument="stop")
        self.stop = stop
        self._tt_bits = tt_bits
        self._core: Core | None = None if tt_bits is None else Core(tt_bits)
        self._rules: dict | None = None       # the rules spec (core_rules) the core holds
        # The spec of the last position, kept by the identity of its rules, pass direction
        # and kitty: core_rules took 1 us (0.14 us so), a tenth of a 2-trick solve's setup.
        self._last_spec: tuple = (None, None, 0, None)    # (rules, direction, kitty, spec)
        #: the search nodes of every solve and rollout of this solver so far (a running
        #: count: budgets of work that must not depend on the machine's speed)
        self.nodes = 0
        #: the solves a limit (or the stop token, or Ctrl-C) cut short so far: each
        #: ``solve_position`` that did not finish, each rollout's solve at its horizon that
        #: did not (redone one trick later with ``retry``); a running count
        self.stopped = 0

    @property
    def tt_bytes(self) -> int:
        """Memory of the transposition table, in bytes (0 before the first solve)."""
        return self._core.tt_bytes if self._core is not None else 0

    def clear(self) -> None:
        """Empty the transposition table."""
        if self._core is not None:
            self._core.clear()

    def _core_for(self, position: Position, model: str) -> Core:
        if self._core is None:
            left = position.players * position.rules.hand_size() - len(position.history)
            return self._core_for_cards(left, model)
        return self._core

    def _core_for_cards(self, left: int, model: str) -> Core:
        """The core, made for a first solve of ``left`` cards when there is none yet."""
        if self._core is None:
            bits = 13 if left <= 24 else 19 if left <= 36 else 22
            if model == "moon":
                # moon searches die as soon as two seats take points: a small table does,
                # and a big one would cost more to map than the search itself
                bits = min(bits, 18)
            self._core = Core(bits)
        return self._core

    def _core_rules(self, position: Position) -> dict:
        """:func:`core_rules` of ``position``, the last answer kept (``_last_spec``)."""
        rules, direction, kitty = key = _spec_key(position)
        last = self._last_spec
        if last[0] is rules and last[1] == direction and last[2] == kitty:
            return last[3]
        spec = rules_spec(*key)
        self._last_spec = (*key, spec)
        return spec

    def solve_position(self, position: Position, seat: Seat | str | None = None,
                       model: str = "paranoid", *, limit: Limit | None = None,
                       pv: bool = True, scores: Sequence[int] | None = None,
                       progress: "Callable[[SolveProgress], None] | None" = None
                       ) -> SolveResult:
        """Value every legal card of ``position``'s seat to move.

        Args:
            position: any reachable position, mid-trick included (not changed, and not
                kept: the result is a snapshot).
            seat: the target seat (default: the seat to move); ``maxn`` checks it but
                ignores it: its result's ``target`` is the mover, whose points the values are.
            model: ``paranoid``, ``maxn``, ``moon`` or ``game``.
            limit: stop the search early (:class:`Limit`: nodes, milliseconds; checked every
                1,024 nodes); the result then says ``complete=False`` and keeps the cards
                finished in time. ``None`` or ``Limit()``: none.
            pv: compute the line of play for each card, to the end of the deal (the core's
                line continued by solving each position after it: :class:`CardValue`).
            scores: ``game`` only (and required there): every seat's game total before the
                deal (points, seat 0 first); the game ends at ``position.rules.target``.
            progress: called with a :class:`SolveProgress` (nodes, time, the cards valued so
                far) after the first :data:`PROGRESS_FIRST_MS` of the search, then at
                doubling intervals up to :data:`PROGRESS_MAX_MS`. The search then runs in
                slices: each stops at its time, and the next starts again from the root with
                the table kept, so the cards valued before are found in it (a solve shorter
                than the first slice is the same as without ``progress``; a long one visits
                a few more nodes, :data:`PROGRESS_FIRST_MS`).

        Raises:
            SolverError: ``position`` not a :class:`Position`, unknown model, a finished
                deal, ``limit`` not a :class:`Limit`, ``scores`` missing for ``game`` (or
                given to another model), or not one score per seat.
        """
        if not isinstance(position, Position):
            raise SolverError(f"solve_position takes a Position, not {type(position).__name__} "
                              f"(solve(deal, played) takes a deal)")
        if model not in MODELS:
            raise SolverError(f"unknown model {model!r}: expected one of {', '.join(MODELS)}")
        if (model == "game") != (scores is not None):
            raise SolverError("the game model needs the game scores (scores=...), and only it"
                              if scores is None else
                              f"scores are for the game model, not {model}")
        game = game_spec(position.rules, scores) if scores is not None else None
        if position.is_over():
            raise SolverError("the deal is over: no card left to play")
        limit = Limit.of(limit)
        n = position.players
        mover = position.to_move
        target = mover if seat is None else parse_seat(seat, n)
        if model == "maxn":
            target = mover          # each card's value is the mover's own points
        t0 = time.perf_counter()
        if progress is None:
            values, nodes, complete = self._analyse(position, mover, target, model, limit.nodes,
                                                    limit.time_ms, pv, game)
        else:
            values, nodes, complete = self._analyse_in_slices(
                position, mover, target, model, limit.nodes, limit.time_ms, pv, game, progress,
                t0)
        if pv:
            # The core's line stops where nothing left can change the value (cheap bounds
            # decide it) or its step search found no card; continued by re-solving each
            # position after it, each line runs to the end of the deal.
            whole = []
            for cv in values:
                line, more = self._whole_line(position, cv.pv, target, model, game)
                nodes += more
                whole.append(cv if line is cv.pv else replace(cv, pv=line))
            values = whole
        ms = (time.perf_counter() - t0) * 1000.0
        unvalued: tuple[Card, ...] = ()
        if not complete:
            self.stopped += 1
            valued = {c for cv in values for c in (cv.card, *cv.equals)}
            unvalued = tuple(c for c in position.legal_moves() if c not in valued)
        return SolveResult(mover, target, model, position.rules, tuple(values), nodes,
                           ms, complete, self.tt_bytes, unvalued,
                           None if game is None else tuple(game["totals"]))

    def _analyse_in_slices(self, position: Position, mover: Seat | int, target: Seat | int,
                           model: str, node_limit: int | None, time_limit_ms: float | None,
                           pv: bool, game: dict | None,
                           progress: "Callable[[SolveProgress], None]",
                           t0: float) -> tuple[list[CardValue], int, bool]:
        """:meth:`_analyse` in time slices (``progress``), within the caller's limits."""
        nodes = 0
        values: list[CardValue] = []
        legal = len(position.legal_moves())
        slice_ms = PROGRESS_FIRST_MS
        while True:
            spent = (time.perf_counter() - t0) * 1000.0
            left_ms = None if time_limit_ms is None else time_limit_ms - spent
            left_nodes = None if node_limit is None else node_limit - nodes
            if (left_ms is not None and left_ms <= 0) or (left_nodes is not None
                                                          and left_nodes <= 0):
                return values, nodes, False
            this_ms = slice_ms if left_ms is None else min(slice_ms, left_ms)
            values, more, complete = self._analyse(position, mover, target, model, left_nodes,
                                                   this_ms, pv, game)
            nodes += more
            last_slice = left_ms is not None and this_ms >= left_ms
            if complete or last_slice or (left_nodes is not None and more >= left_nodes):
                return values, nodes, complete
            progress(SolveProgress(nodes, (time.perf_counter() - t0) * 1000.0,
                                   tuple(values), legal))
            slice_ms = min(2 * slice_ms, PROGRESS_MAX_MS)

    def _whole_line(self, position: Position, line: tuple[Card, ...], target: Seat | int,
                    model: str, game: dict | None) -> tuple[tuple[Card, ...], int]:
        """``line`` (a root card's line from the core) continued to the end of the deal, and
        the search nodes that took: at each position after it the best card for the mover by
        the same model and target (max^n: the mover's own points), with that card's line.

        The core's line stops at a trick boundary where the cheap bounds leave one value
        (every card left keeps it) or where its step search finds no card; the positions
        after such a cut are decided, so each solve here is small (``docs/internals.md``,
        module map). The result is ``line`` itself when it already ends the deal, and stops
        short only when a stop token (:mod:`.stopping`) ends a search of it."""
        pos = position.copy()
        for card in line:
            pos.play(card, check=False)
        if pos.is_over():
            return line, 0
        whole = list(line)
        nodes = 0
        while not pos.is_over():
            seat = pos.to_move if model == "maxn" else target
            rest, more, _ = self._analyse(pos, pos.to_move, seat, model, None, None, True, game)
            nodes += more
            if not rest:
                break           # a stop token ended the search: the line as far as it got
            for card in rest[0].pv:
                pos.play(card, check=False)
                whole.append(card)
        return tuple(whole), nodes

    def _analyse(self, position: Position, mover: Seat | int, target: Seat | int, model: str,
                 node_limit: int | None, time_limit_ms: float | None, pv: bool,
                 game: dict | None) -> tuple[list[CardValue], int, bool]:
        """One search of the core: the card values (best for the mover first; lines as the
        core gives them), the nodes and whether it finished within the limits."""
        core = self._core_for(position, model)
        core.stop = self.stop if self.stop is not None else current_stop()
        spec = self._core_rules(position)
        if spec is not self._rules:
            core.set_rules(spec)
            self._rules = spec
        out = core.analyse(core_state(position), int(target), model,
                           int(node_limit or 0), float(time_limit_ms or 0), pv, None, game)
        # Cards by bit from the interned table (the core gives only valid bits), empty tuples
        # shared, and the core's answers sorted on ints before any CardValue is built (best
        # for the mover first, then by card bit, as CardValue.rank orders them): building
        # the result was a visible part of a small solve.
        by_bit = Card._BY_BIT
        seat_index = int(mover)
        moves = out["moves"]
        if model == "maxn":
            moves.sort(key=lambda m: (m[2][seat_index], m[0]))
        elif model == "moon":
            sign = -1 if mover == target else 1
            moves.sort(key=lambda m: (sign * (1 - m[2]), m[0]))
        elif mover == target:
            # game: result * GAME_K + margin orders as (result, margin)
            moves.sort(key=lambda m: (m[2], m[0]))
        else:
            moves.sort(key=lambda m: (-m[2], m[0]))
        values = []
        for rep, group, value, line in moves:
            card = by_bit[rep]
            equals = () if len(group) == 1 else tuple([by_bit[b] for b in group if b != rep])
            pv_cards = tuple([by_bit[b] for b in line]) if line else ()
            if model == "maxn":
                values.append(CardValue(card, equals, value[seat_index], pv_cards, tuple(value)))
            elif model == "moon":
                values.append(CardValue(card, equals, 1 - value, pv_cards))
            elif model == "game":
                result, margin = split_game_value(value)
                values.append(CardValue(card, equals, margin, pv_cards, result=result))
            else:
                values.append(CardValue(card, equals, value, pv_cards))
        self.nodes += out["nodes"]
        return values, out["nodes"], out["complete"]

    def rollout(self, position: Position, cards: Sequence[Card] | None, seat: Seat | str | int,
                model: str, horizon: int, policy: dict, *, limit: Limit | None = None,
                retry: bool = False, whole: bool | None = None,
                scores: Sequence[int] | None = None,
                rollout_policy: str = "rule", runs: int = 1, epsilon: float = 0.0,
                seed: int = 0, shooter: Seat | int | None = None,
                steady: bool = False, lead_epsilon: float | None = None,
                own_policy: str | None = None,
                defender: Seat | int | None = None,
                discard_epsilon: float | None = None,
                discard_policy: str | None = None,
                facts: tuple[Sequence[int], Sequence[int]] | None = None,
                guesses: int = 1) -> list:
        """Rollouts in the core: for each of ``cards`` (``None``: the position itself), play
        the card, let every seat play the rollout policy until ``horizon`` tricks are left at
        a trick start, then solve that position exactly under ``model`` as
        :meth:`solve_position` does (the same search and table); without the GIL, so threads
        each with their own solver run in parallel.

        Args:
            position: a position with all hands known (not changed).
            cards: legal cards of the seat to move, or ``None`` for one rollout of the
                position as it is.
            seat: the seat whose points are returned (paranoid, game).
            model: ``paranoid``, ``maxn`` or ``game``.
            horizon: tricks left at the hand-over to the exact solver (0: the policy plays
                to the end of the deal).
            policy: the policy's view of the rules (the rule bot of
                :mod:`hearts.analysis.policy`: ``policy_spec(rules)``; ``Core.set_policy``).
            limit: the limit of each solve at the horizon (:class:`Limit`; ``None``: none).
            retry: a solve stopped by ``limit`` is redone after one more trick of the
                policy, so every card gets a value.
            whole: how the solve at the horizon searches: ``True`` asks only for the
                position's value (``Core.rollout``'s ``whole``: the same value in fewer
                nodes, 10-20% fewer for max^n, 1.5-1.9 times fewer for paranoid at 6-7
                tricks left); ``False`` values every card of its seat to move as
                :meth:`solve_position` does, so that a limit stops the same solves as there.
                ``None`` (the default): ``True`` without a limit, ``False`` with one.
            scores: ``game`` only: the game totals before the deal, seat 0 first.
            rollout_policy: ``rule`` (the policy itself), ``lookahead`` (each seat tries
                each legal card, the policy playing the deal out after it, and keeps the one
                that leaves it the fewest points), ``smoke`` (the policy, but leading low
                in the suit of a big card still out when the seat holds no card above
                it), ``unload`` (``smoke``, and otherwise leading its highest club or
                diamond in the suit's first two rounds) or ``mimic`` (a card drawn from the
                learned policy whose weights ``policy`` carries): ``Core.rollout``.
            runs: rollouts per card (1..64); with more than one, each card's value is the
                list of the runs' values.
            epsilon: the chance (0..1) of a uniformly random legal card at every play.
            seed: the random stream of ``epsilon`` (a whole number 0..2**64-1).
            shooter: a seat that tries to shoot the moon while it can (no other seat has
                taken a moon card): it cashes sure winners, wins what it can and discards no
                moon card, and the others discard no moon card onto its tricks.
            steady: ``seat`` never plays the random card of ``epsilon``: only the other
                seats do (an opponent model: the advised seat's own play is not noise).
            lead_epsilon: the chance (0..1) of a random card for a lead (a trick's first
                card); ``None``: ``epsilon``.
            own_policy: how ``seat`` itself plays (a name as ``rollout_policy``, or
                ``lookahead-model``: ``lookahead`` whose play-outs play the other seats as
                this rollout does; or ``lookahead-guess``: that look-ahead played out on
                ``guesses`` random deals of the hands ``seat`` cannot see, consistent with
                ``facts``, instead of the true hands), the other seats playing
                ``rollout_policy``; ``None``: ``rollout_policy`` for all.
            defender: with ``shooter``, the one seat that defends against it (the others
                play on as if no moon were on); ``None``: every other seat defends.
            discard_epsilon: the chance (0..1) of a random card for a discard (a card off
                the suit led); ``None``: ``epsilon``.
            discard_policy: how the seats that play ``rollout_policy`` discard (a name as
                ``rollout_policy``); ``None``: ``rollout_policy``.
            facts: for ``lookahead-guess``, what ``seat`` knows of the other hands:
                ``(excluded, known)``, each a card mask per seat (seat 0 first): the cards
                the seat cannot hold (its voids), the cards it is known to hold (the cards
                ``seat`` passed it); ``None``: nothing. The rollout adds the voids it sees.
            guesses: for ``lookahead-guess``, the random deals of the hidden hands a
                decision (1..8).

        Returns:
            Per card (or one value): paranoid, the seat's final points (int) when the seat to
            move at the horizon plays its best card; game, its standing there as
            :func:`game_value`; max^n, the final points of every seat (a tuple, seat 0 first)
            when every seat minimises its own from the horizon (ties: the lowest card). The
            final score when the deal ended before the horizon. ``None`` for a card whose
            solve a limit stopped (without ``retry``), the solver's stop token or Ctrl-C.

        Raises:
            SolverError: not a :class:`Position`, a finished deal with cards to play, an
                unknown model, a negative horizon, ``limit`` not a :class:`Limit`, ``scores``
                missing for ``game`` or given to another model.
            KeyError: a card that is not legal.
            ValueError: from the core: an unknown rollout policy, ``runs`` or a chance out
                of range, ``guesses`` outside 1..8, ``facts`` not two masks per seat.
        """
        if not isinstance(position, Position):
            raise SolverError(f"rollout takes a Position, not {type(position).__name__}")
        if model not in ("paranoid", "maxn", "game"):
            raise SolverError(f"unknown model {model!r} for rollouts: expected paranoid, maxn "
                              f"or game")
        if (model == "game") != (scores is not None):
            raise SolverError("the game model needs the game scores (--scores), and only it"
                              if scores is None else
                              f"scores are for the game model, not {model}")
        if horizon < 0:
            raise SolverError(f"horizon must be at least 0 tricks, got {horizon}")
        limit = Limit.of(limit)
        if cards is not None and position.is_over():
            raise SolverError("the deal is over: no card left to play")
        legal = position.legal_mask()
        bits = None
        if cards is not None:
            bits = []
            for card in cards:
                if not legal & card.mask:
                    raise KeyError(str(card))
                bits.append(card.bit)
        game = game_spec(position.rules, scores) if scores is not None else None
        # a new core is sized by the positions solved: at most `horizon` tricks of the seats
        left = position.players * position.rules.hand_size() - len(position.history)
        core = self._policy_core(position, policy, min(left, position.players * max(horizon, 1)),
                                 model)
        core.stop = self.stop if self.stop is not None else current_stop()
        if whole is None:
            # a limit then stops the solves it would stop in solve_position (the pass
            # rating's retry is tested against that); without one, the cheaper search
            whole = limit.unlimited
        out = core.rollout(core_state(position), parse_seat(seat, position.players), model,
                           horizon, bits, limit.nodes or 0, limit.time_ms or 0.0, retry,
                           bool(whole), game, rollout_policy, runs, epsilon, seed,
                           -1 if shooter is None else int(shooter), steady,
                           -1.0 if lead_epsilon is None else lead_epsilon, own_policy,
                           -1 if defender is None else int(defender),
                           -1.0 if discard_epsilon is None else discard_epsilon,
                           discard_policy,
                           None if facts is None else tuple(tuple(f) for f in facts),
                           guesses)
        self.nodes += out["nodes"]
        self.stopped += out["stopped"]
        if model == "maxn":
            if runs > 1:
                return [[None if v is None else tuple(v) for v in card]
                        for card in out["values"]]
            return [None if v is None else tuple(v) for v in out["values"]]
        return out["values"]

    def mimic_features(self, position: Position, policy: dict) -> tuple[list[Card], list]:
        """The learned rollout policy's view of ``position`` (``Core.mimic_features``): the
        legal cards of the seat to move (lowest bit first) and, per card, its 32 features
        (floats; ``hearts.analysis.mimic.FEATURES`` names them), from what that seat knows.

        Raises:
            SolverError: not a :class:`Position`, or the deal is over.
        """
        if not isinstance(position, Position):
            raise SolverError(f"mimic_features takes a Position, not {type(position).__name__}")
        if position.is_over():
            raise SolverError("the deal is over: no card left to play")
        out = self._policy_core(position, policy).mimic_features(core_state(position))
        return [Card.from_bit(bit) for bit, _ in out], [f for _, f in out]

    def _policy_core(self, position: Position, policy: dict, left: int = 0,
                     model: str = "maxn") -> Core:
        """The core (made for a first solve of ``left`` cards under ``model`` when there is
        none yet; by default a small one, for the play-outs alone) with the rules of
        ``position`` and the rollout ``policy`` loaded."""
        core = self._core_for_cards(left, model)
        spec = self._core_rules(position)
        if spec is not self._rules:
            core.set_rules(spec)
            self._rules = spec
        core.set_policy(policy)
        return core

    def ismcts(self, position: Position, hands: Iterable[Sequence[int]], iterations: int,
               policy: dict, *, c: float = 0.7, seed: int = 0,
               rollout_policy: str = "rule", epsilon: float = 0.0,
               discard_policy: str | None = None, model_others: bool = False
               ) -> list[tuple[Card, int, float]]:
        """Information-set MCTS for the seat to move (``Core.ismcts``: Cowling, Powley &
        Whitehouse 2012): one search tree over the deals ``hands`` that the seat cannot
        tell apart, each seat choosing by UCB1 for its own final points (with
        ``model_others``, the other seats drawing their cards from the rollout policy
        instead: a best response to that model), play-outs by the rollout policy to the end
        of the deal, without the GIL.

        Args:
            position: the position; its public part and the seat to move's hand are used.
            hands: the sampled deals as card masks of the hands now (seat 0 first), each
                with the seat to move's hand and the position's hand sizes.
            iterations: tree iterations (one node each; 100,000 took 0.13 s of CPU on
                average at trick 1 on one core).
            policy: the rollout policy's view of the rules (``policy_spec(rules)``).
            c: the UCB1 exploration constant (rewards are minus points / 26).
            seed, rollout_policy, epsilon, discard_policy: the play-outs' random stream
                and policy, as :meth:`rollout`.
            model_others: the other seats play the rollout policy in the tree as well.

        Returns:
            ``(card, visits, mean final points of the seat to move)`` for each legal card
            the search tried, most visited first (its choice).

        Raises:
            SolverError: not a :class:`Position`, or the deal is over.
            ValueError: no deals, a deal that does not fit the position, bad settings.
        """
        if not isinstance(position, Position):
            raise SolverError(f"ismcts takes a Position, not {type(position).__name__}")
        if position.is_over():
            raise SolverError("the deal is over: no card left to play")
        core = self._policy_core(position, policy)
        out = core.ismcts(core_state(position), hands, iterations, c, seed, rollout_policy,
                          epsilon, discard_policy, model_others)
        return [(Card.from_bit(bit), visits, points) for bit, visits, points in out]

    def play_likelihoods(self, start: Position, hands: Iterable[Sequence[int]],
                         plays: Sequence[Card], observer: Seat | int, policy: dict,
                         noise: Sequence[float] | str) -> list[float]:
        """For each deal of ``hands`` (card masks at the start of play, seat 0 first), the
        natural log of the chance that the seats other than ``observer`` made ``plays``
        (from the first lead) if each played a noisy version of a policy: by kind of play
        (lead, follow above the winning card, duck, follow last, discard), with chance
        ``1 - noise[kind]`` the policy's card, else a uniformly random legal card; or, with
        ``noise`` ``"mimic"``, if each played the learned policy of ``policy["mimic"]``'s
        weights (``Core.policy_likelihood``). Used to weight sampled deals by what the other
        seats' plays suggest (Buro, Long, Furtak & Sturtevant 2009, "Improving State
        Evaluation, Inference, and Search in Trick-Based Card Games", IJCAI).

        Args:
            start: the position at the start of play of one of the deals (its first
                leader, rules and pass direction are used; its hands are not).
            hands: per deal, one card mask per seat.
            plays: the cards played from the first lead, legal in every deal.
            observer: the seat whose own plays are not evidence.
            policy: the policy's view of the rules (``policy_spec(rules)``).
            noise: five chances in 0..1 (lead, over, duck, last, discard), or ``"mimic"``.

        Raises:
            SolverError: ``start`` is not a position at the start of play.
            ValueError: a play that is not legal in one of the deals, bad ``noise`` (or
                ``"mimic"`` with no weights in ``policy``).
        """
        if not isinstance(start, Position) or start.history:
            raise SolverError("play_likelihoods takes the position at the start of play")
        core = self._policy_core(start, policy)
        template = core_state(start)
        rest = template[1:]
        bits = [card.bit for card in plays]
        who = int(observer)
        if not isinstance(noise, str):
            noise = tuple(float(x) for x in noise)
        return [core.policy_likelihood((tuple(h), *rest), bits, who, noise) for h in hands]


def solve(deal: Deal | str, played: Iterable[Card | str] | str = (), seat: Seat | str | None = None,
          model: str = "paranoid", rules: Rules | str | None = None, *,
          limit: Limit | None = None, pv: bool = True, solver: Solver | None = None,
          scores: Sequence[int] | None = None) -> SolveResult:
    """Solve a deal shown face-up: every legal card of the seat to move, valued exactly.

    Args:
        deal: the hands after any pass, a :class:`Deal` or a PBN string ``"N:<N> <E> <S> <W>"``
            (``"A:<A> <B> <C> ..."`` at a table of 3, 5, 6 or 7: give ``rules`` its players).
        played: the cards played so far, in order, from the first lead (``"2C 3C ..."``).
        seat: the seat whose points are valued (default: the seat to move): a Seat or letter
            (A, B, C, ... or 0..n-1 at other tables).
        model: ``paranoid`` (default), ``maxn``, ``moon`` or ``game`` (see the module
            docstring).
        rules: a :class:`Rules`, a preset name or a ``Rules.parse`` string (default standard).
        limit: stop early (:class:`Limit`, e.g. ``Limit(nodes=100_000)``); the result then
            says ``complete=False`` (:meth:`Solver.solve_position`: the limits are checked
            every 1,024 nodes). Ctrl-C (SIGINT) on the main thread stops the search at the
            same checks; Python's handler then runs as the search returns
            (``KeyboardInterrupt`` by default).
        solver: reuse a :class:`Solver` (and its transposition table).
        scores: ``game`` only: the game totals before the deal, seat 0 first (the game ends
            at ``rules.target``).

    Returns:
        A :class:`SolveResult`; values are penalty points for the deal (lower is better);
        ``result["QS"].value`` is one card's.

    Raises:
        InvalidDealError, CardError, IllegalPlayError, RulesError, SolverError: bad input,
        each with a one-line message naming the problem.
    """
    rules = Rules.of(rules)
    if isinstance(deal, str):
        deal = Deal(deal)
    position = Position(deal, rules, played)
    return (solver or Solver()).solve_position(position, seat, model, limit=limit, pv=pv,
                                               scores=scores)
