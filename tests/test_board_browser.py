"""The web board in a real browser (Playwright driving Debian's ``chromium``, as
``tests/test_report_html.py``): ``hearts serve`` on a free port, the page loads a record, steps
to trick 9, shows the card values the API gives for that position, plays a what-if card and
undoes it, with no console error; at the deal as dealt, the pass advice with a card to pass and
one to keep. Skipped without chromium (CI installs it in ``.ci/run``)."""
from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
RECORD = DATA / "records" / "xinxin-train-1-4.hgn"



@pytest.fixture(scope="module")
def server():
    """``hearts serve RECORD --port 0``: its URL (from the line it prints first)."""
    proc = subprocess.Popen([sys.executable, "-m", "hearts.analysis.cli", "serve", str(RECORD),
                             "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("hearts-dd board at http://"), (line, proc.stderr.read())
        yield line.split(" at ")[1].split()[0].rstrip("/")
    finally:
        proc.terminate()
        proc.wait(10)


def _post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def _shown_values(page, seat: str) -> dict[str, str]:
    """The values on the legal cards of ``seat``, once the values job is done."""
    page.wait_for_selector('#values-job[data-state="done"]', timeout=60_000)
    cards = page.locator(f"#seat-{seat} .card.legal")
    return {cards.nth(k).get_attribute("data-card"): cards.nth(k).get_attribute("data-value")
            for k in range(cards.count())}


def _api_values(server: str, played: list[str]) -> dict[str, str]:
    result = _post(f"{server}/api/solve", {"record": RECORD.read_text(), "played": played,
                                           "time_ms": 5000, "pv": True})
    assert result["complete"]
    return {c: str(cv["value"]) for cv in result["cards"] for c in [cv["card"], *cv["equals"]]}


def test_board_steps_shows_the_api_values_and_plays_a_what_if(server, browser):
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"{m.type}: {m.text}")
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url}"))
    try:
        page.goto(server + "/", wait_until="load")
        page.wait_for_selector("#seat-S .card")
        assert "xinxin-train-1-4.hgn" in page.locator("#record-list").inner_text()
        # to trick 9: 32 plays made, South to lead (the README's example `endgame`)
        for _ in range(32):
            page.keyboard.press("ArrowRight")
        page.wait_for_function("document.getElementById('step-label').textContent"
                               ".startsWith('after play 32 of 52')")
        doc = _post(f"{server}/api/record", {"text": RECORD.read_text()})
        played = [p["card"] for p in doc["games"][0]["deals"][0]["plays"]][:32]
        shown = _shown_values(page, "S")
        assert shown == _api_values(server, played)
        # the default model, auto: exact max^n with 5 tricks left (paranoid: 7 7 7 8 8)
        assert shown == {"3C": "6", "5C": "6", "9S": "6", "6D": "7", "2S": "8"}
        best = page.locator("#seat-S .card.best")
        assert sorted(best.nth(k).get_attribute("data-card") for k in range(best.count())) \
            == ["3C", "5C", "9S"]
        # the card South played (5♣) is marked, and was a best card
        assert page.locator("#seat-S .card.played").get_attribute("data-card") == "5C"
        assert page.inner_text("#played-note") == "Played 5♣: a best card."

        # what-if: 6♦ instead; West is to play, and its values are the API's for that line
        page.click('#seat-S .card[data-card="6D"]')
        page.wait_for_selector("#whatif:not([hidden])")
        assert page.inner_text("#whatif-line") == "6♦"
        page.wait_for_selector('#trick .slot[data-seat="S"] .card[data-card="6D"]')
        assert _shown_values(page, "W") == _api_values(server, played + ["6D"])

        # undo: back on the record's position, the same values again
        page.click("#undo")
        page.wait_for_selector("#whatif", state="hidden")
        page.wait_for_selector("#trick.last")
        assert _shown_values(page, "S") == shown
        # the trick in the middle is the last one played again (shown faded), not 6♦
        assert "last" in page.get_attribute("#trick", "class")
        assert page.locator('#trick .slot[data-seat="S"] .card').get_attribute("data-card") \
            != "6D"
        assert problems == []
    finally:
        page.close()


def test_board_pass_advice_takes_cards_to_pass_and_to_keep(server, browser):
    """The deal as dealt: Q♠ of South's hand clicked once (pass it) and A♥ twice (keep it):
    every pass shown gives Q♠ and keeps A♥, the table is the API's ranking with
    the same terms, and South's own pass (7♦ A♥ 4♥) is said to break them."""
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("console", lambda m: problems.append(f"{m.type}: {m.text}")
            if m.type == "error" else None)
    try:
        page.goto(server + "/", wait_until="load")
        page.wait_for_selector("#seat-S .card")
        page.keyboard.press("Home")
        # the terms at once: the rating of every pass, started on the way, is replaced
        page.wait_for_selector('#seat-S .card.choosable[data-card="QS"]')
        page.click('#seat-S .card[data-card="QS"]')
        page.click('#seat-S .card[data-card="AH"]')
        page.click('#seat-S .card[data-card="AH"]')
        assert page.get_attribute('#seat-S .card[data-card="QS"]', "data-term") == "give"
        assert page.get_attribute('#seat-S .card[data-card="AH"]', "data-term") == "keep"
        assert page.inner_text("#pass-terms").endswith("Passing Q♠. Keeping A♥.")
        page.wait_for_selector('#pass-job[data-state="done"]', timeout=120_000)
        rows = page.locator("#pass-table tr")
        shown = [rows.nth(k).locator("td").nth(1).inner_text() for k in range(1, rows.count())]
        assert len(shown) == 5 and all("Q♠" in p and "A♥" not in p for p in shown), shown
        ranking = _post(f"{server}/api/pass", {
            "hand": "QS JS 9S 3S AH 9H 4H JD 7D 4D AC 6C 3C", "direction": "across",
            "seat": "S", "rules": "openspiel", "samples": 64, "give": ["QS"], "keep": ["AH"]})
        symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
        assert shown == [" ".join(c[0].replace("T", "10") + symbol[c[1]] for c in p["cards"])
                         for p in ranking["passes"][:5]]
        assert page.inner_text("#pass-note").startswith(
            "South passed 7♦ A♥ 4♥: not a pass with these terms.")
        assert problems == []
    finally:
        page.close()
