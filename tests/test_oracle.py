"""``benchmarks/oracle.py``: the harness's oracle sees the true deal (rebuilt from the seed, the
deal index and the policy passes, checked against the seat's view), plays an exact max^n best
card in the endgame, and plays a whole match against rule bots through the harness."""
from __future__ import annotations

import importlib
import json

import numpy as np
import pytest

from hearts.analysis.bots import RuleBot, play_deal, seat_view
from hearts.analysis.knowledge import Knowledge
from hearts.analysis.passing import apply_passes
from hearts.analysis.sampling import DealSampler
from hearts.solver import Card, Deal, Rules
from hearts.solver.position import Position
from hearts.solver.cards import cards_from_mask
from hearts.solver.seats import PassDirection, Seat
from hearts.solver.solve import Solver

RULES = Rules.openspiel()


@pytest.fixture(scope="module")
def oracle(bench):
    # bench_strength put benchmarks/ on the path and imported it: the harness's own module
    return importlib.import_module("oracle")


@pytest.fixture(scope="module")
def deals(bench):
    return bench.seeded_deals(3, 30)


def _views(deals, d):
    """(position after each play, seat, knowledge, view) along a rule-bot game of deal ``d``."""
    dealt, direction = deals[d]
    game = play_deal(dealt, direction, [RuleBot()] * 4, RULES, (d,))
    after = dealt if direction is PassDirection.HOLD else Deal.from_masks(
        apply_passes(dealt.masks, game.passes, direction))
    position = Position(after, RULES, pass_direction=direction)
    pass_map = None if direction is PassDirection.HOLD else {
        s: cards_from_mask(game.passes[s]) for s in Seat}
    for card in game.plays:
        seat = position.to_move
        knowledge = Knowledge.from_deal(dealt, pass_map, direction, position.history, seat,
                                        RULES)
        yield position.copy(), seat, knowledge, seat_view(knowledge, 7)
        position.play(card)


@pytest.mark.parametrize("d", [0, 1])      # a pass left, a pass right
def test_the_true_position_is_rebuilt_at_every_play(oracle, deals, d):
    seen = 0
    for true, seat, knowledge, view in _views(deals, d):
        rebuilt = oracle.true_position(deals, view, knowledge, d)
        assert [rebuilt.hand(s).mask for s in Seat] == [true.hand(s).mask for s in Seat]
        assert rebuilt.history == true.history and rebuilt.to_move == seat
        # the view is the seat's own: the other hands are sampled, so (nearly always) wrong
        seen += any(view.hand(s).mask != true.hand(s).mask for s in Seat if s != seat)
    assert seen > 20


def test_another_deal_than_the_seats_is_refused(oracle, deals):
    _, _, knowledge, view = next(_views(deals, 0))
    with pytest.raises(oracle.OracleMismatchError, match="deal 1, .* the rebuilt hand"):
        oracle.true_position(deals, view, knowledge, 1)


def test_in_the_endgame_it_plays_an_exact_max_n_best_card(oracle, deals):
    bot = oracle.OracleBot(deals, exact_from=4)
    solver = Solver()
    checked = 0
    for d in (0, 1):
        for true, seat, knowledge, view in _views(deals, d):
            if true.tricks_left > 4 or len(true.legal_moves()) < 2:
                continue
            card = bot.choose_play(view, lambda k=knowledge: k, (d, int(seat), 0))
            result = solver.solve_position(true, model="maxn", pv=False)
            values = {c: v.value for v in result.cards for c in (v.card, *v.equals)}
            assert values[card] == min(values.values()), (d, true.history)
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("name, rollout", [
    ("oracle", "RolloutPolicy(kind='rule', runs=64, epsilon=0.5, steady=True"),
    # the default's model of the other seats since stop 50: the learned one, rule discards
    ("oracleXd", "RolloutPolicy(kind='mimic', runs=64, epsilon=0.0, steady=True")])
def test_it_plays_a_match_through_the_harness(bench, tmp_path, name, rollout):
    out = tmp_path / "games.jsonl"
    assert bench.main(["--opponent", "rule", "--bots", name, "--deals", "1",
                       "--pass-by", "policy", "--out", str(out), "--json"]) == 0
    games = [json.loads(line) for line in out.read_text().splitlines()]
    mine = [g for g in games if g["bot"] == name]
    assert len(mine) == 4 and all(sum(g["points"]) in (26, 78) for g in mine)
    settings = mine[0]["settings"]["bot"]["oracle"]
    assert settings["exact_from"] == 4 and settings["rollout"].startswith(rollout)
    assert name == "oracle" or "discard='rule'" in settings["rollout"]


def test_the_holder_oracle_samples_q_spades_where_it_is(oracle, deals):
    qs = Card("QS").mask
    bot = oracle.HolderOracleBot(deals)
    told = unchanged = 0
    for true, seat, knowledge, view in _views(deals, 0):
        rebuilt = oracle.true_position(deals, view, knowledge, 0)
        k = bot.told(knowledge, rebuilt)
        holder = next((s for s in Seat if true.hand(s).mask & qs), None)    # None: played
        if holder in (seat, None):
            assert k == knowledge           # held or played: nothing to tell
            unchanged += 1
            continue
        masks = DealSampler(k).masks(50, np.random.default_rng(1))
        # a sample is the deal at the start of play: Q♠ in the true holder's hand every time
        assert all(int(m[holder]) & qs for m in masks)
        assert k.known[holder].mask & qs and k.unseen == knowledge.unseen
        told += 1
    assert told >= 5 and unchanged > 0


def test_the_holder_oracle_plays_a_match_through_the_harness(bench, tmp_path):
    out = tmp_path / "games.jsonl"
    assert bench.main(["--opponent", "rule", "--bots", "oracleQ", "--deals", "1",
                       "--pass-by", "policy", "--out", str(out), "--json"]) == 0
    mine = [json.loads(line) for line in out.read_text().splitlines()]
    mine = [g for g in mine if g["bot"] == "oracleQ"]
    assert len(mine) == 4 and mine[0]["settings"]["bot"]["oracle"]["sees"] == "Q♠'s holder"


def test_a_deal_that_is_not_the_tables_stops_the_run_in_one_line(bench, oracle, tmp_path,
                                                                 monkeypatch, capsys):
    # an oracle handed the deals in the wrong order: its rebuilt hand is not the seat's
    monkeypatch.setitem(bench.ORACLES, "oracle",
                        lambda deals: oracle.OracleBot(deals[::-1], name="oracle"))
    assert bench.main(["--opponent", "rule", "--bots", "oracle", "--deals", "2",
                       "--pass-by", "policy", "--out", str(tmp_path / "g.jsonl")]) == 1
    errors = [x for x in capsys.readouterr().err.splitlines() if x.startswith("error")]
    assert len(errors) == 1 and errors[0].startswith("error: deal 0, North after 3 plays: ")
    assert "rebuilt deal" in errors[0]
