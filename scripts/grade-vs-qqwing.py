#!/usr/bin/env python3
"""The grade against QQWing's: `solve grade --no-steps --json` on each
sudoku of tests/data/qqwing/sudokus.csv, then per QQWing difficulty the
median and range of the score, and Spearman's rho of the score and of
the ladder's level against QQWing's grade (ties get their mean rank).

    scripts/grade-vs-qqwing.py [SOLVE_BINARY]   (default target/release/solve)
"""
import csv
import json
import sys

from gradetable import ROOT, grade, report

QQWING = ["simple", "easy", "intermediate", "expert"]


def main():
    solve = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target/release/solve")
    graded = []
    for row in csv.DictReader(open(ROOT / "tests/data/qqwing/sudokus.csv")):
        p = row["puzzle"]
        grid = [[0 if ch == "." else int(ch) for ch in p[r * 9 : r * 9 + 9]] for r in range(9)]
        puzzle = "puzzle=" + json.dumps(grid).replace(" ", "")
        graded.append((row["difficulty"], grade(solve, "specs/sudoku.toml", [puzzle])))
    report("QQWing", QQWING, graded)


if __name__ == "__main__":
    main()
