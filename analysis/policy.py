"""A fast rule bot for Hearts play: the policy of the ``rollout`` evaluator.

:func:`rule_play` picks one card for the seat to move from what that seat can see (its own
hand, the cards already played, the trick on the table); it never looks at the other hands.
It is deterministic (no randomness; ties go to the lower suit ♣ < ♦ < ♥ < ♠), so a rollout
of a sampled deal is reproducible. It is a simple heuristic player of the kind used as the
default policy of Monte Carlo rollouts (Sturtevant 2008, "An Analysis of UCT in
Multi-Player Games", CG 2008, used rule-based Hearts playouts), not a strong player: it is
there to carry a deal from an early position to where the exact solver takes over.

The bot reads the rules' point table (:meth:`Rules.point_values`, ``docs/rules.md`` "Point
cards"; :func:`point_cards`), not card names:

* the **big penalty cards**: every non-heart card with a positive value (Q♠ 13 in the
  standard game, J♠ 10 in Black Jack), and a heart worth more than a higher heart (Q♥ 13 in
  Pink Lady, above K♥ and A♥ at 1: by rank alone the bot would rank it below them). Hearts
  on a rising scale (1 each, Spot Hearts, Double/Eagle) are not big. With several, the most
  points come first (ties: the higher rank, then the lower suit);
* the **high cards** of a big card: the cards of its suit ranked above it (A♠ K♠ above Q♠;
  A♠ K♠ Q♠ above J♠ in Black Jack); while the big card is *out* (neither played nor in the
  bot's hand) it may fall on them;
* the **bonus cards**: negative values (10♦ −10 in Omnibus, J♦ with OpenSpiel ``jd_bonus``):
  cards to win, never to give away.

The rules, in order (only legal cards are ever considered; a single legal card is played).
Under the standard rules "big" means Q♠, "high" A♠ and K♠, and there is no bonus card:

* **Leading** ("lead low"): the lowest-ranked legal card, avoiding the big and bonus cards
  always, and the high cards of a big card that is out, unless nothing else is legal.
* **Following** the suit led:

  - *bonus* (only when the rules have a bonus card): last to play with a bonus card that
    wins the trick, play it (the bonus is taken); when the trick's cards are worth negative
    points (a bonus card on it outweighs its penalty cards), win with the highest legal card
    that wins, neither big nor bonus, if there is one;
  - *duck*: if a legal card other than a bonus card ranks below the card winning the trick
    so far, play the highest such card (this also drops Q♠ under a higher spade);
  - otherwise, *last to play*: win with the highest legal card, keeping the big and bonus
    cards back if another card wins as well (the trick is taken anyway, so the high card goes);
  - otherwise (a later seat may still win): the lowest legal card, keeping the big and bonus
    cards back.
* **Discarding** (void in the suit led): a big card if legal (the most points first); else a
  high card of a big card that is out (highest first); else the penalty card worth the most
  points (the highest heart on ties); else the highest card, from the suit in which the bot
  holds the fewest cards (to make a void), keeping a bonus card back if anything else is legal.

Ranks compare within a suit (2 < … < A); "lowest-ranked" across suits compares ranks, then the
suit order above.

The rollouts of the play advice and the pass rating run a C twin of this bot inside the search
core (``rule_card`` and ``play_out`` in ``solver/_policy.pxi``, through
:meth:`~hearts.solver.solve.Solver.rollout`), which reads the same point table
(:func:`policy_spec`). This module stays the reference and the statement of the policy: the
tests compare the two, card for card, on random positions under every preset and at 3 to 7
players.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Sequence

from hearts.solver.cards import SUIT_MASKS, Card, Suit, cards_from_mask
from hearts.solver.position import Position
from hearts.solver.rules import Rules

from .mimic import fitted_for, mimic_weights

__all__ = ["rule_play", "play_out", "PointCards", "point_cards", "policy_spec",
           "RolloutPolicy", "RULE_BOT", "NOISY_OTHERS", "MIMIC_OTHERS", "MIMIC_LOOKAHEAD",
           "NOISY_PASS", "FALLBACK_EPSILON", "rollout_seed"]

_HEARTS = SUIT_MASKS[Suit.HEARTS]


@dataclass(frozen=True)
class PointCards:
    """The rules' point table as the rule bot and the pass policy read it (module docstring).

    Attributes:
        values: points for taking each card, by card bit (:meth:`Rules.point_values`).
        big: the big penalty cards, most points first (ties: higher rank, then lower suit);
            ``(Q♠,)`` under the standard rules, ``(J♠,)`` in Black Jack, ``(Q♥, Q♠)`` in
            Pink Lady.
        high: per big card (same order), the mask of the cards of its suit ranked above it.
        below: per big card, the mask of the cards of its suit ranked below it (its guards).
        bonus: the bonus cards (negative value), most negative first.
        big_mask, bonus_mask: the masks of ``big`` and ``bonus``.
        penalty_mask: the cards with a positive value (:meth:`Rules.positive_mask`).
    """

    values: tuple[int, ...]
    big: tuple[Card, ...]
    high: tuple[int, ...]
    below: tuple[int, ...]
    bonus: tuple[Card, ...]
    big_mask: int
    bonus_mask: int
    penalty_mask: int


#: The rollout policies by name, in words (:class:`RolloutPolicy`'s ``kind`` and ``own``).
ROLLOUT_KINDS = {"rule": "the rule bot (hearts.analysis.policy)",
                 "lookahead": "a one-card look-ahead over rule-bot play-outs",
                 "lookahead-model": "a one-card look-ahead over play-outs in which the other "
                                    "seats play as the rollout models them",
                 "lookahead-guess": "a one-card look-ahead over play-outs in which the other "
                                    "seats play as the rollout models them, on guesses of "
                                    "the hands the seat cannot see",
                 "smoke": "the rule bot, leading to smoke out the big penalty card",
                 "unload": "the rule bot, leading to smoke out the big penalty card and "
                           "unloading high cards early",
                 "mimic": "a model of IS-MCTS's play learned from its games "
                          "(hearts.analysis.mimic)"}


@dataclass(frozen=True)
class RolloutPolicy:
    """How a rollout plays a sampled deal to the exact solver's horizon (in the core:
    :meth:`~hearts.solver.solve.Solver.rollout`).

    Attributes:
        kind: ``"rule"``: every seat plays :func:`rule_play`; ``"lookahead"``: every seat
            tries each of its legal cards (one per class), lets the rule bot play the deal
            out to its end after it, all hands open, and plays the card that leaves it the
            fewest points (moon and sun scored), the rule bot's card on ties: one step of
            policy improvement (Tesauro & Galperin 1996, "On-line policy improvement using
            Monte-Carlo search", NIPS 9); ``"smoke"``: :func:`rule_play` with ``smoke``,
            the rule bot that leads to smoke out a big card still out; ``"unload"``:
            :func:`rule_play` with ``unload``, the smoking bot that otherwise leads high in
            a safe suit's first two rounds (a model of how IS-MCTS leads,
            ``docs/experiments.md``, "Random leads, horizon 2 with noise"); ``"mimic"``:
            each card drawn from a model of IS-MCTS's play fitted to its games
            (:mod:`.mimic`; ``docs/experiments.md``, "Rollouts that play like IS-MCTS").
        runs: rollouts per card and sampled deal (1..64); their values are averaged.
        epsilon: the chance (0..1) that a seat plays a uniformly random legal card instead,
            at every play (seeded by the sampled deal: the same deal, the same rollouts).
        steady: the advised seat never plays the random card, only the other seats do:
            noise models the opponents, not the seat's own later play.
        lead_epsilon: the chance of the random card for a lead (a trick's first card);
            ``None``: ``epsilon``. Real players' leads resemble the rule bot's (its lowest
            card) no more than a random card does, their follows and discards do
            (``docs/experiments.md``, "Inference from the other seats' plays"); yet
            uniformly random leads (1.0) played worse against IS-MCTS (``docs/experiments.md``,
            "Random leads, horizon 2 with noise"): an option for experiments.
        own: how the advised seat itself plays its later cards (a kind as ``kind``; with
            ``steady`` never a random card), the other seats playing ``kind``; ``None``:
            ``kind`` for every seat. ``"lookahead"`` here lets the seat's own later play
            improve on the rule bot's (``docs/experiments.md``, "The advised seat's own later
            cards by look-ahead"); ``"lookahead-model"`` (``own`` only) is that look-ahead
            with play-outs in which the other seats play ``kind`` (``discard``, the noise)
            as in the rollout, the seat itself the rule bot, each card's play-out drawing
            the same random numbers: one step of policy improvement against the rollout's
            model of the other seats (``docs/experiments.md``, "The seat's own later cards
            by look-ahead against the learned model"); ``"lookahead-guess"`` (``own`` only)
            is that look-ahead played out on ``guesses`` random deals of the hands the
            seat cannot see (its voids and the cards it passed kept, the voids the rollout
            shows added), not on the sampled deal's true hands, which it could not know
            (``docs/experiments.md``, "The seat's own look-ahead on guesses of the hidden
            hands"; head to head with ``"lookahead-model"`` it measured +0.20 points a deal,
            95% CI −0.33 … +0.73: "The look-ahead on guesses against the seat's own
            look-ahead, head to head").
        moon_threat: a moon threat in the rollouts: once one seat other than the advised
            one alone has taken moon cards worth at least this many points, it plays the
            core's shooter plan in every rollout (cashes sure winners, wins what it can,
            discards no moon card, while it can still shoot); ``None``: no seat shoots. An
            experiment (``docs/experiments.md``, "Moon threats in the rollouts").
        defence: who defends against that shooter (plays low under its winners, overtakes
            a trick of it that holds a moon card, discards it no moon card once the moon is
            a threat): ``"all"`` every other seat; ``"own"`` only the advised seat, the
            others playing on as if no moon were on (IS-MCTS's seats let moons through,
            ``docs/experiments.md``, "The value of seeing the hands").
        discard_epsilon: the chance of the random card for a discard (a card off the suit
            led); ``None``: ``epsilon``. The rule bot discards the big penalty card whenever
            it can, IS-MCTS in about 70% of its chances (``docs/experiments.md``, "Rollouts
            that play like IS-MCTS"); 0 here plans against opponents who always unload
            (``docs/experiments.md``, "Discards without noise"): an option for experiments.
        discard: how the seats that play ``kind`` discard (a kind as ``kind``); ``None``:
            ``kind``. ``"rule"`` under ``"mimic"`` plans against opponents who unload
            as the rule bot does, and otherwise play as IS-MCTS was seen to.
        guesses: with ``own`` ``"lookahead-guess"``, the random deals of the hidden hands
            each of the seat's later decisions is looked ahead on (1..8; each costs one
            ``"lookahead-model"``).

    Raises:
        ValueError: an unknown kind, own kind or discard kind (lookahead-model or
            lookahead-guess as kind or discard), runs outside 1..64, guesses outside 1..8,
            epsilon, lead_epsilon or discard_epsilon outside 0..1, several runs of a policy
            without randomness (they would all be the same), ``moon_threat`` below 1 or
            ``defence`` not all or own.
    """

    kind: str = "rule"
    runs: int = 1
    epsilon: float = 0.0
    steady: bool = False
    lead_epsilon: float | None = None
    own: str | None = None
    moon_threat: int | None = None
    defence: str = "all"
    discard_epsilon: float | None = None
    discard: str | None = None
    guesses: int = 1

    def __post_init__(self) -> None:
        for kind in (self.kind, self.own, self.discard):
            if kind is not None and kind not in ROLLOUT_KINDS:
                raise ValueError(f"unknown rollout policy {kind!r}: expected rule, "
                                 f"lookahead, smoke, unload or mimic")
        for own_only in ("lookahead-model", "lookahead-guess"):
            if own_only in (self.kind, self.discard):
                raise ValueError(f"{own_only} is the advised seat's own policy only (own): "
                                 f"its play-outs play the other seats by kind")
        if not 1 <= self.guesses <= 8:
            raise ValueError(f"guesses must be 1..8, got {self.guesses}")
        if not 1 <= self.runs <= 64:
            raise ValueError(f"runs must be 1..64, got {self.runs}")
        if not 0.0 <= self.epsilon <= 1.0:
            raise ValueError(f"epsilon must be 0..1, got {self.epsilon}")
        if self.lead_epsilon is not None and not 0.0 <= self.lead_epsilon <= 1.0:
            raise ValueError(f"lead_epsilon must be 0..1, got {self.lead_epsilon}")
        if self.discard_epsilon is not None and not 0.0 <= self.discard_epsilon <= 1.0:
            raise ValueError(f"discard_epsilon must be 0..1, got {self.discard_epsilon}")
        if self.runs > 1 and not self.noisy:
            raise ValueError("several runs need a random policy (epsilon, lead_epsilon or "
                             "discard_epsilon > 0)")
        if self.moon_threat is not None and (isinstance(self.moon_threat, bool)
                                             or not isinstance(self.moon_threat, int)
                                             or self.moon_threat < 1):
            raise ValueError(f"moon_threat must be a whole number of points >= 1, got "
                             f"{self.moon_threat!r}")
        if self.defence not in ("all", "own"):
            raise ValueError(f"defence must be all or own, got {self.defence!r}")

    @property
    def noisy(self) -> bool:
        """Whether some play of the rollout is random (it then needs a seed): a random card
        at some chance, or the learned policy, which draws its cards."""
        return (bool(self.epsilon or self.lead_epsilon or self.discard_epsilon)
                or "mimic" in (self.kind, self.own, self.discard))

    def under(self, rules: Rules) -> "RolloutPolicy":
        """This policy as it plays under ``rules``: itself, unless it draws from the learned
        model (``"mimic"``) and the model does not know those rules
        (:func:`.mimic.fitted_for`: four seats, the standard point table); then the rule bot
        takes the model's place, the other seats playing a random card at chance
        :data:`FALLBACK_EPSILON` where they drew from the model (as the engine's noisy
        rollouts do). The rating and the advice play and print the policy this returns."""
        if "mimic" not in (self.kind, self.own, self.discard) or fitted_for(rules):
            return self
        kind = "rule" if self.kind == "mimic" else self.kind
        own = "rule" if self.own == "mimic" else self.own
        discard = "rule" if self.discard == "mimic" else self.discard
        epsilon = FALLBACK_EPSILON if self.kind == "mimic" and not self.epsilon else self.epsilon
        return replace(self, kind=kind, epsilon=epsilon, own=None if own == kind else own,
                       discard=None if discard == kind else discard)

    def text(self) -> str:
        """The policy in words, for output."""
        base = ROLLOUT_KINDS[self.kind]
        if self.own is not None and self.own != self.kind:
            base += f"; the advised seat's own later cards: {ROLLOUT_KINDS[self.own]}"
            if self.own == "lookahead-guess":
                base += f" ({self.guesses} guess{'es' if self.guesses > 1 else ''} a decision)"
        if self.discard is not None and self.discard != self.kind:
            base += f"; discards: {ROLLOUT_KINDS[self.discard]}"
        if self.epsilon or self.lead_epsilon or self.discard_epsilon:
            other = ", ".join(f"{chance:g} for a {play}" for chance, play in
                              ((self.lead_epsilon, "lead"), (self.discard_epsilon, "discard"))
                              if chance is not None and chance != self.epsilon)
            lead = f" ({other})" if other else ""
            base += (f", a random card with chance {self.epsilon:g}{lead}"
                     + (" (the other seats only)" if self.steady else ""))
        if self.runs > 1:
            base += f", {self.runs} runs averaged"
        if self.moon_threat is not None:
            base += (f"; a seat alone with {self.moon_threat}+ moon points shoots, "
                     + ("every other seat defends" if self.defence == "all"
                        else "only the advised seat defends"))
        return base

    def shooter(self, position: Position) -> int | None:
        """The seat that shoots in the rollouts of ``position`` (:attr:`moon_threat`): the
        one seat other than the seat to move that alone has taken moon cards, when they are
        worth at least ``moon_threat`` points; ``None`` otherwise."""
        if self.moon_threat is None or position.rules.moon == "none":
            return None
        taker = position.moon_taker()
        if taker is None or taker == position.to_move:
            return None
        rules = position.rules
        values = rules.point_values()
        taken = position.taken[taker] & rules.moon_mask() & rules.positive_mask()
        points = sum(values[card.bit] for card in cards_from_mask(taken))
        return int(taker) if points >= self.moon_threat else None


#: The chance of a random card for the other seats when the rule bot stands in for the learned
#: model under rules it does not know (:meth:`RolloutPolicy.under`): the engine's noise.
FALLBACK_EPSILON = 0.5

#: The default rollout policy: the rule bot, one deterministic run.
RULE_BOT = RolloutPolicy()

#: The engine's rollout policy (``DEFAULT_ENGINE.rollout``): the rule bot, but each other seat
#: plays a uniformly random legal card at chance 0.5 (the seat advised never), 8 runs averaged:
#: real opponents are not the rule bot, and a deterministic model of them lets the engine
#: count on plays they will not make. Measured against IS-MCTS: ``docs/experiments.md``,
#: "Noise in the rollouts".
NOISY_OTHERS = RolloutPolicy("rule", runs=8, epsilon=0.5, steady=True)

#: The engine's rollout policy in stops 50-53: the other seats draw
#: their leads and follows from the model of IS-MCTS's play (:mod:`.mimic`) and discard as the
#: rule bot does (always the big penalty card first), the advised seat plays the rule bot, 8 runs
#: averaged; under rules the model was not fitted for, :data:`NOISY_OTHERS`
#: (:meth:`RolloutPolicy.under`). Measured against IS-MCTS: ``docs/experiments.md``, "Discards
#: without noise, and the learned model with the rule bot's discards".
MIMIC_OTHERS = RolloutPolicy("mimic", runs=8, epsilon=0.0, steady=True, own="rule",
                             discard="rule")

#: The engine's rollout policy since stop 54 (``DEFAULT_ENGINE.rollout``): :data:`MIMIC_OTHERS`
#: with the advised seat's own later cards by one-card look-ahead over play-outs against that
#: model (``own="lookahead-model"``); under rules the model was not fitted for, the look-ahead
#: over the noisy rule bot's play-outs. Measured against IS-MCTS: ``docs/experiments.md``,
#: "The seat's own look-ahead on guesses of the hidden hands" and "The look-ahead on guesses
#: against the seat's own look-ahead, head to head" (its third seed).
MIMIC_LOOKAHEAD = replace(MIMIC_OTHERS, own="lookahead-model")

#: The pass rating's rollout policy (``DEFAULT_ENGINE.pass_rollout``): the same noisy opponents,
#: one run a sampled deal (the rating's hundreds of deals average the noise). Measured against
#: the plain rule bot under the same play: ``docs/experiments.md``, "The pass with noisy
#: rollouts".
NOISY_PASS = RolloutPolicy("rule", runs=1, epsilon=0.5, steady=True)


@functools.lru_cache(maxsize=64)
def point_cards(rules: Rules) -> PointCards:
    """The :class:`PointCards` of ``rules`` (cached: a ``Rules`` is frozen, a ``PointCards``
    too)."""
    values = rules.point_values()
    deck = rules.deck()
    big = []
    for card in cards_from_mask(rules.positive_mask()):
        if card.suit is not Suit.HEARTS:
            big.append(card)
        elif any(values[Card.of(Suit.HEARTS, r).bit] < values[card.bit]
                 for r in range(card.rank + 1, 15) if deck & Card.of(Suit.HEARTS, r).mask):
            big.append(card)
    big.sort(key=lambda c: (-values[c.bit], -c.rank, c.suit))
    high = tuple(sum(Card.of(c.suit, r).mask for r in range(c.rank + 1, 15)) & deck
                 for c in big)
    below = tuple(sum(Card.of(c.suit, r).mask for r in range(2, c.rank)) & deck for c in big)
    bonus = sorted((c for c in cards_from_mask(rules.penalty_mask()) if values[c.bit] < 0),
                   key=lambda c: (values[c.bit], -c.rank, c.suit))
    return PointCards(values, tuple(big), high, below, tuple(bonus),
                      sum(c.mask for c in big), sum(c.mask for c in bonus),
                      rules.positive_mask())


@functools.lru_cache(maxsize=64)
def policy_spec(rules: Rules) -> dict:
    """The rule bot's view of ``rules`` as plain numbers for the search core
    (``Core.set_policy``, :meth:`~hearts.solver.solve.Solver.rollout`): ``big`` (card bits,
    most points first), ``high`` (per big card, the mask of the higher cards of its suit),
    ``bonus`` (card bits, most negative first), ``penalty`` (the mask of the cards of positive
    value), ``deck`` (the mask of the cards dealt, kitty included) and ``mimic`` (the learned
    policy's weights, :func:`.mimic.mimic_weights`). Cached: the same rules give the same
    dict, which a core then loads once; read-only."""
    points = point_cards(rules)
    return {"big": [c.bit for c in points.big], "high": list(points.high),
            "bonus": [c.bit for c in points.bonus], "penalty": points.penalty_mask,
            "deck": rules.deck(), "mimic": list(mimic_weights())}


def _lowest(cards: list[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank, c.suit))


def rule_play(position: Position, smoke: bool = False, unload: bool = False) -> Card:
    """The rule bot's card for the seat to move in ``position`` (rules in the module docstring,
    point cards from ``position.rules``).

    With ``smoke``, a lead first tries to smoke out a big card ("smoking the queen"): for each
    big card in turn that is still out while the seat holds no card of its suit above it, the
    lowest legal card of its suit below it (no bonus card), so that its holder may have to
    drop it under a higher card. As a player in a field of rule bots (300 deals, OpenSpiel
    rules) 0.27 points a deal better than without, 95% CI 0.14 to 0.40; as the advice's
    rollout policy no measurable gain (``docs/experiments.md``, "A shorter exact horizon, and
    smoking the queen").

    With ``unload`` (which smokes too), a lead that smokes nothing unloads a high card while
    the others still follow: of the suits with no penalty or bonus card in the deck (♣ and ♦
    in the standard game) in which fewer than two rounds (2 × n cards) have been played, the
    one with the fewest played (then the seat's higher top card, then the lower suit), its
    highest legal card. IS-MCTS leads the highest card of a suit in 37% of its leads of
    tricks 2-4, the rule bot's lowest card in 8% (``docs/experiments.md``, "Random leads,
    horizon 2 with noise"): a model of such opponents for the rollouts.

    Raises:
        IndexError: the deal is over (no legal card).
    """
    legal_mask = position.legal_mask()
    legal = cards_from_mask(legal_mask)
    if len(legal) == 1:
        return legal[0]
    if not legal:
        raise IndexError("the deal is over: no card to play")
    points = point_cards(position.rules)
    seat = position.to_move
    hand = position.hands[seat]
    played = 0
    for card in position.history:
        played |= card.mask
    seen = played | hand
    exposed = 0     # high cards of the big cards still out: a big card may fall on them
    for card, high in zip(points.big, points.high):
        if not seen & card.mask:
            exposed |= high
    trick = position.trick
    if not trick:
        if smoke or unload:
            for card, high, below in zip(points.big, points.high, points.below):
                if not seen & card.mask and not hand & high:
                    lower = [c for c in legal if c.mask & below & ~points.bonus_mask]
                    if lower:
                        return _lowest(lower)
        if unload:
            high = _unload_lead(position, points, legal, played)
            if high is not None:
                return high
        avoid = points.big_mask | points.bonus_mask | exposed
        safe = [c for c in legal if not c.mask & avoid]
        return _lowest(safe or legal)
    led = trick[0].suit
    if legal_mask & SUIT_MASKS[led]:
        winner = max((c for c in trick if c.suit == led), key=lambda c: c.rank)
        last = len(trick) == position.players - 1
        bonus = points.bonus_mask
        if bonus:
            over = [c for c in legal if c.rank > winner.rank]
            if last:
                for card in points.bonus:
                    if card in over:
                        return card
            if sum(points.values[c.bit] for c in trick) < 0:
                win = [c for c in over if not c.mask & (points.big_mask | bonus)]
                if win:
                    return max(win, key=lambda c: c.rank)
        under = [c for c in legal if c.rank < winner.rank and not c.mask & bonus]
        if under:
            return max(under, key=lambda c: c.rank)
        keep = [c for c in legal if not c.mask & (points.big_mask | bonus)] or legal
        if last:
            return max(keep, key=lambda c: c.rank)
        return min(keep, key=lambda c: c.rank)
    # Discarding.
    for card in points.big:
        if legal_mask & card.mask:
            return card
    if legal_mask & exposed:
        return max((c for c in legal if c.mask & exposed), key=lambda c: (c.rank, -c.suit))
    if legal_mask & points.penalty_mask:
        return max((c for c in legal if c.mask & points.penalty_mask),
                   key=lambda c: (points.values[c.bit], c.rank, -c.suit))
    length = {s: (hand & SUIT_MASKS[s]).bit_count() for s in Suit}
    rest = [c for c in legal if not c.mask & points.bonus_mask] or legal
    return max(rest, key=lambda c: (c.rank, -length[c.suit], -c.suit))


def _unload_lead(position: Position, points: PointCards, legal: list[Card],
                 played: int) -> Card | None:
    """The unloading lead of :func:`rule_play` (``unload``), or None."""
    unsafe = points.penalty_mask | points.bonus_mask
    best: tuple[int, int, int] | None = None
    for suit in Suit:
        mine = [c for c in legal if c.suit == suit]
        count = (played & SUIT_MASKS[suit]).bit_count()
        if not mine or unsafe & SUIT_MASKS[suit] or count >= 2 * position.players:
            continue
        key = (count, -max(c.rank for c in mine), suit)
        if best is None or key < best:
            best = key
    if best is None:
        return None
    return max((c for c in legal if c.suit == best[2]), key=lambda c: c.rank)


def play_out(position: Position, tricks_left: int) -> Position:
    """Play ``position`` forward with :func:`rule_play` for every seat until at most
    ``tricks_left`` tricks are left and a trick is about to start (or the deal is over).
    A deal has ``rules.hand_size()`` tricks (13 at 4 players).

    The position is changed in place and returned.
    """
    stop = position.rules.hand_size() - tricks_left
    while not position.is_over() and (position.trick or position.tricks_played < stop):
        position.play(rule_play(position), check=False)
    return position


def rollout_seed(hands: Sequence[int]) -> int:
    """The random stream of a noisy rollout policy (``RolloutPolicy.epsilon``) for a sampled
    deal, from its hands (card masks, seat 0 first; a whole number 0..2**64-1): the same
    deal gets the same rollouts whatever the thread or sample order."""
    seed = 0
    for mask in hands:
        seed = ((seed ^ mask) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    return seed
