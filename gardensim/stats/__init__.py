"""Small statistical helpers shared by tournaments and the analysis layer.

Each helper takes plain numbers or numpy arrays, so analysis can call them on DataFrame columns
without this package importing pandas.
"""

from gardensim.stats.bootstrap import cluster_bootstrap
from gardensim.stats.bradley_terry import elo_from_strengths, fit_bradley_terry
from gardensim.stats.intervals import wilson_interval

__all__ = ["cluster_bootstrap", "elo_from_strengths", "fit_bradley_terry", "wilson_interval"]
