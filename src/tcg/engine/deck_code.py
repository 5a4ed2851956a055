"""Deck codes: a deck as one short line of text, to paste into a chat or a form.

A code reads ``tcg1:<game>:<set>:<cards>``: the format's version, the game id, six hex digits of
the card set the deck was made with (``set_tag``) and the sections with their card ids and
counts, deflated and written in URL-safe base64. Pasted codes may carry spaces and line breaks
(a chat wraps them); they are ignored. A code made with another card set still reads, as long as
its cards are in this one (the set tag only lets a message say why a card is missing)::

    code = encode(deck, card_set)                 # 'tcg1:zx:5c1e0a:eJyL...'
    deck = decode(code, "zx", card_set)           # a Deck; DeckCodeError names what is wrong
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import re
import zlib
from typing import Any, Iterable

from .deck import MAX_DECK_CARDS, Deck
from .errors import DeckFileError, brief

PREFIX = "tcg1"
#: the longest code read (a deck of MAX_DECK_CARDS distinct long ids deflates far below this)
MAX_CODE_CHARS = 20_000
_SECTION = re.compile(r"[a-z][a-z0-9_]{0,31}")
_SPACE = re.compile(r"\s+")
#: the characters that separate a code's parts, written %XX inside a card id
_QUOTE = {c: f"%{ord(c):02X}" for c in "%;,=*"}


def _quote(cid: str) -> str:
    return "".join(_QUOTE.get(ch, ch) for ch in cid)


def _unquote(cid: str) -> str:
    return re.sub(r"%(25|3B|2C|3D|2A)", lambda m: chr(int(m.group(1), 16)), cid)


class DeckCodeError(DeckFileError):
    """A deck code that cannot be read: the message says which part is wrong."""


def set_tag(cards: Any) -> str:
    """Six hex digits naming a card set: its version and its card ids (a set with a card added
    or a player's card files has another tag)."""
    h = hashlib.sha256(str(getattr(cards, "version", "")).encode())
    for cid in sorted(c.id for c in cards):
        h.update(b"\n" + cid.encode())
    return h.hexdigest()[:6]


def looks_like_code(text: Any) -> bool:
    """Is ``text`` meant as a deck code (rather than a deck name or a path)?"""
    return isinstance(text, str) and _SPACE.sub("", text).lower().startswith(PREFIX + ":")


def encode(deck: Deck, cards: Any) -> str:
    """The code of ``deck`` (card ids and counts per section, in the deck's order), made with the
    card set ``cards``."""
    body = ";".join(f"{sec}=" + ",".join(f"{_quote(cid)}*{n}" for cid, n in deck.counts(sec).items())
                    for sec in deck.sections if deck.sections[sec])
    packed = zlib.compress(body.encode("utf-8"), 9)
    text = base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    return f"{PREFIX}:{deck.game}:{set_tag(cards)}:{text}"


def decode(code: str, game: str, cards: Any = None, name: str = "") -> Deck:
    """The deck a code stands for, for ``game``. ``cards`` (the card set of this game): when a
    card of the code is missing from it and the code was made with another set, the error says
    so. Every problem is a ``DeckCodeError``; the deck's legality is checked by
    ``validate_deck`` as for any deck."""
    if not isinstance(code, str):
        raise DeckCodeError(f"a deck code must be text, got {type(code).__name__}")
    if len(code) > MAX_CODE_CHARS:
        raise DeckCodeError(f"deck code: {len(code):,} characters, more than {MAX_CODE_CHARS:,}")
    text = _SPACE.sub("", code)
    parts = text.split(":")
    if len(parts) != 4 or parts[0].lower() != PREFIX:
        raise DeckCodeError(f"not a deck code: {brief(code, 40)} (a code reads {PREFIX}:<game>:<set>:<cards>)")
    _, code_game, tag, payload = parts
    if code_game != game:
        raise DeckCodeError(f"deck code is for game {brief(code_game, 20)}, not {game!r}")
    if not re.fullmatch(r"[0-9a-f]{6}", tag):
        raise DeckCodeError(f"deck code: the card-set part {brief(tag, 20)} is not six hex digits")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        inflater = zlib.decompressobj()
        body = inflater.decompress(packed, MAX_DECK_CARDS * 64).decode("utf-8")
        if inflater.unconsumed_tail or not inflater.eof:
            raise ValueError("cut short or too long")
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        raise DeckCodeError("deck code: the cards part is damaged (copied only in part?)") from None
    sections = dict(_sections(body))
    deck = Deck(game=game, name=name or "deck code", sections=sections)
    if cards is not None and tag != set_tag(cards):
        missing = sorted({cid for ids in sections.values() for cid in ids if cid not in cards})
        if missing:
            raise DeckCodeError(
                f"deck code was made with another card set ({tag}, here {set_tag(cards)}): "
                f"{len(missing)} of its cards are not in this one: {', '.join(missing[:5])}"
                + (" ..." if len(missing) > 5 else ""))
    return deck


def _sections(body: str) -> Iterable[tuple[str, tuple[str, ...]]]:
    total = 0
    seen: set[str] = set()
    for chunk in filter(None, body.split(";")):
        sec, eq, entries = chunk.partition("=")
        if not eq or not _SECTION.fullmatch(sec) or sec in seen:
            raise DeckCodeError(f"deck code: bad section {brief(sec, 30)}")
        seen.add(sec)
        ids: list[str] = []
        for entry in filter(None, entries.split(",")):
            cid, star, n = entry.rpartition("*")
            if not star or not cid or not (n.isascii() and n.isdigit()):
                raise DeckCodeError(f"deck code: bad entry {brief(entry, 30)} in [{sec}]")
            total += int(n)
            if total > MAX_DECK_CARDS:
                raise DeckCodeError(f"deck code: more than {MAX_DECK_CARDS:,} cards")
            ids.extend([_unquote(cid)] * int(n))
        yield sec, tuple(ids)
