"""The first screen (``report.screen``): its lines and words come from the rows they fold."""

from __future__ import annotations

import re

from gardensim.analysis.verdict import Verdict
from gardensim.report.screen import lines, rung, screen_html, shown
from gardensim.report.verdicts import VerdictRow

SEAT = "Does the first player win too often?"
RULE = "Rule variant: the first player's win share"


def seat(condition: str, edge: float, half: float = 3.0, *, strength: str = "",
         bots: str = "greedy bots in every seat", games: int = 400, arm: str = "s/a",
         players: int = 2, settlement: str = "", game: str = "Gazebo") -> VerdictRow:
    mean = 0.5 + edge / 100
    return VerdictRow(SEAT, players, condition, mean, mean - half / 100, mean + half / 100,
                      0.5, 0.03, games, games // 2, bots, arm, who="first player",
                      section="seat", game=game, strength=strength,
                      settlement=settlement or "one strength only")


def change(condition: str, edge: float, half: float = 3.0, **kw) -> VerdictRow:
    row = seat(condition, 0, half, **kw)
    return VerdictRow(RULE, row.players, condition, edge / 100, (edge - half) / 100,
                      (edge + half) / 100, 0.0, 0.03, row.games, row.deals, row.bots, row.arm,
                      who="first player wins", section="arms", game=row.game,
                      strength=row.strength, settlement=row.settlement, compare=True)


def climb(edges: dict[str, float], condition: str = "Qin-style drawing against Gazebo-style "
          "drawing", settlement: str = "not settled: moved by +1.0 points") -> list[VerdictRow]:
    return [change(condition, e, strength=s, bots=f"{s} bots in every seat", arm=f"k/q@{s}",
                   settlement=settlement) for s, e in edges.items()]


BASE = [seat("Gazebo-style drawing", 16, arm="d/g"), seat("Qin-style drawing", 5, arm="d/q")]


def test_a_climb_is_one_line_weakest_first_and_says_reverses_from_its_rows():
    rows = BASE + climb({"mcts:iters=320": 7, "greedy": -13, "random": 1})
    line = next(ln for ln in lines(rows, ["random", "greedy", "mcts:iters=320"])
                if ln.question == RULE)
    assert [c.label for c in line.cells] == ["random", "greedy", "mcts:iters=320"]
    assert line.note.startswith("reverses with strength")
    assert line.note.endswith("not settled: moved by +1.0 points")


def test_no_reversal_when_no_two_rungs_lie_on_opposite_sides():
    # greedy's interval reaches zero: it lies on neither side
    rows = BASE + climb({"greedy": -2, "mcts:iters=320": 7})
    line = next(ln for ln in lines(rows) if ln.question == RULE)
    assert "reverses" not in line.note


def test_the_study_with_most_games_speaks_for_an_answer():
    rows = [*BASE, seat("Gazebo-style drawing", 11, strength="greedy", arm="k/g@greedy",
                        games=200),
            seat("Gazebo-style drawing", 12, strength="mcts:iters=320", arm="k/g@mcts")]
    line = next(ln for ln in lines(rows) if "Gazebo-style" in ln.label)
    greedy = next(c for c in line.cells if c.label == "greedy")
    assert greedy.row.arm == "d/g" and greedy.row.games == 400


def test_mixed_line_ups_rule_changes_off_the_factor_and_answered_arms_leave_the_screen():
    rows = [*BASE,
            seat("Gazebo-style drawing", 3, bots="greedy and mcts rotated over the seats",
                 arm="u/g"),
            seat("Aviary Garden", 17, arm="gardens/aviary"),
            seat("Botanical Garden", 6, arm="gardens/botanical"),
            change("Botanical Garden against Aviary Garden", -11, arm="gardens/botanical"),
            seat("first seat 26 gazebos", 0, arm="h/26"),
            VerdictRow("What handicap makes the seats even?", 2, "first seat 26 gazebos",
                       0.5, 0.47, 0.53, 0.5, 0.03, 400, 200, "greedy bots in every seat",
                       "h/26", game="Gazebo")]
    kept = shown(rows)
    arms = {(r.question, r.arm) for r in kept}
    assert (SEAT, "u/g") not in arms                       # mixed, mirror rows exist
    assert not any(r.question == RULE for r in kept)       # gardens are not the factor
    assert (SEAT, "gardens/botanical") in arms             # but their seat rows stay
    assert (SEAT, "h/26") not in arms                      # answered by the handicap line
    assert ("What handicap makes the seats even?", "h/26") in arms


def test_every_cell_shows_its_rows_value_and_verdict_word():
    rows = [*BASE, seat("Gazebo-style drawing", 0.2, 1.0, strength="mcts:iters=320",
                        arm="k/g@m")]
    page = screen_html(rows)
    cells = re.findall(r'class="cell" title="([^"]*)"><span class="lab">([^<]*)</span> '
                       r'<b>([^<]*)</b>.*?<span class="mark (\w+)">([^<]*)</span>', page)
    assert len(cells) == len(rows)
    for r in rows:
        edge = f"{100 * (r.value - r.reference):+.1f}"
        assert any(value == edge and kind == r.kind and word == r.word
                   for _, _, value, kind, word in cells), r
    assert any(kind == "fair" for *_, kind, _ in cells)


def test_a_verdict_the_seat_analysis_reached_is_the_one_shown():
    decided = Verdict("unfair", "unfair: seat 1 is -9 points", 0.03)
    row = seat("Gazebo-style drawing", 1.0)
    rows = [VerdictRow(**{**row.__dict__, "verdict_override": decided})]
    assert '<span class="mark unfair">unfair</span>' in screen_html(rows)


def test_rung_names_the_bots_in_a_few_words():
    assert rung(seat("x", 0)) == "greedy"
    assert rung(seat("x", 0, strength="mcts:iters=80")) == "mcts:iters=80"
    assert rung(seat("x", 0, bots="greedy and mcts rotated over the seats")) == "greedy vs mcts"
