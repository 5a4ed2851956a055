"""Golden transcripts (issue 32, "behaviour stays as it is"): for one whole game per game and per
language, every text a seat reads — the terminal's screens at each decision of each seat, the web
room's messages to each seat and to a spectator, the "why is nothing offered" lines, and the
replay's log and narration lines — is what it was at main 21fc82f, the commit before the words
were split by concern. The games' actions are stored with the transcripts
(``tests/text/data/golden/<game>-<lang>.jsonl.gz``, made by ``tests/text/data/make_golden.py``,
which says how), so this replays the same games through today's front ends and compares line by
line; a difference names the game, language, channel, seat and step of its first line.

The card titles are the one thing allowed to change (issue 32); when they are made consistent,
the test compares with titles normalised by ``titles_normalised`` (set ``TITLES_NORMALISED`` to
True): every way a card's title is written (its printed name, its English name, either followed
by the other in brackets) reads as one token naming the card.
"""
from __future__ import annotations

import functools
import importlib.util
import pathlib
import re
import sys
from typing import Any, Callable, Iterator

import pytest

from tcg.api import get_rules

_SPEC = importlib.util.spec_from_file_location("make_golden", pathlib.Path(__file__).parent / "data" / "make_golden.py")
assert _SPEC is not None and _SPEC.loader is not None
golden = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("make_golden", golden)
_SPEC.loader.exec_module(golden)

#: compare with card titles normalised (``titles_normalised``): off while the titles are as recorded
TITLES_NORMALISED = True


@functools.lru_cache(maxsize=None)
def _titles(game_id: str) -> tuple[re.Pattern[str], dict[str, str]]:
    """Every written form of every card title of ``game_id``, longest first, and the token of each."""
    token: dict[str, str] = {}
    for card in get_rules(game_id).cards:
        ja, en = str(getattr(card, "name", "") or ""), str(getattr(card, "name_en", "") or "")
        forms = [f"{en} ({ja})", f"{ja} ({en})", f"{en}（{ja}）", f"{ja}（{en}）"] if ja and en else []
        for form in forms + [ja, en]:
            if form.strip():
                # one token for every card of the same names (reprints share a title): the first's id
                token.setdefault(form, f"⟨{card.id}⟩")
    pattern = re.compile("|".join(re.escape(f) for f in sorted(token, key=len, reverse=True)))
    return pattern, token


def titles_normalised(text: str, game_id: str) -> str:
    """``text`` with every card title of ``game_id`` written as one token per card, however it is
    written (``名前 (Name)``, ``Name (名前)``, one name alone)."""
    pattern, token = _titles(game_id)
    return pattern.sub(lambda m: token[m.group(0)], text)


def _lines(records: list[dict[str, Any]], norm: Callable[[str], str]) -> Iterator[tuple[tuple, str]]:
    """Each line of each record with where it is: (channel, seat, step, line number)."""
    for rec in records:
        for i, line in enumerate(norm(rec["text"]).split("\n")):
            yield (rec["ch"], rec["seat"], rec["step"], i), line


def first_difference(game_id: str, lang: str, want: list[dict[str, Any]], got: list[dict[str, Any]],
                     norm: Callable[[str], str]) -> str | None:
    """Where ``got`` first differs from ``want`` (None: nowhere), said with its place and both lines."""
    a, b = list(_lines(want, norm)), list(_lines(got, norm))
    for i, (w, g) in enumerate(zip(a, b)):
        if w != g:
            (ch, seat, step, n), line = w
            return (f"{game_id}/{lang}: the first difference is in {ch}, seat {seat}, step {step}, line {n}:\n"
                    f"  recorded: {line!r} (at {w[0]})\n  now:      {g[1]!r} (at {g[0]})\n"
                    f"  before it: {a[i - 1][1] if i else ''!r}")
    if len(a) != len(b):
        longer, which = (a, "recorded") if len(a) > len(b) else (b, "now")
        (ch, seat, step, n), line = longer[min(len(a), len(b))]
        return f"{game_id}/{lang}: only {which} goes on, at {ch}, seat {seat}, step {step}: {line!r}"
    return None


@pytest.mark.parametrize("lang", golden.LANGS)
@pytest.mark.parametrize("game_id", list(golden.GAMES))
def test_every_text_a_seat_reads_is_as_recorded(game_id, lang):
    record, want = golden.load(game_id, lang)
    got = list(golden.transcript(record, lang))
    norm = functools.partial(titles_normalised, game_id=game_id) if TITLES_NORMALISED else (lambda s: s)
    diff = first_difference(game_id, lang, want, got, norm)
    assert diff is None, diff


def test_the_normalising_hook_reads_every_form_of_a_title_alike():
    card = next(iter(get_rules("shironeko").cards))
    forms = [f"{card.name_en} ({card.name})", f"{card.name} ({card.name_en})", card.name, card.name_en]
    said = {titles_normalised(f"You placed {f}.", "shironeko") for f in forms}
    assert len(said) == 1 and card.name not in said.pop()


def test_a_difference_is_named_by_its_place():
    want = [{"ch": "term", "seat": 0, "step": 3, "text": "a\nb"}]
    got = [{"ch": "term", "seat": 0, "step": 3, "text": "a\nc"}]
    diff = first_difference("zx", "en", want, got, lambda s: s)
    assert diff is not None and "term, seat 0, step 3, line 1" in diff and "'b'" in diff and "'c'" in diff
