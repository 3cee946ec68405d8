#!/usr/bin/env bash
# Rebuilds the playground's page for `solve playground` and any static host:
# the WebAssembly module (web/wasm, for wasm32-unknown-unknown) into
# web/page/solve.wasm, the editor (web/editor: CodeMirror and its npm
# packages, bundled by esbuild) into web/page/editor.js, the shipped specs
# into web/page/examples.js, and
# web/page/inputs.txt, the fingerprint of what they were built from
# (tests/playground.rs fails when it no longer matches: rerun this script).
# The built files are kept in the repository, so that a plain
# `cargo build` makes a binary that serves the whole page on a machine
# with no wasm target or tooling.
#
# usage: scripts/build-playground.sh [OUT]   (OUT: also copy the page there,
#        a folder to put on a static host)
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
cd "$REPO"
rustup target list --installed | grep -qx wasm32-unknown-unknown ||
  rustup target add wasm32-unknown-unknown
# RUSTFLAGS would replace .cargo/config.toml's (the module's stack size).
unset RUSTFLAGS CARGO_ENCODED_RUSTFLAGS
cargo build -q -p solve-web --release --target wasm32-unknown-unknown
cp target/wasm32-unknown-unknown/release/solve_web.wasm web/page/solve.wasm
(cd web/editor && npm ci --no-audit --no-fund --silent &&
  npx esbuild editor.js --bundle --format=esm --minify --legal-comments=eof \
    --log-level=warning --outfile=../page/editor.js)
python3 - <<'PY'
import json, pathlib
specs = {p.stem: p.read_text() for p in sorted(pathlib.Path("specs").glob("*.toml"))}
pathlib.Path("web/page/examples.js").write_text(
    "// The shipped specs (specs/*.toml), written by scripts/build-playground.sh.\n"
    "export const EXAMPLES = " + json.dumps(specs, indent=1, sort_keys=True) + ";\n")
PY
python3 scripts/playground-inputs.py > web/page/inputs.txt
echo "built web/page: $(du -h web/page/solve.wasm | cut -f1) of WebAssembly, $(head -1 web/page/inputs.txt)"
if [ -n "${1:-}" ]; then
  mkdir -p "$1"
  cp web/page/*.html web/page/*.js web/page/*.css web/page/solve.wasm "$1"/
  echo "copied the page to $1 (serve it with Content-Type application/wasm for .wasm)"
fi
