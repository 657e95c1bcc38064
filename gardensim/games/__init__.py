"""Game packages, one per game, each holding everything game-specific and declaring itself in a
``spec.py`` registered under the ``gardensim.games`` entry-point group (``docs/plugins.md``)."""
