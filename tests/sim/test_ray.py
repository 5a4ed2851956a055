"""The Ray backend plays the same games as the local one (skipped when Ray is not installed:
`uv sync --extra ray`). One local Ray instance (2 CPUs) is shared by the tests of this file."""
from __future__ import annotations

import importlib.util
import json
import logging
import shutil
import tempfile

import pytest

from tcg.sim.ray_backend import import_ray
from tcg.sim.parallel import simulate
from tcg.sim.tournament import run_tournament

from .conftest import GAME, run

# not importorskip: Ray must be imported by import_ray, after it set RAY_ENABLE_UV_RUN_RUNTIME_ENV=0
pytestmark = pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                                reason="Ray is not installed (uv sync --extra ray)")


@pytest.fixture(scope="module")
def ray_instance():
    ray = import_ray()  # sets RAY_ENABLE_UV_RUN_RUNTIME_ENV=0 and RAY_AUTH_MODE=disabled
    temp = tempfile.mkdtemp(prefix="tcg-ray-test-")
    ray.init(num_cpus=2, include_dashboard=False, _temp_dir=temp, logging_level=logging.WARNING,
             log_to_driver=False)
    yield ray
    ray.shutdown()
    shutil.rmtree(temp, ignore_errors=True)


def test_ray_equals_local(ray_instance, decks):
    seen: list[int] = []
    local = simulate(GAME, decks[:2], ["random", "heuristic"], 10, seed=3)
    remote = simulate(GAME, decks[:2], ["random", "heuristic"], 10, seed=3, workers=2, backend="ray",
                      progress=seen.append)
    assert remote == local
    assert seen[-1] == 10
    assert ray_instance.is_initialized()  # an instance it did not start is left running


def test_ray_tournament_and_cli_equal_local(ray_instance, runner, decks):
    local, _, _ = run_tournament(GAME, decks[:3], 2, seed=1)
    remote, _, _ = run_tournament(GAME, decks[:3], 2, seed=1, workers=2, backend="ray")
    assert remote == local
    args = ["simulate", GAME, "--games", 4, "--seed", 8, "--json"]
    a = run(runner, *args)
    b = run(runner, *args, "--backend", "ray", "--workers", 2)
    assert b.exit_code == 0, b.output
    assert json.loads(a.stdout) == json.loads(b.stdout)
