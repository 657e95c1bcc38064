"""The README picture of the verdict table: regenerated from a report with the headless
Chromium the browser tests use, into a temporary folder (never the committed one)."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

import pytest

from tests.browser.test_report_in_browser import CHROMIUM, require_chromium

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("readme_picture",
                                                  ROOT / "scripts" / "readme_picture.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.browser
def test_the_readme_picture_is_a_png_of_the_verdict_table(tmp_path: Path) -> None:
    require_chromium()
    from gardensim.cli import main
    from tests.browser.test_report_in_browser import STUDY

    study = tmp_path / "study.toml"
    study.write_text(STUDY, encoding="utf-8")
    out = tmp_path / "out"
    assert main(["report", str(study), "--out", str(out), "--runs", str(tmp_path / "runs"),
                 "--jobs", "1", "--quiet"]) == 0
    picture = _script().screenshot(out / "index.html", tmp_path / "img" / "verdict.png",
                                   CHROMIUM)
    data = picture.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", data[16:24])
    assert 800 <= width <= 2000 and 200 <= height <= 6000, (width, height)
    assert len(data) > 20_000


def test_a_missing_or_old_report_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="no report there"):
        _script().screenshot(tmp_path / "none.html", tmp_path / "x.png")
    old = tmp_path / "old.html"
    old.write_text("<html><body><nav>contents</nav></body></html>", encoding="utf-8")
    with pytest.raises(SystemExit, match="no verdict table"):
        _script().screenshot(old, tmp_path / "x.png")
