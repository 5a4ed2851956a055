"""The ``tcg`` command: browse games, cards and decks, check decks, play against the computer,
run AI-vs-AI batches, watch saved games and measure speed.

Game modules are imported only inside the commands that need them, so ``tcg --help`` is fast.
Every expected failure (unknown game, bad deck or record file, bad option value, Ctrl-C, end
of input) ends with one ``error: ...`` line on stderr and a non-zero exit code. Anything else (a
bug) ends with one ``internal error: ...`` line naming a report file that holds the traceback
(exit code 3): the command never prints a traceback."""
from __future__ import annotations

import contextlib
import functools
import json
import os
import pathlib
import random
import signal
import sys
from typing import Any, Callable, List, NoReturn, Optional, Tuple

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
from .sim.signals import signals_ignored, signum_of, stop_signals


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
        except Exception as e:  # noqa: BLE001 - a bug outside a command: one line and a report
            rv = _report_internal_error(e)
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

def _tcg() -> str:
    """How the user types this command: ``uv run tcg`` when it was started by ``uv run`` (the
    project's environment is not on the user's own PATH), else ``tcg``."""
    import os
    return "uv run tcg" if os.environ.get("UV_RUN_RECURSION_DEPTH") else "tcg"


def _echo_err(message: str) -> None:
    try:
        print(message, file=sys.stderr, flush=True)
    except (OSError, ValueError):  # the terminal is gone (closed, broken pipe)
        pass


def _one_line(message: str) -> str:
    return "; ".join(part.strip() for part in str(message).splitlines() if part.strip())


def _fail(message: str, code: int = 1, lang: str = "en") -> None:
    _echo_err(f"{'エラー：' if lang == 'ja' else 'error: '}{_one_line(message)}")
    raise typer.Exit(code)


def _error_text(error: BaseException, lang: str) -> str:
    """An expected error as the ``--lang`` reader is told it (``tcg.present.errors``)."""
    if lang != "ja":
        return str(error)
    from .present.errors import error_text
    return error_text(error, lang)


#: exit code of an unexpected exception (a bug): distinct from failures the command expects
INTERNAL_ERROR_EXIT = 3


def _report_dir() -> pathlib.Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return pathlib.Path(base) / "tcg"


def _write_report(exc: BaseException) -> str:
    """Write the traceback of ``exc`` (with the command line and versions) to a new file in
    ~/.cache/tcg (or the system temporary folder); returns its path or why it could not."""
    import datetime
    import platform
    import tempfile
    import traceback
    try:
        from importlib.metadata import version
        tcg_version = version("tcg")
    except Exception:  # noqa: BLE001 - the report must not fail for this
        tcg_version = "unknown"
    text = (f"tcg {tcg_version} internal error report\n"
            f"time: {datetime.datetime.now().isoformat(timespec='seconds')}\n"
            f"command: {' '.join(sys.argv)}\n"
            f"python: {sys.version.split()[0]} on {platform.platform()}\n\n"
            + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    problems = []
    for folder in (_report_dir(), pathlib.Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f"tcg-crash-{stamp}-", suffix=".txt", dir=folder)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            return name
        except OSError as e:
            problems.append(f"{folder}: {e.strerror or e}")
    return "nowhere: " + "; ".join(problems)


def _report_internal_error(exc: BaseException) -> int:
    """One ``internal error: ...`` line on stderr, the traceback in a report file; returns the
    exit code."""
    where = _write_report(exc)
    what = f"internal error: {type(exc).__name__}: {_one_line(str(exc))}".rstrip(": ")
    if where.startswith("nowhere: "):
        _echo_err(f"{what} (no report could be written: {where[len('nowhere: '):]})")
    else:
        _echo_err(f"{what} (full report written to {where})")
    return INTERNAL_ERROR_EXIT


def _guard(fn: Callable) -> Callable:
    """Turn expected exceptions into one ``error:`` line and an exit code (no traceback); any
    other exception into one ``internal error:`` line and a report file (exit code 3)."""
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        lang = kwargs.get("lang") if kwargs.get("lang") in ("en", "ja") else "en"  # the command's --lang
        try:
            with stop_signals():  # SIGTERM and SIGHUP stop a command the way Ctrl-C does
                return fn(*args, **kwargs)
        except (typer.Exit, typer.Abort):
            raise
        except KeyboardInterrupt as e:
            signum = signum_of(e)
            _fail("interrupted" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}",
                  128 + signum)
        except EOFError:
            _fail("input ended", 1)
        except TcgError as e:
            from .api import IllegalDeckError
            if isinstance(e, IllegalDeckError) and lang == "ja":
                _fail(f"デッキ「{e.deck.name}」は{e.game}のルールに合っていません（問題{len(e.problems)}件。"
                      f"'{_tcg()} validate --lang ja {e.game} {e.deck.source or e.deck.name}' で確かめてください）",
                      lang=lang)
            if isinstance(e, IllegalDeckError):
                _fail(f"deck {e.deck.name!r} is not legal for {e.game} ({len(e.problems)} "
                      f"problem{'s' if len(e.problems) != 1 else ''}; see '{_tcg()} validate {e.game} "
                      f"{e.deck.source or e.deck.name}')")
            _fail(_error_text(e, lang), lang=lang)
        except (ValueError, FileNotFoundError, OSError) as e:
            _fail(_error_text(e, lang), lang=lang)
        except Exception as e:  # noqa: BLE001 - a bug: one line, the traceback in a report file
            raise typer.Exit(_report_internal_error(e)) from None
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
    from .present.text import card_title
    return card_title(getattr(card, "name", ""), getattr(card, "name_en", ""), lang)


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
    """Colour -> Japanese name, from the game's spec (its terminal part's ``COLOR_JA``)."""
    from .games import spec
    return dict(spec(game).colour_names_ja)


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
    deckfile: str = typer.Argument(..., metavar="DECKFILE",
                                   help="Deck file path, sample-deck name or deck code (tcg1:...)."),
    lang: str = typer.Option("en", "--lang", help="Language of the verdict and the problems: en or ja."),
) -> None:
    """Check a deck against the deck-construction rules.

    Prints 'legal' and the deck's code (one line that every deck field reads) and exits 0, or lists every problem (rule ID, message, card) and exits 1.
    An unreadable or malformed deck file exits 2."""
    from .api import deck_code, load_deck, validate_deck
    from .engine.errors import DeckFileError
    from .present.text import catalog
    lang = _check_lang(lang)
    _rules(game)
    try:
        deck = load_deck(game, deckfile)
    except (DeckFileError, OSError, UnicodeDecodeError) as e:
        _fail(_error_text(e, lang), 2, lang)
    problems = validate_deck(game, deck)
    con = _console()
    where = f"{deck.name!r}" + (f" ({deck.source})" if deck.source else "")
    t = catalog(game).t
    if not problems:
        con.print(Text.assemble(t("validate.deck", lang, where=where), (t("validate.legal", lang), "bold green")))
        con.print(Text.assemble(t("validate.code", lang), (deck_code(game, deck), "bold")), soft_wrap=True)
        return
    con.print(Text.assemble(t("validate.deck", lang, where=where),
                            (t("validate.not_legal", lang, count=len(problems)), "bold red")))
    table = Table(show_lines=False)
    table.add_column(t("validate.rule", lang), style="bold", no_wrap=True)
    table.add_column(t("validate.problem", lang), overflow="fold" if lang == "ja" else "ellipsis")  # no spaces to wrap at
    table.add_column(t("validate.card", lang), no_wrap=True)
    for p in problems:
        table.add_row(p.rule, p.text(lang), p.card or "")
    con.print(table)
    raise typer.Exit(1)


@_command("schema")
def schema_cmd(
    game: str = typer.Argument(..., help="Game id (see 'tcg games')."),
    out: Optional[pathlib.Path] = typer.Option(None, "--out", "-o", help="Write the schema to FILE "
                                               "(default: print it). / スキーマをFILEに書きます（省略時は画面に出力）。"),
    lang: str = typer.Option("en", "--lang", help="Language of the messages: en or ja. / メッセージの言語（en / ja）。"),
) -> None:
    """Write the JSON Schema of a card file of GAME.

    The schema (JSON Schema draft 2020-12) is built from what the game declares: its card
    fields, ability kinds, ops and their parameters, selectors, conditions, triggers, costs
    and keywords. An editor with JSON Schema support completes and checks a card file as you
    type: with a TOML language server such as Taplo (Even Better TOML in VS Code), put
    '#:schema ./zx-cards.schema.json' on the first line of the card file. The loader checks
    more than the schema (rules across fields and cards) and names the file, card, field and
    line of each problem.

    カードファイルのJSONスキーマを書き出します（ゲームの宣言から作られます）。Taplo（VS CodeのEven
    Better TOML）などのTOML言語サーバーで、カードファイルの1行目に '#:schema ./zx-cards.schema.json'
    と書くと、入力中に補完と検査ができます。"""
    from .api import card_schema
    lang = _check_lang(lang)
    text = json.dumps(card_schema(game), ensure_ascii=False, indent=2) + "\n"
    if out is None:
        sys.stdout.write(text)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as e:
        why = e.strerror or str(e)
        raise ValueError(f"cannot write {out}: {why}" if lang != "ja" else f"{out} に書き込めません（{why}）") from None
    _console().print(f"スキーマを {out} に書きました（{game} のカードファイル）。" if lang == "ja" else
                     f"Wrote the JSON Schema of a {game} card file to {out}.")


@_command("rules")
def rules_cmd(
    game: str = typer.Argument(..., help="Game id (see 'tcg games')."),
    lang: str = typer.Option("en", "--lang", help="Language: en or ja."),
) -> None:
    """A short primer of a game's rules, written for a player: how a turn goes, how to win, the
    terms (the same text as 'r' during 'tcg play'). The full rules as implemented are in
    docs/rules/GAME.md."""
    from .engine.errors import ArgumentError
    from .ui.terminal import rules_primer
    _rules(game)  # an unknown game is one clear error
    if lang not in ("en", "ja"):
        raise ArgumentError(f"--lang must be en or ja, not {lang!r}")
    text = rules_primer(game, lang)
    if not text:
        raise ArgumentError(f"no rules primer for {game} yet (see docs/rules/{game}.md)")
    _console().print(text)


@_command("serve")
def serve_cmd(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on; 0.0.0.0 lets other "
                             "machines of your network in (see the README: playing a friend)."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    db: Optional[str] = typer.Option(None, "--db", help="The games database: a SQLite file (default "
                                     "$TCG_DB or ~/.local/share/tcg/games.sqlite3), or a "
                                     "postgresql://user@host/db URL that several 'tcg serve' "
                                     "processes share (the postgres extra)."),
    public_url: Optional[str] = typer.Option(None, "--public-url", help="The address players use to "
                                             "reach this server (e.g. https://cards.example.org behind a "
                                             "reverse proxy), for the invitation and spectator links."),
    no_browser: bool = typer.Option(False, "--no-browser", help="Do not open the page in a browser."),
    allow_host: List[str] = typer.Option([], "--allow-host", help="Another name (NAME or NAME:PORT) players "
                                         "reach this server by; requests to any other name are refused "
                                         "(DNS rebinding). Repeatable."),
    proxy: List[str] = typer.Option([], "--proxy", help="The address of a reverse proxy in front of this "
                                    "server: X-Forwarded-For / -Proto are believed from it only (the client "
                                    "address limits count by). Repeatable."),
    games_per_client: int = typer.Option(30, "--games-per-client", help="Games one client (IP address) may "
                                         "start per --limit-window; 0: no limit."),
    card_sets_per_client: int = typer.Option(20, "--card-sets-per-client", help="Card sets one client may "
                                             "save per --limit-window; 0: no limit."),
    limit_window: float = typer.Option(600, "--limit-window", help="Seconds over which those are counted."),
    head_timeout: float = typer.Option(10, "--head-timeout", help="Seconds a connection has to send a "
                                       "request's head."),
    keep_alive: float = typer.Option(5, "--keep-alive", help="Seconds an idle connection is kept open."),
    body_timeout: float = typer.Option(30, "--body-timeout", help="Seconds a request's body may stop arriving."),
    sockets_per_client: int = typer.Option(32, "--sockets-per-client", help="Game connections one client "
                                           "may hold open at once."),
    idle: float = typer.Option(600, "--idle", help="Seconds a game nobody watches stays in memory (it is "
                               "loaded again when wanted)."),
) -> None:
    """Play in the browser: against the computer or a friend, all four games. Every action is
    stored in the database before anyone sees it, so stopping the server (even killing it) loses
    nothing: start it again and every game goes on."""
    from .engine.errors import ArgumentError
    if not 0 < port < 65536:
        raise ArgumentError(f"--port must be between 1 and 65535, not {port}")
    if public_url is not None and not public_url.startswith(("http://", "https://")):
        raise ArgumentError(f"--public-url must start with http:// or https://, not {public_url!r}")
    for name, value in (("--games-per-client", games_per_client), ("--card-sets-per-client", card_sets_per_client)):
        if value < 0:
            raise ArgumentError(f"{name} must be 0 (no limit) or more, not {value}")
    for name, value in (("--limit-window", limit_window), ("--head-timeout", head_timeout),
                        ("--keep-alive", keep_alive), ("--body-timeout", body_timeout)):
        if not 0 < value <= 86400:
            raise ArgumentError(f"{name} must be a number of seconds from 0 to 86400, not {value}")
    if not 1 <= sockets_per_client <= 10_000:
        raise ArgumentError(f"--sockets-per-client must be from 1 to 10000, not {sockets_per_client}")
    if not 1 <= idle <= 86400 * 30:
        raise ArgumentError(f"--idle must be a number of seconds from 1 to 2592000, not {idle}")
    from .web.guard import HttpLimits, parse_host
    for h in allow_host:
        if parse_host(h) is None:
            raise ArgumentError(f"--allow-host takes a host name (NAME or NAME:PORT), not {h!r}")
    limits = HttpLimits(games=games_per_client, card_sets=card_sets_per_client, window=limit_window,
                    head_timeout=head_timeout, keep_alive=keep_alive, body_timeout=body_timeout)
    from .web.hub import Limits
    from .web.serve import serve
    serve(host=host, port=port, db=db, public_url=public_url, open_browser=not no_browser,
          allow_hosts=allow_host, http_limits=limits, proxy=proxy,
          limits=Limits(sockets=sockets_per_client, idle=idle, idle_finished=min(idle, 60.0)))


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

#: the longest record file ``tcg play --resume`` and ``tcg replay`` read (a record is ~100 bytes
#: per action: far more than any game)
MAX_RECORD_FILE = 64 * 1024 * 1024


def _read_record(path: pathlib.Path) -> dict:
    """The game record in ``path`` as data (``RecordError`` with a one-line reason otherwise).
    Read like every user file (``engine.files``): regular files only (a FIFO never blocks),
    size-limited, UTF-8 with or without a BOM, nesting checked before parsing."""
    from .engine.errors import RecordError
    from .engine.files import MAX_RECORD_BYTES, parse_json, read_text
    text = read_text(path, "record", min(MAX_RECORD_BYTES, MAX_RECORD_FILE), error=RecordError)
    record = parse_json(text, f"record file {path}", error=RecordError)
    if not isinstance(record, dict) or "game" not in record:
        raise RecordError(f"{path} is not a game record (no 'game' entry)")
    return record


def _read_card_files(paths: List[pathlib.Path]) -> list[tuple[str, str]]:
    """Card files as ``(name, text)`` pairs (``tcg.replay(record, cards=...)``), each read like
    every user file (regular files only, size-limited, UTF-8)."""
    from .engine.errors import CardDataError
    from .engine.files import MAX_CARD_FILE_BYTES, read_text
    return [(path.name, read_text(path, "card", MAX_CARD_FILE_BYTES, error=CardDataError)) for path in paths]


def _result_words(result: dict) -> str:
    reason = result.get("reason") or "no reason given"
    if result.get("draw") or result.get("winner") is None:
        return f"a draw ({reason})"
    return f"P{result['winner']} won ({reason})"


def _same_deck(a, b) -> bool:
    return a.game == b.game and {k: list(v) for k, v in a.sections.items()} == \
        {k: list(v) for k, v in b.sections.items()}


def _claim(path: pathlib.Path) -> bool:
    """Create ``path`` empty unless it exists (atomically: two games never get the same file);
    False if it exists."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        return False
    except OSError as e:
        raise ValueError(f"cannot save the game record to {path}: {e.strerror or e}") from None
    os.close(fd)
    return True


def _check_save_folder(path: pathlib.Path) -> None:
    if path.is_dir() or not path.absolute().parent.is_dir():
        raise ValueError(f"cannot save the game record to {path}: "
                         + ("it is a folder" if path.is_dir() else "no such folder"))


def _default_record_path(game_id: str, seed: int) -> pathlib.Path:
    """./tcg-GAME-SEED.json, or -2, -3... added when that file exists (never overwritten)."""
    for n in range(1, 10_000):
        path = pathlib.Path(f"tcg-{game_id}-{seed}" + ("" if n == 1 else f"-{n}") + ".json")
        if _claim(path):
            return path
    raise ValueError(f"cannot choose a file name for the game record: tcg-{game_id}-{seed}-*.json all exist; "
                     "pass --save FILE")


def _refuse_existing(path: pathlib.Path) -> NoReturn:
    try:
        _read_record(path)
        what = ("holds a saved game", f"continue that game with '{_tcg()} play --resume {path}', or choose another file")
    except TcgError:
        what = ("is not a game record", "choose another file")
    raise ValueError(f"--save {path}: the file exists and {what[0]}; a new game never writes over a file: {what[1]}")


def _new_save_path(save: Optional[pathlib.Path], game_id: str, seed: int) -> pathlib.Path:
    """Where a new game is saved: --save (which must not exist: a new game never overwrites a
    file) or a fresh default name. The file is created (empty) at once."""
    if save is None:
        return _default_record_path(game_id, seed)
    _check_save_folder(save)
    if save.exists() or save.is_symlink() or not _claim(save):
        _refuse_existing(save)
    return save


def _resume_save_path(save: Optional[pathlib.Path], resume: pathlib.Path, game) -> pathlib.Path:
    """Where a resumed game is saved: back to the file it came from, or to --save, which may be
    a new file or a record of this same game that the resumed one continues (nothing lost)."""
    if save is None:
        return resume
    _check_save_folder(save)
    try:
        if save.exists() and os.path.samefile(save, resume):
            return save
    except OSError:
        pass
    if not save.exists() and not save.is_symlink() and _claim(save):
        return save
    from .api import replay
    try:
        other = replay(_read_record(save))
    except TcgError:
        raise ValueError(f"--save {save}: the file exists and is not a game record; it is not "
                         "overwritten: choose another file") from None
    if other.game_id != game.game_id or other.seed != game.seed or len(other.decks) != len(game.decks) or \
            not all(_same_deck(a, b) for a, b in zip(other.decks, game.decks)):
        raise ValueError(f"--save {save}: the file holds another game ({other.game_id}, seed {other.seed}); "
                         "it is not overwritten: choose another file")
    mine, theirs = game.actions, other.actions
    if [(a["player"], a["action"]) for a in theirs] != [(a["player"], a["action"]) for a in mine[:len(theirs)]]:
        raise ValueError(f"--save {save}: the file holds this game played on differently ({len(theirs)} actions "
                         f"that the game in {resume} does not continue); it is not overwritten: choose another file")
    return save


class _Saver:
    """Saves the game after every change (atomically, see ``Game.save``). A failure is reported
    once on stderr and tried again at the next change; the game goes on."""

    def __init__(self, game, path: pathlib.Path):
        self.game, self.path = game, path
        self.failure: Optional[str] = None

    def save(self) -> Optional[str]:
        """Save now; returns None or why it failed."""
        try:
            self.game.save(str(self.path))
        except OSError as e:
            return str(e.strerror or e)
        return None

    def __call__(self) -> None:
        why = self.save()
        if why is not None and why != self.failure:
            _echo_err(f"warning: could not save the game to {self.path}: {why} (trying again after every action)")
        elif why is None and self.failure is not None:
            _echo_err(f"note: the game is saved to {self.path} again")
        self.failure = why


def _seat_option(seat: Optional[str]) -> Optional[str]:
    if seat is not None and seat not in ("0", "1", "random"):
        raise ValueError(f"--seat must be 0, 1 or random, got {seat!r}")
    return seat


def _make_opponent(name: str, seed: int, options: dict, from_record: bool):
    from .agents import make_agent
    try:
        return make_agent(name, seed=seed, **options)
    except (TypeError, ValueError) as e:
        if not from_record:
            raise
        from .engine.errors import RecordError
        raise RecordError(f"the saved game's computer player {name!r} with options {options} cannot be "
                          f"made: {_one_line(str(e))}; choose one with --opponent/--agent-option") from None


def _resume_game(resume: pathlib.Path, game: Optional[str], deck: Optional[str], opponent_deck: Optional[str],
                 seed: Optional[int], seat: Optional[str]) -> tuple[Any, int, list[str]]:
    """The saved game of ``resume`` at its pending decision, the human's seat and notes on what
    the record did not say. Options that contradict the record are errors."""
    from .api import load_deck, replay
    from .engine.errors import RecordError
    g = replay(_read_record(resume))
    if g.is_over:
        raise RecordError(f"{resume} is a finished game: {_result_words(g.result)} after {len(g.actions)} "
                          f"actions; nothing to continue (watch it with: {_tcg()} replay {resume})")
    if game is not None and game != g.game_id:
        raise ValueError(f"--resume {resume} holds a {g.game_id} game, not {game}; leave GAME out with --resume")
    if seed is not None and seed != g.seed:
        raise ValueError(f"--seed {seed} does not match the saved game (seed {g.seed}); leave --seed out "
                         "with --resume")
    notes = []
    players = g.rules.players
    human = g.meta.get("human")
    if isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < players:
        human = None
    if seat is not None:
        if human is not None and (seat == "random" or int(seat) != human):
            raise ValueError(f"--seat {seat} does not match the saved game (you play seat {human}); leave "
                             "--seat out with --resume")
        if human is None:
            human = random.Random(g.seed).randrange(2) if seat == "random" else int(seat)
    elif human is None:
        human = 0
        notes.append("The record does not say which seat you played: you are P0 (choose with --seat).")
    for flag, name, seat_of in (("--deck", deck, human), ("--opponent-deck", opponent_deck, 1 - human)):
        if name is not None and not _same_deck(load_deck(g.game_id, name), g.decks[seat_of]):
            raise ValueError(f"{flag} {name} is not the deck P{seat_of} plays in the saved game "
                             f"({g.decks[seat_of].name!r}); leave {flag} out with --resume")
    return g, human, notes


@_command("play")
def play_cmd(
    game: Optional[str] = typer.Argument(None, metavar="GAME",
        help="Game id (see 'tcg games'); not needed with --resume."),
    deck: Optional[str] = typer.Option(None, "--deck", "-d",
        help="Your deck: sample-deck name or file (default: the first sample deck)."),
    opponent_deck: Optional[str] = typer.Option(None, "--opponent-deck",
        help="The computer's deck (default: another sample deck)."),
    opponent: Optional[str] = typer.Option(None, "--opponent",
        help="Computer player: heuristic (quick, the default), ismcts (the strongest: a search of 0.5 s "
             "per move) or random."),
    agent_option: Optional[List[str]] = typer.Option(None, "--agent-option",
        help="Option KEY=VALUE of the computer player, repeatable (e.g. seconds=2 for ismcts)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the game (default: random, printed)."),
    seat: Optional[str] = typer.Option(None, "--seat",
        help="Your seat: 0 (the default), 1 or random (a seat only: who goes first is --first)."),
    first: Optional[str] = typer.Option(None, "--first",
        help="Who goes first: random (the default: drawn by the game), me or computer. Each game's "
             "rules only say that it is decided before the game, so you may choose."),
    lang: Optional[str] = typer.Option(None, "--lang",
        help="Language of card names and actions: en (the default, with English glosses) or ja."),
    save: Optional[pathlib.Path] = typer.Option(None, "--save",
        help="Where to save the game record (default: ./tcg-GAME-SEED.json, or -2, -3... added when "
             "that file exists). A new game never writes over an existing file."),
    resume: Optional[pathlib.Path] = typer.Option(None, "--resume", metavar="FILE",
        help="Continue a game saved by 'tcg play' where it stopped: same game, decks, seed, seat, "
             "computer player and language (--opponent, --agent-option and --lang may change them). "
             "It is saved back to FILE (or to --save)."),
) -> None:
    """Play GAME against the computer in the terminal.

    After every step you see the board, your hand and your legal actions, numbered: type a
    number to play one (-1 = the last). Other commands: u = undo your last action (while it
    revealed nothing), i = card texts, b = board, log = recent events, h = help, c = concede,
    q = quit. The game record is saved after every action (to --save or ./tcg-GAME-SEED.json,
    printed at the start), also when you quit, press Ctrl-C or close the terminal: continue it
    with 'tcg play --resume FILE', or watch it with 'tcg replay FILE'."""
    import shlex

    from .api import new_game
    from .sim.options import parse_agent_options
    from .ui import get_renderer, label_players
    from .ui.terminal import play_session

    if lang is not None:
        _check_lang(lang)
    seat = _seat_option(seat)
    if first not in (None, "random", "me", "computer"):
        raise ValueError(f"--first must be random, me or computer, not {first!r}")
    notes: list[str] = []
    if resume is not None:
        if first is not None:
            raise ValueError("--first is decided when the game starts: leave it out with --resume")
        g, human, notes = _resume_game(resume, game, deck, opponent_deck, seed, seat)
        where = ("ui.where_resumed", {"seed": g.seed, "path": str(resume), "n": len(g.actions)})
    else:
        if game is None:
            _fail("missing argument 'GAME' (or --resume FILE) (see 'tcg play --help')", 2)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 1_000_000)
        human = random.Random(seed).randrange(2) if seat == "random" else int(seat or 0)
        mine, theirs = _default_decks(game, deck, opponent_deck)
        g = new_game(game, [mine, theirs] if human == 0 else [theirs, mine], seed=seed,
                     first={"me": human, "computer": 1 - human}.get(first or "random"))
        where = ("ui.where_seed", {"seed": g.seed})
    # the computer player, its options and the language: from the options, else from the record
    meta = g.meta
    was = meta.get("opponent") if isinstance(meta.get("opponent"), str) else None
    was_options = meta.get("agent_options") if isinstance(meta.get("agent_options"), dict) else {}
    name = opponent or was or "heuristic"
    if agent_option:
        options = parse_agent_options(agent_option, [name])[0]
    else:
        options = dict(was_options) if name == was else {}
    from_record = opponent is None and not agent_option and was is not None
    agent = _make_opponent(name, g.seed, options, from_record)
    was_lang = meta.get("lang") if meta.get("lang") in ("en", "ja") else None
    lang = lang or was_lang or "en"
    if resume is not None:
        if was is not None and (name, options) != (was, was_options):
            notes.append(f"The computer player is now {name}{_options_words(options)} (the saved game had "
                         f"{was}{_options_words(was_options)}).")
        if was_lang is not None and lang != was_lang:
            notes.append(f"Language: {lang} (the saved game had {was_lang}).")
    g.meta = {**meta, "client": "tcg play", "human": human, "opponent": name, "agent_options": options,
              "lang": lang}
    path = _resume_save_path(save, resume, g) if resume is not None else _new_save_path(save, g.game_id, g.seed)
    saver = _Saver(g, path)
    failed = saver.save()
    if failed is not None:
        if resume is None or path != resume:
            with contextlib.suppress(OSError):
                if path.stat().st_size == 0:  # the empty file claimed for it
                    path.unlink()
        raise ValueError(f"cannot save the game record to {path}: {failed}")
    con = _console()
    from .ui.terminal import say
    con.print(Text.assemble(("tcg play ", "bold"), say("ui.start", lang, game=g.game_id,
                                                      where=say(where[0], lang, **where[1]), seat=human,
                                                      deck=repr(g.decks[human].name),
                                                      opponent=say(f"ui.agent.{name}", lang) if name in
                                                      ("heuristic", "ismcts", "random") else name,
                                                      their_deck=repr(g.decks[1 - human].name))))
    for note in notes:
        con.print(note, style="yellow")
    resume_hint = f"{_tcg()} play --resume {shlex.quote(str(path))}"
    _say(con, say("ui.saved_every", lang, path=path, resume=resume_hint))
    con.print(say("ui.start_hint", lang), style="dim")
    outcome = "interrupted"
    try:
        renderer = get_renderer(g.game_id, g, lang, viewer=human, names=label_players(human, g.rules.players))
        outcome = play_session(g, human, agent, console=con, lang=lang, renderer=renderer, on_change=saver,
                               show_setup=resume is None)
    except KeyboardInterrupt as e:  # before the game loop started (e.g. while setting up)
        outcome = getattr(e, "outcome", "interrupted")
    except Exception:  # a bug: the game is saved, then the one-line internal error (see _guard)
        outcome = "crashed"
        raise
    finally:
        with signals_ignored():
            failed = saver.save()
        if outcome == "crashed" and failed is None:
            _say(con, say("ui.saved_crashed", lang, path=path, resume=resume_hint))
    if failed is not None:
        _fail(f"could not save the game record to {path}: {failed}")
    watch = f"{_tcg()} replay {shlex.quote(str(path))}"
    _say(con, say("ui.saved_over", lang, path=path, watch=watch) if outcome == "over" else
         say("ui.saved_stopped", lang, path=path, resume=resume_hint, watch=watch))
    if outcome == "quit" or outcome == "over":
        return
    stops = {"interrupted": ("interrupted", 130), "terminated": ("stopped by SIGTERM", 143),
             "hangup": ("the terminal closed (SIGHUP)", 129),
             "eof": ("input ended before the game was over", 1)}
    what, code = stops.get(outcome, ("stopped", 1))
    _fail(f"{what}; the game is saved: continue it with: {resume_hint}", code)


def _options_words(options: dict) -> str:
    return "" if not options else " (" + ", ".join(f"{k}={v}" for k, v in sorted(options.items())) + ")"


def _say(con: Console, message: str) -> None:
    """Print ``message``: its prose wrapped to the terminal, each command on its own indented line
    unwrapped (the terminal folds it if it must), so that it copies and pastes as typed."""
    try:
        for line in message.split("\n"):
            con.print(line, soft_wrap=line.startswith("  "), highlight=False, markup=False)
    except (OSError, ValueError):  # the terminal is gone
        pass


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
    and --backend. A progress bar with rate and ETA is shown on a terminal. --out and --plot are
    checked before the first game and written atomically; Ctrl-C (or SIGTERM) stops the run and
    still writes the games that finished, marked partial."""
    from .sim.commands import PartialRun, simulate_command
    try:
        simulate_command(game, games, seed, list(decks) if decks else None, list(agents), list(agent_option or []),
                         workers, as_json, str(out) if out else None, str(plot) if plot else None, backend, address)
    except PartialRun as e:
        _fail(e.message, e.exit_code)


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
    a SEED, whatever --workers and --backend. Ctrl-C (or SIGTERM) stops it and still writes the
    games that finished, marked partial."""
    from .sim.commands import PartialRun, tournament_command
    names = list(decks or []) + list(deck_args or [])
    try:
        tournament_command(game, names or None, games_per_pair, seed, agents, list(agent_option or []), workers,
                           as_json, str(out) if out else None, str(plot) if plot else None, backend, address)
    except PartialRun as e:
        _fail(e.message, e.exit_code)


# --- replay ----------------------------------------------------------------------------------

@_command("replay")
def replay_cmd(
    file: pathlib.Path = typer.Argument(..., help="A game record saved by 'tcg play' (or Game.save())."),
    upto: Optional[int] = typer.Option(None, "--upto", min=0, help="Stop after this many actions."),
    auto: bool = typer.Option(False, "--auto", help="Step through without waiting for Enter."),
    delay: float = typer.Option(0.0, "--delay", min=0.0, help="Seconds to wait between actions with --auto."),
    player: str = typer.Option("spectator", "--player", help="Point of view: 0, 1 or spectator."),
    lang: str = typer.Option("en", "--lang", help="Language of card names and actions: en or ja."),
    cards: Optional[List[pathlib.Path]] = typer.Option(None, "--cards", metavar="FILE",
        help="A card file the game was played with (your own cards, e.g. saved from the browser's "
             "'My cards'), repeatable, in the order they were given: a record names them by their "
             "SHA-256 and replays only with the same texts."),
) -> None:
    """Watch a saved game action by action.

    Shows each action taken and the board after it (spectator view unless --player).
    Enter = next action, a number = jump to that action, q = quit; --auto runs by itself."""
    from .ui.terminal import replay_session

    lang = _check_lang(lang)
    if player not in ("0", "1", "spectator"):
        raise ValueError(f"--player must be 0, 1 or spectator, got {player!r}")
    viewer = None if player == "spectator" else int(player)
    record = _read_record(file)
    card_files = _read_card_files(cards) if cards else None
    from .api import record_card_files_sha256
    if card_files is None and record_card_files_sha256(record) is not None:
        from .engine.errors import RecordError
        raise RecordError(f"{file} was played with card files of its own: give them with --cards FILE "
                          f"(each file the game was started with, in the same order)")
    outcome = replay_session(record, console=_console(), viewer=viewer, upto=upto, auto=auto,
                             delay=delay, lang=lang, cards=card_files)
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
