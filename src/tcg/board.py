"""Moved to ``tcg.present.board``; this name stays importable for code written against it."""
from __future__ import annotations

from .present.board import (LAYOUTS, SIDES, TONES, area, board_module, card, card_ref, cell, counter, describe,
                            element_ids, printed, problems, refs, title_of)

__all__ = ["LAYOUTS", "SIDES", "TONES", "area", "board_module", "card", "card_ref", "cell", "counter",
           "describe", "element_ids", "printed", "problems", "refs", "title_of"]
