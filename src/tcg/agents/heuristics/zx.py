"""Z/X heuristic: take the opponent's life to 0 on the shared 3x3 board.

Reads only the player's own observation, the legal actions and (for card text) the public card
database by card id; never the game state. Squares 0..8 row by row; player 0's player square is
7, player 1's is 1. Outline:

- set-up: take a start card (it guards the player square) and a gate card; keep a hand with a
  cheap Z/X, else mulligan;
- a resource every turn while resources are few (the least useful card, preferring a colour the
  hand needs and the resources lack); ignite while there is charge and the deck can pay for it;
  overdrive cards are always played (a free Z/X goes where it is most useful); a life-ignition
  card too, except an event with nothing to do (declined, it feeds the charge);
- main phase, in order: SHIFT (free); a card's own win; Ignition Overboost; attacks on the player;
  destroying the Z/X on the opponent's player square; removal where it pays; placing Z/X (squares
  next to the opponent's player square, our own player square while it is empty, squares that
  threaten what we can destroy); Z/X EX; attacks that destroy (alone or together); card draw and
  Life Recovery with spare resources. An attack on a Z/X that cannot destroy it is not made;
- battles: an event / EV EX is played only when it changes the result (destroys, saves, stops a
  hit on the player), else pass;
- life cards are picked at random (face down); discards drop the least useful card;
- "you may" (an optional op or triggered ability: Life Recovery, Void Bringer): yes, unless it
  discards from a hand of fewer than three cards or mills our own nearly empty deck;
- paying a cost: the game's suggested payment (the one that keeps the most other cards in hand
  payable), so ISMCTS leaves the ``pay`` decision to this module (``LONG_TERM``), as it does
  ignition and the life-card pick;
- the card language (``zx_language.py``; only cards that use it are valued differently): a
  selector table is worth what the cards it can take now are worth (the opponent's Z/X it
  removes, a card from our trash to the hand, a square or the resources); an op's or ability's
  ``if`` is read on the observation, an ``if_done`` op counts only after one that can act, an
  ``optional`` one never below nothing, and the ``optional`` decision says yes when that worth is
  not negative; triggered abilities add to placing their Z/X (its own entering in full, the
  others by how soon they come), and an attack is made for its "when this Z/X attacks" ability
  when that is worth 2 or more (it returns the blocker in front of their life...)."""
from __future__ import annotations

from functools import lru_cache

from ...engine.action import Action
from ...engine.choices import walk
from ...engine.memo import IdMemo
from ...engine.rng import Rng
from ..base import AgentView
from . import zx_language as L
from .common import CardTexts, decide_by_kind, final_value, first_of, logistic, offered_cards

#: decision kinds ISMCTS leaves to this heuristic unless it searches everything (search_all):
#: set-up, resources and hand shaping pay off turns later; so does ignition (a charge card to the
#: trash for a reveal: the value estimate sees the lost charge at once, the revealed card's worth
#: mostly later, so a search declined it far more often than it should); and which face-down life
#: card to hit is a blind pick, the same in every sample
LONG_TERM = frozenset({"start_card", "gate_card", "mulligan", "resource", "discard", "pick_card", "pay",
                       "ignition", "life_pick"})

#: ISMCTS settings for Z/X (docs/agents.md): the opponent's moves inside the search are this
#: heuristic's, played from its own view of each sample, not tree nodes that see our hand;
#: rollouts run to the end of the turn (the value estimate judges a finished turn, not a half
#: played one); and the heuristic's move stands unless the search's best beats its mean reward
#: by 0.1 (a main phase has 20-60 choices, too many for a few hundred iterations to tell apart)
ISMCTS = {"opponent": "model", "rollout_turns": 1, "keep_margin": 0.1}

STRICT = False          # tests/benchmarks: let errors surface instead of falling back
RES_MIN, RES_MAX = 4, 7  # always add a resource below RES_MIN; below RES_MAX with 3+ cards in hand
PLACE_MIN = 0.8         # least score for placing a Z/X from hand
DEF_BASE, DEF_LIFE = 2.0, 0.0  # worth of guarding our empty player square (+ DEF_LIFE / life)
PSQ = (7, 1)
ADJ = tuple(tuple(j for j in range(9) if abs(i // 3 - j // 3) + abs(i % 3 - j % 3) == 1) for i in range(9))


# --- card text (public card database, by id) -----------------------------------------------------

_db = CardTexts("zx").card  # a card by id (or name); None for one the set does not know


@lru_cache(maxsize=None)
def _abilities(cid: str) -> tuple | None:
    """((kind, cost, min_force, ((op, args), ...)), ...) or None for a card not in the database.
    ``args`` carry an op's ``if`` / ``if_done`` / ``optional`` as ``_if`` (with the ability's own
    ``if``), ``_if_done``, ``_optional`` when it has them (``zx_language.op_args``)."""
    c = _db(cid)
    if c is None:
        return None
    return tuple((ab.kind, ab.cost, ab.min_force, tuple((op.name, L.op_args(op, ab)) for op in ab.effects))
                 for ab in c.abilities)


@lru_cache(maxsize=None)
def _triggers(cid: str) -> tuple:
    """(event, whose, self, ops, optional) of each triggered ability of the card: ``self`` when its
    ``when`` is about this very card, ``whose`` the ``player`` it waits for (own, opponent,
    either), ``optional`` when its controller is asked first."""
    c = _db(cid)
    if c is None:
        return ()
    out = []
    for ab in c.abilities:
        if ab.kind == "trigger" and ab.when is not None:
            w = ab.when
            ops = tuple((op.name, L.op_args(op, ab)) for op in ab.effects)
            out.append((w.event, w.player, w.this, ops, ab.optional))
    return tuple(out)


def _ops(cid: str, kind: str, k: int = 0) -> tuple | None:
    """The effects of the card's ``k``-th ability of ``kind`` (() if none; None for an unknown card)."""
    try:
        return _OPS[cid, kind, k]
    except KeyError:
        pass
    abil = _abilities(cid)
    if abil is None:
        got = None
    else:
        sel = [a for a in abil if a[0] == kind]
        got = sel[k][3] if k < len(sel) else ()
    _OPS[cid, kind, k] = got
    return got


_OPS: dict[tuple, tuple | None] = {}


# --- what the player sees -------------------------------------------------------------------------

class Ctx:
    """The decision's observation, pre-digested (what only some decisions read, when first read)."""

    def __init__(self, view: AgentView):
        self.view = view
        obs = self.obs = view.observation
        p = self.p = view.player
        players = obs["players"]
        self.me, self.opp = players[p], players[1 - p]
        board = self.board = obs["board"]
        self.my_psq, self.opp_psq = PSQ[p], PSQ[1 - p]
        mine: list = []
        theirs: list = []
        my_ob = opp_ob = False
        for sq, u in enumerate(board):
            if u is not None:
                owner = u.get("owner")
                if owner == p:
                    mine.append((sq, u))
                    my_ob = my_ob or u.get("kind") == "zx_ob"
                elif owner == 1 - p:
                    theirs.append((sq, u))
                    opp_ob = opp_ob or u.get("kind") == "zx_ob"
        self.mine, self.theirs, self.my_ob, self.opp_ob = mine, theirs, my_ob, opp_ob
        self.my_turn = obs.get("active") == p
        self.hand = self.me["hand"] or []
        self._follow_up: bool | None = None
        self._awake: list | None = None
        #: this decision's pure results by their arguments (_ops_value, _square_score), each
        #: entry keeping the object whose id its key holds
        self.memo = IdMemo(None)

    @property
    def awake(self) -> list:
        """Our rebooted resources."""
        if self._awake is None:
            self._awake = [r for r in self.me["resources"] if not r.get("asleep")]
        return self._awake

    @property
    def follow_up(self) -> bool:
        """Can we hit their life this turn once their player square is cleared?"""
        if self._follow_up is None:
            self._follow_up = any(not u.get("asleep") and sq in ADJ[self.opp_psq] for sq, u in self.mine) or \
                any(c.get("kind") == "zx" and c.get("cost", 99) <= len(self.awake) for c in self.hand)
        return self._follow_up

    # board facts
    def player_open(self) -> bool:
        """Can our Z/X next to the opponent's player square attack the player?"""
        return self.board[self.opp_psq] is None and not self.opp_ob

    def i_am_open(self) -> bool:
        return self.board[self.my_psq] is None and not self.my_ob

    def unit_value(self, sq: int, u: dict) -> float:
        v = 0.5 + u.get("power_now", u.get("power", 0)) / 1000 + 0.3 * u.get("cost", 0)
        if u.get("kind") in ("zx_ex", "zx_ob"):
            v += 1.0
        if u.get("owner") == self.p:
            if sq == self.my_psq:
                v += 1.5
            if sq in ADJ[self.opp_psq]:
                v += 1.0
        else:
            if sq == self.opp_psq:
                v += 2.0 if self.follow_up else 0.8  # the blocker in front of their life
            if sq in ADJ[self.my_psq]:
                v += 1.5 if self.board[self.my_psq] is None else 0.7
        return v

    def attackers(self) -> list[tuple[int, dict]]:
        return [(sq, u) for sq, u in self.mine if not u.get("asleep")]

    def life_value(self, life: int) -> float:
        return 100.0 if life <= 1 else 4.0 + 1.5 * max(0, 4 - life)

    def can_overboost(self) -> bool:
        me = self.me
        if not (me.get("ob_bottom") and me.get("player_face_up")):
            return False
        pc = (me.get("player_card") or {}).get("id")
        for c in me.get("dynamis") or ():
            if c.get("kind") == "zx_ob" and not c.get("face_up"):
                card = _db(c["id"])
                if card is None or card.player == pc:
                    return any(self.board[sq] is None for sq in range(9) if sq != self.opp_psq)
        return False

    def card_index(self) -> "CardIndex":
        """iid -> the card's view, from every zone of both players and the board."""
        return CardIndex(self.obs, self.board)


class CardIndex:
    """The view of each card the observation shows, by iid (``get``), looked for when first asked.
    A card is in one place, so the answer is the same as that of a full index of every place."""

    __slots__ = ("players", "board", "found")

    def __init__(self, obs: dict, board: list):
        self.players = obs["players"]
        self.board = board
        self.found: dict = {}

    def get(self, iid, default=None):
        found = self.found
        if iid in found:
            c = found[iid]
        else:
            c = found[iid] = self._find(iid)
        return default if c is None else c

    def _find(self, iid):
        # the places the decisions ask about most come first (a card is in one place; a face-up
        # dynamis card's view is the one of dynamis_face_up)
        for pv in self.players:
            for z in ("hand", "dynamis_face_up", "dynamis"):
                for c in pv.get(z) or ():
                    if c["iid"] == iid:
                        return c
        for u in self.board:
            if u is not None and "iid" in u:
                if u["iid"] == iid:
                    return u
                sh = u.get("shift")
                if sh and sh["iid"] == iid:
                    return sh
        for pv in self.players:
            for z in ("resources", "resolving", "charge", "trash"):
                for c in pv.get(z) or ():
                    if c["iid"] == iid:
                        return c
            rev = pv.get("revealed")
            if rev and rev["iid"] == iid:
                return rev
        return None


def _remaining(u: dict) -> int:
    return u.get("power_now", 0) - u.get("damage", 0)


# --- effect values --------------------------------------------------------------------------------

def _effect_value(ctx: Ctx, ops, free: bool = False) -> float:
    """What a one-shot effect (event, on-place, EV EX, activated) is worth now, in the main phase."""
    if ops is None:
        return 1.0   # unknown card: assume modestly useful
    v = 0.0
    last_target = None
    acted = True  # whether the op before acted (an ``if_done`` op follows only then)
    life = ctx.me["life"]  # as the ops leave it (a look at the life takes one, add_life gives one)
    for name, args in ops:
        if "_if_done" in args and not acted:
            continue
        if "_if" in args and not all(L.holds(ctx.obs, ctx.p, c) for c in args["_if"]):
            acted = False
            continue
        t = args.get("target", "")
        amt = _amount(ctx, args.get("amount"))
        before = v
        if not isinstance(t, str):  # a selector table
            got, acted = _table_value(ctx, name, args, t)
            v += got
        elif name == "damage" and t == "choose_opponent_zx":
            best, last_target = _best_damage_target(ctx, amt)
            v += best
        elif name == "damage" and t == "all_opponent_zx":
            v += sum(ctx.unit_value(sq, u) if _remaining(u) <= amt else 0.2 for sq, u in ctx.theirs)
        elif name == "damage" and t == "same" and last_target is not None:
            sq, u, mod = last_target
            if _remaining(u) + mod <= amt:
                v += ctx.unit_value(sq, u)
        elif name == "destroy" and t == "choose_opponent_zx":
            if ctx.theirs:
                v += max(ctx.unit_value(sq, u) for sq, u in ctx.theirs)
        elif name == "move" and t == "choose_opponent_zx":
            if ctx.theirs:
                v += max(ctx.unit_value(sq, u) for sq, u in ctx.theirs) * (0.85 if args.get("to") == "hand" else 1)
        elif name == "modify" and t in ("choose_opponent_zx", "all_opponent_zx") and amt < 0:
            best = 0.0
            for sq, u in ctx.theirs:
                if _remaining(u) + amt <= 0:
                    gain = ctx.unit_value(sq, u)
                else:
                    gain = ctx.unit_value(sq, u) * 0.8 if _enables_kill(ctx, sq, u, -amt) else 0.1
                if t == "all_opponent_zx":
                    best += gain
                else:
                    if gain > best:
                        best, last_target = gain, (sq, u, amt)
            if t == "choose_opponent_zx" and last_target is None and ctx.theirs:
                sq, u = max(ctx.theirs, key=lambda su: ctx.unit_value(*su))
                last_target = (sq, u, amt)
            v += best
        elif name == "modify" and t in ("choose_own_zx", "all_own_zx", "self") and amt > 0:
            v += 0.2   # a pump matters in a battle
            if not isinstance(args.get("amount"), int):  # "for each": the bigger, the more
                v += 0.45 * amt / 1000   # as printed power weighs in a placement
        elif name == "choose_one":
            v += _modes_value(ctx, args)
        elif name == "set_state" and args.get("state") == "rebooted" and t in ("choose_own_zx", "all_own_zx"):
            sleepers = [(sq, u) for sq, u in ctx.mine if u.get("asleep")]
            vals = [_attack_potential(ctx, sq, u) for sq, u in sleepers]
            if vals:
                v += sum(vals) if t == "all_own_zx" else max(vals)
        elif name == "set_state" and args.get("state") == "asleep" and t == "choose_opponent_zx":
            v += 0.1
            if ctx.theirs:
                sq, u = max(ctx.theirs, key=lambda su: ctx.unit_value(*su))
                last_target = (sq, u, 0)
        elif name == "draw":
            v += (1.0 if args.get("player", "self") == "self" else -0.8) * (amt or 1)
        elif name == "search":
            v += _search_value(args)
        elif name == "look" and args.get("zone") in ("hand", "life"):
            got, life = _look_value(ctx, args, life)
            v += got
        elif name == "mill":
            v += 0.3 * (amt or 1) if args.get("player") == "opponent" else 0.05
        elif name == "alter_force":
            v += 0.4 if ctx.me["trash"] else 0.0
        elif name == "gain_counter":
            v += 0.5 + 0.6 * _counter_need(ctx, args.get("counter"))
        elif name == "add_life":
            v += _life_worth(life)
            life += 1
        elif name == "win_if":
            me = ctx.me
            face_up = sum(1 for c in me.get("dynamis") or () if c.get("face_up"))
            ok = face_up >= args.get("min_face_up_dynamis", 0) and (
                args.get("counter") is None or me["counters"].get(args["counter"], 0) >= args.get("min_counters", 0))
            v += 1000.0 if ok else -0.5
        elif name == "overboost":
            v += 6.0 if ctx.can_overboost() else -0.5
        elif t in ("attacker", "battle_target") and ctx.obs.get("battle"):
            b = ctx.obs["battle"]
            sq = b.get("attacker") if t == "attacker" else b.get("target")
            u = ctx.board[sq] if sq is not None and sq >= 0 else None
            if u is not None and u.get("owner") != ctx.p and (
                    name in ("destroy", "move") or (name == "damage" and _remaining(u) <= amt)):
                v += ctx.unit_value(sq, u)
        if isinstance(t, str):
            acted = True
        if "_optional" in args and v < before:  # "you may": not when it costs
            v = before
    return v


def _life_worth(life: int) -> float:
    """What one more life card is worth with ``life`` of them."""
    return 3.0 + (2.0 if life <= 2 else 0.0)


def _search_value(args: dict) -> float:
    """A ``search``: a card of the deck into the hand. With a selector table as its filter (the
    card language's: it names closely what it finds) a card of our choice, worth more than a draw;
    the flat filters of the first sets keep their rough worth (the fixed-seed sample games,
    tests/speed, play as they did)."""
    return 1.0 if isinstance(args.get("filter"), dict) else 1.4


def _look_value(ctx: Ctx, args: dict, life: int) -> tuple[float, int]:
    """(worth, life after) of a ``look`` at a hand or at the life. The opponent's hand: the cards
    of our choice they lose (their best: more than a card we draw, the more so the more cards
    there are to choose from; nothing when their hand is empty). Our life: a card of our choice
    into the hand, a life card lost (an ``add_life`` after it gives it back)."""
    take = args.get("take")
    if take is None:
        return 0.0, life
    if args.get("zone") == "hand" and args.get("side") == "opponent":
        n = ctx.opp["hand_count"]
        lost = take.to in ("trash", "removed")
        return ((1.3 + 0.15 * min(n, 5)) * min(take.choose, n) if lost else 0.0), life
    if args.get("zone") == "life" and args.get("side", "own") == "own" and take.to == "hand" and life > 0:
        return 1.4 - _life_worth(life - 1), life - 1
    return 0.0, life


def _modes_value(ctx: Ctx, args: dict) -> float:
    """A ``choose_one``: the ``count`` modes worth the most now (its count an amount)."""
    worths = sorted((_effect_value(ctx, tuple((o.name, dict(o.args)) for o in m.ops)) for m in args.get("modes") or ()),
                    reverse=True)
    return sum(w for w in worths[:max(1, _amount(ctx, args.get("count", 1)))] if w > 0)


def _cost_penalty(ctx: Ctx, cid: str, k: int, sq: int = -1, u: dict | None = None,
                  card: dict | None = None, parts=None) -> float:
    """What paying the cost parts of the card's ability ``k`` (or ``parts``: a ``pay`` op's) loses
    us besides resources (games/zx/costs.py): the least valuable cards of the hand discarded,
    this card itself (``u`` on square ``sq``, or ``card`` elsewhere), Z/X put to sleep (their
    attacks on our turn), counters, force (what min_force statics need), cards of the charge or
    the trash."""
    if parts is None:
        c = _db(cid)
        costs = getattr(c.abilities[k], "costs", None) if c is not None and k < len(c.abilities) else None
        if costs is None:
            return 0.0
        parts = costs.parts
    own = (card or u or {}).get("iid")
    hand = sorted(_hand_value(ctx, h) for h in ctx.hand if h.get("iid") != own)
    v = 0.0
    for part in parts:
        if part.pay == "resources":
            continue
        if part.pay == "remove_counter":
            v += 0.5 * part.amount
        elif part.this and part.pay == "sleep":
            v += 0.8 if u is not None and ctx.my_turn and _attack_potential(ctx, sq, u) > 0 else 0.1
        elif part.this and u is not None:
            v += ctx.unit_value(sq, u)
        elif part.this:  # the card itself from the hand (a card to play lost), else little
            v += _hand_value(ctx, card) if card is not None and card in ctx.hand else 0.2
        elif part.pay == "sleep":
            awake = sorted(_attack_potential(ctx, q, w) for q, w in ctx.attackers() if q != sq)
            v += sum(awake[:part.amount]) if ctx.my_turn else 0.1 * part.amount
        elif part.cards is not None and part.cards.zone == "hand":
            v += 0.8 * sum(hand[:part.amount])
            hand = hand[part.amount:]
        elif part.cards is not None and part.cards.zone == "force":  # what its min_force statics feed on
            v += 0.4 * part.amount
        else:
            v += 0.2 * part.amount
    return v


def _amount(ctx: Ctx, amount) -> int:
    """An op's number: as printed, or a "for each" amount (engine/amounts.py) counted roughly on
    what the player sees (the Z/X on the board by side, or the size of the zone counted)."""
    if amount is None or isinstance(amount, int):
        return amount or 0
    sel = amount.count
    sides = {"own": (ctx.p,), "opponent": (1 - ctx.p,)}.get(sel.side, (0, 1))
    if sel.zone == "board":
        n = sum(1 for sq, u in ctx.mine + ctx.theirs if u.get("owner") in sides) - (ctx.p in sides and sel.other)
    else:
        size = {"hand": "hand_count", "deck": "deck", "life": "life"}.get(sel.zone)
        players = ctx.obs["players"]
        n = sum(players[p][size] if size else len(players[p].get(sel.zone) or ()) for p in sides)
    n = max(0, n) * amount.times
    if amount.max is not None:
        n = min(n, amount.max) if amount.times > 0 else max(n, -amount.max)
    return n


#: what a card moved from a public zone of ours is worth, by where it goes (``_table_value``)
_FROM_ZONE = {"hand": 1.0, "resources": 0.8, "charge": 0.3, "deck": 0.0, "trash": 0.0, "life": 1.5, "removed": -0.2}


def _table_value(ctx: Ctx, name: str, args: dict, sel) -> tuple[float, bool]:
    """(worth, acted) of an op whose target is a selector table, from the cards it can take now:
    the best ``choose`` / ``random`` many (every one for ``all``); a zone the observation does not
    list (a hand, a deck) counts as a card taken from its side."""
    cands = L.candidates(ctx.obs, ctx.p, sel)
    n = L.how_many(sel)
    if cands is None:
        worth = 0.8 if sel.side == "opponent" else -0.8 if sel.side == "own" else 0.0
        return (worth * min(n, 3) if name == "move" else 0.0), True
    if not cands:
        return 0.0, False
    amt = _amount(ctx, args.get("amount"))
    to = args.get("to")
    vals = []
    for owner, c in cands:
        if sel.zone != "board":
            if owner != ctx.p:
                vals.append(0.05)
            elif to == "square":
                vals.append(0.5 + 0.45 * c.get("power", 0) / 1000 if c.get("kind") == "zx" else 0.0)
            else:
                vals.append(_FROM_ZONE.get(to, 0.0))
            continue
        sq = c.get("square", 0)
        if owner != ctx.p:
            if name in ("destroy", "move"):
                vals.append(ctx.unit_value(sq, c) * (0.85 if to == "hand" else 1.0))
            elif name == "damage" or (name == "modify" and amt < 0):
                left = _remaining(c) - (amt if name == "damage" else -amt)
                vals.append(ctx.unit_value(sq, c) if left <= 0 else 0.1)
            elif name == "set_state":
                vals.append(0.1 if args.get("state") == "asleep" else -0.3)
            else:
                vals.append(-0.2 if amt > 0 else 0.0)
        elif name == "modify" and amt > 0:
            vals.append(0.2)
        elif name == "set_state" and args.get("state") == "rebooted":
            vals.append(_attack_potential(ctx, sq, c) if c.get("asleep") else 0.0)
        elif name in ("destroy", "move", "damage") or amt < 0:
            vals.append(-0.5)
        else:
            vals.append(0.0)
    vals.sort(reverse=sel.chooser != "opponent")  # the opponent's own choice: the worst for us
    if sel.count[0] == "random":
        got = sum(vals) / len(vals) * min(n, len(vals))
    else:
        got = sum(vals[:n])
        if sel.up_to:
            got = sum(x for x in vals[:n] if x > 0)
    return got, True


def _trigger_value(ctx: Ctx, cid: str) -> float:
    """What a Z/X's triggered abilities add to placing it now: its own entering counts in full,
    the others by how likely and how soon they happen."""
    v = 0.0
    for event, whose, me, ops, _ in _triggers(cid):
        worth = max(0.0, _effect_value(ctx, ops))
        if event == "enters" and me:
            v += worth
        elif event in ("attacks", "destroyed", "turn_start", "turn_end"):
            v += 0.5 * worth
        elif event == "attacked":
            v += 0.3
        else:
            v += 0.3 * worth
    return v

def _ops_value(ctx: Ctx, ops) -> float:
    """``_effect_value(ctx, ops)`` for the effects of a printed card (``_ops``: kept objects, so
    their ids name them), worked out once per decision."""
    key = ("ops", id(ops))
    hit = ctx.memo.get(key)
    if hit is None:
        hit = ctx.memo.keep(key, _effect_value(ctx, ops), ops)
    return hit[0]


def _best_damage_target(ctx: Ctx, amt: int):
    best, tgt = 0.0, None
    for sq, u in ctx.theirs:
        if _remaining(u) <= amt:
            g = ctx.unit_value(sq, u)
        else:  # enough damage for one of our attackers to finish it (and none could alone)
            g = 0.6 * ctx.unit_value(sq, u) if _enables_kill(ctx, sq, u, amt) else 0.15
        if g > best:
            best, tgt = g, (sq, u, 0)
    return best, tgt


def _enables_kill(ctx: Ctx, sq: int, u: dict, amt: int) -> bool:
    """Would ``amt`` less power/health let one of our rebooted attackers destroy this Z/X when
    none can now?"""
    powers = [au.get("power_now", 0) for a, au in ctx.attackers() if sq in ADJ[a]]
    if not powers:
        return False
    rem = _remaining(u)
    return max(powers) < rem <= max(powers) + amt


def _counter_need(ctx: Ctx, counter) -> int:
    for c in ctx.me.get("dynamis") or ():
        if c.get("kind") == "zx_ex" and not c.get("face_up") and c.get("condition") == "idealize" \
                and c.get("counter") == counter:
            return 1
    return 0


def _attack_potential(ctx: Ctx, sq: int, u: dict) -> float:
    """What one more attack by this Z/X is worth."""
    if sq in ADJ[ctx.opp_psq] and ctx.player_open():
        return ctx.life_value(ctx.opp["life"]) * 0.8
    best = 0.0
    for t in ADJ[sq]:
        v = ctx.board[t]
        if v is not None and v.get("owner") != ctx.p and u.get("power_now", 0) >= _remaining(v):
            best = max(best, ctx.unit_value(t, v))
    return best


def _hand_value(ctx: Ctx, c: dict) -> float:
    kind = c.get("kind")
    nres = len(ctx.me["resources"])
    if kind == "zx":
        v = 1.0 + 0.6 * c.get("power", 0) / 1000 + 0.7 * max(0.0, _ops_value(ctx, _ops(c.get("id", ""), "on_place")))
        if c.get("cost", 0) > nres + 1:
            v -= 1.0
        return v
    if kind == "event":
        ops = _ops(c.get("id", ""), "use")
        if ops is None:
            return 1.5
        names = {o[0] for o in ops}
        if "win_if" in names:
            return 0.3
        if "overboost" in names:
            return 3.0 if ctx.can_overboost() else 0.4
        if "add_life" in names:
            return 3.0
        if c.get("timing") == "battle":
            return 2.2 if names & {"destroy", "damage"} else 1.6
        if names & {"damage", "destroy", "move"}:
            return 2.3
        return 1.5
    return 1.0


# --- placement -----------------------------------------------------------------------------------

def _square_score(ctx: Ctx, sq: int, power: int, replacing: dict | None = None) -> float:
    """How good it is to have a Z/X of this power on this square (``replacing``: a view of the
    board, so its id names it while the decision lasts; worked out once per decision)."""
    key = (sq, power, id(replacing))
    hit = ctx.memo.get(key)
    if hit is None:
        hit = ctx.memo.keep(key, _square_score_now(ctx, sq, power, replacing), replacing)
    return hit[0]


def _square_score_now(ctx: Ctx, sq: int, power: int, replacing: dict | None) -> float:
    s = 0.0
    board = ctx.board
    if sq in ADJ[ctx.opp_psq]:
        if ctx.player_open():
            s += 3.0
        else:
            blk = board[ctx.opp_psq]
            s += 1.2 + (1.5 if blk is not None and blk.get("owner") != ctx.p and power >= _remaining(blk) else 0)
    if sq == ctx.my_psq:
        threats = sum(1 for t in ADJ[sq] if board[t] is not None and board[t].get("owner") != ctx.p)
        life = ctx.me["life"]
        s += (DEF_BASE + DEF_LIFE / max(1, life) + 0.8 * threats) if not ctx.my_ob else 0.8
    kill = 0.0
    danger = 0
    for t in ADJ[sq]:
        v = board[t]
        if v is None or v.get("owner") == ctx.p:
            continue
        if power >= _remaining(v):
            kill = max(kill, 0.6 * ctx.unit_value(t, v))
        if v.get("power_now", 0) >= power:
            danger += 1
    s += kill - 0.6 * danger
    if sq in ADJ[ctx.my_psq] and sq != ctx.my_psq:
        s += 0.3   # covers the squares that threaten us
    if replacing is not None:
        s -= 1.5 + ctx.unit_value(sq, replacing)
    return s


def _best_square(ctx: Ctx, squares, power: int):
    best = None
    for sq in squares:
        u = ctx.board[sq]
        rep = u if (u is not None and u.get("owner") == ctx.p) else None
        sc = _square_score(ctx, sq, power, rep)
        if rep is not None and power <= rep.get("power_now", 0):
            sc -= 5
        if best is None or sc > best[0]:
            best = (sc, sq)
    return best


def _reserve(ctx: Ctx) -> int:
    """Resources worth keeping for a defensive battle event on the opponent's turn."""
    costs = []
    for c in ctx.hand:
        if c.get("kind") == "event" and c.get("timing") in ("battle", "any"):
            ops = _ops(c.get("id", ""), "use") or ()
            if any((o[1].get("target") in ("attacker", "battle_target") and o[0] in ("destroy", "damage"))
                   or (o[1].get("target") == "battle_target" and o[0] == "modify") or o[0] == "overboost"
                   for o in ops):
                costs.append(c.get("cost", 0))
    return min(costs) if costs else 0


# --- the policy -----------------------------------------------------------------------------------

def policy(view: AgentView, rng: Rng) -> Action:
    return decide_by_kind(view, rng, _DECIDE, _fallback, STRICT)


def _fallback(view, acts, rng):
    for t in ("end_turn", "pass", "end_ignition", "keep", "no_resource"):
        for a in acts:
            if a.type == t:
                return a
    return acts[rng.below(len(acts))]


_first = first_of


#: what this heuristic knows of a card it cannot see in its observation (one offered from the
#: deck): nothing yet. The card's id is data (``view.cards(a)["card"]``), but it used to be read
#: from the action's English-shaped words, which its Japanese words never matched, so such a
#: card has always counted as unknown (kept: reading it changes games on fixed seeds)
_UNSEEN: dict = {}


def _start_card(view, acts, rng):
    """The first start card offered (its printed facts are not weighed yet: ``_UNSEEN``)."""
    return next((a for a in acts if a.type == "start_card"), None)


def _mulligan(view, acts, rng):
    ctx = Ctx(view)
    cheap = [c for c in ctx.hand if c.get("kind") == "zx" and c.get("cost", 9) <= 2]
    return _first(acts, "keep") if cheap else _first(acts, "mulligan")


def _resource(view, acts, rng):
    ctx = Ctx(view)
    nres = len(ctx.me["resources"])
    hand = ctx.hand
    if not hand:
        return _first(acts, "no_resource")
    want = nres < RES_MIN or (nres < RES_MAX and len(hand) >= 3) or len(hand) >= 6
    if not want:
        return _first(acts, "no_resource")
    colors = {}
    for r in ctx.me["resources"]:
        colors[r.get("color")] = colors.get(r.get("color"), 0) + 1
    needed = {c.get("color") for c in hand if c.get("kind") in ("zx", "event")}
    by_iid: dict = {}
    for x in hand:  # the first card of the hand with that iid
        by_iid.setdefault(x["iid"], x)
    best = None
    for a, c in offered_cards(acts, "resource", by_iid):
        sc = -_hand_value(ctx, c)
        col = c.get("color")
        if col not in colors:
            sc += 2.0 if col in needed else 0.5
        else:
            sc -= 0.2 * colors[col]
        if best is None or sc > best[0]:
            best = (sc, a)
    return best[1] if best else _first(acts, "no_resource")


def _ignition(view, acts, rng):
    me = view.observation["players"][view.player]  # (no more of the context is read)
    deck, life = me["deck"], me["life"]
    if deck >= (3 if life <= 2 else 1):
        for a in acts:
            if a.type == "ignite":
                return a
    return _first(acts, "end_ignition")


def _revealed(view, acts, rng):
    """An ignition card revealed by ignition or by a hit on our life: play it free."""
    ctx = Ctx(view)
    card = ctx.me.get("revealed") or {}
    if _first(acts, "use_free"):
        if view.kind == "overdrive":  # declining only sends it to the trash
            return _first(acts, "use_free")
        # a life card: declined, it goes to the charge (fuel for ignition)
        v = _ops_value(ctx, _ops(card.get("id", ""), "use"))
        return _first(acts, "use_free") if v > 0.4 else _first(acts, "decline")
    places = [a for a in acts if a.type == "place_free"]
    if places:
        power = card.get("power", 0)
        on_place = max(0.0, _ops_value(ctx, _ops(card.get("id", ""), "on_place")))
        best = _best_square(ctx, [a.square for a in places], power)
        if best is not None and best[0] + on_place > -2.0:
            return next(a for a in places if a.square == best[1])
    return _first(acts, "decline")


def _main(view, acts, rng):
    ctx = Ctx(view)
    by: dict[str, list] = {}
    for a in acts:
        by.setdefault(a.type, []).append(a)
    idx = ctx.card_index()
    awake = len(ctx.awake)

    # 1. SHIFT: free power
    if "shift" in by:
        def shift_score(a):
            u = ctx.board[a.square] or {}
            return (u.get("kind") == "zx_ob", not u.get("asleep"), u.get("power_now", 0))
        return max(by["shift"], key=shift_score)

    # effect actions (events, EV EX, activated abilities) and their worth
    effects = []
    for a in by.get("event", ()):
        c = idx.get(a.card) or {}
        v = _ops_value(ctx, _ops(c.get("id", ""), "use")) - 0.35 * c.get("cost", 0) - 0.6
        effects.append((v, c.get("cost", 0), a))
    for a in by.get("ev_ex", ()):
        (_, card), (_, effect) = a.params  # ev_ex: card, effect
        c = idx.get(card) or {}
        v = _ops_value(ctx, _ops(c.get("id", ""), "use", effect)) - 0.35 * c.get("cost", 0) - 1.2
        effects.append((v, c.get("cost", 0), a))
    for a in by.get("activate", ()):
        u = ctx.board[a.square] or {}
        abil = _abilities(u.get("id", ""))
        if abil is None or a.ability >= len(abil):
            continue
        kind, cost, _, ops = abil[a.ability]
        v = _activated_value(ctx, a.square, u, ops) - 0.35 * cost - \
            _cost_penalty(ctx, u.get("id", ""), a.ability, a.square, u)
        effects.append((v, cost, a))
    for a in by.get("activate_card", ()):  # from the hand, the charge or the trash
        c = idx.get(a.card) or {}
        abil = _abilities(c.get("id", ""))
        if abil is None or a.ability >= len(abil):
            continue
        kind, cost, _, ops = abil[a.ability]
        v = _activated_value(ctx, -1, {}, ops) - 0.35 * cost - _cost_penalty(ctx, c.get("id", ""), a.ability, card=c)
        effects.append((v, cost, a))
    effects.sort(key=lambda t: -t[0])

    # 2. a card's own win, Ignition Overboost
    for v, cost, a in effects:
        if v >= 5.0:
            return a

    # 3. attack the player
    # attack actions' parameters: attacker, target (a.params[0][1], a.params[1][1])
    hits = [a for a in by.get("attack", ()) if a.params[1][1] == -1]
    if hits:
        return min(hits, key=lambda a: (ctx.board[a.params[0][1]] or {}).get("power_now", 0))

    attacks = [a for a in by.get("attack", ()) if a.params[1][1] >= 0]

    # 3b. an attack whose own "when this Z/X attacks" ability is worth much (it removes a Z/X...)
    a = _trigger_attack(ctx, attacks)
    if a is not None:
        return a

    # 4. destroy the Z/X on the opponent's player square (opens their life)
    blk = ctx.board[ctx.opp_psq]
    if blk is not None and blk.get("owner") != ctx.p:
        a = _kill_attack(ctx, [a for a in attacks if a.params[1][1] == ctx.opp_psq])
        if a is not None:
            return a

    # 5. removal and other strong effects
    for v, cost, a in effects:
        if v >= 2.0:
            return a

    # 6. place Z/X
    reserve = _reserve(ctx) if len(ctx.hand) > 0 else 0  # (read only from here on)
    place = _best_placement(ctx, by.get("place", ()), idx, awake, reserve)
    if place is not None:
        return place

    # 7. Z/X EX
    ex = _best_ex(ctx, by.get("zx_ex", ()), idx)
    if ex is not None:
        return ex

    # 8. attacks that destroy (alone, or together with the next attackers)
    a = _kill_attack(ctx, attacks, combos=True)
    if a is not None:
        return a

    # 9. spare resources: draw, Life Recovery, small effects
    for v, cost, a in effects:
        if v >= 0.35 and (awake - cost >= reserve or v >= 1.5):
            return a
    return _first(acts, "end_turn")


def _trigger_attack(ctx: Ctx, attacks):
    """The attack by a Z/X whose "when this Z/X attacks" abilities are worth 2 or more now (the
    best of them; its target: one it destroys, else the most valuable), or None."""
    best = None
    for a in attacks:
        u = ctx.board[a.attacker] or {}
        trig = [ops for event, _, me, ops, _ in _triggers(u.get("id", "")) if event == "attacks" and me]
        if not trig:
            continue
        worth = sum(_ops_value(ctx, ops) for ops in trig)
        tu = ctx.board[a.target] or {}
        kills = u.get("power_now", 0) >= _remaining(tu)
        key = (worth, kills, ctx.unit_value(a.target, tu))
        if worth >= 2.0 and (best is None or key > best[0]):
            best = (key, a)
    return best[1] if best else None


def _activated_value(ctx: Ctx, sq: int, u: dict, ops) -> float:
    v = 0.0
    for name, args in ops:
        t = args.get("target")
        if name == "modify" and t == "self" and _amount(ctx, args.get("amount")) > 0:
            if u.get("asleep") or sq < 0:
                continue
            pw = u.get("power_now", 0)
            amt = _amount(ctx, args["amount"])
            for tq in ADJ[sq]:
                w = ctx.board[tq]
                if w is not None and w.get("owner") != ctx.p and pw < _remaining(w) <= pw + amt:
                    v = max(v, 0.8 * ctx.unit_value(tq, w))
        elif name == "alter_force":
            need = max((ab[2] for ab in (_abilities(u.get("id", "")) or ()) if ab[0] == "static"), default=0)
            v += 1.2 if u.get("force", 0) < need and ctx.me["trash"] else 0.0
        else:
            v += _effect_value(ctx, ((name, args),))
    return v


def _attack_bonus(ctx: Ctx, u: dict | None) -> int:
    """The power a Z/X gains from its own "when this Z/X attacks, +N power" (a keyword such as
    Onrush, or its own trigger), counted in the attack's outcome."""
    return sum(_amount(ctx, args.get("amount")) for event, _, me, ops, _ in _triggers((u or {}).get("id", ""))
               if event == "attacks" and me for name, args in ops
               if name == "modify" and args.get("target") == "self" and args.get("stat") == "power"
               and "_if" not in args and _amount(ctx, args.get("amount")) > 0)


def _kill_attack(ctx: Ctx, attacks, combos: bool = False):
    """The attack that destroys the most valuable target with the weakest sufficient attacker;
    with ``combos``, also the first of several attacks that destroy a target together."""
    by_target: dict[int, list] = {}
    for a in attacks:
        by_target.setdefault(a.target, []).append(a)
    best = None
    for tq, alist in by_target.items():
        tu = ctx.board[tq]
        if tu is None:
            continue
        need = _remaining(tu)
        val = ctx.unit_value(tq, tu)
        powers = sorted((((ctx.board[a.attacker] or {}).get("power_now", 0) + _attack_bonus(ctx, ctx.board[a.attacker]), a)
                         for a in alist), key=lambda t: t[0])
        single = [(pw, a) for pw, a in powers if pw >= need]
        if single:
            pw, a = single[0]
            # an attacker that could hit the player later is worth keeping when possible
            key = (val, -pw)
            if best is None or key > best[0]:
                best = (key, a)
        elif combos and sum(pw for pw, _ in powers) >= need:
            # fewest attackers: strongest first
            pw, a = powers[-1]
            key = (val - 0.5 * len(powers), -pw)
            if best is None or key > best[0]:
                best = (key, a)
    return best[1] if best else None


def _best_placement(ctx: Ctx, places, idx, awake: int, reserve: int):
    best = None
    by_card: dict[int, list[int]] = {}
    first: dict[tuple, object] = {}
    for a in places:
        (_, card), (_, sq) = a.params  # place: card, square
        by_card.setdefault(card, []).append(sq)
        first.setdefault((card, sq), a)
    for card, squares in by_card.items():
        c = idx.get(card) or {}
        power = c.get("power", 0)
        cost = c.get("cost", 0)
        on_place = _ops_value(ctx, _ops(c.get("id", ""), "on_place")) + _static_table_value(ctx, c.get("id", ""))
        if _triggers(c.get("id", "")):
            on_place += _trigger_value(ctx, c["id"])
        sq_best = _best_square(ctx, squares, power)
        if sq_best is None:
            continue
        score = sq_best[0] + 0.45 * power / 1000 + on_place - 0.35 * cost + 0.5
        if awake - cost < reserve:
            score -= 1.5
        if best is None or score > best[0]:
            best = (score, card, sq_best[1])
    if best is None or best[0] <= PLACE_MIN:
        return None
    _, card, sq = best
    return first[card, sq]


def _static_table_value(ctx: Ctx, cid: str) -> float:
    """What the card's statics over a selector table of Z/X (the card language's) give the Z/X on
    the board now, as printed power weighs in a placement: the power our Z/X gain, the power theirs
    lose. (The named statics of the first sets are left out: the fixed-seed sample games,
    tests/speed, play as they did.)"""
    v = 0.0
    for kind, _, _, ops in _abilities(cid) or ():
        for name, args in ops if kind == "static" else ():
            sel, amt = args.get("target"), args.get("amount")
            if name != "modify" or isinstance(sel, str) or not isinstance(amt, int):
                continue
            gains = [amt if owner == ctx.p else -amt for owner, _ in L.candidates(ctx.obs, ctx.p, sel) or ()]
            v += 0.45 * sum(g for g in gains if g > 0) / 1000
    return v


def _best_ex(ctx: Ctx, options, idx):
    best = None
    for a in options:
        c = idx.get(a.card) or {}
        power = c.get("power", 0)
        sc = 0.8 * power / 1000 + _ops_value(ctx, _ops(c.get("id", ""), "on_place"))
        destroy = a.get("destroy") or ()
        for q in destroy:
            u = ctx.board[q] or {}
            sc -= ctx.unit_value(q, u) * 0.8
        cond = c.get("condition")
        if cond == "awaken":
            sc -= 0.35 * c.get("cost", 0)
            if c.get("awaken") == "discard":
                vals = sorted(_hand_value(ctx, h) for h in ctx.hand)
                sc -= sum(vals[: c.get("count", 1)]) if len(vals) > c.get("count", 1) else 10
            else:
                sc -= 1.0 * c.get("count", 1)
        elif cond == "idealize":
            sc -= 0.3 * c.get("count", 1)
        if a.square in destroy:
            sq_sc = _square_score(ctx, a.square, power)
        else:
            u = ctx.board[a.square]
            sq_sc = _square_score(ctx, a.square, power, u if u is not None else None)
        sc += sq_sc
        if best is None or sc > best[0]:
            best = (sc, a)
    if best is None or best[0] < 3.0:
        return None
    return best[1]


# --- battles ----------------------------------------------------------------------------------------

def _battle_outcome(ctx: Ctx, att: dict | None, tgt: dict | None, player_target: bool, ob_appears: bool):
    """Value of the battle's result for the attacking side (destroyed target / life hit, minus a
    lost attacker)."""
    v = 0.0
    att_alive = att is not None and att["power"] > att["damage"] and not att.get("gone")
    if att is not None and not att_alive:
        v -= att["value"]
    if not att_alive:
        return v
    if player_target:
        if not ob_appears:
            v += att["life_value"]
    elif tgt is not None and not tgt.get("gone"):
        if tgt["damage"] + att["power"] >= tgt["power"]:
            v += tgt["value"]
    elif tgt is not None and tgt.get("gone"):
        v += tgt["value"] * 0.8
    return v


def _apply_battle_ops(ctx: Ctx, ops, i_attack: bool, att: dict, tgt: dict | None) -> bool:
    """Apply an event's ops to the battle model; returns whether an OB appears (overboost)."""
    ob = False
    for name, args in ops:
        t = args.get("target", "")
        amt = _amount(ctx, args.get("amount"))
        theirs_side = t == "choose_opponent_zx"
        if t == "attacker" or (theirs_side and not i_attack) or (t == "choose_own_zx" and i_attack):
            who = att
        elif t == "battle_target" or (theirs_side and i_attack) or (t == "choose_own_zx" and not i_attack):
            who = tgt
        else:
            who = None
        if name == "overboost":
            ob = ob or (not i_attack and ctx.can_overboost())
            continue
        if who is None:
            continue
        if name == "modify":
            who["power"] += amt
        elif name == "damage":
            who["damage"] += amt
        elif name in ("destroy", "move"):
            who["gone"] = True
        if who["power"] <= who["damage"]:
            who["gone"] = True
    return ob


def _battle(view, acts, rng):
    ctx = Ctx(view)
    b = ctx.obs.get("battle")
    if not b:
        return _first(acts, "pass")
    au = ctx.board[b["attacker"]]
    if au is None:
        return _first(acts, "pass")
    i_attack = au.get("owner") == ctx.p
    player_target = b["target"] is None or b["target"] < 0
    tu = None if player_target else ctx.board[b["target"]]
    defender_life = (ctx.opp if i_attack else ctx.me)["life"]

    def model():
        att = {"power": au.get("power_now", 0), "damage": au.get("damage", 0),
               "value": ctx.unit_value(b["attacker"], au), "life_value": ctx.life_value(defender_life)}
        tgt = None
        if tu is not None:
            tgt = {"power": tu.get("power_now", 0), "damage": tu.get("damage", 0),
                   "value": ctx.unit_value(b["target"], tu)}
        return att, tgt
    att, tgt = model()
    base = _battle_outcome(ctx, att, tgt, player_target, False)
    sign = 1 if i_attack else -1
    idx = ctx.card_index()
    best = None
    for a in acts:
        if a.type == "battle_event":
            c = idx.get(a.card) or {}
            ops = _ops(c.get("id", ""), "use")
            cost = 0.6 + (0.3 * c.get("cost", 0) if ctx.my_turn else 0.05 * c.get("cost", 0))
        elif a.type == "ev_ex":
            c = idx.get(a.card) or {}
            ops = _ops(c.get("id", ""), "use", a.effect)
            cost = 1.2 + (0.3 * c.get("cost", 0) if ctx.my_turn else 0.05 * c.get("cost", 0))
        else:
            continue
        if ops is None:
            continue
        att2, tgt2 = model()
        ob = _apply_battle_ops(ctx, ops, i_attack, att2, tgt2)
        gain = sign * (_battle_outcome(ctx, att2, tgt2, player_target, ob) - base)
        if not ctx.my_turn and a.type == "ev_ex":
            gain += 0.3 * max(0.0, _effect_value(ctx, tuple(o for o in ops if o[0] == "draw")))
        gain -= cost
        if gain > 0.3 and (best is None or gain > best[0]):
            best = (gain, a)
    return best[1] if best else _first(acts, "pass")


# --- other decisions ---------------------------------------------------------------------------------

def _life_pick(view, acts, rng):
    lives = [a for a in acts if a.type == "life"]
    return lives[rng.below(len(lives))] if lives else None


def _discard(view, acts, rng):
    ctx = Ctx(view)
    hand = {c["iid"]: c for c in ctx.hand}
    opts = [a for a in acts if a.type == "discard"]
    return min(opts, key=lambda a: _hand_value(ctx, hand.get(a.card, {}))) if opts else None


def _awaken(view, acts, rng):
    ctx = Ctx(view)
    if _first(acts, "discard"):
        return _discard(view, acts, rng)
    sleeps = [a for a in acts if a.type == "sleep"]
    if sleeps:
        return min(sleeps, key=lambda a: (_attack_potential(ctx, a.square, ctx.board[a.square] or {}),
                                          (ctx.board[a.square] or {}).get("power_now", 0)))
    return None


def _pick(view, acts, rng):
    ctx = Ctx(view)
    picks = [a for a in acts if a.type == "pick"]
    if not picks:
        return None
    info = ctx.obs.get("decision") or {}
    if info.get("to") == "force":
        return picks[0]
    idx = ctx.card_index()
    best = None
    for a in picks:
        c = idx.get(a.card)
        if c is None:
            c = _UNSEEN
        v = _hand_value(ctx, c)
        if best is None or v > best[0]:
            best = (v, a)
    return best[1]


def _overboost(view, acts, rng):
    ctx = Ctx(view)
    opts = [a for a in acts if a.type == "overboost"]
    if not opts:
        return _first(acts, "no_overboost")
    idx = ctx.card_index()
    best = None
    for a in opts:
        c = idx.get(a.card) or {}
        sc = _square_score(ctx, a.square, c.get("power", 8000))
        if best is None or sc > best[0]:
            best = (sc, a)
    return best[1]


def _target(view, acts, rng):
    ctx = Ctx(view)
    info = ctx.obs.get("decision") or {}
    op = info.get("op")
    cands = [a for a in acts if a.type == "target"]
    if not cands:
        return None
    if op == "pay":
        return _pay_with(ctx, cands)
    where = {u["iid"]: (sq, u) for sq, u in enumerate(ctx.board) if u is not None and "iid" in u}
    if info.get("controller", ctx.p) != ctx.p:  # 「相手は…を選ぶ」: we give up what we need least
        return _give_up(ctx, cands, where)
    if not any(a.target in where for a in cands) and ctx.card_index().get(cands[0].target) is not None:
        return _zone_target(ctx, info, cands)  # cards of a zone (a selector table's)
    if not all(a.target in where for a in cands):
        return cands[rng.below(len(cands))]
    mine = all(where[a.target][1].get("owner") == ctx.p for a in cands)
    idx = ctx.card_index()
    src = idx.get(info.get("source"), {})
    amount = 0
    for ab in _abilities(src.get("id", "")) or ():
        for name, args in ab[3]:
            if name == op and str(args.get("target", "")).startswith("choose_"):
                amount = _amount(ctx, args.get("amount"))
                break
        if amount:
            break
    battle = ctx.obs.get("battle")
    if mine:
        if battle:  # a pump in a battle: our Z/X in the battle
            for a in cands:
                sq, _ = where[a.target]
                if sq in (battle.get("attacker"), battle.get("target")):
                    return a
        if op == "set_state":  # reboot: the sleeper with the best attack left
            return max(cands, key=lambda a: (_attack_potential(ctx, *where[a.target]),
                                             where[a.target][1].get("power_now", 0)))
        return max(cands, key=lambda a: (not where[a.target][1].get("asleep"),
                                         _attack_potential(ctx, *where[a.target]),
                                         where[a.target][1].get("power_now", 0)))
    # the opponent's Z/X
    if battle:
        for a in cands:
            sq, _ = where[a.target]
            if sq in (battle.get("attacker"), battle.get("target")) and op in ("damage", "destroy", "move"):
                return a

    def score(a):
        sq, u = where[a.target]
        val = ctx.unit_value(sq, u)
        if op == "damage" and amount:
            if _remaining(u) <= amount:
                return val + 10
            finish = any(sq in ADJ[q] and au.get("power_now", 0) >= _remaining(u) - amount
                         for q, au in ctx.attackers())
            return val + (5 if finish else 0)
        if op == "modify" and amount < 0:
            if _remaining(u) + amount <= 0:
                return val + 10
            finish = any(sq in ADJ[q] and au.get("power_now", 0) >= _remaining(u) + amount
                         for q, au in ctx.attackers())
            return val + (5 if finish else 0)
        if op == "set_state":
            return val + (0 if u.get("asleep") else 2)
        return val
    return max(cands, key=score)


def _printed(cid: str) -> dict:
    """A card of the database as ``_hand_value`` reads a card view (one seen only at a look)."""
    c = _db(cid)
    if c is None:
        return _UNSEEN
    return {"id": c.id, "kind": c.kind, "cost": c.cost, "power": c.power, "color": c.color, "timing": c.timing}


@lru_cache(maxsize=None)
def _modes(cid: str, n: int) -> tuple:
    """The modes of the card's ``choose_one`` with ``n`` modes, each as ``_effect_value`` reads
    ops (((op, args), ...)); () for an unknown card."""
    c = _db(cid)
    for ab in (c.abilities if c is not None else ()):
        for _, op in walk(ab.effects):
            modes = op.args.get("modes") if op.name == "choose_one" else None
            if modes and len(modes) == n:
                return tuple(tuple((o.name, dict(o.args)) for o in m.ops) for m in modes)
    return ()


def _choose_mode(view, acts, rng):
    """「次から1つを選ぶ」: the mode whose ops are worth the most now (the first of equals)."""
    ctx = Ctx(view)
    info = ctx.obs.get("decision") or {}
    src = ctx.card_index().get(info.get("source")) or {}
    modes = _modes(src.get("id", ""), info.get("modes", 0))
    opts = [a for a in acts if a.type == "mode" and a.mode < len(modes)]
    return max(opts, key=lambda a: _effect_value(ctx, modes[a.mode])) if opts else None


def _look_take(view, acts, rng):
    """A look: take the card worth the most in hand (for a zone the cards are lost to, the trash
    or the removed pile, take none when that is allowed; of the opponent's cards, a hand looked
    at, the one worth the most to them: they lose it)."""
    ctx = Ctx(view)
    info = ctx.obs.get("decision") or {}
    takes = [a for a in acts if a.type == "look_take"]
    theirs = info.get("whose") is not None and info.get("whose") != ctx.p and info.get("to") != "hand"
    if not takes or (not theirs and info.get("to") in ("trash", "removed") and _first(acts, "look_done")):
        return _first(acts, "look_done") or (takes[0] if takes else None)
    return max(takes, key=lambda a: _hand_value(ctx, _printed(view.cards(a).get("card", ""))))


def _look_order(view, acts, rng):
    """A look's rest going back: on top of our own deck the best card first (drawn next), on top of
    the opponent's the worst; at the bottom the order hardly matters (the first offered)."""
    ctx = Ctx(view)
    info = ctx.obs.get("decision") or {}
    opts = [a for a in acts if a.type == "look_order"]
    if not opts or info.get("to") != "top":
        return opts[0] if opts else None
    sign = 1 if info.get("whose") == ctx.p else -1
    return max(opts, key=lambda a: sign * _hand_value(ctx, _printed(view.cards(a).get("card", ""))))


def _give_up(ctx: Ctx, cands, where):
    """Our card the opponent's effect acts on, ours to choose: the Z/X worth least on the board,
    or the card worth least in hand."""
    if all(a.target in where for a in cands):
        return min(cands, key=lambda a: ctx.unit_value(*where[a.target]))
    hand = {c["iid"]: c for c in ctx.hand}
    return min(cands, key=lambda a: _hand_value(ctx, hand.get(a.target) or _UNSEEN))


def _optional(view, acts, rng):
    """"You may": yes when what it does (with the "if you do" ops after it) is worth something
    now, read from the asking card's data (a whole triggered ability, or one op of an ability)."""
    ctx = Ctx(view)
    info = ctx.obs.get("decision") or {}
    if info.get("op") == "pay":
        return _optional_pay(ctx, info, acts)
    cid = (ctx.card_index().get(info.get("source")) or {}).get("id", "")
    worth = _optional_worth(ctx, cid, info.get("op"))
    return next((a for a in acts if a.type == "optional" and bool(a.use) == (worth >= 0)), None)


def _optional_worth(ctx: Ctx, cid: str, op) -> float:
    if op == "trigger":  # an optional triggered ability, asked as a whole
        worths = [_effect_value(ctx, ops) for *_, ops, optional in _triggers(cid) if optional]
        return max(worths, default=0.0)
    for ab in _abilities(cid) or ():
        ops = ab[3]
        for k, (name, args) in enumerate(ops):
            if name == op and "_optional" in args:
                chain = [(name, {x: y for x, y in args.items() if x != "_optional"})]
                chain += [o for o in ops[k + 1:] if "_if_done" in o[1]]
                return _effect_value(ctx, tuple(chain))
    return 0.0


def _zone_target(ctx: Ctx, info: dict, cands: list):
    """A card to take from a zone (trash, charge, hand...) for a selector-table op of the asking
    card: the strongest when it goes to the hand, a square or the resources, the weakest when it
    goes to the deck, the trash or out of the game."""
    idx = ctx.card_index()
    cid = (idx.get(info.get("source")) or {}).get("id", "")
    to = info.get("to") or next((args.get("to") for ab in _abilities(cid) or () for name, args in ab[3]
                                 if name == info.get("op") and not isinstance(args.get("target", ""), str)), None)

    def worth(a):
        c = idx.get(a.target) or {}
        return c.get("power", 0) / 1000 + c.get("cost", 0) + (1 if c.get("kind") == "zx" else 0)
    if to in ("hand", "square", "resources", "life"):
        return max(cands, key=worth)
    return min(cands, key=worth)


def _place_effect(view, acts, rng):
    """A card an effect puts onto a square (``move`` to a square): the best square for its power."""
    ctx = Ctx(view)
    info = ctx.obs.get("decision") or {}
    power = (ctx.card_index().get(info.get("card")) or {}).get("power", 0)
    best = _best_square(ctx, [a.square for a in acts if a.type == "place_free"], power)
    return None if best is None else next(a for a in acts if a.type == "place_free" and a.square == best[1])


def _pay_with(ctx: Ctx, cands):
    """A cost paid with chosen cards: the least valuable (a Z/X to sleep: the one with the least
    attack left; a card of the hand: the least useful; elsewhere: the cheapest)."""
    where = {u["iid"]: (sq, u) for sq, u in enumerate(ctx.board) if u is not None and "iid" in u}
    idx = ctx.card_index()

    def worth(a):
        if a.target in where:
            sq, u = where[a.target]
            return (_attack_potential(ctx, sq, u), ctx.unit_value(sq, u))
        c = idx.get(a.target) or {}
        if any(h.get("iid") == a.target for h in ctx.hand):
            return (_hand_value(ctx, c), 0.0)
        return (c.get("cost", 0), c.get("power", 0))
    return min(cands, key=worth)


def _optional_pay(ctx: Ctx, info: dict, acts):
    """"You may pay …; if you do, …": pay when what follows is worth more than the cost."""
    c = _db((ctx.card_index().get(info.get("source")) or {}).get("id", ""))
    gain, penalty = 0.0, 0.0
    for ab in getattr(c, "abilities", ()):
        ops = list(ab.effects)
        for i, op in enumerate(ops):
            if op.name == "pay" and op.optional:
                cost = op.args["cost"]
                penalty = _cost_penalty(ctx, "", 0, parts=cost.parts) + 0.35 * cost.resources(getattr(c, "cost", 0))
                after = []
                for nxt in ops[i + 1:]:
                    if not nxt.if_done:
                        break
                    after.append((nxt.name, dict(nxt.args)))
                gain = _effect_value(ctx, tuple(after))
                break
    yes = next((a for a in acts if a.type == "optional" and a.get("use")), None)
    no = next((a for a in acts if a.type == "optional" and not a.get("use")), None)
    return yes if gain > penalty and yes is not None else no or acts[0]


def _gate(view, acts, rng):
    return _first(acts, "gate_card") or _first(acts, "no_gate_card")


def _pay(view, acts, rng):
    """The suggested payment: it keeps the most other cards in hand payable."""
    return _first(acts, "pay_suggested")


_DECIDE = {"start_card": _start_card, "gate_card": _gate, "mulligan": _mulligan, "resource": _resource,
           "ignition": _ignition, "overdrive": _revealed, "life_card": _revealed, "main": _main,
           "battle": _battle, "life_pick": _life_pick, "discard": _discard, "awaken": _awaken,
           "pick_card": _pick, "overboost": _overboost, "target": _target, "pay": _pay,
           "target_hidden": _target, "place_effect": _place_effect, "optional": _optional,
           "choose_mode": _choose_mode, "look_take": _look_take, "look_order": _look_order}


# --- rollout value -------------------------------------------------------------------------------------

VALUE_FEATURES = ("zx", "power", "pressure", "guard", "life", "life_1", "life_2", "resources",
                  "charge", "hand", "deck", "turn")
#: fitted on heuristic self-play (benchmarks/fit_value.py zx; held-out log-loss about 0.60,
#: a coin 0.69)
_VALUE_W = (0.164, 0.017, 0.202, 0.079, 0.532, -0.453, -0.085, 0.038, 0.318, 0.151, 0.0069, 0.304)


def value_features(obs: dict, player: int) -> list[float]:
    """The differences between ``player``'s side and the opponent's that ``value`` weighs: Z/X
    on the board (count, power in thousands, next to the opponent's player square, on our own),
    life (and being at 1 or 2), resources, charge, hand, deck, and whose turn it is."""
    board = obs["board"]

    def side(p):
        pv = obs["players"][p]
        opp_psq, my_psq = PSQ[1 - p], PSQ[p]
        f = [0.0, 0.0, 0.0, 0.0]
        for sq, u in enumerate(board):
            if u is None or u.get("owner") != p or "power_now" not in u:
                continue
            f[0] += 1
            f[1] += u["power_now"] / 1000
            f[2] += sq in ADJ[opp_psq]
            f[3] += sq == my_psq
        life = pv["life"]
        return f + [life, life <= 1, life <= 2, len(pv["resources"]), len(pv["charge"]), pv["hand_count"],
                    pv["deck"]]

    return [float(a - b) for a, b in zip(side(player), side(1 - player))] + [
        1.0 if obs.get("active") == player else -1.0]


def value(obs: dict, player: int) -> float:
    """Estimated chance that ``player`` wins: a logistic model of ``value_features``."""
    done = final_value(obs, player)
    if done is not None:
        return done
    return logistic(_VALUE_W, value_features(obs, player))
