"""The public API (re-exported at package top level). Stable: front ends and outside tests use it."""
from __future__ import annotations

import json
import os
import pathlib
from typing import Any, Mapping, Sequence

from .engine.deck import Deck, DeckProblem
from .engine.errors import ArgumentError, DeckFileError, RecordError, TcgError, UnknownGameError
from .engine.game import Game, check_seed, replay_record
from .games import GAMES, get_rules


class IllegalDeckError(TcgError, ValueError):
    """``new_game`` was given a deck that breaks the deck-construction rules."""

    def __init__(self, deck: Deck, problems: list[DeckProblem]):
        self.deck, self.problems = deck, problems
        lines = "\n".join(f"  - {p}" + (f" ({p.card})" if p.card else "") for p in problems)
        super().__init__(f"deck {deck.name!r} is not legal for {deck.game}:\n{lines}")


def list_games() -> list[str]:
    """Ids of the games this engine plays, e.g. ``["shironeko"]``."""
    return list(GAMES)


def card_set(game: str):
    """The game's card database (iterable of immutable cards; ``find(id_or_name)``)."""
    return get_rules(game).cards


def list_decks(game: str) -> list[str]:
    """Names of the sample decks shipped with ``game`` (usable with ``load_deck``)."""
    folder = get_rules(game).deck_dir()
    if folder is None:
        return []
    return sorted(p.stem for p in pathlib.Path(folder).glob("*.toml"))


def load_deck(game: str, name_or_path: str | os.PathLike) -> Deck:
    """A shipped sample deck by name, or a deck file by path. Card names are resolved to ids;
    unknown cards are kept as written so that ``validate_deck`` can report them. Every failure is
    a ``TcgError``: ``UnknownGameError``, ``ArgumentError`` (not a name or path) or
    ``DeckFileError`` (no such deck, not a regular file, too large, not UTF-8 TOML, bad counts)."""
    rules = get_rules(game)
    if isinstance(name_or_path, (bytes, bytearray)) or not isinstance(name_or_path, (str, os.PathLike)):
        raise ArgumentError(f"a deck must be a sample-deck name or a deck file path, "
                            f"got {type(name_or_path).__name__}")
    text = os.fspath(name_or_path)
    if not isinstance(text, str):
        raise ArgumentError(f"a deck file path must be text, got {type(text).__name__}")
    folder = rules.deck_dir()
    sample = None
    if folder is not None and text and "/" not in text and os.sep not in text and "\x00" not in text:
        candidate = pathlib.Path(folder) / f"{text}.toml"
        if candidate.is_file():
            sample = candidate
    if sample is not None:
        path: pathlib.Path | str = sample
    else:
        path = text
        if not text or "\x00" in text or not os.path.lexists(text):
            names = ", ".join(list_decks(game)) or "none"
            raise DeckFileError(f"no deck named {text!r} for {game} and no such file "
                                f"(sample decks: {names})")
    deck = Deck.load(path)
    if deck.game != game:
        raise DeckFileError(f"{path}: deck is for game {deck.game!r}, not {game!r}")
    return _resolve_names(rules, deck)


def _resolve_names(rules, deck: Deck) -> Deck:
    cards = rules.cards
    sections = {sec: tuple(cards.resolve(c) or c for c in ids) for sec, ids in deck.sections.items()}
    return Deck(deck.game, deck.name, sections, deck.source)


def _as_deck(game: str, deck: Deck | str | os.PathLike | Mapping[str, Any]) -> Deck:
    if isinstance(deck, Deck):
        return deck
    if isinstance(deck, Mapping):
        data: dict[Any, Any] = {"game": game}
        data.update(deck)
        return _resolve_names(get_rules(game), Deck.from_dict(data))
    if not isinstance(deck, (str, os.PathLike)):
        get_rules(game)  # an unknown game is named first
        raise ArgumentError(f"a deck must be a Deck, a sample-deck name, a deck file path or a "
                            f"mapping, got {type(deck).__name__}")
    return load_deck(game, deck)


def validate_deck(game: str, deck: Deck | str | os.PathLike) -> list[DeckProblem]:
    """Every deck-construction problem (rule ID, message, card); an empty list means legal."""
    d = _as_deck(game, deck)
    if d.game != game:
        return [DeckProblem("deck", f"deck is for game {d.game!r}, not {game!r}")]
    return get_rules(game).validate_deck(d)


def new_game(game: str, decks: Sequence[Deck | str | os.PathLike], seed: int | None = None,
             validate: bool = True) -> Game:
    """Start a game. ``decks``: one per player (Deck, sample-deck name or file path).
    ``seed`` (0..2**64-1) makes it reproducible (a random one is chosen and recorded if
    omitted). Illegal decks raise ``IllegalDeckError`` unless ``validate=False``."""
    rules = get_rules(game)
    if isinstance(decks, (str, bytes, Mapping, Deck)) or not isinstance(decks, Sequence):
        raise ArgumentError(f"decks must be a list of {rules.players} decks (Deck, sample-deck "
                            f"name or file path), got {type(decks).__name__}")
    if len(decks) != rules.players:
        raise ArgumentError(f"{game} needs {rules.players} decks, got {len(decks)}")
    if seed is None:
        seed = int.from_bytes(os.urandom(6), "big")
    check_seed(seed)
    resolved = [_as_deck(game, d) for d in decks]
    if validate:
        for d in resolved:
            problems = rules.validate_deck(d)
            if problems:
                raise IllegalDeckError(d, problems)
    return Game(rules, resolved, seed)


def replay(record: Mapping[str, Any] | str | os.PathLike, upto: int | None = None) -> Game:
    """Rebuild a game from ``Game.record()`` data, its JSON text or a saved file.
    ``upto`` stops after that many actions (for stepping through a game).

    Everything is checked: the game id, the decks (legal for the game), each action, ``upto``
    and, for a whole record that stores a result, that the replay ends the same way. Any
    failure is a ``RecordError`` naming the field or the action index."""
    if isinstance(record, (str, os.PathLike)):
        from .engine.files import MAX_RECORD_BYTES, parse_json, read_text
        text = os.fspath(record)
        if not isinstance(text, str):
            raise RecordError("a record path must be text")
        if not text.lstrip().startswith(("{", "[")):
            text = read_text(text, "record", MAX_RECORD_BYTES, error=RecordError)
        record = parse_json(text, "record", error=RecordError)
    if not isinstance(record, Mapping):
        raise RecordError(f"a record must be a JSON object, got {type(record).__name__}")
    game = record.get("game")
    if not isinstance(game, str):
        raise RecordError(f"record 'game' must be a game id ({', '.join(GAMES)}), got {game!r}")
    try:
        rules = get_rules(game)
    except UnknownGameError as e:
        raise RecordError(f"record 'game': {e}") from None
    raw_decks = record.get("decks")
    if not isinstance(raw_decks, list) or len(raw_decks) != rules.players:
        raise RecordError(f"record must list {rules.players} decks")
    decks = []
    for i, raw in enumerate(raw_decks):
        try:
            deck = Deck.from_dict(raw)
        except (DeckFileError, ArgumentError) as e:
            raise RecordError(f"record deck #{i} is malformed: {e}") from None
        if deck.game != game:
            raise RecordError(f"record deck #{i} is for game {deck.game!r}, not {game!r}")
        problems = rules.validate_deck(deck)
        if problems:
            lines = "; ".join(f"{p.rule}: {p.message}" for p in problems[:5])
            more = f" and {len(problems) - 5} more" if len(problems) > 5 else ""
            hint = ""
            if any(p.card and rules.cards.find(p.card) is None for p in problems):
                hint = (" (cards unknown to this card set: if the game was played with custom "
                        "cards, set TCG_CARD_PATH to their files)")
            raise RecordError(f"record deck #{i} ({deck.name!r}) is not legal for {game}: "
                              f"{lines}{more}{hint}")
        decks.append(deck)
    return replay_record(rules, record, decks, upto)
