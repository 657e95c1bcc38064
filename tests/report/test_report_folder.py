"""A report folder appears whole or not at all, and never replaces the user's own files."""

from __future__ import annotations

import pytest

import gardensim
from gardensim.core.errors import ConfigError
from gardensim.report import build_report, builder
from tests.sim.helpers import toy_study


@pytest.fixture(scope="module")
def run():
    return gardensim.simulate(toy_study(games=12), jobs=1, progress=False)


def test_a_folder_with_other_files_is_refused_untouched(run, tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep")
    (out / ".hidden").write_text("")
    with pytest.raises(ConfigError, match="holds 'notes.txt', which is no part of a report"):
        build_report(run, out, pictures=False)
    assert sorted(p.name for p in out.iterdir()) == [".hidden", "notes.txt"]


def test_a_failed_report_leaves_the_previous_one_and_no_temporary(run, tmp_path, monkeypatch):
    out = tmp_path / "report"
    index = build_report(run, out, pictures=False, title="first")
    before = index.read_text()

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(builder, "_sections_md", broken)
    with pytest.raises(OSError, match="No space left"):
        build_report(run, out, pictures=False, title="second")
    assert index.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report"]


def test_a_failed_first_report_leaves_no_folder(run, tmp_path, monkeypatch):
    monkeypatch.setattr(builder, "_sections_md", lambda *a: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        build_report(run, tmp_path / "report", pictures=False)
    assert list(tmp_path.iterdir()) == []


def test_a_new_report_replaces_the_previous_one_whole(run, tmp_path):
    out = tmp_path / "report"
    build_report(run, out, pictures=False)
    (out / "tables" / "from-an-older-report.csv").write_text("stale\n")
    build_report(run, out, pictures=False, title="again")
    assert not (out / "tables" / "from-an-older-report.csv").exists()
    assert "again" in (out / "index.html").read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report"]


def test_a_table_is_the_same_bytes_whatever_the_last_bits_of_its_floats(tmp_path):
    """Machines differ in a float's last bits (SIMD width, library builds); a report
    regenerated elsewhere from the same games writes the same tables."""
    import numpy as np
    import pandas as pd

    values = np.array([0.5484719145604061, 172.18448160746286, 9.936276333811544e-05])
    frame = pd.DataFrame({"arm": ["a", "b", "c"], "lo": values})
    nudged = frame.assign(lo=np.nextafter(values, np.inf))
    builder.write_table(frame, tmp_path / "here.csv")
    builder.write_table(nudged, tmp_path / "there.csv")
    assert (tmp_path / "here.csv").read_bytes() == (tmp_path / "there.csv").read_bytes()
    assert "0.54847191456" in (tmp_path / "here.csv").read_text()
