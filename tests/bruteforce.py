"""Brute-force reference values for the solver's three models, by plain minimax over ``Position``.

This module shares nothing with the search core: it plays and unplays every legal card with
:class:`hearts.solver.Position` (the pure-Python reference engine) down to the end of the deal and
scores the end with ``Position.score()`` (moon, sun and no-trick rules included). No bounds, no
alpha-beta, no move ordering, no equivalent-card merging.

The one shortcut is a memo of exact values at trick starts, keyed on everything the rest of the
deal depends on (see :func:`_state_key`): two move orders that reach the same key have the same
legal continuations and the same final scores, so they have the same value. Pass ``memo=False``
to switch it off; the tests check both ways agree.

Definitions (``solver/solve.py``):

- paranoid: the target seat minimises its own final points, the other seats maximise them.

Nothing here assumes four seats: at tables of 3 to 7 players (``Rules.players``) the same
search runs on the same ``Position`` (the reference for the N-player core, issue 5 item 3).
- moon: 1 if the target can end the deal holding every card of ``rules.moon_mask()`` against the
  other three, else 0 (the target maximises, the others minimise).
- max^n: every seat minimises its own final points; between cards giving it the same own points
  it plays the lowest card (clubs < diamonds < hearts < spades, then rank). ``legal_moves()`` is
  ascending in that order, so the first card with a strictly lower own value wins.

Each function returns a dict with one entry per legal card of the seat to move.
"""
from __future__ import annotations

import dataclasses
import random
from typing import Callable, Iterator

from hearts.solver import ALL_CARDS, Card, Deal, Position, Rules, Seat, Suit

__all__ = ["paranoid_values", "moon_values", "maxn_values", "standing_values", "paranoid_value",
           "moon_value", "can_lose_every_trick", "POINT_TABLES", "varied_rules",
           "maxn_value", "leaf_count", "random_playout", "random_position"]


def _winners_after_trick_one(position: Position) -> frozenset[int]:
    """The seats that won a trick from trick 2 on (the ``last_twelve`` sun reads it)."""
    leaders = [int(leader) for leader, _ in position.tricks()]
    leaders.append(int(position.leader))
    # The leader of trick t+1 is the winner of trick t; winners of tricks 2.. are leaders 3..
    return frozenset(leaders[2:])


def _state_key(position: Position) -> tuple:
    """Everything the rest of the deal depends on, at a trick start.

    Legal cards depend on the hands, the leader, whether hearts are broken and whether this is
    trick 1 (the hands tell: 52 cards left). ``Position.score()`` reads ``taken``, ``tricks_won``
    and, for the ``last_twelve`` sun, the set of seats that won tricks 2 onward.
    """
    sun12 = (_winners_after_trick_one(position)
             if position.rules.sun == "last_twelve" and position.tricks_played >= 2 else None)
    return (tuple(position.hands), int(position.leader), position.hearts_broken,
            tuple(position.taken), tuple(position.tricks_won), sun12)


class _Minimax:
    """Plain minimax over ``Position``; with ``memo``, exact values are kept at trick starts."""

    def __init__(self, leaf: Callable[[Position], object],
                 choose: Callable[[Seat, object, object], bool], memo: bool):
        self.leaf = leaf
        # choose(mover, candidate, best) -> True when candidate replaces best.
        self.choose = choose
        self.memo: dict | None = {} if memo else None
        self.leaves = 0

    def value(self, position: Position) -> object:
        if position.is_over():
            self.leaves += 1
            return self.leaf(position)
        key = None
        if self.memo is not None and not position.trick:
            key = _state_key(position)
            hit = self.memo.get(key)
            if hit is not None:
                return hit
        mover = position.to_move
        best = None
        for card in position.legal_moves():
            position.play(card, check=False)
            v = self.value(position)
            position.unplay()
            if best is None or self.choose(mover, v, best):
                best = v
        if key is not None:
            self.memo[key] = best
        return best

    def root(self, position: Position) -> dict[Card, object]:
        if position.is_over():
            raise ValueError("the deal is over: no card to value")
        work = position.copy()
        out = {}
        for card in work.legal_moves():
            work.play(card, check=False)
            out[card] = self.value(work)
            work.unplay()
        return out


def _target(position: Position, target: "Seat | int | None") -> int:
    return int(position.to_move if target is None else target)


def _paranoid(position: Position, target: "Seat | int | None", memo: bool) -> _Minimax:
    t = _target(position, target)
    return _Minimax(lambda p: p.score()[t],
                    lambda mover, v, best: v < best if mover == t else v > best, memo)


def _moon(position: Position, target: "Seat | int | None", memo: bool) -> _Minimax:
    t = _target(position, target)
    moon = position.rules.moon_mask()
    return _Minimax(lambda p: int(p.taken[t] & moon == moon),
                    lambda mover, v, best: v > best if mover == t else v < best, memo)


def _maxn(memo: bool) -> _Minimax:
    return _Minimax(lambda p: tuple(p.score()),
                    lambda mover, v, best: v[mover] < best[mover], memo)


def paranoid_values(position: Position, target: "Seat | int | None" = None, *,
                    memo: bool = True) -> dict[Card, int]:
    """Per legal card of the seat to move: the target's final points when the target minimises
    them and the other three seats maximise them (target default: the seat to move)."""
    return _paranoid(position, target, memo).root(position)  # type: ignore[return-value]


def moon_values(position: Position, target: "Seat | int | None" = None, *,
                memo: bool = True) -> dict[Card, int]:
    """Per legal card of the seat to move: 1 if the target can still end with every card of
    ``rules.moon_mask()`` whatever the other three do, else 0."""
    return _moon(position, target, memo).root(position)  # type: ignore[return-value]


def maxn_values(position: Position, *, memo: bool = True) -> dict[Card, tuple[int, int, int, int]]:
    """Per legal card of the seat to move: the final points of N, E, S, W when every seat
    minimises its own points and breaks ties by the lowest card."""
    return _maxn(memo).root(position)  # type: ignore[return-value]


def standing_values(position: Position, totals: "tuple[int, ...]",
                    target: "Seat | int | None" = None, *,
                    memo: bool = True) -> dict[Card, tuple[int, int, int]]:
    """Per legal card of the seat to move: the target's game standing after the deal
    (``hearts.solver.game.standing``; lower is better) when the target minimises it and the
    other seats maximise it, the game's totals before the deal being ``totals``."""
    from hearts.solver.game import Game

    t = _target(position, target)
    game = Game(position.rules, totals)
    search = _Minimax(lambda p: game.deal_standing(p, t),
                      lambda mover, v, best: v < best if mover == t else v > best, memo)
    return search.root(position)  # type: ignore[return-value]


def paranoid_value(position: Position, target: "Seat | int") -> int:
    """The paranoid value of ``position`` itself (the deal may be over: then its score)."""
    return _paranoid(position, target, True).value(position.copy())  # type: ignore[return-value]


def moon_value(position: Position, target: "Seat | int") -> int:
    """The moon value (1/0) of ``position`` itself (the deal may be over)."""
    return _moon(position, target, True).value(position.copy())  # type: ignore[return-value]


def maxn_value(position: Position) -> tuple[int, int, int, int]:
    """The max^n vector of ``position`` itself (the deal may be over: then its score)."""
    return _maxn(True).value(position.copy())  # type: ignore[return-value]


def can_lose_every_trick(position: Position, target: "Seat | int") -> bool:
    """True when ``target`` can play so that it wins none of the tricks left (the trick in
    play included), whatever the other seats play: every card of the others, some card of
    the target's, a line ending as soon as the target wins a trick. The reference for the
    core's ducking tests (``Core.can_duck_all``)."""
    work = position.copy()
    t = int(target)

    def lose_all() -> bool:
        if work.is_over():
            return True
        mine = int(work.to_move) == t
        for card in work.legal_moves():
            work.play(card, check=False)
            ok = not (not work.trick and int(work.leader) == t) and lose_all()
            work.unplay()
            if ok == mine:
                return ok
        return not mine

    return lose_all()


def leaf_count(position: Position, *, memo: bool = True) -> int:
    """Finished deals the paranoid brute force visits from ``position`` (a cost measure)."""
    search = _paranoid(position, None, memo)
    search.root(position)
    return search.leaves


# -- random positions -------------------------------------------------------------------------

def _runner_card(position: Position, runner: int, duck_first: bool, rng: random.Random) -> Card:
    """A card for a deal steered towards one seat taking everything: the runner plays its
    highest card (its lowest on trick 1 when ``duck_first``: a last-twelve sun), the others
    lead and follow low, and discard penalty cards when void."""
    legal = position.legal_moves()
    if rng.random() < 0.05:
        return rng.choice(legal)
    if duck_first and len(position.history) < 4:
        # Trick 1: the runner plays low, the others high (someone else should win it).
        if position.to_move == runner:
            return min(legal, key=lambda c: c.rank)
        return max(legal, key=lambda c: c.rank)
    if position.to_move == runner:
        return max(legal, key=lambda c: c.rank)
    if not position.trick or any(c.suit is position.trick[0].suit for c in legal):
        return min(legal, key=lambda c: c.rank)
    values = position.rules.point_values()
    return max(legal, key=lambda c: (values[c.bit], c.rank))


def _quiet_card(position: Position, rng: random.Random) -> Card:
    """A random legal card that does not break hearts, if there is one (hearts stay unbroken)."""
    legal = position.legal_moves()
    breaks = position.rules.breaks_hearts_mask()
    quiet = [c for c in legal if not c.mask & breaks]
    return rng.choice(quiet or legal)


def _strong_deal(rng: random.Random, runner: int) -> Deal:
    """A deal whose ``runner`` seat holds mostly high cards (the rest dealt at random)."""
    order = list(ALL_CARDS)
    rng.shuffle(order)
    order.sort(key=lambda c: c.rank + rng.uniform(0, 7), reverse=True)
    strong, rest = order[:13], order[13:]
    rng.shuffle(rest)
    masks = [0, 0, 0, 0]
    for card in strong:
        masks[runner] |= card.mask
    others = [s for s in range(4) if s != runner]
    for i, card in enumerate(rest):
        masks[others[i // 13]] |= card.mask
    return Deal.from_masks(masks)


def _even_hearts_deal(rng: random.Random) -> Deal:
    """A random deal with the hearts split 4-3-3-3 (nobody is forced to break hearts early)."""
    hearts = [c for c in ALL_CARDS if c.suit is Suit.HEARTS]
    others = [c for c in ALL_CARDS if c.suit is not Suit.HEARTS]
    rng.shuffle(hearts)
    rng.shuffle(others)
    seats = [0, 1, 2, 3]
    rng.shuffle(seats)
    masks = [0, 0, 0, 0]
    for i, card in enumerate(hearts):
        masks[seats[i % 4]] |= card.mask
    seat = 0
    for card in others:
        while bin(masks[seat]).count("1") == 13:
            seat += 1
        masks[seat] |= card.mask
    return Deal.from_masks(masks)


def _give_two_of_clubs(deal: Deal, seat: int) -> Deal:
    """``deal`` with 2♣ swapped into ``seat``'s hand for its lowest card (it then leads trick 1
    and, leading low, usually loses it)."""
    two = Card("2C")
    holder = int(deal.holder(two))
    if holder == seat:
        return deal
    masks = list(deal.masks)
    low = masks[seat] & -masks[seat]
    masks[seat] ^= low | two.mask
    masks[holder] ^= low | two.mask
    return Deal.from_masks(masks)


def random_playout(seed: int, rules: Rules) -> Iterator[Position]:
    """A deal played out at random from ``seed``: yields the position before each card and once
    more at the end (the same object, changed in place).

    One of three ways to play, chosen by the seed:

    - 30%: a random deal, random legal cards;
    - 25%: a deal with the hearts split 4-3-3-3, random legal cards that do not break hearts
      when possible (so that hearts may still be unbroken late in the deal);
    - 45%: one seat (the runner, given mostly high cards in 35% of all seeds) plays its
      highest card while the others play low and discard penalty cards to it, so that moon and sun
      lines stay alive; half the time the runner gets 2♣ and ducks trick 1 (a last-twelve sun).
    """
    rng = random.Random(seed)
    mode = rng.random()
    runner = rng.randrange(rules.players) if mode >= 0.55 else None
    duck_first = rng.random() < 0.5
    if rules.players != 4:
        # Tables of 3, 5, 6, 7: a random deal of the rules' deck (and kitty); the runner and
        # quiet modes steer the play as at four.
        deal = Deal.random(rng, rules)
        duck_first = False
    elif mode >= 0.65:
        deal = _strong_deal(rng, runner)
    elif 0.3 <= mode < 0.55:
        deal = _even_hearts_deal(rng)
    else:
        deal = Deal.random(rng)
    if runner is not None and duck_first:
        deal = _give_two_of_clubs(deal, runner)
    first_leader = rng.randrange(rules.players) if rules.first_lead == "any_card" else None
    position = Position(deal, rules, first_leader=first_leader)
    while not position.is_over():
        yield position
        if runner is not None:
            card = _runner_card(position, runner, duck_first, rng)
        elif mode >= 0.3:
            card = _quiet_card(position, rng)
        else:
            card = rng.choice(position.legal_moves())
        position.play(card)
    yield position


def random_position(seed: int, rules: Rules, cards_left: int) -> Position:
    """A random position with ``cards_left`` cards (0..52; 0..``players * hand_size`` at other
    tables) still in the hands: the deal of :func:`random_playout` stopped there.
    ``cards_left`` not a multiple of the player count gives a position in the middle of a
    trick."""
    total = rules.players * rules.hand_size()
    for position in random_playout(seed, rules):
        if total - len(position.history) == cards_left:
            return position
    raise ValueError(f"cards_left must be 0..{total}, got {cards_left}")


#: The point tables the bound tests cycle through (:func:`varied_rules`).
POINT_TABLES = [Rules.standard(), Rules.omnibus(), Rules.pink_lady(), Rules.black_jack(),
                Rules.spot_hearts()]


def varied_rules(seed: int, variants: list[dict]) -> Rules:
    """The rules of ``seed`` for a bound test: the point tables in turn, each with one of
    ``variants`` (``Rules`` fields) for five seeds in a row."""
    return dataclasses.replace(POINT_TABLES[seed % len(POINT_TABLES)],
                               **variants[seed // 5 % len(variants)])


def loaded_core(position: Position, seed: int) -> tuple:
    """For the bound tests: ``(position, core, state)`` with, at 4 seats, the pass direction
    ``seed % 4`` (at other tables the position as given), a small ``Core`` loaded with the
    position's rules and the position's core state (``solve.core_state``)."""
    from hearts.solver import PassDirection
    from hearts.solver._core import Core
    from hearts.solver.solve import core_state, rules_spec
    if position.rules.players == 4:
        position = Position(position.deal, position.rules, position.history,
                            pass_direction=PassDirection(seed % 4))
    core = Core(10)
    core.set_rules(rules_spec(position.rules, position.pass_direction))
    return position, core, core_state(position)


def seeded_cases(count: int, rules_for, pick, cards_played: int = 0):
    """Seeded positions of 3 or 4 tricks (by the seed's parity) for the bound tests,
    ``cards_played`` cards into the trick, loaded by :func:`loaded_core`: for seeds 0, 1,
    ... (the rules ``rules_for(seed)``; seeds whose table is too small are skipped), the
    first target ``t`` for which ``pick(position, core, state, t)`` returns a tuple gives
    ``(seed, position, t) + that tuple``; ``count`` of them."""
    seed = 0
    while count:
        rules = rules_for(seed)
        try:
            position = random_position(seed, rules,
                                       rules.players * (3 + seed % 2) - cards_played)
        except ValueError:
            seed += 1
            continue
        position, core, state = loaded_core(position, seed)
        for target in range(rules.players):
            case = pick(position, core, state, target)
            if case is not None:
                count -= 1
                yield (seed, position, target) + case
                break
        seed += 1
