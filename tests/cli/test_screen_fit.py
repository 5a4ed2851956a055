"""The play screen on a terminal of 80x24: every decision shows its options and the prompt, the
board shortened (never a card name cut) so that it fits above them, what is being decided in view;
the answers to h, log, i, ? and r are followed by the options again; long lines (events, help,
options, cards) wrap under their start, Japanese included."""
from __future__ import annotations

import importlib
import io

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

import tcg
from tcg.agents import make_agent
from tcg.agents.base import AgentView
from tcg.ui import get_renderer, table
from tcg.ui.table import Hanging, breaks
from tcg.ui.terminal import Step, _height, _menu_level, _options_block, _print_help, _show_decision, \
    menu_paths, play_session, print_steps, say

GAMES = ["shironeko", "turutoru", "kemuri", "zx"]


def console(width: int = 80, height: int = 24) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=width, height=height, color_system=None), out


def decisions(game_id: str, seed: int, every: int = 4, limit: int = 300):
    """A game between two heuristic players, stopped at every ``every``-th choice of player 0
    that has more than one option."""
    g = tcg.new_game(game_id, tcg.list_decks(game_id)[:2], seed=seed)
    bots = [make_agent("heuristic", seed=1), make_agent("heuristic", seed=2)]
    n = 0
    while not g.is_over and n < limit:
        view = AgentView(g, g.legal_actions())
        if view.player == 0 and len(g.legal_actions()) > 1:
            n += 1
            if n % every == 0:
                yield g
        g.apply(bots[view.player].act(view))


def screen(g, lang: str) -> tuple[list[str], list[str], dict]:
    """The lines a decision prints at 80x24 (the prompt line added), its option labels and the
    board description."""
    con, out = console()
    r = get_renderer(g.game_id, g, lang, viewer=0)
    labels = [c[0] for c in _menu_level(menu_paths(g, r, 0, lang), ())]
    _show_decision(con, r, g, 0, labels, lang)
    desc = importlib.import_module(f"tcg.games.{g.game_id}.board").describe(g.observe(0), lang, g.rules.cards)
    return out.getvalue().splitlines() + [say("ui.prompt", lang, span="1-9")], labels, desc


def unwrap(lines: list[str]) -> str:
    """The lines with each wrapped line joined to the one it continues (indented under it)."""
    out = ""
    for line in lines:
        if out and line.startswith("  ") and not line.lstrip()[:3].rstrip(".").isdigit():
            piece = line.lstrip()
            wide = cell_len(out[-1:]) > 1 and cell_len(piece[:1]) > 1
            out += ("" if wide else " ") + piece
        else:
            out += "\n" + line
    return out


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_decision_keeps_its_options_prompt_and_question_on_one_screen(game_id, lang):
    seen = fitted = 0
    for g in decisions(game_id, seed=2):
        lines, labels, desc = screen(g, lang)
        con, _ = console()
        options = _height(con, _options_block(labels, (), lang, header=True))
        last = lines[-24:]
        assert all(cell_len(line) <= 80 for line in lines)
        if options > 20:
            continue
        seen += 1
        text = "\n".join(last)
        # every option and what is being decided are on the last 24 lines (no scrolling back)
        assert all(label[:10] in text for label in labels), (game_id, lang, labels)
        status = str(desc["status"])
        assert status[:20] in text, (game_id, lang, status)
        fitted += len(lines) <= 24
        # a card name is never cut: a name begun on the screen is there whole (wrapped lines joined)
        joined = unwrap(lines[:lines.index(say("ui.options", lang))]).replace(status, "")
        joined = joined.replace(str(desc.get("banner") or "▢"), "")  # status and banner quote names their way
        titles = {str(c.get("title")) for a in desc["areas"] for c in (a.get("cards") or []) +
                  [c for ce in a.get("cells") or [] for c in ce.get("cards") or []] if not c.get("face_down")}
        cards = [c for a in desc["areas"] for c in (a.get("cards") or []) +
                 [c for ce in a.get("cells") or [] for c in ce.get("cards") or []]]
        notes = {str(s) for c in cards for s in c.get("states") or []} | {
            str(m) for a in desc["areas"] for ce in a.get("cells") or [] for m in ce.get("marks") or []}
        for title in sorted(titles | notes, key=len, reverse=True):  # a state may name a card its way
            joined = joined.replace(title, "▢")
        for title in titles:  # nothing of a name is left once the whole names are taken out
            assert title[:max(8, min(len(title) - 2, 20))] not in joined, (game_id, lang, title, joined)
    assert seen > 3
    if game_id in ("shironeko",):  # a table of cards in rows fits whole with its options
        assert fitted >= seen * 3 // 4, (fitted, seen)


def test_without_room_the_board_is_shortened_not_the_options():
    g = next(decisions("shironeko", seed=3, every=20))
    full_con, full = console(height=1000)
    r = get_renderer("shironeko", g, "en", viewer=0)
    full_con.print(r.board(g.observe(0)))
    lines, labels, _ = screen(g, "en")
    assert len(full.getvalue().splitlines()) + len(labels) + 3 > 24  # the whole board would not fit
    assert len(lines) <= 24
    assert say("ui.board_shortened", "en", "shironeko") in "\n".join(lines)
    assert "Your options:" in lines[-len(labels) - 3:][0] or "Your options:" in "\n".join(lines[-12:])


def test_b_shows_the_whole_board():
    g = next(decisions("shironeko", seed=3, every=20))
    con, out = console()
    r = get_renderer("shironeko", g, "en", viewer=0)
    labels = [c[0] for c in _menu_level(menu_paths(g, r, 0, "en"), ())]
    _show_decision(con, r, g, 0, labels, "en", whole=True)
    assert say("ui.board_shortened", "en", "shironeko") not in out.getvalue()


def test_the_shortest_board_that_does_not_fit_ends_with_what_is_decided():
    desc = importlib.import_module("tcg.games.zx.board").describe(
        next(decisions("zx", seed=2, every=6)).observe(0), "en", None)
    con, out = console()
    con.print(table.render(desc, max_lines=3))
    lines = out.getvalue().splitlines()
    assert desc["title"] in lines[-3:] or desc["title"] in "\n".join(lines[-5:])
    assert lines[0] != desc["title"]


@pytest.mark.parametrize("answer", ["h", "log", "i", "?", "r"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_answer_is_followed_by_the_options_again(answer, lang):
    g = tcg.new_game("shironeko", tcg.list_decks("shironeko")[:2], seed=4)
    con, out = console()
    prompts: list[int] = []
    answers = iter([answer, "q"])

    def read(prompt: str) -> str:
        con.print(prompt)
        prompts.append(len(out.getvalue().splitlines()))
        return next(answers)
    play_session(g, 0, make_agent("heuristic", seed=1), console=con, lang=lang, read=read)
    lines = out.getvalue().splitlines()
    r = get_renderer("shironeko", g, lang, viewer=0)
    labels = [c[0] for c in _menu_level(menu_paths(g, r, 0, lang), ())]
    second = lines[prompts[0]:prompts[1]]  # the answer, up to the next prompt
    tail = "\n".join(second[-(len(labels) * 2 + 3):])
    assert say("ui.options", lang) in tail
    for i, label in enumerate(labels, 1):
        assert f"{i}. {label[:10]}" in tail


def test_event_lines_and_help_wrap_under_their_start():
    con, out = console()
    r = get_renderer("shironeko", None, "en", viewer=0)
    long = "You changed 泡沫の魔法使いシズク (Shizuku the Bubble Mage) into 氷刃のセツナ (Setsuna of the Ice Blade)"
    print_steps(con, r, [Step(0, long + " now", [{"type": "x"}])])
    r.event_lines = lambda events: [long + " (character change)"]
    print_steps(con, r, [Step(0, "Pay", [{"type": "x"}])])
    lines = out.getvalue().splitlines()
    assert all(cell_len(line) <= 80 for line in lines)
    for line in lines:
        assert line.startswith(("▶", "    ")), line  # no line of an event or step starts flush left
    assert "氷刃のセツナ" in "\n".join(lines)  # a name between spaces is kept on one line
    con, out = console()
    _print_help(con, say("ui.help", "en"))
    text = out.getvalue()
    assert "\ncard drawn" not in text and "\nsince)" not in text  # the help's breaks are not kept
    assert "              card drawn or shuffled" in text or "              played since)" in text
    assert all(cell_len(line) <= 80 for line in text.splitlines())
    con, out = console()
    _print_help(con, say("ui.help", "ja"))
    lines = out.getvalue().splitlines()
    assert "コマンド：" in lines and all(cell_len(line) <= 80 for line in lines)


def test_japanese_breaks_between_characters_and_english_between_words():
    text = "選択肢の番号を入力してください（$ = 最後の選択肢）。選択が段階に分かれることがあります。"
    lines = Hanging(text, 2).lines(40)
    assert all(cell_len(line.plain) <= 40 for line in lines)
    assert cell_len(lines[0].plain) >= 30  # filled, not broken at the first space
    assert not any(line.plain.strip().startswith(("。", "）", "、")) for line in lines)
    drew = "    あなたはカードを7枚引いた：校長代理ヴィオラ、星屑メテオ、炎の魔女エルザ、重装機ガーディアン、癒しの巫女シオン"
    lines = [line.plain.strip() for line in Hanging(drew, 6).lines(80)]
    assert len(lines) == 2 and lines[1].startswith("重装機ガーディアン")  # broken after "、", not in a name
    cuts = breaks("Attack with 氷刃のセツナ (Setsuna of the Ice Blade) now", 30)
    assert "氷刃のセツナ" in "Attack with 氷刃のセツナ (Setsuna of the Ice Blade) now"[:cuts[0]] or \
        "Attack with 氷刃のセツナ (Setsuna of the Ice Blade) now"[cuts[0]:].lstrip().startswith("氷刃のセツナ")


def test_a_card_line_keeps_its_name_and_drops_facts_to_fit():
    c = {"title": "Setsuna of the Ice Blade (Awakened) (氷刃のセツナ)", "kind": "awakened", "color": "blue",
         "color_label": "blue", "cost": 5, "stats": [["HP", "1/5"]], "states": ["OFF", "attacked"], "owner": 0}
    lost: list[str] = []
    line = table.card_line(c, 0, width=60, lost=lost)
    assert line.plain.startswith(c["title"]) and cell_len(line.plain) <= 60
    assert "HP 1/5" in line.plain and "awakened" in lost  # the kind goes first, the stats last
    hand, field = table.card_line(c, 0, width=70, in_hand=True), table.card_line(c, 0, width=70)
    assert "blue 5" in hand.plain and "OFF" not in hand.plain  # in a hand the cost stays longer
    assert "blue 5" not in field.plain and "OFF" in field.plain  # on the table the states do
    assert table.card_line(c, 0, width=10).plain.startswith(c["title"])  # a name is never cut
    assert table.folded([c, dict(c), {**c, "title": "x"}])[0][1] == 2
    row = {"id": "p0.hand", "label": "Your hand", "owner": 0, "layout": "row", "cards": [c] * 2 + [
        {**c, "title": f"Card number {i}"} for i in range(8)], "count": 10}
    names = table.names_line(row, 0, 80, 1).plain
    assert names.startswith("Your hand (10):") and "×2" in names and "+" in names and cell_len(names) <= 80
    assert Text(names).plain.count("Card number") == names.count("Card number")


def test_card_texts_and_the_rules_wrap_under_each_line_start():
    from tcg.ui.terminal import _print_hanging
    g = tcg.new_game("turutoru", tcg.list_decks("turutoru")[:2], seed=12)
    r = get_renderer("turutoru", g, "en", viewer=0)
    con, out = console()
    _print_hanging(con, r.card_info(g.observe(0)))
    from tcg.ui.terminal import rules_primer
    _print_hanging(con, rules_primer("turutoru", "en"))
    lines = out.getvalue().splitlines()
    assert len(lines) > 20 and all(cell_len(line) <= 80 for line in lines)
    starts = [line for line in lines if line and not line.startswith(" ")]
    # only headings and paragraph starts are flush left: no wrapped end of a card's facts or text
    assert all(cell_len(line) < 80 or not line.endswith(("(", "·")) for line in starts)
    flush = [line for line in starts if line[:1].islower()]
    assert flush == [], flush


def test_a_counter_label_ending_in_a_full_width_colon_takes_no_space():
    a = {"counters": [{"label": "手元のリーダーカード：", "value": "4枚（非公開）"}, {"label": "山札", "value": 3}]}
    assert table.counters_text(a).plain == "手元のリーダーカード：4枚（非公開）  山札 3"


def test_a_japanese_option_breaks_late_not_at_its_first_bracket():
    option = "  1. 海淵帝オルカノス（ゼクス、青5 · 9000）を自分のリソースに置く · リソース2 → 3（青 2・緑 1）"
    first = Hanging(option, 5).lines(80)[0].plain
    assert "を自分のリソースに置く" in first  # not "…9000）" alone on a short first line
