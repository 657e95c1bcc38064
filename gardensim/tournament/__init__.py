"""Round-robin tournaments between bots, with seats and orders round the table rotated over
shared deals.

``run_tournament`` plays the schedule (:mod:`.schedule`) with joblib (:mod:`.runner`) and
returns a :class:`~.results.TournamentResult` holding every game and the summary: win shares
with intervals clustered on deals, Bradley-Terry/Elo ratings with bootstrap intervals, decision
times and the head-to-head matrix.
"""

from gardensim.tournament.results import TournamentResult, summarise
from gardensim.tournament.runner import run_tournament
from gardensim.tournament.schedule import Table, make_tables

__all__ = ["Table", "TournamentResult", "make_tables", "run_tournament", "summarise"]
