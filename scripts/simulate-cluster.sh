#!/usr/bin/env bash
# Past this machine, by measurement and simulation: solve every part of a
# search alone (`solve FILE --part K/N --json`, one thread each, two at a
# time with GNU parallel), record each part's time, and simulate a queue of
# those parts on W workers (each takes the next part when free). Prints the
# count (merged), the sum of the part times, and for each W the finishing
# time and two efficiencies: the sequential time (the whole search solved
# once with -j 1, alone, timed first) / (W x finishing time), which counts
# what cutting costs (every process reads the spec and computes the split),
# and the sum of part times / (W x finishing time), the queue's balance alone.
#
# usage: scripts/simulate-cluster.sh [PARTS] -- SPEC [solve flags...]
#   e.g. scripts/simulate-cluster.sh 1024 -- specs/queens.toml --set n=16 --no-symmetry --count
# env:   WORKERS (default "8 64 256"), JOBS (parallel processes here, default 1: two at a time
#        on two cores slow each other down, which the sequential run alone would not show),
#        SEQUENTIAL (seconds of the sequential run, measured if not given),
#        SOLVE (the binary to time; default: target/release/solve, built first)
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
PARTS=${1:?usage: simulate-cluster.sh PARTS -- SPEC [flags]}
shift
[ "${1:-}" = "--" ] && shift
if [ -z "${SOLVE:-}" ]; then
  SOLVE=$REPO/target/release/solve
  (cd "$REPO" && cargo build --release -q)
fi
OUT=$(mktemp -d)
cd "$REPO"
if [ -z "${SEQUENTIAL:-}" ]; then
  start=$(date +%s.%N)
  echo "sequential: $("$SOLVE" "$@" -j 1)"
  SEQUENTIAL=$(python3 -c "print(round($(date +%s.%N) - $start, 2))")
fi
echo "sequential time: $SEQUENTIAL s"
seq 0 $((PARTS - 1)) | parallel --will-cite -j "${JOBS:-1}" \
  "$SOLVE $* -j 1 --part {}/$PARTS --json > $OUT/part-{}.json"
echo "merged: $("$SOLVE" merge "$OUT"/part-*.json)"
python3 - "$OUT" "${WORKERS:-8 64 256}" "$SEQUENTIAL" <<'PY'
import glob, heapq, json, sys
out, workers, sequential = sys.argv[1], [int(w) for w in sys.argv[2].split()], float(sys.argv[3])
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
    print("%4d workers: finishing time %.2f s, efficiency %.1f%% (sequential / (W x finish)), %.1f%% (sum / (W x finish))"
          % (w, finish, 100 * sequential / (w * finish), 100 * total / (w * finish)))
PY
rm -rf "$OUT"
