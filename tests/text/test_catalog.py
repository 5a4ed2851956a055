"""The text tables (tcg.text): lookup with fallback, placeholders, plurals, and the checks that
keep the two languages in step."""
from __future__ import annotations

import pytest

from tcg.present.text import Catalog, catalog, is_japanese, placeholders

GAME = {"action": {"attack": {"en": "Attack with {card}", "ja": "{card}でアタック"}},
        "who": {"you": {"en": "You (here)", "ja": "自分"}},
        "event": {"draw": {"en": {"one": "{who} drew a card", "other": "{who} drew {count} cards"},
                           "ja": "{who}がカードを{count}枚引いた"}}}
SHARED = {"who": {"you": {"en": "You", "ja": "あなた"}, "opponent": {"en": "Opponent", "ja": "相手"}},
          "term": {"reboot": {"en": "Reboot", "ja": "リブート", "gloss": "リブート"}}}


def test_the_game_table_comes_first_then_the_shared_one():
    c = Catalog([GAME, SHARED])
    assert c.t("who.you", "en") == "You (here)"          # the game's own word wins
    assert c.t("who.opponent", "ja") == "相手"            # the shared one fills in
    assert c.t("action.attack", "ja", card="リン") == "リンでアタック"


def test_a_missing_entry_or_parameter_is_visible_never_silent():
    c = Catalog([GAME, SHARED])
    assert c.t("action.fold", "en") == "⟦action.fold⟧"
    assert c.t("action.attack", "en") == "Attack with ⟦card⟧"
    assert c.get("action.fold", "en") is None


def test_plural_forms_follow_count():
    c = Catalog([GAME])
    assert c.t("event.draw", "en", who="You", count=1) == "You drew a card"
    assert c.t("event.draw", "en", who="You", count=3) == "You drew 3 cards"
    assert c.t("event.draw", "ja", who="あなた", count=3) == "あなたがカードを3枚引いた"


def test_terms_gloss_the_japanese_word_in_english():
    c = Catalog([SHARED])
    assert c.term("term.reboot", "en") == "Reboot (リブート)"
    assert c.term("term.reboot", "ja") == "リブート"


@pytest.mark.parametrize("entry, problem", [
    ({"en": "Attack {card}"}, "no ja text"),
    ({"en": "Attack {card}", "ja": "{target}でアタック"}, "placeholders differ"),
    ({"en": "Attack {card}", "ja": "Attack {card}"}, "not written in Japanese"),
    ({"en": "アタック", "ja": "アタック"}, "equals the en text"),
])
def test_check_reports_entries_out_of_step(entry, problem):
    problems = Catalog([{"action": {"x": entry}}]).check()
    assert len(problems) >= 1 and any(problem in p and p.startswith("action.x:") for p in problems)


def test_the_shared_table_is_complete_and_in_step():
    assert catalog().check() == []
    assert placeholders("{who} drew {count}") == {"who", "count"}
    assert is_japanese("あなた") and not is_japanese("You")


def test_a_sub_entry_under_an_entry_is_found():
    c = Catalog([{"event": {"mulligan": {"en": "{who} kept their hand", "ja": "{who}は手札を残した",
                                         "you": {"en": "You kept your hand", "ja": "あなたは手札を残した"}}}}])
    assert c.t("event.mulligan", "en", who="Opponent") == "Opponent kept their hand"
    assert c.t("event.mulligan.you", "en") == "You kept your hand"
    assert c.check() == []
