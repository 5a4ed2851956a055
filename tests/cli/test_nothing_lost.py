"""Nothing is lost: ``tcg play`` saves after every action and when it is stopped (q, Ctrl-C,
SIGTERM, SIGHUP), ``--resume`` continues a saved game, a record is never overwritten by a new
game, ``u`` undoes through ``game.undo()``, and an unexpected exception is one line plus a report
file, never a traceback.

The signal tests run the real script in a subprocess (``python -m tcg``) with piped stdin and
watch the record file; everything else runs in-process through typer's CliRunner."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest
import typer

import tcg
from tcg import cli
from tcg.agents import make_agent
from tcg.agents.base import AgentView
from tcg.ui.terminal import take_back

from .helpers import WIDE, one_error_line, run

GAME = "shironeko"
SEED = 4  # you (P0) decide first: the mulligan


def record_of(path) -> dict | None:
    """The record in ``path``, or None while it does not hold one yet."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def mine(record: dict, human: int = 0) -> list[dict]:
    return [a for a in record["actions"] if a["player"] == human and a["by"] == "player"]


def wait_for(predicate, timeout: float = 60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


def start_play(tmp_path, *args):
    """``tcg play`` as a real process reading moves from a pipe (its output goes to a file)."""
    out = open(tmp_path / "stdout.txt", "w", encoding="utf-8")
    err = open(tmp_path / "stderr.txt", "w", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "tcg", "play", *map(str, args)], cwd=tmp_path,
                            stdin=subprocess.PIPE, stdout=out, stderr=err, text=True,
                            env={**os.environ, **WIDE})
    out.close()
    err.close()
    return proc


def send(proc, line: str) -> None:
    proc.stdin.write(line + "\n")
    proc.stdin.flush()


def waiting_for_me(path, moves: int):
    """The record once it holds ``moves`` actions of P0 and it is P0's decision again."""
    record = record_of(path)
    if record is None or len(mine(record)) != moves:
        return None
    game = tcg.replay(record)
    return record if not game.is_over and game.decision.player == 0 else None


def play_moves(proc, path, moves: int) -> dict:
    for k in range(1, moves + 1):
        send(proc, "$")
        record = wait_for(lambda: waiting_for_me(path, k))
    return record


# --- killed, stopped, closed -----------------------------------------------------------------

def test_kill_9_loses_at_most_the_action_in_flight(runner, tmp_path):
    path = tmp_path / "game.json"
    proc = start_play(tmp_path, GAME, "--seed", SEED, "--save", path)
    try:
        before = play_moves(proc, path, 3)
        assert before["meta"]["human"] == 0 and before["meta"]["opponent"] == "heuristic"
        time.sleep(0.3)  # nothing more happens while it waits for the next move
        proc.kill()
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    after_kill = record_of(path)
    assert after_kill is not None and after_kill["actions"] == before["actions"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".tcg-")]  # no temporary file left
    # resume continues at the same decision: quitting at once keeps exactly the same actions
    result = run(runner, "play", "--resume", path, input="q\n")
    assert result.exit_code == 0, result.output
    assert f"resumed from {path} after {len(before['actions'])} actions" in result.output
    assert "Your options:" in result.output
    assert record_of(path)["actions"] == before["actions"]
    # and playing on extends the same game
    result = run(runner, "play", "--resume", path, input="$\nq\n")
    assert result.exit_code == 0, result.output
    now = record_of(path)
    assert now["actions"][:len(before["actions"])] == before["actions"]
    assert len(mine(now)) == len(mine(before)) + 1


def test_kill_9_while_the_computer_thinks_leaves_a_valid_record(runner, tmp_path):
    path = tmp_path / "game.json"
    proc = start_play(tmp_path, GAME, "--seed", SEED, "--save", path, "--opponent", "ismcts",
                      "--agent-option", "iterations=40")
    try:
        for _ in range(4):
            send(proc, "$")
        wait_for(lambda: (record_of(path) or {"actions": []})["actions"][3:])  # the computer has played
        proc.kill()  # wherever it is: thinking, applying or saving
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    record = record_of(path)
    game = tcg.replay(record)  # a whole, valid record: the last save finished or never started
    assert len(record["actions"]) >= 4 and not game.is_over
    result = run(runner, "play", "--resume", path, "--opponent", "random", input="$\nq\n")
    assert result.exit_code == 0, result.output
    assert record_of(path)["actions"][:len(record["actions"])] == record["actions"]


@pytest.mark.parametrize("name, code, words", [("SIGTERM", 143, "SIGTERM"), ("SIGHUP", 129, "terminal closed")])
def test_sigterm_and_sighup_save_the_game(runner, tmp_path, name, code, words):
    path = tmp_path / "game.json"
    proc = start_play(tmp_path, GAME, "--seed", SEED, "--save", path)
    try:
        before = play_moves(proc, path, 2)
        proc.send_signal(getattr(signal, name))
        assert proc.wait(timeout=30) == code
    finally:
        if proc.poll() is None:
            proc.kill()
    err = (tmp_path / "stderr.txt").read_text(encoding="utf-8")
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]
    assert "tcg play --resume" in lines[0]
    assert record_of(path)["actions"] == before["actions"]
    result = run(runner, "play", "--resume", path, input="q\n")
    assert result.exit_code == 0 and record_of(path)["actions"] == before["actions"]


def test_the_save_path_is_printed_at_the_start_and_the_record_exists_at_once(tmp_path):
    path = tmp_path / "game.json"
    proc = start_play(tmp_path, GAME, "--seed", SEED, "--save", path)
    try:
        record = wait_for(lambda: record_of(path))
        assert record["actions"] == [] and record["format"] == "tcg-record/2"
        wait_for(lambda: "after every action" in (tmp_path / "stdout.txt").read_text(encoding="utf-8"))
        out = (tmp_path / "stdout.txt").read_text(encoding="utf-8")
        assert f"The game is saved to {path} after every action" in out
        send(proc, "q")
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


# --- quit, resume ----------------------------------------------------------------------------

def test_quit_saves_and_resume_restores_seat_opponent_options_and_language(runner, tmp_path):
    path = tmp_path / "g.json"
    result = run(runner, "play", GAME, "--seed", 9, "--seat", "1", "--opponent", "ismcts",
                 "--agent-option", "iterations=3", "--lang", "ja", "--save", path, input="$\n$\nq\n")
    assert result.exit_code == 0, result.output
    assert f"続きは：\n  tcg play --resume {path}" in result.output  # the save lines speak Japanese too
    record = record_of(path)
    assert record["meta"] == {"client": "tcg play", "human": 1, "opponent": "ismcts",
                              "agent_options": {"iterations": 3}, "lang": "ja"}
    assert len(mine(record, 1)) == 2 and all(a["by"] == "computer" for a in record["actions"] if a["player"] == 0)
    result = run(runner, "play", "--resume", path, input="q\n")
    assert result.exit_code == 0, result.output
    assert "あなたは P1" in result.output and "コンピュータ（ISMCTS 探索" in result.output  # resumed in Japanese
    assert "最近の出来事" in result.output  # the resumed game keeps --lang ja
    assert "マリガン" in result.output or "ターン" in result.output  # still Japanese
    assert record_of(path)["actions"] == record["actions"]


def test_resume_may_change_the_opponent_and_language_and_says_so(runner, tmp_path):
    path = tmp_path / "g.json"
    assert run(runner, "play", GAME, "--seed", SEED, "--save", path, input="q\n").exit_code == 0
    result = run(runner, "play", "--resume", path, "--opponent", "random", "--lang", "ja", input="q\n")
    assert result.exit_code == 0, result.output
    assert "The computer player is now random (the saved game had heuristic)" in result.output
    assert "Language: ja (the saved game had en)" in result.output
    assert record_of(path)["meta"]["opponent"] == "random" and record_of(path)["meta"]["lang"] == "ja"


@pytest.mark.parametrize("args, words", [
    (["--seed", "5"], "--seed 5 does not match the saved game (seed 4)"),
    (["--seat", "1"], "--seat 1 does not match the saved game"),
    (["zx"], "holds a shironeko game, not zx"),
    (["--opponent-deck", "__first__"], "--opponent-deck"),
    (["--agent-option", "nonsense=1"], "nonsense"),
])
def test_resume_refuses_options_that_contradict_the_record(runner, tmp_path, args, words):
    path = tmp_path / "g.json"
    assert run(runner, "play", GAME, "--seed", SEED, "--save", path, input="q\n").exit_code == 0
    saved = path.read_bytes()
    args = [tcg.list_decks(GAME)[0] if a == "__first__" else a for a in args]
    if args[0] == "zx":
        result = run(runner, "play", "zx", "--resume", path, input="q\n")
    else:
        result = run(runner, "play", "--resume", path, *args, input="q\n")
    assert result.exit_code == 1
    assert words in one_error_line(result)
    assert path.read_bytes() == saved


def test_resume_of_a_finished_game_says_so(runner, tmp_path):
    path = tmp_path / "done.json"
    assert run(runner, "play", GAME, "--seed", SEED, "--save", path, input="c\ny\n").exit_code == 0
    saved = path.read_bytes()
    result = run(runner, "play", "--resume", path, input="q\n")
    assert result.exit_code == 1
    line = one_error_line(result)
    assert "is a finished game" in line and "P1 won (concede)" in line and "tcg replay" in line
    assert path.read_bytes() == saved


@pytest.mark.parametrize("content", ["", "{not json", '{"game": "shironeko"}', '["a list"]'])
def test_resume_of_a_bad_file_is_one_line(runner, tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = run(runner, "play", "--resume", path, input="q\n")
    assert result.exit_code == 1
    one_error_line(result)
    assert path.read_text(encoding="utf-8") == content


def test_play_without_game_or_resume_is_a_usage_error(runner):
    result = run(runner, "play", input="q\n")
    assert result.exit_code == 2 and "--resume" in one_error_line(result)


# --- never overwritten -----------------------------------------------------------------------

def test_the_same_seed_twice_does_not_overwrite_the_first_record(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(runner, "play", GAME, "--seed", 21, input="$\nq\n").exit_code == 0
    first = (tmp_path / f"tcg-{GAME}-21.json").read_bytes()
    result = run(runner, "play", GAME, "--seed", 21, input="q\n")
    assert result.exit_code == 0
    assert f"tcg-{GAME}-21-2.json" in result.output
    assert (tmp_path / f"tcg-{GAME}-21.json").read_bytes() == first
    assert record_of(tmp_path / f"tcg-{GAME}-21-2.json")["actions"] == []
    assert run(runner, "play", GAME, "--seed", 21, input="q\n").exit_code == 0
    assert (tmp_path / f"tcg-{GAME}-21-3.json").is_file()


def test_save_refuses_to_write_over_the_deck_file_in_use(runner, tmp_path):
    source = tcg.load_deck(GAME, tcg.list_decks(GAME)[0]).source
    deck = tmp_path / "my_deck.toml"
    shutil.copy(source, deck)
    before = deck.read_bytes()
    result = run(runner, "play", GAME, "--deck", deck, "--save", deck, input="q\n")
    assert result.exit_code == 1
    line = one_error_line(result)
    assert "exists and is not a game record" in line and "never writes over" in line
    assert deck.read_bytes() == before
    assert "Your options" not in result.output


def test_a_new_game_never_writes_over_a_saved_game(runner, tmp_path):
    path = tmp_path / "g.json"
    assert run(runner, "play", GAME, "--seed", SEED, "--save", path, input="$\nq\n").exit_code == 0
    saved = path.read_bytes()
    result = run(runner, "play", GAME, "--seed", SEED, "--save", path, input="q\n")
    assert result.exit_code == 1
    assert f"tcg play --resume {path}" in one_error_line(result)
    assert path.read_bytes() == saved


def test_resume_saves_to_another_file_only_when_nothing_is_lost(runner, tmp_path):
    path, copy, other = tmp_path / "g.json", tmp_path / "copy.json", tmp_path / "other.json"
    assert run(runner, "play", GAME, "--seed", SEED, "--save", path, input="$\nq\n").exit_code == 0
    assert run(runner, "play", GAME, "--seed", SEED + 1, "--save", other, input="q\n").exit_code == 0
    shutil.copy(path, copy)
    # a fresh file: fine, the original stays as it was
    fresh = tmp_path / "fresh.json"
    saved = path.read_bytes()
    assert run(runner, "play", "--resume", path, "--save", fresh, input="$\nq\n").exit_code == 0
    assert path.read_bytes() == saved and len(mine(record_of(fresh))) == 2
    # a record of another game: refused
    result = run(runner, "play", "--resume", path, "--save", other, input="q\n")
    assert result.exit_code == 1 and "holds another game" in one_error_line(result)
    # the game resumed from the longer record may be saved over its earlier copy (nothing lost)...
    assert run(runner, "play", "--resume", fresh, "--save", copy, input="q\n").exit_code == 0
    assert record_of(copy)["actions"] == record_of(fresh)["actions"]
    # ... but not the other way round: that would lose the longer record's last action
    result = run(runner, "play", "--resume", path, "--save", fresh, input="q\n")
    assert result.exit_code == 1 and "played on differently" in one_error_line(result)


# --- undo ------------------------------------------------------------------------------------

def test_undo_in_the_terminal(runner, tmp_path):
    path = tmp_path / "u.json"
    # mark a mulligan card, take it back, mark it again, finish (the computer then plays)
    result = run(runner, "play", GAME, "--seed", SEED, "--save", path, input="u\n1\nu\n1\n$\nu\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Cannot undo: nothing has been played yet." in out
    assert out.count("Took back: ") == 1
    assert "Cannot undo: the computer has played since your last action" in out
    record = record_of(path)
    assert [a["action"]["type"] for a in mine(record)][:2] == ["mulligan_mark", "mulligan_done"]
    assert len([a for a in mine(record) if a["action"]["type"] == "mulligan_mark"]) == 1


def test_undo_is_refused_with_the_engines_reason_after_a_random_draw_or_a_reveal():
    """A human action after which the human decides again but which drew, shuffled or showed a
    hidden card cannot be taken back; take_back says why (the engine's reason)."""
    reasons = set()
    for game_id in tcg.list_games():
        for seed in range(1, 6):
            game = tcg.new_game(game_id, tcg.list_decks(game_id)[:2], seed=seed)
            bots = [make_agent("random", seed=seed), make_agent("random", seed=seed + 50)]
            for _ in range(400):
                if game.is_over:
                    break
                view = AgentView(game, game.legal_actions())
                game.apply(bots[view.player].act(view), by="player" if view.player == 0 else "computer")
                if not game.is_over and game.actions[-1]["player"] == 0 and game.decision.player == 0 \
                        and not game.can_undo:
                    n = len(game.actions)
                    done, why = take_back(game, 0)
                    assert not done and len(game.actions) == n
                    reasons.add(why)
            if reasons:
                break
        if reasons:
            break
    assert reasons and all("computer" not in r for r in reasons), reasons
    assert reasons <= {"it drew or shuffled at random", "it showed a card that was hidden"}, reasons


def test_help_names_undo_and_resume(runner, tmp_path):
    result = run(runner, "play", GAME, "--seed", SEED, "--save", tmp_path / "h.json", input="h\nq\n")
    assert "u, undo" in result.output and "tcg play --resume" in result.output
    assert "saved after every action" in result.output
    help_text = run(runner, "play", "--help").output
    assert "--resume" in help_text and "undo" in help_text


# --- no tracebacks ---------------------------------------------------------------------------

def test_an_unexpected_exception_is_one_line_and_a_report(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    def broken() -> None:
        raise RuntimeError("something the code did not expect\nsecond line")

    with pytest.raises(typer.Exit) as exit_info:
        cli._guard(broken)()
    assert exit_info.value.exit_code == cli.INTERNAL_ERROR_EXIT
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    assert lines[0].startswith("internal error: RuntimeError: something the code did not expect; second line "
                               "(full report written to ")
    report = lines[0].rsplit("(full report written to ", 1)[1].rstrip(")")
    assert report.startswith(str(tmp_path / "cache" / "tcg"))
    text = open(report, encoding="utf-8").read()
    assert "Traceback" in text and "in broken" in text and "RuntimeError" in text


def test_an_unexpected_exception_in_a_command_is_one_line(runner, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    def broken_rules(game):
        raise KeyError("no such thing")

    monkeypatch.setattr(cli, "_rules", broken_rules)
    result = run(runner, "catalog", GAME)
    assert result.exit_code == cli.INTERNAL_ERROR_EXIT
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("internal error: KeyError: 'no such thing' (full report")
    assert "Traceback" not in result.output
    assert len(list((tmp_path / "cache" / "tcg").iterdir())) == 1


def test_a_bug_during_play_keeps_the_game(runner, tmp_path, monkeypatch):
    import tcg.agents

    class Broken:
        def act(self, view):
            raise RuntimeError("the computer player broke")

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(tcg.agents, "make_agent", lambda name, seed=0, **options: Broken())
    path = tmp_path / "g.json"
    result = run(runner, "play", GAME, "--seed", SEED, "--save", path, input="1\n$\n")
    assert result.exit_code == cli.INTERNAL_ERROR_EXIT
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("internal error: RuntimeError: the computer player broke")
    assert "Traceback" not in result.output
    assert f"Game saved to {path}" in result.stdout
    assert [a["action"]["type"] for a in mine(record_of(path))] == ["mulligan_mark", "mulligan_done"]


def test_expected_errors_stay_one_error_line(runner):
    result = run(runner, "play", "no-such-game", input="q\n")
    assert result.exit_code == 1 and "unknown game" in one_error_line(result)
