"""A Japanese page says what is wrong in Japanese (tcg.present.errors): a too-long name or a broken
pasted deck on the join form, a broken deck on the start form, the deck check and the deck
builder's reading of a deck file, the /my-cards check of a card file (file, card and field kept)
and the table's refusals; an English page says it as before."""
from __future__ import annotations

import json

import tcg
from markupsafe import escape

from .helpers import browsers, client, invite_path, new_game, receive_state

BROKEN_DECK = 'game = "zx"\n[main\n'
BROKEN_DECK_JA = "貼り付けたデッキ：TOMLとして正しくありません（2行6文字目：表の見出しの終わりに「]」が必要です）"
BAD_CARDS = '[set]\ngame = "zx"\nname = "Mine"\nversion = "1"\n\n[[cards]]\nid = "MY-001"\nkind = "zx"\n' \
            'name = "テスト"\ncolor = "red"\ncost = -1\npower = 1000\nrace = "x"\ncolour = "red"\n'


def test_the_join_form_answers_in_the_pages_language(tmp_path):
    c, (host, friend) = browsers(tmp_path, 2)
    samples = tcg.list_decks("zx")
    with c:
        gid = new_game(host, opponent="friend", deck=samples[0])
        path = invite_path(host, gid)
        friend.get(path + "?lang=ja")
        long_name = {"deck": samples[0], "name": "x" * 40}
        r = friend.post(path + "?lang=ja", data=long_name, follow_redirects=False)
        assert r.status_code == 400 and "名前は24文字までです" in r.text
        r = friend.post(path + "?lang=en", data=long_name, follow_redirects=False)
        assert r.status_code == 400 and "a name may be at most 24 characters" in r.text
        r = friend.post(path + "?lang=ja", data={"deck": samples[0], "deck_text": BROKEN_DECK}, follow_redirects=False)
        assert r.status_code == 400 and str(escape(BROKEN_DECK_JA)) in r.text


def test_the_start_form_and_the_deck_check_answer_in_japanese(tmp_path):
    with client(tmp_path) as c:
        data = {"game": "zx", "deck": "", "deck_text": BROKEN_DECK, "opponent": "computer", "agent": "random",
                "seconds": "0.2", "seat": "0"}
        r = c.post("/new?lang=ja", data=data, follow_redirects=False)
        assert r.status_code == 400 and str(escape(BROKEN_DECK_JA)) in r.text
        r = c.post("/new?lang=ja", data={**data, "deck_text": "", "deck": "nope"}, follow_redirects=False)
        assert r.status_code == 400 and "見本デッキ（" in r.text and "から選ぶか、デッキを貼り付けてください" in r.text
        r = c.post("/new?lang=en", data=data, follow_redirects=False)
        assert r.status_code == 400 and "pasted deck: not valid TOML" in r.text
        got = c.post("/api/validate-deck?lang=ja", data={"game": "zx", "deck_text": BROKEN_DECK}).json()
        assert got == {"ok": False, "problems": [BROKEN_DECK_JA]}
        got = c.post("/api/check-deck/zx?lang=ja", data={"deck_text": BROKEN_DECK}).json()
        assert got == {"ok": False, "problems": [BROKEN_DECK_JA]}


def test_the_deck_builder_reads_a_bad_deck_file_in_japanese(tmp_path):
    with client(tmp_path) as c:
        bad = 'game = "zx"\n[main]\n"ZXS-001" = -2\n'
        r = c.post("/api/read-deck/zx?lang=ja", data={"deck_text": bad})
        assert r.status_code == 400
        assert r.json()["error"] == "貼り付けたデッキ：[main]の「ZXS-001」= -2：枚数は0から1,000までの整数で書いてください"
        en = c.post("/api/read-deck/zx?lang=en", data={"deck_text": bad}).json()["error"]
        assert en == "pasted deck: [main] \"ZXS-001\" = -2: copies must be a whole number from 0 to 1,000"
        r = c.post("/api/read-deck/zx?lang=ja", data={"sample": "nope"})
        assert r.json()["error"].startswith("zxに見本デッキ「nope」はありません")


def test_the_card_set_check_names_file_card_and_field_in_japanese(tmp_path):
    with client(tmp_path) as c:
        body = {"files": [{"name": "mine.toml", "text": BAD_CARDS}]}
        ja = c.post("/api/check-cards/zx?lang=ja", json=body).json()["problems"]
        en = c.post("/api/check-cards/zx?lang=en", json=body).json()["problems"]
        assert [(p["file"], p["card"], p["field"], p["line"]) for p in ja] == \
            [(p["file"], p["card"], p["field"], p["line"]) for p in en]
        by_field = {p["field"]: p for p in ja}
        assert by_field["cost"]["message"] == "0以上にしてください（-1 になっています）"
        assert by_field["cost"]["text"] == "ファイル mine.toml、カード MY-001、項目「cost」：0以上にしてください（-1 になっています）"
        assert by_field["colour"]["message"].startswith("zxのカードにこの項目はありません（使える項目：")
        assert {p["field"]: p["message"] for p in en}["cost"] == "must be at least 0, got -1"
        saved = c.post("/api/card-sets/zx?lang=ja", json={"name": "Mine", **body})
        assert saved.status_code == 400 and "0以上にしてください" in saved.text


def test_the_table_refuses_in_the_seats_language(tmp_path):
    with client(tmp_path) as c:
        gid = new_game(c)
        with c.websocket_connect(f"/ws/{gid}?seat=0&lang=ja") as ws:
            m = receive_state(ws)
            ws.send_text(json.dumps({"type": "concede", "seq": m["seq"]}))
            over = receive_state(ws, lambda x: x["result"] is not None)
            ws.send_text(json.dumps({"type": "concede", "seq": over["seq"]}))
            err = json.loads(ws.receive_text())
            assert err == {**err, "type": "error", "message": "ゲームは終わっています"}
