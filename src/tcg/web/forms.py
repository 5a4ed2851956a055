"""What the web pages share (``app``, ``card_pages``, ``deck_pages``, ``replay_pages``): the
games and their name keys, the languages, the computer players, the deck a form names or pastes
and how a deck's problems read. It imports none of the pages, so none of them imports another
page module for these."""
from __future__ import annotations

import re
from typing import Any

from ..engine.errors import TcgError
from ..games import game_ids

LANGS = ("en", "ja")
#: game id -> the key of its name in ``tcg/text.toml`` (``game.<id>``), for every game of the registry
GAME_NAMES = {g: f"game.{g}" for g in game_ids()}
AGENTS = ("heuristic", "ismcts", "random")
#: the most characters of a pasted deck
MAX_DECK_TEXT = 64 * 1024
#: a card set's hash (``?cards=<hash>``)
HASH = re.compile(r"[0-9a-f]{64}")


#: the most characters of a seat's display name
MAX_NAME = 24
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]")


def display_name(raw: Any, default: str) -> str:
    """A seat's display name from a form: ``default`` when empty; a ``TcgError`` when longer
    than ``MAX_NAME`` characters or holding control (or direction) characters."""
    name = (raw if isinstance(raw, str) else "").strip()
    if not name:
        return default
    if len(name) > MAX_NAME:
        raise TcgError(f"a name may be at most {MAX_NAME} characters")
    if _CONTROL.search(name):
        raise TcgError("a name may not hold control characters")
    return name


def pasted_deck(game: str, deck_text: str, rules: Any = None):
    """A pasted deck: a deck code (``tcg1:<game>:<set>:<cards>``) or a deck file (TOML), as a
    ``Deck`` of ``game`` (card names resolved by ``rules``, the game's own cards when None)."""
    if len(deck_text) > MAX_DECK_TEXT:
        raise TcgError(f"the deck text is too long (at most {MAX_DECK_TEXT} characters)")
    from ..api import as_deck, load_deck
    from ..engine.deck_code import looks_like_code
    from ..engine.files import parse_toml
    if looks_like_code(deck_text):
        return load_deck(game, deck_text.strip(), rules=rules)
    return as_deck(game, parse_toml(deck_text, "pasted deck"), rules)


def deck_from_form(game: str, deck: str, deck_text: str, samples: list[str]):
    """A sample deck by name, or a pasted deck file (TOML) or deck code checked against the deck rules."""
    import tcg
    if deck_text.strip():
        from ..games import get_rules
        d = pasted_deck(game, deck_text)
        problems = tcg.validate_deck(game, d)
        if problems:
            raise tcg.IllegalDeckError(d, problems)
        get_rules(game)
        return d
    if deck in samples:
        return deck
    raise TcgError(f"choose one of the sample decks ({', '.join(samples)}) or paste a deck")


def problem_lines(problems: list[Any], lang: str = "en") -> list[str]:
    """The deck problems as lines in the page's language (``DeckProblem.text``)."""
    return [f"{p.rule}: {p.text(lang)}" + (f" ({p.card})" if p.card else "") for p in problems]


__all__ = ["AGENTS", "GAME_NAMES", "HASH", "LANGS", "MAX_DECK_TEXT", "MAX_NAME", "deck_from_form", "display_name",
           "pasted_deck", "problem_lines"]
