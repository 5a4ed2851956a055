"""The rules say why an option is not offered as data (games/turutoru/reasons.py,
``TuruturuRules.unavailable``): a key, the card instance and the values compared; the words
(text.why_not) phrase each. The lines below are those the words said before the rules gave the
reasons (checked against that code)."""
from __future__ import annotations

from tcg.engine.reasons import Reason
from tcg.games.turutoru import text as T
from tests.games.turutoru.harness import scenario

FILL = ["T-SMALL"] * 5


def test_a_mount_program_says_which_cards_it_cannot_use_and_why():
    g = scenario(p0=dict(programs=["T-MOUNT"], hand=["D-FIELD", "D-ARMS", "D-OWN", "A-BOLT"], deck=FILL),
                 p1=dict(deck=FILL), start="main")
    assert g.decision.kind == "mount"
    reasons = g.rules.unavailable(g.state, 0)
    assert [(r.key, g.state.cards[r.card].id, dict(r.params)) for r in reasons] == [
        ("mount_no_character", "D-ARMS", {}), ("mount_own", "D-OWN", {}),
        ("not_for_program", "A-BOLT", {"kind": "application"})]
    assert g.rules.unavailable(g.state, 1) == [Reason("waiting", None, {"who": 0})]
    assert T.why_not(g, 0, "en") == [
        "Power Arm (強化アーム): it is attached to a character, and there is none on the field",
        "Personal Armor (専用アーマー): it can only be attached to your own characters",
        "Bolt (ボルト): not what this program uses (application card)"]
    assert T.why_not(g, 0, "ja") == [
        "強化アーム：キャラクターに装着するデバイスだが、フィールドにキャラクターがいない",
        "専用アーマー：自分のキャラクターにしか装着できない",
        "ボルト：このプログラムでは使えない（アプリケーション）"]


def test_a_device_that_fits_a_character_on_the_field_is_not_explained():
    g = scenario(p0=dict(programs=["T-MOUNT"], hand=["D-FIELD", "D-ARMS", "D-OWN"], chars=["T-SMALL"], deck=FILL),
                 p1=dict(deck=FILL), start="main")
    assert g.rules.unavailable(g.state, 0) == [] and T.why_not(g, 0, "en") == []
