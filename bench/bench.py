#!/usr/bin/env python3
"""The benchmark behind bench/run.sh (python3 stdlib only; run.sh builds first, then execs this).

For every instance: run target/release/solve RUNS times (whole-process wall time, median; nodes
from --stats; peak RSS), then every installed peer on the same instance PEER_RUNS times, check
every answer against the expected one, and print one markdown table with solve / peer ratios.

Timing: time.perf_counter() around spawn + os.wait4() of the child, i.e. the whole process
(start-up, parsing, model building, search, output), as the peers' bench.sh measures it.  Peak
memory is ru_maxrss from the same wait4 (KB; what GNU `/usr/bin/time -f %M` reports: the largest
of the process and its waited-for descendants).  A run that hits the cap is killed (its whole
process group) and marked TIMEOUT; a timed-out cell is not repeated.  A cell stops repeating once
its runs add up to CELL_BUDGET seconds (at least one run).

The hand-written references have no one-instance mode (queens runs n = 4..N, magic runs every
variant), so their cells are the programs' own in-process timers for that instance
(std::time::Instant around that n / that variant), medians over PEER_RUNS runs of the program.

See bench/run.sh for the environment variables.
"""
import atexit
import datetime
import json
import os
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(BENCH)
sys.path.insert(0, os.path.join(BENCH, "minizinc"))
import hidato  # noqa: E402  (bench/minizinc/hidato.py: the peers' runner and the check of a grid)
SOLVE = os.path.join(REPO, "target", "release", "solve")


def env_int(name, default):
    v = os.environ.get(name, "")
    return int(v) if v.strip() else default


def env_float(name, default):
    v = os.environ.get(name, "")
    return float(v) if v.strip() else default


QUICK = os.environ.get("QUICK", "") not in ("", "0")
SLOW = os.environ.get("SLOW", "") not in ("", "0")
RUNS = env_int("RUNS", 1 if QUICK else 5)
PEER_RUNS = env_int("PEER_RUNS", 1 if QUICK else 3)
CAP = env_float("CAP", 120)
MAGIC_CAP = env_float("MAGIC_CAP", 20 if QUICK else 60)
CELL_BUDGET = env_float("CELL_BUDGET", 30)
PEERS_DIR = os.path.abspath(os.environ.get("PEERS_DIR") or os.path.join(REPO, "bench", "peers"))
HW_BIN = os.environ.get("HW_BIN", "")
if not HW_BIN:
    cand = os.path.join(PEERS_DIR, "handwritten", "target", "release")
    if os.access(os.path.join(cand, "queens"), os.X_OK):
        HW_BIN = cand

# ------------------------------------------------------------------------------------------ instances

QUEENS_COUNT = {10: 724, 11: 2680, 12: 14200, 13: 73712, 14: 365596, 15: 2279184, 16: 14772512}
# Langford pairs up to reversal (OEIS A014552); Golomb rulers' optimal lengths (OEIS A003022).
LANGFORD_COUNT = {11: 17792, 12: 108144}
GOLOMB_LENGTH = {10: 55, 11: 72}
RING_SOLUTIONS = {"1 8 3/5 _ 7/6 4 2", "1 8 4/7 _ 3/5 2 6", "1 7 5/4 _ 6/8 3 2",
                  "1 6 7/5 _ 3/8 2 4", "3 7 4/6 _ 2/5 1 8", "3 5 7/4 _ 2/8 1 6"}
RING_PRIMES_SOLUTIONS = {"3 23 5/17 _ 19/11 13 7"}
MODMAGIC_SOLUTIONS = {"1 8 3/6 5 4/7 2 9"}
H2 = "[[0,1,2,3,0,2],[1,2,4,5,0,3]]"              # 0123 -> (0,2), 1245 -> (0,3)
H3 = "[[0,1,2,3,0,2],[1,2,4,5,0,3],[2,6,7,1,0,3]]"  # + 2671 -> (0,3)

# A 30 x 30 nonogram: the clues of a random picture (Python's random.seed(1), each cell shaded
# with probability 0.5, rows then columns); 42 pictures have them (solve and MiniZinc + Gecode
# agree). The peers count the model `solve export --minizinc` writes.
NONOGRAM_30_ROWS = ("[[1,3,2,1,2,1,2,7],[6,1,2,1,1,2,1],[1,2,4,2,1,2],[1,2,1,3,4],[1,3,2,3,2,8,1],[3,1,1,1,1,1,2,1,1,3],[1,1,3,3,3,3,2],[1,1,1,2,1,3,1,3],[1,1,3,2,1,2,2,4],[1,1,4,2,1,3,2,1],[4,1,4,2,4,2,1],[1,1,1,1,2,1,1,2,3],[2,5,1,5,2,2],[1,5,1,2,1,1,1],[3,1,1,1,1,1,1,1,1],[4,1,4,4,2,1,1],[1,3,1,1,1,1,5],[1,4,1,1,2,5],[1,1,2,1,3,2,1],[1,2,2,1,1,1,1,1,2],[1,2,1,1,1,1,2,1,1,3],[4,2,1,1,6,1,1,1],[1,2,1,1,2,4,2,5],[1,2,1,4,1,1],[1,2,2,1,3,1,1,3,2],[3,2,1,1,3,2,1,1],[3,1,3,1,1,1],[2,2,2,2,3,2,1,2],[1,1,2,2,1,3,1],[2,1,2,1,2]]")
NONOGRAM_30_COLUMNS = ("[[3,2,3,2,1,6],[1,1,2,1,1,1,2,3,1],[1,1,5,4,2,2],[2,1,1,1,1,2,1,1,1],[3,2,3,1,1,2,1],[3,1,1,4,1,2,1,4,2],[1,1,1,1,3,1],[1,2,1,4,1,1,1],[1,2,3,1,1,1,1,1],[4,1,1,1,1,2,1,3],[3,2,2,1,3,1,2,2],[1,1,1,2,4,1,1,1,1,1],[2,3,6,1,1,2,1],[2,1,3,1,1,2,3,2],[1,3,1,3,1,2,1,2],[2,1,5,1,1,1,1],[1,2,2,2,3,1,2,1],[4,3,2,1,1,5,1],[4,3,3,1],[1,5,2,1,1,6,1],[2,1,1,1,3,1,3,1,3,1],[2,2,7,1,2,1],[3,3,1,4,3],[1,3,1,1,1,1,3,2,2,1],[1,5,2,3,2,1,1],[1,1,1,1,1,2,1,2],[2,2,1,1,3,1,1,2,3],[3,2,2,2,1,5,3],[1,1,7,2,2],[2,2,1,1,1,1,1,1,1]]")

# Gecode's nonogram examples (examples/nonogram.cpp: its specs as rows and columns), counted
# by specs/nonogram.toml against MiniZinc + Gecode with one `regular` per line
# (bench/minizinc/nonogram.mzn); "non-unique" has 43 pictures (both agree), the others one.
GECODE_NONOGRAMS = {
    "difficult": ("[[3],[1,1],[1,1],[1,1],[1,2],[5],[1],[2],[1],[1],[1,2],[1,2],[2,1],[2,2],[3]]",
        "[[3],[2],[2],[1],[2],[3],[2],[4],[3],[4],[2,1],[1,1],[1,1],[1,1],[3]]"),
    "crocodile": ("[[3],[2,3,2],[10,3],[15],[1,1,1,1,6],[1,7],[1,4],[1,4],[4]]",
        "[[3],[4],[2,2],[3,1],[2,3],[3,2],[2,3],[4,2],[3,2],[6],[1,3],[1,3],[1,4],[5],[5]]"),
    "non-unique": ("[[2,2],[2,2],[4],[1,1],[1,1],[1,1,1,1],[1,1],[1,4],[1,1,1],[1,1,4],[1,3],[1,2],[5],[2,2],[3,3]]",
        "[[5],[1,2,4],[2,1,3],[2,2,1,1],[1,1,1,1],[1,5],[2,1,1,3,2],[2,1,1,1,1],[1,4,1],[1,1],[1]]"),
    "dragonfly": ("[[7,1],[1,1,2],[2,1,2],[1,2,2],[4,2,3],[3,1,4],[3,1,3],[2,1,4],[2,9],[2,1,5],[2,7],[14],[8,2],[6,2,2],[2,8,1,3],[1,5,5,2],[1,3,2,4,1],[3,1,2,4,1],[1,1,3,1,3],[2,1,1,2]]",
        "[[1,1,1,2],[3,1,2,1,1],[1,4,2,1,1],[1,3,2,4],[1,4,6,1],[1,11,1],[5,1,6,2],[14],[7,2],[7,2],[6,1,1],[9,2],[3,1,1,1],[3,1,3],[2,1,3],[2,1,5],[3,2,2],[3,3,2],[2,3,2],[2,6]]"),
    "p200": ("[[2,2,3],[4,1,1,1,4],[4,1,2,1,1],[4,1,1,1,1,1,1],[2,1,1,2,3,5],[1,1,1,1,2,1],[3,1,5,1,2],[3,2,2,1,2,2],[2,1,4,1,1,1,1],[2,2,1,2,1,2],[1,1,1,3,2,3],[1,1,2,7,3],[1,2,2,1,5],[3,2,2,1,2],[3,2,1,2],[5,1,2],[2,2,1,2],[4,2,1,2],[6,2,3,2],[7,4,3,2],[7,4,4],[7,1,4],[6,1,4],[4,2,2],[2,1]]",
        "[[1,1,2,2],[5,5,7],[5,2,2,9],[3,2,3,9],[1,1,3,2,7],[3,1,5],[7,1,1,1,3],[1,2,1,1,2,1],[4,2,4],[1,2,2,2],[4,6,2],[1,2,2,1],[3,3,2,1],[4,1,15],[1,1,1,3,1,1],[2,1,1,2,2,3],[1,4,4,1],[1,4,3,2],[1,1,2,2],[7,2,3,1,1],[2,1,1,1,5],[1,2,5],[1,1,1,3],[4,2,1],[3]]"),
}
NONOGRAM_COUNT = {"non-unique": 43}


def nonogram_dzn(name):
    """The data of bench/minizinc/nonogram.mzn: clues padded with leading zeros."""
    rows, columns = (json.loads(t) for t in GECODE_NONOGRAMS[name])

    def block(prefix, clues):
        width = max([1] + [len(c) for c in clues])
        padded = ["|" + ",".join(map(str, [0] * (width - len(c)) + c)) for c in clues]
        return "%ss=%d;%s_rule_len=%d;%s_rules=[%s|];" % (prefix, len(clues), prefix, width, prefix,
                                                       "".join(padded))
    return block("row", rows) + block("col", columns)


# Arto Inkala's "world's hardest sudoku" (2012), row by row, 0 for a blank.
# A sudoku of 25 givens, made by `solve generate` (no grade asked, seed 6).
SUDOKU_25 = ("[[7,9,0,6,0,0,0,0,0],[5,6,1,2,0,0,0,0,0],[0,0,0,0,1,0,0,0,3],[0,0,0,0,0,4,0,0,9],"
             "[0,5,0,0,2,0,0,1,0],[4,0,0,5,0,0,0,0,0],[9,0,0,0,3,0,0,0,0],[0,0,0,0,0,7,9,6,8],"
             "[0,0,0,0,0,6,0,2,4]]")
INKALA = ("[[8,0,0,0,0,0,0,0,0],[0,0,3,6,0,0,0,0,0],[0,7,0,0,9,0,2,0,0],[0,5,0,0,0,7,0,0,0],"
          "[0,0,0,0,4,5,7,0,0],[0,0,0,1,0,0,0,3,0],[0,0,1,0,0,0,0,6,8],[0,0,8,5,0,0,0,1,0],"
          "[0,9,0,0,0,0,4,0,0]]")

# Issue 23's Hidato instances (a unique solution each).
# The 8x8 Hidato's clues of its first four rows: dom/wdeg's first solution by positions
# alone takes -j 1 17,724 nodes.
HIDATO_HALF_8 = [[64, 0, 0, 0, 0, 0, 0, 0], [1, 63, 0, 59, 15, 57, 53, 0], [0, 4, 0, 14, 0, 0, 0, 0],
                 [3, 0, 11, 0, 20, 19, 0, 50]] + [[0] * 8 for _ in range(4)]
# Its clues thinned to nine: dom/wdeg's first solution by positions
# alone takes -j 1 282,338 nodes (bench/specs/hidato-positions.toml).
HIDATO_SPARSE_8 = [[64, 0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 15, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0],
                   [0, 0, 11, 0, 0, 0, 0, 50], [0, 0, 0, 0, 22, 0, 0, 0], [0, 0, 0, 32, 0, 0, 0, 0],
                   [27, 0, 0, 0, 0, 0, 46, 0], [0, 0, 0, 0, 0, 0, 0, 0]]
HIDATO = {
    8: [[64, 0, 0, 0, 0, 0, 0, 0], [1, 63, 0, 59, 15, 57, 53, 0], [0, 4, 0, 14, 0, 0, 0, 0],
        [3, 0, 11, 0, 20, 19, 0, 50], [0, 0, 0, 0, 22, 0, 48, 40], [9, 0, 0, 32, 23, 0, 0, 41],
        [27, 0, 0, 0, 36, 0, 46, 0], [28, 30, 0, 35, 0, 0, 0, 0]],
    12: [[0, 0, 134, 2, 4, 0, 0, 0, 0, 0, 0, 0], [136, 0, 0, 1, 0, 5, 6, 10, 115, 106, 0, 0],
         [139, 0, 0, 124, 0, 122, 117, 0, 0, 107, 0, 0], [0, 131, 126, 0, 123, 0, 0, 12, 0, 0, 0, 103],
         [0, 0, 144, 0, 0, 0, 0, 0, 14, 0, 99, 101], [0, 0, 129, 0, 23, 21, 0, 16, 65, 97, 96, 0],
         [30, 29, 25, 0, 0, 19, 0, 0, 0, 66, 94, 0], [32, 0, 0, 27, 57, 59, 60, 0, 0, 0, 0, 92],
         [0, 40, 42, 0, 56, 58, 0, 0, 72, 0, 0, 0], [0, 39, 0, 0, 0, 0, 78, 73, 71, 85, 69, 0],
         [35, 0, 0, 46, 53, 0, 0, 0, 80, 84, 0, 0], [36, 0, 45, 0, 0, 52, 51, 0, 0, 0, 0, 88]],
}

# Expected ANSWER lines of the peers' runners (as in the peers' bench.sh).
PEER_EXPECTED = {
    "queens": lambda n: "count=%d" % QUEENS_COUNT[int(n)],
    "magic-count": lambda n: "count=7040",
    "magic-first": lambda n: "found (verified)",
    "ring": lambda _: "count=6 sums=12,13,13,14,14,15",
    "ring-primes": lambda _: "count=1 sums=31 [S=31 3 23 5/17 _ 19/11 13 7]",
    "modmagic": lambda _: "count=1 [1 8 3/6 5 4/7 2 9]",
    "bulls": lambda h: {"h2": "count=64", "h3": "count=6 [4712 5712 6412 6512 7412 7512]"}[h],
    "nonogram-export": lambda n: {"30": "count=42"}[n],
    "hidato": lambda n: "found (verified)",
    "golomb": lambda m: "optimal: %d" % GOLOMB_LENGTH[int(m)],
    "golomb-free": lambda m: "optimal: %d" % GOLOMB_LENGTH[int(m)],
    "nonogram": lambda n: "count=%d" % NONOGRAM_COUNT.get(n, 1),
    "genre": lambda n: "count=1",
    "paths": lambda n: "count=1",
}


class Instance:
    def __init__(self, iid, label, args, problem, pinst, expected, cap=None, stats=True, loop=None,
                 threads=None):
        self.id = iid
        self.label = label          # row label
        self.args = args            # solve arguments
        self.problem = problem      # the peers' problem name
        self.pinst = pinst          # the peers' instance ("" = none)
        self.expected = expected    # checker for our stdout: out -> (answer text, ok)
        self.cap = cap or CAP
        self.stats = stats    # solve prints --stats (not `solve play`)
        self.loop = loop      # a shell loop running solve (as "$0") several times, instead of args
        # Parallel rows: solve with this many threads, beside `-j 1` in the same run. Every
        # other row of a spec searched runs the sequential engine (-j 1), like the peers.
        self.threads = threads


WITHOUT_SEARCH = {}   # a model file -> its copy with the search it names cut (written once)


def cut_solve_annotation(text):
    """A MiniZinc or FlatZinc model's text with the annotations of its solve item cut
    (`solve :: int_search(...) minimize X;` -> `solve minimize X;`): the solver's own search.
    bench/suite.py --free cuts them from every .fzn."""
    return re.sub(r"(?ms)^(\s*)solve\s*::.*?\b(satisfy|minimize|maximize)\b", r"\1solve \2", text)


def without_search(path):
    """A copy of a spec or MiniZinc model (a path in the repository) with the search it names
    cut, for the solver's own default search (issue 51's Golomb row): a spec's `[search]`
    table, a MiniZinc `solve :: annotation`."""
    if path not in WITHOUT_SEARCH:
        with open(os.path.join(REPO, path)) as f:
            text = f.read()
        if path.endswith(".toml"):
            cut = re.sub(r"(?ms)^\[search\]\n.*?(?=^\[|\Z)", "", text)
        else:
            cut = cut_solve_annotation(text)
        if cut == text:
            sys.exit("bench: %s names no search to cut" % path)
        folder = tempfile.mkdtemp(prefix="solve-bench-free-")
        atexit.register(shutil.rmtree, folder, True)
        WITHOUT_SEARCH[path] = os.path.join(folder, os.path.basename(path))
        with open(WITHOUT_SEARCH[path], "w") as f:
            f.write(cut)
    return WITHOUT_SEARCH[path]


def solve_args(inst):
    """The solve arguments of a row: -j N for a parallel row, -j 1 for any other (a search of
    a spec, `solve play`, `solve analyze`); `solve steps` and the setter's commands (grade,
    generate, unique, candidates) are sequential and take no -j."""
    if inst.args[:1] in (["steps"], ["grade"], ["generate"], ["unique"], ["candidates"]):
        return inst.args
    if inst.threads:
        return inst.args + ["-j", str(inst.threads)]
    if inst.args:
        return inst.args + ["-j", "1"]
    return inst.args


def ints(text):
    return [int(t) for t in re.findall(r"-?\d+", text)]


def picture_file(name):
    """The rows of bench/specs/NAME.picture (one row a line, `#` comments)."""
    with open(os.path.join(BENCH, "specs", name + ".picture")) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def count_checker(expected):
    def check(out):
        lines = out.strip().splitlines()
        last = lines[-1].strip() if lines else ""
        return "count=%s" % (last or "(none)"), last == str(expected)
    return check


def free_checker(n):
    """A first solution of n free variables of 0..9: n values printed, each in 0..9."""
    def check(out):
        v = ints(out)
        ok = len(v) >= n and all(0 <= x <= 9 for x in v[-n:])
        return ("%d values" % len(v)), ok
    return check


def lines_checker(expected):
    """--json output: one line per solution."""
    def check(out):
        n = len([l for l in out.splitlines() if l.startswith("{")])
        return "lines=%d" % n, n == expected
    return check


def hidato_checker_of(r, clues):
    def check(out):
        ok = hidato.verify(r, clues, ints(out))
        return ("found (verified)" if ok else "WRONG grid"), ok
    return check


def hidato_checker(r):
    def check(out):
        ok = hidato.verify(r, HIDATO[r], ints(out))
        return ("found (verified)" if ok else "WRONG grid"), ok
    return check


def puzzles_checker(n):
    """`solve generate`: n puzzles, each ending with its --set line."""
    def check(out):
        got = len(re.findall(r"^--set '", out, re.M))
        return "%d puzzles" % got, got == n
    return check


def lines_checker_text(n):
    """n lines of output (one per variable)."""
    def check(out):
        got = len(out.strip().splitlines())
        return "%d lines" % got, got == n
    return check


def steps_checker(out):
    """`solve steps`: the last line says every value follows, and in how many steps."""
    last = out.strip().splitlines()[-1] if out.strip() else ""
    return last or "(no output)", last.startswith("every value follows, in ")


def grade_checker(out):
    """`solve grade`: its last line gives the score."""
    last = out.strip().splitlines()[-1] if out.strip() else ""
    return last or "(no output)", last.startswith("score: ")


def text_checker(line):
    def check(out):
        found = re.search(r"^" + re.escape(line) + r"$", out, re.M) is not None
        return (line if found else "(no line %r)" % line), found
    return check


def longest_checker(expected):
    def check(out):
        got = [int(x) for x in re.findall(r"^longest (\d+)$", out, re.M)]
        return "longest " + " ".join(map(str, got)), got == expected
    return check


def optimal_checker(expected):
    """An [objective] run: the last line must be `optimal: V` (proven)."""
    def check(out):
        lines = out.strip().splitlines()
        last = lines[-1].strip() if lines else "(none)"
        return last, last == "optimal: %d" % expected
    return check


def magic_first_checker(n):
    def check(out):
        v = ints(out)
        if len(v) < n * n:
            return "no square printed", False
        v = v[:n * n]
        g = [v[r * n:(r + 1) * n] for r in range(n)]
        m = n * (n * n + 1) // 2
        ok = (sorted(v) == list(range(1, n * n + 1))
              and all(sum(row) == m for row in g)
              and all(sum(g[r][c] for r in range(n)) == m for c in range(n))
              and sum(g[i][i] for i in range(n)) == m
              and sum(g[i][n - 1 - i] for i in range(n)) == m)
        return ("found (verified)" if ok else "WRONG square"), ok
    return check


def solutions_checker(kind, expected_set):
    """--all output: blocks separated by blank lines, then 'N solution(s)'."""
    def check(out):
        blocks = [b for b in re.split(r"\n\s*\n", out.strip()) if b.strip()]
        if blocks and re.match(r"^\d+ solutions?$", blocks[-1].strip().splitlines()[-1]):
            last = blocks[-1].strip().splitlines()
            tail = last[-1]
            if len(last) == 1:
                blocks = blocks[:-1]
            else:
                blocks[-1] = "\n".join(last[:-1])
        else:
            tail = "(no count line)"
        got = []
        for b in blocks:
            v = ints(b)
            if kind == "ring" and len(v) >= 8:
                got.append("%d %d %d/%d _ %d/%d %d %d" % tuple(v[:8]))
            elif kind == "grid" and len(v) >= 9:
                got.append("%d %d %d/%d %d %d/%d %d %d" % tuple(v[:9]))
            else:
                got.append("?" + b.replace("\n", "/"))
        ok = sorted(got) == sorted(expected_set) and tail == "%d solution%s" % (
            len(expected_set), "" if len(expected_set) == 1 else "s")
        text = "count=%d" % len(got)
        if len(got) <= 2:
            text += " [%s]" % ", ".join(got)
        return text, ok
    return check


def all_instances():
    out = []
    for n in range(10, 15):
        out.append(Instance("queens-%d" % n, "queens n=%d count" % n,
                            ["specs/queens.toml", "--set", "n=%d" % n, "--count", "--no-symmetry"],
                            "queens", str(n), count_checker(QUEENS_COUNT[n])))
    out.append(Instance("magic-count-4", "magic n=4 count", ["specs/magic.toml", "--set", "n=4", "--count"],
                        "magic-count", "4", count_checker(7040)))
    for n in (5, 6, 7, 8, 9, 10, 11, 12, 16, 20):
        out.append(Instance("magic-first-%d" % n, "magic n=%d first" % n,
                            ["specs/magic.toml", "--set", "n=%d" % n, "--time-limit", "%g" % MAGIC_CAP],
                            "magic-first", str(n), magic_first_checker(n), cap=MAGIC_CAP + 10))
    out.append(Instance("ring", "ring (magic8 --all)", ["specs/magic8.toml", "--all"], "ring", "",
                        solutions_checker("ring", RING_SOLUTIONS)))
    out.append(Instance("ring-primes", "ring-primes (magic8-primes --all)", ["specs/magic8-primes.toml", "--all"],
                        "ring-primes", "", solutions_checker("ring", RING_PRIMES_SOLUTIONS)))
    out.append(Instance("modmagic", "modmagic (magic9 --all)", ["specs/magic9.toml", "--all"], "modmagic", "",
                        solutions_checker("grid", MODMAGIC_SOLUTIONS)))
    for h, hist, exp in (("h2", H2, 64), ("h3", H3, 6)):
        out.append(Instance("bulls-%s" % h, "bulls %s (moo count)" % h,
                            ["specs/moo.toml", "--count", "--set", "history=%s" % hist],
                            "bulls", h, count_checker(exp)))
    for strategy, average in (("first", "5.5603 (3503/630)"), ("minimax", "5.3847 (3877/720)")):
        out.append(Instance("moo-%s" % strategy, "bulls and cows, every secret, %s" % strategy,
                            ["play", "specs/moo.toml", "--all-secrets", "--strategy", strategy],
                            "moo-play", strategy, text_checker("average " + average), stats=False))
    flipit = ("for n in 4 5 6 7 8 9 10; do for v in 0 1; do "
              "\"$0\" analyze specs/flipit.toml -j 1 --set n=$n --set variant=$v || exit 1; done; done")
    out.append(Instance("flipit-analysis", "Flip It analysis, N=4..10, both rules (14 runs)", [], "flipit", "",
                        longest_checker([2, 5, 10, 6, 8, 6, 8, 7, 8, 7, 8, 8, 8, 8]), stats=False,
                        loop=flipit))
    out.append(Instance("eight-analysis", "eight puzzle analysis (solve analyze)",
                        ["analyze", "specs/eight-puzzle.toml"], "eight", "", longest_checker([31]), stats=False))
    out.append(Instance("unique-fano", "Fano's plane, one matrix per class of row and column orders (--unique --count)",
                        ["bench/specs/design.toml", "--unique", "--count"], "unique", "", count_checker(1)))
    out.append(Instance("output-template", "331,776 solutions, template calling a function (--all)",
                        ["bench/specs/output.toml", "--all"], "output", "", text_checker("331776 solutions"),
                        stats=False))
    out.append(Instance("output-json", "331,776 solutions, --all --json",
                        ["bench/specs/output.toml", "--all", "--json"], "output", "", lines_checker(331776),
                        stats=False))
    for n, best in ((8, 5), (9, 5)):
        out.append(Instance("domqueens-%d" % n, "dominating queens n=%d (optimise)" % n,
                            ["specs/dominating-queens.toml", "--set", "n=%d" % n], "domqueens", str(n),
                            optimal_checker(best)))
    # Parallel search: 2 threads against 1 (the column `solve -j 1`), same answers.
    for n in (14, 15):
        out.append(Instance("threads-queens-%d" % n, "queens n=%d count, 2 threads" % n,
                            ["specs/queens.toml", "--set", "n=%d" % n, "--count", "--no-symmetry"],
                            "threads", "", count_checker(QUEENS_COUNT[n]), threads=2))
    out.append(Instance("threads-magic-4", "magic n=4 count, 2 threads",
                        ["specs/magic.toml", "--set", "n=4", "--count"], "threads", "",
                        count_checker(7040), threads=2))
    for n in (11, 12):
        out.append(Instance("threads-langford-%d" % n, "Langford n=%d count, 2 threads" % n,
                            ["bench/specs/langford.toml", "--set", "n=%d" % n, "--count"], "threads", "",
                            count_checker(LANGFORD_COUNT[n]), threads=2))
    for m in (10, 11):
        out.append(Instance("threads-golomb-%d" % m, "Golomb m=%d (optimise), 2 threads" % m,
                            ["bench/specs/golomb.toml", "--set", "m=%d" % m], "threads", "",
                            optimal_checker(GOLOMB_LENGTH[m]), threads=2))
    out.append(Instance("threads-moo-minimax", "bulls and cows, every secret, minimax, 2 threads",
                        ["play", "specs/moo.toml", "--all-secrets", "--strategy", "minimax"], "threads", "",
                        text_checker("average 5.3847 (3877/720)"), stats=False, threads=2))
    out.append(Instance("threads-eight-analysis", "eight puzzle analysis, 2 threads",
                        ["analyze", "specs/eight-puzzle.toml"], "threads", "", longest_checker([31]),
                        stats=False, threads=2))
    # A learning order's first solution (issue 51): Hidato without its circuit under
    # dom/wdeg, the shipped 8x8 puzzle's clues of its first four rows, and a sparse set; the first thread runs -j 1's whole
    # search, the other the parts (docs/parallel.md, "Learning orders"); and Nurikabe's
    # count (dom/wdeg, the split with the weights handed down).
    for name, clues in (("half", HIDATO_HALF_8), ("sparse", HIDATO_SPARSE_8)):
        out.append(Instance("threads-hidato-positions-" + name,
                            "Hidato 8x8 by positions (dom/wdeg) first, %s clues, 2 threads" % name,
                            ["bench/specs/hidato-positions.toml", "--set", "puzzle=" + json.dumps(clues)],
                            "threads", "", hidato_checker_of(8, clues), threads=2))
    out.append(Instance("threads-nurikabe-count", "Nurikabe (shipped, dom/wdeg) count, 2 threads",
                        ["specs/nurikabe.toml", "--count"], "threads", "", count_checker(1),
                        threads=2))
    # Choosing the variable on large models (issue 51), 2 threads (every core here) beside
    # -j 1: 100,000 free variables to a first solution under each variable order (the default
    # is first-fail), and 20,000 variables in a chain beside 10 pigeons in 9 holes (unsat,
    # counted: every node decides a pigeon among all the open variables).
    for var in ("input", "first-fail", "dom-wdeg", None):
        name = var or "default"
        out.append(Instance("large-free-" + name, "100,000 free variables first, %s" % name,
                            ["bench/specs/free.toml"] + (["--var", var] if var else []), "large", "",
                            free_checker(100000), threads=2))
    # A model nobody here tuned (issue 51): warehouse location, CSPLib 034, without [search];
    # its optimum 689 is CP-SAT's (bench/specs/warehouse-cpsat.py). The default (2 threads
    # beside -j 1) against input order and first-fail with the largest value first.
    for name, extra in (("default", []), ("input", ["--var", "input"]), ("value-max", ["--value", "max"]),
                        ("afc-restarts", ["--var", "afc", "--last-conflict", "on", "--restart", "geometric"])):
        out.append(Instance("warehouse-" + name, "warehouse location 8x24 (optimise), %s" % name,
                            ["bench/specs/warehouse.toml"] + extra, "warehouse", "",
                            optimal_checker(689), cap=30, threads=2 if name == "default" else None))
    out.append(Instance("large-pigeons", "20,000-variable chain beside 10 pigeons in 9 holes, count",
                        ["bench/specs/pigeons.toml", "--count"], "large", "", count_checker(0),
                        threads=2))
    out.append(Instance("nonogram-30", "nonogram 30x30 count (regular; peers: the MiniZinc export)",
                        ["specs/nonogram.toml", "--set", "rows=" + NONOGRAM_30_ROWS,
                         "--set", "columns=" + NONOGRAM_30_COLUMNS, "--count"],
                        "nonogram-export", "30", count_checker(42)))
    out.append(Instance("nonogram-30-tables", "nonogram 30x30 count (tables; peers: the MiniZinc export)",
                        ["bench/specs/nonogram-tables.toml", "--set", "rows=" + NONOGRAM_30_ROWS,
                         "--set", "columns=" + NONOGRAM_30_COLUMNS, "--count"],
                        "nonogram-export", "30", count_checker(42)))
    for name, (rows, columns) in GECODE_NONOGRAMS.items():
        size = "%dx%d" % (len(json.loads(columns)), len(json.loads(rows)))
        out.append(Instance("nonogram-" + name, "nonogram %s %s count (Gecode's example; peers: regular)"
                            % (name, size),
                            ["specs/nonogram.toml", "--set", "rows=" + rows, "--set", "columns=" + columns,
                             "--count"],
                            "nonogram", name, count_checker(NONOGRAM_COUNT.get(name, 1))))
    for m in (10, 11):
        out.append(Instance("golomb-%d" % m, "Golomb m=%d (optimise; peers: the same model)" % m,
                            ["bench/specs/golomb.toml", "--set", "m=%d" % m], "golomb", str(m),
                            optimal_checker(GOLOMB_LENGTH[m])))
    # Issue 51: the same model with no search named, solve's default (two threads beside -j 1)
    # against Gecode's own default (the model's int_search cut).
    out.append(Instance("golomb-free-10", "Golomb m=10 (optimise), no search named: each solver's default",
                        [without_search("bench/specs/golomb.toml"), "--set", "m=10"], "golomb-free", "10",
                        optimal_checker(GOLOMB_LENGTH[10]), threads=2))
    for r in (8, 12):
        out.append(Instance("hidato-%d" % r, "Hidato %dx%d first (peers: Kjellerstrand's model)" % (r, r),
                            ["specs/hidato.toml", "--set", "r=%d" % r,
                             "--set", "puzzle=" + json.dumps(HIDATO[r]).replace(" ", "")],
                            "hidato", str(r), hidato_checker(r)))
    # The loop, path and connectivity genres, the shipped janko.at puzzles (peers: grilops on Z3,
    # bench/grilops/genres.py; MiniZinc + Gecode counting the MiniZinc export, whose `connected`
    # is MiniZinc's library global).
    for genre, size in (("slitherlink", "10x10 (janko 61)"), ("nurikabe", "10x10 (janko 8)"),
                        ("masyu", "10x10 (janko 12)"), ("numberlink", "8x8 (janko Arukone 3)"),
                        ("hashi", "10x10 (janko 21)")):
        out.append(Instance("genre-" + genre, "%s %s count (peers: grilops, the MiniZinc export)" % (genre, size),
                            ["specs/%s.toml" % genre, "--count"], "genre", genre, count_checker(1), cap=60))
    # The path and loop genres at scale: 15x15 pictures constructed by bench/paths/make.py
    # (bench/specs/*.picture), counted on one thread, beside CP-SAT (bench/paths/cpsat.py) and
    # grilops (bench/grilops/genres.py) on the same pictures.
    for pid, genre, fill, label in (
            ("paths-numberlink-15-fill", "numberlink", True, "Numberlink 15x15, every cell filled"),
            ("paths-slitherlink-15", "slitherlink", None, "Slitherlink 15x15")):
        rows = picture_file("%s-15x15" % genre)
        args = ["specs/%s.toml" % genre, "--set", "picture=" + json.dumps(rows)]
        if fill is not None:
            args += ["--set", "fill=%s" % ("true" if fill else "false")]
        pinst = "%s-15x15%s" % (genre, ":fill" if fill else "")
        out.append(Instance(pid, "%s count (peers: CP-SAT, grilops)" % label, args + ["--count"],
                            "paths", pinst, count_checker(1), cap=120))
    # Step-wise explanations (solve alone: no peer explains step by step).
    for name, args in (("zebra", ["specs/zebra.toml"]),
                       ("sudoku", ["specs/sudoku.toml"]),
                       ("inkala", ["specs/sudoku.toml", "--set", "puzzle=" + INKALA]),
                       ("hidato", ["specs/hidato.toml"]),
                       ("nonogram", ["specs/nonogram.toml"])):
        out.append(Instance("steps-" + name, "solve steps: %s" % name, ["steps"] + args, "steps", name,
                            steps_checker, stats=False))
    # The loop, path and connectivity genres' walks (issue 52: each under 10 s).
    for name in ("nurikabe", "masyu", "slitherlink", "numberlink"):
        out.append(Instance("steps-" + name, "solve steps: %s" % name, ["steps", "specs/%s.toml" % name],
                            "steps", name, steps_checker, stats=False, cap=120))
    # Their grades (issue 52: each under 10 s too).
    for name in ("hidato", "nurikabe", "masyu", "slitherlink", "numberlink"):
        out.append(Instance("setter-grade-" + name, "solve grade: %s" % name, ["grade", "specs/%s.toml" % name],
                            "setter", "grade-" + name, grade_checker, stats=False, cap=120))
    # The setter's toolkit (solve alone: no peer generates or grades; `unique` beside
    # `--limit 2` over every shipped spec, the same searches' cost).
    for name, args, n in (("sudoku-20", ["specs/sudoku.toml", "--number", "20"], 20),
                          ("sudoku-simple-10", ["specs/sudoku.toml", "--grade", "20..29", "--number", "10"], 10),
                          ("sudoku-expert-10", ["specs/sudoku.toml", "--grade", "70..79", "--number", "10"], 10),
                          ("hidato-5", ["specs/hidato.toml", "--number", "5"], 5),
                          ("hidato-7x5", ["specs/hidato.toml", "--set", "r=7", "--number", "5"], 5)):
        out.append(Instance("setter-generate-" + name, "solve generate: %s" % " ".join(args),
                            ["generate"] + args, "setter", name, puzzles_checker(n), stats=False,
                            cap=60))
    out.append(Instance("setter-candidates-sudoku-25", "solve candidates: a 9x9 sudoku of 25 givens",
                        ["candidates", "specs/sudoku.toml", "--set", "puzzle=" + SUDOKU_25], "setter",
                        "candidates", lines_checker_text(81), stats=False))
    every = "for f in specs/*.toml; do \"$0\" %s; [ $? -le 3 ] || exit 1; done; echo done"
    out.append(Instance("setter-unique-every-spec", "solve unique, every shipped spec", [], "setter", "unique",
                        text_checker("done"), stats=False, loop=every % "unique \"$f\""))
    out.append(Instance("setter-limit2-every-spec", "solve --limit 2 --no-objective, every shipped spec",
                        [], "setter", "limit2", text_checker("done"), stats=False,
                        loop=every % "\"$f\" --limit 2 --no-objective -j 1 > /dev/null"))
    return out


QUICK_IDS = ["queens-10", "queens-11", "queens-12", "magic-first-5", "magic-first-6", "magic-first-7",
             "magic-first-8", "ring", "ring-primes", "modmagic", "bulls-h2", "bulls-h3", "domqueens-8"]


def select_instances():
    insts = all_instances()
    sel = os.environ.get("INSTANCES", "").replace(",", " ").split()
    if not sel:
        return [i for i in insts if i.id in QUICK_IDS] if QUICK else insts
    def match(i, s):   # an id, or a group name: queens, magic-count, magic-first, bulls
        return i.id == s or (s in ("queens", "magic-count", "magic-first", "bulls", "moo", "threads", "hidato", "nonogram",
                                 "golomb", "unique", "steps", "setter", "genre", "paths", "large", "warehouse")
                             and i.id.startswith(s + "-"))
    unknown = [s for s in sel if not any(match(i, s) for i in insts)]
    if unknown:
        sys.exit("bench: unknown instance(s) %s; known: %s (groups: queens magic-count magic-first bulls moo threads hidato nonogram golomb unique steps setter genre paths large warehouse)"
                 % (" ".join(unknown), " ".join(i.id for i in insts)))
    return [i for i in insts if any(match(i, s) for s in sel)]


# ------------------------------------------------------------------------------------------ running

class Run:
    def __init__(self, wall, rc, out, err, maxrss, timeout):
        self.wall, self.rc, self.out, self.err, self.maxrss, self.timeout = wall, rc, out, err, maxrss, timeout


GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def descendants(pid):
    """Every process below `pid` (through /proc), children first found first."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def run_once(cmd, cap, cwd=REPO, env=None):
    with tempfile.TemporaryFile() as fo, tempfile.TemporaryFile() as fe, \
            tempfile.NamedTemporaryFile(mode="r") as fm:
        if GNU_TIME:
            # Peak RSS through GNU time: a child forked from this python process would inherit
            # python's own high-water mark (~17 MB) in ru_maxrss; time's children do not.
            cmd = [GNU_TIME, "-f", "%M", "-o", fm.name] + list(cmd)
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=fo, stderr=fe,
                             start_new_session=True)
        killed = []

        def kill():
            killed.append(True)
            # MiniZinc starts fzn-gecode in a process group of its own: its descendants are found
            # (before anything dies and they move to init) and killed beside the run's own group.
            family = descendants(p.pid)
            try:
                os.killpg(p.pid, signal.SIGKILL)   # the run's own process group
            except ProcessLookupError:
                pass
            for pid in family:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        timer = threading.Timer(cap, kill)
        timer.start()
        _, status, ru = os.wait4(p.pid, 0)
        t1 = time.perf_counter()
        timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)   # reaped here; keep Popen from waiting again
        if not killed:   # clean up anything the run left behind in its group
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        fo.seek(0)
        fe.seek(0)
        maxrss = None
        if GNU_TIME:
            m = re.findall(r"^(\d+)\s*$", fm.read(), re.M)
            maxrss = int(m[-1]) if m else None
        return Run(t1 - t0, p.returncode, fo.read().decode(errors="replace"),
                   fe.read().decode(errors="replace"), maxrss, bool(killed))


class Cell:
    """One (instance, solver) measurement."""
    def __init__(self):
        self.times = []
        self.maxrss = []
        self.answers = []
        self.nodes = []
        self.timeout = None     # cap in s when a run timed out
        self.status = []        # notes: exit codes etc.
        self.ok = True
        self.checked = False
        self.skipped = None     # reason, when not run
        self.resolution = None  # the timer resolution of an in-process (hand-written) cell
        self.err_tail = ""

    @property
    def median(self):
        return statistics.median(self.times) if self.times else None

    def check_text(self):
        if self.skipped:
            return "-"
        if self.timeout is not None and not self.times:
            return "TIMEOUT"
        if not self.ok:
            return "**MISMATCH**"
        return "OK" if self.checked else "-"


def measure(cmd, cap, runs, checker, env=None, stats=False):
    c = Cell()
    spent = 0.0
    for r in range(runs):
        run = run_once(cmd, cap, env=env)
        spent += run.wall
        if run.timeout:
            c.timeout = cap
            c.err_tail = "\n".join(run.err.strip().splitlines()[-3:])
            break
        if stats:
            m = re.search(r"^nodes:\s*(\d+)", run.err, re.M)
            if m:
                c.nodes.append(int(m.group(1)))
            if run.rc == 3:   # our own --time-limit stopped the search
                c.timeout = cap
                c.status.append("time limit (exit 3)")
                break
        c.times.append(run.wall)
        if run.maxrss is not None:
            c.maxrss.append(run.maxrss)
        ans, ok = checker(run)
        c.answers.append(ans)
        c.checked = True
        if not ok:
            c.ok = False
        if run.rc != 0:
            c.status.append("exit %d" % run.rc)
            c.err_tail = "\n".join(run.err.strip().splitlines()[-3:])
        if spent >= CELL_BUDGET:
            break
    if len(set(c.answers)) > 1:
        c.ok = False
        c.status.append("answers differ between runs")
    return c


# ------------------------------------------------------------------------------------------ peers

PEER_ORDER = ["hw-seed", "hw-bitboard", "gecode-api", "gecode", "gecode-native", "choco", "cpsat", "pyconstraint",
              "grilops"]
PEER_TITLE = {
    "hw-seed": "hand-written seed-style",
    "hw-bitboard": "hand-written bitboard",
    "gecode-api": "Gecode C++ API",
    "gecode": "MiniZinc+Gecode",
    "gecode-native": "MiniZinc+Gecode native globals",
    "choco": "Choco (pychoco)",
    "cpsat": "CP-SAT",
    "pyconstraint": "python-constraint",
    "grilops": "grilops (Z3)",
    "solve-j1": "solve -j 1 (parallel rows: the speedup is 1/ratio)",
}


def venv_python():
    p = os.path.join(PEERS_DIR, ".venv", "bin", "python")
    return p if os.access(p, os.X_OK) else None


def which(prog):
    for d in os.environ.get("PATH", "").split(os.pathsep):
        f = os.path.join(d, prog)
        if os.access(f, os.X_OK):
            return f
    return None


def can_import(py, mod):
    try:
        return subprocess.run([py, "-c", "import " + mod], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=60).returncode == 0
    except Exception:
        return False


def detect_peers():
    """peer -> None (available) or the reason it is skipped."""
    models = os.path.join(PEERS_DIR, "models")
    why = {}
    if not os.path.isdir(PEERS_DIR):
        return {p: "PEERS_DIR %s does not exist" % PEERS_DIR for p in PEER_ORDER}
    hw_ok = HW_BIN and all(os.access(os.path.join(HW_BIN, b), os.X_OK) for b in ("queens", "magic"))
    for p in ("hw-seed", "hw-bitboard"):
        why[p] = None if hw_ok else "hand-written binaries not found (and not built): %s/handwritten" % PEERS_DIR
    gapi = [os.path.join(PEERS_DIR, "gecode-api", b) for b in ("queens", "magic")]
    if not os.path.isfile(os.path.join(models, "run_gecode_api.sh")):
        why["gecode-api"] = "no models/run_gecode_api.sh"
    elif not all(os.access(b, os.X_OK) for b in gapi):
        why["gecode-api"] = "gecode-api/{queens,magic} not built (install.sh builds them)"
    else:
        why["gecode-api"] = None
    if not os.path.isfile(os.path.join(models, "run_mzn.py")):
        why["gecode"] = "no models/run_mzn.py"
    elif not (which("minizinc") and which("fzn-gecode")):
        why["gecode"] = "minizinc / fzn-gecode not installed (apt packages minizinc, flatzinc)"
    else:
        why["gecode"] = None
    if why["gecode"]:
        why["gecode-native"] = why["gecode"]
    elif not os.path.exists(os.path.join(PEERS_DIR, "minizinc", "mznlib-gecode", "all_different_int.mzn")):
        why["gecode-native"] = "minizinc/mznlib-gecode has no Gecode mznlib symlinks (install.sh makes them)"
    else:
        why["gecode-native"] = None
    py = venv_python()
    for p, script, mod in (("choco", "run_choco.py", "pychoco"), ("cpsat", "run_cpsat.py", "ortools"),
                           ("pyconstraint", "run_pyconstraint.py", "constraint")):
        if not os.path.isfile(os.path.join(models, script)):
            why[p] = "no models/" + script
        elif not py:
            why[p] = "no venv %s/.venv (install.sh makes it)" % PEERS_DIR
        elif not can_import(py, mod):
            why[p] = "python module %s not installed in the venv" % mod
        else:
            why[p] = None
    if not py:
        why["grilops"] = "no venv %s/.venv (install.sh makes it)" % PEERS_DIR
    elif not can_import(py, "grilops"):
        why["grilops"] = "python module grilops not installed in the venv (install.sh installs it)"
    else:
        why["grilops"] = None
    return why


# magic-first cells that timed out at 60 s in a trial run on the 2-core machine (left out by default
# to keep the full run near 15 minutes; SLOW=1 runs them).
MAGIC_FIRST_LEFT_OUT = {"gecode": ("20",), "gecode-native": ("20",), "choco": ("16", "20"),
                        "cpsat": ("16", "20")}


def peer_command(peer, inst):
    """The command for a runner peer on an instance, or (None, reason)."""
    models = os.path.join(PEERS_DIR, "models")
    py = venv_python() or sys.executable
    pargs = [inst.problem] + ([inst.pinst] if inst.pinst else [])
    prob, n = inst.problem, inst.pinst
    if prob not in PEER_EXPECTED:   # solve's own rows (no peer has the model)
        return None, "n/a"
    if peer == "gecode-api":
        if prob not in ("queens", "magic-count"):
            return None, "n/a"
        return ["bash", os.path.join(models, "run_gecode_api.sh")] + pargs, None
    if prob == "magic-first" and not SLOW and n in MAGIC_FIRST_LEFT_OUT.get(peer, ()):
        return None, "left out: timed out (> 60 s) in a trial run here (SLOW=1 runs it)"
    if prob in ("golomb", "golomb-free"):
        if peer not in ("gecode", "gecode-native"):
            return None, "n/a"
        if peer == "gecode" and n == "11" and not SLOW:
            return None, "left out: m=10 takes 11.6 s with the stock pairing (SLOW=1 runs it)"
        solver = "org.gecode.gecode" if peer == "gecode" else "org.peers.gecode-native"
        model = "bench/minizinc/golomb.mzn"
        model = without_search(model) if prob == "golomb-free" else os.path.join(REPO, model)
        return ["bash", os.path.join(BENCH, "minizinc", "optimum.sh"), solver, model, "-D", "m=" + n], None
    if prob == "hidato":
        if peer not in ("gecode", "gecode-native"):
            return None, "n/a"
        solver = "org.gecode.gecode" if peer == "gecode" else "org.peers.gecode-native"
        return [py, os.path.join(BENCH, "minizinc", "hidato.py"), solver, n,
                json.dumps(HIDATO[int(n)])], None
    if prob == "nonogram":
        if peer not in ("gecode", "gecode-native"):
            return None, "n/a"
        solver = "org.gecode.gecode" if peer == "gecode" else "org.peers.gecode-native"
        return ["bash", os.path.join(BENCH, "minizinc", "count.sh"), solver,
                os.path.join(BENCH, "minizinc", "nonogram.mzn"), "-D", nonogram_dzn(n)], None
    if prob == "paths":
        genre, _, fill = n.partition(":")
        picture = os.path.join(BENCH, "specs", genre + ".picture")
        kind = genre.split("-")[0]
        rule = ([fill] if fill else ["empty"]) if kind == "numberlink" else []
        if peer == "grilops":
            return [py, os.path.join(BENCH, "grilops", "genres.py"), kind, picture] + rule, None
        if peer == "cpsat":
            return [py, os.path.join(BENCH, "paths", "cpsat.py"), kind, picture] + rule, None
        return None, "n/a"
    if prob == "genre":
        if peer == "grilops":
            return [py, os.path.join(BENCH, "grilops", "genres.py"), n], None
        if peer not in ("gecode", "gecode-native"):
            return None, "n/a"
        solver = "org.gecode.gecode" if peer == "gecode" else "org.peers.gecode-native"
        return ["bash", os.path.join(BENCH, "minizinc", "count.sh"), solver, minizinc_export(inst)], None
    if peer == "grilops":
        return None, "n/a"
    if prob == "nonogram-export":
        if peer not in ("gecode", "gecode-native"):
            return None, "n/a"
        # The exported model, counted by MiniZinc; gecode-native also gets Gecode's own
        # table propagator (bench/minizinc/fzn_table_int.mzn).
        solver = "org.gecode.gecode" if peer == "gecode" else "org.peers.gecode-native"
        extra = [] if peer == "gecode" else ["-I", os.path.join(BENCH, "minizinc")]
        return ["bash", os.path.join(BENCH, "minizinc", "count.sh"), solver, minizinc_export(inst)] + extra, None
    if peer in ("gecode", "gecode-native"):
        solver = "org.gecode.gecode" if peer == "gecode" else "org.peers.gecode-native"
        return [py, os.path.join(models, "run_mzn.py"), "--solver", solver] + pargs, None
    if peer == "choco":
        return [py, os.path.join(models, "run_choco.py")] + pargs, None
    if peer == "cpsat":
        if prob == "queens" and int(n) >= 14 and not SLOW:
            return None, "left out: one run takes ~206 s (SLOW=1 runs it)"
        return [py, os.path.join(models, "run_cpsat.py")] + pargs, None
    if peer == "pyconstraint":
        if not SLOW:
            if prob == "queens" and int(n) >= 13:
                return None, "left out: ~36 s (n=13), ~199 s (n=14) per run (SLOW=1 runs it)"
            if prob == "magic-count":
                return None, "left out: one run takes ~614 s (SLOW=1 runs it)"
            if prob == "magic-first":
                return None, "left out: times out (> 60 s) already at n=5 (SLOW=1 runs it)"
        return [py, os.path.join(models, "run_pyconstraint.py")] + pargs, None
    return None, "n/a"


EXPORTS = {}   # instance id -> its `solve export --minizinc` file (written once, not timed)


def minizinc_export(inst):
    if inst.id not in EXPORTS:
        path = os.path.join(os.path.dirname(SOLVE), inst.id + ".mzn")
        args = [a for a in inst.args if a != "--count"]
        with open(path, "w") as f:
            subprocess.run([SOLVE, "export", "--minizinc"] + args, cwd=REPO, stdout=f, check=True)
        EXPORTS[inst.id] = path
    return EXPORTS[inst.id]


def runner_checker(expected):
    def check(run):
        m = re.findall(r"^ANSWER: (.*)$", run.out, re.M)
        ans = m[-1].strip() if m else "(no ANSWER line)"
        return ans, ans == expected and run.rc == 0
    return check


# Hand-written references: one process covers several instances; parse its own timers.

def hw_queens(max_n, runs):
    """-> {n: (seed Cell, bitboard Cell)} from `queens max_n 0` (counts n=4..max_n, no unique)."""
    cells = {n: (Cell(), Cell()) for n in range(10, max_n + 1)}
    cmd = [os.path.join(HW_BIN, "queens"), str(max_n), "0"]
    spent = 0.0
    for _ in range(runs):
        run = run_once(cmd, CAP)
        spent += run.wall
        rows = {}
        for m in re.finditer(r"^\s*(\d+)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)", run.out, re.M):
            rows[int(m.group(1))] = (int(m.group(2)), int(m.group(3)), float(m.group(4)), float(m.group(5)))
        for n, (cs, cb) in cells.items():
            for cell, cnt_i, t_i in ((cs, 0, 2), (cb, 1, 3)):
                cell.resolution = 0.0001    # printed with %.4f
                if run.timeout:
                    cell.timeout = CAP
                    continue
                if n not in rows:
                    cell.ok = False
                    cell.checked = True
                    cell.answers.append("(no row for n=%d; exit %d)" % (n, run.rc))
                    continue
                cell.times.append(rows[n][t_i])
                if run.maxrss is not None:
                    cell.maxrss.append(run.maxrss)
                cell.answers.append("count=%d" % rows[n][cnt_i])
                cell.checked = True
                if rows[n][cnt_i] != QUEENS_COUNT[n]:
                    cell.ok = False
        if run.timeout or spent >= CELL_BUDGET:
            break
    return cells


def hw_timers(program, runs, pats):
    """-> {instance id: Cell} from one hand-written `program` process per run, which prints every
    instance with its own timer. `pats`: id -> (regex, group of the answer, expected answer, group
    of the seconds, label of the answer with %s)."""
    cells = {k: Cell() for k in pats}
    cmd = [os.path.join(HW_BIN, program)]
    spent = 0.0
    for _ in range(runs):
        run = run_once(cmd, CAP)
        spent += run.wall
        for k, (pat, ans_g, exp, t_g, label) in pats.items():
            cell = cells[k]
            cell.resolution = 0.001     # printed with %.3f
            if run.timeout:
                cell.timeout = CAP
                continue
            m = re.search(pat, run.out, re.M)
            cell.checked = True
            if not m:
                cell.ok = False
                cell.answers.append("(not found in output; exit %d)" % run.rc)
                continue
            cell.answers.append(label % m.group(ans_g))
            cell.times.append(float(m.group(t_g)))
            if run.maxrss is not None:
                cell.maxrss.append(run.maxrss)
            if m.group(ans_g) != exp:
                cell.ok = False
        if run.timeout or spent >= CELL_BUDGET:
            break
    return cells


def hw_magic(runs):
    """-> {instance id: Cell} from one `magic` process per run (every variant, own timers)."""
    return hw_timers("magic", runs, {
        "modmagic": (r"^a\. .*?: (\d+) solutions, (\d+) up to symmetry \(([\d.]+)s\)", 2, "1", 3,
                     "%s up to symmetry"),
        "ring": (r"^b\. ring 1\.\.8 \(([\d.]+)s\): (\d+) solutions, (\d+) up to symmetry", 3, "6", 1,
                 "%s up to symmetry"),
        "ring-primes": (r"^c\. ring primes, any side sum \(([\d.]+)s\).*\n(?:.*\n)*?c\. ring primes, "
                        r"prime side sum: (\d+) solutions, (\d+) up to symmetry", 3, "1", 1, "%s up to symmetry"),
        "magic-count-4": (r"^e\. magic 4x4: (\d+) total, (\d+) up to symmetry \(backtracker ([\d.]+)s", 1,
                          "7040", 3, "count=%s"),
    })


def hw_moo(runs):
    """-> {instance id: Cell} from `moo` (every strategy over every secret, its own timers; the
    timers leave out the 0.09 s answer table it builds first)."""
    return hw_timers("moo", runs, {
        "moo-first": (r"^first_consistent: total \d+ avg (\d+/\d+) .*\(([\d.]+)s\)", 1, "3503/630", 2,
                      "average %s"),
        "moo-minimax": (r"^minimax: total \d+ avg (\d+/\d+) .*\(([\d.]+)s\)", 1, "3877/720", 2,
                        "average %s"),
    })


# ------------------------------------------------------------------------------------------ output

def fmt_s(x):
    if x is None:
        return "-"
    if x < 0.001:
        return "%.4f" % x
    if x < 0.1:
        return "%.3f" % x
    if x < 10:
        return "%.2f" % x
    return "%.1f" % x


def fmt_ratio(r):
    if r < 0.1:
        return "%.3fx" % r
    if r < 10:
        return "%.2fx" % r
    if r < 100:
        return "%.1fx" % r
    return "%.0fx" % r


def cell_time(c):
    if c.timeout is not None and not c.times:
        return "T/O>%gs" % c.timeout
    s = fmt_s(c.median)
    if c.resolution and c.median is not None and c.median < c.resolution:
        s = "<%g" % c.resolution     # below the resolution of the program's printed timer
    if not c.ok:
        s += " **WRONG**"
    return s


def ratio(ours, peer):
    """solve / peer, from medians; '>'/'<' when one side timed out."""
    o = ours.median if ours.times else None
    p = peer.median if peer.times else None
    if o is not None and p is not None:
        if peer.resolution and p < peer.resolution:
            return ">" + fmt_ratio(o / peer.resolution)
        return fmt_ratio(o / p) if p > 0 else "-"
    if o is None and ours.timeout is not None and p:
        return ">" + fmt_ratio(ours.timeout / p)
    if p is None and peer.timeout is not None and o is not None:
        return "<" + fmt_ratio(o / peer.timeout)
    return "-"


def machine_info():
    info = ["%d cores (nproc)" % os.cpu_count()]
    try:
        nproc = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
        info = ["nproc %s" % nproc]
    except Exception:
        pass
    try:
        with open("/proc/meminfo") as f:
            kb = int(re.search(r"MemTotal:\s+(\d+)", f.read()).group(1))
        info.append("%.0f GiB RAM" % (kb / 1048576))
    except Exception:
        pass
    try:
        with open("/proc/cpuinfo") as f:
            m = re.search(r"model name\s*:\s*(.*)", f.read())
        if m:
            info.append(m.group(1).strip())
    except Exception:
        pass
    info.append(" ".join(os.uname()[i] for i in (0, 2)))
    try:
        info.append("load average %s" % " ".join("%.2f" % x for x in os.getloadavg()))
    except Exception:
        pass
    return ", ".join(info)


def git_info():
    def g(*a):
        try:
            return subprocess.run(["git"] + list(a), cwd=REPO, capture_output=True, text=True).stdout.strip()
        except Exception:
            return ""
    head = g("rev-parse", "--short", "HEAD") or "?"
    dirty = " + uncommitted changes" if g("status", "--porcelain", "--untracked-files=no") else ""
    try:
        built = datetime.datetime.fromtimestamp(os.path.getmtime(SOLVE)).strftime("%Y-%m-%d %H:%M:%S")
    except OSError:
        built = "?"
    return "commit %s%s; target/release/solve built %s" % (head, dirty, built)


def peer_versions(avail):
    v = []
    if not avail.get("gecode"):
        try:
            v.append(subprocess.run(["minizinc", "--version"], capture_output=True, text=True,
                                    timeout=30).stdout.splitlines()[0].replace("MiniZinc to FlatZinc converter, ", "minizinc "))
        except Exception:
            pass
    py = venv_python()
    if py:
        try:
            r = subprocess.run([py, "-c", "import importlib.metadata as m\nfor p in ('ortools','pychoco','python-constraint2'):\n"
                                " try: print(p, m.version(p))\n except Exception: pass"],
                               capture_output=True, text=True, timeout=60)
            v += r.stdout.strip().splitlines()
        except Exception:
            pass
    return ", ".join(v)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def main():
    global SOLVE
    if not os.access(SOLVE, os.X_OK):
        sys.exit("bench: no %s (cargo build --release)" % SOLVE)
    # Time a private copy, so that a rebuild of target/release/solve during the run (cargo build,
    # cargo test --release) cannot mix two binaries in one table.
    solve_info = git_info()
    tmpdir = tempfile.mkdtemp(prefix="solve-bench-")
    copy = os.path.join(tmpdir, "solve")
    shutil.copy2(SOLVE, copy)
    SOLVE = copy
    try:
        return bench(solve_info)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


def bench(solve_info):
    machine = machine_info()    # load average at the start
    insts = select_instances()
    why = detect_peers()
    sel = os.environ.get("PEERS", "").replace(",", " ").split()
    if sel == ["none"]:
        sel = []
    elif not sel:
        sel = list(PEER_ORDER)
    else:
        sel = [("hw-seed hw-bitboard".split() if s in ("hw", "handwritten") else [s]) for s in sel]
        sel = [p for group in sel for p in group]
        bad = [p for p in sel if p not in PEER_ORDER]
        if bad:
            sys.exit("bench: unknown peer(s) %s; known: %s (or hw, none)" % (" ".join(bad), " ".join(PEER_ORDER)))
    peers = [p for p in PEER_ORDER if p in sel and why.get(p) is None]
    by_reason = {}
    for p in PEER_ORDER:
        if p in sel and why.get(p):
            by_reason.setdefault(why[p], []).append(p)
    notes = ["%s: not run: %s" % (", ".join(ps), r) for r, ps in by_reason.items()]
    for n in notes:
        log("bench: " + n)

    stamp = datetime.datetime.now()
    results = {}   # (inst id, who) -> Cell ; who = "solve" or a peer
    left_out = {}  # (inst id, peer) -> reason

    # hand-written references first (one process covers many instances)
    hw_wanted = [p for p in peers if p.startswith("hw-")]
    if hw_wanted:
        qn = [int(i.pinst) for i in insts if i.problem == "queens"]
        if qn:
            log("bench: hand-written queens %d 0 (x%d)" % (max(qn), PEER_RUNS))
            hq = hw_queens(max(qn), PEER_RUNS)
            for n in qn:
                results[("queens-%d" % n, "hw-seed")], results[("queens-%d" % n, "hw-bitboard")] = hq[n]
        if "flipit-analysis" in [i.id for i in insts] and "hw-seed" in hw_wanted \
                and os.access(os.path.join(HW_BIN, "flipit"), os.X_OK):
            log("bench: hand-written flipit (x%d)" % PEER_RUNS)
            results[("flipit-analysis", "hw-seed")] = measure(
                [os.path.join(HW_BIN, "flipit")], CAP, PEER_RUNS,
                lambda run: ("N=10 longest 8", re.search(r"^\s+10\s+5120\s+5120\s+8\s", run.out, re.M) is not None))
        moo = [i.id for i in insts if i.problem == "moo-play"]
        if moo and "hw-seed" in hw_wanted and os.access(os.path.join(HW_BIN, "moo"), os.X_OK):
            log("bench: hand-written moo (x%d)" % PEER_RUNS)
            hm = hw_moo(PEER_RUNS)
            for k in moo:
                results[(k, "hw-seed")] = hm[k]
        mids = [i.id for i in insts if i.id in ("modmagic", "ring", "ring-primes", "magic-count-4")]
        if mids and "hw-seed" in hw_wanted:
            log("bench: hand-written magic (x%d)" % PEER_RUNS)
            hm = hw_magic(PEER_RUNS)
            for k in mids:
                results[(k, "hw-seed")] = hm[k]

    for inst in insts:
        cmd = [SOLVE] + solve_args(inst) + (["--stats"] if inst.stats else [])
        if inst.loop:
            cmd = ["sh", "-c", inst.loop, SOLVE]
        log("bench: %-16s solve %s" % (inst.id, " ".join(shlex.quote(a) for a in solve_args(inst))))
        c = measure(cmd, inst.cap, RUNS, lambda run, i=inst: i.expected(run.out), stats=inst.stats)
        if c.timeout is not None and "time limit (exit 3)" in c.status:
            c.timeout = MAGIC_CAP
        results[(inst.id, "solve")] = c
        log("bench:   -> %s %s" % (cell_time(c), c.answers[:1]))
        if inst.threads:
            one = [SOLVE] + inst.args + ["-j", "1"] + (["--stats"] if inst.stats else [])
            log("bench: %-16s solve -j 1" % inst.id)
            c1 = measure(one, inst.cap, RUNS, lambda run, i=inst: i.expected(run.out), stats=inst.stats)
            results[(inst.id, "solve-j1")] = c1
            log("bench:   -> %s %s" % (cell_time(c1), c1.answers[:1]))
        for p in peers:
            if p.startswith("hw-"):
                continue
            pcmd, reason = peer_command(p, inst)
            if pcmd is None:
                if reason != "n/a":
                    left_out[(inst.id, p)] = reason
                continue
            exp = PEER_EXPECTED[inst.problem](inst.pinst)
            cap = MAGIC_CAP if inst.problem == "magic-first" else CAP
            log("bench: %-16s %s" % (inst.id, p))
            pc = measure(pcmd, cap, PEER_RUNS, runner_checker(exp))
            results[(inst.id, p)] = pc
            log("bench:   -> %s %s" % (cell_time(pc), pc.answers[:1]))

    # ---------------------------------------------------------------- report
    cols = [p for p in peers if any((i.id, p) in results or (i.id, p) in left_out for i in insts)]
    if any((i.id, "solve-j1") in results for i in insts):
        cols.append("solve-j1")
    L = []
    L.append("# solve benchmark %s" % stamp.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("")
    L.append("- command: `%s`" % os.environ.get("BENCH_CMDLINE", "bench/run.sh"))
    L.append("- machine: %s (at the start)" % machine)
    L.append("- solve: %s (a copy of it, taken at the start, is what was timed)" % solve_info)
    L.append("- peers: %s%s" % (PEERS_DIR, ("; " + peer_versions(why)) if peers else ""))
    L.append("- runs per cell: solve %d, peers %d (a cell stops repeating after %gs of runs); cap %gs per run, "
             "magic-first %gs" % (RUNS, PEER_RUNS, CELL_BUDGET, CAP, MAGIC_CAP))
    L.append("")
    L.append("Median whole-process wall seconds (hand-written: the program's own timer for that instance, "
             "see below); peer cells `median (solve/peer)`: below 1x solve is faster, above 1x slower. "
             "T/O = timed out; `-` = not run.")
    L.append("")
    head = ["instance", "solve s", "nodes", "peak KB"] + [PEER_TITLE[p] for p in cols]
    L.append("| " + " | ".join(head) + " |")
    L.append("|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|")
    problems = []
    for inst in insts:
        o = results[(inst.id, "solve")]
        nodes = "-"
        if o.nodes:
            nodes = str(o.nodes[0]) if len(set(o.nodes)) == 1 else "%d-%d" % (min(o.nodes), max(o.nodes))
            if o.timeout is not None and not o.times:
                nodes = ">" + nodes
        row = [inst.label, cell_time(o), nodes, str(max(o.maxrss)) if o.maxrss else "-"]
        for p in cols:
            pc = results.get((inst.id, p))
            if pc is None:
                row.append("-")
            else:
                row.append("%s (%s)" % (cell_time(pc), ratio(o, pc)))
        L.append("| " + " | ".join(row) + " |")
        for who in ["solve"] + cols:
            c = results.get((inst.id, who))
            if c is not None and (not c.ok or c.status):
                problems.append((inst, who, c))
    L.append("")
    if problems:
        L.append("**Problems** (wrong answers, exit codes, time limits):")
        L.append("")
        for inst, who, c in problems:
            detail = "answers %s" % sorted(set(c.answers)) if c.answers else "no answer"
            if not c.ok and c.checked:
                detail = "**MISMATCH**: " + detail
            if c.status:
                detail += "; " + ", ".join(sorted(set(c.status)))
            if c.err_tail:
                detail += "; stderr: `%s`" % c.err_tail.replace("\n", " / ")[:300]
            L.append("- %s, %s: %s" % (inst.id, who, detail))
        L.append("")
    else:
        L.append("Every answer checked matched the expected value.")
        L.append("")
    if left_out or notes:
        L.append("Not run:")
        L.append("")
        for n in notes:
            L.append("- " + n)
        grouped = {}
        for (iid, p), r in left_out.items():
            grouped.setdefault((p, r), []).append(iid)
        for (p, r), iids in grouped.items():
            L.append("- %s on %s: %s" % (p, ", ".join(iids), r))
        L.append("")
    L.append("Notes: hand-written cells are in-process timers (std::time::Instant) parsed from the programs'"
             " output, medians over their runs: queens from `queens N 0` (one process counts n = 4..N with both"
             " algorithms, so there is no single-n process to time), magic count and the 3x3 puzzles from `magic`"
             " (brute force over permutations, all solutions, no symmetry breaking; ring-primes is the time for"
             " all side sums). The hand-written `moo` simulates strategies over all 5040 secrets and has no"
             " count-for-one-history mode, so bulls has no hand-written cell; its own timer per strategy gives the"
             " moo-first and moo-minimax cells; the hand-written `flipit` cell is its whole process (both rules, every size"
             " and the three problems), against 14 `solve analyze` processes (the 0.09 s answer table it builds first is left out, while the"
             " solve cells are whole processes: reading the spec, enumerating the codes, every game). Peak KB is GNU time's %M"
             " (max over runs; for the peers' python/minizinc runners the largest single process of the tree)."
             " The nonogram-30 rows' peers count the model `solve export --minizinc` wrote (once, before timing);"
             " their gecode-native cell also maps `table` to Gecode's own extensional propagator"
             " (bench/minizinc/fzn_table_int.mzn), where Debian's stock pairing flattens each table into"
             " element constraints. The other nonogram rows' peers count bench/minizinc/nonogram.mzn (one"
             " `regular` per line, the automaton built in MiniZinc from each clue).")
    L.append("")
    L.append("<details><summary>All cells (answers, min-max, runs, peak KB)</summary>")
    L.append("")
    L.append("| instance | solver | answer | check | median s | min-max s | runs | peak KB |")
    L.append("|---|---|---|---|---:|---:|---:|---:|")
    for inst in insts:
        for who in ["solve"] + cols:
            c = results.get((inst.id, who))
            if c is None:
                continue
            rng = "%s-%s" % (fmt_s(min(c.times)), fmt_s(max(c.times))) if c.times else "-"
            ans = c.answers[0] if c.answers else ("TIMEOUT" if c.timeout is not None else "-")
            L.append("| %s | %s | %s | %s | %s | %s | %d | %s |" % (
                inst.id, who, ans.replace("|", "/"), c.check_text(), cell_time(c), rng, len(c.times),
                max(c.maxrss) if c.maxrss else "-"))
    L.append("")
    L.append("</details>")
    L.append("")
    L.append("Commands (solve runs from the repository root, with `--stats` except `solve play` and `analyze`):")
    L.append("")
    for inst in insts:
        ex = []
        for p in cols:
            if p.startswith("hw-") or p == "solve-j1":
                continue
            pcmd, _ = peer_command(p, inst)
            if pcmd:
                ex.append(" ".join([os.path.basename(pcmd[1])] + pcmd[2:]))
        shown = ("sh -c '%s' solve" % inst.loop) if inst.loop else \
            "solve " + " ".join(shlex.quote(a) for a in solve_args(inst))
        for original, copy in WITHOUT_SEARCH.items():   # the temporary copies by their source
            shown = shown.replace(copy, original + " (its search cut)")
            ex = [e.replace(copy, original + " (its search cut)") for e in ex]
        L.append("- %s: `%s`%s" % (inst.id, shown,
                                         ("; peers: `%s`" % "`, `".join(sorted(set(ex)))) if ex else ""))
    text = "\n".join(L) + "\n"
    print(text)
    os.makedirs(os.path.join(BENCH, "results"), exist_ok=True)
    path = os.path.join(BENCH, "results", stamp.strftime("%Y%m%d-%H%M%S") + ".md")
    with open(path, "w") as f:
        f.write(text)
    log("bench: wrote %s" % path)
    bad = [1 for _, _, c in problems if not c.ok]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
