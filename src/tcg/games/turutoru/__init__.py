"""RUNE-TCG トゥルトゥルSTAGE (Turu-turu Stage): rules, sample cards, decks and catalog profile."""
from .rules import TuruturuRules

RULES = TuruturuRules()
