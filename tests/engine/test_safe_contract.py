"""The contract as a server exposes it to strangers: who may act, who acted, undo, safety caps,
and API arguments of the wrong kind (every failure a ``TcgError`` with a one-line message)."""
from __future__ import annotations

import json

import pytest

import tcg
from tcg.engine.action import Action

from tinygame import RULES, new_game


def programming_game(seed: int = 3) -> tcg.Game:
    """A Turu-turu game at player 0's first programming decision (stacking reveals nothing)."""
    deck = tcg.list_decks("turutoru")[0]
    g = tcg.new_game("turutoru", [deck, deck], seed=seed)
    while not (g.decision.kind == "program" and g.decision.player == 0):
        g.apply(g.legal_actions()[-1])
    return g


def stack_actions(g: tcg.Game) -> list[Action]:
    return [a for a in g.legal_actions() if a.type == "stack"]


# --- who may act ----------------------------------------------------------------------------
def test_apply_with_the_deciding_player_is_accepted_and_another_seat_is_refused():
    g = new_game(seed=1)
    before = json.dumps(g.record())
    with pytest.raises(tcg.IllegalActionError, match="player 1 cannot act now: .*'keep' is player 0's"):
        g.apply({"type": "keep"}, player=1)
    assert json.dumps(g.record()) == before
    g.apply({"type": "keep"}, player=0)
    assert g.decision.player == 1


def _refused(seed: int, match: str, **bad) -> None:
    """``apply`` with a bad ``player``/``by`` argument is an ArgumentError and records nothing."""
    g = new_game(seed=seed)
    with pytest.raises(tcg.ArgumentError, match=match):
        g.apply({"type": "keep"}, **bad)
    assert g.actions == []


@pytest.mark.parametrize("player", [2, -1, True, "1", 1.0])
def test_apply_with_something_that_is_not_a_seat_is_an_argument_error(player):
    _refused(1, "player index 0..1", player=player)


def test_a_seat_may_concede_through_apply_even_when_it_is_not_deciding():
    g = new_game(seed=1)
    g.apply({"type": "concede"}, player=1)
    assert g.result == {"winner": 0, "draw": False, "reason": "concede"}
    assert g.actions == [{"player": 1, "action": {"type": "concede"}, "by": "player"}]


# --- who acted --------------------------------------------------------------------------------
def test_the_record_says_who_acted_for_each_seat_and_replay_keeps_it():
    g = new_game(seed=4)
    g.apply({"type": "keep"}, by="computer")
    g.apply({"type": "redraw"}, by="clock")
    g.concede(0, by="clock")
    rec = g.record()
    assert rec["format"] == "tcg-record/2"
    assert [a["by"] for a in rec["actions"]] == ["computer", "clock", "clock"]
    again = tcg.engine.game.replay_record(RULES, json.loads(json.dumps(rec)), g.decks)
    assert again.actions == g.actions


@pytest.mark.parametrize("by", ["robot", "", 1, ["computer"]])
def test_an_unknown_actor_is_refused(by):
    _refused(4, "by must be one of player, computer, clock", by=by)


def test_meta_and_unknown_record_fields_survive_a_replay():
    g = new_game(seed=5)
    g.meta["human"] = 0
    g.apply({"type": "keep"})
    rec = g.record()
    rec["later_field"] = {"added": "by a newer version"}
    again = tcg.engine.game.replay_record(RULES, json.loads(json.dumps(rec)), g.decks)
    assert again.meta == {"human": 0}
    assert again.record()["later_field"] == {"added": "by a newer version"}
    assert again.record()["actions"] == rec["actions"]


def test_an_old_format_1_record_without_by_or_meta_still_replays():
    g = new_game(seed=5)
    g.apply({"type": "keep"})
    g.apply({"type": "keep"})
    rec = g.record()
    rec["format"] = "tcg-record/1"
    del rec["meta"]
    for a in rec["actions"]:
        del a["by"]
    again = tcg.engine.game.replay_record(RULES, rec, g.decks)
    assert again.actions == g.actions and again.meta == {}


# --- undo -------------------------------------------------------------------------------------
def test_undo_takes_back_an_action_that_revealed_nothing():
    g = programming_game()
    before = (json.dumps(g.observe(0)), json.dumps(g.observe(1)), g.legal_actions(), len(g.actions))
    assert not g.can_undo  # the last action was the opponent's
    g.apply(stack_actions(g)[0])
    assert g.can_undo
    g.undo()
    assert (json.dumps(g.observe(0)), json.dumps(g.observe(1)), g.legal_actions(), len(g.actions)) == before
    assert g.record()["actions"] == tcg.replay(g.record()).record()["actions"]  # not recorded


def test_undo_twice_takes_back_two_own_actions():
    g = programming_game()
    n = len(g.actions)
    g.apply(stack_actions(g)[0])
    g.apply(stack_actions(g)[0])
    g.undo()
    g.undo()
    assert len(g.actions) == n
    with pytest.raises(tcg.UndoError, match="cannot undo: another player has decided since"):
        g.undo()


def test_no_undo_once_the_other_player_decides():
    g = programming_game()
    g.apply(Action("finish_program"))
    assert g.decision.player == 1
    assert not g.can_undo
    with pytest.raises(tcg.UndoError, match="another player has decided since"):
        g.undo()


def test_no_undo_of_an_action_that_drew_a_card():
    """High Card: playing a card draws one (the player sees a card that was hidden)."""
    g = new_game(seed=2)
    g.apply(Action("keep"))
    g.apply(Action("keep"))
    play = next(a for a in g.legal_actions() if a.type == "play")
    g.apply(play)
    assert not g.can_undo  # and the other player decides now anyway


def test_no_undo_of_a_random_action_even_when_the_same_player_decides_again():
    """Kemuri's mulligan draws replacements after a shuffle-free draw, or shuffles: either way the
    player learns something, so the decision that follows cannot be taken back to."""
    deck = tcg.list_decks("shironeko")[0]
    g = tcg.new_game("shironeko", [deck, deck], seed=1)
    while g.decision.kind == "mulligan":
        done = [a for a in g.legal_actions() if a.type == "mulligan_done"]
        g.apply(done[0])
    # the first decision after the mulligans follows draws: nothing of it can be undone
    assert not g.can_undo


def test_no_undo_of_a_concession_or_of_the_computer_or_clock():
    g = programming_game()
    g.apply(stack_actions(g)[0], by="computer")
    assert not g.can_undo
    with pytest.raises(tcg.UndoError, match="made by the computer"):
        g.undo()
    g.concede(0)
    with pytest.raises(tcg.UndoError):
        g.undo()


@pytest.mark.parametrize("game_id", ["shironeko", "turutoru", "kemuri", "zx"])
def test_keep_undo_answers_exactly_as_the_replay_of_the_record(game_id):
    """``keep_undo`` (a copy kept before each player's action, what the web server sets) gives
    the same ``can_undo`` and the same game after ``undo()`` as replaying the record does."""
    import random
    deck = tcg.list_decks(game_id)[0]
    kept = tcg.new_game(game_id, [deck, deck], seed=5)
    kept.keep_undo = True
    rng = random.Random(5)
    undone = 0
    for _ in range(400):
        if kept.is_over:
            break
        kept.apply(rng.choice(kept.legal_actions()))
        replayed = tcg.replay(kept.record())  # the same game with no copy kept
        assert kept.can_undo == replayed.can_undo
        if kept.can_undo and rng.random() < 0.5:
            kept.undo()
            replayed.undo()
            undone += 1
            assert json.dumps(kept.observe(0)) == json.dumps(replayed.observe(0))
            assert json.dumps(kept.observe(1)) == json.dumps(replayed.observe(1))
            assert kept.legal_actions() == replayed.legal_actions()
            assert kept.record() == replayed.record()
    assert undone > 0


def test_undo_on_a_new_game_says_there_is_nothing_to_undo():
    g = new_game(seed=1)
    with pytest.raises(tcg.UndoError, match="no action to take back"):
        g.undo()


# --- safety caps ------------------------------------------------------------------------------
def test_a_game_reaching_the_decision_cap_ends_in_a_draw(monkeypatch):
    g = new_game(seed=1)
    monkeypatch.setattr(RULES, "max_decisions", 3, raising=False)
    g.apply(Action("keep"))
    g.apply(Action("keep"))
    assert not g.is_over
    g.apply(g.legal_actions()[0])
    assert g.result == {"winner": None, "draw": True, "reason": "decision_limit"}
    assert tcg.engine.game.replay_record(RULES, g.record(), g.decks).result == g.result


@pytest.mark.parametrize("game_id", ["shironeko", "turutoru", "kemuri", "zx"])
def test_one_apply_running_too_many_rule_steps_ends_the_game_in_a_draw(monkeypatch, game_id):
    deck = tcg.list_decks(game_id)[0]
    g = tcg.new_game(game_id, [deck, deck], seed=1)
    # no step from the step stack allowed: the first apply that runs one stands for a loop in card
    # text (the games run some flow steps at once, outside the stack: Shironeko's end phase...)
    monkeypatch.setattr(g.rules, "max_steps_per_apply", 0)
    for _ in range(200):
        if g.is_over:
            break
        g.apply(g.legal_actions()[-1])
    assert g.result == {"winner": None, "draw": True, "reason": "step_limit"}
    assert g.log[-1] == {"type": "game_over", "winner": None, "reason": "step_limit"}
    json.dumps(g.observe(0))  # still a readable game


@pytest.mark.parametrize("game_id", ["shironeko", "turutoru", "kemuri", "zx"])
def test_every_game_sets_its_caps_in_its_profile(game_id):
    rules = tcg.api.get_rules(game_id)
    assert rules.profile.get("limits.max_decisions") == rules.max_decisions >= 10_000
    assert rules.profile.get("limits.max_steps_per_apply") == rules.max_steps_per_apply >= 10_000


# --- arguments of the wrong kind --------------------------------------------------------------
@pytest.mark.parametrize("call, error", [
    (lambda g: g.describe(None), tcg.ArgumentError),
    (lambda g: g.describe({"type": 3}), tcg.ArgumentError),
    (lambda g: g.describe(Action("keep"), lang="fr"), tcg.ArgumentError),
    (lambda g: g.apply(None), tcg.IllegalActionError),
    (lambda g: g.apply("keep"), tcg.IllegalActionError),
    (lambda g: g.apply({"type": "keep", "x": {"a": 1}}), tcg.IllegalActionError),
    (lambda g: g.concede(True), tcg.ArgumentError),
    (lambda g: g.observe("all"), tcg.ArgumentError),
])
def test_wrong_arguments_raise_tcg_errors_and_change_nothing(call, error):
    g = new_game(seed=1)
    before = json.dumps(g.record())
    with pytest.raises(error) as info:
        call(g)
    assert "\n" not in str(info.value)
    assert json.dumps(g.record()) == before


@pytest.mark.parametrize("call", [
    lambda: tcg.new_game("shironeko", None),
    lambda: tcg.new_game("shironeko", "red_rush"),
    lambda: tcg.new_game("shironeko", ["red_rush"]),
    lambda: tcg.new_game("shironeko", ["red_rush", "red_rush"], seed=-1),
    lambda: tcg.new_game("shironeko", ["red_rush", "red_rush"], seed=2 ** 64),
    lambda: tcg.new_game("shironeko", ["red_rush", "red_rush"], seed="7"),
    lambda: tcg.new_game(["shironeko"], ["red_rush", "red_rush"]),
    lambda: tcg.new_game(None, ["red_rush", "red_rush"]),
    lambda: tcg.replay({"game": ["zx"]}),
    lambda: tcg.replay({"game": "zx", "decks": "x"}),
])
def test_public_functions_refuse_bad_arguments_with_tcg_errors(call):
    with pytest.raises(tcg.TcgError) as info:
        call()
    assert "\n" not in str(info.value)


def test_the_largest_seed_is_accepted_and_recorded_exactly():
    g = tcg.new_game("shironeko", ["red_rush", "red_rush"], seed=2 ** 64 - 1)
    assert g.record()["seed"] == 2 ** 64 - 1
    assert tcg.replay(g.record()).seed == 2 ** 64 - 1


def test_a_record_made_with_custom_cards_says_tcg_card_path_is_why():
    g = tcg.new_game("shironeko", ["red_rush", "red_rush"], seed=1)
    rec = g.record()
    rec["card_set"]["version"] = rec["card_set"]["version"] + "+0123456789"
    rec["card_set"]["extra_files"] = ["/home/me/cards/my_set.toml"]
    with pytest.raises(tcg.RecordError, match="custom card files: /home/me/cards/my_set.toml; set TCG_CARD_PATH"):
        tcg.replay(rec)


def test_an_action_whose_rules_raise_is_not_recorded(monkeypatch):
    g = new_game(seed=1)
    def broken(state, action):
        raise RuntimeError("engine bug")
    monkeypatch.setattr(g.rules, "apply", broken)
    with pytest.raises(RuntimeError):
        g.apply({"type": "keep"})
    assert g.actions == []


def test_save_writes_with_the_usual_file_permissions(tmp_path):
    import os
    g = new_game(seed=1)
    path = tmp_path / "game.json"
    old = os.umask(0o022)
    try:
        g.save(str(path))
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o644
    assert json.loads(path.read_text())["seed"] == 1
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left
