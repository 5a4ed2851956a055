"""The computer players by name: ``make_agent(name, seed, **options)``.

A built-in name stands for the module and class that implement it, imported only when that name
is first asked for; that module's ``@register(name)`` then enters the class in ``AGENTS`` (as an
agent defined anywhere else does). This module imports no agent module and nothing of the agent
interface (``base``), so the interface and the agents import each other in one direction only:
each agent module imports ``base``, and ``base`` only this registry."""
from __future__ import annotations

from importlib import import_module
from typing import Any, Callable

#: the agents shipped with the engine: name -> (module of this package, class)
BUILT_IN: dict[str, tuple[str, str]] = {
    "random": ("random_agent", "RandomAgent"),
    "heuristic": ("heuristic", "HeuristicAgent"),
    "ismcts": ("ismcts", "ISMCTSAgent"),
}

#: the agent factories registered so far, by name (``register``)
AGENTS: dict[str, Callable[..., Any]] = {}


def register(name: str):
    """Class decorator: enter an agent class under ``name`` (and set its ``name``)."""
    def deco(cls):
        AGENTS[name] = cls
        cls.name = name
        return cls
    return deco


def agent_factory(name: str) -> Callable[..., Any]:
    """The factory of agent ``name``, importing its module when it is a built-in one not yet
    loaded; ValueError for an unknown name."""
    factory = AGENTS.get(name)
    if factory is None and name in BUILT_IN:
        module, cls = BUILT_IN[name]
        factory = getattr(import_module(f"{__package__}.{module}"), cls)
        AGENTS.setdefault(name, factory)
    if factory is None:
        raise ValueError(f"unknown agent {name!r}; available: {', '.join(available())}")
    return factory


def available() -> list[str]:
    """Every agent name ``make_agent`` takes."""
    return sorted(set(AGENTS) | set(BUILT_IN))


def make_agent(name: str, seed: int = 0, **options: Any):
    """A new agent ``name`` seeded with ``seed`` (its options as keywords)."""
    return agent_factory(name)(seed=seed, **options)
