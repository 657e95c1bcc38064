"""What Gazebo declares to gardensim (entry point ``gardensim.games: gazebo``).

Only plain data and dotted paths, so reading it imports no part of the engine.
"""

from __future__ import annotations

from gardensim.core.spec import Columns, GameSpec, Question, ReportPart, WidgetChoices

_HERE = "gardensim.games.gazebo"

QUESTIONS = (
    Question("claims", "The publisher's claims, measured",
             "Does Gazebo-style drawing give less luck, more tension, tighter games and more "
             "conflict than Qin-style, as the publisher's note says?",
             f"{_HERE}.report_part:claims_section"),
    Question("compensation", "Gazebo compensation",
             "What per-seat gazebo handicap would make the seats fair?",
             f"{_HERE}.report_part:compensation_section"),
    Question("singles", "Single-coloured dominoes drawn",
             "How unequal are the draws under each drawing system?",
             f"{_HERE}.report_part:singles_section"),
    Question("draw-advantage", "Winning and the draw",
             "How much does drawing more single-coloured dominoes raise the odds of winning?",
             f"{_HERE}.report_part:draw_advantage_section"),
    Question("gardens", "Gardens compared",
             "Do the gardens (or drawing systems) change the first player's edge, game length "
             "and winning margin?", f"{_HERE}.report_part:gardens_section"),
    Question("series", "Series play",
             "Over a series of games, one on each garden, who has the fewest gazebos left: "
             "does the first seat win the series too often, and does the series winner differ "
             "from the player who won most of its games?",
             f"{_HERE}.report_part:series_section"),
)

SPEC = GameSpec(
    name="gazebo",
    title="Gazebo",
    game=f"{_HERE}.rules.game:GazeboGame",
    default_board="aviary",
    boards=f"{_HERE}.rules.board:available_boards",
    min_players=2,
    max_players=4,
    columns=Columns(
        standing="supply", higher_is_better=False, unit="gazebos",
        deal_luck="singles_drawn", deal_luck_words="singles",
        per_seat=("supply", "on_board", "singles_drawn", "patios", "absorbs", "steals"),
    ),
    report=ReportPart(
        title="Gazebo",
        sections=("seat", "compensation", "singles", "draw-advantage", "variance",
                  "luck-compare", "claims", "skill", "gardens", "series", "arms", "strength",
                  "length", "endings", "margin",
                  "lead", "events", "branching", "sample-size"),
        answers=("seat", "compensation", "draw-advantage", "variance", "luck-compare", "skill",
                 "arms", "strength"),
        questions=QUESTIONS,
        pictures=f"{_HERE}.report_part:pictures",
    ),
    widgets=WidgetChoices(option="draw", choices=f"{_HERE}.rules.ruleset:DRAW_SYSTEMS"),
    commands=(f"{_HERE}.command", f"{_HERE}.boards_command"),
    handicap=f"{_HERE}.handicap",
    renderer=f"{_HERE}.rules.render:board_figure",
    seat_extras=f"{_HERE}.questions:compensation_sentences",
    legacy_keys=("draw", "partnership"),
    rules=f"{_HERE}.rules.ruleset:RULES",
    ladder=f"{_HERE}:data/ladder.toml",
    board_title=f"{_HERE}.rules.board:board_title",
    fast_engine=f"{_HERE}.kernel.fast:fast_player",
    fast_coverage=f"{_HERE}.kernel.coverage:COVERAGE",
    series=f"{_HERE}.series:score_series",
)
