"""``import gardensim`` shows its entry points to ``dir`` and tab completion, and stays lazy."""

import json
import subprocess
import sys

PUBLIC = ["simulate", "load", "make_game", "make_bot"]

PROBE = """
import json, rlcompleter, sys
import gardensim
completer = rlcompleter.Completer({"gardensim": gardensim})
completions = []
for prefix in ("gardensim.s", "gardensim.l", "gardensim.make_"):
    i = 0
    while (word := completer.complete(prefix, i)) is not None:
        completions.append(word.rstrip("("))
        i += 1
print(json.dumps({"dir": dir(gardensim), "all": gardensim.__all__, "completions": completions,
                  "pandas": "pandas" in sys.modules}))
"""


def _probe() -> dict:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_dir_and_tab_completion_show_the_entry_points_before_first_use():
    seen = _probe()
    for name in PUBLIC:
        assert name in seen["dir"], name
        assert name in seen["all"], name
        assert f"gardensim.{name}" in seen["completions"], name
    assert not seen["pandas"], "naming the entry points must not import them"


def test_every_name_in_all_resolves():
    import gardensim

    for name in gardensim.__all__:
        assert callable(getattr(gardensim, name)), name
