"""Pydantic 2 as the base of the card schema? A prototype on Z/X's card fields, measured against
today's loader (docs/card-language-design.md, "The schema library").

    uv run python benchmarks/bench_card_schema.py            # times, then the error comparison
    uv run python benchmarks/bench_card_schema.py --repeat 20

It prints:

* the time today's loader takes to load each game's sample set (``load_cards``: parse the TOML,
  check every card's fields, parse its abilities, build the cards), best of ``--repeat``;
* for the Z/X set alone, the time of the part pydantic would replace — checking each card's
  fields against its kind's (``engine/cards.py`` ``check_card``) — today and with a pydantic
  model built from the same declarations (``CardSchema``: one model per card kind, told apart by
  ``kind``), plus the time to build the models and to import pydantic (a fresh interpreter);
* for a few broken cards, today's message beside the one made from pydantic's error (its
  ``loc`` as the field path, the nearest valid word computed by us: pydantic gives none).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time
import tomllib
from typing import Annotated, Any, Literal, Union

import pydantic
from pydantic import ConfigDict, Field as PField, TypeAdapter, ValidationError, create_model

from tcg.engine.cards import FIELD_LIST_MAX, FIELD_MAX, FIELD_MIN, CardSchema, Field, check_card
from tcg.engine.errors import CardDataError, brief
from tcg.engine.select import nearest
from tcg.games import GAMES, get_rules

STRICT = ConfigDict(extra="forbid", strict=True)


def best(fn, repeat: int) -> float:
    """The best time of ``repeat`` runs of ``fn()``, in milliseconds."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times) * 1000


# --- the prototype: pydantic models from a game's CardSchema --------------------------------------

def annotation(f: Field) -> Any:
    """A ``Field`` as a pydantic annotation with its constraints."""
    if f.choices is not None and f.type is not list:
        return Literal[tuple(f.choices)]
    if f.type in (int, float):
        lo, hi = (FIELD_MIN if f.min is None else f.min), (FIELD_MAX if f.max is None else f.max)
        return pydantic.conint(ge=lo, le=hi, strict=True) if f.type is int else pydantic.confloat(ge=lo, le=hi)
    if f.type is list:
        item = Literal[tuple(f.choices)] if f.choices is not None else (f.item_type or Any)
        return pydantic.conlist(item, max_length=FIELD_LIST_MAX if f.max is None else f.max)
    return f.type if f.type in (str, bool, dict) else Any


def card_models(schema: CardSchema) -> TypeAdapter:
    """A validator of one card: a model per kind, the union told apart by ``kind``."""
    models = []
    for kind in schema.common["kind"].choices or ():
        fields: dict[str, Any] = {}
        for key, f in schema.fields_for(kind).items():
            ann = Literal[kind] if key == "kind" else annotation(f)
            default = ... if f.required else (list(f.default) if isinstance(f.default, list) else f.default)
            fields[key] = (ann if f.required or f.default is not None else ann | None, PField(default))
        models.append(create_model(f"Card_{kind}", __config__=STRICT, **fields))
    return TypeAdapter(Annotated[Union[tuple(models)], PField(discriminator="kind")])


def pydantic_problems(adapter: TypeAdapter, schema: CardSchema, fname: str, raw: dict) -> list[CardDataError]:
    """Pydantic's errors of one card as ``CardDataError`` (file, card, field path): the message
    is ours, made from the error's type (pydantic's words would need their own translations)."""
    try:
        adapter.validate_python(raw)
        return []
    except ValidationError as e:
        out = []
        fields = schema.fields_for(raw.get("kind") if isinstance(raw.get("kind"), str) else None)
        for err in e.errors():
            loc = [p for p in err["loc"] if p != raw.get("kind")]  # the union's tag comes first
            field = ".".join(str(p) for p in loc) or None
            t, ctx = err["type"], err.get("ctx", {})
            if t == "extra_forbidden":
                msg = f"unknown field for a {raw.get('kind')} card{nearest(field, tuple(fields))}" \
                      f" (known: {', '.join(sorted(fields))})"
            elif t == "union_tag_invalid":
                field = "kind"
                kinds = schema.common["kind"].choices or ()
                msg = f"{brief(raw.get('kind'))} is not one of: {', '.join(kinds)}{nearest(raw.get('kind'), kinds)}"
            elif t == "literal_error":
                msg = f"{brief(err['input'])} is not one of: {ctx.get('expected')}"
            elif t == "missing":
                msg = f"required for a {raw.get('kind')} card"
            elif t in ("greater_than_equal", "less_than_equal"):
                msg = f"must be at {'least' if t == 'greater_than_equal' else 'most'} " \
                      f"{ctx.get('ge', ctx.get('le'))}, got {brief(err['input'])}"
            else:
                msg = f"{err['msg']} (pydantic: {t})"
            out.append(CardDataError(fname, raw.get("id"), field, msg))
        return out


# --- the measurements -----------------------------------------------------------------------------

def load_times(repeat: int) -> None:
    print("today's loader, each game's sample set (parse, check, abilities, cards), best of", repeat)
    total = 0.0
    for game in GAMES:
        rules = get_rules(game)
        load = rules.game_module("cards").load_cards
        path = rules.folder / "cards.toml"
        ms = best(lambda: load(path), repeat)
        total += ms
        print(f"  {game:10} {len(load(path)):4} cards  {ms:7.1f} ms")
    print(f"  {'all four':10}             {total:7.1f} ms")


def field_check_times(repeat: int) -> tuple[TypeAdapter, CardSchema]:
    rules = get_rules("zx")
    schema = rules.game_module("cards").load_cards.schema
    raw = tomllib.loads((rules.folder / "cards.toml").read_text(encoding="utf-8"))["cards"]
    t = time.perf_counter()
    adapter = card_models(schema)
    built = (time.perf_counter() - t) * 1000

    def today() -> None:
        seen: set[str] = set()
        for i, c in enumerate(raw, 1):
            check_card("cards.toml", i, c, schema, seen)

    def with_pydantic() -> None:
        for c in raw:
            adapter.validate_python(c)
    print(f"\nZ/X card fields only ({len(raw)} cards), best of {repeat}")
    print(f"  today's check_card       {best(today, repeat):7.2f} ms")
    print(f"  pydantic models          {best(with_pydantic, repeat):7.2f} ms   (building the models: {built:.0f} ms)")
    code = "import time; t = time.perf_counter(); import pydantic; print((time.perf_counter() - t) * 1000)"
    ms = min(float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout)
             for _ in range(5))
    print(f"  import pydantic (fresh interpreter) {ms:.0f} ms")
    return adapter, schema


BROKEN = [
    ("a misspelt field", {"colour": "red"}),
    ("a misspelt kind", {"kind": "zxx"}),
    ("a colour not declared", {"color": "purpel"}),
    ("text for a number", {"power": "big"}),
    ("a number out of range", {"cost": 120}),
    ("true for a number", {"cost": True}),
    ("a required field missing", {"power": None}),
]


def compare_errors(adapter: TypeAdapter, schema: CardSchema) -> None:
    base = {"id": "MY-001", "kind": "zx", "name": "テスト", "color": "red", "cost": 2, "power": 3000}
    print("\nmessages: today | from pydantic's error")
    for what, change in BROKEN:
        raw = {k: v for k, v in {**base, **change}.items() if v is not None}
        today: list[CardDataError] = []
        check_card("my.toml", 1, raw, schema, set(), today)
        print(f"  {what}:\n    today:    {'; '.join(map(str, today))}")
        print(f"    pydantic: {'; '.join(map(str, pydantic_problems(adapter, schema, 'my.toml', raw)))}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args()
    print(f"pydantic {pydantic.VERSION}, Python {sys.version.split()[0]}")
    load_times(args.repeat)
    adapter, schema = field_check_times(args.repeat)
    compare_errors(adapter, schema)


if __name__ == "__main__":
    main()
