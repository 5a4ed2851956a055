"""What Z/X says (tcg.games.zx.text + text.toml): every action, event and decision met in seeded
games has its words in both languages; every line read in a game, in English and Japanese, is a
finished sentence from the right point of view (no ⟦missing⟧ marker, no internal name, no raw
dict); the menu offers every legal action once, copies of a card under one path, the card first;
why_not says why a card cannot be placed."""
from __future__ import annotations

import re
from collections import defaultdict

import pytest

import tcg
from tcg.agents import make_agent
from tcg.agents.base import AgentView
from tcg.games.zx import text as W
from tcg.present.text import catalog
from tests.games.zx.harness import main
from tests.text import checks

GAME = "zx"
SEEDS = range(1, 21)
LANGS = ("en", "ja")
#: internal names that must never reach a player: effect operations, steps, snake_case ids
INTERNAL = re.compile(r"\b(set_state|modify|heal|gain_counter|add_life|win_if|alter_force|on_place|"
                      r"play_zx|use_event|[a-z]+_[a-z_]+)\b")
RAW = re.compile(r"\{'|\{\"|\['|Action\(|EffectOp|<[a-zA-Z_.]+ object|\bNone\b|\bTrue\b|\bFalse\b")
SQUARE = re.compile(r"square \d \([^)]*\)|スクエア\d（[^）]*）")
YOU = {"en": re.compile(r"\b(you|your|opponent|opponent's)\b", re.I), "ja": re.compile(r"(あなた|相手)")}


def clean(text: str, what) -> None:
    checks.check_clean(text, what, INTERNAL, RAW)


def play(seed: int, agents, out: checks.Played, full: bool) -> None:
    game = tcg.new_game(GAME, tcg.list_decks(GAME)[:2], seed=seed)
    books = {(v, lang): W.CardBook.for_game(game, v) for v in (0, 1, None) for lang in LANGS}
    n = 0
    while not game.is_over:
        d = game.decision
        legal = game.legal_actions()
        out.decisions.add(d.kind)
        if full or n % 7 == 0:
            for v in (d.player, 1 - d.player):
                obs = game.observe(v)
                for lang in LANGS:
                    out.lines.append((("prompt", d.kind, v), W.prompt(obs["decision"], v, lang, obs=obs,
                                                                      cards=books[(v, lang)]), lang))
            for lang in LANGS:
                for a in legal:
                    out.lines.append((("describe", a), game.describe(a, lang), lang))
                    out.lines.append((("label", a), W.label(game, a, d.player, lang), lang))
                for line in W.why_not(game, d.player, lang):
                    out.lines.append((("why_not", d.kind), line, lang))
            out.menus.append((d.kind, legal, W.menu(game, legal, d.player, "en"),
                              {a: game.state.cards[a.get("card")].id for a in legal
                               if isinstance(a.get("card"), int) and a.get("card") >= 0}))
        if d.kind == "main" and game.state.turn == 3 and d.player == game.state.active:
            out.turn3.append(len({p[0] for p, _ in W.menu(game, legal, d.player, "en")}))
        action = agents[d.player].act(AgentView(game, legal))
        out.actions.add(action.type)
        mark = len(game.log)
        game.apply(action)
        n += 1
        assert n < 5000
        checks.read_new_events(game, W, mark, books, out, LANGS)


@pytest.fixture(scope="module")
def played() -> checks.Played:
    out = checks.Played()
    for seed in SEEDS:
        play(seed, [make_agent("random", seed=seed), make_agent("random", seed=seed + 50)], out, full=seed <= 3)
    for seed in (1, 2):
        play(seed, [make_agent("heuristic", seed=seed), make_agent("heuristic", seed=seed + 1)], out, full=False)
    return out


# --- the table ------------------------------------------------------------------------------------

def test_the_table_is_complete_and_in_step():
    assert catalog(GAME).check() == []


def test_every_type_met_has_its_words_in_both_languages(played):
    words = catalog(GAME)
    keys = [f"event.{t}" for t in played.events] + [f"decision.{k}" for k in played.decisions] + \
        [f"action.{t}" for t in played.actions]
    assert {"place", "attack", "battle_damage", "life_damage", "leave_board", "turn_start"} <= played.events
    assert {"main", "battle", "life_pick", "mulligan", "resource"} <= played.decisions
    for key in keys:
        checks.check_words_in_both_languages(words, key)


def test_the_game_terms_are_glossed_in_english():
    checks.check_terms_glossed(catalog(GAME), 30)
    assert "Descent (降臨)" in W.rules_primer("en") and "Rebooted (リブート)" in W.rules_primer("en")


# --- the lines of a game ------------------------------------------------------------------------------

def test_every_line_met_is_a_finished_sentence_in_both_languages(played):
    checks.check_lines_are_finished_sentences(played.lines, clean,
                                              ("prompt", "describe", "label", "why_not", "narrate", "lines"))


def test_english_and_japanese_lines_differ(played):
    checks.check_english_and_japanese_lines_differ(played.lines)


def test_events_name_the_players_from_the_viewers_side(played):
    """An event of the viewer's own reads "You"/"あなた" first, one of the other player
    "Opponent"/"相手"; a spectator is told P0 / P1."""
    # a square's name says whose side it is on
    checks.check_events_from_the_viewers_side(played.pov, YOU, 1000, players_only=True, strip=SQUARE)


def test_first_player_and_counters_change_their_verb_for_you():
    ev = {"type": "first_player", "player": 0}
    assert W.narrate(ev, 0, "en") == "You go first (no draw on the first turn)"
    assert W.narrate(ev, 1, "en") == "Opponent goes first (no draw on the first turn)"
    assert W.narrate(ev, 1, "ja").startswith("相手が先攻")
    ev = {"type": "counter", "player": 1, "counter": "melody", "total": 2}
    assert W.narrate(ev, 1, "en") == "You now have 2 Melodies"
    assert W.narrate(ev, 0, "en") == "Opponent now has 2 Melodies"
    assert W.narrate({**ev, "total": 1}, 0, "en") == "Opponent now has 1 Melody"   # plural forms are data
    assert W.narrate(ev, 0, "ja") == "相手のメロディは2個になった"


def test_an_effect_is_told_with_the_card_that_caused_it():
    cards = tcg.card_set(GAME)
    ev_card = next(c for c in cards if c.kind == "event")
    zx = next(c for c in cards if c.kind == "zx")
    book = W.CardBook(cards)
    book.learn(50, zx.id, 1)
    events = [{"type": "event", "player": 0, "card": 7, "id": ev_card.id, "free": False},
              {"type": "modify", "card": 50, "amount": -2000},
              {"type": "set_state", "card": 50, "asleep": True}]
    lines = W.lines(events, 0, "en", book)
    assert lines[1] == f"Opponent's {zx.name_en} ({zx.name}) gets -2000 power this turn (effect of " \
                       f"{ev_card.name_en} ({ev_card.name}))"
    assert lines[2].startswith(f"Opponent's {zx.name_en} ({zx.name}) was put to sleep (effect of ")
    ja = W.lines(events, 0, "ja", book)
    assert ja[1] == f"相手の{zx.name}のパワーがこのターン-2000（{ev_card.name}の効果）"
    # alone, the event cannot tell its cause: the line says what happened, without a guess
    assert W.narrate(events[1], 1, "en", book) == f"Your {zx.name_en} ({zx.name}) gets -2000 power this turn"


# --- menus ---------------------------------------------------------------------------------------------

def test_menu_offers_every_legal_action_once_and_copies_under_one_path(played):
    copies = 0
    for kind, legal, menu, ids in played.menus:
        assert [a for _, a in menu] and sorted(map(repr, (a for _, a in menu))) == sorted(map(repr, legal)), kind
        by_path = defaultdict(list)
        for path, a in menu:
            assert path and all(isinstance(x, str) and x for x in path), path
            for step in path:
                clean(step, ("menu", kind))
            by_path[path].append(a)
        for path, actions in by_path.items():
            # one path: the same thing done with copies of one printed card
            norm = {(a.type, ids.get(a), tuple((k, v) for k, v in a.params if k != "card")) for a in actions}
            assert len(norm) == 1, (path, actions)
            copies += len(actions) > 1
        # and copies of one card always share their path
        path_of = {}
        for path, a in menu:
            key = (a.type, ids.get(a), tuple((k, v) for k, v in a.params if k != "card"))
            assert path_of.setdefault(key, path) == path, (key, path)
    assert copies, "no decision offered two copies of a card"


def test_main_phase_menu_asks_the_card_first(played):
    mains = [(legal, menu) for kind, legal, menu, _ in played.menus if kind == "main"]
    assert mains
    deep = 0
    for legal, menu in mains:
        first = {p[0] for p, _ in menu}
        assert len(first) <= len(legal)
        for path, a in menu:
            if len(path) == 2:
                deep += 1
                assert a.type in ("place", "zx_ex", "ev_ex", "shift", "attack", "activate", "event", "overboost")
    assert deep
    assert played.turn3 and max(played.turn3) <= 10, played.turn3


def test_a_turn_three_main_phase_is_a_short_first_menu():
    game = tcg.new_game(GAME, tcg.list_decks(GAME)[:2], seed=2)
    bots = [make_agent("heuristic", seed=1), make_agent("heuristic", seed=2)]
    while not (game.decision.kind == "main" and game.state.turn == 3):
        game.apply(bots[game.decision.player].act(AgentView(game, game.legal_actions())))
    legal = game.legal_actions()
    menu = W.menu(game, legal, game.decision.player, "en")
    first = list(dict.fromkeys(p[0] for p, _ in menu))
    assert len(first) <= 10 < len(legal) or len(legal) <= 10
    assert first[-1] == "End the turn"


# --- why_not -----------------------------------------------------------------------------------------

def test_why_not_explains_a_card_that_cannot_be_placed():
    # Red Five costs 5 with 3 resources; Blue Two needs a blue resource; Intercept is for battles
    g = main(p0={"hand": ["Z-R5", "Z-B2", "E-GUARD", "Z-R1"], "resources": ["Z-R1"] * 3})
    placeable = {g.state.cards[a.card].id for a in g.legal_actions() if a.type == "place"}
    assert placeable == {"Z-R1"}
    checks.check_why_not(W.why_not, g, clean, [
        "Red Five (赤五): costs 5, you have 3 rebooted resources",
        "Blue Two (青二): needs at least one rebooted blue resource to pay with",
        "Intercept (迎撃): a battle event: only during a battle",
    ], ["赤五：コスト5に対してリブート状態のリソースが3枚", "青二：支払いにはリブート状態の青のリソースが1枚以上必要"],
        fine="Red One")  # Red One can be placed: nothing to explain


def test_why_not_explains_a_full_board_and_a_sleeping_attacker():
    # every square the player could use holds an opponent's Z/X or a sleeping Z/X of theirs
    board = {sq: {"card": "Z-R1", "owner": 1} for sq in (0, 2, 3, 4, 5, 6, 8)}
    board[7] = {"card": "Z-R1", "owner": 0, "asleep": True}
    g = main(p0={"hand": ["Z-R1"], "resources": ["Z-R1"] * 3}, board=board)
    assert not [a for a in g.legal_actions() if a.type == "place"]
    lines = W.why_not(g, 0, "en")
    assert any(line.startswith("Red One (赤一): no square to place it on") for line in lines), lines
    assert any("on square 7 (your player square): asleep" in line for line in lines), lines


def test_rules_primer_in_both_languages():
    en, ja = W.rules_primer("en"), W.rules_primer("ja")
    for word in ("How to win", "life", "Ignition", "dynamis", "Reboot"):
        assert word.lower() in en.lower(), word
    for word in ("勝利条件", "ライフ", "イグニッション", "デュナミス", "リブート", "降臨"):
        assert word in ja, word
    clean(en, "primer")
    clean(ja, "primer")


def test_events_seldom_met_read_in_both_languages():
    cards = tcg.card_set(GAME)
    zx = next(c for c in cards if c.kind == "zx")
    book = W.CardBook(cards)
    book.learn(5, zx.id, 0)
    events = [{"type": "card_win", "player": 0, "card": 5},
              {"type": "pick", "player": 1, "from": "deck"},
              {"type": "pick", "player": 1, "from": "deck", "card": 9, "id": zx.id, "revealed": True},
              {"type": "concede", "player": 1},
              {"type": "battle_end", "why": "player protected by a Z/X OB"},
              {"type": "game_over", "winner": None, "reason": "decision_limit"}]
    en = [W.narrate(ev, 0, "en", book) for ev in events]
    assert en[0] == f"Your {zx.name_en} ({zx.name}) meets its own win condition!"
    assert en[1] == "Opponent took a card from their deck into the hand (not revealed)"
    assert en[2] == f"Opponent took {zx.name_en} ({zx.name}) (revealed) from their deck into the hand"
    assert en[3] == "Opponent conceded"
    assert en[4] == "The battle ends with no effect: the player is protected by a Z/X OB"
    assert en[5].startswith("Game over: Draw (")
    checks.check_events_read_in_both_languages(W.narrate, events, book, clean, LANGS)


def test_the_board_names_the_card_whose_effect_a_target_continues():
    """A target chosen for an effect: the damage and destruction lines after it name the card."""
    from tcg.ui import get_renderer, label_players
    for seed in range(1, 30):
        game = tcg.new_game(GAME, tcg.list_decks(GAME)[:2], seed=seed)
        bots = [make_agent("random", seed=seed), make_agent("random", seed=seed + 9)]
        r = get_renderer(GAME, game, viewer=0, names=label_players(0))
        while not game.is_over:
            legal = game.legal_actions()
            action = bots[game.decision.player].act(AgentView(game, legal))
            if game.decision.kind == "target":
                source = game.state.cards[game.decision.info["source"]]
                actor = game.decision.player
                r.action_label(game, action, actor)
                mark = len(game.log)
                game.apply(action)
                lines = r.step_lines(actor, action, game.log.for_player(0, mark))
                effect = [line for line in lines if "effect of" in line]
                assert effect and all(source.name in line for line in effect), lines
                return
            game.apply(action)
    pytest.skip("no target decision met")
