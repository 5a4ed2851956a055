"""The player pays (SN-C2, SN-C3, SN-C4, SN-R5): the ``pay`` decision, one soul at a time by colour
(add-only), ``pay_suggested``, no decision when every payment is the same; rainbow souls pay any
colour only through their own card text."""
from __future__ import annotations

import pytest

from tcg.games.shironeko import payment as P
from tcg.games.shironeko.cards import load_cards
from tcg.games.shironeko.rules import ShironekoRules

from .harness import action, can, card_id, do, fixture_rules, legal_types, scenario, unit, zone

RED, BLUE, YELLOW = "F-T-RED", "F-T-BLUE", "F-T-YELLOW"
RAINBOW, PRISM, GRAY = "F-T-RAINBOW", "F-T-PRISM", "F-T-GRAY"   # RAINBOW pays any colour; PRISM not
DECK = ["F-B1"] * 6


def off(g, p=0):
    ps = g.state.players[p]
    return sorted(card_id(g, i) for i in ps.town if i in ps.souls_off)


def pay_options(g):
    return sorted(a.color for a in g.legal_actions() if a.type == "pay")


# --- SN-C2: the player chooses the souls ----------------------------------------------------------

def test_sn_c2_red_rush_example_both_payments_are_legal_and_the_suggestion_keeps_the_cost_1_card():
    """SN-C2: Y,R,R,R ON; a red cost-3 card can be paid R,R,R or Y,R,R. The engine used to pay
    R,R,R and the red cost-1 card could not be played; Y,R,R keeps it playable."""
    town = [YELLOW, RED, RED, RED]
    g = scenario(p0=dict(hand=["F-R2", "F-R1"], town=town, deck=DECK))
    do(g, "place", card="F-R2")                          # red, cost 3
    assert g.decision.kind == "pay" and g.decision.player == 0
    assert pay_options(g) == ["red", "yellow"]
    assert action(g, "pay_suggested") in g.legal_actions()
    assert zone(g, 0, "using") == ["F-R2"] and zone(g, 0, "chars") == []   # declared, not yet placed
    do(g, "pay_suggested")
    assert off(g) == [RED, RED, YELLOW]
    assert zone(g, 0, "chars") == ["F-R2"] and g.decision.kind == "main"
    assert can(g, "place", card="F-R1")                  # the red soul left pays it
    # the other line is legal too: R, R, R (then the cost-1 card cannot be paid)
    g = scenario(p0=dict(hand=["F-R2", "F-R1"], town=town, deck=DECK))
    do(g, "place", card="F-R2")
    do(g, "pay", color="red")
    do(g, "pay", color="red")
    assert g.decision.kind == "pay" and pay_options(g) == ["red", "yellow"]
    do(g, "pay", color="red")
    assert off(g) == [RED, RED, RED] and zone(g, 0, "chars") == ["F-R2"]
    assert not can(g, "place", card="F-R1")


def test_sn_c2_same_colour_multiset_pays_without_asking():
    """SN-C2: three red souls for a red cost 2: every payment is R,R, so no decision."""
    g = scenario(p0=dict(hand=["F-MDMG"], town=[RED, RED, RED], deck=DECK),
                 p1=dict(chars=["F-B1"], deck=DECK))
    do(g, "monster", card="F-MDMG")
    assert g.decision.kind != "pay"
    assert off(g) == [RED, RED]
    pay = [e for e in g.log if e["type"] == "pay"]
    assert len(pay) == 1 and pay[0]["colors"] == ["red", "red"] and pay[0]["for"] == "monster"


def test_sn_c2_each_colour_offered_once_and_only_if_the_rest_stays_payable():
    """SN-C2: red cost 2 with B,B,R: a blue soul is offered (the red one still pays), and after it
    only red can finish, which is then paid without asking. With B,R only the whole payment is
    fixed. Several souls of one colour are one option."""
    g = scenario(p0=dict(hand=["F-MDMG"], town=[BLUE, BLUE, RED], deck=DECK),
                 p1=dict(chars=["F-B1"], deck=DECK))
    do(g, "monster", card="F-MDMG")                      # red 2: only {R, B} (B+B has no red)
    assert g.decision.kind != "pay" and off(g) == [BLUE, RED]
    g = scenario(p0=dict(hand=["F-R2"], town=[BLUE, BLUE, RED, RED], deck=DECK))
    do(g, "place", card="F-R2")                          # red 3: {R,R,B} or {R,B,B}
    assert pay_options(g) == ["blue", "red"]             # two blue souls: one option
    do(g, "pay", color="blue")
    do(g, "pay", color="blue")                           # {R,B,B}: the last soul must be red
    assert g.decision.kind == "main" and off(g) == [BLUE, BLUE, RED]


def test_sn_c2_pay_is_add_only_and_cannot_be_left():
    """SN-C2: a paid soul stays OFF; the pay decision offers no way back or out."""
    g = scenario(p0=dict(hand=["F-R2"], town=[YELLOW, RED, RED, RED], deck=DECK))
    do(g, "place", card="F-R2")
    seen = []
    while g.decision.kind == "pay":
        assert legal_types(g) == {"pay", "pay_suggested"}
        before = set(g.state.players[0].souls_off)
        g.apply(next(a for a in g.legal_actions() if a.type == "pay"))
        assert before < set(g.state.players[0].souls_off)    # strictly more souls OFF
        seen.append(len(before))
    assert seen and len(off(g)) == 3


def test_sn_c2_pay_decision_is_public_and_described():
    """SN-C2: both players see what is being paid for (the card waits in "using") and the souls
    turned OFF so far; the actions read in English and Japanese."""
    g = scenario(p0=dict(hand=["F-R2"], town=[YELLOW, RED, RED, RED], deck=DECK))
    do(g, "place", card="F-R2")
    do(g, "pay", color="red")
    for viewer in (0, 1, None):
        obs = g.observe(viewer)
        d = obs["decision"]
        assert d["kind"] == "pay" and d["color"] == "red" and d["cost"] == 3 and d["left"] == 2
        assert d["paid"] == ["red"]
        assert [c["id"] for c in obs["players"][0]["using"]] == ["F-R2"]
    red = action(g, "pay", color="red")
    assert g.describe(red) == "Pay with a red soul" and g.describe(red, "ja") == "赤のソウルで支払う"
    sugg = action(g, "pay_suggested")
    assert g.describe(sugg) == "Pay the rest as suggested: red, red"
    assert g.describe(sugg, "ja") == "残りをおすすめの支払いで支払う: 赤・赤"


def test_sn_c2_r5_activated_ability_cost_is_paid_by_the_player():
    """SN-C2/SN-R5: an ability's cost opens the same decision; the suggestion keeps the soul that
    pays any colour when nothing else tells the payments apart."""
    g = scenario(p0=dict(chars=["F-ACT"], town=[BLUE, RAINBOW], deck=DECK))
    do(g, "activate", card="F-ACT", ability=0)           # blue 1: the blue or the rainbow soul
    assert g.decision.kind == "pay" and pay_options(g) == ["blue", "rainbow"]
    do(g, "pay_suggested")
    assert off(g) == [BLUE]
    assert zone(g, 0, "hand") == ["F-B1"]                # the ability resolved after the payment
    g = scenario(p0=dict(chars=["F-ACT"], town=[BLUE, RAINBOW], deck=DECK))
    do(g, "activate", card="F-ACT", ability=0)
    do(g, "pay", color="rainbow")
    assert off(g) == [RAINBOW] and zone(g, 0, "hand") == ["F-B1"]


def test_sn_c2_suggestion_keeps_the_most_other_hand_cards_payable():
    """SN-C2: blue 2 with B,R,Y,B: the suggestion keeps a red and a yellow soul for the red and the
    yellow card in hand (paying B,B), not B+R or B+Y."""
    g = scenario(p0=dict(hand=["F-B2", "F-R1", "F-READY"], town=[BLUE, RED, YELLOW, BLUE], deck=DECK))
    do(g, "place", card="F-B2")                          # blue, cost 2
    assert g.decision.kind == "pay" and pay_options(g) == ["blue", "red", "yellow"]
    assert P.suggested(g.state, 0, "blue", 2, False) == tuple(2 if c == "blue" else 0 for c in P.COLORS)
    do(g, "pay_suggested")
    assert off(g) == [BLUE, BLUE]
    assert can(g, "place", card="F-R1") and can(g, "place", card="F-READY")


def test_sn_c4_payments_never_offer_an_unpayable_rest():
    """SN-C4: every offered colour leaves a payable rest; the suggestion is one of the payments."""
    g = scenario(p0=dict(hand=["F-R3"], town=[RED, BLUE, PRISM, RAINBOW, GRAY], deck=DECK))
    do(g, "place", card="F-R3")                          # red 5 from 5 souls: all of them
    assert g.decision.kind == "main" and len(off(g)) == 5
    g = scenario(p0=dict(hand=["F-R2"], town=[BLUE, GRAY, PRISM, RAINBOW], deck=DECK))
    do(g, "place", card="F-R2")                          # red 3: the only red match is RAINBOW
    while g.decision.kind == "pay":
        s = g.state
        cards = s.cards
        _, p, color, n, paid, _, _ = s.pending
        avail = P.on_souls(s, 0)
        for c in pay_options(g):
            soul = P.canonical_soul(cards, avail, color, n - len(paid), P.is_matched(cards, paid, color), c)
            rest = [i for i in avail if i != soul]
            assert P.feasible(cards, rest, color, n - len(paid) - 1,
                              P.is_matched(cards, paid + (soul,), color))
        g.apply(action(g, "pay", color=pay_options(g)[0]))
    assert RAINBOW in off(g) and zone(g, 0, "chars") == ["F-R2"]


# --- SN-C3: rainbow souls pay any colour only by their own text ------------------------------------

@pytest.mark.parametrize("town,ok", [
    ([PRISM], False),          # a rainbow soul without the ability: only a rainbow soul
    ([RAINBOW], True),         # its card says it pays any colour
    ([PRISM, RED], True),
])
def test_sn_c3_rainbow_soul_pays_any_colour_only_by_its_own_ability(town, ok):
    """SN-C3: 004 makes rainbow a wildcard for runes (「虹ルーンは…どの色のルーンとしても扱う」);
    a soul pays any colour only when its card says so (pays_any_color)."""
    assert fixture_rules().cards[PRISM].color == "rainbow" and not fixture_rules().cards[PRISM].pays_any_color
    g = scenario(p0=dict(hand=["F-R1"], town=town, deck=DECK))
    assert can(g, "place", card="F-R1") is ok


def test_sn_c3_prism_still_pays_the_rest_and_colourless_costs():
    """SN-C3: a plain rainbow soul is still a soul: it pays the rest of a cost and a colourless cost."""
    g = scenario(p0=dict(hand=["F-MDMG"], town=[PRISM, RED], deck=DECK), p1=dict(chars=["F-B1"], deck=DECK))
    do(g, "monster", card="F-MDMG")                      # red 2 = red + rainbow
    assert off(g) == sorted([RED, PRISM])
    g = scenario(p0=dict(hand=["F-GRAYC"], town=[PRISM], deck=DECK))
    do(g, "place", card="F-GRAYC")
    assert zone(g, 0, "chars") == ["F-GRAYC"]


def test_sn_c3_the_plain_soul_of_a_colour_is_paid_before_the_one_that_pays_any_colour():
    """SN-C3/SN-C2: red 2 with PRISM (plain rainbow), RAINBOW (pays any colour) and RED: paying
    "rainbow" turns the plain one OFF (the other keeps every option); the suggestion then keeps
    the any-colour soul and pays red."""
    g = scenario(p0=dict(hand=["F-MDMG"], town=[PRISM, RAINBOW, RED], deck=DECK),
                 p1=dict(chars=["F-B1"], deck=DECK))
    do(g, "monster", card="F-MDMG")
    assert pay_options(g) == ["rainbow", "red"]
    do(g, "pay", color="rainbow")
    assert off(g) == [PRISM]
    assert pay_options(g) == ["rainbow", "red"]          # either finishes: both match red
    do(g, "pay_suggested")
    assert off(g) == sorted([PRISM, RED])
    # only the any-colour soul can match: it is the one paid
    g = scenario(p0=dict(hand=["F-R1"], town=[PRISM, RAINBOW], deck=DECK))
    do(g, "place", card="F-R1")
    assert g.decision.kind == "main" and off(g) == [RAINBOW]


def test_sn_c3_sample_town_that_pays_any_colour_says_so():
    """SN-C3: the sample set keeps one town whose text grants it (虹の大灯台); other towns do not."""
    cards = load_cards(ShironekoRules.folder / "cards.toml")
    wild = [c for c in cards if c.kind == "town" and c.pays_any_color]
    assert [c.id for c in wild] == ["SNP-T07"]
    assert "どの色のコストも支払える" in wild[0].text
    assert all(not c.pays_any_color for c in cards if c.kind == "town" and c.id != "SNP-T07")


def test_sn_r5_untap_cost_needs_the_card_off_and_turns_it_on():
    """SN-R5 (004: 「能力の起動にカードをONにしたり OFFにする場合があります」): an ON cost."""
    g = scenario(p0=dict(chars=["F-WAKE"], town=[YELLOW], deck=DECK))
    assert not can(g, "activate", card="F-WAKE", ability=0)      # ON: nothing to turn ON
    g = scenario(p0=dict(chars=[dict(card="F-WAKE", on=False, attacked=True)], town=[YELLOW], deck=DECK),
                 p1=dict(deck=DECK))
    do(g, "activate", card="F-WAKE", ability=0)
    u = unit(g, 0, "F-WAKE")
    assert u.on is True and u.attacked is True            # ON again (it may defend), not a new attack
    assert off(g) == [YELLOW] and zone(g, 0, "hand") == ["F-B1"]
    assert not can(g, "activate", card="F-WAKE", ability=0)      # once per turn
    assert not can(g, "attack", attacker="F-WAKE")


def test_sn_r5_card_format_expresses_on_and_off_costs(tmp_path):
    """SN-R5: ``tap`` (turn OFF) and ``untap`` (turn ON) are ability fields, not both at once; the
    sample set has a card with the ON cost."""
    import tcg
    body = ('[set]\ngame = "shironeko"\nname = "mine"\nversion = "1"\n[[cards]]\nid = "X1"\n'
            'kind = "character"\nname = "x"\ncolor = "red"\ncost = 1\nrune = "red"\nlevel = 1\n'
            'attack = 1\nhp = 1\n[[cards.abilities]]\nkind = "activated"\ntap = true\nuntap = true\n'
            'effects = [{op = "draw"}]\n')
    p = tmp_path / "c.toml"
    p.write_text(body, encoding="utf-8")
    with pytest.raises(tcg.CardDataError, match="untap"):
        load_cards(p)
    p.write_text(body.replace("tap = true\nuntap", "untap"), encoding="utf-8")
    (card,) = load_cards(p)
    assert card.abilities[0].untap and not card.abilities[0].tap
    p.write_text(body.replace("tap = true\nuntap = true", "untap = true").replace('"activated"', '"on_enter"'),
                 encoding="utf-8")
    with pytest.raises(tcg.CardDataError, match="only on: activated"):
        load_cards(p)
    sample = [c for c in load_cards(ShironekoRules.folder / "cards.toml") if any(a.untap for a in c.abilities)]
    assert [c.id for c in sample] == ["SNP-087"] and "このキャラをONにする" in sample[0].text


def test_sn_r5_sample_on_cost_card_in_play():
    """SN-R5: the sample card 夜明けの見張り番リオ after it attacked: pay 1 yellow, turn it ON."""
    import tcg
    from tcg.agents.base import AgentView
    from tcg.engine.rng import Rng
    from tcg.agents.heuristics import shironeko as SH
    from tests.agents.test_heuristics_shironeko_turutoru import sn_scenario
    g = sn_scenario(dict(chars=[dict(card="SNP-087", on=False, attacked=True)],
                         town=[("SNP-T03", True)]), dict(chars=["SNP-001"]))
    rio = g.state.players[0].chars[0]
    act = tcg.Action("activate", ability=0, card=rio.iid)
    assert act in g.legal_actions()
    assert SH.policy(AgentView(g, g.legal_actions()), Rng(0)) == act   # worth it: a blocker again
    g.apply(act)
    assert rio.on and g.state.players[1].chars[0].atk_mod == -1


@pytest.mark.parametrize("lang,words", [("en", ["pay the cost", "red 3", "paid: red", "2 left"]),
                                        ("ja", ["コストの支払い", "赤3", "支払い済み 赤", "残り2"])])
def test_sn_c2_board_labels_the_pay_decision(lang, words):
    """SN-C2: the terminal board names the pay decision, the cost and what is paid so far."""
    from tcg.games.shironeko.terminal import Renderer
    g = scenario(p0=dict(hand=["F-R2"], town=[YELLOW, RED, RED, RED], deck=DECK))
    do(g, "place", card="F-R2")
    do(g, "pay", color="red")
    text = Renderer(g, lang=lang, viewer=1).decision_text(g.observe(1))
    for w in words:
        assert w in text, (w, text)
    r = Renderer(g, lang=lang, viewer=0)
    do(g, "pay_suggested")
    (ev,) = [e for e in g.log.for_player(1) if e["type"] == "pay"]
    assert ev["colors"] == ["red", "red", "red"]          # nothing in hand: nothing to keep for
    assert ("paid 3 souls" if lang == "en" else "ソウル3枚") in r.event_text(ev)  # in the board's language
