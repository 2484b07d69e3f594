"""Moon odds of a hand and moon watch in a game (``hearts.analysis.moon``, ``hearts moon``).

Hands with a known answer: thirteen sure winners shoot in every deal (1.0); a hand of 2s, 3s
and 4s never can (0.0); and all thirteen hearts never can either -- the hand cannot win a
trick in another suit, so it never takes Q♠ (nor even the lead).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hearts.analysis.cli import app
from hearts.analysis.errors import InconsistentRecordError
from hearts.analysis.knowledge import Knowledge
from hearts.analysis.moon import MoonError, moon_odds, moon_watch, wilson_interval
from hearts.analysis.settings import Sampling
from hearts.solver import Limit, Position, Rules, Seat

DATA = Path(__file__).parent / "data"
RECORD = DATA / "records" / "xinxin-train-1.hgn"
SURE_MOON = "A.AKQJT987.AK.AK"      # 13 top cards: wins every trick
NO_MOON = "432.432.432.5432"
ALL_HEARTS = ".AKQJT98765432.."


def moon_position(line: int) -> tuple[Position, dict]:
    data = json.loads((DATA / "solved" / "moon-positions.jsonl").read_text().splitlines()[line])
    return Position(data["deal"], Rules.standard(), data["played"]), data


# -- Wilson interval ------------------------------------------------------------------------

def test_wilson_interval_known_values():
    # 0 of 10: upper end z^2 / (n + z^2) = 3.8415 / 13.8415.
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.27753, abs=1e-4)
    low, high = wilson_interval(10, 10)
    assert high == 1.0 and low == pytest.approx(1 - 0.27753, abs=1e-4)
    # 50 of 100: 0.5 ± 0.0963 (centre exactly 0.5).
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.40383, abs=1e-4) and high == pytest.approx(0.59617, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


# -- hands with a known answer --------------------------------------------------------------

def test_thirteen_sure_winners_shoot_in_every_deal():
    odds = moon_odds(SURE_MOON, sampling=Sampling(40, seed=0, threads=1))
    assert (odds.shoots, odds.cannot, odds.unfinished) == (40, 0, 0)
    assert odds.probability == 1.0 and odds.interval[1] == 1.0


def test_a_hand_of_twos_threes_and_fours_never_shoots():
    odds = moon_odds(NO_MOON, sampling=Sampling(40, seed=0, threads=1))
    assert (odds.shoots, odds.cannot) == (0, 40) and odds.probability == 0.0


def test_all_thirteen_hearts_never_shoot():
    odds = moon_odds(ALL_HEARTS, sampling=Sampling(40, seed=0, threads=1))
    assert odds.probability == 0.0


def test_a_card_list_is_read_like_pbn():
    listed = moon_odds("AS AH KH QH JH TH 9H 8H 7H AD KD AC KC", sampling=Sampling(5, threads=1))
    assert listed.hand == moon_odds(SURE_MOON, sampling=Sampling(5, threads=1)).hand


def test_same_seed_same_counts_whatever_the_threads():
    hand = "AK.AKQJ7.AKQ.AK2"   # a strong hand that sometimes fails
    # No time limit: a loaded machine must not turn a search into "unfinished".
    one = moon_odds(hand, sampling=Sampling(20, seed=2, threads=1), limit=Limit())
    two = moon_odds(hand, sampling=Sampling(20, seed=2, threads=2), limit=Limit())
    assert (one.shoots, one.cannot, one.unfinished) == (two.shoots, two.cannot, 0)
    assert 0 < one.shoots < 20


def test_after_a_pass_the_passed_cards_lie_with_the_receiver():
    odds = moon_odds("AKQ.AKQJ98.AK.A2", sampling=Sampling(10, seed=0, threads=1),
                     pass_direction="left", passed="2S 3D 4C", received="AH KH 8H")
    assert str(odds.pass_direction) == "left" and len(odds.passed) == 3
    # 39 unseen cards, the 3 passed ones fixed with the receiver (West): 36!/(10! 13! 13!).
    assert odds.deals == 2_643_695_814_513_600


def test_bad_hands_and_passes_raise():
    with pytest.raises(InconsistentRecordError, match="12 cards"):
        moon_odds("AKQ.AKQJ98.AK.A", sampling=Sampling(1))
    with pytest.raises(InconsistentRecordError, match="twice"):
        moon_odds("AS AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S", sampling=Sampling(1))
    with pytest.raises(InconsistentRecordError, match="hold deal"):
        moon_odds(SURE_MOON, sampling=Sampling(1), pass_direction="hold", passed="2S 3S 4S",
                  received="AS KS QS")
    with pytest.raises(MoonError, match="no moon"):
        moon_odds(SURE_MOON, sampling=Sampling(1), rules=Rules.parse("standard,moon=none"))


# -- moon watch -----------------------------------------------------------------------------

def test_moon_watch_west_on_track_and_unstoppable():
    # moon-positions line 3: West has all 23 points so far and shoots by leading QH.
    position, data = moon_position(2)
    watch = moon_watch(position)
    assert watch.on_track == Seat.W and watch.takers == (Seat.W,)
    assert watch.open == {Seat.W: True}
    view = Knowledge.from_position(position, Seat.N)
    sampled = moon_watch(position, view=view, sampling=Sampling(20, seed=0, threads=1))
    shoots, cannot, unfinished = sampled.sampled
    assert shoots + cannot + unfinished == 20 and shoots > 0


def test_moon_watch_in_a_record_west_can_still_be_stopped():
    # xinxin train game 1 after trick 5: West has taken QS and a heart (14), nobody else any.
    from hearts.analysis.cli.options import load_record_position
    _, _, position = load_record_position(str(RECORD), 1, 20)
    watch = moon_watch(position)
    assert watch.on_track == Seat.W and watch.points[Seat.W] == 14
    assert watch.open == {Seat.W: False}


# -- the command ----------------------------------------------------------------------------

def _run(*args: str):
    try:
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        runner = CliRunner()
    return runner.invoke(app, list(args))


def test_moon_command_prints_probability_and_wilson_interval():
    result = _run("moon", SURE_MOON, "--samples", "20", "--threads", "1")
    assert result.exit_code == 0, result.stderr
    assert "P(moon) = 100.0%" in result.stdout and "Wilson" in result.stdout
    assert "unfinished 0" in result.stdout


def test_moon_command_json():
    result = _run("moon", NO_MOON, "--samples", "20", "--seed", "5", "--json", "--threads", "1")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["model"] == "moon" and data["probability"] == 0.0 and data["seed"] == 5
    assert data["samples"] == 20 and data["unfinished"] == 0 and data["interval95"][0] == 0.0


def test_moon_watch_command_on_a_record():
    result = _run("moon", "--record", str(RECORD), "--at", "20", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["on_track"] == "W" and data["open"] == {"W": False}


def test_moon_watch_with_a_view_before_any_penalty_card_estimates_the_seat_itself():
    # Nobody on track: --seat and -n were ignored without a word. With a view, the estimate
    # is the view's own chance to shoot.
    result = _run("moon", "--record", str(RECORD), "--at", "0", "--seat", "S", "-n", "5",
                  "--threads", "1")
    assert result.exit_code == 0, result.stderr
    text = " ".join(result.stdout.split())
    assert "no penalty card taken yet" in text
    assert ("from South's view (5 sampled deals, seed 0): South can still shoot in 0.0% "
            "(95% Wilson 0.0%–43.4%; unfinished 0)") in text
    data = json.loads(_run("moon", "--record", str(RECORD), "--at", "0", "--seat", "S", "-n",
                           "5", "--threads", "1", "--json").stdout)
    assert data["on_track"] is None
    assert {k: data["sampled"][k] for k in ("view", "shooter", "samples", "shoots", "cannot")} \
        == {"view": "S", "shooter": "S", "samples": 5, "shoots": 0, "cannot": 5}


def test_moon_watch_with_a_view_when_nobody_can_shoot_says_so():
    # after 24 plays East and West have both taken penalty cards
    result = _run("moon", "--record", str(RECORD), "--at", "24", "--seat", "N", "-n", "5")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-2:] == [
        "nobody can shoot: East and West have both taken penalty cards",
        "no estimate from North's view: nobody can shoot"]
    data = json.loads(_run("moon", "--record", str(RECORD), "--at", "24", "--seat", "N",
                           "--json").stdout)
    assert data["takers"] == ["E", "W"] and data["sampled"] is None


def test_moon_watch_api_samples_the_view_seat_when_nobody_is_on_track():
    import io

    from rich.console import Console

    from hearts.analysis.cli.moon import _print_watch
    from hearts.analysis.cli.options import load_record_position
    _, _, position = load_record_position(str(RECORD), 1, 0)
    # North: seat 0, which a test of truth would take for "no seat"
    watch = moon_watch(position, view=Knowledge.from_position(position, Seat.N),
                       sampling=Sampling(3, threads=1))
    assert watch.on_track is None and watch.view == Seat.N and watch.shooter == Seat.N
    assert sum(watch.sampled) == 3
    assert watch.to_json()["sampled"]["shooter"] == "N"
    text = io.StringIO()
    _print_watch(Console(file=text, width=200), watch, "test")
    assert "from North's view (3 sampled deals, seed 0): North can still shoot in" in \
        text.getvalue()


def test_moon_watch_counts_one_play_as_a_play():
    result = _run("moon", "--record", str(RECORD), "--at", "1")
    assert result.exit_code == 0, result.stderr
    assert "after 1 play points taken" in " ".join(result.stdout.split())


def test_moon_odds_counts_one_unfinished_sample_as_a_sample():
    import io

    from rich.console import Console

    from hearts.analysis.cli.moon import _print_odds
    from hearts.analysis.moon import MoonOdds
    from hearts.solver.hand import Hand
    odds = MoonOdds(Seat.S, Hand(SURE_MOON), None, Hand("..."), Hand("..."), Rules.standard(), 2,
                    0, 1, 1, 0, Limit(time_ms=1.0), 1, 1, 1.0)
    out = io.StringIO()
    _print_odds(Console(file=out, width=200), odds)
    assert ("1 sample hit the time limit (left out); counted as moons, P(moon) is at most "
            "50.0%") in out.getvalue()


@pytest.mark.parametrize("args, message", [
    (("moon", "AKQ.AKQJ98.AK.A"), "12 cards"),
    (("moon", "AKQ.AKQJ98.AK.A2 3C"), "error"),
    (("moon", "AS AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"), "given twice"),
    (("moon", SURE_MOON, "--after-pass", "hold", "--passed", "2S 3S 4S", "--received",
      "AS KS QS"), "hold deal"),
    (("moon", "AKQ.AKQJ98.AK.A2", "--rules", "standard,pass_scheme=hold", "--after-pass", "left",
      "--passed", "2S 3D 4C", "--received", "AH KH 8H"), "hold deal"),
    (("moon", SURE_MOON, "--passed", "2S 3S 4S"), "--after-pass"),
    (("moon", SURE_MOON, "--rules", "standard,moon=none"), "no moon"),
    (("moon", "AKQ.AKQJ98.AK.A2", "--after-pass", "sideways"), "error"),
    (("moon",), "missing HAND"),
    (("moon", "--record", str(RECORD)), "deal 1 is over after 52 plays: give --at 0..51"),
])
def test_moon_bad_input_gives_one_error_line_and_exit_2(args, message):
    result = _run(*args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]


@pytest.mark.parametrize("passed, received, message", [
    # It was "South passed QS KS AS but holds it at the start of play".
    ("AS KS QS", "7H 6H 5H", "South passed AS KS QS but holds them at the start of play"),
    ("2C 3C 4C", "7H 6H 5H", "South passed 2C but holds it at the start of play"),
    ("2D 3C 4C", "AH 6H 5H", "South received 6H 5H but does not hold them at the start of play"),
    ("2D 3C XC", "AH KH QH", 'unknown card "XC"'),
])
def test_moon_after_pass_names_the_wrong_cards_in_the_order_given(passed, received, message):
    result = _run("moon", "AKQ.AKQJ98.AK.A2", "--after-pass", "left", "--passed", passed,
                  "--received", received, "--samples", "2")
    assert result.exit_code == 2
    line, = result.stderr.strip().splitlines()
    assert line.startswith("error: ") and message in line, line


@pytest.mark.parametrize("extra, named", [
    (["-n", "20"], "--samples has"),
    (["-n", "20", "--seed", "3"], "--samples, --seed have"),
    (["--threads", "1"], "--threads has"),
])
def test_moon_watch_refuses_sampling_options_without_a_seat(extra, named):
    # they were silently ignored: without --seat the watch is exact on open hands
    result = _run("moon", "--record", str(RECORD), "--at", "8", *extra)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == (f"error: {named} no effect without --seat: a moon watch "
                                     f"samples only from a seat's view")


# -- moon watch at other tables -------------------------------------------------------------

THREE_DEAL = "A:AK73.KJ84.T95.AJT876 J84.AT932.J8632.K954 QT9652.Q765.AKQ74.Q3"
FIVE_DEAL = "A:AJ.3.KT8.AK96 QT.42.Q94.Q84 74.A9765.J.T5 986.KJT.753.3 K532.Q8.A6.J7"
# Five tricks: E has taken 6 points (JH QH 3H 4H 9H TH), nobody else any.
FIVE_PLAYED = "3C 7C KC QC TC 9C 4C 5C JH JC QH 3H 4H 9H TH AD KD 4D JD 7D 6D 8D 9D 4S 3D"


THREE_WATCH = [
    "moon watch open position  after 1 play",
    "points taken A 0  B 0  C 0",
    "model moon: can the seat still take every penalty card against the best defence?",
    "no penalty card taken yet; open hands, can each seat still shoot?",
    "  Player A: no",
    "  Player B: no",
    "  Player C: no"]
FIVE_WATCH = [
    "moon watch open position  after 25 plays",
    "points taken A 0  B 0  C 0  D 0  E 6",
    "model moon: can the seat still take every penalty card against the best defence?",
    "Player E is on track: the only seat with penalty cards (6 points so far)",
    "open hands: Player E can still shoot: no (the others can still stop it)"]


# At 3 it was an IndexError (the seats looped over N, E, S, W); at 5 it printed "points taken
# N 0  E 0  S 0  W 0" and "North: no … West: no", the fifth seat, with 6 points, never looked
# at. Without --rules it was "the deal has 3 hands, the rules are for 4 players", where
# hearts solve reads the table from the deal.
@pytest.mark.parametrize("deal, played, rules, lines, found", [
    (THREE_DEAL, "3C", ["--rules", "players=3"], THREE_WATCH,
     ([0, 0, 0], [], None, {"A": False, "B": False, "C": False})),
    (THREE_DEAL, "3C", [], THREE_WATCH,
     ([0, 0, 0], [], None, {"A": False, "B": False, "C": False})),
    (FIVE_DEAL, FIVE_PLAYED, ["--rules", "players=5"], FIVE_WATCH,
     ([0, 0, 0, 0, 6], ["E"], "E", {"E": False})),
    (FIVE_DEAL, FIVE_PLAYED, [], FIVE_WATCH, ([0, 0, 0, 0, 6], ["E"], "E", {"E": False})),
])
def test_moon_watch_at_another_table_checks_its_seats(deal, played, rules, lines, found):
    result = _run("moon", "--position", deal, "--played", played, *rules)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == lines
    data = json.loads(_run("moon", "--position", deal, "--played", played, *rules,
                           "--json").stdout)
    assert (data["points"], data["takers"], data["on_track"], data["open"]) == found


def test_moon_watch_api_at_a_table_of_five_uses_the_tables_seats():
    position = Position(FIVE_DEAL, Rules(players=5), FIVE_PLAYED)
    watch = moon_watch(position)
    assert (watch.players, watch.points, watch.takers, watch.on_track, watch.open) == (
        5, (0, 0, 0, 0, 6), (4,), 4, {4: False})


@pytest.mark.parametrize("seat", ["B", "N", "X"])
def test_moon_watch_from_a_seats_view_is_refused_at_a_table_of_five(seat):
    # a seat's view (the deal sampler) is modelled for 4 players: "B" was "unknown seat 'B'
    # (seats N, E, S, W)", "N" the sampler's "rules option players=5"
    result = _run("moon", "--position", FIVE_DEAL, "--played", FIVE_PLAYED, "--seat", seat)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == ("error: --seat at a table of 5: a seat's view is sampled for 4 "
                             "players only (without --seat the moon watch checks the open "
                             "hands)\n")
