"""白猫プロジェクト TCG (Shironeko Project TCG): rules, sample cards, decks and catalog profile."""
from .rules import ShironekoRules

RULES = ShironekoRules()
