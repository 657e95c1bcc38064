"""Game-agnostic bots: they know games only through the protocol in ``gardensim.core``.

Every bot is named by a spec string (``registry.make_bot``), the same in the CLI, study files
and Python:

- ``random``: uniform over legal actions, draws included. No parameters.
- ``greedy[:epsilon=0,samples=1]``: one-ply look-ahead on ``state.evaluate`` over
  ``samples`` determinizations; ``epsilon`` plays at random with that probability.
- ``mcts[:iters=80,seconds=0,c=0.1,rollout=greedy,epsilon=0,depth=-1,expand=random,widen=2]``:
  information-set MCTS; ``rollout`` is ``random``, ``greedy`` or ``none``; ``depth`` is a fixed
  horizon in turns (0 = play to the end, -1 = the default: 2 turns at 2 players, one
  round plus one turn at 3-4, i.e. 4 and 5);
  ``widen`` is progressive widening (0 = off).
  Classic ISMCTS with random play-outs is ``mcts:rollout=random,depth=0,widen=0,c=0.7``.

``greedy`` and ``mcts`` also take ``weights``: evaluation weights for that bot only, inline
``term:number;term:number`` (``greedy:weights=exposed:-0.4``) or a TOML file path; terms left
out keep the game's defaults (``bots/greedy.py``).

Each module's docstring documents the bot's draw policy.
"""
