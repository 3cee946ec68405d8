#!/usr/bin/env python3
"""The grade against Simon Tatham's: `solve grade --no-steps --json` of
tests/data/tatham/towers.toml on each Towers (Skyscrapers) game ID of
tests/data/tatham/towers.csv, then per Tatham difficulty the median and
range of the score, and Spearman's rho of the score and of the ladder's
level against Tatham's difficulty (ties get their mean rank).

    scripts/grade-vs-tatham.py [SOLVE_BINARY]   (default target/release/solve)
    scripts/grade-vs-tatham.py --chance

`--chance`: what a grade that splits the four in two halves (easy and
hard below extreme and unreasonable) with its order within each half left
to chance scores: rho's mean and 95th percentile over 2,000 seeded
shuffles (the bar tests/setter_score.rs sets).
"""
import csv
import json
import random
import statistics
import sys

from gradetable import ROOT, grade, report, spearman

TATHAM = ["easy", "hard", "extreme", "unreasonable"]


def params(game_id):
    """The spec's params of a game ID `n:clues[,givens]`: the clues are 4n
    numbers split by `/` (top, bottom, left, right; empty: no clue), the
    givens the grid in reading order, a letter a run of 1 to 26 blanks,
    `_` a separator between two digits."""
    size, rest = game_id.split(":", 1)
    n = int(size)
    clues, _, givens = rest.partition(",")
    views = [int(c) if c else 0 for c in clues.split("/")]
    assert len(views) == 4 * n, game_id
    cells = []
    for ch in givens or chr(ord("a") + n * n - 1):
        if ch.isdigit():
            cells.append(int(ch))
        elif ch != "_":
            cells += [0] * (ord(ch) - ord("a") + 1)
    assert len(cells) == n * n, game_id
    compact = lambda v: json.dumps(v).replace(" ", "")
    return [
        f"n={n}",
        "views=" + compact([views[s * n : s * n + n] for s in range(4)]),
        "givens=" + compact([cells[r * n : r * n + n] for r in range(n)]),
    ]


def chance():
    theirs = [d for d in range(4) for _ in range(20)]
    rng = random.Random(1)
    rhos = sorted(
        spearman([(d >= 2) * 10 + rng.random() for d in theirs], theirs) for _ in range(2000)
    )
    print(f"rho of a split with chance within: mean {statistics.mean(rhos):.3f}, 95th percentile {rhos[1900]:.3f}")


def main():
    if sys.argv[1:] == ["--chance"]:
        return chance()
    solve = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target/release/solve")
    graded = []
    for row in csv.DictReader(open(ROOT / "tests/data/tatham/towers.csv")):
        g = grade(solve, "tests/data/tatham/towers.toml", params(row["id"]))
        graded.append((row["difficulty"], g))
    report("Tatham", TATHAM, graded)


if __name__ == "__main__":
    main()
