"""Refresh ``docs/board.png``, the README's picture of the web board (``hearts serve``).

Starts ``hearts serve tests/data/records/xinxin-train-1-4.hgn`` on a free port, opens the board
in Debian's chromium through Playwright (as the browser tests do), steps to trick 9 of the
first deal (South to lead, the README's example ``endgame``), waits for the exact values,
analyses the deal for the expected-points graph, and saves a screenshot. Run it after a change
to the page, with the ``hearts`` of this checkout installed and ``chromium`` on PATH:

    python docs/board_screenshot.py            # writes docs/board.png
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "data" / "records" / "xinxin-train-1-4.hgn"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", default=str(ROOT / "docs" / "board.png"))
    parser.add_argument("--plays", type=int, default=32, help="plays to step through")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("no chromium on PATH (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    server = subprocess.Popen([sys.executable, "-m", "hearts.analysis.cli", "serve", str(RECORD),
                               "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().split(" at ")[1].split()[0]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True,
                                        args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1360, "height": 800})
            page.goto(url)
            page.wait_for_selector("#seat-S .card")
            for _ in range(args.plays):
                page.keyboard.press("ArrowRight")
            page.wait_for_selector('#values-job[data-state="done"]', timeout=120_000)
            page.click("#analysis-run")
            page.wait_for_selector('#analysis-job[data-state="done"]', timeout=120_000)
            page.screenshot(path=args.output, full_page=True)
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
