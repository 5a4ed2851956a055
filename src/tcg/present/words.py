"""Sentences of the interface, whatever the front end: ``say`` (a sentence of ``tcg.present.text`` in the
player's language), the result of a game as plain words and its mood (``result_words``; the
terminal colours it by the mood), why nothing more can be done (``why_not``) and a game's rules
primer (``rules_primer``)."""
from __future__ import annotations

from typing import Any, Mapping

from .renderer import PlainRenderer, game_spec


def say(key: str, lang: str = "en", game_id: str | None = None, **params: Any) -> str:
    """A sentence of the interface in the player's language (``tcg.present.text``)."""
    from .text import catalog
    return catalog(game_id).t(key, lang, **params)


def result_words(renderer: PlainRenderer, result: Mapping[str, Any] | None,
                 viewer: int | None) -> tuple[str, str]:
    """The result of a game for ``viewer`` as a sentence, and its mood: "" (not over), "draw",
    "win" (the viewer, or a named player, won) or "lose" (the viewer lost)."""
    lang = getattr(renderer, "lang", "en")
    game_id = getattr(getattr(renderer, "game", None), "game_id", None)
    if not result:
        return say("ui.not_over", lang, game_id), ""
    code = result.get("reason")
    reason = say(f"reason.{code}", lang, game_id) if code else ""
    if reason.startswith("⟦"):  # no sentence for this reason: the renderer's words
        reason = renderer.reason_text(code)
    winner = result.get("winner")
    if result.get("draw") or winner is None:
        return say("result.draw", lang, game_id, reason=reason), "draw"
    if viewer is not None and viewer == renderer.viewer and renderer.viewer_is_you:
        if winner == viewer:
            return say("result.you_win", lang, game_id, reason=reason), "win"
        return say("result.you_lose", lang, game_id, reason=reason), "lose"
    return say("result.win", lang, game_id, who=renderer.who(winner), reason=reason), "win"


def why_not(game, viewer: int, lang: str) -> list[str]:
    found = game_spec(game.game_id)
    if found is None:
        return []
    fn = found.member("words", "why_not")
    try:
        return [str(x) for x in fn(game, viewer, lang)]
    except Exception:  # noqa: BLE001 - never let a cosmetic problem stop a game
        return []


def rules_primer(game_id: str, lang: str) -> str | None:
    found = game_spec(game_id)
    return found.member("words", "rules_primer")(lang) if found is not None else None
