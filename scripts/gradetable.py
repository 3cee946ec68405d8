"""What scripts/grade-vs-qqwing.py and scripts/grade-vs-tatham.py share:
grade a puzzle with `solve grade FILE --set ... --no-steps --json`,
Spearman's rho (ties at their mean rank), and the table by the other
grader's difficulty (the score's median and range, the rungs, the
levels)."""
import json
import statistics
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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


def grade(solve, spec, sets):
    """`solve grade` of `spec` with the params `sets` (NAME=VALUE each)."""
    args = [solve, "grade", str(ROOT / spec)]
    for s in sets:
        args += ["--set", s]
    out = subprocess.run(
        args + ["--no-steps", "--json"], capture_output=True, text=True, check=True
    ).stdout
    return json.loads(out)


def count(xs):
    seen = {}
    for x in xs:
        seen[x] = seen.get(x, 0) + 1
    return sorted(seen.items(), key=lambda kv: -kv[1])


def report(name, difficulties, graded):
    """The table and the two rhos: `graded` is (difficulty, `solve grade`'s
    JSON) for each puzzle, `difficulties` the other grader's, easiest
    first."""
    by = {d: [g for e, g in graded if e == d] for d in difficulties}
    print(f"| {name} | n | score median | score range | rungs | levels |")
    print("|---|---:|---:|---|---|---|")
    for d in difficulties:
        s = [g["score"] for g in by[d]]
        rungs = ", ".join(f"{r} {n}" for r, n in count(g["rung"] for g in by[d]))
        levels = ", ".join(f"{r} {n}" for r, n in count(g["grade"] for g in by[d]))
        print(f"| {d} | {len(s)} | {statistics.median(s):g} | {min(s)}–{max(s)} | {rungs} | {levels} |")
    theirs = [difficulties.index(d) for d, _ in graded]
    score = [g["score"] for _, g in graded]
    level = [LADDER.index(g["grade"]) for _, g in graded]
    print()
    print(
        f"Spearman rho against {name}: score {spearman(score, theirs):+.3f}, "
        f"level {spearman(level, theirs):+.3f}"
    )
    for a, b in zip(difficulties, difficulties[1:]):
        pair = [(difficulties.index(d), g["score"]) for d, g in graded if d in (a, b)]
        rho = spearman([s for _, s in pair], [d for d, _ in pair])
        print(f"the score's rho within {a} and {b}: {rho:+.3f}")
