"""The structured event log and its per-player redaction."""
from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from tcg.engine.action import Action
from tcg.engine.events import EventLog, event_view
from tcg.engine.state import BaseState

from tinygame import random_playout


@pytest.fixture
def state():
    s = BaseState(1)
    s.emit("turn", {"player": 0})
    s.emit("draw", {"player": 1}, private={"card": 12, "name": "Cat"}, seen_by=(1,))
    s.emit("reveal", {"player": 0}, private={"cards": [3, 4]}, seen_by=(0, 1))
    s.emit("note")
    return s


def test_emit_stores_plain_tuples(state):
    assert state.events[0] == ("turn", {"player": 0}, None, ())
    assert state.events[1] == ("draw", {"player": 1}, {"card": 12, "name": "Cat"}, (1,))
    assert state.events[3] == ("note", {}, None, ())


def test_event_view_redacts_private_fields():
    e = ("draw", {"player": 1}, {"card": 12}, (1,))
    assert event_view(e, 1) == {"type": "draw", "player": 1, "card": 12}
    assert event_view(e, 0) == {"type": "draw", "player": 1}
    assert event_view(e, None) == {"type": "draw", "player": 1}
    assert event_view(e, "all") == {"type": "draw", "player": 1, "card": 12}


def test_event_log_views(state):
    log = EventLog(state.events)
    assert isinstance(log, Sequence) and len(log) == 4
    full = list(log)
    assert full[1] == {"type": "draw", "player": 1, "card": 12, "name": "Cat"}
    assert log[1] == full[1] and log[-1] == {"type": "note"}
    assert log[1:3] == full[1:3]
    assert log.for_player(0) == [{"type": "turn", "player": 0}, {"type": "draw", "player": 1},
                                 {"type": "reveal", "player": 0, "cards": [3, 4]}, {"type": "note"}]
    assert log.for_player(1)[1:3] == full[1:3]
    assert log.for_spectator() == [{"type": "turn", "player": 0}, {"type": "draw", "player": 1},
                                   {"type": "reveal", "player": 0}, {"type": "note"}]
    assert log.for_player(0, start=2) == log.for_player(0)[2:]
    assert log.for_spectator(start=3) == [{"type": "note"}]


def test_views_are_fresh_dicts(state):
    log = EventLog(state.events)
    log.for_player(1)[1]["card"] = 99
    list(log)[0]["player"] = 5
    assert state.events[1][2]["card"] == 12 and state.events[0][1]["player"] == 0


def test_end_emits_game_over_once_and_the_first_end_stands(state):
    state.decision = object()
    state.end(1, "damage")
    state.end(0, "other")
    assert (state.over, state.winner, state.end_reason, state.decision) == (True, 1, "damage", None)
    assert [e[0] for e in state.events].count("game_over") == 1
    assert state.events[-1] == ("game_over", {"winner": 1, "reason": "damage"}, None, ())


# --- in a game --------------------------------------------------------------------------
def test_draws_are_seen_only_by_the_drawer(game):
    game.apply(Action("keep"))
    game.apply(Action("keep"))
    log = game.log
    for p in (0, 1):
        view = log.for_player(p)
        own = [e["card"] for e in view if e["type"] == "draw" and e["player"] == p]
        assert own == [c["card"] for c in game.observe(p)["hand"]]
        other = [e for e in view if e["type"] == "draw" and e["player"] != p]
        assert len(other) == 3 and all(set(e) == {"type", "player"} for e in other)
    assert all(set(e) == {"type", "player"} for e in log.for_spectator() if e["type"] == "draw")
    draws = [e for e in log if e["type"] == "draw"]
    assert len(draws) == 6 and all("card" in e and "card_id" in e for e in draws)


def test_all_views_list_the_same_events_in_the_same_order(game):
    random_playout(game, lambda legal: legal[0])
    log = game.log
    types = [e["type"] for e in log]
    for view in (log.for_player(0), log.for_player(1), log.for_spectator()):
        assert [e["type"] for e in view] == types
    assert types[0] == "start" and types[-1] == "game_over"
    assert types.count("game_over") == 1
    json.dumps([list(log), log.for_player(0), log.for_player(1), log.for_spectator()])


def test_public_plays_are_seen_by_everyone(game):
    game.apply(Action("keep"))
    game.apply(Action("keep"))
    card = game.legal_actions()[0].card
    game.apply(Action("play", card=card))
    for view in (game.log.for_player(0), game.log.for_player(1), game.log.for_spectator()):
        plays = [e for e in view if e["type"] == "play"]
        assert len(plays) == 1 and plays[0]["card"] == card and plays[0]["player"] == 0


def test_the_log_of_a_clone_is_independent(game):
    n = len(game.log)
    c = game.clone()
    c.apply(Action("keep"))
    assert len(c.log) == n + 1 and len(game.log) == n
    old = game.log
    game.apply(Action("redraw"))
    assert len(old) == n + 1   # the log is a live view of the game's events
