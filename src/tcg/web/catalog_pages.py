"""The catalog page (``/catalog``: the four games' catalog profiles side by side) and each game's
card gallery (``/cards/{game}``: every card of its card set as a card tile).

The profile values are data and shown as the profile gives them (``Profile.rows``, the same text
``tcg catalog`` prints, but never cut); the row labels are ``web.catalog.row.<template key>``.
A gallery tile is the tile a card in hand gets on the table: the game's own board description of
the printed card (its spec's ``card_tile``, ``games/<id>/board.py``), with the card's text from
the game's text layer, so
the gallery reads exactly like the table. Every word of the pages comes from ``tcg/text.toml``
(``web.catalog.*``).

``add_routes(app, page, problem, lang_of)`` registers both pages on the app ``create_app``
builds; ``page``, ``problem`` and ``lang_of`` are its helpers."""
from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any, Callable

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse

from ..present import board as B
from ..api import card_set, list_games
from ..engine.profile import TEMPLATE
from ..games import get_rules, spec
from ..present.text import catalog

log = logging.getLogger("tcg.web")


def _t(key: str, lang: str, /, **params: Any) -> str:
    return catalog().t(key, lang, **params)


def game_name(game: str, lang: str) -> str:
    """The game's name from its profile: Japanese as printed, or the English name."""
    return spec(game).name_in(lang)


# --- the catalog ------------------------------------------------------------------------------

def catalog_table(lang: str) -> dict[str, Any]:
    """The side-by-side table: the game columns and one row per template entry (label in
    ``lang``, the other language's label, and each game's value whole)."""
    other = "en" if lang == "ja" else "ja"
    games = list_games()
    values = {g: [v for _, v in get_rules(g).profile.rows()] for g in games}
    rows = []
    for i, (key, _label) in enumerate(TEMPLATE):
        rows.append({"key": key, "label": _t(f"web.catalog.row.{key}", lang),
                     "other": _t(f"web.catalog.row.{key}", other), "other_lang": other,
                     "values": [values[g][i] for g in games]})
    return {"columns": [{"id": g, "name": game_name(g, lang)} for g in games], "rows": rows}


# --- the card gallery -----------------------------------------------------------------------

@lru_cache(maxsize=16)
def gallery(game: str, lang: str) -> tuple[dict[str, Any], ...]:
    """Every card of the game's set as tiles, grouped by kind in the set's order:
    ``({"kind": id, "label": ..., "cards": (tile, ...)}, ...)``. A tile is a board-description card
    (``tcg.present.board.card``) with ``kind`` the full kind name and ``fallback`` set when the game's
    board could not draw it (logged; the tile then shows the printed name, kind and text)."""
    cards = card_set(game)
    game_spec = spec(game)
    view_of = game_spec.printed
    text = game_spec.words
    text_of = text.card_text
    build = game_spec.card_tile(lang, cards)
    groups: dict[str, dict[str, Any]] = {}
    for c in cards:
        kind = text.kind_name(c.kind, lang)
        kind = kind if lang == "ja" else kind[:1].upper() + kind[1:]
        try:
            tile = build({"iid": None, **view_of(c)})
            tile["fallback"] = False
        except Exception:  # noqa: BLE001 - one card the board cannot draw must not lose the page
            log.exception("the %s board could not draw card %s", game, c.id)
            tile = B.card({"id": c.id, "name": c.name, "name_en": c.name_en}, lang, text=text_of(c, lang))
            tile["fallback"] = True
        tile["kind"] = kind
        tile["kind_id"] = c.kind
        group = groups.setdefault(c.kind, {"kind": c.kind, "label": kind, "cards": []})
        group["cards"].append(tile)
    return tuple({**g, "cards": tuple(g["cards"])} for g in groups.values())


def known_games() -> str:
    return ", ".join(list_games())


# --- the routes ---------------------------------------------------------------------------------

def add_routes(app: FastAPI, page: Callable[..., HTMLResponse], problem: Callable[..., HTMLResponse],
               lang_of: Callable[[Request], str]) -> None:
    """``GET /catalog`` and ``GET /cards/{game}`` on ``app``."""

    @app.get("/catalog", response_class=HTMLResponse)
    async def catalog_page(request: Request):
        lang = lang_of(request)
        return page(request, "catalog.html", lang=lang, table=catalog_table(lang))

    @app.get("/cards/{game}", response_class=HTMLResponse)
    async def cards_page(request: Request, game: str):
        lang = lang_of(request)
        if game not in list_games():
            return problem(request, _t("web.catalog.unknown_game", lang, game=game, known=known_games()), 404)
        cards = card_set(game)
        groups = gallery(game, lang)
        return page(request, "cards.html", lang=lang, game=game, game_name=game_name(game, lang),
                    set_name=cards.name, set_version=cards.version, groups=groups,
                    count=sum(len(g["cards"]) for g in groups),
                    others=[{"id": g, "name": game_name(g, lang)} for g in list_games() if g != game])


__all__ = ["add_routes", "catalog_table", "gallery"]
