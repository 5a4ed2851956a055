"""Checks the per-game text tests share (tests/text/test_<game>_text.py): each game's test calls
them with what its own games met."""
from __future__ import annotations

from collections import defaultdict

from tcg.present.text import is_japanese, placeholders


def _forms(words) -> list:
    return list(words.values()) if isinstance(words, dict) else [words]


def _fields(forms) -> set:
    return set().union(*map(placeholders, forms)) - {"count"}


def check_type_words(cat, key: str, same_allowed: bool = False) -> None:
    """A type met in games (``event.optional``...) has words: an entry of its own, or one entry
    per outcome (``event.optional.yes`` / ``.no``), each in both languages."""
    keys = [key] if key in cat else cat.keys(key + ".")
    assert keys, f"{key} has no words"
    for k in keys:
        check_words_in_both_languages(cat, k, same_allowed)


def check_words_in_both_languages(cat, key: str, same_allowed: bool = False) -> None:
    """A table entry has English and Japanese forms, the Japanese in Japanese and not the English
    (``same_allowed``: unless the entry says ``same``), both with the same placeholders."""
    entry = cat.entry(key)
    assert entry is not None, f"{key} has no words"
    assert "en" in entry and "ja" in entry, key
    en, ja = _forms(entry["en"]), _forms(entry["ja"])
    if not (same_allowed and entry.get("same")):
        assert all(is_japanese(j) for j in ja), f"{key}: {ja}"
        assert not set(ja) & set(en), f"{key}: the Japanese equals the English"
    assert _fields(en) == _fields(ja), key


def check_lines_are_finished_sentences(lines, clean, kinds) -> None:
    """Every (what, text, lang) line is clean, a Japanese one in Japanese, and each kind of line
    was met in both languages."""
    seen = defaultdict(int)
    for what, text, lang in lines:
        clean(text, what)
        if lang == "ja":
            assert is_japanese(text), (what, text)
        seen[(what[0], lang)] += 1
    for kind in kinds:
        assert seen[(kind, "en")] and seen[(kind, "ja")], kind


def check_english_and_japanese_lines_differ(lines) -> None:
    en = {what: text for what, text, lang in lines if lang == "en" and what[0] in ("prompt", "label")}
    ja = {what: text for what, text, lang in lines if lang == "ja" and what[0] in ("prompt", "label")}
    for what in set(en) & set(ja):
        assert en[what] != ja[what], what


def check_events_from_the_viewers_side(pov, you: dict, least: int, players_only: bool = False,
                                       strip=None) -> None:
    """An event of the viewer's own reads "You"/"あなた" first (``you[lang]`` finds the first
    word), one of the other player "Opponent"/"相手"; a spectator is told P0 / P1; at least
    ``least`` lines checked. ``players_only``: events without a player, and game_over, are passed
    over; ``strip``: a pattern taken out of the text before the first word is looked for."""
    checked = 0
    for ev, viewer, lang, text in pov:
        p = ev.get("player")
        if players_only and (not isinstance(p, int) or ev["type"] in ("game_over",)):
            continue
        if viewer is None:
            assert f"P{p}" in text, (ev, text)
            continue
        m = you[lang].search(strip.sub("", text) if strip else text)
        assert m, (ev, viewer, text)
        first = m.group(1).lower()
        if p == viewer:
            assert first in ("you", "your", "あなた"), (ev, viewer, text)
        else:
            assert first in ("opponent", "opponent's", "相手"), (ev, viewer, text)
        checked += 1
    assert checked > least


def check_events_read_in_both_languages(narrate, events, book, clean, langs) -> None:
    for lang in langs:
        for ev in events:
            text = narrate(ev, 0, lang, book)
            clean(text, ev)
            assert lang == "en" or is_japanese(text)


def check_clean(text: str, what, internal, raw) -> None:
    """A line a player reads: text, no ⟦missing⟧ marker, no internal name, no raw value."""
    assert text and isinstance(text, str), what
    assert "⟦" not in text, (what, text)
    assert not internal.search(text), (what, text)
    assert not raw.search(text), (what, text)


class Played:
    """What seeded games met: event types, decision kinds and action types, and the lines they
    gave in both languages from both seats and a spectator."""

    def __init__(self):
        self.events: set[str] = set()
        self.decisions: set[str] = set()
        self.actions: set[str] = set()
        self.reasons: set[str] = set()        # the reasons games ended for (Kemuri)
        self.menus: list[tuple] = []          # (decision kind, legal, menu, card ids) at sampled decisions
        self.turn3: list[int] = []            # first-step choices in turn-3 main phases (Z/X)
        self.lines: list[tuple] = []          # (what, text, lang)
        self.pov: list[tuple] = []            # (event, viewer, lang, text)


def check_why_not(why_not, game, clean, en: list, ja: list, fine: str) -> list:
    """Player 0's why_not lines hold every line of ``en`` (English) and ``ja`` (Japanese) and
    none naming ``fine`` (a card that can be played: nothing to explain); every line is clean;
    player 1 is told it is not their decision. Returns the English lines."""
    lines = why_not(game, 0, "en")
    for line in en:
        assert line in lines
    assert not any(fine in line for line in lines)
    lines_ja = why_not(game, 0, "ja")
    for line in ja:
        assert line in lines_ja
    for line in lines + lines_ja:
        clean(line, "why_not")
    assert why_not(game, 1, "en") == ["it is Opponent's decision, not yours"]
    return lines
