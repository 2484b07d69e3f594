"""The engine: one named evaluator configuration behind every sampled analysis.

A seat's choice is valued by sampling deals consistent with what it knows (PIMC) and valuing
each sampled deal with an *evaluator*: rollouts (:mod:`.policy`, played in the core; by default
the other seats lead and follow by the model of IS-MCTS's play and discard as the rule bot,
the seat itself plays each later card by a one-card look-ahead over play-outs against that
model, 8 runs averaged: :data:`~.policy.MIMIC_LOOKAHEAD`) until
``horizon`` tricks are left, then an exact solve of that position under ``model``
(:mod:`.advice`, :mod:`.passing`); the play advice's sampled deals are weighted by how well
they explain the other seats' plays under that same model (:mod:`.inference`).
:class:`Engine` names that configuration as one frozen value, and :data:`DEFAULT_ENGINE` is
the one used, unless told otherwise, by the play advice
(:func:`~.advice.advise`, ``hearts play``), the pass rating (:func:`~.passing.rate_passes`,
``hearts pass``), fair-mode annotation
(:func:`~.annotate.annotate`, ``hearts annotate --mode fair``; its moon alerts and the play
advice's moon risk are exact moon-model searches, not this evaluator) and the advice bot of the
strength harness (:class:`~.bots.AdviceBot`).

Why these defaults: measured in duplicate matches against OpenSpiel's IS-MCTS bot, they had the
best point estimate of the variants tried within the speed target, though no variant was better
at 95% on 24-48 deals; the noisy rollouts of the other seats were, by 0.40 points a deal over
300 forked deals, the learned model with the rule bot's discards by 0.35 more over 620, and
the inference by that model by 0.21 more over 680 (95% CI 0.01 … 0.41: adopted on its first
240, level on the next 280, 0.38 better on 160 more), the exact solve from 2 tricks left
instead of 4 by 0.20 more over 480 (95% CI 0.01 … 0.38), and the seat's own look-ahead in the
rollouts by 0.33 more over 320 (95% CI 0.003 … 0.65; ``docs/analysis.md``, "The engine";
every run with its settings and intervals in ``docs/experiments.md``, "Strength against
IS-MCTS", "Noise in the rollouts", "Discards without noise", "A third seed of the default",
"A shorter horizon and more rollouts with the learned model" and "The seat's own look-ahead
on guesses of the hidden hands").
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import SettingsError
from .inference import MIMIC
from .policy import MIMIC_LOOKAHEAD, NOISY_PASS, RolloutPolicy

__all__ = ["Engine", "DEFAULT_ENGINE", "ENGINE_MODELS", "LATE_TRICKS", "MOON_PLANS"]

#: Models an engine can solve with at its horizon (the game model needs game totals and is
#: asked for explicitly, never a default).
ENGINE_MODELS = ("maxn", "paranoid")

#: The play advice's moon plans (:attr:`Engine.moon_plan`; ``None`` is off).
MOON_PLANS = (None, "rollouts", "exact")

#: Tricks played from which :attr:`Engine.late_sample_nodes` is the node budget (trick 7 on).
LATE_TRICKS = 6


@dataclass(frozen=True)
class Engine:
    """An evaluator configuration (module docstring); frozen and checked once when made.

    Attributes:
        model: the solution concept of the exact solve at the horizon: ``maxn`` (every seat
            minimises its own points) or ``paranoid`` (the other three together maximise the
            seat's points).
        samples: play advice: the most sampled deals a decision (fewer when the early stop
            finds one card clearly best).
        horizon: play advice: tricks left (counting the trick in progress, 1..13) at which
            the rollout hands over to the exact solve; with at most this many tricks left the
            whole decision is solved exactly in every sample. Default 2 (since stop 52; 4
            before): with rollouts that play the other seats as IS-MCTS does, fewer tricks of
            max^n's clairvoyant, perfect opponents measured 0.20 points a deal better (95%
            CI 0.01 … 0.38, 480 forked deals), at a quarter less CPU.
        rollout: play advice: how the rollout plays to the horizon
            (:class:`~.policy.RolloutPolicy`). Default :data:`~.policy.MIMIC_LOOKAHEAD`
            (since stop 54; the seat's own later cards by the rule bot before): the seat's own
            look-ahead measured 0.33 points a deal better (95% CI 0.003 … 0.65, 320 forked
            deals; 0.30 better, 95% CI 0.01 … 0.59, over three seeds and 420 deals) at
            several times the CPU of a decision at trick 1 (now mean 0.25 s, max 1.4 s on one
            thread; on two cores 0.15 s mean, 0.79 s max).
        early_stop: play advice: stop sampling once one card is clearly best
            (:data:`~.advice.STOP_RULE`).
        moon_horizon: play advice: the horizon while a moon is live (one seat alone has
            taken moon cards), when higher than ``horizon``: the rule-bot rollout neither
            shoots nor stops a moon, so the exact solve starts that many tricks from the end
            (at 6 tricks left with 23 points taken, leading Q♥ shoots; a rollout to 4 tricks
            left ranks another card first, one to 2 ranks Q♥ first at 10.5 points on
            average, one to 5 at 1.25: ``tests/test_engine.py``).
        pass_samples: pass rating: the most sampled deals for one pass.
        pass_horizon: pass rating: tricks left (1..13) at the rollout's hand-over.
        pass_rollout: pass rating: how its rollouts play to ``pass_horizon``
            (:class:`~.policy.RolloutPolicy`, one run a sampled deal: the rating's own
            hundreds of deals average any noise, and a pass × deal costs one rollout;
            default :data:`~.policy.NOISY_PASS`, the other seats noisy as in ``rollout``).
        inference: play advice: weight the sampled deals by how well they explain the other
            seats' plays: under the learned model of IS-MCTS's play (``"mimic"``,
            :data:`~.inference.MIMIC`, the default since stop 51; none under rules the model
            was not fitted for, :func:`~.inference.play_model`), under a noisy rule bot of
            five noise levels in 0..1 (lead, follow above the winner, duck, follow last,
            discard; :data:`~.inference.PLAY_NOISE` is the fitted one), or ``None`` (uniform
            deals). Measured against IS-MCTS by forked games: the learned model 0.43 points a
            deal better than uniform deals on the 240 deals it was adopted on (95% CI 0.08 …
            0.78), level on 280 more of two check seeds, 0.38 better on 160 of a fourth,
            0.21 better over the 680 (95% CI 0.01 … 0.41); the noisy rule bot no gain
            (``docs/experiments.md``, "A third seed of the default, the oracle with its
            model, and inference by the learned model", and "A shorter horizon and more
            rollouts with the learned model").
        sample_nodes: play advice: the decision's node budget per sample asked for (search
            nodes; 30,000, so 12 M at 400 samples, about 0.4 s on one core): sampling stops
            once the samples used have spent ``sample_nodes × samples`` nodes, after at
            least :data:`~.advice.MIN_SAMPLES`. As the budget is checked between samples,
            each sample is also capped at its share, the budget / ``MIN_SAMPLES``, split
            over the cards valued (and a card's part over its rollout runs; an exact solve
            of the whole decision is one search and gets the share whole): a card's solve
            that reaches its part is redone one trick of the rule bot later
            (:func:`~.advice.evaluate_deal`'s ``card_nodes``), so one heavy sample cannot
            pass the budget by much and every card keeps a value. Only the engine's own
            evaluator is budgeted. ``None``: no budget and no cap.
        late_sample_nodes: play advice: ``sample_nodes`` from trick 7 on (6 tricks played),
            where a live moon's exact solves from 5 tricks left make the heaviest decisions
            (20,000: 8 M at 400 samples); ``None``: ``sample_nodes`` throughout. No budget at
            all when ``sample_nodes`` is ``None`` (:meth:`node_budget`). Measured
            against IS-MCTS by forked games: level with 30,000 (−0.04 points a deal, −0.09 …
            +0.02, 100 deals), its slowest decision after trick 6 0.52 s of CPU against 0.72
            (``docs/experiments.md``, "Moon threats in the rollouts, and a late budget").
        moon_plan: play advice: while no other seat has taken a moon card, value each card
            also as the seat playing to shoot the moon (the core's shooter plan in its
            rollouts, every other seat defending with the rollouts' noise), and where that
            plan's mean is lower by more than 2 standard errors keep its values for the card
            (:func:`~.advice.advise`). ``"rollouts"``: the plan valued by those rollouts
            alone, whose defence lets moons through; ``"exact"``: the seat shoots only in the
            sampled deals where the best defence cannot stop it (the moon model, all hands
            open), elsewhere it scores its attempt's rollout (one run), as the pass rating's
            moon plan; ``None``: off (the rule-bot rollouts never shoot, so a hand that can
            shoot is valued as if it would not try). Measured: ``docs/experiments.md``, "The
            seat's own moon in the play".

    Raises:
        SettingsError: an unknown model, a horizon outside 1..13, a count below 1, a rollout
            that is not a :class:`~.policy.RolloutPolicy`, a ``pass_rollout`` of several
            runs, ``inference`` neither five levels in 0..1 nor ``"mimic"``, ``sample_nodes``
            or ``late_sample_nodes`` not a whole number ≥ 1, an unknown ``moon_plan``;
            ``argument`` names the field.
    """

    model: str = "maxn"
    samples: int = 400
    horizon: int = 2
    rollout: RolloutPolicy = MIMIC_LOOKAHEAD
    early_stop: bool = True
    moon_horizon: int = 5
    pass_samples: int = 512
    pass_horizon: int = 6
    pass_rollout: RolloutPolicy = NOISY_PASS
    inference: tuple[float, ...] | str | None = MIMIC
    sample_nodes: int | None = 30_000
    late_sample_nodes: int | None = 20_000
    moon_plan: str | None = None

    def __post_init__(self) -> None:
        if self.model not in ENGINE_MODELS:
            raise SettingsError(f"model must be {' or '.join(ENGINE_MODELS)}, got "
                                f"{self.model!r}", argument="model")
        for name in ("sample_nodes", "late_sample_nodes"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or value < 1):
                raise SettingsError(f"{name} must be a whole number >= 1 or None, got "
                                    f"{value!r}", argument=name)
        if self.moon_plan not in MOON_PLANS:
            raise SettingsError(f"moon_plan must be rollouts, exact or None, got "
                                f"{self.moon_plan!r}", argument="moon_plan")
        for name in ("samples", "pass_samples"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise SettingsError(f"{name} must be a whole number >= 1, got {value!r}",
                                    argument=name)
        for name in ("horizon", "moon_horizon", "pass_horizon"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 13:
                raise SettingsError(f"{name} must be 1..13 tricks, got {value!r}",
                                    argument=name)
        if self.inference is not None and self.inference != MIMIC and (
                not isinstance(self.inference, tuple) or len(self.inference) != 5
                or not all(isinstance(x, (int, float)) and not isinstance(x, bool)
                           and 0 <= x <= 1 for x in self.inference)):
            raise SettingsError(f"inference must be five noise levels in 0..1, 'mimic' or "
                                f"None, got {self.inference!r}", argument="inference")
        for name in ("rollout", "pass_rollout"):
            value = getattr(self, name)
            if not isinstance(value, RolloutPolicy):
                raise SettingsError(f"{name} must be a RolloutPolicy, got {value!r}",
                                    argument=name)
        if self.pass_rollout.runs != 1:
            raise SettingsError(f"pass_rollout must be one run a sampled deal (its deals "
                                f"average the noise), got {self.pass_rollout.runs} runs",
                                argument="pass_rollout")

    def node_budget(self, tricks_played: int) -> int | None:
        """The play advice's node budget per sample asked for once ``tricks_played`` tricks
        are complete: ``late_sample_nodes`` from trick 7 on (:data:`LATE_TRICKS` played),
        else ``sample_nodes``; ``None`` (no budget) whenever ``sample_nodes`` is ``None``."""
        if self.sample_nodes is None:
            return None
        if self.late_sample_nodes is not None and tricks_played >= LATE_TRICKS:
            return self.late_sample_nodes
        return self.sample_nodes

    def but(self, **changes) -> "Engine":
        """A copy with ``changes``, checked as a new engine: ``DEFAULT_ENGINE.but(samples=400)``.
        """
        return replace(self, **changes)

    def text(self) -> str:
        """The play evaluator in one line, for help texts and output."""
        samples = f"up to {self.samples} sampled deals" if self.early_stop else \
            f"{self.samples} sampled deals"
        if self.sample_nodes is not None:
            late = (f", {self.late_sample_nodes:,} from trick 7 on"
                    if self.late_sample_nodes not in (None, self.sample_nodes) else "")
            samples += f" (a budget of {self.sample_nodes:,} search nodes each{late})"
        moon = (f" ({self.moon_horizon} while a moon is live)"
                if self.moon_horizon > self.horizon else "")
        left = "1 trick is" if self.horizon == 1 else f"{self.horizon} tricks are"
        plan = ("" if self.moon_plan is None else
                "; while the seat can still shoot, also as a seat that plays to shoot the moon"
                + (" where the best defence cannot stop it" if self.moon_plan == "exact"
                   else "") + ", the clearly lower mean kept")
        return (f"{self.model}, {samples} a decision; each valued by rollouts of "
                f"{self.rollout.text()} until {left} left{moon}, then an "
                f"exact {self.model} solve{plan}")


#: The engine every analysis uses by default (module docstring; measured in
#: ``docs/experiments.md``, "Strength against IS-MCTS").
DEFAULT_ENGINE = Engine()
