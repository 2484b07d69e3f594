"""Forked games (``hearts.analysis.forks`` and ``bench_strength.py --shadow``): where the field
replays exactly (our rule bots), a shadow bot's forked game must be the very game it plays in
a plain run, whether it first differs at the pass or in the play."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts.analysis.bots import RandomBot, RuleBot, WithPass, play_deal
from hearts.analysis.forks import PASS, Divergence, ShadowBot
from hearts.solver import Card, Rules
from hearts.solver.errors import IllegalPlayError
from hearts.solver.seats import PassDirection, Seat

def _games(path: Path) -> dict[tuple, dict]:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    return {(g["deal"], g["seat"], g["bot"]): g for g in lines}


@pytest.mark.parametrize("pass_by", ["policy", "own"])
def test_a_fork_is_the_game_the_shadow_plays_in_full(bench, tmp_path, capsys, pass_by):
    # policy: both bots pass alike and first differ in the play; own: the random bot passes
    # at random, so the smoking rule bot's forks begin at the pass
    common = ["--opponent", "rule", "--deals", "3", "--seed", "4", "--pass-by", pass_by]
    forked, plain = tmp_path / "forked.jsonl", tmp_path / "plain.jsonl"
    assert bench.main(common + ["--bots", "random", "--shadow", "smoke", "--out",
                                str(forked), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert bench.main(common + ["--bots", "smoke", "--out", str(plain)]) == 0
    forks, games = _games(forked), _games(plain)
    shadow = {k: g for k, g in forks.items() if g["bot"] == "smoke"}
    assert len(shadow) == 12
    for key, g in shadow.items():
        assert g["fork"]["of"] == "random"
        assert (g["points"], g["actions"]) == (games[key]["points"], games[key]["actions"])
        assert [len(xs) for xs in g["seconds"]] == [13] * 4
    ats = [g["fork"]["at"] for g in shadow.values()]
    if pass_by == "own":
        assert set(ats) == {PASS} | ({None} if "hold" in {g["direction"] for g in
                                                          shadow.values()} else set())
    else:
        assert all(a is None or a >= 0 for a in ats) and any(a for a in ats)
    f = report["forks"]["smoke"]
    assert (f["of"], f["seat_games"], f["forked"]) == ("random", 12, sum(
        1 for a in ats if a is not None))
    # the forks' paired difference is the plain runs' difference, game for game
    random_points = {(d, s): g["points"][Seat[s]] for (d, s, b), g in forks.items()
                     if b == "random"}
    diffs = [sum(games[(d, s, "smoke")]["points"][Seat[s]] - random_points[(d, s)]
                 for s in "NESW") / 4 for d in range(3)]
    assert f["vs"]["difference"] == pytest.approx(sum(diffs) / 3)


def test_a_shadow_that_plays_alike_never_forks(bench):
    dealt, direction = next(iter(_deals(bench)))
    plain = play_deal(dealt, direction, [RuleBot(smoke=True)] * 4, Rules.openspiel(), (5,))
    twin = ShadowBot(RuleBot("smoke", smoke=True), [RuleBot("twin", smoke=True)])
    game = play_deal(dealt, direction, [twin] + [RuleBot(smoke=True)] * 3, Rules.openspiel(),
                     (5,))
    assert twin.diverged == {} and len(twin.seconds["twin"]) == 13
    assert (game.points, game.plays) == (plain.points, plain.plays)


def test_the_divergence_is_the_first_card_the_shadow_would_play_otherwise(bench):
    for dealt, direction in _deals(bench):
        smoke = ShadowBot(RuleBot("smoke", smoke=True), [RuleBot()])
        field = [RuleBot()] * 3
        game = play_deal(dealt, direction, [smoke, *field], Rules.openspiel(), (1,))
        split = smoke.diverged.get("rule")
        alone = play_deal(dealt, direction, [RuleBot(), *field], Rules.openspiel(), (1,))
        if split is None:
            assert alone.plays == game.plays
            continue
        assert isinstance(split, Divergence) and split.at >= 0
        assert game.plays[:split.at] == alone.plays[:split.at]
        assert (alone.plays[split.at], game.plays[split.at]) == (split.choice, split.played)
        assert split.trick == split.at // 4 + 1 and game.plays[split.at] != split.choice
        return
    pytest.fail("the smoking lead never differed from the rule bot's in 8 deals")


class _Fickle:
    """A bot that does not replay: its second answer to the same question differs."""

    name = "fickle"

    def __init__(self) -> None:
        self.asked: dict[tuple, int] = {}

    def choose_pass(self, seat, hand, direction, rules, key):
        return RuleBot().choose_pass(seat, hand, direction, rules, key)

    def choose_play(self, position, knowledge, key):
        legal = sorted(position.legal_moves(), key=lambda c: c.bit)
        n = self.asked[key] = self.asked.get(key, -1) + 1
        return legal[-1] if n == 0 and len(legal) > 1 else legal[0]


def test_a_bot_that_does_not_replay_stops_the_run(bench):
    from hearts.analysis.referee import EngineMismatchError
    dealt, direction = next(iter(_deals(bench)))
    fickle = _Fickle()
    shadowed = ShadowBot(RuleBot(), [fickle])
    field = RuleBot()
    game = play_deal(dealt, direction, [shadowed, field, field, field], Rules.openspiel(), (0,))
    assert "fickle" in shadowed.diverged

    def play(dealt, direction, seats, key, **fork):
        return play_deal(dealt, direction, seats, Rules.openspiel(), key, **fork)
    expected = {"rule": {}, "fickle": {}}
    with pytest.raises(EngineMismatchError, match="does not replay"):
        bench.forked_lines(0, Seat.N, game, shadowed, [fickle], field, play, dealt, direction,
                           expected)


def test_a_fork_must_start_with_legal_cards(bench):
    dealt, _ = next(iter(_deals(bench)))
    wrong = list(map(Card, ("3C", "2C")))          # the 2♣ leads trick 1
    with pytest.raises(IllegalPlayError,
                       match=r"^play 1 of the given start, 3C for (\w+): \1 must lead 2C$"):
        play_deal(dealt, PassDirection.HOLD, [RuleBot()] * 4, Rules.openspiel(), (0,),
                  start=wrong)


def test_shadow_options_are_checked(bench):
    for argv in (["--bots", "rule,advice", "--shadow", "smoke"],
                 ["--bots", "advice", "--shadow", "advice"],
                 ["--bots", "advice", "--shadow", "smoke,smoke"]):
        with pytest.raises(SystemExit):
            bench.parse_args(argv)
    with pytest.raises(ValueError, match="distinct names"):
        ShadowBot(WithPass(RuleBot(), RuleBot()), [RandomBot("rule")])


def _deals(bench):
    return bench.seeded_deals(8, 11)
