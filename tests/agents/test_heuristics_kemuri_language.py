"""The Kemuri heuristic plays the sample cards written in the card language (set 1.3.0, KMS-044..
KMS-058, KMS-L05), reading their data (``agents/heuristics/kemuri_language.py``), never their text.

One scenario per family of the language, where using the new card is clearly best and the
heuristic takes it, with a twin where it is not: selector tables with filters and ``move`` (a cast
back onto the floor; the opponent's big customers under their deck), conditions (seats compared),
``optional`` / ``if_done`` (a seat from the hand, then a card), triggers with ``when`` (a cast
placed; an event's trigger on a win)."""
from __future__ import annotations


from tcg.agents.heuristics import kemuri as KM

from .corpus_cards import kemuri_choice, strict_fixture
from ..games.kemuri.harness import card_id, decision, do, scenario, zone

#: a locked leader whose charm is spent: the leader's draw and charm are no option
NO_LEADER = dict(leader_active=False, charm_used=True)


strict = strict_fixture(KM)


def km(p0: dict, p1: dict | None = None, **kw):
    return scenario(p0=dict(NO_LEADER, **p0), p1=dict(NO_LEADER, **(p1 or {})), samples=True, **kw)


# --- selector tables with filters, move -------------------------------------------------------

BACK = ["KMS-005", "KMS-015", "KMS-010"]   # three cast cards in the backyard, two of cost 1 or less


def test_leftover_staff_meal_brings_a_cheap_cast_back_onto_the_floor():
    g = km(dict(hand=["KMS-056"], backyard=BACK, floor=["KMS-003"]), dict(floor=["KMS-015"]))
    a = kemuri_choice(g)
    assert a.type == "support" and card_id(g, a.card) == "KMS-056"
    g.apply(a)
    if decision(g) == (0, "target"):
        g.apply(kemuri_choice(g))
    assert len(zone(g, 0, "floor")) == 2 and zone(g, 0, "floor")[1] in ("KMS-005", "KMS-015")


def test_leftover_staff_meal_waits_when_the_floor_is_full():
    g = km(dict(hand=["KMS-056"], backyard=BACK, floor=["KMS-003", "KMS-015", "KMS-016"]))
    assert kemuri_choice(g).type == "end_operation"    # no room: the cast would stay, nothing drawn either


def _trouble_window(opp_seating):
    g = km(dict(hand=["KMS-058"]), dict(seating=opp_seating, floor=["KMS-015"], leader_active=True),
           active=1, start="serving_start")
    assert decision(g) == (0, "trouble")
    return g


def test_sorry_were_full_takes_the_big_customers_of_an_opponent_about_to_close():
    g = _trouble_window(["KMS-010"] * 4 + ["KMS-002"] + ["KMS-003"])   # 16 seats
    a = kemuri_choice(g)
    assert a.type == "trouble" and card_id(g, a.card) == "KMS-058"
    g.apply(a)
    if decision(g) == (0, "target"):
        g.apply(kemuri_choice(g))
    assert "KMS-003" in zone(g, 1, "seating")                            # level 1: never a target


def test_sorry_were_full_is_kept_against_level_1_customers():
    g = _trouble_window(["KMS-003"] * 5)                                 # nothing of level 2 or more
    assert kemuri_choice(g).type == "pass"


# --- conditions: seats compared ---------------------------------------------------------------

def _place_choice(my_seats: int, their_seats: int) -> str:
    g = km(dict(hand=["KMS-003", "KMS-044"], seating=["KMS-001"] * my_seats), dict(seating=["KMS-001"] * their_seats))
    a = kemuri_choice(g)
    assert a.type == "place"
    return card_id(g, a.card)


def test_haru_who_calls_in_while_behind_comes_out_when_behind():
    assert _place_choice(2, 8) == "KMS-044"      # its trigger calls in: worth its seat of cost


def test_the_cost_0_cast_comes_out_first_when_ahead():
    assert _place_choice(8, 2) == "KMS-003"      # no call-in: the free cast is the better one


# --- optional / if_done: "you may ...; if you do, ..." ----------------------------------------

def test_a_reservation_seats_the_level_3_card_worth_least_in_hand_and_draws():
    g = km(dict(hand=["KMS-055", "KMS-001", "KMS-028"], deck=["KMS-011"] * 5, used_event=True))
    for kind in ("operation", "optional", "target_hidden"):
        assert decision(g) == (0, kind)
        a = kemuri_choice(g)
        assert kind != "operation" or (a.type == "support" and card_id(g, a.card) == "KMS-055")
        assert kind != "optional" or a.get("use") is True
        g.apply(a)
    assert zone(g, 0, "seating") == ["KMS-028"]   # an event already used this turn: a seat of 3
    assert sorted(zone(g, 0, "hand")) == ["KMS-001", "KMS-011"]   # the cast kept, a card drawn


def test_a_reservation_with_nothing_else_in_hand_is_kept():
    g = km(dict(hand=["KMS-055"]))
    assert kemuri_choice(g).type == "end_operation"    # nothing to seat: no draw either


# --- triggers with when -----------------------------------------------------------------------

def test_mio_on_the_floor_makes_placing_another_cast_worth_a_card():
    g = km(dict(hand=["KMS-016"], floor=["KMS-046"], seating=["KMS-001"] * 2), dict(floor=["KMS-010"]))
    a = kemuri_choice(g)          # no call-in, nothing to beat, one seat left after it: only Mio's draw pays
    assert a.type == "place" and card_id(g, a.card) == "KMS-016"
    g = km(dict(hand=["KMS-016"], floor=["KMS-003"], seating=["KMS-001"] * 2), dict(floor=["KMS-010"]))
    assert kemuri_choice(g).type == "end_operation"


def test_appreciation_day_is_placed_while_casts_can_win():
    g = km(dict(hand=["KMS-054"], floor=["KMS-010"]))
    a = kemuri_choice(g)
    assert a.type == "event" and card_id(g, a.card) == "KMS-054"
    g = km(dict(hand=["KMS-054"]))               # no cast to win with
    assert kemuri_choice(g).type == "end_operation"


def test_ayame_falling_takes_back_the_best_cast_of_the_backyard():
    g = km(dict(floor=["KMS-010"], deck=["KMS-011"] * 5),
           dict(floor=["KMS-048"], backyard=["KMS-003", "KMS-024"]), start="serve")
    do(g, "serve", cast="KMS-010", target="KMS-048")
    while decision(g) == (1, "help"):
        g.apply(kemuri_choice(g))
    assert decision(g) == (1, "optional")        # "you may" of her trigger on being destroyed
    a = kemuri_choice(g)
    assert a.get("use") is True
    g.apply(a)
    if decision(g) == (1, "target"):
        g.apply(kemuri_choice(g))
    assert zone(g, 1, "hand") == ["KMS-024"]     # the level-3 cast of CP 4, not the cost-0 one


# --- the reader itself -------------------------------------------------------------------------

def test_the_reader_tells_conditions_and_tables_from_the_observation_only():
    from tcg.agents.heuristics import kemuri_language as L
    from tcg.api import card_set
    cards = card_set("kemuri")
    g = km(dict(hand=["KMS-056"], backyard=BACK, seating=["KMS-001"] * 2, floor=["KMS-049"]),
           dict(hand=["KMS-003"], seating=["KMS-010"] * 2))
    obs = g.observe(0)
    behind = cards.find("KMS-044").abilities[0].cond            # your seats < your opponent's
    assert L.holds(obs, 0, behind) and not L.holds(obs, 1, behind)
    three = cards.find("KMS-049").abilities[0].cond             # three casts on your floor
    assert not L.holds(obs, 0, three) and L.holds(obs, 0, three, floor_extra=2)
    draw, move = cards.find("KMS-056").abilities[0].effects     # cast cards in your backyard: 3
    assert not L.holds(obs, 0, draw.cond) and L.holds(obs, 0, move.cond)
    found = L.pile(obs, 0, move.args["target"])                 # cost 1 or less: two of the three
    assert sorted(c["id"] for _, c in found) == ["KMS-005", "KMS-015"]
    seat = cards.find("KMS-055").abilities[0].effects[0].args["target"]
    assert L.pile(obs, 1, seat) is None                         # player 1's hand is not in player 0's view
    assert L.pile(g.observe(1), 1, seat) == [(True, g.observe(1)["players"][1]["hand"][0])]
