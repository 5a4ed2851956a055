"""What the heuristic-agent tests share: a hand-built state of the real card set as a game, and
asking a policy for its choice (which must be legal)."""
from __future__ import annotations

from tcg.agents.base import AgentView
from tcg.engine.action import Action
from tcg.engine.game import Game
from tcg.engine.rng import Rng
from tcg.games import get_rules

from ..games.harness_base import card_id, start


def scenario_game(game_id: str, state) -> Game:
    """A game of the package's ruleset around ``state``, advanced to its first decision."""
    return start(get_rules(game_id), state)


def act(g: Game, policy) -> Action:
    """The policy's choice at the game's decision (seeded rng 1); asserted legal."""
    view = AgentView(g, g.legal_actions())
    a = policy(view, Rng(1))
    assert a in g.legal_actions()
    return a


def chosen(g: Game, a: Action, kind: str, card: str) -> Action:
    """``a`` (a policy's choice) is of type ``kind`` on the card ``card`` (its id); returns ``a``."""
    assert a.type == kind and card_id(g, a.card) == card, (a, card_id(g, a.card) if a.get("card") is not None else None)
    return a


def zone_ids(g: Game, p: int, zone: str) -> list[str]:
    """The card ids in player ``p``'s ``zone`` (a list of instance ids on the player's state)."""
    return [g.state.cards[i].id for i in getattr(g.state.players[p], zone)]


def play_until(g: Game, policy, kinds: tuple[str, ...] = ("main",), player: int = 0, limit: int = 20) -> None:
    """Let ``policy`` answer the decisions until one of ``kinds`` comes to ``player`` (or the game
    ends), ``limit`` decisions at most."""
    for _ in range(limit):
        if g.is_over or (g.decision.kind in kinds and g.decision.player == player):
            return
        g.apply(act(g, policy))


__all__ = ["act", "card_id", "play_until", "scenario_game", "zone_ids"]
