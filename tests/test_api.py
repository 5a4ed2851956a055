"""The public API at package top level, as outside users call it."""
from __future__ import annotations

import json

import pytest

import tcg


def test_list_games_and_decks():
    assert "shironeko" in tcg.list_games()
    decks = tcg.list_decks("shironeko")
    assert len(decks) >= 3


def test_sample_decks_are_legal():
    for name in tcg.list_decks("shironeko"):
        deck = tcg.load_deck("shironeko", name)
        assert tcg.validate_deck("shironeko", deck) == [], name


def test_load_deck_by_path_and_card_names(tmp_path):
    name = tcg.list_decks("shironeko")[0]
    deck = tcg.load_deck("shironeko", name)
    rules_cards = __import__("tcg.games", fromlist=["get_rules"]).get_rules("shironeko").cards
    # write the same deck using card NAMES where the name is unique
    lines = ['game = "shironeko"', 'name = "by names"']
    for sec in deck.sections:
        lines.append(f"[{sec}]")
        for cid, n in deck.counts(sec).items():
            c = rules_cards[cid]
            key = c.name if rules_cards.find(c.name) is c else cid
            lines.append(f'"{key}" = {n}')
    p = tmp_path / "mine.toml"
    p.write_text("\n".join(lines), encoding="utf-8")
    again = tcg.load_deck("shironeko", str(p))
    assert again.counts("main") == deck.counts("main")
    assert tcg.validate_deck("shironeko", str(p)) == []


def test_unknown_game_and_deck_errors():
    with pytest.raises(tcg.UnknownGameError, match="unknown game"):
        tcg.list_decks("nope")
    with pytest.raises(tcg.DeckFileError, match="no deck named"):
        tcg.load_deck("shironeko", "no_such_deck")


def test_new_game_rejects_illegal_deck(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text('game = "shironeko"\nname = "bad"\n[main]\n"SNP-001" = 5\n', encoding="utf-8")
    with pytest.raises(tcg.IllegalDeckError) as e:
        tcg.new_game("shironeko", [str(p), tcg.list_decks("shironeko")[0]], seed=1)
    rules = {pr.rule for pr in e.value.problems}
    assert {"SN-D1", "SN-D3"} <= rules


def test_new_game_seed_and_decision():
    names = tcg.list_decks("shironeko")
    g = tcg.new_game("shironeko", [names[0], names[1]], seed=42)
    assert g.decision.kind == "mulligan" and g.decision.player in (0, 1)
    assert not g.is_over and g.winner is None
    g2 = tcg.new_game("shironeko", [names[0], names[1]], seed=42)
    assert g.observe(0) == g2.observe(0)
    with pytest.raises(ValueError):
        tcg.new_game("shironeko", [names[0], names[1]], seed="x")
    with pytest.raises(ValueError):
        tcg.new_game("shironeko", [names[0]], seed=1)


def test_illegal_action_leaves_game_unchanged():
    names = tcg.list_decks("shironeko")
    g = tcg.new_game("shironeko", [names[0], names[1]], seed=3)
    before = json.dumps(g.record()), json.dumps(g.observe(None))
    for bad in ({"type": "attack", "attacker": 9999}, {"type": "nonsense"}, {"no": "type"},
                tcg.Action("end_turn")):
        with pytest.raises(tcg.IllegalActionError):
            g.apply(bad)
    assert (json.dumps(g.record()), json.dumps(g.observe(None))) == before


def test_actions_round_trip_as_dicts():
    names = tcg.list_decks("shironeko")
    g = tcg.new_game("shironeko", [names[0], names[1]], seed=5)
    for a in g.legal_actions():
        d = json.loads(json.dumps(a.to_dict()))
        assert tcg.Action.from_dict(d) == a
        assert g.describe(a, "en") and g.describe(a, "ja")


def test_replay_from_file_and_errors(tmp_path):
    names = tcg.list_decks("shironeko")
    g = tcg.new_game("shironeko", [names[0], names[1]], seed=8)
    for _ in range(30):
        if g.is_over:
            break
        g.apply(g.legal_actions()[-1])
    path = tmp_path / "game.json"
    g.save(str(path))
    again = tcg.replay(str(path))
    assert again.observe(None) == g.observe(None)
    partial = tcg.replay(g.record(), upto=3)
    assert len(partial.actions) == 3
    with pytest.raises(tcg.RecordError):
        tcg.replay("{not json")
    rec = g.record()
    rec["actions"].append({"player": 0, "action": {"type": "attack", "attacker": -5}})
    with pytest.raises(tcg.RecordError, match="cannot be replayed"):
        tcg.replay(rec)
    rec = g.record()
    rec["card_set"]["version"] = "0.0.0-other"
    with pytest.raises(tcg.RecordError, match="version"):
        tcg.replay(rec)


def test_a_deck_file_read_again_is_the_same_deck_and_a_changed_one_is_read_anew(tmp_path):
    """new_game does not parse a deck file again for every game (issue 19), yet a file changed
    on disk is read anew, and an illegal one is refused every time."""
    import os
    import pathlib

    from tcg import IllegalDeckError
    sample = tcg.load_deck("shironeko", tcg.list_decks("shironeko")[0])
    path = tmp_path / "mine.toml"
    path.write_text(pathlib.Path(sample.source).read_text(encoding="utf-8"), encoding="utf-8")
    first = tcg.load_deck("shironeko", str(path))
    assert tcg.load_deck("shironeko", str(path)) is first
    tcg.new_game("shironeko", [str(path), str(path)], seed=1)
    text = path.read_text(encoding="utf-8").replace('name = "', 'name = "Changed ', 1)
    text = text.replace('"SNP-033" = 3', '"SNP-033" = 1', 1)  # two cards short of a deck
    assert '"SNP-033" = 1' in text
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(1, 1))
    changed = tcg.load_deck("shironeko", str(path))
    assert changed is not first and changed.name.startswith("Changed ")
    for _ in range(2):
        with pytest.raises(IllegalDeckError):
            tcg.new_game("shironeko", [str(path), str(path)], seed=1)
