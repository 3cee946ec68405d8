"""The CP-SAT peer (OR-Tools, Python API) on the path and loop puzzles of
bench/specs/*.picture and the shipped specs: finds a solution, then asks for
a second one that differs in some edge, as `solve --count` proves a puzzle
unique.  Prints `ANSWER: count=1` for a unique puzzle, `count=2+` otherwise
(`count=0` for none).

usage: cpsat.py numberlink PICTURE [fill|empty]
       cpsat.py slitherlink PICTURE

PICTURE is a picture file (bench/specs/*.picture: one row a line, `#`
comments) or a spec whose `picture = [...]` is read.

The models (each the usual CP-SAT modelling of its genre):

- numberlink: one literal per arc (both directions of each pair of
  neighbouring cells) and one `AddCircuit` over the cells: the pairs' paths,
  each from its first end to its second, are chained into one circuit by
  fixed arcs from pair k's second end to pair k+1's first end.  A label
  (0..pairs) per cell, equal along an arc taken.  With `fill` every cell is
  on the circuit; with `empty` a cell that is no end may take its self-loop
  (off every path).  A circuit has no stray cycles, so no more is needed.
- slitherlink: one literal per grid edge, and one `AddCircuit` over the
  grid's points with both directions of each edge as arcs and a self-loop
  on every point (points off the loop); a clue is a sum of its cell's four
  sides.  The edge of a side is the OR of its two arcs.
"""

import re
import sys

from ortools.sat.python import cp_model


def read_rows(path):
    text = open(path).read()
    if path.endswith(".toml"):
        block = re.search(r"^picture = \[(.*?)\]", text, re.S | re.M).group(1)
        return re.findall(r'"([^"]*)"', block)
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def solve_twice(model, edges, shown=()):
    """Solve; then forbid that edge set and solve again.  Returns the count
    (0, 1 or 2 for two or more), and the values of `shown` in the second
    solution (None when there is none)."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if solver.Solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return 0, None
    taken = [e for e in edges if solver.Value(e)]
    model.AddBoolOr([e.Not() for e in taken])
    second = cp_model.CpSolver()
    second.parameters.num_workers = 1
    if second.Solve(model) == cp_model.INFEASIBLE:
        return 1, None
    return 2, [second.Value(x) for x in shown]


def numberlink(rows, fill, avoid=None):
    """The count (0, 1, 2+), and a second solution's label per cell (from 1
    in the order the pairs are first met; 0 empty).  With `avoid` (a
    solution's labels, known), only whether another solution differs from
    it: (1, None) if none does, else (2, its labels)."""
    grid = [row.split() for row in rows]
    h, w = len(grid), len(grid[0])
    ends = {}
    for r in range(h):
        for c in range(w):
            if grid[r][c] != ".":
                ends.setdefault(grid[r][c], []).append(r * w + c)
    pairs = list(ends.values())
    model = cp_model.CpModel()
    label = [model.NewIntVar(0 if not fill else 1, len(pairs), "l%d" % i) for i in range(h * w)]
    for k, (a, b) in enumerate(pairs):
        model.Add(label[a] == k + 1)
        model.Add(label[b] == k + 1)
    arcs, edges = [], []
    arc = {}
    for r in range(h):
        for c in range(w):
            for dr, dc in ((0, 1), (1, 0)):
                r2, c2 = r + dr, c + dc
                if r2 < h and c2 < w:
                    i, j = r * w + c, r2 * w + c2
                    for (u, v) in ((i, j), (j, i)):
                        x = model.NewBoolVar("a%d_%d" % (u, v))
                        arc[(u, v)] = x
                        arcs.append((u, v, x))
                        model.Add(label[u] == label[v]).OnlyEnforceIf(x)
                    edges.append(arc[(i, j)])
                    edges.append(arc[(j, i)])
    # The chain: pair k's second end goes on to pair k+1's first end.
    for k, (_, b) in enumerate(pairs):
        arcs.append((b, pairs[(k + 1) % len(pairs)][0], model.NewConstant(1)))
    is_end = {i for p in pairs for i in p}
    for i in range(h * w):
        if i not in is_end:
            off = model.NewBoolVar("off%d" % i)
            arcs.append((i, i, off))
            if fill:
                model.Add(off == 0)
            else:
                model.Add(label[i] == 0).OnlyEnforceIf(off)
                model.Add(label[i] != 0).OnlyEnforceIf(off.Not())
    model.AddCircuit(arcs)
    if avoid is None:
        return solve_twice(model, edges, label)
    differ = []
    for i, x in enumerate(avoid):
        d = model.NewBoolVar("")
        model.Add(label[i] != x).OnlyEnforceIf(d)
        differ.append(d)
    model.AddBoolOr(differ)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if solver.Solve(model) == cp_model.INFEASIBLE:
        return 1, None
    return 2, [solver.Value(x) for x in label]


def slitherlink(rows):
    h, w = len(rows), len(rows[0])
    pw = w + 1
    model = cp_model.CpModel()
    arcs, edge = [], {}
    for r in range(h + 1):
        for c in range(w + 1):
            for dr, dc in ((0, 1), (1, 0)):
                r2, c2 = r + dr, c + dc
                if r2 <= h and c2 <= w:
                    i, j = r * pw + c, r2 * pw + c2
                    fwd, back = model.NewBoolVar(""), model.NewBoolVar("")
                    arcs += [(i, j, fwd), (j, i, back)]
                    e = model.NewBoolVar("e%d_%d" % (i, j))
                    model.AddBoolOr([fwd, back]).OnlyEnforceIf(e)
                    model.AddImplication(fwd, e)
                    model.AddImplication(back, e)
                    edge[(i, j)] = e
            arcs.append((r * pw + c, r * pw + c, model.NewBoolVar("")))
    model.AddCircuit(arcs)
    for r in range(h):
        for c in range(w):
            if rows[r][c] != ".":
                tl, tr, bl = r * pw + c, r * pw + c + 1, (r + 1) * pw + c
                sides = [edge[(tl, tr)], edge[(tl, bl)], edge[(tr, tr + pw)], edge[(bl, bl + 1)]]
                model.Add(sum(sides) == int(rows[r][c]))
    return solve_twice(model, list(edge.values()))[0]


def main():
    genre, path = sys.argv[1], sys.argv[2]
    rows = read_rows(path)
    if genre == "numberlink":
        fill = (sys.argv[3] if len(sys.argv) > 3 else "empty") == "fill"
        count = numberlink(rows, fill)[0]
    else:
        count = slitherlink(rows)
    print("ANSWER: count=%s" % {0: "0", 1: "1", 2: "2+"}[count])


if __name__ == "__main__":
    main()
