"""What the kernel declares it plays (``kernel/coverage.py``): every rule option, the random
and greedy bots; a bot or parameter it does not have, or a board beyond its tables, plays on
the readable engine with the reason, and ``--engine fast`` on it is a one-line ConfigError."""

from __future__ import annotations

import pytest

from gardensim.core import registry
from gardensim.core.errors import ConfigError
from gardensim.core.fastpath import EVERY
from gardensim.games.pavilion.boards import PAVILION_DIR
from gardensim.games.pavilion.kernel.coverage import COVERAGE
from gardensim.games.pavilion.kernel.tables import STRUCTURE_SPACES
from gardensim.games.pavilion.ruleset import RULES
from gardensim.sim.play import choose_engine, play_game


def test_the_kernel_plays_every_rule_option_at_every_value() -> None:
    """The declaration names each option (an option added to the rule set fails here until
    the kernel plays it)."""
    assert set(COVERAGE.options) == set(RULES.names)
    assert all(values is EVERY for values in COVERAGE.options.values())


def test_random_and_greedy_line_ups_play_in_the_kernel() -> None:
    game = registry.make_game("pavilion", "glazed-purple", 4, {"discard_floor": False})
    bots = [registry.make_bot(s) for s in ("random", "greedy", "greedy:epsilon=0.1",
                                           "greedy:samples=3")]
    assert choose_engine(game, bots).name == "pavilion-fast"


@pytest.mark.parametrize(("spec", "why"), [
    ("greedy:weights=tile:2", "bot greedy:weights=tile:2: weights=tile:2 (pavilion-fast plays "
                              "weights at its default only)"),
    ("mcts:iters=8", "bot mcts:iters=8 (pavilion-fast has no such bot)"),
])
def test_an_uncovered_bot_plays_on_the_readable_engine(spec: str, why: str) -> None:
    game = registry.make_game("pavilion", "base", 2, {})
    bots = [registry.make_bot(spec), registry.make_bot("random")]
    choice = choose_engine(game, bots)
    assert choice.name == "python"
    assert choice.reason == f"pavilion-fast cannot play this: {why}"
    with pytest.raises(ConfigError) as err:
        choose_engine(game, bots, "fast")
    assert str(err.value) == f"--engine fast: pavilion-fast cannot play this: {why}"
    assert "\n" not in str(err.value)


def test_a_board_beyond_the_kernels_tables_plays_on_the_readable_engine(tmp_path) -> None:
    """A board file of one's own whose structure has more spaces than the tables hold."""
    spaces = ", ".join(f'"1.{k}"' for k in range(1, STRUCTURE_SPACES + 2))
    board = tmp_path / "wide.toml"
    board.write_text((PAVILION_DIR / "base.toml").read_text()
                     + f"\n[structures.fountain]\nbonus = 1\nspaces = [[{spaces}]]\n")
    game = registry.make_game("pavilion", str(board), 2, {})
    bots = [registry.make_bot("random")] * 2
    choice = choose_engine(game, bots)
    assert choice.name == "python"
    assert "a structure of more than 4 spaces" in choice.reason
    with pytest.raises(ConfigError, match="^--engine fast: pavilion-fast cannot play this"):
        choose_engine(game, bots, "fast")
    assert play_game(game, bots, 0, 0).game["rounds"] == 6
