"""Who goes first, chosen or drawn (issue 30 item 2): each game's source only says that it is
decided (「先攻・後攻を決定する」, Turu-turu's priority player), so the players may choose it
(``new_game(first=...)``) or leave it to a draw. A choice is kept in the record and replays; the
random stream is the same either way, so a chosen game is the drawn game that had that outcome."""
from __future__ import annotations

import json

import pytest

import tcg
from tcg.engine.errors import ArgumentError, RecordError
from tcg.games import game_ids


def _decks(game: str) -> list[str]:
    names = tcg.list_decks(game)
    return [names[0], names[-1]]


def _seen(g) -> str:
    """Everything of a game there is to see: its referee log and each seat's view."""
    return json.dumps([list(g.log), g.observe(0), g.observe(1), g.result], sort_keys=True, default=str)


def _play(g, n: int) -> None:
    for _ in range(n):
        if g.is_over:
            return
        g.apply(g.legal_actions()[0])


def _decided(g):
    """The game once it has decided who goes first (Z/X decides after the start and gate cards
    are chosen: ZX-S2..S4), by taking the first option of each decision before."""
    _play(g, 6)
    return g


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize("first", [0, 1])
def test_the_chosen_player_goes_first(game, first):
    for seed in range(4):
        g = _decided(tcg.new_game(game, _decks(game), seed=seed, first=first))
        assert g.rules.first_player(g.state) == first
        assert g.record()["first"] == first


@pytest.mark.parametrize("game", game_ids())
def test_a_chosen_game_is_the_drawn_game_that_had_that_outcome(game):
    for seed in range(6):
        drawn = _decided(tcg.new_game(game, _decks(game), seed=seed))
        assert "first" not in drawn.record()  # records of drawn games are as before
        outcome = drawn.rules.first_player(drawn.state)
        chosen = _decided(tcg.new_game(game, _decks(game), seed=seed, first=outcome))
        _play(drawn, 40)
        _play(chosen, 40)
        assert _seen(chosen) == _seen(drawn)
        other = _decided(tcg.new_game(game, _decks(game), seed=seed, first=1 - outcome))
        assert other.rules.first_player(other.state) == 1 - outcome


@pytest.mark.parametrize("game", game_ids())
def test_a_choice_replays_and_undoes(game):
    g = tcg.new_game(game, _decks(game), seed=3, first=1)
    _play(g, 12)
    rec = json.loads(json.dumps(g.record()))
    again = tcg.replay(rec)
    assert again.first == 1 and _seen(again) == _seen(g)
    start = _decided(tcg.replay(rec, upto=0))
    assert start.rules.first_player(start.state) == 1
    c = g.clone()
    assert c.first == 1 and c.record() == g.record()


@pytest.mark.parametrize("bad", [2, -1, "0", 1.0, True, [0]])
def test_a_bad_choice_is_refused_clearly(bad):
    with pytest.raises(ArgumentError, match="first must be the player who goes first"):
        tcg.new_game("zx", _decks("zx"), seed=1, first=bad)
    rec = tcg.new_game("zx", _decks("zx"), seed=1).record()
    rec["first"] = bad
    with pytest.raises(RecordError, match="record 'first'"):
        tcg.replay(rec)
