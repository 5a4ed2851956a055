"""Board descriptions: what a game's table shows, given once per game, drawn by every front end.

A game package offers ``board.py`` with ``describe(obs, lang="en", cards=None) -> dict``: a
JSON-ready description of one observation (``game.observe(viewer)``), built only from that
observation and the public card database, so it never holds more than the viewer may see. The
terminal (``tcg.ui.table``) and the browser (``tcg.web``) draw it; neither knows a game.

The description (every text already in the viewer's language)::

    {"game": "zx", "lang": "en", "viewer": 0,
     "title": "Turn 3 · Main · Your turn",        # one line
     "status": "You: choose a card to play",        # the pending decision, or the result
     "banner": "Battle: ... → ..." | None,          # something the table is waiting on
     "areas": [Area, ...]}                          # top of the table first

    Area = {"id": "p1.hand",               # stable: the same place has the same id all game
            "label": "Opponent's hand",
            "owner": 1 | None,             # None: shared (Z/X's board, Turu-turu's timeline)
            "side": "top" | "bottom" | "middle",   # the viewer's side is "bottom"
            "layout": "row" | "grid" | "track" | "pile" | "counters",
            "counters": [{"id": "life", "label": "Life", "value": 4, "max": 10 | None,
                          "tone": "" | "good" | "bad" | "warn"}],
            "cards": [Card],               # row / pile (a pile shows its top card and count)
            "count": 7 | None,             # how many cards are there (face-down ones included)
            "columns": 3,                  # grid: cells per row; track: cells in order
            "cells": [{"id": "board.4", "label": "Centre", "cards": [Card],
                       "marks": ["◆ your square"], "tone": ""}]}

    Card = {"ref": "card.12",              # element id; options point at it (see ``refs``)
            "iid": 12 | None, "id": "ZXS-027" | None,
            "name": "深藍の歌姫セイレナ", "name_en": "Seirena, Deep-Indigo Diva",
            "title": "Seirena, Deep-Indigo Diva (深藍の歌姫セイレナ)",   # in the viewer's language
            "kind": "Z/X", "color": "blue" | None, "color_label": "Blue",
            "cost": 2 | None, "stats": [["Power", "3000/3000"]],
            "states": ["Asleep"], "text": "card text in the viewer's language",
            "face_down": False, "owner": 0 | None}

A game also offers ``refs(action) -> list[str]``: the element ids (card refs ``card.<iid>`` and
cell ids) an action is about, first the card that acts, then its target. The browser makes those
elements clickable: a click keeps the options that name the element.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from . import text as _text
from .lines import known_lang

#: the layouts a renderer must know
LAYOUTS = ("row", "grid", "track", "pile", "counters")
SIDES = ("top", "middle", "bottom")
TONES = ("", "good", "bad", "warn")


def counter(cid: str, label: str, value: Any, *, max: int | None = None, tone: str = "") -> dict[str, Any]:
    """A counter shown by an area: life, HP, deck size, seats..."""
    return {"id": cid, "label": label, "value": value, "max": max, "tone": tone}


def area(aid: str, label: str, *, owner: int | None = None, side: str = "middle", layout: str = "row",
         cards: Sequence[Mapping[str, Any]] = (), count: int | None = None,
         counters: Sequence[Mapping[str, Any]] = (), cells: Sequence[Mapping[str, Any]] = (),
         columns: int | None = None) -> dict[str, Any]:
    return {"id": aid, "label": label, "owner": owner, "side": side, "layout": layout,
            "counters": list(counters), "cards": list(cards),
            "count": len(cards) if count is None and layout in ("row", "pile") else count,
            "columns": columns, "cells": list(cells)}


def cell(cid: str, label: str, cards: Sequence[Mapping[str, Any]] = (), marks: Sequence[str] = (),
         tone: str = "") -> dict[str, Any]:
    return {"id": cid, "label": label, "cards": list(cards), "marks": list(marks), "tone": tone}


class Describer:
    """What every game's board describer starts from: the observation described, its language
    (one the text tables have, else English), the printed cards and the viewer (None: a
    spectator), and ``t``, the words of the game's text module (``words``, set by the game)."""
    words: Any

    def __init__(self, obs: Mapping[str, Any], lang: str, cards: Any):
        self.obs = obs
        self.lang = known_lang(lang)
        self.cards = cards
        self.viewer = obs.get("viewer")

    def t(self, key: str, /, **params: Any) -> str:
        return self.words.t(key, self.lang, **params)


def card_ref(iid: Any) -> str:
    return f"card.{iid}"


def card_refs(values: Iterable[Any]) -> list[str]:
    """The element ids of the cards among ``values`` (an action's card parameters), each once, in
    order: a card is an instance id (an int from 0); anything else (None, -1 for none) names none."""
    out: list[str] = []
    for v in values:
        if isinstance(v, int) and not isinstance(v, bool) and v >= 0 and card_ref(v) not in out:
            out.append(card_ref(v))
    return out


def title_of(name: str, name_en: str, lang: str) -> str:
    """A card's name as the viewer reads it (``tcg.present.text.card_title``)."""
    return _text.card_title(name, name_en, lang)


def card(view: Mapping[str, Any] | None, lang: str, *, kind: str = "", color_label: str = "",
         stats: Iterable[tuple[str, Any]] = (), states: Iterable[str] = (), text: str = "",
         owner: int | None = None, face_down_label: str | None = None) -> dict[str, Any]:
    """A card of a board description from its observed view (``{"iid", "id", "name", ...}``).

    A view without an id is face down: only its ref (when it has an iid) and owner are kept."""
    view = view or {}
    iid = view.get("iid")
    if not view.get("id"):
        label = face_down_label if face_down_label is not None else _text.catalog().t("ui.face_down", lang)
        return {"ref": card_ref(iid) if iid is not None else None, "iid": iid, "id": None, "name": "",
                "name_en": "", "title": label, "kind": "", "color": None, "color_label": "", "cost": None,
                "stats": [], "states": [], "text": "", "face_down": True, "owner": owner}
    name, name_en = str(view.get("name") or view["id"]), str(view.get("name_en") or "")
    return {"ref": card_ref(iid) if iid is not None else None, "iid": iid, "id": view["id"], "name": name,
            "name_en": name_en, "title": title_of(name, name_en, lang), "kind": kind,
            "color": view.get("color"), "color_label": color_label, "cost": view.get("cost"),
            "stats": [[str(k), str(v)] for k, v in stats], "states": list(states), "text": text,
            "face_down": False, "owner": owner}


def printed(cards: Any, cid: Any) -> Any:
    """The printed card ``cid`` of a card database, or None (no database, no id, unknown id):
    a description never fails on a card."""
    if cards is None or not isinstance(cid, str):
        return None
    try:
        return cards.find(cid)
    except Exception:  # noqa: BLE001 - a description must never break a game
        return None


def element_ids(desc: Mapping[str, Any]) -> set[str]:
    """Every element id of a description: areas, cells and the refs of the cards in them."""
    ids: set[str] = set()
    for a in desc.get("areas") or []:
        ids.add(a["id"])
        for c in a.get("cards") or []:
            if c.get("ref"):
                ids.add(c["ref"])
        for ce in a.get("cells") or []:
            ids.add(ce["id"])
            for c in ce.get("cards") or []:
                if c.get("ref"):
                    ids.add(c["ref"])
    return ids


def board_module(game_id: str):
    """The board description module of a game (its spec's ``board`` part)."""
    from ..games import spec
    return spec(game_id).board


def describe(game_id: str, obs: Mapping[str, Any], lang: str = "en", cards: Any = None) -> dict[str, Any]:
    """The board description of ``obs`` by the game's own ``board.describe``."""
    return board_module(game_id).describe(obs, lang=lang, cards=cards)


def refs(game_id: str, action: Any) -> list[str]:
    """The element ids ``action`` is about (see the module docstring)."""
    return list(board_module(game_id).refs(action))


def problems(desc: Mapping[str, Any]) -> list[str]:
    """What is wrong with a board description (empty: well formed). Used by the tests."""
    out: list[str] = []
    for key in ("game", "lang", "title", "status", "areas"):
        if key not in desc:
            out.append(f"missing {key!r}")
    ids: set[str] = set()

    def check_card(c: Mapping[str, Any], where: str) -> None:
        for key in ("ref", "title", "face_down", "stats", "states"):
            if key not in c:
                out.append(f"{where}: card without {key!r}")
        if c.get("face_down") and (c.get("id") or c.get("name")):
            out.append(f"{where}: a face-down card shows {c.get('id') or c.get('name')!r}")
        if not c.get("face_down") and not c.get("title"):
            out.append(f"{where}: a face-up card without a title")

    for a in desc.get("areas") or []:
        aid = a.get("id")
        if not aid or aid in ids:
            out.append(f"area id {aid!r} missing or repeated")
        ids.add(aid)
        if a.get("layout") not in LAYOUTS:
            out.append(f"{aid}: layout {a.get('layout')!r} not one of {LAYOUTS}")
        if a.get("side") not in SIDES:
            out.append(f"{aid}: side {a.get('side')!r} not one of {SIDES}")
        if not a.get("label"):
            out.append(f"{aid}: no label")
        for c in a.get("cards") or []:
            check_card(c, aid)
        for k in a.get("counters") or []:
            if not k.get("label") or k.get("tone", "") not in TONES:
                out.append(f"{aid}: counter {k!r} without a label or with an unknown tone")
        for ce in a.get("cells") or []:
            if not ce.get("id") or ce["id"] in ids:
                out.append(f"{aid}: cell id {ce.get('id')!r} missing or repeated")
            ids.add(ce.get("id"))
            for c in ce.get("cards") or []:
                check_card(c, ce.get("id"))
        if a.get("layout") in ("grid", "track") and not a.get("cells"):
            out.append(f"{aid}: a {a.get('layout')} without cells")
    return out


__all__ = ["LAYOUTS", "SIDES", "TONES", "area", "board_module", "card", "card_ref", "cell", "counter",
           "describe", "element_ids", "printed", "problems", "refs", "title_of"]
