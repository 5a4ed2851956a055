"""Hand-written heuristics of Shironeko and Turu-turu: key behaviours in built scenarios (with the
real card set), invariants over whole games, and a small win-rate smoke test against the random
agent (the full measurement is a benchmark, not a test)."""
from __future__ import annotations

import pytest

import tcg
from tcg.agents.base import AgentView, make_agent
from tcg.agents.heuristics import shironeko as SH
from tcg.agents.heuristics import turutoru as TT
from tcg.engine.game import Game
from tcg.games import get_rules

from ..games.harness_base import Pool
from .scenario import act as _act
from .scenario import card_id as _card
from .scenario import chosen
from .scenario import scenario_game as _game


# =================================================================================================
# Shironeko
# =================================================================================================

def sn_scenario(p0: dict, p1: dict, active: int = 0, turn: int = 5, steps=None):
    """Real cards. Per player: deck (count of filler cards or list of ids), hand, discard, town (red souls
    by default: count or list of (id, on)), chars (dicts: card, on, sick, attacked, damage)."""
    from tcg.games.shironeko.state import SNState, Unit
    from tcg.games.shironeko.triggers import reindex
    rules = get_rules("shironeko")
    rules.profile  # noqa: B018 - loads the numbers (max characters, hand limit)
    pool, lay = Pool(rules), []
    new = pool.new

    for p, spec in enumerate((p0, p1)):
        deck = spec.get("deck", 20)
        deck = ["SNP-020"] * deck if isinstance(deck, int) else deck
        town = spec.get("town", 0)
        town = [("SNP-T01", True)] * town if isinstance(town, int) else town
        units = []
        for c in spec.get("chars", []):
            c = {"card": c} if isinstance(c, str) else c
            u = Unit(new(c["card"], p), turn if c.get("sick") else 0)
            u.on, u.attacked, u.damage = c.get("on", True), c.get("attacked", False), c.get("damage", 0)
            units.append(u)
        lay.append(dict(deck=[new(c, p) for c in deck], hand=[new(c, p) for c in spec.get("hand", [])],
                        discard=[new(c, p) for c in spec.get("discard", [])],
                        town=[(new(c, p), on) for c, on in town], chars=units))
    s = SNState(0, tuple(pool.cards), tuple(pool.owner))
    for p, z in enumerate(lay):
        ps = s.players[p]
        ps.deck, ps.hand, ps.chars, ps.discard = z["deck"], z["hand"], z["chars"], z["discard"]
        ps.town = [i for i, _ in z["town"]]
        ps.souls_off = {i for i, on in z["town"] if not on}
        ps.mulliganed = True
    s.first, s.active, s.phase, s.turn = 0, active, "main", turn
    s.steps = steps(s) if steps else [("main",)]
    reindex(s)  # the triggers of the characters laid on the field
    return _game("shironeko", s)


def sn_attacked_by(attacker: str, defenders: list, deck: int):
    """Player 0 attacks with ``attacker``; player 1 (deck ``deck``) must decide how to defend."""
    g = sn_scenario(dict(chars=[attacker]), dict(chars=defenders, deck=deck),
                    steps=lambda s: [("main",), ("attack", s.players[0].chars[0].iid)])
    assert g.decision.kind == "defend" and g.decision.player == 1
    return g


def test_sn_defends_when_the_hit_would_empty_the_deck():
    # Flare 4/4 against a deck of 3: even a chump block with Luka 2/2 is a must
    g = sn_attacked_by("SNP-012", ["SNP-001"], deck=3)
    a = _act(g, SH.policy)
    assert a.type == "defend"
    # ... and one card left after the hit is as bad (the draw at our start empties the deck)
    g = sn_attacked_by("SNP-012", ["SNP-001"], deck=5)
    assert _act(g, SH.policy).type == "defend"


def test_sn_defends_when_the_defender_survives_and_kills():
    # Luka 2/2 attacks; Mokku 2/5 blocks it, survives and kills it
    g = sn_attacked_by("SNP-001", ["SNP-001", "SNP-054"], deck=30)
    a = _act(g, SH.policy)
    assert a.type == "defend" and _card(g, a.defender) == "SNP-054"


def test_sn_no_chump_block_with_a_thick_deck():
    # Flare 4/4 attacks; Luka 2/2 would die without killing it: take the 4 cards instead
    g = sn_attacked_by("SNP-012", ["SNP-001"], deck=30)
    assert _act(g, SH.policy).type == "no_defense"


def test_sn_places_the_best_affordable_character():
    # two souls: Flare (cost 5) is unaffordable; Glen 2/3 is a better body than Luka 2/2
    g = sn_scenario(dict(hand=["SNP-001", "SNP-003", "SNP-012"], town=2), dict())
    chosen(g, _act(g, SH.policy), "place", "SNP-003")


def test_sn_attacks_an_open_board_and_not_into_a_bad_block():
    # the opponent's only character is OFF: attack
    g = sn_scenario(dict(chars=["SNP-001"]), dict(chars=[dict(card="SNP-054", on=False)]))
    assert _act(g, SH.policy).type == "attack"
    # Mokku 2/5 ON would block Luka 2/2, kill it and survive: do not attack, end the turn
    g = sn_scenario(dict(chars=["SNP-001"], deck=25), dict(chars=["SNP-054"], deck=25))
    assert _act(g, SH.policy).type == "end_turn"


def test_sn_attacks_with_everything_for_lethal():
    # opponent's deck of 4 cannot take Luka 2 + Jin 3 even if Mokku blocks the bigger one... it
    # blocks one of them; 2 + 3 against one blocker leaves at least 2 >= 4 - 1 (they draw next)
    g = sn_scenario(dict(chars=["SNP-001", "SNP-019"], deck=25), dict(chars=["SNP-054"], deck=4))
    assert _act(g, SH.policy).type == "attack"


def test_sn_monster_kills_the_character_it_can():
    # Fire Slime (2 damage): Luka 2/2 dies to it, Mokku 2/5 does not
    g = sn_scenario(dict(hand=["SNP-014"], town=1), dict(chars=["SNP-054", "SNP-001"]))
    a = _act(g, SH.policy)
    assert a.type == "monster"
    g.apply(a)
    assert g.decision.kind == "target"
    t = _act(g, SH.policy)
    assert _card(g, t.target) == "SNP-001"


def test_sn_ends_the_turn_when_nothing_is_worth_doing():
    g = sn_scenario(dict(hand=["SNP-012"], town=1), dict())
    assert _act(g, SH.policy).type == "end_turn"


def test_sn_mulligan_returns_what_cannot_be_played_soon():
    g = sn_scenario(dict(hand=["SNP-001", "SNP-012", "SNP-019", "SNP-013"]), dict(),
                    steps=lambda s: [("main",), ("mulligan", 0)])
    g.state.players[0].mulliganed = False
    marked = []
    for _ in range(10):
        a = _act(g, SH.policy)
        if a.type == "mulligan_done":
            break
        marked.append(_card(g, a.card))
        g.apply(a)
    assert sorted(marked) == ["SNP-012", "SNP-013"]  # the level 3s go back, the level 1s stay


def test_sn_c2_pays_with_the_suggested_payment_and_leaves_the_pay_decision_to_itself():
    """SN-C2: at a pay decision the heuristic takes the suggested payment: Y,R,R ON souls pay
    Bardo (red 3) so that the red soul left still places Luka (red 1)."""
    from tcg.agents.heuristic import long_term_kinds
    assert "pay" in SH.LONG_TERM and "pay" in long_term_kinds("shironeko")
    town = [("SNP-T03", True), ("SNP-T01", True), ("SNP-T01", True), ("SNP-T01", True)]
    g = sn_scenario(dict(hand=["SNP-006", "SNP-001"], town=town), dict())
    bardo = next(i for i in g.state.players[0].hand if _card(g, i) == "SNP-006")
    g.apply(tcg.Action("place", card=bardo))
    assert g.decision.kind == "pay"
    a = _act(g, SH.policy)
    assert a.type == "pay_suggested"
    g.apply(a)
    ps = g.state.players[0]
    assert sorted(_card(g, i) for i in ps.souls_off) == ["SNP-T01", "SNP-T01", "SNP-T03"]
    assert any(x.type == "place" and _card(g, x.card) == "SNP-001" for x in g.legal_actions())


def test_sn_value_follows_the_deck_race():
    g = sn_scenario(dict(deck=25), dict(deck=10), steps=lambda s: [("main",)])
    v0 = SH.value(g.observe(0), 0)
    v1 = SH.value(g.observe(1), 1)
    assert 0.5 < v0 < 1.0 and 0.0 < v1 < 0.5


# =================================================================================================
# Turu-turu
# =================================================================================================

def tt_scenario(p0: dict, p1: dict, start: str = "programming", priority: int = 0, rnd: int = 3,
                triggers: bool = False):
    """Real cards. Per player: deck (count of filler cards, or card ids top first), hand, chars (card id or dict: card,
    awake, placed_this_round, damage), discard, devices, programs [card ids, face down], hp.
    ``start = "main"``: the programs below run at once; ``triggers``: the triggered abilities of
    the cards laid out are indexed (they trigger)."""
    from tcg.games.turutoru.state import TTState, Unit
    rules = get_rules("turutoru")
    rules.profile  # noqa: B018
    pool, lay = Pool(rules), []
    new = pool.new

    for p, spec in enumerate((p0, p1)):
        units = []
        for c in spec.get("chars", []):
            c = {"card": c} if isinstance(c, str) else c
            u = Unit(new(c["card"], p), rnd if c.get("placed_this_round") else 0)
            u.awake, u.damage = c.get("awake", True), c.get("damage", 0)
            units.append(u)
        deck = spec.get("deck", 20)  # a count of filler cards, or the card ids, top first
        deck = ["TTS-016"] * deck if isinstance(deck, int) else list(reversed(deck))
        lay.append(dict(deck=[new(cid, p) for cid in deck],
                        hand=[new(c, p) for c in spec.get("hand", [])], chars=units,
                        discard=[new(c, p) for c in spec.get("discard", [])],
                        devices=[new(c, p) for c in spec.get("devices", [])],
                        programs=[new(c, p) for c in spec.get("programs", [])],
                        hp=spec.get("hp", 20)))
    s = TTState(0, tuple(pool.cards), tuple(pool.owner), rules.start_hp)
    for p, z in enumerate(lay):
        ps = s.players[p]
        for k, v in z.items():
            setattr(ps, k, v)
        ps.mulliganed = True
    s.priority, s.round, s.phase = priority, rnd, "programming"
    if start == "programming":
        s.steps = [("prepare",), ("main_start",), ("program", 1 - priority), ("program", priority)]
    else:
        for ps in s.players:
            ps.done_programming = True
        s.steps = [("prepare",), ("main_start",)]
    if triggers:
        from tcg.games.turutoru.triggers import reindex
        reindex(s)  # the triggers of the cards laid out by hand
    return _game("turutoru", s)


def tt_program(g: Game) -> list[tuple[str, tuple[str, ...]]]:
    """Let the heuristic program (the deciding player) until it finishes; the stack it built as
    (card id, the kinds of its programs: one is chosen when it runs), checking that every stacked
    card fits."""
    p = g.decision.player
    for _ in range(20):
        assert g.decision.kind == "program" and g.decision.player == p
        a = _act(g, TT.policy)
        assert a.type in ("stack", "finish_program")  # programming only adds (no take-back exists)
        g.apply(a)
        progs = g.observe(p)["players"][p]["programs"] if g.decision and g.decision.player == p else None
        if a.type == "finish_program":
            break
        assert progs is not None and all(pr["fits"] for pr in progs)
    else:
        pytest.fail("programming never finished")
    ps = g.state.players[p]
    return [(g.state.cards[i].id, tuple(pr.kind for pr in g.state.cards[i].programs)) for i in ps.programs]


def test_tt_first_program_places_a_character_on_an_empty_board():
    g = tt_scenario(dict(hand=["TTS-023", "TTS-008", "TTS-009", "TTS-026"]), dict())
    stack = tt_program(g)
    assert stack and "place" in stack[0][1]
    assert sum(get_rules("turutoru").cards[c].segment for c, _ in stack) <= 6


def test_tt_never_stacks_an_attack_without_an_awake_attacker():
    # our only character is asleep and there is no Reboot: whatever is placed this round cannot
    # use an Attack program, so none is stacked
    g = tt_scenario(dict(hand=["TTS-009", "TTS-026", "TTS-023", "TTS-008"],
                         chars=[dict(card="TTS-010", awake=False)]), dict())
    stack = tt_program(g)
    assert all(kinds == ("place",) for _, kinds in stack)  # no Attack card


def test_tt_reboots_before_attacking_with_sleeping_characters():
    g = tt_scenario(dict(hand=["TTS-022", "TTS-009", "TTS-001"],
                         chars=[dict(card="TTS-026", awake=False), dict(card="TTS-010", awake=False)]),
                    dict())
    kinds = [k for _, k in tt_program(g)]
    assert ("reboot",) in kinds and ("attack",) in kinds
    assert kinds.index(("reboot",)) < kinds.index(("attack",))


def test_tt_programs_never_overflow_and_always_finish_in_real_games():
    """Over whole games against the random agent: every stack the heuristic builds fits in the
    6 segments, it only stacks or finishes, and programming always finishes."""
    decks = tcg.list_decks("turutoru")
    for i in range(6):
        g = tcg.new_game("turutoru", [decks[i % 3], decks[(i + 1) % 3]], seed=100 + i)
        agents = [make_agent("heuristic", seed=i), make_agent("random", seed=i)]
        if i % 2:
            agents.reverse()
        h = 0 if i % 2 == 0 else 1
        streak = 0
        while not g.is_over:
            view = AgentView(g, g.legal_actions())
            a = agents[view.player].act(view)
            if view.player == h and view.kind == "program":
                assert a.type in ("stack", "finish_program")
                streak = streak + 1 if a.type == "stack" else 0
                assert streak <= 12
            g.apply(a)
            if view.player == h and view.kind == "program" and a.type == "stack":
                progs = g.observe(h)["players"][h]["programs"]
                assert all(pr["fits"] for pr in progs), progs


def tt_opponent_attacks(attacker: str, my_chars: list, my_hp: int = 20, program="TTS-009"):
    """Player 0 runs an Attack with ``attacker``; returns the game at player 1's block decision."""
    g = tt_scenario(dict(chars=[attacker], programs=[program]), dict(chars=my_chars, hp=my_hp), start="main")
    assert g.decision.kind == "attackers" and g.decision.player == 0
    att = g.state.players[0].chars[0].iid
    g.apply(tcg.Action("pick", card=att))
    g.apply(tcg.Action("done"))
    assert g.decision.kind == "block" and g.decision.player == 1
    return g


def test_tt_blocks_a_lethal_hit():
    g = tt_opponent_attacks("TTS-026", ["TTS-023"], my_hp=4)  # Garm 4/4 vs 4 HP: chump with Kai
    a = _act(g, TT.policy)
    assert a.type == "block"


def test_tt_blocks_when_the_block_wins_and_not_into_a_bad_trade():
    g = tt_opponent_attacks("TTS-023", ["TTS-009"])  # Kai 2/2 into Pawn 2/4: Pawn kills and survives
    chosen(g, _act(g, TT.policy), "block", "TTS-009")
    g = tt_opponent_attacks("TTS-027", ["TTS-023"])  # Valga 5/5 at 20 HP: no chump block with Kai 2/2
    assert _act(g, TT.policy).type == "done"


def test_tt_assigns_damage_to_kill_blockers():
    # our Valga 5/5 attacks; Kai 2/2 and Yu 2/2 both block: 2 + 2 of its 5 points kill both
    g = tt_scenario(dict(chars=["TTS-027"], programs=["TTS-009"]),
                    dict(chars=["TTS-023", "TTS-008"]), start="main")
    g.apply(_act(g, TT.policy))  # pick Valga
    assert g.decision.kind == "attackers"
    g.apply(_act(g, TT.policy))  # done
    for u in list(g.state.players[1].chars):
        g.apply(tcg.Action("block", card=u.iid))
    g.apply(tcg.Action("done"))
    while g.decision is not None and g.decision.kind == "assign_damage":
        g.apply(_act(g, TT.policy))
    assert g.state.players[1].chars == []


def test_tt_beds_in_the_strongest_awake_opponent():
    g = tt_scenario(dict(programs=["TTS-018"]), dict(chars=["TTS-023", "TTS-027"]), start="main")
    assert g.decision.kind == "bed_in"
    chosen(g, _act(g, TT.policy), "bed_in", "TTS-027")


def test_tt_mounts_on_the_best_character_and_applies_the_best_application():
    g = tt_scenario(dict(hand=["TTS-030"], chars=["TTS-023", "TTS-026"], programs=["TTS-015"]),
                    dict(), start="main")
    a = _act(g, TT.policy)
    assert a.type == "mount" and _card(g, a.target) == "TTS-026"
    g = tt_scenario(dict(hand=["TTS-039", "TTS-046"], programs=["TTS-021"]),
                    dict(chars=["TTS-027"]), start="main")
    chosen(g, _act(g, TT.policy), "apply", "TTS-046")


def test_tt_chooses_the_program_of_a_revealed_card():
    # TT-T2: Wolf (Attack / Reboot) is revealed; its program is chosen now, by the situation
    g = tt_scenario(dict(chars=["TTS-009", dict(card="TTS-026", awake=False)], programs=["TTS-010"]),
                    dict(), start="main")
    assert g.decision.kind == "choose_program"
    a = _act(g, TT.policy)
    assert a.type == "use" and g.state.cards[g.state.players[0].running].programs[a.program].kind == "reboot"
    g = tt_scenario(dict(chars=["TTS-009", "TTS-026"], programs=["TTS-010"]), dict(hp=5), start="main")
    assert g.decision.kind == "choose_program"  # Reboot may wake an awake character too (TT-P2)
    a = _act(g, TT.policy)
    assert a.type == "use" and g.state.cards[g.state.players[0].running].programs[a.program].kind == "attack"


def test_tt_mounts_a_crippling_device_on_the_opponents_best_character():
    # Logic Virus (mount_on = "opponent", -2 power / -1 toughness) goes on their strongest (TT-P4)
    g = tt_scenario(dict(hand=["TTS-055"], chars=["TTS-023"], programs=["TTS-015"]),
                    dict(chars=["TTS-023", "TTS-027"]), start="main")
    assert g.decision.kind == "mount"
    a = _act(g, TT.policy)
    assert a.type == "mount" and _card(g, a.target) == "TTS-027" and g.state.owner[a.target] == 1


def test_tt_value_reads_hp_and_board():
    g = tt_scenario(dict(hp=20, chars=["TTS-027"]), dict(hp=3))
    assert TT.value(g.observe(0), 0) > 0.7
    assert TT.value(g.observe(1), 1) < 0.3
    even = tt_scenario(dict(hp=20), dict(hp=20))
    assert TT.value(even.observe(0), 0) == pytest.approx(TT.value(even.observe(1), 1), abs=0.05)


def test_tt_value_follows_the_deck_race():
    """Near the end the thicker deck wins the deck-out (TT-W2), whatever the HP lead."""
    g = tt_scenario(dict(hp=12, deck=4), dict(hp=20, deck=2))
    assert TT.value(g.observe(0), 0) > 0.8
    assert TT.value(g.observe(1), 1) < 0.2
    early = tt_scenario(dict(deck=24), dict(deck=22))
    assert TT.value(early.observe(0), 0) < TT.value(g.observe(0), 0)
    # the features are differences: the two seats see them with opposite signs
    assert TT.value_features(g.observe(0), 0) == [-v for v in TT.value_features(g.observe(1), 1)]


# =================================================================================================
# smoke: the heuristic beats the random agent
# =================================================================================================

@pytest.mark.parametrize("game_id", ["shironeko", "turutoru"])
def test_heuristic_beats_random(game_id):
    decks = tcg.list_decks(game_id)
    n, wins = 20, 0
    for i in range(n):
        d = [decks[i % len(decks)], decks[(i * 7 + 1) % len(decks)]]
        g = tcg.new_game(game_id, d, seed=7000 + i)
        h = i % 2
        agents = [None, None]
        agents[h] = make_agent("heuristic", seed=i)
        agents[1 - h] = make_agent("random", seed=i)
        for _ in range(20000):
            if g.is_over:
                break
            view = AgentView(g, g.legal_actions())
            g.apply(agents[view.player].act(view))
        wins += g.winner == h
    assert wins / n > 0.7, f"{wins}/{n}"


def test_turutoru_search_reads_the_card_ids_of_its_options():
    """The Turu-turu heuristic knows each searchable card by the id its option names as data
    (``AgentView.cards``, never the option's words), so it can value them instead of taking the
    first."""
    game = tcg.new_game("turutoru", [tcg.list_decks("turutoru")[0]] * 2, seed=1)
    view = AgentView(game, game.legal_actions())
    for iid in range(len(game.state.cards)):
        card = game.state.cards[iid]
        ids = view.cards(tcg.Action("search_pick", card=iid))
        assert ids == {"card": card.id} and TT._card(ids["card"]).name == card.name
    assert view.cards(tcg.Action("search_none")) == {}
