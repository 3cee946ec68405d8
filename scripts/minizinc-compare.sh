#!/usr/bin/env bash
# Cross-checks solve against MiniZinc + Gecode through `solve export --minizinc`:
# every shipped spec (at sizes Gecode enumerates quickly) is counted by both, and
# specs with an [objective] are optimised by both; then a batch of random models
# from the fuzzer's generator (those that lower) are counted by both.
#
# usage: scripts/minizinc-compare.sh [RANDOM_MODELS (default 200)] [SEED]
# needs: minizinc and fzn-gecode (apt-get install minizinc flatzinc, as
#        bench/peers/install.sh does).
set -uo pipefail
cd "$(dirname "$0")/.."
command -v minizinc >/dev/null || { echo "minizinc is not installed" >&2; exit 2; }
cargo build -q --release && cargo build -q -p solve-fuzz || exit 2
SOLVE=target/release/solve
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
agree=0; disagree=0; skipped=0

compare() {  # compare NAME SPEC [--set ...]: solution counts, symmetry breaking off
  local name=$1 spec=$2; shift 2
  local ours theirs out
  if grep -q '^\[puzzle\]' "$spec"; then
    # A puzzle of moves: its solutions are its positions (`solve --count`
    # would count shortest solutions of the puzzle).
    ours=$("$SOLVE" analyze "$spec" "$@" 2>/dev/null | sed -n 's/^positions //p')
  else
    ours=$("$SOLVE" --count --no-objective --no-symmetry "$spec" "$@" 2>/dev/null | head -1)
  fi
  "$SOLVE" export --minizinc --no-objective --no-symmetry "$spec" "$@" > "$TMP/m.mzn"
  out=$(timeout 120 minizinc --solver gecode -a "$TMP/m.mzn" 2>&1)
  if grep -q '=====ERROR=====' <<<"$out"; then
    # Beyond what the peer takes (Gecode's integers are 32-bit): not a comparison.
    skipped=$((skipped+1)); echo "skipped $name: minizinc+gecode reports an error"; return 0
  fi
  if grep -q '=====UNSATISFIABLE=====' <<<"$out"; then theirs=0; else theirs=$(grep -c '^----------$' <<<"$out"); fi
  if [ "$ours" = "$theirs" ]; then
    agree=$((agree+1)); [ -n "${VERBOSE:-}" ] && echo "ok $name: $ours"
  else
    disagree=$((disagree+1)); echo "DISAGREE $name: solve $ours, minizinc+gecode $theirs ($spec $*)"
    [ -n "${KEEP:-}" ] && cp "$spec" "$KEEP/"
  fi
  return 0
}

optimum() {  # optimum NAME SPEC [--set ...]
  local name=$1 spec=$2; shift 2
  "$SOLVE" export --minizinc "$spec" "$@" > "$TMP/o.mzn"
  local ours theirs
  ours=$("$SOLVE" "$spec" "$@" | sed -n 's/^optimal: //p')
  theirs=$(timeout 300 minizinc --solver gecode "$TMP/o.mzn" 2>/dev/null | sed -n 's/^objective \([-0-9]*\).*/\1/p' | tail -1)
  if [ "$ours" = "$theirs" ]; then agree=$((agree+1)); echo "ok $name: optimum $ours";
  else disagree=$((disagree+1)); echo "DISAGREE $name: optimum solve $ours, minizinc+gecode $theirs"; fi
  return 0
}

VERBOSE=1
compare queens-6 specs/queens.toml --set n=6
compare queens-8 specs/queens.toml
compare magic9 specs/magic9.toml
compare magic8 specs/magic8.toml
compare magic8-primes specs/magic8-primes.toml
compare magic-3 specs/magic.toml --set n=3
compare moo-h2 specs/moo.toml --set 'history=[[0,1,2,3,0,2],[1,2,4,5,0,3]]'
compare dominating-queens-4 specs/dominating-queens.toml --set n=4
compare higher-lower specs/higher-lower.toml
compare flipit-8-positions specs/flipit.toml --set n=8
compare water-jugs-positions specs/water-jugs.toml
compare eight-puzzle-positions specs/eight-puzzle.toml
compare nonogram specs/nonogram.toml
compare nonogram-permutations specs/nonogram.toml --set "rows=[[1],[1],[1],[1],[1]]" --set "columns=[[1],[1],[1],[1],[1]]"
optimum dominating-queens-6 specs/dominating-queens.toml --set n=6
echo "shipped specs: $agree agree, $disagree disagree"
VERBOSE=${QUIET:+}

models=${1:-200}
target/debug/solve-fuzz --emit "$models" "${2:-1}" "$TMP/random" >/dev/null
for spec in "$TMP"/random/*.toml; do
  compare "$(basename "$spec")" "$spec"
done
echo "in all: $agree agree, $disagree disagree, $skipped skipped (random models: $models)"
[ "$disagree" = 0 ]
