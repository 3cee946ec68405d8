"""Hidato through MiniZinc (bench/minizinc/hidato.mzn) the way the peers' runners report:
the first solution, checked here, as `ANSWER: found (verified)`.

usage: hidato.py SOLVER R 'PUZZLE as JSON rows'   (MZN_SOLVER_PATH from $PEERS_DIR/minizinc)
bench.py imports `verify` to check solve's grid the same way."""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def verify(r, puzzle, numbers):
    """True when `numbers` (row by row) is a Hidato of the r x r `puzzle`: 1..r*r once each,
    the givens kept, each k a king's move from k+1."""
    if len(numbers) < r * r:
        return False
    grid = numbers[:r * r]
    if sorted(grid) != list(range(1, r * r + 1)):
        return False
    if any(puzzle[i][j] and grid[i * r + j] != puzzle[i][j] for i in range(r) for j in range(r)):
        return False
    where = {v: divmod(p, r) for p, v in enumerate(grid)}
    return all(max(abs(where[k][0] - where[k + 1][0]), abs(where[k][1] - where[k + 1][1])) == 1
               for k in range(1, r * r))


def main():
    solver, r, puzzle = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
    os.environ.setdefault("MZN_SOLVER_PATH", os.path.join(os.environ.get("PEERS_DIR", ""), "minizinc"))
    data = "r=%d;c=%d;puzzle=[|%s|];" % (r, r, "|".join(",".join(map(str, row)) for row in puzzle))
    p = subprocess.run(["minizinc", "--solver", solver, os.path.join(HERE, "hidato.mzn"), "-D", data],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    print(p.stdout, end="")
    if p.returncode != 0:
        print("ANSWER: ERROR minizinc exit %d" % p.returncode)
        return
    numbers = [int(t) for t in re.findall(r"-?\d+", p.stdout.split("----------")[0])]
    print("ANSWER: " + ("found (verified)" if verify(r, puzzle, numbers) else "WRONG grid"))


if __name__ == "__main__":
    main()
