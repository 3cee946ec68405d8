#!/usr/bin/env bash
# Counts the solutions of a MiniZinc model the way the peers' runners report
# them: `ANSWER: count=N`. usage: count.sh SOLVER MODEL.mzn [minizinc args]
# The peers' solver configurations (gecode-native) are found in
# $PEERS_DIR/minizinc, as bench/run.sh exports it.
set -o pipefail
export MZN_SOLVER_PATH=${MZN_SOLVER_PATH:-${PEERS_DIR:?}/minizinc}
solver=$1 model=$2; shift 2
n=$(minizinc --solver "$solver" -a "$@" "$model" 2>/dev/null | grep -c '^----------$') || [ "$n" = 0 ] || exit 1
echo "ANSWER: count=$n"
