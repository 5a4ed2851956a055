"""Exceptions raised by the engine. Every message names what is wrong and where."""
from __future__ import annotations

import difflib
from typing import Any, Iterable


class TcgError(Exception):
    """Base class of every error the engine raises on purpose."""


class UnknownGameError(TcgError, KeyError):
    def __str__(self) -> str:  # KeyError would quote the message
        return self.args[0] if self.args else "unknown game"


class IllegalActionError(TcgError, ValueError):
    """An action that is not among the legal actions of the pending decision.

    The game is left exactly as it was."""


class CardDataError(TcgError, ValueError):
    """A card-set file is malformed: the message names file, card and field."""

    def __init__(self, file: str, card: str | None, field: str | None, message: str):
        self.file, self.card, self.field, self.detail = file, card, field, message
        where = _printable(str(file), limit=None)
        if card:
            where += f", card {_printable(str(card))}"
        if field:
            where += f", field '{_printable(str(field))}'"
        super().__init__(f"{where}: {message}")


def _printable(text: str, limit: int | None = 80) -> str:
    """A name taken from a file, for a one-line message: control characters escaped, cut to
    ``limit`` characters (None: not cut)."""
    if not text.isprintable():
        text = repr(text)[1:-1]
    return text if limit is None or len(text) <= limit else text[:limit - 3] + "..."


#: ``_printable`` for the modules that say errors in other words (``tcg.present.errors``)
printable = _printable


class DeckFileError(TcgError, ValueError):
    """A deck file cannot be read at all (syntax, unknown section, bad count)."""


class IllegalDeckError(TcgError, ValueError):
    """A deck given to ``new_game`` (or ``replay``) that breaks the deck-construction rules of
    the game it was given to, or that the game cannot be set up or played with at all (checked
    even with ``validate=False``: unknown cards, cards in a section that does not take them, too
    few cards to deal, a deck of another game). ``problems``: every ``DeckProblem`` found;
    ``game``: the game the deck was checked for; ``unchecked``: only what set-up and play need
    was checked (``validate=False``), not the deck-construction rules. The message is one line."""

    def __init__(self, deck, problems: list, game: str | None = None, unchecked: bool = False):
        self.deck, self.problems, self.unchecked = deck, problems, unchecked
        self.game = game or deck.game
        shown = "; ".join(f"{p}" + (f" ({_printable(str(p.card))})" if p.card else "") for p in problems[:5])
        more = f"; and {len(problems) - 5} more" if len(problems) > 5 else ""
        verdict = f"cannot be played in {self.game}" if unchecked else f"is not legal for {self.game}"
        super().__init__(f"deck {_printable(str(deck.name), 60)!r} {verdict}: {shown}{more}")


class RecordError(TcgError, ValueError):
    """A game record cannot be replayed."""


class ArgumentError(TcgError, ValueError):
    """A public API function was called with an argument of the wrong type or value
    (e.g. ``observe("x")``, ``new_game(game, None)``, a seed outside 0..2**64-1)."""


class UndoError(TcgError, ValueError):
    """``game.undo()`` was asked for when the last action cannot be taken back."""


def brief(value: object, limit: int = 60) -> str:
    """``repr`` of a value for a one-line message: a huge number is described, not printed, and
    anything longer than ``limit`` characters is cut."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 30:
        digits = int(value.bit_length() * 0.30103) + 1
        return f"{'-' if value < 0 else ''}(a number of about {digits} digits)"
    try:
        r = repr(value)
    except Exception:  # noqa: BLE001 - a failing repr must not hide the real message
        r = f"<{type(value).__name__}>"
    return r if len(r) <= limit else r[:limit - 3] + "..."

def nearest(word: Any, known: Iterable[Any], cutoff: float = 0.5) -> str:
    """`` (did you mean 'zone'?)`` for the known word nearest to a misspelt one (``difflib``'s
    ratio at least ``cutoff``), or ``""``. ``tcg.present.errors`` translates the hint."""
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, [str(k) for k in known], n=1, cutoff=cutoff)
    return f" (did you mean {close[0]!r}?)" if close else ""
