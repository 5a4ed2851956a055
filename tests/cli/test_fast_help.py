"""``tcg``, ``tcg --help`` and ``tcg -h`` answer without loading typer and rich (issue 19: at
most 3x the time of ``import tcg``), with exactly the text typer prints, at any width."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from tcg.cli import app
from tcg.launch import COMMANDS, top_help


@pytest.mark.parametrize("width", [60, 80, 100, 150])
def test_the_fast_help_is_typers_help(width, monkeypatch):
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("TERM", "dumb")
    typer_text = CliRunner().invoke(app, ["--help"], prog_name="tcg", terminal_width=width).output
    assert top_help(width) == typer_text


def test_every_command_is_listed_in_order():
    declared = [c.name or c.callback.__name__.replace("_", "-") for c in app.registered_commands]
    assert [name for name, _ in COMMANDS] == declared


@pytest.mark.parametrize("args", [[], ["--help"], ["-h"]])
def test_the_script_prints_it_without_importing_typer_or_rich(args):
    code = ("import sys; sys.argv = ['tcg'] + %r; from tcg.launch import main; main(); "
            "print([m for m in sys.modules if m.split('.')[0] in ('typer', 'rich', 'click')])" % args)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "COLUMNS": "80"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.endswith("[]\n")
    assert out.stdout[:-3] == top_help(80)


def test_other_commands_still_reach_the_full_command_line():
    out = subprocess.run([sys.executable, "-m", "tcg", "games"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "shironeko" in out.stdout
    out = subprocess.run([sys.executable, "-m", "tcg", "play", "--help"], capture_output=True, text=True,
                         timeout=60, env={**os.environ, "COLUMNS": "100"})
    assert out.returncode == 0 and "Usage: tcg play" in out.stdout
