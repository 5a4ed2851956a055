"""Decks a stranger may hand ``tcg.new_game`` (issue 28, item 11): with or without the
deck-construction rules (``validate``), a deck the game cannot take is refused with an
``IllegalDeckError``, a ``TcgError`` with a one-line message naming the game it was checked for,
the section and the card; never a ValueError, an IndexError or a crash in the middle of the
set-up. Without ``validate`` only what set-up and play need is checked (``setup_problems``): the
sections, the kinds of card each takes, enough cards to deal."""
from __future__ import annotations

import random

import pytest

import tcg
from tcg.engine.deck import Deck
from tcg.engine.game import Game
from tcg.games import get_rules

GAMES = tcg.list_games()


def sample(game: str, i: int = 0) -> Deck:
    return tcg.load_deck(game, tcg.list_decks(game)[i])


def with_sections(deck: Deck, **sections) -> Deck:
    """``deck`` with some sections replaced (a value of None drops the section)."""
    secs = {k: v for k, v in deck.sections.items() if k not in sections}
    secs.update({k: tuple(v) for k, v in sections.items() if v is not None})
    return Deck(deck.game, "garbled", secs)


def refused(game: str, deck: Deck, validate: bool) -> tcg.IllegalDeckError:
    with pytest.raises(tcg.IllegalDeckError) as e:
        tcg.new_game(game, [deck, sample(game)], seed=1, validate=validate)
    message = str(e.value)
    assert "\n" not in message and message.startswith("deck 'garbled' ")
    assert e.value.game == game and game in message
    return e.value


def play(g: tcg.Game, seed: int, actions: int = 200) -> None:
    rng = random.Random(seed)
    for _ in range(actions):
        if g.is_over:
            return
        g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("validate", [True, False])
@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_card_is_named_with_its_section(game, validate):
    deck = sample(game)
    main = list(deck.section("main"))
    main[3] = "NO-SUCH-CARD"
    e = refused(game, with_sections(deck, main=main), validate)
    assert "unknown card 'NO-SUCH-CARD' in [main]" in str(e)
    assert any(p.card == "NO-SUCH-CARD" for p in e.problems)
    assert ("cannot be played in" in str(e)) is not validate


def test_the_deal_itself_refuses_an_unknown_card_with_a_tcg_error():
    """A game built around the rules directly (no ``new_game`` check) still gets an
    ``IllegalDeckError``, not a ValueError, for a card the set does not know."""
    rules = get_rules("turutoru")
    bad = with_sections(sample("turutoru"), main=["NOPE"] * 40)
    with pytest.raises(tcg.IllegalDeckError, match=r"unknown card 'NOPE' in \[main\]"):
        Game(rules, [bad, sample("turutoru")], 1)


@pytest.mark.parametrize("validate", [True, False])
def test_a_deck_of_another_game_is_refused_naming_the_game_it_was_checked_for(validate):
    """A Turu-turu deck given to Shironeko: the message says it is not legal for (or cannot be
    played in) shironeko, because it is a turutoru deck (before: 'not legal for turutoru')."""
    tt = tcg.load_deck("turutoru", tcg.list_decks("turutoru")[0])
    with pytest.raises(tcg.IllegalDeckError) as e:
        tcg.new_game("shironeko", [tt, sample("shironeko")], seed=1, validate=validate)
    message = str(e.value)
    assert e.value.game == "shironeko" and "\n" not in message
    verdict = "is not legal for shironeko" if validate else "cannot be played in shironeko"
    assert verdict in message and "deck is for game 'turutoru', not 'shironeko'" in message
    assert "for turutoru:" not in message
    # the same deck written as a mapping that names its game
    with pytest.raises(tcg.IllegalDeckError, match="deck is for game 'turutoru', not 'shironeko'"):
        tcg.new_game("shironeko", [tt.to_dict(), sample("shironeko")], seed=1, validate=validate)


@pytest.mark.parametrize("validate", [True, False])
def test_kemuri_sections_swapped_are_named(validate):
    """KM-D1, KM-D5: the leader in the deck and thirty cards in [leader] (before: an IndexError
    when the 'leader' used its charm)."""
    deck = sample("kemuri")
    e = refused("kemuri", with_sections(deck, main=deck.section("leader"), leader=deck.section("main")), validate)
    rules = {p.rule for p in e.problems}
    assert {"KM-D1", "KM-D5"} <= rules
    if not validate:
        assert "[main] takes only cast, event, support, trouble cards, not" in str(e)
        assert "[leader] takes only leader cards, not" in str(e)


def test_kemuri_without_a_leader_or_with_two_cannot_be_played():
    """KM-D5: exactly one leader, even unchecked (a player closes with their leader to win; a
    second leader would be dealt nowhere)."""
    deck = sample("kemuri")
    leader = deck.section("leader")
    assert "[leader] has 0 cards, the game needs at least 1" in str(refused("kemuri", with_sections(deck, leader=None), False))
    assert "[leader] has 2 cards, at most 1" in str(refused("kemuri", with_sections(deck, leader=leader * 2), False))


@pytest.mark.parametrize("validate", [True, False])
def test_zx_deck_of_five_cards_is_refused(validate):
    """ZX-S5, ZX-S6: the set-up deals 4 to the hand, 4 life and 2 resources from the deck
    (before: an IndexError, 'pop from empty list', after the mulligans)."""
    deck = sample("zx")
    plain = [c for c in deck.section("main") if not tcg.card_set("zx")[c].start_card
             and not tcg.card_set("zx")[c].gate_card]
    e = refused("zx", with_sections(deck, main=plain[:5]), validate)
    assert any(p.rule == "ZX-D1" for p in e.problems)
    if not validate:
        assert "[main] has 5 cards, the game needs at least 10 to deal the starting hand, life and resources" in str(e)


def test_zx_needs_room_for_the_start_and_gate_cards_taken_out_of_the_deck():
    """ZX-S2, ZX-S3, ZX-S6: a start card and a gate card leave the deck before the deal, so a
    deck holding them needs that many more cards; with exactly enough the game plays."""
    zx = tcg.card_set("zx")
    deck = sample("zx")
    main = deck.section("main")
    start = next(c for c in main if zx[c].start_card)
    gate = next(c for c in main if zx[c].gate_card)
    plain = [c for c in main if not zx[c].start_card and not zx[c].gate_card]
    e = refused("zx", with_sections(deck, main=[start, gate] + plain[:9]), False)
    assert "needs at least 12 to deal the starting hand, life and resources (10) besides a start card and a " \
           "gate card" in str(e)
    for main in ([start, gate] + plain[:10], plain[:10]):
        for seed in range(3):
            g = tcg.new_game("zx", [with_sections(deck, main=main), deck], seed=seed, validate=False)
            play(g, seed)


def test_zx_one_player_card_and_one_ob_bottom_at_most():
    """ZX-D5 (a second one would be dealt nowhere)."""
    deck = sample("zx")
    player = [c.id for c in tcg.card_set("zx") if c.kind == "player"][:1]
    e = refused("zx", with_sections(deck, player=player * 2), False)
    assert "[player] has 2 cards, at most 1" in str(e)


@pytest.mark.parametrize("game,section,cards,needed", [
    ("shironeko", "main", 5, "at least 6 to deal a starting hand of 5 and keep a card"),  # SN-S2
    ("turutoru", "main", 6, "at least 7 to draw the starting hand of 7"),  # TT-S2
    ("kemuri", "main", 0, "at least 1"),  # KM-D1
])
def test_too_few_cards_to_deal_is_refused_even_unchecked(game, section, cards, needed):
    """SN-S2, TT-S2, KM-D1: a deck the set-up cannot deal from (before: a game over before its
    first decision, or a deck with nothing in it); one card more plays."""
    deck = sample(game)
    e = refused(game, with_sections(deck, **{section: deck.section(section)[:cards]}), False)
    assert f"[{section}] has {cards} cards, the game needs {needed}" in str(e)
    g = tcg.new_game(game, [with_sections(deck, **{section: deck.section(section)[:cards + 1]}), deck],
                     seed=2, validate=False)
    assert not g.is_over and g.decision is not None
    play(g, 2)


def test_shironeko_town_and_main_swapped_are_named():
    """SN-D1, SN-D5: town cards cannot be in the main deck nor characters in the town deck
    (before: an IndexError, 'a card without a colour is not a soul', when paying)."""
    deck = sample("shironeko")
    e = refused("shironeko", with_sections(deck, main=deck.section("town") * 4, town=deck.section("main")[:10]), False)
    assert "[main] takes only character, awakened_character, monster cards, not" in str(e)
    assert "[town] takes only town cards, not" in str(e)
    assert {p.rule for p in e.problems} == {"SN-D1", "SN-D5"}


def test_a_section_the_game_does_not_have_is_named():
    deck = sample("turutoru")
    e = refused("turutoru", with_sections(deck, town=deck.section("main")[:3]), False)
    assert "unknown deck section [town] (a deck has [main])" in str(e)


def test_many_problems_stay_one_line_and_say_how_many_more():
    deck = sample("shironeko")
    main = [f"X-{i}" for i in range(40)]
    e = refused("shironeko", with_sections(deck, main=main), False)
    assert len(e.problems) == 40 and "; and 35 more" in str(e)


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_but_playable_deck_still_plays_unchecked(game):
    """``validate=False`` keeps its use: a deck breaking only the construction rules (five more
    copies of one card) is dealt and played."""
    deck = sample(game)
    main = list(deck.section("main"))
    more = with_sections(deck, main=main + [main[0]] * 5)
    assert tcg.validate_deck(game, more)
    for seed in range(3):
        play(tcg.new_game(game, [more, deck], seed=seed, validate=False), seed)
    with pytest.raises(tcg.IllegalDeckError, match=f"is not legal for {game}"):
        tcg.new_game(game, [more, deck], seed=1)


def test_replay_refuses_a_record_deck_the_game_cannot_play():
    """A record whose deck was edited into one the game cannot play: a RecordError naming the
    deck, not a crash while rebuilding it."""
    g = tcg.new_game("kemuri", [sample("kemuri"), sample("kemuri", 1)], seed=3)
    rec = g.record()
    rec["decks"][0]["sections"]["leader"] = rec["decks"][0]["sections"]["main"][:2]
    with pytest.raises(tcg.RecordError, match=r"record deck #0 .* is not legal for kemuri"):
        tcg.replay(rec)
