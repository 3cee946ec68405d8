#!/usr/bin/env bash
# Past this machine, by measurement and simulation: solve every part of a
# search alone (`solve FILE --part K/N --json`, one thread each, two at a
# time with GNU parallel), record each part's time, and simulate a queue of
# those parts on W workers (each takes the next part when free). Prints the
# count (merged), the sum of the part times, and for each W the finishing
# time and the efficiency: sum of part times / (W x finishing time).
#
# usage: scripts/simulate-cluster.sh [PARTS] -- SPEC [solve flags...]
#   e.g. scripts/simulate-cluster.sh 1024 -- specs/queens.toml --set n=16 --no-symmetry --count
# env:   WORKERS (default "8 64 256"), JOBS (parallel processes here, default 2)
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
PARTS=${1:?usage: simulate-cluster.sh PARTS -- SPEC [flags]}
shift
[ "${1:-}" = "--" ] && shift
SOLVE=$REPO/target/release/solve
(cd "$REPO" && cargo build --release -q)
OUT=$(mktemp -d)
cd "$REPO"
seq 0 $((PARTS - 1)) | parallel --will-cite -j "${JOBS:-2}" \
  "$SOLVE $* -j 1 --part {}/$PARTS --json > $OUT/part-{}.json"
echo "merged: $("$SOLVE" merge "$OUT"/part-*.json)"
python3 - "$OUT" "${WORKERS:-8 64 256}" <<'PY'
import glob, heapq, json, sys
out, workers = sys.argv[1], [int(w) for w in sys.argv[2].split()]
parts = sorted((json.loads(open(f).read()) for f in glob.glob(out + "/part-*.json")),
               key=lambda p: p["part"])
times = [p["time"] for p in parts]
total = sum(times)
print("parts: %d, sum of part times: %.1f s, largest part: %.2f s (%.2f%%)"
      % (len(times), total, max(times), 100 * max(times) / total))
for w in workers:
    free = [0.0] * w           # when each worker is next free
    heapq.heapify(free)
    for t in times:            # the queue hands the parts out in order
        heapq.heappush(free, heapq.heappop(free) + t)
    finish = max(free)
    print("%4d workers: finishing time %.2f s, efficiency %.1f%%" % (w, finish, 100 * total / (w * finish)))
PY
rm -rf "$OUT"
