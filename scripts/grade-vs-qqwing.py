#!/usr/bin/env python3
"""The grade against QQWing's: `solve grade --no-steps --json` on each
sudoku of tests/data/qqwing/sudokus.csv, then per QQWing difficulty the
median and range of the score, and Spearman's rho of the score and of
the ladder's level against QQWing's grade (ties get their mean rank).

    scripts/grade-vs-qqwing.py [SOLVE_BINARY]   (default target/release/solve)
"""
import csv
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QQWING = ["simple", "easy", "intermediate", "expert"]
LADDER = ["check", "early", "propagate", "bounds", "domain", "probing", "search"]


def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.mean(ra), statistics.mean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return cov / (va * vb) ** 0.5


def main():
    solve = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target/release/solve")
    rows = list(csv.DictReader(open(ROOT / "tests/data/qqwing/sudokus.csv")))
    qq, score, level = [], [], []
    by = {d: [] for d in QQWING}
    for row in rows:
        p = row["puzzle"]
        grid = [[0 if ch == "." else int(ch) for ch in p[r * 9 : r * 9 + 9]] for r in range(9)]
        set_ = "puzzle=" + json.dumps(grid).replace(" ", "")
        out = subprocess.run(
            [solve, "grade", str(ROOT / "specs/sudoku.toml"), "--set", set_, "--no-steps", "--json"],
            capture_output=True, text=True, check=True,
        ).stdout
        g = json.loads(out)
        qq.append(QQWING.index(row["difficulty"]))
        score.append(g["score"])
        level.append(LADDER.index(g["grade"]))
        by[row["difficulty"]].append((g["score"], g["rung"], g["grade"]))
    print("| QQWing | n | score median | score range | rungs | levels |")
    print("|---|---:|---:|---|---|---|")
    for d in QQWING:
        s = [x[0] for x in by[d]]
        rungs = ", ".join(f"{r} {n}" for r, n in count(x[1] for x in by[d]))
        levels = ", ".join(f"{r} {n}" for r, n in count(x[2] for x in by[d]))
        print(f"| {d} | {len(s)} | {statistics.median(s):g} | {min(s)}–{max(s)} | {rungs} | {levels} |")
    print()
    print(f"Spearman rho against QQWing: score {spearman(score, qq):+.3f}, level {spearman(level, qq):+.3f}")


def count(xs):
    seen = {}
    for x in xs:
        seen[x] = seen.get(x, 0) + 1
    return sorted(seen.items(), key=lambda kv: -kv[1])


if __name__ == "__main__":
    main()
