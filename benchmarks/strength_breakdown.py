"""Where a bot's points against the field come from, from ``bench_strength.py`` results files.

Each of the bot's seat games is paired with the same seat in the deal's baseline game (the
field alone), and the points are split into their sources: Q♠, hearts and moons. The split is
made twice: over all seats, and by whether the seat held Q♠ after the pass (the holder tries
not to be made to take it; the others try to make someone else take it; a like-for-like split
when every seat passed by policy, ``--pass-by policy``, as against IS-MCTS). Then the games in
which the seat took its own Q♠, by how it fell (led, followed with no other legal card, or
followed by choice; a discard never wins its trick), and the *missed drops*:
tricks in which the seat held Q♠, spades were led, a higher spade was already in the trick,
and the seat played another spade (dropping Q♠ there would have given it to someone else).

The games are replayed from their OpenSpiel action ids (:func:`~hearts.analysis.openspiel.
parse_action_line`) under the run's rules, the harness's ``openspiel`` preset; points are
raw points taken (Q♠ 13, a heart 1) and moons as the run scored them (a seat that shoots
adds 26 to every other seat). Intervals are 95%, over deals: each deal's value is the mean
over its seat games (the holder's split: the holder's seat game, and the mean of the
others), so the four seats of a deal are never counted as independent.

Run: ``python benchmarks/strength_breakdown.py FILE... [--bot NAME] [--json]`` (the files
of one run or several, of one seed or several; ``--bot`` defaults to the tested bot, the
first of the files' bots that is not a shadow). Measured figures: ``docs/experiments.md``,
"Where the points come from, by the Q♠ holder".
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Sequence

from rich.console import Console
from rich.table import Table

from hearts.analysis.openspiel import parse_action_line
from hearts.solver import Card, Position, Rules, Seat, Suit
from hearts.solver.errors import HeartsError
from hearts.solver.cards import SUIT_MASKS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_strength import UsageError, _interval, deal_id, read_lines  # noqa: E402

QUEEN = Card("QS")

#: How the seat's own Q♠ fell, keys of :func:`seat_game`'s ``own_queen``.
HOW = ("led", "followed, no other legal card", "followed by choice")


def seat_game(game: dict[str, Any], seat: Seat) -> dict[str, Any]:
    """One seat's share of a played deal.

    Args:
        game: a results line (``actions``: OpenSpiel action ids; ``points``: the final points).
        seat: the seat.

    Returns:
        ``queen`` (1 if the seat took Q♠, else 0), ``hearts`` (hearts taken, 0..13),
        ``moon_against`` / ``moon_by`` (1 if another seat / the seat shot), ``points`` (the
        final points, moons scored), ``held`` (the seat held Q♠ after the pass: in the
        game's own pass, the same as the baseline's when every seat passed by policy),
        ``own_queen`` (how the seat's own Q♠ fell into its trick, one of :data:`HOW`, with
        its trick number 1..13; None otherwise) and ``missed_drops`` (a count).

    Raises:
        RecordSyntaxError (a :class:`HeartsError`): the actions are no complete deal.
    """
    record = parse_action_line(" ".join(map(str, game["actions"])))
    position = Position(record.deal, Rules.preset(game["settings"].get("rules", "openspiel")))
    held = QUEEN in record.deal.hands[seat]
    own_queen = None
    missed = 0
    for number, card in enumerate(record.plays):
        trick = position.trick
        if position.to_move == seat and QUEEN in position.hand(seat):
            if card == QUEEN:
                how = (HOW[0] if not trick else HOW[1] if len(position.legal_moves()) == 1
                       else HOW[2])
                own_queen = (how, number // 4 + 1)
            elif trick and trick[0].suit is Suit.SPADES and card.suit is Suit.SPADES \
                    and any(c.suit is Suit.SPADES and c.rank > QUEEN.rank for c in trick):
                missed += 1
        position.play(card)
    hearts = [bin(mask & SUIT_MASKS[Suit.HEARTS]).count("1") for mask in position.taken]
    queen_by = next(s for s in Seat if position.taken[s] & QUEEN.mask)
    shooter = queen_by if hearts[queen_by] == 13 else None
    return {"queen": int(queen_by == seat), "hearts": hearts[seat],
            "moon_against": int(shooter is not None and shooter != seat),
            "moon_by": int(shooter == seat), "points": game["points"][seat], "held": held,
            "own_queen": own_queen if queen_by == seat else None, "missed_drops": missed}


def _replayed(game: dict[str, Any], seat: Seat) -> dict[str, Any]:
    try:
        return seat_game(game, seat)
    except HeartsError as err:
        raise UsageError(f"seed {game['settings'].get('seed')} deal {game['deal']}, "
                         f"{game['bot']} (seat {game['seat'] or 'none: baseline'}): its actions "
                         f"are no complete deal ({err})") from None


def default_bot(games: list[dict[str, Any]]) -> str:
    """The tested bot of the files: the first bot with a seat game that is not a fork.

    Raises:
        UsageError: the files hold no seat game.
    """
    for g in games:
        if g["seat"] is not None and "fork" not in g:
            return g["bot"]
    raise UsageError("the files hold no bot's seat game, only baseline games")


def breakdown(games: list[dict[str, Any]], bot: str) -> dict[str, Any]:
    """``bot``'s seat games against the same seats of the baseline games, by source.

    Returns:
        ``deals``, ``seat_games``; ``sources``: per source (``queen``, ``hearts``,
        ``moon_against``, ``moon_by``, ``points``) the bot's and the field's mean a seat game
        (a rate for the 0/1 sources) and ``difference`` with ``ci95``, in points a seat game
        (Q♠ × 13, moons against × 26, moons by × −26: under the harness's rules the four
        rows add up to the points row, a deal at a time); ``holder``: for ``held`` and
        ``not_held`` the same in points, and the Q♠ rates; ``own_queen``: Counter of (who,
        how, tricks band) for the games in which the seat took its own Q♠; ``missed_drops``
        per side.

    Raises:
        UsageError: no deal in which ``bot`` played a seat and the field its baseline, or a
            game whose actions are no complete deal (named by seed, deal and bot).
    """
    base = {deal_id(g): g for g in games if g["seat"] is None}
    rows: dict[tuple[int, int], list[tuple[dict, dict]]] = defaultdict(list)
    for g in games:
        if g["bot"] == bot and g["seat"] is not None and deal_id(g) in base:
            seat = Seat[g["seat"]]
            rows[deal_id(g)].append((_replayed(g, seat), _replayed(base[deal_id(g)], seat)))
    if not rows:
        raise UsageError(f"no deal in which {bot} played a seat and the field its baseline")
    weight = {"queen": 13, "hearts": 1, "moon_against": 26, "moon_by": -26, "points": 1}
    sources = {}
    for key, w in weight.items():
        per_deal = [sum(w * (m[key] - f[key]) for m, f in pairs) / len(pairs)
                    for pairs in rows.values()]
        mean, lo, hi = _interval(per_deal)
        n = sum(len(p) for p in rows.values())
        sources[key] = {"bot": sum(m[key] for p in rows.values() for m, _ in p) / n,
                        "field": sum(f[key] for p in rows.values() for _, f in p) / n,
                        "difference": mean, "ci95": [lo, hi]}
    holder = {}
    for name, held in (("held", True), ("not_held", False)):
        pairs = [[(m, f) for m, f in p if m["held"] == held] for p in rows.values()]
        pairs = [p for p in pairs if p]
        per_deal = [sum(m["points"] - f["points"] for m, f in p) / len(p) for p in pairs]
        mean, lo, hi = _interval(per_deal)
        flat = [x for p in pairs for x in p]
        holder[name] = {"seat_games": len(flat), "difference": mean, "ci95": [lo, hi],
                        "bot_queen": sum(m["queen"] for m, _ in flat) / len(flat),
                        "field_queen": sum(f["queen"] for _, f in flat) / len(flat)}
    own: Counter = Counter()
    missed = {"bot": 0, "field": 0}
    for pairs in rows.values():
        for m, f in pairs:
            for who, side in (("bot", m), ("field", f)):
                missed[who] += side["missed_drops"]
                if side["own_queen"] is not None:
                    how, trick = side["own_queen"]
                    band = "1-4" if trick <= 4 else "5-8" if trick <= 8 else "9-13"
                    own[(who, how, band)] += 1
    return {"bot": bot, "deals": len(rows), "seat_games": sum(len(p) for p in rows.values()),
            "sources": sources, "holder": holder, "own_queen": own, "missed_drops": missed}


def _ci(x: dict[str, Any]) -> str:
    return f"{x['difference']:+.2f} ({x['ci95'][0]:+.2f} … {x['ci95'][1]:+.2f})"


def report(result: dict[str, Any], as_json: bool, console: Console) -> None:
    """Print :func:`breakdown`'s result as rich tables, or as JSON with ``as_json``."""
    if as_json:
        out = dict(result, own_queen=[{"who": w, "how": h, "tricks": b, "games": n}
                                      for (w, h, b), n in sorted(result["own_queen"].items())])
        print(json.dumps(out, indent=2))
        return
    bot = result["bot"]
    names = {"queen": "Q♠ taken (rate; points ×13)", "hearts": "hearts taken",
             "moon_against": "moons against the seat (rate; ×26)",
             "moon_by": "moons shot by the seat (rate; ×−26)", "points": "points (final)"}
    table = Table(title=f"{bot} against the field in the same seat: {result['deals']} deals, "
                        f"{result['seat_games']} seat games")
    for col in ("source", bot, "field", f"{bot} − field, points/seat game (95% CI)"):
        table.add_column(col, justify="left" if col == "source" else "right")
    for key, name in names.items():
        x = result["sources"][key]
        table.add_row(name, f"{x['bot']:.3f}", f"{x['field']:.3f}", _ci(x))
    console.print(table)
    table = Table(title="by the seat's Q♠ after the pass")
    for col in ("seat", "seat games", f"Q♠ taken: {bot}", "field", f"{bot} − field (95% CI)"):
        table.add_column(col, justify="left" if col == "seat" else "right")
    for key, name in (("held", "held Q♠"), ("not_held", "did not")):
        x = result["holder"][key]
        table.add_row(name, str(x["seat_games"]), f"{x['bot_queen']:.3f}",
                      f"{x['field_queen']:.3f}", _ci(x))
    console.print(table)
    table = Table(title="games in which the seat took its own Q♠, by how it fell and when")
    for col in ("how", "tricks", bot, "field"):
        table.add_column(col, justify="left" if col in ("how", "tricks") else "right")
    for how in HOW:
        for band in ("1-4", "5-8", "9-13"):
            table.add_row(how, band, str(result["own_queen"][("bot", how, band)]),
                          str(result["own_queen"][("field", how, band)]))
    console.print(table)
    console.print(f"missed drops (held Q♠, a higher spade already in a spade trick, another "
                  f"spade played): {bot} {result['missed_drops']['bot']}, the field "
                  f"{result['missed_drops']['field']}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", metavar="FILE", help="bench_strength.py results")
    parser.add_argument("--bot", help="the bot (default: the files' tested bot)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        missing = [f for f in args.files if not Path(f).is_file()]
        if missing:
            raise UsageError(f"no such results file: {missing[0]}")
        games = [g for f in args.files for g in read_lines(Path(f))]
        result = breakdown(games, args.bot or default_bot(games))
    except (UsageError, HeartsError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    report(result, args.json, Console())
    return 0


if __name__ == "__main__":
    sys.exit(main())
