"""Moved to ``tcg.present.lines``; this name stays importable for code written against it."""
from __future__ import annotations

from .present.lines import cap, cards_in, fold, known_lang

__all__ = ["cap", "cards_in", "fold", "known_lang"]
