"""けむりちゅーどく (Kemuri Chuudoku), 増量 regulation: rules, sample cards, decks and catalog profile."""
from .rules import KemuriRules

RULES = KemuriRules()
