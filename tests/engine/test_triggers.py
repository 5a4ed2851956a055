"""engine/triggers.py on its own (no game): the index kept by add / remove, fire with a match,
once per turn, the cap per action, the order ``take`` gives and independent copies."""
from __future__ import annotations

from tcg.engine.triggers import Triggers, When, fire, take

ENTERS = When("enters")
DRAW = When("draw")


def everyone(state, iid, idx, when, info):
    return iid % 2  # the controller: even cards are player 0's, odd ones player 1's


def test_the_index_holds_only_cards_in_their_zone():
    tr = Triggers()
    tr.add(4, ((0, ENTERS, False), (1, DRAW, False)))
    tr.add(5, ((0, ENTERS, False),))
    assert [w[0] for w in tr.index["enters"]] == [4, 5] and [w[0] for w in tr.index["draw"]] == [4]
    tr.remove(4)
    assert [w[0] for w in tr.index["enters"]] == [5] and "draw" not in tr.index
    assert fire(tr, None, "draw", {}, everyone) == 0 and fire(tr, None, "attacks", {}, everyone) == 0


def test_fire_queues_and_take_orders_the_turn_player_first():
    tr = Triggers()
    tr.add(3, ((0, ENTERS, False),))
    tr.add(4, ((0, ENTERS, False),))
    tr.add(6, ((2, ENTERS, False),))
    assert fire(tr, None, "enters", {}, everyone) == 3
    assert take(tr, 1) == [(1, 3, 0, "enters"), (0, 4, 0, "enters"), (0, 6, 2, "enters")]
    assert tr.queue == []


def test_a_match_of_none_does_not_trigger():
    tr = Triggers()
    tr.add(4, ((0, ENTERS, False),))
    assert fire(tr, None, "enters", {}, lambda *a: None) == 0 and tr.queue == []


def test_once_per_turn_until_a_new_turn():
    tr = Triggers()
    tr.add(4, ((0, ENTERS, True),))
    assert fire(tr, None, "enters", {}, everyone) == 1
    assert fire(tr, None, "enters", {}, everyone) == 0
    tr.new_turn()
    assert fire(tr, None, "enters", {}, everyone) == 1


def test_the_cap_per_action():
    tr = Triggers(cap=2)
    tr.add(4, ((0, ENTERS, False),))
    for _ in range(3):
        fire(tr, None, "enters", {}, everyone)
    assert len(tr.queue) == 2 and tr.capped
    tr.begin_action()
    assert fire(tr, None, "enters", {}, everyone) == 1 and not tr.capped


def test_a_copy_is_independent():
    tr = Triggers()
    tr.add(4, ((0, ENTERS, True),))
    other = tr.copy()
    fire(other, None, "enters", {}, everyone)
    other.remove(4)
    assert tr.queue == [] and tr.used == {} and "enters" in tr.index


def test_each_turn_n_counts_up_to_n():
    tr = Triggers()
    tr.add(4, ((0, ENTERS, 2),))
    assert [fire(tr, None, "enters", {}, everyone) for _ in range(3)] == [1, 1, 0]
    assert tr.used == {(4, 0): 2}
    tr.new_turn()
    assert fire(tr, None, "enters", {}, everyone) == 1


def test_entries_given_to_fire_are_tried_instead_of_the_index():
    tr = Triggers()
    tr.add(4, ((0, ENTERS, False),))
    own = ((9, 1, When("put", this=True, where="life"), 0),)
    assert fire(tr, None, "put", {}, everyone, own) == 1
    assert take(tr, 0) == [(1, 9, 1, "put")]


def test_a_trigger_of_a_card_in_a_pile_is_about_the_card_itself():
    from tcg.engine.select import SelectorSchema
    from tcg.engine.triggers import EventSpec, TriggerGame, parse_when
    game = TriggerGame({"put": EventSpec(("card", "from", "to"), froms=("board", "life"), tos=("charge", "hand"),
                                         reveals_to=("charge",)),
                        "draw": EventSpec(())},
                       {"board": False, "life": True}, ("board",), "board", SelectorSchema({}, {}, "board", {}),
                       {"put": ("life",)})

    def fail(message, path):
        raise ValueError(path, message)
    when = parse_when({"event": "put", "card": {"self": True}, "to": "charge", "where": "life"}, game, fail)
    assert (when.this, when.frm, when.to, when.where) == (True, "life", "charge", "life")
    for raw, path in (({"event": "put", "to": "charge", "where": "life"}, ".card"),
                      ({"event": "put", "card": {"self": True}, "to": "hand", "where": "life"}, ".where"),
                      ({"event": "draw", "where": "life"}, ".where")):
        try:
            parse_when(raw, game, fail)
        except ValueError as e:
            assert e.args[0] == path, e.args
        else:
            raise AssertionError(f"{raw} parsed")
