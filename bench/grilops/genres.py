"""The grilops (Z3) peer on the loop, path and connectivity genres: the
shipped puzzles of specs/slitherlink.toml, specs/nurikabe.toml,
specs/masyu.toml, specs/numberlink.toml and specs/hashi.toml, read from the
specs' own pictures, solved with grilops (its documented modelling of each
genre, as in grilops's examples/), then asked whether the solution is
unique, as `solve --count` proves it.  Prints the solution found, then
`ANSWER: count=1` for a unique solution, `count=2+` otherwise (`count=0`
for none).

usage: genres.py slitherlink|nurikabe|masyu|numberlink|hashi [SPEC]
       genres.py numberlink PICTURE fill
       (slitherlink and numberlink also read a picture file,
       bench/specs/*.picture, in place of a spec; `fill`: every cell on a
       path, as `--set fill=true` asks)

The models:

- slitherlink: a `LoopSymbolSet` over the (h+1)x(w+1) grid points, one loop
  (`LoopConstrainer(single_loop=True)`); a clue counts the loop symbols on
  its cell's four sides (a pseudo-boolean equality).
- nurikabe: a sea/island `SymbolGrid` and a `RegionConstrainer`: the sea one
  region whose id is no clue cell's, each clue the root of its island's
  region with the clue's size, same-colour neighbours one region, no 2x2
  pool.
- masyu: grilops's examples/masyu.py, on the installed API: a
  `LoopSymbolSet` over the cells plus EMPTY, one loop; a black circle is a
  turn and each cell the loop leaves it through is straight; a white circle
  is straight and one of the two cells it runs on to is a turn.
- numberlink: grilops's examples/numberlink.py: a `PathSymbolSet` (segments
  and terminals) plus BLANK, `PathConstrainer(allow_loops=False)`; terminals
  exactly on the numbers, the two ends of a number in one path instance.
  BLANK cells are allowed: janko.at's rule does not ask every cell to be
  filled (nor does specs/numberlink.toml); this puzzle's one solution fills
  them all.  Uniqueness is over the grid's symbols (grilops's
  `is_unique`).
- hashi (grilops has no Hashi example; grilops's lattices join cells side
  by side, not islands across the water, so this is plain z3 beside
  grilops's conventions): the candidate spans are, as in the spec, each
  island to the next island across and to the next island down; one z3
  Int per span, 0..2 bridges.  An island's spans sum to its number; an
  across span and a down span that cross are not both built (their
  product is 0, as an Or of two equalities to 0).  Connectivity is a
  reachability ranking (the encoding of grilops's own region and path
  orders): island 0 has rank 0, every other island a rank in 1..m-1 and a
  built span to an island of smaller rank, so that following the spans
  down the ranks reaches island 0 from every island.  Uniqueness is over
  the bridge counts alone (a second solution must change some span's
  count; the ranks may differ freely).
"""

import os
import re
import sys

import grilops
import grilops.loops
import grilops.paths
import grilops.regions
from grilops.geometry import Point
from z3 import And, Implies, Int, Not, Or, PbEq, Solver, Sum, sat, unsat

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def picture_rows(spec):
    """The `picture` rows of a spec, or the rows of a picture file
    (bench/specs/*.picture: one row a line, `#` comments)."""
    text = open(spec).read()
    if not spec.endswith(".toml"):
        return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]
    block = re.search(r"^picture = \[(.*?)\]", text, re.S | re.M).group(1)
    return re.findall(r'"([^"]*)"', block)


def picture_chars(spec):
    """The `picture` rows of a spec: {(r, c): character} for each character
    other than `.`, and the height and width."""
    rows = picture_rows(spec)
    return {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}, \
        len(rows), len(rows[0])


def picture(spec):
    """The `picture` rows of a spec: a digit per clue, `.` for none."""
    chars, h, w = picture_chars(spec)
    return {p: int(ch) for p, ch in chars.items()}, h, w


def slitherlink(spec):
    givens, h, w = picture(spec)
    # The loop runs through the corners of the cells: one more each way.
    lattice = grilops.get_rectangle_lattice(h + 1, w + 1)
    sym = grilops.loops.LoopSymbolSet(lattice)
    sym.append("EMPTY", " ")
    grid = grilops.SymbolGrid(lattice, sym)
    grilops.loops.LoopConstrainer(grid, single_loop=True)
    for (r, c), n in givens.items():
        top_left, bottom_right = Point(r, c), Point(r + 1, c + 1)
        sides = [
            grid.cell_is_one_of(top_left, [sym.EW, sym.NE, sym.SE]),      # the top side
            grid.cell_is_one_of(top_left, [sym.NS, sym.SE, sym.SW]),      # the left side
            grid.cell_is_one_of(bottom_right, [sym.NS, sym.NE, sym.NW]),  # the right side
            grid.cell_is_one_of(bottom_right, [sym.EW, sym.SW, sym.NW]),  # the bottom side
        ]
        grid.solver.add(PbEq([(s, 1) for s in sides], n))
    return grid, grid.print


def nurikabe(spec):
    givens, h, w = picture(spec)
    sym = grilops.SymbolSet([("SEA", "#"), ("ISLAND", ".")])
    lattice = grilops.get_rectangle_lattice(h, w)
    grid = grilops.SymbolGrid(lattice, sym)
    regions = grilops.regions.RegionConstrainer(lattice, solver=grid.solver)
    s = grid.solver
    # One sea region: its id is the id of none of the clue cells.
    sea = Int("sea")
    for (r, c) in givens:
        s.add(sea != lattice.point_to_index(Point(r, c)))
    for p in lattice.points:
        region = regions.region_id_grid[p]
        s.add(Implies(grid.cell_is(p, sym.SEA), region == sea))
        s.add(Implies(grid.cell_is(p, sym.ISLAND), region != sea))
        # Side by side, one colour is one region.
        for q in (Point(p.y + 1, p.x), Point(p.y, p.x + 1)):
            if q in grid.grid:
                s.add(Implies(grid.grid[p] == grid.grid[q], region == regions.region_id_grid[q]))
        if p in {Point(r, c) for (r, c) in givens}:
            s.add(grid.cell_is(p, sym.ISLAND))
            s.add(regions.parent_grid[p] == grilops.regions.R)
            s.add(regions.region_size_grid[p] == givens[(p.y, p.x)])
        else:
            s.add(Implies(grid.cell_is(p, sym.ISLAND), regions.parent_grid[p] != grilops.regions.R))
    # No 2x2 pool.
    for r in range(h - 1):
        for c in range(w - 1):
            pool = [grid.cell_is(Point(r + dr, c + dc), sym.SEA) for dr in (0, 1) for dc in (0, 1)]
            s.add(Not(And(*pool)))
    return grid, lambda: grid.print(lambda p, _: str(givens[(p.y, p.x)]) if (p.y, p.x) in givens else None)


def masyu(spec):
    # grilops's examples/masyu.py, reading the circles from the picture.
    circles, h, w = picture_chars(spec)
    lattice = grilops.get_rectangle_lattice(h, w)
    sym = grilops.loops.LoopSymbolSet(lattice)
    sym.append("EMPTY", " ")
    sg = grilops.SymbolGrid(lattice, sym)
    grilops.loops.LoopConstrainer(sg, single_loop=True)
    straights = [sym.NS, sym.EW]
    turns = [sym.NE, sym.SE, sym.SW, sym.NW]
    for (y, x), circle in circles.items():
        p = Point(y, x)
        if circle == "B":
            # The loop must turn at a black circle.
            sg.solver.add(sg.cell_is_one_of(p, turns))
            # All connected adjacent cells must contain straight loop segments.
            if y > 0:
                sg.solver.add(Implies(sg.cell_is_one_of(p, [sym.NE, sym.NW]), sg.cell_is(Point(y - 1, x), sym.NS)))
            if y < h - 1:
                sg.solver.add(Implies(sg.cell_is_one_of(p, [sym.SE, sym.SW]), sg.cell_is(Point(y + 1, x), sym.NS)))
            if x > 0:
                sg.solver.add(Implies(sg.cell_is_one_of(p, [sym.SW, sym.NW]), sg.cell_is(Point(y, x - 1), sym.EW)))
            if x < w - 1:
                sg.solver.add(Implies(sg.cell_is_one_of(p, [sym.NE, sym.SE]), sg.cell_is(Point(y, x + 1), sym.EW)))
        elif circle == "W":
            # The loop must go straight through a white circle.
            sg.solver.add(sg.cell_is_one_of(p, straights))
            # At least one connected adjacent cell must turn.
            if 0 < y < h - 1:
                sg.solver.add(Implies(sg.cell_is(p, sym.NS), Or(sg.cell_is_one_of(Point(y - 1, x), turns),
                                                                sg.cell_is_one_of(Point(y + 1, x), turns))))
            if 0 < x < w - 1:
                sg.solver.add(Implies(sg.cell_is(p, sym.EW), Or(sg.cell_is_one_of(Point(y, x - 1), turns),
                                                                sg.cell_is_one_of(Point(y, x + 1), turns))))
        else:
            raise SystemExit("genres.py: masyu picture: %r at (%d, %d) is neither W nor B" % (circle, y, x))
    return sg, sg.print


def numberlink(spec):
    # grilops's examples/numberlink.py, reading the words of the picture
    # (cells separated by spaces, `.` for none).
    rows = [row.split() for row in picture_rows(spec)]
    h, w = len(rows), len(rows[0])
    givens = {Point(r, c): x for r in range(h) for c in range(w) if (x := rows[r][c]) != "."}
    lattice = grilops.get_rectangle_lattice(h, w)
    sym = grilops.paths.PathSymbolSet(lattice)
    sym.append("BLANK", " ")
    sg = grilops.SymbolGrid(lattice, sym)
    pc = grilops.paths.PathConstrainer(sg, allow_loops=False)
    for p, cell in sg.grid.items():
        sg.solver.add(sym.is_terminal(cell) == (p in givens))
        if FILL:
            sg.solver.add(cell != sym.BLANK)
    ends = {}
    for p, n in givens.items():
        ends.setdefault(n, []).append(p)
    for n, points in ends.items():
        assert len(points) == 2, "number %s is drawn %d times" % (n, len(points))
        path_instance = lattice.point_to_index(points[0])
        sg.solver.add(pc.path_instance_grid[points[0]] == path_instance)
        sg.solver.add(pc.path_instance_grid[points[1]] == path_instance)

    def show():
        # The number of each cell's path (as solve's board shows it), `.` for none.
        model = sg.solver.model()
        number = {lattice.point_to_index(points[0]): n for n, points in ends.items()}
        for r in range(h):
            print(" ".join(str(number.get(model.eval(pc.path_instance_grid[Point(r, c)]).as_long(), "."))
                           for c in range(w)))
    return sg, show


class Hashi:
    """Hashi in z3 (see the module's docstring): solve, is_unique, print."""

    def __init__(self, spec):
        givens, self.h, self.w = picture(spec)
        self.islands = sorted(givens)           # reading order
        self.clue = givens
        at = {p: i for i, p in enumerate(self.islands)}
        # Each island to the next one across and the next one down.
        self.spans = []
        for i, (r, c) in enumerate(self.islands):
            right = [q for q in self.islands if q[0] == r and q[1] > c]
            if right:
                self.spans.append((i, at[min(right)]))
        across = len(self.spans)
        for i, (r, c) in enumerate(self.islands):
            below = [q for q in self.islands if q[1] == c and q[0] > r]
            if below:
                self.spans.append((i, at[min(below)]))
        s = self.solver = Solver()
        self.bridges = [Int("bridges-%d-%d" % e) for e in self.spans]
        for b in self.bridges:
            s.add(b >= 0, b <= 2)
        # An island's spans sum to its number.
        m = len(self.islands)
        incident = [[] for _ in range(m)]
        for e, (i, j) in enumerate(self.spans):
            incident[i].append((e, j))
            incident[j].append((e, i))
        for i, p in enumerate(self.islands):
            s.add(Sum([self.bridges[e] for e, _ in incident[i]]) == self.clue[p])
        # Spans across and down that cross are not both built.
        for e in range(across):
            (r, c1), (_, c2) = self.islands[self.spans[e][0]], self.islands[self.spans[e][1]]
            for f in range(across, len(self.spans)):
                (r1, c), (r2, _) = self.islands[self.spans[f][0]], self.islands[self.spans[f][1]]
                if r1 < r < r2 and c1 < c < c2:
                    s.add(Or(self.bridges[e] == 0, self.bridges[f] == 0))
        # All joined: island 0 ranks 0; every other island ranks 1..m-1 and has a built span
        # to an island of a smaller rank.
        rank = [Int("rank-%d" % i) for i in range(m)]
        s.add(rank[0] == 0)
        for i in range(1, m):
            s.add(rank[i] >= 1, rank[i] < m)
            s.add(Or([And(self.bridges[e] > 0, rank[j] < rank[i]) for e, j in incident[i]]))

    def solve(self):
        return self.solver.check() == sat

    def is_unique(self):
        model = self.solver.model()
        self.solver.add(Or([b != model.eval(b).as_long() for b in self.bridges]))
        return self.solver.check() == unsat

    def print(self):
        model = self.solver.model()
        board = [[" "] * self.w for _ in range(self.h)]
        for p, n in self.clue.items():
            board[p[0]][p[1]] = str(n)
        for (i, j), b in zip(self.spans, self.bridges):
            n = model.eval(b).as_long()
            if n:
                (r1, c1), (r2, c2) = self.islands[i], self.islands[j]
                line = ["─", "═"][n - 1] if r1 == r2 else ["│", "║"][n - 1]
                for r in range(r1, r2 + 1):
                    for c in range(c1, c2 + 1):
                        if (r, c) not in self.clue:
                            board[r][c] = line
        for row in board:
            print(" ".join(row).rstrip())


def hashi(spec):
    puzzle = Hashi(spec)
    return puzzle, puzzle.print


GENRES = {"slitherlink": slitherlink, "nurikabe": nurikabe, "masyu": masyu, "numberlink": numberlink,
          "hashi": hashi}


# `genres.py numberlink PICTURE fill`: every cell on a path.
FILL = sys.argv[3:4] == ["fill"]


def main():
    genre = sys.argv[1]
    spec = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "specs", genre + ".toml")
    grid, show = GENRES[genre](spec)
    if not grid.solve():
        print("ANSWER: count=0")
        return
    show()
    if grid.is_unique():
        print("ANSWER: count=1")
    else:
        print("ANSWER: count=2+")


if __name__ == "__main__":
    main()
