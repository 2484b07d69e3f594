"""Pass rating (issue 3 item 4): the other seats' pass policy, the evaluator, the racing, the
command. Hands with one obviously best pass must get it; the same seed gives the same
ranking for any thread count; bad input is one error line with exit code 2."""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from conftest import error_line
from hearts.analysis.passing import (FIRST_SAMPLES, Z95, PassError, apply_passes,
                                     evaluate_pass, pass_why, policy_pass, rate_passes)
from hearts.analysis.settings import Sampling
from hearts.solver import Card, Deal, Hand, Limit, Position, Rules, Seat, Suit
from hearts.solver.cards import cards_from_mask
from hearts.solver.seats import PassDirection

RECORD = Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn"

# Q♠ A♠ K♠ with one low spade, nothing else above a 5: passing the three top spades is best.
TOP_SPADES = "AKQ5.5432.432.32"


def mask(text: str) -> int:
    return Hand(text).mask if "." in text else sum(Card(c).mask for c in text.split())


def cards(m: int) -> str:
    return " ".join(str(c) for c in cards_from_mask(m))


@lru_cache(maxsize=None)
def _ranking(hand: str, direction: str = "left", samples: int = 32, threads: int = 2,
             seed: int = 0):
    return rate_passes(hand, direction, sampling=Sampling(samples, seed=seed, threads=threads),
                       moon=False)


# -- the other seats' pass policy --------------------------------------------------------------

def test_policy_passes_unguarded_queen_ace_king_of_spades():
    assert cards(policy_pass(mask(TOP_SPADES))) == "QS KS AS"


def test_policy_keeps_a_guarded_queen_and_passes_high_hearts():
    # Q♠ with 4 lower spades is guarded: A♥ K♥ go, then the singleton ♦ (a void).
    assert cards(policy_pass(mask("Q8765.AK2.3.5432"))) == "3D KH AH"


def test_policy_empties_the_shorter_minor_when_it_can():
    # No dangerous spade or high heart: the two clubs go (a void), then the highest card.
    assert cards(policy_pass(mask("8765.T9.AKQJ2.32"))) == "2C 3C AD"


def test_policy_never_passes_a_guarded_queen_as_a_high_card():
    assert policy_pass(mask("QT987.T9.8765.32")) & Card("QS").mask == 0


def test_policy_never_passes_a_card_the_rules_forbid():
    # no_pass_cards=QS: A♠ K♠ still go, then the highest card left (5♠ before 5♥).
    assert cards(policy_pass(mask(TOP_SPADES), 3, Card("QS").mask)) == "5S KS AS"


def test_policy_cannot_empty_a_suit_holding_a_forbidden_card():
    # no_pass_cards=2C: the clubs 3♣ 2♣ can no longer make a void; the highest cards go.
    assert cards(policy_pass(mask("8765.T9.AKQJ2.32"), 3, Card("2C").mask)) == "QD KD AD"


def test_policy_passes_a_guarded_queen_when_nothing_else_may_be_passed():
    assert cards(policy_pass(mask("QT987.T9.8765.32"), 3, mask("T98.T9.8765.3"))) == "2C 7S QS"


def test_policy_with_fewer_passable_cards_than_the_count_raises():
    with pytest.raises(PassError, match=r"^the hand holds 2 cards the rules allow passing "
                                        r"\(rules no_pass_cards=2C\+3C\+5D\+6D\+7D\+8D\+9H\+"
                                        r"TH\+8S\+9S\+TS\+JS\), fewer than the 3 to pass$"):
        policy_pass(mask("QT987.T9.8765.32"), 3, mask("JT98.T9.8765.32"))


def test_apply_passes_moves_each_pass_to_its_receiver():
    deal = Deal("N:AKQ2.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q4.A9876.QT 4.J765.T52.AK942")
    hands = deal.masks
    passes = [policy_pass(h) for h in hands]
    after = apply_passes(hands, passes, PassDirection.LEFT)
    assert after[Seat.E] & passes[Seat.N] == passes[Seat.N]
    assert not after[Seat.N] & passes[Seat.N]
    assert sum(m.bit_count() for m in after) == 52 and all(m.bit_count() == 13 for m in after)


# -- why ----------------------------------------------------------------------------------------

def test_why_names_voids_queen_and_low_hearts():
    hand = mask("AKQ5.5432.432.32")
    why = pass_why(hand, mask("2C 3C 4D"), Seat.W)
    assert why.voids == (Suit.CLUBS,)
    assert (why.queen, why.queen_guards, why.low_hearts_kept) == ("kept", 1, 4)
    assert why.text == ("voids clubs; keeps Q♠ with only 1 lower spade; keeps 4 low hearts "
                        "for protection")
    assert pass_why(hand, mask("QS KS AS"), Seat.W).text == \
        "gets rid of the unguarded Q♠ and A♠ K♠ to West; keeps 4 low hearts for protection"


@pytest.mark.parametrize("hand, passed, direction, text", [
    # the example: a void made, the exposed queen shed, a low heart kept
    ("Q3.AK2.T98765.32", "QS 3C 2C", "left",
     "voids clubs; gets rid of the unguarded Q♠ to your left; keeps a low heart for "
     "protection"),
    ("Q3.AK2.T98765.32", "QS 3S 3C", "across",
     "voids spades; gets rid of the unguarded Q♠ to the player across; keeps a low heart "
     "for protection"),
    ("Q.AK2.T987.65432", "6C 5C 3C", "right",
     "keeps Q♠ with no lower spade; keeps a low heart for protection"),
    # a well-guarded queen passed all the same, and high hearts shed to the right
    ("Q8642.AK3.T9.J53", "QS AH KH", "right",
     "passes Q♠ to your right though 4 lower spades guarded it; gets rid of A♥ K♥; keeps a "
     "low heart for protection"),
    # the queen not held: ace and king of spades kept thin, or shed
    ("AK2.5432.T9876.3", "3C 2H 3H", "across",
     "voids clubs; keeps A♠ K♠ with only 1 lower spade: Q♠ may fall on them; keeps 2 low "
     "hearts for protection"),
    ("AK2.5432.T9876.3", "AS KS 3C", "across",
     "voids clubs; gets rid of A♠ K♠, on which Q♠ could fall; keeps 4 low hearts for "
     "protection"),
    # the queen passed, the ace and king kept thin: it may come back onto them
    ("AKQ5.5432.432.32", "QS 5S 3H", "right",
     "gets rid of the unguarded Q♠ to your right; keeps A♠ K♠ with no lower spade: Q♠ may "
     "fall on them, should it come back; keeps 3 low hearts for protection"),
    # every low heart given up
    ("Q8642.AK3.T9.J53", "3H 2S 4S", "left",
     "keeps Q♠ with only 2 lower spades; gives up its low hearts (none left to duck with)"),
    ("Q8642.AK3.T9.J53", "3H 9D TD", "left",
     "voids diamonds; keeps Q♠ guarded by 4 lower spades; gives up its low hearts (none left "
     "to duck with)"),
])
def test_why_in_a_players_words(hand, passed, direction, text):
    d = PassDirection.parse(direction)
    assert pass_why(Hand(hand).mask, mask(passed), d.receiver(Seat.S), None, d).text == text


# -- the evaluator --------------------------------------------------------------------------------

def test_evaluator_values_a_deal_in_points_and_exact_at_the_end():
    position = Position(Deal("N:AKQ2.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q4.A9876.QT "
                             "4.J765.T52.AK942"))
    for model in ("maxn", "paranoid"):
        value = evaluate_pass(position, Seat.S, model)
        assert 0 <= value <= 26
    # Horizon 1: the bot plays 12 tricks, the last trick is forced: the bot line's score.
    from hearts.analysis.policy import play_out
    line = play_out(position.copy(), 0)
    assert evaluate_pass(position, Seat.S, "maxn", horizon=1) == line.score()[Seat.S]


def test_a_solve_over_the_node_limit_is_redone_one_bot_trick_later():
    # With a node limit no solve can meet, the bot plays trick after trick to the end.
    position = Position(Deal("N:AKQ2.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q4.A9876.QT "
                             "4.J765.T52.AK942"))
    from hearts.analysis.policy import play_out
    bot_line = play_out(position.copy(), 0).score()[Seat.S]
    assert evaluate_pass(position, Seat.S, "maxn", 6, limit=Limit(nodes=1)) == bot_line


def test_a_noisy_pass_rating_values_every_pass_under_the_same_rollouts():
    # Engine.pass_rollout: each sampled deal's rollouts are seeded by the deal as dealt, so
    # every pass is valued under the same random stream (a paired comparison), and the
    # values are those of evaluate_pass on the deal after the passes.
    from hearts.analysis import DEFAULT_ENGINE
    from hearts.analysis.passing import _sample_hands
    from hearts.analysis.policy import NOISY_PASS, RULE_BOT, rollout_seed
    noisy = NOISY_PASS
    assert DEFAULT_ENGINE.pass_rollout == noisy
    engine = DEFAULT_ENGINE
    hand = mask(TOP_SPADES)
    ranking = rate_passes(TOP_SPADES, "left", sampling=Sampling(4, seed=3, threads=2),
                          moon=False, engine=engine)
    plain = rate_passes(TOP_SPADES, "left", sampling=Sampling(4, seed=3, threads=2),
                        moon=False, engine=DEFAULT_ENGINE.but(pass_rollout=RULE_BOT))
    assert ranking.rollout == noisy and "a random card with chance 0.5 (the other seats " \
        "only)" in ranking.evaluator_text()
    rules = Rules.standard()
    dealt = _sample_hands(Seat.S, hand, 4, 3)
    for rated in (ranking.best, ranking["2C 3C 2D"]):
        passed = sum(c.mask for c in rated.cards)
        for hands, value in zip(dealt, rated.values):
            passes = [policy_pass(h, 3, 0, rules) for h in hands]
            passes[Seat.S] = passed
            after = Position(Deal.from_masks(apply_passes(hands, passes, PassDirection.LEFT)),
                             rules, pass_direction=PassDirection.LEFT)
            assert value == evaluate_pass(after, Seat.S, "maxn", 6, rollout=noisy,
                                          seed=rollout_seed(hands))
    # the noise is used: some pass is valued otherwise than by the plain rule bot
    assert any(p.values != plain[p.cards].values for p in ranking.passes)


def test_a_pass_is_valued_by_one_rollout_a_deal():
    from hearts.analysis.policy import RolloutPolicy
    position = Position(Deal("N:AKQ2.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q4.A9876.QT "
                             "4.J765.T52.AK942"))
    with pytest.raises(PassError, match="one rollout a deal, got 8 runs"):
        evaluate_pass(position, Seat.S, rollout=RolloutPolicy("rule", 8, 0.5))


# -- the rating -----------------------------------------------------------------------------------

@pytest.mark.slow
def test_passing_the_unguarded_top_spades_is_best():
    ranking = _ranking(TOP_SPADES)
    assert ranking.best.text == "QS KS AS"
    assert ranking.best.why.queen == "passed"
    assert len(ranking.passes) == 286
    assert ranking.best.mean < 2.0
    # Keeping Q♠ A♠ K♠ and passing low cards is worse on the same deals.
    keep = ranking["2C 3C 2D"]
    assert keep.diff > 0 and keep.mean > ranking.best.mean


@pytest.mark.slow
def test_passing_a_whole_suit_makes_a_void_and_wins():
    # Three hearts only (T 9 8) under a hand of top cards: without hearts the hand can never
    # be made to take a heart trick; every other pass keeps a high heart.
    ranking = _ranking("AKQ.T98.AKQ.AKQJ")
    assert ranking.best.text == "8H 9H TH"
    assert ranking.best.why.voids == (Suit.HEARTS,)


def test_a_pass_the_rules_forbid_is_not_rated():
    # no_pass_cards=QS (docs/rules.md "Passing": some tables forbid passing Q♠): the 12 other
    # cards give C(12,3) = 220 passes, none with Q♠; before, Q♠ K♠ A♠ was ranked first.
    ranking = rate_passes(TOP_SPADES, "left", rules=Rules.parse("standard,no_pass_cards=QS"),
                          sampling=Sampling(4, threads=2), moon=False)
    assert len(ranking.passes) == 220
    assert all(Card("QS") not in p.cards for p in ranking.passes)
    assert ranking.rounds[0] == (220, 4)
    assert list(ranking.forbidden) == [Card("QS")]
    with pytest.raises(KeyError):
        ranking["QS KS AS"]


def test_a_rating_with_cards_to_give_or_keep_races_only_those_passes():
    # "Which two with Q♠?": C(12,2) = 66 passes, each valued on the same deals as in the full
    # rating (the deals depend on the seed, not on the passes raced); keeping Q♠: C(12,3).
    full = rate_passes(TOP_SPADES, "left", sampling=Sampling(4, threads=2), moon=False)
    give = rate_passes(TOP_SPADES, "left", sampling=Sampling(4, threads=2), moon=False,
                       give="QS")
    keep = rate_passes(TOP_SPADES, "left", sampling=Sampling(4, threads=2), moon=False,
                       keep=["QS"])
    assert len(give.passes) == 66 and all(Card("QS") in p.cards for p in give.passes)
    assert len(keep.passes) == 220 and all(Card("QS") not in p.cards for p in keep.passes)
    assert list(give.give) == [Card("QS")] and list(keep.keep) == [Card("QS")]
    for ranking in (give, keep):
        for rated in ranking.passes[:5]:
            assert rated.values == full[rated.cards].values
    assert give.to_json()["give"] == ["QS"] and give.to_json()["count"] == 66


@pytest.mark.parametrize("give, keep, message", [
    ("AH", None, "give: AH not in South's hand"),
    ("QS", "QS KS", "keep: QS also to give"),
    ("QS KS AS 5S", None, "give: 4 cards, more than the 3 to pass"),
    (None, "AS KS QS 5S 5H 4H 3H 2H 4D 3D 2D", "keep: keeping"),
    ("QS QS", None, "give: QS is given twice"),
    ([], None, "give: no cards"),
])
def test_bad_cards_to_give_or_keep_raise(give, keep, message):
    with pytest.raises(PassError, match=message):
        rate_passes(TOP_SPADES, "left", sampling=Sampling(4, threads=1), moon=False,
                    give=give, keep=keep)


@pytest.mark.slow
def test_racing_schedule_prunes_then_halves():
    ranking = _ranking(TOP_SPADES)
    assert ranking.rounds[0] == (286, FIRST_SAMPLES)
    assert ranking.rounds[1] == (96, 2 * FIRST_SAMPLES)
    dropped = [p for p in ranking.passes if p.round == 0]
    assert len(dropped) == 286 - 96 and all(p.n == FIRST_SAMPLES for p in dropped)
    assert ranking.evaluations == 286 * 16 + 96 * 16
    # Paired: the best pass's values are the first deals of every other pass too.
    assert ranking.best.diff == 0.0
    other = ranking.passes[1]
    assert other.diff == pytest.approx(other.mean - sum(ranking.best.values[:other.n]) / other.n)


@pytest.mark.slow
def test_same_seed_same_ranking_for_any_thread_count():
    one = _ranking(TOP_SPADES, samples=16, threads=1)
    two = _ranking(TOP_SPADES, samples=16, threads=3)
    assert [(p.cards, p.values) for p in one.passes] == [(p.cards, p.values) for p in two.passes]
    other = _ranking(TOP_SPADES, samples=16, threads=2, seed=1)
    assert [p.values for p in other.passes] != [p.values for p in two.passes]


@pytest.mark.slow
def test_racing_stops_at_the_interval_target_or_the_sample_budget():
    ranking = _ranking(TOP_SPADES)
    low, high = ranking.best.interval
    assert ranking.stopped == "ci" and (high - low) / 2 <= 1.0
    narrow = rate_passes(TOP_SPADES, "left", sampling=Sampling(16), ci_target=0.01, moon=False)
    assert narrow.stopped == "samples" and narrow.rounds == ((286, 16),)


@pytest.mark.slow
def test_moon_chance_is_searched_for_the_top_passes_only():
    # Four low hearts and nothing to win tricks with: this hand never shoots.
    ranking = rate_passes(TOP_SPADES, "left", sampling=Sampling(16, threads=2))
    assert [p.moon for p in ranking.passes[:10]] == [0.0] * 10
    assert all(p.moon is None for p in ranking.passes[10:])


@pytest.mark.parametrize("hand, direction, rules, message", [
    ("AKQ5.5432.432.3", "left", None, "the hand holds 12 cards"),
    (TOP_SPADES, "hold", None, "no pass on a hold deal"),
    (TOP_SPADES, "left", "standard,pass_scheme=hold", "the rules have no passing"),
    (TOP_SPADES, "right", "standard,pass_scheme=left", "not used by the rules"),
    (TOP_SPADES, "across", "standard,pass_scheme=shuffle",
     "pass direction across: under pass_scheme=shuffle the passed cards are pooled and dealt "
     "back at random, so a pass has no direction"),
    ("AS AS KS QS 2H 3H 4H 5H 2D 3D 4D 2C 3C", "left", None, "the hand: AS is given twice"),
    (TOP_SPADES, "left", "standard,no_pass_cards=AS+KS+QS+5S+5H+4H+3H+2H+4D+3D+2D",
     "South's hand holds 2 cards the rules allow passing (rules no_pass_cards=2D+3D+4D+2H+3H+"
     "4H+5H+5S+QS+KS+AS), fewer than the 3 to pass"),
    (TOP_SPADES, "left", "standard,no_pass_cards=" + "+".join(f"{r}D" for r in "23456789TJQKA")
     + "+" + "+".join(f"{r}C" for r in "456789TJQKA"),
     "the rules forbid passing 21 of the 39 unseen cards"),
])
def test_bad_pass_questions_raise(hand, direction, rules, message):
    with pytest.raises(PassError) as info:
        rate_passes(hand, direction, rules=None if rules is None else Rules.parse(rules),
                    sampling=Sampling(1))
    assert message in str(info.value) and "\n" not in str(info.value)


# -- the command ----------------------------------------------------------------------------------

@pytest.mark.slow
def test_pass_json_names_the_evaluator_and_ranks_every_pass(run_cli):
    # 32 deals: on 16, 5S QS KS ties QS KS AS (the noisy rollouts' luck)
    result = run_cli("pass", TOP_SPADES, "--direction", "left", "--samples", "32", "--seed", "0",
                     "--threads", "1", "--no-moon", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["evaluator"] == "rollout" and "rule bot" in data["evaluator_text"]
    assert data["model"] == "maxn" and data["horizon"] == 6
    assert (data["seat"], data["direction"], data["receiver"], data["passer"]) == (
        "S", "left", "W", "E")
    assert len(data["passes"]) == 286
    best = data["passes"][0]
    assert set(best) >= {"cards", "mean", "se", "ci95", "samples", "vs_best", "moon", "why"}
    assert best["cards"] == ["QS", "KS", "AS"] and best["why"]["queen"] == "passed"
    assert data["rounds"] == [[286, 16], [96, 32]]
    assert "a random card with chance 0.5 (the other seats only)" in data["evaluator_text"]
    means = [p["mean"] for p in data["passes"][:96]]
    assert means == sorted(means)


def test_pass_json_lists_only_the_passes_the_rules_allow(run_cli):
    result = run_cli("pass", TOP_SPADES, "-d", "left", "-n", "4", "--threads", "1", "--no-moon",
                     "--rules", "standard,no_pass_cards=QS", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["forbidden"] == ["QS"] and data["count"] == 220 == len(data["passes"])
    assert not [p for p in data["passes"] if "QS" in p["cards"]]
    assert data["rounds"][0] == [220, 4]


def test_pass_table_counts_the_passes_rated_and_names_the_forbidden_cards(run_cli):
    result = run_cli("pass", TOP_SPADES, "-d", "left", "-n", "4", "--threads", "1", "--no-moon",
                     "--rules", "standard,no_pass_cards=QS")
    assert result.exit_code == 0, result.stderr
    # the rules spec makes the line wrap at 80 columns
    assert ("rules standard,no_pass_cards=QS  passes rated 220 (no seat may pass Q♠: rules\n"
            "no_pass_cards)  model maxn") in "\n".join(
                line.rstrip() for line in result.stdout.splitlines())
    flat = re.sub(r"[│\s]+", " ", result.stdout)     # the why cells read on, row by row
    assert "Q♠ K♠ A♠" not in result.stdout and "gets rid of the unguarded Q♠" not in flat
    assert "keeps Q♠ with only 1 lower spade" in flat
    assert "Round 0 values all 220 passes" in result.stdout


@pytest.mark.slow
def test_pass_table_shows_the_evaluator_and_the_top_ten(run_cli):
    result = run_cli("pass", TOP_SPADES, "-d", "left", "--samples", "16", "--threads", "1",
                     "--no-moon")
    assert result.exit_code == 0, result.stderr
    assert "evaluator = rollout" in result.stdout
    flat = re.sub(r"[│\s]+", " ", result.stdout)     # the why cells read on, row by row
    assert "Q♠ K♠ A♠" in result.stdout and "gets rid of the unguarded Q♠" in flat
    assert result.stdout.count("│ 10 │") == 1


@pytest.mark.slow
def test_the_interval_stops_at_the_lowest_score_a_hand_can_take():
    # A mean of points under standard rules is at least 0; mean - 1.96 SE went below it.
    ranking = _ranking(TOP_SPADES)
    low = {p.text: p.mean - Z95 * p.se for p in ranking.passes}
    assert low["5S QS KS"] < 0
    rating = next(p for p in ranking.passes if p.text == "5S QS KS")
    assert rating.interval == (0.0, rating.mean + Z95 * rating.se)
    assert rating.to_json()["ci95"][0] == 0.0
    assert min(p.interval[0] for p in ranking.passes) == 0.0


def test_pass_table_of_a_13_card_pass_keeps_its_values_visible(run_cli):
    # With pass_count=13 the points column read "…" at 80 columns.
    result = run_cli("pass", TOP_SPADES, "-d", "left", "--rules", "pass_count=13", "-n", "16",
                     "--threads", "1", "--no-moon", env={"COLUMNS": "80"})  # the view's width
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if line.startswith("│")]
    assert rows[:3] == [
        "│ 1 │ 2♣ 3♣ 2♦ 3♦ 4♦   │  7.06 │ 3.6–10.5 │         │    — │ voids clubs,      │",
        "│   │ 2♥ 3♥ 4♥ 5♥ 5♠   │       │          │         │      │ diamonds, hearts  │",
        "│   │ Q♠ K♠ A♠         │       │          │         │      │ and spades; gets  │"]


def test_pass_view_names_custom_rules_by_their_spec(run_cli):
    # It said "rules custom".
    result = run_cli("pass", TOP_SPADES, "-d", "left", "--rules", "pass_count=1", "-n", "4",
                     "--threads", "1", "--no-moon", env={"COLUMNS": "80"})  # the view's width
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[2].startswith(
        "rules standard,pass_count=1  passes rated 13  model maxn")


def test_pass_table_with_a_card_kept_counts_and_names_it(run_cli):
    result = run_cli("pass", TOP_SPADES, "-d", "left", "-n", "4", "--threads", "1", "--no-moon",
                     "--keep", "QS", env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.stderr
    assert "passes rated 220 keeping Q♠  model maxn" in result.stdout
    assert "Q♠ K♠ A♠" not in result.stdout
    # a repeated option adds its cards (the last one no longer wins alone)
    both = run_cli("pass", TOP_SPADES, "-d", "left", "-n", "4", "--threads", "1", "--no-moon",
                   "--keep", "QS", "--keep", "KS", env={"COLUMNS": "120"})
    assert both.exit_code == 0, both.stderr
    assert "passes rated 165 keeping Q♠ K♠  model maxn" in both.stdout


@pytest.mark.parametrize("args, message", [
    (("pass", TOP_SPADES, "-d", "left", "--give", "AH"),
     "--give: AH not in South's hand AKQ5.5432.432.32"),
    (("pass", TOP_SPADES, "-d", "left", "--give", "QS", "--keep", "QS"),
     "--keep: QS also to give"),
    (("pass", TOP_SPADES, "-d", "left", "--give", "ZZ"), "--give: unknown card"),
    (("pass", TOP_SPADES, "-d", "left", "--give", ""), "--give: no cards"),
    (("pass", TOP_SPADES, "-d", "left", "--rules", "standard,no_pass_cards=QS", "--keep",
      "AS KS 5S 5H 4H 3H 2H 4D 3D 2D"),
     "--keep: keeping 2D 3D 4D 2H 3H 4H 5H 5S KS AS leaves 2 cards the rules allow passing "
     "(rules no_pass_cards=QS), fewer than the 3 to pass"),
    (("pass", "AKQ5.5432.432.3", "-d", "left"), "the hand holds 12 cards"),
    (("pass", TOP_SPADES, "-d", "hold"), "no pass on a hold deal"),
    (("pass", TOP_SPADES, "-d", "left", "--rules", "openspiel,pass_cards=false"),
     "the rules have no passing"),
    (("pass", TOP_SPADES, "-d", "sideways"), "unknown pass direction"),
    (("pass", TOP_SPADES, "-d", "left", "--model", "moon"), "unknown model"),
    (("pass", TOP_SPADES, "-d", "left", "--scheduler", "localhost:8786"), "tcp://HOST:PORT"),
    (("pass", TOP_SPADES, "-d", "left", "--rules",
      "standard,no_pass_cards=AS+KS+QS+5S+5H+4H+3H+2H+4D+3D+2D+3C"),
     "South's hand holds 1 card the rules allow passing (rules no_pass_cards=3C+2D+3D+4D+2H+"
     "3H+4H+5H+5S+QS+KS+AS), fewer than the 3 to pass"),
])
def test_pass_bad_input_gives_one_error_line_and_exit_2(args, message, run_cli):
    assert message in error_line(run_cli(*args))


def test_an_unknown_pass_direction_lists_the_directions(run_cli):
    # It said "unknown pass direction 'up'", with no choices, unlike the other enum errors.
    assert error_line(run_cli("pass", TOP_SPADES, "-d", "up")) == (
        "error: --direction: unknown pass direction 'up' (directions left, right, across, hold)")


@pytest.mark.parametrize("players, hand_size", [(3, 17), (5, 10)])
def test_pass_at_another_table_says_pass_rating_is_for_4_players(players, hand_size, run_cli):
    # It was "the deal has 4 hands, the rules are for 3 players" (the user gave one hand).
    line = error_line(run_cli("pass", TOP_SPADES, "-d", "left", "--rules", f"players={players}"))
    assert line == (f"error: pass rating is for 4 players, 13 cards a hand; the rules are for "
                    f"{players} players (players={players}), {hand_size} cards a hand")


def test_play_record_where_a_seat_plays_a_suit_it_showed_void_in(tmp_path, run_cli):
    # Trick 1: North discards 9♦ on the club lead (showing a club void), although it holds
    # Q♣ 5♣ and later plays 5♣: the record is inconsistent; one error line names the play.
    text = RECORD.read_text().replace("1. E 2C S AC W KC N QC", "1. E 2C S AC W KC N 9D")
    path = tmp_path / "void.hgn"
    path.write_text(text)
    line = error_line(run_cli("play", str(path), "--at", "8"))
    assert "9D" in line
