"""Per-game heuristic players: each module exposes ``policy(view, rng) -> Action`` (a sensible
move from the player's own observation and legal actions) and ``value(observation, player)``
(estimated chance of winning, 0..1, for scoring search rollouts)."""
