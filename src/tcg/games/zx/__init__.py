"""Z/X -Zillions of enemy X-: rules, sample cards, decks and catalog profile."""
from .rules import ZXRules

RULES = ZXRules()
