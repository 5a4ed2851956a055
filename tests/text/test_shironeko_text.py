"""What Shironeko says (games/shironeko/text.py, text.toml): every action, event and decision met in
seeded games has words in both languages; the words never show a missing key, an internal
operation name or a raw value; events read from the viewer's side; menus cover the legal actions
and fold copies; why_not explains what cannot be played; the rules primer exists in both languages."""
from __future__ import annotations

import re
from functools import lru_cache

import pytest

import tcg
from tcg.agents import make_agent
from tcg.agents.base import AgentView
from tcg.games.shironeko import text as T
from tcg.games.shironeko.effects import REGISTRY
from tcg.present.text import catalog, is_japanese

from ..games.shironeko.harness import do, scenario
from .checks import check_menu_paths, check_type_words, narrated, note_decision

LANGS = ("en", "ja")
SEEDS = range(20)
#: internal names that must never reach a player: effect operations, event/action/decision types
INTERNAL = sorted(set(REGISTRY.names()) | {
    "set_state", "add_marker", "remove_marker", "leave_field", "damage_to_discard", "player_damage",
    "ready_souls", "no_defense", "trigger_order", "mulligan_mark", "mulligan_done", "search_pick",
    "search_none", "pay_suggested", "end_turn", "new_leader", "deck_out", "on_enter", "choose_",
    "this_card", "all_opponent_characters", "turn_start"})
#: operation names that are also the English words of English sentences (checked in Japanese only)
ENGLISH_WORDS = {"draw", "damage", "destroy", "search", "shuffle", "build", "pay"}
RAW = re.compile(r"Action\(|\{'|': |\bNone\b|\bTrue\b|\bFalse\b|<[a-z_.]+ object|\biid\b")
#: events in which the acting player is named (and so must be called You / Opponent)
ACTOR_EVENTS = {"first_player", "draw", "mulligan", "turn_start", "phase", "build", "pay", "place",
                "change", "awaken", "monster", "burst", "leaderize", "activate", "attack", "defend",
                "no_defense", "player_damage", "reveal", "trigger", "damage_to_discard", "mill", "search",
                "recycle", "ready_souls", "discard", "deck_out", "concede"}


class Seen:
    """Everything met while playing: types and every text produced, per language."""

    def __init__(self) -> None:
        self.events: set[str] = set()
        self.decisions: set[str] = set()
        self.actions: set[str] = set()
        self.texts: dict[str, set[str]] = {lang: set() for lang in LANGS}
        self.pov: list[tuple[str, bool, str, str]] = []  # (event type, viewer acted, lang, line)
        self.menus = 0


def _play(game, bots, seen: Seen, menus: bool) -> None:
    while not game.is_over:
        d, legal = note_decision(game, seen)
        for lang in LANGS:
            for viewer in (0, 1, None):
                seen.texts[lang].add(T.prompt(game.observe(viewer)["decision"], viewer, lang,
                                              game.state.cards, obs=game.observe(viewer)))
            for a in legal:
                seen.texts[lang].add(game.describe(a, lang))
            if menus:
                paths = T.menu(game, legal, d.player, lang)
                _check_menu(game, legal, paths)
                seen.menus += 1
                for path, _ in paths:
                    seen.texts[lang].update(path)
                seen.texts[lang].update(T.why_not(game, d.player, lang))
        game.apply(bots[d.player].act(AgentView(game, legal)))


def _check_menu(game, legal, paths) -> None:
    """Every legal action once, in order; equal paths exactly for actions alike for the player."""
    s = game.state
    cards = s.cards

    def in_pile(iid: int) -> bool:  # not a character or leader on the field
        ps = s.players[s.owner[iid]]
        return ps.unit(iid) is None and (ps.leader is None or ps.leader.iid != iid)

    def alike(a) -> tuple:
        """Copies of one card in a pile (hand, discard pile...) are alike; cards on the field differ."""
        return (a.type, tuple((k, cards[v].id if k == "card" and a.type != "activate" else
                               (cards[v].id, s.owner[v]) if k == "target" and a.type == "target" and in_pile(v) else v)
                              for k, v in a.params))
    check_menu_paths(legal, paths, alike)


def _narrate_all(game, seen: Seen) -> None:
    """Every event of the game as each player reads it (only the quiet ones without a line), and as
    a spectator reads it."""
    def narrate(ev, viewer, lang):
        return T.narrate(ev, viewer, lang, game.state.cards)
    seen.events.update(ev["type"] for viewer in (0, 1) for ev in game.log.for_player(viewer))
    for viewer, ev, lang, line in narrated(game, narrate, LANGS, T.QUIET_EVENTS, viewers=(0, 1)):
        seen.texts[lang].add(line)
        if ev["type"] in ACTOR_EVENTS and isinstance(ev.get("player"), int):
            seen.pov.append((ev["type"], ev["player"] == viewer, lang, line))
    for _, _, lang, line in narrated(game, narrate, LANGS, viewers=(None,)):
        seen.texts[lang].add(line)


@lru_cache(maxsize=None)
def seen_in_games() -> Seen:
    """Random games on 20 seeds (menus checked at every decision of the first five), heuristic
    games on a few, and scenarios for what random play rarely meets (a search, a concession)."""
    seen = Seen()
    decks = tcg.list_decks("shironeko")
    for seed in SEEDS:
        pair = [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]]
        game = tcg.new_game("shironeko", pair, seed=seed)
        _play(game, [make_agent("random", seed=seed), make_agent("random", seed=seed + 50)], seen,
              menus=seed < 5)
        _narrate_all(game, seen)
    for seed in range(3):
        game = tcg.new_game("shironeko", decks[:2], seed=100 + seed)
        _play(game, [make_agent("heuristic", seed=seed), make_agent("heuristic", seed=seed + 1)], seen,
              menus=False)
        _narrate_all(game, seen)
    for card, pick in (("F-MSEARCH", "search_pick"), ("F-MSEARCH", "search_none")):
        g = scenario(p0=dict(hand=[card], town=["F-T-BLUE"], deck=["F-R1", "F-B1", "F-B2"]),
                     p1=dict(deck=["F-B1"] * 3))
        do(g, "monster", card=card)
        for lang in LANGS:
            seen.texts[lang].update(g.describe(a, lang) for a in g.legal_actions())
            seen.texts[lang].add(T.prompt(g.observe(0)["decision"], 0, lang, g.state.cards))
            seen.texts[lang].add(T.prompt(g.observe(1)["decision"], 1, lang, g.state.cards))
        do(g, pick, **({"card": "F-B1"} if pick == "search_pick" else {}))
        g.concede(1)
        _narrate_all(g, seen)
    return seen


# --- the table ---------------------------------------------------------------------------------

def test_the_table_is_complete_and_in_step():
    assert catalog("shironeko").check() == []


@pytest.mark.parametrize("prefix, attr", [("event", "events"), ("decision", "decisions"), ("action", "actions")])
def test_every_type_met_has_words_in_both_languages(prefix, attr):
    cat = catalog("shironeko")
    met = getattr(seen_in_games(), attr)
    assert met, f"no {attr} met"
    for name in sorted(met):
        check_type_words(cat, f"{prefix}.{name}")


def test_the_games_met_every_kind_of_thing():
    seen = seen_in_games()
    assert {"place", "attack", "defend", "no_defense", "pay", "mulligan_mark", "end_turn"} <= seen.actions
    assert {"main", "mulligan", "defend", "pay"} <= seen.decisions
    assert {"draw", "attack", "battle", "reveal", "game_over", "search", "concede"} <= seen.events


def test_every_decision_kind_of_the_game_has_a_prompt_for_everyone():
    cat = catalog("shironeko")
    for kind in ("mulligan", "main", "defend", "target", "trigger_order", "discard", "search", "pay"):
        assert f"decision.{kind}" in cat and f"decision.{kind}.other" in cat


# --- what the players read ---------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_no_missing_key_internal_name_or_raw_value_is_shown(lang):
    texts = seen_in_games().texts[lang]
    assert len(texts) > 200
    for text in texts:
        assert text and "⟦" not in text, text
        assert not RAW.search(text), text
        for name in INTERNAL:
            if name in ENGLISH_WORDS and lang == "en":
                continue  # "draw", "damage"... are English words in English sentences
            end = "" if name.endswith("_") else "(?![A-Za-z])"
            assert not re.search(rf"(?<![A-Za-z]){re.escape(name)}{end}", text), (name, text)
        if lang == "ja":
            assert is_japanese(text), text


@pytest.mark.parametrize("lang, you, other", [("en", "you", "opponent"), ("ja", "あなた", "相手")])
def test_events_read_from_the_viewers_side(lang, you, other):
    lines = [(etype, mine, line) for etype, mine, lng, line in seen_in_games().pov if lng == lang]
    assert {etype for etype, _, _ in lines} >= {"draw", "attack", "place", "turn_start"}
    for etype, mine, line in lines:
        low = line.lower()
        if mine:
            assert you in low and other not in low, (etype, line)
        else:
            assert other in low and not re.search(r"\byou\b|\byour\b|あなた", low), (etype, line)


def test_names_in_english_are_glossed_and_the_player_is_addressed():
    g = scenario(p0=dict(hand=["F-R1"], town=["F-T-RED"], deck=["F-B1"] * 5), p1=dict(deck=["F-B1"] * 5))
    mark = len(g.log)
    do(g, "place", card="F-R1")
    (place,) = [e for e in g.log.for_player(1, mark) if e["type"] == "place"]
    assert T.narrate(place, 0, "en", g.state.cards) == "You placed Red Swordsman (赤の剣士)"
    assert T.narrate(place, 1, "en", g.state.cards) == "Opponent placed Red Swordsman (赤の剣士)"
    assert T.narrate(place, 1, "ja", g.state.cards) == "相手が赤の剣士を配置した"
    assert T.narrate(place, None, "en", g.state.cards) == "P0 placed Red Swordsman (赤の剣士)"
    assert T.narrate({"type": "mulligan", "player": 0, "returned": 0}, 0, "en") == "You kept your hand"
    assert T.narrate({"type": "mulligan", "player": 0, "returned": 0}, 1, "en") == "Opponent kept their hand"
    assert T.narrate({"type": "shuffle", "player": 0, "zone": "deck"}, 0, "en") is None
    # terms are glossed in English prompts and labels, never in Japanese
    prompt = T.prompt(g.observe(0)["decision"], 0, "en")
    assert "Main phase (メインフェイズ)" in prompt
    assert "メインフェイズ" in T.prompt(g.observe(0)["decision"], 0, "ja")


# --- menus ---------------------------------------------------------------------------------------

def test_menus_were_checked_at_every_decision_of_several_games():
    assert seen_in_games().menus > 200


def test_two_copies_of_a_card_have_one_path_and_a_card_comes_first():
    g = scenario(p0=dict(hand=["F-R1", "F-R1", "F-B1"], town=["F-T-RED", "F-T-BLUE"],
                         chars=["F-B2"], deck=["F-B1"] * 5), p1=dict(deck=["F-B1"] * 5))
    legal = g.legal_actions()
    for lang in LANGS:
        paths = T.menu(g, legal, 0, lang)
        _check_menu(g, legal, paths)
        places = [path for path, a in paths if a.type == "place" and g.state.cards[a.card].id == "F-R1"]
        assert len(places) == 2 and places[0] == places[1]
        assert places[0][0] == T.card_label(g.state.cards[legal[0].card], lang)
        attack = [path for path, a in paths if a.type == "attack"]
        assert len(attack) == 1 and len(attack[0]) == 2   # the character, then "Attack"
    assert len({path for path, _ in T.menu(g, legal, 0, "en")}) == len(legal) - 1


def test_a_change_is_card_then_change_then_target():
    g = scenario(p0=dict(hand=["F-R2"], town=["F-T-RED"], chars=["F-R1", "F-B1"], deck=["F-B1"] * 5),
                 p1=dict(deck=["F-B1"] * 5))
    changes = [path for path, a in T.menu(g, g.legal_actions(), 0, "en") if a.type == "change"]
    assert len(changes) == 2 and all(len(p) == 3 for p in changes)
    assert changes[0][:2] == changes[1][:2] and changes[0][2] != changes[1][2]
    assert changes[0][1].startswith("Character change (キャラチェンジ)")
    assert {p[2] for p in changes} == {"onto Red Swordsman (赤の剣士)", "onto Blue Mage (青の魔導士)"}


def test_two_different_cards_of_one_name_never_share_a_path():
    """F-R1 and F-R1B are both 赤の剣士: in Japanese their mulligan labels read alike, so the menu
    tells them apart by card id."""
    g = scenario(p0=dict(hand=["F-R1", "F-R1B"], deck=["F-B1"] * 5), p1=dict(deck=["F-B1"] * 5))
    g.state.players[0].mulliganed = False
    g.state.steps = [("mulligan", 0)]
    g.state.decision = None
    g.rules.advance(g.state)
    g.touch()
    legal = g.legal_actions()
    assert [a.type for a in legal] == ["mulligan_mark", "mulligan_mark", "mulligan_done"]
    for lang in LANGS:
        paths = T.menu(g, legal, 0, lang)
        _check_menu(g, legal, paths)
        assert paths[0][0] != paths[1][0]


# --- why an option is missing ------------------------------------------------------------------

def test_why_not_explains_a_card_that_cannot_be_played():
    g = scenario(p0=dict(hand=["F-R3", "F-B1", "F-R1"], town=["F-T-RED"],
                         chars=["F-R1", dict(card="F-B2", sick=True)], deck=["F-B1"] * 5),
                 p1=dict(deck=["F-B1"] * 5))
    en = T.why_not(g, 0, "en")
    ja = T.why_not(g, 0, "ja")
    # 赤の将軍 (cost 5): one soul; no level-2 character of another name... F-B2 is level 2: its change cost 2
    general = next(line for line in en if line.startswith("Red General (赤の将軍) cannot be played"))
    assert "it costs 5 and you have only 1 ON soul" in general
    blue = next(line for line in en if line.startswith("Blue Mage (青の魔導士) cannot be played"))
    assert "at least one ON blue soul" in blue
    same = next(line for line in en if line.startswith("Red Swordsman (赤の剣士) cannot be played"))
    assert "already on your field" in same
    assert any("cannot attack" in line and "summoning sickness" in line for line in en)
    assert any(line.startswith("赤の将軍は使えません") and "ON状態のソウルが1枚しかない" in line
               for line in ja)
    assert any("召喚酔い" in line for line in ja)
    # not the viewer's decision / not the main phase: says so
    assert T.why_not(g, 1, "en") == ["It is not your decision: Opponent is deciding."]
    do(g, "end_turn")
    assert T.why_not(g, 1, "ja") and all("⟦" not in line for line in T.why_not(g, 1, "ja"))


def test_why_not_explains_a_full_character_area():
    g = scenario(p0=dict(hand=["F-B1"], town=["F-T-BLUE"] * 3, chars=["F-R1", "F-R2", "F-R3", "F-STATIC"],
                         deck=["F-B1"] * 5), p1=dict(deck=["F-B1"] * 5))
    (line,) = [x for x in T.why_not(g, 0, "en") if x.startswith("Blue Mage (青の魔導士)")]
    assert "your character area is full (4 characters)" in line


# --- the primer ----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_primer(lang):
    text = T.rules_primer(lang)
    assert "⟦" not in text and len(text) > 1500
    if lang == "en":
        assert "Soul (ソウル)" in text and "Character change (キャラチェンジ)" in text and "main deck" in text
    else:
        assert "ソウル" in text and "メインデッキ" in text and "キャラチェンジ" in text
