"""Rules: presets, point tables, text and OpenSpiel names, repr, scoring formulas."""
from __future__ import annotations

import pytest

from hearts.solver import Card, Rules, RulesError
from hearts.solver.cards import SUIT_MASKS, Suit, mask_of, parse_cards

HEARTS = SUIT_MASKS[Suit.HEARTS]
QS = Card("QS").mask
ALL_13_TRICKS = [13, 0, 0, 0]


def points_of(rules: Rules, cards: str) -> int:
    return sum(rules.card_points(c) for c in parse_cards(cards))


# -- presets and point tables ------------------------------------------------------------

def test_presets_by_name():
    assert Rules.presets() == ("standard", "openspiel", "omnibus", "pink_lady", "black_jack",
                               "spot_hearts")
    for name in Rules.presets():
        assert Rules.preset(name) == getattr(Rules, name)()
    assert Rules.preset("Pink-Lady") == Rules.pink_lady()


def test_unknown_preset():
    with pytest.raises(RulesError, match='unknown rules preset "poker"'):
        Rules.preset("poker")


def test_standard_points_hearts_one_queen_13_total_26():
    rules = Rules.standard()
    assert rules.card_points("QS") == 13
    assert rules.card_points("AH") == 1
    assert rules.card_points("2H") == 1
    assert rules.card_points("JS") == 0
    assert rules.total_positive_points() == 26
    assert rules.moon_award() == 26
    assert len(rules.point_values()) == 64
    assert sum(rules.point_values()) == 26


def test_standard_masks():
    rules = Rules.standard()
    assert rules.penalty_mask() == HEARTS | QS
    assert rules.positive_mask() == HEARTS | QS
    assert rules.moon_mask() == HEARTS | QS
    assert rules.breaks_hearts_mask() == HEARTS | QS
    assert rules.first_trick_banned_mask() == HEARTS | QS


def test_pink_lady_queen_of_hearts_13_total_38():
    rules = Rules.pink_lady()
    assert rules.card_points("QH") == 13
    assert rules.card_points("KH") == 1
    assert rules.total_positive_points() == 38
    assert rules.moon_award() == 38


def test_black_jack_jack_of_spades_10_queen_0():
    rules = Rules.black_jack()
    assert rules.card_points("JS") == 10
    assert rules.card_points("QS") == 0
    assert rules.total_positive_points() == 23
    assert rules.positive_mask() == HEARTS | Card("JS").mask
    assert rules.breaks_hearts_mask() == HEARTS | Card("JS").mask


def test_omnibus_ten_of_diamonds_minus_10():
    rules = Rules.omnibus()
    assert rules.card_points("TD") == -10
    assert rules.total_positive_points() == 26
    assert rules.penalty_mask() == HEARTS | QS | Card("TD").mask
    assert rules.positive_mask() == HEARTS | QS
    assert rules.moon_mask() == HEARTS | QS | Card("TD").mask  # the slam: all 15 counting cards


def test_spot_hearts_by_rank_sum_104_plus_queen():
    rules = Rules.spot_hearts()
    assert points_of(rules, "AH KH QH JH TH 2H") == 14 + 13 + 12 + 11 + 10 + 2
    assert points_of(rules, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH") == 104
    assert rules.total_positive_points() == 117


def test_double_eagle_scale():
    rules = Rules(heart_scale="double_eagle")
    assert points_of(rules, "AH KH QH JH TH 2H") == 5 + 4 + 3 + 2 + 1 + 1
    assert rules.total_positive_points() == 23 + 13


# -- OpenSpiel parameter names -----------------------------------------------------------

def test_openspiel_defaults_are_the_standard_game():
    assert Rules.openspiel() == Rules.standard()
    assert Rules.openspiel().name == "standard"


@pytest.mark.parametrize("param, value, expected", [
    ("pass_cards", False, Rules(pass_scheme="hold")),
    ("no_pts_on_first_trick", False, Rules(no_points_on_first_trick=False)),
    ("can_lead_any_club", True, Rules(first_lead="any_club")),
    ("jd_bonus", True, Rules(bonus_card="JD", bonus_points=-10)),
    ("avoid_all_tricks_bonus", True, Rules(no_trick_bonus=-5)),
    ("must_break_hearts", False, Rules(must_break_hearts=False)),
    ("qs_breaks_hearts", False, Rules(hearts_broken_by="hearts")),
    ("can_lead_hearts_instead_of_qs", True, Rules(can_lead_hearts_instead_of_qs=True)),
])
def test_each_openspiel_parameter(param, value, expected):
    assert Rules.openspiel(**{param: value}) == expected
    assert Rules.from_openspiel_dict({param: value}) == expected
    assert expected.to_openspiel_dict()[param] is value


def test_openspiel_unknown_parameter():
    with pytest.raises(RulesError, match='unknown rules option "qs_break_hearts"'):
        Rules.openspiel(qs_break_hearts=False)


def test_cannot_write_pink_lady_as_openspiel():
    with pytest.raises(RulesError, match="cannot be written as OpenSpiel parameters"):
        Rules.pink_lady().to_openspiel_dict()


# -- text ----------------------------------------------------------------------------------

def test_parse_preset_then_openspiel_names():
    assert Rules.parse("openspiel,qs_breaks_hearts=false,jd_bonus=true") == Rules(
        hearts_broken_by="hearts", bonus_card="JD")


def test_parse_preset_alone_and_key_alone():
    assert Rules.parse("standard") == Rules()
    assert Rules.parse("moon=new") == Rules(moon="new")
    assert Rules.parse("") == Rules()


def test_parse_our_field_names_with_types():
    rules = Rules.parse("pink_lady, moon_points=30, no_points_on_first_trick=0, bonus_card=10D, "
                        "moon=NEW")
    assert rules == Rules(queen_of_hearts=13, moon_points=30, no_points_on_first_trick=False,
                          bonus_card="TD", moon="new")
    assert Rules.parse("pink_lady,queen_of_hearts=none") == Rules()


def test_parse_unknown_key_names_it():
    with pytest.raises(RulesError, match='unknown rules option "mon"'):
        Rules.parse("mon=new")


def test_parse_bad_values_name_the_option():
    with pytest.raises(RulesError, match="rules option moon='sideways': expected one of old, new"):
        Rules.parse("moon=sideways")
    with pytest.raises(RulesError, match="rules option jd_bonus='maybe': expected true or false"):
        Rules.parse("jd_bonus=maybe")
    with pytest.raises(RulesError, match="rules option queen_of_spades='lots': expected an integer"):
        Rules.parse("queen_of_spades=lots")
    with pytest.raises(RulesError, match="only the first item may be a preset"):
        Rules.parse("standard,pink_lady")


def test_constructor_checks_values():
    with pytest.raises(RulesError, match="rules option first_lead='any_spade'"):
        Rules(first_lead="any_spade")
    with pytest.raises(RulesError, match="rules option bonus_card='XX'"):
        Rules(bonus_card="XX")
    with pytest.raises(RulesError, match="rules option must_break_hearts=1: expected true or false"):
        Rules(must_break_hearts=1)  # type: ignore[arg-type]


# -- repr, dicts, names -------------------------------------------------------------------

def test_repr_shows_only_non_default_fields():
    assert repr(Rules()) == "Rules()"
    assert repr(Rules(hearts_broken_by="hearts")) == "Rules(hearts_broken_by='hearts')"
    assert repr(Rules.pink_lady()) == "Rules(queen_of_hearts=13)"


@pytest.mark.parametrize("name", Rules.presets())
def test_repr_round_trips_for_every_preset(name):
    rules = Rules.preset(name)
    assert eval(repr(rules)) == rules


def test_to_dict_and_back():
    rules = Rules.parse("black_jack,moon=new,sun=all_tricks")
    data = rules.to_dict()
    assert data["jack_of_spades"] == 10
    assert data["sun"] == "all_tricks"
    assert Rules.from_dict(data) == rules


def test_name_is_the_matching_preset():
    assert Rules().name == "standard"
    assert Rules(queen_of_hearts=13).name == "pink_lady"
    assert Rules(moon="new").name is None


def test_rules_are_hashable_and_frozen():
    assert len({Rules(), Rules.standard(), Rules.openspiel()}) == 1
    with pytest.raises(AttributeError):
        Rules().moon = "new"  # type: ignore[misc]


# -- scoring formulas (Rules.score) -------------------------------------------------------

def taken_of(*hands: str) -> list[int]:
    return [mask_of(parse_cards(h)) for h in hands]


ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"


def test_old_moon_shooter_0_others_26():
    taken = taken_of(ALL_HEARTS + " QS", "", "", "")
    assert Rules().score(taken, ALL_13_TRICKS) == [0, 26, 26, 26]


def test_new_moon_shooter_minus_26_others_nothing():
    taken = taken_of(ALL_HEARTS + " QS", "", "", "")
    assert Rules(moon="new").score(taken, ALL_13_TRICKS) == [-26, 0, 0, 0]


def test_no_moon_rule_scores_as_taken():
    taken = taken_of(ALL_HEARTS + " QS", "", "", "")
    assert Rules(moon="none").score(taken, ALL_13_TRICKS) == [26, 0, 0, 0]


def test_openspiel_jd_bonus_moon_shooter_keeps_the_jack_others_plus_26():
    rules = Rules.openspiel(jd_bonus=True)
    with_jack = taken_of(ALL_HEARTS + " QS JD", "", "", "")
    assert rules.score(with_jack, ALL_13_TRICKS) == [-10, 26, 26, 26]
    jack_elsewhere = taken_of(ALL_HEARTS + " QS", "JD", "", "")
    assert rules.score(jack_elsewhere, [12, 1, 0, 0]) == [0, 16, 26, 26]


def test_omnibus_slam_needs_the_ten_of_diamonds():
    rules = Rules.omnibus()
    slam = taken_of(ALL_HEARTS + " QS TD", "", "", "")
    assert rules.score(slam, ALL_13_TRICKS) == [-10, 26, 26, 26]
    no_slam = taken_of(ALL_HEARTS + " QS", "TD", "", "")
    assert rules.score(no_slam, [12, 1, 0, 0]) == [26, -10, 0, 0]


def test_pink_lady_moon_award_38():
    taken = taken_of(ALL_HEARTS + " QS", "", "", "")
    assert Rules.pink_lady().score(taken, ALL_13_TRICKS) == [0, 38, 38, 38]


def test_no_trick_bonus_only_without_a_moon():
    rules = Rules.openspiel(avoid_all_tricks_bonus=True)
    plain = taken_of("QS", ALL_HEARTS, "", "")
    assert rules.score(plain, [5, 8, 0, 0]) == [13, 13, -5, -5]
    moon = taken_of(ALL_HEARTS + " QS", "", "", "")
    assert rules.score(moon, [10, 3, 0, 0]) == [0, 26, 26, 26]


def test_sun_all_tricks_52_to_the_others():
    rules = Rules(sun="all_tricks")
    taken = taken_of(ALL_HEARTS + " QS", "", "", "")
    assert rules.score(taken, ALL_13_TRICKS) == [0, 52, 52, 52]
    # The moon without every trick is still a moon.
    assert rules.score(taken, [12, 1, 0, 0]) == [0, 26, 26, 26]


def test_sun_last_twelve():
    rules = Rules(sun="last_twelve")
    taken = taken_of(ALL_HEARTS + " QS", "", "", "")
    assert rules.score(taken, [12, 1, 0, 0], last_twelve_winner=0) == [0, 52, 52, 52]
    assert rules.score(taken, [12, 1, 0, 0], last_twelve_winner=None) == [0, 26, 26, 26]
