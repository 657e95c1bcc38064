"""Small statistical helpers shared by tournaments and the analysis layer.

Each helper takes plain numbers or numpy arrays, so analysis can call them on DataFrame columns
without this package importing pandas.
"""

from gardensim.stats.bootstrap import cluster_bootstrap
from gardensim.stats.bradley_terry import elo_from_strengths, fit_bradley_terry
from gardensim.stats.cluster import (
    clustered_mean,
    clustered_means,
    clustered_share,
    clustered_wald,
    format_p,
    holm,
)
from gardensim.stats.intervals import wilson_interval

__all__ = ["cluster_bootstrap", "clustered_mean", "clustered_means", "clustered_share",
           "clustered_wald",
           "elo_from_strengths", "fit_bradley_terry", "format_p", "holm", "wilson_interval"]
