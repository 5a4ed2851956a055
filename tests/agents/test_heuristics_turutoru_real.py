"""The Turu-turu heuristic plays the sample cards TTS-079..TTS-083 (set 1.3.0, "Real cards, part
1", the deck War Council), reading their data, never their text: a search whose filter is a
selector table, statics over a table of all the characters of a side (power, and toughness "for
each"), a look at the opponent's hand, and the numbered keyword 補給 Resupply. One scenario each
where the new card is clearly the best play and the heuristic takes it."""
from __future__ import annotations

from .scenario import chosen
from .test_heuristics_turutoru_language import BUSY, _ids, _run, scenario
from .test_heuristics_turutoru_set13 import ours


def test_the_call_searches_for_the_best_dragon_knight():
    # Haruka applies the Call (a Dawnbreak character of segment 2 or less from the deck) rather
    # than Mass Arrest with nobody of theirs asleep; Gant (3/2, Heavy Armor, War Cry) comes over Kai
    g = scenario(dict(hand=["TTS-079", "TTS-068"], programs=["TTS-021"], chars=["TTS-023"],
                      deck=["TTS-023", "TTS-010", "TTS-078", "TTS-026"]), dict(**BUSY))
    g.apply(chosen(g, ours(g), "apply", "TTS-079"))
    _run(g)
    assert "TTS-078" in _ids(g, 0, "hand")


def test_seraphina_is_placed_among_dragon_knights():
    # a Place with two dragon knights on the field: Seraphina (2/2, theirs +1 power) over Bomber (2/2)
    g = scenario(dict(hand=["TTS-014", "TTS-080"], programs=["TTS-023"], chars=["TTS-023", "TTS-078"]),
                 dict(**BUSY))
    chosen(g, ours(g), "place", "TTS-080")


def test_wiretap_notes_discard_their_biggest_card():
    # Haruka applies the Notes (their hand seen, a card of it discarded) rather than Mass Arrest
    # with nobody of theirs asleep; Valga goes, not Milka
    g = scenario(dict(hand=["TTS-081", "TTS-068"], programs=["TTS-021"], chars=["TTS-023"]),
                 dict(programs=["TTS-023"], hand=["TTS-001", "TTS-027"]))
    g.apply(chosen(g, ours(g), "apply", "TTS-081"))
    _run(g)
    assert "TTS-027" in _ids(g, 1, "discard") and "TTS-001" not in _ids(g, 1, "discard")


def test_bulwark_is_placed_among_ragna_frames():
    # a Place with two Ragna frames on the field: Bulwark (1/2, Ragna +2 toughness, 2 HP) over Yu (2/2)
    g = scenario(dict(hand=["TTS-008", "TTS-082"], programs=["TTS-023"], chars=["TTS-008", "TTS-014"], hp=12),
                 dict(**BUSY))
    chosen(g, ours(g), "place", "TTS-082")


def test_lotte_is_placed_for_her_resupply_when_hurt():
    # Lotte (1/1, Resupply 2) or Milka (1/1): at 5 HP, Lotte
    g = scenario(dict(hand=["TTS-001", "TTS-083"], programs=["TTS-023"], hp=5), dict(**BUSY))
    g.apply(chosen(g, ours(g), "place", "TTS-083"))
    _run(g)
    assert g.state.players[0].hp == 7
