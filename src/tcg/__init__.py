"""tcg: reference rules engine for Shironeko Project TCG, Turu-turu Stage, Kemuri Chuudoku and Z/X.

Public API (stable)::

    import tcg
    tcg.list_games()                       # ["shironeko", ...]
    tcg.list_decks("shironeko")            # shipped sample decks
    deck = tcg.load_deck("shironeko", "red_rush")     # or a path to a deck file, or a deck code
    code = tcg.deck_code("shironeko", deck)           # 'tcg1:shironeko:...': one line, read back by load_deck
    tcg.validate_deck("shironeko", deck)   # [] when legal, else DeckProblem(rule, message, card)
    game = tcg.new_game("shironeko", [deck, "blue_control"], seed=7)
    game.decision, game.legal_actions(), game.apply(action), game.is_over, game.winner
    game.observe(0), game.observe(None), game.clone(), game.record(), game.log
    game.apply(action, player=0)           # refused unless player 0 holds the decision
    game.can_undo, game.undo()             # take back an action that revealed nothing
    tcg.replay(game.record())
    tcg.card_schema("zx")                  # the JSON Schema of a card file (for editors)
"""
from .api import IllegalDeckError, card_schema, card_set, deck_code, list_decks, list_games, load_deck, new_game, replay, validate_deck
from .engine.action import Action, Decision
from .engine.deck import Deck, DeckProblem
from .engine.errors import (ArgumentError, CardDataError, DeckFileError, IllegalActionError, RecordError,
                            TcgError, UndoError, UnknownGameError)
from .engine.game import Game

__version__ = "0.1.0"

__all__ = [
    "Action", "ArgumentError", "CardDataError", "Deck", "DeckFileError", "DeckProblem", "Decision", "Game",
    "IllegalActionError", "IllegalDeckError", "RecordError", "TcgError", "UndoError", "UnknownGameError",
    "card_schema", "card_set", "deck_code", "list_decks", "list_games", "load_deck", "new_game", "replay", "validate_deck", "__version__",
]
