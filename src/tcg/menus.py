"""Moved to ``tcg.present.menus``; this name stays importable for code written against it."""
from __future__ import annotations

from .present.menus import Path, Scene, grouped, option_or

__all__ = ["Path", "Scene", "grouped", "option_or"]
