"""``hearts annotate --html``: one self-contained page, checked in a real headless browser
(Playwright driving Debian's ``chromium``; CI installs it in ``.ci/run``): it loads with no
console errors, shows all 13 tricks, and its mistake count equals the JSON's."""
from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
ONE = DATA / "records" / "xinxin-train-1.hgn"


def _chromium() -> str | None:
    """Debian's chromium binary (``HEARTS_CHROMIUM`` overrides the search)."""
    for name in (os.environ.get("HEARTS_CHROMIUM"), "chromium", "chromium-browser"):
        if name and (path := shutil.which(name)):
            return path
    return None


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


@pytest.fixture(scope="module")
def browser():
    path = _chromium()
    if path is None:
        pytest.skip("no chromium binary on PATH (CI installs Debian's chromium in .ci/run; "
                    "apt-get install chromium to run the browser tests)")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="playwright is not installed (pip install '.[test]')")
    with sync_api.sync_playwright() as p:
        # --no-sandbox: CI runs as root, where chromium's sandbox refuses to start.
        b = p.chromium.launch(executable_path=path, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


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
