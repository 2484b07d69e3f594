"""The strength harness's bots and duplicate accounting (issue 3 item 7)."""
from __future__ import annotations

import pytest

from hearts.analysis.bots import AdviceBot, RandomBot, RuleBot, duplicate_match, play_deal
from hearts.analysis.passing import policy_pass
from hearts.solver import Card, Deal, InvalidDealError, Rules, Seat
from hearts.solver.seats import PassDirection

DEALS = [
    (Deal("N:AKQ2.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q4.A9876.QT 4.J765.T52.AK942"),
     PassDirection.LEFT),
    (Deal("N:2.QJT653.9863.Q5 876.K82.Q52.8742 QJ93.A94.J74.A63 AKT54.7.AKT.KJT9"),
     PassDirection.HOLD),
]


def _total_ok(points) -> bool:
    # 26 penalty points a deal, or 78 when a moon is shot (26 to each other seat).
    return sum(points) in (26, 78)


def test_rule_and_random_bots_play_legal_deals():
    game = play_deal(DEALS[0][0], PassDirection.LEFT, [RuleBot(), RandomBot(), RuleBot(),
                                                       RandomBot()], Rules.standard(), (0,))
    assert len(game.plays) == 52 and len(set(game.plays)) == 52
    assert all(m.bit_count() == 3 for m in game.passes)
    assert _total_ok(game.points)
    hold = play_deal(*DEALS[1], [RuleBot()] * 4, Rules.standard())
    assert hold.passes == (0, 0, 0, 0) and _total_ok(hold.points)


def test_a_bot_passing_a_card_it_does_not_hold_is_an_error():
    class Cheat(RuleBot):
        def choose_pass(self, seat, hand, direction, rules, key):
            return Card("AS").mask | Card("KS").mask | Card("QS").mask   # North's, not East's

    with pytest.raises(InvalidDealError, match="Cheat passed QS KS AS for East: not 3 cards"):
        play_deal(DEALS[0][0], PassDirection.LEFT, [RuleBot(), Cheat(), RuleBot(), RuleBot()],
                  Rules.standard())


def test_bots_never_pass_a_card_the_rules_forbid():
    # docs/rules.md "Passing": some tables forbid passing certain cards. North holds A♠ K♠ Q♠
    # and the rule bot passed all three; under no_pass_cards=QS+AH it keeps Q♠.
    rules = Rules.parse("standard,no_pass_cards=QS+AH")
    forbidden = rules.no_pass_mask()
    north = DEALS[0][0].hands[Seat.N].mask
    assert RuleBot().choose_pass(Seat.N, north, PassDirection.LEFT, Rules.standard(), (0,)) \
        == Card("QS").mask | Card("KS").mask | Card("AS").mask
    assert RuleBot().choose_pass(Seat.N, north, PassDirection.LEFT, rules, (0,)) \
        == Card("JD").mask | Card("KS").mask | Card("AS").mask
    for k in range(50):
        chosen = RandomBot().choose_pass(Seat.N, north, PassDirection.LEFT, rules, (k,))
        assert chosen.bit_count() == 3 and not chosen & forbidden and chosen & ~north == 0
    game = play_deal(DEALS[0][0], PassDirection.LEFT, [RuleBot(), RandomBot(), RuleBot(),
                                                       RandomBot()], rules, (0,))
    assert not any(m & forbidden for m in game.passes) and _total_ok(game.points)


def test_a_bot_passing_a_card_the_rules_forbid_is_an_error():
    class Cheat(RuleBot):
        def choose_pass(self, seat, hand, direction, rules, key):
            return policy_pass(hand, rules.pass_count)      # blind to no_pass_cards

    with pytest.raises(InvalidDealError, match=r"^Cheat passed QS KS AS for North: QS may not be "
                                               r"passed \(rules no_pass_cards=QS\)$"):
        play_deal(DEALS[0][0], PassDirection.LEFT, [Cheat(), RuleBot(), RuleBot(), RuleBot()],
                  Rules.parse("standard,no_pass_cards=QS"))


def test_duplicate_accounting():
    match = duplicate_match(DEALS, [RandomBot()], RuleBot(), key=(3,))
    # One all-rule game per deal, and the random bot in each of the four seats.
    assert len(match.games) == len(DEALS) * (1 + 4)
    assert all(_total_ok(g.points) for g in match.games)
    rule, rand = match.scores
    assert (rule.name, rand.name) == ("rule", "random")
    # The baseline's result on a deal is the table's mean: seat-independent, 26/4 or 78/4.
    assert all(x in (6.5, 19.5) for x in rule.per_deal)
    # The paired difference is the bot's mean minus the baseline's on the same deals.
    assert rand.vs_baseline == sum(a - b for a, b in zip(rand.per_deal, rule.per_deal)) / 2
    assert rand.deals == 2 and rule.vs_baseline == 0.0
    # Reproducible: the same key gives the same games.
    again = duplicate_match(DEALS, [RandomBot()], RuleBot(), key=(3,))
    assert [g.plays for g in again.games] == [g.plays for g in match.games]


def test_advice_bot_passes_by_the_rating_and_plays_a_whole_deal():
    bot = AdviceBot(pass_samples=1, play_samples=4)
    game = play_deal(DEALS[0][0], PassDirection.LEFT, [RuleBot(), RuleBot(), bot, RuleBot()],
                     Rules.standard(), (1,))
    assert game.bots == ("rule", "rule", "advice", "rule")
    assert game.passes[Seat.S].bit_count() == 3 and _total_ok(game.points)



def test_an_advice_bot_passing_big_cards_as_the_policy_rates_only_the_rest():
    from hearts.analysis.bots import key_seed
    from hearts.analysis.passing import rate_passes
    from hearts.analysis.settings import Sampling
    from hearts.solver import Hand
    rules = Rules.standard()
    queen = Card("QS").mask
    checked = 0
    for dealt, _ in DEALS:
        for seat, hand in enumerate(dealt.masks):
            if not hand & queen:
                continue
            seat, key = Seat(seat), (seat, -1)
            simple = policy_pass(hand, 3, 0, rules)
            bound = {"give" if simple & queen else "keep": "QS"}
            ranking = rate_passes(Hand.from_mask(hand), PassDirection.LEFT, seat=seat,
                                  rules=rules, sampling=Sampling(16, key_seed(key), 1),
                                  moon=False, **bound)
            chosen = AdviceBot(pass_samples=16, big_as_policy=True).choose_pass(
                seat, hand, PassDirection.LEFT, rules, key)
            assert chosen == sum(c.mask for c in ranking.best.cards)
            assert chosen & queen == simple & queen
            checked += 1
    assert checked >= 2


def test_a_trusting_advice_bot_keeps_the_simple_pass_unless_the_rating_clearly_beats_it():
    from hearts.analysis.bots import key_seed
    from hearts.analysis.passing import rate_passes
    from hearts.analysis.settings import Sampling
    from hearts.solver import Hand
    rules = Rules.standard()
    kept = 0
    for seat, hand in enumerate(DEALS[0][0].masks):
        seat, key = Seat(seat), (seat, -1)
        simple = policy_pass(hand, 3, 0, rules)
        ranking = rate_passes(Hand.from_mask(hand), PassDirection.LEFT, seat=seat, rules=rules,
                              sampling=Sampling(32, key_seed(key), 1), moon=False)
        best = sum(c.mask for c in ranking.best.cards)
        rated = ranking[[str(c) for c in Hand.from_mask(simple)]]
        clear = rated.diff > 2.0 * rated.diff_se
        for trust, want in ((0.0, best), (2.0, best if clear else simple)):
            bot = AdviceBot(pass_samples=32, pass_trust=trust)
            assert bot.choose_pass(seat, hand, PassDirection.LEFT, rules, key) == want
        kept += simple != best and not clear
    assert kept > 0      # some hand where the rule keeps the simple pass against the best
