"""How one viewer is spoken to, the same in every game whose text layer names cards by instance
(Turu-turu, Kemuri, Z/X): the cards the viewer knows (``CardBook``) and how the viewer's lines read
(``Voice``: who is "you", whose a card is, how cards and lists of them are named, the line that
ends a game). Each game's ``games/<id>/text.py`` subclasses both, setting what differs there (its
catalog, what an entry keeps of a card, how a card's name reads...) and adding its own words.

Everything here is words from the viewer's side only: a ``CardBook`` learns cards from what the
viewer may see (observations, the events as they are told to the viewer), never from anything
else, unless it is given the game's cards by instance id (a referee's book)."""
from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Mapping, Sequence

from .text import card_title, catalog, short_title
from .lines import cap, cards_in, known_lang


def getter(x: Any) -> Callable[..., Any]:
    """``get(key, default=None)`` of a card view (a mapping) or of a printed card (attributes)."""
    return x.get if isinstance(x, Mapping) else (lambda k, d=None: getattr(x, k, d))


class CardBook:
    """Names the cards a viewer may know: the printed card set (by id) plus the cards seen so far
    (instance id -> id, names, kind, owner: ``FIELDS``), learnt from observations (``see``) and
    events (``learn``). ``cards`` may also be the game's cards by instance id (``game.state.cards``:
    a referee's book; where ``BY_INSTANCE``). Made ``for_game(game, viewer)`` it also looks at the
    viewer's observation when it meets a card it does not know yet (never at anything the viewer
    may not see)."""

    #: what an entry keeps of a card, besides its instance id, its id and its owner
    FIELDS: tuple[str, ...] = ("name", "name_en", "kind")
    #: whether a card view's own ``owner`` tells whose it is (else: the player whose part of the
    #: observation shows it)
    OWNER_FIELDS = True
    #: whether ``cards`` may be the game's cards by instance id (a list or a mapping by iid)
    BY_INSTANCE = True
    #: whether the owner of an instance the viewer has not seen is told (whose a card is, is no
    #: secret: the game's owner table)
    OWNERS_PUBLIC = True

    def __init__(self, cards: Any = None, game: Any = None, viewer: int | None = None):
        self.by_iid = None
        if self.BY_INSTANCE and (isinstance(cards, (list, tuple))
                                 or (isinstance(cards, Mapping) and not hasattr(cards, "find"))):
            self.by_iid, cards = cards, None
        if cards is None and game is not None:
            try:
                cards = game.rules.cards
            except Exception:  # noqa: BLE001 - naming must never break a game
                cards = None
        self.cards = cards
        self.game = game
        self.viewer = viewer
        self.seen: dict[int, dict[str, Any]] = {}
        self._mark = -1

    @classmethod
    def for_game(cls, game: Any, viewer: int | None) -> "CardBook":
        return cls(None, game, viewer)

    def find(self, cid: Any):
        """The printed card of an id, or None."""
        if not isinstance(cid, str) or self.cards is None:
            return None
        try:
            return self.cards.find(cid)
        except Exception:  # noqa: BLE001 - naming must never break a game
            return None

    def _entry(self, iid: int, cid: Any, get: Callable[..., Any], owner: Any) -> dict[str, Any]:
        entry = {"iid": iid, "id": cid}
        for name in self.FIELDS:
            entry[name] = get(name)
        entry["owner"] = owner
        return entry

    def unowned(self, obs: Mapping[str, Any]) -> Any:
        """The part of an observation outside the players' own whose cards are learnt too, with no
        owner but their own ``owner`` (none here; a game's table, board or event)."""
        return None

    def see(self, obs: Mapping[str, Any]) -> None:
        """Learn the names and owners of every card visible in an observation."""
        for pv in obs.get("players") or []:
            self._see(pv, pv.get("player"))
        self._see(self.unowned(obs), None)

    def _see(self, x: Any, owner: Any) -> None:
        for c, own in cards_in(x, owner, owner_field=self.OWNER_FIELDS):
            if isinstance(c.get("id"), str):
                self.seen[c["iid"]] = self._entry(c["iid"], c["id"], c.get, own)

    def learn(self, iid: Any, cid: Any, owner: Any = None) -> None:
        """Learn that instance ``iid`` is the card ``cid`` (of ``owner``)."""
        if not isinstance(iid, int) or not isinstance(cid, str):
            return
        known = self.seen.get(iid)
        if known is not None and known.get("id") == cid:
            if owner is not None and known.get("owner") is None:
                known["owner"] = owner
            return
        c = self.find(cid)
        if c is not None:
            self.seen[iid] = self._entry(iid, cid, getter(c), owner)

    def refresh(self) -> None:
        """Look at the viewer's observation again (once per new event)."""
        game = self.game
        if game is None:
            return
        try:
            mark = len(game.log)
            if mark == self._mark:
                return
            self._mark = mark
            self.see(game.observe(self.viewer))
        except Exception:  # noqa: BLE001 - naming must never break a game
            pass

    def view(self, iid: Any) -> dict[str, Any] | None:
        """What the viewer knows of instance ``iid`` (an entry), or None."""
        if not isinstance(iid, int) or isinstance(iid, bool) or iid < 0:
            return None
        if iid not in self.seen:
            if self.by_iid is not None:
                try:
                    c = self.by_iid[iid]
                except (IndexError, KeyError, TypeError):
                    c = None
                if c is not None:
                    get = getter(c)
                    return self._entry(iid, get("id"), get, self._owner_of(iid))
            self.refresh()
        return self.seen.get(iid)

    def _owner_of(self, iid: int) -> Any:
        try:
            return self.game.state.owner[iid]
        except Exception:  # noqa: BLE001
            return None

    def owner(self, iid: Any) -> Any:
        v = self.view(iid)
        owner = v.get("owner") if v else None
        if owner is None and self.OWNERS_PUBLIC and isinstance(iid, int) and self.game is not None:
            owner = self._owner_of(iid)
        return owner

    def card_of(self, iid: Any = None, cid: Any = None):
        """The printed card of an instance (or of an id)."""
        if isinstance(cid, str):
            found = self.find(cid)
            if found is not None:
                return found
        v = self.view(iid)
        if v is None:
            return None
        found = self.find(v.get("id"))
        if found is None and self.by_iid is not None:
            try:
                found = self.by_iid[iid]
            except (IndexError, KeyError, TypeError):
                found = None
        return found


class Voice:
    """How one viewer's lines read: their language, who is "you", how cards are named. ``cards``
    is a ``CardBook`` or what one is made of (a card set, the game's cards by instance id);
    ``names`` (optional) overrides how players are called ("P0", a real name)."""

    #: the game whose words are spoken (its ``text.toml``, then the shared one)
    game_id: str | None = None
    #: the game's book of cards (a Voice given a card set makes one)
    Book: type[CardBook] = CardBook
    #: what an instance the viewer cannot tell is called ("a card" when no instance is named)
    UNKNOWN_CARD = "fmt.unknown_card"

    def __init__(self, viewer: int | None = None, lang: str = "en", cards: Any = None,
                 names: Mapping[int, str] | None = None):
        self.viewer = viewer
        self.lang = known_lang(lang)
        self.book = cards if isinstance(cards, self.Book) else self.Book(cards)
        self.names = dict(names) if names else None

    def t(self, key: str, /, **params: Any) -> str:
        return catalog(self.game_id).t(key, self.lang, **params)

    def has(self, key: str) -> bool:
        return key in catalog(self.game_id)

    # --- players ---------------------------------------------------------------------------------
    def who(self, p: Any) -> str:
        if self.names is not None and p in self.names:
            return str(self.names[p])
        if not isinstance(p, int) or isinstance(p, bool):
            return self.nobody()
        if self.viewer in (0, 1):
            return self.t("who.you") if p == self.viewer else self.t("who.opponent")
        return self.t("who.player", player=p)

    def nobody(self) -> str:
        """What a player that is not known is called."""
        return self.t("who.player", player="?")

    def is_you(self, p: Any) -> bool:
        return p is not None and p == self.viewer and self.who(p) == self.t("who.you")

    def whose(self, p: Any) -> str:
        """ "your", "Opponent's", "P1's" (あなたの, 相手の, P1の); "" if nobody is known."""
        if not isinstance(p, int) or isinstance(p, bool):
            return ""
        if self.is_you(p):
            return self.t("whose.you")
        if self.names is None and self.viewer in (0, 1):
            return self.t("whose.opponent")
        return self.t("whose.named", name=self.who(p))

    def Whose(self, p: Any) -> str:  # noqa: N802 - the capitalised form, at the start of a sentence
        w = self.whose(p)
        return cap(w) if self.lang != "ja" else w

    def own(self, p: Any) -> str:
        """The actor's own things: "your" / "their" in English, 自分の in Japanese."""
        return self.t("whose.you") if self.is_you(p) and self.lang != "ja" else self.t("whose.own")

    def keyed(self, key: str, p: Any) -> str:
        """``key.you`` when the viewer is ``p`` and the sentence differs, else ``key``."""
        return f"{key}.you" if self.is_you(p) and self.has(f"{key}.you") else key

    def say(self, key: str, p: Any, /, **params: Any) -> str:
        """The sentence ``key`` about player ``p`` (its ``.you`` form for the viewer)."""
        params.setdefault("who", self.who(p))
        params.setdefault("whose", self.whose(p))
        params.setdefault("own", self.own(p))
        return self.t(self.keyed(key, p), **params)

    # --- cards -------------------------------------------------------------------------------------
    def label(self, view: Any) -> str:
        """A card's name (a printed card or a card view), with its English name after it in English."""
        if not view:
            return self.t("fmt.a_card")
        get = getter(view)
        return self.both(get("name") or get("id") or "?", get("name_en"))

    def short(self, view: Any) -> str:
        """A card's title where there is no room for two names (a compact list, a board's mark):
        ``tcg.present.text.short_title``, the name in the reader's language alone."""
        if not view:
            return self.t("fmt.a_card")
        get = getter(view)
        return short_title(get("name") or get("id") or "?", get("name_en"), self.lang)

    def both(self, name: Any, en: Any) -> str:
        """A card's title (``tcg.present.text.card_title``: "Milka ... (見習い魔女ミルカ)" in English)."""
        return card_title(name, en, self.lang)

    def card(self, iid: Any = None, cid: Any = None) -> str:
        """The name of an instance (or of a printed id); "a card" when the viewer cannot tell."""
        c = self.book.find(cid) if isinstance(cid, str) else None
        if c is not None:
            return self.label(c)
        v = self.book.view(iid)
        if v:
            return self.label(v)
        return self.t("fmt.a_card") if iid is None else self.t(self.UNKNOWN_CARD)

    def owned(self, iid: Any, cid: Any = None) -> str:
        """ "your X" / "Opponent's X" (あなたのX / 相手のX); just "X" when the owner is unknown."""
        name = self.card(iid, cid)
        owner = self.book.owner(iid)
        if owner is None:
            return name
        return self.of(owner, name)

    def of(self, owner: Any, name: str) -> str:
        """``name`` with whose it is: "Opponent's X" (相手のX)."""
        return self.t("fmt.owned", whose=self.whose(owner), card=name)

    def grouped(self, names: Iterable[str]) -> list[str]:
        """The names once each, in the order first met; repeated ones counted ("X x2")."""
        counts: dict[str, int] = {}
        for n in names:
            counts[n] = counts.get(n, 0) + 1
        return [k if n == 1 else self.t("fmt.times", name=k, count=n) for k, n in counts.items()]

    def join(self, items: Iterable[str]) -> str:
        """A list of card names ("; " in English: the names hold commas)."""
        return self.t("fmt.names").join(items)

    def source(self, src: Any) -> str:
        """ " (effect of X)" for the card whose effect caused an event ("" when unknown)."""
        if not src:
            return ""
        iid, cid = src
        return self.t("fmt.by_effect", card=self.card(iid, cid))

    def draws(self, events: Sequence[Mapping[str, Any]], srcs: Sequence[Any], i: int) -> tuple[str | None, int]:
        """A player's run of draws from ``events[i]`` (caused by one card: ``srcs``, see a game's
        ``sources``) as one finished line ("You drew 3 cards: X; Y x2"), and the index after the
        run; (None, i) when ``events[i]`` is a single draw."""
        ev, n = events[i], len(events)
        j = i
        while j < n and events[j].get("type") == "draw" and events[j].get("player") == ev.get("player") \
                and srcs[j] == srcs[i]:
            j += 1
        if j - i < 2:
            return None, i
        p = ev.get("player")
        known = [self.card(e.get("card"), e.get("id")) for e in events[i:j] if e.get("card") is not None]
        if known:
            line = self.say("event.draw.cards", p, count=j - i, cards=self.join(self.grouped(known)),
                            source=self.source(srcs[i]))
        else:
            line = self.say("event.draw.many", p, count=j - i, source=self.source(srcs[i]))
        return self.finish(line), j

    def finish(self, text: str | None) -> str | None:
        """A finished line: no doubled spaces (an unknown owner), a capital first letter in English."""
        if not text:
            return text
        text = re.sub(r"(?<=\S)  +(?=\S)", " ", text).strip()
        return cap(text) if self.lang != "ja" else text


def result_line(v: Any, winner: Any, why: str, draw: str | None = None) -> str:
    """How a game ended, for the viewer of ``v`` (a Voice): "Opponent wins (why)", "You win!
    (why)" (not "You wins"), "Draw (``draw``, else why)"."""
    if winner is None:
        return v.t("result.draw", reason=draw or why)
    if v.is_you(winner):
        return v.t("result.you_win", reason=why)
    return v.t("result.win", who=v.who(winner), reason=why)


__all__ = ["CardBook", "Voice", "getter", "result_line"]
