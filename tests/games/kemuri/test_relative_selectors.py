"""KM-V6 and KM-R2: a trigger is applied by the player who calls its card in, and what its text
calls "your" / "your opponent's" is seen from that player (issue 29, item 5).

「引いたカードがトリガーを持つ場合、記載効果を適用する。」 Every refresh gives the opponent a call-in
(「リフレッシュ 1回につき相手が呼び込みを 1回行う」), so in the middle of a serving a trigger may be
applied by the player who is not serving. The sample cards' texts say 自分の / 相手の: the
selectors ``own_serving_cast`` / ``opponent_receiving_cast`` pick the serving's cast only when it
is that player's (docs/cards.md, K6). These scenarios use the shipped sample cards KMS-023
(「お給仕をしている自分のキャストを手札に戻す」) and KMS-042 (「お給仕を受けている相手のキャストを
バックヤードに送る」)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tcg.engine.effects import EffectCtx, EffectOp
from tcg.games.kemuri.effects import SERVING, UNIT_TARGETS

from .harness import events, scenario, serve, zone


def _serving(p0_deck, p1_deck, receiver="K-LA"):
    """Player 0 serves K-EA (CP 3, one call-in) at player 1's ``receiver``. Player 0's only card
    is in its backyard: its call-in refreshes it, and the call-in that gives player 1 comes after
    player 0's call-ins, still inside the serving."""
    g = scenario(p0=dict(floor=["K-EA"], deck=p0_deck, backyard=[] if p0_deck else ["K-F1"]),
                 p1=dict(floor=[receiver], deck=p1_deck), start="serve", samples=True)
    serve(g, "K-EA", receiver)
    return g


def test_km_v6_your_serving_cast_is_nothing_for_the_player_who_is_not_serving():
    """Player 1 calls KMS-023 in (a refresh's call-in) while player 0's K-EA serves: player 1
    has no serving cast, so nothing returns (it had returned player 0's K-EA to its hand)."""
    g = _serving([], ["KMS-023"])
    assert [(e["player"], e["id"], e["why"]) for e in events(g, "call_in")][-1] == (1, "KMS-023", "refresh")
    assert zone(g, 0, "floor") == ["K-EA"] and zone(g, 0, "hand") == []
    assert zone(g, 1, "backyard") == ["KMS-023", "K-LA"]  # the trigger card, then the loser (3 v 3)


def test_km_v6_your_serving_cast_returns_for_the_serving_player():
    g = _serving(["KMS-023"], [])
    assert zone(g, 0, "floor") == [] and zone(g, 0, "hand") == ["K-EA"]


def test_km_v6_your_opponents_receiving_cast_is_nothing_for_the_receiving_player():
    """Player 1's K-LB (CP 6) wins the comparison; player 1 then calls KMS-042 in: the receiving
    cast is its own, not its opponent's, so it stays (it had been sent to the backyard)."""
    g = _serving([], ["KMS-042"], receiver="K-LB")
    assert zone(g, 1, "floor") == ["K-LB"]
    assert zone(g, 0, "floor") == [] and zone(g, 0, "backyard") == ["K-EA"]  # the loser


def test_km_v6_your_opponents_receiving_cast_goes_for_the_serving_player():
    g = _serving(["KMS-042"], [], receiver="K-LB")
    assert zone(g, 1, "floor") == [] and "K-LB" in zone(g, 1, "backyard")


# --- property: a selector that names a side picks only that side's casts -------------------------

SIDED = [t for t in UNIT_TARGETS if t.startswith(("own_", "opponent_", "choose_", "all_own", "all_opponent"))]


class _Op:
    def __init__(self):
        self.name, self.args = "modify", {}


@settings(max_examples=60, deadline=None)
@given(active=st.integers(0, 1), controller=st.integers(0, 1), sel=st.sampled_from(SIDED),
       receiver=st.booleans())
def test_km_v6_property_sided_selectors_are_relative_to_the_controller(active, controller, sel, receiver):
    """Whoever is serving and whoever applies the effect, a selector that says "own" picks only
    the controller's casts, one that says "opponent" only the other player's."""
    floors = {active: dict(floor=["K-EA", "K-LC"]), 1 - active: dict(floor=["K-LA", "K-LB"] if receiver else [])}
    g = scenario(p0=floors[0], p1=floors[1], active=active, start="serve")
    s = g.state
    server = s.players[active].floor[0].iid
    s.serving = (server, s.players[1 - active].floor[0].iid if receiver else -1)
    rules = g.rules
    ctx = EffectCtx(controller, -1)
    if sel.startswith("choose_"):
        picked = rules.effect_candidates(s, ctx, sel, _Op())
    else:
        picked = rules.effect_select(s, ctx, sel, (), _Op())
    mine = "own" in sel
    assert all((s.owner[c.iid] == controller) == mine for c in picked)
    if sel in SERVING:  # the serving's cast is picked when it is on the side named
        role, side = SERVING[sel]
        iid = s.serving[role]
        expect = iid >= 0 and (s.owner[iid] == controller) == side
        assert [c.iid for c in picked] == ([iid] if expect else [])


def test_km_v6_the_plain_serving_selectors_still_pick_whoevers_cast():
    """``serving_cast`` / ``receiving_cast`` (texts that name no side) load and act as before."""
    g = scenario(p0=dict(floor=["K-EA"]), p1=dict(floor=["K-LA"]), start="serve")
    s = g.state
    s.serving = (s.players[0].floor[0].iid, s.players[1].floor[0].iid)
    for controller in (0, 1):
        ctx = EffectCtx(controller, -1)
        assert [c.iid for c in g.rules.effect_select(s, ctx, "serving_cast", (), _Op())] == [s.serving[0]]
        assert [c.iid for c in g.rules.effect_select(s, ctx, "receiving_cast", (), _Op())] == [s.serving[1]]


assert EffectOp  # (the op type the rules read: only ``args`` matters here)
