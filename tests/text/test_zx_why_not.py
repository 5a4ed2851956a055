"""Z/X's 'why is this not offered' (``games.zx.text.why_not``) in the states the recorded games
(tests/text/test_why_not_recorded.py) never meet: an ability's condition, an EV EX of another
player, no square; the lines are those the words said before the rules gave the reasons as data."""
from __future__ import annotations

from tcg.games.zx import text as W

from ..games.zx.harness import main


def test_why_not_an_ability_whose_player_card_is_missing_nor_an_ev_ex_of_another_player():
    g = main(p0={"dynamis": ["X-EVEX"], "resources": ["Z-R1"] * 3, "player": "P-OTHER"},
                  board={3: "Z-HEROFAN"})
    guard = "Hero's Guard (英雄の親衛) on square 3 (middle left)"
    assert W.why_not(g, 0, "en") == [
        "Hero's Order (英雄の号令): only for the player Hero (英雄)",
        f"{guard}: nothing to attack: no opposing Z/X next to it, and the player cannot be attacked from here",
        f"{guard}: its ability's condition is not met"]
    assert W.why_not(g, 0, "ja") == [
        "英雄の号令：プレイヤー英雄専用",
        "スクエア3（左中段）の英雄の親衛：攻撃対象がない：隣接する相手のゼクスがおらず、ここから相手プレイヤーは攻撃できない",
        "スクエア3（左中段）の英雄の親衛：能力の条件を満たしていない"]


def test_why_not_a_zx_with_no_square():
    board = {sq: {"card": "Z-R1", "owner": 1} for sq in (0, 2, 3, 4, 5, 6, 8)}
    board[7] = {"card": "Z-R1", "owner": 0, "asleep": True}
    g = main(p0={"hand": ["Z-R1"], "resources": ["Z-R1"] * 3}, board=board)
    assert W.why_not(g, 0, "en") == [
        "Red One (赤一): no square to place it on (your sleeping Z/X, the opponent's Z/X and their player square "
        "block the squares)",
        "Red One (赤一) on square 7 (your player square): asleep: it attacked or was put to sleep; it reboots at the "
        "start of your turn"]
    assert W.why_not(g, 0, "ja") == [
        "赤一：配置できるスクエアがない（スリープ状態の自分のゼクス、相手のゼクス、相手プレイヤースクエアには配置できない）",
        "スクエア7（あなたのプレイヤースクエア）の赤一：スリープ状態：攻撃したかスリープにされた。次の自分のターンの開始時にリブートする"]
