"""The learned pass value (``analysis/handvalue.py``) and its fit
(``benchmarks/fit_pass_value.py``): features against the cards counted one by one, pass values
against a hand-computed mean, the shipped weights as the fit of the shipped games table, and
one-line errors."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from hearts.analysis.bots import LearnedPassBot, choose_passes
from hearts.analysis.handvalue import FEATURES, PassValue, PassValueError, hand_features
from hearts.analysis.handvalue import fit as pass_fit
from hearts.analysis.handvalue import learned_pass, learned_passes, pass_value, supports
from hearts.analysis.passing import PassError, policy_pass
from hearts.solver.cards import DECK_MASK, SUIT_MASKS, Card, Suit, cards_from_mask
from hearts.solver.deal import Deal
from hearts.solver.hand import Hand
from hearts.solver.rules import Rules
from hearts.solver.seats import PassDirection

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "fit_pass_value.py"
TABLE = ROOT / "tests" / "data" / "pass-games" / "pass_games.csv.gz"
RULES = Rules.parse("openspiel")


def _only(name: str, weight: float = 1.0) -> PassValue:
    """A value with one nonzero weight: its points are that feature (times ``weight``)."""
    return PassValue(tuple(weight if f == name else 0.0 for f in FEATURES), 0.0, 0, "test", 0.0)


def test_features_count_the_cards():
    rng = random.Random(46)
    deals = [Deal.random(rng) for _ in range(30)]
    kept = np.array([d.masks[0] for d in deals], dtype=np.int64)
    passed = np.array([d.masks[1] & -d.masks[1] for d in deals], dtype=np.int64)
    x = hand_features(kept, passed, np.array([1, 2, 3] * 10))
    col = {name: x[:, i] for i, name in enumerate(FEATURES)}
    for i, d in enumerate(deals):
        cards = cards_from_mask(d.masks[0])
        for name, suit in (("c", Suit.CLUBS), ("d", Suit.DIAMONDS), ("h", Suit.HEARTS),
                           ("s", Suit.SPADES)):
            ranks = [c.rank for c in cards if c.suit == suit]
            assert col[f"n_{name}"][i] == len(ranks)
            assert col[f"void_{name}"][i] == (not ranks)
            assert col[f"high_{name}"][i] == sum(r >= 11 for r in ranks)
            assert col[f"low_{name}"][i] == sum(r <= 5 for r in ranks)
        queen = Card("QS") in cards
        below = sum(c.suit == Suit.SPADES and c.rank < 12 for c in cards)
        assert col["qs"][i] == queen
        assert col[f"qs_guards{min(below, 3)}"][i] == queen
        assert col["c2"][i] == (Card("2C") in cards)
        assert col[("dirL", "dirX", "dirR")[i % 3]][i] == 1
        assert col["dirL"][i] + col["dirX"][i] + col["dirR"][i] == 1


def test_a_short_queen_is_worth_points_and_a_guarded_one_about_none():
    # what the fitted games say (docs/experiments.md "A learned pass"): Q♠ alone costs
    # about 8 points, with three spades below it under 1
    value = pass_value()
    w = dict(zip(FEATURES, value.weights))
    assert w["qs"] + w["qs_guards0"] > 6
    assert abs(w["qs"] + w["qs_guards3"]) < 1.5
    assert value.games == 6132


def test_every_pass_is_valued_as_the_mean_over_the_guesses():
    hand = Hand("AQ6.AKJ5.J8.KJ74").mask
    # points = spades held after the pass: the best passes give three spades
    ranked = learned_passes(hand, PassDirection.LEFT, RULES, samples=16, seed=3,
                            value=_only("n_s"))
    assert len(ranked) == 286
    assert [r.points for r in ranked] == sorted(r.points for r in ranked)
    assert ranked[0].cards == Hand("AQ6...").mask
    # the mean spades received, by the same guesses as learned_passes draws
    rng = np.random.default_rng(3)
    unseen = np.array([c.mask for c in cards_from_mask(DECK_MASK & ~hand)], dtype=np.int64)
    got = [policy_pass(int(np.bitwise_or.reduce(rng.choice(unseen, 13, False))))
           for _ in range(16)]
    spades_in = np.mean([(g & SUIT_MASKS[Suit.SPADES]).bit_count() for g in got])
    assert ranked[0].points == pytest.approx(0 + spades_in)
    assert ranked[-1].points == pytest.approx(3 + spades_in)
    for r in ranked:
        assert r.cards.bit_count() == 3 and not r.cards & ~hand


def test_a_queen_weight_passes_the_queen_and_the_seed_fixes_the_answer():
    hand = Hand("Q98.KT.Q9872.A97").mask
    best = learned_passes(hand, 1, RULES, value=_only("qs", 10.0))[0].cards
    assert best & Card("QS").mask
    assert learned_pass(hand, 2, RULES, seed=7) == learned_pass(hand, 2, RULES, seed=7)


def test_no_pass_cards_are_never_passed():
    rules = Rules.parse("openspiel,no_pass_cards=QS")
    hand = Hand("Q98.KT.Q9872.A97").mask
    ranked = learned_passes(hand, 1, rules, samples=4, value=_only("qs", 10.0))
    assert len(ranked) == 220
    assert all(not r.cards & Card("QS").mask for r in ranked)


def test_a_hand_that_cannot_pass_three_cards_is_a_pass_error():
    rules = Rules.parse("openspiel,no_pass_cards=AS+KS+QS+JS+TS+9S+8S+7S+6S+5S+4S")
    with pytest.raises(PassError, match="fewer"):
        learned_passes(Hand("AKQJT98765432...").mask, 1, rules, 4)


@pytest.mark.parametrize("direction, rules, samples, message", [
    (0, RULES, 8, "a hold deal has no pass"),
    (1, Rules.parse("omnibus"), 8, "knows only the rules it was fitted under"),
    (1, RULES, 0, "samples must be at least 1"),
])
def test_questions_it_cannot_answer_are_one_line_errors(direction, rules, samples, message):
    with pytest.raises(PassValueError, match=message):
        learned_passes(Hand("Q98.KT.Q9872.A97").mask, direction, rules, samples)


def test_supports_the_rules_it_was_fitted_under():
    assert supports(Rules.parse("openspiel")) and supports(Rules.parse("standard"))
    assert not supports(Rules.parse("black_jack"))


def test_a_weights_file_for_other_features_is_refused():
    data = pass_value().to_json()
    assert PassValue.from_json(data) == pass_value()
    data["features"] = data["features"][:-1] + ["something_else"]
    with pytest.raises(PassValueError, match="refit"):
        PassValue.from_json(data)


def test_the_learned_pass_bot_passes_three_of_its_own_cards():
    deal = Deal.random(random.Random(5))
    passes = choose_passes(deal, PassDirection.ACROSS, [LearnedPassBot()] * 4, RULES, (5,))
    for seat, passed in enumerate(passes):
        assert passed.bit_count() == 3 and not passed & ~deal.masks[seat]


def test_the_shipped_weights_are_the_fit_of_the_shipped_games(tmp_path):
    out = tmp_path / "value.json"
    done = subprocess.run([sys.executable, str(SCRIPT), "--table", str(TABLE), "--out",
                           str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "held out" in done.stdout
    refit = PassValue.from_json(json.loads(out.read_text()))
    shipped = pass_value()
    assert refit.games == shipped.games == 6132
    assert refit.intercept == pytest.approx(shipped.intercept, abs=1e-9)
    assert refit.weights == pytest.approx(shipped.weights, abs=1e-9)


def test_the_table_rebuilds_the_hands_it_was_played_with(benchmark_script):
    fit = benchmark_script("fit_pass_value")
    rows = fit.read_table(TABLE)
    data = fit.arrays(rows, TABLE)
    assert len(rows) == 6132
    for row, kept in zip(rows[:200], data["kept"][:200]):
        dealt, passed, received = (Hand(row[k]).mask for k in ("dealt", "passed", "received"))
        assert dealt.bit_count() == kept.bit_count() == 13
        assert passed.bit_count() == received.bit_count() == 3 and not passed & ~dealt
        assert -26 <= int(row["points"]) <= 26


@pytest.mark.parametrize("name, content, message", [
    ("t.csv", b"seed,deal\n1,2\n", "not a games table"),
    ("t.csv.gz", b"\x1f\x8b\x08truncated", "cannot be read"),
    ("t.csv", b"", "not a games table"),
])
def test_a_bad_table_is_a_one_line_error(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    done = subprocess.run([sys.executable, str(SCRIPT), "--table", str(path)],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert message in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_table_of_one_seed_fits_without_the_held_out_error(tmp_path, benchmark_script):
    fit = benchmark_script("fit_pass_value")
    one = tmp_path / "one.csv"
    rows = [r for r in fit.read_table(TABLE) if r["seed"] == "24"]
    one.write_text("\n".join([",".join(fit.COLUMNS)]
                             + [",".join(r[c] for c in fit.COLUMNS) for r in rows]) + "\n")
    done = subprocess.run([sys.executable, str(SCRIPT), "--table", str(one)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "held out: not measured (the table has 1 seed(s)" in done.stdout
    assert f"{len(rows)} seat games" in done.stdout
    with pytest.raises(PassValueError, match="no games"):
        fit_empty = np.zeros(0, dtype=np.int64)
        pass_fit(fit_empty, fit_empty, fit_empty, fit_empty, 1.0, "")


def test_the_fit_never_overwrites_a_file(tmp_path):
    out = tmp_path / "value.json"
    out.write_text("mine")
    done = subprocess.run([sys.executable, str(SCRIPT), "--table", str(TABLE), "--out",
                           str(out)], capture_output=True, text=True)
    assert done.returncode == 2 and "--force" in done.stderr
    assert out.read_text() == "mine"
