"""Bad deck and card files give a clear ``TcgError`` naming what and where, promptly, and never
hang or exhaust memory: one test per failure found by fuzzing (engine/files.py, deck files,
card files, TCG_CARD_PATH, public API arguments)."""
from __future__ import annotations

import json
import os
import pathlib
import threading
import time

import pytest

import tcg
from tcg.engine import files
from tcg.engine.deck import MAX_COPIES, MAX_DECK_CARDS, Deck
from tcg.engine.errors import ArgumentError, CardDataError, DeckFileError, RecordError, TcgError
from tcg.engine.files import parse_json, parse_toml, read_text
from tcg.engine.profile import Profile
from tcg.games import get_rules

GAMES = ("shironeko", "turutoru", "kemuri", "zx")
SRC = pathlib.Path(tcg.__file__).resolve().parent / "games"


def prompt(fn, *args, seconds: float = 5.0):
    """Run ``fn(*args)`` in a thread; fail if it does not return within ``seconds``. Returns
    ``(result, exception)``."""
    out: dict = {}

    def run():
        try:
            out["result"] = fn(*args)
        except BaseException as e:  # noqa: BLE001 - handed back to the test
            out["error"] = e
    t = threading.Thread(target=run, daemon=True)
    start = time.monotonic()
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"{getattr(fn, '__name__', fn)} did not return within {seconds} s (blocked)"
    assert time.monotonic() - start < seconds
    return out.get("result"), out.get("error")


def one_line(e: BaseException) -> str:
    msg = str(e)
    assert msg and "\n" not in msg, f"not a one-line message: {msg!r}"
    return msg


def fresh_rules(game: str):
    """A new ruleset of ``game``, so that its card set is loaded again (TCG_CARD_PATH is read
    when a ruleset first loads its cards)."""
    return type(get_rules(game))()


# --- read_text: what is not a regular file is named, never opened -----------------------
def test_a_directory_is_named_as_such(tmp_path):
    with pytest.raises(DeckFileError, match=r"is a directory, not a deck file") as err:
        read_text(tmp_path, "deck", files.MAX_DECK_BYTES, error=DeckFileError)
    assert one_line(err.value).startswith(str(tmp_path) + ":")
    assert "no such" not in str(err.value)


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "deck.toml"
    os.mkfifo(fifo)   # nobody ever writes: opening it for reading would block forever
    _, err = prompt(read_text, fifo, "deck", files.MAX_DECK_BYTES, DeckFileError)
    assert isinstance(err, DeckFileError) and "is a FIFO" in one_line(err) and "not a deck file" in str(err)
    _, err = prompt(tcg.load_deck, "shironeko", str(fifo))
    assert isinstance(err, DeckFileError) and "is a FIFO" in str(err)
    _, err = prompt(tcg.replay, str(fifo))
    assert isinstance(err, RecordError) and "is a FIFO" in str(err)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_device_is_refused_without_reading_it(device):
    if not os.path.exists(device):
        pytest.skip(f"no {device}")
    _, err = prompt(read_text, device, "card-set", files.MAX_CARD_FILE_BYTES, CardDataError)
    assert isinstance(err, CardDataError) and "is a device, not a card-set file" in one_line(err)
    assert err.file == device
    _, err = prompt(tcg.load_deck, "zx", device)
    assert isinstance(err, DeckFileError) and "is a device" in str(err)


def test_a_socket_is_named(tmp_path):
    import socket
    path = tmp_path / "s.toml"
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind(str(path))
        with pytest.raises(DeckFileError, match="is a socket"):
            Deck.load(path)
    finally:
        s.close()


def test_a_file_larger_than_the_limit_is_refused_by_its_size(tmp_path):
    big = tmp_path / "big.toml"
    with open(big, "wb") as f:   # sparse: 2 GB on paper, nothing on disk
        f.truncate(2 * 1024 ** 3)
    _, err = prompt(Deck.load, big, seconds=2)
    assert isinstance(err, DeckFileError)
    assert "2,147,483,648 bytes, larger than the limit of 1,048,576 bytes" in one_line(err)
    assert files.MAX_DECK_BYTES == 1024 ** 2 and files.MAX_CARD_FILE_BYTES == 5 * 1024 ** 2
    assert files.MAX_RECORD_BYTES == 20 * 1024 ** 2
    with pytest.raises(CardDataError, match="larger than the limit of 5,242,880 bytes"):
        read_text(big, "card-set", files.MAX_CARD_FILE_BYTES, error=CardDataError)


def test_a_file_just_at_the_limit_is_read(tmp_path):
    p = tmp_path / "ok.txt"
    p.write_bytes(b"a" * 1000)
    assert read_text(p, "deck", 1000, error=DeckFileError) == "a" * 1000
    with pytest.raises(DeckFileError, match="larger than the limit of 999 bytes"):
        read_text(p, "deck", 999, error=DeckFileError)


def test_bytes_that_are_not_utf8_name_the_offset(tmp_path):
    p = tmp_path / "bin.toml"
    p.write_bytes(b'game = "zx"\nname = "\xff\xfe\x00"\n')
    with pytest.raises(DeckFileError, match=r"not UTF-8 text \(byte 0xff at offset 20\)") as err:
        Deck.load(p)
    assert one_line(err.value).startswith(str(p) + ": cannot read deck file")
    with pytest.raises(DeckFileError, match="not UTF-8"):
        tcg.load_deck("zx", str(p))


def test_random_binary_file_is_a_clear_error(tmp_path):
    p = tmp_path / "noise.toml"
    p.write_bytes(bytes(range(256)) * 8)
    with pytest.raises(DeckFileError, match="not UTF-8"):
        tcg.load_deck("kemuri", str(p))


def test_a_utf8_byte_order_mark_is_accepted(tmp_path):
    text = (SRC / "shironeko" / "decks" / "red_rush.toml").read_text(encoding="utf-8")
    p = tmp_path / "bom.toml"
    p.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    deck = tcg.load_deck("shironeko", str(p))
    assert deck.sections == tcg.load_deck("shironeko", "red_rush").sections
    assert tcg.validate_deck("shironeko", deck) == []
    assert parse_toml("\ufeffa = 1", "x") == {"a": 1}
    assert parse_json("\ufeff[1]", "x") == [1]
    # the offset of a bad byte counts the mark too (it is the file's offset)
    p.write_bytes(b"\xef\xbb\xbfa = 1\n\xff")
    with pytest.raises(DeckFileError, match="at offset 9"):
        Deck.load(p)


def test_paths_that_are_not_paths(tmp_path):
    for bad in (None, 123, b"deck.toml", ["a"]):
        with pytest.raises(DeckFileError, match="path must be text"):
            read_text(bad, "deck", 100, error=DeckFileError)
    with pytest.raises(DeckFileError, match="NUL"):
        read_text("a\x00b", "deck", 100, error=DeckFileError)
    with pytest.raises(DeckFileError, match="empty deck file path"):
        read_text("", "deck", 100, error=DeckFileError)
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    with pytest.raises(DeckFileError, match="symbolic links"):
        read_text(loop, "deck", 100, error=DeckFileError)


# --- parse_toml / parse_json -------------------------------------------------------------
DEEP_TOML = [
    pytest.param("a=" + "[" * 100_000, id="arrays"),
    pytest.param("a=" + "{b=" * 100_000, id="inline-tables"),
    pytest.param("a" + ".a" * 100_000 + "=1", id="dotted-key"),       # quadratic in tomllib
    pytest.param("[" + ".".join(["a"] * 100_000) + "]\nx=1", id="table-header"),
    pytest.param("[" + ".".join(["a"] * 40) + "]\n" + ".".join(["b"] * 40) + " = 1", id="header+dotted"),
    pytest.param("a = " + "[" * 51 + "]" * 51, id="just-over"),
]


@pytest.mark.parametrize("text", DEEP_TOML)
def test_deep_toml_is_refused_fast(text):
    _, err = prompt(parse_toml, text, "deep.toml", DeckFileError, seconds=3)
    assert isinstance(err, DeckFileError) and "nested more than 50 levels deep" in one_line(err)
    assert str(err).startswith("deep.toml:")


def test_toml_nesting_up_to_the_limit_and_brackets_in_strings_are_fine():
    assert parse_toml("a = " + "[" * 50 + "]" * 50, "x")["a"] is not None
    assert parse_toml('a = "' + "[" * 500 + '" # ' + "{" * 500 + "\nb = '''" + "[" * 99 + "'''", "x")["b"]
    assert parse_toml("a = [" + ", ".join(["1.5"] * 500) + "]", "x")["a"][0] == 1.5


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 100_000, "[" * 51 + "]" * 51])
def test_deep_json_is_refused_fast(text):
    _, err = prompt(parse_json, text, "record", RecordError, seconds=3)
    assert isinstance(err, RecordError) and "record: nested more than 50 levels deep" == one_line(err)


def test_json_brackets_inside_strings_do_not_count():
    assert parse_json(json.dumps({"a": "[" * 1000, "b": "\\\"[["}), "x")["a"] == "[" * 1000


@pytest.mark.parametrize("text, error", [
    ("a = " + "1" * 5000, DeckFileError),      # too many digits for int(): ValueError inside tomllib
    ("a = [", CardDataError),
    ("a = 1\na = 2", DeckFileError),
])
def test_every_toml_failure_is_the_callers_error(text, error):
    with pytest.raises(error, match="not valid TOML") as err:
        parse_toml(text, "f.toml", error=error)
    one_line(err.value)
    if error is CardDataError:
        assert err.value.file == "f.toml"


@pytest.mark.parametrize("text", ["1" * 5000, "NaN", "[Infinity]", "{", "", "\"\\x\""])
def test_every_json_failure_is_the_callers_error(text):
    with pytest.raises(RecordError, match="^record: not valid JSON"):
        parse_json(text, "record", error=RecordError)


def test_adversarial_strings_scan_in_linear_time():
    n = 1_000_000
    for text in ('"' * n + "[", "'" * n + "[", '"""' + "x" * n + "[", '"\\' * n + "[", "a" * n + "[.",
                 "'''\n" * (n // 4) + "["):
        _, err = prompt(parse_toml, text, "t", DeckFileError, seconds=5)
        assert isinstance(err, DeckFileError)
    for text in ('"\\"' * n + "[", '"' + "\\" * n + "["):
        _, err = prompt(parse_json, text, "j", RecordError, seconds=5)
        assert isinstance(err, RecordError)


# --- deck files --------------------------------------------------------------------------
@pytest.mark.parametrize("count", [5_000_000_000, 10 ** 8, MAX_COPIES + 1, 2 ** 63 - 1])
def test_huge_copy_counts_are_refused_with_the_card_named(tmp_path, count):
    p = tmp_path / "huge.toml"
    p.write_text(f'game = "shironeko"\n[main]\n"SNP-001" = {count}\n', encoding="utf-8")
    _, err = prompt(tcg.load_deck, "shironeko", str(p), seconds=2)
    assert isinstance(err, DeckFileError)
    msg = one_line(err)
    assert msg.startswith(str(p)) and '[main] "SNP-001"' in msg and "from 0 to 1,000" in msg


def test_copy_counts_up_to_the_limit_are_read_but_a_deck_has_at_most_10000_cards(tmp_path):
    p = tmp_path / "many.toml"
    p.write_text(f'game = "highcard"\n[main]\n"N1" = {MAX_COPIES}\n', encoding="utf-8")
    assert len(Deck.load(p).section("main")) == MAX_COPIES
    lines = "".join(f'"N{i}" = {MAX_COPIES}\n' for i in range(11))
    p.write_text(f'game = "highcard"\n[main]\n{lines}', encoding="utf-8")
    with pytest.raises(DeckFileError, match=r'"N10" = 1000 brings the deck above 10,000 cards'):
        Deck.load(p)
    with pytest.raises(DeckFileError, match="above 10,000 cards"):
        Deck.from_dict({"game": "highcard", "sections": {"main": ["N1"] * (MAX_DECK_CARDS + 1)}})


@pytest.mark.parametrize("value, shown", [
    ("-1", "-1"), ("2.5", "2.5"), ('"3"', "'3'"), ("true", "True"), ("[1]", r"\[1\]"), ("{a = 1}", "{'a': 1}"),
    ("1" + "0" * 40, r"\(a number of about 41 digits\)"),
])
def test_counts_are_whole_numbers(tmp_path, value, shown):
    p = tmp_path / "d.toml"
    p.write_text(f'game = "turutoru"\n[main]\n"TTS-001" = {value}\n', encoding="utf-8")
    with pytest.raises(DeckFileError, match=rf'\[main\] "TTS-001" = {shown}: copies must be a whole number'):
        tcg.load_deck("turutoru", str(p))


def test_unknown_top_level_keys_and_sections_are_named(tmp_path):
    p = tmp_path / "d.toml"
    p.write_text('game = "kemuri"\nfoo = 3\n', encoding="utf-8")
    with pytest.raises(DeckFileError, match=r"\[foo\] must be a table of card = copies, got int"):
        tcg.load_deck("kemuri", str(p))
    p.write_text('game = "kemuri"\ndescription = 5\n', encoding="utf-8")
    with pytest.raises(DeckFileError, match="'description' must be text"):
        tcg.load_deck("kemuri", str(p))
    p.write_text('game = "kemuri"\n[side]\n"KMS-001" = 1\n', encoding="utf-8")
    problems = tcg.validate_deck("kemuri", str(p))
    assert any("unknown deck section [side]" in pr.message for pr in problems)


def test_a_missing_deck_still_says_no_deck_named_and_no_such_file(tmp_path):
    for name in ("nope", str(tmp_path / "nope.toml"), "a\x00b", "\udc80", ""):
        with pytest.raises(DeckFileError, match=r"no deck named .* for zx and no such file \(sample decks: ") as e:
            tcg.load_deck("zx", name)
        one_line(e.value)


def test_a_deck_path_that_is_a_directory_says_so(tmp_path):
    with pytest.raises(DeckFileError, match="is a directory, not a deck file"):
        tcg.load_deck("zx", str(tmp_path))


# --- public API arguments ----------------------------------------------------------------
@pytest.mark.parametrize("call", [
    pytest.param(lambda: tcg.load_deck("shironeko", None), id="load_deck(g, None)"),
    pytest.param(lambda: tcg.load_deck("shironeko", 123), id="load_deck(g, 123)"),
    pytest.param(lambda: tcg.load_deck("shironeko", b"red_rush"), id="load_deck(g, bytes)"),
    pytest.param(lambda: tcg.load_deck(123, "x"), id="load_deck(123, x)"),
    pytest.param(lambda: tcg.load_deck(None, None), id="load_deck(None, None)"),
    pytest.param(lambda: tcg.validate_deck("shironeko", None), id="validate_deck(g, None)"),
    pytest.param(lambda: tcg.validate_deck("shironeko", 3.5), id="validate_deck(g, float)"),
    pytest.param(lambda: tcg.validate_deck(["zx"], "x"), id="validate_deck(list, x)"),
    pytest.param(lambda: tcg.validate_deck("zx", {"main": 3}), id="mapping-section-int"),
    pytest.param(lambda: tcg.validate_deck("zx", {"main": {"ZXS-001": "4"}}), id="mapping-count-text"),
    pytest.param(lambda: tcg.validate_deck("zx", {"main": {1: 4}}), id="mapping-card-int"),
    pytest.param(lambda: tcg.validate_deck("zx", {1: {"a": 1}}), id="mapping-section-int-key"),
    pytest.param(lambda: tcg.validate_deck("zx", {"main": [None]}), id="mapping-list-none"),
    pytest.param(lambda: tcg.validate_deck("zx", {"name": ["x"]}), id="mapping-name-list"),
    pytest.param(lambda: tcg.validate_deck("zx", {"sections": "main"}), id="mapping-sections-text"),
    pytest.param(lambda: tcg.validate_deck("zx", {"main": {"ZXS-001": 10 ** 12}}), id="mapping-huge-count"),
    pytest.param(lambda: tcg.new_game("shironeko", None), id="new_game(g, None)"),
    pytest.param(lambda: tcg.new_game("shironeko", [None, None]), id="new_game(g, [None, None])"),
    pytest.param(lambda: tcg.new_game("shironeko", "red_rush"), id="new_game(g, str)"),
    pytest.param(lambda: tcg.new_game("shironeko", ["red_rush", 7]), id="new_game(g, [name, int])"),
    pytest.param(lambda: tcg.new_game("shironeko", [{"main": None}, "red_rush"]), id="new_game(g, [bad mapping])"),
    pytest.param(lambda: tcg.new_game(None, ["a", "b"]), id="new_game(None, ...)"),
])
def test_bad_arguments_raise_one_line_tcg_errors(call):
    with pytest.raises(TcgError) as err:
        call()
    one_line(err.value)


def test_non_path_deck_arguments_are_argument_errors():
    with pytest.raises(ArgumentError, match="got NoneType"):
        tcg.load_deck("kemuri", None)
    with pytest.raises(ArgumentError, match="got int"):
        tcg.new_game("kemuri", ["early_shift", 3])
    with pytest.raises(tcg.UnknownGameError):
        tcg.load_deck(123, "x")


# --- card files --------------------------------------------------------------------------
def card_file(game: str, body: str, set_game: str | None = None) -> str:
    head = f'[set]\ngame = "{set_game or game}"\nname = "Mine"\nversion = "1"\n'
    return head + body


KEMURI_TROUBLE = '''
[[cards]]
id = "MY-T01"
kind = "trouble"
name = "My trouble"
level = 1
[[cards.abilities]]
kind = "use"
effects = [{{op = "mill", player = "opponent", amount = {amount}}}]
'''


@pytest.mark.parametrize("amount", [10 ** 9, 100, -1])
def test_effect_amounts_are_range_checked_at_load(tmp_path, monkeypatch, amount):
    p = tmp_path / "mill.toml"
    p.write_text(card_file("kemuri", KEMURI_TROUBLE.format(amount=amount)), encoding="utf-8")
    monkeypatch.setenv("TCG_CARD_PATH", str(tmp_path))
    _, err = prompt(lambda: fresh_rules("kemuri").cards, seconds=5)
    assert isinstance(err, CardDataError)
    assert (err.file, err.card, err.field) == (str(p), "MY-T01", "abilities[0].effects")
    assert "op 'mill' parameter 'amount'" in one_line(err) and "is out of range 0..99" in str(err)


def test_effect_amounts_within_range_load(tmp_path, monkeypatch):
    (tmp_path / "mill.toml").write_text(card_file("kemuri", KEMURI_TROUBLE.format(amount=99)), encoding="utf-8")
    monkeypatch.setenv("TCG_CARD_PATH", str(tmp_path))
    assert fresh_rules("kemuri").cards["MY-T01"].abilities[0].effects[0]["amount"] == 99


def test_modify_may_be_negative_within_range_and_zx_power_runs_in_thousands(tmp_path):
    from tcg.games.zx.effects import REGISTRY as ZX
    from tcg.games.shironeko.effects import REGISTRY as SN
    errors: list[str] = []

    def fail(m):
        errors.append(m)
        raise CardDataError("f", "c", "effects", m)
    assert SN.parse({"op": "modify", "target": "self", "stat": "attack", "amount": -99}, fail)["amount"] == -99
    with pytest.raises(CardDataError, match=r"= -100 is out of range -99\.\.99"):
        SN.parse({"op": "modify", "target": "self", "stat": "attack", "amount": -100}, fail)
    assert ZX.parse({"op": "damage", "target": "attacker", "amount": 99_000}, fail)["amount"] == 99_000
    with pytest.raises(CardDataError, match=r"out of range 0\.\.99000"):
        ZX.parse({"op": "damage", "target": "attacker", "amount": 99_001}, fail)
    with pytest.raises(CardDataError, match=r"out of range 0\.\.99"):
        ZX.parse({"op": "draw", "amount": 100}, fail)


SHIRONEKO_CHAR = '''
[[cards]]
id = "MY-001"
kind = "character"
name = {name}
color = "red"
cost = {cost}
rune = "red"
level = 1
attack = 1
hp = {hp}
'''


@pytest.mark.parametrize("name, cost, hp, field, detail", [
    ('""', 1, 1, "name", "must not be empty"),
    ('"   "', 1, 1, "name", "must not be empty"),
    ('"x"', -1, 1, "cost", "must be at least 0, got -1"),
    ('"x"', 100, 1, "cost", "must be at most 99, got 100"),
    ('"x"', 1, 10 ** 18, "hp", "must be at most 99, got 1000000000000000000"),
    ('"x"', 1, "inf", "hp", "must be a whole number, got inf"),
])
def test_card_numbers_and_names_are_checked_with_file_card_and_field(tmp_path, name, cost, hp, field, detail):
    from tcg.games.shironeko.cards import load_cards
    p = tmp_path / "mine.toml"
    p.write_text(card_file("shironeko", SHIRONEKO_CHAR.format(name=name, cost=cost, hp=hp)), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_cards(p)
    assert (err.value.file, err.value.card, err.value.field) == (str(p), "MY-001", field)
    assert detail in one_line(err.value)


def test_blank_card_ids_are_refused(tmp_path):
    from tcg.games.turutoru.cards import load_cards
    p = tmp_path / "mine.toml"
    p.write_text(card_file("turutoru", '[[cards]]\nid = " "\nkind = "application"\nname = "x"\n'), encoding="utf-8")
    with pytest.raises(CardDataError, match=r"card #1, field 'id': must not be blank"):
        load_cards(p)


def test_a_card_file_that_is_a_fifo_or_directory_on_the_card_path(tmp_path, monkeypatch):
    os.mkfifo(tmp_path / "pipe.toml")
    monkeypatch.setenv("TCG_CARD_PATH", str(tmp_path))
    _, err = prompt(lambda: fresh_rules("zx").cards)
    assert isinstance(err, CardDataError) and err.file == str(tmp_path / "pipe.toml")
    assert "is a FIFO" in one_line(err)
    os.unlink(tmp_path / "pipe.toml")
    (tmp_path / "folder.toml").mkdir()
    with pytest.raises(CardDataError, match="is a directory, not a card-set file"):
        fresh_rules("zx").cards  # noqa: B018


def test_profile_is_read_safely(tmp_path):
    os.mkfifo(tmp_path / "profile.toml")
    _, err = prompt(Profile.load, tmp_path / "profile.toml")
    assert isinstance(err, CardDataError) and "cannot read profile: is a FIFO" in str(err)


# --- TCG_CARD_PATH: one file per game, decided by its [set] game ------------------------
def _broken_kemuri_files(tmp_path):
    """A kemuri file whose cards are broken, and one that is not even valid TOML."""
    (tmp_path / "kemuri_bad_card.toml").write_text(
        card_file("kemuri", '[[cards]]\nid = "MY-K1"\nkind = "cast"\nname = "x"\nlevel = 9\n'), encoding="utf-8")
    (tmp_path / "kemuri_bad_toml.toml").write_text(
        '# my kemuri cards\n[set]\nname = "Mine"\ngame = "kemuri"\n[[cards]\nid = ', encoding="utf-8")


@pytest.mark.parametrize("game", ["shironeko", "turutoru", "zx"])
def test_another_games_broken_file_does_not_break_this_game(tmp_path, monkeypatch, game):
    _broken_kemuri_files(tmp_path)
    monkeypatch.setenv("TCG_CARD_PATH", str(tmp_path))
    cards = fresh_rules(game).cards
    assert len(cards) == len(get_rules(game).cards)


def test_this_games_broken_file_is_still_reported(tmp_path, monkeypatch):
    _broken_kemuri_files(tmp_path)
    monkeypatch.setenv("TCG_CARD_PATH", str(tmp_path / "kemuri_bad_card.toml"))
    with pytest.raises(CardDataError, match=r"card MY-K1, field 'level': must be at most 3"):
        fresh_rules("kemuri").cards  # noqa: B018
    monkeypatch.setenv("TCG_CARD_PATH", str(tmp_path / "kemuri_bad_toml.toml"))
    with pytest.raises(CardDataError, match=r"kemuri_bad_toml\.toml: not valid TOML .*TCG_CARD_PATH"):
        fresh_rules("kemuri").cards  # noqa: B018


def test_a_good_file_for_another_game_is_skipped_before_validation(tmp_path, monkeypatch):
    (tmp_path / "zx_mine.toml").write_text(
        card_file("zx", SHIRONEKO_CHAR.format(name='"not a zx card"', cost=1, hp=1)), encoding="utf-8")
    monkeypatch.setenv("TCG_CARD_PATH", str(tmp_path))
    assert "MY-001" not in fresh_rules("shironeko").cards
    with pytest.raises(CardDataError, match="zx_mine.toml, card MY-001"):
        fresh_rules("zx").cards  # noqa: B018


@pytest.mark.parametrize("head, field, detail", [
    ('[set]\nname = "x"\nversion = "1"\n', "set.game", "missing or not text"),
    ('[set]\ngame = 3\nname = "x"\nversion = "1"\n', "set.game", "missing or not text"),
    ('[set]\ngame = ["kemuri"]\nname = "x"\nversion = "1"\n', "set.game", "missing or not text"),
    ('[set]\ngame = "chess"\nname = "x"\nversion = "1"\n', "set.game", "unknown game 'chess'"),
    ('set = "kemuri"\n', "set", "missing [set] table"),
    ('name = "no set at all"\n', "set", "missing [set] table"),
])
@pytest.mark.parametrize("game", GAMES)
def test_a_card_path_file_without_a_proper_set_game_is_an_error_naming_it(tmp_path, monkeypatch, game, head,
                                                                         field, detail):
    p = tmp_path / "mine.toml"
    p.write_text(head + '[[cards]]\nid = "MY-1"\n', encoding="utf-8")
    monkeypatch.setenv("TCG_CARD_PATH", str(tmp_path))
    with pytest.raises(CardDataError) as err:
        fresh_rules(game).cards  # noqa: B018
    assert (err.value.file, err.value.field) == (str(p), field)
    assert detail in one_line(err.value)


def test_public_card_set_reloads_with_the_card_path(tmp_path, monkeypatch):
    """How the fuzz tests reload the cached card set of the shared ruleset."""
    body = KEMURI_TROUBLE.format(amount=2)
    (tmp_path / "mine.toml").write_text(card_file("kemuri", body), encoding="utf-8")
    monkeypatch.setenv("TCG_CARD_PATH", str(tmp_path))
    monkeypatch.setattr(get_rules("kemuri"), "_cards", None)
    assert "MY-T01" in tcg.card_set("kemuri")


def test_telling_the_game_of_a_broken_file_is_fast_on_any_text(tmp_path, monkeypatch):
    """The fallback that reads ``[set] game`` from a file that is not valid TOML must not
    backtrack (blank lines of spaces once made it exponential)."""
    p = tmp_path / "broken.toml"
    p.write_text("[set]\n" + " \n" * 100_000 + "[[cards]\nid = ", encoding="utf-8")
    monkeypatch.setenv("TCG_CARD_PATH", str(p))
    _, err = prompt(lambda: fresh_rules("zx").cards, seconds=5)
    assert isinstance(err, CardDataError) and err.file == str(p) and "not valid TOML" in str(err)
    p.write_text("[set]\n" + " \n" * 30 + 'game = "kemuri"\n[[cards]\nid = ', encoding="utf-8")
    _, err = prompt(lambda: fresh_rules("zx").cards, seconds=5)
    assert err is None
