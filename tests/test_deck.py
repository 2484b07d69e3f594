"""Card removal per source and player count, and the kitty (``docs/rules.md`` "Players and deck").

Sources: Foster 1909, Culbertson 1950, Morehead 2001, the Pagat sheet; Morehead 2001's kitty.
"""
from __future__ import annotations

import pytest

from hearts.solver import Rules, RulesError
from hearts.solver.cards import DECK_MASK


def removed(reading: str, players: int) -> str:
    return " ".join(map(str, Rules(players=players, card_removal=reading).removed_cards()))


# -- Foster 1909 ---------------------------------------------------------------------------------

def test_foster1909_three_players_remove_the_two_of_spades():
    assert removed("foster1909", 3) == "2S"


def test_foster1909_five_players_remove_two_of_clubs_and_two_of_spades():
    assert removed("foster1909", 5) == "2C 2S"


def test_foster1909_six_players_remove_all_four_twos():
    assert removed("foster1909", 6) == "2C 2D 2H 2S"


def test_foster1909_gives_no_seven_player_rule():
    with pytest.raises(RulesError, match="card_removal=foster1909: the source gives no rule for "
                                         r"7 players \(use culbertson1950, pagat, kitty\)"):
        Rules(players=7, card_removal="foster1909")


# -- Culbertson 1950 -----------------------------------------------------------------------------

def test_culbertson1950_three_players_remove_the_two_of_clubs():
    assert removed("culbertson1950", 3) == "2C"


def test_culbertson1950_five_players_remove_two_of_clubs_and_diamonds():
    assert removed("culbertson1950", 5) == "2C 2D"


def test_culbertson1950_six_players_remove_the_twos_in_order_clubs_diamonds_spades_hearts():
    assert removed("culbertson1950", 6) == "2C 2D 2S 2H"


def test_culbertson1950_seven_players_remove_two_of_clubs_diamonds_spades():
    assert removed("culbertson1950", 7) == "2C 2D 2S"


# -- Morehead 2001 -------------------------------------------------------------------------------

def test_morehead2001_three_players_remove_the_two_of_clubs():
    assert removed("morehead2001", 3) == "2C"


def test_morehead2001_five_players_remove_two_of_clubs_and_diamonds():
    assert removed("morehead2001", 5) == "2C 2D"


def test_morehead2001_six_players_remove_two_of_clubs_diamonds_three_of_clubs_two_of_spades():
    assert removed("morehead2001", 6) == "2C 2D 3C 2S"


def test_morehead2001_covers_three_to_six_players_only():
    with pytest.raises(RulesError, match="card_removal=morehead2001: the source gives no rule "
                                         "for 7 players"):
        Rules(players=7)


# -- Pagat ---------------------------------------------------------------------------------------

def test_pagat_three_players_remove_the_two_of_diamonds_17_each():
    rules = Rules(players=3, card_removal="pagat")
    assert removed("pagat", 3) == "2D"
    assert rules.hand_size() == 17


def test_pagat_five_players_remove_two_of_diamonds_and_clubs_10_each():
    assert removed("pagat", 5) == "2D 2C"
    assert Rules(players=5, card_removal="pagat").hand_size() == 10


def test_pagat_six_players_remove_2d_3d_3c_4c_8_each():
    assert removed("pagat", 6) == "2D 3D 3C 4C"
    assert Rules(players=6, card_removal="pagat").hand_size() == 8


def test_pagat_seven_players_remove_2d_3d_3c_7_each():
    assert removed("pagat", 7) == "2D 3D 3C"
    assert Rules(players=7, card_removal="pagat").hand_size() == 7


# -- four players, the kitty, the deck ------------------------------------------------------------

@pytest.mark.parametrize("reading", ["foster1909", "culbertson1950", "morehead2001", "pagat",
                                     "kitty"])
def test_four_players_remove_no_card(reading):
    rules = Rules(card_removal=reading)
    assert rules.removed_cards() == ()
    assert rules.deck() == DECK_MASK
    assert rules.kitty_size() == 0


@pytest.mark.parametrize("players, kitty", [(3, 1), (5, 2), (6, 4), (7, 3)])
def test_kitty_holds_the_leftover_cards(players, kitty):
    rules = Rules(players=players, card_removal="kitty")
    assert rules.removed_cards() == ()
    assert rules.deck() == DECK_MASK
    assert rules.kitty_size() == kitty
    assert rules.hand_size() * players + kitty == 52


def test_kitty_seen_needs_the_kitty():
    with pytest.raises(RulesError, match="kitty_seen=True: needs card_removal=kitty"):
        Rules(players=5, kitty_seen=True)
    assert Rules(players=5, card_removal="kitty", kitty_seen=True).kitty_seen


def test_removed_two_of_hearts_is_out_of_play_and_the_moon_is_25():
    rules = Rules(players=6, card_removal="culbertson1950")
    assert rules.card_points("2H") == 0
    assert rules.total_positive_points() == 25
    assert rules.moon_award() == 25


def test_deck_less_the_removed_cards():
    rules = Rules(players=5, card_removal="pagat")
    assert bin(rules.deck()).count("1") == 50


def test_unknown_card_removal_names_the_readings():
    with pytest.raises(RulesError, match="card_removal='hoyle': expected one of foster1909, "
                                         "culbertson1950, morehead2001, pagat, kitty"):
        Rules(players=5, card_removal="hoyle")


def test_source_presets_carry_their_removal():
    assert Rules.parse("foster1909,players=5").removed_cards() == Rules(
        players=5, card_removal="foster1909").removed_cards()
    assert Rules.pagat(6).card_removal == "pagat"
    assert Rules.culbertson1950(7).removed_cards() == Rules(
        players=7, card_removal="culbertson1950").removed_cards()
    assert Rules.morehead2001() == Rules.standard()
