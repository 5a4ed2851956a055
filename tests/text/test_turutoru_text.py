"""What Turu-turu says (tcg.games.turutoru.text + text.toml): every action, event and decision met in
seeded random and heuristic games (and in scenarios for what they seldom meet) has its words in
both languages; every line read, in English and Japanese, is a finished sentence from the right
point of view (no ⟦missing⟧ marker, no internal name, no raw dict); the other player's programming
stays secret in every line until both are done; the menu offers every legal action once, copies
of a card under one path; why_not explains what cannot be done; the rules primer exists in both
languages."""
from __future__ import annotations

import re
from functools import lru_cache

import pytest

import tcg
from tcg.agents import make_agent
from tcg.agents.base import AgentView
from tcg.games.turutoru import text as T
from tcg.games.turutoru.effects import REGISTRY
from tcg.present.text import catalog, is_japanese

from ..games.turutoru.harness import do, iid_in, scenario
from .checks import (check_events_from_the_viewers_side, check_menu_paths, check_type_words, log_seen_by, narrated,
                     note_decision)

GAME = "turutoru"
LANGS = ("en", "ja")
SEEDS = range(12)
#: internal names that must never reach a player: effect operations, snake_case ids of events,
#: actions, decisions, steps and selectors
OPS = sorted(REGISTRY.names())
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
#: operation names that are also the English words of English sentences (checked in Japanese only)
ENGLISH_WORDS = {"draw", "damage", "destroy", "search", "shuffle", "move", "hit", "heal", "pay"}
RAW = re.compile(r"Action\(|\{'|\{\"|\['|': |EffectOp|\bNone\b|\bTrue\b|\bFalse\b|<[a-zA-Z_.]+ object|\biid\b")
POV = {"en": re.compile(r"\b(you|your|opponent|opponent's)\b", re.I), "ja": re.compile(r"(あなた|相手)")}
#: events in which the acting player (``player``) is named first
ACTOR_EVENTS = {"priority_player", "draw", "keep", "mulligan", "programmed", "programs_overflow", "program_reveal",
                "program_use", "program_resolved", "program_spent", "program_discarded", "program_decoded", "place",
                "reboot", "mount", "release", "apply", "activate", "effect", "attack", "hp", "destroyed", "returned",
                "mill", "search", "discard", "resolved_to_hand", "concede"}


def clean(text: str, what, lang: str) -> None:
    assert text and isinstance(text, str), what
    assert "⟦" not in text, (what, text)
    assert not RAW.search(text), (what, text)
    assert not SNAKE.search(text), (what, text)
    for name in OPS:
        if name in ENGLISH_WORDS and lang == "en":
            continue  # "draw", "damage"... are English words in English sentences
        assert not re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", text), (name, what, text)
    if lang == "ja":
        assert is_japanese(text), (what, text)


class Seen:
    """Everything met while playing: types, every text produced per language, the lines of events
    with their viewer, the menus checked."""

    def __init__(self) -> None:
        self.events: set[str] = set()
        self.decisions: set[str] = set()
        self.actions: set[str] = set()
        self.texts: list[tuple] = []        # (what, text, lang)
        self.pov: list[tuple] = []          # (event, viewer, lang, line)
        self.menus = 0
        self.copies = 0


def _texts_at(game, seen: Seen, menus: bool) -> None:
    d, legal = note_decision(game, seen)
    for lang in LANGS:
        for viewer in (0, 1, None):
            obs = game.observe(viewer)
            seen.texts.append((("prompt", d.kind, viewer), T.prompt(obs["decision"], viewer, lang, obs=obs,
                                                                     cards=T.CardBook.for_game(game, viewer)), lang))
        for a in legal:
            seen.texts.append((("describe", a.type), game.describe(a, lang), lang))
            for viewer in (0, 1):
                text = T.label(game, a, viewer, lang)
                if viewer != d.player and game.secret_choice():
                    # a stacked card: not even that it happened (TT-T2); the two mulligan
                    # choices read alike, the choice is not told (TT-S2)
                    assert text == T.hidden_label(a, lang), (a, text)
                    if a.type == "stack":
                        assert text == "", (a, text)
                    if a.type in ("keep", "mulligan"):
                        assert text == T.t("hidden.mulligan", lang), (a, text)
                    continue
                seen.texts.append((("label", a.type, viewer == d.player), text, lang))
        if menus:
            paths = T.menu(game, legal, d.player, lang)
            seen.copies += _check_menu(game, legal, paths)
            seen.menus += 1
            for path, a in paths:
                for step in path:
                    seen.texts.append((("menu", a.type), step, lang))
        for line in T.why_not(game, d.player, lang):
            seen.texts.append((("why_not", d.kind), line, lang))


def _alike(game, a) -> tuple:
    cards = game.state.cards
    return (a.type, tuple((k, cards[v].id if k == "card" and a.type in ("stack", "place", "apply", "discard",
                                                                         "search_pick", "mount") else v)
                          for k, v in a.params))


def _check_menu(game, legal, paths) -> int:
    """Every legal action once, in order; equal paths exactly for actions alike for the player
    (copies of one card in the hand). Returns how many paths held copies."""
    count = check_menu_paths(legal, paths, lambda a: _alike(game, a))
    return sum(1 for n in count.values() if n > 1)


def _narrate_all(game, seen: Seen) -> None:
    """Every event of the game as each player and a spectator read it (only the quiet ones without
    a line), and the lines each reads of them all."""
    def narrate(ev, viewer, lang):
        return T.narrate(ev, viewer, lang, game.state.cards)
    for viewer, ev, lang, line in narrated(game, narrate, LANGS, T.QUIET_EVENTS):
        seen.texts.append((("narrate", ev["type"], viewer), line, lang))
        if ev["type"] in ACTOR_EVENTS and isinstance(ev.get("player"), int):
            seen.pov.append((ev, viewer, lang, line))
    for viewer in (0, 1, None):
        events = log_seen_by(game, viewer)
        seen.events.update(ev["type"] for ev in events)
        for lang in LANGS:
            for line in T.lines(events, viewer, lang, T.CardBook(game.rules.cards)):
                seen.texts.append((("lines", viewer), line, lang))


def _play(game, bots, seen: Seen, menus: bool, every: int = 1) -> None:
    n = 0
    while not game.is_over:
        if n % every == 0:
            _texts_at(game, seen, menus)
        legal = game.legal_actions()
        game.apply(bots[game.decision.player].act(AgentView(game, legal)))
        n += 1


def _scenarios() -> list:
    """Games in positions random play seldom reaches: a Library Draw run, a search taken and one
    declined, a target chosen, a decoded program, programs that overflow, a character device
    mounted, a concession."""
    out = []
    # Library Draw 2 (its own decision: run it or skip), then programs_spent
    g = scenario(p0=dict(programs=["T-DRAW2"], deck=["T-SMALL"] * 6), p1=dict(deck=["T-SMALL"] * 6), start="main")
    out.append((g, [("run", {})]))
    # a search (taken / declined)
    for pick in ("search_pick", "search_none"):
        g = scenario(p0=dict(programs=["T-APPLY"], hand=["A-SEARCH"], deck=["T-PLACE", "T-SMALL", "T-PLACE2"]),
                     p1=dict(deck=["T-SMALL"] * 6), start="main")
        out.append((g, [("apply", {"card": "A-SEARCH"}), (pick, {"card": "T-PLACE"} if pick == "search_pick" else {})]))
    # a target chosen for an application's effect
    g = scenario(p0=dict(programs=["T-APPLY"], hand=["A-BOLT"], deck=["T-SMALL"] * 6),
                 p1=dict(chars=["T-SMALL", "T-PLACE2"], deck=["T-SMALL"] * 6), start="main")
    out.append((g, [("apply", {"card": "A-BOLT"}), ("target", {"target": "T-PLACE2"})]))
    # a decoder at segment 0 (the priority player goes first on equal HP)
    g = scenario(p0=dict(programs=["T-DEC"], deck=["T-SMALL"] * 6),
                 p1=dict(programs=["T-PLACE"], hand=["T-SMALL"], deck=["T-SMALL"] * 6), start="main")
    out.append((g, []))
    # overflow: a 4-segment Place runs, the 3-segment one after it does not fit
    g = scenario(p0=dict(programs=["T-PLACE4", "T-PLACE3"], hand=["T-SMALL", "T-SMALL"], deck=["T-SMALL"] * 6),
                 p1=dict(deck=["T-SMALL"] * 6), start="main")
    out.append((g, [("place", {"card": "T-SMALL"})]))
    # a character device mounted on the opponent's character; an Effect of a device
    g = scenario(p0=dict(programs=["T-MOUNT", "T-EFFECT"], hand=["D-ARMS"], chars=["T-SMALL"], deck=["T-SMALL"] * 6),
                 p1=dict(chars=["T-PLACE2"], deck=["T-SMALL"] * 6), start="main")
    out.append((g, [("mount", {"card": "D-ARMS", "target": "T-SMALL"})]))
    return out


@lru_cache(maxsize=None)
def seen_in_games() -> Seen:
    """Random games on 12 seeds (menus checked at every decision of the first four), heuristic games
    on a few, and the scenarios."""
    seen = Seen()
    decks = tcg.list_decks(GAME)
    for seed in SEEDS:
        pair = [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]]
        game = tcg.new_game(GAME, pair, seed=seed)
        _play(game, [make_agent("random", seed=seed), make_agent("random", seed=seed + 50)], seen,
              menus=seed < 4, every=1 if seed < 4 else 5)
        _narrate_all(game, seen)
    for seed in range(3):
        game = tcg.new_game(GAME, [decks[seed % len(decks)], decks[(seed + 2) % len(decks)]], seed=100 + seed)
        _play(game, [make_agent("heuristic", seed=seed), make_agent("heuristic", seed=seed + 1)], seen,
              menus=seed == 0, every=3)
        _narrate_all(game, seen)
    for g, steps in _scenarios():
        for atype, params in steps:
            _texts_at(g, seen, menus=True)
            do(g, atype, **params)
        if not g.is_over and g.decision is not None:
            _texts_at(g, seen, menus=True)
        g.concede(1)
        _narrate_all(g, seen)
    return seen


# --- the table ----------------------------------------------------------------------------------------

def test_the_table_is_complete_and_in_step():
    assert catalog(GAME).check() == []


@pytest.mark.parametrize("prefix, attr", [("event", "events"), ("decision", "decisions"), ("action", "actions")])
def test_every_type_met_has_words_in_both_languages(prefix, attr):
    cat = catalog(GAME)
    met = getattr(seen_in_games(), attr)
    assert met, f"no {attr} met"
    for name in sorted(met):
        check_type_words(cat, f"{prefix}.{name}", same_allowed=True)


def test_the_games_met_every_kind_of_thing():
    seen = seen_in_games()
    assert {"keep", "mulligan", "stack", "finish_program", "use", "skip", "pick", "done", "place", "bed_in",
            "mount", "release", "apply", "activate", "effect", "block", "assign", "discard", "target",
            "run", "search_pick", "search_none"} <= seen.actions
    assert {"mulligan", "program", "choose_program", "place", "reboot", "bed_in", "mount", "release", "apply",
            "attackers", "library_draw", "activate", "effect", "block", "assign_damage", "discard", "target",
            "search"} <= seen.decisions
    assert {"priority_player", "draw", "programmed", "program_reveal", "program_use", "program_resolved",
            "program_spent", "program_discarded", "program_decoded", "programs_overflow", "attack", "blocked",
            "unblocked", "clash", "hp", "destroyed", "damage", "search", "discard", "resolved_to_hand",
            "game_over", "concede"} <= seen.events


def test_every_decision_kind_of_the_game_has_a_prompt_for_everyone():
    cat = catalog(GAME)
    for kind in ("mulligan", "program", "choose_program", "place", "reboot", "bed_in", "mount", "release",
                 "apply", "attackers", "library_draw", "activate", "effect", "block", "assign_damage", "target",
                 "discard", "search"):
        assert f"decision.{kind}" in cat and f"decision.{kind}.other" in cat, kind


def test_the_game_terms_and_programs_are_glossed_in_english():
    cat = catalog(GAME)
    terms = cat.keys("term.")
    assert len(terms) >= 25
    for key in terms + [f"program.{k}" for k in T.PROGRAM_KINDS] + [f"phase.{p}" for p in
                                                                    ("draw", "programming", "main", "prepare")]:
        gloss = cat.entry(key).get("gloss")
        assert gloss and cat.term(key, "en").endswith(f"({gloss})"), key
    assert T.program_name("reboot", 0, "en") == "Reboot (再起)"
    assert T.program_name("library_draw", 2, "en") == "Library Draw 2 (ライブラリドロー)"
    assert T.program_name("library_draw", 2, "ja") == "ライブラリドロー2"
    assert T.program_name("bed_in", 0, "ja") == "ベッドイン"


# --- what the players read --------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_no_missing_key_internal_name_or_raw_value_is_shown(lang):
    texts = [(what, text) for what, text, lng in seen_in_games().texts if lng == lang]
    assert len({text for _, text in texts}) > 500
    kinds = set()
    for what, text in texts:
        clean(text, what, lang)
        kinds.add(what[0])
    assert {"prompt", "describe", "label", "menu", "why_not", "narrate", "lines"} <= kinds


def test_english_and_japanese_prompts_differ():
    en = [text for what, text, lang in seen_in_games().texts if lang == "en" and what[0] == "prompt"]
    ja = [text for what, text, lang in seen_in_games().texts if lang == "ja" and what[0] == "prompt"]
    assert en and ja and not set(en) & set(ja)


def test_events_read_from_the_viewers_side():
    """An event of the viewer's own reads "You"/"Your"/"あなた" first, one of the other player
    "Opponent"/"相手"; a spectator is told P0 / P1."""
    check_events_from_the_viewers_side(seen_in_games().pov, POV, 2000)


def test_names_are_glossed_in_english_and_the_player_is_addressed():
    g = scenario(p0=dict(programs=["T-PLACE"], hand=["T-SMALL"], deck=["T-SMALL"] * 5),
                 p1=dict(deck=["T-SMALL"] * 5), start="main")
    mark = len(g.log)
    do(g, "place", card="T-SMALL")
    (place,) = [e for e in g.log.for_player(1, mark) if e["type"] == "place"]
    cards = g.state.cards
    assert T.narrate(place, 0, "en", cards) == "You placed Small Fry (小兵) on the field"
    assert T.narrate(place, 1, "en", cards) == "Opponent placed Small Fry (小兵) on the field"
    assert T.narrate(place, 1, "ja", cards) == "相手は小兵をフィールドに配置した"
    assert T.narrate(place, None, "en", cards) == "P0 placed Small Fry (小兵) on the field"
    assert T.narrate({"type": "keep", "player": 0}, 0, "en") == "You kept your hand"
    assert T.narrate({"type": "keep", "player": 0}, 1, "en") == "Opponent kept their hand"
    assert T.narrate({"type": "shuffle", "player": 0}, 0, "en") is None
    (resolved,) = [e for e in g.log.for_player(0, mark) if e["type"] == "program_resolved"]
    assert T.narrate(resolved, 0, "en", cards).startswith("✓ Your Place (配置) program (Placer (配置の少女)) is done")
    assert T.narrate(resolved, 0, "ja", cards).startswith("✓ あなたの配置（配置の少女）が完了")
    # HP shows what is left, with the card that dealt the damage
    hp = {"type": "hp", "player": 1, "change": -3, "hp": 17, "source": iid_in(g, 0, "chars", "T-SMALL")}
    assert T.narrate(hp, 1, "en", T.CardBook.for_game(g, 1)) == \
        "You take 3 damage from Opponent's Small Fry (小兵): 17 HP left"
    assert T.narrate(hp, 0, "ja", T.CardBook.for_game(g, 0)) == "相手は3ダメージを受けた（あなたの小兵から）：残りHP17"
    assert T.narrate({**hp, "hp": -2}, 1, "en", cards).endswith(": 0 HP left")


def test_the_opponents_programming_stays_secret_until_both_are_done():
    """P0 (priority) programs first; P1 sees nothing of it: no label, no count, no card name, in
    any line; once both are done each is told how many the other stacked."""
    g = scenario(p0=dict(hand=["T-PLACE", "T-REBOOT", "T-SMALL"], deck=["T-SMALL"] * 5),
                 p1=dict(hand=["T-PLACE2"], deck=["T-SMALL"] * 5), start="programming")
    mark = len(g.log)
    secret = ("配置の少女", "(Placer)", "再起の少女", "Rebooter")
    for card in ("T-PLACE", "T-REBOOT"):
        stack = next(a for a in g.legal_actions() if a.type == "stack" and g.state.cards[a.card].id == card)
        for lang in LANGS:
            assert T.label(g, stack, 1, lang) == ""
        do(g, "stack", card=card)
    finish = next(a for a in g.legal_actions() if a.type == "finish_program")
    assert T.label(g, finish, 1, "en") == T.hidden_label(finish, "en")  # nothing of the stack
    assert T.label(g, finish, 0, "en") == "Finish programming: 2 cards, 2 of 6 segments"
    do(g, "finish_program")
    assert g.decision.player == 1 and g.decision.kind == "program"
    obs = g.observe(1)
    texts = [T.prompt(obs["decision"], 1, lang, obs=obs) for lang in LANGS]
    texts += [T.label(g, a, 1, lang) for a in g.legal_actions() for lang in LANGS]
    texts += [line for lang in LANGS for line in T.why_not(g, 1, lang)]
    texts += [line for lang in LANGS for line in T.lines(g.log.for_player(1, mark), 1, lang,
                                                          T.CardBook.for_game(g, 1))]
    for text in texts:
        assert not any(name in text for name in secret), text
        assert "2 cards" not in text and "2枚" not in text, text
    do(g, "finish_program")
    told = [T.narrate(e, 1, "en", g.state.cards) for e in g.log.for_player(1, mark) if e["type"] == "programmed"]
    assert told == ["Opponent programmed 2 cards face down", "You programmed 0 cards face down"]


def test_an_effect_is_told_with_the_card_that_caused_it():
    g = scenario(p0=dict(programs=["T-APPLY"], hand=["A-BOLT"], deck=["T-SMALL"] * 6),
                 p1=dict(chars=["T-SMALL", "T-PLACE2"], deck=["T-SMALL"] * 6), start="main")
    mark = len(g.log)
    do(g, "apply", card="A-BOLT")
    assert g.decision.kind == "target"
    src = T.decision_source(g)
    for lang in LANGS:
        prompt = T.prompt(g.observe(0)["decision"], 0, lang, obs=g.observe(0), cards=T.CardBook.for_game(g, 0))
        assert ("Bolt (ボルト)" if lang == "en" else "ボルト") in prompt
        clean(prompt, "target prompt", lang)
    step = len(g.log)
    do(g, "target", target="T-PLACE2")
    cards = T.CardBook.for_game(g, 1)
    lines = T.lines(g.log.for_player(1, step), 1, "en", cards, source=src)
    assert any(line.startswith("Your Placer Knight (配置の騎士) took 2 damage") and "(effect of Bolt (ボルト))" in line
               for line in lines), lines
    # in one batch the application's event names it for the events after it
    whole = T.lines(g.log.for_player(0, mark), 0, "ja", T.CardBook.for_game(g, 0))
    assert any("（ボルトの効果）" in line for line in whole), whole
    # alone an event cannot tell its cause: the line says what happened, without a guess
    dmg = next(e for e in g.log.for_player(0, step) if e["type"] == "damage")
    assert "effect of" not in T.narrate(dmg, 0, "en", g.state.cards)


def test_a_decoded_program_names_the_decoder():
    g = scenario(p0=dict(programs=["T-DEC"], deck=["T-SMALL"] * 6),
                 p1=dict(programs=["T-PLACE"], hand=["T-SMALL"], deck=["T-SMALL"] * 6), start="main")
    do(g, "use", program=0)  # the decoder is used (it may be declined: TT-P13)
    lines = T.lines(g.log.for_player(1), 1, "en", T.CardBook.for_game(g, 1))
    decoded = [line for line in lines if line.startswith("⊘")]
    assert decoded == ["⊘ Your program Placer (配置の少女) was decoded by Decoder (解読者): discarded without "
                       "running (no segments used)"], lines


# --- menus -------------------------------------------------------------------------------------------------

def test_menus_were_checked_at_every_decision_of_several_games():
    seen = seen_in_games()
    assert seen.menus > 300
    assert seen.copies, "no decision offered two copies of a card"


def test_two_copies_in_hand_share_one_path_and_a_device_comes_before_where_it_goes():
    g = scenario(p0=dict(hand=["T-PLACE", "T-PLACE", "T-REBOOT", "D-FIELD"], deck=["T-SMALL"] * 5),
                 p1=dict(deck=["T-SMALL"] * 5), start="programming")
    legal = g.legal_actions()
    for lang in LANGS:
        paths = T.menu(g, legal, 0, lang)
        _check_menu(g, legal, paths)
        stacks = [path for path, a in paths if a.type == "stack"]
        assert len(stacks) == 3 and stacks[0] == stacks[1] != stacks[2]
    g = scenario(p0=dict(programs=["T-MOUNT"], hand=["D-ARMS", "D-ARMS"], chars=["T-SMALL"], deck=["T-SMALL"] * 5),
                 p1=dict(chars=["T-PLACE2"], deck=["T-SMALL"] * 5), start="main")
    legal = g.legal_actions()
    paths = T.menu(g, legal, 0, "en")
    _check_menu(g, legal, paths)
    mounts = sorted({path for path, a in paths if a.type == "mount"})
    assert mounts == [("Mount Power Arm (強化アーム)", "on Opponent's #1 Placer Knight (配置の騎士) (2/2)"),
                      ("Mount Power Arm (強化アーム)", "on your #1 Small Fry (小兵) (1/1)")]
    assert T.menu(g, legal, 0, "ja")[0][0][0] == "強化アームをマウント"


# --- why an option is missing --------------------------------------------------------------------------------

def test_why_not_while_programming():
    g = scenario(p0=dict(hand=["T-PLACE4", "T-PLACE3", "D-FIELD"], deck=["T-SMALL"] * 5),
                 p1=dict(deck=["T-SMALL"] * 5), start="programming")
    do(g, "stack", card="T-PLACE4")
    en = T.why_not(g, 0, "en")
    assert "Placer General (配置の将軍): 3 seg, but only 2 left if every card above runs: when reached it would be " \
           "discarded (with every card after it)" in en
    assert "Server (サーバー): only character cards can be stacked as programs (device cards are used by a program)" in en
    assert any(line.startswith("A stacked card stays in the stack") for line in en)
    ja = T.why_not(g, 0, "ja")
    assert any(line.startswith("配置の将軍：3セグメントだが、上のカードがすべて実行されると残り2") for line in ja), ja
    for line in en + ja:
        clean(line, "why_not", "ja" if is_japanese(line) else "en")
    assert T.why_not(g, 1, "en") == ["It is not your decision: Opponent is deciding."]


def test_why_not_a_program_with_nothing_to_act_on_and_a_new_character():
    # a card with Attack / Place / Bed-in: no character of yours can attack, so Attack is not offered
    g = scenario(p0=dict(programs=["T-MULTI"], hand=["T-SMALL"], deck=["T-SMALL"] * 5),
                 p1=dict(chars=["T-PLACE2"], deck=["T-SMALL"] * 5), start="main")
    assert g.decision.kind == "choose_program"
    en = T.why_not(g, 0, "en")
    assert en == ["All-rounder (万能の少女) as Attack (攻撃): no awake character of yours that was not placed this round"]
    assert T.why_not(g, 0, "ja") == ["万能の少女の攻撃：このラウンドに配置したもの以外に、ウェイクアップ状態の自分のキャラクターがいない"]
    assert T.why_not(g, 1, "en") == ["It is not your decision: Opponent is deciding."]
    # choosing attackers: one placed this round, one in bed
    g = scenario(p0=dict(programs=["T-ATK"], chars=[dict(card="T-SMALL", placed_this_round=True),
                                                  dict(card="T-PLACE", awake=False), "T-PLACE2"],
                         deck=["T-SMALL"] * 5), p1=dict(deck=["T-SMALL"] * 5), start="main")
    assert g.decision.kind == "attackers"
    en = T.why_not(g, 0, "en")
    assert "Small Fry (小兵): placed this round: it cannot Attack (Fan Fire can)" in en
    assert any(line.startswith("Placer (配置の少女): in bed (ベッドイン)") for line in en)
    assert not any("Placer Knight" in line for line in en)  # it can attack: nothing to explain


# --- the primer --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_primer(lang):
    text = T.rules_primer(lang)
    assert len(text) > 2000
    # the Japanese primer gives each term's English word too ("ドローフェイズ（draw phase）")
    assert "⟦" not in text and not RAW.search(text) and not SNAKE.search(text)
    if lang == "en":
        for words in ("Segment (セグメント)", "Reboot (再起)", "Program Decoder (プログラムデコーダー)",
                      "priority (優先義務)", "awake (ウェイクアップ)", "in bed (ベッドイン)", "How to win"):
            assert words in text, words
    else:
        for words in ("勝利条件", "セグメント", "再起", "プログラムデコーダー", "優先義務", "ウェイクアップ状態", "ベッドイン状態"):
            assert words in text, words


def test_two_same_named_characters_are_told_apart_by_their_number_on_the_table():
    """Two copies of a card on the field are offered as "[#1]" and "[#2]" (not an internal card id
    and instance, "[TTS-028#29]"), and the terminal's table numbers the characters of each field
    the same way ("#2"), as the options name them."""
    import io

    from rich.console import Console

    from tcg.ui import get_renderer
    g = scenario(p0=dict(programs=["T-ACTV"], chars=["T-SKILL", dict(card="T-SKILL", damage=1)],
                         deck=["T-SMALL"] * 6), p1=dict(chars=["T-SMALL"], deck=["T-SMALL"] * 6), start="main")
    for lang in LANGS:
        heads = {path[0] for path, _ in T.menu(g, g.legal_actions(), 0, lang) if len(path) > 1}
        assert len(heads) == 2 and all(re.search(r"[\[［]#[12][\]］]$", h) for h in heads), heads
        out = io.StringIO()
        Console(file=out, width=80, color_system=None).print(get_renderer(GAME, g, lang, viewer=0).board(g.observe(0)))
        lines = out.getvalue().splitlines()
        assert any("技能者" in line and " · #1 · " in line for line in lines)
        assert any("技能者" in line and " · #2 · " in line for line in lines)
