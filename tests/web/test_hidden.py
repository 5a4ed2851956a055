"""No message to a seat ever holds what that seat cannot see: whole games between two seats
through the server, every message scanned for the names of the other seat's cards that this seat
has not seen (in its own observation or its own view of the events) and that are not in its own
deck list — hand, deck order, face-down cards, secret programs. Spectators are scanned the same way against both seats."""
from __future__ import annotations

import json
import random

import pytest


from .helpers import client, Browser, current_state, invite_path, join, new_game, receive_state

GAMES = ["shironeko", "turutoru", "kemuri", "zx"]


def card_ids(obj, found: set[str], ids: set[str]) -> None:
    """Every value in ``obj`` that is a card id of the game."""
    if isinstance(obj, dict):
        for v in obj.values():
            card_ids(v, found, ids)
    elif isinstance(obj, list):
        for v in obj:
            card_ids(v, found, ids)
    elif isinstance(obj, str) and obj in ids:
        found.add(obj)


def names_of(cards, cid: str) -> set[str]:
    c = cards.find(cid)
    return {n for n in (getattr(c, "name", ""), getattr(c, "name_en", "")) if n and len(n) >= 3}


@pytest.mark.parametrize("game", GAMES)
def test_no_message_shows_a_seat_what_it_cannot_see(tmp_path, game):
    rng = random.Random(GAMES.index(game))
    # the server alone deals a game between friends: a server whose secret choices are seeded,
    # so that the test plays the same games every time
    c = client(tmp_path, rng=random.Random(101 + GAMES.index(game)))
    a, b, w = Browser(c), Browser(c), Browser(c)
    with c:
        gid = new_game(a, game, opponent="friend")
        assert join(b, invite_path(a, gid)).status_code == 303
        room = a.app.state.hub.room(gid)
        cards = room.game.rules.cards
        all_ids = {c.id for c in cards}
        deck_ids = [set() for _ in range(2)]
        for p, d in enumerate(room.game.decks):
            for ids in d.sections.values():
                deck_ids[p] |= set(ids)
        seen: dict = {0: set(), 1: set(), None: set()}
        marks = {0: 0, 1: 0, None: 0}
        names = {cid: names_of(cards, cid) for cid in all_ids}
        checked = 0
        with a.websocket_connect(f"/ws/{gid}?seat=0") as s0, b.websocket_connect(f"/ws/{gid}?seat=1") as s1, \
                w.websocket_connect(f"/ws/{gid}?seat=spectator") as sw:
            socks = {0: s0, 1: s1, None: sw}
            msgs = {k: receive_state(s) for k, s in socks.items()}
            for _ in range(5000):
                g = room.game
                for viewer, msg in msgs.items():
                    # what this viewer may know: its own observation and its own events so far
                    card_ids(g.observe(viewer), seen[viewer], all_ids)
                    mark, marks[viewer] = marks[viewer], len(g.log)
                    events = g.log.for_spectator(mark) if viewer is None else g.log.for_player(viewer, mark)
                    card_ids(events, seen[viewer], all_ids)
                    text = json.dumps(msg, ensure_ascii=False)
                    # names this viewer has seen may stand in the text (longest first, so that a
                    # seen "X (Awakened)" does not hide an unseen "X")
                    mine = seen[viewer] | (deck_ids[viewer] if viewer is not None else set())
                    known = set().union(*(names[x] for x in mine)) if mine else set()
                    for name in sorted(known, key=len, reverse=True):
                        if name in text:
                            text = text.replace(name, "")
                    for o in (0, 1):
                        if o == viewer:
                            continue
                        # the other seat's cards not in this seat's own deck list (which it may be
                        # shown, e.g. its own deck searched) that it has not seen
                        own = deck_ids[viewer] if viewer is not None else set()
                        for cid in deck_ids[o] - own - seen[viewer]:
                            for name in names[cid] - known:
                                assert name not in text, (game, viewer, cid, name)
                    checked += 1
                if msgs[0]["result"]:
                    break
                mover = 0 if msgs[0]["decision"]["yours"] else 1
                m = msgs[mover]
                socks[mover].send_text(json.dumps({"type": "act", "seq": m["seq"],
                                                   "option": rng.randrange(len(m["options"]))}))
                msgs[mover] = receive_state(socks[mover], lambda x, q=m["seq"]: x["seq"] > q)
                # the others are sent a state only when what they see changed: ask for it
                msgs = {k: msgs[k] if k == mover else current_state(s) for k, s in socks.items()}
            assert msgs[0]["result"] and checked > 30
