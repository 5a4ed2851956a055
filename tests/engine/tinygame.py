"""A tiny test game ("High Card") that implements the engine contract, used by the engine tests.

Rules:
- 2 players; each deck is the "main" section of a ``Deck`` of card ids ``N1``..``N9`` (value = the
  number). Each deck is shuffled with ``state.rng`` and each player draws 3 (hidden hand).
- Keep phase: player 0 then player 1 decide ``keep`` or ``redraw`` (decision kind "keep"). The
  choices are hidden simultaneous choices: the first choice is seen only by its player until both
  have chosen; then they are revealed and every redrawing player shuffles the hand back and draws 3.
- Play phase: players alternate, player 0 first. Decision kind "play": ``Action("play", card=iid)``
  for each card in hand (iid = card instance id) or ``Action("pass")``. Playing a card adds its value
  to the score, then the player draws 1 if the deck is not empty.
- The game ends when both players passed in a row or both hands are empty: the higher score wins,
  equal scores are a draw (winner None).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from tcg.engine.action import Action, Decision
from tcg.engine.cards import CardSet
from tcg.engine.deck import Deck, DeckProblem
from tcg.engine.rules import Ruleset
from tcg.engine.state import BaseState

GAME_ID = "highcard"
HAND_SIZE = 3


@dataclass(frozen=True)
class NumberCard:
    id: str
    name: str
    value: int


def make_cards() -> CardSet:
    return CardSet(GAME_ID, "High Card test set", "test-1",
                   [NumberCard(f"N{v}", f"Number {v}", v) for v in range(1, 10)])


def make_deck(values: Sequence[int] = tuple(range(1, 10)), name: str = "numbers") -> Deck:
    """A deck whose main section lists ``N<v>`` for each value, grouped by card id (records keep
    any order now; grouping just keeps these decks the same as in earlier tests)."""
    ids = [f"N{v}" for v in values]
    grouped: list[str] = []
    for cid in dict.fromkeys(ids):
        grouped.extend([cid] * ids.count(cid))
    return Deck(GAME_ID, name, {"main": tuple(grouped)})


class HighCardState(BaseState):
    __slots__ = ("card_of", "decks", "hands", "scores", "turn", "passes", "phase", "keep")

    def __init__(self, seed: int):
        super().__init__(seed)
        self.card_of: tuple[str, ...] = ()        # instance id -> card id (immutable, shared)
        self.decks: list[list[int]] = [[], []]    # instance ids, top of deck = end of list
        self.hands: list[list[int]] = [[], []]
        self.scores: list[int] = [0, 0]
        self.turn = 0
        self.passes = 0                           # consecutive passes
        self.phase = "keep"
        self.keep: list[str | None] = [None, None]  # hidden keep/redraw choices

    def clone(self) -> "HighCardState":
        other = HighCardState.__new__(HighCardState)
        self._copy_base(other)
        other.card_of = self.card_of
        other.decks = [d.copy() for d in self.decks]
        other.hands = [h.copy() for h in self.hands]
        other.scores = self.scores.copy()
        other.turn, other.passes, other.phase = self.turn, self.passes, self.phase
        other.keep = self.keep.copy()
        return other


class HighCardRules(Ruleset):
    id = GAME_ID
    name = "High Card"
    players = 2

    def __init__(self) -> None:
        self._cards = make_cards()

    # --- data -----------------------------------------------------------------------------
    @property
    def cards(self) -> CardSet:
        return self._cards

    @property
    def profile(self):
        raise NotImplementedError("the test game has no catalog profile")

    def validate_deck(self, deck: Deck) -> list[DeckProblem]:
        problems = []
        if deck.game != self.id:
            problems.append(DeckProblem("deck.game", f"deck is for {deck.game!r}"))
        main = deck.section("main")
        if len(main) < HAND_SIZE:
            problems.append(DeckProblem("deck.size", f"main needs at least {HAND_SIZE} cards"))
        for cid in dict.fromkeys(main):
            if cid not in self._cards:
                problems.append(DeckProblem("deck.card", f"unknown card {cid!r}", cid))
        return problems

    def value(self, state: HighCardState, iid: int) -> int:
        return self._cards[state.card_of[iid]].value

    # --- play -----------------------------------------------------------------------------
    def new_state(self, decks: Sequence[Deck], seed: int) -> HighCardState:
        if len(decks) != self.players:
            raise ValueError(f"High Card needs {self.players} decks")
        s = HighCardState(seed)
        card_of: list[str] = []
        for p, deck in enumerate(decks):
            ids = list(range(len(card_of), len(card_of) + len(deck.section("main"))))
            card_of.extend(deck.section("main"))
            s.rng.shuffle(ids)
            s.decks[p] = ids
        s.card_of = tuple(card_of)
        s.emit("start", {"players": self.players, "deck_sizes": [len(d) for d in s.decks]})
        for p in range(self.players):
            self._draw(s, p, HAND_SIZE)
        s.decision = Decision(0, "keep")
        return s

    def _draw(self, s: HighCardState, p: int, n: int) -> None:
        for _ in range(n):
            if not s.decks[p]:
                return
            iid = s.decks[p].pop()
            s.hands[p].append(iid)
            s.emit("draw", {"player": p}, private={"card": iid, "card_id": s.card_of[iid]},
                   seen_by=(p,))

    def legal_actions(self, state: HighCardState) -> list[Action]:
        d = state.decision
        if d is None:
            return []
        if d.kind == "keep":
            return [Action("keep"), Action("redraw")]
        return [Action("play", card=iid) for iid in sorted(state.hands[d.player])] + [Action("pass")]

    def apply(self, state: HighCardState, action: Action) -> None:
        p = state.decision.player
        if state.phase == "keep":
            state.keep[p] = action.type
            state.emit("keep_chosen", {"player": p}, private={"choice": action.type}, seen_by=(p,))
            if p == 0:
                state.decision = Decision(1, "keep")
                return
            state.emit("keep_revealed", {"choices": list(state.keep)})
            for q in range(self.players):
                if state.keep[q] == "redraw":
                    state.decks[q].extend(state.hands[q])
                    state.hands[q].clear()
                    state.rng.shuffle(state.decks[q])
                    state.emit("shuffle", {"player": q})
                    self._draw(state, q, HAND_SIZE)
            state.phase = "play"
            state.turn = 0
            state.decision = Decision(0, "play", {"turn": 1})
            return
        if action.type == "play":
            iid = action.card
            state.hands[p].remove(iid)
            value = self.value(state, iid)
            state.scores[p] += value
            state.passes = 0
            state.emit("play", {"player": p, "card": iid, "card_id": state.card_of[iid],
                                "value": value, "score": state.scores[p]})
            self._draw(state, p, 1)
        else:
            state.passes += 1
            state.emit("pass", {"player": p})
        if state.passes >= 2 or not any(state.hands):
            a, b = state.scores
            state.end(None if a == b else (0 if a > b else 1), "score")
            return
        state.turn += 1
        state.decision = Decision(1 - p, "play", {"turn": state.turn + 1})

    def observe(self, state: HighCardState, player: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "game": self.id,
            "you": player,
            "phase": state.phase,
            "decision": state.decision.to_dict() if state.decision else None,
            "over": state.over,
            "winner": state.winner,
            "players": [
                {"score": state.scores[p], "deck": len(state.decks[p]), "hand_count": len(state.hands[p]),
                 "keep_decided": state.keep[p] is not None}
                for p in range(self.players)
            ],
        }
        if player is not None:
            view["hand"] = [{"card": iid, "card_id": state.card_of[iid]} for iid in state.hands[player]]
            view["keep"] = state.keep[player]
        if state.phase != "keep":
            view["keep_choices"] = list(state.keep)
        return view

    def describe(self, state: HighCardState, action: Action, lang: str = "en") -> str:
        if action.type == "play":
            card = self._cards[state.card_of[action.card]]
            return f"{card.name} をプレイ" if lang == "ja" else f"Play {card.name}"
        texts = {"pass": ("Pass", "パス"), "keep": ("Keep hand", "キープ"),
                 "redraw": ("Redraw hand", "引き直し"), "concede": ("Concede", "投了")}
        en, ja = texts.get(action.type, (repr(action), repr(action)))
        return ja if lang == "ja" else en

    def check_invariants(self, state: HighCardState) -> None:
        seen = sorted(i for zone in (*state.decks, *state.hands) for i in zone)
        played = [e[1]["card"] for e in state.events if e[0] == "play"]
        assert sorted(seen + played) == list(range(len(state.card_of))), "cards lost or duplicated"
        assert state.scores == [
            sum(e[1]["value"] for e in state.events if e[0] == "play" and e[1]["player"] == p)
            for p in range(self.players)], "scores disagree with plays"
        assert (state.decision is None) == state.over
        for p in range(self.players):
            assert len(state.hands[p]) <= HAND_SIZE


RULES = HighCardRules()


# --- helpers for the tests ------------------------------------------------------------------
def new_game(seed: int = 1, decks: Sequence[Deck] | None = None):
    from tcg.engine.game import Game
    return Game(RULES, decks if decks is not None else [make_deck(), make_deck()], seed)


def random_playout(game, chooser, max_steps: int = 1000) -> int:
    """Apply ``chooser(legal_actions)`` until the game ends; returns the number of actions.
    Fails (AssertionError) if the game has not ended after ``max_steps`` actions."""
    steps = 0
    while not game.is_over:
        assert steps < max_steps, "game did not end"
        legal = game.legal_actions()
        assert legal, "a game that is not over must offer at least one legal action"
        game.apply(chooser(legal))
        game.rules.check_invariants(game.state)
        steps += 1
    return steps
