"""Play games between agents.

A *match* is two sides, each a deck and an agent (with options). Game ``index`` of a match is
played with seed ``seed`` and its own agents seeded from it; on odd indices the sides swap seats,
so each side goes first and second equally often. A game's result depends only on
(match, index, seed), never on which process plays it or in what order, so a batch gives the
same results with any number of workers."""
from __future__ import annotations

from dataclasses import dataclass, asdict, field
from typing import Any, Sequence

from ..agents.base import Agent, AgentView, make_agent
from ..api import new_game
from .stats import summarize, wilson  # noqa: F401 - re-exported

DEFAULT_MAX_DECISIONS = 20_000


@dataclass
class GameResult:
    """One game. ``winner`` and ``first_player`` are seats; with ``swapped`` seat 0 held side 1."""

    seed: int
    winner: int | None
    reason: str
    first_player: int | None
    turns: int
    decisions: int
    index: int = 0
    swapped: bool = False
    match: int = 0

    def side_of(self, seat: int | None) -> int | None:
        """The side (0 or 1) that sat in ``seat``."""
        return None if seat is None else seat ^ int(self.swapped)

    @property
    def winner_side(self) -> int | None:
        return self.side_of(self.winner)

    @property
    def first_side(self) -> int | None:
        return self.side_of(self.first_player)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Entrant:
    """One side of a match: a deck (Deck object, sample-deck name or file) and an agent."""

    deck: Any
    agent: str = "random"
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def deck_name(self) -> str:
        return str(getattr(self.deck, "name", self.deck))

    def make_agent(self, seed: int) -> Agent:
        return make_agent(self.agent, seed=seed, **dict(self.options))


@dataclass(frozen=True)
class Matchup:
    """Two sides playing ``game_id``. Picklable: sent as is to worker processes."""

    game_id: str
    sides: tuple[Entrant, Entrant]
    max_decisions: int = DEFAULT_MAX_DECISIONS
    labels: tuple[str, str] = field(default=("", ""))

    def describe_sides(self) -> list[dict[str, Any]]:
        out = []
        for i, e in enumerate(self.sides):
            d: dict[str, Any] = {"deck": self.labels[i] or e.deck_name, "agent": e.agent}
            if e.options:
                d["agent_options"] = dict(e.options)
            out.append(d)
        return out


def play(game, agents: Sequence[Agent], max_decisions: int = DEFAULT_MAX_DECISIONS):
    """Run ``game`` to the end with one agent per player. A game that reaches
    ``max_decisions`` without ending is stopped and counted as a draw (reason "decision cap")."""
    n = 0
    while not game.is_over:
        if n >= max_decisions:
            break
        view = AgentView(game, game.legal_actions())
        game.apply(agents[view.player].act(view))
        n += 1
    return n


def _finish(game, n: int, **extra: Any) -> GameResult:
    st, rules = game.state, game.rules
    reason = st.end_reason if game.is_over else "decision cap"
    return GameResult(extra.pop("seed"), game.winner, reason, rules.first_player(st), rules.turns(st), n,
                      **extra)


def play_one(game_id: str, decks: Sequence, agent_names: Sequence[str], seed: int,
             max_decisions: int = DEFAULT_MAX_DECISIONS) -> GameResult:
    """One game with decks and agents in the given seats (agent of seat i seeded ``seed*2+i``)."""
    game = new_game(game_id, decks, seed=seed)
    agents = [make_agent(name, seed=seed * 2 + i) for i, name in enumerate(agent_names)]
    n = play(game, agents, max_decisions)
    return _finish(game, n, seed=seed)


def play_game(matchup: Matchup, index: int, seed: int, match: int = 0) -> GameResult:
    """Game ``index`` of ``matchup`` with ``seed``: on odd indices side 1 sits in seat 0. The
    agent of side k is seeded ``seed*2+k`` wherever it sits."""
    swapped = index % 2 == 1
    order = (1, 0) if swapped else (0, 1)
    sides = [matchup.sides[k] for k in order]
    game = new_game(matchup.game_id, [e.deck for e in sides], seed=seed)
    agents = [matchup.sides[k].make_agent(seed * 2 + k) for k in order]
    n = play(game, agents, matchup.max_decisions)
    return _finish(game, n, seed=seed, index=index, swapped=swapped, match=match)


# A task is (match number, game index, seed).
Task = tuple[int, int, int]


def play_tasks(matchups: Sequence[Matchup], tasks: Sequence[Task]) -> list[GameResult]:
    """Play the given games in this process, in order."""
    return [play_game(matchups[m], i, s, m) for m, i, s in tasks]


def chunks(tasks: Sequence[Task], workers: int, per_worker: int = 8, largest: int = 16) -> list[list[Task]]:
    """Split ``tasks`` into consecutive chunks: about ``per_worker`` chunks per worker (for
    load balance and a smooth progress bar), at most ``largest`` games each (the local and the
    Ray backends split alike)."""
    size = max(1, min(largest, len(tasks) // max(1, workers * per_worker)))
    return [list(tasks[k:k + size]) for k in range(0, len(tasks), size)]


def make_matchup(game_id: str, decks: Sequence, agent_names: Sequence[str],
                 agent_options: Sequence[dict[str, Any]] | None = None,
                 max_decisions: int = DEFAULT_MAX_DECISIONS) -> Matchup:
    if len(decks) != 2 or len(agent_names) != 2:
        raise ValueError("a match needs two decks and two agents")
    opts = list(agent_options) if agent_options is not None else [{}, {}]
    sides = tuple(Entrant(d, a, tuple(sorted(o.items()))) for d, a, o in zip(decks, agent_names, opts))
    return Matchup(game_id, sides, max_decisions)  # type: ignore[arg-type]
