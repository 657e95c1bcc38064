"""The game protocol, the registries of games and bots, and seed derivation."""
