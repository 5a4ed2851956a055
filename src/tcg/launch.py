"""The ``tcg`` script's entry point: ``tcg``, ``tcg --help`` and ``tcg -h`` print the list of
commands straight away; anything else goes to the full command line (``tcg.cli``).

The full command line is built with typer and rich, whose import takes several times as long as
``import tcg`` itself; the first thing a new user types should not wait for it. The text here is
the same as typer prints (the same layout, the same words: ``tests/cli/test_fast_help.py``
compares the two at several widths), drawn with the standard library only."""
from __future__ import annotations

import os
import sys
import textwrap

USAGE = "tcg [OPTIONS] COMMAND [ARGS]..."
HELP = ("Rules engine for Japanese trading card games: browse cards and decks, check decks, "
        "play against the computer, simulate AI-vs-AI games, replay saved games.")
#: every command and the first paragraph of its help, in the order ``tcg.cli`` declares them
COMMANDS = (
    ("games", "List the games this engine plays."),
    ("cards", "Show the card set of GAME."),
    ("decks", "List the sample decks shipped with GAME and whether they are legal."),
    ("validate", "Check a deck against the deck-construction rules."),
    ("schema", "Write the JSON Schema of a card file of GAME."),
    ("rules", "A short primer of a game's rules, written for a player: how a turn goes, how to "
              "win, the terms (the same text as 'r' during 'tcg play'). The full rules as "
              "implemented are in docs/rules/GAME.md."),
    ("serve", "Play in the browser: against the computer or a friend, all four games. Every "
              "action is stored in the database before anyone sees it, so stopping the server "
              "(even killing it) loses nothing: start it again and every game goes on."),
    ("catalog", "Show the catalog profile of a game, or of all games side by side."),
    ("play", "Play GAME against the computer in the terminal."),
    ("simulate", "Play many games computer against computer and summarise them."),
    ("tournament", "Round robin between decks: every pair plays N games, seats alternated."),
    ("replay", "Watch a saved game action by action."),
    ("bench", "Measure the engine's speed on GAME with random players."),
)
#: the styles typer gives these parts on a colour terminal (ANSI SGR codes)
_STYLE = {"usage": "33", "bold": "1", "dim": "2", "command": "1;36", "option": "1;36",
          "switch": "1;32", "types": "1;33"}


def _width() -> int:
    """The width rich would draw at: $COLUMNS, else the terminal's, else 80."""
    cols = os.environ.get("COLUMNS", "")
    if cols.isdigit() and int(cols) > 0:
        return int(cols)
    if sys.stdout.isatty():
        try:
            return os.get_terminal_size(sys.stdout.fileno()).columns
        except OSError:
            pass
    return 80


def _colour() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def top_help(width: int | None = None, colour: bool = False) -> str:
    """The text of ``tcg --help`` at ``width`` columns (with ANSI colours if ``colour``)."""
    width = width or _width()

    def st(text: str, style: str) -> str:
        return f"\x1b[{_STYLE[style]}m{text}\x1b[0m" if colour and text else text

    def pad(text: str, visible: int) -> str:
        return text + " " * (width - visible)

    lines = [" " * width]
    usage = f" {st('Usage:', 'usage')} {st(USAGE, 'bold')}"
    lines.append(pad(usage, len(" Usage: ") + len(USAGE)))
    lines.append(" " * width)
    for line in textwrap.wrap(HELP, width - 2, break_on_hyphens=False):
        lines.append(pad(f" {line}", len(line) + 1))
    lines.append(" " * width)

    def panel(title: str, rows: list[tuple[list[tuple[str, str]], str]], first: int) -> None:
        inner = width - 2
        top = f"╭─ {title} " + "─" * (inner - len(title) - 3) + "╮"
        lines.append(st(top, "dim"))
        text_width = inner - first - 2  # a space at each end of the panel's inside
        for cells, text in rows:
            wrapped = textwrap.wrap(text, text_width, break_on_hyphens=False) or [""]
            for k, part in enumerate(wrapped):
                left_plain = "".join(c for c, _ in cells) if k == 0 else ""
                left = "".join(st(c, s) for c, s in cells) if k == 0 else ""
                body = " " + left + " " * (first - len(left_plain)) + part
                visible = 1 + first + len(part)
                lines.append(st("│", "dim") + body + " " * (inner - visible) + st("│", "dim"))
        lines.append(st("╰" + "─" * inner + "╯", "dim"))

    option = [("--help", "option"), ("  ", "bold"), ("-h", "switch"), ("      ", "bold"), ("<bool>", "types"),
              ("  ", "bold")]
    panel("Options", [(option, "Show this message and exit.")], sum(len(c) for c, _ in option))
    name_width = max(len(n) for n, _ in COMMANDS) + 2
    panel("Commands", [([(name, "command")], text) for name, text in COMMANDS], name_width)
    lines.append("")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Entry point of the ``tcg`` script."""
    if sys.argv[1:] in ([], ["--help"], ["-h"]):
        sys.stdout.write(top_help(colour=_colour()))
        sys.stdout.flush()
        return
    from .cli import main as full
    full()


if __name__ == "__main__":  # pragma: no cover
    main()
