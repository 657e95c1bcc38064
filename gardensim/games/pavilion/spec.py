"""What Summer Pavilion declares to gardensim (entry point ``gardensim.games: pavilion``).

Only plain data and dotted paths, so reading it imports no part of the engine. Its arms are
boards and its standing is the score, so its report asks about scores rather than draws.
"""

from __future__ import annotations

from gardensim.core.spec import Columns, GameSpec, Question, ReportPart

_HERE = "gardensim.games.pavilion"

SPEC = GameSpec(
    name="pavilion",
    title="Summer Pavilion",
    game=f"{_HERE}.game:PavilionGame",
    default_board="base",
    boards=f"{_HERE}.boards:BOARD_NAMES",
    board_title=f"{_HERE}.boards:board_title",
    min_players=2,
    max_players=4,
    rules=f"{_HERE}.ruleset:RULES",
    fast_engine=f"{_HERE}.kernel.fast:fast_player",
    fast_coverage=f"{_HERE}.kernel.coverage:COVERAGE",
    columns=Columns(
        standing="score", higher_is_better=True, unit="points", mover_standing="score",
        start_player="first_player",
        per_seat=("score", "placement", "stars", "numbers", "sets", "token_penalty"),
    ),
    report=ReportPart(
        title="Summer Pavilion",
        sections=("seat", "scores", "score-sources", "side-by-side", "arms",
                  "variance", "length", "margin", "branching",
                  "sample-size"),
        answers=("seat", "scores", "arms"),
        questions=(Question(
            "score-sources", "Scores by seat and where the points come from",
            "How many points does each seat score, from which sources, and how many rounds "
            "does a game last?", f"{_HERE}.report_part:scores_section"),),
    ),
)
