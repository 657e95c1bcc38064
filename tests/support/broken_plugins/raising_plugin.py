"""A plugin whose module raises on import (tests/test_plugin_game.py)."""

raise RuntimeError("this plugin is broken")
