#!/usr/bin/env bash
# Differential test at scale: random small models over the whole expression
# language (tests/differential.rs), each counted by `solve --count` with the
# default search and 4 random combinations of --var/--value/--consistency/
# --restart/--seed/--order, against a brute-force count computed in the test.
# Each model is also dumped (--dump-model) and the dump counted back.
# Prints one line: models, solver runs, dumps, disagreements (and the seed).
#
# usage: scripts/differential.sh [MODELS (default 20000)] [SEED (default: the time)]
# env:   DIFFERENTIAL_THREADS (default: all cores), DIFFERENTIAL_FIRST (index of
#        the first model: with the printed seed, reproduces one model),
#        DIFFERENTIAL_PRINT=1 (print every spec).
set -euo pipefail
cd "$(dirname "$0")/.."
export DIFFERENTIAL_MODELS="${1:-${DIFFERENTIAL_MODELS:-20000}}"
export DIFFERENTIAL_SEED="${2:-${DIFFERENTIAL_SEED:-$(date +%s)}}"
echo "differential: $DIFFERENTIAL_MODELS models, DIFFERENTIAL_SEED=$DIFFERENTIAL_SEED" >&2
exec cargo test --release --test integration differential -- --nocapture
