"""Deck codes (tcg.engine.deck_code): every sample deck survives the trip through a code, a pasted
code may be wrapped, and each kind of damage gets a message naming it."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tcg.api import card_set, list_decks, list_games, load_deck
from tcg.engine.deck import Deck
from tcg.engine.deck_code import DeckCodeError, decode, encode, looks_like_code, set_tag


@pytest.mark.parametrize("game", list_games())
def test_every_sample_deck_reads_back_from_its_code_card_for_card(game):
    cards = card_set(game)
    for name in list_decks(game):
        deck = load_deck(game, name)
        code = encode(deck, cards)
        assert code.startswith(f"tcg1:{game}:{set_tag(cards)}:")
        back = decode(code, game, cards)
        assert back.sections == {k: v for k, v in deck.sections.items() if v}
        assert len(code) < 400, (name, len(code))


def test_a_code_wrapped_by_a_chat_reads_the_same():
    cards = card_set("zx")
    deck = load_deck("zx", list_decks("zx")[0])
    code = encode(deck, cards)
    wrapped = "  " + "\n".join(code[i:i + 30] for i in range(0, len(code), 30)) + " \n"
    assert looks_like_code(wrapped) and not looks_like_code("red_rush")
    assert decode(wrapped, "zx", cards).sections == decode(code, "zx", cards).sections


def test_a_code_of_another_game_names_both_games():
    deck = load_deck("zx", list_decks("zx")[0])
    code = encode(deck, card_set("zx"))
    with pytest.raises(DeckCodeError, match="for game 'zx', not 'kemuri'"):
        decode(code, "kemuri", card_set("kemuri"))


@pytest.mark.parametrize("damage, message", [
    (lambda c: c[:-12], "damaged"),
    (lambda c: c.replace("tcg1", "tcg9"), "not a deck code"),
    (lambda c: ":".join(c.split(":")[:3]), "not a deck code"),
    (lambda c: c.replace(c.split(":")[2], "zz"), "six hex digits"),
])
def test_a_damaged_code_says_which_part_is_wrong(damage, message):
    deck = load_deck("shironeko", "red_rush")
    code = encode(deck, card_set("shironeko"))
    with pytest.raises(DeckCodeError, match=message):
        decode(damage(code), "shironeko", card_set("shironeko"))


def test_a_code_made_with_another_card_set_names_the_cards_this_set_lacks():
    cards = card_set("shironeko")
    mine = Deck("shironeko", "mine", {"main": ("MY-001",) * 3 + ("SNP-001",)})

    class OtherSet(list):
        version = "9.9.9"
    other = OtherSet(list(cards) + [type("C", (), {"id": "MY-001"})()])
    code = encode(mine, other)
    with pytest.raises(DeckCodeError, match=r"another card set .*: 1 of its cards are not in this one: MY-001"):
        decode(code, "shironeko", cards)
    # with the same set, an unknown card is left for the deck check to report, as in a deck file
    assert decode(encode(mine, cards), "shironeko", cards).section("main").count("MY-001") == 3


_ids = st.text(alphabet="ABCXYZ-0123456789あ%;,=* ", min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(["main", "dynamis", "town", "leader"]),
                       st.dictionaries(_ids, st.integers(1, 40), min_size=1, max_size=12), min_size=1))
def test_any_deck_reads_back_from_its_code(sections):
    deck = Deck("zx", "d", {sec: tuple(cid for cid, n in counts.items() for _ in range(n))
                            for sec, counts in sections.items()})
    back = decode(encode(deck, card_set("zx")), "zx")
    assert {k: v for k, v in back.sections.items()} == deck.sections


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_any_text_after_the_prefix_is_read_or_refused_with_a_deck_code_error(tail):
    try:
        decode("tcg1:zx:abcdef:" + tail, "zx")
    except DeckCodeError:
        pass
