"""The game protocol (required core and optional capabilities), game specs, the registries of
games (``gardensim.games`` entry points) and bots, seed derivation and the conformance check."""
