"""OpenSpiel as referee and IS-MCTS as opponent (issue 24 item 1; ``hearts.analysis.referee``).

Needs open-spiel (``pip install '.[bench]'``; ``.ci/run`` installs it); skipped without it.
IS-MCTS runs with 20 simulations a decision here, so a deal takes well under a second.
"""
from __future__ import annotations

import pytest

from hearts.analysis.bots import RuleBot, seat_view
from hearts.analysis.knowledge import Knowledge
from hearts.analysis.openspiel import parse_action_line, replay
from hearts.analysis.referee import (EngineMismatchError, ISMCTSPlayer, ISMCTSSettings,
                                     play_refereed_deal)
from hearts.solver import Card, Deal, Rules, Seat
from hearts.solver.seats import PassDirection

pyspiel = pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed (pip install '.[bench]'): the referee and "
                      "IS-MCTS tests need OpenSpiel's Hearts")

DEAL = Deal("N:AKQ2.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q4.A9876.QT 4.J765.T52.AK942")
# East holds no club: on a hold deal it may not discard a heart on trick 1 under OpenSpiel's
# default no_pts_on_first_trick.
CLUBLESS_EAST = Deal("N:AKQ2.T93.J4.8765 JT98.AK82.KQ763. 7653.Q4.A98.QJT3 4.J765.T52.AK942")
FAST = ISMCTSPlayer(ISMCTSSettings(simulations=20))


def test_one_deal_against_ismcts_is_refereed_by_openspiel_and_agrees_with_our_engine():
    game = play_refereed_deal(DEAL, PassDirection.LEFT, [FAST, FAST, RuleBot(), FAST], key=(7,))
    # The rules' known totals: 26 penalty points a deal, or 78 when a moon is shot.
    assert sum(game.points) in (26, 78)
    assert game.bots == ("ismcts", "ismcts", "rule", "ismcts")
    assert len(game.plays) == 52 and len(set(game.plays)) == 52
    # Every seat passes by policy_pass: South's is the rule bot's, North's Q♠ K♠ A♠.
    assert game.passes[Seat.N] == Card("QS").mask | Card("KS").mask | Card("AS").mask
    # The action ids applied to OpenSpiel form a complete xinxin line: direction, 52 deal
    # actions, 12 passes, 52 plays; our importer reads it and our engine scores it the same.
    assert len(game.actions) == 117 and game.actions[0] == 1
    parsed = parse_action_line(" ".join(map(str, game.actions)))
    assert parsed.dealt == DEAL and parsed.plays == list(game.plays)
    result = replay(parsed, Rules.openspiel())
    assert result.completed and result.points == list(game.points)
    # One timed decision per seat and trick.
    assert [len(xs) for xs in game.seconds] == [13, 13, 13, 13]
    assert all(x >= 0 for xs in game.cpu_seconds for x in xs)


def test_the_points_come_from_openspiel_s_state():
    # Replaying the actions on OpenSpiel itself gives the game's points (moon rule applied).
    game = play_refereed_deal(DEAL, PassDirection.HOLD, [FAST] * 4, key=(1,))
    state = pyspiel.load_game("hearts").new_initial_state()
    for action in game.actions:
        state.apply_action(action)
    assert state.is_terminal()
    assert tuple(state.points(s) for s in range(4)) == game.points
    assert [26 - r for r in state.returns()] == list(game.points)


def test_rules_that_differ_from_openspiel_s_fail_loudly():
    # Our engine told that points may fall on trick 1, OpenSpiel with its default: East, void
    # in clubs, has its hearts in our legal set but not in OpenSpiel's.
    loose = Rules.openspiel(no_pts_on_first_trick=False)
    with pytest.raises(EngineMismatchError, match=r"before play 3 on East's legal cards: "
                                                  r"OpenSpiel [^,]*, ours .*AH"):
        play_refereed_deal(CLUBLESS_EAST, PassDirection.HOLD, [FAST] * 4, rules=loose,
                           game=pyspiel.load_game("hearts"))


def test_our_bots_see_only_their_seat():
    seen = []

    class Spy(RuleBot):
        def choose_play(self, position, knowledge, key):
            seen.append((position.copy(), knowledge()))
            return super().choose_play(position, knowledge, key)

    game = play_refereed_deal(DEAL, PassDirection.LEFT, [FAST, Spy(), FAST, FAST], key=(2,))
    assert len(seen) == 13
    first, knowledge = seen[0]
    assert knowledge.seat == Seat.E and first.to_move == Seat.E
    # Its own hand after the pass and the cards played are the real ones ...
    assert first.hands[Seat.E] == knowledge.hand.mask
    assert first.history == list(game.plays[:len(first.history)])
    # ... the other hands are a deal that fits its knowledge, not the real one.
    assert knowledge.admits(first.deal)
    real_after = parse_action_line(" ".join(map(str, game.actions))).deal
    assert first.deal != real_after


def test_seat_view_keeps_the_seat_s_cards_and_hides_the_rest():
    # West leads 2♣, North follows 5♣; East to play.
    knowledge = Knowledge.from_deal(DEAL, None, PassDirection.HOLD, ["2C", "5C"], Seat.E,
                                    Rules.openspiel())
    view = seat_view(knowledge, 5)
    assert view.hands[Seat.E] == DEAL.hands[Seat.E].mask
    assert view.history == [Card("2C"), Card("5C")] and view.to_move == Seat.E
    assert view.legal_moves() == [Card("3C"), Card("JC")]
    assert knowledge.admits(view.deal) and view.deal != DEAL


def test_ismcts_is_given_a_resampled_state_with_the_seat_s_information_only():
    state = pyspiel.load_game("hearts").new_initial_state()
    for action in [0, *DEAL.to_openspiel_ids(), Card("2C").openspiel_id]:
        state.apply_action(action)
    view = ISMCTSPlayer.view(state, Seat.E, 11)
    assert view.information_state_string(1) == state.information_state_string(1)
    hands = [set(h) for h in view.to_struct().hands]
    real = [set(h) for h in state.to_struct().hands]
    assert hands[1] == real[1] and hands != real


def test_ismcts_settings_are_checked():
    assert ISMCTSSettings().to_dict() == {
        "simulations": 5000, "uct_c": 18.2, "max_world_samples": -1, "rollouts": 1,
        "final_policy": "max_visit_count", "evaluator": "random_rollout"}
    with pytest.raises(ValueError, match="unknown final policy 'best'"):
        ISMCTSSettings(final_policy="best")
    with pytest.raises(ValueError, match="at least 1 simulation"):
        ISMCTSSettings(simulations=0)
