"""Moved to ``tcg.present.text``; this name stays importable for code written against it."""
from __future__ import annotations

from .present.text import (ENTRY_FIELDS, GAMES_DIR, LANGS, SHARED, Catalog, card_title, catalog, game_words,
                           is_japanese, placeholders)

__all__ = ["ENTRY_FIELDS", "GAMES_DIR", "LANGS", "SHARED", "Catalog", "card_title", "catalog", "game_words",
           "is_japanese", "placeholders"]
