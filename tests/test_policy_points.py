"""The rule bot and the pass policy follow the rules' point table (``docs/rules.md``
"Point cards"), not Q♠ by name: J♠ is the card to dump in Black Jack, Q♥ is one more in Pink
Lady, and the Omnibus 10♦ (−10) is kept and won, never given away. Under the standard rules
every case below keeps its old answer (Q♠)."""
from __future__ import annotations

import json
import re

import pytest

from hearts.analysis.bots import RuleBot
from hearts.analysis.passing import PASS_POLICY, pass_policy_text, pass_why, policy_pass
from hearts.analysis.policy import point_cards, rule_play
from hearts.solver import Card, Deal, Hand, Position, Rules, Seat
from hearts.solver.cards import cards_from_mask
from hearts.solver.seats import PassDirection


def mask(text: str) -> int:
    return Hand(text).mask if "." in text else sum(Card(c).mask for c in text.split())


def cards(m: int) -> str:
    return " ".join(str(c) for c in cards_from_mask(m))


def bot_card(deal: str, played: str, rules: str) -> str:
    return str(rule_play(Position(Deal(deal), Rules.parse(rules), played=played)))


# -- the point table as the bot reads it ----------------------------------------------------------

@pytest.mark.parametrize("rules, big, high, bonus", [
    ("standard", "QS", "KS AS", ""),
    ("black_jack", "JS", "QS KS AS", ""),               # Q♠ scores 0: only a card above J♠
    ("pink_lady", "QH QS", "KH AH KS AS", ""),          # Q♥ 13 is worth more than K♥ A♥
    ("omnibus", "QS", "KS AS", "TD"),
    ("openspiel,jd_bonus=true", "QS", "KS AS", "JD"),
    ("spot_hearts", "QS", "KS AS", ""),                 # hearts rise with rank: none is big
    ("standard,heart_scale=double_eagle", "QS", "KS AS", ""),
    ("standard,queen_of_spades=0", "", "", ""),
])
def test_point_cards_come_from_the_point_table(rules, big, high, bonus):
    points = point_cards(Rules.parse(rules))
    assert " ".join(str(c) for c in points.big) == big
    assert cards(sum(points.high)) == high
    assert " ".join(str(c) for c in points.bonus) == bonus


# -- the rule bot: discards, leads, follows ------------------------------------------------------

# North holds every club and leads them; East, void in clubs, discards from
# ♠ Q J 4 3 2, ♥ A Q 2, ♦ T 9 8 7 6 on trick 2.
DISCARD = "N:...AKQJT98765432 QJ432.AQ2.T9876. AKT98.KJT98.AKQ. 765.76543.J5432."
DISCARD_AT = "2C 6D 8S 5D 3C"


@pytest.mark.parametrize("rules, card", [
    ("standard", "QS"),
    ("black_jack", "JS"),       # J♠ 10, Q♠ 0
    ("pink_lady", "QH"),        # Q♥ 13 and Q♠ 13: equal points, the lower suit first
    ("omnibus", "QS"),
    ("spot_hearts", "QS"),      # A♥ 14 is a heart on the rising scale: Q♠ still goes first
])
def test_bot_discards_the_big_penalty_card_first(rules, card):
    assert bot_card(DISCARD, DISCARD_AT, rules) == card


@pytest.mark.parametrize("deal, played, expected", [
    # East holds ♠ K Q 4 3 2 and no J♠ (West has it). Standard: Q♠ goes. Black Jack: Q♠ is
    # worth nothing, but J♠ may still fall on K♠ or Q♠: the highest of them, K♠, goes.
    pytest.param("N:...AKQJT98765432 KQ432.A2.T98765. AJT98.KQJT98.AK. 765.76543.QJ432.",
                 "2C 5D 8S 2D 3C", {"standard": "QS", "black_jack": "KS"},
                 id="discards-above-the-jack"),
    # East holds ♠ 9..2 and ♦ T 9 8 7 6 (no point card): standard throws the highest card,
    # T♦; in Omnibus T♦ scores −10 for whoever takes it, so East throws 9♦ instead.
    pytest.param("N:...AKQJT98765432 98765432..T9876. AKQJT.AKQJT987.. .65432.AKQJ5432.",
                 "2C 2S TS 2D 3C", {"standard": "TD", "omnibus": "9D"},
                 id="keeps-the-bonus-card"),
    # East won trick 1 and leads; hearts are unbroken, so J♠ and Q♦ are legal. Standard leads
    # the lowest card, J♠; Black Jack keeps J♠ (10 points) and leads Q♦.
    pytest.param("N:23...23456789TJQ J.AKQJT98765.Q.A 87654.432.KT432. AKQT9..AJ98765.K",
                 "2C AC 4S KC", {"standard": "JS", "black_jack": "QD"},
                 id="does-not-lead-the-jack"),
    # East leads 4♠; South holds A♠ J♠ and a later seat may still win. Standard plays low
    # (J♠); Black Jack keeps J♠ back as standard keeps Q♠ back, and plays A♠.
    pytest.param("N:23...23456789TJQ 54.AKQJT98765..A AJ.432.KT985432. KQT9876..AQJ76.K",
                 "2C AC 2D KC 4S", {"standard": "JS", "black_jack": "AS"},
                 id="keeps-the-jack-back-second-in-hand"),
])
def test_bot_card_follows_the_rules_point_cards(deal, played, expected):
    for rules, card in expected.items():
        assert bot_card(deal, played, rules) == card, rules


# East won trick 1 with A♣ and leads diamonds; South holds ♦ T 3, West ♦ A K Q 9 8 7 6 5 2.
DIAMONDS = "N:23...23456789TJQ AKQJT9.AKQJ.J4.A 87654.T98765.T3. .432.AKQ987652.K"


def test_bot_does_not_duck_the_ten_of_diamonds_under_another_seats_card_in_omnibus():
    # J♦ led: standard ducks as high as it can (T♦); Omnibus keeps T♦ and ducks 3♦.
    assert bot_card(DIAMONDS, "2C AC 4S KC JD", "standard") == "TD"
    assert bot_card(DIAMONDS, "2C AC 4S KC JD", "omnibus") == "3D"


def test_bot_wins_a_trick_holding_the_ten_of_diamonds_in_omnibus():
    # 4♦ led, South played T♦ (the trick is worth −10): standard ducks under it (9♦), giving
    # T♦ away; Omnibus wins the trick with West's highest diamond.
    assert bot_card(DIAMONDS, "2C AC 4S KC 4D TD", "standard") == "9D"
    assert bot_card(DIAMONDS, "2C AC 4S KC 4D TD", "omnibus") == "AD"
    # OpenSpiel's jd_bonus makes J♦ the bonus card: T♦ is an ordinary card there.
    assert bot_card(DIAMONDS, "2C AC 4S KC 4D TD", "openspiel,jd_bonus=true") == "9D"


def test_bot_last_to_play_takes_the_trick_with_the_ten_of_diamonds_in_omnibus():
    # 5♦ 3♦ 2♦ played; North, last, holds A♦ T♦: standard wins high (A♦), Omnibus wins with
    # T♦ and so takes its −10.
    deal = "N:..AT.23456789TJQ AKQJT98.AKQJ.5.A 765432.T98765.3. .432.KQJ987642.K"
    assert bot_card(deal, "2C AC 2S KC 5D 3D 2D", "standard") == "AD"
    assert bot_card(deal, "2C AC 2S KC 5D 3D 2D", "omnibus") == "TD"


# -- the pass policy ------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, rules, passed", [
    ("AKQJ.5432.432.32", "standard", "QS KS AS"),
    ("AKQJ.5432.432.32", "black_jack", "JS KS AS"),     # J♠, then the cards above it
    ("AKJ2.QT9.7654.32", "standard", "QH KS AS"),
    ("AKJ2.QT9.7654.32", "black_jack", "JS KS AS"),
    ("AK2.AKQ.T9876.32", "standard", "AH KS AS"),
    ("AK2.AKQ.T9876.32", "pink_lady", "QH AH AS"),      # Q♥ 13 first, then A♠ A♥
    ("8765.Q532.AKT.43", "standard", "3C 4C QH"),
    ("8765.Q532.AKT.43", "pink_lady", "3C 4C AD"),      # Q♥ guarded by 5♥ 3♥ 2♥: kept
    ("8765.T9.T2.QJ932", "standard", "QC 2D TD"),       # the diamonds go (a void)
    ("8765.T9.T2.QJ932", "omnibus", "JC QC TH"),        # T♦ −10 is kept: no ♦ void
])
def test_policy_pass_follows_the_point_table(hand, rules, passed):
    assert cards(policy_pass(mask(hand), 3, 0, Rules.parse(rules))) == passed


def test_policy_pass_passes_the_bonus_card_only_when_nothing_else_may_go():
    forbidden = mask("8765.T9.2.QJ932")    # all but T♦ (omnibus pass_count 1)
    assert cards(policy_pass(mask("8765.T9.T2.QJ932"), 1, forbidden, "omnibus")) == "TD"


def test_rule_bot_passes_the_jack_in_black_jack():
    north = mask("AKQJ.5432.432.32")
    bot = RuleBot()
    assert cards(bot.choose_pass(Seat.N, north, PassDirection.LEFT, Rules.standard(), (0,))) \
        == "QS KS AS"
    assert cards(bot.choose_pass(Seat.N, north, PassDirection.LEFT, Rules.black_jack(),
                                 (0,))) == "JS KS AS"


# -- the words: why and the policy text -----------------------------------------------------------

def test_why_names_the_rules_penalty_card():
    hand = mask("AKQJ.5432.432.32")
    assert pass_why(hand, mask("QS KS AS"), Seat.W).text == \
        "gets rid of the unguarded Q♠ and A♠ K♠ to West; keeps 4 low hearts for protection"
    assert pass_why(hand, mask("JS KS AS"), Seat.W, "black_jack").text == \
        ("gets rid of the unguarded J♠ and A♠ K♠ to West; keeps Q♠ with no lower spade: J♠ may "
         "fall on it, should it come back; keeps 4 low hearts for protection")
    kept = pass_why(hand, mask("2C 3C 4D"), Seat.W, "black_jack")
    assert kept.text == ("voids clubs; keeps J♠ with no lower spade; keeps 4 low hearts for "
                         "protection")
    assert (kept.queen, kept.queen_guards) == ("kept", 0)
    assert kept.to_json()["penalty_cards"] == [
        {"card": "JS", "state": "kept", "guards": 0, "high_kept": ["AS", "KS", "QS"]}]


def test_why_names_both_queens_in_pink_lady_and_a_bonus_card_passed_in_omnibus():
    hand = mask("AK2.AKQ.T9876.32")
    assert pass_why(hand, mask("QH AH AS"), Seat.W, "pink_lady").text == \
        ("gets rid of the unguarded Q♥ and A♥ to West; keeps K♥ with no lower heart: Q♥ may "
         "fall on it, should it come back; keeps K♠ with only 1 lower spade: Q♠ may fall on it")
    assert pass_why(hand, mask("2C 3C TD"), Seat.E, "omnibus").text == \
        ("voids clubs; keeps A♠ K♠ with only 1 lower spade: Q♠ may fall on them; gives away "
         "T♦ (-10 points) to East")


def test_policy_text_names_the_rules_penalty_card():
    assert pass_policy_text() == pass_policy_text("standard") == PASS_POLICY
    assert pass_policy_text("black_jack") == (
        "the other seats pass by a simple rule, from their dealt hand only: J♠, then A♠, K♠ "
        "and Q♠, unless guarded by 3+ spades below the jack; then A♥ K♥ Q♥ J♥; then the "
        "shorter of ♣/♦ if it can be emptied, highest first; then the highest cards (never a "
        "guarded J♠)")
    assert pass_policy_text("omnibus").endswith(
        "(never a guarded Q♠); never T♦ (it scores -10) unless nothing else may be passed")


# -- the command ----------------------------------------------------------------------------------

@pytest.mark.slow
def test_pass_table_under_black_jack_names_the_jack(run_cli):
    result = run_cli("pass", "AKQJ.5432.432.32", "-d", "left", "-n", "16", "--seed", "1",
                     "--threads", "1", "--no-moon", "--rules", "black_jack")
    assert result.exit_code == 0, result.stderr
    text = " ".join(result.stdout.split())      # the header wraps at the console width
    assert "J♠, then A♠, K♠ and Q♠, unless guarded by 3+ spades below the jack" in text
    assert "Q♠, then A♠ and K♠" not in text
    flat = re.sub(r"[│\s]+", " ", result.stdout)     # the why cells read on, row by row
    assert "gets rid of the unguarded J♠" in flat and "unguarded Q♠" not in flat


@pytest.mark.slow
def test_pass_json_under_black_jack_names_the_jack(run_cli):
    result = run_cli("pass", "AKQJ.5432.432.32", "-d", "left", "-n", "16", "--seed", "1",
                     "--threads", "1", "--no-moon", "--rules", "black_jack", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["pass_policy"] == pass_policy_text("black_jack")
    best = data["passes"][0]
    assert "JS" in best["cards"]
    assert best["why"]["penalty_cards"][0]["card"] == "JS"
    assert best["why"]["penalty_cards"][0]["state"] == "passed"
    assert best["why"]["text"].startswith("gets rid of the unguarded J♠")
