"""The notebook panels: built headless, driven the way a user drives them (a value change, a
click), and checked to show new figures and sentences computed from the new games."""

from __future__ import annotations

from pathlib import Path

import pytest

from gardensim.games.gazebo.panels.luck import LuckPanel
from gardensim.games.gazebo.panels.variant import VariantLab
from gardensim.widgets.base import STALE
from gardensim.widgets.cache import cached_run, run_path
from gardensim.widgets.seat import SeatPanel

PNG = b"\x89PNG"


def png(image: object) -> bytes:
    """An Image widget's value as bytes (ipywidgets holds a memoryview)."""
    return bytes(image.value)  # type: ignore[attr-defined]
FAST = {"jobs": 1, "progress": False}


@pytest.fixture
def runs(tmp_path: Path) -> Path:
    return tmp_path / "runs"


def seat_panel(runs: Path, games: int = 6) -> SeatPanel:
    return SeatPanel(games=games, bots=["random", "random"], runs_dir=runs, **FAST)


def test_seat_panel_run_draws_the_seat_plot_and_states_the_share(runs: Path) -> None:
    panel = seat_panel(runs)
    run = panel.run()
    assert run is not None and png(panel.image).startswith(PNG)
    share = panel.results[0].table.loc[0, "share"]
    assert f"{100 * share:.1f}%" in panel.answer()
    assert f"of {len(run.games)} games" in panel.answer()


def test_seat_plot_updates_after_changing_players_and_pressing_run(runs: Path) -> None:
    panel = seat_panel(runs)
    panel.run()
    before = png(panel.image)
    assert panel.outputs and not panel.stale
    panel.form.players.value = 3
    assert "press Run" in panel.status.value
    assert panel.results[0].players == 2  # nothing recomputed before the click
    # the 2-player results stay on screen, dimmed, until the 3-player ones replace them
    assert panel.stale and STALE in panel.style.value
    assert "dimmed results are for the earlier settings" in panel.status.value
    # no 3-player run of this line-up was timed here yet: no number is made up
    assert "no time estimate yet" in panel.status.value
    panel.run_button.click()
    assert not panel.stale
    assert panel.results[0].players == 3
    assert len(panel.results[0].table) == 3
    assert png(panel.image).startswith(PNG) and png(panel.image) != before
    assert "3 players" in panel.answer()


def test_returning_to_stored_settings_shows_them_without_running(runs: Path) -> None:
    panel = seat_panel(runs)
    panel.run()
    first = png(panel.image)
    panel.form.players.value = 3
    panel.run_button.click()
    panel.form.players.value = 2
    assert "reused the stored run" in panel.status.value
    assert panel.results[0].players == 2 and png(panel.image) == first


def test_bad_bot_spec_is_reported_in_the_panel_not_raised(runs: Path) -> None:
    panel = seat_panel(runs)
    panel.form.bots[0].value = "nosuchbot"
    assert panel.run() is None
    assert "unknown bot" in panel.status.value and "nosuchbot" in panel.status.value


def test_cached_run_is_reused_for_the_same_study_only(runs: Path) -> None:
    panel = seat_panel(runs)
    study = panel.study()
    first = cached_run(study, runs, **FAST)
    again = cached_run(study, runs, **FAST)
    assert not first.reused and again.reused and again.path == first.path
    panel.form.seed.value = 2
    assert run_path(panel.study(), runs) != run_path(study, runs)


def test_luck_panel_puts_drawing_systems_side_by_side(runs: Path) -> None:
    panel = LuckPanel(games=6, bots=["greedy", "random"], runs_dir=runs, **FAST)
    panel.run()
    assert list(panel.side_by_side().columns) == ["gazebo-draw", "qin-draw"]
    assert png(panel.images["singles"]).startswith(PNG)
    assert "qin-draw" in panel.answer() and "gazebo-draw" in panel.answer()
    panel.systems.value = ("gazebo", "qin", "qin-classic")
    panel.run_button.click()
    assert list(panel.side_by_side().columns) == ["gazebo-draw", "qin-draw", "qin-classic-draw"]


def test_luck_panel_refuses_to_compare_a_single_system(runs: Path) -> None:
    panel = LuckPanel(games=6, bots=["greedy", "random"], runs_dir=runs, **FAST)
    panel.systems.value = ("qin",)
    assert panel.run() is None and "at least two drawing systems" in panel.status.value


def test_variant_lab_reports_what_moved_against_the_baseline(runs: Path) -> None:
    lab = VariantLab(games=6, bots=["greedy", "random"], variant={"hand_size": 4},
                     runs_dir=runs, **FAST)
    run = lab.run()
    assert run is not None and run.arms == ["baseline", "variant"]
    frame = lab.moved_frame()
    assert "game length in turns" in set(frame["outcome"])
    assert len(lab.plots.children) == len(frame) == len(lab.results)
    assert all(png(image).startswith(PNG) for image in lab.plots.children)
    turns = run.games.groupby("arm", observed=True)["turns"].mean()
    row = frame.set_index("outcome").loc["game length in turns"]
    assert row["baseline"] == pytest.approx(turns["baseline"])
    assert row["variant"] == pytest.approx(turns["variant"])
    assert lab.answer().startswith("With hand_size 3 → 4 (6 games paired with the baseline)")


def test_variant_lab_reruns_when_a_rule_knob_changes(runs: Path) -> None:
    lab = VariantLab(games=6, bots=["greedy", "random"], variant={"hand_size": 4},
                     runs_dir=runs, **FAST)
    lab.run()
    lab.set_variant(hand_size=3, draw="qin")
    assert "press Run" in lab.status.value
    lab.run_button.click()
    assert lab.last_run.manifest["arms"]["variant"]["options"]["draw"] == "qin"
    assert "draw gazebo → qin" in lab.answer() and "hand_size" not in lab.answer()


def test_variant_equal_to_the_baseline_is_refused(runs: Path) -> None:
    lab = VariantLab(games=6, runs_dir=runs, variant={"gazebos": 24}, **FAST)
    assert lab.changes() == {}
    assert lab.run() is None and "equals the baseline" in lab.status.value


def test_the_cost_before_run_is_the_rate_this_line_up_played_here(runs: Path) -> None:
    import json
    import re

    from gardensim.widgets.estimate import cpu_seconds_per_game, study_key

    panel = seat_panel(runs)
    assert panel.run() is not None
    manifest = json.loads((run_path(panel.study(), runs) / "manifest.json").read_text())
    (session,) = manifest["timings"]["sessions"]
    measured = session["seconds"] * session["workers"] / session["games"]
    assert cpu_seconds_per_game(runs, study_key(panel.study())) == pytest.approx(measured)
    panel.form.games.value = 600  # the same line-up, more games: the rate applies
    found = re.search(r"(\d+) games ≈ (\d+) s", panel.status.value)
    total = 600 * len(panel.study().arms)
    assert found and int(found[1]) == total
    assert int(found[2]) == round(total * measured / (panel.jobs or 1))


def test_the_labs_knobs_are_the_declared_options_ranges_words_and_meaning(runs: Path) -> None:
    from gardensim.games.gazebo.rules.ruleset import RULES

    lab = VariantLab(games=6, runs_dir=runs, **FAST)
    for name in ("hand_size", "private_singles"):
        option, knob = RULES.option(name), lab.knobs[name]
        assert (knob.min, knob.max) == (option.low, option.high)
        assert knob.description == name and option.doc in knob.tooltip
    draw = RULES.option("draw")
    assert [value for _, value in lab.knobs["draw"].options] == list(draw.choices)
    assert [label for label, _ in lab.knobs["draw"].options] == [draw.say(c)
                                                                 for c in draw.choices]
