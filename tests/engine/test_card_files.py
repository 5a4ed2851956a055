"""A player's own card files given as text (the browser's "your own cards"): a ruleset with them
built once per content, games started and replayed with them (the record names them by their
SHA-256), and every problem of a broken file listed with its file, card and field."""
from __future__ import annotations

import random

import pytest

import tcg
from tcg import api
from tcg.engine.card_files import files_sha256
from tcg.engine.deck import Deck

from ..card_texts import MY, card_file, character

#: a card file with problems in every card (the check lists each with its file, card, field and line)
BROKEN = card_file("Broken", "\n".join([
    character("MY-001", "テスト剣士", color="pink", attack=-1, atack=3, hp=2),   # three in one card
    '[[cards]]\nid = "MY-002"\nkind = "monster"\nname = ""\ncost = "3"\n',         # a second card
    character("SNP-001", "copy"),                                                  # the game's own id
    character("MY-003", "効果の間違い", '[[cards.abilities]]\nkind = "activated"\ncost = 1\n'
              'effects = [{op = "damge", target = "self", amount = 1}]\n'),         # an ability
    character("MY-004", "リーダー化1", leaderize="NOPE-1"),
    character("MY-005", "リーダー化2", leaderize="NOPE-2"),
]))


def my_deck(rules) -> Deck:
    """Red Rush with the new card (named by its Japanese name) instead of SNP-001."""
    d = tcg.load_deck("shironeko", "red_rush", rules=rules)
    sections = {k: tuple("テスト剣士" if c == "SNP-001" else c for c in v) for k, v in d.sections.items()}
    return api.as_deck("shironeko", {"name": "mine", **{k: _counts(v) for k, v in sections.items()}}, rules)


def _counts(ids) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in ids:
        out[c] = out.get(c, 0) + 1
    return out


def test_new_cards_are_playable_in_a_deck():
    rules = api.rules_with_cards("shironeko", [MY])
    assert rules.cards.find("MY-001").name_en == "Test Swordsman"
    assert tcg.card_set("shironeko").find("MY-001") is None  # the game's own set is unchanged
    assert len(rules.cards) == len(tcg.card_set("shironeko")) + 1
    deck = my_deck(rules)
    assert deck.sections["main"].count("MY-001") == 3  # the name resolved to the new id
    assert tcg.validate_deck("shironeko", deck)  # unknown to the game's own set
    assert rules.validate_deck(deck) == []
    placed = 0
    for seed in range(3):
        g = tcg.new_game("shironeko", [deck, "red_rush"], seed=seed, cards=[MY])
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        placed += sum(1 for e in g.state.events if e[0] == "place" and e[1].get("id") == "MY-001")
    assert placed > 0  # the new card was put into play
    with pytest.raises(tcg.IllegalDeckError):  # without the cards, the deck is not legal
        tcg.new_game("shironeko", [deck, "red_rush"], seed=1)


def test_the_same_text_gives_the_same_cached_ruleset():
    a = api.rules_with_cards("shironeko", [MY])
    assert api.rules_with_cards("shironeko", [MY]) is a
    assert api.rules_with_cards("shironeko", [("another-name.toml", MY)]) is a  # names do not count
    other = api.rules_with_cards("shironeko", [MY.replace("hp = 2", "hp = 3")])
    assert other is not a and other.cards.find("MY-001").hp == 3
    assert a.card_files_sha256 == files_sha256([MY]) == api.card_files_sha256([MY])
    assert len(a.card_files_sha256) == 64
    assert a is not tcg.api.get_rules("shironeko")


def test_record_and_replay_with_the_hash():
    rules = api.rules_with_cards("shironeko", [MY])
    g = tcg.new_game("shironeko", [my_deck(rules), "red_rush"], seed=5, cards=[MY])
    rng = random.Random(5)
    for _ in range(40):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    rec = g.record()
    assert rec["card_set"]["files_sha256"] == files_sha256([MY])
    assert "extra_files" not in rec["card_set"]
    assert rec["card_set"]["version"].startswith(tcg.card_set("shironeko").version + "+")
    again = tcg.replay(rec, cards=[MY])
    assert again.record() == rec
    assert tcg.replay(rec, upto=10, cards=[("named.toml", MY)]).record()["actions"] == rec["actions"][:10]
    # a game without cards records no hash
    plain = tcg.new_game("shironeko", ["red_rush", "red_rush"], seed=5).record()
    assert "files_sha256" not in plain["card_set"]


def test_a_wrong_or_missing_text_is_a_record_error():
    rules = api.rules_with_cards("shironeko", [MY])
    rec = tcg.new_game("shironeko", [my_deck(rules), "red_rush"], seed=2, cards=[MY]).record()
    with pytest.raises(tcg.RecordError, match="played with card files"):
        tcg.replay(rec)
    with pytest.raises(tcg.RecordError, match="not the ones the record was played with"):
        tcg.replay(rec, cards=[MY + "\n"])
    with pytest.raises(tcg.RecordError, match="not the ones"):
        tcg.replay(rec, cards=[MY, MY])
    plain = tcg.new_game("shironeko", ["red_rush", "red_rush"], seed=2).record()
    with pytest.raises(tcg.RecordError, match="without card files"):
        tcg.replay(plain, cards=[MY])
    with pytest.raises(tcg.RecordError, match="cards"):
        tcg.replay(rec, cards=[3])


def test_a_broken_file_cannot_start_a_game():
    with pytest.raises(tcg.CardDataError) as e:
        tcg.new_game("shironeko", ["red_rush", "red_rush"], cards=[("mine.toml", BROKEN)])
    assert e.value.file == "mine.toml" and e.value.card == "MY-001"
    with pytest.raises(tcg.ArgumentError):
        api.rules_with_cards("shironeko", [])
    with pytest.raises(tcg.UnknownGameError):
        api.rules_with_cards("nope", [MY])


def test_check_card_file_lists_every_problem_with_file_card_and_field():
    assert api.check_card_file("shironeko", MY) == []
    got = api.check_card_file("shironeko", BROKEN, name="mine.toml")
    seen = {(p["card"], p["field"]) for p in got}
    assert {("MY-001", "color"), ("MY-001", "attack"), ("MY-001", "atack"),       # three in one card
            ("MY-002", "cost"), ("MY-002", "name"), ("MY-002", "color"),         # a second card
            ("SNP-001", "id"),                                                   # the game's own id
            ("MY-003", "abilities[0].effects"),                                  # an ability
            ("MY-004", "leaderize"), ("MY-005", "leaderize")} <= seen            # across cards
    assert all(p["file"] == "mine.toml" for p in got)
    by = {(p["card"], p["field"]): p for p in got}
    assert "'pink' is not one of" in by[("MY-001", "color")]["message"]
    assert by[("MY-001", "color")]["text"].startswith("mine.toml, card MY-001, field 'color': ")
    assert "already defined in the game's own set" in by[("SNP-001", "id")]["message"]
    assert "unknown op 'damge'" in by[("MY-003", "abilities[0].effects")]["message"]
    lines = BROKEN.splitlines()
    assert lines[by[("MY-001", "color")]["line"] - 1] == 'color = "pink"'
    assert lines[by[("MY-001", "atack")]["line"] - 1] == "atack = 3"
    assert lines[by[("MY-003", "abilities[0].effects")]["line"] - 1].startswith("effects = ")
    assert lines[by[("MY-005", "leaderize")]["line"] - 1] == 'leaderize = "NOPE-2"'


def test_check_card_file_set_table_syntax_and_several_files():
    got = api.check_card_file("shironeko", "[set]\ngame = \"zx\"\nname = \"x\"\n\n[[cards]]\nid = \"A\"\nkind = \"town\"\nname = \"t\"\ncolor = \"red\"\n")
    assert sorted((p["card"] or "", p["field"]) for p in got) == [("", "set.game"), ("", "set.version")]
    assert all(p["line"] == 1 for p in got)  # the [set] table
    syntax = api.check_card_file("shironeko", MY.replace('name = "テスト剣士"', 'name = "テスト剣士'))
    assert len(syntax) == 1 and syntax[0]["card"] is None and "not valid TOML" in syntax[0]["message"]
    assert syntax[0]["line"] == 9  # the unclosed quote
    both = api.check_card_files("shironeko", [("a.toml", MY), ("b.toml", MY.replace("テスト剣士", "別の名前"))])
    assert [(p["file"], p["card"], p["field"]) for p in both] == [("b.toml", "MY-001", "id")]
    assert "already defined in a.toml" in both[0]["message"]
    with pytest.raises(tcg.ArgumentError):
        api.check_card_file("shironeko", b"bytes")  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["turutoru", "kemuri", "zx"])
def test_check_card_file_for_the_other_games(game):
    text = f'[set]\ngame = "{game}"\nname = "x"\nversion = "1"\n\n[[cards]]\nid = "MY-1"\nkind = "nope"\nname = "a"\n\n' \
           '[[cards]]\nid = "MY-2"\nname = "b"\n'
    got = api.check_card_file(game, text)
    assert [(p["card"], p["field"]) for p in got] == [("MY-1", "kind"), ("MY-2", "kind")]
    assert [p["line"] for p in got] == [8, 11]


def test_tcg_card_path_is_left_as_it_is(tmp_path, monkeypatch):
    extra = tmp_path / "path.toml"
    extra.write_text(MY.replace("MY-001", "PATH-001").replace("テスト剣士", "パスの剣士"), encoding="utf-8")
    monkeypatch.setenv("TCG_CARD_PATH", str(extra))
    rules = api.rules_with_cards("shironeko", [MY.replace("hp = 2", "hp = 4")])
    assert rules.cards.find("PATH-001") is None  # the text files alone say what the set is
    assert rules.cards.find("MY-001").hp == 4
    # a text card may not reuse an id of the game's own set, whatever TCG_CARD_PATH holds
    assert api.check_card_file("shironeko", MY.replace("MY-001", "PATH-001")) == []
