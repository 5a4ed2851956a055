"""Moved to ``tcg.present.voice``; this name stays importable for code written against it."""
from __future__ import annotations

from .present.voice import CardBook, Voice, getter, result_line

__all__ = ["CardBook", "Voice", "getter", "result_line"]
