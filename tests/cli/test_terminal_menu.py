"""The play loop's shared behaviour: choices in steps from a game's menu paths, copies folded,
forced choices taken with a line saying so, no silent -1, conceding asks first, the interface
in Japanese with --lang ja."""
from __future__ import annotations

from tcg.engine.action import Action
from tcg.ui.terminal import _menu_level, _parse_choice

from .helpers import run

A1, A2, A3, A4 = (Action("place", card=i, square=s) for i, s in ((1, 0), (1, 1), (2, 0), (3, 0)))
END = Action("end_turn")
PATHS = [(("Ruby", "square 0"), A1), (("Ruby", "square 1"), A2), (("Ruby (copy)",), A3),
         (("Ruby (copy)",), A4), (("End the turn",), END)]


def test_a_card_with_several_targets_is_one_step_then_its_targets():
    top = _menu_level(PATHS, ())
    assert [(label, action) for label, action, _ in top] == [("Ruby …", None), ("Ruby (copy)", A3),
                                                            ("End the turn", END)]
    assert top[0][2] == ("Ruby",)
    below = _menu_level(PATHS, ("Ruby",))
    assert [(label, action) for label, action, _ in below] == [("square 0", A1), ("square 1", A2)]


def test_two_copies_with_the_same_path_are_offered_once():
    labels = [label for label, _, _ in _menu_level(PATHS, ())]
    assert labels.count("Ruby (copy)") == 1


def test_a_single_path_below_a_step_is_offered_whole():
    paths = [(("Ruby", "square 0"), A1), (("End the turn",), END)]
    assert _menu_level(paths, ()) == [("Ruby › square 0", A1, ()), ("End the turn", END, ())]


def test_only_numbers_in_range_and_dollar_are_choices():
    assert _parse_choice("-1", 5) is None and _parse_choice("0", 5) is None and _parse_choice("6", 5) is None
    assert _parse_choice("1", 5) == 0 and _parse_choice("5", 5) == 4 and _parse_choice("$", 5) == 4


def test_minus_one_does_not_play_anything(runner, tmp_path):
    path = tmp_path / "g.json"
    result = run(runner, "play", "kemuri", "--seed", 3, "--save", path, input="-1\nq\n")
    assert result.exit_code == 0
    assert "Please type a number from 1 to" in result.output
    import json
    assert not [a for a in json.loads(path.read_text())["actions"] if a["player"] == 0]


def test_the_interface_speaks_japanese_with_lang_ja(runner, tmp_path):
    result = run(runner, "play", "kemuri", "--seed", 3, "--lang", "ja", "--save", tmp_path / "g.json",
                 input="h\nc\nn\nq\n")
    assert result.exit_code == 0
    for words in ("選択肢の番号を入力してください", "投了しますか？", "投了しませんでした", "ゲームを中断しました"):
        assert words in result.output
    assert "Your choice" not in result.output and "Concede the game" not in result.output


def test_why_and_rules_answer_even_without_game_texts(runner, tmp_path):
    result = run(runner, "play", "kemuri", "--seed", 3, "--save", tmp_path / "g.json", input="?\nr\nq\n")
    assert result.exit_code == 0
    assert ("Nothing is missing" in result.output or "  " in result.output)
    assert "rules" in result.output.lower()


def test_hints_print_a_command_that_works_as_typed(runner, tmp_path):
    path = tmp_path / "g.json"
    result = run(runner, "play", "kemuri", "--seed", 3, "--save", path, input="q\n",
                 env={"UV_RUN_RECURSION_DEPTH": "1"})  # started through `uv run`
    assert f"uv run tcg play --resume {path}" in result.output
    result = run(runner, "play", "kemuri", "--seed", 4, "--save", tmp_path / "h.json", input="q\n")
    assert "uv run tcg" not in result.output and "tcg play --resume" in result.output
