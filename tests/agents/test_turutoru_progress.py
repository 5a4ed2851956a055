"""Issue 29: heuristic self-play of Turu-turu ends by HP, not by a deck-out after rounds of
putting characters to bed and waking them up again (a deck-out of two equal decks is a draw)."""
from __future__ import annotations

import pytest

from tcg.agents.base import AgentView
from tcg.agents.heuristics import turutoru as TT
from tcg.sim.runner import play_one

from .test_heuristics_shironeko_turutoru import tt_scenario

#: seeded control v rush games (decks in seat order) that the heuristic used to play for 34
#: rounds, to a drawn deck-out, in 415-490 decisions (commit 1702ab3)
STALLED = [(("control", "rush"), 6), (("control", "rush"), 36), (("control", "rush"), 156),
           (("rush", "control"), 9)]

#: the 90th percentile of decisions per game of heuristic self-play, control v rush (before the fix)
NORMAL_DECISIONS = 420


@pytest.mark.parametrize("decks, seed", STALLED)
def test_tt_previously_stalled_games_end_by_hp(decks, seed):
    r = play_one("turutoru", decks, ["heuristic", "heuristic"], seed)
    assert r.reason == "hp"
    assert r.decisions <= NORMAL_DECISIONS


def _ctx(g):
    c = TT._Ctx(AgentView(g, g.legal_actions()))
    c.attack_coming = True  # as if an Attack card were stacked after the Activate
    return c


def test_tt_burns_a_low_opponent_rather_than_pump_an_attack_that_will_not_go():
    # Garm pumps the dragon knights, Flare burns 1; the opponent is at 4 HP behind three 1/6
    # walls that every attacker would meet together: the pump is wasted, the burn is not
    g = tt_scenario(dict(chars=["TTS-026", "TTS-024", "TTS-025"], hand=["TTS-052"]),
                    dict(chars=["TTS-011", "TTS-011", "TTS-011"], hp=4))
    c = _ctx(g)
    garm, flare = (next(u for u in c.mine if u["id"] == cid) for cid in ("TTS-026", "TTS-024"))
    pump = TT._activated_value("TTS-026", 0, c, garm["iid"])
    burn = TT._activated_value("TTS-024", 0, c, flare["iid"])
    assert burn > pump
    assert pump < 0.5


def test_tt_pump_counts_when_the_attack_goes_through():
    # no awake blocker: the pumped dragon knights all attack, so the pump is worth a lot
    g = tt_scenario(dict(chars=["TTS-026", "TTS-024", "TTS-025"], hand=["TTS-052"]),
                    dict(chars=[dict(card="TTS-011", awake=False)], hp=20))
    c = _ctx(g)
    garm = next(u for u in c.mine if u["id"] == "TTS-026")
    assert TT._activated_value("TTS-026", 0, c, garm["iid"]) >= 1.0


def test_tt_places_a_burn_character_on_a_full_field():
    # seven characters on the field, none of which can damage the opponent: Elsa (Activate: 2
    # damage to the opponent) is still placed, by a Place program of the hand
    g = tt_scenario(dict(chars=["TTS-003", "TTS-004", "TTS-007", "TTS-019", "TTS-011", "TTS-019", "TTS-006"],
                         hand=["TTS-051", "TTS-006", "TTS-052", "TTS-003"]),
                    dict(chars=["TTS-009", "TTS-025", "TTS-010"]))
    c = _ctx(g)
    sim = TT._Sim(c)
    viola = next(h for h in c.hand if h["id"] == "TTS-006")  # Apply / Place
    best, _ = sim.to_place(viola["iid"])
    assert best["id"] in ("TTS-051", "TTS-052")
    # well above the stacking threshold (before: 0.2 * body - 0.6, right at it)
    assert TT._program_value("place", 0, viola, sim, c) >= TT._THRESHOLD + 1.0
