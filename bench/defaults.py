#!/usr/bin/env python3
"""Candidates for the default search, side by side on work nobody here tuned (issue 51).

python3 stdlib only.  bench/run.sh runs it as the instance group `defaults`; by hand:

    python3 bench/defaults.py                       every candidate, every instance, 10 s
    python3 bench/defaults.py --limit 5 --candidates dwd,dwd-lc-R --families specs
    python3 bench/defaults.py --report bench/results/X-defaults.json   that run's Markdown again
    python3 bench/defaults.py --candidates default@1,default@2    threads against one (issue 51)

Each candidate is one search (a variable order, last-conflict on or off, restarts or none;
values smallest first) given to `solve` on the command line, where it replaces what the
instance says of its own search:

* `suite`: the first instance of each problem of the MiniZinc benchmark suite
  (bench/minizinc-benchmarks/instances.txt), compiled once with solve's library
  (`minizinc -c --solver org.solve.solve`, cached in the work folder) and searched by
  `solve fzn -f --search "SETTINGS"`: free search, the annotations ignored;
* `specs`: the shipped specs (specs/), the book's (tests/readme/) and the benchmark's
  (bench/specs/), each with its `[search]` section cut out, searched by `solve SPEC -j 1`
  with the candidate's flags: the first solution, or the optimum where the spec has an
  [objective].  A spec that does not run without its [search] (a game, a puzzle of moves,
  a spec made to fail) is left out, and the report lists it.

Every run is one thread unless the candidate's name ends in `@N` (N threads: `-j N`, `solve
fzn -p N`); a one-thread run is pinned with `taskset` to the CPU `--pin` names (default 0), so
that other work on the machine's other core disturbs it less, a run of more threads is not
pinned.  `default` is the search a spec or model gets when it says nothing (no flag at all).
With a candidate at one thread and at N, the report adds the ratio of N threads' time to one
thread's per instance (geometric mean and worst).  An instance is
solved when the run ends within the limit with its answer: a solution or a proof of none
(satisfaction), the proven optimum (optimisation).  The report gives per candidate: the
instances solved, the geometric mean of the times (an unsolved run counts as the limit), and
the worst ratio to the best candidate on an instance (times below 0.05 s count as 0.05 s:
start-up noise), for the whole set and per family.

Output: bench/results/<date>-defaults.{md,json} (--out).
"""
import argparse
import datetime
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
import bench  # noqa: E402
import suite  # noqa: E402

# name: the settings as `--try` writes them (the spec runs get the same as flags).
CANDIDATES = {
    "default": "",
    "input": "var=input",
    "ff": "var=first-fail",
    "ff-lc": "var=first-fail last_conflict=on",
    "dwd": "var=dom-wdeg",
    "dwd-R": "var=dom-wdeg restart=luby",
    "dwd-lc": "var=dom-wdeg last_conflict=on",
    "dwd-lc-R": "var=dom-wdeg last_conflict=on restart=luby",
    "act": "var=activity",
    "act-R": "var=activity restart=luby",
    "act-lc-R": "var=activity last_conflict=on restart=luby",
    "afc": "var=afc",
    "afc-lc": "var=afc last_conflict=on",
    "afc-lc-R": "var=afc last_conflict=on restart=luby",
    "afc-G": "var=afc restart=geometric",
    "afc-lc-G": "var=afc last_conflict=on restart=geometric",
    "dwd-lc-G": "var=dom-wdeg last_conflict=on restart=geometric",
}
FLOOR = 0.05
SPEC_DIRS = ["specs", "tests/readme", "bench/specs"]


def split_name(name):
    """`ff@2` -> ("ff", 2); `ff` -> ("ff", 1)."""
    base, _, threads = name.partition("@")
    return base, int(threads) if threads else 1


def flags(settings):
    out = []
    for item in settings.split():
        key, value = item.split("=", 1)
        out += ["--" + key.replace("_", "-"), value]
    return out


def pinned(cmd, cpu):
    return (["taskset", "-c", str(cpu)] if cpu is not None and shutil.which("taskset") else []) + cmd


def strip_search(text):
    """The spec without its [search] table (header to the next table header)."""
    return re.sub(r"(?ms)^\[search\][^\n]*\n.*?(?=^\[|\Z)", "", text)


def spec_instances(tmp):
    out = []
    for d in SPEC_DIRS:
        folder = os.path.join(REPO, d)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".toml"):
                continue
            src = os.path.join(folder, name)
            with open(src) as f:
                text = f.read()
            copy = os.path.join(tmp, d.replace("/", "-") + "-" + name)
            with open(copy, "w") as f:
                f.write(strip_search(text))
            out.append({"family": "specs", "name": "%s/%s" % (d, name[:-5]), "path": copy,
                        "objective": "[objective]" in text})
    return out


def suite_instances(work, solve_bin, cap):
    env, skip = suite_env(solve_bin, work)
    if env is None:
        return [], skip
    seen, out = set(), []
    for inst in suite.read_manifest(suite.MANIFEST):
        if inst.problem in seen:
            continue
        seen.add(inst.problem)
        fzn = os.path.join(work, "solve", inst.problem, inst.name + ".fzn")
        if not os.path.exists(fzn):
            row = suite.compile_instance(inst, "solve", suite.SOLVER_IDS["solve"], env, work, cap)
            if "compile_error" in row:
                skip.append("%s/%s: %s" % (inst.problem, inst.name, row["compile_error"]))
                continue
        out.append({"family": "suite", "name": "%s/%s" % (inst.problem, inst.name), "path": fzn,
                    "kind": inst.kind})
    return out, skip


def suite_env(solve_bin, work):
    if not shutil.which("minizinc"):
        return None, ["suite: minizinc is not installed (the suite family is left out)"]
    lib = os.path.join(work, "msc")
    r = subprocess.run([solve_bin, "fzn", "--install", lib], capture_output=True, text=True)
    if r.returncode != 0:
        return None, ["suite: `solve fzn --install` failed: %s" % r.stderr.strip()]
    env = dict(os.environ, MZN_SOLVER_PATH=lib)
    return env, []


def run_spec(solve_bin, inst, settings, limit, cpu, threads):
    cmd = pinned([solve_bin, inst["path"], "-j", str(threads), "--time-limit", str(limit)]
                 + flags(settings), cpu if threads == 1 else None)
    t0 = time.monotonic()
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=limit + 30)
    wall = time.monotonic() - t0
    status = {0: "solved", 1: "solved", 3: "unsolved"}.get(r.returncode, "error")
    return {"wall_s": round(wall, 3), "status": status, "rc": r.returncode,
            "error": r.stderr.strip().splitlines()[0] if status == "error" and r.stderr.strip() else None}


def run_fzn(solve_bin, inst, settings, limit, cpu, threads):
    own = ["--search", settings] if settings else []
    cmd = pinned([solve_bin, "fzn", "-f"] + own + ["-p", str(threads), "-t", str(int(limit * 1000)),
                  inst["path"]], cpu if threads == 1 else None)
    t0 = time.monotonic()
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=limit + 30)
    wall = time.monotonic() - t0
    out = r.stdout
    if r.returncode not in (0, 1) and "=====" not in out:
        return {"wall_s": round(wall, 3), "status": "error", "rc": r.returncode,
                "error": (r.stderr.strip().splitlines() or [""])[0]}
    if "=====UNSATISFIABLE=====" in out or "==========" in out:
        status = "solved"
    elif inst["kind"] == "sat" and "----------" in out:
        status = "solved"
    else:
        status = "unsolved"
    return {"wall_s": round(wall, 3), "status": status, "rc": r.returncode}


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def summary(insts, rows, names, limit):
    """Per candidate: solved, geometric mean time (unsolved = limit), worst ratio to the best."""
    by = {}
    for r in rows:
        by.setdefault(r["instance"], {})[r["candidate"]] = r
    out = {}
    for c in names:
        times, solved, worst, worst_at = [], 0, 1.0, ""
        for inst in insts:
            runs = by.get(inst["name"], {})
            if c not in runs or any(r["status"] == "error" for r in runs.values()):
                continue
            t = lambda r: max(FLOOR, r["wall_s"] if r["status"] == "solved" else limit)
            mine = t(runs[c])
            best = min(t(r) for r in runs.values())
            times.append(mine)
            solved += runs[c]["status"] == "solved"
            if mine / best > worst:
                worst, worst_at = mine / best, inst["name"]
        out[c] = {"instances": len(times), "solved": solved, "geomean_s": geomean(times),
                  "worst_ratio": worst, "worst_at": worst_at}
    return out


def threads_table(insts, rows, names, limit):
    """Per candidate run at one thread and at N: N threads' time over one thread's."""
    by = {}
    for r in rows:
        by.setdefault(r["instance"], {})[r["candidate"]] = r
    t = lambda r: max(FLOOR, r["wall_s"] if r["status"] == "solved" else limit)
    out = []
    for c in names:
        base, threads = split_name(c)
        one = base if base in names else base + "@1"
        if threads == 1 or one not in names:
            continue
        for family in ["all"] + sorted({i["family"] for i in insts}):
            ratios, worst, at = [], 0.0, ""
            for inst in insts:
                runs = by.get(inst["name"], {})
                if family != "all" and inst["family"] != family:
                    continue
                if c in runs and one in runs and "error" not in (runs[c]["status"], runs[one]["status"]):
                    ratio = t(runs[c]) / t(runs[one])
                    ratios.append(ratio)
                    if ratio > worst:
                        worst, at = ratio, inst["name"]
            if not out:
                out += ["", "## Threads against one", "",
                        "| candidate | family | instances | geometric mean of N / 1 | worst | at |",
                        "|---|---|---:|---:|---:|---|"]
            out.append("| `%s` / `%s` | %s | %d | %.2f | %.2f | %s |" % (
                c, one, family, len(ratios), geomean(ratios), worst, at))
    return out


def report(insts, rows, names, meta, skipped):
    limit = meta["limit"]
    lines = ["# Default search candidates, side by side", ""]
    lines += meta["header"]
    lines += ["", "Command: `%s`; every run one thread, pinned to CPU %s; limit %g s; times are wall "
              "seconds of the whole `solve` process (an unsolved run counts as the limit, a time "
              "below %.2f s as %.2f s)." % (meta["command"], meta["pin"], limit, FLOOR, FLOOR), ""]
    for c in names:
        base, threads = split_name(c)
        lines.append("- `%s`: `%s`%s" % (c, CANDIDATES[base] or "(no flag)",
                                          ", %d threads" % threads if threads > 1 else ""))
    for family in ["all"] + sorted({i["family"] for i in insts}):
        chosen = [i for i in insts if family == "all" or i["family"] == family]
        s = summary(chosen, rows, names, limit)
        lines += ["", "## %s (%d instances)" % (family, len(chosen)), "",
                  "| candidate | solved | geometric mean s | worst ratio to the best | at |",
                  "|---|---:|---:|---:|---|"]
        for c in sorted(names, key=lambda c: (-s[c]["solved"], s[c]["geomean_s"])):
            x = s[c]
            lines.append("| `%s` | %d / %d | %.3f | %.1f | %s |" % (
                c, x["solved"], x["instances"], x["geomean_s"], x["worst_ratio"], x["worst_at"]))
    lines += threads_table(insts, rows, names, limit)
    lines += ["", "## Every run (seconds; `-` unsolved within the limit, `E` error)", "",
              "| instance | " + " | ".join("`%s`" % c for c in names) + " |",
              "|---|" + "---:|" * len(names)]
    by = {}
    for r in rows:
        by.setdefault(r["instance"], {})[r["candidate"]] = r
    for inst in insts:
        runs = by.get(inst["name"], {})
        cells = []
        for c in names:
            r = runs.get(c)
            cells.append("" if r is None else "E" if r["status"] == "error"
                         else "%.2f" % r["wall_s"] if r["status"] == "solved" else "-")
        lines.append("| %s | %s |" % (inst["name"], " | ".join(cells)))
    if skipped:
        lines += ["", "## Left out", ""] + ["- %s" % s for s in skipped]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=float, default=10.0, help="seconds per run (default 10)")
    ap.add_argument("--candidates", help="comma-separated (default all: %s)" % ",".join(CANDIDATES))
    ap.add_argument("--families", default="suite,specs", help="suite,specs (default both)")
    ap.add_argument("--only", help="comma-separated substrings: instances whose name has one")
    ap.add_argument("--pin", default="0", help="CPU to pin runs to (`none`: not pinned)")
    ap.add_argument("--work", default=os.path.join(REPO, "target", "defaults"))
    ap.add_argument("--out", default=os.path.join(BENCH, "results"))
    ap.add_argument("--solve-bin", default=os.path.join(REPO, "target", "release", "solve"))
    ap.add_argument("--report", metavar="JSON", help="run nothing: the Markdown of an earlier run")
    args = ap.parse_args()
    if args.report:
        with open(args.report) as f:
            data = json.load(f)
        sys.stdout.write(report(data["instances"], data["rows"], data["candidates"], data["meta"],
                                data["skipped"]))
        return
    names = args.candidates.split(",") if args.candidates else list(CANDIDATES)
    unknown = [c for c in names if split_name(c)[0] not in CANDIDATES]
    if unknown:
        sys.exit("defaults: unknown candidate %s (known: %s)" % (", ".join(unknown), ", ".join(CANDIDATES)))
    cpu = None if args.pin == "none" else int(args.pin)
    os.makedirs(args.work, exist_ok=True)
    solve_bin = os.path.join(args.work, "solve-bin")
    shutil.copy2(args.solve_bin, solve_bin)  # a rebuild during the run cannot mix two binaries
    tmp = tempfile.mkdtemp(prefix="defaults-")
    families = args.families.split(",")
    insts, skipped = [], []
    if "specs" in families:
        insts += spec_instances(tmp)
    if "suite" in families:
        found, skip = suite_instances(args.work, solve_bin, 300)
        insts += found
        skipped += skip
    if args.only:
        insts = [i for i in insts if any(s in i["name"] for s in args.only.split(","))]
    rows = []
    for k, inst in enumerate(insts, 1):
        for c in names:
            runner = run_fzn if inst["family"] == "suite" else run_spec
            try:
                base, threads = split_name(c)
                r = runner(solve_bin, inst, CANDIDATES[base], args.limit, cpu, threads)
            except subprocess.TimeoutExpired:
                r = {"wall_s": args.limit + 30, "status": "unsolved", "rc": None, "note": "killed"}
            r.update(instance=inst["name"], candidate=c, family=inst["family"])
            rows.append(r)
            print("[%d/%d] %-40s %-9s %-8s %.2f s" % (k, len(insts), inst["name"], c, r["status"],
                                                      r["wall_s"]), flush=True)
    # A spec that fails under every candidate does not run without its [search]: left out.
    errored = {i["name"] for i in insts
               if all(r["status"] == "error" for r in rows if r["instance"] == i["name"])}
    for name in sorted(errored):
        first = next(r for r in rows if r["instance"] == name)
        skipped.append("%s: %s" % (name, first.get("error") or "exit %s" % first["rc"]))
    insts = [i for i in insts if i["name"] not in errored]
    rows = [r for r in rows if r["instance"] not in errored]
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    meta = {"limit": args.limit, "pin": args.pin, "header": ["Machine: %s" % bench.machine_info(), "Commit: %s" % bench.git_info()],
            "command": "python3 bench/defaults.py " + " ".join(sys.argv[1:])}
    os.makedirs(args.out, exist_ok=True)
    base = os.path.join(args.out, stamp + "-defaults")
    with open(base + ".json", "w") as f:
        json.dump({"instances": insts, "rows": rows, "candidates": names, "meta": meta,
                   "skipped": skipped}, f, indent=1)
    with open(base + ".md", "w") as f:
        f.write(report(insts, rows, names, meta, skipped))
    print("defaults: wrote %s.md and .json" % base)
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
