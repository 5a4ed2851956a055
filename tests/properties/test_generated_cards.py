"""Card files generated from a game's declared grammar (issue "Real cards, part 1": "a property
test generates card files from the grammar: each loads or fails with a clear error, and random
games of decks of generated cards end without an internal error").

The generator reads what the game declares — its op registry (each op's parameters, their types,
choices and bounds), its selector schema (zones, properties, sides, counts), its condition words
and its trigger events — so a construct added to a game's declaration is generated here without
a change to this file. Some of the generated files carry one defect (a misspelt key, a value of
the wrong type, a number out of range): a file either loads, or fails with a ``TcgError`` whose
message names the file and the card. A set that loads is played: a sample deck with generated
cards in place of some of its own, random legal actions, until the game ends or a bound of
actions; only the engine's own errors may come out."""
from __future__ import annotations

import importlib
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings, strategies as st

import tcg
from tcg.engine.choices import parse_modes
from tcg.engine.conditions import SHAPES
from tcg.engine.costs import PARTS
from tcg.engine.errors import TcgError
from tcg.engine.keywords import NUMBER
from tcg.engine.select import SIDES

from ..card_texts import toml_value

#: no shrinking: an example plays whole games, and a failing one is printed as generated
SETTINGS = settings(max_examples=30, deadline=None, derandomize=True, database=None,
                    phases=(Phase.explicit, Phase.generate),
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
#: the most actions a generated game is played for (a game that has not ended by then is fine)
MAX_ACTIONS = 600


class Grammar:
    """What the generator needs of one game: its op registry (with its conditions, triggers and
    selectors), the card kind the generated cards have and the ability kinds they may carry, a
    sample card of that kind to take the other fields from, a sample deck to play them in and the
    game's cost declaration (``engine/costs.py``; None: its costs are numbers only); ``paid``:
    whether its activated abilities have a ``cost``; ``numbers``: whether such a cost may be a
    whole number (else cost lists only); ``activated``: the game's name of that kind;
    ``ability_zones``: where such an ability may be used from besides the board (``from``)."""

    def __init__(self, game: str, registry: Any, kind: str, ability_kinds: tuple[str, ...], base: dict[str, Any],
                 deck: str, costs: Any = None, paid: bool = True, ability_zones: tuple[str, ...] = (),
                 activated: str = "activated", numbers: bool = True):
        self.game, self.registry, self.kind, self.ability_kinds = game, registry, kind, ability_kinds
        self.base, self.deck, self.costs, self.paid, self.activated = base, deck, costs, paid, activated
        self.numbers = numbers
        #: the zones an activated ability may be used from besides its own (``from``)
        self.ability_zones = ability_zones
        self.triggers = registry.triggers
        self.selectors = getattr(registry, "selectors", None) or (self.triggers.selectors if self.triggers else None)
        self.conditions = registry.conditions
        #: the game's card schema (a ``keywords`` field: its files may declare keywords)
        self.schema = importlib.import_module(f"tcg.games.{game}.cards").SCHEMA


def zx_grammar() -> Grammar:
    from tcg.games.zx.costs import GAME
    from tcg.games.zx.effects import REGISTRY
    base = {"kind": "zx", "color": "red", "cost": 2, "power": 3000, "race": "ドラゴン"}
    return Grammar("zx", REGISTRY, "zx", ("on_place", "activated", "trigger"), base, "crimson_vanguard", GAME,
                   ability_zones=("hand", "charge", "trash"))


def shironeko_grammar() -> Grammar:
    from tcg.games.shironeko.costs import GAME
    from tcg.games.shironeko.effects import REGISTRY
    base = {"kind": "character", "color": "red", "cost": 2, "rune": "red", "level": 1, "attack": 2, "hp": 3}
    return Grammar("shironeko", REGISTRY, "character", ("on_enter", "activated", "trigger"), base, "red_rush",
                   costs=GAME, ability_zones=("hand", "discard"))


def turutoru_grammar() -> Grammar:
    from tcg.games.turutoru.cards import ABILITY_ZONES
    from tcg.games.turutoru.costs import GAME
    from tcg.games.turutoru.effects import REGISTRY
    base = {"kind": "character", "power": 2, "toughness": 2, "segment": 1, "gender": "female", "work": "生成",
            "programs": [{"kind": "place"}, {"kind": "activate"}]}
    return Grammar("turutoru", REGISTRY, "character", ("activated", "trigger"), base, "rush", GAME,
                   numbers=False, ability_zones=ABILITY_ZONES)


def kemuri_grammar() -> Grammar:
    from tcg.games.kemuri.costs import GAME
    from tcg.games.kemuri.effects import REGISTRY
    base = {"kind": "cast", "person": "生成ユウ", "level": 1, "cost": 1, "shift": "early", "cp": 3, "call_in": 1}
    return Grammar("kemuri", REGISTRY, "cast", ("on_place", "activate", "trigger"), base, "early_shift", GAME,
                   activated="activate", ability_zones=("field", "hand", "backyard"))


GRAMMARS = {"zx": zx_grammar, "shironeko": shironeko_grammar, "turutoru": turutoru_grammar, "kemuri": kemuri_grammar}


# --- strategies read off the declarations ------------------------------------------------------

def selector(g: Grammar, counted: bool = True) -> st.SearchStrategy[dict[str, Any]]:
    """A selector table: a zone, a side, up to two property tests and (``counted``) a count."""
    schema = g.selectors
    zones = sorted(schema.zones)

    def prop_test(name: str) -> st.SearchStrategy[Any]:
        p = schema.props[name]
        if p.type == "enum" and p.choices:
            return st.sampled_from(list(p.choices))
        if p.type == "number":
            return st.builds(lambda lo, span: {"min": lo, "max": lo + span},
                             st.integers(0, 6), st.integers(0, 4000))
        if p.type == "flag":
            return st.booleans()
        return st.sampled_from([{"contains": "竜"}, {"contains": "Knight"}, "x"])

    props = st.lists(st.sampled_from(sorted(schema.props)), max_size=2, unique=True).flatmap(
        lambda names: st.fixed_dictionaries({n: prop_test(n) for n in names}))
    counts = st.one_of(st.builds(lambda n, u: {"choose": n, "up_to": u}, st.integers(1, 3), st.booleans()),
                       st.just({"all": True}), st.builds(lambda n: {"random": n}, st.integers(1, 2)))
    base = st.fixed_dictionaries({"zone": st.sampled_from(zones), "side": st.sampled_from(list(SIDES))},
                                 optional={"other": st.booleans()})
    held = st.booleans().map(lambda h: {"holder": "self"} if h else {})  # a zone of cards under a card
    parts = [base, props, held] + ([counts] if counted else [])
    return st.tuples(*parts).map(lambda ds: _held({k: v for d in ds for k, v in d.items()}, schema))


def _held(table: dict[str, Any], schema: Any) -> dict[str, Any]:
    """``holder = "self"`` kept only in a zone of cards held under a card (engine/select.py)."""
    if "holder" in table and schema.zones[table["zone"]].holder is None:
        del table["holder"]
    return table


def condition(g: Grammar, depth: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    """A condition table of the engine's shapes, in the game's words."""
    c = g.conditions
    shapes = [
        st.builds(lambda what, n: {"count": what, "at_least": n},
                  st.one_of(st.sampled_from(list(c.targets) or ["x"]),
                            st.builds(lambda z, s: {"zone": z, "side": s}, st.sampled_from(sorted(c.zones)),
                                      st.sampled_from(list(SIDES)))),
                  st.integers(0, 8)),
        st.builds(lambda n, op: {"compare": n, "own": op, "opponent": True},
                  st.sampled_from(sorted(c.numbers)), st.sampled_from(["<", "<=", ">", ">=", "==", "!="])),
        st.builds(lambda t: {"turn": t}, st.sampled_from(["own", "opponent"])),
    ]
    if c.phases:
        shapes.append(st.builds(lambda p: {"phase": p}, st.sampled_from(list(c.phases))))
    if depth < 2:
        inner = st.deferred(lambda: condition(g, depth + 1))
        shapes.append(st.builds(lambda xs: {"all": xs}, st.lists(inner, min_size=1, max_size=2)))
        shapes.append(st.builds(lambda x: {"not": x}, inner))
    assert set(SHAPES) >= {"count", "compare", "turn", "all", "not"}
    return st.one_of(shapes)


def when(g: Grammar) -> st.SearchStrategy[dict[str, Any]]:
    """A trigger's ``when``: one of the game's events, with the filters that event takes."""
    events = g.triggers.events

    def of(name: str) -> st.SearchStrategy[dict[str, Any]]:
        spec = events[name]
        opt: dict[str, st.SearchStrategy[Any]] = {}
        if "card" in spec.fields:
            opt["card"] = st.one_of(st.just({"self": True}), selector(g, counted=False))
        if "from" in spec.fields and spec.froms:
            opt["from"] = st.sampled_from(list(spec.froms))
        if "to" in spec.fields and spec.tos:
            opt["to"] = st.sampled_from(list(spec.tos))
        if "player" in spec.fields:
            opt["player"] = st.sampled_from(list(SIDES))
        return st.fixed_dictionaries({"event": st.just(name)}, optional=opt)
    return st.sampled_from(sorted(events)).flatmap(of)


def cost(g: Grammar) -> st.SearchStrategy[list[dict[str, Any]]]:
    """A cost list of the engine's parts (``engine/costs.py``), in the game's words (``known``,
    ``words``: its word for a part it renames)."""
    c = g.costs
    zones = sorted(c.selectors.zones)
    part = {
        "printed": st.just({"pay": "printed"}),
        "resources": st.builds(lambda n: {"pay": "resources", "amount": n}, st.integers(0, 3)),
        "discard": st.builds(lambda n: {"pay": "discard", "amount": n}, st.integers(1, 2)),
        "move": st.one_of(
            st.builds(lambda f, t: {"pay": "move", "card": "self", "from": f, "to": t},
                      st.sampled_from(zones), st.sampled_from(list(c.destinations))),
            st.builds(lambda sel, n, t: {"pay": "move", "card": {k: v for k, v in sel.items() if k != "side"},
                                         "amount": n, "to": t},
                      selector(g, counted=False), st.integers(1, 2), st.sampled_from(list(c.destinations)))),
        "sleep": st.one_of(st.just({"pay": "sleep", "card": "self"}),
                           st.builds(lambda n: {"pay": "sleep", "amount": n}, st.integers(1, 2))),
        "remove_counter": st.builds(lambda k, n: {"pay": "remove_counter", "counter": k, "amount": n},
                                    st.sampled_from(list(c.counters) or ["x"]), st.integers(1, 2)),
        "under": st.builds(lambda n: {"pay": "under", "amount": n}, st.integers(1, 2)),  # Z/X force, SN runes
    }
    assert set(part) == set(PARTS), "a cost part the generator does not know"
    word = {p: w for w, p in c.words.items()}  # the engine's part -> the game's word for it
    known = set(c.known())
    part = {p: gen.map(lambda raw, w=word.get(p, p): {**raw, "pay": w}) for p, gen in part.items()
            if word.get(p, p) in known}
    return st.lists(st.sampled_from(sorted(part)).flatmap(part.__getitem__), min_size=1, max_size=2)


def card_properties(g: Grammar) -> st.SearchStrategy[dict[str, Any]]:
    """A filter of card properties (a search's ``filter`` as a selector table,
    engine/select.py ``old_or_table``): a selector table's tests, without zone, side or count."""
    return selector(g, counted=False).map(lambda d: {k: v for k, v in d.items() if k not in ("zone", "side", "other")})


def param_value(g: Grammar, p: Any) -> st.SearchStrategy[Any]:
    """A value for one declared op parameter (a selector table where the parameter takes one)."""
    options: list[st.SearchStrategy[Any]] = []
    if p.items is not None and g.costs is not None:
        return cost(g)
    if p.nested is parse_modes:  # choose_one's modes: each a list of ops
        return st.lists(st.builds(lambda ops: {"text": "モード", "text_en": "a mode", "effects": ops},
                                  st.lists(op_table(g, True, nested=False), min_size=1, max_size=2)),
                        min_size=2, max_size=3)
    if p.nested is not None and p.type is dict:  # a look's take
        return st.fixed_dictionaries({"choose": st.integers(1, 2), "to": st.sampled_from(sorted(g.selectors.zones))},
                                     optional={"up_to": st.booleans()})
    if p.type is int and p.choices is None and getattr(g.registry, "selectors", None):  # a "for each" amount
        options.append(st.builds(lambda sel, n: {"count": sel, "times": n}, selector(g, counted=False),
                                 st.integers(-2, 3)))
    if getattr(p.table, "filter_zone", None) is not None and g.selectors is not None:  # a search's filter
        return card_properties(g)
    if p.table is not None and g.selectors is not None:
        options.append(selector(g))
    if p.choices:
        options.append(st.sampled_from(list(p.choices)))
    elif p.type is int:
        lo, hi = p.bounds()
        options.append(st.integers(lo, min(hi, 3000)))
    elif p.type is bool:
        options.append(st.booleans())
    elif p.type is str:
        options.append(st.sampled_from(["self", "opponent", "power", "hand"]))
    else:
        options.append(st.just(p.default))
    return st.one_of(options)


def op_table(g: Grammar, first: bool, nested: bool = True) -> st.SearchStrategy[dict[str, Any]]:
    """An op of the game's registry with values for its parameters (``nested``: ops that hold
    ops, such as choose_one, may be drawn too)."""
    reg = g.registry
    names = [n for n in reg.names() if nested or not any(p.nested is parse_modes for p in reg.params(n).values())]

    def of(name: str) -> st.SearchStrategy[dict[str, Any]]:
        params = reg.params(name)
        required = {k: param_value(g, p) for k, p in params.items() if p.required}
        optional: dict[str, st.SearchStrategy[Any]] = {k: param_value(g, p) for k, p in params.items()
                                                       if not p.required and (p.type in (int, str, bool) or p.nested
                                                                              or getattr(p.table, "filter_zone", None))}
        if g.conditions is not None:
            optional["if"] = condition(g)
            optional["optional"] = st.booleans()
            if not first:
                optional["if_done"] = st.booleans()
        return st.fixed_dictionaries({"op": st.just(name), **required}, optional=optional)
    return st.sampled_from(names).flatmap(of)


def ability(g: Grammar) -> st.SearchStrategy[dict[str, Any]]:
    effects = st.integers(1, 3).flatmap(
        lambda n: st.tuples(*[op_table(g, i == 0) for i in range(n)]).map(list))

    def of(kind: str) -> st.SearchStrategy[dict[str, Any]]:
        fixed: dict[str, st.SearchStrategy[Any]] = {"kind": st.just(kind), "effects": effects}
        optional: dict[str, st.SearchStrategy[Any]] = {}
        if kind == "trigger":
            fixed["when"] = when(g)
            optional = {"once_per_turn": st.booleans(), "optional": st.booleans()}
        if kind == g.activated and g.paid:
            optional["cost"] = st.integers(0, 3) if g.costs is None else \
                st.one_of(st.integers(0, 3), cost(g)) if g.numbers else cost(g)
            if g.ability_zones:
                optional["from"] = st.sampled_from(list(g.ability_zones))
        if g.conditions is not None:
            optional["if"] = condition(g)
        return st.fixed_dictionaries(fixed, optional=optional)
    return st.sampled_from(list(g.ability_kinds)).flatmap(of)


def defect(rng: random.Random, card: dict[str, Any]) -> None:
    """Give a card one defect, somewhere in its abilities: a misspelt key, a value of the wrong
    type or a number far out of range."""
    a = rng.choice(card["abilities"])
    target: dict[str, Any] = rng.choice([a, rng.choice(a["effects"])])
    key = rng.choice(sorted(target))
    how = rng.randrange(3)
    if how == 0:
        target[key + "x"] = target.pop(key)
    elif how == 1:
        target[key] = [] if isinstance(target[key], str) else "nonsense"
    else:
        target[key] = 10 ** 9


def card_file(g: Grammar, cards: list[dict[str, Any]], keywords: list[dict[str, Any]] = ()) -> str:
    lines = ["[set]", f'game = "{g.game}"', 'name = "generated"', 'version = "gen-1"', ""]
    for kw in keywords:  # engine/keywords.py: declared before the cards that list them
        lines.append("[[keywords]]")
        lines.extend(f"{k} = {toml_value(v)}" for k, v in kw.items() if k != "abilities")
        for a in kw["abilities"]:
            lines.append("[[keywords.abilities]]")
            lines.extend(f"{k} = {toml_value(v)}" for k, v in a.items())
        lines.append("")
    for c in cards:
        lines.append("[[cards]]")
        for k, v in c.items():
            if k != "abilities":
                lines.append(f"{k} = {toml_value(v)}")
        for a in c["abilities"]:
            lines.append("[[cards.abilities]]")
            lines.extend(f"{k} = {toml_value(v)}" for k, v in a.items())
        lines.append("")
    return "\n".join(lines)


#: the id of the keyword a generated file declares
KEYWORD = "gen_kw"


def keywords_of(g: Grammar) -> st.SearchStrategy[list[dict[str, Any]]]:
    """None or one declared keyword (engine/keywords.py) with generated abilities, for a game
    whose cards have keywords."""
    if "keywords" not in g.schema.common:
        return st.just([])
    kw = st.lists(ability(g), min_size=1, max_size=2).map(
        lambda abilities: [{"id": KEYWORD, "name": "生成キーワード", "name_en": "Generated Keyword",
                            "text": "生成された能力。", "text_en": "A generated ability.", "abilities": abilities}])
    numbered = kw.map(lambda kws: [{**kws[0], "number": True, "text": "生成された能力{n}。",
                                    "abilities": [_numbered(a) for a in kws[0]["abilities"]]}])
    return st.one_of(st.just([]), kw, numbered)


def _numbered(value: Any) -> Any:
    """A generated ability with each whole-number ``amount`` written as the keyword's number."""
    if isinstance(value, dict):
        return {k: NUMBER if k == "amount" and type(v) is int and v >= 1 else _numbered(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_numbered(v) for v in value]
    return value


def listing(cards: list[dict[str, Any]], keywords: list[dict[str, Any]], marks: list[bool]) -> list[dict[str, Any]]:
    """The cards, those ``marks`` picks listing the declared keyword (``keywords = [...]``; with
    its number, 1..3 by the card's place, when it takes one)."""
    if not keywords:
        return cards
    def listed(i: int) -> str:
        return f"{KEYWORD}:{i % 3 + 1}" if keywords[0].get("number") else KEYWORD
    return [{**c, "keywords": [listed(i)]} if m else c for i, (c, m) in enumerate(zip(cards, marks))]


def cards_of(g: Grammar) -> st.SearchStrategy[list[dict[str, Any]]]:
    one = st.lists(ability(g), min_size=1, max_size=2)
    return st.lists(one, min_size=1, max_size=4).map(
        lambda abilities: [{"id": f"GEN-{i:02d}", **g.base, "name": f"生成カード{i}", "name_en": f"Generated {i}",
                            "abilities": a} for i, a in enumerate(abilities)])


# --- the property ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(GRAMMARS))
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 2 ** 32 - 1), broken=st.booleans())
def test_generated_card_files_load_or_fail_clearly_and_play_to_the_end(game, data, seed, broken):
    g = GRAMMARS[game]()
    cards = data.draw(cards_of(g))
    keywords = data.draw(keywords_of(g))
    cards = listing(cards, keywords, data.draw(st.lists(st.booleans(), min_size=len(cards), max_size=len(cards))))
    rng = random.Random(seed)
    if broken:
        defect(rng, rng.choice(cards))
    text = card_file(g, cards, keywords)
    name = "generated.toml"
    try:
        rules = tcg.api.rules_with_cards(game, [(name, text)])
    except TcgError as e:
        event(f"refused ({'with' if broken else 'no'} defect)")
        message = str(e)
        assert name in message, message
        assert any(c["id"] in message for c in cards) or f"keywords.{KEYWORD}" in message, message
        return
    event(f"loaded ({'with' if broken else 'no'} defect)")
    play(g, rules, [(name, text)], [c["id"] for c in cards], rng)


def play(g: Grammar, rules: Any, files: list[tuple[str, str]], ids: list[str], rng: random.Random) -> None:
    """A sample deck with copies of the generated cards in place of some of its own, played by
    random legal actions: only the engine's own errors (``TcgError``) are allowed to come out,
    and none is expected from legal actions."""
    deck = tcg.load_deck(g.game, g.deck)
    main = list(deck.sections["main"])
    for i, cid in enumerate(ids * 3):
        main[(i * 7) % len(main)] = cid
    decks = [tcg.Deck(g.game, "generated", {**deck.sections, "main": tuple(main)}), g.deck]
    game = tcg.new_game(g.game, decks, seed=rng.randrange(2 ** 32), validate=False, cards=files)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            event("the game ended")
            break
        game.apply(rng.choice(game.legal_actions()))
