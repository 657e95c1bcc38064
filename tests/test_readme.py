"""The README's Python example runs as written (with a smaller study, to stay quick)."""

import re
from pathlib import Path

from gardensim.sim.study import Study

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_example_runs(tmp_path, monkeypatch, capsys):
    text = README.read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    assert 'gardensim.simulate("aviary-2p-draw",' in code
    assert Study.from_file("aviary-2p-draw").name  # the shipped study the README names
    small = ('{"name": "readme", "game": "gazebo", "board": "aviary", "players": 2, '
             '"bots": ["random", "random"], "games": 6, "seed": 1}')
    code = code.replace('"aviary-2p-draw",', small + ",", 1)
    out = f"out={str(tmp_path / 'run')!r}, progress=False"
    code = code.replace('out="runs/aviary-2p-draw"', out)
    monkeypatch.chdir(tmp_path)
    exec(compile(code, str(README), "exec"), {})
    assert "the first player (seat 0) wins" in capsys.readouterr().out
