"""The catalog profile is the truth: the engine's numbers agree with it in play."""
from __future__ import annotations

import tcg
from tcg.engine.profile import TEMPLATE
from tcg.games import get_rules

from .harness import can, fixture_rules, scenario


def test_profile_has_every_template_row():
    prof = get_rules("shironeko").profile
    for key, _label in TEMPLATE:
        assert prof.get(key, None) is not None, key


def test_starting_hands_match_profile():
    prof = get_rules("shironeko").profile
    names = tcg.list_decks("shironeko")
    for seed in range(4):
        g = tcg.new_game("shironeko", [names[0], names[1]], seed=seed)
        first = g.state.first
        obs = g.observe(None)
        assert obs["players"][first]["hand_count"] == prof.get("start.hand_first") == 4
        assert obs["players"][1 - first]["hand_count"] == prof.get("start.hand_second") == 5


def test_character_limit_matches_profile():
    limit = fixture_rules().profile.get("field.max_characters")
    assert limit == 4
    chars = ["F-R1", "F-B1", "F-ACT", "F-ENTER"][:limit]
    g = scenario(p0=dict(hand=["F-TDRAW"], chars=chars, town=["F-T-RAINBOW"] * 3, deck=["F-B1"] * 5),
                 p1=dict(deck=["F-B1"] * 5))
    assert not can(g, "place", card="F-TDRAW")
    g = scenario(p0=dict(hand=["F-TDRAW"], chars=chars[:-1], town=["F-T-RAINBOW"] * 3, deck=["F-B1"] * 5),
                 p1=dict(deck=["F-B1"] * 5))
    assert can(g, "place", card="F-TDRAW")


def test_deck_numbers_match_profile():
    prof = get_rules("shironeko").profile
    for name in tcg.list_decks("shironeko"):
        d = tcg.load_deck("shironeko", name)
        assert len(d.section("main")) == prof.get("deck.main_size")
        assert len(d.section("town")) == prof.get("deck.town_size")


def _order(text: str, *words: str) -> list[int]:
    low = " ".join(text.lower().split())
    return [low.index(w) for w in words]


def test_sn_s3_the_catalog_says_the_mulligan_draws_then_shuffles_as_the_engine_does():
    """SN-S3 「マリガン: 先攻から順に任意で 1回。任意数戻して引き直し後シャッフル。」: the catalog
    profile, as ``tcg catalog`` and the /catalog page (English and Japanese) print it, has the
    cards drawn before the shuffle — the order a mulligan is carried out in (its draw events come
    before its shuffle event) and the one ``tcg rules shironeko`` states."""
    from typer.testing import CliRunner

    from tcg.cli import app
    from tcg.games.shironeko.text import rules_primer
    from tcg.web.catalog_pages import catalog_table

    value = get_rules("shironeko").profile.get("start.mulligan")
    draw, shuffle = _order(value, "draw", "shuffle")
    assert draw < shuffle, value
    assert "first player first" in value and "once" in value
    out = CliRunner().invoke(app, ["catalog", "shironeko"], env={"COLUMNS": "250", "NO_COLOR": "1"})
    assert out.exit_code == 0 and " ".join(value.split()) in " ".join(out.output.split())
    for lang in ("en", "ja"):
        row = [r for r in catalog_table(lang)["rows"] if r["key"] == "start.mulligan"][0]
        assert row["values"][tcg.list_games().index("shironeko")] == value
    # the engine: the cards drawn, then the returned ones shuffled in
    g = tcg.new_game("shironeko", tcg.list_decks("shironeko")[:2], seed=3)
    p = g.decision.player
    g.apply([a for a in g.legal_actions() if a.type == "mulligan_mark"][0])
    start = len(g.log)
    g.apply([a for a in g.legal_actions() if a.type == "mulligan_done"][0])
    kinds = [e["type"] for e in list(g.log)[start:] if e.get("player") == p]
    assert kinds.index("draw") < kinds.index("shuffle"), kinds
    # the rules primer (``tcg rules shironeko``) says the same, in both languages
    en = rules_primer("en").split("mulligan", 1)[1]
    ja = rules_primer("ja").split("マリガン", 1)[1]
    assert en.index("draw") < en.index("shuffle") and ja.index("引き") < ja.index("シャッフル")
