"""Golden transcripts: every text a seat reads in one whole game per game and language, recorded at
main 21fc82f (the commit before the words were split by concern, issue 32) so that the
presentation's rewrite can show that nothing a player reads changed.

A game is played once by two seeded heuristic players over two fixed, old sample decks (named
here, not the defaults: sample decks are added over time); its actions are stored with the
transcript, and the transcript is made by replaying those actions through each front end:

* ``term``: the terminal (``tcg.ui.terminal.play_session``) with a person at each seat in turn,
  on a console of fixed size without colour: one record per decision, the text printed since
  the person's last answer and the prompt (the answers are the stored actions, chosen through
  the menu levels as a person would); the last record is the end of the game;
* ``web``: the messages of a ``tcg.web.room.Room`` (driven without a server, both seats human)
  to each seat and to a spectator after every change, flattened to ``path = value`` lines of
  what changed since that viewer's previous message (new log steps only, as a page keeps them);
  ``why``: the "why is nothing offered" lines of the seat to decide (the terminal's ``?``, the
  web's button);
* ``replay``: ``tcg replay --auto`` of the whole game from a spectator's side (the log and
  narration lines of every step, with the board).

Run from the repository root to make the files again (only at a commit whose texts are known
right): ``PYTHONPATH=src python tests/text/data/make_golden.py`` writes
``tests/text/data/golden/<game>-<lang>.jsonl.gz``: a first line with the game's set-up and
actions, then one line per record ``{"ch", "seat", "step", "text"}``. The test
(tests/text/test_golden_transcripts.py) makes the records again with ``transcript`` and compares.
"""
from __future__ import annotations

import gzip
import io
import json
import os
import pathlib
import sys
from typing import Any, Iterator

from rich.console import Console

import tcg
from tcg.agents import make_agent
from tcg.agents.base import AgentView
from tcg.engine.action import Action

HERE = pathlib.Path(__file__).parent / "golden"
#: the two old sample decks of each game (fixed: new sample decks come in parallel)
GAMES: dict[str, tuple[str, str]] = {
    "shironeko": ("red_rush", "blue_control"),
    "turutoru": ("rush", "control"),
    "kemuri": ("early_shift", "late_shift"),
    "zx": ("azure_tide", "crimson_vanguard"),
}
LANGS = ("ja", "en")
SEED = 7
#: the terminal's size (the board is shortened to fit its height)
WIDTH, HEIGHT = 100, 48
VIEWERS: tuple[int | None, ...] = (0, 1, None)
#: the room id every web message names (a real room's is random)
ROOM_ID = "golden"


def path(game_id: str, lang: str) -> pathlib.Path:
    return HERE / f"{game_id}-{lang}.jsonl.gz"


# --- the game ---------------------------------------------------------------------------------------
def play(game_id: str) -> dict[str, Any]:
    """A whole game of two seeded heuristic players (a forced choice taken as the front ends take
    it): its record (set-up and actions)."""
    game = tcg.new_game(game_id, list(GAMES[game_id]), seed=SEED)
    agents = [make_agent("heuristic", seed=SEED + p) for p in range(game.rules.players)]
    while not game.is_over:
        legal = game.legal_actions()
        action = legal[0] if len(legal) == 1 else agents[game.decision.player].act(AgentView(game, legal))
        game.apply(action)
    return game.record()


def fresh(record: dict[str, Any]) -> "tcg.Game":
    """The game of ``record`` before its first action."""
    return tcg.replay(record, upto=0)


def next_action(game: "tcg.Game", record: dict[str, Any]) -> Action:
    """The stored action that comes next in ``game`` (checked: the replay must follow the record)."""
    entry = record["actions"][len(game.actions)]
    assert game.decision is not None and entry["player"] == game.decision.player, \
        f"the replay left the record at action {len(game.actions)}"
    return Action.from_dict(entry["action"])


# --- the terminal --------------------------------------------------------------------------------
class _Script:
    """The computer player of the terminal: the stored actions."""

    def __init__(self, game: "tcg.Game", record: dict[str, Any]) -> None:
        self.game, self.record = game, record

    def act(self, view: AgentView) -> Action:
        return next_action(self.game, self.record)


def _answer(paths: list, target: Action, prefix: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    """The number a person types at menu level ``prefix`` to reach ``target`` (the menu's groups
    in the order first met, as the terminal lists them), and the next level (() once chosen)."""
    mine = next(p for p, a in paths if a == target)
    groups: dict[str, set] = {}
    for p, _a in paths:
        if p[:len(prefix)] == prefix and len(p) > len(prefix):
            groups.setdefault(p[len(prefix)], set()).add(p)
    label = mine[len(prefix)]
    deeper = prefix + (label,) if len(groups[label]) > 1 else ()
    return list(groups).index(label) + 1, deeper


def terminal(record: dict[str, Any], seat: int, lang: str) -> Iterator[dict[str, Any]]:
    """The screens of the terminal's player at ``seat``: one per decision, then the end."""
    from tcg.present import menu_paths
    from tcg.ui import get_renderer
    from tcg.ui.terminal import play_session

    game = fresh(record)
    renderer = get_renderer(game.game_id, game, lang, viewer=seat)
    out: list[dict[str, Any]] = []
    with open(os.devnull, "w") as sink:
        console = Console(width=WIDTH, height=HEIGHT, record=True, file=sink, no_color=True,
                          force_terminal=False, legacy_windows=False)
        level: dict[str, Any] = {"prefix": ()}

        def read(prompt: str) -> str:
            out.append({"ch": "term", "seat": seat, "step": len(game.actions),
                        "text": console.export_text(clear=True) + prompt})
            if len(game.actions) >= len(record["actions"]):
                return "q"
            paths = menu_paths(game, renderer, seat, lang)
            number, level["prefix"] = _answer(paths, next_action(game, record), level["prefix"])
            return str(number)
        play_session(game, seat, _Script(game, record), console=console, lang=lang, read=read, renderer=renderer)
        out.append({"ch": "term", "seat": seat, "step": len(game.actions), "text": console.export_text(clear=True)})
    return iter(out)


def replay(record: dict[str, Any], lang: str) -> Iterator[dict[str, Any]]:
    """``tcg replay --auto`` of the whole game from a spectator's side."""
    from tcg.ui.terminal import replay_session

    with open(os.devnull, "w") as sink:
        console = Console(width=WIDTH, height=HEIGHT, record=True, file=sink, no_color=True)
        replay_session(record, console=console, viewer=None, auto=True, lang=lang)
        yield {"ch": "replay", "seat": None, "step": len(record["actions"]), "text": console.export_text()}


# --- the web ---------------------------------------------------------------------------------------
class _Store:
    """Just what a ``Room`` asks of its store, in memory (no database, no ids that vary)."""

    shared = False

    def __init__(self) -> None:
        self.version = 0

    def cards_of(self, setup: Any) -> None:
        return None

    def prepared(self, gid: str, seat: int) -> list:
        return []

    def set_prepared(self, gid: str, seat: int, actions: list) -> None:
        pass

    def append(self, gid: str, index: int, entry: Any, result: Any, to_move: Any) -> int:
        self.version += 1
        return self.version


def flat(value: Any, at: str = "") -> Iterator[tuple[str, str]]:
    """``(path, JSON of a leaf)`` of every leaf of a message (an empty dict or list is a leaf); a
    list of items with distinct ids is keyed by them, with a ``#ids`` line for their order."""
    if isinstance(value, dict) and value:
        for k, v in value.items():
            yield from flat(v, f"{at}.{k}" if at else str(k))
    elif isinstance(value, list) and value:
        ids = [v.get("id") if isinstance(v, dict) else None for v in value]
        if None not in ids and len(set(map(str, ids))) == len(ids):
            # items named by id (areas, cards): a card moving along a row changes one line, not all
            yield f"{at}#ids", json.dumps(ids, ensure_ascii=False)
            for key, v in zip(ids, value):
                yield from flat(v, f"{at}[{key}]")
            return
        for i, v in enumerate(value):
            yield from flat(v, f"{at}[{i}]")
    else:
        yield at, json.dumps(value, ensure_ascii=False, sort_keys=True)


def web(record: dict[str, Any], lang: str) -> Iterator[dict[str, Any]]:
    """The messages of a room to each seat and a spectator after every change, as changed lines."""
    from tcg.web.room import Room
    from tcg.web.store import StoredGame

    setup = {k: v for k, v in record.items() if k not in ("actions", "result")}
    seats = [{"kind": "human", "taken": True} for _ in range(2)]
    room = Room(StoredGame(id=ROOM_ID, game=record["game"], setup=setup, options={}, version=0, seats=seats),
                _Store())
    room.preview_seed = SEED  # a real room's is secret and random
    before: dict[int | None, dict[str, str]] = {v: {} for v in VIEWERS}
    last_n: dict[int | None, int] = {v: 0 for v in VIEWERS}
    while True:
        step = len(room.game.actions)
        for viewer in VIEWERS:
            msg = dict(room.voice(viewer, lang).message())
            log = [s for s in msg.pop("log") if s["n"] > last_n[viewer]]
            if log:
                last_n[viewer] = log[-1]["n"]
            now = dict(flat(msg))
            lines = [f"{k} = {v}" for k, v in now.items() if before[viewer].get(k) != v]
            lines += [f"{k} ×" for k in before[viewer] if k not in now]
            lines += [f"log = {json.dumps(s, ensure_ascii=False, sort_keys=True)}" for s in log]
            before[viewer] = now
            yield {"ch": "web", "seat": viewer, "step": step, "text": "\n".join(lines)}
        g = room.game
        if g.is_over:
            return
        seat = g.decision.player
        yield {"ch": "why", "seat": seat, "step": step, "text": "\n".join(room.why_not(seat, lang))}
        room.act(seat, next_action(g, record), by="player")


# --- all of it ----------------------------------------------------------------------------------------
def transcript(record: dict[str, Any], lang: str) -> Iterator[dict[str, Any]]:
    """Every record of a game's transcript in ``lang``, in a fixed order."""
    for seat in range(fresh(record).rules.players):
        yield from terminal(record, seat, lang)
    yield from web(record, lang)
    yield from replay(record, lang)


def save(game_id: str, lang: str, record: dict[str, Any]) -> pathlib.Path:
    HERE.mkdir(parents=True, exist_ok=True)
    buf = io.StringIO()
    buf.write(json.dumps({"game": game_id, "lang": lang, "record": record}, ensure_ascii=False) + "\n")
    for rec in transcript(record, lang):
        buf.write(json.dumps(rec, ensure_ascii=False) + "\n")
    target = path(game_id, lang)
    # mtime=0: the same transcript gives the same bytes
    with open(target, "wb") as f, gzip.GzipFile(fileobj=f, mode="wb", mtime=0, compresslevel=9) as z:
        z.write(buf.getvalue().encode("utf-8"))
    return target


def load(game_id: str, lang: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The stored record of a game and its transcript's records."""
    with gzip.open(path(game_id, lang), "rt", encoding="utf-8") as f:
        head = json.loads(f.readline())
        return head["record"], [json.loads(line) for line in f]


def main(argv: list[str]) -> None:
    for game_id in argv or list(GAMES):
        record = play(game_id)
        for lang in LANGS:
            target = save(game_id, lang, record)
            print(f"{target}: {target.stat().st_size} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
