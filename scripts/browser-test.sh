#!/usr/bin/env bash
# The playground's browser test: installs Debian's Chromium and the npm
# package playwright-core when they are missing, serves the page with
# `solve playground`, and runs web/test/browser.mjs against it in headless
# Chromium. Screenshots are left in web/test/screenshots/.
# usage: scripts/browser-test.sh   (SOLVE=path/to/solve to serve with
#        that binary instead of building the release one)
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
cd "$REPO"
if ! command -v chromium >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi
(cd web/test && npm ci --no-audit --no-fund --silent)
# SOLVE: a solve binary already built (CI passes the test build's);
# else the release build.
if [ -z "${SOLVE:-}" ]; then
  cargo build --release -q
  SOLVE=target/release/solve
fi
LOG=$(mktemp)
"$SOLVE" playground --port 0 > "$LOG" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; rm -f "$LOG"' EXIT
for _ in $(seq 50); do grep -q http "$LOG" && break; sleep 0.1; done
URL=$(grep -o 'http://[^ ]*' "$LOG")
# The test asks the same binary for `solve candidates` to compare with.
SOLVE="$SOLVE" node web/test/browser.mjs "$URL"
# The same count natively, for the ratio (the page's figure is the search's
# own time, without loading; so is this one, from --stats).
echo "     queens n=12 count natively ($SOLVE): $("$SOLVE" specs/queens.toml --set n=12 --no-symmetry --count -j 1 --stats 2>&1 | grep -o 'time: [0-9.]* s')"
