"""``--agent-option KEY=VALUE``: options of the agents' constructors (e.g. ismcts iterations)."""
from __future__ import annotations

import inspect
from typing import Any, Sequence


def parse_value(text: str) -> Any:
    """``100`` -> int, ``0.5`` -> float, ``true``/``false`` -> bool, ``none`` -> None, else the text."""
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null"):
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def agent_parameters(name: str) -> list[str]:
    """Keyword options the agent ``name`` accepts (besides its seed)."""
    from ..agents.base import AGENTS, make_agent
    if name not in AGENTS:
        make_agent(name)  # registers the built-in agents, or raises for an unknown name
    params = inspect.signature(AGENTS[name]).parameters
    return [p for p in params if p not in ("self", "seed")]


def parse_agent_options(items: Sequence[str], agents: Sequence[str]) -> list[dict[str, Any]]:
    """One options dict per agent from ``KEY=VALUE`` items. A plain ``KEY=VALUE`` goes to every
    agent that takes KEY; ``N:KEY=VALUE`` (N = 0, 1, ...) only to the N-th agent given.
    Errors (bad syntax, an option no agent takes) raise ValueError."""
    out: list[dict[str, Any]] = [{} for _ in agents]
    accepted = [agent_parameters(a) for a in agents]
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--agent-option must look like KEY=VALUE or N:KEY=VALUE, got {item!r}")
        key = key.strip()
        targets = list(range(len(agents)))
        if ":" in key:
            who, _, key = key.partition(":")
            if not who.isdigit() or int(who) >= len(agents):
                raise ValueError(f"--agent-option {item!r}: N must be an agent number from 0 to "
                                 f"{len(agents) - 1}")
            targets = [int(who)]
        takers = [i for i in targets if key in accepted[i]]
        if not takers:
            names = sorted({agents[i] for i in targets})
            known = "; ".join(f"{a} takes {', '.join(agent_parameters(a)) or 'no options'}" for a in names)
            raise ValueError(f"--agent-option {item!r}: no agent takes {key!r} ({known})")
        for i in takers:
            out[i][key] = parse_value(value)
    return out
