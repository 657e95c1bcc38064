"""A study set's ``[[ladders]]``: proved by play before the report, stored, reused, shown."""

import pandas as pd
import pytest

from gardensim.cli import main
from gardensim.report.studyset import read_study_set
from gardensim.tournament.ladder import prove_ladder

SET = """
name = "toy-ladder"
[[studies]]
name = "toy-2p"
game = "toy"
players = 2
bots = ["random", "random"]
games = 12
[[ladders]]
game = "toy"
rungs = ["random", "greedy"]
games = 40
seed = 2
"""


def _report(tmp_path, text):
    path = tmp_path / "set.toml"
    path.write_text(text)
    out = tmp_path / "report"
    return main(["report", str(path), "--out", str(out), "--runs", str(tmp_path / "runs"),
                 "--jobs", "1", "--quiet", "--force"]), out


def test_a_ladder_of_a_study_set_is_proved_stored_and_shown_row_by_row(tmp_path):
    status, out = _report(tmp_path, SET)
    assert status == 0
    shown = pd.read_csv(out / "tables" / "strength-ladder.csv")
    stored = pd.read_csv(tmp_path / "runs" / "ladders" / "toy-default.csv")
    again = prove_ladder("toy", ["random", "greedy"], games=40, seed=2)
    for column in ("rung", "below", "games", "deals", "step"):
        assert list(shown[column]) == list(stored[column]) == list(again[column])
    for column in ("win_share", "low", "high"):
        assert list(shown[column]) == pytest.approx(list(again[column]), rel=1e-9)
        assert list(stored[column]) == pytest.approx(list(again[column]), rel=1e-9)
    row = shown.iloc[0]
    page = (out / "index.html").read_text()
    assert "Is each bot stronger than the one below?" in page
    assert (f"greedy beats random in {100 * row.win_share:.1f}% of 40 games on "
            f"{row.deals} deals") in page


def test_a_stored_ladder_is_reused_when_its_configuration_is_the_same(tmp_path):
    assert _report(tmp_path, SET)[0] == 0
    stored = tmp_path / "runs" / "ladders" / "toy-default.csv"
    # a stored table is read back, not played again: a marked copy shows through
    marked = pd.read_csv(stored).assign(step="marked")
    marked.to_csv(stored, index=False)
    status, out = _report(tmp_path, SET)
    assert status == 0
    assert set(pd.read_csv(out / "tables" / "strength-ladder.csv")["step"]) == {"marked"}
    # another configuration plays again
    assert _report(tmp_path, SET.replace("games = 40", "games = 20"))[0] == 0
    assert set(pd.read_csv(stored)["step"]) != {"marked"}


@pytest.mark.parametrize(("table", "message"), [
    ('game = "nosuch"', "'game' must be one of"),
    ('game = "toy"\nrungs = ["random"]', "'rungs' must list at least two bot specs"),
    ('game = "toy"\nrungs = ["random", "wizard"]', "wizard"),
    ('game = "toy"\ngames = 1', "'games' must be an integer >= 2"),
    ('game = "toy"\nplayers = 3', "unknown key 'players'"),
])
def test_a_bad_ladder_table_is_one_line_naming_it(tmp_path, table, message, capsys):
    path = tmp_path / "set.toml"
    path.write_text(SET.split("[[ladders]]")[0] + "[[ladders]]\n" + table + "\n")
    with pytest.raises(Exception, match="ladders\\[0\\]") as info:
        read_study_set(path)
    assert message in str(info.value)
    assert main(["report", str(path), "--out", str(tmp_path / "r"), "--quiet"]) != 0
    err = capsys.readouterr().err.strip()
    assert "ladders[0]" in err and len(err.splitlines()) == 1
