"""Made once, with the code of commit 2b61b66 (before the friend's own deck, display names and the
lobby: schema version 3): a database with a game between friends in progress, one whose invitation
is not used yet, a game against the computer in progress, a finished game and a saved card set
(run from a checkout of that commit: PYTHONPATH=. uv run python tests/web/data/make_before_friend.py OUT).
Kept to say how the fixture was made, not to be run again."""
import json
import pathlib
import sqlite3
import sys
import tempfile

import tcg
from tests.web.helpers import client, new_game, invite_path, join, receive_state, my_turn
out = pathlib.Path(sys.argv[1])
tmp = pathlib.Path(tempfile.mkdtemp())
host = client(tmp)
friend = client(tmp, app=host.app)
with host:
    g_joined = new_game(host, "zx", opponent="friend", seat="0")
    assert join(friend, invite_path(host, g_joined)).status_code == 303
    g_waiting = new_game(host, "turutoru", opponent="friend", seat="1")
    invite = invite_path(host, g_waiting)
    g_computer = new_game(host, "shironeko", seed="5")
    with host.websocket_connect(f"/ws/{g_computer}?seat=0") as ws:
        msg = receive_state(ws, my_turn)
        for _ in range(3):
            ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": 0}))
            msg = receive_state(ws, lambda m, s=msg["seq"]: m["seq"] > s and my_turn(m))
    g_done = new_game(host, "zx", seed="7")
    with host.websocket_connect(f"/ws/{g_done}?seat=0") as ws:
        msg = receive_state(ws, my_turn)
        ws.send_text(json.dumps({"type": "concede", "seq": msg["seq"]}))
        receive_state(ws, lambda m: m["result"] is not None)
    store = host.app.state.store
    text = (pathlib.Path(tcg.__file__).parent / "games" / "zx" / "cards.toml").read_text(encoding="utf-8")
    digest = store.put_card_set("zx", "before-friend set", [{"name": "cards.toml", "text": text}])
    assert store.schema_version() == 3
    cookies = {"host": dict(host.cookies), "friend": dict(friend.cookies)}
    store.close()
src = sqlite3.connect(tmp / "games.sqlite3")
dst_path = out / "before-friend.sqlite3"
dst_path.unlink(missing_ok=True)
dst = sqlite3.connect(dst_path)
src.backup(dst)
dst.execute("PRAGMA journal_mode=DELETE")
dst.execute("VACUUM")
dst.close()
src.close()
(out / "before-friend.json").write_text(json.dumps({"commit": "2b61b66", "games": {
    "friend_joined": g_joined, "friend_waiting": g_waiting, "computer": g_computer, "finished": g_done},
    "invite": invite, "card_set": digest, "cookies": cookies}, indent=1) + "\n")
print("ok", g_joined, g_waiting, g_computer, g_done)
