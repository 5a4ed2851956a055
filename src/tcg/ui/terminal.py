"""Game-independent terminal loops over the public ``Game`` API.

* ``play_session``: a human against a computer player. After every step it shows what happened
  since the human's last decision, the board from the human's side and the legal actions
  numbered; it reads a number or a command (help, board, log, concede, quit).
* ``replay_session``: steps through a saved record action by action on a fresh game.

A game's renderer may shape the text through optional hooks (see ``tcg.ui``): which actions
are hidden from other players, how an action reads, which options are offered, and event lines
that are headings (starting with "──", printed flush left, e.g. a new turn or a new segment).
Both take a rich ``Console`` and a ``read(prompt) -> str`` function (``input`` by default) so that
they can be driven by tests. Nothing here knows the rules of a particular game: boards and event
texts come from the game's renderer (``tcg.ui.get_renderer``)."""
from __future__ import annotations

import functools
import time
from typing import Any, Callable, Mapping, Sequence

from rich.console import Console
from rich.text import Text

from ..engine.action import Action
from ..engine.errors import TcgError
from ..present import (Step, action_text, event_lines, menu_paths, offered, result_words, rules_primer, say,
                       secret_for, step_lines, why_not)
from . import GenericRenderer, get_renderer
from .table import Hanging, fit

Reader = Callable[[str], str]

HELP = """\
Type the number of an action to play it (-1 plays the last one).
Commands:
  b, board     show the board again
  log          show recent events
  i, info      show the texts of your hand and of the cards on the field
  u, undo      take back your last action (only while it revealed nothing: no card drawn
               or shuffled, no hidden card shown, the computer has not played since)
  h, help      show this help
  c, concede   concede the game
  q, quit      stop now; continue later with: tcg play --resume FILE
The game is saved after every action, so nothing is lost if you stop, press Ctrl-C, or the
terminal closes: 'tcg play --resume FILE' continues where you were."""

def print_steps(console: Console, renderer: GenericRenderer, steps: Sequence[Step]) -> None:
    """What happened: each action in bold, the events it caused indented below."""
    # fold repeated identical steps without anything to show (e.g. hidden mulligan choices)
    folded: list[tuple[Step, list[str], int]] = []
    for st in steps:
        lines = step_lines(renderer, st)
        if not st.shown and not lines:
            continue  # a step the viewer may not even know of (another player's secret choice)
        if folded and not lines and not folded[-1][1] and \
                (folded[-1][0].player, folded[-1][0].text) == (st.player, st.text):
            folded[-1] = (folded[-1][0], lines, folded[-1][2] + 1)
        else:
            folded.append((st, lines, 1))
    for st, lines, n in folded:
        head = Text()
        if st.player is not None:
            head.append(f"▶ {renderer.who(st.player)}: ", style="bold cyan" if st.player == renderer.viewer
                        else "bold yellow")
        else:
            head.append("▶ ", style="bold")
        head.append(st.text + (f" (x{n})" if n > 1 else ""), style="bold")
        console.print(Hanging(head, 4))
        for line in lines:
            if line.startswith("──"):  # a heading: a new turn, round, phase or segment
                console.print(Hanging(Text(line, style="bold"), 3))
                continue
            style = "bold" if line.startswith("Game over") else ""
            console.print(Hanging(Text("    " + line, style=style), 6))


#: the colour of a result line by its mood (``tcg.present.result_words``)
RESULT_STYLE = {"": "", "draw": "bold yellow", "win": "bold green", "lose": "bold red"}


def result_text(renderer: GenericRenderer, result: Mapping[str, Any] | None, viewer: int | None) -> Text:
    """The result of a game for ``viewer`` (``tcg.present.result_words``), coloured by its mood."""
    words, mood = result_words(renderer, result, viewer)
    return Text(words, style=RESULT_STYLE[mood])


# --- human vs computer -----------------------------------------------------------------------

def play_session(game, human: int, agent, *, console: Console, lang: str = "en",
                 read: Reader | None = None, renderer: GenericRenderer | None = None,
                 on_change: Callable[[], None] | None = None, show_setup: bool = True) -> str:
    """Play ``game`` to the end with a human at seat ``human`` and ``agent`` for everyone else.

    ``on_change()`` is called after every change of the game (an action of either side, a
    concession, an undo): ``tcg play`` saves the record there. ``show_setup``: print the
    set-up events first (off when a saved game is resumed).
    Returns how it ended: ``"over"`` (game over), ``"quit"`` (the human typed q),
    ``"interrupted"`` (Ctrl-C; a ``KeyboardInterrupt`` with an ``outcome`` attribute returns
    that instead, e.g. a stop by a signal) or ``"eof"`` (input ended)."""
    from ..agents.base import AgentView

    read = read or _default_reader(console)
    changed = on_change or (lambda: None)

    def t(key: str, **params: Any) -> str:
        return say(key, lang, game.game_id, **params)
    if renderer is None:
        renderer = get_renderer(game.game_id, game, lang, viewer=human)
    steps: list[Step] = []
    if show_setup and len(game.log):
        steps.append(Step(None, t("ui.setup"), game.log.for_player(human)))
    elif len(game.log):  # a resumed game: what happened last (also teaches the renderer card names)
        _show_log(console, renderer, game, human, last=12, lang=lang)
    try:
        while not game.is_over:
            decision = game.decision
            if decision.player != human:
                legal = game.legal_actions()
                action = agent.act(AgentView(game, legal))
                text = action_text(game, action, decision.player, human, lang, renderer)
                secret = secret_for(game, decision.player, human)
                mark = len(game.log)
                game.apply(action, decision.player, by="computer")
                changed()
                steps.append(Step(decision.player, text, game.log.for_player(human, mark), action, secret))
                continue
            print_steps(console, renderer, steps)
            steps = []
            legal = game.legal_actions()
            if len(legal) == 1:  # one possible answer: taken for the player, with a line saying so
                action = legal[0]
                text = action_text(game, action, human, human, lang, renderer)
                console.print(Hanging(Text(t("ui.auto", action=text), style="dim"), 4))
                mark = len(game.log)
                game.apply(action, human)
                changed()
                steps.append(Step(human, text, game.log.for_player(human, mark), action))
                continue
            paths = menu_paths(game, renderer, human, lang)
            prefix: tuple[str, ...] = ()
            choices = _menu_level(paths, prefix)
            _show_decision(console, renderer, game, human, [c[0] for c in choices], lang)
            while True:
                span = f"1-{len(choices)}" if len(choices) > 1 else "1"
                key = "ui.prompt_sub" if prefix else "ui.prompt"
                answer = read(t(key, span=span)).strip().lower()
                if answer in ("q", "quit", "exit"):
                    console.print(t("ui.you_stopped"))
                    return "quit"
                # an answer printed below the options is followed by them again, so that the
                # prompt always has its options in view (a terminal of 24 lines scrolls)
                again = functools.partial(_print_options, console, [c[0] for c in choices], prefix, lang,
                                          header=True)
                if answer in ("h", "help"):
                    _print_help(console, t("ui.help"))
                    again()
                    continue
                if answer in ("r", "rules"):
                    _print_hanging(console, rules_primer(game.game_id, lang) or t("ui.no_primer"))
                    again()
                    continue
                if answer in ("?", "why"):
                    for line in why_not(game, human, lang) or [t("ui.why_none")]:
                        console.print(Hanging("  " + line, 4))
                    again()
                    continue
                if answer in ("b", "board"):  # the whole board, not shortened
                    _show_decision(console, renderer, game, human, [c[0] for c in choices], lang, prefix,
                                   whole=True)
                    continue
                if answer in ("i", "info", "cards"):
                    info = renderer.card_info(game.observe(human))
                    _print_hanging(console, info if info is not None else t("ui.no_card_texts"))
                    again()
                    continue
                if answer == "log":
                    _show_log(console, renderer, game, human, lang=lang)
                    again()
                    continue
                if answer in ("c", "concede"):
                    sure = read(t("ui.confirm_concede")).strip().lower()
                    if sure not in ("y", "yes", "はい"):
                        console.print(t("ui.not_conceded"))
                        continue
                    mark = len(game.log)
                    game.concede(human)
                    changed()
                    steps.append(Step(human, t("action.concede"), game.log.for_player(human, mark)))
                    break
                if answer in ("u", "undo"):
                    done, text = take_back(game, human, lang, renderer)
                    if not done:
                        console.print(Hanging(Text(t("ui.cannot_undo", why=text), style="yellow"), 2))
                        continue
                    changed()
                    console.print(Hanging(Text(t("ui.took_back", action=text), style="bold"), 4))
                    break
                if answer == "0" and prefix:
                    prefix = prefix[:-1]
                    choices = _menu_level(paths, prefix)
                    _print_options(console, [c[0] for c in choices], prefix, lang)
                    continue
                index = _parse_choice(answer, len(choices))
                if index is None:
                    console.print(t("ui.bad_choice", count=len(choices)), style="yellow")
                    continue
                label, action, deeper = choices[index]
                if action is None:  # a step of a choice: go down to its options
                    prefix = deeper
                    choices = _menu_level(paths, prefix)
                    _print_options(console, [c[0] for c in choices], prefix, lang)
                    continue
                text = action_text(game, action, human, human, lang, renderer)
                mark = len(game.log)
                game.apply(action, human)
                changed()
                steps.append(Step(human, text, game.log.for_player(human, mark), action))
                break
        print_steps(console, renderer, steps)
        console.rule(t("ui.game_over"))
        console.print(renderer.board(game.observe(human)))
        console.print(result_text(renderer, game.result, human))
        return "over"
    except KeyboardInterrupt as e:
        _quiet_print(console)
        return getattr(e, "outcome", "interrupted")
    except EOFError:
        _quiet_print(console)
        return "eof"


def _quiet_print(console: Console) -> None:
    """An empty line after an interruption; nothing if the terminal is gone (closed)."""
    try:
        console.print()
    except (OSError, ValueError):
        pass


def take_back(game, human: int, lang: str = "en",
              renderer: GenericRenderer | None = None) -> tuple[bool, str]:
    """Take back the human's last action through ``game.undo()`` when the game allows it.
    Returns ``(True, how the action read)`` or ``(False, why it cannot be taken back)``."""
    actions = game.actions
    if not actions:
        return False, say("ui.undo_nothing", lang)
    last = actions[-1]
    if last["player"] != human or last.get("by", "player") != "player":
        return False, say("ui.undo_computer", lang)
    try:
        game.undo()
    except TcgError as e:  # UndoError: the engine says why (a draw, a hidden card shown...)
        why = str(e)
        return False, why[len("cannot undo: "):] if why.startswith("cannot undo: ") else why
    # a forced choice (the only legal action) taken for the player is taken back with the
    # action that led to it, or the loop would take it again at once
    while len(game.legal_actions()) == 1 and game.can_undo:
        last = game.actions[-1]
        game.undo()
    try:
        return True, action_text(game, Action.from_dict(last["action"]), human, human, lang, renderer)
    except Exception:  # noqa: BLE001 - never let a cosmetic problem stop a game
        return True, str(last["action"].get("type", "action"))


def _menu_level(paths, prefix: tuple[str, ...]) -> list[tuple[str, Action | None, tuple[str, ...]]]:
    """The options under ``prefix``, in the order first met: ``(label, action, ())`` for a choice
    that leads to a single action (its remaining steps joined in the label; copies folded into
    one), ``(label + " …", None, deeper prefix)`` for a step with several choices under it."""
    groups: dict[str, list[tuple[tuple[str, ...], Action]]] = {}
    for path, action in paths:
        if path[:len(prefix)] == prefix and len(path) > len(prefix):
            groups.setdefault(path[len(prefix)], []).append((path, action))
    out = []
    for label, entries in groups.items():
        distinct = {p for p, _ in entries}
        if len(distinct) == 1:
            path, action = entries[0]
            out.append((" › ".join(path[len(prefix):]), action, ()))
        else:
            out.append((label + " …", None, prefix + (label,)))
    return out


def _default_reader(console: Console) -> Reader:
    """``console.input``; when input is piped, the answer is echoed so the transcript reads well."""
    import sys

    def read(prompt: str) -> str:
        answer = console.input(prompt)
        if not sys.stdin.isatty():
            console.print(answer, highlight=False)
        return answer
    return read


def _parse_choice(answer: str, n: int) -> int | None:
    """The index of option ``answer`` (1..n, or ``$`` for the last one); anything else (a
    negative number included) is not a choice."""
    if answer == "$" and n:
        return n - 1
    try:
        k = int(answer)
    except ValueError:
        return None
    return k - 1 if 1 <= k <= n else None


#: the legal actions the renderer offers (``tcg.present.offered``)
_options = offered


def _show_decision(console: Console, renderer: GenericRenderer, game, viewer: int,
                   labels: Sequence[str], lang: str = "en", prefix: tuple[str, ...] = (),
                   whole: bool = False) -> None:
    """The board, then the options. Unless ``whole``, the board is shortened (``tcg.ui.table``)
    so that it, the options and the prompt fit the console's height together."""
    console.rule()
    board = renderer.board(game.observe(viewer))
    if not whole:
        options = _options_block(labels, prefix, lang, header=True)
        room = console.height - 1 - _height(console, options) - 1  # the rule above, the prompt below
        fit(board, max(room, 3))
    console.print(board)
    _print_options(console, labels, prefix, lang, header=True)


def _height(console: Console, renderable: Any) -> int:
    """How many lines ``renderable`` takes on ``console``."""
    return len(console.render_lines(renderable, console.options.update(height=None), pad=False,
                                    new_lines=False))


def _options_block(labels: Sequence[str], prefix: tuple[str, ...] = (), lang: str = "en",
                   header: bool = False):
    """The numbered options (under their step, with 0 to go back) as one renderable; ``header``:
    with the "Your options:" line first."""
    from rich.console import Group
    parts: list[Any] = []
    if header:
        parts.append(Text(say("ui.options", lang), style="bold"))
    if prefix:
        parts.append(Hanging(Text("  " + " › ".join(prefix), style="bold"), 4))
        parts.append(Text("  0. ", style="bold cyan") + Text(say("ui.back", lang)))
    width = len(str(len(labels)))
    for i, label in enumerate(labels, 1):  # a long label wraps under itself, Japanese included
        parts.append(Hanging(Text(f"  {i:>{width}}. ", style="bold cyan") + Text(label), width + 4))
    return Group(*parts)


def _print_options(console: Console, labels: Sequence[str], prefix: tuple[str, ...] = (),
                   lang: str = "en", header: bool = False) -> None:
    console.print(_options_block(labels, prefix, lang, header))


def _print_hanging(console: Console, text: Any) -> None:
    """A text of several lines (card texts, the rules primer), each line wrapping under its own
    start: 4 cells further in than the line (under a card's name after "1. "), 2 for a heading."""
    if not isinstance(text, (str, Text)):
        console.print(text)
        return
    text = Text(text) if isinstance(text, str) else text
    lines = text.split("\n", allow_blank=True)
    if lines and not lines[-1].plain:
        lines = lines[:-1]
    for line in lines:
        lead = len(line.plain) - len(line.plain.lstrip(" "))
        console.print(Hanging(line, lead + 4 if lead else 2))


def _print_help(console: Console, text: str) -> None:
    """The help text laid out for the console's width: its paragraphs (broken anywhere in the
    table) joined and wrapped again, and each command's explanation wrapping under itself."""
    import re
    blocks: list[Any] = []
    rows: list[list[str]] = []
    para: list[str] = []

    def join(a: str, b: str) -> str:
        return a + b if (a and ord(a[-1]) > 0x2000) or (b and ord(b[0]) > 0x2000) else a + " " + b

    def flush() -> None:
        if para:
            out = para[0]
            for line in para[1:]:
                out = join(out, line)
            blocks.append(Hanging(out, 0))
            para.clear()
        if rows:
            wide = max(len(cmd) for cmd, _ in rows)
            for cmd, what in rows:
                blocks.append(Hanging(f"  {cmd:<{wide}}  {what}", wide + 4))
            rows.clear()
    for line in text.splitlines():
        entry = re.match(r"^  (\S.*?)\s{2,}(\S.*)$", line)
        if line.startswith("    ") and rows:  # the explanation of a command goes on
            rows[-1][1] = join(rows[-1][1], line.strip())
        elif entry:
            if para:
                flush()
            rows.append([entry.group(1), entry.group(2)])
        elif line.rstrip().endswith((":", "：")):  # a heading ("Commands:") stands alone
            flush()
            para.append(line.strip())
            flush()
        else:
            if rows:
                flush()
            para.append(line.strip())
    flush()
    for block in blocks:
        console.print(block)


def _show_log(console: Console, renderer: GenericRenderer, game, viewer: int, last: int = 30,
              lang: str = "en") -> None:
    events = game.log.for_player(viewer)
    lines = event_lines(renderer, events)
    console.print(Text(say("ui.recent_events", lang, shown=min(last, len(lines)), total=len(lines)),
                       style="bold"))
    for line in lines[-last:]:
        console.print(Hanging("  " + line, 4))


# --- replay ---------------------------------------------------------------------------------

def split_action(entry: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
    """(player, action dict) of one ``game.actions`` entry: ``{"player": p, "action": {...}}``
    (older records: ``{"player": p, "type": ..., ...}``)."""
    body = entry.get("action")
    if isinstance(body, Mapping):
        return entry.get("player"), dict(body)
    return entry.get("player"), {k: v for k, v in entry.items() if k != "player"}


# --- replay (stepping) -----------------------------------------------------------------------

def replay_session(record: Mapping[str, Any], *, console: Console, viewer: int | None = None,
                   upto: int | None = None, auto: bool = False, delay: float = 0.0,
                   lang: str = "en", read: Reader | None = None, cards: Sequence[Any] | None = None) -> str:
    """Show a recorded game action by action from ``viewer``'s side (None: spectator).
    ``cards``: the card files the game was played with (``tcg.replay(record, cards=...)``).

    The whole record is replayed once first (so a bad record fails before anything is shown),
    then its actions are applied one by one to a fresh game. Interactive keys: Enter = next,
    a number = jump to that action, q = quit. Returns ``"done"``, ``"quit"``, ``"interrupted"``
    or ``"eof"``."""
    from ..api import replay

    read = read or _default_reader(console)
    full = replay(record, cards=cards)
    actions = full.actions
    total = len(actions) if upto is None else max(0, min(upto, len(actions)))
    game = replay(record, upto=0, cards=cards)
    players = game.rules.players
    names = {p: f"P{p}" for p in range(players)}
    renderer = get_renderer(game.game_id, game, lang, viewer=viewer, names=names)
    decks = ", ".join(f"P{i}: {d.name}" for i, d in enumerate(game.decks))
    console.print(Text(f"Replay of a {game.game_id} game · seed {game.seed} · {decks} · "
                       f"{len(actions)} actions" + (f" (showing {total})" if total != len(actions) else ""),
                       style="bold"))
    console.print(f"Point of view: {'spectator' if viewer is None else f'P{viewer}'}")
    _view_events = (lambda g, mark: g.log.for_spectator(mark)) if viewer is None else \
        (lambda g, mark: g.log.for_player(viewer, mark))
    print_steps(console, renderer, [Step(None, "Set-up", _view_events(game, 0))])
    console.print(renderer.board(game.observe(viewer)))
    jump_to = 0
    try:
        for i, raw in enumerate(actions[:total], 1):
            player, body = split_action(raw)
            mark = len(game.log)
            action = None
            secret = False
            if body == {"type": "concede"}:
                text = "Concede"
                game.concede(player)
            else:
                action = Action.from_dict(body)
                text = action_text(game, action, player, viewer, lang, renderer)
                secret = secret_for(game, player, viewer)
                game.apply(action)
            if i < jump_to:
                event_lines(renderer, _view_events(game, mark))  # keeps the renderer's card names
                continue
            step = Step(player, text, _view_events(game, mark), action, secret)
            if not step.shown and not step_lines(renderer, step) and i != total:
                continue  # a step this viewer cannot see at all (e.g. the opponent's face-down stacking)
            console.rule(f"Action {i}/{total}")
            print_steps(console, renderer, [step])
            console.print(renderer.board(game.observe(viewer)))
            if i == total:
                break
            if auto:
                if delay > 0:
                    time.sleep(delay)
                continue
            while True:
                answer = read("Enter = next, a number = go to that action, q = quit: ").strip().lower()
                if answer in ("q", "quit", "exit"):
                    return "quit"
                if answer == "":
                    break
                try:
                    jump_to = int(answer)
                except ValueError:
                    console.print("Press Enter, type an action number, or q.", style="yellow")
                    continue
                if not i < jump_to <= total:
                    console.print(f"Type a number from {i + 1} to {total}.", style="yellow")
                    continue
                break
        if total < len(actions):
            console.print(Text(f"Stopped after action {total} of {len(actions)}.", style="bold"))
        elif game.is_over:
            console.print(result_text(renderer, game.result, viewer))
        else:
            console.print(Text(f"End of the record after {total} actions (game not over).", style="bold"))
        return "done"
    except KeyboardInterrupt:
        console.print()
        return "interrupted"
    except EOFError:
        console.print()
        return "eof"


__all__ = ["HELP", "Step", "action_text", "event_lines", "play_session", "print_steps",
           "replay_session", "result_text", "split_action", "step_lines", "take_back"]
