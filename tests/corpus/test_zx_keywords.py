"""Mechanics corpus, Z/X, step 6 (docs/card-language-design.md): keywords. One scenario test per
card of tests/corpus/zx/keywords.toml (an exact state, an action, the exact outcome), the old
marks mapped onto keywords (and kept as marks where no file declares the keyword), the sample
set's two keywords, the deck check, the card texts, records made before the sample set had
keywords, then the load errors."""
from __future__ import annotations

import json
import functools
import pathlib

import pytest

import tcg
from tcg.engine.cards import CardText
from tcg.engine.deck import Deck
from tcg.engine.errors import CardDataError
from tcg.games.zx import text as W
from tcg.games.zx.cards import load_cards
from tcg.games.zx.deckcheck import check_deck

from . import cardfile, scenes
from .cardfile import SPARK, card_head, says, set_table, spark_errors
from ..games.harness_base import copies
from ..games.zx.harness import FILL, FIXTURE, decision, do, events, fixture_rules, main, pass_battle, power, scenario, zone

CORPUS = pathlib.Path(__file__).parent / "zx" / "keywords.toml"
RECORDS = pathlib.Path(__file__).parents[1] / "fixtures" / "zx"


#: a scenario with the corpus cards: each player has a deck and four life cards unless told
game = functools.partial(main, cards=CORPUS)


def triggered(g) -> list[tuple]:
    return [(e["player"], e["id"], e["event"]) for e in events(g, "trigger")]


def hit(g, index: int, attacker: int = 4) -> None:
    """Player 0's Z/X on ``attacker`` attacks player 1, both pass, and life card ``index`` is hit."""
    do(g, "attack", attacker=attacker, target=-1)
    pass_battle(g, 0, 1)
    assert decision(g) == (0, "life_pick")
    do(g, "life", index=index)


LIFE = ["Z-R1", "Z-R1", "Z-R1"]


# --- CK-01: Life Recovery on an event without the icon -------------------------------------------

def test_ck01_hit_from_the_life_you_may_recover_a_life_card():
    g = game(p1={"life": LIFE + ["CK-01"], "deck": ["Z-B1"] + FILL}, board={4: "Z-R3"})
    hit(g, 3)
    assert zone(g, 1, "charge") == ["CK-01"] and triggered(g) == [(1, "CK-01", "put")]
    assert decision(g) == (1, "optional") and g.decision.info["op"] == "trigger"
    do(g, "optional", use=True)
    assert zone(g, 1, "life") == LIFE + ["Z-B1"] and zone(g, 1, "charge") == ["CK-01"]
    assert decision(g) == (0, "main")


def test_ck01_declined_the_life_stays_at_three():
    g = game(p1={"life": LIFE + ["CK-01"]}, board={4: "Z-R3"})
    hit(g, 3)
    do(g, "optional", use=False)
    assert zone(g, 1, "life") == LIFE and decision(g) == (0, "main")


def test_ck01_another_life_card_hit_does_nothing():
    g = game(p1={"life": ["CK-01"] + LIFE}, board={4: "Z-R3"})
    hit(g, 3)
    assert triggered(g) == [] and decision(g) == (0, "main") and zone(g, 1, "charge") == ["Z-R1"]


def test_ck01_with_a_full_charge_it_goes_to_the_trash_and_nothing_triggers():
    g = game(p1={"life": LIFE + ["CK-01"], "charge": ["Z-R1"] * 4}, board={4: "Z-R3"})
    hit(g, 3)
    assert zone(g, 1, "trash") == ["CK-01"] and triggered(g) == [] and decision(g) == (0, "main")


def test_ck01_a_life_card_lost_to_a_deck_refresh_recovers_too():
    # ZX-Z5: player 1 draws from an empty deck: the trash becomes the deck and the top life card
    # goes to the charge
    g = game(p1={"deck": [], "trash": ["Z-B1"] * 3, "life": LIFE + ["CK-01"]}, start=("end_phase",), active=0)
    assert zone(g, 1, "charge") == ["CK-01"] and triggered(g) == [(1, "CK-01", "put")]
    assert decision(g) == (1, "optional")
    do(g, "optional", use=True)
    assert zone(g, 1, "life") == LIFE + ["Z-B1"] and len(zone(g, 1, "hand")) == 1
    assert decision(g) == (1, "resource")


def test_ck01_is_narrated_with_its_keyword_in_both_languages():
    g = game(p1={"life": LIFE + ["CK-01"]}, board={4: "Z-R3"})
    hit(g, 3)
    do(g, "optional", use=True)
    en, ja = scenes.narration(g, 1)
    assert "Your Mender's Litany (癒し手の祈祷)'s Life Recovery triggers: it was put from your life into your charge" in en
    assert "あなたの癒し手の祈祷のライフリカバリーが誘発した：このカードが自分のライフからチャージに置かれた時" in ja
    assert "You chose to use this triggered ability (Mender's Litany (癒し手の祈祷))" in en


# --- CK-02: Void Bringer --------------------------------------------------------------------------

def test_ck02_hit_from_the_life_you_may_destroy_the_attacker():
    g = game(p1={"life": LIFE + ["CK-02"]}, board={4: "Z-R3"})
    hit(g, 3)
    assert triggered(g) == [(1, "CK-02", "put")]
    assert decision(g) == (1, "optional") and g.decision.info["op"] == "destroy"
    do(g, "optional", use=True)
    assert g.state.board[4] is None and zone(g, 0, "charge") == ["Z-R3"] and decision(g) == (0, "main")


def test_ck02_declined_the_attacker_stays():
    g = game(p1={"life": LIFE + ["CK-02"]}, board={4: "Z-R3"})
    hit(g, 3)
    do(g, "optional", use=False)
    assert g.state.board[4] is not None and decision(g) == (0, "main")


def test_ck02_two_to_choose_from():
    g = game(p1={"life": LIFE + ["CK-02"]}, board={4: "Z-R3", 3: "Z-R2"})
    hit(g, 3)
    do(g, "optional", use=True)
    assert decision(g) == (1, "target")
    do(g, "target", target="Z-R2")
    assert g.state.board[3] is None and g.state.board[4] is not None


def test_ck02_nothing_of_cost_3_or_less_nothing_is_asked():
    g = game(p1={"life": LIFE + ["CK-02"]}, board={4: "Z-R5"})
    hit(g, 3)
    assert triggered(g) == [(1, "CK-02", "put")] and decision(g) == (0, "main")
    assert g.state.board[4] is not None


# --- CK-03: Life Recovery with the ignition icon -----------------------------------------------------

def test_ck03_declined_as_a_life_card_it_goes_to_the_charge_and_recovers():
    g = game(p1={"life": LIFE + ["CK-03"], "deck": ["Z-B1"] + FILL}, board={4: "Z-R3"})
    hit(g, 3)
    assert decision(g) == (1, "life_card")
    do(g, "decline")
    assert triggered(g) == [(1, "CK-03", "put")]
    do(g, "optional", use=True)
    assert zone(g, 1, "life") == LIFE + ["Z-B1"]


def test_ck03_used_for_free_it_goes_to_the_trash_without_triggering():
    g = game(p1={"life": LIFE + ["CK-03"], "deck": ["Z-B1"] + FILL}, board={4: "Z-R3"})
    hit(g, 3)
    do(g, "use_free")
    assert triggered(g) == [] and zone(g, 1, "trash") == ["CK-03"]
    assert zone(g, 1, "life") == LIFE + ["Z-B1"]  # (its own effect: add_life)


# --- CK-04: a keyword on a Z/X with an ability of its own ----------------------------------------------

def test_ck04_its_own_ability_first_then_the_keywords():
    c = fixture_rules(CORPUS).cards["CK-04"]
    assert [(a.kind, a.keyword) for a in c.abilities] == [("trigger", ""), ("trigger", "vanguard")]
    assert [a.index for a in c.abilities] == [0, 1]


def test_ck04_enters_and_draws_then_attacks_with_vanguard():
    g = game(p0={"hand": ["CK-04"], "resources": ["Z-R1", "Z-R1"]}, board={3: dict(card="Z-R3", owner=1)})
    do(g, "place", card="CK-04", square=4)
    assert triggered(g) == [(0, "CK-04", "enters")] and zone(g, 0, "hand") == ["Z-R1"]
    do(g, "attack", attacker=4, target=3)
    assert triggered(g)[-1] == (0, "CK-04", "attacks") and power(g, 4) == 3000
    pass_battle(g, 0, 1)
    assert g.state.board[3] is None  # 3000 damage destroys Red Three


# --- CK-05: two keywords, one of them static ------------------------------------------------------

def test_ck05_bulwark_in_the_opponents_turn_vanguard_in_its_own():
    g = game(board={4: "CK-05", 3: dict(card="Z-R3", owner=1)})
    assert power(g, 4) == 3000  # its own turn: no Bulwark
    do(g, "attack", attacker=4, target=3)
    assert power(g, 4) == 4000 and triggered(g) == [(0, "CK-05", "attacks")]
    g2 = game(board={3: "Z-R3", 4: dict(card="CK-05", owner=1)})
    assert power(g2, 4) == 5000  # player 0's turn: the opponent's for CK-05
    do(g2, "attack", attacker=3, target=4)
    pass_battle(g2, 0, 1)
    assert g2.state.board[4] is not None  # 3000 damage: it would destroy a 3000 Z/X


# --- the old marks ---------------------------------------------------------------------------------

def test_an_old_mark_is_the_keyword_when_a_loaded_file_declares_it():
    cards = fixture_rules(CORPUS).cards
    lr, vb = cards["Z-LR"], cards["Z-VB"]
    assert [k.id for k in lr.keywords] == ["life_recovery"] and lr.life_recovery
    assert [k.id for k in vb.keywords] == ["void_bringer"] and vb.void_bringer
    assert [(a.kind, a.keyword) for a in lr.abilities] == [("trigger", "life_recovery")]
    g = game(p1={"life": LIFE + ["Z-LR"]}, board={4: "Z-R3"})
    hit(g, 3)
    assert triggered(g) == [(1, "Z-LR", "put")]


def test_an_old_mark_stays_a_mark_where_no_file_declares_the_keyword():
    cards = fixture_rules().cards  # the fixture alone: no [[keywords]]
    lr = cards["Z-LR"]
    assert lr.life_recovery and lr.keywords == () and lr.abilities == ()
    assert cards.keywords == {}
    g = game(p1={"life": LIFE + ["Z-LR"]}, board={4: "Z-R3"}, cards=None)
    hit(g, 3)
    assert g.state.trig is None and decision(g) == (0, "main") and zone(g, 1, "charge") == ["Z-LR"]


# --- the deck check (ZX-D3) counts keyword cards and marked cards ---------------------------------------

MAIN = {"Z-R2I": 4, "Z-B3I": 4, "Z-R5I": 4, "E-IGN": 4, "E-IGNB": 4,
        "Z-R1": 4, "Z-R2": 4, "Z-R3": 4, "Z-R5": 4, "Z-B2": 4, "Z-START": 4, "E-DRAW": 4, "E-GATE": 2}


def deck_problems(rules, main: dict) -> list[tuple[str, str | None]]:
    deck = Deck("zx", "t", {"main": copies(main)})
    return [(p.rule, p.card) for p in check_deck(rules.cards, rules.profile, deck)]


def test_zx_d3_counts_keyword_cards_and_marked_cards_together():
    rules = fixture_rules(CORPUS)
    four = dict(MAIN, **{"Z-R1": 0, "CK-01": 3, "Z-LR": 1})
    assert deck_problems(rules, four) == []
    five = dict(MAIN, **{"Z-R1": 0, "E-GATE": 1, "CK-01": 4, "Z-LR": 1})
    assert deck_problems(rules, five) == [("ZX-D3", "CK-01, Z-LR")]
    vb5 = dict(MAIN, **{"Z-R1": 0, "E-GATE": 1, "CK-02": 4, "Z-VB2": 1})
    assert deck_problems(rules, vb5) == [("ZX-D3", "CK-02, Z-VB2")]


# --- the sample set's keywords -------------------------------------------------------------------------

def test_the_sample_set_declares_its_keywords_and_its_cards_have_them():
    cards = tcg.card_set("zx")
    assert list(cards.keywords) == ["life_recovery", "void_bringer", "onrush", "muster"]  # onrush, muster: 1.3.0
    assert sorted(c.id for c in cards if any(k.id == "onrush" for k in c.keywords)) == ["ZXS-085", "ZXS-089", "ZXS-092"]
    lr = sorted(c.id for c in cards if any(k.id == "life_recovery" for k in c.keywords))
    vb = sorted(c.id for c in cards if any(k.id == "void_bringer" for k in c.keywords))
    assert lr == ["ZXS-022", "ZXS-036", "ZXS-062"] and vb == ["ZXS-023", "ZXS-047", "ZXS-063"]
    assert sorted(c.id for c in cards if c.life_recovery) == lr
    assert sorted(c.id for c in cards if c.void_bringer) == vb
    for sample_deck in tcg.list_decks("zx"):  # the sample decks stay legal
        assert tcg.validate_deck("zx", sample_deck) == []


def test_the_corpus_keywords_are_the_sample_sets_word_for_word():
    mine = fixture_rules(CORPUS).cards.keywords
    for kid in ("life_recovery", "void_bringer"):   # (the set's own onrush is not the corpus's)
        kw, other = tcg.card_set("zx").keywords[kid], mine[kid]
        assert (kw.name, kw.name_en, kw.text, kw.text_en, kw.abilities) == \
            (other.name, other.name_en, other.text, other.text_en, other.abilities)


def test_the_sample_keywords_play_as_the_sample_set_has_them():
    """Void Bringer on 蔦の罠 (ZXS-063), a card of the sample set, hit from the life."""
    from tcg.games.zx.rules import ZXRules
    from ..games import harness_base as base
    sample = pathlib.Path(tcg.games.zx.rules.__file__).with_name("cards.toml")
    rules = base.fixture_rules(ZXRules, lambda path: load_cards(path, FIXTURE), sample)
    g = scenario(p0={"deck": FILL, "life": ["Z-R1"] * 4}, p1={"deck": FILL, "life": LIFE + ["ZXS-063"]},
                 board={4: "ZXS-005"}, rules=rules)  # Rosso, cost 3
    hit(g, 3)
    assert triggered(g) == [(1, "ZXS-063", "put")]
    do(g, "optional", use=True)
    assert g.state.board[4] is None and zone(g, 0, "charge") == ["ZXS-005"]


# --- the card texts ---------------------------------------------------------------------------------------

def test_a_keyword_is_printed_first_with_its_reminder_text():
    c = fixture_rules(CORPUS).cards["CK-01"]
    assert W.card_text(c, "en") == ("Life Recovery (When this card is put from your life into your charge, "
                                   "you may put the top card of your deck into your life.)\n[Main] Draw a card.")
    assert W.card_text(c, "ja") == ("ライフリカバリー（このカードがライフからチャージに置かれた時、あなたのデッキの上から"
                                   "1枚をライフに加えてもよい。）\n【メイン】カードを1枚引く。")
    assert W.mark_names(c, "en") == ["Life Recovery"] and W.mark_names(c, "ja") == ["ライフリカバリー"]


def test_a_line_naming_the_keyword_gets_its_reminder_text_in_place():
    c = fixture_rules(CORPUS).cards["CK-02"]
    assert W.card_text(c, "en").split("\n") == [
        "Void Bringer (When this card is put from your life into your charge, you may choose one of your "
        "opponent's Z/X with cost 3 or less and destroy it.)", "[Battle] The attacking Z/X gets -2000 power."]
    assert W.card_text(c, "ja").startswith("ヴォイドブリンガー（このカードが")


def test_a_card_without_text_shows_its_keywords_and_its_abilities():
    c = fixture_rules(CORPUS).cards["CK-05"]
    assert W.card_text(c, "en").split("\n") == ["Vanguard (When this Z/X attacks, it gets +1000 power this turn.)",
                                               "Bulwark (During your opponent's turn, this Z/X gets +2000 power.)"]
    assert W.ability_text(c.abilities[1], "ja") == "堅守（相手のターン中、このゼクスのパワー+2000。）"


def test_the_sample_cards_print_their_keywords_in_the_catalog_and_the_terminal():
    from tcg.games.zx.terminal import card_columns
    c = tcg.card_set("zx")["ZXS-022"]
    for lang, name in (("en", "Life Recovery ("), ("ja", "ライフリカバリー（")):
        cols = {head: get for head, get, _ in card_columns(lang)}
        assert cols["Text / abilities"](c).startswith(name)
    assert W.card_text(c, "ja").endswith("\n" + c.text)  # the file's text follows the keyword's line


# --- records made before the sample set had keywords -------------------------------------------------

@pytest.mark.parametrize("name", ["record-1.1.0-void-bringer-hits.json", "record-1.1.0-void-bringer-hit.json"])
def test_a_record_of_sample_set_1_1_0_replays_with_that_set(name):
    record = json.loads((RECORDS / name).read_text(encoding="utf-8"))
    assert record["card_set"]["version"] == "1.1.0" != tcg.card_set("zx").version
    g = tcg.replay(record)
    assert g.result == record["result"] and g.rules.cards.version == "1.1.0"
    assert g.record()["card_set"] == record["card_set"]
    assert g.rules.cards["ZXS-063"].void_bringer and g.rules.cards["ZXS-063"].keywords == ()
    # the same actions under the set of today go another way: a Void Bringer hit asks a question
    today = dict(record, card_set={**record["card_set"], "version": tcg.card_set("zx").version})
    with pytest.raises(tcg.RecordError):
        tcg.replay(today)


def test_a_record_of_a_set_version_the_game_does_not_keep_is_refused():
    record = json.loads((RECORDS / "record-1.1.0-void-bringer-hit.json").read_text(encoding="utf-8"))
    with pytest.raises(tcg.RecordError, match="card set version '0.9.0'"):
        tcg.replay(dict(record, card_set={**record["card_set"], "version": "0.9.0"}))


# --- load errors ----------------------------------------------------------------------------------

SET = set_table("zx")
CARD = card_head("zx")
EVENT = '[[cards]]\nid = "BAD-2"\nkind = "event"\nname = "bad"\ncolor = "red"\ncost = 1\n'
USE = '[[cards.abilities]]\nkind = "use"\neffects = [{ op = "draw" }]\n'
KW = SPARK


def load_error(text: str, *more: str) -> str:
    return str(cardfile.load_error("zx", text, *more))


@pytest.mark.parametrize("text, where, words", spark_errors("zx") + [
    (SET + KW.replace('name = "火花"\n', '') + CARD, "field 'keywords.spark.name'", "required"),
    (SET + KW.replace('"spark"', '"Spark Two"') + CARD, "field 'keywords[0].id'", "lower-case letters"),
    (SET + KW + EVENT + 'keywords = ["spark"]\n' + USE, "card BAD-2, field 'keywords.spark.abilities[0].when.where'",
     "never on the board"),
    (SET + '[[keywords]]\nid = "calm"\nname = "静"\n[[keywords.abilities]]\nkind = "static"\n'
     'effects = [{ op = "modify", target = "self", stat = "power", amount = 1000, duration = "static" }]\n'
     + EVENT + 'keywords = ["calm"]\n' + USE, "card BAD-2, field 'keywords.calm.abilities[0].kind'",
     "cannot have an ability of kind 'static'"),
    (SET + EVENT + '[[cards.abilities]]\nkind = "trigger"\nwhen = { event = "turn_start" }\neffects = [{ op = "draw" }]\n'
     + USE, "abilities[0].when.where", "never on the board"),
    (SET + '[[keywords]]\nid = "x"\nname = "x"\nabilities = "none"\n' + CARD, "field 'keywords.x.abilities'",
     "list of tables"),
    ('keywords = 3\n' + SET + CARD, "field 'keywords'", "[[keywords]] tables"),
])
def test_load_errors(text, where, words):
    says(load_error(text), where, words)


def test_a_keyword_of_another_file_may_be_listed():
    cards = load_cards(CardText("a.toml", SET + KW + CARD), CardText("b.toml", SET + CARD.replace("BAD-1", "B-2")
                                                                     + 'keywords = ["spark"]\n'))
    assert [k.id for k in cards["B-2"].keywords] == ["spark"] and cards["B-2"].abilities[0].keyword == "spark"


def test_a_game_without_keywords_refuses_them():
    import importlib
    for game in ("turutoru", "kemuri"):  # (the first game whose cards have no keywords yet)
        cards = importlib.import_module(f"tcg.games.{game}.cards")
        if "keywords" not in cards.SCHEMA.common:
            break
    else:
        pytest.skip("every game's cards have keywords")
    rules = importlib.import_module(f"tcg.games.{game}").RULES
    text = set_table(game) + KW
    with pytest.raises(CardDataError, match="have no keywords"):
        cards.load_cards(rules.folder / "cards.toml", CardText("bad.toml", text))


def test_the_card_file_checker_tells_every_keyword_problem_with_its_line():
    from tcg.games.zx import RULES
    from tcg.engine.card_files import check_card_file
    text = SET + KW.replace('"attacks"', '"atacks"') + CARD.replace("BAD-1", "MY-1") + 'keywords = ["sprak"]\n' \
        + CARD.replace("BAD-1", "MY-2") + 'keywords = ["life_recovery"]\n'
    found = check_card_file(RULES, text)
    assert [(p["field"], p["line"]) for p in found] == [("keywords.spark.abilities[0].when.event", 5),
                                                         ("keywords[0]", 20)]
    assert "did you mean 'attacks'" in found[0]["message"] and "did you mean 'spark'" in found[1]["message"]
    # MY-2 lists the sample set's own keyword: no problem


# --- CK-06: a keyword with a number (Reinforce 2) --------------------------------------------------------

def test_ck06_reinforce_2_draws_two_cards_when_it_enters():
    g = game(p0={"hand": ["CK-06"], "resources": ["Z-B1"] * 3, "deck": ["Z-R2", "Z-B2"] + FILL})
    do(g, "place", card="CK-06", square=4)
    assert decision(g) == (0, "main") and zone(g, 0, "hand") == ["Z-R2", "Z-B2"]
    assert triggered(g) == [(0, "CK-06", "enters")]
    evs = [dict(type=e[0], **e[1]) for e in g.state.events]
    assert "Your Herald Calling Reinforcements (増援を呼ぶ伝令)'s Reinforce 2 triggers: a Z/X entered the board" \
        in W.lines(evs, 0, "en", g.rules.cards)
    assert "相手の増援を呼ぶ伝令の増援2が誘発した：ゼクスが登場した時" in W.lines(evs, 1, "ja", g.rules.cards)


def test_ck06_the_keyword_prints_its_number_in_both_languages():
    c = fixture_rules(CORPUS).cards["CK-06"]
    assert [(k.id, k.n) for k in c.keywords] == [("reinforce", 2)] and c.abilities[0].keyword == "reinforce"
    assert W.card_text(c, "en") == "Reinforce 2 (When this Z/X enters, draw 2 cards.)"
    assert W.card_text(c, "ja") == "増援2（このゼクスが登場した時、カードを2枚引く。）"
    declared = fixture_rules(CORPUS).cards.keywords["reinforce"]
    assert declared.number and declared.n is None and declared.label("en") == "Reinforce"


def test_the_same_keyword_with_another_number_on_another_card():
    more = SET + CARD.replace("BAD-1", "MY-3") + 'keywords = ["reinforce:3"]\n'
    cards = load_cards(FIXTURE, CORPUS, CardText("mine.toml", more))
    assert cards["MY-3"].keywords[0].n == 3 and cards["CK-06"].keywords[0].n == 2
    assert cards["MY-3"].abilities[0].effects[0]["amount"] == 3


NUMBERED = '[[keywords]]\nid = "surge"\nname = "奔流"\nname_en = "Surge"\nnumber = true\n' \
           'text = "このゼクスがアタックした時、カードを{n}枚引く。"\n[[keywords.abilities]]\nkind = "trigger"\n' \
           'when = { event = "attacks", card = { self = true } }\neffects = [{ op = "draw", amount = { keyword = "n" } }]\n'


@pytest.mark.parametrize("text, where, words", [
    (SET + NUMBERED + CARD + 'keywords = ["surge"]\n', "card BAD-1, field 'keywords[0]'",
     "keyword 'surge' takes a number: write it after a colon, like \"surge:2\""),
    (SET + KW + CARD + 'keywords = ["spark:2"]\n', "card BAD-1, field 'keywords[0]'",
     "keyword 'spark' takes no number: write \"spark\""),
    (SET + NUMBERED + CARD + 'keywords = ["surge:2.5"]\n', "field 'keywords[0]'", "whole number 1..99, got '2.5'"),
    (SET + NUMBERED + CARD + 'keywords = ["surge:0"]\n', "field 'keywords[0]'", "whole number 1..99, got '0'"),
    (SET + NUMBERED + CARD + 'keywords = ["surge:two"]\n', "field 'keywords[0]'", "whole number 1..99, got 'two'"),
    (SET + NUMBERED + CARD + 'keywords = ["surge:"]\n', "field 'keywords[0]'", "whole number 1..99, got ''"),
    (SET + NUMBERED + CARD + 'keywords = ["surge:2", "surge:3"]\n', "field 'keywords[1]'", "listed twice"),
    (SET + NUMBERED + CARD + 'keywords = ["srge:2"]\n', "field 'keywords[0]'", "did you mean 'surge'"),
    (SET + NUMBERED.replace("number = true\n", "") + CARD, "field 'keywords.surge.abilities[0].effects[0].amount'",
     "add number = true to the keyword"),
    (SET + NUMBERED.replace('{ keyword = "n" }', '{ keyword = "m" }') + CARD,
     "field 'keywords.surge.abilities[0].effects[0].amount'", "that table alone"),
    (SET + CARD + '[[cards.abilities]]\nkind = "activated"\neffects = [{ op = "draw", amount = { keyword = "n" } }]\n',
     "card BAD-1, field 'abilities[0].effects[0].amount'", "only in that keyword's abilities"),
    (SET + NUMBERED.replace("number = true", "number = 1") + CARD, "field 'keywords.surge.number'",
     "must be true or false"),
    (SET + NUMBERED.replace('amount = { keyword = "n" }', 'player = { keyword = "n" }') + CARD,
     "field 'keywords.surge.abilities[0].effects'", "parameter 'player' must be text, got 1"),
])
def test_load_errors_of_a_keyword_with_a_number_in_both_languages(text, where, words):
    error = cardfile.load_error("zx", text)
    says(str(error), where, words)
    assert cardfile.in_japanese(error).startswith("ファイル bad.toml")
