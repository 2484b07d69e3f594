"""OpenSpiel's Hearts as the referee of a deal, our engine replaying alongside, and OpenSpiel's
IS-MCTS bot as an opponent (issue 24: ``benchmarks/bench_strength.py --opponent ismcts``).

OpenSpiel (``pip install 'hearts-dd[bench]'``, the ``open-spiel`` package; never part of the core
install) holds the real state of the deal: every pass and every card is applied to
``pyspiel.load_game("hearts")`` with the rules' OpenSpiel parameters (its defaults are our
``openspiel`` preset, the same game as ``standard``), and the points come from it. Its actions
(``docs/internals.md`` "Encodings"): the pass direction (a chance outcome: 0 hold, 1 left,
2 across, 3 right, the :class:`PassDirection` values), 52 deal actions (chance outcomes: card ids
``rank_index*4 + suit``, the ``i``-th card to seat ``i mod 4``), unless hold 12 pass actions (N's
three cards, then E's, S's, W's), then the plays.

Our engine (:class:`~hearts.solver.position.Position`) replays the same deal and is checked
against OpenSpiel at every step; any difference raises :class:`EngineMismatchError` naming the
step and both sides' view, with the deal's action ids so that it can be replayed:

* after the pass: every seat's hand;
* before every play: the seat to play and its set of legal cards;
* after every play: each seat's points taken so far and whether hearts are broken;
* at the end: both are over, and the final points (moon rule applied) agree.

What a player is given, so that no hidden card leaks:

* our bots (:class:`~hearts.analysis.bots.Bot`): the seat's
  :class:`~hearts.analysis.knowledge.Knowledge` and :func:`~hearts.analysis.bots.seat_view`,
  a position whose hidden hands are one deal sampled from that knowledge;
* IS-MCTS (:class:`ISMCTSPlayer`): a state resampled from the seat's information state
  (OpenSpiel's ``resample_from_infostate``), so even the state handed to it holds invented
  hidden hands; a fresh, seeded ``pyspiel.ISMCTSBot`` per decision, which samples its worlds
  from the information state again (and, as OpenSpiel's Hearts resampler does, without
  using the voids the play has shown).
"""
from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass
from typing import Any, Protocol, Sequence

from hearts.solver.cards import Card, cards_from_mask
from hearts.solver.deal import Deal
from hearts.solver.errors import HeartsError, IllegalPlayError
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.seats import PassDirection, Seat

from .bots import Bot, DealGame, choose_passes, forced_play, key_seed, passers, timed_play
from .passing import apply_passes, policy_pass

__all__ = ["EngineMismatchError", "ISMCTSSettings", "ISMCTSPlayer", "OpenSpielPlayer",
           "FINAL_POLICIES", "load_pyspiel", "play_refereed_deal"]

#: ``--final-policy`` names of ``pyspiel.ISMCTSFinalPolicyType``.
FINAL_POLICIES = ("max_visit_count", "normalized_visit_count", "max_value")


class EngineMismatchError(HeartsError):
    """Our engine and OpenSpiel disagree on a deal (a legal set, a seat to play, the points or
    the hands): a bug in one of them, or rules that are not the same game."""


def load_pyspiel() -> Any:
    """The ``pyspiel`` module.

    Raises:
        ModuleNotFoundError: open-spiel is not installed; the message says how to install it.
    """
    try:
        import pyspiel
    except ImportError as err:
        raise ModuleNotFoundError(
            "open-spiel is not installed: pip install 'hearts-dd[bench]' (or pip install "
            "open-spiel) to play against OpenSpiel", name="pyspiel") from err
    return pyspiel


@dataclass(frozen=True)
class ISMCTSSettings:
    """The settings of OpenSpiel's C++ IS-MCTS bot (``pyspiel.ISMCTSBot``; Cowling, Powley &
    Whitehouse 2012, "Information Set Monte Carlo Tree Search").

    Attributes:
        simulations: simulations a decision (issue 24: 5,000).
        uct_c: the UCT exploration constant, in OpenSpiel's return units (26 minus points;
            issue 24: 18.2).
        max_world_samples: worlds sampled at the root; -1 = a new world every simulation (all
            worlds, no limit).
        rollouts: random rollouts per leaf (``pyspiel.RandomRolloutEvaluator``).
        final_policy: how the move is chosen from the root (one of :data:`FINAL_POLICIES`;
            ``max_visit_count``: the most visited card).

    Raises:
        ValueError: a count below 1 (``max_world_samples`` may be -1) or an unknown policy.
    """

    simulations: int = 5000
    uct_c: float = 18.2
    max_world_samples: int = -1
    rollouts: int = 1
    final_policy: str = "max_visit_count"

    def __post_init__(self) -> None:
        if self.simulations < 1 or self.rollouts < 1:
            raise ValueError(f"IS-MCTS needs at least 1 simulation and 1 rollout, not "
                             f"{self.simulations} and {self.rollouts}")
        if self.max_world_samples < 1 and self.max_world_samples != -1:
            raise ValueError(f"max_world_samples is -1 (all worlds) or at least 1, not "
                             f"{self.max_world_samples}")
        if self.final_policy not in FINAL_POLICIES:
            raise ValueError(f"unknown final policy {self.final_policy!r}: expected one of "
                             f"{', '.join(FINAL_POLICIES)}")

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON values, with the evaluator named."""
        return {**asdict(self), "evaluator": "random_rollout"}


class OpenSpielPlayer(Protocol):
    """A player that decides on OpenSpiel's state: ``name``, a pass (as :class:`Bot`) and
    :meth:`choose_action`, the action id to play for ``seat`` (the seat to move)."""

    name: str

    def choose_pass(self, seat: Seat, hand: int, direction: PassDirection, rules: Rules,
                    key: tuple[int, ...]) -> int: ...

    def choose_action(self, state: Any, seat: Seat, key: tuple[int, ...]) -> int: ...


@dataclass(frozen=True)
class ISMCTSPlayer:
    """OpenSpiel's IS-MCTS bot as a player.

    It plays by a fresh ``pyspiel.ISMCTSBot`` each decision, seeded from ``key`` (the same
    decision in two games of a duplicate match gets the same seed), with a random-rollout
    evaluator seeded alike, on :meth:`view`. It passes by
    :func:`~hearts.analysis.passing.policy_pass` (issue 24: every seat of the measured field
    passes by the rule bot's pass policy; IS-MCTS is not asked to pass).

    Seeded is not reproducible here: OpenSpiel's IS-MCTS keeps a node's children in an
    ``absl::flat_hash_map`` and breaks ties (between equally rated cards during the search,
    and between equally visited cards at the end) in that map's iteration order, which Abseil
    varies between tables and runs. The same key can give another card, so a deal replays
    only in distribution; every game is still a fair sample of the bot.
    """

    settings: ISMCTSSettings = ISMCTSSettings()
    name: str = "ismcts"

    def choose_pass(self, seat: Seat, hand: int, direction: PassDirection, rules: Rules,
                    key: tuple[int, ...]) -> int:
        return policy_pass(hand, rules.pass_count, rules.no_pass_mask(), rules)

    @staticmethod
    def view(state: Any, seat: Seat, seed: int) -> Any:
        """A state with ``seat``'s information state whose hidden cards are resampled
        (OpenSpiel ``resample_from_infostate``, seeded): what ``seat`` may be shown.

        Raises:
            EngineMismatchError: the resampled state shows ``seat`` something else.
        """
        view = state.resample_from_infostate(int(seat), random.Random(seed).random)
        if view.information_state_string(int(seat)) != state.information_state_string(
                int(seat)):
            raise EngineMismatchError(f"OpenSpiel's resampled state shows "
                                      f"{seat.name_title} another information state")
        return view

    def choose_action(self, state: Any, seat: Seat, key: tuple[int, ...]) -> int:
        pyspiel = load_pyspiel()
        s = self.settings
        # pyspiel takes C ints: 31-bit seeds
        seed = key_seed(key) >> 1
        policy = getattr(pyspiel.ISMCTSFinalPolicyType, s.final_policy.upper())
        bot = pyspiel.ISMCTSBot(seed, pyspiel.RandomRolloutEvaluator(s.rollouts, seed),
                                s.uct_c, s.simulations, s.max_world_samples, policy,
                                False, False)
        return int(bot.step(self.view(state, seat, key_seed(key + (-3,)))))


# -- the refereed deal -------------------------------------------------------------------------

class _Table:
    """OpenSpiel's state and our position side by side, each action applied to both."""

    def __init__(self, game: Any, dealt: Deal, direction: PassDirection, rules: Rules) -> None:
        self.state = game.new_initial_state()
        self.dealt = dealt
        self.direction = direction
        self.rules = rules
        self.actions: list[int] = []
        self.position: Position | None = None

    def fail(self, what: str) -> EngineMismatchError:
        return EngineMismatchError(f"our engine and OpenSpiel disagree {what} (deal "
                                   f"{self.dealt}, pass {self.direction.name.lower()}; "
                                   f"OpenSpiel actions so far: "
                                   f"{' '.join(map(str, self.actions))})")

    def chance(self, action: int, what: str) -> None:
        if not self.state.is_chance_node():
            raise self.fail(f"at {what}: OpenSpiel expects no chance outcome there")
        if action not in {a for a, _ in self.state.chance_outcomes()}:
            raise self.fail(f"at {what}: {action} is no chance outcome for OpenSpiel")
        self.state.apply_action(action)
        self.actions.append(action)

    def act(self, seat: Seat, card: Card, what: str) -> None:
        if self.state.current_player() != int(seat):
            raise self.fail(f"at {what}: OpenSpiel has player {self.state.current_player()} "
                            f"to act, we have {seat.name_title}")
        if card.openspiel_id not in self.state.legal_actions():
            raise self.fail(f"at {what}: {card} ({card.openspiel_id}) is not legal for "
                            f"OpenSpiel")
        self.state.apply_action(card.openspiel_id)
        self.actions.append(card.openspiel_id)

    def check_hands(self, after: Deal) -> None:
        hands = self.state.to_struct().hands
        for seat in Seat:
            theirs = sum(Card(text).mask for text in hands[seat])
            if theirs != after.masks[seat]:
                raise self.fail(f"after the pass on {seat.name_title}'s hand: OpenSpiel "
                                f"{' '.join(map(str, cards_from_mask(theirs)))}, ours "
                                f"{after[seat]}")

    def check_turn(self, position: Position) -> None:
        what = f"before play {len(position.history) + 1}"
        if self.state.current_player() != int(position.to_move):
            raise self.fail(f"{what}: OpenSpiel has player {self.state.current_player()} to "
                            f"play, we have {position.to_move.name_title}")
        theirs = sorted(self.state.legal_actions())
        ours = sorted(c.openspiel_id for c in position.legal_moves())
        if theirs != ours:
            raise self.fail(f"{what} on {position.to_move.name_title}'s legal cards: "
                            f"OpenSpiel {_cards(theirs)}, ours {_cards(ours)}")

    def check_points(self, position: Position) -> None:
        if position.is_over():
            return      # OpenSpiel's points now have the moon rule applied: final_points
        what = f"after play {len(position.history)} ({position.history[-1]})"
        theirs = [self.state.points(int(s)) for s in Seat]
        if theirs != list(position.points):
            raise self.fail(f"{what} on the points taken: OpenSpiel {theirs}, ours "
                            f"{list(position.points)}")
        if self.rules.must_break_hearts and \
                bool(self.state.hearts_broken()) != position.hearts_broken:
            raise self.fail(f"{what} on hearts broken: OpenSpiel "
                            f"{bool(self.state.hearts_broken())}, ours {position.hearts_broken}")

    def final_points(self, position: Position) -> tuple[int, int, int, int]:
        if not (self.state.is_terminal() and position.is_over()):
            raise self.fail(f"on the end of the deal: OpenSpiel over "
                            f"{self.state.is_terminal()}, ours {position.is_over()}")
        theirs = [self.state.points(int(s)) for s in Seat]
        ours = position.score()
        if theirs != ours:
            raise self.fail(f"on the final points: OpenSpiel {theirs}, ours {ours}")
        return (theirs[0], theirs[1], theirs[2], theirs[3])


def _cards(ids: Sequence[int]) -> str:
    return " ".join(str(Card.from_openspiel(i)) for i in ids) or "none"


def play_refereed_deal(dealt: Deal, direction: PassDirection,
                       players: "Sequence[Bot | OpenSpielPlayer]", *,
                       rules: "Rules | str | None" = None, game: Any = None,
                       key: tuple[int, ...] = (), passes: "Sequence[int] | None" = None,
                       start: Sequence[Card] = ()) -> DealGame:
    """Play one deal with OpenSpiel as the referee and our engine cross-checking it (module
    docstring).

    Args:
        dealt: the dealt hands (before the pass); applied as OpenSpiel's deal chance outcomes.
        direction: the pass direction (OpenSpiel's first chance outcome).
        players: per seat (N, E, S, W) one of our bots (:class:`~.bots.Bot`) or a player
            on OpenSpiel's state (:class:`OpenSpielPlayer`, e.g. :class:`ISMCTSPlayer`).
        rules: our engine's rules (default :meth:`Rules.openspiel`); OpenSpiel's game takes
            their OpenSpiel parameters.
        game: the ``pyspiel`` game (default ``load_game("hearts", rules' parameters)``); a
            different game than the rules is a mismatch found in play.
        key: seeds every player's randomness, with the seat and the play appended (our bots
            then replay exactly; IS-MCTS does not, see :class:`ISMCTSPlayer`).
        passes: every seat's pass (masks by seat), made instead of asking the players, and
            ``start``: the first plays, made in order without asking them (their seconds are
            0): a game forked from one already played (:mod:`.forks`).

    Returns:
        The :class:`~.bots.DealGame`: the points are OpenSpiel's (equal to ours), the timings
        per seat and trick, the action ids applied to OpenSpiel.

    Raises:
        EngineMismatchError: our engine and OpenSpiel disagree (module docstring).
        IllegalPlayError: a player chose an illegal card, or a card of ``start`` is illegal.
        InvalidDealError: a bad pass (:func:`~.bots.choose_passes`; ``passes`` too).
        ModuleNotFoundError: open-spiel is not installed.
        RulesError: the rules have no OpenSpiel equivalent.
    """
    rules = Rules.openspiel() if rules is None else Rules.of(rules)
    if game is None:
        game = load_pyspiel().load_game("hearts", rules.to_openspiel_dict())
    table = _Table(game, dealt, direction, rules)
    table.chance(int(direction), "the pass direction")
    for k, action in enumerate(dealt.to_openspiel_ids()):
        table.chance(action, f"deal card {k + 1}")
    passes = choose_passes(dealt, direction, passers(players, passes),  # type: ignore[arg-type]
                           rules, key)
    if direction is PassDirection.HOLD:
        after = dealt
    else:
        for seat in Seat:
            for card in cards_from_mask(passes[seat]):
                table.act(seat, card, f"{seat.name_title}'s pass")
        after = Deal.from_masks(apply_passes(dealt.masks, passes, direction))
    table.check_hands(after)
    position = Position(after, rules, pass_direction=direction)
    seconds: list[list[float]] = [[] for _ in Seat]
    cpu_seconds: list[list[float]] = [[] for _ in Seat]
    while not position.is_over():
        table.check_turn(position)
        seat = position.to_move
        player = players[seat]
        play_key = key + (int(seat), len(position.history))
        if len(position.history) < len(start):
            card, wall, cpu = forced_play(position, start), 0.0, 0.0
        elif hasattr(player, "choose_action"):
            wall, cpu = time.perf_counter(), time.process_time()
            card = Card.from_openspiel(player.choose_action(table.state, seat, play_key))
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        else:
            card, wall, cpu = timed_play(player, dealt, passes,  # type: ignore[arg-type]
                                         direction, position.history, seat, rules, play_key)
        reason = position.why_illegal(card)
        if reason is not None:
            raise IllegalPlayError(f"{type(player).__name__} played {card} for "
                                   f"{seat.name_title}: {reason}")
        seconds[seat].append(wall)
        cpu_seconds[seat].append(cpu)
        table.act(seat, card, f"play {len(position.history) + 1}")
        position.play(card, check=False)
        table.check_points(position)
    points = table.final_points(position)
    return DealGame(tuple(p.name for p in players),  # type: ignore[arg-type]
                    direction, passes, tuple(position.history), points,
                    tuple(map(tuple, seconds)), tuple(map(tuple, cpu_seconds)),
                    tuple(table.actions))
