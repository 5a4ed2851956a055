"""The public API (re-exported at package top level). Stable: front ends and outside tests use it."""
from __future__ import annotations

import json
import os
import pathlib
from typing import Any, Mapping, Sequence

from .engine.deck import Deck, DeckProblem
from .engine.errors import DeckFileError, RecordError, TcgError
from .engine.game import Game, replay_record
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
    unknown cards are kept as written so that ``validate_deck`` can report them."""
    rules = get_rules(game)
    folder = rules.deck_dir()
    text = os.fspath(name_or_path)
    candidate = pathlib.Path(folder) / f"{text}.toml" if folder is not None else None
    if candidate is not None and "/" not in text and candidate.is_file():
        path = candidate
    else:
        path = pathlib.Path(text)
        if not path.is_file():
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
        return _resolve_names(get_rules(game), Deck.from_dict({"game": game, **deck}))
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
    ``seed`` makes it reproducible (a random one is chosen and recorded if omitted).
    Illegal decks raise ``IllegalDeckError`` unless ``validate=False``."""
    rules = get_rules(game)
    if len(decks) != rules.players:
        raise ValueError(f"{game} needs {rules.players} decks, got {len(decks)}")
    resolved = [_as_deck(game, d) for d in decks]
    if validate:
        for d in resolved:
            problems = rules.validate_deck(d)
            if problems:
                raise IllegalDeckError(d, problems)
    if seed is None:
        seed = int.from_bytes(os.urandom(6), "big")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    return Game(rules, resolved, seed)


def replay(record: Mapping[str, Any] | str | os.PathLike, upto: int | None = None) -> Game:
    """Rebuild a game from ``Game.record()`` data, its JSON text or a saved file.
    ``upto`` stops after that many actions (for stepping through a game)."""
    if isinstance(record, (str, os.PathLike)):
        text = os.fspath(record)
        if not text.lstrip().startswith(("{", "[")):
            try:
                text = pathlib.Path(text).read_text(encoding="utf-8")
            except OSError as e:
                raise RecordError(f"cannot read record file {record}: {e}") from None
        try:
            record = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"record is not valid JSON: {e}") from None
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object")
    game = record.get("game")
    rules = get_rules(game)  # type: ignore[arg-type]
    raw_decks = record.get("decks")
    if not isinstance(raw_decks, list) or len(raw_decks) != rules.players:
        raise RecordError(f"record must list {rules.players} decks")
    try:
        decks = [Deck.from_dict(d) for d in raw_decks]
    except DeckFileError as e:
        raise RecordError(f"record has a bad deck: {e}") from None
    return replay_record(rules, record, decks, upto)
