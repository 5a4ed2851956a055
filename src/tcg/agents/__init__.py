"""Computer players. Every agent implements ``act(view) -> Action`` and sees only an
``AgentView``: its own observation and its legal actions, never the hidden state."""
from .base import Agent, AgentView, make_agent, AGENTS
from .random_agent import RandomAgent

__all__ = ["Agent", "AgentView", "RandomAgent", "make_agent", "AGENTS"]
