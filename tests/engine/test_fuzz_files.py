"""Fuzzing deck files and card files through the public API: random text and bytes, and the
shipped sample decks and card sets mutated line by line, byte by byte and number by number
(huge, negative, float, text). Only ``TcgError`` subclasses may come out, each example in
bounded time; whatever loads must also start a game and survive a few random actions."""
from __future__ import annotations

import contextlib
import os
import pathlib
import random
import re
import shutil
import tempfile

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

import tcg
from tcg.engine.errors import TcgError
from tcg.games import get_rules

GAMES = ("shironeko", "turutoru", "kemuri", "zx")
SRC = pathlib.Path(tcg.__file__).resolve().parent / "games"
PREFIX = {"shironeko": "SNP-", "turutoru": "TTS-", "kemuri": "KMS-", "zx": "ZXS-"}
#: TCG_FUZZ_EXAMPLES=5000 runs a longer, random (not derandomized) search
_LONG = int(os.environ.get("TCG_FUZZ_EXAMPLES", "0"))
FUZZ = settings(max_examples=_LONG or 150, deadline=2000, derandomize=not _LONG, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FUZZ_CARDS = settings(FUZZ, max_examples=_LONG or 120)

SAMPLE_DECKS = sorted(SRC.glob("*/decks/*.toml"))
CARD_FILES = {g: (SRC / g / "cards.toml").read_text(encoding="utf-8") for g in GAMES}

NUMBER = re.compile(r"(?<![\w.\"'-])-?\d+(?:\.\d+)?(?![\w.\"'-])")
WEIRD_NUMBERS = ["5000000000", "100000000", "1001", "-1", "-5000000000", "0", "2.5", "1e400", "inf", "nan",
                 '"3"', "true", "[]", "{}", "99", "100", "-99", "-100", "1" + "0" * 40, "18446744073709551616"]
JUNK = ["", "[", "]", "[[cards]]", "[main]", "[set]", '"x" = 1', "a = [[[[[[[[", "= =", "\x00", "\ufeff",
        'game = "zx"', 'game = 3', "[cards.abilities]", 'effects = [{op = "mill", amount = 1000000000}]',
        'kind = "nope"', "name = ''", "a." * 60 + "b = 1", "x = " + "[" * 60, '"' * 7]


@contextlib.contextmanager
def scratch_dir():
    d = tempfile.mkdtemp(prefix="tcg-fuzz-")
    try:
        yield pathlib.Path(d)
    finally:
        shutil.rmtree(d, ignore_errors=True)


@st.composite
def mutated_text(draw, text: str) -> bytes:
    """``text`` with 1..4 mutations: lines deleted, duplicated, swapped or replaced by junk,
    numbers changed to huge / negative / float / text values, bytes flipped or cut."""
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "duplicate", "replace", "swap", "number", "number", "number",
                                   "insert"]))
        i = draw(st.integers(0, len(lines) - 1))
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i] * draw(st.sampled_from([1, 1, 2, 50])))
        elif op == "replace":
            lines[i] = draw(st.sampled_from(JUNK) | st.text(max_size=30))
        elif op == "insert":
            lines.insert(i, draw(st.sampled_from(JUNK)))
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        else:  # a number somewhere in the file
            spots = [(k, m) for k, line in enumerate(lines) for m in NUMBER.finditer(line)]
            if spots:
                k, m = draw(st.sampled_from(spots))
                new = draw(st.sampled_from(WEIRD_NUMBERS) | st.integers(-3, 120).map(str)
                           | st.integers(-10 ** 12, 10 ** 12).map(str))
                lines[k] = lines[k][:m.start()] + new + lines[k][m.end():]
    data = bytearray("\n".join(lines).encode("utf-8"))
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 3]))):   # flipped bytes
        if data:
            j = draw(st.integers(0, len(data) - 1))
            data[j] ^= draw(st.integers(1, 255))
    if draw(st.integers(0, 9)) == 0 and data:                 # cut short
        data = data[:draw(st.integers(0, len(data) - 1))]
    if draw(st.integers(0, 9)) == 0:                           # a byte-order mark
        data = bytearray(b"\xef\xbb\xbf") + data
    return bytes(data)


def only_tcg_errors(fn, *args, **kw):
    """``fn(*args)``, or None if it raised a ``TcgError``; any other exception fails the test."""
    try:
        return fn(*args, **kw)
    except TcgError as e:
        msg = str(e)
        assert msg, f"{type(e).__name__} without a message"
        return None


def play_a_little(game, seed: int, steps: int = 30) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))


def exercise_deck(game_id: str, path: pathlib.Path, seed: int) -> None:
    """Everything the public API does with a deck file; only TcgErrors."""
    deck = only_tcg_errors(tcg.load_deck, game_id, str(path))
    only_tcg_errors(tcg.validate_deck, game_id, str(path))
    if deck is None:
        event("deck refused")
        return
    problems = only_tcg_errors(tcg.validate_deck, game_id, deck)
    opponent = tcg.list_decks(game_id)[0]
    g = only_tcg_errors(tcg.new_game, game_id, [deck, opponent], seed=seed)
    if g is not None:
        event("game played")
        assert problems == []
        play_a_little(g, seed)
    else:
        event("deck loaded, game refused")


# --- deck files ---------------------------------------------------------------------------
@FUZZ
@given(st.sampled_from(SAMPLE_DECKS).flatmap(
    lambda p: st.tuples(st.just(p), mutated_text(p.read_text(encoding="utf-8")))), st.integers(0, 2 ** 32))
def test_mutated_sample_decks_give_only_tcg_errors(case, seed):
    path, data = case
    game_id = path.parent.parent.name
    with scratch_dir() as d:
        p = d / path.name
        p.write_bytes(data)
        exercise_deck(game_id, p, seed)


@FUZZ
@given(st.sampled_from(GAMES), st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)),
       st.integers(0, 2 ** 32))
def test_random_deck_files_give_only_tcg_errors(game_id, data, seed):
    with scratch_dir() as d:
        p = d / "random.toml"
        p.write_bytes(data)
        exercise_deck(game_id, p, seed)


LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 70, 2 ** 70), st.floats(), st.text(max_size=8))
VALUES = st.recursive(LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6) | st.integers(), inner, max_size=4)),
    max_leaves=12)


@FUZZ
@given(st.sampled_from(GAMES), VALUES, st.integers(0, 2 ** 32))
def test_random_deck_arguments_give_only_tcg_errors(game_id, value, seed):
    only_tcg_errors(tcg.validate_deck, game_id, value)
    only_tcg_errors(tcg.load_deck, game_id, value)
    only_tcg_errors(tcg.new_game, game_id, [value, tcg.list_decks(game_id)[0]], seed=seed)
    only_tcg_errors(tcg.new_game, game_id, value, seed=seed)


# --- card files on TCG_CARD_PATH ----------------------------------------------------------
def renamed(game_id: str, text: str) -> str:
    """``text`` with the sample set's ids moved to a prefix of their own, so the file can sit on
    TCG_CARD_PATH beside the shipped set."""
    return text.replace(f'"{PREFIX[game_id]}', f'"FZ{PREFIX[game_id]}')


@st.composite
def mutated_card_files(draw):
    game_id = draw(st.sampled_from(GAMES))
    text = renamed(game_id, CARD_FILES[game_id])
    return game_id, draw(mutated_text(text))


@FUZZ_CARDS
@given(mutated_card_files(), st.integers(0, 2 ** 32))
def test_mutated_card_files_on_the_card_path_give_only_tcg_errors(case, seed):
    """A mutated card set beside the shipped one: loading it for its game and for every other
    game, and, when it loads, a sample deck made of its cards played for a few actions."""
    game_id, data = case
    with scratch_dir() as d, pytest.MonkeyPatch.context() as mp:
        (d / "mine.toml").write_bytes(data)
        mp.setenv("TCG_CARD_PATH", str(d))
        for g in GAMES:
            mp.setattr(get_rules(g), "_cards", None)   # card sets are cached per ruleset
        cards = only_tcg_errors(tcg.card_set, game_id)
        other = GAMES[(GAMES.index(game_id) + 1) % len(GAMES)]
        only_tcg_errors(tcg.card_set, other)
        if cards is None:
            event("card file refused")
            return
        event("card file loaded")
        sample = sorted((SRC / game_id / "decks").glob("*.toml"))[seed % 3]
        (d / "decks").mkdir()
        deck_path = d / "decks" / sample.name
        deck_path.write_text(renamed(game_id, sample.read_text(encoding="utf-8")), encoding="utf-8")
        exercise_deck(game_id, deck_path, seed)


@FUZZ_CARDS
@given(st.sampled_from(GAMES), st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)),
       st.booleans())
def test_random_card_files_on_the_card_path_give_only_tcg_errors(game_id, data, with_header):
    if with_header:
        data = f'[set]\ngame = "{game_id}"\nname = "x"\nversion = "1"\n'.encode() + data
    with scratch_dir() as d, pytest.MonkeyPatch.context() as mp:
        (d / "random.toml").write_bytes(data)
        mp.setenv("TCG_CARD_PATH", str(d))
        mp.setattr(get_rules(game_id), "_cards", None)
        only_tcg_errors(tcg.card_set, game_id)
