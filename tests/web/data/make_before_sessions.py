"""Made once, with the code of commit 44aaf31 (before one session cookie per browser): a database with
three games and the cookies each browser held then (PYTHONPATH=. uv run python tests/web/data/make_before_sessions.py).
It needs that commit's web code: kept to say how the fixture was made, not to be run again."""
import json, pathlib, re, sqlite3
import tcg
from tests.web.helpers import browsers, receive_state, my_turn
out = pathlib.Path("tests/web/data")
import tempfile
tmp = pathlib.Path(tempfile.mkdtemp())
c, (host, friend, solo) = browsers(tmp, 3)
with c:
    # a game between friends, the invitation not used yet
    r = host.post("/new", data={"game": "zx", "deck": tcg.list_decks("zx")[0], "opponent": "friend", "seat": "0"},
                  follow_redirects=False)
    g1 = r.headers["location"].rsplit("/", 1)[1]
    # a second game between friends, the invitation used by the friend
    r = host.post("/new", data={"game": "turutoru", "deck": tcg.list_decks("turutoru")[0], "opponent": "friend",
                                "seat": "1"}, follow_redirects=False)
    g2 = r.headers["location"].rsplit("/", 1)[1]
    page = host.get(f"/game/{g2}").text
    link = re.search(r'id="invite-link" readonly value="[^"]*?(/join/[^"]+)"', page).group(1)
    assert friend.get(link, follow_redirects=False).status_code == 303
    # a game against the computer with a few actions
    r = solo.post("/new", data={"game": "shironeko", "deck": tcg.list_decks("shironeko")[0], "opponent": "computer",
                                "agent": "random", "seconds": "0.2", "seat": "0", "seed": "5"}, follow_redirects=False)
    g3 = r.headers["location"].rsplit("/", 1)[1]
    with solo.websocket_connect(f"/ws/{g3}?seat=0") as ws:
        msg = receive_state(ws, my_turn)
        for _ in range(3):
            ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": 0}))
            msg = receive_state(ws, lambda m, s=msg["seq"]: m["seq"] > s and my_turn(m))
    cookies = {"host": host.cookies, "friend": friend.cookies, "solo": solo.cookies}
    games = {"friend_waiting": g1, "friend_joined": g2, "computer": g3}
    c.app.state.store.close()
src = sqlite3.connect(tmp / "games.sqlite3")
(out / "before-sessions.sqlite3").unlink(missing_ok=True)
dst = sqlite3.connect(out / "before-sessions.sqlite3")
src.backup(dst)
dst.execute("PRAGMA journal_mode=DELETE")
dst.execute("VACUUM")
dst.close(); src.close()
(out / "before-sessions.json").write_text(json.dumps({"commit": "44aaf31", "games": games, "cookies": cookies}, indent=1) + "\n")
print(games, {k: list(v) for k, v in cookies.items()})
