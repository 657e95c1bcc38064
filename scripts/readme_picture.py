"""Screenshot the verdict table of a report (default ``reports/default/index.html``) into a PNG
for the README (default ``docs/img/verdict.png``), with the headless Chromium and Playwright
setup the browser tests use, so a visitor sees what the package answers before installing it.

Idempotent: the same report gives the same picture; run it after regenerating the report.
Usage: ``python scripts/readme_picture.py [REPORT] [PNG]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPORT = ROOT / "reports" / "default" / "index.html"
PICTURE = ROOT / "docs" / "img" / "verdict.png"
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WIDTH = 1200


def screenshot(report: Path = REPORT, picture: Path = PICTURE,
               chromium: Path = CHROMIUM) -> Path:
    """Write the PNG of the report's header, warning and verdict table; returns its path."""
    from playwright.sync_api import sync_playwright

    if not report.is_file():
        raise SystemExit(f"{report}: no report there; build it with gardensim report first")
    if 'id="verdicts"' not in report.read_text(encoding="utf-8"):
        raise SystemExit(f"{report}: no verdict table (an older report); rebuild it with "
                         "gardensim report")
    picture.parent.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": WIDTH, "height": 900})
            page.goto(report.resolve().as_uri(), wait_until="load")
            box = page.evaluate("""() => {
                const end = document.querySelector('#verdicts').getBoundingClientRect();
                return {height: Math.ceil(end.bottom + window.scrollY + 8),
                        width: document.documentElement.clientWidth};
            }""")
            clip = {"x": 0, "y": 0, "width": box["width"], "height": box["height"]}
            page.screenshot(path=str(picture), full_page=True, clip=clip)
        finally:
            browser.close()
    return picture


def main(argv: list[str]) -> int:
    report = Path(argv[0]) if argv else REPORT
    picture = Path(argv[1]) if len(argv) > 1 else PICTURE
    print(screenshot(report, picture))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
