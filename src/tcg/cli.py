"""The ``tcg`` command: browse games, cards and decks, check decks, play against the computer,
run AI-vs-AI batches, watch saved games and measure speed.

Game modules are imported only inside the commands that need them, so ``tcg --help`` is fast.
Every expected failure (unknown game, bad deck or record file, bad option value, Ctrl-C, end
of input) ends with one ``error: ...`` line on stderr and a non-zero exit code."""
from __future__ import annotations

import functools
import json
import pathlib
import random
import sys
from typing import Any, Callable, List, Optional, Tuple

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

try:  # typer >= 0.16 ships its own copy of click
    from typer._click import exceptions as _click_exc
except ImportError:  # pragma: no cover - older typer with the click package
    from click import exceptions as _click_exc  # type: ignore[no-redef]

from .engine.errors import TcgError


class _Group(TyperGroup):
    """Prints usage errors as one line (``error: ... (see 'tcg play --help')``), not a box."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            rv = super().main(args=args, prog_name=prog_name, complete_var=complete_var,
                              standalone_mode=False, **extra)
        except _click_exc.NoArgsIsHelpError as e:
            typer.echo(e.ctx.get_help() if e.ctx is not None else str(e))
            rv = 0
        except _click_exc.UsageError as e:
            where = e.ctx.command_path if e.ctx is not None else "tcg"
            _echo_err(f"error: {e.format_message()} (see '{where} --help')")
            rv = e.exit_code
        except _click_exc.ClickException as e:
            _echo_err(f"error: {e.format_message()}")
            rv = e.exit_code
        except typer.Abort:
            _echo_err("error: aborted")
            rv = 1
        code = rv if isinstance(rv, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


app = typer.Typer(
    cls=_Group,
    name="tcg",
    help="Rules engine for Japanese trading card games: browse cards and decks, check decks, "
         "play against the computer, simulate AI-vs-AI games, replay saved games.",
    no_args_is_help=True,
    rich_markup_mode="markdown",  # docstring lines join into paragraphs (wrapped to the terminal)
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def main() -> None:
    """Entry point of the ``tcg`` script."""
    app(prog_name="tcg")


# --- helpers ---------------------------------------------------------------------------------

def _echo_err(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _one_line(message: str) -> str:
    return "; ".join(part.strip() for part in str(message).splitlines() if part.strip())


def _fail(message: str, code: int = 1) -> None:
    _echo_err(f"error: {_one_line(message)}")
    raise typer.Exit(code)


def _guard(fn: Callable) -> Callable:
    """Turn expected exceptions into one ``error:`` line and an exit code (no traceback)."""
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (typer.Exit, typer.Abort):
            raise
        except KeyboardInterrupt:
            _fail("interrupted", 130)
        except EOFError:
            _fail("input ended", 1)
        except TcgError as e:
            from .api import IllegalDeckError
            if isinstance(e, IllegalDeckError):
                _fail(f"deck {e.deck.name!r} is not legal for {e.deck.game} ({len(e.problems)} "
                      f"problem{'s' if len(e.problems) != 1 else ''}; see 'tcg validate {e.deck.game} "
                      f"{e.deck.source or e.deck.name}')")
            _fail(str(e))
        except (ValueError, FileNotFoundError, OSError) as e:
            _fail(str(e))
    return wrapper


def _command(*args: Any, **kwargs: Any) -> Callable:
    def deco(fn: Callable) -> Callable:
        return app.command(*args, **kwargs)(_guard(fn))
    return deco


def _console(stderr: bool = False) -> Console:
    # markup off: card texts such as "Static [red red]" and deck sections "[main]" are literal
    return Console(stderr=stderr, highlight=False, markup=False, emoji=False)


def _rules(game: str):
    from .games import get_rules
    return get_rules(game)


def _check_lang(lang: str) -> str:
    if lang not in ("en", "ja"):
        raise ValueError(f"--lang must be 'en' or 'ja', got {lang!r}")
    return lang


def _default_decks(game: str, first: Optional[str], second: Optional[str]) -> tuple[str, str]:
    """Player deck = ``first`` or the first sample deck; opponent = ``second`` or another one."""
    from .api import list_decks
    samples = list_decks(game)
    if first is None:
        if not samples:
            raise ValueError(f"{game} has no sample decks yet; pass a deck file with --deck")
        first = samples[0]
    if second is None:
        others = [s for s in samples if s != first]
        second = others[0] if others else first
    return first, second


def _label(card, lang: str) -> str:
    name, en = getattr(card, "name", ""), getattr(card, "name_en", "")
    if lang == "ja" or not en:
        return name
    return f"{name} ({en})"


# --- games, cards, decks, validate, catalog ---------------------------------------------------

@_command("games")
def games_cmd() -> None:
    """List the games this engine plays.

    Shows each game's id (used by the other commands), its name and its number of sample
    decks."""
    from .api import list_decks, list_games
    table = Table(title="Games")
    table.add_column("Game id", style="bold")
    table.add_column("Name")
    table.add_column("English name")
    table.add_column("Sample decks", justify="right")
    for gid in list_games():
        rules = _rules(gid)
        try:
            prof = rules.profile
            name, name_en = prof.get("game.name", rules.name), prof.get("game.name_en", "")
        except TcgError:
            name, name_en = rules.name, ""
        table.add_row(gid, str(name), str(name_en), str(len(list_decks(gid))))
    _console().print(table)


def _card_text(card, lang: str) -> str:
    """The printed card text; for cards without one, the texts (or a summary) of the abilities."""
    from .ui import card_text
    return card_text(card, lang)


@_command("cards")
def cards_cmd(
    game: str = typer.Argument(..., help="Game id (see 'tcg games')."),
    kind: Optional[str] = typer.Option(None, "--kind", "-k",
        help="Only cards of this kind (e.g. character, monster, town, leader; device, application; "
             "cast, event, support, trouble; zx, event, zx_ex, zx_ob, shift, ev_ex, player)."),
    color: Optional[str] = typer.Option(None, "--color", "--colour", "-c",
        help="Only cards of this colour (e.g. red)."),
    search: Optional[str] = typer.Option(None, "--search", "-s",
        help="Only cards whose id, name or text contains TEXT (case-insensitive)."),
    lang: str = typer.Option("en", "--lang",
        help="en: Japanese names with English glosses and English texts; ja: Japanese only."),
) -> None:
    """Show the card set of GAME.

    A table with the fields of the game's cards: id, kind, name (with English gloss) and text,
    plus for Shironeko colour, cost, change cost, level, attack/HP, rune and STOP!, for
    Turu-turu segment, power/toughness, programs, gender, work and mount, for Kemuri level,
    cost, shift, CP, call-in, help, removal cost, person, charm timing and trigger, for Z/X
    colour, cost, power, race, ignition icon, timing, marks (Start Card, Gate Card, Life
    Recovery, Void Bringer) and how a dynamis card comes out. On terminals narrower than 110
    columns each card is shown as a short block instead."""
    lang = _check_lang(lang)
    from .ui import card_columns
    cardset = _rules(game).cards
    cards = list(cardset)
    cols, card_facts = card_columns(game, lang)
    kinds = sorted({getattr(c, "kind", "") for c in cards})
    if kind is not None:
        aliases: dict[str, str] = {}
        for cset in (card_columns(game, "en")[0], cols):  # short kind names, English or Japanese
            short = {h: g for h, g, _ in cset}.get("Kind")
            aliases.update({short(c): c.kind for c in cards if short is not None and short(c)})
        kind = aliases.get(kind, kind)
        if kind not in kinds:
            raise ValueError(f"unknown --kind {kind!r}; kinds in this set: {', '.join(kinds)}")
    colors = sorted({v for c in cards for v in (getattr(c, "color", None),) if v})
    if color is not None:
        if not colors:
            raise ValueError(f"the cards of {game} have no colours (--color cannot be used)")
        color = {v: k for k, v in _color_names_ja(game).items()}.get(color, color).lower()
        if color not in colors:
            raise ValueError(f"unknown --color {color!r}; colours in this set: {', '.join(colors)}")
    rows = []
    needle = search.lower() if search else None
    for c in cards:
        if kind is not None and getattr(c, "kind", None) != kind:
            continue
        if color is not None and getattr(c, "color", None) != color:
            continue
        if needle is not None:
            hay = " ".join(str(getattr(c, a, "") or "") for a in ("id", "name", "name_en"))
            hay += " " + _card_text(c, "en") + " " + _card_text(c, "ja")
            hay += " " + " ".join(get(c) for _, get, _ in cols)
            if needle not in hay.lower():
                continue
        rows.append(c)
    con = _console()
    title = f"{cardset.name} (version {cardset.version}): {len(rows)} of {len(cards)} cards"
    cols = [col for col in cols if any(col[1](c) for c in rows)] or cols[:3]
    if con.width >= 110:
        table = Table(title=title)
        for header, _, kw in cols:
            table.add_column(header, **kw)
        for c in rows:
            table.add_row(*[get(c) for _, get, _ in cols])
        con.print(table)
        return
    # narrow terminal: one block per card
    con.print(Text(title, style="bold"))
    table = Table(box=None, show_header=False, pad_edge=False, show_lines=False)
    table.add_column("Id", style="bold", no_wrap=True)
    table.add_column("Card")
    for c in rows:
        cell = Text(_label(c, lang), style="bold")
        cell.append("\n" + " · ".join(card_facts(c)))
        text = _card_text(c, lang)
        if text:
            cell.append("\n" + text, style="dim")
        table.add_row(c.id, cell)
        table.add_row("", "")
    con.print(table)


def _color_names_ja(game: str) -> dict[str, str]:
    """Colour -> Japanese name, from the game's renderer module (``COLOR_JA``) when it has one."""
    import importlib

    from .ui import RENDERERS
    names: dict[str, str] = {}
    for path in ("tcg.ui.shironeko_board", RENDERERS.get(game)):
        if path:
            names.update(getattr(importlib.import_module(path), "COLOR_JA", {}) or {})
    return names


def _deck_description(path: pathlib.Path) -> str:
    import tomllib
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return ""
    desc = data.get("description")
    return desc if isinstance(desc, str) else ""


@_command("decks")
def decks_cmd(game: str = typer.Argument(..., help="Game id (see 'tcg games').")) -> None:
    """List the sample decks shipped with GAME and whether they are legal.

    Shows each deck's file name (usable as a deck name in other commands), its name, its
    description (if the deck file has one), its section sizes and whether it is legal."""
    from .api import list_decks, load_deck, validate_deck
    rules = _rules(game)
    names = list_decks(game)
    if not names:
        _console().print(f"{game} has no sample decks.")
        return
    folder = pathlib.Path(rules.deck_dir())
    table = Table(title=f"Sample decks of {game}", show_lines=True)
    table.add_column("Deck", style="bold", no_wrap=True)
    table.add_column("Name and description", ratio=1)
    table.add_column("Cards", max_width=14)
    table.add_column("Legal", max_width=12)
    for n in names:
        path = folder / f"{n}.toml"
        desc = _deck_description(path)
        try:
            deck = load_deck(game, n)
        except TcgError as e:
            table.add_row(n, desc, "", Text(f"unreadable: {_one_line(str(e))}", style="red"))
            continue
        problems = validate_deck(game, deck)
        sizes = "\n".join(f"{sec} {len(ids)}" for sec, ids in deck.sections.items())
        legal = Text("legal", style="green") if not problems else \
            Text(f"NOT legal ({len(problems)} problem{'s' if len(problems) != 1 else ''})", style="red")
        cell = Text(deck.name, style="bold")
        if desc:
            cell.append("\n" + desc.strip())
        table.add_row(n, cell, sizes, legal)
    _console().print(table)


@_command("validate")
def validate_cmd(
    game: str = typer.Argument(..., help="Game id (see 'tcg games')."),
    deckfile: str = typer.Argument(..., metavar="DECKFILE", help="Deck file path or sample-deck name."),
) -> None:
    """Check a deck against the deck-construction rules.

    Prints 'legal' and exits 0, or lists every problem (rule ID, message, card) and exits 1.
    An unreadable or malformed deck file exits 2."""
    from .api import load_deck, validate_deck
    from .engine.errors import DeckFileError
    _rules(game)
    try:
        deck = load_deck(game, deckfile)
    except (DeckFileError, OSError, UnicodeDecodeError) as e:
        _fail(str(e), 2)
    problems = validate_deck(game, deck)
    con = _console()
    where = f"{deck.name!r}" + (f" ({deck.source})" if deck.source else "")
    if not problems:
        con.print(Text.assemble(f"Deck {where}: ", ("legal", "bold green")))
        return
    con.print(Text.assemble(f"Deck {where}: ",
                            (f"NOT legal, {len(problems)} problem{'s' if len(problems) != 1 else ''}", "bold red")))
    table = Table(show_lines=False)
    table.add_column("Rule", style="bold", no_wrap=True)
    table.add_column("Problem")
    table.add_column("Card", no_wrap=True)
    for p in problems:
        table.add_row(p.rule, p.message, p.card or "")
    con.print(table)
    raise typer.Exit(1)


@_command("catalog")
def catalog_cmd(
    game: Optional[str] = typer.Argument(None, help="Game id; omit it to compare all games side by side."),
) -> None:
    """Show the catalog profile of a game, or of all games side by side.

    With GAME: the catalog template (name, game type, win conditions, deck construction,
    hand, mulligan, basics...) as a two-column table. Without: one column per game."""
    from .api import list_games
    from .engine.profile import TEMPLATE
    con = _console()
    if game is not None:
        rules = _rules(game)
        table = Table(title=f"Catalog profile: {game}", show_lines=True)
        table.add_column("Entry", style="bold", no_wrap=True)
        table.add_column("Value")
        for label, value in rules.profile.rows():
            table.add_row(label, value)
        con.print(table)
        return
    ids = list_games()
    rows = {gid: dict(_rules(gid).profile.rows()) for gid in ids}
    table = Table(title="Catalog profiles", show_lines=True)
    table.add_column("Entry", style="bold", no_wrap=True)
    for gid in ids:
        table.add_column(gid)
    for _, label in TEMPLATE:
        table.add_row(label, *[rows[g].get(label, "-") for g in ids])
    con.print(table)


# --- play ------------------------------------------------------------------------------------

@_command("play")
def play_cmd(
    game: str = typer.Argument(..., help="Game id (see 'tcg games')."),
    deck: Optional[str] = typer.Option(None, "--deck", "-d",
        help="Your deck: sample-deck name or file (default: the first sample deck)."),
    opponent_deck: Optional[str] = typer.Option(None, "--opponent-deck",
        help="The computer's deck (default: another sample deck)."),
    opponent: str = typer.Option("heuristic", "--opponent",
        help="Computer player: heuristic (quick), ismcts (the strongest: a search of 0.5 s per "
             "move) or random."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the game (default: random, printed)."),
    seat: str = typer.Option("0", "--seat",
        help="Your seat: 0, 1 or random (who goes first is decided by the game)."),
    lang: str = typer.Option("en", "--lang",
        help="Language of card names and actions: en (with English glosses) or ja."),
    save: Optional[pathlib.Path] = typer.Option(None, "--save",
        help="Where to save the game record (default: ./tcg-GAME-SEED.json)."),
) -> None:
    """Play GAME against the computer in the terminal.

    After every step you see the board, your hand and your legal actions, numbered: type a
    number to play one (-1 = the last). Other commands: i = card texts, b = board,
    log = recent events, h = help, c = concede, q = quit. The game record is saved at the
    end (to --save or ./tcg-GAME-SEED.json) so you can watch it again with 'tcg replay'."""
    from .agents import make_agent
    from .api import new_game
    from .ui import get_renderer, label_players
    from .ui.terminal import play_session

    lang = _check_lang(lang)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    if seat not in ("0", "1", "random"):
        raise ValueError(f"--seat must be 0, 1 or random, got {seat!r}")
    human = random.Random(seed).randrange(2) if seat == "random" else int(seat)
    mine, theirs = _default_decks(game, deck, opponent_deck)
    decks = [mine, theirs] if human == 0 else [theirs, mine]
    agent = make_agent(opponent, seed=seed)
    g = new_game(game, decks, seed=seed)
    path = save if save is not None else pathlib.Path(f"tcg-{game}-{seed}.json")
    if path.is_dir() or not path.absolute().parent.is_dir():
        raise ValueError(f"cannot save the game record to {path}: "
                         + ("it is a folder" if path.is_dir() else "no such folder"))
    con = _console()
    con.print(Text.assemble(("tcg play ", "bold"), f"{game} · seed {seed} · you are P{human} with "
                            f"{g.decks[human].name!r} against the {opponent} computer player with "
                            f"{g.decks[1 - human].name!r}"))
    con.print("Type h for help.", style="dim")
    renderer = get_renderer(game, g, lang, viewer=human, names=label_players(human, g.rules.players))
    outcome = "interrupted"
    try:
        outcome = play_session(g, human, agent, console=con, lang=lang, renderer=renderer)
    finally:
        try:
            g.save(str(path))
        except OSError as e:
            _fail(f"could not save the game record to {path}: {e.strerror or e}")
        con.print(f"Game record saved to {path} (watch it with: tcg replay {path})")
    if outcome == "interrupted":
        _fail("interrupted; the game record was saved", 130)
    if outcome == "eof":
        _fail("input ended before the game was over; the game record was saved", 1)


# --- simulate --------------------------------------------------------------------------------

_AGENT_OPTION_HELP = ("Agent option KEY=VALUE, repeatable (e.g. iterations=200 for ismcts): given to every "
                      "agent that takes KEY; N:KEY=VALUE gives it only to the N-th agent (0 or 1). "
                      "Results are reproducible with an iterations budget, not with seconds.")
_BACKEND_HELP = ("local: worker processes on this machine; ray: Ray tasks (needs the ray extra: "
                 "uv sync --extra ray). Same results either way.")
_ADDRESS_HELP = "With --backend ray: address of an existing Ray cluster (e.g. auto); default: start a local one."


@_command("simulate")
def simulate_cmd(
    game: str = typer.Argument(..., help="Game id (see 'tcg games')."),
    games: int = typer.Option(100, "--games", "-n", min=1, help="Number of games."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game (game i uses seed+i)."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", min=1,
        help="Processes (or Ray CPUs) playing games at once (default: 1, in this process; with --backend ray: "
             "every CPU). Same results for any number."),
    decks: Optional[Tuple[str, str]] = typer.Option(None, "--decks",
        help="The two decks (names or files; default: the first two sample decks)."),
    agents: Tuple[str, str] = typer.Option(("random", "random"), "--agents",
        help="The agents of the two decks (random, heuristic, ismcts)."),
    agent_option: Optional[List[str]] = typer.Option(None, "--agent-option", help=_AGENT_OPTION_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON (no progress bar)."),
    out: Optional[pathlib.Path] = typer.Option(None, "--out",
        help="Also write the results: FILE.json (summary and every game) or FILE.csv (one row per game)."),
    plot: Optional[pathlib.Path] = typer.Option(None, "--plot",
        help="Also draw FILE.png: win rates with 95% intervals and histograms of game length."),
    backend: str = typer.Option("local", "--backend", help=_BACKEND_HELP),
    address: Optional[str] = typer.Option(None, "--address", help=_ADDRESS_HELP),
) -> None:
    """Play many games computer against computer and summarise them.

    Deck 1 with agent 1 plays deck 2 with agent 2; they swap seats every other game (game i
    uses seed SEED+i, odd games swapped), and results are given per deck and agent: wins, win
    rate with 95% Wilson interval, how often each went first. Also draws, the first player's
    win rate (with interval), the distribution of turns and decisions per game and the end
    reasons. A run is reproducible: the same SEED gives the same results for any --workers
    and --backend. A progress bar with rate and ETA is shown on a terminal."""
    from .sim.commands import simulate_command
    simulate_command(game, games, seed, list(decks) if decks else None, list(agents), list(agent_option or []),
                     workers, as_json, str(out) if out else None, str(plot) if plot else None, backend, address)


@_command("tournament")
def tournament_cmd(
    game: str = typer.Argument(..., help="Game id (see 'tcg games')."),
    deck_args: Optional[List[str]] = typer.Argument(None, metavar="DECKS",
        help="More decks (so that --decks D1 D2 D3 works)."),
    decks: Optional[List[str]] = typer.Option(None, "--decks",
        help="Decks (names or files): --decks D1 D2 D3 ... (default: every sample deck)."),
    games_per_pair: int = typer.Option(20, "--games-per-pair", "-n", min=1,
        help="Games each pair of decks plays (seats alternated)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game (pair k, game i: seed + k*N + i)."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", min=1,
        help="Processes (or Ray CPUs) playing games at once (default: 1; with --backend ray: every CPU). "
             "Same results for any number."),
    agents: str = typer.Option("random", "--agents", "--agent",
        help="The agent playing every deck (random, heuristic, ismcts)."),
    agent_option: Optional[List[str]] = typer.Option(None, "--agent-option", help=_AGENT_OPTION_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON (no progress bar)."),
    out: Optional[pathlib.Path] = typer.Option(None, "--out",
        help="Also write the results: FILE.json (summary and every game) or FILE.csv (one row per game)."),
    plot: Optional[pathlib.Path] = typer.Option(None, "--plot", help="Also draw FILE.png: a heat map of the matchups."),
    backend: str = typer.Option("local", "--backend", help=_BACKEND_HELP),
    address: Optional[str] = typer.Option(None, "--address", help=_ADDRESS_HELP),
) -> None:
    """Round robin between decks: every pair plays N games, seats alternated.

    Prints the matchup matrix (the row deck's win rate against the column deck, with 95%
    Wilson intervals) and the standings (each deck's wins over all its games). Reproducible for
    a SEED, whatever --workers and --backend."""
    from .sim.commands import tournament_command
    names = list(decks or []) + list(deck_args or [])
    tournament_command(game, names or None, games_per_pair, seed, agents, list(agent_option or []), workers,
                       as_json, str(out) if out else None, str(plot) if plot else None, backend, address)


# --- replay ----------------------------------------------------------------------------------

@_command("replay")
def replay_cmd(
    file: pathlib.Path = typer.Argument(..., help="A game record saved by 'tcg play' (or Game.save())."),
    upto: Optional[int] = typer.Option(None, "--upto", min=0, help="Stop after this many actions."),
    auto: bool = typer.Option(False, "--auto", help="Step through without waiting for Enter."),
    delay: float = typer.Option(0.0, "--delay", min=0.0, help="Seconds to wait between actions with --auto."),
    player: str = typer.Option("spectator", "--player", help="Point of view: 0, 1 or spectator."),
    lang: str = typer.Option("en", "--lang", help="Language of card names and actions: en or ja."),
) -> None:
    """Watch a saved game action by action.

    Shows each action taken and the board after it (spectator view unless --player).
    Enter = next action, a number = jump to that action, q = quit; --auto runs by itself."""
    from .engine.errors import RecordError
    from .ui.terminal import replay_session

    lang = _check_lang(lang)
    if player not in ("0", "1", "spectator"):
        raise ValueError(f"--player must be 0, 1 or spectator, got {player!r}")
    viewer = None if player == "spectator" else int(player)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"cannot read record file {file}: {getattr(e, 'strerror', None) or e}") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{file} is not a game record (invalid JSON: {e})") from None
    if not isinstance(record, dict) or "game" not in record:
        raise RecordError(f"{file} is not a game record (no 'game' entry)")
    outcome = replay_session(record, console=_console(), viewer=viewer, upto=upto, auto=auto,
                             delay=delay, lang=lang)
    if outcome == "interrupted":
        _fail("interrupted", 130)
    if outcome == "eof":
        _fail("input ended", 1)


# --- bench -----------------------------------------------------------------------------------

@_command("bench")
def bench_cmd(
    game: str = typer.Argument(..., help="Game id (see 'tcg games')."),
    seconds: float = typer.Option(5.0, "--seconds", min=0.0, help="How long to play random games."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game."),
    deck: Optional[List[str]] = typer.Option(None, "--deck",
        help="Deck to use (repeatable; default: all sample decks)."),
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON."),
) -> None:
    """Measure the engine's speed on GAME with random players.

    Reports games/s, decisions/s, mean decisions per game, mean clone() time, peak memory
    of one game, peak RSS of the process and the start-up time of 'tcg --help'."""
    from .api import list_decks
    from .bench import bench
    decks = list(deck) if deck else None
    if not decks and not list_decks(game):
        raise ValueError(f"{game} has no sample decks yet; pass decks with --deck")
    if not as_json:
        _console(stderr=True).print(f"benchmarking {game} for {seconds:g} s...", style="dim")
    out = bench(game, seconds=seconds, seed=seed, decks=decks)
    if as_json:
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return
    table = Table(title=f"tcg bench {game}")
    table.add_column("Measure", style="bold")
    table.add_column("Value", justify="right")
    rows = [
        ("Games played", f"{out['games']} in {out['seconds']} s"),
        ("Games/s", f"{out['games_per_s']}"),
        ("Decisions/s", f"{out['decisions_per_s']:,}"),
        ("Mean decisions per game", f"{out['mean_decisions_per_game']}"),
        ("Mean clone()", f"{out['clone_us']} µs"),
        ("Peak game memory", f"{out['peak_game_memory_kib']:,} KiB"),
        ("Peak RSS", f"{out['peak_rss_mib']} MiB"),
    ]
    if "startup_ms" in out:
        rows.append(("Start-up (tcg --help)", f"{out['startup_ms']} ms"))
    for k, v in rows:
        table.add_row(k, v)
    _console().print(table)


if __name__ == "__main__":  # pragma: no cover
    main()
