"""The strength harness's results files: one JSON line a game, resumable, shardable, merged
(``benchmarks/bench_strength.py``; the rule-bot field, so no OpenSpiel is needed)."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from hearts.analysis.engine import DEFAULT_ENGINE
from hearts.analysis.inference import MIMIC


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


RANDOM = ["--opponent", "rule", "--bots", "random", "--deals", "2"]


def test_one_line_per_game_with_the_settings(bench, tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    assert bench.main(RANDOM + ["--out", str(out), "--json"]) == 0
    games = _lines(out)
    # Per deal: the field alone, then the random bot in each of the four seats.
    assert [(g["deal"], g["seat"], g["bot"]) for g in games] == [
        (0, None, "rule"), (0, "N", "random"), (0, "E", "random"), (0, "S", "random"),
        (0, "W", "random"), (1, None, "rule"), (1, "N", "random"), (1, "E", "random"),
        (1, "S", "random"), (1, "W", "random")]
    for g in games:
        assert sum(g["points"]) in (26, 78)
        assert [len(xs) for xs in g["seconds"]] == [13, 13, 13, 13]
        assert g["settings"]["opponent"] == "rule" and g["settings"]["pass_by"] == "own"
        assert len(g["actions"]) == (117 if g["direction"] != "hold" else 105)
    assert [g["direction"] for g in games[::5]] == ["left", "right"]
    report = json.loads(capsys.readouterr().out)
    rule, rand = report["scores"]
    assert (rule["bot"], rule["deals"], rand["bot"], rand["deals"]) == ("rule", 2, "random", 2)
    # The random bot's paired difference is its mean minus the field's, deal by deal.
    base = {g["deal"]: sum(g["points"]) / 4 for g in games if g["seat"] is None}
    mine = {d: sum(g["points"][["N", "E", "S", "W"].index(g["seat"])] for g in games
                   if g["deal"] == d and g["seat"]) / 4 for d in (0, 1)}
    assert rand["vs_baseline"] == pytest.approx(sum(mine[d] - base[d] for d in (0, 1)) / 2)


def test_a_run_resumes_from_its_file_and_refuses_other_settings(bench, tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    assert bench.main(RANDOM + ["--out", str(out)]) == 0
    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:7]) + "\n")      # as if stopped after 7 games
    assert bench.main(RANDOM + ["--out", str(out)]) == 0
    assert len(_lines(out)) == 10 and out.read_text().splitlines()[:7] == lines[:7]
    assert bench.main(RANDOM + ["--out", str(out)]) == 0
    assert len(_lines(out)) == 10                   # nothing left to play
    capsys.readouterr()
    assert bench.main(RANDOM + ["--seed", "2", "--out", str(out)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"error: {out} holds games of other settings (seed 1 here, 2 asked): use another --out")


def test_shards_merge_into_the_single_run(bench, tmp_path, capsys):
    whole, a, b = (tmp_path / n for n in ("whole.jsonl", "a.jsonl", "b.jsonl"))
    assert bench.main(RANDOM + ["--out", str(whole), "--json"]) == 0
    single = json.loads(capsys.readouterr().out)
    assert bench.main(RANDOM + ["--shard", "0/2", "--out", str(a)]) == 0
    assert bench.main(RANDOM + ["--shard", "1/2", "--out", str(b)]) == 0
    assert {g["deal"] for g in _lines(a)} == {0} and {g["deal"] for g in _lines(b)} == {1}
    capsys.readouterr()
    assert bench.main(["--merge", str(a), str(b), "--json"]) == 0
    merged = json.loads(capsys.readouterr().out)
    # Our bots replay exactly: the merged shards are the single run's games.
    assert [(s["bot"], s["points_per_deal"], s["vs_baseline"]) for s in merged["scores"]] == \
        [(s["bot"], s["points_per_deal"], s["vs_baseline"]) for s in single["scores"]]


def test_a_damaged_results_file_is_a_one_line_error(bench, tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    out.write_text('{"deal": 0}\n')
    assert bench.main(["--merge", str(out)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"error: {out} line 1: not a game of this harness (no seat, bot, points, seconds, "
        f"settings)")


def test_two_runs_compare_paired_by_deal(bench, tmp_path, capsys):
    # The random bot against the rule field passing its own way and by the pass policy: the
    # paired difference is the mean over deals of (mean over seats, run a − run b).
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert bench.main(RANDOM + ["--out", str(a)]) == 0
    assert bench.main(RANDOM + ["--pass-by", "policy", "--out", str(b)]) == 0
    capsys.readouterr()
    assert bench.main(["--compare", f"random@{a}", f"random@{b}", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)

    def per_deal(path):
        return {d: sum(g["points"][["N", "E", "S", "W"].index(g["seat"])] for g in _lines(path)
                       if g["deal"] == d and g["seat"]) / 4 for d in (0, 1)}
    pa, pb = per_deal(a), per_deal(b)
    assert result["deals"] == 2
    assert result["difference"] == pytest.approx((pa[0] - pb[0] + pa[1] - pb[1]) / 2, abs=1e-4)
    # seed 1's deals 0 and 1 pass left and right: one deal each, both passing deals
    assert {k: (v["deals"], round(v["difference"], 4)) for k, v in
            result["by_direction"].items()} == {"left": (1, round(pa[0] - pb[0], 4)),
                                                "right": (1, round(pa[1] - pb[1], 4))}
    assert result["passing"]["deals"] == 2
    assert result["passing"]["difference"] == pytest.approx(result["difference"], abs=1e-4)
    assert bench.main(["--compare", f"rule@{a}", f"random@{b}"]) == 2
    assert capsys.readouterr().err.strip() == (
        "error: no deal played by rule and random in all four seats")
    # deal 0 of seed 2 is another deal than deal 0 of seed 1: no pair across seeds ...
    other = tmp_path / "seed2.jsonl"
    assert bench.main(RANDOM + ["--seed", "2", "--out", str(other)]) == 0
    capsys.readouterr()
    assert bench.main(["--compare", f"random@{a}", f"random@{other}"]) == 2
    assert capsys.readouterr().err.strip() == (
        "error: no deal played by random and random in all four seats")
    # ... but runs of several seeds pool, each deal paired within its seed
    other_b = tmp_path / "seed2b.jsonl"
    assert bench.main(RANDOM + ["--seed", "2", "--pass-by", "policy", "--out", str(other_b)]) == 0
    capsys.readouterr()
    assert bench.main(["--compare", f"random@{a},{other}", f"random@{b},{other_b}",
                       "--json"]) == 0
    pooled = json.loads(capsys.readouterr().out)
    assert pooled["deals"] == 4 and pooled["seeds"] == [1, 2]
    alone = bench.compare(("random", _lines(other)), ("random", _lines(other_b)))
    assert pooled["difference"] == pytest.approx(
        (2 * result["difference"] + 2 * alone["difference"]) / 4, abs=1e-3)


def test_a_candidate_may_pass_its_own_way(bench, monkeypatch):
    # one run pairs two passes under the same play against the same baseline games
    monkeypatch.setitem(bench.CANDIDATES, "k4x", {"horizon": 4, "play_samples": 10})
    monkeypatch.setitem(bench.CANDIDATES, "k4xr", {"horizon": 4, "play_samples": 10,
                                                   "pass_by": "rating"})
    args = bench.parse_args(["--opponent", "rule", "--bots", "k4x,k4xr", "--pass-by", "policy"])
    _, (plain, rated), _ = bench.make_players(args)
    assert type(plain.passer).__name__ == "RuleBot"
    assert type(rated.passer).__name__ == "AdviceBot"
    assert plain.bot.engine == rated.bot.engine
    assert "pass_rating" in bench.bot_settings("k4xr", args)
    assert "pass_rating" not in bench.bot_settings("k4x", args)
    monkeypatch.setitem(bench.CANDIDATES, "k4xl", {"horizon": 4, "play_samples": 10,
                                                   "pass_by": "learned"})
    _, (learned,), _ = bench.make_players(bench.parse_args(
        ["--opponent", "rule", "--bots", "k4xl", "--pass-by", "policy"]))
    assert type(learned.passer).__name__ == "LearnedPassBot"
    assert "6132 seat games" in bench.bot_settings("k4xl", args)["pass_value"]


def test_shards_stay_even_without_the_hold_deals(bench, tmp_path, capsys):
    # Deals 3 and 7 are hold deals (every fourth): the six passing deals split 3 and 3.
    # (Shards by d % 2 would give deals 0, 2, 4, 6 and 1, 5.)
    args = ["--opponent", "rule", "--bots", "random", "--deals", "8", "--no-hold"]
    shards = []
    for i in (0, 1):
        out = tmp_path / f"s{i}.jsonl"
        assert bench.main(args + ["--shard", f"{i}/2", "--out", str(out)]) == 0
        shards.append(sorted({g["deal"] for g in _lines(out)}))
    assert shards == [[0, 2, 5], [1, 4, 6]]


def test_the_advice_field_is_the_default_engine_passing_by_policy(bench):
    from hearts.analysis.bots import AdviceBot, RuleBot, WithPass
    from hearts.analysis.engine import DEFAULT_ENGINE
    args = bench.parse_args(["--opponent", "advice"])
    assert args.bots == ["rule"] and args.pass_by == "policy"
    field, tested, shadows = bench.make_players(args)
    assert isinstance(field, WithPass) and isinstance(field.passer, RuleBot)
    assert isinstance(field.bot, AdviceBot) and field.bot.engine == DEFAULT_ENGINE
    assert field.name == "advice" and [b.name for b in tested] == ["rule"] and shadows == []
    assert bench.run_settings(args)["field_engine"] == repr(DEFAULT_ENGINE)
    with pytest.raises(SystemExit):
        bench.parse_args(["--opponent", "advice", "--bots", "advice"])


@pytest.mark.slow
def test_the_advice_field_replays_a_deal_exactly(bench, tmp_path, monkeypatch):
    # the screen's point: every game of the field, and of a seeded bot in it, is the same
    # game when played again (IS-MCTS games are not); the field's engine with 20 samples a
    # decision (its own look-ahead in every rollout costs ten times the rest at trick 1)
    monkeypatch.setattr(bench, "DEFAULT_ENGINE", DEFAULT_ENGINE.but(samples=20))
    runs = []
    for name in ("a", "b"):
        out = tmp_path / f"{name}.jsonl"
        assert bench.main(["--opponent", "advice", "--bots", "random", "--deals", "1",
                           "--out", str(out)]) == 0
        runs.append([(g["seat"], g["bot"], g["points"], g["actions"]) for g in _lines(out)])
    assert len(runs[0]) == 5 and runs[0] == runs[1]
    assert sum(runs[0][0][2]) in (26, 78)      # the baseline game: 26 points, or a moon


def test_every_candidate_names_an_engine_that_builds(bench):
    for name, spec in bench.CANDIDATES.items():
        engine = bench.candidate_engine(name, "maxn")
        assert engine.samples == spec["play_samples"] and engine.horizon == spec["horizon"], name
    mimic = bench.candidate_engine("k4m5o8p5s400blX", "maxn")
    assert mimic.rollout.kind == "mimic" and mimic.rollout.own == "rule" and mimic.rollout.noisy
    rating = bench.candidate_engine("k4m5o8p5s400blrX", "maxn")
    assert rating.pass_rollout.kind == "mimic" and rating.rollout == bench.candidate_engine(
        "k4m5o8p5s400bl20", "maxn").rollout
    # the candidate the default was adopted from (stop 54) plays as the default engine (the
    # candidates pass by --pass-by, not by their pass rating's rollouts); stop 53's differs
    # from it only in the seat's own rollout cards, stop 51's in the horizon too, stop 50's
    # in the inference too
    adopted = bench.candidate_engine("k2m5o8p5s400blXdIL", "maxn")
    assert adopted.but(pass_rollout=DEFAULT_ENGINE.pass_rollout) == DEFAULT_ENGINE
    stop53 = bench.candidate_engine("k2m5o8p5s400blXdI", "maxn")
    assert stop53.but(rollout=replace(stop53.rollout, own="lookahead-model")) == adopted
    stop51 = bench.candidate_engine("k4m5o8p5s400blXdI", "maxn")
    assert stop51.horizon == 4 and stop51.but(horizon=2) == stop53
    before = bench.candidate_engine("k4m5o8p5s400blXd", "maxn")
    assert before.inference is None and before.but(inference=MIMIC) == stop51
