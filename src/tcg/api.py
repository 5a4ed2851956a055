"""The public API (re-exported at package top level). Stable: front ends and outside tests use it."""
from __future__ import annotations

import functools
import os
import pathlib
from typing import Any, Mapping, Sequence

from .engine.deck import Deck, DeckProblem
from .engine.deck_code import decode as decode_deck_code, encode as encode_deck_code, looks_like_code
from .engine.errors import (ArgumentError, DeckFileError, IllegalDeckError, RecordError, TcgError,
                            UnknownGameError)
from .engine.game import Game, check_seed, replay_record
from .games import GAMES, game_ids, get_rules  # noqa: F401 - GAMES: the ids, for callers of tcg.api


def list_games() -> list[str]:
    """Ids of the games this engine plays, e.g. ``["shironeko"]``."""
    return game_ids()


def card_set(game: str):
    """The game's card database (iterable of immutable cards; ``find(id_or_name)``)."""
    return get_rules(game).cards


def list_decks(game: str) -> list[str]:
    """Names of the sample decks shipped with ``game`` (usable with ``load_deck``)."""
    folder = get_rules(game).deck_dir()
    if folder is None:
        return []
    return sorted(p.stem for p in pathlib.Path(folder).glob("*.toml"))


def load_deck(game: str, name_or_path: str | os.PathLike, *, rules=None) -> Deck:
    """A shipped sample deck by name, a deck file by path, or a deck code (``deck_code``). Card names are resolved to ids;
    unknown cards are kept as written so that ``validate_deck`` can report them. Every failure is
    a ``TcgError``: ``UnknownGameError``, ``ArgumentError`` (not a name or path) or
    ``DeckFileError`` (no such deck, not a regular file, too large, not UTF-8 TOML, bad counts; a
    damaged deck code is its subclass ``DeckCodeError``).
    ``rules``: the ruleset whose cards resolve the names (``rules_with_cards``)."""
    base = get_rules(game)
    rules = rules or base
    if isinstance(name_or_path, (bytes, bytearray)) or not isinstance(name_or_path, (str, os.PathLike)):
        raise ArgumentError(f"a deck must be a sample-deck name or a deck file path, "
                            f"got {type(name_or_path).__name__}")
    text = os.fspath(name_or_path)
    if not isinstance(text, str):
        raise ArgumentError(f"a deck file path must be text, got {type(text).__name__}")
    if looks_like_code(text):  # a deck code (tcg.engine.deck_code): 'tcg1:<game>:<set>:<cards>'
        return _resolve_names(rules, decode_deck_code(text, game, rules.cards))
    named = _NAMED.get((id(rules), text))  # a sample deck asked for by name before
    if named is not None and named[0] is rules:
        try:
            st = os.stat(named[2])
            if (st.st_mtime_ns, st.st_size) == named[3]:
                return named[1]
        except OSError:
            pass
    folder = base.deck_dir()
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
    try:
        st = os.stat(path)
        key = (id(rules), os.path.abspath(path), st.st_mtime_ns, st.st_size)
    except OSError:
        key = None  # Deck.load names the problem
    hit = _LOADED.get(key) if key else None
    if hit is not None and hit[0] is rules:
        return hit[1]
    deck = Deck.load(path)
    if deck.game != game:
        raise DeckFileError(f"{path}: deck is for game {deck.game!r}, not {game!r}")
    deck = _resolve_names(rules, deck)
    if key:
        if len(_LOADED) >= 256:
            _LOADED.clear()
            _NAMED.clear()
            _FROM_FILES.clear()
        _LOADED[key] = _FROM_FILES[id(deck)] = (rules, deck)
        if sample is not None:
            _NAMED[(id(rules), text)] = (rules, deck, key[1], key[2:])
    return deck


#: decks read from files, by (rules, path, modification time, size): a file read again (a
#: benchmark starting thousands of games) is not parsed again; a changed file is
_LOADED: dict[tuple, tuple] = {}
#: the same decks by id(deck): is this Deck one read from a file (found without a scan)
_FROM_FILES: dict[int, tuple] = {}
#: sample decks by (rules, name): (rules, deck, path, (modification time, size))
_NAMED: dict[tuple, tuple] = {}
#: deck-check results of those decks (their sections are never changed), by (rules, deck)
_CHECKED: dict[tuple, tuple] = {}


def _problems(rules, deck: Deck, validate: bool = True) -> list:
    """The problems that keep ``deck`` out of a game of ``rules``: the deck-construction rules'
    (``validate``), or else what keeps it from being set up or played at all (``setup_problems``,
    checked even without ``validate``)."""
    read = _FROM_FILES.get(id(deck))
    if read is None or read[0] is not rules or read[1] is not deck:
        return _check(rules, deck, validate)  # a Deck made by the caller: checked each time
    key = (id(rules), id(deck), validate)
    hit = _CHECKED.get(key)
    if hit is not None and hit[0] is rules and hit[1] is deck:
        return list(hit[2])
    problems = _check(rules, deck, validate)
    if len(_CHECKED) >= 256:
        _CHECKED.clear()
    _CHECKED[key] = (rules, deck, tuple(problems))
    return problems


def _check(rules, deck: Deck, validate: bool) -> list:
    if deck.game != rules.id:
        return [DeckProblem.of(rules.id, "deck", "deck.other_game", deck_game=deck.game, game=rules.id)]
    return (validate and rules.validate_deck(deck)) or rules.setup_problems(deck)


def _resolve_names(rules, deck: Deck) -> Deck:
    cards = rules.cards
    sections = {sec: tuple(cards.resolve(c) or c for c in ids) for sec, ids in deck.sections.items()}
    return Deck(deck.game, deck.name, sections, deck.source)


def as_deck(game: str, deck: Deck | str | os.PathLike | Mapping[str, Any], rules=None) -> Deck:
    """``deck`` as a ``Deck`` of ``game``: a ``Deck`` as it is, a mapping (the deck JSON: card
    names resolved by ``rules`` or the game's own cards), or a sample-deck name or deck file path
    (``load_deck``)."""
    if isinstance(deck, Deck):
        return deck
    if isinstance(deck, Mapping):
        data: dict[Any, Any] = {"game": game}
        data.update(deck)
        return _resolve_names(rules or get_rules(game), Deck.from_dict(data))
    if not isinstance(deck, (str, os.PathLike)):
        get_rules(game)  # an unknown game is named first
        raise ArgumentError(f"a deck must be a Deck, a sample-deck name, a deck file path or a "
                            f"mapping, got {type(deck).__name__}")
    return load_deck(game, deck, rules=rules)


def deck_code(game: str, deck: Deck | str | os.PathLike) -> str:
    """The deck code of a deck (a sample-deck name, a file or a ``Deck``) for ``game``'s card
    set: one line of text that ``load_deck`` (and every deck field) reads back."""
    return encode_deck_code(as_deck(game, deck), get_rules(game).cards)


def validate_deck(game: str, deck: Deck | str | os.PathLike) -> list[DeckProblem]:
    """Every deck-construction problem (rule ID, message, card); an empty list means legal."""
    d = as_deck(game, deck)
    if d.game != game:
        return [DeckProblem.of(game, "deck", "deck.other_game", deck_game=d.game, game=game)]
    return get_rules(game).validate_deck(d)


def new_game(game: str, decks: Sequence[Deck | str | os.PathLike], seed: int | None = None,
             validate: bool = True, *, cards: Sequence[Any] | None = None, first: int | None = None) -> Game:
    """Start a game. ``decks``: one per player (Deck, sample-deck name or file path).
    ``seed`` (0..2**64-1) makes it reproducible (a random one is chosen and recorded if
    omitted). Illegal decks raise ``IllegalDeckError`` unless ``validate=False``; even then a deck
    of another game, or one the game cannot be set up or played with (an unknown card, a card in
    a section that does not take it, too few cards to deal: ``Ruleset.setup_problems``), raises it.
    ``cards``: card files as text (or ``(name, text)`` pairs) played beside the game's own set
    (``rules_with_cards``); the record names them by ``card_set.files_sha256``, and
    ``replay(record, cards=...)`` needs the same texts again.
    ``first``: the player (0 or 1) the players chose to go first (each game's source only says
    that it is decided); None (the default) draws it at random. The record keeps a choice."""
    rules = get_rules(game) if cards is None else rules_with_cards(game, cards)
    if isinstance(decks, (str, bytes, Mapping, Deck)) or not isinstance(decks, Sequence):
        raise ArgumentError(f"decks must be a list of {rules.players} decks (Deck, sample-deck "
                            f"name or file path), got {type(decks).__name__}")
    if len(decks) != rules.players:
        raise ArgumentError(f"{game} needs {rules.players} decks, got {len(decks)}")
    if first is not None and (type(first) is not int or first not in range(rules.players)):
        raise ArgumentError(f"first must be the player who goes first (0..{rules.players - 1}) or None "
                            f"(drawn at random), got {first!r}")
    if seed is None:
        seed = int.from_bytes(os.urandom(6), "big")
    check_seed(seed)
    resolved = [as_deck(game, d, rules) for d in decks]
    for d in resolved:
        problems = _problems(rules, d, validate)
        if problems:
            raise IllegalDeckError(d, problems, game, unchecked=not validate)
    return Game(rules, resolved, seed, first)


def replay(record: Mapping[str, Any] | str | os.PathLike, upto: int | None = None, *,
           cards: Sequence[Any] | None = None) -> Game:
    """Rebuild a game from ``Game.record()`` data, its JSON text or a saved file.
    ``upto`` stops after that many actions (for stepping through a game). ``cards``: the card
    files (texts) of a game started with ``new_game(..., cards=...)``; their hash must be the
    record's ``card_set.files_sha256`` (a record with one needs them, one without takes none).

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
        raise RecordError(f"record 'game' must be a game id ({', '.join(game_ids())}), got {game!r}")
    try:
        rules = _record_set_rules(get_rules(game), record)
    except UnknownGameError as e:
        raise RecordError(f"record 'game': {e}") from None
    rules = _record_rules(rules, record, cards) or rules
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
        problems = rules.validate_deck(deck) or rules.setup_problems(deck)
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


# --- a player's own card files, as text -----------------------------------------------------------
def rules_with_cards(game: str, cards: Sequence[Any]):
    """The ruleset of ``game`` with its own card set plus ``cards`` (card files as text, or
    ``(name, text)`` pairs), built once per content (cached by the files' SHA-256). A file that
    does not load raises ``CardDataError`` (file, card, field). See ``engine/card_files.py``."""
    from .engine.card_files import rules_with_cards as build
    return build(get_rules(game), cards)


def own_cards(game: str):
    """The game's own card set (its ``cards.toml``, without ``TCG_CARD_PATH`` files)."""
    from .engine.card_files import own_cards as own
    return own(get_rules(game))


def card_files_sha256(cards: Sequence[Any]) -> str:
    """The SHA-256 that names these card files in records (``card_set.files_sha256``)."""
    from .engine.card_files import files_sha256
    return files_sha256(cards)


def record_card_files_sha256(record: Any) -> Any:
    """The SHA-256 naming the card files a game record (or a game's set-up) was played with
    (``card_set.files_sha256``), or None for a game with the game's own cards only."""
    card_set = record.get("card_set") if isinstance(record, Mapping) else None
    return card_set.get("files_sha256") if isinstance(card_set, Mapping) else None


def check_card_file(game: str, text: str, name: str = "my-cards.toml") -> list[dict[str, Any]]:
    """Every problem of a card file's ``text`` for ``game`` (not only the first): each a dict
    with ``file``, ``card``, ``field``, ``message``, ``line`` (or None) and ``text`` (the whole
    message). [] when the file loads beside the game's own set."""
    from .engine.card_files import check_card_file as check
    return check(get_rules(game), text, name)


def check_card_files(game: str, files: Sequence[Any]) -> list[dict[str, Any]]:
    """``check_card_file`` for several files played together (an id in two files is a problem)."""
    from .engine.card_files import check_card_files as check
    return check(get_rules(game), files)


def card_schema(game: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a card file of ``game``, built from what the game
    declares (its card fields, ability kinds, ops, selectors, conditions, triggers, costs and
    keywords: ``engine/card_schema.py``), for editors and tools; ``tcg schema GAME`` writes it.
    Every file the game loads is valid against it; the loader checks more (rules across fields
    and cards), with messages naming the file, card, field and line. A fresh dict each call."""
    import copy
    return copy.deepcopy(_card_schema(get_rules(game).id))  # (an unknown game: UnknownGameError)


@functools.lru_cache(maxsize=None)
def _card_schema(game: str) -> dict[str, Any]:
    from .engine.card_schema import card_schema as build
    return build(get_rules(game))


def _record_set_rules(rules: Any, record: Mapping[str, Any]):
    """The game's own ruleset ``rules``, or the one of the earlier shipped card set the record
    names by ``card_set.version`` (its part before any ``+``), when the game keeps that set in its
    ``sets/`` folder (``engine.card_files.rules_of_set_version``)."""
    card_set = record.get("card_set")
    version = card_set.get("version") if isinstance(card_set, Mapping) else None
    if not isinstance(version, str):
        return rules
    version = version.split("+", 1)[0]
    if version == str(rules.cards.version).split("+", 1)[0]:
        return rules
    from .engine.card_files import rules_of_set_version
    try:
        return rules_of_set_version(rules, version) or rules
    except TcgError as e:
        raise RecordError(f"the card set {version!r} the record names does not load: {e}") from None


def _record_rules(base: Any, record: Mapping[str, Any], cards: Sequence[Any] | None):
    """The ruleset a record is replayed with when it names card files or ``cards`` are given
    (None: ``base``, the game's own set or the earlier shipped set the record names). The files'
    hash must be the record's."""
    wanted = record_card_files_sha256(record)
    if cards is None:
        if wanted is None:
            return None
        raise RecordError(f"record was played with card files (card_set.files_sha256 {str(wanted)[:80]!r}): "
                          f"give their texts to replay it (tcg.replay(record, cards=[...]))")
    from .engine.card_files import files_sha256
    try:
        got = files_sha256(cards)
    except ArgumentError as e:
        raise RecordError(f"cards: {e}") from None
    if wanted is None:
        raise RecordError("record was played without card files (no card_set.files_sha256), "
                          "but cards were given")
    if got != wanted:
        raise RecordError(f"the card files given are not the ones the record was played with: their "
                          f"SHA-256 is {got}, the record's card_set.files_sha256 is {str(wanted)[:80]!r}")
    from .engine.card_files import rules_with_cards as build
    try:
        return build(base, cards)
    except TcgError as e:
        raise RecordError(f"the record's card files do not load: {e}") from None
