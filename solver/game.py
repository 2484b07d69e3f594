"""Whole games: running totals, the moon and the sun across a game, the target and game end.

``docs/rules.md`` "Moon and sun" and "Game end". A deal's own score is :meth:`Rules.score`; this
module adds what depends on the game's totals:

- **Shooter's choice** (``moon="choice"``): the shooter takes the old moon (+ award to each
  other player) or the new moon (− award to itself), whichever leaves it *best placed*
  (:func:`standing`); a tie keeps the old moon.
- **New moon only when the old moon would lose** (``new_moon_if_old_loses``): with the old
  moon the game would end (a total reaches the target) and the shooter would not be lowest;
  then the shooter takes the new moon.
- **Berns' rule** (``berns``, Killer Hearts): the shooter subtracts instead when adding the award
  to the others would not put it strictly in the lead.
- **New moon only after some score** (``new_moon_from``): below that total (before the deal) a
  moon is always old.
- **Sun**: scored by :meth:`Rules.score`; ``sun_clears_board`` also sets the shooter's total to 0.
- **Counters** (``settlement``, Classic Hearts, Foster 1909): every deal is also settled in
  counters, by sweepstake (a pool, and a *jack* carried over) or by Howell's settling
  (:func:`settle`); :attr:`Game.counters` keeps the balance.
- **Target**: the game ends when a total reaches ``target``; with ``reset_at_target`` a total of
  exactly the target drops to 0 first; a game cannot end on a deal with a successful moon or
  sun (``no_game_end_on_moon``). The lowest total wins; ties share the win.

The game-level objective (``docs/variants.md``): a seat's *standing* for totals ``t`` is the
triple ``(result, margin, pace)``, compared in that order, lower better: ``result`` 0 if a total
has reached the target and the seat is lowest (a tie included: a shared win), 1 if no total has
reached the target (the game goes on), 2 if one has and the seat is not lowest; ``margin`` the
seat's total minus the lowest other total (negative: it leads by that much); ``pace`` the
highest total, negated when the seat leads or ties (a leader wants the game to end soon, a
trailer wants it to last). The old and the new moon always leave the same margin (one moves
the others up, the other the shooter down, by the same award), so ``pace`` decides between
them while the game goes on. The game is judged as if it ended as soon as a total reaches the
target, even on a moon deal
where ``no_game_end_on_moon`` lets it go on one more deal: the totals are then what the next
deal starts from, and a seat that is not lowest then is about to lose.
"""
from __future__ import annotations

import random as _random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .cards import Card, cards_from_mask
from .deal import Deal
from .errors import HeartsError, InvalidDealError, NumberError
from .numbers import parse_int
from .passing import PassPlan, apply_pass, no_pass_note, pass_plan
from .position import Position
from .rules import Rules, _mask_points
from .seats import parse_seat, seat_letter, table_seats
from .words import quoted

__all__ = ["DealOutcome", "Game", "Settlement", "settle", "standing", "moon_choice",
           "play_game", "parse_scores"]


def standing(totals: Sequence[int], seat: int, target: int) -> tuple[int, int, int]:
    """The seat's place in the game for ``totals``, lower is better: ``(result, margin, pace)``.

    ``result``: 0 a total reached ``target`` and ``seat`` is lowest (ties share the win), 1 no
    total reached it, 2 one did and ``seat`` is not lowest. ``margin``: the seat's total minus
    the lowest other total (points; negative when it leads). ``pace``: the highest total,
    negated when ``margin <= 0`` (a leader is better placed the nearer the game is to its end,
    a trailer the farther).
    """
    own = totals[seat]
    low = min(t for s, t in enumerate(totals) if s != seat)
    if max(totals) < target:
        result = 1
    else:
        result = 0 if own <= low else 2
    margin = own - low
    return (result, margin, -max(totals) if margin <= 0 else max(totals))


def parse_scores(text: str, players: int = 4) -> tuple[int, ...]:
    """Game totals from ``"N=80,E=95,S=63,W=40"`` (every seat once, any order; ``A=``, ``B=``,
    ... at other tables) or ``"80,95,63,40"`` (seat 0 first). Returns one total per seat,
    seat 0 first (points).

    Raises:
        HeartsError: an item that is not ``SEAT=POINTS`` or a whole number, an unknown or
            repeated seat, or not one total per seat; the message names the item.
    """
    items = [item.strip() for item in text.split(",")]
    totals: dict[int, int] = {}
    for place, item in enumerate(items, 1):
        seat_text, sep, points_text = item.partition("=")
        if not sep:
            seat_text, points_text = str(place - 1), item
        try:
            points = parse_int(points_text.strip(), f"scores item {place} {quoted(item)}",
                               digits=6)
        except NumberError as err:
            if any(ch.isdigit() for ch in points_text):     # "1_0", "٤", 5,000 digits
                raise NumberError(str(err)) from None
            raise HeartsError(f'scores item {place} {quoted(item)}: expected SEAT=POINTS, e.g. '
                              f'"{seat_letter(0, players)}=80"') from None
        if sep:
            try:
                seat = int(parse_seat(seat_text, players))
            except HeartsError as err:
                raise HeartsError(f'scores item {place} {quoted(item)}: {err}') from None
        elif not any("=" in other for other in items):
            if len(items) != players:
                break                           # the count error below
            seat = place - 1
        else:
            raise HeartsError(f'scores item {place} {quoted(item)}: expected SEAT=POINTS')
        if seat in totals:
            raise HeartsError(f"scores item {place} {quoted(item)}: seat "
                              f"{seat_letter(seat, players)} is given twice")
        totals[seat] = points
    missing = [seat_letter(x, players) for x in range(players) if x not in totals and totals]
    if missing or len(items) != players:
        raise HeartsError(f"scores: {len(items)} given for {players} players"
                          + (f" (missing {', '.join(missing)})" if missing else ""))
    return tuple(totals[x] for x in range(players))


@dataclass(frozen=True)
class DealOutcome:
    """One deal as the game counts it.

    Attributes:
        points: the points each seat adds to its total (after the moon choice).
        totals: every seat's total after the deal (after a reset at the target and a sun
            that clears the board).
        shot: ``"moon"``, ``"sun"`` or ``None``: a successful moon or sun in this deal.
        shooter: the seat that shot, or ``None``.
        moon: ``"old"`` or ``"new"``: how a moon was scored (``None`` without a moon).
        reason: one line on why the moon was scored so (empty without a choice to make).
        game_over: whether the game ended with this deal.
        settlement: the deal settled in counters (``Rules.settlement``), or ``None``.
    """

    points: tuple[int, ...]
    totals: tuple[int, ...]
    shot: str | None = None
    shooter: int | None = None
    moon: str | None = None
    reason: str = ""
    game_over: bool = False
    settlement: "Settlement | None" = None


@dataclass
class Game:
    """A game in progress: the rules, every seat's total and the deals so far.

    ``Game(rules)`` starts at 0 each; ``Game(rules, totals=(90, 95, 63))`` starts from given
    totals (seat order as :func:`~.seats.table_seats`), with ``deals`` deals already played
    (the next deal's pass follows from it). With a ``settlement`` in counters, ``counters`` is
    each seat's balance (won minus paid) and ``jack`` the pool carried to the next deal.

    Raises:
        HeartsError: ``totals`` does not have one entry per player.
    """

    rules: Rules = field(default_factory=Rules.standard)
    totals: tuple[int, ...] = ()
    deals: int = 0
    counters: tuple[int, ...] = ()
    jack: int = 0
    outcomes: list[DealOutcome] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        n = self.rules.players
        self.totals = tuple(self.totals) if self.totals else (0,) * n
        self.counters = tuple(self.counters) if self.counters else (0,) * n
        if len(self.totals) != n:
            raise HeartsError(f"game totals {self.totals} have {len(self.totals)} seats, the "
                              f"rules are for {n} players")

    # -- the game so far ------------------------------------------------------------------

    def is_over(self) -> bool:
        """Whether the last deal ended the game."""
        return bool(self.outcomes) and self.outcomes[-1].game_over

    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total (more than one on a tie; :class:`Seat` at 4)."""
        low = min(self.totals)
        seats = table_seats(self.rules.players)
        return tuple(seats[s] for s, t in enumerate(self.totals) if t == low)

    def standing(self, seat: int) -> tuple[int, int, int]:
        """:func:`standing` of ``seat`` for the current totals."""
        return standing(self.totals, seat, self.rules.target)

    def pass_plan(self, count: int | None = None) -> PassPlan:
        """The next deal's pass (``Rules.pass_scheme`` for deal number :attr:`deals`);
        ``count`` is the dealer's choice of the count (``pass_count_by_dealer``)."""
        return pass_plan(self.rules, self.deals, count)

    # -- scoring a deal -------------------------------------------------------------------

    def outcome(self, position: Position) -> DealOutcome:
        """What the finished deal of ``position`` does to the game (the game is unchanged).

        Raises:
            HeartsError: the deal is not over, or its rules are not the game's.
        """
        if position.rules != self.rules:
            raise HeartsError("the deal was played under other rules than the game's")
        if not position.is_over():
            raise HeartsError(f"the deal is not over: {len(position.history)} cards played")
        return self.score_deal(position.taken, position.tricks_won,
                               position.last_twelve_winner(), position.pass_direction)

    def score_deal(self, taken: Sequence[int], tricks_won: Sequence[int],
                   last_twelve_winner: int | None = None,
                   pass_direction: "object | None" = None) -> DealOutcome:
        """What a finished deal does to the game, from the cards each seat took (masks, the
        kitty included) and its tricks; arguments as :meth:`Rules.score`."""
        rules = self.rules
        shot = rules.shooter(list(taken), list(tricks_won), last_twelve_winner)
        if shot is not None and shot[0] == "moon" and rules.moon == "void":
            shot = None  # a void moon scores nothing: no successful moon for the game
        args = (list(taken), list(tricks_won), last_twelve_winner, pass_direction)
        moon = reason = None
        if shot is not None and shot[0] == "moon":
            old = rules.score(*args, moon="old")
            new = rules.score(*args, moon="new")
            moon, reason = moon_choice(rules, self.totals, shot[1], old, new)
            points = old if moon == "old" else new
        else:
            points = rules.score(*args)
        totals = _advance(rules, self.totals, points, shot)
        over = max(totals) >= rules.target and not (rules.no_game_end_on_moon and shot)
        settlement = None
        if rules.settlement != "points":
            # Counters go by the penalty points taken, before any moon rule (Foster 1909).
            values, positive = rules.point_values(), rules.positive_mask()
            settlement = settle(rules, [_mask_points(m & positive, values) for m in taken],
                                self.jack)
        return DealOutcome(tuple(points), totals, None if shot is None else shot[0],
                           None if shot is None else shot[1], moon, reason or "", over,
                           settlement)

    def deal_standing(self, position: Position, seat: int) -> tuple[int, int, int]:
        """The game-level value of a finished deal for ``seat``: its :func:`standing` after the
        deal (moon choice, reset and sun rules applied). This is the objective a game-level
        search minimises at the end of the deal instead of the seat's points for the deal.

        Raises:
            HeartsError: as :meth:`outcome`.
        """
        return standing(self.outcome(position).totals, seat, self.rules.target)

    def add(self, position: Position) -> DealOutcome:
        """Score the finished deal of ``position`` into the game and return its outcome.

        Raises:
            HeartsError: the game is over, the deal is not, or its rules are not the game's.
        """
        if self.is_over():
            raise HeartsError("the game is over")
        outcome = self.outcome(position)
        self.totals = outcome.totals
        if outcome.settlement is not None:
            self.counters = tuple(c + d for c, d in zip(self.counters,
                                                        outcome.settlement.counters))
            self.jack = outcome.settlement.jack
        self.deals += 1
        self.outcomes.append(outcome)
        return outcome


@dataclass(frozen=True)
class Settlement:
    """One deal settled in counters (``Rules.settlement``).

    Attributes:
        counters: per seat, the counters it gets (negative: it pays).
        jack: the counters left in the pool for the next deal (sweepstake).
    """

    counters: tuple[int, ...]
    jack: int = 0


def settle(rules: Rules, points: Sequence[int], jack: int = 0) -> Settlement:
    """A deal settled in counters (Classic Hearts; Foster 1909).

    Args:
        rules: ``rules.settlement`` is ``"sweepstake"`` or ``"howell"``.
        points: per seat, the positive points it took in the deal (hearts: one each).
        jack: the pool carried from earlier deals (sweepstake).

    Sweepstake: every seat pays one counter per point into the pool. If every seat took points,
    or one seat took them all, nobody wins: the pool is a jack carried on. A carried jack goes
    only to a sole seat that took none ("the Jack pool can only be taken ... when one player
    takes no hearts and all his opponents take some"). Otherwise the seats that took none share
    the pool; odd counters stay in it. Howell's settling (E. C. Howell, in Foster 1909): each
    seat pays ``n - 1`` per point it took and draws one per point it did not take, so it gets
    ``total - n * points`` and the pool is always empty.

    Raises:
        HeartsError: ``points`` is not one entry per player, or the settlement is ``points``.
    """
    n = rules.players
    if len(points) != n:
        raise HeartsError(f"settlement of {len(points)} seats, the rules are for {n} players")
    total = sum(points)
    if rules.settlement == "howell":
        return Settlement(tuple(total - n * p for p in points), jack)
    if rules.settlement != "sweepstake":
        raise HeartsError(f"rules settlement={rules.settlement}: no counters to settle")
    pool = jack + total
    clean = [s for s in range(n) if points[s] == 0]
    slam = len(clean) == n - 1 and total > 0
    if not clean or slam or (jack and len(clean) != 1):
        return Settlement(tuple(-p for p in points), pool)
    share, odd = divmod(pool, len(clean))
    return Settlement(tuple(-points[s] + (share if s in clean else 0) for s in range(n)), odd)


def moon_choice(rules: Rules, totals: Sequence[int], shooter: int,
                old: Sequence[int], new: Sequence[int]) -> tuple[str, str]:
    """How a moon is scored at game level: ``("old" | "new", reason)``.

    Args:
        rules: the game's rules (``moon``, ``new_moon_if_old_loses``, ``berns``,
            ``new_moon_from``, ``target``, ``reset_at_target``).
        totals: the totals before the deal.
        shooter: the seat that shot the moon.
        old, new: the deal's points scored as an old and as a new moon.
    """
    target = rules.target
    after_old = _advance(rules, totals, old, ("moon", shooter))
    after_new = _advance(rules, totals, new, ("moon", shooter))
    if rules.new_moon_from is not None and totals[shooter] < rules.new_moon_from:
        return "old", (f"new moon only from {rules.new_moon_from} points; "
                       f"the shooter has {totals[shooter]}")
    if rules.moon == "new":
        return "new", ""
    if rules.moon == "choice":
        if standing(after_new, shooter, target) < standing(after_old, shooter, target):
            return "new", f"shooter's choice: the new moon {after_new} places it better than " \
                          f"the old moon {after_old}"
        return "old", f"shooter's choice: the old moon {after_old} (the new moon {after_new} " \
                      f"places it no better)"
    if rules.new_moon_if_old_loses and standing(after_old, shooter, target)[0] == 2:
        return "new", (f"the old moon {after_old} would end the game with the shooter losing; "
                       f"new moon {after_new}")
    if rules.berns and not _strictly_lowest(after_old, shooter):
        return "new", (f"Berns: the old moon {after_old} would not put the shooter in the lead; "
                       f"new moon {after_new}")
    return "old", ""


def _strictly_lowest(totals: Sequence[int], seat: int) -> bool:
    return all(t > totals[seat] for s, t in enumerate(totals) if s != seat)


def _advance(rules: Rules, totals: Sequence[int], points: Sequence[int],
             shot: "tuple[str, int] | None") -> tuple[int, ...]:
    """The totals after adding a deal's points: a sun that clears the board sets the shooter
    to 0; with ``reset_at_target`` a total of exactly the target drops to 0."""
    after = [t + p for t, p in zip(totals, points)]
    if shot is not None and shot[0] == "sun" and rules.sun_clears_board:
        after[shot[1]] = 0
    if rules.reset_at_target:
        after = [0 if t == rules.target else t for t in after]
    return tuple(after)


# -- playing whole games --------------------------------------------------------------------------

#: A pass policy: (deal, seat, plan) -> the cards the seat passes, in the plan's order.
PassPolicy = Callable[[Deal, int, PassPlan], Sequence[Card]]
#: A play policy: position -> the card the seat to move plays.
PlayPolicy = Callable[[Position], Card]


def play_game(rules: "Rules | str | None" = None,
              rng: "int | _random.Random | None" = None, *,
              choose_pass: PassPolicy | None = None, choose_card: PlayPolicy | None = None,
              max_deals: int = 1000) -> Game:
    """Play a whole game: deal (the rules' deck and kitty), pass by the scheme, play, score,
    until the game ends.

    Args:
        rules: the rules, or a ``Rules.parse`` text (default standard).
        rng: seed or :class:`random.Random` for the deals, the pass shuffle and the default
            policies.
        choose_pass: the pass policy; default: random cards the rules allow to pass.
        choose_card: the play policy; default: a random legal card.
        max_deals: stop (game not over) after this many deals.

    With ``pass_count_by_dealer`` the dealer chooses 1, 2 or 3 cards at random.

    Raises:
        InvalidDealError: the default pass policy met a hand with fewer cards the rules allow
            passing (``no_pass_cards``) than the pass count (``docs/rules.md`` does not say what
            such a player passes); or a policy's pass breaks the rules (:func:`.apply_pass`).
    """
    rules = Rules.of(rules)
    rng = rng if isinstance(rng, _random.Random) else _random.Random(rng)
    forbidden = rules.no_pass_mask()

    def random_pass(deal: Deal, seat: int, plan: PassPlan) -> list[Card]:
        allowed = cards_from_mask(deal.hands[seat].mask & ~forbidden)
        if len(allowed) < plan.count:
            raise InvalidDealError(f"{seat_letter(seat, rules.players)} holds {len(allowed)} "
                                   f"cards the rules allow passing ({no_pass_note(forbidden)}), "
                                   f"fewer than the {plan.count} to pass")
        return rng.sample(allowed, plan.count)

    def random_card(position: Position) -> Card:
        return rng.choice(position.legal_moves())

    choose_pass = choose_pass or random_pass
    choose_card = choose_card or random_card
    game = Game(rules)
    while not game.is_over() and game.deals < max_deals:
        dealt = Deal.random(rng, rules)
        plan = game.pass_plan(rng.randint(1, 3) if rules.pass_count_by_dealer else None)
        passes = ({seat: choose_pass(dealt, seat, plan) for seat in dealt.seats()}
                  if plan.count else None)
        deal = apply_pass(dealt, plan, passes, forbidden=forbidden, rng=rng)
        position = Position(deal, rules, pass_direction=plan.direction)
        while not position.is_over():
            position.play(choose_card(position))
        game.add(position)
    return game

