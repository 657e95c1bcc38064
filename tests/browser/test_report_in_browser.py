"""A generated report, checked like a reader would: opened in a real headless Chromium (Debian's
``chromium`` package) driven by Playwright for Python.

The report is built with the ``gardensim report`` command from a small real study played into a
temporary folder (plus every committed report under ``reports/``). It must load with no console
error and no failed or outside request (it is self-contained), and every figure (``img`` or
``svg``) must render with a non-zero size. It must read as the review of the report asked: the
first screen (the answer grid) ends within 1440×900, the page does not scroll sideways at
390 px, it is at most about 15 screens long as a reader first meets it (folds closed), and
with every fold open no chart is under 150 px high or wider than 6:1. A full-page screenshot
is saved under ``tests/output/`` (git-ignored) for a person to look at.

Missing Chromium is a failure, not a silent skip: run ``scripts/install-browser.sh``. Set
``GARDENSIM_NO_BROWSER=1`` to skip these tests knowingly.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "tests" / "output"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SKIP_ENV = "GARDENSIM_NO_BROWSER"
COMMITTED_REPORTS = sorted(ROOT.glob("reports/*/index.html"))
STUDY = """\
name = "browser-check"
game = "gazebo"
board = "aviary"
players = 2
bots = ["greedy", "greedy:epsilon=0.15"]
games = 8
seed = 1
[[arms]]
name = "gazebo-draw"
draw = "gazebo"
[[arms]]
name = "qin-draw"
draw = "qin"
"""
FIGURES_JS = """() => [...document.querySelectorAll('img, svg')]
    .filter(e => !(e.tagName.toLowerCase() === 'svg' && e.parentElement.closest('svg')))
    .map(e => {
        const box = e.getBoundingClientRect();
        const img = e.tagName.toLowerCase() === 'img';
        return {tag: e.tagName.toLowerCase(), id: e.id || e.getAttribute('alt') || '',
                width: box.width, height: box.height,
                loaded: img ? (e.complete && e.naturalWidth > 0) : true};
    })"""

#: Where the first screen ends, whether the page scrolls sideways, and how many screens the
#: page is with its folds closed, as a reader first meets it.
LAYOUT_JS = """() => {
    const t = document.getElementById('verdict-table');
    return {bottom: t ? t.getBoundingClientRect().bottom + window.scrollY : null,
            scroll_width: document.documentElement.scrollWidth,
            height: document.documentElement.scrollHeight};
}"""
OPEN_FOLDS_JS = "() => document.querySelectorAll('details').forEach(d => { d.open = true; })"
#: The first screen's size (the review's desktop and phone), the page's length in screens.
DESKTOP, PHONE = (1440, 900), (390, 844)
MAX_SCREENS = 15
#: A chart shorter than this, or wider than this many times its height, cannot be read.
MIN_FIGURE_PX, MAX_ASPECT = 150, 6.0

LINKS_JS = """() => [...document.querySelectorAll('#verdict-table a')]
    .map(a => {
        const id = decodeURIComponent(a.getAttribute('href').slice(1));
        const target = document.getElementById(id);
        return {id: id, ok: !!target && target.tagName.toLowerCase() === 'section'};
    })"""


def require_chromium(path: Path = CHROMIUM, env: Mapping[str, str] = os.environ) -> None:
    """Skip when the user opted out, fail with the fix when the browser is missing."""
    if env.get(SKIP_ENV) == "1":
        pytest.skip(f"{SKIP_ENV}=1: browser checks skipped on purpose")
    if not path.is_file():
        pytest.fail(f"{path} is missing: run scripts/install-browser.sh (as root) to install "
                    f"Debian's chromium, or set {SKIP_ENV}=1 to skip the browser checks",
                    pytrace=False)


@dataclass
class Visit:
    """What the browser saw of one report page."""

    page: Path
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    figures: list[dict[str, Any]] = field(default_factory=list)
    screenshot: Path | None = None
    #: id of the page's first table, and the verdict rows' link targets with whether each
    #: resolves to an element of the page.
    first_table: str = ""
    links: list[dict[str, Any]] = field(default_factory=list)
    #: LAYOUT_JS at the desktop and phone sizes (folds closed).
    desktop: dict[str, Any] = field(default_factory=dict)
    phone: dict[str, Any] = field(default_factory=dict)


@pytest.fixture(scope="module")
def built_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from gardensim.cli import main

    work = tmp_path_factory.mktemp("report")
    study = work / "browser-check.toml"
    study.write_text(STUDY, encoding="utf-8")
    out = work / "out"
    status = main(["report", str(study), "--out", str(out), "--runs", str(work / "runs"),
                   "--jobs", "1", "--quiet"])
    assert status == 0
    return out / "index.html"


@pytest.fixture(scope="module")
def chromium() -> Path:
    """Checked before the report is built, so a missing browser fails at once."""
    require_chromium()
    return CHROMIUM


@pytest.fixture(scope="module")
def visits(chromium: Path, built_report: Path) -> list[Visit]:
    from playwright.sync_api import sync_playwright

    OUTPUT.mkdir(parents=True, exist_ok=True)
    pages = [(built_report, "report-small-run")]
    pages += [(p, f"report-{p.parent.name}") for p in COMMITTED_REPORTS]
    seen = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(chromium), args=CHROMIUM_ARGS)
        try:
            for index, shot_name in pages:
                visit = Visit(index)
                page = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
                page.on("console", lambda m, v=visit: v.errors.append(m.text)
                        if m.type == "error" else None)
                page.on("pageerror", lambda exc, v=visit: v.errors.append(str(exc)))
                page.on("requestfailed", lambda r, v=visit: v.errors.append(f"failed {r.url}"))
                page.on("request", lambda r, v=visit: v.requests.append(r.url))
                page.goto(index.resolve().as_uri(), wait_until="load")
                page.wait_for_load_state("networkidle")
                page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
                visit.phone = page.evaluate(LAYOUT_JS)
                page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
                visit.desktop = page.evaluate(LAYOUT_JS)
                visit.screenshot = OUTPUT / f"{shot_name}.png"
                page.screenshot(path=str(visit.screenshot), full_page=True)
                page.evaluate(OPEN_FOLDS_JS)
                visit.figures = page.evaluate(FIGURES_JS)
                visit.first_table = page.evaluate(
                    "() => (document.querySelector('table') || {}).id || ''")
                visit.links = page.evaluate(LINKS_JS)
                page.close()
                seen.append(visit)
        finally:
            browser.close()
    return seen


@pytest.mark.browser
def test_report_reads_in_a_real_browser(visits: list[Visit]) -> None:
    """One test for the four checks, so the report is built and opened once even when pytest
    spreads tests over several workers."""
    for visit in visits:
        where = visit.page
        assert visit.errors == [], f"{where}: console errors"

        outside = [u for u in visit.requests if not u.startswith(("file:", "data:"))]
        assert outside == [], f"{where}: requests leaving the file (not self-contained)"

        html = where.read_text(encoding="utf-8")
        assert visit.figures, f"{where}: no figure at all"
        images = [f for f in visit.figures if f["tag"] == "img"]
        assert len(images) == len(re.findall(r"<img\b", html)), f"{where}: images missing"
        if re.search(r"<svg\b", html):
            assert any(f["tag"] == "svg" for f in visit.figures), f"{where}: svg missing"
        broken = [f for f in visit.figures
                  if not (f["loaded"] and f["width"] > 0 and f["height"] > 0)]
        assert broken == [], f"{where}: figures that did not render"

        charts = [f for f in images if f["height"] < MIN_FIGURE_PX
                  or f["width"] > MAX_ASPECT * f["height"]]
        assert charts == [], f"{where}: charts too small or too wide to read"
        assert visit.phone["scroll_width"] <= PHONE[0], f"{where}: page scrolls sideways"

        if "verdict-table" in html:
            assert visit.first_table == "verdict-table", f"{where}: verdict table not first"
            assert visit.desktop["bottom"] <= DESKTOP[1], f"{where}: first screen overflows"
            screens = visit.desktop["height"] / DESKTOP[1]
            assert screens <= MAX_SCREENS, f"{where}: {screens:.0f} screens long"
            assert visit.links, f"{where}: verdict rows without links"
            dead = [link["id"] for link in visit.links if not link["ok"]]
            assert dead == [], f"{where}: verdict links to no section"
        else:
            assert where in COMMITTED_REPORTS, f"{where}: no verdict table"

        assert visit.screenshot is not None and visit.screenshot.parent == OUTPUT
        data = visit.screenshot.read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 10_000, visit.screenshot


def test_missing_chromium_fails_and_names_the_install_script(tmp_path: Path) -> None:
    with pytest.raises(pytest.fail.Exception, match="scripts/install-browser.sh"):
        require_chromium(tmp_path / "no-chromium", env={})


def test_opting_out_skips_instead_of_failing(tmp_path: Path) -> None:
    with pytest.raises(pytest.skip.Exception, match=SKIP_ENV):
        require_chromium(tmp_path / "no-chromium", env={SKIP_ENV: "1"})
