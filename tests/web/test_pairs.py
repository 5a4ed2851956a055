"""Hidden information as a security property, tested by comparing whole channels of two games
that differ only in hidden things (issue 28, "A server safe to open to strangers"):

* **hidden-order pairs**: the same game, except that everything a viewer (a seat, or the
  spectators) has not seen is dealt in another order (its own deck included): the viewer's
  traffic is identical until the difference is shown to it;
* **secret-choice pairs**: the same game, except for one seat's choices in a secret phase (how
  many and which: Turu-turu's programming, Z/X's start and gate cards, a mulligan's marks...):
  the other seat's and the spectators' traffic is identical until the phase is over.

Two servers (each its own database) hold the two games under the same game id, and the viewer's
channels are compared byte for byte at every point where the viewer could look: every WebSocket
frame it was sent (sequence numbers included), the table page, the live game's replay page and
API, the list of games, and the engine's ``observe()``, ``log.for_player()`` and the RL
observation. The game is played on: the viewer's choices are the same options of identical
messages, the other seat's are actions legal in both games (its secret choices its own in each).
"""
from __future__ import annotations

import json
import random
from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient

import tcg
from tcg.engine.rng import Rng
from tcg.web import store as store_mod
from tcg.web.app import create_app
from tcg.web.replay_pages import apply_entry

from .helpers import BASE, Browser, receive_state

GAMES = ["shironeko", "turutoru", "kemuri", "zx"]
GID = "PairGame"


@pytest.fixture
def paired(monkeypatch):
    """``tcg.replay`` as the servers call it, able to deal a pair: a record whose ``meta`` holds
    ``pair = {"viewer": v, "variant": k}`` is dealt as usual, then, before its first action,
    everything viewer ``v`` (None: the spectators) cannot see is rearranged by the rules' own
    ``scramble_hidden`` (what search players plan on) with generator ``k``. Ids and tokens are
    fixed, so that the two servers' messages compare byte for byte."""
    orig = tcg.replay

    def replay(record, upto=None, *, cards=None):
        pair = (record.get("meta") or {}).get("pair") if isinstance(record, dict) else None
        if not pair or pair.get("variant") is None:
            return orig(record, upto, cards=cards)
        g = orig(dict(record, actions=[], result=None), cards=cards)
        assert g.rules.scramble_hidden(g.state, pair["viewer"], Rng(pair["variant"]))
        g.touch()
        for entry in record.get("actions", [])[:upto]:
            apply_entry(g, entry)
        return g

    monkeypatch.setattr(tcg, "replay", replay)
    monkeypatch.setattr(store_mod, "new_game_id", lambda: GID)
    counter = iter(range(10**6))
    monkeypatch.setattr(store_mod, "new_token", lambda: f"token-{next(counter):06d}-" + "x" * 32)


class Side:
    """One server holding one game of a pair: a browser per seat and a spectator's, each with its
    socket open, and every frame each was sent."""

    def __init__(self, stack: ExitStack, tmp_path, name: str, game: str, setup: dict):
        app = create_app(db=tmp_path / f"{name}.sqlite3", resume=False, allow_hosts=("testserver",))
        self.c = stack.enter_context(TestClient(app, base_url=BASE, headers={"origin": BASE}))
        self.store = app.state.store
        gid, tokens, _ = self.store.create(game, setup, {}, ["human", "human"])
        assert gid == GID
        self.browsers = {None: Browser(self.c)}
        for p, token in tokens.items():
            b = self.browsers[p] = Browser(self.c)
            b.cookies[f"tcg_{gid}_{p}"] = token
            b.get(f"/game/{gid}")  # (the seat moves to the browser's session)
        self.socks = {v: stack.enter_context(b.websocket_connect(f"/ws/{gid}?seat={'spectator' if v is None else v}"))
                      for v, b in self.browsers.items()}
        self.last = {v: receive_state(s) for v, s in self.socks.items()}

    @property
    def room(self):
        return self.c.app.state.hub.room(GID)

    @property
    def game(self) -> "tcg.Game":
        return self.room.game

    def frames(self, viewer) -> list[str]:
        """Every frame ``viewer`` was sent since last asked: read up to the answer of a sync."""
        ws = self.socks[viewer]
        ws.send_text(json.dumps({"type": "sync"}))
        out = []
        for _ in range(500):
            text = ws.receive_text()
            out.append(text)
            msg = json.loads(text)
            if msg.get("type") == "state":
                self.last[viewer] = msg
                if msg.get("reply") == "sync":
                    return out
        raise AssertionError("no answer to a sync")

    def pages(self, viewer) -> dict[str, str]:
        """What ``viewer`` reads over HTTP: the table, the list of games, the live replay."""
        b = self.browsers[viewer]
        who = "spectator" if viewer is None else str(viewer)
        table = b.get(f"/watch/{GID}" if viewer is None else f"/game/{GID}?seat={viewer}")
        api = b.get(f"/api/replay/{GID}?viewer={who}&step=0")
        steps = api.json()["steps"]
        out = {"table": table.text, "replay page": b.get(f"/replay/{GID}?viewer={who}").text,
               "replay api": api.text, "replay api end": b.get(f"/api/replay/{GID}?viewer={who}&step={steps}").text}
        if viewer is not None:
            out["list of games"] = b.get("/").text
        return out

    def act(self, seat: int, action) -> None:
        """``seat`` takes ``action`` through its socket (the option that is it)."""
        options = [a for _, a in self.room.voice(seat, "en").options()]
        msg = self.last[seat]
        self.socks[seat].send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": options.index(action)}))
        self.last[seat] = receive_state(self.socks[seat], lambda m, s=msg["seq"]: m["seq"] > s)


def engine_view(g: "tcg.Game", viewer) -> str:
    """What the engine gives ``viewer``: its observation, its events and (a seat) its RL observation."""
    log = g.log.for_spectator() if viewer is None else g.log.for_player(viewer)
    out = [g.observe(viewer), log]
    if viewer is not None:
        np = pytest.importorskip("numpy")
        from tcg.rl.encoder import encoding
        vec, _ = encoding(g.game_id).encode(g.observe(viewer), viewer)
        out.append(np.asarray(vec).tolist())
    return json.dumps(out, sort_keys=True, default=str)


def options_of(side: Side, seat: int) -> list:
    return [a for _, a in side.room.voice(seat, "en").options()]


def play_pair(tmp_path, game: str, viewer, *, seed: int, variants: tuple, secret_seat: int | None,
              steps: int, rng_seed: int = 0, phase: str | None = None) -> dict:
    """Two games of ``game`` (seed ``seed``) that differ in ``variants`` (a redeal of what ``viewer``
    has not seen, or None) and, when ``secret_seat`` is given, in that seat's choices in secret
    phases (each side chooses at random from its own options; with ``phase``, only at decisions
    of that kind, the same choices elsewhere); played in step and compared for ``viewer`` at
    each point it could look. Returns what was compared."""
    decks = tcg.list_decks(game)
    base = tcg.new_game(game, [decks[0], decks[-1]], seed=seed)
    setups = []
    for variant in variants:
        setup = {k: v for k, v in base.record().items() if k not in ("actions", "result")}
        setup["meta"] = {"pair": {"viewer": viewer, "variant": variant}}
        setups.append(setup)
    shared = random.Random(rng_seed)
    own = [random.Random(1000 + rng_seed), random.Random(2000 + rng_seed)]
    seen = {"points": 0, "secret points": 0, "in phase": 0, "frames": 0, "revealed": None}

    def secret_turn(side: Side) -> bool:
        g = side.game
        return not g.is_over and g.decision.player == secret_seat and g.secret_choice() and \
            phase in (None, g.decision.kind)

    started = phase is None
    with ExitStack() as stack:
        sides = [Side(stack, tmp_path, f"side{i}", game, setup) for i, setup in enumerate(setups)]
        for step in range(steps):
            # the secret seat's secret choices, each side its own, as many as it likes; the one
            # that ends its turn of them is held back until the viewer's traffic is compared
            last: list = [None, None]
            for i, (side, r) in enumerate(zip(sides, own)):
                for _ in range(200):
                    if not secret_turn(side):
                        break
                    action = r.choice(options_of(side, secret_seat))
                    probe = side.game.clone()
                    probe.apply(action)
                    while not probe.is_over and len(probe.legal_actions()) == 1:  # what the server
                        probe.apply(probe.legal_actions()[0])                      # takes for a seat
                    if probe.is_over or probe.decision.player != secret_seat or not probe.secret_choice() or \
                            phase not in (None, probe.decision.kind):
                        last[i] = action
                        break
                    side.act(secret_seat, action)
            games = [s.game for s in sides]
            inside = last != [None, None] or any(s.room.run.hidden_from(viewer) for s in sides)
            started = started or last != [None, None]
            if not started:  # (the same game on both sides until the phase: nothing to compare)
                if games[0].is_over:
                    break
                p = games[0].decision.player
                action = shared.choice(options_of(sides[0], p))
                for side in sides:
                    side.act(p, action)
                continue
            views = [engine_view(g, viewer) for g in games]
            if views[0] != views[1]:
                # shown to the viewer now: from here on the two may differ (secret choices: never
                # while the seat makes them; a mulligan that goes in order is seen once it is made)
                assert last == [None, None], (game, viewer, step, "shown while the seat makes secret choices",
                                              [g.decision for g in games], last, [len(g.log) for g in games])
                seen["revealed"] = step
                break
            frames = [s.frames(viewer) for s in sides]
            assert frames[0] == frames[1], (game, viewer, step, frames)
            pages = [s.pages(viewer) for s in sides]
            for name in pages[0]:
                assert pages[0][name] == pages[1][name], (game, viewer, step, name)
            seen["points"] += 1
            seen["secret points"] += inside
            seen["in phase"] += last != [None, None]
            seen["frames"] += len(frames[0]) - 1
            if last != [None, None]:
                for side, action in zip(sides, last):
                    if action is not None:
                        side.act(secret_seat, action)
                continue
            if games[0].is_over or games[1].is_over:
                break
            # the next decision: the same seat's on both sides (the viewer would see otherwise)
            p = games[0].decision.player
            if p == viewer:
                action = shared.choice(options_of(sides[0], p))
                assert action in options_of(sides[1], p)  # the same options: identical messages
            else:
                both = [a for a in options_of(sides[0], p) if a in options_of(sides[1], p)]
                if not both:
                    break  # the other seat's hidden cards decide what it can do
                action = shared.choice(both)
            for side in sides:
                side.act(p, action)
    return seen


# --- hidden-order pairs ------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("viewer", [0, 1, None])
def test_hidden_order_pairs_give_a_viewer_identical_traffic_until_it_is_shown(tmp_path, paired, game, viewer):
    """Leaks 2 and 3: previews on the real hidden order (Z/X's mulligan preview naming the hand to
    come, Turu-turu's program preview offering the top of the deck), and anything else that
    would tell a viewer the order of cards it has not seen."""
    seen = play_pair(tmp_path, game, viewer, seed=7 + GAMES.index(game), variants=(1, 2),
                     secret_seat=None, steps=40)
    assert seen["points"] >= 1, seen


# --- secret-choice pairs -----------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("secret_seat, viewer", [(0, 1), (1, 0), (0, None), (1, None)])
def test_secret_choice_pairs_give_the_others_identical_traffic_until_the_phase_ends(tmp_path, paired, game,
                                                                                    secret_seat, viewer):
    """Leaks 1, 3 and 4: a seat's secret choices (how many and which) tell the other seat and
    the spectators nothing until the phase is over: no frame, no sequence number, no log line,
    no step of the live replay, no change in the list of games."""
    seen = play_pair(tmp_path, game, viewer, seed=21 + GAMES.index(game), variants=(None, None),
                     secret_seat=secret_seat, steps=30, rng_seed=secret_seat)
    assert seen["points"] >= 1 and seen["secret points"] >= 1, seen


def _phases():
    for game in GAMES:
        kinds = sorted(tcg.new_game(game, tcg.list_decks(game)[:1] * 2, seed=1).rules.secret_decisions)
        for n, kind in enumerate(kinds):
            yield game, kind, n % 2


@pytest.mark.parametrize("game, phase, secret_seat", list(_phases()))
@pytest.mark.parametrize("watcher", ["seat", "spectator"])
def test_every_secret_phase_of_every_game_tells_the_others_nothing(tmp_path, paired, game, phase, secret_seat,
                                                                   watcher):
    """Every kind of secret decision each game's profile lists, reached in a random game (the
    same choices on both sides until then): the choices made in it (how many and which) give
    the other seat, or the spectators, identical traffic until the phase is over (Turu-turu's
    stacking, Z/X's set-up, a mulligan's marks, a card taken by a search...)."""
    viewer = 1 - secret_seat if watcher == "seat" else None
    for seed in range(31, 34):
        seen = play_pair(tmp_path / str(seed), game, viewer, seed=seed, variants=(None, None),
                         secret_seat=secret_seat, steps=150, rng_seed=seed, phase=phase)
        if seen["in phase"]:
            assert seen["points"] >= 1, seen
            return
    pytest.skip(f"no {phase} decision of seat {secret_seat} in 150 steps of three seeded games")
