"""The HTML report of ``hearts annotate --html REPORT``: one self-contained page.

Per deal: the deal diagram (the four hands at the start of play, ♠ ♥ ♦ ♣ in suit colours)
and the passes beside the tricks on a wide screen (above them on a narrow one), every trick
with the cards played, each judged play's one mark and loss (0 included) in the mode that
counts with the other mode's verdict in smaller text, the suggested card (and open line),
mistakes highlighted, the moon alert; for the whole batch: the number of marked plays
(the ``mistake_count`` of the JSON, in ``<span id="mistake-count" data-count="N">``) and an
inline SVG chart of the points each seat lost to its mistakes (per mode).

The page is rendered with Jinja2 from the template ``templates/annotate_report.html.j2``
(package data) with autoescaping on, so every text taken from a record (tags, comments,
file names) is HTML-escaped. It has inline CSS, inline SVGs and no script, and references
no URL (so it opens offline and from a mail attachment). Each deal also gets its
expected-points graph with each seat's accuracy (:mod:`.points_graph`, the drawing the web
board shows).
"""
from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, Sequence

from markupsafe import Markup, escape

from hearts.solver.cards import Card, Suit
from hearts.solver.seats import Seat
from hearts.solver.words import counted

from . import records
from .annotate import GameAnnotation, JudgedPlay, deal_json, modes_run, moon_text, summarise
from .points_graph import render_points_graph

if TYPE_CHECKING:  # pragma: no cover
    import jinja2

__all__ = ["render_report", "TEMPLATE"]

#: The template's file name in ``hearts.analysis/templates``.
TEMPLATE = "annotate_report.html.j2"
#: Suit order of the diagram (as PBN).
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_CLASS = {Suit.SPADES: "s", Suit.HEARTS: "h", Suit.DIAMONDS: "d", Suit.CLUBS: "c"}


def _environment() -> "jinja2.Environment":
    # Imported here: Jinja2 takes 70 ms to import, which every `hearts` command paid, and only
    # `hearts annotate --html` renders a page.
    import jinja2
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True)
    env.filters["card"] = _card_html
    return env


def _card_html(card: Card) -> Markup:
    """A card as ``<span class="card h">Q♥</span>`` (markup: every part of it is ours)."""
    return Markup(f'<span class="card {_SUIT_CLASS[card.suit]}">{escape(card.symbol())}</span>')


def _hand(cards: Sequence[Card]) -> list[dict]:
    rows = []
    for suit in _SUITS:
        ranks = sorted((c for c in cards if c.suit == suit), key=lambda c: -c.rank)
        rows.append({"cls": _SUIT_CLASS[suit], "symbol": suit.symbol,
                     "ranks": " ".join(c.symbol()[:-1] for c in ranks) or "—"})
    return rows


def _play_view(seat: Seat, play: records.Play, judged: JudgedPlay | None) -> dict:
    """One play's cell: the card, one mark and the loss of the mode that counts (fair when the
    play was judged fair, else open hands), the other mode's verdict beside it in smaller
    text, the suggested card, the notes of a marked play."""
    card = play.card
    classes = ["play"]
    notes: list[dict] = []
    verdict = ""
    counted_loss = ""
    counts = ""
    other: dict | None = None
    open_judged = judged is not None and judged.status == "judged"
    if judged is not None:
        verdict = judged.verdict
        if verdict == "??":
            classes.append("blunder")
        elif verdict == "?":
            classes.append("mistake")
        if judged.agreement == "open only":
            classes.append("open-only")
        if open_judged and (judged.mark or judged.agreement):
            notes.append({"mode": "open hands", "loss": f"{judged.loss}",
                          "value": f"leaves {judged.value}", "best": list(judged.best),
                          "best_value": f"{judged.best_value}", "line": list(judged.line),
                          "samples": None, "flag": "open-hands only"
                          if judged.agreement == "open only" else ""})
        f = judged.fair
        if f is not None and (f.mark or judged.agreement):
            notes.append({"mode": "fair", "loss": f"{f.loss:.2f} ± {f.se:.2f}",
                          "value": "" if f.mean is None else f"mean {f.mean:.2f}",
                          "best": list(f.best),
                          "best_value": "" if f.best_mean is None else f"{f.best_mean:.2f}",
                          "line": [], "samples": f"{counted(f.samples, 'sample')}, {f.evaluator}",
                          "flag": "on the seat's information only"
                          if judged.agreement == "fair only" else ""})
        open_loss = f"{judged.loss}" if open_judged else ""
        if f is not None and f.evaluator != "forced":
            counts, counted_loss = "fair", f"{f.loss:.2f}"
            if open_judged:
                other = {"mode": "open", "mark": judged.mark, "loss": open_loss}
        elif f is not None:
            counts, counted_loss = "fair", "0"         # one class of cards: nothing to lose
            if open_judged:
                other = {"mode": "open", "mark": judged.mark, "loss": open_loss}
        elif open_judged:
            counts, counted_loss = "open", open_loss
    suggestion: list[Card] = []
    if judged is not None and judged.fair is not None and judged.fair.evaluator != "forced":
        suggestion = list(judged.fair.best)
    elif open_judged:
        suggestion = list(judged.best)
    # The play's own words (a person's comment), without the machine data we wrote.
    comment = records.strip_comment_data(play.comment)
    return {"seat": seat.letter, "card": card, "mark": verdict, "classes": " ".join(classes),
            "comment": comment, "loss": counted_loss, "counts": counts, "other": other,
            "notes": notes, "suggestion": suggestion,
            "played_best": card in suggestion}


def _deal_view(gi: int, result: GameAnnotation, deal_ann) -> dict:
    deal = deal_ann.deal
    by_index = {p.index: p for p in deal_ann.plays}
    after = deal.deal
    tricks = []
    for trick in deal.tricks():
        plays = []
        for offset, (seat, play) in enumerate(zip(trick.seats, trick.plays)):
            index = 4 * (trick.number - 1) + offset + 1
            plays.append(_play_view(seat, play, by_index.get(index)))
        tricks.append({"number": trick.number, "leader": trick.leader.letter,
                       "winner": trick.winner.letter if trick.winner else "",
                       "plays": plays,
                       "notes": [(p, n) for p in plays for n in p["notes"]]})
    return {"game": gi, "number": deal.number,
            "hands": {s.letter: _hand(list(after[s])) for s in Seat},
            "names": {s.letter: s.name_title for s in Seat},
            "direction": deal.direction.name.lower(),
            "passes": deal_ann.passes, "tricks": tricks,
            # each pass's own words, as the plays' (a person's comment, no machine data)
            "pass_comments": {s.letter: records.strip_comment_data(c)
                              for s, c in deal.pass_comments.items()},
            "comment": deal.comment,
            "points": None if deal.points is None else list(deal.points),
            "moon": moon_text(deal_ann.moon_alert).strip() if deal_ann.moon_alert else "",
            "graph": render_points_graph(deal_json(deal_ann, result.mode))}


def _chart(plays: list[JudgedPlay], mode: str) -> dict:
    """Bars of points lost per seat and mode, scaled to the largest (SVG coordinates)."""
    which = modes_run(mode)
    tables = {w: summarise(plays, w) for w in which}
    largest = max([float(t[s]["lost"]) for t in tables.values() for s in Seat] + [1.0])
    bar_h, gap, label_w, width = 16, 6, 70, 300
    bars, y = [], 10
    for seat in Seat:
        for w in which:
            lost = float(tables[w][seat]["lost"])
            bars.append({"seat": seat.name_title, "mode": w, "lost": lost,
                         "text": f"{lost:.2f}" if w == "fair" else f"{lost:g}",
                         "y": y, "w": round(width * lost / largest, 1),
                         "cls": "bar-" + w})
            y += bar_h + 2
        y += gap
    return {"bars": bars, "height": y + 24, "width": label_w + width + 100, "label_w": label_w,
            "bar_h": bar_h, "modes": which, "legend_y": y + 8}


def render_report(grouped: Sequence[tuple[str, list[GameAnnotation]]], data: dict) -> str:
    """The report page for a batch (``grouped``: file name → its game annotations; ``data``:
    the batch's JSON document, :func:`.annotate.batch_json`, whose ``mistake_count`` the
    page shows)."""
    files = []
    for name, results in grouped:
        games = []
        for gi, result in enumerate(results, start=1):
            games.append({"tags": list(result.game.tags.items()),
                          "errors": [str(e) for e in result.errors],
                          "deals": [_deal_view(gi, result, d) for d in result.deals]})
        files.append({"name": name, "games": games})
    plays = [p for _, rs in grouped for r in rs for p in r.plays]
    first = next((r for _, rs in grouped for r in rs), None)
    template = (resources.files("hearts.analysis") / "templates" / TEMPLATE).read_text("utf-8")
    return _environment().from_string(template).render(
        files=files, data=data, chart=_chart(plays, data["mode"]), first=first,
        mistake_count=data["mistake_count"])
