"""A card put into a pile, and cards moved one by one off the top of a player's deck (draw, mill),
the way every game does it.

A game says how its top card is taken (``take_top(state, player)``: the card, or None when there
is none to take, after any refresh or deck-out the game's rules make of it) and what follows each
card (``after(state, player)``: a truthy result stops the rest)."""
from __future__ import annotations

from typing import Any, Callable


def put_in_pile(ps: Any, pile: str, iid: int, position: str = "top") -> None:
    """Put the card ``iid`` into a player's ``pile`` (the list of that name on their player
    state ``ps``, its top last): at the bottom of the deck for ``position = "bottom"``, else on
    top (the end of the list)."""
    if pile == "deck" and position == "bottom":
        ps.deck.insert(0, iid)
    else:
        getattr(ps, pile).append(iid)


def pop_top(s: Any, p: int) -> int | None:
    """The top card of player ``p``'s deck taken off it, or None when the deck is empty."""
    deck = s.players[p].deck
    return deck.pop() if deck else None


def move_top_cards(s: Any, p: int, n: int, take_top: Callable[[Any, int], int | None], pile: str,
                   event: str, *, private: bool = False, after: Callable[[Any, int], Any] | None = None) -> None:
    """Up to ``n`` cards, one at a time, from the top of player ``p``'s deck (``take_top``) to the
    end of their ``pile`` (the player-state list of that name), each with an ``event``; the card
    is shown only to its player when ``private`` (a draw), to everyone otherwise (a mill)."""
    ps = s.players[p]
    for _ in range(n):
        iid = take_top(s, p)
        if iid is None:
            return
        getattr(ps, pile).append(iid)
        if private:
            s.emit(event, {"player": p}, {"card": iid, "id": s.cards[iid].id}, (p,))
        else:
            s.emit(event, {"player": p, "card": iid, "id": s.cards[iid].id})
        if after is not None and after(s, p):
            return
