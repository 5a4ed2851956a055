"""The card texts of ``tcg play`` (the "i" key, ``Renderer.card_info``) in every game: the
viewer's hand is listed with names, facts and texts; cards the viewer cannot see never are."""
from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

import tcg
from tcg.agents import AgentView, make_agent
from tcg.ui import get_renderer

GAMES = ["shironeko", "turutoru", "kemuri", "zx"]


def text_of(renderable) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def ids_in(x) -> set[str]:
    if isinstance(x, dict):
        return {x["id"]} if isinstance(x.get("id"), str) else set() | set().union(*map(ids_in, x.values()))
    if isinstance(x, list):
        return set().union(*map(ids_in, x)) if x else set()
    return set()


def mid_game(game_id: str, seed: int, steps: int = 60):
    game = tcg.new_game(game_id, tcg.list_decks(game_id)[:2], seed=seed)
    agent = make_agent("heuristic", seed=seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(agent.act(AgentView(game, game.legal_actions())))
    return game


@pytest.mark.parametrize("game_id", GAMES)
def test_card_info_lists_own_hand_and_hides_the_opponents(game_id):
    cards = tcg.card_set(game_id)
    checked = listed = 0
    for seed in range(1, 7):
        game = mid_game(game_id, seed)
        obs = game.observe(0)
        text = text_of(get_renderer(game_id, game, "en", viewer=0).card_info(obs))
        hand = obs["players"][0]["hand"]
        if not hand:  # (a position where the viewer holds nothing: no hand to list)
            continue
        listed += 1
        assert "Your hand" in text
        for i, view in enumerate(hand, 1):
            card = cards.find(view["id"])
            assert f"{i}. {card.name_en} ({card.name})" in text
        # a card id in the opponent's hand that the viewer sees nowhere must not be named
        visible_names = [cards.find(c).name for c in ids_in(obs)]
        for cid in ids_in(game.observe(1)["players"][1].get("hand")) - ids_in(obs):
            name = cards.find(cid).name
            if not any(name in v for v in visible_names):
                assert name not in text, f"{cid} of the opponent's hidden hand shown to the viewer"
                checked += 1
        assert json.dumps(obs) == json.dumps(game.observe(0)), "card_info must not change the game"
    assert listed >= 4, "the viewer should hold cards in most of these positions"
    assert checked, "no position had a hidden opponent card to check"


@pytest.mark.parametrize("game_id", GAMES)
def test_card_info_in_japanese_shows_names_without_glosses(game_id):
    game = mid_game(game_id, 1)
    obs = game.observe(0)
    text = text_of(get_renderer(game_id, game, "ja", viewer=0).card_info(obs))
    cards = tcg.card_set(game_id)
    first = cards.find(obs["players"][0]["hand"][0]["id"])
    assert f"1. {first.name}" in text and f"({first.name_en})" not in text
