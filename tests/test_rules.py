"""Rules: presets, point tables, text and OpenSpiel names, repr, scoring formulas."""
from __future__ import annotations

import pytest

from hearts.solver import Card, PassDirection, Rules, RulesError, Seat
from hearts.solver.cards import SUIT_MASKS, Suit, mask_of, parse_cards

HEARTS = SUIT_MASKS[Suit.HEARTS]
QS = Card("QS").mask
ALL_13_TRICKS = [13, 0, 0, 0]


def points_of(rules: Rules, cards: str) -> int:
    return sum(rules.card_points(c) for c in parse_cards(cards))


# -- presets and point tables ------------------------------------------------------------

def test_presets_by_name():
    assert Rules.presets() == ("standard", "openspiel", "foster1909", "culbertson1950",
                               "morehead2001", "pagat", "omnibus", "pink_lady", "black_jack",
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


def test_sun_last_twelve_paid_by_passer_the_others_keep_what_they_took():
    # East took trick 1 with J♦ (−10); North took the last twelve tricks and every penalty card.
    rules = Rules.parse("openspiel,jd_bonus=true,sun=last_twelve,sun_paid_by=passer")
    taken = taken_of(ALL_HEARTS + " QS", "JD", "", "")
    assert rules.score(taken, [12, 1, 0, 0], 0, pass_direction="left") == [0, -10, 0, 52]
    assert rules.score(taken, [12, 1, 0, 0], 0, pass_direction="right") == [0, 42, 0, 0]
    assert rules.score(taken, [12, 1, 0, 0], 0, pass_direction="hold") == [0, 42, 52, 52]


# -- moon and sun options: sun_paid_by and the game-level options -------------------------

def test_sun_payers_per_pass_direction():
    rules = Rules(sun="all_tricks", sun_paid_by="passer")
    assert rules.sun_payers(Seat.N, PassDirection.LEFT) == (Seat.W,)
    assert rules.sun_payers(Seat.N, PassDirection.RIGHT) == (Seat.E,)
    assert rules.sun_payers(Seat.N, PassDirection.ACROSS) == (Seat.S,)
    assert rules.sun_payers(Seat.N, PassDirection.HOLD) == (Seat.E, Seat.S, Seat.W)
    assert rules.sun_payers(Seat.N, None) == (Seat.E, Seat.S, Seat.W)
    assert rules.sun_payers(Seat.S, "left") == (Seat.E,)
    assert Rules(sun="all_tricks").sun_payers(Seat.N, "left") == (Seat.E, Seat.S, Seat.W)


def test_parse_sun_paid_by_passer():
    rules = Rules.parse("standard,sun=all_tricks,sun_paid_by=passer")
    assert rules == Rules(sun="all_tricks", sun_paid_by="passer")
    assert rules.sun_paid_by == "passer"
    assert repr(rules) == "Rules(sun='all_tricks', sun_paid_by='passer')"
    taken = taken_of(ALL_HEARTS + " QS", "", "", "")
    assert rules.score(taken, ALL_13_TRICKS, pass_direction=PassDirection.LEFT) == [0, 0, 0, 52]
    assert rules.score(taken, ALL_13_TRICKS) == [0, 52, 52, 52]


def test_game_level_moon_and_sun_options_defaults():
    rules = Rules()
    assert rules.sun_paid_by == "all"
    assert rules.new_moon_if_old_loses is False
    assert rules.new_moon_from is None
    assert rules.berns is False
    assert rules.sun_clears_board is False
    assert rules.no_game_end_on_moon is True


GAME_LEVEL = [
    Rules(new_moon_if_old_loses=True),
    Rules(new_moon_if_old_loses=True, new_moon_from=50),
    Rules(moon="new", new_moon_from=50),
    Rules(moon="choice", new_moon_from=75),
    Rules(berns=True),
    Rules(berns=True, new_moon_from=25),
    Rules(sun="all_tricks", sun_clears_board=True),
    Rules(sun="last_twelve", sun_clears_board=True, sun_points=0),
    Rules(no_game_end_on_moon=False),
    Rules.parse("omnibus,sun=all_tricks,sun_paid_by=passer,sun_clears_board=true,berns=true,"
                "new_moon_from=60,no_game_end_on_moon=false"),
]


@pytest.mark.parametrize("rules", GAME_LEVEL, ids=repr)
def test_moon_and_sun_options_round_trip_through_repr_dict_and_text(rules):
    assert eval(repr(rules)) == rules
    assert Rules.from_dict(rules.to_dict()) == rules
    spec = ",".join(f"{k}={'none' if v is None else v}" for k, v in rules.to_dict().items())
    assert Rules.parse(spec) == rules


def test_to_dict_holds_the_moon_and_sun_options():
    data = Rules(moon="new", new_moon_from=50, sun="all_tricks", sun_paid_by="passer").to_dict()
    assert {k: data[k] for k in ("sun_paid_by", "new_moon_if_old_loses", "new_moon_from", "berns",
                                 "sun_clears_board", "no_game_end_on_moon")} == {
        "sun_paid_by": "passer", "new_moon_if_old_loses": False, "new_moon_from": 50,
        "berns": False, "sun_clears_board": False, "no_game_end_on_moon": True}


def test_repr_of_the_game_level_options():
    assert repr(Rules(berns=True, new_moon_from=50)) == "Rules(new_moon_from=50, berns=True)"
    assert repr(Rules(no_game_end_on_moon=False)) == "Rules(no_game_end_on_moon=False)"


def test_game_level_options_do_not_change_one_deals_score():
    moon = taken_of(ALL_HEARTS + " QS", "", "", "")
    for rules in (Rules(new_moon_if_old_loses=True), Rules(berns=True, new_moon_from=1),
                  Rules(no_game_end_on_moon=False)):
        assert rules.score(moon, [12, 1, 0, 0]) == [0, 26, 26, 26]
    assert Rules(moon="new", new_moon_from=50).score(moon, [12, 1, 0, 0]) == [-26, 0, 0, 0]
    sun = Rules(sun="all_tricks", sun_clears_board=True)
    assert sun.score(moon, ALL_13_TRICKS) == [0, 52, 52, 52]
    assert Rules(sun="all_tricks", sun_clears_board=True, sun_points=0).score(
        moon, ALL_13_TRICKS) == [0, 0, 0, 0]


def test_game_level_options_cannot_be_written_as_openspiel():
    with pytest.raises(RulesError, match="cannot be written as OpenSpiel parameters"):
        Rules(berns=True).to_openspiel_dict()


@pytest.mark.parametrize("spec, message", [
    ("sun=all_tricks,sun_paid_by=shooter",
     "rules option sun_paid_by='shooter': expected one of all, passer"),
    ("sun_paid_by=passer",
     "rules option sun_paid_by='passer': needs a sun (sun=all_tricks or sun=last_twelve)"),
    ("sun_clears_board=true",
     "rules option sun_clears_board=True: needs a sun (sun=all_tricks or sun=last_twelve)"),
    ("sun=all_tricks,sun_clears_board=maybe",
     "rules option sun_clears_board='maybe': expected true or false"),
    ("moon=new,new_moon_if_old_loses=true",
     "rules option new_moon_if_old_loses=True: needs moon=old (not moon=new)"),
    ("moon=choice,new_moon_if_old_loses=true",
     "rules option new_moon_if_old_loses=True: needs moon=old (not moon=choice)"),
    ("moon=none,berns=true", "rules option berns=True: needs moon=old (not moon=none)"),
    ("berns=true,new_moon_if_old_loses=true",
     "rules option berns=True: contradicts new_moon_if_old_loses=True (both decide when the "
     "old moon turns new)"),
    ("new_moon_from=50",
     "rules option new_moon_from=50: needs a new moon (moon=new or choice, "
     "new_moon_if_old_loses or berns; not moon=old alone)"),
    ("moon=none,new_moon_from=50",
     "rules option new_moon_from=50: needs a new moon (moon=new or choice, "
     "new_moon_if_old_loses or berns; not moon=none alone)"),
    ("moon=new,new_moon_from=0", "rules option new_moon_from=0: expected a positive total or none"),
    ("moon=new,new_moon_from=fifty", "rules option new_moon_from='fifty': expected an integer"),
    ("no_game_end_on_moon=2", "rules option no_game_end_on_moon='2': expected true or false"),
])
def test_bad_moon_and_sun_options_are_rejected_in_one_line(spec, message):
    with pytest.raises(RulesError) as info:
        Rules.parse(spec)
    assert str(info.value) == message


def test_constructor_checks_moon_and_sun_option_types():
    with pytest.raises(RulesError, match="^rules option berns=1: expected true or false$"):
        Rules(berns=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError,
                       match="^rules option new_moon_from=50.0: expected an integer or none$"):
        Rules(moon="new", new_moon_from=50.0)  # type: ignore[arg-type]
    with pytest.raises(RulesError,
                       match="^rules option sun_paid_by=None: expected one of all, passer$"):
        Rules(sun="all_tricks", sun_paid_by=None)  # type: ignore[arg-type]


def test_score_rejects_an_unknown_pass_direction():
    with pytest.raises(RulesError, match="^pass_direction='up': expected left, right, across, "
                                         "hold or none$"):
        Rules(sun="all_tricks").score(taken_of("", "", "", ""), [13, 0, 0, 0], pass_direction="up")


# -- sources ---------------------------------------------------------------------------------

def test_every_option_names_its_section_and_source():
    from hearts.solver.rules import OPTION_SOURCES
    assert list(OPTION_SOURCES) == list(Rules.standard().to_dict())
    for key, (section, what, source) in OPTION_SOURCES.items():
        assert section in ("Players and deck", "Passing", "Trick play", "Point cards",
                           "Moon and sun", "Game end"), key
        assert what and source, key


def test_every_preset_names_its_source():
    from hearts.solver.rules import PRESET_SOURCES
    assert tuple(PRESET_SOURCES) == Rules.presets()
    for name in ("foster1909", "culbertson1950", "morehead2001", "pagat"):
        doc = getattr(Rules, name).__doc__
        assert {"foster1909": "Foster", "culbertson1950": "Culbertson",
                "morehead2001": "Morehead", "pagat": "Pagat"}[name] in doc


def test_source_presets_take_a_player_count():
    assert Rules.pagat(5) == Rules.parse("pagat,players=5")
    assert Rules.pagat(5).name == "pagat"
    assert Rules.culbertson1950(7).name == "culbertson1950"
    assert Rules(players=5).name == "standard"


def test_target_and_reset_options():
    rules = Rules.parse("target=50,reset_at_target=true")
    assert rules.target == 50 and rules.reset_at_target
    assert repr(rules) == "Rules(target=50, reset_at_target=True)"
    with pytest.raises(RulesError, match=r"target=0: expected 1\.\.400 points"):
        Rules(target=0)
    # The game model keeps totals within ±400; a larger target reached the core and raised
    # OverflowError ("value too large to convert to int") with --scores.
    assert Rules(target=400).target == 400
    with pytest.raises(RulesError, match=r"^rules option target=2147483648: expected 1\.\.400 "
                                         r"points$"):
        Rules.parse("standard,target=2147483648")


def test_moon_void_round_trips():
    assert eval(repr(Rules(moon="void"))) == Rules(moon="void")


@pytest.mark.parametrize("text, message", [
    # the last one used to win, silently
    ("players=3,players=4", 'rules option "players" given twice: 3, then 4'),
    ("moon=new,moon=old", 'rules option "moon" given twice: new, then old'),
    # an OpenSpiel name and ours for one option: the order used to decide
    ("standard,hearts_broken_by=hearts_or_queen,qs_breaks_hearts=false",
     'rules options "hearts_broken_by" and "qs_breaks_hearts" disagree: '
     'hearts_broken_by=hearts_or_queen against hearts_broken_by=hearts'),
    ("qs_breaks_hearts=false,hearts_broken_by=hearts_or_queen",
     'rules options "qs_breaks_hearts" and "hearts_broken_by" disagree: '
     'hearts_broken_by=hearts against hearts_broken_by=hearts_or_queen'),
    ("openspiel,jd_bonus=true,bonus_card=none",
     'rules options "jd_bonus" and "bonus_card" disagree: bonus_card=JD against '
     'bonus_card=None'),
])
def test_rules_text_refuses_an_option_set_twice_differently(text, message):
    with pytest.raises(RulesError) as err:
        Rules.parse(text)
    assert str(err.value) == message


def test_rules_options_that_agree_may_repeat():
    assert Rules.parse("moon=new,moon=new") == Rules.parse("moon=new")
    assert (Rules.parse("hearts_broken_by=hearts_or_queen,qs_breaks_hearts=true")
            == Rules.parse("qs_breaks_hearts=true") == Rules.standard())
    with pytest.raises(RulesError, match="disagree"):
        Rules.from_dict({"qs_breaks_hearts": False, "hearts_broken_by": "any_penalty"})


@pytest.mark.parametrize("text, preset", [
    ("standard", "standard"), ("black_jack", "black_jack"), ("players=4", "standard"),
    # the name alone read back as 4 players: puzzles at 3 players were saved as "pagat"
    ("pagat,players=3", "pagat,players=3"), ("players=5", "standard,players=5"),
    ("moon=none", None),
])
def test_preset_text_reads_back_as_the_same_rules(text, preset):
    rules = Rules.parse(text)
    assert rules.preset_text() == preset
    if preset is not None:
        assert Rules.parse(preset) == rules


# -- the range of a deal's score ----------------------------------------------------------------

@pytest.mark.parametrize("spec, bounds", [
    ("standard", (0, 26)),
    ("omnibus", (-10, 26)),            # the shooter keeps the 10♦ (-10)
    ("pink_lady", (0, 38)),
    ("standard,moon=new", (-26, 26)),
    ("openspiel,avoid_all_tricks_bonus=true", (-5, 26)),
    ("standard,moon=none", (0, 26)),
])
def test_score_bounds_of_a_deal(spec, bounds):
    assert Rules.parse(spec).score_bounds() == bounds


@pytest.mark.parametrize("spec", [
    "standard", "omnibus", "pink_lady", "black_jack", "spot_hearts", "standard,moon=new",
    "standard,moon=choice", "omnibus,moon=void", "standard,new_moon_if_old_loses=true",
    "openspiel,jd_bonus=true,avoid_all_tricks_bonus=true", "standard,sun=all_tricks",
    "standard,sun=last_twelve,sun_points=-10", "standard,moon_points=-5",
    "standard,players=3", "pagat,players=5",
])
def test_every_score_lies_within_the_bounds(spec):
    # Every card dealt at random to the seats that won a trick, and a moon or a sun forced in
    # a third of the cases each: what score() gives stays within score_bounds().
    import random

    from hearts.solver.cards import cards_from_mask
    rules = Rules.parse(spec)
    low, high = rules.score_bounds()
    n, size = rules.players, rules.hand_size()
    counting = [c.mask for c in cards_from_mask(rules.penalty_mask())]
    rng = random.Random(spec)
    for case in range(600):
        tricks = [0] * n
        for _ in range(size):
            tricks[rng.randrange(n)] += 1
        winners = [s for s in range(n) if tricks[s]]
        taken = [0] * n
        for card in counting:
            taken[rng.choice(winners)] |= card
        shooter = rng.randrange(n)
        if case % 3 == 1:                       # a moon
            taken = [t & ~rules.moon_mask() for t in taken]
            taken[shooter] |= rules.moon_mask()
            tricks = [size - 1 if s == shooter else 0 for s in range(n)]
            tricks[(shooter + 1) % n] = 1
        elif case % 3 == 2:                     # a sun
            taken = [0] * n
            taken[shooter] = sum(counting)
            tricks = [size if s == shooter else 0 for s in range(n)]
        # the game layer scores a new moon only where the rules let it
        new = rules.moon in ("new", "choice") or rules.new_moon_if_old_loses
        for moon in (None, "new") if new else (None,):
            for score in rules.score(taken, tricks, pass_direction=1, moon=moon):
                assert low <= score <= high, (spec, taken, tricks, moon)
