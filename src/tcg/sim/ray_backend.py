"""The ``ray`` backend: the same games as Ray tasks, on a local Ray instance started for the run
(``num_cpus`` = workers, files in a temporary folder) or on an existing cluster (``address``).

Ray is an optional extra (``uv sync --extra ray``) and is imported only here. The cluster's
workers must be able to import ``tcg`` (true for a local instance and for a cluster started with
``ray start`` from this environment)."""
from __future__ import annotations

import logging
import os
import shutil
import tempfile
from typing import Any, Callable, Sequence

from .runner import GameResult, Matchup, Task, chunks, play_tasks

MISSING = "the ray backend needs Ray: install the ray extra: uv sync --extra ray"

# Under `uv run`, Ray would otherwise start its workers in a fresh uv environment without this
# project (they hang); authentication tokens are not used for a private local instance.
RAY_ENV = {"RAY_ENABLE_UV_RUN_RUNTIME_ENV": "0", "RAY_AUTH_MODE": "disabled"}


def import_ray() -> Any:
    for key, value in RAY_ENV.items():
        os.environ.setdefault(key, value)
    try:
        import ray
    except ImportError:
        raise ValueError(MISSING) from None
    # Ray reads this one when it is imported: if something imported Ray before us, apply it now
    if os.environ.get("RAY_ENABLE_UV_RUN_RUNTIME_ENV") == "0":
        try:
            from ray._private import ray_constants
            ray_constants.RAY_ENABLE_UV_RUN_RUNTIME_ENV = False
        except (ImportError, AttributeError):  # pragma: no cover - other Ray versions
            pass
    return ray


def _play_chunk(matchups: Sequence[Matchup], chunk: Sequence[Task]) -> list[GameResult]:
    return play_tasks(matchups, chunk)


def check_address(address: str, timeout: float = 3.0) -> None:
    """Fail at once, in one line, when ``address`` (HOST:PORT of a cluster's head, or
    ray://HOST:PORT) cannot be reached: Ray itself would keep retrying for minutes. ``auto`` and
    other forms are left to Ray."""
    import socket
    target = address[len("ray://"):] if address.startswith("ray://") else address
    host, sep, port = target.rpartition(":")
    if not sep or not host or not port.isdigit():
        return
    host = host.strip("[]")
    try:
        with socket.create_connection((host, int(port)), timeout=timeout):
            pass
    except OSError as e:
        why = e.strerror or str(e) or type(e).__name__
        raise ValueError(f"cannot reach a Ray cluster at {address}: {why}") from None


def _start(ray: Any, workers: int, address: str | None) -> str | None:
    """Start a local Ray instance (``address`` None) or connect to a cluster; returns the
    temporary folder to remove afterwards. Any failure is one ValueError line."""
    # the RAY_ENV variables reach a local instance's workers through os.environ (a runtime_env
    # with env_vars would work too but makes every worker start through Ray's runtime-env agent)
    common: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
    temp_dir = None
    try:
        if address is None:
            temp_dir = tempfile.mkdtemp(prefix="tcg-ray-")
            ray.init(num_cpus=workers, include_dashboard=False, _temp_dir=temp_dir, **common)
        else:
            check_address(address)
            ray.init(address=address, **common)
    except ValueError:
        _cleanup(ray, temp_dir)
        raise
    except Exception as e:  # noqa: BLE001 - Ray raises many kinds (ConnectionError, RuntimeError...)
        _cleanup(ray, temp_dir)
        where = f"connect to the Ray cluster at {address}" if address else "start Ray"
        text = "; ".join(line.strip() for line in str(e).splitlines() if line.strip()) or type(e).__name__
        raise ValueError(f"could not {where}: {text}") from None
    return temp_dir


def _cleanup(ray: Any, temp_dir: str | None) -> None:
    try:
        if ray.is_initialized():
            ray.shutdown()
    except Exception:  # noqa: BLE001 - best effort after a failed start
        pass
    if temp_dir is not None:
        shutil.rmtree(temp_dir, ignore_errors=True)


def run_ray(matchups: Sequence[Matchup], tasks: Sequence[Task], workers: int = 2,
            progress: Callable[[int], None] | None = None, address: str | None = None,
            results: list[GameResult] | None = None) -> list[GameResult]:
    """Play ``tasks`` as Ray tasks (chunks of consecutive games); results in completion order,
    appended to ``results`` as they come (so that an interrupted run keeps what finished)."""
    ray = import_ray()
    temp_dir = None
    started = False
    if results is None:
        results = []
    if not ray.is_initialized():
        temp_dir = _start(ray, workers, address)
        started = True
    try:
        if address is not None:  # split the work for the whole cluster
            workers = max(workers, int(ray.cluster_resources().get("CPU", 0)))
        remote = ray.remote(num_cpus=1)(_play_chunk)
        ref = ray.put(list(matchups))
        pending = [remote.remote(ref, chunk) for chunk in chunks(tasks, workers)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for d in done:
                results.extend(ray.get(d))
            if progress:
                progress(len(results))
        return results
    finally:
        if started:
            _cleanup(ray, temp_dir)
