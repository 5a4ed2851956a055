"""The agents by name (``tcg.agents.registry``): the interface module imports no agent module,
each agent module is imported when its name is first asked for, and the names and the public
``tcg.agents.base.make_agent`` are as before (issue 31: no import circle base <-> agents)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from tcg.agents.base import AGENTS, make_agent
from tcg.agents.registry import available


def test_the_interface_imports_no_agent_module():
    code = ("import sys, tcg.agents.base as b; "
            "print(sorted(m for m in sys.modules if m.startswith('tcg.agents.') and m not in "
            "('tcg.agents.base', 'tcg.agents.registry', 'tcg.agents.random_agent')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("name", ["random", "heuristic", "ismcts"])
def test_every_built_in_name_makes_its_agent(name):
    agent = make_agent(name, seed=3)
    assert agent.name == name and AGENTS[name] is type(agent)


def test_an_unknown_name_lists_the_names():
    assert available() == ["heuristic", "ismcts", "random"]
    with pytest.raises(ValueError, match="available: heuristic, ismcts, random"):
        make_agent("nobody")
