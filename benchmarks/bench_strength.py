"""Strength harness: duplicate matches of our bots against a field of OpenSpiel's IS-MCTS bots
(issue 24), of our rule bots (issue 3 item 7), or of our default advice bots (a screen).

``--opponent ismcts`` (the default; needs ``pip install '.[bench]'``): OpenSpiel's ``hearts``
game with its default rules (our ``openspiel`` preset) is the referee: every pass and card is
applied to its state and the points come from it, while our engine replays the deal alongside
and fails the run on any difference (``hearts.analysis.referee``). The field is OpenSpiel's
C++ IS-MCTS bot (``--sims`` simulations a decision, default 5,000; ``--uct-c`` 18.2; a new
world every simulation, no limit on world samples; one random rollout; the most visited card;
a fresh bot per decision, seeded from the deal, seat and play). ``--opponent rule``: the
field is our rule bot and our engine the referee (the harness of issue 3, unchanged games).
``--opponent advice``: the field is the advice bot of the default engine (``DEFAULT_ENGINE``,
passing by ``policy_pass``), our engine the referee: a screen for engine variants, since every
bot of it replays a deal exactly (the IS-MCTS games differ from run to run) and its decisions
cost about a quarter of IS-MCTS's. It ranks a variant against our own engine, not against an
independent player: only the IS-MCTS figure is the measure (how the two agreed:
``docs/experiments.md``, "Searched replies and a learned leaf").

Duplicate: seeded random deals (``--seed``), pass direction by the standard rotation (left,
right, across, hold by deal number). Each deal is played once by the field alone (the
baseline), then, for each tested bot (``--bots``; default ``rule,advice`` against IS-MCTS,
``advice,random`` against the rule bot, ``rule`` against the advice bot), once with the bot
in each seat and the field in the other three (``smoke``: the rule bot that leads to smoke out
Q♠, ``rule_play``'s ``smoke``). Passes: the field passes by ``policy_pass``;
the tested bot by ``--pass-by``: ``policy`` (``policy_pass``, the default against IS-MCTS and
the advice field: the bots are compared on their play), ``rating`` (the pass rating,
``rate_passes`` with ``--pass-samples``), ``learned`` (the learned pass value,
``hearts.analysis.handvalue``) or ``own`` (each bot's own pass: random, policy or
rating; the default against the rule bot). Every bot decides from
its own seat's view only.

A bot's result on a deal is its mean points over the four seats; the table gives points per
deal with a 95% interval over deals, the paired difference to the baseline (same deal, same
seats) with its 95% interval, the sample size and the seconds a decision of the bot (mean and
max, trick 1 and tricks 7-13 apart; for the baseline row, the field's own decisions).

Raw results: ``--out FILE`` gets one JSON line per game (deal index, seat, bot, points of
each seat, seconds of every decision, the OpenSpiel action ids and the settings), appended as
each game ends. Running again with the same ``--out`` and settings resumes: games already in
the file are skipped. ``--shard I/N`` plays every N-th of the deals played, from the I-th
(the deals ``d % N == I``; with ``--no-hold``, every N-th passing deal, so that the shards
stay even though the hold deals are every fourth; one process each, each with its own
``--out``); ``--merge FILE...`` reports the union. Measured figures
and their settings: ``docs/experiments.md``; the harness: ``docs/analysis.md``.

Forked games (``--bots A --shadow B,C``, :mod:`hearts.analysis.forks`): *A* plays its games;
each shadow bot is asked at every decision of *A* and plays only from where it first chooses
otherwise (a fork of *A*'s game, replayed to that point), so *B* − *A* carries none of the
field's noise before the fork. Shadow lines carry ``"fork"`` (``of``, ``at``, ``trick``); the
report adds each shadow's forks and its paired difference to *A*.

Oracles (``oracle``, ``oracleX7``, ``oracleQ``; ``benchmarks/oracle.py``): bots that see the
true deal, or where Q♠ is, as yardsticks for the value of the hidden hands; never players.

Run: ``python benchmarks/bench_strength.py [--opponent ismcts|rule|advice] [--bots LIST]
[--deals N] [--seed S] [--sims N] [--uct-c C] [--pass-by policy|rating|own]
[--pass-samples N] [--play-samples N] [--model maxn|paranoid] [--threads N] [--shard I/N]
[--shadow LIST]
[--out FILE] [--json]``, or ``--merge FILE... [--json]``, or ``--compare BOT@FILES BOT@FILES
[--json]``.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from dataclasses import replace
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Iterable, Sequence

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle import HolderOracleBot, OracleBot, OracleMismatchError  # noqa: E402

from hearts.analysis.bots import (AdviceBot, Bot, DealGame, LearnedPassBot, RandomBot, RuleBot,
                                  WithPass, play_deal)
from hearts.analysis.engine import DEFAULT_ENGINE, ENGINE_MODELS, Engine
from hearts.analysis.forks import PASS, ShadowBot
from hearts.analysis.handvalue import pass_value
from hearts.analysis.mcts import TreeSearch
from hearts.analysis.policy import MIMIC_OTHERS, RolloutPolicy
from hearts.analysis.referee import (EngineMismatchError, ISMCTSPlayer, ISMCTSSettings,
                                     play_refereed_deal)
from hearts.analysis.stats import Z95, mean_se
from hearts.solver import Deal, Rules
from hearts.solver.errors import HeartsError
from hearts.solver.seats import PassDirection, Seat

#: Tricks whose decisions are timed apart: trick 1, and the tricks after trick 6.
LATE = 6

#: Stop 51's default engine (learned model of IS-MCTS in the rollouts, the rule bot's
#: discards, inference by the same model), the base of stop 52's variants.
_XDI: dict[str, Any] = {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                        "sample_nodes": 30_000, "late_sample_nodes": 20_000,
                        "rollout": ["mimic", 8, 0.0, True, None, "rule", None, "all", None,
                                    "rule"], "inference": "mimic"}

#: The default engine since stop 53 (``k2m5o8p5s400blXdIL``), for variants built on it.
_DEFAULT_L: dict[str, Any] = {**_XDI, "horizon": 2,
                              "rollout": [*_XDI["rollout"][:5], "lookahead-model",
                                          *_XDI["rollout"][6:]]}
#: A tree search that answers the learned model of IS-MCTS (``analysis/mcts.py``, ``others``).
_MODEL_TREE: dict[str, Any] = {"policy": "mimic", "discard": "rule", "others": "model",
                               "inference": "mimic"}

#: Advice-bot variants measured against each other (``--bots``; docs/experiments.md,
#: "Strength against IS-MCTS"): name -> their :class:`~hearts.analysis.engine.Engine` (the
#: model is ``--model``'s; horizon: tricks left of the exact solve; play_samples: the engine's
#: samples; rollout: RolloutPolicy's [kind, runs, epsilon], [..., steady], [..., steady,
#: lead_epsilon], [..., lead_epsilon, own], [..., own, moon_threat, defence] or [...,
#: defence, discard_epsilon, discard], default the rule bot; early stop default on;
#: moon_horizon: the horizon while a moon is live, default none;
#: inference: the play model's noise levels or "mimic", default none; sample_nodes: the node
#: budget a sample asked for, default none; late_sample_nodes: that budget from trick 7 on, default
#: sample_nodes; pass_rollout: the pass rating's RolloutPolicy, default the
#: rule bot; pass_by: this bot's pass, default ``--pass-by``'s, so
#: that one run can pair two passes under the same play against the same baseline games;
#: pass_trust: the rating's best must beat policy_pass by this many standard errors,
#: ``AdviceBot.pass_trust``; big_as_policy: Q♠ passed as policy_pass passes it, the rest by
#: the rating, ``AdviceBot.big_as_policy``; moon_plan: ``Engine.moon_plan``, default off). Each
#: names every setting, so that a name means the same engine whatever the default becomes.
CANDIDATES: dict[str, dict[str, Any]] = {
    "k5s100": {"horizon": 5, "play_samples": 100},
    "k4s400": {"horizon": 4, "play_samples": 400},
    "k5s400n": {"horizon": 5, "play_samples": 400, "early_stop": False},
    "k4e8s400": {"horizon": 4, "play_samples": 400, "rollout": ["rule", 8, 0.1]},
    "k4m5s400": {"horizon": 4, "moon_horizon": 5, "play_samples": 400},
    "k4m5s400i6": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                   "inference": [1.0, 1.0, 0.6, 0.6, 0.6]},
    "k4m5s400i4": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                   "inference": [1.0, 1.0, 0.4, 0.4, 0.4]},
    "k4m5s400b": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                  "sample_nodes": 30_000},
    "k4m5s400br": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                   "sample_nodes": 30_000, "pass_by": "rating"},
    "k4m5s400bS": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                   "sample_nodes": 30_000, "rollout": ["smoke", 1, 0.0]},
    "k3m5s400b": {"horizon": 3, "moon_horizon": 5, "play_samples": 400,
                  "sample_nodes": 30_000},
    "k2m5s400b": {"horizon": 2, "moon_horizon": 5, "play_samples": 400,
                  "sample_nodes": 30_000},
    "k2m5s400bS": {"horizon": 2, "moon_horizon": 5, "play_samples": 400,
                   "sample_nodes": 30_000, "rollout": ["smoke", 1, 0.0]},
    "k1m5s400b": {"horizon": 1, "moon_horizon": 5, "play_samples": 400,
                  "sample_nodes": 30_000},
    "k4m6s400b": {"horizon": 4, "moon_horizon": 6, "play_samples": 400,
                  "sample_nodes": 30_000},
    "k4m5s400bn": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                   "sample_nodes": 30_000, "early_stop": False},
    "k4m5e8s400b": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                    "sample_nodes": 30_000, "rollout": ["rule", 8, 0.1]},
    "k4m5o8s400b": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                    "sample_nodes": 30_000, "rollout": ["rule", 8, 0.1, True]},
    "k4m5o8p3s400b": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                      "sample_nodes": 30_000, "rollout": ["rule", 8, 0.3, True]},
    "k4m5o8p5s400b": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                      "sample_nodes": 30_000, "rollout": ["rule", 8, 0.5, True]},
    # moon threats in the rollouts (docs/experiments.md "Moon threats in the rollouts"): a
    # seat alone with 5+ moon points shoots, only the advised seat defends
    "k4m5o8p5s400bM": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                       "sample_nodes": 30_000,
                       "rollout": ["rule", 8, 0.5, True, None, None, 5, "own"]},
    # a late budget: 20,000 nodes a sample from trick 7 on (l20; DEFAULT_ENGINE stops 45-49)
    "k4m5o8p5s400bl20": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                         "sample_nodes": 30_000, "late_sample_nodes": 20_000,
                         "rollout": ["rule", 8, 0.5, True]},
    "k4m5s400brt": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                    "sample_nodes": 30_000, "pass_by": "rating", "pass_trust": 2.0},
    "k4m5o8p7s400b": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                      "sample_nodes": 30_000, "rollout": ["rule", 8, 0.7, True]},
    "k4m5o8p5s400br": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                       "sample_nodes": 30_000, "rollout": ["rule", 8, 0.5, True],
                       "pass_by": "rating"},
    # the default, and while the seat can still shoot each card also valued as a seat that
    # plays to shoot the moon, the clearly lower mean kept (Engine.moon_plan): the attempt
    # valued by the rollouts (mp), or a moon only where the best defence cannot stop it (mx)
    # the default, but the other seats' discards in the rollouts the rule bot's (it always
    # unloads the big penalty card and high hearts), their leads and follows still noisy
    "k4m5o8p5d0s400bl20": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                           "sample_nodes": 30_000, "late_sample_nodes": 20_000,
                           "rollout": ["rule", 8, 0.5, True, None, None, None, "all", 0.0]},
    "k4m5o8p5s400blmp": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                         "sample_nodes": 30_000, "late_sample_nodes": 20_000,
                         "rollout": ["rule", 8, 0.5, True], "moon_plan": "rollouts"},
    "k4m5o8p5s400blmx": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                         "sample_nodes": 30_000, "late_sample_nodes": 20_000,
                         "rollout": ["rule", 8, 0.5, True], "moon_plan": "exact"},
    # the default's play (late budget included), passing by the learned pass value
    # (hearts.analysis.handvalue)
    "k4m5o8p5s400blp": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                        "sample_nodes": 30_000, "late_sample_nodes": 20_000,
                        "rollout": ["rule", 8, 0.5, True], "pass_by": "learned"},
    # the default (late budget included), but the other seats of the rollouts draw their cards
    # from the model of IS-MCTS's play (hearts.analysis.mimic), the advised seat the rule bot
    "k4m5o8p5s400blX": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                        "sample_nodes": 30_000, "late_sample_nodes": 20_000,
                        "rollout": ["mimic", 8, 0.0, True, None, "rule"]},
    # the same, but the other seats discard as the rule bot does (it always unloads Q♠ and
    # the highest heart; the model, as IS-MCTS, only about 70% of the time): DEFAULT_ENGINE
    # in stop 50
    "k4m5o8p5s400blXd": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                         "sample_nodes": 30_000, "late_sample_nodes": 20_000,
                         "rollout": ["mimic", 8, 0.0, True, None, "rule", None, "all", None,
                                     "rule"]},
    # stop 50's default, its sampled deals weighted by how well they explain the other seats'
    # plays under the same learned model (hearts.analysis.inference, "mimic"): DEFAULT_ENGINE
    # in stop 51
    "k4m5o8p5s400blXdI": _XDI,
    # the same with the exact solve from 2 tricks left (still 5 while a moon is live): the
    # learned model, not clairvoyant max^n, plays tricks 10-11 of each rollout; DEFAULT_ENGINE
    # since stop 52
    "k2m5o8p5s400blXdI": {**_XDI, "horizon": 2},
    # the default with the advised seat's own later cards in each rollout by one-card
    # look-ahead over rule-bot play-outs (stop 42's T), the others still the learned model
    "k2m5o8p5s400blXdIT": {**_XDI, "horizon": 2,
                           "rollout": [*_XDI["rollout"][:5], "lookahead", *_XDI["rollout"][6:]]},
    # the same look-ahead, its play-outs playing the other seats as the rollout does (the
    # learned model, the rule bot's discards): policy improvement against the model
    "k2m5o8p5s400blXdIL": _DEFAULT_L,
    # that look-ahead played out on a random deal of the hands the seat cannot see (its
    # voids and passed cards kept), not on the sampled deal's true hands: the seat's own
    # later play from its own information (stop 54)
    "k2m5o8p5s400blXdIG": {**_XDI, "horizon": 2,
                           "rollout": [*_XDI["rollout"][:5], "lookahead-guess",
                                       *_XDI["rollout"][6:], 1]},
    # the same on two guesses a decision, each card's play-outs summed over both (stop 55;
    # affordable once the learned policy's features got cheaper)
    "k2m5o8p5s400blXdIG2": {**_XDI, "horizon": 2,
                            "rollout": [*_XDI["rollout"][:5], "lookahead-guess",
                                        *_XDI["rollout"][6:], 2]},
    # the default with the advised seat's own later cards drawn from the learned model of
    # IS-MCTS too (its discards the rule bot's, as the others')
    "k2m5o8p5s400blXdIm": {**_XDI, "horizon": 2,
                           "rollout": [*_XDI["rollout"][:5], None, *_XDI["rollout"][6:]]},
    # stop 51's default with 32 rollouts a card and sampled deal instead of 8
    "k4m5o32s400blXdI": {**_XDI, "rollout": ["mimic", 32, *_XDI["rollout"][2:]]},
    # stop 51's default with moon threats in its rollouts: a seat alone with 5+ moon points
    # shoots, only the advised seat defends, the others play the model of IS-MCTS
    "k4m5o8p5s400blXdIM": {**_XDI, "rollout": [*_XDI["rollout"][:6], 5, "own", None, "rule"]},
    # the default's play (late budget included), passing by a rating whose rollouts draw the
    # other seats' cards from the model of IS-MCTS's play
    "k4m5o8p5s400blrX": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                         "sample_nodes": 30_000, "late_sample_nodes": 20_000,
                         "rollout": ["rule", 8, 0.5, True], "pass_by": "rating",
                         "pass_rollout": ["mimic", 1, 0.0, True, None, "rule"]},
    # the default's play, passing by a rating whose rollouts are noisy for the other seats
    "k4m5o8p5s400brn": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                        "sample_nodes": 30_000, "rollout": ["rule", 8, 0.5, True],
                        "pass_by": "rating", "pass_rollout": ["rule", 1, 0.5, True]},
    # the default's play, passing by a rating whose rollouts smoke out Q♠ (and are noisy)
    "k4m5o8p5s400brnS": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                         "sample_nodes": 30_000, "rollout": ["rule", 8, 0.5, True],
                         "pass_by": "rating", "pass_rollout": ["smoke", 1, 0.5, True]},
    # the default's play and rating, but Q♠ passed or kept as policy_pass does
    "k4m5o8p5s400brnQ": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                         "sample_nodes": 30_000, "rollout": ["rule", 8, 0.5, True],
                         "pass_by": "rating", "pass_rollout": ["rule", 1, 0.5, True],
                         "big_as_policy": True},
    # the default's play, passing by a rating whose rollouts let the passer itself play by
    # one-card look-ahead (the others noisy as the default's rating)
    "k4m5o8p5s400brnT": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                         "sample_nodes": 30_000, "rollout": ["rule", 8, 0.5, True],
                         "pass_by": "rating",
                         "pass_rollout": ["rule", 1, 0.5, True, None, "lookahead"]},
    # the same, the others smoking out Q♠: a short Q♠ kept is punished, a guarded one is
    # played by the look-ahead
    "k4m5o8p5s400brnST": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                          "sample_nodes": 30_000, "rollout": ["rule", 8, 0.5, True],
                          "pass_by": "rating",
                          "pass_rollout": ["smoke", 1, 0.5, True, None, "lookahead"]},
    # the default with a random lead at chance 1 (the other seats' leads uniformly random)
    "k4m5o8p5L10s400b": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                         "sample_nodes": 30_000, "rollout": ["rule", 8, 0.5, True, 1.0]},
    # the default with the other seats' leads the rule bot's (lead ε 0, L0) or random at
    # chance 0.2 (L2), their follows and discards still at ε 0.5
    "k4m5o8p5L0s400b": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                        "sample_nodes": 30_000, "rollout": ["rule", 8, 0.5, True, 0.0]},
    "k4m5o8p5L2s400b": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                        "sample_nodes": 30_000, "rollout": ["rule", 8, 0.5, True, 0.2]},
    # the default with horizon 2 (the noisy rule bot plays on to 2 tricks left)
    "k2m5o8p5s400b": {"horizon": 2, "moon_horizon": 5, "play_samples": 400,
                      "sample_nodes": 30_000, "rollout": ["rule", 8, 0.5, True]},
    # the default with rollouts that smoke out Q♠ (every seat; the others noisy as the default)
    "k4m5o8p5s400bS": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                       "sample_nodes": 30_000, "rollout": ["smoke", 8, 0.5, True]},
    # the same, and every seat's other leads unload a high club or diamond early (IS-MCTS's
    # leads, docs/experiments.md "Random leads, horizon 2 with noise")
    "k4m5o8p5s400bU": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                       "sample_nodes": 30_000, "rollout": ["unload", 8, 0.5, True]},
    # the default, but the advised seat's own later cards in the rollouts by one-card
    # look-ahead (the others noisy as the default)
    "k4m5o8p5s400bT": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                       "sample_nodes": 30_000,
                       "rollout": ["rule", 8, 0.5, True, None, "lookahead"]},
    # every seat's rollout cards by one-card look-ahead (the others noisy as the default)
    "k4m5o8p5s400bL": {"horizon": 4, "moon_horizon": 5, "play_samples": 400,
                       "sample_nodes": 30_000, "rollout": ["lookahead", 8, 0.5, True]},
    # information-set MCTS (analysis/mcts.py) while more than `tree_until` tricks are left,
    # then the default engine's PIMC
    "t20k": {"horizon": 4, "moon_horizon": 5, "play_samples": 400, "sample_nodes": 30_000,
             "tree": {"iterations": 20_000, "deals": 500}, "tree_until": 4},
    "t100k": {"horizon": 4, "moon_horizon": 5, "play_samples": 400, "sample_nodes": 30_000,
              "tree": {"iterations": 100_000, "deals": 1000}, "tree_until": 4},
    "t300k": {"horizon": 4, "moon_horizon": 5, "play_samples": 400, "sample_nodes": 30_000,
              "tree": {"iterations": 300_000, "deals": 2000}, "tree_until": 4},
    "t100kc4": {"horizon": 4, "moon_horizon": 5, "play_samples": 400, "sample_nodes": 30_000,
                "tree": {"iterations": 100_000, "deals": 1000, "c": 0.4}, "tree_until": 4},
    "t100ke": {"horizon": 4, "moon_horizon": 5, "play_samples": 400, "sample_nodes": 30_000,
               "tree": {"iterations": 100_000, "deals": 1000, "epsilon": 0.1},
               "tree_until": 4},
    "t100k7": {"horizon": 4, "moon_horizon": 5, "play_samples": 400, "sample_nodes": 30_000,
               "tree": {"iterations": 100_000, "deals": 1000}, "tree_until": 7},
    # information-set MCTS as a best response to the learned model of IS-MCTS (stop 56): only
    # the seat searches, the other seats' cards in the tree and every play-out card are the
    # model's (the rule bot's discards), the deals weighted by it; then the default's PIMC.
    # t100kM level with the default over seeds 61-62, t300kM worse on seed 62: dropped
    "t100kM": {**_DEFAULT_L, "tree": {**_MODEL_TREE, "iterations": 100_000, "deals": 1000},
               "tree_until": 4},
    "t30kM": {**_DEFAULT_L, "tree": {**_MODEL_TREE, "iterations": 30_000, "deals": 600},
              "tree_until": 4},
    "t300kM": {**_DEFAULT_L, "tree": {**_MODEL_TREE, "iterations": 300_000, "deals": 2000},
               "tree_until": 4},
}


#: Oracles (``benchmarks/oracle.py``): yardsticks for the value of the hidden hands, never
#: players. ``oracle``: the seat sees every hand, the default engine's evaluator on the true
#: deal; ``oracleX7``: and exact max^n from 7 tricks left; ``oracleQ``: the default engine's
#: PIMC with Q♠ where it truly is in every sampled deal (the rest hidden); ``oracleXd``: as
#: ``oracle``, but the rollouts' other seats play the default's model since stop 50 (the learned
#: model of IS-MCTS, the rule bot's discards), 64 runs a card; ``oracleXd2``: that with the
#: default's horizon since stop 52 (max^n from 2 tricks left, 5 while a moon is live);
#: ``oracleXd2L``: and the seat's own later rollout cards by ``lookahead-model``.
ORACLES: dict[str, Any] = {
    "oracle": lambda deals: OracleBot(deals, name="oracle"),
    "oracleX7": lambda deals: OracleBot(deals, exact_from=7, name="oracleX7"),
    "oracleXd": lambda deals: OracleBot(deals, rollout=replace(MIMIC_OTHERS, runs=64),
                                        name="oracleXd"),
    "oracleXd2": lambda deals: OracleBot(deals, horizon=2, exact_from=2,
                                         rollout=replace(MIMIC_OTHERS, runs=64),
                                         name="oracleXd2"),
    "oracleXd2L": lambda deals: OracleBot(deals, horizon=2, exact_from=2,
                                          rollout=replace(MIMIC_OTHERS, runs=64,
                                                          own="lookahead-model"),
                                          name="oracleXd2L"),
    "oracleQ": lambda deals: HolderOracleBot(deals, name="oracleQ"),
}


def candidate_engine(name: str, model: str) -> Engine:
    """The engine of the advice-bot variant ``name`` of :data:`CANDIDATES`."""
    spec = CANDIDATES[name]
    return Engine(model=model, samples=spec["play_samples"], horizon=spec["horizon"],
                  rollout=RolloutPolicy(*spec.get("rollout", ["rule", 1, 0.0])),
                  early_stop=spec.get("early_stop", True),
                  moon_horizon=spec.get("moon_horizon", 1),
                  inference=(spec["inference"] if isinstance(spec.get("inference"), str)
                             else tuple(spec["inference"]) if "inference" in spec else None),
                  sample_nodes=spec.get("sample_nodes"),
                  late_sample_nodes=spec.get("late_sample_nodes"),
                  moon_plan=spec.get("moon_plan"),
                  pass_rollout=RolloutPolicy(*spec.get("pass_rollout", ["rule", 1, 0.0])))


def candidate_bot(name: str, model: str, threads: int | None,
                  pass_samples: int | None = None) -> AdviceBot:
    """The advice bot of the variant ``name`` of :data:`CANDIDATES` (its play; the pass is
    :func:`make_players`'s), with its tree search where the variant has one."""
    spec = CANDIDATES[name]
    return AdviceBot(candidate_engine(name, model), pass_samples=pass_samples, threads=threads,
                     name=name, tree=TreeSearch(**spec["tree"]) if "tree" in spec else None,
                     tree_until=spec.get("tree_until", 4))


class UsageError(Exception):
    """Bad options or a bad results file: one line, exit code 2."""


def seeded_deals(n: int, seed: int) -> list[tuple[Deal, PassDirection]]:
    """``n`` uniformly random deals from ``seed``, with the standard pass rotation (the first
    ``n`` deals of a seed do not depend on ``n``)."""
    rng = np.random.default_rng(seed)
    return [(Deal.random(rng), PassDirection.for_deal(d)) for d in range(n)]


# -- settings and players -----------------------------------------------------------------------

def _package_version(name: str) -> str | None:
    try:
        return version(name)
    except PackageNotFoundError:
        return None


def run_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The settings every game of this run shares (written on every line)."""
    settings: dict[str, Any] = {"opponent": args.opponent, "seed": args.seed,
                                "pass_by": args.pass_by, "rules": "openspiel"}
    if args.opponent == "ismcts":
        settings["ismcts"] = ISMCTSSettings(args.sims, args.uct_c).to_dict()
        settings["referee"] = f"open-spiel {_package_version('open-spiel')}"
    else:
        settings["referee"] = "hearts-dd engine"
    if args.opponent == "advice":
        settings["field_engine"] = repr(DEFAULT_ENGINE)
    return settings


def bot_pass_by(name: str, args: argparse.Namespace) -> str:
    """How the tested bot ``name`` passes: its own ``pass_by`` in :data:`CANDIDATES`, else
    ``--pass-by``'s; an oracle always by policy (its true deal is rebuilt from the policy's
    passes)."""
    if name in ORACLES:
        return "policy"
    return CANDIDATES.get(name, {}).get("pass_by", args.pass_by)


def bot_settings(name: str, args: argparse.Namespace) -> dict[str, Any]:
    """The settings of one tested bot (empty for the rule and random bots passing by policy)."""
    out: dict[str, Any] = {}
    if name == "advice":
        out = {"engine": repr(advice_engine(args)), "threads": args.threads}
    elif name in CANDIDATES:
        out = {"model": args.model, "threads": args.threads, **CANDIDATES[name]}
    elif name in ORACLES:
        out = {"oracle": ORACLES[name]([]).settings()}
    pass_by = bot_pass_by(name, args)
    if pass_by == "rating" or name == "advice" and pass_by == "own":
        out["pass_samples"] = args.pass_samples
    if pass_by == "learned":
        out["pass_value"] = pass_value().source
    if pass_by == "rating":
        out["pass_rating"] = {"model": DEFAULT_ENGINE.model,
                              "horizon": DEFAULT_ENGINE.pass_horizon,
                              "rollout": CANDIDATES.get(name, {}).get(
                                  "pass_rollout", ["rule", 1, 0.0])}
    return out


def advice_engine(args: argparse.Namespace) -> Engine:
    """The ``advice`` bot's engine: the default engine (:data:`DEFAULT_ENGINE`) with
    ``--model`` and ``--play-samples``."""
    return DEFAULT_ENGINE.but(model=args.model, samples=args.play_samples or
                              DEFAULT_ENGINE.samples)


def make_players(args: argparse.Namespace) -> tuple[Any, list[Bot], list[Bot]]:
    """The field's player, the tested bots and the ``--shadow`` bots (with their
    ``--pass-by``)."""
    if args.opponent == "ismcts":
        field: Any = ISMCTSPlayer(ISMCTSSettings(args.sims, args.uct_c))
    elif args.opponent == "advice":
        field = WithPass(AdviceBot(DEFAULT_ENGINE, threads=args.threads), RuleBot())
    else:
        field = RuleBot()
    made = {"rule": RuleBot(), "smoke": RuleBot("smoke", smoke=True), "random": RandomBot(),
            "advice": AdviceBot(advice_engine(args), pass_samples=args.pass_samples,
                                threads=args.threads)}
    # the pass rating of --pass-by rating: the default engine's, whichever bot plays
    rating = AdviceBot(pass_samples=args.pass_samples, threads=args.threads)

    def tested(name: str) -> Bot:
        if name in ORACLES:
            # it passes by policy_pass, as every field does: the true deal can be rebuilt
            return WithPass(ORACLES[name](seeded_deals(args.deals, args.seed)), RuleBot())
        spec = CANDIDATES.get(name, {})
        bot = made[name] if name in made else candidate_bot(name, args.model, args.threads,
                                                            args.pass_samples)
        pass_by = bot_pass_by(name, args)
        if pass_by == "policy":
            return WithPass(bot, RuleBot())
        if pass_by == "learned":
            return WithPass(bot, LearnedPassBot())
        if pass_by == "rating":
            if name not in CANDIDATES:
                return WithPass(bot, rating)
            # a candidate's name fixes its rating's rollout whatever the default becomes
            engine = DEFAULT_ENGINE.but(
                pass_rollout=RolloutPolicy(*spec.get("pass_rollout", ["rule", 1, 0.0])))
            return WithPass(bot, AdviceBot(engine, pass_samples=args.pass_samples,
                                           threads=args.threads,
                                           pass_trust=spec.get("pass_trust", 0.0),
                                           big_as_policy=spec.get("big_as_policy", False)))
        return bot
    return field, [tested(n) for n in args.bots], [tested(n) for n in args.shadow]


# -- the results file --------------------------------------------------------------------------

def game_line(d: int, seat: Seat | None, bot: str, game: DealGame,
              settings: dict[str, Any]) -> dict[str, Any]:
    """One game as a JSON object (``seat`` None: the baseline game of the field alone)."""
    return {"deal": d, "direction": game.direction.name.lower(),
            "seat": None if seat is None else seat.name, "bot": bot, "bots": list(game.bots),
            "points": list(game.points),
            "seconds": [[round(x, 5) for x in xs] for xs in game.seconds],
            "cpu_seconds": [[round(x, 5) for x in xs] for xs in game.cpu_seconds],
            "actions": list(game.actions), "settings": settings}


def read_lines(path: Path) -> list[dict[str, Any]]:
    """The games of a results file (none if it does not exist).

    Raises:
        UsageError: a line is no JSON object of a game (named with its line number).
    """
    if not path.exists():
        return []
    games = []
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
        except ValueError as err:
            raise UsageError(f"{path} line {number}: not JSON ({err})") from None
        missing = [name for name in ("deal", "seat", "bot", "points", "seconds", "settings")
                   if not isinstance(line, dict) or name not in line]
        if missing:
            raise UsageError(f"{path} line {number}: not a game of this harness (no "
                             f"{', '.join(missing)})")
        games.append(line)
    return games


def game_key(line: dict[str, Any]) -> tuple[int, str | None, str]:
    return (line["deal"], line["seat"], line["bot"])


def _differences(a: dict[str, Any], b: dict[str, Any], prefix: str = "") -> str:
    """The settings that differ, ``ismcts.simulations 50 here, 5000 asked``."""
    out = []
    for k in sorted(set(a) | set(b)):
        x, y = a.get(k), b.get(k)
        if isinstance(x, dict) and isinstance(y, dict):
            inner = _differences(x, y, f"{prefix}{k}.")
            if inner:
                out.append(inner)
        elif x != y:
            out.append(f"{prefix}{k} {json.dumps(x)} here, {json.dumps(y)} asked")
    return ", ".join(out)


def check_resume(games: list[dict[str, Any]], expected: dict[str, dict[str, Any]],
                 path: Path) -> None:
    """Every game already in ``path`` must have this run's settings (so a resumed run never
    mixes two experiments in one file).

    Raises:
        UsageError: a game of other settings (the first difference named).
    """
    shared = next(iter(expected.values()))
    for line in games:
        want = expected.get(line["bot"], {**shared, "bot": line["settings"].get("bot")})
        if line["settings"] != want:
            raise UsageError(f"{path} holds games of other settings "
                             f"({_differences(line['settings'], want)}): use another --out")


class Results:
    """The games of this run: those already in ``--out`` and the new ones, appended to the file
    one whole line per write (an interrupted run loses at most the game in progress)."""

    def __init__(self, path: Path | None, games: list[dict[str, Any]]) -> None:
        self.path = path
        self.games = games
        self.done = {game_key(g) for g in games}

    def add(self, *lines: dict[str, Any]) -> None:
        """Append ``lines`` (one game, or a game and its forks: written in one piece, so that
        an interrupted run never keeps a game without its forks)."""
        self.games.extend(lines)
        self.done.update(game_key(line) for line in lines)
        if self.path is not None:
            data = "".join(json.dumps(line, separators=(",", ":")) + "\n"
                           for line in lines).encode()
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, data)
            finally:
                os.close(fd)


def _minus(times: Sequence[float], spent: Sequence[float]) -> list[float]:
    """Decision times less the shadows' share of each (the first ``len(spent)``)."""
    return [t - (spent[k] if k < len(spent) else 0.0) for k, t in enumerate(times)]


def forked_lines(d: int, seat: Seat, game: DealGame, shadowed: ShadowBot, shadows: list[Bot],
                 field: Any, play: Any, dealt: Deal, direction: PassDirection,
                 expected: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The tested bot's line for ``game`` (its seconds less its shadows' work) and one line
    per shadow bot: its fork of the game from where it first chose otherwise
    (:mod:`hearts.analysis.forks`), or the game itself where it never did.

    Raises:
        EngineMismatchError: a fork's bot chose otherwise than it did as a shadow at the fork
            (a bot that does not replay: the design's premise fails).
    """
    spent = shadowed.own_seconds
    line = game_line(d, seat, shadowed.name, game, expected[shadowed.name])
    for key, k in (("seconds", 0), ("cpu_seconds", 1)):
        line[key][seat] = [round(x, 5) for x in _minus(getattr(game, key)[seat],
                                                        [s[k] for s in spent])]
    lines = [line]
    for bot in shadows:
        asked = shadowed.seconds[bot.name]
        split = shadowed.diverged.get(bot.name)
        if split is None:
            fork = game
        else:
            passes = list(game.passes)
            start = game.plays[:max(split.at, 0)]
            if split.at == PASS:
                passes[seat] = int(split.choice)  # type: ignore[arg-type]
            seats: list[Any] = [field] * 4
            seats[seat] = bot
            fork = play(dealt, direction, seats, (d,), passes=passes, start=start)
            if split.at != PASS and fork.plays[split.at] != split.choice:
                raise EngineMismatchError(
                    f"deal {d}, {bot.name} in {seat.name}: chose {split.choice} as a shadow "
                    f"at play {split.at + 1} but {fork.plays[split.at]} in its fork: the "
                    f"bot does not replay, so forks cannot stand for its games")
        out = game_line(d, seat, bot.name, fork, expected[bot.name])
        # the seat's decisions before the fork were the shadow's, timed in the played game
        before = len(asked) if split is None else max(split.trick - 1, 0)   # 0: the pass
        for key, k in (("seconds", 0), ("cpu_seconds", 1)):
            mine = [round(a[k], 5) for a in asked[:before]]
            out[key][seat] = mine + out[key][seat][before:]
        out["fork"] = {"of": shadowed.name,
                       "at": None if split is None else split.at,
                       "trick": None if split is None else split.trick}
        lines.append(out)
    return lines


def run(args: argparse.Namespace, console: Console) -> list[dict[str, Any]]:
    """Play this shard's games not yet in ``--out``; return every game of the shard."""
    field, tested, shadows = make_players(args)
    shared = run_settings(args)
    expected = {field.name: {**shared, "bot": {}}}
    expected.update({name: {**shared, "bot": bot_settings(name, args)} for name in args.bots})
    expected.update({name: {**shared, "bot": {**bot_settings(name, args),
                                              "fork_of": args.bots[0]}}
                     for name in args.shadow})
    path = Path(args.out) if args.out else None
    games = read_lines(path) if path else []
    if path is not None:
        check_resume(games, expected, path)
    results = Results(path, games)
    deals = seeded_deals(args.deals, args.seed)
    index, count = args.shard
    played = [d for d in range(len(deals))
              if not (args.no_hold and deals[d][1] is PassDirection.HOLD)]
    chosen = played[index::count]
    todo = [(d, None, field.name) for d in chosen] + [
        (d, seat, bot.name) for d in chosen for bot in tested for seat in Seat]
    todo = [t for t in todo if (t[0], None if t[1] is None else t[1].name, t[2])
            not in results.done]
    todo.sort(key=lambda t: t[0])
    if path is not None and len(games):
        console.print(f"resuming {path}: {len(games)} games there, {len(todo)} to play")
    if args.opponent == "ismcts":
        def play(dealt, direction, seats, key, **fork):
            return play_refereed_deal(dealt, direction, seats, key=key, **fork)
    else:
        def play(dealt, direction, seats, key, **fork):
            return play_deal(dealt, direction, seats, Rules.openspiel(), key, **fork)
    by_name: dict[str, Any] = {b.name: b for b in tested}
    if shadows:
        by_name[tested[0].name] = ShadowBot(tested[0], shadows)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("games", total=len(todo))
        for d, seat, name in todo:
            dealt, direction = deals[d]
            seats: list[Any] = [field] * 4
            if seat is not None:
                seats[seat] = by_name[name]
            t0 = time.perf_counter()
            bot = seats[seat] if seat is not None else None
            if isinstance(bot, ShadowBot):
                bot.reset()
            game = play(dealt, direction, seats, (d,))
            forks = ""
            if isinstance(bot, ShadowBot):
                assert seat is not None
                lines = forked_lines(d, seat, game, bot, shadows, field, play, dealt,
                                     direction, expected)
                results.add(*lines)
                forks = "; " + ", ".join(
                    f"{x['bot']} {'same' if x['fork']['at'] is None else x['points'][seat]}"
                    for x in lines[1:])
            else:
                results.add(game_line(d, seat, name, game, expected[name]))
            where = "field" if seat is None else f"{name} in {seat.name}"
            progress.console.print(
                f"deal {d} ({direction.name.lower()}), {where}: points "
                f"{' '.join(map(str, game.points))}{forks}  [{time.perf_counter() - t0:.1f} s]")
            progress.advance(task)
    return results.games


# -- the report --------------------------------------------------------------------------------

def _interval(xs: Sequence[float]) -> tuple[float, float, float]:
    mean, se = mean_se(xs)
    return mean, mean - Z95 * se, mean + Z95 * se


def _by_direction(diffs: dict[Any, float], direction: dict[Any, str]
                  ) -> dict[str, tuple[int, float, float, float]]:
    """Per pass direction present: (deals, mean, 95% low, 95% high) of the paired differences
    ``diffs`` (by deal; ``direction``: each deal's pass direction)."""
    out = {}
    for name in ("left", "right", "across", "hold"):
        xs = [x for d, x in diffs.items() if direction[d] == name]
        if xs:
            out[name] = (len(xs), *_interval(xs))
    return out


def merge(files: Iterable[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The union of several results files' games.

    Raises:
        UsageError: two files hold the same game with different points, or games of other
            shared settings.
    """
    seen: dict[tuple, dict[str, Any]] = {}
    for games in files:
        for line in games:
            key = game_key(line)
            if key in seen and seen[key]["points"] != line["points"]:
                raise UsageError(f"deal {key[0]}, {key[2]} in seat {key[1]} was played twice "
                                 f"with different points: {seen[key]['points']} and "
                                 f"{line['points']}")
            seen[key] = line
    games = list(seen.values())
    shared = [{k: v for k, v in g["settings"].items() if k != "bot"} for g in games]
    for s in shared[1:]:
        if s != shared[0]:
            raise UsageError(f"the files hold games of different settings "
                             f"({_differences(s, shared[0])})")
    return games


def _seconds(lines: Iterable[dict[str, Any]], seats: "Iterable[int] | None",
             field: str = "seconds") -> dict[str, list[float]]:
    """Decision times of the given seats (None: the line's tested seat), trick 1 and late."""
    out: dict[str, list[float]] = {"trick 1": [], "late": [], "all": []}
    for line in lines:
        chosen = [Seat[line["seat"]]] if seats is None else seats
        for s in chosen:
            xs = line[field][s]
            out["trick 1"].append(xs[0])
            out["late"].extend(xs[LATE:])
            out["all"].extend(xs)
    return out


def summarize(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Per bot: points per deal with its 95% interval, the paired difference to the baseline
    with its interval, deals, moons and seconds a decision; over the deals the bot played in
    all four seats (the baseline row: the deals every tested bot completed)."""
    baseline = {g["deal"]: g for g in games if g["seat"] is None}
    if not baseline:
        raise UsageError("no baseline game (the field alone) in the results")
    field_name = next(iter(baseline.values()))["bot"]
    tested: dict[str, dict[int, dict[str, dict]]] = defaultdict(lambda: defaultdict(dict))
    for g in games:
        if g["seat"] is not None:
            tested[g["bot"]][g["deal"]][g["seat"]] = g
    base_points = {d: sum(g["points"]) / 4 for d, g in baseline.items()}
    complete = {name: [d for d in sorted(per_deal) if len(per_deal[d]) == 4 and d in baseline]
                for name, per_deal in tested.items()}
    common = set(baseline).intersection(*complete.values()) if complete else set(baseline)
    deals = sorted(common)
    if not deals:
        raise UsageError("no deal is complete for every bot (the field's game and each bot in "
                         "all four seats)")
    mean, lo, hi = _interval([base_points[d] for d in deals])
    field_lines = [baseline[d] for d in deals]
    rows = [{"bot": field_name, "deals": len(deals), "points_per_deal": mean,
             "ci95": [lo, hi], "vs_baseline": 0.0, "vs_baseline_ci95": [0.0, 0.0],
             "by_direction": {},
             "moons": sum(1 for g in field_lines if sum(g["points"]) == 78),
             "seconds": _timing(field_lines, range(4))}]
    for name, per_deal in tested.items():
        mine_deals = complete[name]
        if not mine_deals:
            continue
        mine = {d: sum(g["points"][Seat[s]] for s, g in per_deal[d].items()) / 4
                for d in mine_deals}
        diffs = {d: mine[d] - base_points[d] for d in mine_deals}
        mean, lo, hi = _interval(list(mine.values()))
        vs, vs_lo, vs_hi = _interval(list(diffs.values()))
        lines = [g for d in mine_deals for g in per_deal[d].values()]
        by_direction = {
            name: {"deals": n, "vs_baseline": m, "vs_baseline_ci95": [a, b]}
            for name, (n, m, a, b) in _by_direction(
                diffs, {d: baseline[d]["direction"] for d in mine_deals}).items()}
        rows.append({"bot": name, "deals": len(mine_deals), "points_per_deal": mean,
                     "ci95": [lo, hi], "vs_baseline": vs, "vs_baseline_ci95": [vs_lo, vs_hi],
                     "by_direction": by_direction,
                     "moons": sum(1 for g in lines if sum(g["points"]) == 78
                                  and g["points"][Seat[g["seat"]]] == 0),
                     "seconds": _timing(lines, None)})
    settings = {k: v for k, v in games[0]["settings"].items() if k != "bot"}
    bots = {g["bot"]: g["settings"]["bot"] for g in games}
    incomplete = {name: len(per_deal) - len(complete[name]) for name, per_deal in tested.items()}
    return {"settings": settings, "bot_settings": bots, "baseline": field_name,
            "games": len(games), "incomplete_deals": incomplete, "scores": rows,
            "forks": fork_summary(games)}


def fork_summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Per ``--shadow`` bot: its seat games, how many were forked (from the pass, or from a
    play, with the median trick of the fork), and its paired difference to the bot it forked
    from (:func:`compare`; the quantity the forks measure with less noise)."""
    out: dict[str, Any] = {}
    for name in sorted({g["bot"] for g in games if "fork" in g}):
        lines = [g for g in games if g["bot"] == name]
        of = lines[0]["fork"]["of"]
        tricks = [g["fork"]["trick"] for g in lines if g["fork"]["at"] is not None]
        played = [t for t in tricks if t]
        out[name] = {"of": of, "seat_games": len(lines), "forked": len(tricks),
                     "at_pass": sum(1 for t in tricks if t == 0),
                     "median_trick": float(np.median(played)) if played else None,
                     "vs": compare((name, games), (of, games))}
    return out


def deal_id(game: dict[str, Any]) -> tuple[int, int]:
    """A deal's identity across runs: (seed, deal index); the index alone is the same deal only
    within one seed."""
    return (game["settings"]["seed"], game["deal"])


def bot_points(games: list[dict[str, Any]], bot: str) -> dict[tuple[int, int], float]:
    """Per deal (:func:`deal_id`), ``bot``'s mean points over the four seats (the deals it
    played in all four)."""
    seats: dict[tuple[int, int], dict[str, int]] = defaultdict(dict)
    for g in games:
        if g["bot"] == bot and g["seat"] is not None:
            seats[deal_id(g)][g["seat"]] = g["points"][Seat[g["seat"]]]
    return {d: sum(p.values()) / 4 for d, p in seats.items() if len(p) == 4}


def compare(a: tuple[str, list[dict[str, Any]]], b: tuple[str, list[dict[str, Any]]]
            ) -> dict[str, Any]:
    """The paired difference ``a`` − ``b`` (each a bot and its games, from one run or several,
    of one seed or several): per deal (seed and index) both bots' mean over the four seats,
    over the deals both completed, with the 95% interval over deals (negative: ``a`` takes
    fewer points); also by pass direction (``by_direction``) and over the deals with a pass
    (``passing``: where two passes under the same play can differ; on hold deals they are the
    same player). ``seeds``: the seeds of the deals paired.

    Raises:
        UsageError: no deal completed by both.
    """
    pa, pb = bot_points(a[1], a[0]), bot_points(b[1], b[0])
    deals = sorted(set(pa) & set(pb))
    if not deals:
        raise UsageError(f"no deal played by {a[0]} and {b[0]} in all four seats")
    diff = {d: pa[d] - pb[d] for d in deals}
    mean, lo, hi = _interval(list(diff.values()))
    direction = {deal_id(g): g["direction"] for g in (*a[1], *b[1])}
    by_direction = {name: {"deals": n, "difference": m, "ci95": [x, y]}
                    for name, (n, m, x, y) in _by_direction(diff, direction).items()}
    passing = [diff[d] for d in deals if direction[d] != "hold"]
    if passing:
        m, x, y = _interval(passing)
        passing_part: dict[str, Any] | None = {"deals": len(passing), "difference": m,
                                               "ci95": [x, y]}
    else:
        passing_part = None
    return {"a": a[0], "b": b[0], "deals": len(deals), "difference": mean, "ci95": [lo, hi],
            "a_points": float(np.mean([pa[d] for d in deals])),
            "b_points": float(np.mean([pb[d] for d in deals])),
            "by_direction": by_direction, "passing": passing_part,
            "seeds": sorted({seed for seed, _ in deals})}


def _compare_side(text: str) -> tuple[str, list[dict[str, Any]]]:
    bot, _, files = text.partition("@")
    if not bot or not files:
        raise UsageError(f"--compare {text!r}: expected BOT@FILE[,FILE...]")
    return bot, [g for f in files.split(",") for g in read_lines(Path(f))]


def _timing(lines: list[dict[str, Any]], seats: "Iterable[int] | None") -> dict:
    """Mean and max seconds a decision, wall-clock and CPU, for trick 1, the tricks after
    trick ``LATE`` and all."""
    def stats(xs: list[float]) -> dict[str, float | None]:
        return {"mean": float(np.mean(xs)) if xs else None,
                "max": float(np.max(xs)) if xs else None}
    out = {}
    for clock, field in (("wall", "seconds"), ("cpu", "cpu_seconds")):
        times = _seconds(lines, seats, field)
        out[clock] = {"trick1": stats(times["trick 1"]),
                      f"after_trick{LATE}": stats(times["late"]), "all": stats(times["all"])}
    return out


def _r(x: Any) -> Any:
    if isinstance(x, float):
        return round(x, 4)
    if isinstance(x, dict):
        return {k: _r(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_r(v) for v in x]
    return x


def report(games: list[dict[str, Any]], as_json: bool, console: Console) -> None:
    data = summarize(games)
    if as_json:
        print(json.dumps(_r(data), indent=2))
        return
    s = data["settings"]
    field = data["baseline"]
    table = Table(title=f"duplicate match against {field} (baseline: {field} in all four "
                        f"seats); points per deal, lower is better")
    for col in ("bot", "deals", "points/deal", "95% CI", f"vs {field}", "95% CI", "moons"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for row in data["scores"]:
        base = row["bot"] == field
        table.add_row(
            row["bot"], str(row["deals"]), f"{row['points_per_deal']:.2f}",
            f"{row['ci95'][0]:.2f}…{row['ci95'][1]:.2f}",
            "—" if base else f"{row['vs_baseline']:+.2f}",
            "" if base else f"{row['vs_baseline_ci95'][0]:+.2f}…"
                            f"{row['vs_baseline_ci95'][1]:+.2f}", str(row["moons"]))
    console.print(table)
    speed = Table(title="seconds a decision (the baseline row: the field's own decisions)")
    for col in ("bot", "clock", "trick 1 mean", "trick 1 max", f"tricks {LATE + 1}-13 mean",
                f"tricks {LATE + 1}-13 max", "all mean", "all max"):
        speed.add_column(col, justify="left" if col in ("bot", "clock") else "right")
    for row in data["scores"]:
        for clock in ("wall", "cpu"):
            t = row["seconds"][clock]
            speed.add_row(row["bot"] if clock == "wall" else "", clock, *(
                f"{t[part][stat]:.3f}" for part in ("trick1", f"after_trick{LATE}", "all")
                for stat in ("mean", "max")))
    console.print(speed)
    by_dir = Table(title=f"paired difference to {field} by pass direction: mean ± 95% "
                         f"half-width (deals)")
    by_dir.add_column("pass")
    for row in data["scores"][1:]:
        by_dir.add_column(row["bot"], justify="right")
    for direction in ("left", "right", "across", "hold"):
        cells = []
        for row in data["scores"][1:]:
            x = row["by_direction"].get(direction)
            half = None if x is None else (x["vs_baseline_ci95"][1] - x["vs_baseline"])
            cells.append("" if x is None else
                         f"{x['vs_baseline']:+.2f} ± {half:.2f} ({x['deals']})")
        by_dir.add_row(direction, *cells)
    console.print(by_dir)
    if data["forks"]:
        forks = Table(title="forked games (--shadow): each bot against the bot it forked "
                            "from, paired by deal and seat; lower is better")
        for col in ("bot", "forked from", "seat games", "forked", "at the pass",
                    "median trick", "difference", "95% CI", "deals"):
            forks.add_column(col, justify="left" if col in ("bot", "forked from") else "right")
        for name, f in data["forks"].items():
            vs = f["vs"]
            forks.add_row(name, f["of"], str(f["seat_games"]), str(f["forked"]),
                          str(f["at_pass"]), "—" if f["median_trick"] is None
                          else f"{f['median_trick']:g}", f"{vs['difference']:+.2f}",
                          f"{vs['ci95'][0]:+.2f}…{vs['ci95'][1]:+.2f}", str(vs["deals"]))
        console.print(forks)
    console.print(f"settings: {json.dumps(s)}")
    for name, bot in data["bot_settings"].items():
        if bot:
            console.print(f"  {name}: {json.dumps(bot)}")
    console.print(f"{data['games']} games; a bot's rows count the deals it played in all four "
                  f"seats that have their baseline game, the baseline's the deals every bot "
                  f"completed; moons: shot by the bot's seat (baseline: in its games); seconds: "
                  f"every decision of the bot's seat, forced ones too; wall-clock and CPU "
                  f"seconds of the process")
    skipped = {k: v for k, v in data["incomplete_deals"].items() if v}
    if skipped:
        console.print(f"deals not yet complete (left out): {skipped}")
    advice = next((r for r in data["scores"] if r["bot"] == "advice"), None)
    if advice is not None and s["opponent"] == "ismcts":
        met = advice["vs_baseline"] <= -3.0 and advice["vs_baseline_ci95"][1] < -2.0
        console.print(f"issue 24 target (advice ≤ −3.0 points/deal against IS-MCTS at 5,000 "
                      f"simulations, upper 95% end below −2.0, ≥ 100 deals): "
                      f"{'met' if met and advice['deals'] >= 100 else 'not met'}")


# -- main --------------------------------------------------------------------------------------

def _shard(text: str) -> tuple[int, int]:
    try:
        index, count = (int(x) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not I/N (e.g. 0/2)") from None
    if not 0 <= index < count:
        raise argparse.ArgumentTypeError(f"shard {text}: I must be in 0..N-1")
    return index, count


def _bots(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    known = ("rule", "smoke", "advice", "random", *CANDIDATES, *ORACLES)
    unknown = [n for n in names if n not in known]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown bot {', '.join(unknown) or '(none)'}: "
                                         f"expected {', '.join(known)}")
    return names


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", choices=("ismcts", "rule", "advice"), default="ismcts",
                        help="the field: OpenSpiel's IS-MCTS (the measure), our rule bot, or "
                             "our default advice bot (a screen for engine variants)")
    parser.add_argument("--bots", type=_bots, help="tested bots, comma-separated (default "
                        "rule,advice against ismcts; advice,random against rule; rule "
                        "against advice)")
    parser.add_argument("--shadow", type=_bots, default=[], help="bots compared with the one "
                        "--bots bot by forked games: asked at each of its decisions, played "
                        "only from where they first choose otherwise (hearts.analysis.forks)")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sims", type=int, default=5000, help="IS-MCTS simulations a move")
    parser.add_argument("--uct-c", type=float, default=18.2)
    parser.add_argument("--pass-by", choices=("policy", "rating", "learned", "own"),
                        help="the tested bots' pass (default policy against ismcts and "
                             "advice, own against rule)")
    parser.add_argument("--pass-samples", type=int, default=DEFAULT_ENGINE.pass_samples,
                        help="the pass rating's most sampled deals a pass (default the "
                             "engine's, %(default)s)")
    parser.add_argument("--play-samples", type=int, help="the advice bot's samples a "
                        "decision (default the engine's)")
    parser.add_argument("--model", choices=ENGINE_MODELS, default=DEFAULT_ENGINE.model)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--no-random", action="store_true", help="leave the random bot out")
    parser.add_argument("--no-advice", action="store_true", help="leave the advice bot out")
    parser.add_argument("--no-hold", action="store_true", help="leave the hold deals out "
                        "(nothing is passed there: for comparing passes)")
    parser.add_argument("--shard", type=_shard, default=(0, 1),
                        help="I/N: every N-th deal played, from the I-th (d %% N == I "
                        "without --no-hold)")
    parser.add_argument("--out", help="append each game here as a JSON line; resume from it")
    parser.add_argument("--merge", nargs="+", metavar="FILE", help="report these results files")
    parser.add_argument("--compare", nargs=2, metavar="BOT@FILES",
                        help="the paired difference of two bots (BOT@FILE[,FILE...] each, "
                             "e.g. the same bot passing by rating and by policy), deal by "
                             "deal; the files may hold several seeds")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.bots is None:
        args.bots = {"ismcts": ["rule", "advice"], "rule": ["advice", "random"],
                     "advice": ["rule"]}[args.opponent]
    args.bots = [b for b in args.bots if not (b == "random" and args.no_random or
                                              b == "advice" and args.no_advice)]
    if args.opponent in args.bots:
        parser.error(f"the {args.opponent} bot is the field: it cannot be tested against "
                     f"itself")
    if args.shadow and (len(args.bots) != 1 or set(args.shadow) & set(args.bots)
                        or len(set(args.shadow)) != len(args.shadow)):
        parser.error("--shadow needs one bot in --bots and other, distinct bots to fork from "
                     "its games")
    if args.pass_by is None:
        args.pass_by = "own" if args.opponent == "rule" else "policy"
    if args.deals < 1 or args.sims < 1:
        parser.error("--deals and --sims must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    console = Console(stderr=True)
    out = Console()
    try:
        if args.compare:
            result = compare(*(_compare_side(x) for x in args.compare))
            if args.json:
                print(json.dumps(_r(result), indent=2))
            else:
                out.print(f"{result['a']} − {result['b']}, paired by deal and seat: "
                          f"{result['difference']:+.2f} points/deal (95% CI "
                          f"{result['ci95'][0]:+.2f} … {result['ci95'][1]:+.2f}, "
                          f"{result['deals']} deals of seed "
                          f"{', '.join(map(str, result['seeds']))}; "
                          f"{result['a_points']:.2f} against {result['b_points']:.2f})")
                parts = list(result["by_direction"].items())
                if result["passing"] is not None and "hold" in result["by_direction"]:
                    parts.append(("passing deals", result["passing"]))
                out.print("  " + "; ".join(
                    f"{name} {x['difference']:+.2f} ({x['ci95'][0]:+.2f} … "
                    f"{x['ci95'][1]:+.2f}, {x['deals']})" for name, x in parts))
            return 0
        if args.merge:
            games = merge(read_lines(Path(f)) for f in args.merge)
        else:
            games = run(args, console)
        report(games, args.json, out)
    except (EngineMismatchError, OracleMismatchError) as err:
        # a bug in our engine or OpenSpiel (or rules that are not the same game), or an oracle
        # whose rebuilt deal is not the table's: not bad input
        print(f"error: {err}", file=sys.stderr)
        return 1
    except (UsageError, HeartsError, ModuleNotFoundError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        where = f": the games played are in {args.out}; run again to resume" if args.out else ""
        print(f"interrupted{where}", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
