#!/usr/bin/env bash
# Benchmark: solve (release build) against the hand-written references and the peer solvers,
# side by side in one run.  Not a test; CI does not run it.
#
# usage: bench/run.sh                               full run (~15 min with every peer installed;
#                                                   each magic-first timeout of solve adds MAGIC_CAP)
#        QUICK=1 bench/run.sh                       smoke run: 1 run per cell, small instances only
#        PEERS_DIR=/tmp/peers bench/run.sh          peers installed elsewhere (a copy of bench/peers)
#        INSTANCES="queens-12 magic-count" PEERS="gecode-api choco" bench/run.sh   a subset
#
# env (all optional):
#   PEERS_DIR    peers checkout (default: <repo>/bench/peers); anything missing there is
#                skipped with a note, so this also runs on a machine with no peer installed
#   PEERS        peers to run (default: all found): hw-seed hw-bitboard gecode-api gecode
#                gecode-native choco cpsat pyconstraint grilops; "none" = solve alone
#   INSTANCES    instance ids or groups (default: all): queens-10 .. queens-14, magic-count-4,
#                threads-queens-14, threads-queens-15, threads-magic-4, threads-langford-11,
#                threads-langford-12, threads-golomb-10, threads-golomb-11, threads-moo-minimax
#                (play --all-secrets), threads-eight-analysis (solve analyze) (solve with 2 threads
#                beside solve -j 1 in the same run; group: threads); every other solve row runs
#                -j 1 (the sequential engine), as the peers use one core;
#                magic-first-5 .. magic-first-12, magic-first-16, magic-first-20, ring, ring-primes,
#                modmagic, bulls-h2, bulls-h3, domqueens-8, domqueens-9 (solve alone: an [objective]),
#                moo-first, moo-minimax (`solve play --all-secrets` against the hand-written moo),
#                flipit-analysis (14 `solve analyze` runs against the hand-written flipit),
#                eight-analysis (solve alone), nonogram-30 (peers count `solve export --minizinc`),
#                nonogram-30-tables (the same with bench/specs/nonogram-tables.toml),
#                nonogram-difficult, nonogram-crocodile, nonogram-non-unique, nonogram-dragonfly,
#                nonogram-p200 (Gecode's examples; peers: bench/minizinc/nonogram.mzn, one regular
#                per line), golomb-10, golomb-11 (optimise; peers: bench/minizinc/golomb.mzn, the
#                same model, through bench/minizinc/optimum.sh), golomb-free-10 (the same
#                with no search named: solve's default on 2 threads and -j 1 against Gecode's
#                own, the spec's [search] and the model's int_search cut), hidato-8, hidato-12 (first solution; peers: bench/minizinc/hidato.mzn,
#                Kjellerstrand's model, through bench/minizinc/hidato.py),
#                output-template and output-json (solve alone:
#                331,776 solutions printed through a template calling a function, and as JSON);
#                unique-fano (solve alone: --unique --count of a block design, rows and columns
#                sorted together); steps-zebra, steps-sudoku, steps-inkala, steps-hidato,
#                steps-nonogram, steps-nurikabe, steps-masyu, steps-slitherlink,
#                steps-numberlink (solve alone: `solve steps` until every value follows);
#                setter-grade-hidato, setter-grade-nurikabe, setter-grade-masyu,
#                setter-grade-slitherlink, setter-grade-numberlink (`solve grade`: each under 10 s);
#                setter-generate-sudoku-20, setter-generate-hidato-5, setter-generate-hidato-7x5,
#                setter-candidates-sudoku-25, setter-unique-every-spec and
#                setter-limit2-every-spec (solve alone: the setter's toolkit; unique beside
#                --limit 2 over every shipped spec);
#                genre-slitherlink (10x10, janko 61), genre-nurikabe (10x10, janko 8), genre-masyu
#                (10x10, janko 12), genre-numberlink (8x8, janko Arukone 3), genre-hashi (10x10,
#                janko 21) (the loop, path and connectivity genres, the shipped specs counted;
#                peers: grilops on Z3, bench/grilops/genres.py, and MiniZinc + Gecode counting
#                the export);
#                paths-numberlink-15-fill, paths-slitherlink-15 (15x15 pictures constructed by
#                bench/paths/make.py, bench/specs/*.picture: Numberlink with every cell filled,
#                Slitherlink; counted on one thread; peers: CP-SAT, bench/paths/cpsat.py, and
#                grilops; group: paths);
#                lsp (solve lsp's latencies from an editor's side: diagnostics after a change,
#                hover, completion, per shipped spec, medians of RUNS; bench/lsp/latency.py);
#                suite (bench/suite.py: `solve fzn` as a MiniZinc solver beside Gecode,
#                org.peers.gecode-fixed, on the models and instances of
#                bench/minizinc-benchmarks/, one run per cell, 60 s limit, one thread, results
#                in bench/results/*-suite.{md,json}; the solve side is skipped with a note while
#                `solve fzn --install` fails; not in the default full run (up to 2 solvers x
#                every instance x 60 s), but in the default QUICK run, where it runs
#                `suite.py --quick`: the first instance of each problem, 10 s);
#                large-free-input, large-free-first-fail, large-free-dom-wdeg, large-free-default
#                (100,000 free variables to a first solution under each variable order), large-pigeons
#                (20,000 variables in a chain beside 10 pigeons in 9 holes, counted) (solve alone, 2
#                threads beside -j 1: the cost of choosing a variable on a large model; group: large);
#                warehouse-default, warehouse-input, warehouse-value-max, warehouse-afc-restarts
#                (CSPLib 034 without [search], bench/specs/warehouse.toml: the default, 2 threads
#                beside -j 1, against input order, --value max and AFC with last-conflict and
#                geometric restarts; 30 s cap; solve alone;
#                group: warehouse);
#                defaults (bench/defaults.py: candidates for the default search, each given to
#                solve alone, one thread pinned to CPU 0, on the suite's first instances with
#                free search and on the shipped, book and bench specs without their [search];
#                10 s a run; results in bench/results/*-defaults.{md,json}; not in the default
#                runs: ~17 min);
#                groups: queens magic-count magic-first bulls moo threads hidato nonogram golomb unique
#                steps setter genre paths large warehouse suite defaults
#   RUNS         runs per cell for solve (default 5), PEER_RUNS for the peers (default 3)
#   CELL_BUDGET  stop repeating a cell once its runs add up to this many seconds (default 30)
#   CAP          per-run cap in seconds (default 120); MAGIC_CAP for magic-first (default 60,
#                QUICK: 20)
#   SLOW=1       also run the peer cells left out by default: cpsat queens 14 (~206 s a run),
#                pyconstraint queens 13-14, magic-count, magic-first (36-614 s or timeouts), and
#                magic-first cells that timed out at 60 s in a trial run (n=20 all; n=16 choco, cpsat)
#   NO_BUILD=1   do not run cargo build; use target/release/solve as it is
#   PYTHON       python3 for the harness itself (stdlib only)
#   DEFAULTS_ARGS more arguments for bench/defaults.py (group defaults), e.g. "--limit 5
#                --candidates ff,ff-lc --families suite"; see python3 bench/defaults.py --help
#   SUITE_ARGS   more arguments for bench/suite.py (group suite; "--free" runs every solver's
#                own default search, -f, issue 51's row), e.g. "--solvers gecode
#                --problems golomb,queens --limit 30 --threads 2"; see python3 bench/suite.py --help
set -eu
BENCH=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$BENCH/.." && pwd)
export BENCH_CMDLINE="$(for v in PEERS_DIR PEERS INSTANCES RUNS PEER_RUNS CELL_BUDGET CAP MAGIC_CAP QUICK SLOW NO_BUILD SUITE_ARGS; do
  [ -n "${!v+x}" ] && printf '%s=%q ' "$v" "${!v}"; done)bench/run.sh"
export PEERS_DIR=${PEERS_DIR:-$REPO/bench/peers}
[ -d "$PEERS_DIR" ] && PEERS_DIR=$(cd "$PEERS_DIR" && pwd)

if [ "${NO_BUILD:-0}" != 1 ]; then
  echo "bench: cargo build --release" >&2
  if ! (cd "$REPO" && cargo build --release -q); then
    echo "bench: cargo build --release FAILED; fix the build or rerun with NO_BUILD=1 to time the existing binary" >&2
    exit 1
  fi
fi
[ -x "$REPO/target/release/solve" ] || { echo "bench: no $REPO/target/release/solve" >&2; exit 1; }

# Hand-written references: use the peers' own build if there is one, else build a copy of
# their sources under target/peers-handwritten (their binaries write data/ next to their
# Cargo.toml, so the sources are copied rather than built in place: PEERS_DIR may be read-only).
HW_SRC=$PEERS_DIR/handwritten
export HW_BIN=
if [ -x "$HW_SRC/target/release/queens" ] && [ -x "$HW_SRC/target/release/magic" ]; then
  HW_BIN=$HW_SRC/target/release
elif [ -f "$HW_SRC/Cargo.toml" ] && command -v cargo >/dev/null; then
  HW_COPY=$REPO/target/peers-handwritten
  mkdir -p "$HW_COPY"
  cp -r "$HW_SRC/Cargo.toml" "$HW_SRC/src" "$HW_COPY/"
  [ -f "$HW_SRC/Cargo.lock" ] && cp "$HW_SRC/Cargo.lock" "$HW_COPY/"
  chmod -R u+w "$HW_COPY"
  # The copy lies inside this repository's workspace: make it a workspace of its own.
  grep -q '^\[workspace\]' "$HW_COPY/Cargo.toml" || printf '\n[workspace]\n' >> "$HW_COPY/Cargo.toml"
  echo "bench: building the hand-written references in $HW_COPY" >&2
  if (cd "$HW_COPY" && cargo build --release -q --bin queens --bin magic --bin moo --bin flipit); then
    HW_BIN=$HW_COPY/target/release
  else
    echo "bench: building the hand-written references failed; skipping them" >&2
  fi
fi

# `lsp` (the editor's latencies of `solve lsp`, bench/lsp/latency.py) is
# timed apart: its figures are per message, not per process.  `suite`
# (bench/suite.py) writes its own report, and runs last.
LSP=0
SUITE=0
DEFAULTS=0
REST=
for i in ${INSTANCES:-}; do
  case $i in lsp) LSP=1 ;; suite) SUITE=1 ;; defaults) DEFAULTS=1 ;; *) REST="$REST $i" ;; esac
done
[ -z "${INSTANCES:-}" ] && LSP=1
[ -z "${INSTANCES:-}" ] && [ "${QUICK:-0}" != 0 ] && SUITE=1
if [ -z "${INSTANCES:-}" ] || [ -n "$REST" ]; then
  INSTANCES=${REST# } "${PYTHON:-python3}" "$BENCH/bench.py"
fi
if [ "$LSP" = 1 ]; then
  OUT=$BENCH/results/$(date +%Y%m%d-%H%M%S)-lsp.md
  { echo "# solve lsp latencies ($BENCH_CMDLINE, $(git -C "$REPO" rev-parse --short HEAD))"; echo
    (cd "$REPO" && "${PYTHON:-python3}" "$BENCH/lsp/latency.py" target/release/solve "${RUNS:-20}"); } | tee "$OUT"
  echo "bench: wrote $OUT" >&2
fi
if [ "$DEFAULTS" = 1 ]; then
  # shellcheck disable=SC2086  # DEFAULTS_ARGS is a list of words
  (cd "$REPO" && "${PYTHON:-python3}" "$BENCH/defaults.py" ${DEFAULTS_ARGS:-})
fi
if [ "$SUITE" = 1 ]; then
  SUITE_QUICK=
  [ "${QUICK:-0}" != 0 ] && SUITE_QUICK=--quick
  # shellcheck disable=SC2086  # SUITE_ARGS is a list of words
  (cd "$REPO" && "${PYTHON:-python3}" "$BENCH/suite.py" $SUITE_QUICK ${SUITE_ARGS:-})
fi
