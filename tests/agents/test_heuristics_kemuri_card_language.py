"""The Kemuri heuristic answers the decisions the card language adds (docs/card-language-design.md),
with the cards of the mechanics corpus (tests/corpus/kemuri): choosing several cards among piles
(``target``, ``target_done``), a secret choice among its own hand (``target_hidden``), "you may"
(``optional``), an optional triggered ability of its own."""
from __future__ import annotations


from tcg.agents.heuristics import kemuri as KM

from .corpus_cards import kemuri_choice, strict_fixture
from ..corpus.test_kemuri_conditions import game as conditions_game
from ..corpus.test_kemuri_select import game as select_game
from ..corpus.test_kemuri_triggers import game as triggers_game
from ..games.kemuri.harness import decision, do, zone


strict = strict_fixture(KM)


def card(g, a) -> str:
    return g.state.cards[a.target].id


def test_it_takes_the_opponents_best_customers():
    g = select_game(p0=dict(hand=["KSEL-07"]), p1=dict(seating=["K-F2", "K-F1", "K-EA"]))
    do(g, "support", card="KSEL-07")
    a = kemuri_choice(g)
    assert a.type == "target" and card(g, a) in ("K-F1", "K-EA")   # both level 1: either
    g.apply(a)
    assert kemuri_choice(g).type == "target"                                # a second one too


def test_it_seats_its_best_hand_card_in_secret():
    g = select_game(p0=dict(hand=["KSEL-04", "K-LA", "K-F3", "K-F1"]))
    do(g, "support", card="KSEL-04")
    assert decision(g) == (0, "target_hidden")
    a = kemuri_choice(g)
    g.apply(a)
    assert zone(g, 0, "seating") and card(g, a) in zone(g, 0, "seating")


def test_it_sends_the_opponents_casts_away_up_to_the_most():
    g = select_game(p0=dict(hand=["KSEL-01"]), p1=dict(floor=["K-EA", "K-LC"]))
    do(g, "place", card="KSEL-01")
    g.apply(kemuri_choice(g))                                               # their casts to their deck: good
    g.apply(kemuri_choice(g))
    assert zone(g, 1, "floor") == []


def test_it_answers_you_may():
    g = conditions_game(p0=dict(hand=["KCON-03"], seating=["K-F2"]))
    do(g, "support", card="KCON-03")
    a = kemuri_choice(g)
    assert a.type == "optional"                  # (a corpus card: no public text to weigh, so yes)
    assert a.get("use") is True


def test_it_pays_a_seat_to_draw_two_and_declines_losing_one_for_nothing(monkeypatch):
    from tcg.engine.cards import CardText
    from tcg.games.kemuri.cards import load_cards
    g = conditions_game(p0=dict(hand=["KCON-03"], seating=["K-F2"]))
    do(g, "support", card="KCON-03")
    monkeypatch.setattr(KM, "_db", lambda cid: g.rules.cards.find(cid))   # the card's text is public
    assert kemuri_choice(g).get("use") is True          # lose a seat: if you do, draw two
    bare = load_cards(CardText("bare.toml", '[set]\ngame = "kemuri"\nname = "t"\nversion = "1"\n[[cards]]\n'
                                             'id = "KCON-03"\nkind = "support"\nname = "x"\nlevel = 1\n'
                                             '[[cards.abilities]]\nkind = "use"\neffects = [{op = "lose_seats",'
                                             ' player = "self", amount = 1, optional = true}]\n'))
    monkeypatch.setattr(KM, "_db", lambda cid: bare.find(cid))
    assert kemuri_choice(g).get("use") is False         # the same loss with nothing for it


def test_it_uses_its_optional_trigger():
    g = triggers_game(p0=dict(hand=["K-EA"], floor=["KTRG-02"]))
    do(g, "place", card="K-EA")
    assert decision(g) == (0, "optional")
    a = kemuri_choice(g)
    assert a.type == "optional" and a.get("use") is True
