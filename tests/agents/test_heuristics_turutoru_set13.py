"""The Turu-turu heuristic plays the cards of set 1.3.0, which use the card language's costs,
choices, amounts and keywords (docs/cards.md T5c, T5d, T6a): for each family a scenario where the
new card is clearly the best play, read from the cards' data, and a twin where it is not."""
from __future__ import annotations

from .scenario import chosen
from .test_heuristics_turutoru_language import BUSY, _ids, _run, first, scenario


def ours(g):
    """The opponent's programs that run before ours (their Place), then the heuristic's first
    choice of our running program."""
    _run(g, player=1)
    return first(g)


def play(g):
    """The opponent's programs that run before ours, then ours, answered by the heuristic."""
    _run(g, player=1)
    if g.decision.kind == "program":
        return
    g.apply(first(g))
    _run(g)

# --- costs ---------------------------------------------------------------------------------------


def test_cost_lise_discards_a_card_to_kill_the_blaze():
    # an Activate (Stella's program): Lise (discard a card: 2 damage to a character of theirs) or
    # Mimi (1 damage to their 20 HP). Their Blaze 5/2 falls to Lise for the Jamming Tower
    g = scenario(dict(hand=["TTS-036"], chars=["TTS-069", "TTS-052"], programs=["TTS-004"]),
                 dict(chars=["TTS-053"], **BUSY))
    chosen(g, ours(g), "activate", "TTS-069")
    _run(g)
    assert not g.state.players[1].chars and "TTS-036" in _ids(g, 0, "discard")


def test_cost_no_lise_without_a_card_to_discard():
    # the same with an empty hand: Lise's cost cannot be paid, Mimi burns
    g = scenario(dict(chars=["TTS-069", "TTS-052"], programs=["TTS-004"]),
                 dict(chars=["TTS-053"], **BUSY))
    chosen(g, ours(g), "activate", "TTS-052")


def test_cost_from_the_hand_pii_finishes_the_opponent():
    # their HP is 1 and no character of ours has an Activate: Pii is thrown from the hand
    g = scenario(dict(hand=["TTS-070"], programs=["TTS-004"]), dict(hp=1, **BUSY))
    play(g)
    assert g.is_over and g.result["winner"] == 0


def test_cost_from_the_hand_kept_when_mimi_does_the_same():
    # Mimi on the field deals the same 1 damage for nothing: Pii stays in the hand
    g = scenario(dict(hand=["TTS-070"], chars=["TTS-052"], programs=["TTS-004"]), dict(**BUSY))
    _run(g)
    assert _ids(g, 0, "hand") == ["TTS-070"] and g.state.players[1].hp == 19


# --- choices / look ------------------------------------------------------------------------------

def test_choose_one_the_circle_kills_the_blaze():
    # Three-Way Circle (draw 2 / 2 damage to a character / 3 HP) against their Blaze 5/2: the damage
    g = scenario(dict(hand=["TTS-074"], programs=["TTS-021"], chars=["TTS-023"]),
                 dict(chars=["TTS-053"], **BUSY))
    _run(g)
    assert not g.state.players[1].chars


def test_choose_one_the_circle_draws_when_there_is_nothing_to_hit():
    # no character of theirs, full HP: the Circle draws 2
    g = scenario(dict(hand=["TTS-074"], programs=["TTS-021"], chars=["TTS-023"]), dict(**BUSY))
    _run(g)
    assert len(g.state.players[0].hand) == 2 and g.state.players[0].hp == 20


def test_chooser_opponent_questioning_against_a_lone_valga():
    # Voluntary Questioning (they return one of their characters) against their lone Valga 5/5,
    # or the Recovery Patch at full HP: Questioning, and Valga goes back to the hand
    g = scenario(dict(hand=["TTS-076", "TTS-039"], programs=["TTS-021"], chars=["TTS-023"]),
                 dict(chars=["TTS-027"], **BUSY))
    g.apply(chosen(g, ours(g), "apply", "TTS-076"))
    _run(g)
    assert "TTS-027" in _ids(g, 1, "hand")


def test_chooser_opponent_no_questioning_against_an_empty_field():
    # nothing of theirs to return, 12 HP: the Recovery Patch
    g = scenario(dict(hp=12, hand=["TTS-076", "TTS-039"], programs=["TTS-021"], chars=["TTS-023"]),
                 dict(**BUSY))
    chosen(g, ours(g), "apply", "TTS-039")


# --- amounts -------------------------------------------------------------------------------------

def test_for_each_onslaught_wins_with_three_dragon_knights():
    # their HP is 3; three Dawnbreak characters of ours: Dragon-Knight Onslaught deals 3
    g = scenario(dict(hp=10, hand=["TTS-077", "TTS-039"], programs=["TTS-021"],
                      chars=["TTS-023", "TTS-023", "TTS-078"]), dict(hp=3, **BUSY))
    chosen(g, ours(g), "apply", "TTS-077")
    play(g)
    assert g.is_over and g.result["winner"] == 0


def test_for_each_no_onslaught_without_dragon_knights():
    # Ragna pilots only: the Onslaught counts nothing, the Recovery Patch heals
    g = scenario(dict(hp=10, hand=["TTS-077", "TTS-039"], programs=["TTS-021"],
                      chars=["TTS-008", "TTS-008"]), dict(hp=3, **BUSY))
    chosen(g, ours(g), "apply", "TTS-039")


# --- keywords ------------------------------------------------------------------------------------

def test_keyword_war_cry_gant_placed_for_the_last_point():
    # their HP is 1: a Place puts Gant (War Cry: 1 damage when he enters) down rather than Yu
    g = scenario(dict(hand=["TTS-008", "TTS-078"], programs=["TTS-023"]), dict(hp=1, **BUSY))
    play(g)
    assert g.is_over and g.result["winner"] == 0


def test_keyword_war_cry_not_over_a_far_bigger_body():
    # their HP is 20: Valga 5/5 is worth more on the field than Gant's point of damage
    g = scenario(dict(hand=["TTS-027", "TTS-078"], programs=["TTS-023"]), dict(**BUSY))
    chosen(g, ours(g), "place", "TTS-027")


def test_look_canvassing_takes_a_character_when_nothing_else_does_anything():
    # Canvassing (the top 4, a character card of them to the hand) or Mass Arrest with nobody of
    # theirs asleep: Canvassing, and a character card of the deck comes to the hand
    g = scenario(dict(hand=["TTS-075", "TTS-068"], programs=["TTS-021"], chars=["TTS-023"]), dict(**BUSY))
    g.apply(chosen(g, ours(g), "apply", "TTS-075"))
    _run(g)
    assert _ids(g, 0, "hand") == ["TTS-068", "TTS-016"]


def test_look_no_canvassing_when_mass_arrest_clears_their_sleepers():
    # two sleeping power-3-or-less characters of theirs: Mass Arrest destroys both
    g = scenario(dict(hand=["TTS-075", "TTS-068"], programs=["TTS-021"], chars=["TTS-023"]),
                 dict(chars=[{"card": "TTS-009", "awake": False}, {"card": "TTS-023", "awake": False}], **BUSY))
    chosen(g, ours(g), "apply", "TTS-068")
