"""The Dask backend: a local cluster of two workers gives the frames of a local run."""

from __future__ import annotations

import pytest

import gardensim
from gardensim.core.errors import ConfigError
from tests.sim.helpers import assert_same_frames, toy_study

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as local:
        yield local


def test_dask_cluster_gives_the_frames_of_one_local_worker(cluster, tmp_path):
    local = gardensim.simulate(toy_study(), jobs=1, progress=False)
    on_dask = gardensim.simulate(toy_study(), tmp_path / "run", backend="dask",
                                 scheduler=cluster.scheduler_address, batch_size=4,
                                 progress=False)
    assert_same_frames(on_dask, local)
    assert on_dask.manifest["timings"]["sessions"][0]["scheduler"] == cluster.scheduler_address


def test_dask_accepts_a_client(cluster):
    with distributed.Client(cluster) as client:
        on_dask = gardensim.simulate(toy_study(games=6), backend="dask", scheduler=client,
                                     progress=False)
    assert_same_frames(on_dask, gardensim.simulate(toy_study(games=6), jobs=1, progress=False))


def test_scheduler_without_a_cluster_backend_is_refused():
    with pytest.raises(ConfigError, match="--scheduler needs --backend dask or ray"):
        gardensim.simulate(toy_study(), scheduler="tcp://127.0.0.1:8786")


def test_a_bad_scheduler_address_fails_before_the_run_folder_exists(tmp_path):
    with pytest.raises(ConfigError, match="cannot reach the Dask scheduler nope://host"):
        gardensim.simulate(toy_study(), tmp_path / "run", backend="dask",
                           scheduler="nope://host", progress=False)
    assert not (tmp_path / "run").exists()
