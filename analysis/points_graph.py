"""The expected-points graph of an annotated deal: one line per seat over the 52 plays, as an
inline SVG (the HTML report of ``hearts annotate`` and the web board show the same drawing).

Input: one deal's figures as :func:`hearts.analysis.annotate.deal_json` gives them (its
``graph``: per seat, its points for the deal after each of its judged plays, and the deal's
final points; its ``summaries``: the accuracy per seat). Drawn: the plays on the x axis (a
light line at each trick's end), points on the y axis (lower is better) over the rules' range,
a line and a dot per seat (``± SE`` as a bar when the values are sampled), a ring on each play
marked ``?`` or ``??``, the final points as a square at play 52, and a legend with each seat's
accuracy for the deal. Every dot carries ``data-index`` (its play, 1..52) and a tooltip, so a
page can step to the play clicked; the root ``<svg>`` carries ``data-x0`` and ``data-dx`` (the
x of play 0 and the width of one play) for a cursor.

The SVG is rendered with Jinja2 (template ``templates/points_graph.svg.j2``, autoescaped) and
uses no script, no style sheet and no URL. The input may come from a client (the web board's
``/api/graph``): every number is checked and every text escaped.
"""
from __future__ import annotations

import math
from importlib import resources
from typing import Any, Mapping

from markupsafe import Markup

from hearts.solver.cards import Card
from hearts.solver.errors import HeartsError
from hearts.solver.seats import Seat

__all__ = ["GraphError", "render_points_graph", "SEAT_COLOURS", "TEMPLATE"]

#: The template's file name in ``hearts.analysis/templates``.
TEMPLATE = "points_graph.svg.j2"
#: One colour per seat, apart from the suit colours (red hearts, orange diamonds, green clubs).
SEAT_COLOURS = {"N": "#1f5fbf", "E": "#8e44ad", "S": "#00838f", "W": "#a0522d"}
#: The drawing's size and margins (SVG user units, px).
WIDTH, HEIGHT = 660, 230
LEFT, RIGHT, TOP, BOTTOM = 40, 130, 14, 34
#: The marks' ring colours.
MARK_COLOURS = {"?": "#d4a000", "??": "#c8102e"}


class GraphError(HeartsError):
    """Graph data that cannot be drawn (a missing part, a value that is no number)."""


#: The largest value, in points or plays, a graph takes: a deal's points are at most a few
#: hundred under any rules. The bound keeps posted data (``POST /api/graph``) from dividing by
#: zero (``1e308 + 1 == 1e308``) or asking for billions of axis ticks.
MAX_MAGNITUDE = 10_000


def _number(value: Any, where: str) -> float:
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or isinstance(value, float) and not math.isfinite(value)):
        raise GraphError(f"graph: {where} must be a number, got {value!r}")
    if abs(value) > MAX_MAGNITUDE:       # an int past a float's range too: no float(value)
        raise GraphError(f"graph: {where} must be a number within ±{MAX_MAGNITUDE:,}")
    return float(value)


def _environment() -> Any:
    # Imported here, as annotate_html does: Jinja2 costs every `hearts` command 70 ms to import.
    import jinja2
    return jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined,
                              trim_blocks=True, lstrip_blocks=True)


def _card_symbol(text: Any) -> str:
    try:
        return Card(str(text)).symbol()
    except HeartsError:
        return str(text)


def render_points_graph(deal: Mapping[str, Any], element_id: str | None = None) -> Markup:
    """The SVG of one deal's graph (module docstring) as markup for a page.

    Args:
        deal: the deal's figures, :func:`hearts.analysis.annotate.deal_json` (``graph`` and,
            for the legend's accuracy, ``summaries``).
        element_id: the ``id`` of the ``<svg>`` (None: none).

    Raises:
        GraphError: ``deal`` lacks the graph or holds a value that is no number.
    """
    if not isinstance(deal, Mapping) or not isinstance(deal.get("graph"), Mapping):
        raise GraphError("graph: expected a deal of the annotation (its \"graph\" object)")
    graph = deal["graph"]
    low = _number(graph.get("low", 0), "low")
    high = _number(graph.get("high", 26), "high")
    plays = int(_number(graph.get("plays", 52), "plays"))
    series = graph.get("series")
    if not isinstance(series, Mapping):
        raise GraphError("graph: series must be an object of seats")
    points: list[dict] = []
    for seat in series:
        if seat not in SEAT_COLOURS or not isinstance(series[seat], list):
            raise GraphError(f"graph: series {seat!r}: expected N, E, S or W with a list")
        for k, p in enumerate(series[seat]):
            if not isinstance(p, Mapping):
                raise GraphError(f"graph: series {seat} point {k + 1} is not an object")
            se = p.get("se")
            points.append({"seat": seat, "index": int(_number(p.get("index"), "index")),
                           "value": _number(p.get("value"), "value"),
                           "se": None if se is None else _number(se, "se"),
                           "mark": p.get("mark") if p.get("mark") in MARK_COLOURS else "",
                           "card": _card_symbol(p.get("card", ""))})
    final = graph.get("final")
    finals = {} if not isinstance(final, Mapping) else {
        s: _number(v, f"final {s}") for s, v in final.items() if s in SEAT_COLOURS}
    values = [p["value"] for p in points] + list(finals.values())
    low = min([low] + values)
    high = max([high] + values)
    if high <= low:
        high = low + 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    dx = plot_w / 52

    def x(index: float) -> float:
        return round(LEFT + index * dx, 1)

    def y(value: float) -> float:
        return round(TOP + (high - value) / (high - low) * plot_h, 1)

    lines = []
    for seat in SEAT_COLOURS:
        own = sorted((p for p in points if p["seat"] == seat), key=lambda p: p["index"])
        dots = []
        for p in own:
            se = p["se"]
            dots.append({"x": x(p["index"]), "y": y(p["value"]), "index": p["index"],
                         "mark": p["mark"], "ring": MARK_COLOURS.get(p["mark"], ""),
                         "bar": None if not se else (y(p["value"] + se), y(p["value"] - se)),
                         "title": f"{seat} {p['card']}{p['mark']} (play {p['index']}, trick "
                                  f"{(p['index'] - 1) // 4 + 1}): {p['value']:g}"
                                  + (f" ± {se:.2f}" if se else "") + " points"})
        path = [(d["x"], d["y"]) for d in dots]
        end = None
        if seat in finals:
            end = {"x": x(52), "y": y(finals[seat]), "value": f"{finals[seat]:g}"}
            path.append((end["x"], end["y"]))
        lines.append({"seat": seat, "colour": SEAT_COLOURS[seat], "dots": dots, "end": end,
                      "path": " ".join(f"{a},{b}" for a, b in path)})
    step = 5 if high - low <= 40 else 10 if high - low <= 80 else 25
    first_tick = math.ceil(low / step) * step
    ticks = [{"y": y(v), "label": f"{v:g}"} for v in range(int(first_tick), int(high) + 1, step)]
    which = graph.get("which")
    summary = deal.get("summaries", {})
    rows = summary.get(which, {}) if isinstance(summary, Mapping) else {}
    legend = []
    for k, seat in enumerate(SEAT_COLOURS):
        row = rows.get(seat) if isinstance(rows, Mapping) else None
        acc = row.get("accuracy") if isinstance(row, Mapping) else None
        shown = "—" if acc is None else f"{_number(acc, f'accuracy {seat}'):.0f}"
        legend.append({"seat": seat, "name": Seat.parse(seat).name_title,
                       "colour": SEAT_COLOURS[seat], "accuracy": shown,
                       "y": TOP + 14 + 18 * k})
    template = (resources.files("hearts.analysis") / "templates" / TEMPLATE).read_text("utf-8")
    return Markup(_environment().from_string(template).render(
        id=element_id, width=WIDTH, height=HEIGHT, left=LEFT, top=TOP, plot_w=plot_w,
        plot_h=plot_h, dx=round(dx, 4), bottom=TOP + plot_h, right=LEFT + plot_w,
        tricks=[{"x": x(4 * t), "label_x": x(4 * t - 2), "number": t} for t in range(1, 14)],
        ticks=ticks, lines=lines, legend=legend, legend_x=LEFT + plot_w + 14,
        which=which, plays=plays,
        label="open hands, exact" if which == "open" else "fair, sampled (± SE)",
        title=str(graph.get("value", "points for the deal"))))
