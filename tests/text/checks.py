"""Checks the per-game text tests share (tests/text/test_<game>_text.py): each game's test calls
them with what its own games met."""
from __future__ import annotations

from collections import Counter, defaultdict

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


def check_terms_glossed(cat, least: int) -> None:
    """At least ``least`` game terms (``term.*``), each with an English gloss that ends its English
    form ("Serving (お給仕)")."""
    terms = cat.keys("term.")
    assert len(terms) >= least
    for key in terms:
        assert cat.entry(key).get("gloss"), key
        assert cat.term(key, "en").endswith(f"({cat.entry(key)['gloss']})"), key


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


def log_seen_by(game, viewer, since: int = 0) -> list:
    """The events logged since ``since`` as ``viewer`` sees them (None: a spectator)."""
    return game.log.for_player(viewer, since) if viewer is not None else game.log.for_spectator(since)


def narrated(game, narrate, langs, quiet=None, viewers=(0, 1, None)):
    """(viewer, event, lang, line) for every event of the game's log as each of ``viewers`` reads it
    in each language (``narrate(event, viewer, lang)``); an event without a line must be one of
    ``quiet`` (None: any may be)."""
    for viewer in viewers:
        for ev in log_seen_by(game, viewer):
            for lang in langs:
                line = narrate(ev, viewer, lang)
                if line is None:
                    assert quiet is None or ev["type"] in quiet, ev
                    continue
                yield viewer, ev, lang, line


def read_new_events(game, words, mark: int, books: dict, out: Played, langs, quiet=None) -> None:
    """Every event logged since ``mark``, as each player and a spectator read it in each language
    (``books``: their card books by (viewer, lang)): its line (``words.narrate``) and the lines
    ``words.lines`` makes of them, kept in ``out``. An event without a line must be one of
    ``quiet`` (None: any may be)."""
    for v in (0, 1, None):
        events = log_seen_by(game, v, mark)
        for lang in langs:
            book = books[(v, lang)]
            for ev in events:
                out.events.add(ev["type"])
                text = words.narrate(ev, v, lang, book)
                if text is None:
                    assert quiet is None or ev["type"] in quiet, ev
                    continue
                out.lines.append((("narrate", ev["type"], v), text, lang))
                out.pov.append((ev, v, lang, text))
            for line in words.lines(events, v, lang, book):
                out.lines.append((("lines", v), line, lang))


def note_decision(game, seen) -> tuple:
    """The open decision and its legal actions, their kind and types noted in ``seen`` (its
    ``decisions`` and ``actions`` sets)."""
    d, legal = game.decision, game.legal_actions()
    seen.decisions.add(d.kind)
    seen.actions.update(a.type for a in legal)
    return d, legal


def check_menu_paths(legal, paths, alike) -> Counter:
    """A menu's (path, action) pairs: every legal action once, in order, each path of words, and
    equal paths exactly for actions alike for the player (``alike(a)`` equal: copies of one card
    in a pile). Returns how many actions each path holds."""
    assert [a for _, a in paths] == list(legal)
    by_path: dict[tuple, set] = defaultdict(set)
    by_kind: dict[tuple, set] = defaultdict(set)
    for path, a in paths:
        assert path and all(isinstance(step, str) and step for step in path), path
        by_path[path].add(alike(a))
        by_kind[alike(a)].add(path)
    assert all(len(kinds) == 1 for kinds in by_path.values()), "different actions share a path"
    assert all(len(ps) == 1 for ps in by_kind.values()), "copies of one card got different paths"
    return Counter(path for path, _ in paths)


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
