"""``AgentView.cards(action)``: the printed card ids of the cards a legal action names, as data
(``Ruleset.action_cards``), in every game and at every kind of decision of real games."""
from __future__ import annotations

import pytest

from tcg.agents.base import AgentView, make_agent
from tcg.api import GAMES, list_decks, new_game
from tcg.engine.action import Action


@pytest.mark.parametrize("game_id", GAMES)
def test_every_action_names_its_cards_by_id(game_id):
    names = list_decks(game_id)
    agents = [make_agent("heuristic", seed=1), make_agent("random", seed=2)]
    g = new_game(game_id, names[:2], seed=7)
    checked = 0
    while not g.is_over:
        acts = g.legal_actions()
        view = AgentView(g, acts)
        for a in acts:
            card = a.get("card")
            want = {"card": g.state.cards[card].id} if isinstance(card, int) and card >= 0 else {}
            assert view.cards(a) == want, (g.decision.kind, a)
            checked += bool(want)
        g.apply(agents[g.decision.player].act(view))
    assert checked > 20
    assert view.cards(Action("pick", card=-1)) == {} and view.cards(Action("pick", card=10 ** 6)) == {}
