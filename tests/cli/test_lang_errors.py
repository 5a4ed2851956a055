"""``--lang ja``: a command's error is said in Japanese (a bad deck file, a bad card file on
TCG_CARD_PATH, an unknown game or deck); ``--lang en`` (the default) is unchanged."""
from __future__ import annotations

import pytest

from tcg import games
from tcg.games import get_rules

from .helpers import one_error_line, run


def ja_error_line(result) -> str:
    """The single ``エラー：...`` line a failing ``--lang ja`` command must print."""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("エラー："), lines[0]
    assert "Traceback" not in result.output
    return lines[0]


@pytest.fixture
def bad_deck(tmp_path):
    path = tmp_path / "d.toml"
    path.write_text('game = "zx"\n[main]\n"ZXS-001" = "x"\n', encoding="utf-8")
    return path


def test_a_bad_deck_file_in_japanese_and_in_english(runner, bad_deck):
    ja = run(runner, "validate", "--lang", "ja", "zx", bad_deck)
    assert ja.exit_code == 2
    assert ja_error_line(ja) == f"エラー：{bad_deck}：[main]の「ZXS-001」=「x」：枚数は0から1,000までの整数で書いてください"
    en = run(runner, "validate", "zx", bad_deck)
    assert en.exit_code == 2
    assert one_error_line(en) == f"error: {bad_deck}: [main] \"ZXS-001\" = 'x': copies must be a whole number from 0 to 1,000"
    assert run(runner, "validate", "--lang", "en", "zx", bad_deck).stderr == en.stderr


def test_broken_toml_and_unknown_names_in_japanese(runner, tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text('game = "zx"\n[main\n', encoding="utf-8")
    line = ja_error_line(run(runner, "validate", "--lang", "ja", "zx", broken))
    assert line == f"エラー：{broken}：TOMLとして正しくありません（2行6文字目：表の見出しの終わりに「]」が必要です）"
    assert "見本デッキ" in ja_error_line(run(runner, "validate", "--lang", "ja", "zx", "no_such_deck"))
    assert "ゲーム「nogame」はありません" in ja_error_line(run(runner, "validate", "--lang", "ja", "nogame", "x"))


def test_a_bad_card_file_on_the_card_path_in_japanese(runner, tmp_path, monkeypatch):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "c.toml").write_text('[set]\nid = "x"\ngame = "zx"\n', encoding="utf-8")
    monkeypatch.setenv("TCG_CARD_PATH", str(folder))
    monkeypatch.setitem(games._loaded, "zx", type(get_rules("zx"))())  # reads TCG_CARD_PATH anew
    ja = run(runner, "validate", "--lang", "ja", "zx", "azure_tide")
    assert ja.exit_code == 1
    assert ja_error_line(ja) == f"エラー：ファイル {folder / 'c.toml'}、項目「set.name」：ないか、文字列ではありません"
    monkeypatch.setitem(games._loaded, "zx", type(get_rules("zx"))())
    en = run(runner, "validate", "zx", "azure_tide")
    assert one_error_line(en) == f"error: {folder / 'c.toml'}, field 'set.name': missing or not text"
