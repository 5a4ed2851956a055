"""Garbled decks through ``tcg.new_game`` (issue 28, item 11): random card ids of the game's set,
of another game's set and unknown ones, random counts, sections swapped, dropped or renamed,
decks of other games, with and without ``validate``. Only ``TcgError``s (one line each) may
come out, and a game that is created plays random actions to its end (or 200 actions) without
an exception."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

import tcg
from tcg.engine.deck import Deck

GAMES = tcg.list_games()
DECKS = {g: [tcg.load_deck(g, n) for n in tcg.list_decks(g)] for g in GAMES}
IDS = {g: sorted(c.id for c in tcg.card_set(g)) for g in GAMES}
SECTIONS = sorted({sec for g in GAMES for d in DECKS[g] for sec in d.sections} | {"side", "Main"})
QUICK = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def garbled(draw, game: str) -> Deck | dict:
    """A deck for ``game``: a sample deck of it or of another game, changed 0 to 4 times."""
    source = draw(st.sampled_from([game, game, game, *GAMES]))
    base = draw(st.sampled_from(DECKS[source]))
    secs = {k: list(v) for k, v in base.sections.items()}
    for _ in range(draw(st.integers(0, 4))):
        how = draw(st.sampled_from(["cards", "unknown", "other_set", "counts", "swap", "drop", "rename",
                                    "cut", "repeat"]))
        names = sorted(secs)
        sec = draw(st.sampled_from(names)) if names else "main"
        cards = secs.setdefault(sec, [])
        if how == "cards":  # any cards of the game's own set, any kinds
            secs[sec] = draw(st.lists(st.sampled_from(IDS[game]), max_size=70))
        elif how == "unknown" and cards:
            cards[draw(st.integers(0, len(cards) - 1))] = draw(st.sampled_from(["NOPE-1", "", " ", "KMS-999", "\x00x"]))
        elif how == "other_set" and cards:
            cards[draw(st.integers(0, len(cards) - 1))] = draw(st.sampled_from(IDS[draw(st.sampled_from(GAMES))]))
        elif how == "counts" and cards:
            cid = draw(st.sampled_from(cards))
            secs[sec] = [c for c in cards if c != cid] + [cid] * draw(st.integers(0, 12))
        elif how == "swap" and len(names) >= 2:
            a, b = draw(st.permutations(names))[:2]
            secs[a], secs[b] = secs[b], secs[a]
        elif how == "drop":
            secs.pop(sec, None)
        elif how == "rename":
            secs[draw(st.sampled_from(SECTIONS))] = secs.pop(sec, [])
        elif how == "cut":
            secs[sec] = cards[:draw(st.integers(0, len(cards)))]
        elif how == "repeat":
            secs[sec] = cards * draw(st.integers(2, 3))
    label = draw(st.sampled_from([game, source]))
    deck = Deck(label, "fuzzed", {k: tuple(c for c in v if c) for k, v in secs.items()})
    return deck.to_dict() if draw(st.booleans()) else deck


@pytest.mark.parametrize("game", GAMES)
@QUICK
@given(data=st.data())
def test_garbled_decks_give_a_game_that_plays_or_a_tcg_error(game, data):
    decks = [data.draw(garbled(game), label="deck 0"),
             data.draw(st.one_of(st.sampled_from(DECKS[game]), garbled(game)), label="deck 1")]
    validate = data.draw(st.booleans(), label="validate")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    try:
        g = tcg.new_game(game, decks, seed=seed, validate=validate)
    except tcg.TcgError as e:
        assert "\n" not in str(e), str(e)
        event(f"refused: {type(e).__name__}")
        return
    event("created and played")
    rng = random.Random(seed)
    for _ in range(200):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    for viewer in (0, 1, None):
        g.observe(viewer)
    g.rules.check_invariants(g.state)
