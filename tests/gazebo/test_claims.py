"""The publisher's claims table reads each claim's measure in the claimed direction, with
intervals simultaneous over the table (rulebook, "Note From the Publisher")."""

from __future__ import annotations

import math

import pytest

from gardensim.analysis.frames import combine
from gardensim.core.registry import game_spec
from gardensim.games.gazebo.claims import NO, NOT_SHOWN, YES, claims_table, load_claims
from tests.analysis.synth import race_run

COLUMNS = game_spec("gazebo").columns


def table_with_steals(shift: float):
    """The claims of a synthetic run whose Qin-style games have ``shift`` more steals each."""
    run = race_run(players=2, deals=80, seed=3)
    games, turns = combine([run])
    qin = games["arm"].astype(str) == "qin-draw"
    games.loc[qin, "steals_0"] = games.loc[qin, "steals_0"] + shift
    return claims_table(games, turns, COLUMNS, 0.03)


def test_every_claim_of_the_note_is_a_row_with_its_quote() -> None:
    _, claims = load_claims()
    assert {c.claim for c in claims} >= {"less luck", "more tension", "more conflict"}
    assert all(c.baseline_is in ("lower", "higher") for c in claims)
    table = table_with_steals(0.0)
    # one pair of bots only: no weaker bot, so the luck claim has no row here
    assert set(table["measure"]) == {"lead_changes", "decided_late", "margin", "steals"}
    assert table["verdict"].isin([YES, NO, NOT_SHOWN]).all()


@pytest.mark.parametrize(("shift", "said"), [(3.0, NO), (-3.0, YES), (0.0, NOT_SHOWN)])
def test_more_conflict_holds_only_when_gazebo_style_steals_more(shift: float, said: str) -> None:
    steals = table_with_steals(shift).set_index("measure").loc["steals"]
    assert steals["verdict"] == said
    assert math.isclose(steals["difference"], shift, abs_tol=0.5)


def test_intervals_are_simultaneous_over_the_table() -> None:
    from gardensim.analysis.arms import compare_arms

    run = race_run(players=2, deals=80, seed=3)
    games, turns = combine([run])
    table = claims_table(games, turns, COLUMNS, 0.03).set_index("measure")
    games["steals"] = games[["steals_0", "steals_1"]].sum(axis=1)
    (alone,) = compare_arms(games, "steals")
    row = table.loc["steals"]
    assert row["lo"] < alone.ci[0] and row["hi"] > alone.ci[1]
    assert row["sentence"].startswith(f"More conflict (patios stolen per game): {row['verdict']}.")
    assert f"Qin-style minus Gazebo-style {row['difference']:+.2f}" in row["sentence"]
