"""Fuzzing the public API with what an untrusted client or a damaged file could send: mutated
game records (as data and as JSON text) and random actions. Only ``TcgError``s may come out,
and a refused action never changes the game."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import tcg

GAMES = tcg.list_games()
FUZZ = settings(max_examples=60, deadline=3000, suppress_health_check=[HealthCheck.too_slow])

_RECORDS: dict[str, dict] = {}


def played_record(game_id: str) -> dict:
    """A short finished game of ``game_id`` (random play, fixed seed), as its record."""
    if game_id not in _RECORDS:
        deck = tcg.list_decks(game_id)
        g = tcg.new_game(game_id, [deck[0], deck[-1]], seed=11)
        rng = random.Random(11)
        for _ in range(60):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        g.concede(0)
        _RECORDS[game_id] = g.record()
    return copy.deepcopy(_RECORDS[game_id])


JSON_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                        st.floats(allow_nan=False), st.text(max_size=8))
JSON_VALUES = st.recursive(JSON_LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)), max_leaves=12)


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


@st.composite
def mutated_records(draw):
    game_id = draw(st.sampled_from(GAMES))
    rec = played_record(game_id)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(rec) if p]
        path = draw(st.sampled_from(paths))
        parent = rec
        for k in path[:-1]:
            parent = parent[k]
        how = draw(st.sampled_from(["replace", "delete", "int", "duplicate"]))
        key = path[-1]
        if how == "delete":
            del parent[key]
        elif how == "int":
            parent[key] = draw(st.sampled_from([-1, 0, 1, 7, 10**9, 2**64, -(2**64), True, 0.5]))
        elif how == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        else:
            parent[key] = draw(JSON_VALUES)
    return rec


@FUZZ
@given(rec=mutated_records())
def test_mutated_records_give_a_game_or_a_record_error(rec):
    try:
        g = tcg.replay(rec)
    except tcg.TcgError as e:
        assert str(e) and "\n" not in str(e).strip()
        return
    json.dumps(g.record())  # what was accepted is a consistent game
    for p in (None, 0, 1):
        json.dumps(g.observe(p))


@FUZZ
@given(game_id=st.sampled_from(GAMES), data=st.data())
def test_mutated_record_text_gives_a_game_or_a_record_error(game_id, data):
    text = bytearray(json.dumps(played_record(game_id)).encode())
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text) - 1))
        text[i] = data.draw(st.sampled_from(b'{}[]",:0123456789-ae \\'))
    try:
        tcg.replay(text.decode("utf-8", "replace"))
    except tcg.TcgError:
        pass


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 100_000, "{" + '"x": 1,' * 10 + "}"])
def test_deep_or_broken_json_records_are_refused_quickly(text):
    with pytest.raises(tcg.RecordError):
        tcg.replay(text)


@pytest.mark.parametrize("upto", [-1, 10**6, "3", 2.0, True, [1]])
def test_replay_upto_must_be_an_action_count_in_range(upto):
    with pytest.raises(tcg.RecordError, match="upto must be an action count"):
        tcg.replay(played_record("shironeko"), upto=upto)


def test_a_record_whose_decks_break_the_rules_is_refused_before_any_action():
    rec = played_record("zx")
    main = rec["decks"][0]["sections"]["main"]
    rec["decks"][0]["sections"]["main"] = main[:5]
    with pytest.raises(tcg.RecordError, match=r"record deck #0 .* is not legal for zx"):
        tcg.replay(rec)


def test_a_kemuri_record_with_main_and_leader_swapped_is_refused():
    rec = played_record("kemuri")
    sections = rec["decks"][1]["sections"]
    leader_key = next(k for k in sections if k != "main")
    sections["main"], sections[leader_key] = sections[leader_key], sections["main"]
    with pytest.raises(tcg.RecordError, match=r"record deck #1 .* is not legal for kemuri"):
        tcg.replay(rec)


ACTION_TYPES = ["concede", "pass", "play", "attack", "mulligan_done", "mulligan_mark", "stack",
                "finish_program", "place", "serve", "swap", "end_turn", "pick", "x" * 200]


@st.composite
def random_actions(draw):
    kind = draw(st.sampled_from(["typed", "anything"]))
    if kind == "anything":
        return draw(JSON_VALUES)
    body = {"type": draw(st.sampled_from(ACTION_TYPES))}
    body.update(draw(st.dictionaries(st.sampled_from(["card", "seat", "target", "square", "program",
                                                      "cards", "attacker", "player"]),
                                     JSON_VALUES, max_size=3)))
    return body


@FUZZ
@given(game_id=st.sampled_from(GAMES), seed=st.integers(0, 1000), steps=st.integers(0, 40),
       actions=st.lists(random_actions(), min_size=1, max_size=6), seat=st.sampled_from([None, 0, 1]))
def test_random_actions_from_a_client_are_refused_cleanly(game_id, seed, steps, actions, seat):
    decks = tcg.list_decks(game_id)
    g = tcg.new_game(game_id, [decks[0], decks[-1]], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    for a in actions:
        before = json.dumps(g.record())
        try:
            g.describe(a)
        except tcg.TcgError:
            pass
        try:
            g.apply(a, player=seat)
        except tcg.TcgError as e:
            assert "\n" not in str(e)
            assert json.dumps(g.record()) == before  # a refused action changes nothing
