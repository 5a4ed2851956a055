"""The ``tcg`` command and the terminal front end for Turu-turu Stage (tcg.games.turutoru.terminal).

Like tests/cli/test_cli.py for Shironeko: commands run in-process through typer's CliRunner
with the shipped card set and sample decks (helpers in tests/cli/helpers.py)."""
from __future__ import annotations

import functools
import re

import pytest
from typer.testing import CliRunner

import tcg
from tcg.games import get_rules
from tcg.games.turutoru import text as T

from . import helpers as H
from .helpers import WIDE, advance, event_types, one_error_line, run  # noqa: F401

decks = functools.partial(H.decks, "turutoru")
render = functools.partial(H.render, width=160)
find_state = functools.partial(H.find_state, "turutoru")
renderer_for = functools.partial(H.renderer_for, "turutoru")

GAME = "turutoru"

#: the first line of each board drawn (tcg.ui.table draws the title first)
TITLE = re.compile(r"^(?:Round \d+|Before the first round) · ", re.M)


def boards(out: str) -> list[str]:
    """The boards drawn in a session's output, each up to the next one (events and options too)."""
    starts = [m.start() for m in TITLE.finditer(out)]
    return [out[a:b] for a, b in zip(starts, starts[1:] + [len(out)])]


def opponent_line(board: str, who: str = "Opponent") -> str:
    """The counters line of a player's side: "Opponent  HP 20  Deck 30  Hand 7  Stack secret"."""
    return next((line for line in board.splitlines() if line.startswith(f"{who}  HP ")), "")


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Two finished games played through `tcg play turutoru`: always the last option, and a
    pattern that stacks cards and runs programs ("1", "1", "$")."""
    out = {}
    folder = tmp_path_factory.mktemp("tt_games")
    runner = CliRunner()
    for key, answers, seed in (("last", "$\n", 3), ("pattern", "1\n1\n$\n", 5)):
        path = folder / f"{key}.json"
        result = run(runner, "play", GAME, "--seed", seed, "--save", path, input=answers * 4000)
        out[key] = (path, result)
    yield out


# --- play ------------------------------------------------------------------------------------

def test_play_to_the_end_by_always_choosing_the_last_option(played):
    out, _ = H.played_to_the_end(*played["last"], GAME, draws=True)
    # the board: round, phase, both HPs, your stack while programming with the opponent's secret
    # (TT-T2: not even its size until both have programmed; then the counts are told)
    assert "Round 1 · PROGRAMMING PHASE" in out
    assert "You  HP 20" in out and "Opponent  HP 20" in out
    assert "Your stack (top runs first) (0)  segments used 0/6" in out
    assert "Finish programming with an empty stack" in out
    programming = [b for b in boards(out) if "· PROGRAMMING PHASE" in b.splitlines()[0]]
    assert programming and all("Stack secret" in opponent_line(b) for b in programming)
    assert re.search(r"Opponent programmed \d+ cards? face down", out)
    assert not any(re.search(r"Stack \d", opponent_line(b)) for b in programming)
    assert any(re.search(r"Stack \d", opponent_line(b)) for b in boards(out) if "· MAIN PHASE" in b)


def test_opponents_stacking_stays_face_down(played):
    for key in ("last", "pattern"):
        out = played[key][1].output
        assert "▶ Opponent: Stack " not in out and "▶ Opponent: Program " not in out
        # not even that they stacked (how many would tell), only the counts once both are done
        assert "▶ Opponent: Stacked" not in out
        assert re.search(r"Opponent programmed \d+ cards? face down", out)
        assert "▶ Opponent: No block" not in out  # their blockers are not in your observation


def test_play_programming_and_timeline(played):
    path, result = played["pattern"]
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Game over" in out
    # programming: each stacked card with its programs, start segment and bar; no take-back offered
    assert re.search(r"Stack .+: .+ · \d seg → runs \d→\d, \d left after", out)
    assert re.search(r"Your stack \(top runs first\) \(1\)  segments used \d/6", out)
    assert re.search(r" · \d seg · runs \d→\d", out)  # the segments each stacked card would run at
    assert "Undo last card" not in out and "Take back" not in out
    # main phase: programs revealed segment by segment, the timeline with the current segment
    assert re.search(r"── Segment \d: (You reveal|Opponent reveals) .+ \(\d seg\) ──", out)
    assert re.search(r"(You run|Opponent runs) it as ", out)
    assert "Timeline (segments)" in out and "▼ now" in out
    assert re.search(r"▶ (You|Opponent): ", out)  # the program running, on the timeline
    assert "resolved pile" in out or "was not run" in out
    game = tcg.replay(str(path))
    assert game.is_over


def test_replay_of_a_played_game(runner, played):
    out = H.replay_whole(runner, played["pattern"][0])
    assert "wins" in out or "Draw" in out
    assert "Your hand" not in out  # spectator view
    # nobody's stacking is shown to a spectator, only the counts once both have programmed
    assert "Stacked a card face down" not in out
    assert re.search(r"P\d programmed \d+ cards? face down", out)
    assert not re.search(r"▶ P\d: Stack ", out)
    assert "Timeline (segments)" in out


def test_replay_from_a_players_side(runner, played):
    out = H.replay_out(runner, played["pattern"][0], "--upto", 30, "--player", 0)
    assert "Your hand" in out and "Action 30/30" in out
    assert re.search(r"▶ P0: Stack ", out)          # P0's own stacking, by name
    assert not re.search(r"▶ P1: Stack ", out)      # P1's face down
    assert "Stopped after action 30 of" in out


def test_play_quit_help_info_and_ja(runner, tmp_path):
    out = H.help_board_log_info_quit(runner, GAME, tmp_path / "g.json")
    assert "priority" in out
    assert "Your hand" in out and " seg · " in out  # card texts (i): "char · 2 seg · 2/3 · ..."
    ja = run(runner, "play", GAME, "--seed", 4, "--lang", "ja", "--save", tmp_path / "j.json", input="q\n")
    assert ja.exit_code == 0
    assert "手札を保持" in ja.output


# --- cards, validate, catalog ---------------------------------------------------------------

def test_cards_table_shows_turutoru_fields(runner):
    """The columns every game's table has: tests/cli/test_game_commands.py."""
    cards = list(get_rules(GAME).cards)
    out = run(runner, "cards", GAME).output
    char = next(c for c in cards if c.kind == "character")
    assert f"{char.power}/{char.toughness}" in out
    assert char.programs[0].label() in out
    if any(c.kind == "device" for c in cards):
        assert "Mount" in out and ("on a character" in out or "on the field" in out)


def test_cards_filters_and_narrow_terminal(runner):
    cards = list(get_rules(GAME).cards)
    result, char = H.cards_listed_by_kind(runner, GAME, "character", "character")
    assert f"{char.segment} seg" in result.output and f"{char.power}/{char.toughness}" in result.output
    result = run(runner, "cards", GAME, "--kind", "char", "--lang", "ja")
    assert result.exit_code == 0 and char.id in result.output
    result = run(runner, "cards", GAME, "--color", "red")
    assert result.exit_code == 1
    assert "no colours" in one_error_line(result)
    work = next(c.work for c in cards if c.kind == "character" and c.work)
    found = run(runner, "cards", GAME, "--search", work).output
    assert all(c.id in found for c in cards if getattr(c, "work", "") == work)


def test_validate_sample_and_broken_decks(runner, tmp_path):
    name = decks()[0]
    result = run(runner, "validate", GAME, name)
    assert result.exit_code == 0, result.output
    assert "legal" in result.output and "NOT" not in result.output
    deck = tcg.load_deck(GAME, name)
    cid = next(iter(deck.counts("main")))
    path = tmp_path / "broken.toml"
    path.write_text(f'game = "{GAME}"\nname = "Broken"\n[main]\n"{cid}" = 5\n"NO-SUCH" = 1\n[side]\n',
                    encoding="utf-8")
    H.validate_reports(runner, GAME, path, messages=True)


def test_catalog_turutoru_and_side_by_side(runner):
    both = run(runner, "catalog")
    assert both.exit_code == 0
    assert "turutoru" in both.output and "shironeko" in both.output
    assert "Turu-turu Stage" in both.output


# --- the renderer --------------------------------------------------------------------------

def test_renderer_is_registered():
    from tcg.ui import get_renderer
    from tcg.games.turutoru.terminal import Renderer
    game = tcg.new_game(GAME, decks(), seed=1)
    assert isinstance(get_renderer(GAME, game), Renderer)


def test_programming_board_shows_the_stack_and_overflow():
    from tcg.agents import make_agent
    from tcg.ui import get_renderer, label_players
    game = tcg.new_game(GAME, decks(), seed=7)
    bots = [make_agent("random", seed=1), make_agent("random", seed=2)]
    advance(game, lambda p: bots[p], lambda g: g.decision.kind == "program" and g.decision.player == 0)
    assert not game.is_over
    r = get_renderer(GAME, game, viewer=0, names=label_players(0))
    # stack cards until the stack overflows (or no character is left in hand)
    while True:
        stacks = [a for a in game.legal_actions() if a.type == "stack"]
        pv = game.observe(0)["players"][0]
        if not stacks or not all(x["fits"] for x in pv["programs"]):
            break
        label = r.action_label(game, stacks[0], 0)
        assert label.startswith("Stack ") and " seg" in label
        game.apply(stacks[0])
    obs = game.observe(0)
    text = render(r.board(obs))
    progs = obs["players"][0]["programs"]
    assert "Your stack (top runs first)" in text
    for x in progs:
        assert f"runs {x['start']}→" in text
    if not all(x["fits"] for x in progs):
        bad = sum(not x["fits"] for x in progs)
        assert "WON'T FIT" in text and f"✗ discarded when reached {bad}" in text
        assert "will NOT fit" in " ".join(text.split())  # the decision says it too
        finish = next(a for a in game.legal_actions() if a.type == "finish_program")
        assert "will NOT fit" in r.action_label(game, finish, 0)
    # stacking only adds: there is no take-back among the options (TT-T2, no cycles)
    assert {a.type for a in game.legal_actions()} <= {"stack", "finish_program"}
    from tcg.ui.terminal import _options
    assert all(not r.action_label(game, a, 0).startswith("Undo") for a in _options(r, game))
    # the other side sees only that cards were stacked
    other = get_renderer(GAME, game, viewer=1, names=label_players(1))
    from tcg.ui.terminal import action_text
    stack = next((a for a in game.legal_actions() if a.type == "stack"), None)
    if stack is not None:  # not shown at all (the step is left out)
        assert action_text(game, stack, 0, 1, "en", other) == ""
    finish = next(a for a in game.legal_actions() if a.type == "finish_program")
    assert action_text(game, finish, 0, 1, "en", other) == T.hidden_label(finish, "en")  # no count shown
    their_obs = game.observe(1)
    their = render(other.board(their_obs))
    assert "Stack secret" in opponent_line(their) and not re.search(r"Stack \d", their)
    visible = set(re.findall(r"'name': '([^']*)'", repr(their_obs)))  # names P1 may see anyway
    for x in progs:
        if x["name"] not in visible:
            assert x["name"] not in their


def test_timeline_during_the_main_phase():
    from tcg.agents import make_agent
    from tcg.ui import get_renderer, label_players
    from tcg.ui.terminal import event_lines
    game = tcg.new_game(GAME, decks(), seed=11)
    bots = [make_agent("random", seed=3), make_agent("random", seed=4)]
    r = get_renderer(GAME, game, viewer=0, names=label_players(0))
    advance(game, lambda p: bots[p], lambda g: g.decision.player == 0 and g.observe(0)["phase"] == "main")
    assert not game.is_over
    lines = event_lines(r, game.log.for_player(0))  # what the player was shown
    assert any(line.startswith("── Segment ") for line in lines)
    obs = game.observe(0)
    text = render(r.board(obs))
    assert f"Round {obs['round']} · MAIN PHASE (メインフェイズ) · segment {obs['segment']} of 6" in text
    assert "Timeline (segments)" in text and "▼ now" in text and re.search(r"▶ (You|Opponent): ", text)
    from tcg.games.turutoru.board import describe
    cells = next(a for a in describe(obs, "en", game.rules.cards)["areas"] if a["id"] == "timeline")["cells"]
    assert [c["id"] for c in cells if "▼ now" in c["marks"]] == [f"timeline.{obs['segment']}"]
    assert f"Segment {obs['segment']} · Your " in text  # the decision names the running program


def test_every_event_of_a_game_has_a_text():
    from tcg.agents import make_agent
    from tcg.sim.runner import play
    from tcg.ui import get_renderer
    for seed in (5, 6):
        game = tcg.new_game(GAME, decks(), seed=seed)
        play(game, [make_agent("random", seed=1), make_agent("random", seed=2)])
        for viewer in (0, None):
            r = get_renderer(GAME, game, viewer=viewer)
            events = game.log.for_player(viewer) if viewer is not None else game.log.for_spectator()
            for ev in events:
                text = r.event_text(ev)
                if ev["type"] in ("shuffle", "stack"):
                    continue
                assert text, ev
                assert "card #" not in text, (ev, text)
                assert "=" not in text, (ev, text)  # not the generic "type key=value" fallback


def test_options_fold_copies_of_one_card():
    from tcg.agents import make_agent
    from tcg.ui import get_renderer, label_players
    from tcg.ui.terminal import _options
    for seed in range(1, 30):
        game = tcg.new_game(GAME, decks(), seed=seed)
        bots = [make_agent("random", seed=1), make_agent("random", seed=2)]
        advance(game, bots.__getitem__, lambda g: g.decision.kind == "program" and g.decision.player == 0)
        hand = game.observe(0)["players"][0]["hand"]
        ids = [h["id"] for h in hand if h["kind"] == "character"]
        if len(ids) != len(set(ids)):
            break
    else:
        pytest.skip("no hand with two copies of a character")
    r = get_renderer(GAME, game, viewer=0, names=label_players(0))
    offered = _options(r, game)
    stacks = [a for a in offered if a.type == "stack"]
    views = {h["iid"]: h for h in hand}
    keys = [views[a.card]["id"] for a in stacks]
    assert len(keys) == len(set(keys))
    assert {views[a.card]["id"] for a in game.legal_actions() if a.type == "stack"} == set(keys)
    assert offered[-1].type == "finish_program"


# --- the words of the board --------------------------------------------------------------------

def test_board_speaks_the_players_language():
    """The board takes its words from the game's text layer (tcg.games.turutoru.text): Japanese with
    --lang ja, English with the Japanese game terms glossed; the decision and the events are the
    game's own words; HP and toughness show what is left."""
    from tcg.games.turutoru import text as T
    from tcg.ui import get_renderer
    game = find_state(lambda g: g.decision.player == 0 and g.observe(0)["phase"] == "main"
                      and g.observe(0)["players"][1]["characters"])
    assert game is not None
    obs = game.observe(0)
    en, ja = (get_renderer(GAME, game, lang, viewer=0) for lang in ("en", "ja"))
    text_en, text_ja = render(en.board(obs)), render(ja.board(obs))
    assert "MAIN PHASE (メインフェイズ)" in text_en and "P/T left" in text_en and "Timeline (segments)" in text_en
    for word in ("メインフェイズ", "タイムライン", "デッキ", "手札", "捨て札", "あなたの手札", "▼ 現在"):
        assert word in text_ja, word
    assert ja.decision_text(obs)[:20] in text_ja  # the decision, in Japanese
    for word in ("Deck ", "Your hand", "Timeline", "segment", "Decision"):
        assert word not in text_ja, word
    assert en.decision_text(obs) == T.prompt(obs["decision"], 0, "en", obs=obs, cards=en.book)
    events = game.log.for_player(0)
    assert en.event_lines(events) == T.lines(events, 0, "en", T.CardBook.for_game(game, 0))
    lines_ja = ja.event_lines(events)
    assert any(line.startswith("── セグメント") for line in lines_ja)
    assert any(line.startswith("あなたは") for line in lines_ja)


def test_rules_primer_and_why_in_both_languages(runner, tmp_path):
    en = run(runner, "rules", GAME)
    assert en.exit_code == 0
    assert "Segment (セグメント)" in en.output and "Program Decoder (プログラムデコーダー)" in en.output
    ja = run(runner, "rules", GAME, "--lang", "ja")
    assert ja.exit_code == 0 and "勝利条件" in ja.output and "セグメント" in ja.output
    # '?' while programming: a card that is not a character cannot be stacked
    result = run(runner, "play", GAME, "--seed", 9, "--save", tmp_path / "w.json", input="1\n?\nq\n")
    assert result.exit_code == 0
    assert "only character cards can be stacked as programs" in result.output
