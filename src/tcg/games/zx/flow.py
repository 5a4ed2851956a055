"""Z/X rule primitives: charge, deck refresh, life, power, costs, leaving the board."""
from __future__ import annotations

from typing import Any

from ...engine.amounts import value as amount_value
from ...engine.conditions import holds
from ...engine.effects import EffectCtx
from ...engine.piles import move_top_cards, put_in_pile
from .conditions import CONDITIONS
from .state import PLAYER_SQUARE, ZXState, Unit


def to_charge(s: ZXState, p: int, iid: int, frm: str = "board") -> None:
    """ZX-Z1: the charge holds at most 4 cards; any more go to the trash. ``frm``: where the card
    came from (the event's ``from``: ``board`` for a destroyed Z/X, ``life`` for a life card)."""
    ps = s.players[p]
    if len(ps.charge) < 4:
        ps.charge.append(iid)
        s.emit("to_charge", {"player": p, "card": iid, "id": s.cards[iid].id, "from": frm})
    else:
        ps.trash.append(iid)
        s.emit("to_trash", {"player": p, "card": iid, "id": s.cards[iid].id, "why": "charge full", "from": frm})


def lose_life(s: ZXState, p: int, n: int = 1) -> None:
    """Top life cards to the charge; ZX-W1: life 0 loses at once."""
    ps = s.players[p]
    for _ in range(n):
        if not ps.life:
            break
        to_charge(s, p, ps.life.pop(), "life")
    check_life(s, p)


def check_life(s: ZXState, p: int) -> None:
    if not s.players[p].life and not s.over:
        s.emit("life_zero", {"player": p})
        s.end(1 - p, "life")


def take_top(s: ZXState, p: int) -> int | None:
    """ZX-Z5: an empty deck is rebuilt from the shuffled trash at the price of one life card to
    the charge; a player who has no life to send loses."""
    ps = s.players[p]
    if not ps.deck:
        if not ps.life:
            s.end(1 - p, "deck_out")
            return None
        ps.deck, ps.trash = ps.trash, []
        s.rng.shuffle(ps.deck)
        s.emit("refresh", {"player": p, "cards": len(ps.deck)})
        lose_life(s, p)
        if s.over or not ps.deck:
            return None
    return ps.deck.pop()


def draw(s: ZXState, p: int, n: int = 1) -> None:
    move_top_cards(s, p, n, take_top, "hand", "draw", private=True)


def mill(s: ZXState, p: int, n: int) -> None:
    move_top_cards(s, p, n, take_top, "trash", "mill")


def unit_cards(s: ZXState, u: Unit) -> tuple:
    """The cards that make up a Z/X: its own, then its SHIFT (ZX-X6)."""
    return (s.cards[u.iid], s.cards[u.shift]) if u.shift >= 0 else (s.cards[u.iid],)


def unit_names(s: ZXState, u: Unit) -> tuple[str, ...]:
    """ZX-X6 「配置対称にカード記載の名称・色・種族・能力などを追加する」: a SHIFT adds its name."""
    return tuple(c.name for c in unit_cards(s, u))


def unit_colors(s: ZXState, u: Unit) -> tuple[str, ...]:
    """The Z/X's colours: its own and its SHIFT's (ZX-X6)."""
    return tuple(dict.fromkeys(c.color for c in unit_cards(s, u) if c.color))


def unit_races(s: ZXState, u: Unit) -> tuple[str, ...]:
    """The Z/X's races: its own and its SHIFT's (ZX-X6)."""
    return tuple(dict.fromkeys(c.race for c in unit_cards(s, u) if c.race))


def unit_matches(s: ZXState, u: Unit, flt) -> bool:
    """A unit filter (``name``, ``color``, ``race``): every key must be one of the Z/X's names,
    colours, races — with a SHIFT, its own or the SHIFT's."""
    if not flt:
        return True
    for k, v in flt.items():
        have = unit_names(s, u) if k == "name" else unit_colors(s, u) if k == "color" else unit_races(s, u)
        if v not in have:
            return False
    return True


def ability_on(s: ZXState, p: int, ab, source: int = -1) -> bool:
    """An ability's own conditions, for its controller ``p``: ``player_card`` (「特定(個人)の
    プレイヤーカードの存在で発動する能力」: that player card on its square, face up — not while a Z/X OB
    has turned it face down), ``face_up_race`` (「表向きとなったデュナミスの指定種族の数によって発動
    する」: at least ``min_face_up_race`` face-up dynamis cards of that race) and ``if`` (a condition
    of engine/conditions.py; ``source``: the Z/X the ability belongs to, for ``self``)."""
    ps = s.players[p]
    if ab.player_card:
        pc = ps.player_card
        if pc < 0 or not ps.player_face_up or s.cards[pc].id != ab.player_card:
            return False
    if ab.face_up_race:
        n = sum(1 for i in ps.dynamis if i in ps.face_up and s.cards[i].race == ab.face_up_race)
        if n < ab.min_face_up_race:
            return False
    cond = getattr(ab, "cond", None)
    if cond is not None:
        return holds(s, EffectCtx(p, source), cond, CONDITIONS)
    return True


def static_sources(s: ZXState) -> list[tuple[Unit, tuple]]:
    """The static effects that work now: (the Z/X whose card or SHIFT has them, its effects
    whose min_force and own condition are met), board order, the card's before its SHIFT's."""
    statics = s.table.statics
    out: list = []
    for v in filter(None, s.board):  # the Z/X on the board, in board order
        entries = statics[v.iid]
        if v.shift >= 0:
            more = statics[v.shift]
            if more:
                if entries:
                    _working(s, v, entries, out)
                entries = more
        if entries:
            _working(s, v, entries, out)
    return out


def _working(s: ZXState, v: Unit, entries: tuple, out: list) -> None:
    n = len(v.force)
    ok = None
    for e in entries:
        if n >= e[0] and (e[1] is None or ability_on(s, v.owner, e[1], v.iid)):
            if ok is None:
                ok = [e]
            else:
                ok.append(e)
    if ok is not None:
        out.append((v, tuple(ok)))


def _static(s: ZXState, u: Unit, sources=None) -> int:
    total = 0
    for v, entries in (static_sources(s) if sources is None else sources):
        for _, _, t, flt, amount in entries:
            if ((t == "self" and v is u) or (t == "all_own_zx" and v.owner == u.owner) or
                    (t == "all_opponent_zx" and v.owner != u.owner) or
                    (t.__class__ is not str and _static_reaches(s, t, v, u))) and unit_matches(s, u, flt):
                # a "for each" (engine/amounts.py) counted now, for the Z/X that has the static
                total += amount if type(amount) is int else amount_value(amount, s, v.owner, v.iid, s.selectors)
    return total


def _static_reaches(s: ZXState, sel, v: Unit, u: Unit) -> bool:
    """Whether a static's target table (``all`` the Z/X of a side on the board, ``other``, the
    game's filters) takes in the Z/X ``u``; ``v``: the Z/X whose static it is."""
    if sel.other and u is v:
        return False
    if (sel.side == "own" and u.owner != v.owner) or (sel.side == "opponent" and u.owner == v.owner):
        return False
    return s.selectors.matches(s, u, sel.tests)


def power_of(s: ZXState, u: Unit, sources=None) -> int:
    """The Z/X's power now: printed, this turn's changes, static effects (``sources``: the
    ``static_sources`` of this state, when the caller has them)."""
    return max(0, s.cards[u.iid].power + u.power_mod + _static(s, u, sources))


def ev_ex_is_mine(s: ZXState, p: int, card) -> bool:
    """ZX-X7: an EV EX naming a player (``player``) is only for that player: usable only while
    your player card is that card. One naming nobody is anyone's."""
    if not card.player:
        return True
    pc = s.players[p].player_card
    return pc >= 0 and s.cards[pc].id == card.player


#: the zones whose cards both players see (a card moved into or out of one is shown)
PUBLIC_ZONES = ("trash", "charge", "resources", "removed", "board")


def put_card(s: ZXState, p: int, iid: int, to: str, position: str = "top", asleep: bool = False) -> str:
    """Put a card (taken from where it was) into its owner ``p``'s zone ``to``: the deck's top or
    bottom (``position``), the resources (rebooted, or ``asleep``), the charge (the trash when the
    charge holds 4 already: ZX-Z1), the hand, trash, life (on top) or the cards removed from the
    game. Returns the zone it went to."""
    ps = s.players[p]
    if to == "charge" and len(ps.charge) >= 4:
        to = "trash"
    put_in_pile(ps, to, iid, position)
    if to == "resources" and asleep:
        ps.asleep_res.add(iid)
    return to


def holder_of(s: ZXState, iid: int) -> Unit | None:
    """The Z/X that holds the card ``iid`` as force (ZX-Z3), or None."""
    for u in s.board:
        if u is not None and iid in u.force:
            return u
    return None


def take_card(s: ZXState, iid: int, p: int, zone: str) -> None:
    """Take the card ``iid`` out of player ``p``'s ``zone``: a pile, the dynamis (no longer face
    up there) or the force under a Z/X."""
    ps = s.players[p]
    if zone == "force":
        u = holder_of(s, iid)
        if u is not None:
            u.force = tuple(i for i in u.force if i != iid)
        return
    getattr(ps, zone).remove(iid)
    if zone == "resources":
        ps.asleep_res.discard(iid)
    elif zone == "dynamis":
        ps.face_up.discard(iid)


def move_card(s: ZXState, iid: int, p: int, zone: str, to: str, position: str = "top", asleep: bool = False,
              holder: Unit | None = None) -> None:
    """An effect moves a card of player ``p``'s ``zone`` (a pile, the dynamis, force) to their zone
    ``to`` (``put_card``; ``force``: face down under the Z/X ``holder``, ZX-Z3): a ``move`` event,
    the card named to everyone when either zone is public, to its owner alone when it comes from
    or goes to the hand, to nobody otherwise (deck to life...)."""
    take_card(s, iid, p, zone)
    if to == "force" and holder is not None:
        holder.force = holder.force + (iid,)
        went = "force"
    else:
        went = put_card(s, p, iid, to, position, asleep)
    ev: dict[str, Any] = {"player": p, "from": zone, "to": went}
    if went == "deck":
        ev["position"] = position
    if went == "resources" and asleep:
        ev["asleep"] = True
    if went == "force" and holder is not None:
        ev["holder"] = holder.iid
    what = {"card": iid, "id": s.cards[iid].id}
    if zone in PUBLIC_ZONES or went in PUBLIC_ZONES:
        s.emit("move", {**ev, **what})
    else:
        s.emit("move", ev, what, (p,) if "hand" in (zone, went) else ())


def leave_board(s: ZXState, sq: int, why: str, to: str = "charge", position: str = "top", asleep: bool = False) -> None:
    """A Z/X leaves its square. Its force goes to the trash (ZX-Z3); a SHIFT and a Z/X EX go face
    up to the dynamis; a Z/X OB's top half goes face up to the dynamis and its player card turns
    face up again (ZX-X5); a plain Z/X goes ``to`` the charge (destroyed), trash (replaced) or hand,
    or (moved by an effect) any zone ``put_card`` takes, told in the event's ``to``."""
    u = s.board[sq]
    if u is None:
        return
    s.board[sq] = None
    p = u.owner
    ps = s.players[p]
    ps.trash.extend(u.force)
    if u.shift >= 0:
        ps.dynamis.append(u.shift)
        ps.face_up.add(u.shift)
    kind = s.cards[u.iid].kind
    if kind in ("zx_ex", "zx_ob"):
        ps.dynamis.append(u.iid)
        ps.face_up.add(u.iid)
        if kind == "zx_ob":
            ps.ob_bottom = u.bottom
            ps.player_face_up = True
    elif to == "charge":
        to_charge(s, p, u.iid)
    elif to == "hand":
        ps.hand.append(u.iid)
    elif to == "trash":
        ps.trash.append(u.iid)
    else:
        to = put_card(s, p, u.iid, to, position, asleep)
        ev = {"player": p, "square": sq, "card": u.iid, "id": s.cards[u.iid].id, "why": why,
              "force": list(u.force), "shift": u.shift, "to": to}
        if to == "deck":
            ev["position"] = position
        if to == "resources" and asleep:
            ev["asleep"] = True
        s.emit("leave_board", ev)
        return
    s.emit("leave_board", {"player": p, "square": sq, "card": u.iid, "id": s.cards[u.iid].id, "why": why,
                           "force": list(u.force), "shift": u.shift})


def check_destroyed(s: ZXState) -> None:
    """ZX-B4 reading: a Z/X whose damage this turn is at least its power is destroyed. Checked
    until nothing more is destroyed: every Z/X at its damage is destroyed together, then the
    board is looked at again (a Z/X whose power fell because another one left goes at once)."""
    board = s.board
    cards = s.cards
    lowers = s.table.lowers
    while True:
        # a Z/X with less damage than its printed power and this turn's changes can only be
        # destroyed when a static effect on the board lowers power (other static effects raise it)
        lowered = None
        for u in board:  # the Z/X on the board (a plain loop: cheaper than filter() over 9 squares)
            if u is not None and u.damage > 0:
                if u.damage < cards[u.iid].power + u.power_mod:
                    if lowered is None:
                        lowered = False
                        for v in board:
                            if v is not None and (lowers[v.iid] or (v.shift >= 0 and lowers[v.shift])):
                                lowered = True
                                break
                    if not lowered:
                        continue
                break
        else:
            return  # nothing can be destroyed
        sources = static_sources(s)
        doomed = [sq for sq, u in enumerate(board)
                  if u is not None and u.damage > 0 and u.damage >= power_of(s, u, sources)]
        if not doomed:
            return
        for sq in doomed:
            leave_board(s, sq, "destroyed")


def can_place_on(s: ZXState, p: int, sq: int) -> bool:
    """ZX-Q2/Q3: not the opponent's player square, not an opponent's Z/X, not your sleeping Z/X."""
    if sq == PLAYER_SQUARE[1 - p]:
        return False
    u = s.board[sq]
    return u is None or (u.owner == p and not u.asleep)


def place_unit(s: ZXState, p: int, iid: int, sq: int, why: str = "place", frm: str | None = None) -> Unit:
    """Put a Z/X on a square, rebooted; your rebooted Z/X already there goes to the trash.
    ``frm``: the zone an effect took it from (the event's ``from``)."""
    if s.board[sq] is not None:
        leave_board(s, sq, "replaced", "trash")
    u = Unit(iid, p)
    s.board[sq] = u
    ev = {"player": p, "card": iid, "id": s.cards[iid].id, "square": sq, "why": why}
    if frm is not None:
        ev["from"] = frm
    s.emit("place", ev)
    return u


def ob_on_board(s: ZXState, p: int) -> bool:
    cards = s.cards
    for u in s.board:
        if u is not None and u.owner == p and cards[u.iid].kind == "zx_ob":
            return True
    return False
