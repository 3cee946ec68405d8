"""How bench/specs/numberlink-15x15.picture and slitherlink-15x15.picture
were made (constructed here, not taken from a collection); run again with
the same seed, it prints the same pictures.

usage: make.py numberlink SIZE SEED     a random path cover, kept when unique
       make.py slitherlink SIZE SEED    a random loop, clues removed while unique

- numberlink: a Hamiltonian path of the grid (a serpentine, then many
  random backbite moves, as in the Markov chain of Mansfield's random
  Hamiltonian paths), cut into paths of 3 to 14 cells; the ends of each are
  a pair, lettered A..Z then a..z (52 at most).  Seeds from SEED on are tried
  until the puzzle is unique both when every cell must be filled and when
  cells may stay empty (cpsat.py's two models); the first such is printed.
- slitherlink: a random region of cells grown one neighbour at a time,
  kept simply connected (no holes: every cell outside reaches the border
  through cells outside), its border the loop; every cell's clue, then the
  clues removed one at a time in a random order while the puzzle stays
  unique (each check by solve, `--limit 2`, 2 s at most: a check it
  cannot finish keeps the clue; the final puzzle checked unique again by
  cpsat.py's model).
"""

import json
import os
import random
import subprocess
import sys

import cpsat

# The rules a numberlink must be unique under (every cell filled; cells may
# stay empty): both, unless the environment variable FILL_ONLY is set.
LETTERS = [chr(ord("A") + k) for k in range(26)] + [chr(ord("a") + k) for k in range(26)]
RULES = (True,) if os.environ.get("FILL_ONLY") else (True, False)


def backbite(path, n, rng):
    """One backbite move on a Hamiltonian path of the n x n grid."""
    if rng.random() < 0.5:
        path.reverse()
    end = path[-1]
    r, c = divmod(end, n)
    nbrs = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < n and 0 <= c + dc < n]
    x = rng.choice(nbrs)
    i = path.index(x)
    if i == len(path) - 2:
        return
    path[i + 1:] = reversed(path[i + 1:])


def numberlink(n, seed):
    rng = random.Random(seed)
    path = [r * n + (c if r % 2 == 0 else n - 1 - c) for r in range(n) for c in range(n)]
    for _ in range(20 * n * n * n):
        backbite(path, n, rng)
    cuts, i = [], 0
    while i < len(path):
        k = rng.randint(10, 24)
        if len(path) - (i + k) < 3:
            k = len(path) - i
        cuts.append(path[i:i + k])
        i += k
    while len(cuts) <= len(LETTERS):
        rows, letter = cover_rows(cuts, n)
        labels = [0] * (n * n)
        for k, p in enumerate(cuts):
            for cell in p:
                labels[cell] = letter[k]
        for fill in RULES:
            count, other = cpsat.numberlink(rows, fill, labels)
            if count == 2:
                break
        else:
            print("# seed %d, %d pairs" % (seed, len(cuts)))
            print("\n".join(rows))
            return
        print("seed %d: %d pairs, not yet unique" % (seed, len(cuts)), file=sys.stderr)
        # A cell the second solution puts on another path: split its path
        # there, so that the cell becomes an end.
        if not split(cuts, other, letter):
            break
    print("seed %d: no unique puzzle within 52 pairs" % seed, file=sys.stderr)


def split(cuts, other, letter):
    """Splits the first path with a cell the second solution labels
    otherwise (not the middle of a path of 3); false when there is none."""
    for k, p in enumerate(cuts):
        for i in range(1, len(p) - 1):
            if other[p[i]] != letter[k] and (i >= 2 or len(p) - i >= 3):
                cuts[k:k + 1] = [p[:i + 1], p[i + 1:]] if len(p) - i >= 3 else [p[:i], p[i:]]
                return True
    return False


def cover_rows(cuts, n):
    """The picture of a path cover, and each path's label in cpsat.py's
    numbering (the pairs in the order first met, from 1)."""
    grid = [["."] * n for _ in range(n)]
    for k, p in enumerate(cuts):
        for cell in (p[0], p[-1]):
            grid[cell // n][cell % n] = LETTERS[k]
    order = []
    for row in grid:
        for x in row:
            if x != "." and x not in order:
                order.append(x)
    return [" ".join(row) for row in grid], [order.index(LETTERS[k]) + 1 for k in range(len(cuts))]


def slitherlink(n, seed):
    rng = random.Random(seed)
    inside = {(n // 2, n // 2)}
    cells = [(r, c) for r in range(n) for c in range(n)]

    def no_holes(region):
        outside = {p for p in cells if p not in region}
        todo = [p for p in outside if p[0] in (0, n - 1) or p[1] in (0, n - 1)]
        seen = set(todo)
        while todo:
            r, c = todo.pop()
            for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if q in outside and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return len(seen) == len(outside)

    while len(inside) < n * n * 0.55:
        r, c = rng.choice(sorted(inside))
        q = rng.choice(((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)))
        if q in cells and q not in inside and no_holes(inside | {q}):
            inside.add(q)
    clue = {}
    for (r, c) in cells:
        clue[(r, c)] = sum(((r + dr, c + dc) in inside) != ((r, c) in inside)
                           for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))

    def rows_of(clues):
        return ["".join(str(clues[(r, c)]) if (r, c) in clues else "." for c in range(n)) for r in range(n)]

    order = sorted(clue)
    rng.shuffle(order)
    for p in order:
        trial = dict(clue)
        del trial[p]
        if solve_unique(rows_of(trial)):
            clue = trial
    assert cpsat.slitherlink(rows_of(clue)) == 1, "CP-SAT finds another solution"
    print("# seed %d, %d clues (%d removals left undecided by solve in 2 s)" % (seed, len(clue), len(STOPPED)))
    print("\n".join(rows_of(clue)))


STOPPED = []


def solve_unique(rows):
    """Whether solve (target/release/solve, specs/slitherlink.toml) finds
    exactly one solution: the many checks of the clue removal are solve's
    (fast); the final puzzle is checked again by CP-SAT."""
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = subprocess.run([os.path.join(repo, "target", "release", "solve"),
                          os.path.join(repo, "specs", "slitherlink.toml"), "--set",
                          "picture=" + json.dumps(rows), "--limit", "2", "--json", "-j", "1",
                          "--time-limit", "2"],
                         capture_output=True, text=True)
    if out.returncode == 3:
        # Not proved within 2 s: the clue is kept (counted, for the record).
        STOPPED.append(rows)
        return False
    return len(out.stdout.strip().splitlines()) == 1


if __name__ == "__main__":
    genre, size, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    {"numberlink": numberlink, "slitherlink": slitherlink}[genre](size, seed)
