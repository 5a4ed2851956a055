"""Benchmark-only agent ``clairvoyant``: ISMCTS that searches the real game instead of samples.

It sees the opponent's hand and every deck order (so the future draws), which no fair player
can: it measures how much of ISMCTS's gap to a target is hidden information and luck rather
than the search itself. Never registered by the ``tcg`` package; ``strength.py`` imports it.

    uv run python benchmarks/strength.py zx clairvoyant heuristic --games 60 --a-option iterations=400
"""
from __future__ import annotations

from tcg.agents.base import AgentView, register
from tcg.agents.ismcts import ISMCTSAgent


class _RealView(AgentView):
    __slots__ = ()

    def sample(self, rng):
        return self._game.clone()  # the real hidden cards and future draws


@register("clairvoyant")
class ClairvoyantISMCTS(ISMCTSAgent):
    def act(self, view: AgentView):
        return super().act(_RealView(view._game, view.legal_actions))
