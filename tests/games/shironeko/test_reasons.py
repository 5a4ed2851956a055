"""The rules say why an option is not offered as data (games/shironeko/reasons.py,
``ShironekoRules.unavailable``): a key ("<use>.<why>"), the card instance and the values compared;
the words (text.why_not) join one card's or one ability's reasons in a line. The lines below are
those the words said before the rules gave the reasons (checked against that code)."""
from __future__ import annotations

from tcg.engine.reasons import Reason
from tcg.games.shironeko import text as T
from tests.games.shironeko.harness import scenario


def _game():
    return scenario(p0=dict(chars=[dict(card="F-WAKE", on=True), dict(card="F-ACTRUNE", on=False, attacked=True)],
                            hand=["F-STATIC"], town=[("F-B1", False)], deck=["F-B1"] * 5),
                    p1=dict(deck=["F-B1"] * 5))


def test_the_reasons_are_keys_cards_and_values():
    g = _game()
    reasons = g.rules.unavailable(g.state, 0)
    assert [(r.key, g.state.cards[r.card].id, dict(r.params)) for r in reasons] == [
        ("play.souls", "F-STATIC", {"cost": 2, "count": 0}),
        ("play.change_souls", "F-STATIC", {"cost": 1, "count": 0}),
        ("attack.attacked", "F-ACTRUNE", {}),
        ("ability.must_be_off", "F-WAKE", {"ability": 0}),
        ("ability.souls", "F-WAKE", {"cost": 1, "count": 0, "ability": 0}),
        ("ability.must_be_on", "F-ACTRUNE", {"ability": 0}),
        ("ability.runes", "F-ACTRUNE", {"ability": 0, "runes": ("blue", "colorless")}),
    ]
    assert g.rules.unavailable(g.state, 1) == [Reason("waiting", None, {"who": 0})]
    assert g.rules.unavailable(g.state, None) == []


def test_the_words_join_the_reasons_of_one_card_or_ability():
    g = _game()
    assert T.why_not(g, 0, "en") == [
        "Twin-Flame Warrior (双炎の戦士) cannot be played: it costs 2 and none of your souls is ON; its change cost "
        "is 1 and none of your souls is ON",
        "Green Hunter (緑の狩人) cannot attack: it has already attacked this turn",
        "Waking Sentry (目覚めの番兵)'s ability cannot be used: the card must be OFF; it costs 1 and none of your "
        "souls is ON",
        "Green Hunter (緑の狩人)'s ability cannot be used: the card must be ON; it needs the runes blue, colourless"]
    assert T.why_not(g, 0, "ja") == [
        "双炎の戦士は使えません：コスト2に対して、ON状態のソウルがない／キャラチェンジコスト1に対して、ON状態のソウルがない",
        "緑の狩人は攻撃できません：このターンすでに攻撃した",
        "目覚めの番兵の起動能力は使えません：カードがOFF状態である必要がある／コスト1に対して、ON状態のソウルがない",
        "緑の狩人の起動能力は使えません：カードがON状態である必要がある／必要ルーン〈青・無色〉が足りない"]
