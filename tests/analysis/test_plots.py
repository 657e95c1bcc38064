"""Figures: every question's figure renders, and shows the numbers of its result."""

import io
import re

import numpy as np
import pandas as pd
import pytest

from gardensim.analysis import arms, luck, plots, scores, seat, shape, upsets
from gardensim.games.gazebo import figures as gazebo_figures
from gardensim.games.gazebo import questions
from gardensim.games.gazebo.spec import SPEC as GAZEBO
from gardensim.report.sections import side_by_side_table
from tests.analysis.synth import logit_games, race_run, score_games


def _png_size(fig) -> int:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=40)
    return len(buf.getvalue())


@pytest.fixture(scope="module")
def run():
    two = race_run(players=2, deals=15)
    three = race_run(players=3, deals=10)
    three.turns["players"] = 3
    two.turns["players"] = 2
    games = pd.concat([two.games, three.games], ignore_index=True)
    turns = pd.concat([two.turns, three.turns], ignore_index=True)
    return games, turns


def test_seat_plot_draws_each_share_with_its_interval(run):
    games, _ = run
    results = seat.seat_advantage(games)
    fig = plots.seat_plot(results)
    assert len(fig.axes) == 2
    first = fig.axes[0].containers[0]
    assert np.allclose(first.lines[0].get_ydata(), results[0].table["share"])
    assert _png_size(fig) > 1000


def test_every_figure_renders(run):
    games, turns = run
    bots = logit_games(players=2, deals=60, arms=["a", "b"], lineup=["greedy", "random"],
                       strength={"greedy": 1.0}, draw_effect=0.3)
    figures = [
        gazebo_figures.compensation_plot(questions.gazebo_compensation(games)),
        gazebo_figures.singles_plot(questions.singles_drawn(games)),
        gazebo_figures.draw_advantage_plot(questions.draw_advantage(bots)),
        plots.variance_plot(luck.variance_decomposition(games, boot=5)),
        plots.skill_plot(luck.skill_expression(bots, boot=5)),
        plots.arms_plot(arms.compare_arms(games)),
        plots.upset_plot(upsets.upset_rate(bots)),
        plots.luck_compare_plot(arms.compare_luck(games, boot=20)),
        plots.length_plot(games),
        plots.grouped_bars(shape.end_reasons(games), "end_reason", "share", "end reason"),
        plots.grouped_bars(shape.events_per_game(turns), "event", "mean", "event"),
        plots.grouped_bars(shape.winning_margin(games, GAZEBO.columns), "margin", "share",
                           "gazebos"),
        plots.lead_plot(shape.lead_history(turns, GAZEBO.columns)),
        plots.branching_plot(shape.branching_factor(turns)),
        plots.margin_plot(shape.winning_margin(games, GAZEBO.columns), "gazebos"),
        plots.side_by_side_plot(side_by_side_table(games, GAZEBO.columns)),
    ]
    for fig in figures:
        assert _png_size(fig) > 1000


def test_margins_are_a_histogram_with_integer_bins_on_a_numeric_axis(run):
    games, _ = run
    summary = shape.winning_margin(games, GAZEBO.columns)
    fig = plots.margin_plot(summary, "gazebos")
    ax = fig.axes[0]
    edges = sorted({round(x, 6) for p in ax.patches for x in p.get_path().vertices[:, 0]})
    assert edges[0] == -0.5 and all(e + 0.5 == int(e + 0.5) for e in edges)
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert all(re.fullmatch(r"[−-]?\d+", t) for t in labels if t), labels


def test_studies_get_panels_of_their_own():
    import pandas as pd

    table = pd.DataFrame({"arm": ["s1/a", "s1/b", "s2/a", "c"], "players": [2, 2, 2, 3]})
    titles = [title for title, _ in plots.study_panels(table)]
    assert titles == ["s1, 2 players", "s2, 2 players", "3 players"]


def test_score_figures_show_each_arm_its_mean_and_each_paired_difference():
    boards = {"base": 0.0, "glazed-orange": 2.0, "glazed-purple": -4.0}
    games = score_games(players=2, deals=30, shift=boards, seed=1)
    distributions = scores.score_distributions(games)
    fig = plots.score_plot(distributions)
    (ax,) = fig.axes
    means = sorted(line.get_xdata()[0] for line in ax.lines)
    assert means == pytest.approx(sorted(d.mean for d in distributions))
    assert len(ax.patches) == 3  # one step histogram per board
    comparisons = scores.compare_scores(games, resamples=19)
    fig = plots.score_difference_plot(comparisons)
    points = fig.axes[0].containers[0].lines[0].get_xdata()
    assert points == pytest.approx([c.difference for c in comparisons])
    assert _png_size(fig) > 1000


def test_arms_compared_keep_their_layout_with_long_names_and_draw_shares_in_points():
    # the study's long arm names once collapsed side by side panels ("constrained_layout not
    # applied"); every matplotlib warning fails the suite (pyproject filterwarnings)
    names = [f"study-2p/qin-draw-and-a-long-garden-name-{n}" for n in (80, 320, 1280)]
    games = logit_games(players=2, deals=60, arms=["study-2p/gazebo-draw-and-a-long-name", *names],
                        lineup=["greedy", "greedy"], draw_effect=0.3)
    results = arms.compare_arms(games, "first_player") + arms.compare_arms(games, "turns")
    fig = plots.arms_plot(results)
    assert _png_size(fig) > 1000
    share = fig.axes[0]
    assert share.get_title() == arms.outcome("first_player").description
    x = share.containers[0].lines[0].get_xdata()
    assert np.allclose(x, [100 * r.difference for r in results if r.outcome == "first_player"])


def test_a_seat_chart_of_many_arms_has_one_legend_below_its_panels():
    # seventeen arms once filled a legend inside the panel and collapsed the layout; a layout
    # warning fails the suite (pyproject filterwarnings)
    names = [f"study-2p/arm-with-a-long-name-{i}" for i in range(17)]
    games = logit_games(players=2, deals=20, arms=names, lineup=["greedy", "greedy"])
    fig = plots.seat_plot(seat.seat_advantage(games))
    assert _png_size(fig) > 1000
    assert all(ax.get_legend() is None for ax in fig.axes)
    (legend,) = fig.legends
    texts = [t.get_text() for t in legend.get_texts()]
    assert sorted(texts) == sorted([*names, "fair"]) and len(texts) == 18
