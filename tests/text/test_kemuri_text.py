"""What Kemuri says (tcg.games.kemuri.text + text.toml): every action, event and decision met in
seeded random and heuristic games has its words in both languages; every line read in a game, in
English and Japanese, is a finished sentence from the right point of view (no ⟦missing⟧ marker,
no internal name, no raw dict); the menu offers every legal action once, copies of a card under
one path, the card first; an effect names the card that caused it; why_not says why a cast
cannot be placed, an event or support cannot be used, a cast cannot serve."""
from __future__ import annotations

import re
from collections import defaultdict

import pytest

import tcg
from tcg.agents import make_agent
from tcg.agents.base import AgentView
from tcg.games.kemuri import text as W
from tcg.present.text import catalog, is_japanese
from tests.text import checks
from tests.games.kemuri.harness import action, do, scenario

GAME = "kemuri"
SEEDS = range(1, 16)
LANGS = ("en", "ja")
#: internal names that must never reach a player: effect operations, steps, decision kinds and
#: other snake_case ids
INTERNAL = re.compile(r"\b(set_state|modify|salvage|lose_seats|remove_event|ikeike|[a-z]+_[a-z_]+)\b")
RAW = re.compile(r"\{'|\{\"|\['|\{[a-z_]+\}|Action\(|EffectOp|<[a-zA-Z_.]+ object|\bNone\b|\bTrue\b|\bFalse\b")
YOU = {"en": re.compile(r"\b(you|your|opponent|opponent's)\b", re.I), "ja": re.compile(r"(あなた|相手)")}
#: the actions whose card is in a pile (hand, seating zone, deck, backyard): copies are alike
PILE_ACTIONS = {"place", "event", "support", "trouble", "help", "pay", "pick", "mulligan_mark", "swap_in",
                "swap_out"}


def clean(text: str, what) -> None:
    checks.check_clean(text, what, INTERNAL, RAW)


def _ids(game, a) -> tuple:
    """The printed cards an action names (copies of a card are alike)."""
    cards = game.state.cards
    out = [cards[a.get(k)].id for k in ("card", "seat", "cast", "target") if isinstance(a.get(k), int) and a.get(k) >= 0]
    return tuple(out) + tuple(cards[i].id for i in (a.get("casts") or ()))


def play(seed: int, agents, out: checks.Played, full: bool, pair) -> None:
    game = tcg.new_game(GAME, pair, seed=seed)
    books = {(v, lang): W.CardBook.for_game(game, v) for v in (0, 1, None) for lang in LANGS}
    n = 0
    while not game.is_over and n < 1500:  # enough to meet every kind (random games can run long)
        d = game.decision
        legal = game.legal_actions()
        out.decisions.add(d.kind)
        if full or n % 5 == 0:
            for v in (d.player, 1 - d.player, None):
                obs = game.observe(v)
                for lang in LANGS:
                    out.lines.append((("prompt", d.kind, v), W.prompt(obs["decision"], v, lang, obs=obs,
                                                                      cards=books[(v, lang)], game=game), lang))
            for lang in LANGS:
                for a in legal:
                    out.lines.append((("describe", a.type), game.describe(a, lang), lang))
                    for v in (d.player, 1 - d.player):
                        out.lines.append((("label", a.type, v), W.label(game, a, v, lang), lang))
                for line in W.why_not(game, d.player, lang):
                    out.lines.append((("why_not", d.kind), line, lang))
                menu = W.menu(game, legal, d.player, lang)
                for path, _ in menu:
                    for step in path:
                        out.lines.append((("menu", d.kind), step, lang))
            out.menus.append((d.kind, legal, W.menu(game, legal, d.player, "en"),
                              {a: _ids(game, a) for a in legal}))
        a = agents[d.player].act(AgentView(game, legal))
        out.actions.add(a.type)
        mark = len(game.log)
        game.apply(a)
        n += 1
        assert n < 20_000  # the engine's own cap (random Kemuri games can take thousands of decisions)
        checks.read_new_events(game, W, mark, books, out, LANGS, quiet=W.QUIET_EVENTS)
    if game.is_over:
        out.reasons.add(game.result["reason"])


@pytest.fixture(scope="module")
def played() -> checks.Played:
    out = checks.Played()
    decks = tcg.list_decks(GAME)
    for seed in SEEDS:
        pair = [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]]
        play(seed, [make_agent("random", seed=seed), make_agent("random", seed=seed + 50)], out, full=seed <= 2,
             pair=pair)
    for seed in (1, 2, 3):
        play(seed, [make_agent("heuristic", seed=seed), make_agent("heuristic", seed=seed + 1)], out, full=False,
             pair=decks[:2])
    return out


# --- the table ------------------------------------------------------------------------------------

def test_the_table_is_complete_and_in_step():
    assert catalog(GAME).check() == []


def test_every_type_met_has_its_words_in_both_languages(played):
    words = catalog(GAME)
    assert {"draw", "place", "serve", "cp_contest", "call_in", "pay", "turn_start", "close", "ikeike",
            "charcoal_change", "cross", "help"} <= played.events
    assert {"mulligan", "charcoal", "charcoal_in", "operation", "pay", "trouble", "serve", "help"} <= played.decisions
    assert {"place", "serve", "pay", "swap_out", "swap_in", "cross", "help", "end_turn"} <= played.actions
    keys = [f"event.{t}" for t in played.events] + [f"decision.{k}" for k in played.decisions] + \
        [f"action.{t}" for t in played.actions] + [f"reason.{r}" for r in played.reasons]
    for key in keys:
        checks.check_type_words(words, key)  # an entry, or one per outcome (event.optional.yes / .no)


def test_every_decision_kind_and_end_reason_of_the_game_has_words():
    words = catalog(GAME)
    for kind in ("mulligan", "charcoal", "charcoal_in", "operation", "pay", "trouble", "serve", "help", "close",
                 "target", "pick_card", "target_hidden", "optional", "choose_mode", "look_take", "look_order"):
        assert f"decision.{kind}" in words, kind
        # the serving, help, target, "you may" and mode prompts read the same for everyone (the
        # player named in them); another player's look reads as one hidden prompt
        assert f"decision.{kind}.other" in words or kind in ("serve", "help", "target", "optional", "choose_mode") \
            or (kind.startswith("look_") and "decision.look_hidden" in words), kind
    for reason in ("close", "refresh_loop", "concede", "decision_limit", "step_limit"):
        for lang in LANGS:
            text = W.reason_text(reason, lang)
            clean(text, reason)
            assert lang == "en" or is_japanese(text)


def test_the_game_terms_are_glossed_in_english():
    checks.check_terms_glossed(catalog(GAME), 25)
    primer = W.rules_primer("en")
    for glossed in ("Serving (お給仕)", "Call-in (呼び込み)", "Go-go serving (イケイケ)", "Charcoal change (炭替え)",
                    "Flavour cross (味クロス)", "Charm (おまじない)", "Help (ヘルプ出勤)", "Seating zone (客席)",
                    "Seats (席数)", "Backyard (バックヤード)", "Refresh (リフレッシュ)", "Close (クローズ)",
                    "Early shift (早番)", "Late shift (遅番)"):
        assert glossed in primer, glossed


# --- the lines of a game ------------------------------------------------------------------------------

def test_every_line_met_is_a_finished_sentence_in_both_languages(played):
    checks.check_lines_are_finished_sentences(played.lines, clean,
                                              ("prompt", "describe", "label", "why_not", "narrate", "lines", "menu"))


def test_english_and_japanese_lines_differ(played):
    checks.check_english_and_japanese_lines_differ(played.lines)


def test_events_name_the_players_from_the_viewers_side(played):
    """An event of the viewer's own reads "You"/"あなた" first, one of the other player
    "Opponent"/"相手"; a spectator is told P0 / P1."""
    checks.check_events_from_the_viewers_side(played.pov, YOU, 2000, players_only=True)


def _served_with_help():
    """Player 0 serves its early-shift cast at player 1's early cast; player 1 holds a help card."""
    return scenario(p0=dict(floor=["K-EB"], deck=["K-F1"] * 6),
                    p1=dict(floor=["K-EA"], hand=["K-HE2"], deck=["K-F1"] * 6), start="serve")


def test_the_computers_help_is_told_as_the_computers():
    g = _served_with_help()
    do(g, "serve", cast="K-EB", target="K-EA")
    assert g.decision.player == 1 and g.decision.kind == "help"
    help_ = action(g, "help", card="K-HE2")
    # the computer (player 1) helps: player 0 reads it as the opponent's move, never as theirs
    mine = W.label(g, help_, 1, "en")
    theirs = W.label(g, help_, 0, "en")
    assert mine.startswith("Help with Iku (helps early +2) (早番ヘルプいく) (ヘルプ出勤, +2 CP) → CP 5 vs your 5")
    assert theirs.startswith("Help with Iku (helps early +2) (早番ヘルプいく) (ヘルプ出勤, +2 CP) → CP 5 vs their 5")
    assert "your" not in theirs
    assert "あなた" not in W.label(g, help_, 0, "ja")
    prompt0 = W.prompt(g.observe(0)["decision"], 0, "en", obs=g.observe(0))
    prompt1 = W.prompt(g.observe(1)["decision"], 1, "en", obs=g.observe(1))
    assert prompt1.startswith("You — Opponent's Ben (early) (早番べん) (早番 CP 5) serves your Aoi (early) (早番あおい)")
    assert prompt0.startswith("Opponent — your Ben (early) (早番べん) (早番 CP 5) serves Opponent's Aoi (early) (早番あおい)")
    mark = len(g.log)
    g.apply(help_)
    (ev,) = [e for e in g.log.for_player(0, mark) if e["type"] == "help"]
    book = W.CardBook.for_game(g, 0)
    assert W.narrate(ev, 0, "en", book) == "Opponent helped with Iku (helps early +2) (早番ヘルプいく) (ヘルプ出勤, +2 CP)"
    assert W.narrate(ev, 1, "en", book) == "You helped with Iku (helps early +2) (早番ヘルプいく) (ヘルプ出勤, +2 CP)"
    assert W.narrate(ev, 0, "ja", book) == "相手が早番ヘルプいくでヘルプ出勤した（CP+2）"
    done = action(g, "done")
    # 5 against 3+2: a tie goes to the server
    assert W.label(g, done, 0, "en") == "Done helping: 5 vs 3+2 → Opponent's Aoi (early) (早番あおい) loses → backyard"
    assert W.label(g, done, 1, "en") == "Done helping: 5 vs 3+2 → your Aoi (early) (早番あおい) loses → backyard"


def test_an_effect_is_told_with_the_card_that_caused_it():
    """A trouble's CP change, a trigger's draw and the loser of a serving are told with their cause."""
    g = scenario(p0=dict(floor=["K-EB"], deck=["K-F1"] * 6), p1=dict(floor=["K-EA"], hand=["R-WEAK"],
                                                                      deck=["K-F1"] * 6), start="serving_start")
    mark = len(g.log)
    do(g, "trouble", card="R-WEAK")
    lines = W.lines(g.log.for_player(0, mark), 0, "en", W.CardBook.for_game(g, 0))
    assert lines[-1] == "Your Ben (early) (早番べん) gets -2 CP this turn (effect of Power cut (opposing casts -2 CP) (停電))"
    ja = W.lines(g.log.for_player(0, mark), 0, "ja", W.CardBook.for_game(g, 0))
    assert ja[-1] == "あなたの早番べんのCPがこのターン-2（停電の効果）"
    # alone, the event cannot tell its cause: the line says what happened, without a guess
    (ev,) = [e for e in g.log.for_player(0, mark) if e["type"] == "modify"]
    assert W.narrate(ev, 0, "en", W.CardBook.for_game(g, 0)) == "Your Ben (early) (早番べん) gets -2 CP this turn"
    # a trigger called in: its draw names it; the serving's loser "lost the serving"
    g = scenario(p0=dict(floor=["K-EB"], deck=["K-TRIG", "K-F1", "K-F1"]), p1=dict(floor=["K-EA"], deck=["K-F1"] * 6),
                 start="serve")
    mark = len(g.log)
    do(g, "serve", cast="K-EB", target="K-EA")
    do(g, "done")
    lines = W.lines(g.log.for_player(1, mark), 1, "en", W.CardBook.for_game(g, 1))
    assert "Opponent called in Mio (trigger: draw 1) (トリガーみお) → ⚡ trigger: draw 1 (then to the backyard)" in lines
    assert "Opponent drew a card (effect of Mio (trigger: draw 1) (トリガーみお))" in lines
    assert "Your Aoi (early) (早番あおい) left the floor → backyard (lost the serving)" in lines


def test_first_player_and_refresh_change_their_verb_for_you():
    ev = {"type": "first_player", "player": 0}
    assert W.narrate(ev, 0, "en") == "You go first"
    assert W.narrate(ev, 1, "en") == "Opponent goes first"
    assert W.narrate(ev, None, "en") == "P0 goes first"
    assert W.narrate(ev, 1, "ja") == "相手が先攻"
    ev = {"type": "refresh", "player": 1, "cards": 9}
    assert W.narrate(ev, 0, "en").endswith("→ You call in 1")
    assert W.narrate(ev, 1, "en").startswith("Your deck ran out") and W.narrate(ev, 1, "en").endswith(
        "→ Opponent calls in 1")
    assert W.narrate({"type": "mulligan", "player": 0, "returned": 0}, 0, "en") == "You kept your hand (no mulligan)"
    assert W.narrate({"type": "mulligan", "player": 0, "returned": 0}, 1, "en") == \
        "Opponent kept their hand (no mulligan)"
    assert W.narrate({"type": "mulligan", "player": 1, "returned": 1}, 0, "en") == \
        "Opponent mulliganed: 1 card into the backyard, drew 1"
    assert W.narrate({"type": "shuffle", "player": 0}, 0, "en") is None


def test_events_seldom_met_read_in_both_languages():
    cards = tcg.card_set(GAME)
    cast = next(c for c in cards if c.kind == "cast")
    book = W.CardBook(cards)
    book.learn(5, cast.id, 1)
    events = [{"type": "no_card", "player": 0},
              {"type": "leader", "player": 1, "active": False},
              {"type": "event_removed", "card": 5, "id": cast.id},
              {"type": "mill", "player": 1, "card": 5, "id": cast.id},
              {"type": "pick", "player": 1, "card": 5, "id": cast.id, "from": "backyard"},
              {"type": "cast_leaves", "player": 1, "cards": [5], "to": "hand"},
              {"type": "modify", "card": 5, "stat": "call_in", "amount": -1},
              {"type": "concede", "player": 1},
              {"type": "game_over", "winner": None, "reason": "refresh_loop"}]
    en = [W.narrate(ev, 0, "en", book) for ev in events]
    name = f"{cast.name_en} ({cast.name})"
    assert en[0] == "Your deck and backyard are empty: nothing to draw"
    assert en[1] == "Opponent's leader is now locked"
    assert en[3] == f"Opponent put {name} from the top of their deck into the backyard"
    assert en[4] == f"Opponent took {name} from their backyard into the hand"
    assert en[5] == f"Opponent's {name} left the floor → hand"
    assert en[6] == f"Opponent's {name} gets -1 call-in this turn"
    assert en[7] == "Opponent conceded"
    assert en[8].startswith("Game over: Draw (refreshes repeated without end")
    checks.check_events_read_in_both_languages(W.narrate, events, book, clean, LANGS)


# --- menus ---------------------------------------------------------------------------------------------

def test_menu_offers_every_legal_action_once_and_copies_under_one_path(played):
    copies = 0
    assert len(played.menus) > 500
    for kind, legal, menu, ids in played.menus:
        assert len(menu) == len(legal) and set(a for _, a in menu) == set(legal), kind
        by_path = defaultdict(list)
        for path, a in menu:
            assert path and all(isinstance(x, str) and x for x in path), path
            by_path[path].append(a)
        for path, actions in by_path.items():
            # one path: the same thing done with copies of one printed card
            norm = {(a.type, ids[a], tuple((k, v) for k, v in a.params
                                            if k not in ("card", "seat", "cast", "target", "casts"))) for a in actions}
            assert len(norm) == 1, (path, actions)
            copies += len(actions) > 1
        # and copies of one card in a pile always share their path
        path_of = {}
        for path, a in menu:
            if a.type in PILE_ACTIONS:
                key = (a.type, ids[a])
                assert path_of.setdefault(key, path) == path, (key, path)
    assert copies, "no decision offered two copies of a card"


def test_the_operation_menu_asks_the_card_first():
    g = scenario(p0=dict(hand=["K-EA", "K-EA", "K-LA", "S-DRAW"], floor=["K-EB", "K-LC", "K-ACT"],
                         seating=["K-F2", "K-F2"], leader="KL-AOI", deck=["K-F1"] * 6), p1=dict(deck=["K-F1"] * 6))
    legal = g.legal_actions()
    menu = W.menu(g, legal, 0, "en")
    assert set(a for _, a in menu) == set(legal)
    first = list(dict.fromkeys(p[0] for p, _ in menu))
    assert "Leader Manager Aoi (店長あおい)" in first
    assert "Flavour cross (味クロス): 2 or 3 casts as one, CP summed" in first
    assert "End the operation phase → serving" in first[-2:]
    assert len(first) <= 8 < len(legal)
    crosses = [p for p, a in menu if a.type == "cross"]
    assert all(len(p) == 3 and p[1].endswith(" on top") and p[2].startswith("then ") for p in crosses)
    leader = [p for p, a in menu if a.type in ("leader_draw", "charm")]
    assert [len(p) for p in leader] == [2, 2]
    # the floor full: no cast to place, the copies of 早番あおい are not offered at all
    assert not [a for a in legal if a.type == "place"]


def test_two_copies_have_one_path_and_two_cards_of_one_name_two():
    """K-EA and K-EA-R are both Aoi (early) (早番あおい): the menu tells them apart by card id;
    two copies of K-EA are one choice."""
    g = scenario(p0=dict(hand=["K-EA", "K-EA", "K-EA-R"], deck=["K-F1"] * 6), p1=dict(deck=["K-F1"] * 6))
    legal = g.legal_actions()
    for lang in LANGS:
        paths = [p for p, a in W.menu(g, legal, 0, lang) if a.type == "place"]
        assert len(paths) == 3 and paths[0] == paths[1] and paths[0] != paths[2]
        assert paths[2][0].endswith("[K-EA-R]")


def test_the_charcoal_change_reads_as_steps():
    # a seat whose only swap is a copy of itself says so and comes after the others
    g = scenario(p0=dict(seating=["K-F3", "K-F1"], hand=["K-F3", "K-EA"], deck=["K-F1"] * 6),
                 p1=dict(deck=["K-F1"] * 6), start="charcoal")
    out = [p[0] for p, a in W.menu(g, g.legal_actions(), 0, "en") if a.type == "swap_out"]
    assert out == ["Swap out seat Customer Lv1 (お客様1) (Lv1) · then choose hand cards of total level 1 (seats stay 4)",
                   "Swap out seat Customer Lv3 (お客様3) (Lv3) · then choose hand cards of total level 3 (seats stay 4)"
                   " · only a copy of the same card fits: nothing would change"]
    # the seat first, then the hand cards one at a time
    g = scenario(p0=dict(seating=["K-F2", "K-F1"], hand=["K-F2", "K-EA", "K-LA"], deck=["K-F1"] * 6),
                 p1=dict(deck=["K-F1"] * 6), start="charcoal")
    do(g, "swap_out", seat="K-F2")
    steps = [p[0] for p, _ in W.menu(g, g.legal_actions(), 0, "en")]
    assert steps[0] == "Swap in Aoi (early) (早番あおい) (Lv1) for seat Customer Lv2 (お客様2) · 1 more level to choose"
    assert steps[-1] == "Swap in Customer Lv2 (お客様2) (Lv2) · completes the swap: Customer Lv2 (お客様2) back to your " \
                        "hand, seats stay 3 (the same card: nothing changes)"
    prompt = W.prompt(g.observe(0)["decision"], 0, "en", obs=g.observe(0))
    assert prompt == "You — charcoal change (炭替え): hand cards for seat Customer Lv2 (お客様2) (Lv2) · 2 more levels to choose"
    ja = [p[0] for p, _ in W.menu(g, g.legal_actions(), 0, "ja")]
    assert "早番あおい（Lv1）をお客様2の代わりに客席へ・あと合計レベル1" in ja
    do(g, "swap_in", card="K-EA")
    assert W.prompt(g.observe(0)["decision"], 0, "en", obs=g.observe(0)).endswith(
        "· chosen: Aoi (early) (早番あおい) (Lv1) · 1 more level to choose")
    mark = len(g.log)
    do(g, "swap_in", card="K-LA")
    (ev,) = [e for e in g.log.for_player(1, mark) if e["type"] == "charcoal_change"]
    assert W.narrate(ev, 1, "en", W.CardBook.for_game(g, 1)) == (
        "Opponent swapped seat Customer Lv2 (お客様2) (Lv2) for Aoi (early) (早番あおい) (Lv1) + Eri (late) (遅番えり) "
        "(Lv1) (charcoal change; seats unchanged)")


# --- why_not -----------------------------------------------------------------------------------------

def test_why_not_explains_a_cast_that_cannot_be_placed():
    # two seats: the cost-4 cast is too dear; the support and the event were used this turn
    g = scenario(p0=dict(hand=["K-BIG", "K-EA", "S-DRAW", "E-CP", "R-WEAK"], seating=["K-F2"], used_event=True,
                         used_support=True, deck=["K-F1"] * 6), p1=dict(deck=["K-F1"] * 6))
    placeable = {g.state.cards[a.card].id for a in g.legal_actions() if a.type == "place"}
    assert placeable == {"K-EA"}
    lines = checks.check_why_not(W.why_not, g, clean, [
        "Hana (early, big) (早番はな): cannot be placed: it costs 4 and you have 2 seats",
        "Shopping run (draw 2) (買い出し): you have already used a support this turn (one per turn)",
        "Anniversary (all casts +1 CP) (周年祭): you have already placed an event this turn (one per turn)",
    ], ["早番はな：配置できない：コスト4に対して席数が2", "買い出し：このターンはもうサポートを使った（1ターン1枚まで）"],
        fine="Aoi")  # Aoi can be placed: nothing to explain
    assert any(line.startswith("Power cut (opposing casts -2 CP) (停電): a trouble is used only at the start")
               for line in lines)


def test_why_not_explains_a_full_floor_and_a_cast_that_served():
    g = scenario(p0=dict(hand=["K-EA"], floor=["K-EB", dict(card="K-LA", below=["K-LC"])], seating=["K-F1"],
                         deck=["K-F1"] * 6), p1=dict(deck=["K-F1"] * 6))
    lines = W.why_not(g, 0, "en")
    assert "Aoi (early) (早番あおい): cannot be placed: the floor is full (3 casts; a cross counts each of its casts)" \
        in lines
    g = scenario(p0=dict(floor=[dict(card="K-EB", served=True), "K-LA"], deck=["K-F1"] * 6),
                 p1=dict(floor=["K-EA"], deck=["K-F1"] * 6), start="serve")
    assert "Ben (early) (早番べん): has already served this turn" in W.why_not(g, 0, "en")
    assert "早番べん：このターンはもうお給仕した" in W.why_not(g, 0, "ja")


def test_rules_primer_in_both_languages():
    en, ja = W.rules_primer("en"), W.rules_primer("ja")
    for word in ("How to win", "16", "close", "seating zone", "serving", "call-in", "flavour cross", "refresh"):
        assert word.lower() in en.lower(), word
    for word in ("勝利条件", "席数", "クローズ", "客席ゾーン", "お給仕", "呼び込み", "イケイケ", "炭替え", "味クロス",
                 "おまじない", "ヘルプ出勤", "リフレッシュ", "早番", "遅番"):
        assert word in ja, word
    clean(en, "primer")
    clean(ja, "primer")


# --- the board -----------------------------------------------------------------------------------------

def test_the_board_names_the_card_whose_effect_a_target_continues():
    """A target chosen for a trigger's effect: the CP change after it names the trigger's card."""
    from tcg.ui import get_renderer, label_players
    g = scenario(p0=dict(floor=["K-EB", "K-LA"], hand=["S-PUMP"], deck=["K-F1"] * 6), p1=dict(deck=["K-F1"] * 6))
    r = get_renderer(GAME, g, viewer=1, names=label_players(1))
    do(g, "support", card="S-PUMP")
    assert g.decision.kind == "target"
    a = g.legal_actions()[0]
    assert r.action_label(g, a, 0).startswith("Target Opponent's cast #1: Ben (early) (早番べん)")
    mark = len(g.log)
    g.apply(a)
    lines = r.step_lines(0, a, g.log.for_player(1, mark))
    assert lines == ["Opponent's Ben (early) (早番べん) gets +3 CP this turn (effect of Treat (a cast +3 CP) (差し入れ))"]
