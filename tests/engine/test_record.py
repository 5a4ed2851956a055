"""Records: JSON data from which ``replay_record`` rebuilds an identical game."""
from __future__ import annotations

import copy
import json
import random
import re

import pytest

import tcg
import tcg.games
from tcg.engine.action import Action
from tcg.engine.deck import Deck
from tcg.engine.game import RECORD_FORMAT, replay_record

import tinygame
from tinygame import RULES, HighCardRules, make_deck, new_game, random_playout


def snapshot(game):
    return json.dumps({
        "views": [game.observe(0), game.observe(1), game.observe(None)],
        "log": list(game.log),
        "logs": [game.log.for_player(0), game.log.for_player(1), game.log.for_spectator()],
        "record": game.record(),
        "decision": game.decision.to_dict() if game.decision else None,
        "legal": [a.to_dict() for a in game.legal_actions()],
        "rng": game.state.rng.state,
    }, sort_keys=True)


def played(seed: int = 13, choice_seed: int = 2):
    g = new_game(seed=seed)
    rnd = random.Random(choice_seed)
    random_playout(g, rnd.choice)
    return g


def via_json(record):
    return json.loads(json.dumps(record))


@pytest.fixture
def registered(monkeypatch):
    """Make the tiny game known to the public API (``tcg.replay``) for one test."""
    monkeypatch.setitem(tcg.games._loaded, tinygame.GAME_ID, RULES)
    return RULES


# --- the record -------------------------------------------------------------------------
def test_record_is_json_data_describing_the_game():
    g = played()
    rec = g.record()
    assert json.loads(json.dumps(rec)) == rec  # plain JSON data, nothing lost
    assert rec["format"] == RECORD_FORMAT
    assert rec["game"] == "highcard"
    assert rec["card_set"] == {"name": "High Card test set", "version": "test-1"}
    assert rec["decks"] == [d.to_dict() for d in g.decks]
    assert rec["decks"][0]["sections"] == {"main": list(g.decks[0].section("main"))}  # exact order
    assert rec["seed"] == 13
    assert rec["result"] == g.result and rec["result"] is not None
    assert [(a["player"], a["action"]["type"] in ("keep", "redraw"), len(a["action"]))
            for a in rec["actions"][:2]] == [(0, True, 1), (1, True, 1)]
    assert all(set(a) == {"player", "action", "by"} for a in rec["actions"])
    assert all(set(a["action"]) <= {"type", "card"} for a in rec["actions"])
    assert all(Action.from_dict(a["action"]).to_dict() == a["action"] for a in rec["actions"])
    assert len(rec["actions"]) == len(g.actions)


def test_actions_property_returns_copies(game):
    game.apply(Action("keep"))
    game.actions[0]["player"] = 1
    game.actions[0]["action"] = {"type": "redraw"}
    game.actions.clear()
    assert game.actions == [{"player": 0, "action": {"type": "keep"}, "by": "player"}]


def test_actions_property_returns_deep_copies_of_the_action_objects(game):
    game.apply(Action("keep"))
    game.actions[0]["action"]["type"] = "redraw"
    game.record()["actions"][0]["action"]["card"] = 1
    assert game.actions == [{"player": 0, "action": {"type": "keep"}, "by": "player"}]


def test_an_unfinished_game_records_no_result(game):
    game.apply(Action("keep"))
    assert game.record()["result"] is None


# --- replay -----------------------------------------------------------------------------
@pytest.mark.parametrize("seed, choice_seed", [(13, 2), (0, 0), (2**64 - 1, 5), (123456789, 9)])
def test_replay_reproduces_observations_and_event_log(seed, choice_seed):
    g = played(seed, choice_seed)
    r = replay_record(RULES, via_json(g.record()), [make_deck(), make_deck()])
    assert snapshot(r) == snapshot(g)
    assert r.is_over and r.winner == g.winner and r.result == g.result


def test_replay_of_an_unfinished_game_can_continue_identically():
    g = new_game(seed=8)
    rnd = random.Random(1)
    for _ in range(6):
        g.apply(rnd.choice(g.legal_actions()))
    r = replay_record(RULES, via_json(g.record()), g.decks)
    assert snapshot(r) == snapshot(g)
    rnd_a, rnd_b = random.Random(4), random.Random(4)
    random_playout(g, rnd_a.choice)
    random_playout(r, rnd_b.choice)
    assert snapshot(r) == snapshot(g)


def test_replay_upto_stops_after_that_many_actions():
    g = new_game(seed=31)
    rnd = random.Random(3)
    snaps = [snapshot(g)]
    while not g.is_over:
        g.apply(rnd.choice(g.legal_actions()))
        snaps.append(snapshot(g))
    rec = via_json(g.record())
    for k in range(len(snaps)):
        assert snapshot(replay_record(RULES, rec, g.decks, upto=k)) == snaps[k]


@pytest.mark.parametrize("how", ["method", "apply"])
def test_concede_is_recorded_and_replayed(how):
    g = new_game(seed=2)
    g.apply(Action("keep"))
    g.apply(Action("keep"))
    g.apply(g.legal_actions()[0])
    if how == "method":
        g.concede(0)          # not the deciding player
    else:
        g.apply({"type": "concede"})
    loser = 0 if how == "method" else 1
    assert g.record()["actions"][-1] == {"player": loser, "action": {"type": "concede"}, "by": "player"}
    assert g.record()["result"] == {"winner": 1 - loser, "draw": False, "reason": "concede"}
    r = replay_record(RULES, via_json(g.record()), g.decks)
    assert snapshot(r) == snapshot(g)
    assert r.winner == 1 - loser


def test_public_replay_from_record_text_and_file(registered, tmp_path):
    g = played(seed=77)
    for source in (g.record(), json.dumps(g.record())):
        assert snapshot(tcg.replay(source)) == snapshot(g)
    path = tmp_path / "game.json"
    g.save(str(path))
    assert snapshot(tcg.replay(str(path))) == snapshot(g)
    assert snapshot(tcg.replay(path)) == snapshot(g)
    assert snapshot(tcg.replay(g.record(), upto=3)) == snapshot(replay_record(RULES, g.record(), g.decks, 3))


@pytest.mark.parametrize("bad, match", [
    ("{not json", "not valid JSON"),
    ([1, 2], "JSON object"),
    ("/no/such/record.json", "cannot read record file"),
])
def test_public_replay_of_unreadable_records(registered, bad, match):
    with pytest.raises(tcg.RecordError, match=match):
        tcg.replay(bad)


@pytest.mark.parametrize("decks", [None, [], [{"game": "highcard", "sections": {}}],
                                   [{"name": "x"}, {"name": "y"}]])
def test_public_replay_rejects_bad_deck_lists(registered, decks):
    rec = played().record()
    rec["decks"] = decks
    with pytest.raises(tcg.RecordError, match="deck"):
        tcg.replay(rec)


# --- corrupted records ------------------------------------------------------------------
def corrupt(edit):
    rec = via_json(played().record())
    edit(rec)
    return rec


def first_play_index(rec):
    return next(i for i, a in enumerate(rec["actions"]) if a["action"]["type"] == "play")


def set_action(i_of, **changes):
    """Change the action object (the ``"action"`` mapping) of one recorded entry."""
    def edit(rec):
        rec["actions"][i_of(rec)]["action"].update(changes)
    return edit


def set_entry(i_of, **changes):
    """Change the recorded entry itself (``player``, ``action``)."""
    def edit(rec):
        rec["actions"][i_of(rec)].update(changes)
    return edit


CORRUPTIONS = [
    pytest.param(set_action(first_play_index, card=999), r"action #\d+ cannot be replayed: illegal action",
                 id="card-not-in-hand"),
    pytest.param(set_action(lambda r: 0, type="fold"), r"action #0 cannot be replayed.*fold", id="unknown-type"),
    pytest.param(set_entry(lambda r: 1, player=0), r"action #1 is by player 0, but the decision is player 1's",
                 id="wrong-player"),
    pytest.param(set_action(lambda r: 0, type=None), r"action #0 has no 'action' object with a text 'type'", id="no-type"),
    pytest.param(lambda r: r["actions"].insert(0, ["keep"]), r"action #0 is not an object", id="not-a-table"),
    pytest.param(lambda r: r["actions"].append({"player": 0, "action": {"type": "pass"}}),
                 r"action #\d+ comes after the game ended", id="action-after-end"),
    pytest.param(lambda r: r["actions"].insert(1, {"player": 7, "action": {"type": "concede"}}),
                 r"action #1: 'player' must be 0..1, got 7", id="concede-bad-player"),
    pytest.param(lambda r: r["actions"].insert(0, {"action": {"type": "concede"}}),
                 r"action #0 is a concession without a 'player'", id="concede-no-player"),
    pytest.param(lambda r: r["actions"].insert(0, {"player": 0, "type": "keep"}),
                 r"record action #0 has no 'action' object", id="old-flat-entry"),
    pytest.param(set_entry(lambda r: 2, action="play"), r"record action #2 has no 'action' object",
                 id="action-not-a-table"),
    pytest.param(lambda r: r["actions"][0].pop("action"), r"record action #0 has no 'action' object",
                 id="action-missing"),
    pytest.param(lambda r: r.__setitem__("format", "tcg-record/9"),
                 r"record format 'tcg-record/9' is not one this engine reads", id="wrong-format"),
    pytest.param(lambda r: r.__setitem__("actions", {"0": "keep"}), "'actions' must be a list", id="actions-not-list"),
    pytest.param(lambda r: r["card_set"].__setitem__("version", "test-0"),
                 "card set version 'test-0', this engine has 'test-1'", id="wrong-version"),
    pytest.param(lambda r: r.pop("seed"), "'seed' must be an integer", id="no-seed"),
    pytest.param(lambda r: r.__setitem__("seed", "13"), "'seed' must be an integer", id="seed-text"),
    pytest.param(lambda r: r.__setitem__("seed", 13.0), "'seed' must be an integer", id="seed-float"),
    pytest.param(lambda r: r.__setitem__("seed", None), "'seed' must be an integer", id="seed-null"),
]


@pytest.mark.parametrize("edit, match", CORRUPTIONS)
def test_corrupted_record_raises_record_error(edit, match):
    rec = corrupt(edit)
    with pytest.raises(tcg.RecordError, match=match):
        replay_record(RULES, rec, [make_deck(), make_deck()])


@pytest.mark.parametrize("edit, match", CORRUPTIONS[:13])
def test_corrupted_record_raises_record_error_through_public_replay(registered, edit, match):
    with pytest.raises(tcg.RecordError, match=match):
        tcg.replay(corrupt(edit))


@pytest.mark.parametrize("game_id", ["shironeko", "HighCard", "", None])
def test_record_for_another_game_raises_record_error(game_id):
    rec = corrupt(lambda r: r.__setitem__("game", game_id))
    with pytest.raises(tcg.RecordError, match=f"record is for game {game_id!r}, not 'highcard'"):
        replay_record(RULES, rec, [make_deck(), make_deck()])


def test_record_without_game_raises_record_error():
    rec = corrupt(lambda r: r.pop("game"))
    with pytest.raises(tcg.RecordError, match="record is for game None, not 'highcard'"):
        replay_record(RULES, rec, [make_deck(), make_deck()])


@pytest.mark.parametrize("fmt", ["tcg-record/0", "tcg-record/3", "", None, 1])
def test_record_of_another_format_raises_record_error(fmt):
    rec = corrupt(lambda r: r.__setitem__("format", fmt))
    with pytest.raises(tcg.RecordError, match=f"record format {re.escape(repr(fmt))} is not one this engine reads"):
        replay_record(RULES, rec, [make_deck(), make_deck()])


def test_record_without_format_is_read_as_the_current_format():
    g = played()
    rec = via_json(g.record())
    del rec["format"]
    assert snapshot(replay_record(RULES, rec, g.decks)) == snapshot(g)


def test_a_record_without_card_set_or_actions_is_still_replayable():
    rec = corrupt(lambda r: (r.pop("card_set"), r.pop("actions"), r.pop("result")))
    g = replay_record(RULES, rec, [make_deck(), make_deck()])
    assert snapshot(g) == snapshot(new_game(seed=13))


@pytest.mark.parametrize("card_set", [None, "test-1", ["test-1"]])
def test_card_set_that_is_not_a_table_raises_record_error(card_set):
    rec = corrupt(lambda r: r.__setitem__("card_set", card_set))
    with pytest.raises(tcg.RecordError):
        replay_record(RULES, rec, [make_deck(), make_deck()])


def test_boolean_seed_raises_record_error():
    rec = via_json(new_game(seed=1).record())
    rec["seed"] = True
    with pytest.raises(tcg.RecordError, match="seed"):
        replay_record(RULES, rec, [make_deck(), make_deck()])


# --- engine bugs found through records --------------------------------------------------
class TargetedPassRules(HighCardRules):
    """High Card where passing names the player who decides next: ``Action("pass", player=q)``.
    A parameter called ``player`` is natural in card games (choose a player to draw, to discard...)."""

    def legal_actions(self, state):
        return [Action("pass", player=1 - state.decision.player) if a.type == "pass" else a
                for a in super().legal_actions(state)]

    def apply(self, state, action):
        super().apply(state, Action("pass") if action.type == "pass" else action)


def test_action_with_a_player_parameter_is_recorded_faithfully():
    rules = TargetedPassRules()
    g = tcg.Game(rules, [make_deck(), make_deck()], 5)
    g.apply(Action("keep"))
    g.apply(Action("keep"))
    g.apply(Action("pass", player=1))
    r = replay_record(rules, via_json(g.record()), g.decks)
    assert snapshot(r) == snapshot(g)


def test_record_keeps_the_deck_order_it_was_played_with(registered):
    mixed = Deck("highcard", "mixed", {"main": ("N1", "N9", "N1", "N9", "N2", "N8", "N2", "N8", "N5")})
    g = tcg.Game(RULES, [mixed, mixed], 3)
    random_playout(g, random.Random(0).choice)
    rec = via_json(g.record())
    rebuilt = [Deck.from_dict(d) for d in rec["decks"]]
    replayed = tcg.replay(rec)   # raises RecordError or gives another game
    assert snapshot(replayed) == snapshot(g)
    assert [d.sections for d in rebuilt] == [d.sections for d in g.decks]


def test_grouped_deck_order_survives_the_record(registered):
    # Sections grouped by card id (the old record format's only exact case) still replay exactly.
    deck = make_deck([1, 1, 2, 3, 3, 3, 9])
    g = tcg.Game(RULES, [deck, make_deck()], 3)
    random_playout(g, random.Random(1).choice)
    assert snapshot(tcg.replay(copy.deepcopy(g.record()))) == snapshot(g)


def test_replay_reports_a_result_that_differs_from_the_record():
    rec = corrupt(lambda r: r.__setitem__("result", {"winner": 1, "draw": False, "reason": "forged"}))
    with pytest.raises(tcg.RecordError, match="replay ends differently from the record.*forged.*'score'"):
        replay_record(RULES, rec, [make_deck(), make_deck()])
    g = replay_record(RULES, rec, [make_deck(), make_deck()], upto=len(rec["actions"]))  # stepping: no check
    assert g.result == played().result and g.result["reason"] == "score"


def test_replay_reports_a_record_cut_short():
    rec = corrupt(lambda r: r["actions"].pop())
    with pytest.raises(tcg.RecordError, match="record is cut short"):
        replay_record(RULES, rec, [make_deck(), make_deck()])


def test_public_replay_of_an_unknown_game(registered):
    rec = played().record()
    rec["game"] = "no-such-game"
    with pytest.raises(tcg.RecordError, match="record 'game': unknown game 'no-such-game'"):
        tcg.replay(rec)
