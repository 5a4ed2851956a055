"""The rules say why an option is not offered as data (games/zx/reasons.py, ``ZXRules.unavailable``):
each reason is a key, the card instance it is about and the values the rule compared; no words.
The words (text.why_not) phrase them: tests/text/test_zx_why_not.py."""
from __future__ import annotations

import pytest

from tcg.engine.reasons import Reason
from tests.games.zx import harness


def _scenario(**kw):
    fill = ["Z-R1"] * 8
    p0 = {"deck": fill, "life": ["Z-R1"] * 4, **kw.pop("p0", {})}
    p1 = {"deck": fill, "life": ["Z-R1"] * 4, **kw.pop("p1", {})}
    return harness.scenario(p0=p0, p1=p1, **kw)


def _named(g, reasons):
    """(key, printed id of the card, params) of each reason."""
    return [(r.key, g.state.cards[r.card].id if r.card is not None else None, dict(r.params)) for r in reasons]


def test_the_reasons_of_a_main_phase_are_keys_cards_and_values():
    g = _scenario(p0={"hand": ["Z-R5", "Z-B2", "E-GUARD", "Z-R1"], "resources": ["Z-R1"] * 3,
                      "dynamis": ["X-EVEX", "X-OB"], "player": "P-OTHER"},
                  board={3: "Z-HEROFAN", 7: {"card": "Z-R1", "asleep": True}})
    reasons = g.rules.unavailable(g.state, 0)
    assert _named(g, reasons) == [
        ("cannot_pay", "Z-R5", {"cost": 5, "count": 3}),
        ("no_color", "Z-B2", {"color": "blue"}),
        ("battle_only", "E-GUARD", {}),
        ("ev_ex_player", "X-EVEX", {"player": "P-HERO"}),
        ("zx_ob", "X-OB", {}),
        ("no_target", "Z-HEROFAN", {"square": 3}),
        ("ability_condition", "Z-HEROFAN", {"square": 3, "ability": 2}),
        ("asleep", "Z-R1", {"square": 7}),
    ]
    assert all(isinstance(r, Reason) and isinstance(r.card, int) for r in reasons)
    # the same with the legal actions given, as the words give them
    assert g.rules.unavailable(g.state, 0, g.legal_actions()) == reasons


def test_the_other_seat_is_told_whose_decision_it_is_and_a_spectator_nothing():
    g = _scenario(p0={"hand": ["Z-R5"], "resources": ["Z-R1"] * 3})
    assert g.rules.unavailable(g.state, 1) == [Reason("not_yours", None, {"who": 0})]
    assert g.rules.unavailable(g.state, None) == []


def test_a_reason_is_read_only_data():
    r = Reason("cannot_pay", 3, {"cost": 5, "count": 3})
    with pytest.raises(TypeError):
        r.params["cost"] = 1  # type: ignore[index]
    assert r.as_dict() == {"key": "cannot_pay", "card": 3, "params": {"cost": 5, "count": 3}}
    assert r == Reason("cannot_pay", 3, {"count": 3, "cost": 5})


def test_the_reasons_of_seeded_games_hold_no_words():
    """Every parameter is a number, a seat, or an id of the rules (a colour, a counter, a phase, a
    card id): never a sentence."""
    import tcg
    from tcg.agents import make_agent
    from tcg.agents.base import AgentView
    keys = set()
    for seed in (1, 2, 3):
        game = tcg.new_game("zx", tcg.list_decks("zx")[:2], seed=seed)
        agents = [make_agent("random", seed=seed), make_agent("random", seed=seed + 9)]
        while not game.is_over:
            for seat in (0, 1):
                for r in game.rules.unavailable(game.state, seat, game.legal_actions()):
                    keys.add(r.key)
                    assert r.card is None or isinstance(r.card, int), r
                    for k, val in r.params.items():
                        assert isinstance(val, int) or (isinstance(val, str) and " " not in val
                                                         and val.isascii()), (r, k)
            game.apply(agents[game.decision.player].act(AgentView(game, game.legal_actions())))
    assert {"not_yours", "cannot_pay", "asleep", "no_target"} <= keys, keys
