"""The grilops (Z3) peer on the loop and connectivity genres: the shipped
puzzles of specs/slitherlink.toml and specs/nurikabe.toml, read from the
specs' own pictures, solved with grilops's loop and region constrainers
(its documented modelling of each genre), then asked whether the solution
is unique, as `solve --count` proves it.  Prints `ANSWER: count=1` for a
unique solution, `count=2+` otherwise.

usage: genres.py slitherlink|nurikabe [SPEC]
"""

import os
import re
import sys

import grilops
import grilops.loops
import grilops.regions
from grilops.geometry import Point
from z3 import And, Implies, Int, Not, PbEq

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def picture(spec):
    """The `picture` rows of a spec: a digit per clue, `.` for none."""
    text = open(spec).read()
    block = re.search(r"picture = \[(.*?)\]", text, re.S).group(1)
    rows = re.findall(r'"([^"]*)"', block)
    return {(r, c): int(ch) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}, \
        len(rows), len(rows[0])


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
    return grid


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
    return grid


def main():
    genre = sys.argv[1]
    spec = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "specs", genre + ".toml")
    grid = {"slitherlink": slitherlink, "nurikabe": nurikabe}[genre](spec)
    if not grid.solve():
        print("ANSWER: count=0")
    elif grid.is_unique():
        print("ANSWER: count=1")
    else:
        print("ANSWER: count=2+")


if __name__ == "__main__":
    main()
