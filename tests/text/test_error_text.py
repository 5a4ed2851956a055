"""Errors in the reader's language (``tcg.present.errors``): every card-file, deck-file and TOML
problem a bad input provokes, in all four games, has a Japanese rendering that keeps the file,
the card and the field and holds no English sentence; English stays as the engine writes it."""
from __future__ import annotations

import json
import pathlib
import re
import tomllib
from typing import Any, Callable, Iterator

import pytest

import tcg
from tcg.engine.deck import Deck
from tcg.engine.errors import CardDataError, DeckFileError, TcgError
from tcg.games import get_rules
from tcg.present.errors import catalogue, error_text, translate, translated

from ..card_texts import toml_value

GAMES = ("shironeko", "turutoru", "kemuri", "zx")
#: three ASCII words in a row, separated by single spaces: an English sentence left untranslated
ENGLISH = re.compile(r"\b[A-Za-z]{2,} [A-Za-z]{2,} [A-Za-z]{2,}\b")
_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]")


# --- the catalogue ---------------------------------------------------------------------------
def test_every_entry_is_japanese_with_the_english_values():
    cat = catalogue()
    assert len(cat.templates) >= 150
    for t in cat.templates:
        assert _JAPANESE.search(t.ja), t.en
        assert set(_PLACEHOLDER.findall(t.ja)) <= set(_PLACEHOLDER.findall(t.en)), t.en
        assert not ENGLISH.search(_PLACEHOLDER.sub("", t.ja)), t.ja
    assert len({t.en for t in cat.templates}) == len(cat.templates), "an English template given twice"
    for en, ja in cat.words.items():
        assert _JAPANESE.search(ja) or ja.startswith("true"), en


def test_english_is_never_changed_and_an_unknown_message_stays_english():
    e = CardDataError("f.toml", "MY-1", "cost", "must be at least 0, got -1")
    assert error_text(e, "en") == str(e) == "f.toml, card MY-1, field 'cost': must be at least 0, got -1"
    assert error_text(e, "ja") == "ファイル f.toml、カード MY-1、項目「cost」：0以上にしてください（-1 になっています）"
    odd = CardDataError("f.toml", None, None, "a message no template knows")
    assert error_text(odd, "ja") == "ファイル f.toml：a message no template knows"
    assert error_text(TcgError("something quite new happened"), "ja") == "something quite new happened"
    assert translate("", "ja") == "" and translate("Invalid value", "en") == "Invalid value"


def test_nested_messages_hints_and_places_are_translated():
    assert translate("/d/x.toml: not valid TOML (Invalid statement (at line 3, column 1))") == \
        "/d/x.toml：TOMLとして正しくありません（3行1文字目：書き方が正しくありません）"
    hint = "unknown zone 'hnd' (did you mean 'hand'?) (known: hand, deck)"
    assert translate(hint) == "ゾーン「hnd」（もしかして「hand」？）はありません（あるもの：hand, deck）"
    assert translate("deck: 'name' must be text") == "デッキ：「name」は文字列で書いてください"
    # a word that must be translated and is not: the template does not fit, the place is kept
    assert translate("/x/big.toml: deck file is 2,000 bytes, larger than the limit of 1,000 bytes") == \
        "/x/big.toml：デッキファイルが2,000バイトあり、上限の1,000バイトを超えています"
    assert translate("must be at most 99, got (a number of about 40 digits)") == \
        "99以下にしてください（約40桁の数 になっています）"


# --- what the engine's tests provoke ---------------------------------------------------------
def test_every_card_and_deck_file_message_the_tests_provoke_reads_in_japanese():
    """``error_messages.jsonl``: one of each message the card-file, deck-file, file-input, fuzz
    and corpus tests made the engine raise (file paths taken out), collected once."""
    path = pathlib.Path(__file__).with_name("error_messages.jsonl")
    messages = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    assert len(messages) >= 200
    for m in messages:
        assert translated(m), m
        ja = translate(m)
        assert untranslated_english(ja, []) is None, (m, ja)


# --- bad inputs over the four games ----------------------------------------------------------
def card_file(game: str, cards: list[Any], /, **set_table: Any) -> str:
    meta = {"game": game, "name": "Bad cards", "version": "1", **set_table}
    out = ["[set]"] + [f"{k} = {toml_value(v)}" for k, v in meta.items() if v is not None]
    for c in cards:
        out.append("\n[[cards]]")
        if isinstance(c, dict):
            out += [f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in c.items()]
    return "\n".join(out) + "\n"


def own_cards(game: str) -> list[dict[str, Any]]:
    """One card of each kind of the game's own set, as written, each given a new id."""
    data = tomllib.loads((get_rules(game).folder / "cards.toml").read_text(encoding="utf-8"))
    kinds: dict[str, dict[str, Any]] = {}
    for c in data["cards"]:
        kinds.setdefault(c["kind"], c)
    return [{**c, "id": f"MY-{i:03}"} for i, c in enumerate(kinds.values(), 1)]


def mutations(card: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Ways to break one card: ``(what, the broken card)``."""
    def changed(**kw: Any) -> dict[str, Any]:
        return {**card, **kw}
    yield "unknown field", changed(colour_x=1)
    yield "name not text", changed(name=5)
    yield "name missing", {k: v for k, v in card.items() if k != "name"}
    yield "name blank", changed(name="  ")
    yield "kind unknown", changed(kind="nope")
    yield "id blank", changed(id="  ")
    numbers = [k for k, v in card.items() if isinstance(v, int) and not isinstance(v, bool)]
    if numbers:
        yield "number negative", changed(**{numbers[0]: -1})
        yield "number huge", changed(**{numbers[0]: 10 ** 12})
        yield "number text", changed(**{numbers[0]: "three"})
    abilities = card.get("abilities")
    if not abilities:
        return
    yield "abilities not a list", changed(abilities="x")
    yield "ability not a table", changed(abilities=[3])
    first = abilities[0]

    def ability(**kw: Any) -> dict[str, Any]:
        return changed(abilities=[{**first, **kw}] + abilities[1:])
    yield "ability unknown key", ability(bogus=1)
    yield "ability kind", ability(kind="bogus")
    yield "effects not a list", ability(effects="x")
    yield "effect not a table", ability(effects=[3])
    op = first["effects"][0]

    def effect(**kw: Any) -> dict[str, Any]:
        return ability(effects=[{**op, **kw}] + first["effects"][1:])
    yield "op unknown", effect(op="damge")
    yield "op parameter unknown", effect(bogus=1)
    if "amount" in op:
        yield "amount out of range", effect(amount=10 ** 7)
        yield "amount not a number", effect(amount="two")
    if isinstance(op.get("target"), str):
        yield "target selector typo", effect(target={"zon": "hand", "choose": 1})
        yield "target selector zone", effect(target={"zone": "hnd", "choose": 1})
        yield "target selector count", effect(target={"zone": "hand"})
    yield "condition unknown", ability(**{"if": {"bogus": 1}})
    yield "condition turn", ability(**{"if": {"turn": "mine"}})
    yield "condition count", ability(**{"if": {"count": {"zone": "hnd"}, "at_least": 1}})
    yield "condition count bound", ability(**{"if": {"count": "self"}})


BROKEN_TOML = [
    "x = \n", "[set\n", "[[cards]\n", "a = 1\na = 2\n", 'a = "open\n', "just words\n", "a = 1 b = 2\n",
    "x = 1__0\n", "[set]\n[set]\n", "a = [1, 2\n", "a = {b = 1\n", 'a = "\\q"\n', "a = 1979-13-45\n",
    "a = " + "[" * 60 + "]" * 60 + "\n", "\x01 = 1\n",
]


def card_problems(game: str) -> list[CardDataError]:
    """Every problem of many broken card files of ``game``, as ``CardDataError``s."""
    cards = own_cards(game)
    files: list[tuple[str, str]] = []
    for c in cards:
        for what, bad in mutations(c):
            files.append((f"{c['kind']}-{what.replace(' ', '_')}.toml", card_file(game, [bad])))
    files += [
        ("no-set.toml", card_file(game, cards[:1]).replace("[set]", "[sett]")),
        ("other-game.toml", card_file(game, cards[:1], game="zx" if game != "zx" else "kemuri")),
        ("no-name.toml", card_file(game, cards[:1], name=None)),
        ("no-cards.toml", card_file(game, [])),
        ("card-not-table.toml", "cards = [3]\n" + card_file(game, [])),
        ("duplicate.toml", card_file(game, [cards[0], cards[0]])),
        ("own-id.toml", card_file(game, [{**cards[0], "id": next(iter(get_rules(game).cards)).id}])),
    ]
    files += [(f"broken-{i}.toml", text) for i, text in enumerate(BROKEN_TOML)]
    out = []
    for name, text in files:
        for p in tcg.api.check_card_files(game, [(name, text)]):
            out.append(CardDataError(p["file"], p["card"], p["field"], p["message"]))
    return out


def deck_problems(game: str, tmp_path) -> list[TcgError]:
    """The errors of many broken deck files (and deck names) of ``game``."""
    card = next(iter(get_rules(game).cards)).id
    texts = [
        "", 'name = "x"\n', f'game = "{game}"\nname = 1\n', f'game = "{game}"\ndescription = 1\n',
        f'game = "{game}"\nmain = 3\n', f'game = "{game}"\n[main]\n"{card}" = -1\n',
        f'game = "{game}"\n[main]\n"{card}" = "two"\n', f'game = "{game}"\n[main]\n"{card}" = 2.5\n',
        f'game = "{game}"\n[main]\n"{card}" = 10000\n"x" = 1000\n', f'game = "{game}"\nsections = 3\n',
        f'game = "{game}"\nmain = [1, 2]\n', f'game = "{game}"\n[main]\n"" = 1\n',
        f'game = "{game}\n', f'game = "{game}"\n[main\n', f'game = "{game}"\n[main]\n"{card}" 3\n',
    ]
    out: list[TcgError] = []

    def catch(fn: Callable[[], Any]) -> None:
        try:
            fn()
        except TcgError as e:
            out.append(e)
    for i, text in enumerate(texts):
        p = tmp_path / f"{game}-{i}.toml"
        p.write_text(text, encoding="utf-8")
        catch(lambda: Deck.load(p))
    latin = tmp_path / f"{game}-latin.toml"
    latin.write_bytes(b'game = "caf\xe9"\n')
    catch(lambda: Deck.load(latin))
    catch(lambda: Deck.load(tmp_path))
    catch(lambda: Deck.load(tmp_path / "missing.toml"))
    catch(lambda: tcg.load_deck(game, "no_such_deck"))
    other = tmp_path / f"{game}-other.toml"
    other.write_text('game = "somewhere_else"\n[main]\n"X-1" = 1\n', encoding="utf-8")
    catch(lambda: tcg.load_deck(game, other))
    return out


def untranslated_english(text: str, keep: list[str]) -> str | None:
    """An English sentence in ``text`` once the names it quotes and ``keep`` are taken out."""
    for k in keep:
        text = text.replace(k, " ")
    text = re.sub(r"「[^」]*」|'[^']*'|\"[^\"]*\"|\{[^{}]*\}|/\S+", " ", text)
    m = ENGLISH.search(text)
    return m.group(0) if m else None


def test_card_file_errors_of_every_game_read_in_japanese():
    seen: set[str] = set()
    for game in GAMES:
        for e in card_problems(game):
            seen.add(e.detail)
            assert translated(e.detail), f"{game}: no Japanese for {e.detail!r}"
            ja = error_text(e, "ja")
            assert ja.startswith(f"ファイル {e.file}") and "：" in ja, ja
            if e.card:
                assert f"カード {e.card}" in ja, ja
            if e.field:
                assert f"項目「{e.field}」" in ja, ja
            assert untranslated_english(ja, [str(e.file)]) is None, ja
            assert error_text(e, "en") == str(e)
    assert len(seen) >= 60, len(seen)


def test_deck_file_errors_of_every_game_read_in_japanese(tmp_path):
    seen: set[str] = set()
    for game in GAMES:
        errors = deck_problems(game, tmp_path)
        assert len(errors) >= 18, game
        for e in errors:
            seen.add(str(e).replace(str(tmp_path), ""))
            assert translated(str(e)), f"{game}: no Japanese for {e}"
            ja = error_text(e, "ja")
            assert ja != str(e) and untranslated_english(ja, [str(tmp_path)]) is None, ja
            if isinstance(e, DeckFileError) and str(e).startswith(str(tmp_path)):
                assert ja.startswith(str(tmp_path)), ja  # the file is still named
    assert len(seen) >= 30


@pytest.mark.parametrize("message", [
    "a name may be at most 24 characters", "a name may not hold control characters",
    "the deck text is too long (at most 65536 characters)",
    "choose one of the sample decks (azure_tide, lantern_grove) or paste a deck",
    "pasted deck: not valid TOML (Expected '=' after a key in a key/value pair (at line 1, column 5))",
])
def test_the_web_forms_own_errors_read_in_japanese(message):
    ja = translate(message)
    assert ja != message and _JAPANESE.search(ja) and untranslated_english(ja, []) is None, ja


def test_an_illegal_deck_and_a_record_error_read_in_japanese():
    deck = Deck("zx", "Too small", {"main": ("ZXS-001",)})
    problems = tcg.validate_deck("zx", deck)
    e = tcg.IllegalDeckError(deck, problems)
    ja = error_text(e, "ja")
    assert ja.startswith("デッキ「Too small」は") and problems[0].text("ja") in ja
    assert error_text(e, "en") == str(e)
    record = "record deck #1 is malformed: record deck: a deck must be a table, got list"
    assert translate(record) == "記録のデッキ1番の形が正しくありません：記録のデッキ：デッキは表で書いてください（list になっています）"
    nested = "the record's card files do not load: a.toml, card X, field 'cost': must be at least 0, got -1"
    assert translate(nested) == "記録のカードファイルを読み込めません：ファイル a.toml、カード X、項目「cost」：0以上にしてください（-1 になっています）"
    assert translate("the game is over") == "ゲームは終わっています"
