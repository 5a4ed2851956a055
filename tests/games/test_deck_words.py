"""Deck problems in the page's language (issue 30, item 6): every problem of the deck checks
(``validate_deck``) and of the set-up check (``setup_problems``) carries a key of the words
tables; its English text is its message, its Japanese text is Japanese (no English sentence
left), and every key the checks use has both languages."""
from __future__ import annotations

import pathlib
import re

import pytest

import tcg
from tcg.engine.deck import Deck, DeckProblem
from tcg.games import get_rules
from tcg.present.text import catalog, is_japanese

GAMES = ("shironeko", "turutoru", "kemuri", "zx")
SRC = pathlib.Path(tcg.__file__).parent
#: English words no Japanese problem may hold (section names such as [main] and card ids aside)
#: (ASCII letters around: Japanese letters count as word letters for \b)
ENGLISH = re.compile(r"(?<![A-Za-z])(deck|cards?|copies|unknown|must|exactly|most|least|takes|only|has|holds|"
                     r"the|is|of|not|in|with|found|needs?|write|marked|share|use)(?![A-Za-z])", re.I)
#: a card of a kind the main deck does not take, per game (turutoru's main deck takes every kind)
WRONG_KIND = {"shironeko": "town", "kemuri": "leader", "zx": "zx_ex"}


def broken(game: str) -> Deck:
    """A deck with too few cards, too many copies of a card, a card of a kind its section does not
    take, an unknown card and a section the game does not have."""
    rules = get_rules(game)
    sample = tcg.load_deck(game, tcg.list_decks(game)[0])
    first = sample.section("main")[0]
    main = [first] * (rules.profile.get("deck.max_copies") + 2) + ["NOPE-404"]
    if game in WRONG_KIND:
        main.append(next(c.id for c in rules.cards if c.kind == WRONG_KIND[game]))
    sections = {sec: ids for sec, ids in sample.sections.items() if sec != "main"}
    return Deck(game, "broken", {"main": tuple(main), **sections, "sideboard": (first,)})


def all_problems(game: str, deck: Deck) -> list[DeckProblem]:
    rules = get_rules(game)
    return rules.validate_deck(deck) + rules.setup_problems(deck)


def check_words(problems: list[DeckProblem]) -> None:
    for p in problems:
        assert p.key, p
        assert p.text("en") == p.message and p.text() == p.message
        ja = p.text("ja")
        assert is_japanese(ja) and "⟦" not in ja and ja != p.message, ja
        english = ENGLISH.findall(re.sub(r"\[[^\]]*\]", "", ja))  # [section] names are the file's
        assert not english, (ja, english)
        assert p.to_dict()["key"] == p.key and p.to_dict()["message"] == p.message


@pytest.mark.parametrize("game", GAMES)
def test_a_broken_deck_reads_in_japanese_and_in_english(game):
    problems = all_problems(game, broken(game))
    keys = {p.key for p in problems}
    # too few cards, too many copies, an unknown card, an unknown section (and the wrong kind)
    if game != "kemuri":  # Kemuri's checks ask for no deck size, only a card (the empty deck below)
        assert any("size" in k or "least" in k for k in keys), keys
    assert any("copies" in k for k in keys), keys
    assert any(k.startswith("deck.unknown_card") for k in keys), keys
    assert any(k.startswith("deck.unknown_section") for k in keys), keys
    if game in WRONG_KIND:
        assert any(k.startswith(("deck.not", "deck.takes", "deck.section_kinds", "deck.leader_in"))
                   for k in keys), keys
    check_words(problems)


@pytest.mark.parametrize("game", GAMES)
def test_every_deck_problem_of_the_sections_reads_in_japanese(game):
    """Each section of a sample deck emptied, then crammed with every card of the set: the
    problems of sizes, kinds and counts of each section."""
    rules = get_rules(game)
    sample = tcg.load_deck(game, tcg.list_decks(game)[0])
    every = tuple(c.id for c in rules.cards for _ in range(5))
    decks = [Deck(game, "empty", {sec: () for sec in sample.sections})]
    decks += [Deck(game, "crammed", {**sample.sections, sec: every}) for sec in sample.sections]
    decks.append(Deck(game, "names", {"main": tuple(c.name for c in rules.cards)}))
    for deck in decks:
        check_words(all_problems(game, deck))


def test_a_deck_of_another_game_reads_in_japanese():
    deck = tcg.load_deck("kemuri", tcg.list_decks("kemuri")[0])
    [p] = tcg.validate_deck("zx", deck)
    assert p.message == "deck is for game 'kemuri', not 'zx'"
    check_words([p])


def test_a_problem_without_a_key_keeps_its_message():
    p = DeckProblem("deck.size", "too small", "N1")
    assert p.text("ja") == p.text("en") == "too small"
    assert p.to_dict() == {"rule": "deck.size", "message": "too small", "card": "N1"}
    # the key and its values take no part in equality (nor in hashing)
    keyed = DeckProblem.of(None, "deck", "deck.size", None, size=1, want=2)
    assert keyed == DeckProblem("deck", "deck has 1 cards, must be exactly 2") and hash(keyed)
    assert keyed.text("ja") == "デッキは1枚です。ちょうど2枚でなければなりません"


def _keys_in_source() -> dict[str, set[str]]:
    """The words keys the deck checks name in their source (literal ``"deck.x"`` strings but the
    profile's values, ``P("deck.size")``), by game ("": the shared checks)."""
    key = re.compile(r'(?<!P\()(?<!get\()"(deck\.[a-z_.0-9]+)"')
    out: dict[str, set[str]] = {}
    for game in GAMES:
        text = (SRC / "games" / game / "deckcheck.py").read_text(encoding="utf-8")
        out[game] = set(key.findall(text))
    shared = "".join((SRC / f).read_text(encoding="utf-8") for f in ("engine/deck.py", "api.py"))
    out[""] = set(key.findall(shared))
    return out


def test_every_key_the_deck_checks_use_has_both_languages():
    used = _keys_in_source()
    # the keys made up in the code (f-strings): the sections and places they name
    used["zx"] |= {f"deck.{what}.{sec}" for what in ("one", "not") for sec in ("player", "ob_bottom")}
    used["zx"] |= {f"deck.takes.{w}" for w in ("main", "dynamis")}
    used["zx"] |= {f"deck.copies.{w}{r}" for w in ("main", "dynamis") for r in ("", ".reprints")}
    used["zx"] |= {"deck.why.start_card", "deck.why.gate_card"}
    used["kemuri"] |= {"deck.copies.reprints", "deck.event_copies.reprints"}
    used[""] |= {"deck.sep.list", "deck.sep.and"}
    for game, keys in used.items():
        cat = catalog(game or None)
        for key in keys:
            entry = cat.entry(key)
            assert entry is not None and "en" in entry and "ja" in entry, (game, key)
    for game in GAMES:
        assert [p for p in catalog(game).check() if p.startswith(("deck.", "validate."))] == []
