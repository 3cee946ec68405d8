#!/usr/bin/env python3
"""The MiniZinc benchmark suite: solve beside Gecode on models from MiniZinc/minizinc-benchmarks.

python3 stdlib only.  bench/run.sh runs it as the instance group `suite`; by hand:

    python3 bench/suite.py                      every instance, 60 s, one thread
    python3 bench/suite.py --quick              first instance of each problem, 10 s
    python3 bench/suite.py --solvers gecode --problems golomb,queens --limit 30 --threads 2
    python3 bench/suite.py --report bench/results/X-suite.json    that run's Markdown again
    python3 bench/suite.py --report A.json B.json    two runs (a solver each) in one report
    python3 bench/suite.py --quick --free       each solver's own search: the .fzn's search annotation cut, and -f

The instances are listed in bench/minizinc-benchmarks/instances.txt (one line each:
problem, sat|min|max, model, data files; paths relative to that file).  For every instance
and every solver:

1. compile once: `minizinc -c --solver ID --output-mode json --output-objective MODEL DATA
   --fzn X.fzn --ozn X.ozn` (compile time and .fzn size recorded; the .fzn and .ozn stay in
   the work folder, target/suite/<run>/ unless --work says otherwise);
2. solve: `minizinc --solver ID X.fzn -s -p THREADS -t LIMIT_MS --time-limit LIMIT_MS+GRACE`,
   wall time measured around that process.  Without -a/-i MiniZinc prints only the last
   (best) solution, also when the limit stops the search.  `-t` goes to the solver
   (stdFlags); `--time-limit` is the driver's own stop, a few seconds later, for a solver
   that overruns (the driver still prints the best solution it has).  A run still alive
   HARD_CAP seconds after that is killed (its whole process group) and recorded UNKNOWN;
3. objective: MiniZinc 2.6.4 cannot take a .ozn beside a .fzn in one run (`minizinc X.fzn
   --ozn-file X.ozn` is rejected: `--ozn-file` switches the driver to the solution-stream
   reader), so the solver's raw output is piped through `minizinc --ozn-file X.ozn`.  The
   .ozn was compiled with --output-mode json --output-objective, so each solution comes back
   as a JSON object whose `_objective` is the objective as the model states it (MiniZinc
   evaluates it from the output variables; the FlatZinc objective variable itself is often
   not an output variable).

Status, read from the solver's output: OPTIMAL (`==========` on an optimisation problem),
SATISFIED (a solution, no proof; the answer of a satisfaction problem), UNSAT
(`=====UNSATISFIABLE=====`), UNKNOWN (no solution within the limit), ERROR (a compile
error, `=====ERROR=====`, or a non-zero exit without a solution).  Nodes are the last
`%%%mzn-stat: nodes=` line if the solver prints one (-s is always passed).

Every last solution solve prints is checked by Gecode: its values fixed in Gecode's own .fzn
of the instance (same model, Gecode's library; the output variables keep the model's names),
Gecode must find the model satisfiable ("accepted"); UNSAT is WRONG.

A disagreement between solvers on one instance is printed as WRONG (and the exit code is 1):
two different proven optima, a proven optimum beaten by another solver's solution, or UNSAT
beside a solution.

solve is installed for MiniZinc by `solve fzn --install DIR` (DIR/solve.msc, id
org.solve.solve), run from a private copy of target/release/solve so that a rebuild during
the run cannot mix two binaries; if that command fails, the solve side is skipped with a note.
Gecode is `org.peers.gecode-fixed` (Debian's fzn-gecode 6.2.0 with a library that reaches
its native globals), found in $PEERS_DIR/minizinc or /work/shared/peers/minizinc.

Output: a Markdown file (one row per instance and solver, one table per problem, the
constraints each solver's FlatZinc calls that are not FlatZinc builtins) and a JSON file of
the raw rows, both in bench/results/ (--out), named <date>-suite[-quick].{md,json}.
"""
import argparse
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
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(BENCH)
sys.path.insert(0, BENCH)
import bench  # noqa: E402  (bench/bench.py: the machine and commit lines every report starts with)
MANIFEST = os.path.join(BENCH, "minizinc-benchmarks", "instances.txt")
SOLVER_IDS = {"solve": "org.solve.solve", "gecode": "org.peers.gecode-fixed"}
SOLVER_ORDER = ["solve", "gecode"]
GRACE = 5.0        # seconds between the solver's own -t and the driver's --time-limit
HARD_CAP = 30.0    # seconds after --time-limit before the run's process group is killed
SOLVED = {"sat": ("SATISFIED", "UNSAT"), "min": ("OPTIMAL", "UNSAT"), "max": ("OPTIMAL", "UNSAT")}


def log(msg):
    print("suite: " + msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Instances

class Instance:
    def __init__(self, problem, kind, model, data, root):
        self.problem, self.kind = problem, kind
        self.model, self.data = model, data           # paths relative to root, as listed
        self.root = root
        self.name = os.path.splitext(os.path.basename(data[0] if data else model))[0]

    def paths(self):
        return [os.path.join(self.root, p) for p in [self.model] + self.data]


def read_manifest(path):
    """Lines: `problem sat|min|max model.mzn [data.dzn ...]`; `#` starts a comment."""
    root = os.path.dirname(os.path.abspath(path))
    insts = []
    with open(path) as f:
        for no, line in enumerate(f, 1):
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if len(words) < 3 or words[1] not in SOLVED:
                sys.exit("suite: %s:%d: expected `problem sat|min|max model [data...]`" % (path, no))
            insts.append(Instance(words[0], words[1], words[2], words[3:], root))
    return insts


# ---------------------------------------------------------------------------------------------
# Processes

def run(cmd, env, cap, stdin_text=None):
    """Run cmd in its own process group; kill the group after cap seconds.
    Returns (rc, stdout, stderr, wall seconds, killed)."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, env=env, stdin=subprocess.PIPE if stdin_text is not None else subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    killed = False
    try:
        out, err = p.communicate(stdin_text, timeout=cap)
    except subprocess.TimeoutExpired:
        killed = True
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(p.pid, sig)
            except ProcessLookupError:
                pass
            try:
                out, err = p.communicate(timeout=5)
                break
            except subprocess.TimeoutExpired:
                continue
        else:
            out, err = "", ""
    wall = time.monotonic() - t0
    return p.returncode, out or "", err or "", wall, killed


def first_lines(text, n=3):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return " / ".join(lines[:n])[:300]


# ---------------------------------------------------------------------------------------------
# FlatZinc

BUILTINS = None


def builtins():
    """Names declared in the stdlib's flatzinc_builtins.mzn (the FlatZinc builtins), so that
    every other constraint name in a .fzn is a global the solver's library kept native."""
    global BUILTINS
    if BUILTINS is None:
        BUILTINS = set()
        try:
            dirs = json.loads(subprocess.run(["minizinc", "--config-dirs"], capture_output=True,
                                             text=True, timeout=30).stdout)
            with open(os.path.join(dirs["mznStdlibDir"], "std", "flatzinc_builtins.mzn")) as f:
                BUILTINS = set(re.findall(r"^\s*predicate\s+(\w+)", f.read(), re.M))
        except (OSError, ValueError, KeyError, subprocess.SubprocessError):
            pass
    return BUILTINS


def is_builtin(name):
    b = builtins()
    return name in b or re.sub(r"_(reif|imp)$", "", name) in b


def fzn_summary(path):
    """Variable kinds, constraint counts by name, and the solve item's method."""
    kinds = {"bool": 0, "int": 0, "float": 0, "set": 0}
    cons = {}
    method = None
    with open(path) as f:
        for line in f:
            if line.startswith("var "):
                t = line[4:].lstrip()
                if t.startswith("bool"):
                    kinds["bool"] += 1
                elif t.startswith("set"):
                    kinds["set"] += 1
                elif t.startswith("float") or re.match(r"-?\d+\.\d*(e[+-]?\d+)?\.\.", t):
                    kinds["float"] += 1
                else:
                    kinds["int"] += 1
            elif line.startswith("constraint "):
                m = re.match(r"constraint\s+(\w+)", line)
                if m:
                    cons[m.group(1)] = cons.get(m.group(1), 0) + 1
            elif line.startswith("solve"):
                m = re.search(r"\b(satisfy|minimize|maximize)\b", line)
                method = {"satisfy": "sat", "minimize": "min", "maximize": "max"}.get(m.group(1)) if m else None
    return kinds, cons, method


# ---------------------------------------------------------------------------------------------
# One compile, one run

def cut_search(fzn):
    """Cuts the annotations of the .fzn's solve item (`solve :: int_search(...) minimize X;` ->
    `solve minimize X;`), so that the solver searches by its own default: fzn-gecode 6.2
    follows the annotations on one thread even with -f (docs/performance.md).  Returns whether
    there was one."""
    with open(fzn) as f:
        text = f.read()
    cut = bench.cut_solve_annotation(text)
    if cut != text:
        with open(fzn, "w") as f:
            f.write(cut)
    return cut != text


def compile_instance(inst, solver, sid, env, work, cap, free=False):
    base = os.path.join(work, solver, inst.problem, inst.name)
    os.makedirs(os.path.dirname(base), exist_ok=True)
    fzn, ozn = base + ".fzn", base + ".ozn"
    paths = inst.paths()
    cmd = ["minizinc", "-c", "--solver", sid, "--output-mode", "json", "--output-objective",
           paths[0]] + paths[1:] + ["--fzn", fzn, "--ozn", ozn]
    rc, out, err, wall, killed = run(cmd, env, cap)
    row = {"compile_s": round(wall, 3), "fzn": fzn, "ozn": ozn}
    if killed:
        row["compile_error"] = "compile did not finish within %g s" % cap
    elif rc != 0 or not os.path.exists(fzn):
        row["compile_error"] = "minizinc -c exited %s: %s" % (rc, first_lines(err or out))
    else:
        if free:
            row["search_cut"] = cut_search(fzn)
        kinds, cons, method = fzn_summary(fzn)
        row.update(fzn_bytes=os.path.getsize(fzn), fzn_vars=kinds, fzn_constraints=cons, method=method)
    return row


def parse_solutions(text):
    """Solution texts (between `----------` separators) and the final status line, if any."""
    sols, cur, final = [], [], None
    for line in text.splitlines():
        s = line.strip()
        if s == "----------":
            sols.append("\n".join(cur))
            cur = []
        elif s.startswith("=====") or s == "==========":
            final = s
        elif s.startswith("%"):
            continue
        else:
            cur.append(line)
    return sols, final


def stats(text):
    st = {}
    for m in re.finditer(r"^%%%mzn-stat:\s*(\w+)=(.*)$", text, re.M):
        st[m.group(1)] = m.group(2).strip()
    return st


def solve_instance(inst, sid, env, comp, limit, threads, free=False):
    ms = int(round(limit * 1000))
    cmd = ["minizinc", "--solver", sid, comp["fzn"]] + (["-f"] if free else []) + [
           "-s", "-p", str(threads), "-t", str(ms),
           "--time-limit", str(ms + int(GRACE * 1000))]
    rc, out, err, wall, killed = run(cmd, env, limit + GRACE + HARD_CAP)
    sols, final = parse_solutions(out)
    st = stats(out)
    row = {"wall_s": round(wall, 3), "rc": rc, "command": " ".join(shlex.quote(c) for c in cmd)}
    opt = inst.kind in ("min", "max")
    notes = []
    if final == "=====ERROR=====":
        status = "ERROR"
    elif final == "=====UNSATISFIABLE=====":
        status = "UNSAT"
    elif sols:
        status = "OPTIMAL" if opt and final == "==========" else "SATISFIED"
    elif final in ("=====UNKNOWN=====", "=====UNBOUNDED=====", "=====UNSATorUNBOUNDED=====") or killed \
            or final is None and rc == 0:
        status = "UNKNOWN"
        if final not in (None, "=====UNKNOWN====="):
            notes.append(final)
    else:
        status = "ERROR"
    if killed:
        notes.append("killed %g s after the limit" % (GRACE + HARD_CAP))
    if status == "ERROR":
        notes.append("exit %s: %s" % (rc, first_lines(err or out)))
    elif rc != 0 and not killed:
        notes.append("exit %s" % rc)
    if sols and opt:
        # The raw stream through solns2out with the .ozn: the objective as the model states it.
        r2 = run(["minizinc", "--ozn-file", comp["ozn"]], env, 120, stdin_text=out)
        osols, _ = parse_solutions(r2[1])
        try:
            row["objective"] = json.loads(osols[-1])["_objective"]
        except (IndexError, ValueError, KeyError, TypeError):
            notes.append("no _objective from minizinc --ozn-file: %s" % first_lines(r2[2] or r2[1]))
    row["status"] = status
    if sols:
        row["_last"] = sols[-1]  # for verify_by_gecode; not written to the JSON
    if "nodes" in st:
        try:
            row["nodes"] = int(float(st["nodes"]))
        except ValueError:
            pass
    if "solveTime" in st:
        try:
            row["solver_solve_s"] = float(st["solveTime"])
        except ValueError:
            pass
    if notes:
        row["note"] = "; ".join(notes)
    return row


# ---------------------------------------------------------------------------------------------
# Solvers

def setup_solvers(wanted, args, tmp):
    """MZN_SOLVER_PATH environment per solver, or the reason it is skipped."""
    envs, skipped, versions = {}, {}, {}
    if "gecode" in wanted:
        cands = [args.gecode_dir] if args.gecode_dir else \
            [os.path.join(os.environ.get("PEERS_DIR", os.path.join(REPO, "bench", "peers")), "minizinc"),
             "/work/shared/peers/minizinc"]
        found = [d for d in cands if os.path.exists(os.path.join(d, "gecode-fixed.msc"))]
        if not found:
            skipped["gecode"] = "no gecode-fixed.msc in %s" % " or ".join(cands)
        else:
            envs["gecode"] = dict(os.environ, MZN_SOLVER_PATH=os.path.abspath(found[0]))
            try:
                with open(os.path.join(found[0], "gecode-fixed.msc")) as f:
                    msc = json.load(f)
                what = "%s %s" % (msc.get("executable", "?"), msc.get("version", "?"))
            except (OSError, ValueError):
                what = "?"
            versions["gecode"] = "org.peers.gecode-fixed (%s) from %s" % (what, os.path.abspath(found[0]))
    if "solve" in wanted:
        binary = args.solve_bin
        if not os.access(binary, os.X_OK):
            skipped["solve"] = "no executable %s (cargo build --release)" % binary
        else:
            copy = os.path.join(tmp, "bin", "solve")
            os.makedirs(os.path.dirname(copy))
            shutil.copy2(binary, copy)
            inst_dir = os.path.join(tmp, "solve-msc")
            rc, out, err, _, _ = run([copy, "fzn", "--install", inst_dir], None, 120)
            if rc != 0 or not os.path.exists(os.path.join(inst_dir, "solve.msc")):
                skipped["solve"] = ("`solve fzn --install DIR` failed (exit %s%s); the solve side is skipped until "
                                    "the FlatZinc front end lands" % (rc, ": " + first_lines(err or out, 1) if (err or out) else ""))
            else:
                envs["solve"] = dict(os.environ, MZN_SOLVER_PATH=inst_dir)
                versions["solve"] = "org.solve.solve from `%s fzn --install` (%s)" % (binary, bench.git_info())
    return envs, skipped, versions


# ---------------------------------------------------------------------------------------------
# Verification: solve's last solution, fixed in Gecode's own .fzn of the instance

def fixing_constraints(solution):
    """`constraint int_eq(x, v);` per printed value of a raw FlatZinc solution (`x = v;`,
    `x = arrayNd(..., [v, ...]);`, booleans by bool_eq), or None where a value is a set."""
    cons = []
    for m in re.finditer(r"^\s*(\w+)\s*=\s*(.*?);\s*$", solution, re.M | re.S):
        name, val = m.group(1), m.group(2).strip()
        arr = re.match(r"array\d+d\(.*\[(.*)\]\)$", val, re.S)
        items = [v.strip() for v in arr.group(1).split(",") if v.strip()] if arr else [val]
        for i, v in enumerate(items, 1):
            if v.startswith("{") or ".." in v:
                return None
            target = "%s[%d]" % (name, i) if arr else name
            pred = "bool_eq" if v in ("true", "false") else "int_eq"
            cons.append("constraint %s(%s, %s);" % (pred, target, v))
    return cons


def verify_by_gecode(solution, gecode_fzn, env, work, name, limit):
    """Gecode on its own .fzn of the instance with solve's printed values fixed: "accepted"
    (a solution exists), "REJECTED" (UNSAT) or "unknown: why"."""
    cons = fixing_constraints(solution)
    if cons is None:
        return "unknown: set values are not checked"
    with open(gecode_fzn) as f:
        text = f.read()
    at = text.rfind("\nsolve")
    if at < 0:
        return "unknown: no solve item in Gecode's .fzn"
    path = os.path.join(work, "verify", name + ".fzn")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text[:at + 1] + "\n".join(cons) + "\nsolve satisfy;\n")
    ms = int(limit * 1000)
    rc, out, err, _, _ = run(["minizinc", "--solver", SOLVER_IDS["gecode"], path, "-t", str(ms)],
                             env, limit + GRACE + HARD_CAP)
    sols, final = parse_solutions(out)
    if sols:
        return "accepted"
    if final == "=====UNSATISFIABLE=====":
        return "REJECTED"
    return "unknown: %s" % first_lines(err or out or final or "exit %s" % rc)


# ---------------------------------------------------------------------------------------------
# Comparison and report

def better(kind, a, b):
    """a strictly better than b for this objective direction."""
    return a < b if kind == "min" else a > b


def disagreements(inst, rows):
    """WRONG findings among one instance's rows (one per solver)."""
    found = []
    unsat = [r for r in rows if r["status"] == "UNSAT"]
    with_sol = [r for r in rows if r["status"] in ("SATISFIED", "OPTIMAL")]
    for u in unsat:
        for s in with_sol:
            found.append("%s says UNSAT, %s found a solution" % (u["solver"], s["solver"]))
    if inst.kind in ("min", "max"):
        opt = [r for r in rows if r["status"] == "OPTIMAL" and "objective" in r]
        for i, a in enumerate(opt):
            for b in opt[i + 1:]:
                if a["objective"] != b["objective"]:
                    found.append("different optima proven: %s %s, %s %s" % (
                        a["solver"], a["objective"], b["solver"], b["objective"]))
        for a in opt:
            for s in with_sol:
                if s is not a and "objective" in s and better(inst.kind, s["objective"], a["objective"]):
                    found.append("%s proved %s optimal but %s found %s" % (
                        a["solver"], a["objective"], s["solver"], s["objective"]))
    return found


def gecode_check(r):
    """The note of solve's checked solution (empty when not checked)."""
    return "solution %s by Gecode" % r["verified"] if r.get("verified") else ""


def fmt_s(x):
    return "-" if x is None else ("%.2f" % x if x < 100 else "%.0f" % x)


def fmt_obj(r):
    if "objective" not in r:
        return "-"
    return "%s%s" % (r["objective"], "*" if r["status"] == "OPTIMAL" else "")


def report(insts, rows, solvers, meta, skipped, wrong):
    by = {(r["problem"], r["instance"], r["solver"]): r for r in rows}
    L = ["# MiniZinc benchmark suite: %s" % ", ".join(solvers), ""]
    L.append("- command: `%s`" % meta["command"])
    for k in ("date", "limit", "threads", "search", "machine", "minizinc", "repo"):
        if k in meta:
            L.append("- %s: %s" % (k, meta[k]))
    for s in solvers:
        L.append("- %s: %s" % (s, meta["versions"].get(s) or "skipped: " + skipped.get(s, "?")))
    if meta.get("load_end"):
        L.append("- load average at the end: %s" % meta["load_end"])
    L.append("- status: OPTIMAL proven optimum, SATISFIED a solution (the answer of a satisfaction "
             "problem; on an optimisation problem: not proven), UNSAT, UNKNOWN (no solution within "
             "the limit), ERROR; objective `N*` = proven optimal; time = wall seconds of the solver "
             "run (`minizinc --solver ... X.fzn`), compilation apart; per problem, times and "
             "objectives are in instance order, a time `-` = not solved, an objective `-` = none found")
    checked = [r for r in rows if r.get("verified")]
    if checked:
        accepted = sum(1 for r in checked if r["verified"] == "accepted")
        L.append("- solve's last solutions checked by Gecode (its own .fzn of the instance, the printed "
                 "values fixed): %d accepted, %d rejected, %d unknown of %d" % (
                     accepted, sum(1 for r in checked if r["verified"] == "REJECTED"),
                     len(checked) - accepted - sum(1 for r in checked if r["verified"] == "REJECTED"),
                     len(checked)))
    L.append("")
    if wrong:
        L.append("## WRONG: the solvers disagree")
        L.append("")
        for w in wrong:
            L.append("- **WRONG** %s" % w)
        L.append("")
    run_solvers = [s for s in solvers if s not in skipped]

    L.append("## Per problem")
    L.append("")
    head = ["problem", "kind", "instances"]
    for s in run_solvers:
        head += ["%s solved" % s, "%s time s" % s, "%s objectives" % s]
    if "solve" in run_solvers and "gecode" in run_solvers:
        head.append("time solve/gecode (median, both solved)")
    L.append("| " + " | ".join(head) + " |")
    L.append("|" + "---|" * len(head))
    problems = []
    for i in insts:
        if i.problem not in problems:
            problems.append(i.problem)
    for p in problems:
        pi = [i for i in insts if i.problem == p]
        cells = [p, pi[0].kind, str(len(pi))]
        for s in run_solvers:
            rs = [by.get((p, i.name, s)) for i in pi]
            solved = sum(1 for i, r in zip(pi, rs) if r and r["status"] in SOLVED[i.kind])
            found = sum(1 for i, r in zip(pi, rs) if r and r["status"] == "SATISFIED" and i.kind != "sat")
            cells.append("%d/%d%s" % (solved, len(pi), " (+%d found)" % found if found else ""))
            cells.append(", ".join(fmt_s(r["wall_s"]) if r and r["status"] in SOLVED[i.kind] else "-"
                                   for i, r in zip(pi, rs)))
            cells.append(", ".join(fmt_obj(r) if r else "-" for r in rs) if pi[0].kind != "sat" else "")
        if "solve" in run_solvers and "gecode" in run_solvers:
            ratios = []
            for i in pi:
                a, b = by.get((p, i.name, "solve")), by.get((p, i.name, "gecode"))
                if a and b and a["status"] in SOLVED[i.kind] and b["status"] in SOLVED[i.kind] and b["wall_s"] > 0:
                    ratios.append(a["wall_s"] / b["wall_s"])
            cells.append("%.2f (%d)" % (statistics.median(ratios), len(ratios)) if ratios else "-")
        L.append("| " + " | ".join(cells) + " |")
    L.append("")

    L.append("## Per instance and solver")
    L.append("")
    L.append("| problem | instance | solver | status | objective | time s | solver's solveTime s | nodes "
             "| compile s | fzn KB | note |")
    L.append("|---|---|---|---|---:|---:|---:|---:|---:|---:|---|")
    for i in insts:
        for s in run_solvers:
            r = by.get((i.problem, i.name, s))
            if not r:
                continue
            L.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                i.problem, i.name, s, r["status"], fmt_obj(r), fmt_s(r.get("wall_s")),
                fmt_s(r.get("solver_solve_s")), r.get("nodes", "-"), fmt_s(r.get("compile_s")),
                "%.0f" % (r["fzn_bytes"] / 1024) if "fzn_bytes" in r else "-",
                ("**WRONG** " if r.get("wrong") else "")
                + "; ".join(x for x in (r.get("note", ""), gecode_check(r)) if x).replace("|", "\\|")))
    L.append("")

    L.append("## Constraints in the FlatZinc that are not FlatZinc builtins")
    L.append("")
    L.append("What each solver's library kept native (the names of the `constraint` lines of the "
             "compiled .fzn outside std/flatzinc_builtins.mzn), over the problem's instances.")
    L.append("")
    L.append("| problem | " + " | ".join(run_solvers) + " |")
    L.append("|---|" + "---|" * len(run_solvers))
    for p in problems:
        cells = [p]
        for s in run_solvers:
            names = set()
            for r in rows:
                if r["problem"] == p and r["solver"] == s:
                    names |= {c for c in r.get("fzn_constraints", {}) if not is_builtin(c)}
            cells.append(", ".join(sorted(names)) or "(builtins only)")
        L.append("| " + " | ".join(cells) + " |")
    L.append("")
    return "\n".join(L)


def rerender(paths):
    """The Markdown of earlier runs, from their JSON (e.g. after a change to the report's layout):
    one run's beside it, as .md; several runs' (each solver run alone, side by side on its own
    core) merged into one report beside the first, as -merged.md and -merged.json."""
    runs = []
    for path in paths:
        with open(path) as f:
            runs.append(json.load(f))
    data = runs[0]
    if len(runs) > 1:
        meta = dict(data["meta"], command="; ".join(r["meta"]["command"] for r in runs),
                    versions={k: v for r in runs for k, v in r["meta"]["versions"].items()},
                    solvers=[s for s in SOLVER_ORDER if any(s in r["meta"].get("solvers", []) for r in runs)])
        data = {"meta": meta, "skipped": {k: v for r in runs for k, v in r["skipped"].items()},
                "wrong": [w for r in runs for w in r["wrong"]], "rows": [x for r in runs for x in r["rows"]]}
    insts, seen = [], set()
    for r in data["rows"]:
        if (r["problem"], r["instance"]) not in seen:
            seen.add((r["problem"], r["instance"]))
            inst = Instance(r["problem"], r["kind"], r["model"], r["data"], "")
            inst.name = r["instance"]
            insts.append(inst)
    meta = data["meta"]
    solvers = meta.get("solvers") or [s for s in SOLVER_ORDER
                                      if s in data["skipped"] or any(r["solver"] == s for r in data["rows"])]
    md = report(insts, data["rows"], solvers, meta, data["skipped"], data["wrong"])
    base = os.path.splitext(paths[0])[0] + ("-merged" if len(runs) > 1 else "")
    with open(base + ".md", "w") as f:
        f.write(md)
    if len(runs) > 1:
        with open(base + ".json", "w") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
    print(md)
    log("wrote %s.md" % base)
    return 1 if data["wrong"] else 0


# ---------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description="solve beside Gecode on the MiniZinc benchmark suite",
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--quick", action="store_true", help="10 s limit, first instance of each problem")
    ap.add_argument("--limit", type=float, help="time limit per run in seconds (default 60; --quick: 10)")
    ap.add_argument("--threads", type=int, default=1, help="threads per solver run (-p; default 1)")
    ap.add_argument("--free", action="store_true",
                    help="each solver's own search: the search annotation of every .fzn cut, and -f "
                         "(fzn-gecode 6.2 follows the annotations on one thread even with -f; "
                         "docs/performance.md)")
    ap.add_argument("--problems", help="comma-separated problems (default: all)")
    ap.add_argument("--solvers", default="solve,gecode", help="comma-separated: solve,gecode (default both)")
    ap.add_argument("--manifest", default=MANIFEST, help="instance list (default %(default)s)")
    ap.add_argument("--work", help="folder for the .fzn/.ozn (default target/suite/<run>)")
    ap.add_argument("--out", default=os.path.join(BENCH, "results"), help="results folder (default bench/results)")
    ap.add_argument("--solve-bin", default=os.path.join(REPO, "target", "release", "solve"))
    ap.add_argument("--gecode-dir", help="folder holding gecode-fixed.msc (default $PEERS_DIR/minizinc, "
                                         "then /work/shared/peers/minizinc)")
    ap.add_argument("--compile-limit", type=float, default=300, help="seconds per compilation (default 300)")
    ap.add_argument("--report", metavar="JSON", nargs="+",
                    help="run nothing: write the Markdown report of an earlier run's JSON file again "
                         "(beside it, as .md); of several runs' (one solver each, run side by side), "
                         "one report merging them (beside the first, as -merged.md and .json)")
    args = ap.parse_args()
    if args.report:
        return rerender(args.report)

    limit = args.limit if args.limit is not None else (10.0 if args.quick else 60.0)
    solvers = [s.strip() for s in args.solvers.split(",") if s.strip()]
    bad = [s for s in solvers if s not in SOLVER_IDS]
    if bad or not solvers:
        sys.exit("suite: unknown solver(s) %s; known: %s" % (", ".join(bad), ", ".join(SOLVER_ORDER)))
    solvers = [s for s in SOLVER_ORDER if s in solvers]
    if args.threads < 1:
        sys.exit("suite: --threads must be at least 1")
    insts = read_manifest(args.manifest)
    if args.problems:
        want = [p.strip() for p in args.problems.split(",") if p.strip()]
        known = {i.problem for i in insts}
        unknown = [p for p in want if p not in known]
        if unknown:
            sys.exit("suite: unknown problem(s) %s; known: %s" % (", ".join(unknown), " ".join(sorted(known))))
        insts = [i for i in insts if i.problem in want]
    if args.quick:
        seen, first = set(), []
        for i in insts:
            if i.problem not in seen:
                seen.add(i.problem)
                first.append(i)
        insts = first

    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    tag = ("suite-quick" if args.quick else "suite") + ("-free" if args.free else "")
    if solvers != SOLVER_ORDER:   # one solver of a pair run side by side: a file of its own
        tag += "-" + "-".join(solvers)
    work = os.path.abspath(args.work or os.path.join(REPO, "target", "suite", stamp))
    os.makedirs(work, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="solve-suite-")
    try:
        envs, skipped, versions = setup_solvers(solvers, args, tmp)
        for s, why in skipped.items():
            log("%s skipped: %s" % (s, why))
        meta = {
            "command": " ".join(shlex.quote(a) for a in [os.path.relpath(sys.argv[0], REPO)] + sys.argv[1:]),
            "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S"),
            "limit": "%g s per run (-t %d), one run per cell" % (limit, limit * 1000),
            "threads": args.threads,
            "search": "free: each solver's own default (the .fzn's search annotation cut, and -f)" if args.free else "the models' annotations",
            "machine": bench.machine_info(),
            "minizinc": first_lines(run(["minizinc", "--version"], None, 30)[1], 1),
            "repo": bench.git_info(),
            "versions": versions,
            "work": work,
            "manifest": os.path.relpath(os.path.abspath(args.manifest), REPO),
        }
        rows, wrong = [], []
        for n, inst in enumerate(insts, 1):
            irows = []
            for s in solvers:
                if s not in envs:
                    continue
                row = {"problem": inst.problem, "instance": inst.name, "kind": inst.kind, "solver": s,
                       "model": inst.model, "data": inst.data, "limit_s": limit, "threads": args.threads}
                comp = compile_instance(inst, s, SOLVER_IDS[s], envs[s], work, args.compile_limit, args.free)
                row.update(comp)
                if "compile_error" in comp:
                    row.update(status="ERROR", note=comp["compile_error"])
                else:
                    if comp["method"] and comp["method"] != inst.kind:
                        row["note"] = "the .fzn says %s, instances.txt %s" % (comp["method"], inst.kind)
                    if comp["fzn_vars"]["float"] or comp["fzn_vars"]["set"]:
                        row["note"] = (row.get("note", "") + "; " if row.get("note") else "") + \
                            "%d float and %d set variables in the .fzn" % (comp["fzn_vars"]["float"], comp["fzn_vars"]["set"])
                    res = solve_instance(inst, SOLVER_IDS[s], envs[s], comp, limit, args.threads, args.free)
                    if "note" in row and "note" in res:
                        res["note"] = row["note"] + "; " + res["note"]
                    row.update(res)
                log("[%d/%d] %s %s %s: %s%s %s s (compile %s s)" % (
                    n, len(insts), inst.problem, inst.name, s, row["status"],
                    " " + fmt_obj(row) if "objective" in row else "", fmt_s(row.get("wall_s")), fmt_s(row["compile_s"])))
                irows.append(row)
            gecode_row = next((r for r in irows if r["solver"] == "gecode" and "fzn" in r
                               and "compile_error" not in r), None)
            for r in irows:
                last = r.pop("_last", None)
                if r["solver"] != "solve" or last is None or gecode_row is None:
                    continue
                r["verified"] = verify_by_gecode(last, gecode_row["fzn"], envs["gecode"], work,
                                                 "%s-%s" % (inst.problem, inst.name), limit)
                log("[%d/%d] %s %s: solve's solution %s by Gecode" % (
                    n, len(insts), inst.problem, inst.name, r["verified"]))
                if r["verified"] == "REJECTED":
                    msg = "%s %s: Gecode rejects solve's last solution" % (inst.problem, inst.name)
                    wrong.append(msg)
                    log("WRONG " + msg)
                    r["wrong"] = True
            for w in disagreements(inst, irows):
                msg = "%s %s: %s" % (inst.problem, inst.name, w)
                wrong.append(msg)
                log("WRONG " + msg)
                for r in irows:
                    r["wrong"] = True
            rows += irows

        meta["load_end"] = " ".join("%.2f" % x for x in os.getloadavg())
        meta["solvers"] = solvers
        md = report(insts, rows, solvers, meta, skipped, wrong)
        os.makedirs(args.out, exist_ok=True)
        base = os.path.join(args.out, "%s-%s" % (stamp, tag))
        with open(base + ".md", "w") as f:
            f.write(md)
        with open(base + ".json", "w") as f:
            json.dump({"meta": meta, "skipped": skipped, "wrong": wrong, "rows": rows}, f, indent=1)
            f.write("\n")
        print(md)
        log("wrote %s.md and %s.json (.fzn/.ozn in %s)" % (base, base, work))
        if wrong:
            log("WRONG: %d disagreement(s) between the solvers, see the report" % len(wrong))
            return 1
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
