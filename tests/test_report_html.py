"""``hearts annotate --html``: one self-contained page, checked in a real headless browser
(Playwright driving Debian's ``chromium``; CI installs it in ``.ci/run``): it loads with no
console errors, shows all 13 tricks, and its mistake count equals the JSON's."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
ONE = DATA / "records" / "xinxin-train-1.hgn"



def _report(run_cli, tmp_path: Path, *args: str, record: Path = ONE) -> tuple[Path, dict]:
    html = tmp_path / "report.html"
    result = run_cli("annotate", str(record), "--html", str(html), "--json", *args)
    assert result.exit_code == 0, result.stderr
    return html, json.loads(result.stdout)


def _escaped_record(tmp_path: Path) -> Path:
    """xinxin-train-1 with markup in a tag and in a play comment."""
    text = ONE.read_text().replace('[Event "xinxin self-play (OpenSpiel data)"]',
                                   '[Event "<b>bold</b> & <script>alert(1)</script>"]')
    text = text.replace("S JD", "S JD {<img src=x onerror=alert(2)>}", 1)
    path = tmp_path / "markup.hgn"
    path.write_text(text)
    return path


def test_report_is_self_contained_and_counts_the_json_mistakes(tmp_path, run_cli):
    html, data = _report(run_cli, tmp_path, "--max-tricks", "6")
    page = html.read_text(encoding="utf-8")
    assert not re.search(r"https?://|<script|<link(?![^>]*data:)", page)
    count = re.search(r'id="mistake-count" data-count="(\d+)"', page)
    assert count and int(count.group(1)) == data["mistake_count"] == 2
    assert page.count('<tr class="trick"') == 13
    assert "♠" in page and 'class="card h"' in page and "<svg" in page


def test_report_escapes_the_record(tmp_path, run_cli):
    html, _ = _report(run_cli, tmp_path, "--max-tricks", "4", record=_escaped_record(tmp_path))
    page = html.read_text(encoding="utf-8")
    assert "<script>" not in page and "<img" not in page and "<b>bold" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_report_never_overwrites_the_input(tmp_path, run_cli):
    record = tmp_path / "game.hgn"
    record.write_text(ONE.read_text())
    result = run_cli("annotate", str(record), "--html", str(record), "--force")
    assert result.exit_code == 2 and "never overwritten" in result.stderr
    assert record.read_text() == ONE.read_text()


def _open(browser, html: Path):
    page = browser.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"{m.type}: {m.text}")
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url}"))
    page.goto(html.as_uri(), wait_until="load")
    return page, problems


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ("--max-tricks", "6"),
    ("--mode", "both", "--from-trick", "9", "--samples", "20", "--seed", "1"),
], ids=["open", "both"])
def test_report_in_a_headless_browser(browser, tmp_path, args, run_cli):
    html, data = _report(run_cli, tmp_path, *args)
    page, problems = _open(browser, html)
    try:
        assert problems == []
        assert page.locator("section.deal").count() == 1
        assert page.locator("section.deal tr.trick").count() == 13
        for n in range(1, 14):
            assert page.locator(f'tr.trick[data-trick="{n}"]').is_visible()
        shown = page.locator("#mistake-count")
        assert shown.is_visible()
        assert int(shown.get_attribute("data-count")) == int(shown.inner_text()) \
            == data["mistake_count"]
        marked = page.locator("td.mistake, td.blunder").count()
        assert marked == data["mistake_count"]
        assert page.locator("#chart rect[data-seat]").count() == 4 * len(data["summaries"])
        diagram = page.locator(".diagram .hand")
        assert diagram.count() == 4 and "♠" in diagram.first.inner_text()
        # suit colours: hearts red, spades near black
        red = page.locator(".card.h").first.evaluate("e => getComputedStyle(e).color")
        assert red == "rgb(200, 16, 46)"
    finally:
        page.close()


@pytest.mark.slow
def test_escaped_report_runs_no_script_in_the_browser(browser, tmp_path, run_cli):
    html, _ = _report(run_cli, tmp_path, "--max-tricks", "4", record=_escaped_record(tmp_path))
    page, problems = _open(browser, html)
    try:
        dialogs: list[str] = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.reload()
        assert problems == [] and dialogs == []
        assert page.locator("script, img").count() == 0
        assert "<script>alert(1)</script>" in page.inner_text("body")
    finally:
        page.close()


@pytest.mark.slow
def test_report_shows_the_pass_comments_as_the_play_comments(tmp_path, run_cli):
    # South's "{South keeps the queen and passes the AH}" was left out of the report, though
    # the plays' comments are in it; a comment's markup is escaped as theirs is
    html, _ = _report(run_cli, tmp_path, "--max-tricks", "2")
    page = html.read_text(encoding="utf-8")
    south = re.search(r'<li class="pass"[^>]*>South passed to North:.*?</li>', page)
    assert south and ('<div class="comment">South keeps the queen and passes the AH</div>'
                      in south.group(0))
    text = ONE.read_text().replace("{South keeps the queen and passes the AH}",
                                   "{<i>AH</i> & the queen}")
    (tmp_path / "markup").mkdir()
    record = tmp_path / "markup" / "markup.hgn"
    record.write_text(text)
    html, _ = _report(run_cli, tmp_path / "markup", "--max-tricks", "2", record=record)
    assert '<div class="comment">&lt;i&gt;AH&lt;/i&gt; &amp; the queen</div>' in html.read_text(
        encoding="utf-8")


# -- issue 27: the loss of every judged play, one mark, words that match the modes, the width -----

def _cells(page_text: str) -> list[str]:
    return re.findall(r'<td class="play[^"]*">.*?</td>', page_text)


def test_every_judged_play_shows_its_loss_zero_included(tmp_path, run_cli):
    html, data = _report(run_cli, tmp_path, "--max-tricks", "6")
    page = html.read_text(encoding="utf-8")
    judged = [p for p in data["plays"] if p["status"] == "judged"] if "plays" in data else None
    cells = _cells(page)
    assert len(cells) == 52
    losses = [re.search(r'<div class="loss" data-mode="open">loss (\d+)</div>', c) for c in cells]
    shown = [int(m.group(1)) for m in losses if m]
    # tricks 8-13 are judged: 24 plays, most of them best (loss 0)
    assert len(shown) == 24 and shown.count(0) >= 18
    assert sum(1 for x in shown if x >= 2) == data["mistake_count"]
    assert judged is None or len(judged) == 24
    assert 'class="other"' not in page          # one mode: no second verdict
    footer = re.search(r'<p class="meta" id="footer">(.*?)</p>', page, re.S).group(1)
    assert "Open hands" in footer and "Fair" not in footer and "PIMC" not in footer


def test_both_modes_show_one_mark_and_the_other_verdict_small(tmp_path, run_cli):
    html, data = _report(run_cli, tmp_path, "--mode", "both", "--from-trick", "11", "--samples", "8",
                         "--seed", "1")
    page = html.read_text(encoding="utf-8")
    cells = _cells(page)
    fair = [c for c in cells if 'data-mode="fair">loss' in c]
    assert len(fair) == 12
    for cell in fair:
        assert cell.count('class="mark"') == 1
        assert re.search(r'<div class="other" data-mode="open">open (✓|\?|\?\?) \d+</div>', cell)
    assert "the fair judgement counts" in page
    footer = re.search(r'<p class="meta" id="footer">(.*?)</p>', page, re.S).group(1)
    assert "Open hands" in footer and "Fair" in footer


@pytest.mark.parametrize("width, beside", [(1400, True), (1200, True), (800, False),
                                           (420, False)])
def test_the_deal_diagram_sits_beside_the_tricks_on_a_wide_screen(browser, tmp_path, width,
                                                                    beside, run_cli):
    html, _ = _report(run_cli, tmp_path, "--max-tricks", "4")
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(html.as_uri(), wait_until="load")
        diagram = page.locator("section.deal .diagram").bounding_box()
        tricks = page.locator("section.deal table.tricks").bounding_box()
        if beside:
            assert diagram["x"] + diagram["width"] <= tricks["x"]
            assert abs(diagram["y"] - tricks["y"]) < 200
            body = page.locator("body").bounding_box()
            assert body["width"] >= 0.9 * (width - 50)        # the page uses the width
        else:
            assert diagram["y"] + diagram["height"] <= tricks["y"]
        # nothing wider than the window but the tricks' own scroll box
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        page.close()
