"""tests/rl need the optional extra ``rl`` (``uv run --extra rl pytest``); skipped without it."""
import pytest

pytest.importorskip("numpy", reason="tcg.rl needs the 'rl' extra: uv run --extra rl pytest")
pytest.importorskip("gymnasium", reason="tcg.rl needs the 'rl' extra: uv run --extra rl pytest")
pytest.importorskip("pettingzoo", reason="tcg.rl needs the 'rl' extra: uv run --extra rl pytest")
