"""``tcg simulate`` / ``tcg tournament`` outputs: checked before the first game, written
atomically, and a stopped run (Ctrl-C, SIGTERM) still writes the games that finished, marked
partial, with one error line and no traceback from the parent or its worker processes."""
from __future__ import annotations

import csv
import importlib.util
import json
import os
import pty
import re
import select
import signal
import socket
import subprocess
import sys
import time

import pytest

import tcg
from tcg.sim.parallel import Interrupted, run_tasks
from tcg.sim.records import atomic_write, write_out
from tcg.sim.runner import make_matchup
from tcg.sim.tournament import run_tournament

from .conftest import run

GAME = "kemuri"  # short games


def _error(result) -> str:
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


# --- checked before any game -----------------------------------------------------------------

@pytest.mark.parametrize("command", ["simulate", "tournament"])
@pytest.mark.parametrize("option, target, words", [
    ("--out", "missing/r.json", "no such folder"),
    ("--out", "folder.json", "it is a folder"),
    ("--out", "r.txt", ".json or .csv"),
    ("--out", "a_file/r.csv", "no such folder"),
    ("--plot", "missing/p.png", "no such folder"),
    ("--plot", "p.svg", ".png"),
])
def test_unwritable_outputs_fail_before_the_first_game(runner, tmp_path, command, option, target, words):
    (tmp_path / "a_file").write_text("x", encoding="utf-8")
    (tmp_path / "folder.json").mkdir()
    slow = (["--games", 100_000, "--agents", "heuristic", "heuristic"] if command == "simulate" else
            ["--games-per-pair", 100_000, "--agents", "heuristic"])
    t0 = time.perf_counter()
    result = run(runner, command, GAME, *slow, option, tmp_path / target)
    assert result.exit_code == 1
    assert words in _error(result)
    assert time.perf_counter() - t0 < 10  # 100,000 heuristic games would take hours


def test_a_read_only_output_file_fails_before_the_first_game(runner, tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root may write read-only files")
    out = tmp_path / "r.json"
    out.write_text("{}", encoding="utf-8")
    out.chmod(0o444)
    result = run(runner, "simulate", GAME, "--games", 100_000, "--out", out)
    assert result.exit_code == 1 and "read-only" in _error(result)


def test_outputs_are_written_atomically(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("old\n", encoding="utf-8")

    def failing(f):
        f.write("half of the new content")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        atomic_write(path, failing)
    assert path.read_text(encoding="utf-8") == "old\n"
    write_out(path, {"games": 0}, [])
    assert path.read_text(encoding="utf-8").startswith("match,index,seed")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]  # no temporary file left


def test_partial_marks_in_json_and_csv(tmp_path):
    partial = {"finished": 2, "planned": 10, "stopped_by": "SIGINT"}
    write_out(tmp_path / "r.json", {"games": 2, "partial": partial}, [{"match": 0}, {"match": 0}], partial)
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert data["partial"] == partial and data["summary"]["partial"] == partial and len(data["games"]) == 2
    write_out(tmp_path / "r.csv", {"games": 2}, [{"match": 0, "index": 0}, {"match": 0, "index": 1}], partial)
    lines = (tmp_path / "r.csv").read_text(encoding="utf-8").splitlines()
    assert lines[-1] == "# partial: 2 of 10 games (stopped by SIGINT)"
    rows = list(csv.DictReader(lines[:-1]))
    assert [r["index"] for r in rows] == ["0", "1"]


# --- stopped runs ----------------------------------------------------------------------------

def test_an_interrupted_run_keeps_the_games_that_finished():
    decks = tcg.list_decks(GAME)[:2]
    matchup = make_matchup(GAME, decks, ["random", "random"])

    def ctrl_c_after_three(done: int) -> None:
        if done >= 3:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as stop:
        run_tasks([matchup], [(0, i, i) for i in range(20)], progress=ctrl_c_after_three)
    assert [r.index for r in stop.value.results] == [0, 1, 2]
    assert stop.value.partial() == {"finished": 3, "planned": 20, "stopped_by": "SIGINT"}


def test_an_interrupted_tournament_is_summarised_as_partial():
    decks = tcg.list_decks(GAME)[:3]

    def ctrl_c_after_four(done: int) -> None:
        if done >= 4:
            raise KeyboardInterrupt

    summary, results, _ = run_tournament(GAME, decks, 5, progress=ctrl_c_after_four)
    assert summary["partial"] == {"finished": 4, "planned": 15, "stopped_by": "SIGINT"}
    assert summary["games"] == len(results) == 4


def _sigint_default() -> None:
    """In the child: Ctrl-C as in a terminal, even when these tests run in the background of a
    shell without job control (which starts them with SIGINT ignored, inherited by children)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _run_until_progress(tmp_path, args, sig, group: bool):
    """Start ``tcg simulate`` with a terminal as stderr (so it shows its progress bar), send
    ``sig`` once at least one game finished, and return (exit code, everything it printed)."""
    master, slave = pty.openpty()
    out = open(tmp_path / "stdout.txt", "w", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "tcg", "simulate", GAME, *map(str, args)], cwd=tmp_path,
                            stdin=subprocess.DEVNULL, stdout=out, stderr=slave, start_new_session=True,
                            preexec_fn=_sigint_default,
                            env={**os.environ, "COLUMNS": "120", "TERM": "xterm", "NO_COLOR": "1"})
    os.close(slave)
    out.close()
    seen = b""
    try:
        end = time.monotonic() + 120
        while not re.search(rb"\b[1-9]\d*/\d+", seen):
            assert time.monotonic() < end and proc.poll() is None, seen.decode(errors="replace")
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                seen += os.read(master, 65536)
        if group:  # like Ctrl-C in a terminal: the parent and its workers all get it
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
        while True:
            try:
                ready, _, _ = select.select([master], [], [], 0.2)
                if ready:
                    chunk = os.read(master, 65536)
                    if not chunk:
                        break
                    seen += chunk
                elif proc.poll() is not None:
                    break
            except OSError:  # the pty closed
                break
        code = proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    terminal = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen.decode(errors="replace")).replace("\r", "\n")
    return code, terminal + (tmp_path / "stdout.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("workers, sig, group, code, words", [
    (1, signal.SIGINT, False, 130, "interrupted after"),
    (2, signal.SIGINT, True, 130, "interrupted after"),
    (2, signal.SIGTERM, False, 143, "stopped by SIGTERM after"),
])
def test_a_stopped_simulation_writes_what_finished_marked_partial(tmp_path, workers, sig, group, code, words):
    games = 20_000
    got, output = _run_until_progress(tmp_path, ["--games", games, "--workers", workers, "--out", "r.json"],
                                      sig, group)
    assert got == code, output
    assert "Traceback" not in output and "BrokenPipe" not in output and "KeyboardInterrupt" not in output
    errors = [line for line in output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and words in errors[0] and "wrote them to r.json" in errors[0]
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    finished = data["partial"]["finished"]
    assert 1 <= finished < games and data["partial"]["planned"] == games
    assert data["partial"]["stopped_by"] == signal.Signals(sig).name
    assert data["summary"]["games"] == len(data["games"]) == finished
    assert "Partial results" in output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json", "stdout.txt"]


@pytest.mark.skipif(not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"),
                    reason="needs Linux /proc children lists")
def test_ctrl_c_while_the_workers_start_prints_no_worker_traceback(tmp_path):
    """Ctrl-C reaches every process of the group, also workers still importing: they start with
    SIGINT ignored (inherited), so none prints a KeyboardInterrupt traceback."""
    proc = subprocess.Popen([sys.executable, "-m", "tcg", "simulate", GAME, "--games", "20000", "--workers", "2",
                             "--json", "--out", "r.json"], cwd=tmp_path, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_sigint_default)
    children = f"/proc/{proc.pid}/task/{proc.pid}/children"
    try:
        end = time.monotonic() + 60
        while len(open(children).read().split()) < 2:  # the workers (and the resource tracker) exist
            assert time.monotonic() < end and proc.poll() is None
            time.sleep(0.005)
        time.sleep(0.1)  # they are starting Python and importing tcg
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: interrupted after ")
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert data["partial"]["planned"] == 20_000
    assert json.loads(out)["partial"] == data["partial"]  # --json prints the partial summary too


# --- Ray -------------------------------------------------------------------------------------

@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed (uv sync --extra ray)")
def test_an_unreachable_ray_address_is_one_line_at_once(runner):
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    t0 = time.perf_counter()
    result = run(runner, "simulate", GAME, "--games", 2, "--backend", "ray", "--address", f"127.0.0.1:{port}")
    assert result.exit_code == 1
    assert f"cannot reach a Ray cluster at 127.0.0.1:{port}" in _error(result)
    assert time.perf_counter() - t0 < 20
