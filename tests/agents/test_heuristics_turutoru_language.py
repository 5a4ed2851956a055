"""The Turu-turu heuristic plays the cards of set 1.2.0, which use the card language (docs/cards.md
T5a, T5b, T6, T7): one scenario per family where the new card is clearly the best play, read from
the cards' data (``heuristics/turutoru_language.py``), and a twin where the same card is not."""
from __future__ import annotations

from tcg.agents.heuristics import turutoru as TT

from .scenario import act
from .scenario import zone_ids as _ids
from .test_heuristics_shironeko_turutoru import tt_scenario
from .scenario import card_id as _card
from .scenario import chosen


def scenario(p0: dict, p1: dict, priority: int = 0, rnd: int = 3):
    """``tt_scenario`` at the main phase (the programs below run), the cards' triggers indexed."""
    return tt_scenario(p0, p1, start="main", priority=priority, rnd=rnd, triggers=True)


#: the opponent's own program (Kai places Milka), so that the main phase, and what our program
#: did this round, lasts past ours
BUSY = dict(programs=["TTS-023"], hand=["TTS-001"])


def first(g):
    """The heuristic's first choice of our running program, after it picked which program of a
    multi-program card runs (choose_program)."""
    if g.decision.kind == "choose_program":
        g.apply(act(g, TT.policy))
    return act(g, TT.policy)


def _run(g, player=0, limit=20):
    """Let the heuristic answer ``player``'s decisions of this main phase while they last."""
    for _ in range(limit):
        if g.is_over or g.decision is None or g.decision.player != player or g.decision.kind == "program":
            return
        g.apply(act(g, TT.policy))


# --- selector tables with filters ---------------------------------------------------------------

def test_selector_filter_the_capture_net_beds_the_big_attacker_and_wounds_it():
    # Pom's Effect: Capture Net (an awake power-4+ character of theirs to bed, then 1 damage) or
    # the Missile Pod (2 damage to their 20 HP). Their awake Valga 5/5 is the one to stop
    g = scenario(dict(devices=["TTS-054", "TTS-065"], programs=["TTS-007"], chars=["TTS-023"]),
                 dict(chars=["TTS-027"], **BUSY))
    _run(g)  # the program, the Effect, the target
    valga = g.state.players[1].chars[0]
    assert not valga.awake and valga.damage == 1
    assert g.state.players[1].hp == 20


def test_selector_filter_no_capture_net_on_a_small_character():
    # their awake character has power 3: the Capture Net has nothing to act on (power 4 or more
    # only), so the Missile Pod fires
    g = scenario(dict(devices=["TTS-054", "TTS-065"], programs=["TTS-007"], chars=["TTS-023"]),
                 dict(chars=["TTS-063"], **BUSY))
    _run(g)
    assert g.state.players[1].hp == 18 and g.state.players[1].chars[0].awake


# --- move to other zones -------------------------------------------------------------------------

def test_move_from_the_discard_pile_to_the_field():
    # an Activate with Nora (a power-3-or-less character card from the discard pile onto the
    # field, 3+ cards there) or Kotoha (a segment-2-or-less one to the hand): with one character
    # on our field, Commander Wolf comes back onto it (Blaze, power 5, may not)
    g = scenario(dict(chars=["TTS-058", "TTS-057"], programs=["TTS-052"],
                      discard=["TTS-053", "TTS-010", "TTS-001"]), dict(chars=["TTS-023"], **BUSY))
    chosen(g, first(g), "activate", "TTS-058")
    _run(g)
    assert "TTS-010" in [g.state.cards[u.iid].id for u in g.state.players[0].chars]
    assert "TTS-053" in _ids(g, 0, "discard")


# --- conditions ----------------------------------------------------------------------------------

def test_condition_mass_arrest_wins_when_behind_on_the_field():
    # their HP is 1. Mass Arrest deals 1 damage only while we have fewer characters than they do;
    # with one against two it wins the game
    g = scenario(dict(hand=["TTS-039", "TTS-068"], programs=["TTS-021"], chars=["TTS-023"]),
                 dict(hp=1, chars=["TTS-009", "TTS-011"]))
    chosen(g, first(g), "apply", "TTS-068")
    _run(g)
    assert g.is_over and g.result["winner"] == 0


def test_condition_mass_arrest_not_when_the_condition_fails():
    # three characters against two: its damage does not happen and nobody sleeps; the Recovery
    # Patch (4 HP at 5 HP) is worth more
    g = scenario(dict(hp=5, hand=["TTS-039", "TTS-068"], programs=["TTS-021"],
                      chars=["TTS-023", "TTS-008", "TTS-009"]), dict(hp=1, chars=["TTS-009", "TTS-011"]))
    chosen(g, first(g), "apply", "TTS-039")


def test_condition_on_an_ability_cecil_only_while_their_hand_is_fuller():
    # an Activate (Stella's program): Cecil (a random card of their hand, only while it is fuller
    # than ours) or Mimi (1 damage to their 20 HP). Their hand of 3 against our 1: Cecil; level
    # hands: Cecil is not offered, Mimi burns
    for theirs, used in ((3, "TTS-062"), (1, "TTS-052")):
        g = scenario(dict(hand=["TTS-001"], chars=["TTS-062", "TTS-052"], programs=["TTS-004"]),
                     dict(hand=["TTS-001"] * theirs, chars=["TTS-023"], programs=["TTS-023"]))
        a = first(g)
        assert a.type == "activate" and _card(g, a.card) == used, theirs
        _run(g)
        assert len(g.state.players[1].hand) == theirs - (1 if used == "TTS-062" else 0)


# --- if_done and optional ------------------------------------------------------------------------

def test_optional_and_if_done_data_rebuild_trades_a_card_for_two():
    # a small hand, no character to place: Data Rebuild puts the Jamming Tower under the deck
    # and draws 2
    g = scenario(dict(hand=["TTS-067", "TTS-036"], programs=["TTS-021"], chars=["TTS-023"], deck=15),
                 dict(chars=["TTS-023"], **BUSY))
    chosen(g, first(g), "apply", "TTS-067")
    _run(g)
    assert len(g.state.players[0].hand) == 2 and "TTS-036" in _ids(g, 0, "deck")


def test_optional_and_if_done_no_rebuild_into_a_deck_out():
    # two cards left in the deck: drawing 2 would leave it empty against a fuller deck; the
    # heuristic answers no to the "you may", so nothing is drawn
    g = scenario(dict(hand=["TTS-067", "TTS-036"], programs=["TTS-021"], chars=["TTS-023"], deck=2),
                 dict(chars=["TTS-023"], deck=20, **BUSY))
    _run(g)
    assert len(g.state.players[0].deck) == 2


def test_if_done_forced_return_needs_a_small_target():
    # Forced Return (a toughness-2-or-less character of theirs to the hand; if you do, draw) is
    # the best Apply against their Blaze 5/2; against Valga 5/5 alone it does nothing
    g = scenario(dict(hand=["TTS-066", "TTS-039"], programs=["TTS-021"], chars=["TTS-023"], hp=18),
                 dict(chars=["TTS-053"], **BUSY))
    chosen(g, first(g), "apply", "TTS-066")
    _run(g)
    assert _ids(g, 1, "hand") == ["TTS-001", "TTS-053"] and len(g.state.players[0].hand) == 2
    g = scenario(dict(hand=["TTS-066", "TTS-039"], programs=["TTS-021"], chars=["TTS-023"], hp=18),
                 dict(chars=["TTS-027"]))
    chosen(g, first(g), "apply", "TTS-039")


# --- triggers ------------------------------------------------------------------------------------

def test_trigger_optional_draw_yes_with_a_thick_deck_no_when_it_runs_out():
    # Doc (Auto, optional: another Ragna character of ours enters -> you may draw) is on the
    # field; a Place puts Yu (Ragna) down: yes with 20 cards, no with 1 left
    for deck, drawn in ((20, True), (1, False)):
        g = scenario(dict(hand=["TTS-008"], programs=["TTS-023"], chars=["TTS-060"], deck=deck),
                     dict(chars=["TTS-023"], deck=20, **BUSY))
        _run(g)
        assert len(g.state.players[0].deck) == deck - (1 if drawn else 0), deck


def test_trigger_cards_are_placed_before_vanilla_twins():
    # Doc 2/2 with a trigger against Yu 2/2 without: the Place puts Doc down
    g = scenario(dict(hand=["TTS-008", "TTS-060"], programs=["TTS-023"]), dict(**BUSY))
    chosen(g, act(g, TT.policy), "place", "TTS-060")
