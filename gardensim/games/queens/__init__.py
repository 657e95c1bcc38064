"""Azul: Queen's Garden (issue 22): the rules engine, its notation, evaluation and pictures."""

from gardensim.games.queens.game import QueensGame

__all__ = ["QueensGame"]
