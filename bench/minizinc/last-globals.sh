#!/usr/bin/env bash
# Issue 50's last globals measured: each model of bench/minizinc/globals/
# flattened for `solve` with its library as shipped (the global native)
# and with the global's fzn_ file removed (MiniZinc 2.6.4's std
# decomposition), and for Gecode with its own library
# (org.peers.gecode-fixed); each run (with the flags its `% run:` line
# gives) once for its statistics (nodes, or
# Gecode's), then timed (hyperfine means of the solver alone on the
# flattened model, start-up included).
# usage: bench/minizinc/last-globals.sh [SOLVE_BINARY] (from the repository)
set -euo pipefail
solve=$(realpath "${1:-target/release/solve}")
peers=${PEERS_DIR:-/work/shared/peers}/minizinc
here=$(dirname "$0")/globals
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$solve" fzn --install "$work/native" >/dev/null
cp -r "$work/native" "$work/std"
for model in "$here"/*.mzn; do
    name=$(basename "$model" .mzn)
    # The model's first line names the library files that make its global
    # native (none: std's decomposition either way).
    files=$(head -1 "$model" | grep -o "fzn_[a-z_0-9]*\.mzn" || true)
    for f in $files; do rm -f "$work/std/solve/mznlib/$f"; done
    # `% run: -a` in the model: every solution (or every better one).
    flags=$(sed -n 's/^% run: //p' "$model")
    MZN_SOLVER_PATH="$work/native" minizinc -c --solver org.solve.solve "$model" -o "$work/$name-native.fzn" --no-output-ozn
    MZN_SOLVER_PATH="$work/std" minizinc -c --solver org.solve.solve "$model" -o "$work/$name-std.fzn" --no-output-ozn
    MZN_SOLVER_PATH="$peers" minizinc -c --solver org.peers.gecode-fixed "$model" -o "$work/$name-gecode.fzn" --no-output-ozn
    cp "$work/native/solve/mznlib/"* "$work/std/solve/mznlib/"
    echo "== $name: constraints in the FlatZinc (native / std / Gecode's):" \
        "$(grep -c '^constraint' "$work/$name-native.fzn")" \
        "$(grep -c '^constraint' "$work/$name-std.fzn")" \
        "$(grep -c '^constraint' "$work/$name-gecode.fzn")"
    for side in native std; do
        echo "-- solve, $side: $("$solve" fzn $flags -s "$work/$name-$side.fzn" | grep -E 'nodes|solutions|failures' | tr '\n' ' ')"
    done
    echo "-- gecode: $(fzn-gecode $flags -s "$work/$name-gecode.fzn" | grep -E 'nodes|solutions|failures' | tr '\n' ' ')"
    hyperfine -N -w 1 -r "${RUNS:-5}" --export-markdown "$work/$name.md" \
        -n "solve native" "$solve fzn $flags $work/$name-native.fzn" \
        -n "solve std" "$solve fzn $flags $work/$name-std.fzn" \
        -n "gecode" "fzn-gecode $flags $work/$name-gecode.fzn" >/dev/null
    cat "$work/$name.md"
done
