"""The interface a game module implements. The engine drives it and never imports a game."""
from __future__ import annotations

from functools import cached_property
from typing import Any, Generic, Sequence, TypeVar, cast

from .action import Action
from .deck import Deck, DeckProblem
from .reasons import Reason
from .state import BaseState


#: the ids of the games (plain data: the engine imports no game; the registry ``tcg.games``
#: tells it the ids with ``set_known_games``): a card file names one of them
_KNOWN_GAMES: tuple[str, ...] = ()


def set_known_games(ids: Sequence[str]) -> None:
    """Tell the engine the ids of the games (``tcg.games`` does, on import)."""
    global _KNOWN_GAMES
    _KNOWN_GAMES = tuple(ids)


def known_games() -> tuple[str, ...]:
    """The ids of the games (see ``set_known_games``)."""
    return _KNOWN_GAMES


#: the game's state class (``Ruleset[ZXState]``...)
S = TypeVar("S", bound=BaseState)


class Ruleset(Generic[S]):
    """One game's rules, over states of type ``S``. Subclasses set ``id`` and implement the
    methods below.

    The flow is: ``new_state`` builds the initial state and runs it to the first decision;
    ``legal_actions`` lists the choices of ``state.decision``; ``apply`` performs one legal action
    and runs the rules forward (an explicit step stack, no generators) to the next decision."""

    id: str = ""
    name: str = ""
    players = 2
    #: safety caps (a game's profile may set them in ``[limits]``): a game reaching
    #: ``max_decisions`` actions, or one ``apply()`` running more than ``max_steps_per_apply``
    #: rule steps, ends in a draw ("decision_limit" / "step_limit"), so that no card text or
    #: custom card file can make a game or a single action run forever
    max_decisions = 20_000
    max_steps_per_apply = 200_000

    # --- data -----------------------------------------------------------------------------
    @property
    def cards(self):
        """The immutable card database (a ``CardSet``)."""
        raise NotImplementedError

    @property
    def profile(self):
        """The catalog profile (a ``Profile``); the engine reads its numbers from here."""
        raise NotImplementedError

    @cached_property
    def secret_decisions(self) -> frozenset[str]:
        """Decision kinds whose choice only the deciding player knows (``[secret] decisions`` of
        the profile, from the game's source): what others learn of such a choice comes from the
        events it causes, never from the action itself. A run of such decisions is a secret phase
        (``Game.secret_choice``): front ends tell the other seats nothing of it until it ends."""
        return frozenset(self.profile.get("secret.decisions", ()) or ())

    @cached_property
    def decision_steps(self) -> frozenset[str]:
        """Decision kinds that continue the decision before them when the same player holds both
        (``[clock] steps`` of the profile: a mulligan's next mark, a payment's next card), so
        that a clock counts the run as one decision (``Game.continues_decision``)."""
        return frozenset(self.profile.get("clock.steps", ()) or ())

    def deck_dir(self):
        """Folder holding the shipped sample decks (``*.toml``), or None."""
        return None

    def validate_deck(self, deck: Deck) -> list[DeckProblem]:
        raise NotImplementedError

    def setup_problems(self, deck: Deck) -> list[DeckProblem]:
        """What keeps ``deck`` from being set up or played at all (an unknown card, a card in a
        section that cannot hold it, too few cards to deal): ``new_game`` and ``replay`` refuse
        such a deck even when the deck-construction rules are not checked (``validate=False``).
        [] for a game without such a check."""
        return []

    # --- play -----------------------------------------------------------------------------
    def new_state(self, decks: Sequence[Deck], seed: int, first: int | None = None) -> S:
        """The state at the first decision. ``first``: the player the players chose to go first
        (the sources only say "decide who goes first"), or None to draw it (``who_goes_first``)."""
        raise NotImplementedError

    def who_goes_first(self, rng, first: int | None) -> int:
        """The player who goes first: ``first`` when the players chose, else drawn at random. The
        draw is made either way, so the rest of the game's random stream does not depend on the
        choice (a chosen game is the drawn game that had that outcome)."""
        drawn = rng.below(self.players)
        return drawn if first is None else first

    def legal_actions(self, state: S) -> list[Action]:
        raise NotImplementedError

    def unavailable(self, state: S, seat: int | None, legal: Sequence[Action] | None = None) -> list[Reason]:
        """What ``seat`` might expect to do now but is not offered, and why: one ``Reason`` (key,
        card, parameters: data, no words) per thing, in the order a player reads them; the game's
        words phrase them (``why_not``). ``legal``: the legal actions of ``state`` if already
        listed. A game that gives no reasons gives none."""
        return []

    def apply(self, state: S, action: Action) -> None:
        """Perform ``action`` (already checked to be legal) and advance to the next decision."""
        raise NotImplementedError

    def concede(self, state: S, player: int) -> None:
        state.emit("concede", {"player": player})
        state.end(1 - player, "concede")

    def observe(self, state: S, player: int | None) -> dict[str, Any]:
        """A JSON-ready view for ``player`` (``None``: spectator) without hidden information."""
        raise NotImplementedError

    def observe_shared(self, state: S, player: int | None) -> dict[str, Any]:
        """The same content as ``observe``, for readers that never change it (agents): parts
        that do not change (a card's printed facts) may be shared between calls instead of
        built afresh. A game without a cheaper way gives ``observe``."""
        return self.observe(state, player)

    def describe(self, state: S, action: Action, lang: str = "en") -> str:
        return repr(action)

    #: the action parameters whose value names one card instance (its instance id)
    card_params: tuple[str, ...] = ("card",)

    def action_cards(self, state: S, action: Action) -> dict[str, str]:
        """The printed card ids of the cards ``action`` names, by parameter (``{"card":
        "KM-012"}``): the same cards its text (``describe``) names to the deciding player, e.g. a
        card searched from the deck, given as data so that a computer player never has to read
        words. A parameter naming no card instance (-1, None) is left out."""
        cards = getattr(state, "cards", None)
        if cards is None:
            return {}
        out = {}
        for k, v in action.params:
            if k in self.card_params and type(v) is int and 0 <= v < len(cards):
                cid = getattr(cards[v], "id", None)
                if cid is not None:
                    out[k] = cid
        return out

    def determinize(self, state: S, viewer: int, rng) -> S | None:
        """A copy of ``state`` in which everything ``viewer`` cannot see is redrawn at random
        (hidden cards exchanged among hidden places, zone sizes kept), consistent with what the
        viewer has seen. Search agents plan on such samples instead of reading hidden state."""
        from .rng import Rng
        s = cast(S, state.clone())  # (a state's clone is of its own class)
        if not self.scramble_hidden(s, viewer, rng):
            return None
        s.rng = Rng(rng.next64())  # the real generator would tell future shuffles
        return s

    def scramble_hidden(self, state: S, viewer: int | None, rng) -> bool:
        """Rearrange, in place, what ``viewer`` (None: a spectator) cannot see. Returns False
        when the state is at a point where that is not possible (e.g. mid-search)."""
        raise NotImplementedError

    def turns(self, state: S) -> int:
        """Turns (or rounds) played so far, for statistics."""
        return getattr(state, "turn", 0)

    def first_player(self, state: S) -> int | None:
        """The player who went first (or holds priority), for statistics."""
        return getattr(state, "first", None)

    def check_invariants(self, state: S) -> None:
        """Raise AssertionError if the state breaks a structural invariant (used by tests)."""
