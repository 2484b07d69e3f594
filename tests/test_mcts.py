"""Information-set MCTS (``Core.ismcts``, :func:`hearts.analysis.mcts.tree_search`).

With one deal (all hands known) the tree search is plain UCT, which converges to the max^n
value: its choice must be a card that exact max^n values best for the seat to move
(brute force by the solver). One iteration is one rule-bot play-out of the policy's card,
so its points are :meth:`Solver.rollout`'s. Deals that do not fit the position are refused.
With the other seats playing the (deterministic) rule bot in the tree too (``model_others``),
the search is the seat's best response to the rule bot: brute force over the seat's own
cards, every other card the rule bot's, gives the least points it can take.
"""
from __future__ import annotations

import random

import pytest

from bruteforce import random_position
from hearts.analysis.advice import AdviceError
from hearts.analysis.bots import AdviceBot, key_seed
from hearts.analysis.engine import DEFAULT_ENGINE
from hearts.analysis.errors import SettingsError
from hearts.analysis.knowledge import Knowledge
from hearts.analysis.mcts import TreeSearch, tree_search
from hearts.analysis.policy import policy_spec, rule_play
from hearts.solver import Deal, Position, Rules
from hearts.solver.solve import Solver, SolverError

STANDARD = Rules.standard()


@pytest.mark.parametrize("seed", range(40))
def test_open_hands_choice_is_a_maxn_best_card(seed):
    solver = Solver()
    for left in (8, 11, 12):
        position = random_position(seed, STANDARD, left)
        legal = position.legal_moves()
        if len(legal) < 2:
            continue
        exact = solver.solve_position(position, position.to_move, "maxn")
        values = {card: exact[card].value for card in legal}
        out = solver.ismcts(position, [tuple(position.hands)], 20_000,
                            policy_spec(STANDARD), seed=seed)
        assert sum(visits for _, visits, _ in out) == 20_000
        assert {card for card, _, _ in out} == set(legal)
        chosen, _, points = out[0]
        # a card max^n values worse may win only where the search sees a tie (the other
        # seats' ties broken otherwise than max^n's lowest card)
        assert values[chosen] == min(values.values()) or abs(points - out[1][2]) < 0.1, \
            (seed, left, chosen, values)


@pytest.mark.parametrize("seed", range(6))
def test_one_iteration_is_the_rule_bots_play_out(seed):
    solver = Solver()
    position = random_position(seed, STANDARD, 30)
    card = rule_play(position)
    expected = solver.rollout(position, [card], 0, "maxn", 0, policy_spec(STANDARD))[0]
    [(chosen, visits, points)] = solver.ismcts(position, [tuple(position.hands)], 1,
                                               policy_spec(STANDARD))
    assert (chosen, visits) == (card, 1)
    assert points == pytest.approx(expected[int(position.to_move)])


def best_response(position: Position, seat) -> int:
    """The fewest final points ``seat`` can take from ``position`` when every other seat plays
    :func:`rule_play`: brute force over the seat's own cards."""
    if position.is_over():
        return position.score()[int(seat)]
    if position.to_move != seat:
        after = position.copy()
        after.play(rule_play(position))
        return best_response(after, seat)
    values = []
    for card in position.legal_moves():
        after = position.copy()
        after.play(card)
        values.append(best_response(after, seat))
    return min(values)


@pytest.mark.parametrize("seed", range(30))
def test_model_others_tree_finds_the_best_response_to_the_rule_bot(seed):
    solver = Solver()
    position = random_position(seed, STANDARD, 16)
    legal = position.legal_moves()
    seat = position.to_move
    values = {}
    for card in legal:
        after = position.copy()
        after.play(card)
        values[card] = best_response(after, seat)
    out = solver.ismcts(position, [tuple(position.hands)], 6_000, policy_spec(STANDARD),
                        seed=seed, model_others=True)
    chosen = out[0][0]
    assert values[chosen] == min(values.values()), (seed, chosen, values)
    # the other seats play one line: the best card's mean converges to its exact points
    # from above, while the seat tries its other cards less and less
    assert min(values.values()) - 1e-9 <= out[0][2] < min(values.values()) + 1.5


def test_model_others_tree_with_the_learned_model_replays_and_checks_its_policies():
    deal = Deal("N:2.J763.KQJ543.85 KQJ8.K4.A986.J92 T7653.T952.T.K63 A94.AQ8.72.AQT74")
    knowledge = Knowledge.from_deal(deal, None, "hold", "2C", "S")
    search = TreeSearch(iterations=3_000, deals=150, policy="mimic", discard="rule",
                        others="model", inference="mimic")
    out = tree_search(knowledge, search, seed=5)
    assert out == tree_search(knowledge, search, seed=5)
    assert sum(visits for _, visits, _ in out) == 3_000
    with pytest.raises(SettingsError, match="play-outs: unknown rollout policy 'best'"):
        TreeSearch(policy="best")
    with pytest.raises(SettingsError, match="lookahead-model is the advised seat's own"):
        TreeSearch(policy="lookahead-model")
    with pytest.raises(SettingsError, match="others must be 'search' or 'model'"):
        TreeSearch(others="paranoid")
    with pytest.raises(SettingsError, match="inference must be 'mimic' or None"):
        TreeSearch(inference="rule")


def test_forced_card_takes_every_visit():
    deal = Deal.random(random.Random(3))
    position = Position(deal, STANDARD)        # the holder of the 2♣ to lead it: one card
    out = Solver().ismcts(position, [tuple(position.hands)], 500, policy_spec(STANDARD))
    assert [(str(card), visits) for card, visits, _ in out] == [("2C", 500)]


def test_deals_that_do_not_fit_are_refused():
    position = random_position(1, STANDARD, 40)
    hands = list(position.hands)
    mover = int(position.to_move)
    other = (mover + 1) % 4
    solver = Solver()
    spec = policy_spec(STANDARD)
    with pytest.raises(ValueError, match="no sampled deals"):
        solver.ismcts(position, [], 10, spec)
    swapped = list(hands)
    swapped[mover], swapped[other] = hands[other], hands[mover]
    with pytest.raises(ValueError, match="deal 0: .*seat to move's hand"):
        solver.ismcts(position, [tuple(swapped)], 10, spec)
    doubled = list(hands)
    doubled[other] = hands[other] | (hands[(other + 1) % 4] & -hands[(other + 1) % 4])
    with pytest.raises(ValueError, match="deal 0: hand .* overlaps"):
        solver.ismcts(position, [tuple(doubled)], 10, spec)
    with pytest.raises(ValueError, match="iterations"):
        solver.ismcts(position, [tuple(hands)], 0, spec)
    position.play(position.legal_moves()[0])
    while not position.is_over():
        position.play(position.legal_moves()[0])
    with pytest.raises(SolverError, match="over"):
        solver.ismcts(position, [tuple(hands)], 10, spec)


def test_tree_search_from_a_seats_view():
    deal = Deal("N:2.J763.KQJ543.85 KQJ8.K4.A986.J92 T7653.T952.T.K63 A94.AQ8.72.AQT74")
    knowledge = Knowledge.from_deal(deal, None, "hold", "2C", "S")
    search = TreeSearch(iterations=4_000, deals=200)
    out = tree_search(knowledge, search, seed=5)
    assert out == tree_search(knowledge, search, seed=5)          # seeded: replays
    assert sum(visits for _, visits, _ in out) == 4_000
    legal = knowledge.position(deal).legal_moves()
    assert {card for card, _, _ in out} <= set(legal)
    # South holds K♣ 6♣ 3♣ under the 2♣ lead: the rule bot's play-outs show that winning
    # the first trick (no points allowed on it) with the K♣ sheds the card that would
    # take a later club trick
    assert str(out[0][0]) == "KC"


@pytest.mark.parametrize("field, value", [("iterations", 0), ("deals", -1), ("c", -0.1),
                                          ("epsilon", 1.5), ("iterations", True)])
def test_settings_are_checked(field, value):
    with pytest.raises(SettingsError, match=field):
        TreeSearch(**{field: value})


def test_advice_bot_hands_over_from_the_tree_to_pimc():
    """``AdviceBot.tree``: the tree search's card while more than ``tree_until`` tricks are
    left, the engine's PIMC card (the plain bot's) from there."""
    deal = Deal("N:2.J763.KQJ543.85 KQJ8.K4.A986.J92 T7653.T952.T.K63 A94.AQ8.72.AQT74")
    search = TreeSearch(iterations=3_000, deals=150)
    tree_bot = AdviceBot(DEFAULT_ENGINE.but(samples=40), tree=search, tree_until=4)
    plain = AdviceBot(DEFAULT_ENGINE.but(samples=40))
    position = Position(deal, STANDARD)
    key = (7,)
    checked = {"tree": 0, "pimc": 0}
    while not position.is_over():
        seat = position.to_move
        knowledge = Knowledge.from_position(position, seat)
        if len(position.legal_moves()) > 1:
            card = tree_bot.choose_play(position, lambda: knowledge, key)
            if position.tricks_left > 4:
                assert card == tree_search(knowledge, search, key_seed(key))[0][0]
                checked["tree"] += 1
            else:
                assert card == plain.choose_play(position, lambda: knowledge, key)
                checked["pimc"] += 1
        position.play(rule_play(position))
    assert checked["tree"] > 10 and checked["pimc"] > 3


def test_tree_search_for_a_seat_not_to_move_names_who_is():
    deal = Deal("N:2.J763.KQJ543.85 KQJ8.K4.A986.J92 T7653.T952.T.K63 A94.AQ8.72.AQT74")
    knowledge = Knowledge.from_deal(deal, None, "hold", "2C", "N")
    with pytest.raises(AdviceError, match="North is not to move: South is"):
        tree_search(knowledge, TreeSearch(iterations=10, deals=5))
