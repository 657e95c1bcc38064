"""Gazebo's rules: the readable engine, the plain specification every other engine is held to.

``game.GazeboGame`` deals ``state.GazeboState`` positions; the rulings that decide outcomes are
one function each in ``rulings.py``; ``ruleset.py`` declares every rule option and designed
number once. Nothing here knows a bot, the runner, the kernel or a plot but its own picture
(``render.py``, which a position's ``_repr_html_`` needs).
"""
