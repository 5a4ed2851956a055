"""Wilson intervals, percentiles and the match summary."""
from __future__ import annotations

import pytest

from tcg.sim.runner import GameResult
from tcg.sim.stats import distribution, percentile, summarize, wilson


@pytest.mark.parametrize("wins, n, lo, hi", [
    (50, 100, 0.40383, 0.59617),
    (0, 10, 0.0, 3.8416 / 13.8416),  # z^2 / (n + z^2)
    (10, 10, 10 / 13.8416, 1.0),
    (1, 2, 0.09453, 0.90547),
])
def test_wilson_values(wins, n, lo, hi):
    assert wilson(wins, n) == pytest.approx((lo, hi), abs=1e-5)


@pytest.mark.parametrize("wins, n", [(81, 263), (3, 7), (199, 200)])
def test_wilson_bounds_solve_the_score_equation(wins, n):
    """The Wilson bounds are the proportions pi with n (p - pi)^2 = z^2 pi (1 - pi)."""
    z, p = 1.96, wins / n
    for pi in wilson(wins, n):
        assert n * (p - pi) ** 2 == pytest.approx(z * z * pi * (1 - pi), abs=1e-9)


def test_wilson_of_nothing_is_everything():
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_is_symmetric_and_contains_the_rate():
    for n in (1, 7, 40):
        for w in range(n + 1):
            lo, hi = wilson(w, n)
            assert 0 <= lo <= w / n <= hi <= 1
            lo2, hi2 = wilson(n - w, n)
            assert lo == pytest.approx(1 - hi2) and hi == pytest.approx(1 - lo2)


def test_percentiles_are_linear_like_numpy():
    s = list(range(1, 11))
    assert percentile(s, 10) == pytest.approx(1.9)
    assert percentile(s, 50) == pytest.approx(5.5)
    assert percentile(s, 90) == pytest.approx(9.1)
    assert percentile([4], 90) == 4
    d = distribution([3, 1, 2])
    assert d == {"mean": 2, "median": 2, "p10": pytest.approx(1.2), "p90": pytest.approx(2.8), "min": 1, "max": 3}
    assert distribution([])["mean"] is None


def _r(index, winner, first, swapped=None, turns=10, decisions=100, reason="x"):
    sw = index % 2 == 1 if swapped is None else swapped
    return GameResult(seed=index, winner=winner, reason=reason, first_player=first, turns=turns,
                      decisions=decisions, index=index, swapped=sw)


def test_summary_counts_per_side_not_per_seat():
    # seat 0 wins every game, but the sides alternate seats: each side wins half
    results = [_r(i, winner=0, first=0) for i in range(10)]
    s = summarize(results, [{"deck": "A"}, {"deck": "B"}])
    assert [x["wins"] for x in s["sides"]] == [5, 5]
    assert [x["went_first"] for x in s["sides"]] == [5, 5]
    assert s["first_player"]["wins"] == 10 and s["first_player"]["win_rate"] == 1.0
    assert s["sides"][0]["deck"] == "A" and s["sides"][0]["ci95"] == list(wilson(5, 10))
    assert s["player0_wins"] == 5 and s["player1_wins"] == 5


def test_summary_draws_lengths_and_reasons():
    results = [_r(0, 0, 0, turns=5, decisions=50, reason="hp"), _r(1, None, 1, turns=7, decisions=70, reason="cap"),
               _r(2, 1, 0, turns=9, decisions=90, reason="hp")]
    s = summarize(results, [{}, {}])
    assert s["draws"] == 1 and s["draw_rate"] == pytest.approx(1 / 3)
    assert s["first_player"]["games"] == 2 and s["first_player"]["wins"] == 1
    assert s["turns"] == {"mean": 7, "median": 7, "p10": pytest.approx(5.4), "p90": pytest.approx(8.6),
                          "min": 5, "max": 9}
    assert s["decisions"]["max"] == 90
    assert s["end_reasons"] == {"hp": 2, "cap": 1}
    assert sum(x["wins"] for x in s["sides"]) + s["draws"] == 3
