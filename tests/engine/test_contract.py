"""The engine contract (DESIGN.md), checked through ``tcg.engine.game.Game`` on the tiny test game."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tcg
from tcg.engine.action import Action, Decision
from tcg.engine.game import Game, replay_record

from tinygame import RULES, make_deck, new_game, random_playout


def snapshot(game: Game):
    """Everything observable about a game, for before/after comparisons."""
    return (
        json.dumps([game.observe(0), game.observe(1), game.observe(None)], sort_keys=True),
        json.dumps(game.record(), sort_keys=True),
        json.dumps(list(game.log), sort_keys=True),
        repr(game.decision),
        game.legal_actions(),
        game.is_over,
        game.winner,
    )


def to_play_phase(game: Game, first: str = "keep", second: str = "keep") -> Game:
    game.apply(Action(first))
    game.apply(Action(second))
    return game


def first_choice(legal):
    return legal[0]


# --- one pending decision, legal actions ------------------------------------------------
def test_new_game_waits_for_one_keep_decision_of_player_0(game):
    assert game.decision == Decision(0, "keep")
    assert game.legal_actions() == [Action("keep"), Action("redraw")]
    assert not game.is_over and game.winner is None and game.result is None
    assert game.game_id == "highcard"


def test_keep_decisions_alternate_then_play_decision_lists_hand_cards_and_pass(game):
    game.apply(Action("keep"))
    assert game.decision == Decision(1, "keep")
    game.apply(Action("keep"))
    assert game.decision.player == 0 and game.decision.kind == "play"
    hand = [c["card"] for c in game.observe(0)["hand"]]
    assert len(hand) == 3
    assert game.legal_actions() == [Action("play", card=i) for i in sorted(hand)] + [Action("pass")]


def test_decision_switches_player_after_each_play(game):
    to_play_phase(game)
    for expected_player in (0, 1, 0, 1):
        assert game.decision.player == expected_player
        game.apply(game.legal_actions()[0])


def test_legal_actions_returns_a_fresh_list(game):
    legal = game.legal_actions()
    legal.clear()
    assert game.legal_actions() == [Action("keep"), Action("redraw")]


def test_touch_forgets_cached_legal_actions_after_direct_state_change(game):
    to_play_phase(game)
    assert len(game.legal_actions()) == 4
    game.state.hands[0].clear()
    game.touch()
    assert game.legal_actions() == [Action("pass")]


# --- illegal actions ---------------------------------------------------------------------
ILLEGAL_IN_PLAY = [
    pytest.param(lambda g: Action("play", card=g.state.hands[1][0]), "play", id="opponents-card"),
    pytest.param(lambda g: Action("play", card=999), "play", id="unknown-card"),
    pytest.param(lambda g: Action("play"), "play", id="missing-param"),
    pytest.param(lambda g: Action("play", card=g.state.hands[0][0], extra=1), "play", id="extra-param"),
    pytest.param(lambda g: Action("keep"), "keep", id="wrong-phase"),
    pytest.param(lambda g: Action("attack", attacker=3), "attack", id="unknown-type"),
    pytest.param(lambda g: Action("concede", player=1), "concede", id="concede-with-params"),
    pytest.param(lambda g: {"type": "play", "card": 999}, "play", id="dict-unknown-card"),
    pytest.param(lambda g: {"type": "pas"}, "pas", id="dict-typo"),
]


@pytest.mark.parametrize("make, type_", ILLEGAL_IN_PLAY)
def test_illegal_action_is_rejected_with_clear_message_and_game_unchanged(game, make, type_):
    to_play_phase(game)
    game.apply(Action("play", card=game.state.hands[0][0]))  # some history
    game.apply(Action("pass"))
    before = snapshot(game)
    action = make(game)
    with pytest.raises(tcg.IllegalActionError) as err:
        game.apply(action)
    msg = str(err.value)
    assert "illegal action" in msg and f"'{type_}'" in msg
    assert "player 0's 'play' decision" in msg
    if type_ == "play":  # the legal actions of the same type are listed
        for a in game.legal_actions():
            if a.type == "play":
                assert str(a.to_dict()) in msg
    else:
        assert "legal action types now: pass, play" in msg
    assert snapshot(game) == before
    # and the game goes on normally afterwards
    game.apply(game.legal_actions()[0])


@pytest.mark.parametrize("bad", [
    pytest.param({"card": 1}, id="no-type"),
    pytest.param({"type": 5}, id="type-not-text"),
    pytest.param("pass", id="not-a-mapping"),
    pytest.param(None, id="none"),
    pytest.param(["pass"], id="list"),
])
def test_malformed_action_is_rejected_and_game_unchanged(game, bad):
    to_play_phase(game)
    before = snapshot(game)
    with pytest.raises(tcg.IllegalActionError, match="'type'"):
        game.apply(bad)
    assert snapshot(game) == before


def test_illegal_action_error_is_a_tcg_error_and_value_error():
    assert issubclass(tcg.IllegalActionError, tcg.TcgError)
    assert issubclass(tcg.IllegalActionError, ValueError)


def test_no_action_is_legal_once_the_game_is_over(game):
    random_playout(game, first_choice)
    before = snapshot(game)
    assert game.decision is None and game.legal_actions() == []
    with pytest.raises(tcg.IllegalActionError, match="over"):
        game.apply(Action("pass"))
    with pytest.raises(tcg.IllegalActionError, match="over"):
        game.apply({"type": "concede"})
    with pytest.raises(tcg.IllegalActionError, match="over"):
        game.concede(0)
    assert snapshot(game) == before


def test_many_illegal_actions_in_a_row_never_change_the_game(game):
    to_play_phase(game)
    before = snapshot(game)
    for card in range(-3, 30):
        if Action("play", card=card) not in game.legal_actions():
            with pytest.raises(tcg.IllegalActionError):
                game.apply({"type": "play", "card": card})
    assert snapshot(game) == before


def test_dict_valued_parameter_is_rejected_as_illegal(game):
    to_play_phase(game)
    with pytest.raises(tcg.IllegalActionError):
        game.apply({"type": "play", "card": {"id": 3}})


def test_non_canonical_parameter_values_are_canonicalised_to_the_listed_action():
    g1, g2 = new_game(seed=11), new_game(seed=11)
    to_play_phase(g1), to_play_phase(g2)
    card = g1.legal_actions()[0].card
    g1.apply(Action("play", card=card))
    g2.apply({"type": "play", "card": float(card)})   # equal to the listed action: accepted
    assert snapshot(g2) == snapshot(g1)                 # exactly as the listed action
    recorded = g2.actions[-1]["action"]
    assert recorded == {"type": "play", "card": card}
    assert type(recorded["card"]) is int                # the listed (int) value, not the client's float
    assert type(g2.record()["actions"][-1]["action"]["card"]) is int
    assert json.dumps(g2.record()) == json.dumps(g1.record())


# --- dict form ---------------------------------------------------------------------------
def test_apply_accepts_the_dict_form_of_an_action():
    g1, g2 = new_game(seed=3), new_game(seed=3)
    g1.apply(Action("redraw")), g2.apply({"type": "redraw"})
    g1.apply(Action("keep")), g2.apply({"type": "keep"})
    card = g1.legal_actions()[1].card
    g1.apply(Action("play", card=card))
    g2.apply(json.loads(json.dumps(Action("play", card=card).to_dict())))
    assert snapshot(g1) == snapshot(g2)
    assert g2.actions[-1] == {"player": 0, "action": {"type": "play", "card": card}, "by": "player"}


# --- conceding ---------------------------------------------------------------------------
@pytest.mark.parametrize("how", ["method-deciding", "method-other", "apply-dict", "apply-action"])
def test_concede_ends_the_game_with_the_other_player_winning(game, how):
    to_play_phase(game)
    game.apply(game.legal_actions()[0])  # now player 1 decides
    assert game.decision.player == 1
    if how == "method-deciding":
        game.concede(1)
        loser = 1
    elif how == "method-other":
        game.concede(0)   # any player may concede at any decision
        loser = 0
    elif how == "apply-dict":
        game.apply({"type": "concede"})
        loser = 1
    else:
        game.apply(Action("concede"))
        loser = 1
    assert game.is_over and game.decision is None and game.legal_actions() == []
    assert game.winner == 1 - loser
    assert game.result == {"winner": 1 - loser, "draw": False, "reason": "concede"}
    assert game.actions[-1] == {"player": loser, "action": {"type": "concede"}, "by": "player"}
    assert list(game.log)[-2:] == [{"type": "concede", "player": loser},
                                   {"type": "game_over", "winner": 1 - loser, "reason": "concede"}]
    assert game.observe(None)["winner"] == 1 - loser


@pytest.mark.parametrize("player", [2, -1, None, "0", True, 0.0, [0]])
def test_concede_by_a_player_not_in_the_game_is_rejected(game, player):
    before = snapshot(game)
    with pytest.raises(tcg.ArgumentError, match="must be a player index 0..1"):
        game.concede(player)
    assert snapshot(game) == before


def test_concede_during_the_hidden_keep_phase(game):
    game.apply(Action("redraw"))
    game.concede(0)
    assert game.winner == 1 and game.result["reason"] == "concede"


# --- end of game ------------------------------------------------------------------------
def test_two_passes_in_a_row_end_the_game_as_a_draw_on_equal_scores(game):
    to_play_phase(game)
    game.apply(Action("pass"))
    assert not game.is_over
    game.apply(Action("pass"))
    assert game.is_over and game.winner is None
    assert game.result == {"winner": None, "draw": True, "reason": "score"}


def test_higher_score_wins(game):
    to_play_phase(game)
    game.apply(Action("pass"))                 # player 0 passes
    game.apply(game.legal_actions()[0])        # player 1 plays: the pass count restarts
    game.apply(Action("pass"))
    assert not game.is_over
    game.apply(Action("pass"))
    assert game.is_over and game.winner == 1 and game.result["draw"] is False


def test_game_ends_when_both_hands_are_empty():
    deck = make_deck([1, 2, 3])
    g = new_game(seed=5, decks=[deck, deck])
    to_play_phase(g)
    for _ in range(5):
        g.apply(g.legal_actions()[0])
    assert not g.is_over
    g.apply(g.legal_actions()[0])
    assert g.is_over and g.winner is None  # 1+2+3 each
    assert [p["score"] for p in g.observe(None)["players"]] == [6, 6]


# --- clone ------------------------------------------------------------------------------
def test_clone_starts_identical(game):
    to_play_phase(game)
    c = game.clone()
    assert snapshot(c) == snapshot(game)
    assert c.state is not game.state and c.state.rng is not game.state.rng


@pytest.mark.parametrize("moves_before", [0, 1, 2, 5])
def test_clone_then_diverge_leaves_the_original_unchanged(moves_before):
    game = new_game(seed=21)
    for _ in range(moves_before):
        game.apply(game.legal_actions()[0])
    before = snapshot(game)
    c = game.clone()
    random_playout(c, lambda legal: legal[-1])   # redraw / pass ... until the end
    c2 = game.clone()
    c2.concede(1)
    assert c.is_over and c2.is_over
    assert snapshot(game) == before
    # the original still plays on, and that does not touch the clones either
    after_c = snapshot(c)
    random_playout(game, first_choice)
    assert snapshot(c) == after_c
    assert game.record()["actions"][:moves_before] == c.record()["actions"][:moves_before]


def test_clone_copies_the_rng_so_both_continue_identically(game):
    game.apply(Action("redraw"))
    c = game.clone()
    for g in (game, c):
        g.apply(Action("redraw"))  # both reshuffle with their own rng
    assert snapshot(c) == snapshot(game)


def test_clone_mutable_containers_are_not_shared(game):
    to_play_phase(game)
    c = game.clone()
    s, t = game.state, c.state
    for a, b in [(s.decks[0], t.decks[0]), (s.decks[1], t.decks[1]), (s.hands[0], t.hands[0]),
                 (s.hands[1], t.hands[1]), (s.scores, t.scores), (s.keep, t.keep), (s.events, t.events)]:
        assert a == b and a is not b
    assert t.card_of is s.card_of  # immutable data is shared


# --- determinism ------------------------------------------------------------------------
def play_with_seeded_choices(seed: int, choice_seed: int) -> Game:
    g = new_game(seed=seed)
    rnd = random.Random(choice_seed)
    random_playout(g, rnd.choice)
    return g


def test_same_seed_and_same_actions_give_the_same_game():
    a = play_with_seeded_choices(99, 1)
    b = new_game(seed=99)
    for act in a.actions:
        assert set(act) == {"player", "action", "by"} and act["player"] == b.decision.player
        b.apply(act["action"])
    assert snapshot(a) == snapshot(b)
    assert a.state.rng.state == b.state.rng.state


def test_different_seeds_usually_deal_differently():
    hands = {tuple(new_game(seed=s).observe(0)["hand"][i]["card_id"] for i in range(3)) for s in range(30)}
    assert len(hands) >= 20
    a, b = new_game(seed=1), new_game(seed=2)
    assert a.observe(0) != b.observe(0) or a.observe(1) != b.observe(1)


# --- observations -----------------------------------------------------------------------
def test_observe_shows_own_hand_and_only_the_opponents_hand_count(game):
    to_play_phase(game)
    for p in (0, 1):
        view = game.observe(p)
        assert view["you"] == p
        assert [c["card"] for c in view["hand"]] == game.state.hands[p]
        assert all(c["card_id"] == game.state.card_of[c["card"]] for c in view["hand"])
        other = view["players"][1 - p]
        assert other["hand_count"] == len(game.state.hands[1 - p])
        assert set(other) == {"score", "deck", "hand_count", "keep_decided"}
        assert isinstance(other["deck"], int)
    spectator = game.observe(None)
    assert "hand" not in spectator and "keep" not in spectator
    assert [p["hand_count"] for p in spectator["players"]] == [3, 3]
    json.dumps([game.observe(0), game.observe(1), spectator])  # JSON-ready


@pytest.mark.parametrize("player", [2, -1, "0", True, 1.0, [1]])
def test_observe_rejects_anything_but_a_player_index_or_none(game, player):
    with pytest.raises(tcg.ArgumentError, match="observe\\(\\) takes a player index or None"):
        game.observe(player)


def test_observation_does_not_depend_on_hidden_cards(game):
    """Swapping the opponent's hand with deck cards, or reordering any deck, is invisible to
    player 0 (and to a spectator) but not to player 1."""
    to_play_phase(game)
    c = game.clone()
    s = c.state
    s.hands[1][0], s.decks[1][0] = s.decks[1][0], s.hands[1][0]
    s.decks[1].reverse()
    s.decks[0].reverse()   # own deck order is hidden from its owner too
    assert c.observe(0) == game.observe(0)
    assert c.observe(None) == game.observe(None)
    assert c.observe(1) != game.observe(1)


def test_hidden_keep_choice_is_seen_only_by_its_player_until_revealed():
    keep, redraw = new_game(seed=4), new_game(seed=4)
    keep.apply(Action("keep"))
    redraw.apply(Action("redraw"))
    assert keep.observe(1) == redraw.observe(1)
    assert keep.observe(None) == redraw.observe(None)
    assert keep.log.for_player(1) == redraw.log.for_player(1)
    assert keep.log.for_spectator() == redraw.log.for_spectator()
    assert keep.legal_actions() == redraw.legal_actions()
    assert keep.observe(0)["keep"] == "keep" and redraw.observe(0)["keep"] == "redraw"
    assert keep.log.for_player(0) != redraw.log.for_player(0)
    # once both have chosen, the choices are public
    keep.apply(Action("keep"))
    redraw.apply(Action("keep"))
    assert keep.observe(None)["keep_choices"] == ["keep", "keep"]
    assert redraw.observe(None)["keep_choices"] == ["redraw", "keep"]
    assert {"type": "keep_revealed", "choices": ["redraw", "keep"]} in redraw.log.for_spectator()


def test_redraw_shuffles_the_hand_back_and_draws_three(game):
    game.apply(Action("redraw"))
    game.apply(Action("keep"))
    view = game.observe(0)
    assert len(view["hand"]) == 3 and view["players"][0]["deck"] == 6
    log = game.log.for_player(0)
    i = next(k for k, e in enumerate(log) if e["type"] == "keep_revealed")
    assert log[i + 1] == {"type": "shuffle", "player": 0}
    redrawn = log[i + 2:i + 5]
    assert [e["type"] for e in redrawn] == ["draw"] * 3 and all(e["player"] == 0 for e in redrawn)
    assert [e["card"] for e in redrawn] == [c["card"] for c in view["hand"]]
    assert not any(e["type"] == "shuffle" and e["player"] == 1 for e in log)


# --- describe ---------------------------------------------------------------------------
def test_describe_in_english_and_japanese(game):
    assert game.describe(Action("keep")) == "Keep hand"
    assert game.describe(Action("redraw"), "ja") == "引き直し"
    to_play_phase(game)
    card = game.state.hands[0][0]
    name = RULES.cards[game.state.card_of[card]].name
    assert game.describe(Action("play", card=card)) == f"Play {name}"
    assert game.describe(Action("play", card=card), "ja") == f"{name} をプレイ"
    assert game.describe(Action("pass"), lang="ja") == "パス"
    assert all(game.describe(a) for a in game.legal_actions())


def test_repr_names_game_seed_and_status(game):
    assert "highcard" in repr(game) and "seed=7" in repr(game) and "keep" in repr(game)
    game.concede(0)
    assert "winner=1" in repr(game)


# --- property tests ---------------------------------------------------------------------
seeds = st.integers(min_value=0, max_value=2**64 - 1)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, choice_seed=st.integers(0, 2**32))
def test_random_legal_play_always_ends_with_consistent_state(seed, choice_seed):
    g = play_with_seeded_choices(seed, choice_seed)
    assert g.is_over and g.decision is None and g.legal_actions() == []
    scores = [p["score"] for p in g.observe(None)["players"]]
    expected = None if scores[0] == scores[1] else scores.index(max(scores))
    assert g.winner == expected
    assert list(g.log)[-1]["type"] == "game_over"


@settings(max_examples=40, deadline=None)
@given(seed=seeds, choice_seed=st.integers(0, 2**32), split=st.integers(0, 30))
def test_clone_then_diverge_never_changes_the_original(seed, choice_seed, split):
    g = new_game(seed=seed)
    rnd = random.Random(choice_seed)
    for _ in range(split):
        if g.is_over:
            break
        g.apply(rnd.choice(g.legal_actions()))
    before = snapshot(g)
    c = g.clone()
    if not c.is_over:
        random_playout(c, rnd.choice)
    assert snapshot(g) == before


@settings(max_examples=40, deadline=None)
@given(seed=seeds, choice_seed=st.integers(0, 2**32))
def test_replaying_the_record_reproduces_the_final_observation(seed, choice_seed):
    g = play_with_seeded_choices(seed, choice_seed)
    r = replay_record(RULES, json.loads(json.dumps(g.record())), g.decks)
    assert snapshot(r) == snapshot(g)
