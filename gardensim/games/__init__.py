"""Game engines, one package per game; each registers itself by name in gardensim.core.registry."""
