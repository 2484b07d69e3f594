"""The settings are values (``Limit``, ``Sampling``: frozen, checked once, a repr that makes
them again), and the results are snapshots with one lookup, ``result[card]``."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from conftest import DATA, error_line, run_hearts

from hearts.analysis import (ClusterError, Limit, Sampling, SettingsError, advise, moon_odds,
                             rate_passes)
from hearts.analysis.parallel import default_threads
from hearts.solver import Card, Deal, Position, Seat, Solver, SolverError, solve

# README's endgame: South to move with 5 tricks left; paranoid values 3C 5C 9S 7, 6D 2S 8.
DEAL = "N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 AKT654.8.KT.KJ97"
PLAYED = ("2C AC KC QC QS AS AH 8S TD 9D 2D 4D KD 3D QD JD "
          "TS 8D 7S 3S 7C QH TC 6C 7H 9H 8H 6H JS 6S 7D KH")


# -- Limit ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("limit, text", [
    (Limit(), "Limit()"),
    (Limit(nodes=5000), "Limit(nodes=5000)"),
    (Limit(time_ms=250), "Limit(time_ms=250.0)"),
    (Limit(nodes=1, time_ms=0.5), "Limit(nodes=1, time_ms=0.5)"),
])
def test_a_limit_is_its_repr(limit, text):
    assert repr(limit) == text
    assert eval(text, {"Limit": Limit}) == limit


def test_a_limit_is_frozen_and_keeps_plain_numbers():
    limit = Limit(nodes=np.int64(7), time_ms=np.float32(2.5))
    assert (limit.nodes, limit.time_ms) == (7, 2.5)
    assert type(limit.nodes) is int and type(limit.time_ms) is float
    with pytest.raises(dataclasses.FrozenInstanceError):
        limit.nodes = 3                                 # type: ignore[misc]
    assert Limit().unlimited and not limit.unlimited


def test_limit_of_takes_a_limit_or_none_and_names_anything_else():
    limit = Limit(nodes=9)
    assert Limit.of(limit) is limit and Limit.of(None) == Limit()
    with pytest.raises(SolverError) as info:
        Limit.of(2000)
    assert info.value.argument == "limit"


# -- Sampling ------------------------------------------------------------------------------------

@pytest.mark.parametrize("sampling, text", [
    (Sampling(100), "Sampling(100)"),
    (Sampling(64, seed=7, threads=2), "Sampling(64, seed=7, threads=2)"),
    (Sampling(8, scheduler="tcp://127.0.0.1:8786"), "Sampling(8, scheduler='tcp://127.0.0.1:8786')"),
])
def test_a_sampling_is_its_repr(sampling, text):
    assert repr(sampling) == text
    assert eval(text, {"Sampling": Sampling}) == sampling


@pytest.mark.parametrize("kwargs, argument, message", [
    ({"samples": 0}, "samples", "samples must be at least 1, got 0"),
    ({"samples": 2.5}, "samples", "samples must be a whole number, got 2.5"),
    ({"samples": True}, "samples", "samples must be a whole number, got True"),
    ({"samples": 9, "seed": -1}, "seed", "seed must be at least 0, got -1"),
    ({"samples": 9, "threads": 0}, "threads", "threads must be at least 1, got 0"),
    ({"samples": 9, "threads": "2"}, "threads", "threads must be a whole number, got '2'"),
])
def test_a_bad_sampling_names_its_setting(kwargs, argument, message):
    with pytest.raises(SettingsError) as info:
        Sampling(**kwargs)
    assert (str(info.value), info.value.argument) == (message, argument)


def test_a_scheduler_address_is_checked_when_the_sampling_is_made():
    with pytest.raises(ClusterError, match="expected tcp://HOST:PORT"):
        Sampling(10, scheduler="localhost:8786")


def test_threads_none_is_every_core():
    assert Sampling(5).workers == default_threads() and Sampling(5, threads=3).workers == 3
    assert Sampling(np.int64(5)).samples == 5 and type(Sampling(np.int64(5)).samples) is int


def test_the_analyses_take_only_settings_values():
    # A bare number where a value is taken is one error naming the argument, not a
    # TypeError from inside the analysis.
    with pytest.raises(SettingsError, match="sampling must be a Sampling") as info:
        moon_odds("AKQ.AKQJ98.AK.A2", sampling=50)           # type: ignore[arg-type]
    assert info.value.argument == "sampling"
    with pytest.raises(SolverError, match="limit must be a Limit"):
        moon_odds("AKQ.AKQJ98.AK.A2", sampling=Sampling(1), limit=2000)  # type: ignore[arg-type]
    with pytest.raises(Exception, match="pass rating takes a node limit only") as info:
        rate_passes("AKQ5.5432.432.32", "left", limit=Limit(time_ms=100))
    assert info.value.argument == "limit"


@pytest.mark.parametrize("args, line", [
    (["solve", "example", "--nodes", str(2**62 + 1)],
     f"error: --nodes must be a whole number 1..2**62, got {2**62 + 1}"),
    (["annotate", str(DATA / "records" / "xinxin-train-1.hgn"), "--mode", "fair", "--threads", "0"],
     "error: --threads must be at least 1, got 0"),
])
def test_the_command_names_its_option_in_a_settings_error(args, line):
    assert error_line(run_hearts(*args)) == line


# -- results: snapshots with one lookup ------------------------------------------------------------

def test_a_solve_result_does_not_change_when_the_position_plays_on():
    # A stopped search: its unvalued cards were read from the live position, so playing on
    # changed a result already returned.
    position = Position(Deal.random(2), played="2C")
    result = Solver().solve_position(position, limit=Limit(nodes=2000))
    assert not result.complete and result.unvalued
    before = (result.to_json(), repr(result), result.unvalued)
    for _ in range(6):
        position.play(position.legal_moves()[-1])
    assert (result.to_json(), repr(result), result.unvalued) == before
    assert not hasattr(result, "position")


def test_a_complete_result_does_not_change_when_the_position_plays_on():
    position = Position(Deal(DEAL), played=PLAYED)
    result = Solver().solve_position(position)
    before = result.to_json()
    position.play("2S")
    assert result.to_json() == before and result.seat == Seat.S and result["2S"].value == 8


def test_result_card_is_the_entry_of_any_card_of_its_class():
    result = solve(DEAL, PLAYED)
    assert result["2S"] is result[Card("2S")] and result["2S"].value == 8
    assert "3C" in result and "QS" not in result
    with pytest.raises(KeyError, match=r"QS is not a legal card here \(the legal cards: "
                                       r"3C 5C 6D 2S 9S\)"):
        result["QS"]
    maxn = solve(DEAL, PLAYED + " 5C JC", model="maxn")
    assert [str(c) for c in maxn.best.equals] == ["4H", "5H", "TH", "JH"]
    assert maxn["JH"] is maxn["3H"] is maxn.best
    with pytest.raises(TypeError):
        iter(result)                                     # a lookup, not a sequence


def test_a_card_a_limit_left_without_a_value_says_so():
    result = solve(Deal.random(2), "2C", limit=Limit(nodes=2000))
    card = result.unvalued[0]
    with pytest.raises(KeyError, match=f"{card} has no value: a limit stopped the search"):
        result[card]


def test_advice_card_is_the_card_advice_of_its_class():
    advice = advise(Position(Deal(DEAL), played=PLAYED), sampling=Sampling(4, threads=1),
                    moon=False, early_stop=False)
    assert {str(c.card) for c in advice.cards} >= {"6D", "2S"}
    assert advice["2S"].card == Card("2S") and advice["2S"] is advice[Card("2S")]
    assert advice["2S"].mean == sum(advice["2S"].values) / 4
    with pytest.raises(KeyError, match="QS is not a legal card here"):
        advice["QS"]
