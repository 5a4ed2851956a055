"""What the games whose cards may declare the keyword ``SPARK`` (tests/corpus/cardfile.py) tell
alike besides ``spark_errors``: a keyword declared in two files loaded together."""
from __future__ import annotations

import pytest

from .cardfile import SPARK, card_head, load_error, set_table


@pytest.mark.parametrize("game", ["shironeko", "zx"])
def test_a_keyword_declared_in_two_files(game):
    msg = str(load_error(game, set_table(game) + SPARK + card_head(game), set_table(game) + SPARK))
    assert "more0.toml" in msg and "keywords.spark.id" in msg and "already declared in bad.toml" in msg
