"""What Azul: Queen's Garden declares to gardensim (entry point ``gardensim.games: queens``).

Only plain data and dotted paths, so reading it imports no part of the engine. Its arms are the
two board sides (standard and variant, spec 11) and its standing is the score, so its report
asks about scores and, of its own, where those scores come from.
"""

from __future__ import annotations

from gardensim.core.spec import Columns, GameSpec, Question, ReportPart

_HERE = "gardensim.games.queens"

QUESTIONS = (
    Question("breakdown", "Where the points come from",
             "How much of each side's final score comes from each source (round scoring, "
             "pavilions, end groups, size bonuses, jokers) and each loss?",
             f"{_HERE}.report_part:breakdown_section"),
)

SPEC = GameSpec(
    name="queens",
    title="Azul: Queen's Garden",
    game=f"{_HERE}.game:QueensGame",
    default_board="standard",
    boards=f"{_HERE}.rules:SIDES",
    board_title=f"{_HERE}.rules:side_title",
    min_players=2,
    max_players=4,
    columns=Columns(
        standing="score", higher_is_better=True, unit="points", mover_standing="score",
        start_player="first_player",
        per_seat=("score", "round_scoring", "pavilion_points", "end_groups", "size_bonuses",
                  "jokers", "leftovers", "buys", "first_pass_penalty", "discards",
                  "placed_face_up", "placed_face_down", "passes"),
    ),
    report=ReportPart(
        title="Azul: Queen's Garden",
        sections=("seat", "scores", "breakdown", "arms", "variance", "length", "margin", "lead",
                  "branching", "sample-size"),
        answers=("seat", "scores", "breakdown"),
        questions=QUESTIONS,
    ),
    renderer=f"{_HERE}.figure:board_figure",
    rules=f"{_HERE}.ruleset:RULES",
    fast_engine=f"{_HERE}.kernel.fast:fast_player",
    fast_coverage=f"{_HERE}.kernel.coverage:COVERAGE",
)
