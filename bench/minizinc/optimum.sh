#!/usr/bin/env bash
# Solves a MiniZinc optimisation model the way the peers' runners report:
# `ANSWER: optimal: N` once the search proved it (MiniZinc's `==========`),
# N from the model's last `optimal: N` line. usage: optimum.sh SOLVER MODEL.mzn [minizinc args]
set -o pipefail
export MZN_SOLVER_PATH=${MZN_SOLVER_PATH:-${PEERS_DIR:?}/minizinc}
solver=$1 model=$2; shift 2
out=$(minizinc --solver "$solver" "$@" "$model" 2>/dev/null) || { echo "ANSWER: ERROR minizinc"; exit 1; }
best=$(printf '%s\n' "$out" | grep '^optimal: ' | tail -1)
if printf '%s\n' "$out" | grep -q '^==========$'; then echo "ANSWER: $best"; else echo "ANSWER: not proved ($best)"; fi
